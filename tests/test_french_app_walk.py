"""Every app, in French, walked as a pupil would: every choice tried, every button pressed.

test_french_apps.py reads chosen screens of each app beside the same screen in English.
This walk reaches the screens nobody listed: for every app in :mod:`xochintlan_hex.widgets`,
built in French, each option of each choice (dropdowns, toggle buttons) is chosen in turn,
and each button is pressed once on a new app; after each, every text of the screen (values,
labels, choices, tooltips, placeholders, the words of the SVG boards and of the pictures) is
read with the judge the French lesson scan uses: its allow-list of names, notation and units,
and the words only the kit's English uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w
import pytest
from test_french_apps import ENGLISH_ONLY, INTERNATIONAL, screen_texts, swap_begun, words
from test_french_lesson_outputs import english_words

import xochintlan_hex.widgets as widgets
from xochintlan_hex.widgets import (
    GameChooser,
    GardenDensity,
    HextremaduraApp,
    LiveStudy,
    PolyformExplorer,
    PuzzleApp,
    XochintlanApp,
)

#: Every app of the kit, built in French in a state a walk can start from (small and quick).
APPS: dict[str, Callable[[], Any]] = {
    "XochintlanApp": lambda: XochintlanApp(players=["human", "greedy"], seed=1, pause=0, language="fr"),
    "XochintlanApp, a swap endgame": lambda: swap_begun("fr"),
    "HextremaduraApp": lambda: HextremaduraApp(seed=3, language="fr"),
    "PolyformExplorer": lambda: PolyformExplorer(language="fr"),
    "PuzzleApp": lambda: PuzzleApp("3x20", language="fr"),
    "GameChooser": lambda: GameChooser(language="fr"),
    "GardenDensity": lambda: GardenDensity(gardens=50, language="fr"),
    "LiveStudy": lambda: LiveStudy(games=4, seats=2, seed=1, language="fr"),
}


def test_every_app_of_the_kit_is_walked():
    built = {type(make()).__name__ for make in APPS.values()}
    assert built == set(widgets.__all__)


def english_on(app: Any) -> list[str]:
    """The texts of ``app``'s screen that hold English words, one line each."""
    found = []
    for where, text in screen_texts(app).items():
        if INTERNATIONAL.match(text):
            continue
        english = english_words(text) | (words(text) & ENGLISH_ONLY)
        if english:
            found.append(f"{where.rsplit('/', 1)[-1]}: {text[:100]!r} {sorted(english)}")
    return found


def tree(root: w.Widget) -> Iterator[w.Widget]:
    yield root
    for child in getattr(root, "children", ()):
        yield from tree(child)


def choices(app: Any) -> list[w.Widget]:
    """The app's choices a pupil can change (the language switch aside: it leaves French)."""
    return [
        widget
        for widget in tree(app.widget)
        if isinstance(widget, (w.Dropdown, w.ToggleButtons)) and "xh-language" not in widget._dom_classes
    ]


@pytest.mark.parametrize("name", list(APPS))
def test_every_choice_of_a_french_app_shows_french(name):
    app = APPS[name]()
    found = []
    for number, choice in enumerate(choices(app)):
        for value in [option[1] if isinstance(option, tuple) else option for option in choice.options]:
            choice.value = value
            found += [f"choice {number} = {value!r}: {line}" for line in english_on(app)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", list(APPS))
def test_every_button_of_a_french_app_shows_french(name):
    count = sum(isinstance(widget, w.Button) for widget in tree(APPS[name]().widget))
    found = []
    for number in range(count):
        app = APPS[name]()  # each button pressed on a new app: what it shows is its own doing
        button = [widget for widget in tree(app.widget) if isinstance(widget, w.Button)][number]
        button.click()
        found += [f"after {button.description or button.tooltip!r}: {line}" for line in english_on(app)]
    assert not found, "\n".join(found)


def test_the_walk_finds_english_in_a_tooltip_a_placeholder_or_a_choice():
    app = PuzzleApp("3x20", language="fr")
    buttons = [widget for widget in tree(app.widget) if isinstance(widget, w.Button)]
    buttons[0].tooltip = "rotate the piece"
    app.widget.children = (*app.widget.children, w.Text(placeholder="type the card's name"))
    choices(app)[0].options = [*choices(app)[0].options, ("Pentominoes with the cards", "x")]
    found = " ".join(english_on(app))
    assert "rotate the piece" in found and "type the card" in found and "Pentominoes with" in found
