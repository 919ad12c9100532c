"""The apps and the pictures in French: every text a person reads is French, and the FR/EN
switch shows every text again in the other language without touching the game.

Each screen is read twice, in English and in French, widget by widget (labels, buttons,
choices, tooltips, the key line) and picture by picture (every text artist of the
figures: titles, axis labels, ticks, legends, annotations). A French text is untranslated
when it is its English text unchanged, or when it holds a word only English uses: a word
of the kit's English texts (the catalog's sources) that no French text of the catalog uses.
Both languages' texts come from the same screen, reached by the same actions.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import matplotlib
import pandas as pd
import pytest
from babel.messages.pofile import read_po

matplotlib.use("Agg")

from matplotlib.figure import Figure
from matplotlib.text import Text

from xochintlan_hex import i18n, viz
from xochintlan_hex.polyforms import polyforms
from xochintlan_hex.viz import puzzles as viz_puzzles
from xochintlan_hex.widgets import (
    GameChooser,
    GardenDensity,
    HextremaduraApp,
    LiveStudy,
    PolyformExplorer,
    PuzzleApp,
    XochintlanApp,
)
from xochintlan_hex.widgets.base import App, plain_text
from xochintlan_hex.widgets.keys import KeyScope
from xochintlan_hex.xochintlan import Rules

FRENCH_PO = (
    Path(__file__).resolve().parents[1] / "xochintlan_hex" / "locale" / "fr" / "LC_MESSAGES" / "xochintlan_hex.po"
)

I_VS_X = [["I"], ["X"]]
#: player 1 builds the I pentomino with Lizards; player 2 scatters Birds
I_WIN = ["L(1,0)", "B(0,1)", "L(2,0)", "B(0,2)", "L(3,0)", "B(1,1)", "L(4,0)"]

#: texts that read the same in both languages: names (games, places, tiles, pieces, players
#: of other kits), numbers, coordinates, symbols, and the language switch's codes
INTERNATIONAL = re.compile(
    r"^(?:[\s\d.,:;/×x+%°()\-−–—·…★✓✗◆▲●⟲⟳⇄⇋◀▶⌨=≥'#?!]|"
    r"\b(?:[A-Z]\d*'?|T\d+|R\d+|P\d+|H\d-\d+|[FILNPTUVWXYZ]'?|[CD]\d+|"
    r"FR|EN|Français|English|Xochintlan|Hextremadura|Monfragüe|Garganta|de|los|Infiernos|Los|Barruecos|"
    r"ismcts(?:-\d+)?|Elo|Bradley|Terry|n|p|sym\.?|[Mm]onuments?|[Gg]uide)\b)*$"
)


# ---------------------------------------------------------------------------------------------
# reading a screen
# ---------------------------------------------------------------------------------------------
def widget_texts(root: w.Widget, path: str = "") -> Iterator[tuple[str, str]]:
    """(where, text) for every text a widget tree shows: values, labels, every choice, tooltips, placeholders."""
    here = f"{path}/{type(root).__name__}"
    svg = getattr(root, "svg", None)
    if isinstance(svg, str):  # a board drawn by the browser: its words, titles and name
        texts = re.findall(r">([^<>]+)</(?:text|title)>|aria-label=\"([^\"]*)\"", svg)
        for i, (text, label) in enumerate(texts):
            yield f"{here}:svg{i}", html.unescape(text or label)
    if isinstance(root, KeyScope):
        yield here + ":idle", root.idle_line
        yield here + ":active", root.active_line
    elif isinstance(root, (w.ToggleButtons, w.Dropdown)):
        for i, label in enumerate(root._options_labels):
            yield f"{here}:option{i}", str(label)
        for i, tip in enumerate(getattr(root, "tooltips", None) or ()):
            yield f"{here}:tooltip{i}", tip
    elif getattr(root, "tooltip", None):  # a button's, or any other widget's hover text
        yield here + ":tooltip", root.tooltip
    placeholder = getattr(root, "placeholder", "")
    if placeholder and placeholder.strip("\u200b"):  # ipywidgets' own placeholder is a zero-width space
        yield here + ":placeholder", placeholder
    if not isinstance(root, w.Box) and not isinstance(root, (w.ToggleButtons, w.Dropdown)):
        yield here, plain_text(root)
    description = getattr(root, "description", "")
    if description and not isinstance(root, w.Button):
        yield here + ":description", description
    for i, child in enumerate(getattr(root, "children", ())):
        yield from widget_texts(child, f"{here}[{i}]")


def figure_texts(figure: Figure, name: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text artist of a figure (titles, labels, ticks, legends, words drawn on it)."""
    for i, artist in enumerate(figure.findobj(Text)):
        if artist.get_visible():
            yield f"{name}:text{i}", artist.get_text()


