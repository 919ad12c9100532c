"""The command line in French: ``--lang fr``, or a French environment.

Help, headings and error lines change language; results files never do, and
players are counted from 1 wherever a person reads them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from xochintlan_hex.cli import build_parser, main
from xochintlan_hex.i18n import use_language
from xochintlan_hex.report_text import label_text, note_text
from xochintlan_hex.stats import Label, Note


def xochintlan_hex(*argv: str, cwd: Path, **environment: str) -> subprocess.CompletedProcess:
    """The command as a user runs it, in a fresh process with these environment variables."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-m", "xochintlan_hex.cli", *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_lang_fr_prints_the_help_in_french(tmp_path):
    done = xochintlan_hex("--lang", "fr", "simulate", "xochintlan", "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage\u00a0: xochintlan-hex simulate xochintlan")
    help_text = re.sub(r"\s+", " ", done.stdout, flags=re.ASCII)  # a no-break space stays
    assert "Jouer une étude de Xochintlan, une ligne par partie." in help_text
    assert "--players P,P,... un joueur par place, le premier joueur en premier" in help_text
    assert "afficher cette aide et quitter" in help_text
    assert "règles (par défaut\u00a0: celles du jeu d'origine)" in help_text


def test_lang_fr_prints_a_french_error_line(tmp_path):
    done = xochintlan_hex("--lang", "fr", "simulate", "xochintlan", "--games", "dix", "--out", "x.csv", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "xochintlan-hex\u00a0: erreur\u00a0: argument --games\u00a0: un nombre entier est attendu, pas 'dix' "
        "(voir xochintlan-hex simulate xochintlan --help)\n"
    )
    missing = xochintlan_hex("--lang", "fr", "simulate", "xochintlan", "--games", "3", cwd=tmp_path)
    assert missing.stderr.startswith("xochintlan-hex\u00a0: erreur\u00a0: ces arguments sont obligatoires\u00a0: --out")


def test_the_default_language_follows_the_environment(tmp_path):
    french = xochintlan_hex("count", "--max-n", "zero", cwd=tmp_path, LANG="fr_CA.UTF-8")
    assert french.stderr.startswith(
        "xochintlan-hex\u00a0: erreur\u00a0: argument --max-n\u00a0: un nombre entier est attendu"
    )
    english = xochintlan_hex("count", "--max-n", "zero", cwd=tmp_path, LANG="C.UTF-8")
    assert english.stderr.startswith("xochintlan-hex: error: argument --max-n: expected an integer")
    chosen = xochintlan_hex("--lang", "en", "count", "--max-n", "zero", cwd=tmp_path, LANG="fr_FR.UTF-8")
    assert chosen.stderr.startswith("xochintlan-hex: error:")


def test_an_unknown_language_is_refused_naming_the_choices(capsys):
    assert main(["--lang", "de", "count"]) == 2
    assert "argument --lang: invalid choice: 'de' (choose from 'en', 'fr')" in capsys.readouterr().err


def test_the_help_counts_players_from_one():
    with use_language("en"):
        help_text = " ".join(
            build_parser()
            ._subparsers._group_actions[0]
            .choices["simulate"]  # type: ignore[union-attr]
            ._subparsers._group_actions[0]
            .choices["xochintlan"]
            .format_help()
            .split()
        )
    assert "seat 0" not in help_text
    assert "one player per seat, the first player first" in help_text


def test_the_report_counts_players_from_one_and_the_results_stay_the_same(tmp_path, capsys):
    out = tmp_path / "study.csv"
    assert main(["simulate", "xochintlan", "--games", "12", "--players", "greedy,random", "--out", str(out), "-q"]) == 0
    english = pd.read_csv(out)
    assert (
        main(
            [
                "--lang",
                "fr",
                "simulate",
                "xochintlan",
                "--games",
                "12",
                "--players",
                "greedy,random",
                "--out",
                str(tmp_path / "etude.csv"),
                "-q",
            ]
        )
        == 0
    )
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "etude.csv"), english)
    assert sorted(english["winner"].dropna().unique()) in ([0], [1], [0, 1])  # the data keep seats from 0
    capsys.readouterr()
    assert main(["--lang", "fr", "report", str(out)]) == 0
    report = capsys.readouterr().out
    assert "Taux de victoire par joueur (le joueur 1 commence)" in report
    assert "joueur 1 sur 2" in report and "joueur 2 sur 2" in report and "seat" not in report
    assert "Lézard" in report and "Oiseau" in report and "Singe" in report
    assert main(["report", str(out)]) == 0
    assert "player 1 of 2" in capsys.readouterr().out


@pytest.mark.parametrize(
    "label, english, french",
    [
        (Label("seat", {"seat": 0, "players": 3}), "player 1 of 3", "joueur 1 sur 3"),
        (Label("players", {"players": 1}), "1 player", "1 joueur"),
        (Label("outcome", {"outcome": "turn_limit"}), "turn limit", "limite de tours"),
        (Label("mirror_pair", {"card": "F", "mirror": "F'"}), "F vs F'", "F contre F'"),
        (Label("all_mirror_pairs"), "all mirror pairs", "toutes les paires miroir"),
        (
            Label("apart", {"family": "seats", "difference": 0.05}),
            "two players 0.05 apart",
            "deux joueurs à 0,05 d'écart",
        ),
        (Label("rating", {"rating": "wanderer"}), "Wanderer", "Promeneur"),
        (Label("objective", {"objective": "all_symbols"}), "all symbols", "tous les symboles"),
        (Label("quest", {"quest": "monfrague"}), "Monfragüe", "Monfragüe"),
    ],
)
def test_report_labels_are_read_in_each_language(label, english, french):
    with use_language("en"):
        assert label_text(label) == english
    with use_language("fr"):
        assert label_text(label) == french


@pytest.mark.parametrize(
    "note, english, french",
    [
        (Note("verdict", {"verdict": "ok"}), "consistent with symmetry", "compatible avec la symétrie"),
        (Note("correction", {"method": "holm", "differs": True}), "Holm: differs", "Holm\u00a0: diffère"),
        (Note("correction", {"method": "holm", "differs": False}), "Holm", "Holm"),
        (Note("power", {"level": 0.05, "power": 0.8}), "5% level, 80% power", "seuil 5\u202f%, puissance 80\u202f%"),
    ],
)
def test_report_notes_are_read_in_each_language(note, english, french):
    with use_language("en"):
        assert note_text(note) == english
    with use_language("fr"):
        assert note_text(note) == french
