"""The command line inside a shell pipeline."""

import subprocess
import sys


def test_a_reader_that_stops_early_gets_no_error_message(tmp_path):
    # `xochintlan-hex count ... | head -1`: head closes the pipe after one line.
    command = [sys.executable, "-m", "xochintlan_hex.cli", "count", "--lattice", "square", "--max-n", "12"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, bufsize=0) as process:
        process.stdout.read(5)
        process.stdout.close()
        status = process.wait(timeout=120)
        errors = process.stderr.read().decode()
    assert status == 0 and errors == "", errors
