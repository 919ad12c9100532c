"""The ``xochintlan-hex`` command's first step: Ctrl-C is caught before the kit is imported.

The installed script imports this small module rather than the kit, because importing
the package ``xochintlan_hex`` itself takes some milliseconds, and a Ctrl-C pressed in
them would end in a ``KeyboardInterrupt`` traceback instead of one line and status 130.
Only the interpreter's own start-up now comes before this module's first line.
"""

from __future__ import annotations

import sys


def launch() -> None:
    """Import the command line and run it, an interruption at any moment being one line."""
    try:
        from xochintlan_hex.cli import launch as run_the_command_line
    except KeyboardInterrupt:
        # The kit's catalog is not loaded yet, so the line cannot be translated.
        print("xochintlan-hex: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    run_the_command_line()