def app_figures(app: Any) -> list[tuple[str, Figure]]:
    """The matplotlib figures an app shows (or keeps as its saved picture)."""
    app.static_png()  # the picture a saved notebook keeps is drawn now, in the app's language
    found = []
    for name in ("board", "_gallery", "_form_board"):
        board = getattr(app, name, None)
        if board is not None and hasattr(board, "figure"):
            found.append((name, board.figure))
    return found


def screen_texts(app: App) -> dict[str, str]:
    """Everything an app's screen says: its widgets, and the words drawn in its pictures."""
    texts = dict(widget_texts(app.widget))
    for name, figure in app_figures(app):
        texts.update(figure_texts(figure, name))
    return {where: text for where, text in texts.items() if text.strip()}


# ---------------------------------------------------------------------------------------------
# judging French texts
# ---------------------------------------------------------------------------------------------
def words(text: str) -> set[str]:
    """The words of ``text``, lower case; single letters (keys, tile letters) are not words here.

    An apostrophe joins a French elision (l'Homme) or an English possessive (Player's): both count.
    """
    return {word.lower() for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text) if len(word) > 1}


def english_only_words() -> set[str]:
    """Words of the kit's English texts that no French text of the catalog uses."""
    with FRENCH_PO.open("rb") as source:
        catalog = read_po(source)
    english, french = set(), set()
    for message in catalog:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= words(re.sub(r"\{[^{}]*\}|<[^>]*>", " ", text))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            french |= words(re.sub(r"\{[^{}]*\}|<[^>]*>", " ", text))
    return english - french


ENGLISH_ONLY = english_only_words()


def untranslated(english: dict[str, str], french: dict[str, str]) -> list[str]:
    """The French screen's texts that are still English, one line each (none: all French)."""
    assert english.keys() == french.keys(), "the screen differs between the languages"
    problems = []
    for where, text in french.items():
        if INTERNATIONAL.match(text):
            continue
        if text == english[where]:
            problems.append(f"{where}: {text!r} is its English text")
        elif words(text) & ENGLISH_ONLY:
            problems.append(f"{where}: {text!r} holds English words {sorted(words(text) & ENGLISH_ONLY)}")
    return problems


def both_languages(make: Callable[[str], App]) -> tuple[dict[str, str], dict[str, str]]:
    """The same screen made twice, in English and in French."""
    return screen_texts(make("en")), screen_texts(make("fr"))


def assert_french(make: Callable[[str], App]) -> None:
    english, french = both_languages(make)
    problems = untranslated(english, french)
    assert not problems, "untranslated texts on a French screen:\n" + "\n".join(problems)


def test_the_judge_catches_english_left_on_a_french_screen():
    english = {"a": "Player 1 to play", "b": "Reserve: Lizard 8", "c": "F", "d": "T4"}
    assert (
        untranslated(english, {"a": "Au tour de Joueur 1", "b": "Réserve\u00a0: Lézard 8", "c": "F", "d": "T4"}) == []
    )
    assert len(untranslated(english, {**english, "c": "F"})) == 2  # two English texts kept as they are
    problems = untranslated(english, {**english, "a": "Au tour de Joueur 1", "b": "Réserve\u00a0: Lizard 8"})
    assert problems == ["b: 'Réserve\\xa0: Lizard 8' holds English words ['lizard']"]


# ---------------------------------------------------------------------------------------------
# every screen of every app, in French
# ---------------------------------------------------------------------------------------------
def xochintlan(language: str, **options: Any) -> XochintlanApp:
    return XochintlanApp(players=["human", "human"], seed=1, cards=I_VS_X, language=language, **options)


