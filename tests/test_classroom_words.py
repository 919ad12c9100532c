"""What the class screens say, in both languages, written as the apps write it.

A status line, the last move and a seat's label begin with a capital letter, as the apps'
status and last-move lines do ("Last move: …", "Game over: …", "Round 2 …"); a computer
player is named in the screen's language ("glouton" on a French screen), as in the apps.
The views are built without a server, from a session file of the test's own.
"""

from __future__ import annotations

import json
import re

import pytest

from xochintlan_hex.classroom import ClassSession
from xochintlan_hex.classroom.pages import projector_page, student_page, teacher_page
from xochintlan_hex.classroom.session import Refusal
from xochintlan_hex.classroom.views import projector_view, seat_view


@pytest.fixture
def session(tmp_path):
    return ClassSession(str(tmp_path / "class.sqlite"))


def lines(view: dict) -> dict[str, str]:
    """The sentences a screen shows for one table: its status and its last move (when there is one)."""
    return {key: view[key] for key in ("status", "last") if view[key]}


def screens(session: ClassSession, language: str) -> dict[str, dict[str, str]]:
    """Each kind of class screen's sentences, every table state reached by playing."""
    against = session.open_table(game="xochintlan", seats=2, seed=6, computers={1: "greedy"})
    session.join(against.code, 0, "Ana")
    shown = {"start": lines(seat_view(against, 0, language))}
    session.play(against.code, 0, "L(1,0)", 0)
    shown["a student's move"] = lines(seat_view(against, 0, language))
    seat, turn, action = session.computer_choice(against.code)
    session.play(against.code, seat, str(action), turn)
    shown["the computer's move, on the projector"] = lines(projector_view(against, language))
    session.close_table(against.code)
    shown["closed"] = lines(projector_view(against, language))
    solo = session.open_table(game="hextremadura", seed=3)
    session.join(solo.code, 0, "Ben")
    shown["solo, round 1"] = lines(seat_view(solo, 0, language))
    session.play(solo.code, 0, str(solo.game.legal_actions()[0]), 0)
    shown["solo, a tile placed"] = lines(seat_view(solo, 0, language))
    while not solo.game.is_over:
        session.play(solo.code, 0, str(solo.game.legal_actions()[0]), solo.turn)
    shown["solo, over"] = lines(projector_view(solo, language))
    return shown


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_status_and_last_move_line_begins_with_a_capital(session, language):
    shown = screens(session, language)
    small = [f"{where}: {text!r}" for where, said in shown.items() for text in said.values() if not text[0].isupper()]
    assert not small, "\n".join(small)


def test_a_class_screen_says_what_the_apps_say_in_french(session):
    shown = screens(session, "fr")
    assert shown["a student's move"] == {
        "status": "À glouton de jouer",
        "last": "Dernier coup\u00a0: Ana\u00a0: poser un Lézard en (1, 0)",
    }
    assert shown["closed"]["status"] == "Table fermée par l'enseignant"
    assert shown["closed"]["last"].startswith("Dernier coup\u00a0: glouton\u00a0: ")
    assert shown["solo, round 1"]["status"].startswith("Manche 1, score 0")
    assert shown["solo, over"]["status"].startswith("Partie finie\u00a0: score ")


def test_a_computer_seat_is_named_in_the_screens_language_and_stored_as_it_is(session):
    table = session.open_table(game="xochintlan", seats=2, seed=6, computers={1: "greedy"})
    french = seat_view(table, 0, "fr")["seats"][1]
    english = seat_view(table, 0, "en")["seats"][1]
    assert (french["name"], english["name"]) == ("glouton", "greedy") and french["computer"]
    assert table.seats[1].name == "greedy"  # the session file keeps the player's own name


def page_texts(page: str) -> dict[str, str]:
    """The words a class page's script shows (its embedded texts)."""
    found = re.search(r'<script[^>]*id="texts"[^>]*>(.*?)</script>', page, re.S)
    assert found, "no texts in the page"
    return json.loads(found.group(1))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_seat_label_and_a_table_state_begin_with_a_capital(language):
    student, projector = page_texts(student_page(language)), page_texts(projector_page(language, "http://x", ""))
    teacher = page_texts(teacher_page(language))
    labels = [student["seat"], projector["seat"], teacher["over"], teacher["playing"], teacher["closed"]]
    assert all(label[0].isupper() for label in labels), labels
    assert student["seat"].format(number=1) == {"en": "Seat 1", "fr": "Place 1"}[language]
    assert "Seat 1 <select" in teacher_page("en") and "Place 1 <select" in teacher_page("fr")


def test_a_refusal_names_the_computer_whose_turn_it_is_in_the_students_language(session):
    table = session.open_table(game="xochintlan", seats=2, seed=6, computers={0: "greedy"})
    session.join(table.code, 1, "Ana")
    with pytest.raises(Refusal) as refused:
        session.play(table.code, 1, "L(1,0)", 0)
    assert refused.value.text("fr") == "ce n'est pas votre tour\u00a0: c'est à la place 1 (glouton) de jouer"
    assert refused.value.text("en") == "it is not your turn: seat 1 (greedy) plays now"
    assert table.game.history == []  # refused: the game is as it was


def menu_options(page: str, menu: str) -> list[tuple[str, str]]:
    """The (value sent, words shown) of each option of the teacher page's menu ``menu``."""
    found = re.search(rf'<select id="{menu}">(.*?)</select>', page, re.S)
    assert found, f"no menu {menu}"
    return re.findall(r'<option value="([^"]*)">([^<]*)</option>', found.group(1))


def test_the_teachers_rule_menus_offer_every_rule_of_the_engine_in_the_pages_language():
    from xochintlan_hex.xochintlan.rules import ENDGAMES, LATTICE_NAMES, LOCKS, MATCHES, WIN_CHECKS

    english, french = teacher_page("en"), teacher_page("fr")
    engine = {"lattice": LATTICE_NAMES, "match": MATCHES, "win_check": WIN_CHECKS, "endgame": ENDGAMES, "lock": LOCKS}
    for menu, values in engine.items():
        sent_en, shown_en = zip(*menu_options(english, menu))
        sent_fr, shown_fr = zip(*menu_options(french, menu))
        assert sent_en == sent_fr == values  # the page sends the engine's own names in every language
        assert set(shown_fr).isdisjoint(values), f"{menu}: French shows the engine's names {shown_fr}"
    assert menu_options(french, "lock")[1] == (
        "french",
        "seulement une pièce venant d&#x27;être déplacée (la lecture littérale du texte français)",
    )
    assert "allow_redraw</label>" not in french and "Un tour peut révéler une carte et en tirer une autre" in french
    assert ">glouton</option>" in french and 'value="greedy"' in french
