"""The animals' letters a French user sees: O and S, as the French boards draw them.

French writes the Bird O (Oiseau) and the Monkey S (Singe); the code and every record file
keep the language-neutral letters B and M. What is shown follows the language (a picture's
title names an action as the board beside it draws it); what is stored does not (a record
written in French is the record written in English); and where a message must list the
code's letters (a value given to the engine from Python), each is named, so a French reader
learns that B is the Bird and M the Monkey.
"""

from __future__ import annotations

import json

import pytest

from xochintlan_hex.i18n import use_language
from xochintlan_hex.lessons.words import step_title
from xochintlan_hex.xochintlan import IllegalAction, Place, Switch, Xochintlan, parse_action
from xochintlan_hex.xochintlan.rules import code_letters
from xochintlan_hex.xochintlan.text import _check_letters

MOVES = ["L(1,0)", "B(0,1)", "(1,0)=M", "H(1,1)"]


def test_a_replayed_step_names_its_action_as_the_board_draws_it():
    with use_language("fr"):
        french = [step_title(i + 1, i % 2 + 1, move, [3, 2.5]) for i, move in enumerate(MOVES)]
    english = [step_title(i + 1, i % 2 + 1, move, [3, 2.5]) for i, move in enumerate(MOVES)]
    assert french[1] == "2. joueur 2\u00a0: O(0,1)\ndistances 3 et 2,5"
    assert french[2].startswith("3. joueur 1\u00a0: (1,0)=S\n")
    assert english[1] == "2. player 2: B(0,1)\ndistances 3 and 2.5"
    assert english[2].startswith("3. player 1: (1,0)=M\n")


def test_a_record_written_in_french_keeps_the_code_letters():
    def played(language: str) -> str:
        with use_language(language):
            game = Xochintlan(players=2, seed=3, cards=["I", "X"])
            for move in ["L(1,0)", "O(0,1)", "(1,0)=S"] if language == "fr" else ["L(1,0)", "B(0,1)", "(1,0)=M"]:
                game.play(move)
            return game.to_json()

    french, english = played("fr"), played("en")
    assert french == english and json.loads(french)["actions"] == ["L(1,0)", "B(0,1)", "(1,0)=M"]
    with use_language("fr"):  # read back in French, shown with the French letters
        shown = [action.notation() for action in Xochintlan.from_json(english).history]
    assert shown == ["L(1,0)", "O(0,1)", "(1,0)=S"]
    assert [str(parse_action(move)) for move in shown] == ["L(1,0)", "B(0,1)", "(1,0)=M"]


def test_code_letters_name_each_animal_in_the_language_in_use():
    assert code_letters("LBM") == "L (Lizard), B (Bird), M (Monkey)"
    with use_language("fr"):
        assert code_letters("HLBM") == "H (Homme), L (Lézard), B (Oiseau), M (Singe)"


@pytest.mark.parametrize(
    "make",
    [lambda: Place("O", (1, 0)), lambda: Switch((1, 0), "S"), lambda: _check_letters({(0, 0): "H", (1, 0): "X"})],
    ids=["place", "switch", "board"],
)
def test_a_message_listing_the_code_letters_explains_them_in_french(make):
    with use_language("fr"), pytest.raises(ValueError) as refused:
        make()
    message = str(refused.value)
    assert "B (Oiseau)" in message and "M (Singe)" in message, message
    assert "un animal" not in message  # each letter is named: no need to say they are animals


def test_the_english_message_lists_the_code_letters_with_their_names():
    with pytest.raises(IllegalAction, match=r"kind must be one of L \(Lizard\), B \(Bird\), M \(Monkey\), not 'H'"):
        Place("H", (0, 0))