XOCHINTLAN_SCREENS: dict[str, Callable[[str], App]] = {
    "start": lambda lang: xochintlan(lang),
    "after a move, my card shown": lambda lang: xochintlan_after(lang, ["L(1,0)"]).show_card(True),
    "a refused click": lambda lang: refused(xochintlan_after(lang, ["L(1,0)"]), (3, 3)),
    "a locked tile refused": lambda lang: refused(
        xochintlan_after(lang, ["L(1,0)"]).choose_action("switch").choose_animal("B"), (1, 0)
    ),
    "no cell to click (the hint)": lambda lang: xochintlan_after(lang, ["L(1,0)", "H(1,1)"]).choose_action("move"),
    "a swap begun": lambda lang: swap_begun(lang),
    "won": lambda lang: xochintlan_after(lang, I_WIN),
    "nothing to undo": lambda lang: undo_refused(xochintlan(lang)),
    "redraw and open cards": lambda lang: xochintlan_after(
        lang, ["L(1,0)", "R0"], rules=Rules(allow_redraw=True, cards_per_player=2, open_cards=True), cards=None
    ),
    "against the computer, tie at the turn limit": lambda lang: XochintlanApp(
        players=["greedy", "random"], seed=4, pause=0, rules=Rules(max_turns=6), language=lang
    ),
    "the matplotlib board": lambda lang: xochintlan_after(lang, ["L(1,0)"], board="ipympl"),
}


def xochintlan_after(language: str, moves: list[str], **options: Any) -> XochintlanApp:
    options.setdefault("cards", I_VS_X)
    app = XochintlanApp(players=["human", "human"], seed=1, language=language, **options)
    for move in moves:
        assert app.play(move), app.message
    return app


def refused(app: Any, cell: tuple[int, int]) -> Any:
    assert app.click(cell) is False and app.message
    return app


def undo_refused(app: Any) -> Any:
    assert app.undo() is False
    return app


def swap_begun(language: str) -> XochintlanApp:
    app = xochintlan_after(language, ["L(1,0)", "B(0,1)"], rules=Rules(endgame="swap"))
    app.choose_action("swap").click((1, 0))
    return app


@pytest.mark.parametrize("screen", list(XOCHINTLAN_SCREENS))
def test_every_xochintlan_screen_is_french(screen):
    assert_french(XOCHINTLAN_SCREENS[screen])


def hextremadura_played(language: str, placements: int) -> HextremaduraApp:
    app = HextremaduraApp(seed=3, language=language)
    for _ in range(placements):
        app.play(app.game.legal_actions()[0])
    return app


HEXTREMADURA_SCREENS: dict[str, Callable[[str], App]] = {
    "start": lambda lang: HextremaduraApp(seed=3, language=lang),
    "a preview": lambda lang: previewed(hextremadura_played(lang, 1)),
    "a refused placement": lambda lang: refused(hextremadura_played(lang, 1), (7, 7)),
    "a refused flip": lambda lang: flip_refused(lang),
    "round 2, with objectives": lambda lang: hextremadura_played(lang, 18),
    "game over": lambda lang: hextremadura_to_the_end(lang),
}


def previewed(app: HextremaduraApp) -> HextremaduraApp:
    return app.hover(app.game.legal_actions()[0].cell)


def flip_refused(language: str) -> HextremaduraApp:
    app = HextremaduraApp(seed=3, language=language)
    for tile in app.game.available():
        if len(app.game.faces(tile)) == 1:
            app.choose_tile(tile).flip()
            assert app.message
            return app
    raise AssertionError("no tile with one face to flip")


def hextremadura_to_the_end(language: str) -> HextremaduraApp:
    app = HextremaduraApp(seed=3, language=language)
    while not app.game.is_over:
        app.play(app.game.legal_actions()[0])
    return app


@pytest.mark.parametrize("screen", list(HEXTREMADURA_SCREENS))
def test_every_hextremadura_screen_is_french(screen):
    assert_french(HEXTREMADURA_SCREENS[screen])


OTHER_SCREENS: dict[str, Callable[[str], App]] = {
    "explorer": lambda lang: PolyformExplorer(language=lang),
    "explorer, hex, one-sided, several pages": lambda lang: PolyformExplorer(
        lattice="hex", size=6, kind="one-sided", language=lang
    ).next_page(),
    "explorer, a fixed tromino": lambda lang: PolyformExplorer(size=3, kind="fixed", language=lang).select(1),
    "puzzle": lambda lang: PuzzleApp(language=lang),
    "puzzle, a hint and a refusal": lambda lang: puzzle_hinted(lang),
    "puzzle, counted": lambda lang: puzzle_counted(lang),
    "puzzle, solved": lambda lang: puzzle_solved(lang),
    "puzzle, one-sided pieces refuse a flip": lambda lang: PuzzleApp(
        "Goal cards (18 one-sided pentominoes), 9 × 10", language=lang
    ).mirror(),
    "the student page": lambda lang: GameChooser(language=lang),
    "the student page, too many players": lambda lang: GameChooser(language=lang).choose(people=5, computers=3).start(),
    "the student page, a game against the computer": lambda lang: (
        GameChooser(language=lang).choose(people=1, computers=2, lattice="hex").start(seed=5)
    ),
    # the same deal in both languages: the page deals a new game each time by default
    "the student page, Hextremadura": lambda lang: GameChooser(language=lang).choose(game="hextremadura").start(seed=5),
    "the student page, the explorer": lambda lang: GameChooser(language=lang).choose(game="explorer").start(),
    "garden density": lambda lang: GardenDensity(gardens=200, language=lang),
    "live study": lambda lang: live_study_run(lang),
}


