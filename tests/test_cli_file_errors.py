"""A file the command line cannot read or write: one line naming the path the user gave, in
the language asked for, without Python's English ("[Errno 2] No such file or directory")
or the temporary file a page is first written to."""

from __future__ import annotations

import errno

import pytest

from xochintlan_hex.cli import main
from xochintlan_hex.cli.errors import file_error
from xochintlan_hex.i18n import use_language


def run(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.err


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "xochintlan-hex: error: missing.csv: no such file\n"),
        ("fr", "xochintlan-hex\u00a0: erreur\u00a0: missing.csv\u00a0: aucun fichier de ce nom\n"),
    ],
)
def test_a_missing_results_file_is_named_in_one_line(capsys, tmp_path, monkeypatch, language, expected):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "--lang", language, "report", "missing.csv") == (2, expected)


def test_a_page_for_a_missing_folder_names_the_folder_and_writes_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, said = run(capsys, "--lang", "fr", "print", "cards", "--out", "no-such-folder/cards.pdf")
    assert (status, said) == (2, "xochintlan-hex\u00a0: erreur\u00a0: no-such-folder\u00a0: aucun dossier de ce nom\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("error", "english", "french"),
    [
        (IsADirectoryError(errno.EISDIR, "Is a directory", "out"), "out is a folder, not a file", "out est un dossier"),
        (PermissionError(errno.EACCES, "Permission denied", "a.csv"), "a.csv: permission denied", "accès refusé"),
        (
            NotADirectoryError(errno.ENOTDIR, "Not a directory", "a.csv/b"),
            "a part of this path is a file",
            "un fichier",
        ),
    ],
)
def test_each_kind_of_file_error_is_said_in_the_language_in_use(error, english, french):
    assert english in file_error(error) and "Errno" not in file_error(error)
    with use_language("fr"):
        assert french in file_error(error)
