"""The engines in French: the words a person reads change, the games and the data never do.

French is the language of the original Xochintlan rules: Homme, Lézard, Oiseau,
Singe. In French the notation writes the Bird O and the Monkey S; the parser
reads both alphabets in any language, and records keep the language-neutral
letters H L B M.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from xochintlan_hex import set_language, use_language
from xochintlan_hex.errors import BoardError, IllegalAction, RecordError
from xochintlan_hex.hextremadura import Hextremadura, Objective, quest_name, rating_name
from xochintlan_hex.studies import hextremadura_study, xochintlan_study
from xochintlan_hex.xochintlan import (
    MoveHuman,
    Place,
    Redraw,
    Rules,
    Swap,
    Switch,
    Xochintlan,
    board_from_text,
    board_to_text,
    kind_name,
    parse_action,
)

FRENCH_PO = (
    Path(__file__).resolve().parents[1] / "xochintlan_hex" / "locale" / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language(None)


ACTIONS = [
    Place("L", (1, 0)),
    Place("B", (0, 1)),
    Place("M", (-1, 0)),
    MoveHuman((1, 1)),
    Switch((1, 0), "B"),
    Switch((0, 1), "M"),
    Swap((1, 0), (-1, 0)),
    Redraw(0),
]


def test_the_tiles_are_named_as_in_the_french_rules():
    with use_language("fr"):
        assert [kind_name(k) for k in "HLBM"] == ["Homme", "Lézard", "Oiseau", "Singe"]
        assert [kind_name(k, 2) for k in "HLBM"] == ["Hommes", "Lézards", "Oiseaux", "Singes"]
    assert [kind_name(k) for k in "HLBM"] == ["Human", "Lizard", "Bird", "Monkey"]


def test_french_notation_writes_o_and_s():
    with use_language("fr"):
        written = [action.notation() for action in ACTIONS]
    assert written == ["L(1,0)", "O(0,1)", "S(-1,0)", "H(1,1)", "(1,0)=O", "(0,1)=S", "(-1,0)<>(1,0)", "R0"]
    assert [action.notation() for action in ACTIONS] == [str(action) for action in ACTIONS]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_notation_round_trips_in_each_language(language):
    with use_language(language):
        for action in ACTIONS:
            assert parse_action(action.notation()) == action
            assert parse_action(action.notation(language)) == action


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    "text, action",
    [
        ("B(1,0)", Place("B", (1, 0))),
        ("O(1,0)", Place("B", (1, 0))),
        ("o (1, 0)", Place("B", (1, 0))),
        ("M(1,0)", Place("M", (1, 0))),
        ("S(1,0)", Place("M", (1, 0))),
        ("s(1,0)", Place("M", (1, 0))),
        ("(1,0)=B", Switch((1, 0), "B")),
        ("(1,0)=O", Switch((1, 0), "B")),
        ("(1,0)=M", Switch((1, 0), "M")),
        ("(1,0)=S", Switch((1, 0), "M")),
        ("L(2,0)", Place("L", (2, 0))),
        ("H(0,1)", MoveHuman((0, 1))),
    ],
)
def test_either_alphabet_is_read_in_either_language(language, text, action):
    with use_language(language):
        assert parse_action(text) == action


def test_a_switch_to_the_human_is_refused_in_both_alphabets():
    for text in ("(1,0)=H", "(1,0)=X"):
        with pytest.raises(IllegalAction):
            parse_action(text)


def _played(seed: int = 5, moves: int = 30) -> Xochintlan:
    game = Xochintlan(players=3, seed=seed, rules=Rules(allow_redraw=True))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.random_action(rng))
    return game


def test_a_record_is_the_same_in_french_and_replays_in_either_language():
    game = _played()
    english = game.to_json()
    with use_language("fr"):
        assert game.to_json() == english
        assert Xochintlan.from_json(english).history == game.history
    assert all(set(a) <= set("LBMH()=<>,-R0123456789") for a in json.loads(english)["actions"])


def test_an_english_record_with_birds_and_monkeys_replays_in_french():
    record = Xochintlan(seed=1, cards=["I", "X"])
    for action in ["B(1,0)", "M(0,1)", "(1,0)=M"]:
        record.play(action)
    with use_language("fr"):
        replayed = Xochintlan.from_json(record.to_json())
        assert replayed.board == record.board
        assert replayed.text() == "HS\nS."


def test_a_record_written_with_french_letters_replays():
    game = Xochintlan(seed=1, cards=["I", "X"])
    record = json.loads(game.to_json())
    record["actions"] = ["O(1,0)", "S(0,1)", "(1,0)=S"]
    record.pop("result")
    replayed = Xochintlan.from_json(json.dumps(record))
    assert replayed.board == {(0, 0): "H", (1, 0): "M", (0, 1): "M"}


def test_studies_give_the_same_rows_in_french():
    for study in (xochintlan_study(6, "greedy,random", seed=3), hextremadura_study(2, "random", seed=3)):
        english = study.to_frame(study.play_chunk(range(study.games), *study.args))
        with use_language("fr"):
            french = study.to_frame(study.play_chunk(range(study.games), *study.args))
        assert english.equals(french), study.game


def test_the_board_diagram_uses_the_french_letters_and_reads_both():
    board = {(0, 0): "H", (1, 0): "B", (0, 1): "M", (-1, 0): "L"}
    with use_language("fr"):
        text = board_to_text(board)
        assert text == "LHO\n.S."
        assert board_from_text(text) == board
        assert board_from_text("LHB\n.M.") == board
    assert board_to_text(board) == "LHB\n.M."


def test_refusals_are_french():
    game = Xochintlan(seed=0, cards=["I", "X"])
    game.play("O(1,0)")
    with use_language("fr"):
        assert game.why_illegal("S(1,0)") == "la case (1, 0) n'est pas libre\u00a0: il y a un Oiseau"
        assert (
            game.why_illegal("H(5,5)") == "la case (5, 5) ne touche plus aucune pièce une fois l'Homme parti de (0, 0)"
        )
        assert game.why_illegal("(0,0)=L") == "l'Homme ne peut jamais être remplacé"
        assert game.why_illegal("(1,0)=S") == "la pièce en (1, 0) vient d'être jouée par le joueur précédent"
        with pytest.raises(
            IllegalAction, match="impossible de lire 'Q\\(1,2\\)'\u00a0: écrivez L\\(1,2\\), O\\(1,2\\) ou S"
        ):
            game.play("Q(1,2)")
        assert game.status() == "tour 1, au joueur 2 de jouer\u00a0; réserve L 8 O 7 S 8"
        assert str(game) == "HO\ntour 1, au joueur 2 de jouer\u00a0; réserve L 8 O 7 S 8"
        assert repr(game).endswith("turn 1, player 2 to play; reserve L 8 B 7 M 8>")
    assert game.why_illegal("M(1,0)") == "(1, 0) is not empty: it holds a Bird"


def test_the_end_of_a_game_is_told_in_french():
    game = Xochintlan(players=2, seed=3, cards=["I", "X"])
    for action in ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)", "L(4,0)"]:
        game.play(action)
    with use_language("fr"):
        assert game.end_text() == "le joueur 1 a gagné avec la carte I et les Lézards"
        assert Place("B", (1, 0)).describe() == "poser un Oiseau en (1, 0)"


def test_board_and_record_errors_are_french():
    with use_language("fr"):
        with pytest.raises(BoardError, match="texte\u00a0: 'X' à la ligne 1, colonne 2\u00a0; écrivez H, L, O, S"):
            board_from_text("HX")
        with pytest.raises(RecordError, match="partie enregistrée\u00a0: champ\\(s\\) manquant\\(s\\)"):
            Xochintlan.from_json('{"game": "xochintlan", "version": 1}')


def test_hextremadura_names_are_french_and_its_data_are_not():
    game = Hextremadura(seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.play(game.random_action(rng))
    outcome = game.outcome()
    with use_language("fr"):
        assert game.outcome() == outcome
        assert game.to_json() == Hextremadura.from_json(game.to_json()).to_json()
        assert [rating_name(band) for band in ("wanderer", "explorer", "naturalist", "guide", "star")] == [
            "Promeneur",
            "Explorateur",
            "Naturaliste",
            "Guide",
            "Étoile",
        ]
        assert quest_name("monfrague") == "Monfragüe"
        assert Objective("three_separate", terrain="water", symbol="stork").describe() == (
            "trois régions d'eau distinctes, chacune avec une cigogne"
        )
        assert Objective("adjacent_pair", symbol_a="acorn", symbol_b="monument").describe() == (
            "deux régions voisines, l'une avec un gland, l'autre avec un monument"
        )
        assert game.why_illegal("T1@(0,0)r0f") == "la partie est finie\u00a0: plus aucune tuile ne peut être jouée"
    assert outcome["rating"] in ("wanderer", "explorer", "naturalist", "guide", "star")


# Words French writes as English does: names of places, and a few shared words.
SAME_IN_FRENCH = {
    # French words spelt as the English ones (the lessons' table headings)
    "polyhexes",
    "orientations",
    "placements",
    "type",
    "total",
    "verdict",
    "max",
    "Guide",
    "monument",
    "Monfragüe",
    "Garganta de los Infiernos",
    "Los Barruecos",
    "options",
    "Score",
    "branches",
    "min",
    "n",  # the report's columns: games behind an estimate, and the p-value (notation)
    "p",
}
# The class pages' words French writes as English does.
SAME_IN_FRENCH |= {"Face", "Rotation", "Code", "Hextremadura (solo)"}
# The polyforms' names French shares with English (monomino, domino, and the polyhexes in the plural).
SAME_IN_FRENCH |= {
    "monomino",
    "domino",
    "tromino",
    "pentomino",
    "hexomino",
    "heptomino",
    "octomino",
    "monohex",
    "dihex",
    "trihex",
    "pentahex",
    "hexahex",
    "heptahex",
    "octahex",
    "monohexes",
    "dihexes",
    "trihexes",
    "pentahexes",
    "hexahexes",
    "heptahexes",
    "octahexes",
}


def has_words(message: str) -> bool:
    """Whether a message holds a word besides its placeholders ("{tile} {face}" holds none)."""
    return any(character.isalpha() for character in re.sub(r"\{[^}]*\}", "", message))


def test_no_french_entry_is_left_in_english():
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    copied = [
        m.id
        for m in catalog
        if isinstance(m.id, str) and m.id and m.string == m.id and m.id not in SAME_IN_FRENCH and has_words(m.id)
    ]
    copied += [
        m.id for m in catalog if isinstance(m.id, tuple) and m.string[0] == m.id[0] and m.id[0] not in SAME_IN_FRENCH
    ]
    assert not copied, f"French entries that only copy the English: {copied}"


@pytest.mark.parametrize("typed, meant", [("0(1,0)", "O(1,0)"), ("(1,0)=0", "(1,0)=O")])
def test_a_zero_typed_for_the_bird_gets_a_hint(typed, meant):
    with use_language("fr"), pytest.raises(IllegalAction) as refused:
        parse_action(typed)
    assert f"un zéro n'est pas une lettre\u00a0: l'Oiseau s'écrit O, comme dans '{meant}'" in str(refused.value)


def test_an_unreadable_action_without_a_zero_gets_no_zero_hint():
    with use_language("fr"), pytest.raises(IllegalAction) as refused:
        parse_action("(1,0)=Q")
    assert "zéro" not in str(refused.value)


def test_engine_messages_put_no_english_word_in_a_french_sentence():
    from xochintlan_hex import Hextremadura
    from xochintlan_hex.players import get_player

    with use_language("fr"):
        with pytest.raises(ValueError) as unknown_card:
            Xochintlan(players=2, cards=[["Q"], ["X"]])
        with pytest.raises(ValueError) as unknown_player:
            get_player("tricheur")
        game = Hextremadura(seed=3)
        placement = str(game.legal_actions()[0])
        other_face = game.why_illegal(placement[:-1] + ("b" if placement.endswith("f") else "f"))
    assert str(unknown_card.value).startswith(
        "cards (joueur d'indice 0)\u00a0: nom de carte inconnu 'Q' sur le réseau carré\u00a0;"
    )
    assert str(unknown_player.value).startswith("joueur de Xochintlan inconnu\u00a0: 'tricheur'")
    assert other_face.startswith("la face verso ('back') n'est pas permise") or other_face.startswith(
        "la face recto ('front') n'est pas permise"
    )


def test_french_sentences_agree_with_their_words():
    from xochintlan_hex.i18n import _, ngettext
    from xochintlan_hex.widgets import PuzzleApp, XochintlanApp

    app = XochintlanApp(players=["human", "human"], seed=1, language="fr")
    assert app.text("xh-status") == "Au tour du joueur 1"
    puzzle = PuzzleApp("6x10", language="fr")
    puzzle.select("X").click((1, 1))
    assert puzzle.text("xh-status") == "Pièces posées\u00a0: 1 sur 12"
    with use_language("fr"):
        assert _("Xochintlan needs 2 to {most} players in all; you chose {count}.").startswith(
            "Xochintlan se joue de 2 à"
        )
        assert _("Preview: {tile} on {cell} completes no tile").endswith("ne complète aucune tuile")
        assert _("{player}'s card: {cards}").startswith("Carte du {player}")
        assert ngettext("{count} piece placed.", "{count} pieces placed.", 1) == "{count} pièce posée."


def test_a_broken_row_rule_is_told_in_french():
    from xochintlan_hex.results import ResultsError, check_frame
    from xochintlan_hex.simulate import simulate_xochintlan

    games = simulate_xochintlan(4, "greedy,random", seed=1, progress=False)
    cells = games.astype(object).where(games.notna(), "").astype(str)
    cells.loc[0, "cards_0"] = "Q"
    with use_language("fr"), pytest.raises(ResultsError) as broken:
        check_frame(cells, "s.csv")
    assert "'Q' n'est pas une carte du paquet" in str(broken.value)