def puzzle_hinted(language: str) -> PuzzleApp:
    app = PuzzleApp("3x20", language=language)
    app.select("X").click((1, 1))
    app.hint()
    assert app.place([(2, 5), (3, 5), (4, 5), (5, 5), (6, 5)], "I") is False  # off the board: refused
    assert app.place([(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], "I") is False  # on the X: refused
    return app


def puzzle_counted(language: str) -> PuzzleApp:
    app = PuzzleApp("3x20", language=language)
    app.count_completions()
    return app


def puzzle_solved(language: str) -> PuzzleApp:
    app = PuzzleApp("3x20", language=language)
    for placement in app.puzzle.solve():
        assert app.place(placement.cells, placement.piece)
    return app


def live_study_run(language: str) -> LiveStudy:
    study = LiveStudy(games=10, seats=2, seed=1, language=language)
    study.run()
    return study


@pytest.mark.parametrize("screen", list(OTHER_SCREENS))
def test_every_other_screen_is_french(screen):
    assert_french(OTHER_SCREENS[screen])


# ---------------------------------------------------------------------------------------------
# the pictures
# ---------------------------------------------------------------------------------------------
def xochintlan_study() -> pd.DataFrame:
    from xochintlan_hex.simulate import simulate_xochintlan

    return simulate_xochintlan(40, ["greedy", "random"], seed=3, progress=False)


def hextremadura_study() -> pd.DataFrame:
    from xochintlan_hex.simulate import simulate_hextremadura

    return simulate_hextremadura(6, "greedy", seed=3, progress=False)


def won_game() -> Any:
    return xochintlan_after("en", I_WIN).game


PICTURES: dict[str, Callable[[Any, str], Any]] = {
    "draw_xochintlan": lambda ax, lang: viz.draw_xochintlan(
        won_game(), ax, status=True, legend=True, coords=True, language=lang
    ),
    "draw_xochintlan, a turn": lambda ax, lang: viz.draw_xochintlan(
        xochintlan_after("en", ["L(1,0)"]).game, ax, status=True, language=lang
    ),
    "draw_hextremadura": lambda ax, lang: viz.draw_hextremadura(hextremadura_played("en", 18).game, ax, language=lang),
    "draw_hextremadura, game over": lambda ax, lang: viz.draw_hextremadura(
        hextremadura_to_the_end("en").game, ax, language=lang
    ),
    "draw_tile": lambda ax, lang: viz.draw_tile("T1", "back", ax=ax, title="T1", language=lang),
    "draw_card": lambda ax, lang: viz.draw_card(polyforms(5)[0], ax, language=lang),
    "draw_polyforms": lambda ax, lang: viz.draw_polyforms(polyforms(5), ax=ax, language=lang),
    "plot_card_win_rates": lambda ax, lang: viz.plot_card_win_rates(xochintlan_study(), ax, language=lang),
    "plot_seat_win_rates": lambda ax, lang: viz.plot_seat_win_rates(xochintlan_study(), ax, language=lang),
    "plot_head_to_head": lambda ax, lang: viz.plot_head_to_head(xochintlan_study(), ax, language=lang),
    "plot_game_lengths": lambda ax, lang: viz.plot_game_lengths(xochintlan_study(), ax, language=lang),
    "plot_score_distribution": lambda ax, lang: viz.plot_score_distribution(hextremadura_study(), ax, language=lang),
    "plot_objective_probabilities": lambda ax, lang: viz.plot_objective_probabilities(
        hextremadura_study(), ax, language=lang
    ),
    "plot_ladder": lambda ax, lang: viz.plot_ladder(
        pd.DataFrame({"player": ["greedy", "random"], "estimate": [9.0, 5.0], "low": [8.0, 4.0], "high": [10.0, 6.0]}),
        ax,
        language=lang,
    ),
    "plot_prediction": lambda ax, lang: viz.plot_prediction(
        pd.DataFrame(
            {"predicted": [0.01, 0.02], "estimate": [0.1, 0.3], "low": [0.05, 0.2], "high": [0.2, 0.4]},
            index=["I", "P"],
        ),
        ax,
        language=lang,
    ),
}


def picture_texts(name: str, language: str) -> dict[str, str]:
    figure = Figure(figsize=(8, 6))
    PICTURES[name](figure.add_subplot(), language)
    figure.canvas.draw() if hasattr(figure.canvas, "draw") else None
    return {where: text for where, text in figure_texts(figure, name) if text.strip()}


@pytest.mark.parametrize("name", list(PICTURES))
def test_every_picture_is_french(name):
    english, french = picture_texts(name, "en"), picture_texts(name, "fr")
    problems = untranslated(english, french)
    assert not problems, f"untranslated texts in {name} in French:\n" + "\n".join(problems)


@pytest.mark.parametrize("pages", ["card_pages", "pieces_pages", "tile_pages"])
def test_every_printable_page_is_french(pages):
    make = {
        "card_pages": lambda lang: viz_puzzles.card_pages(language=lang),
        "pieces_pages": lambda lang: viz_puzzles.pieces_pages("pentominoes", language=lang),
        "tile_pages": lambda lang: viz_puzzles.tile_pages(language=lang),
    }[pages]
    english = {k: v for page in make("en")[:1] for k, v in figure_texts(page, pages) if v.strip()}
    french = {k: v for page in make("fr")[:1] for k, v in figure_texts(page, pages) if v.strip()}
    assert not untranslated(english, french)


def test_pictures_follow_the_kit_language_when_given_none():
    figure = Figure()
    with i18n.use_language("fr"):
        ax = viz.plot_prediction(
            pd.DataFrame({"predicted": [0.1], "estimate": [0.2], "low": [0.1], "high": [0.3]}, index=["I"]),
            figure.add_subplot(),
        )
    assert ax.get_title().startswith("Prédiction et mesure")
    assert (
        viz.plot_prediction(
            pd.DataFrame({"predicted": [0.1], "estimate": [0.2], "low": [0.1], "high": [0.3]}, index=["I"]),
            Figure().add_subplot(),
            language="fr",
        ).get_xlabel()
        == "chance prédite"
    )
    assert i18n.get_language() == "en"  # a language= argument changes nothing after the call


# ---------------------------------------------------------------------------------------------
# the FR/EN switch
# ---------------------------------------------------------------------------------------------
def test_an_app_speaks_the_kit_language_unless_told():
    with i18n.use_language("fr"):
        app = XochintlanApp(players=["human", "human"], seed=1, cards=I_VS_X)
    assert app.language == "fr" and app.text("xh-status") == "Au tour du joueur 1"
    app.click((1, 0))  # the kit speaks English again: the app keeps its own language
    assert app.text("xh-status") == "Au tour du joueur 2"
    assert XochintlanApp(players=["human", "human"], seed=1).text("xh-status") == "Player 1 to play"
    with pytest.raises(ValueError, match="language must be one of 'en', 'fr', not 'de'"):
        XochintlanApp(language="de")


def switch(app: App, language: str) -> None:
    """Press the app's FR/EN switch, as a person does on the page."""
    app.find("xh-language").value = language


def test_the_switch_changes_every_text_and_never_the_game():
    app = xochintlan_after("en", ["L(1,0)", "B(0,1)"])
    app.choose_action("switch").choose_animal("M").click((0, 1))  # refused: locked
    record, state = app.game.to_json(), (app.action, app.animal, app.selection, app.card_shown)
    english = screen_texts(app)
    switch(app, "fr")
    assert app.language == "fr"
    assert app.game.to_json() == record and (app.action, app.animal, app.selection, app.card_shown) == state
    french = screen_texts(app)
    assert not untranslated(english, french)
    assert app.text("xh-animal") == "Singe" and "Oiseau" in app.text("xh-reserve")
    switch(app, "en")
    assert app.game.to_json() == record and screen_texts(app) == english
    assert app.click((0, 2)) is False  # the switch was still on: the game plays on as before, in English
    assert app.game.to_json() == record


def test_the_switch_keeps_each_app_as_it_was():
    hextremadura = hextremadura_played("en", 3).rotate()
    before = (hextremadura.game.to_json(), hextremadura.selected_tile, hextremadura.rotation, hextremadura.face)
    switch(hextremadura, "fr")
    assert (hextremadura.game.to_json(), hextremadura.selected_tile, hextremadura.rotation, hextremadura.face) == before
    assert hextremadura.text("xh-status").startswith("Manche")

    explorer = PolyformExplorer(size=6).select(7).rotate()
    before_form = (explorer.selected, explorer.page, explorer.kind, explorer.size)
    switch(explorer, "fr")
    assert (explorer.selected, explorer.page, explorer.kind, explorer.size) == before_form
    assert explorer.find("xh-kind").label == "libres" and "hexominos libres" in explorer.caption

    puzzle = PuzzleApp("Pentominoes, 3 × 20")
    puzzle.hint()
    puzzle.place(puzzle.hinted.cells, puzzle.hinted.piece)
    puzzle.hint()
    placed = list(puzzle.placed)
    switch(puzzle, "fr")
    assert puzzle.placed == placed and puzzle.find("xh-puzzle-choice").value == "Pentominoes, 3 × 20"
    assert puzzle.text("xh-puzzle-choice") == "Pentominos, 3 × 20"
    assert puzzle.text("xh-hint-text").startswith("Cette position peut être terminée")


def test_the_student_page_switch_carries_the_started_game_along():
    page = GameChooser().choose(people=2, computers=0).start()
    page.app.play("L(1,0)")
    switch(page, "fr")
    assert page.app.language == "fr" and page.app.text("xh-status") == "Au tour du joueur 2"
    assert page.app.game.history and page.text("xh-chooser-message").startswith("Partie en cours")
    assert GameChooser(language="fr").start().app.language == "fr"


def test_french_keys_follow_the_french_letters():
    app = xochintlan("fr")
    assert "o Oiseau" in app.keys.idle_line and "s Singe" in app.keys.idle_line
    app.keys.press("o")
    assert app.animal == "B"
    app.keys.press("r")
    assert app.action == "switch"
    switch(app, "en")
    app.keys.press("m")
    assert app.animal == "M" and "b Bird" in app.keys.idle_line


SWITCHED_SCREENS = {
    "xochintlan, a refusal": XOCHINTLAN_SCREENS["a locked tile refused"],
    "xochintlan, won": XOCHINTLAN_SCREENS["won"],
    "xochintlan, the hint": XOCHINTLAN_SCREENS["no cell to click (the hint)"],
    "xochintlan, the matplotlib board": XOCHINTLAN_SCREENS["the matplotlib board"],
    "hextremadura, a refused placement": HEXTREMADURA_SCREENS["a refused placement"],
    "hextremadura, round 2": HEXTREMADURA_SCREENS["round 2, with objectives"],
    "hextremadura, game over": HEXTREMADURA_SCREENS["game over"],
    "explorer, several pages": OTHER_SCREENS["explorer, hex, one-sided, several pages"],
    "puzzle, a hint and a refusal": OTHER_SCREENS["puzzle, a hint and a refusal"],
    "puzzle, counted": OTHER_SCREENS["puzzle, counted"],
    "garden density": OTHER_SCREENS["garden density"],
    "live study": OTHER_SCREENS["live study"],
}


@pytest.mark.parametrize("screen", list(SWITCHED_SCREENS))
def test_switching_shows_what_the_other_language_shows(screen):
    """A screen made in English and switched to French reads exactly as the same screen made
    in French, word for word and picture for picture; and back."""
    make = SWITCHED_SCREENS[screen]
    switched = make("en")
    english = screen_texts(switched)
    switched.set_language("fr")
    assert screen_texts(switched) == screen_texts(make("fr"))
    switched.set_language("en")
    assert screen_texts(switched) == english


def test_french_boards_show_the_french_letters():
    game = xochintlan_after("en", ["L(1,0)", "B(0,1)", "M(-1,0)"]).game
    french = [t.get_text() for t in viz.draw_xochintlan(game, Figure().add_subplot(), language="fr").texts]
    english = [t.get_text() for t in viz.draw_xochintlan(game, Figure().add_subplot(), language="en").texts]
    assert sorted(french) == ["L", "O", "S"] and sorted(english) == ["B", "L", "M"]
    app = xochintlan_after("fr", ["L(1,0)", "O(0,1)", "S(-1,0)"])  # the French notation, read by the engine
    assert app.game.board == {(0, 0): "H", (1, 0): "L", (0, 1): "B", (-1, 0): "M"}
    assert ">O</text>" in app.svg_board.svg and ">B</text>" not in app.svg_board.svg
    assert app.choose_animal("S").animal == "M" and app.choose_animal("Oiseau").animal == "B"
    assert app.choose_animal("Monkey").animal == "M" and app.choose_animal("b").animal == "B"
