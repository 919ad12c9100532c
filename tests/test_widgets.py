"""The interactive boards, driven without a browser: whole games through the apps' own methods,
clicks delivered to the canvases as the browser sends them, and the page text read back."""

from __future__ import annotations

import asyncio
import concurrent.futures
import doctest
import io
import random
import sys

import ipywidgets as w
import matplotlib
import matplotlib.colors
import pytest

matplotlib.use("Agg")  # the apps never use pyplot; this only keeps stray figures off screen

from xochintlan_hex import widgets
from xochintlan_hex.hextremadura import Place as HexPlace
from xochintlan_hex.hextremadura import rating_name
from xochintlan_hex.lattice import HEX
from xochintlan_hex.viz import style
from xochintlan_hex.widgets import (
    HextremaduraApp,
    PolyformExplorer,
    XochintlanApp,
    base,
    explorer,
    hextremadura_app,
    sprites,
    xochintlan_app,
)
from xochintlan_hex.xochintlan import MoveHuman, Place, Rules, Switch

I_VS_X = [["I"], ["X"]]
#: player 1 builds the I pentomino with Lizards; player 2 scatters Birds
I_WIN = [("L", (1, 0)), ("B", (0, 1)), ("L", (2, 0)), ("B", (0, 2)), ("L", (3, 0)), ("B", (1, 1)), ("L", (4, 0))]


def browser_click(board: base.BoardCanvas, fraction: tuple[float, float], kind: str = "button_press") -> None:
    """Send the message ipympl's front end sends for a mouse event at ``fraction`` (from the top-left)."""
    x, y = base.fraction_to_pixels(board.figure, fraction)
    message = {
        "type": kind,
        "x": x,
        "y": y,
        "button": 0,
        "buttons": 1 if kind == "button_press" else 0,
        "modifiers": [],
        "guiEvent": {},
    }
    board.canvas._handle_message(board.canvas, message, [])


def browser_key(app, key: str) -> None:
    """Send the message the app's key scope sends from the page for a key pressed while the app has the keys."""
    app.keys._handle_custom_msg({"key": key}, [])


def hot_seat(**options) -> XochintlanApp:
    return XochintlanApp(players=["human", "human"], seed=1, cards=I_VS_X, **options)


# ---------------------------------------------------------------------------------------------
# Xochintlan
# ---------------------------------------------------------------------------------------------
def test_first_click_of_a_new_app_next_to_the_human_places_an_animal():
    app = XochintlanApp(pause=None)  # the defaults: a person against greedy, on a board the browser draws
    assert app.board_kind == "svg" and app.find("xh-board") is app.svg_board
    assert app.text("xh-reserve") == "Reserve: Lizard 8 · Bird 8 · Monkey 8"
    assert app.click((0, 1)) is True
    assert app.game.board == {(0, 0): "H", (0, 1): "L"}
    assert app.text("xh-reserve") == "Reserve: Lizard 7 · Bird 8 · Monkey 8"
    assert app.text("xh-lock") == "Locked: (0, 1)"
    assert app.text("xh-status") == "Player 2 (greedy) to play…"


def test_a_click_on_the_canvas_acts_on_the_cell_under_the_mouse():
    app = hot_seat(board="ipympl")
    for cell in [(1, 0), (0, -1), (-1, 0)]:
        browser_click(app.board, app.cell_to_canvas_fraction(cell))
        assert cell in app.game.board
    # a click beside the board (outside the axes) does nothing
    before = app.game.to_json()
    browser_click(app.board, (0.999, 0.999))
    assert app.game.to_json() == before


def test_cell_to_canvas_fraction_points_at_the_cell_on_both_lattices():
    for rules in (Rules(), Rules(lattice="hex")):
        app = XochintlanApp(players=["human", "human"], rules=rules, seed=2, board="ipympl")
        for cell in [(0, 0), (1, 0), (-1, 1), (2, -2)]:
            fx, fy = app.cell_to_canvas_fraction(cell)
            assert 0 < fx < 1 and 0 < fy < 1
            seen = []
            cid = app.board.connect(
                "button_press_event", lambda e: seen.append(base.cell_at(app.game.lattice, e.xdata, e.ydata))
            )
            app.board.mouse("button_press", (fx, fy))
            app.board.canvas.mpl_disconnect(cid)
            assert seen[-1] == cell


def test_hot_seat_game_to_a_win_shows_the_banner_and_the_pattern():
    app = hot_seat()
    for animal, cell in I_WIN:
        assert app.choose_animal(animal).click(cell)
    game = app.game
    assert game.winner == 0
    assert app.text("xh-banner") == "Player 1 wins: Lizards and the Human form card I"
    assert app.text("xh-status") == "Game over"
    assert set(game.winning_cells) == {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)}
    # the pattern is outlined on the board in the pattern colour, one outline per cell...
    assert app.svg_board.svg.count(f'stroke="{style.PATTERN_COLOUR}"') == 5
    # ... and on the picture a saved notebook keeps
    assert app.static_png().startswith(b"\x89PNG")
    outlines = [
        c for c in app.ax.collections if matplotlib.colors.same_color(c.get_edgecolor()[0], style.PATTERN_COLOUR)
    ]
    assert outlines
    # the cards are public now, and the game refuses more moves with the engine's reason
    assert "Player 1: I" in app.text("xh-card") and "Player 2: X" in app.text("xh-card")
    assert not app.click((5, 0))
    assert "over" in app.text("xh-message")


def test_a_refusal_is_shown_and_changes_nothing():
    app = hot_seat()
    app.click((1, 0))
    before = app.game.to_json(), app.text("xh-status"), app.text("xh-reserve"), app.text("xh-lock")
    reason = app.game.why_illegal(Place("L", (5, 5)))
    assert reason
    assert app.click((5, 5)) is False
    assert app.text("xh-message") == reason
    assert (app.game.to_json(), app.text("xh-status"), app.text("xh-reserve"), app.text("xh-lock")) == before
    # the next legal move clears the message
    assert app.click((0, 1))
    assert app.text("xh-message") == ""


def test_switch_and_move_the_human_and_the_lock():
    app = hot_seat()
    app.click((1, 0))  # P1: Lizard
    app.choose_animal("Bird").click((0, 1))  # P2: Bird
    app.choose_action("switch").choose_animal("M")
    assert not app.click((0, 1))  # the Bird was just played: locked
    assert app.text("xh-message") == app.game.why_illegal(Switch((0, 1), "M"))
    assert app.click((1, 0))  # P1: the Lizard becomes a Monkey
    assert app.game.board[(1, 0)] == "M"
    assert app.text("xh-reserve") == "Reserve: Lizard 8 · Bird 7 · Monkey 7"
    assert app.text("xh-lock") == "Locked: (1, 0)"
    app.choose_action("move")
    assert app.click((1, 1))  # P2 moves the Human
    assert app.game.board[(1, 1)] == "H" and (0, 0) not in app.game.board
    assert app.text("xh-lock") == "Locked: (1, 1)"
    assert app.text("xh-status") == "Player 1 to play"


def cell_pixels(app: XochintlanApp) -> float:
    """How wide one cell is on the canvas, in pixels."""
    (x0, _), (x1, _) = app.cell_to_canvas_fraction((0, 0)), app.cell_to_canvas_fraction((1, 0))
    return (x1 - x0) * app.figure.bbox.width


def test_the_board_keeps_its_frame_until_the_tiles_reach_its_edge():
    app = hot_seat()
    start = set(app._view_cells())
    assert start == {(x, y) for x in range(-3, 4) for y in range(-3, 4)}  # 7 x 7 around the Human
    size = cell_pixels(app)
    # the tiles' middle moves off the Human's cell: the frame and the cells' size stay
    for cell in [(1, 0), (0, 1), (2, 0), (1, 1)]:
        assert app.click(cell)
        assert app._view_cells() == start and cell_pixels(app) == size
    app.choose_action("move").click((1, 2))  # the Human moves, still well inside
    assert app._view_cells() == start and cell_pixels(app) == size
    # a tile on the frame's last column leaves no room for its ring: the frame grows (around the tiles)
    app.choose_action("place").click((3, 0))
    grown = app._view_cells()
    assert len(grown) > len(start) and cell_pixels(app) < size
    ring = {n for c in app.game.board for n in app.game.lattice.neighbours(c)}
    assert ring | set(app.game.board) <= grown  # every cell a click may need is shown
    app.undo()
    assert app._view_cells() == grown  # an undo does not make it jump back
    assert app.new_game()._view_cells() == start  # a new game starts small again


def test_with_the_human_locked_move_mode_says_why_no_cell_is_highlighted():
    app = hot_seat()
    app.click((1, 0))
    app.choose_action("move").click((1, 1))  # P2 moves the Human: it is locked now
    assert app._target_cells() == set()
    reason = app.game.why_illegal(MoveHuman((2, 1)))
    assert (
        reason and app.text("xh-message") == f"Moving the Human is not possible now: {reason}. Choose another action."
    )
    assert app.hint == app.text("xh-message")
    # a refusal is shown instead while it is news; the hint goes once another action is chosen
    assert app.click((2, 1)) is False and app.text("xh-message") == reason
    app.choose_action("place")
    assert app.hint == "" and app.text("xh-message") == reason
    assert app.click((2, 0)) and app.text("xh-message") == ""


def test_switch_mode_with_nothing_to_switch_gives_the_engines_reasons():
    app = hot_seat()
    app.choose_action("switch")
    assert app.text("xh-message") == (
        f"Switching to a Lizard is not possible now: "
        f"{app.game.why_illegal(Switch((0, 0), 'L'))}. Choose another animal or action."
    )
    app.choose_action("place").click((1, 0))
    app.choose_action("switch")  # the only animal was just played
    assert app.game.why_illegal(Switch((1, 0), "L")) in app.text("xh-message")
    assert app.game.why_illegal(Switch((1, 0), "B")) in app.choose_animal("Bird").text("xh-message")


def test_the_first_cell_of_a_swap_is_outlined_on_the_board():
    rules = Rules(tiles_per_kind=1, endgame="swap")
    app = XochintlanApp(players=["human", "human"], rules=rules, seed=3, board="ipympl")
    for animal, cell in [("L", (1, 0)), ("B", (2, 0)), ("M", (3, 0))]:
        app.choose_animal(animal).click(cell)
    app.choose_action("swap").click((1, 0))

    def outlined() -> list:
        return [
            p
            for p in app.ax.patches
            if matplotlib.colors.same_color(p.get_edgecolor(), style.SELECTED_COLOUR) and p.get_linewidth() > 3
        ]

    assert len(outlined()) == 1
    corners = sorted(app.game.lattice.corners((1, 0)))
    assert sorted(outlined()[0].get_xy()[:-1].tolist()) == [pytest.approx(list(c)) for c in corners]
    app.click((1, 0))  # a second click on it drops the selection
    assert app.selection is None and outlined() == []

    # the board drawn by the browser outlines it too
    app = XochintlanApp(players=["human", "human"], rules=rules, seed=3)
    for animal, cell in [("L", (1, 0)), ("B", (2, 0)), ("M", (3, 0))]:
        app.choose_animal(animal).click(cell)
    selected = f'stroke="{style.SELECTED_COLOUR}" stroke-width="4.0"'
    assert selected not in app.svg_board.svg
    app.choose_action("swap").click((1, 0))
    assert app.svg_board.svg.count(selected) == 1


def test_the_controls_call_the_same_methods():
    app = hot_seat()
    app.find("xh-action").value = "switch"
    app.find("xh-animal").value = "M"
    assert (app.action, app.animal) == ("switch", "M")
    app.find("xh-action").value = "place"
    app.click((1, 0))
    app.click((2, 0))
    app.find("xh-undo").click()
    assert app.game.board == {(0, 0): "H", (1, 0): "M"}
    app.find("xh-new-game").click()
    assert app.game.board == {(0, 0): "H"}


def test_undo_and_new_game():
    app = hot_seat()
    assert app.undo() is False and "Nothing to undo" in app.text("xh-message")
    app.click((1, 0))
    app.click((2, 0))
    assert app.undo() and app.game.board == {(0, 0): "H", (1, 0): "L"}
    assert app.text("xh-status") == "Player 2 to play"
    first_seed = app.game.seed
    app.new_game()
    assert app.game.board == {(0, 0): "H"} and app.game.history == []
    assert app.text("xh-reserve") == "Reserve: Lizard 8 · Bird 8 · Monkey 8"
    # the app's seeds: the same app seed gives the same sequence of games
    twin = hot_seat()
    twin.new_game()
    assert twin.game.seed == app.game.seed != first_seed


def test_undo_against_the_computer_goes_back_to_the_persons_turn():
    app = XochintlanApp(players=["human", "greedy"], seed=4, pause=None)
    app.click((1, 0))
    assert app.step_computer() is not None
    assert len(app.game.history) == 2 and app.text("xh-status") == "Player 1 to play"
    assert app.undo()
    assert app.game.history == [] and app.text("xh-status") == "Player 1 to play"


def test_computer_players_move_by_themselves_on_the_synchronous_path():
    app = XochintlanApp(players=["human", "greedy"], seed=5, pause=0)
    app.click((1, 0))
    assert len(app.game.history) == 2  # the reply came at once
    assert app.text("xh-status") == "Player 1 to play"
    machines = XochintlanApp(players=["greedy", "random"], seed=6, pause=0)
    assert machines.game.is_over
    assert machines.text("xh-banner").startswith(("Player", "Tie"))


def test_step_computer_plays_one_move_and_people_must_wait():
    app = XochintlanApp(players=["greedy", "human"], seed=7, pause=None)
    assert app.game.history == []
    assert not app.click((1, 0))
    assert "Wait" in app.text("xh-message")
    action = app.step_computer()
    assert app.game.history == [action]
    assert app.step_computer() is None  # now a person is to move


def test_computer_moves_after_a_pause_on_the_running_event_loop():
    async def play() -> XochintlanApp:
        app = XochintlanApp(players=["human", "greedy"], seed=8, pause=0.01)
        app.click((1, 0))
        assert len(app.game.history) == 1  # not at once: after the pause, from the event loop
        for _ in range(200):
            await asyncio.sleep(0.01)
            if len(app.game.history) == 2:
                break
        return app

    # A thread of its own has no running event loop, as a kernel's would be, even when
    # another library (Playwright's sync API in the browser tests) runs one here.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        app = pool.submit(asyncio.run, play()).result(timeout=60)
    assert len(app.game.history) == 2 and app.text("xh-status") == "Player 1 to play"


def test_the_goal_card_is_hidden_in_hot_seat_until_asked_and_hides_at_the_turn_change():
    app = hot_seat()
    assert "hidden" in app.text("xh-card-title") and "Player 1" in app.text("xh-card-title")
    app.show_card()
    assert app.text("xh-card-title") == "Player 1's card: I"
    assert app.text("xh-show-card") == "Hide my card"
    app.click((1, 0))
    assert app.text("xh-card-title").startswith("Player 2's card: hidden")
    app.find("xh-show-card").click()
    assert app.text("xh-card-title") == "Player 2's card: X"
    solo = XochintlanApp(players=["human", "greedy"], seed=1, cards=I_VS_X, pause=None)
    assert solo.text("xh-card-title") == "Player 1's card: I"  # nobody else to hide it from


def test_swap_endgame_and_redraw_are_reachable():
    rules = Rules(tiles_per_kind=1, endgame="swap")
    app = XochintlanApp(players=["human", "human"], rules=rules, seed=3)
    assert "swap" in [value for _, value in app.find("xh-action").options]
    for animal, cell in [("L", (1, 0)), ("B", (2, 0)), ("M", (3, 0))]:
        assert app.choose_animal(animal).click(cell)
    assert not app.game.is_over
    app.choose_action("swap")
    assert app.click((1, 0)) is False and app.selection == (1, 0)  # the first cell is only selected
    assert app.click((2, 0))
    assert app.game.board[(1, 0)] == "B" and app.game.board[(2, 0)] == "L"

    redraw = XochintlanApp(players=["human", "human"], rules=Rules(allow_redraw=True), seed=3)
    old = redraw.game.cards[0][0]
    redraw.find("xh-redraw").click()
    assert redraw.game.cards[0][0] != old
    assert redraw.text("xh-revealed") == f"Revealed: Player 1 {old.name}"


def test_hex_lattice_board_plays_too():
    app = XochintlanApp(players=["human", "human"], rules=Rules(lattice="hex"), seed=1, board="ipympl")
    browser_click(app.board, app.cell_to_canvas_fraction((1, -1)))
    assert app.game.board[(1, -1)] == "L"
    app = XochintlanApp(players=["human", "human"], rules=Rules(lattice="hex"), seed=1)  # drawn by the browser
    app.svg_board._handle_custom_msg({"type": "click", "cell": [1, -1]}, [])
    assert app.game.board[(1, -1)] == "L" and 'data-cell="1,-1"' in app.svg_board.svg


def test_bad_arguments_say_what_is_allowed():
    app = hot_seat()
    with pytest.raises(ValueError, match="action must be one of"):
        app.choose_action("jump")
    with pytest.raises(ValueError, match="animal must be one of"):
        app.choose_animal("Q")
    with pytest.raises(ValueError, match="cell must be"):
        app.click("a1")
    with pytest.raises(ValueError, match="players must list"):
        XochintlanApp(players=[])
    with pytest.raises(ValueError, match="pause"):
        XochintlanApp(pause=-1)


# ---------------------------------------------------------------------------------------------
# Hextremadura
# ---------------------------------------------------------------------------------------------
def completing_state(seed: int, board: str = "svg") -> tuple[HextremaduraApp, HexPlace]:
    """An app on a seeded game, played until some legal placement would complete a tile."""
    app = HextremaduraApp(seed=seed, board=board)
    rng = random.Random(seed)
    for _ in range(30):
        for action in app.game.legal_actions():
            if app.game.would_remove(action):
                return app, action
        app.play(app.game.random_action(rng))
    raise AssertionError("no completing placement found")


def test_a_click_with_a_rotation_outside_0_to_5_is_refused_in_the_message():
    # A Place is checked as it is built: the app shows the refusal instead of a traceback.
    app = HextremaduraApp(seed=3)
    app.rotation = 7
    assert app.click((0, 0)) is False
    assert "rotation 7 is outside 0..5" in app.text("xh-message") and not app.game.map
    app.hovered = (0, 0)
    assert app.preview is None


def page_message(app: HextremaduraApp, content: dict) -> None:
    """Deliver a message from the SVG map's page (a click, a hover, a chosen tile), as the browser sends it."""
    app.svg_board._received(app.svg_board, content, None)


@pytest.mark.parametrize("board", ["svg", "ipympl"])
def test_first_click_on_the_empty_map_places_the_selected_tile_there(board):
    app = HextremaduraApp(seed=3, board=board)
    offer, top = app.game.available()
    assert app.selected_tile == offer
    if board == "svg":
        page_message(app, {"type": "click", "cell": [1, -1]})
    else:
        browser_click(app.board, app.cell_to_canvas_fraction((1, -1)))
    assert app.game.map[(1, -1)].tile_id == offer
    # the offer is refilled from the pile, and the buttons follow
    assert app.game.offer == top
    assert app.text("xh-tiles") == f"Offer: {top}"
    assert app.text("xh-piles").startswith(f"Pile: {len(app.game.pile)} · Offer: {top}")


def test_choose_rotate_and_place_a_tile():
    app = HextremaduraApp(seed=3)
    app.click((0, 0))
    offer, top = app.game.available()
    app.choose_tile(top)
    app.rotate()
    browser_key(app, "r")  # the key does the same
    app.find("xh-rotate").click()
    app.find("xh-rotate-back").click()
    assert app.rotation == 2
    assert app.text("xh-selection") == f"Selected: {top}, front up, turned 2 × 60°"
    assert app.click((1, 0))
    placed = app.game.map[(1, 0)]
    assert (placed.tile_id, placed.rotation, placed.face) == (top, 2, "front")
    assert app.game.offer == offer  # the pile's top was played: the offer stays


@pytest.mark.parametrize("board", ["svg", "ipympl"])
def test_tile_pictures_beside_the_map_choose_a_tile_when_clicked(board):
    app = HextremaduraApp(seed=3, board=board)
    second = app.game.available()[1]
    if board == "svg":
        assert f'data-tile="{second}"' in app.svg_board.svg
        page_message(app, {"type": "choose", "tile": second})
    else:
        browser_click(app.board, app.tile_to_canvas_fraction(1))
    assert app.selected_tile == second
    browser_key(app, "1")
    assert app.selected_tile == app.game.available()[0]


def test_a_refused_placement_is_explained_and_changes_nothing():
    app = HextremaduraApp(seed=3)
    app.click((0, 0))
    before = app.game.to_json()
    assert app.click((5, 5)) is False
    assert app.text("xh-message") == app.game.why_illegal(HexPlace(app.selected_tile, (5, 5), 0, "front"))
    assert app.game.to_json() == before
    app.flip()  # a terrain tile in round 1 shows its front only
    assert app.face == "front" and "only river tiles" in app.text("xh-message")


def test_the_svg_map_carries_each_legal_cell_with_the_tiles_its_placement_completes():
    # The page previews a hover from the picture alone: each legal cell names the cells it would complete.
    app, action = completing_state(seed=11)
    app.choose_tile(action.tile_id)
    app.rotate(action.rotation - app.rotation)
    if app.face != action.face:
        app.flip()
    removed = app.game.would_remove(action)
    cells = {placed.tile_id: cell for cell, placed in app.game.map.items()}
    completes = " ".join(f"{c[0]},{c[1]}" for c in (cells.get(t, action.cell) for t in removed))
    svg = app.svg_board.svg
    assert f'data-cell="{action.cell[0]},{action.cell[1]}" ' in svg
    assert f'data-legal="1" data-completes="{completes}"' in svg
    legal = {
        a.cell
        for a in app.game.legal_actions()
        if (a.tile_id, a.rotation, a.face) == (action.tile_id, action.rotation, action.face)
    }
    assert svg.count('data-legal="1"') == len(legal)
    picture = app.svg_board.svg
    page_message(app, {"type": "hover", "cell": list(action.cell)})  # the kernel updates its line only
    assert app.svg_board.svg == picture
    assert app.text("xh-preview") == f"Preview: {action.tile_id} on {action.cell} completes {', '.join(removed)}"
    page_message(app, {"type": "click", "cell": list(action.cell)})
    assert app.text("xh-message") == f"Explored: {', '.join(removed)} (requirements met)"
    assert 'class="map-last"' in app.svg_board.svg


def test_the_preview_shows_the_tiles_a_placement_would_complete():
    app, action = completing_state(seed=11, board="ipympl")
    removed = app.game.would_remove(action)
    app.choose_tile(action.tile_id)
    app.rotate(action.rotation - app.rotation)
    if app.face != action.face:
        app.flip()
    browser_click(app.board, app.cell_to_canvas_fraction(action.cell), kind="motion_notify")
    assert app.hovered == action.cell
    assert app.text("xh-preview") == f"Preview: {action.tile_id} on {action.cell} completes {', '.join(removed)}"
    rings = [
        p
        for p in app.map_ax.patches
        if matplotlib.colors.same_color(p.get_edgecolor(), hextremadura_app.COMPLETE_COLOUR)
    ]
    assert len(rings) == len([t for t in removed if t != action.tile_id])
    assert app.click(action.cell)
    assert app.text("xh-message") == f"Explored: {', '.join(removed)} (requirements met)"
    assert not set(removed) & {placed.tile_id for placed in app.game.map.values()}


def test_the_map_keeps_its_frame_until_the_tiles_reach_its_edge():
    app = HextremaduraApp(seed=3)
    kept = grew = 0
    for cell in [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]:
        before = app._view_cells()
        assert app.click(cell)
        shown = {c for placed in app.game.map for c in [placed, *HEX.neighbours(placed)]}
        assert shown <= app._view_cells()  # the tiles and every open cell are on the map
        if shown <= before:
            kept += 1
            assert app._view_cells() is before  # the same frame, the same tile size
        else:
            grew += 1
    assert kept >= 3 and grew >= 1


def test_hovering_away_from_the_open_cells_shows_no_preview():
    app = HextremaduraApp(seed=3)
    app.click((0, 0))
    app.hover((0, 0))  # occupied
    assert app.preview is None and app.text("xh-preview") == "Preview: point at an empty cell by the map"


def test_a_river_tile_flips():
    app = HextremaduraApp(seed=3)
    rng = random.Random(0)
    while not any(app.game.tileset[t].is_river for t in app.game.available()):
        app.play(app.game.random_action(rng))
    river = next(t for t in app.game.available() if app.game.tileset[t].is_river)
    app.choose_tile(river)
    assert not app.find("xh-flip").disabled
    face = app.face
    app.find("xh-flip").click()
    assert app.face != face and app.text("xh-selection").startswith(f"Selected: {river}, {app.face} up")


def test_a_whole_game_to_the_end_screen_then_undo_and_new_game():
    app = HextremaduraApp(seed=5)
    rng = random.Random(5)
    while not app.game.is_over:
        cell = rng.choice(app.game.open_cells())
        app.choose_tile(rng.choice(app.game.available()))
        app.rotate(rng.randrange(6))
        assert app.click(cell)
    banner = app.text("xh-banner")
    rating = rating_name(app.game.rating())  # the band as a person reads it ("Wanderer")
    assert banner.startswith(f"Game over: score {app.game.score()} of {app.game.max_score}, rating {rating}")
    assert "Quests: Monfragüe" in banner
    assert app.text("xh-status").endswith("game over")
    assert app.click((9, 9)) is False and "over" in app.text("xh-message")
    assert app.find("xh-tiles").layout.display == "none"  # no tile left to choose
    assert app.undo() and not app.game.is_over and app.text("xh-banner") == ""
    assert app.find("xh-tiles").layout.display is None and app.text("xh-tiles").startswith("Offer: ")
    app.find("xh-new-game").click()
    assert app.game.map == {} and app.game.round == 1


def test_the_tile_buttons_never_keep_a_stale_button_on_the_page():
    # The page redraws toggle buttons only when a label differs from the one shown at its
    # place; a list that merely lost its tail would leave a stale button behind.
    app = HextremaduraApp(seed=2)
    shown: list[list[str]] = [[label for label, _ in app.find("xh-tiles").options]]
    app.find("xh-tiles").observe(lambda change: shown.append([label for label, _ in change["new"]]), "options")
    rng = random.Random(2)
    while not app.game.is_over:
        app.play(app.game.random_action(rng))
    assert any(len(after) < len(before) for before, after in zip(shown, shown[1:]))  # the pile did run out
    for before, after in zip(shown, shown[1:]):
        redrawn = len(after) >= len(before) or after != before[: len(after)]
        assert redrawn or not after, (before, after)


def round_two_record() -> tuple[int, list[HexPlace]]:
    """A seed and the greedy player's actions up to the first back-facing tile on the map (round 2)."""
    from xochintlan_hex.hextremadura import Hextremadura
    from xochintlan_hex.players import get_player

    player = get_player("greedy", game="hextremadura")
    for seed in range(100):
        game, rng = Hextremadura(seed=seed), random.Random(seed)
        while not game.objectives() and not game.is_over:
            game.play(player.choose(game, rng))
        if game.objectives():
            return seed, list(game.history)
    raise AssertionError("the greedy player reached round 2 in none of 100 games")


def test_objectives_and_score_as_they_stand():
    seed, actions = round_two_record()
    app = HextremaduraApp(seed=seed)
    assert app.text("xh-score") == f"Score: 0 of {app.game.max_score}"
    assert app.text("xh-objectives").startswith("Objectives: none yet")
    for action in actions:
        assert app.play(action)
    assert app.text("xh-status") == "Round 2"
    statuses = app.game.objectives()
    assert statuses
    text = app.text("xh-objectives")
    for status in statuses:
        assert f"{'✓' if status.holds else '✗'} {status.tile_id}: {status.objective.describe()}" in text
    assert " a acorn" not in text  # "an acorn", as it is said
    assert app.text("xh-score") == f"Score: {app.game.score()} of {app.game.max_score}"
    # in round 2 terrain tiles are played back up, as the engine says
    terrain = [t for t in app.game.available() if not app.game.tileset[t].is_river]
    if terrain:
        app.choose_tile(terrain[0])
        assert app.face == "back" == app.game.faces(terrain[0])[0]


def test_hextremadura_bad_arguments():
    app = HextremaduraApp(seed=3)
    with pytest.raises(ValueError, match="tile_id must be an available tile"):
        app.choose_tile("T99")
    with pytest.raises(ValueError, match="cell must be"):
        app.click(None)


# ---------------------------------------------------------------------------------------------
# Polyform explorer
# ---------------------------------------------------------------------------------------------
def test_explorer_size_lattice_and_kind_change_the_gallery():
    ex = PolyformExplorer()
    assert ex.text("xh-caption") == "12 free pentominoes"
    first = ex._gallery.png()
    ex.find("xh-size").value = 4
    assert ex.text("xh-caption") == "5 free tetrominoes" and len(ex.forms) == 5
    assert ex._gallery.png() != first
    ex.find("xh-kind").value = "one-sided"
    assert len(ex.forms) == 7
    ex.set_kind("fixed")
    assert len(ex.forms) == 19
    ex.find("xh-lattice").value = "hex"
    assert ex.text("xh-caption") == "44 fixed tetrahexes · showing 1–24"  # the size is kept
    ex.set_lattice("square").set_size(8)
    assert ex.pages > 1 and len(ex.page_forms) == explorer.PAGE_SIZE
    shown = ex.page_forms
    ex.find("xh-next").click()
    assert ex.page == 1 and ex.page_forms != shown
    # the drop-down lists the page shown, after the selected form (on page 1), which it still names
    labels = [label for label, _ in ex.find("xh-form").options]
    assert labels[0] == f"1. {ex.forms[0].name} (selected, page 1)" and ex.text("xh-form") == labels[0]
    assert labels[1].startswith("25. ") and len(labels) == len(ex.page_forms) + 1
    ex.find("xh-form").value = 30  # choosing there selects that form
    assert ex.selected == ex.forms[30] and ex.page == 1


def test_the_gallery_canvas_takes_the_shape_of_its_forms():
    ex = PolyformExplorer()
    for lattice, size, kind in [
        ("square", 5, "free"),
        ("square", 4, "one-sided"),
        ("square", 1, "free"),
        ("square", 6, "one-sided"),
        ("hex", 3, "free"),
    ]:
        ex.set_lattice(lattice).set_kind(kind).set_size(size)
        ax = ex._gallery_ax
        ax.apply_aspect()
        # the forms fill the canvas from top to bottom: no empty bands above and below them
        assert ax.get_position().height > 0.95, (lattice, size, kind)
        width, height = ex._gallery.figure.get_size_inches()
        assert width <= explorer.GALLERY_MAX[0] and height <= explorer.GALLERY_MAX[1]
    # a page of a few forms makes a short canvas; a full page of hexominoes the tallest one
    assert tuple(ex.set_lattice("square").set_kind("free").set_size(5)._gallery.figure.get_size_inches()) == (4.6, 1.87)
    assert ex.set_kind("one-sided").set_size(6)._gallery.figure.get_size_inches()[1] == explorer.GALLERY_MAX[1]
    # a click still selects the form under the mouse on the resized canvas
    browser_click(ex._gallery, ex.form_to_canvas_fraction(9))
    assert ex.selected_index == 9


def test_explorer_rotate_mirror_symmetry_and_placements():
    ex = PolyformExplorer(kind="one-sided")
    ex.select("L")
    assert ex.text("xh-placements") == (
        "Around the Human: 20 placements as a goal card (turns only), 40 with mirror images"
    )
    assert ex.text("xh-symmetry") == "Symmetry group C1, order 1: no turn, no mirror line"
    cells = ex.selected.cells
    ex.find("xh-rotate").click()
    assert ex.selected.cells != cells and ex.selected.name == "L"
    ex.find("xh-mirror").click()
    assert ex.selected.name == "L'" and ex.forms[ex.selected_index].name == "L'"
    ex.select("X")
    assert ex.text("xh-symmetry") == "Symmetry group D4, order 8: turns by 90°, 180°, 270°, 4 mirror lines"
    assert ex.placements == (5, 5)
    ex.set_size(3)
    assert ex.text("xh-placements").endswith("with mirror images") and "were it a goal card" in ex.text("xh-placements")


def test_explorer_gallery_click_selects_a_form():
    ex = PolyformExplorer()
    browser_click(ex._gallery, ex.form_to_canvas_fraction(9))
    assert ex.selected.name == "X" and ex.find("xh-form").value == 9
    ex.find("xh-form").value = 2
    assert ex.selected.name == "L"


# ---------------------------------------------------------------------------------------------
# Without ipympl
# ---------------------------------------------------------------------------------------------
@pytest.fixture
def no_ipympl(monkeypatch):
    """Make ``import ipympl...`` fail, as on a machine without it."""
    monkeypatch.setitem(sys.modules, "ipympl", None)
    monkeypatch.setitem(sys.modules, "ipympl.backend_nbagg", None)


def test_without_ipympl_the_apps_say_so_and_still_play(no_ipympl):
    app = hot_seat(board="ipympl")
    assert not app.board.interactive
    notice = app.text("xh-notice")
    assert "ipympl" in notice and "pip install ipympl" in notice
    picture = app.board.widget.children[1]
    assert isinstance(picture, w.Image) and bytes(picture.value).startswith(b"\x89PNG")
    before = bytes(picture.value)
    assert app.click((1, 0)) and bytes(picture.value) != before
    hextremadura = HextremaduraApp(seed=3, board="ipympl")
    assert hextremadura.click((0, 0)) and "pip install ipympl" in hextremadura.text("xh-notice")
    explorer_app = PolyformExplorer()
    assert not explorer_app._gallery.interactive and explorer_app.set_size(4).text("xh-caption") == "5 free tetrominoes"


# ---------------------------------------------------------------------------------------------
# The pieces
# ---------------------------------------------------------------------------------------------
def test_the_apps_show_themselves_in_a_notebook():
    for app in (hot_seat(), HextremaduraApp(seed=1), PolyformExplorer()):
        bundle = app._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert "xh-app" in app.widget._dom_classes


def test_the_board_canvas_sends_whole_frames():
    # A frame that is a difference from the last one leaves stale pixels behind
    # when the browser drops one; whole frames never do.
    from PIL import Image

    app = hot_seat(board="ipympl")
    canvas = app.board.canvas
    canvas.syncing_data_url = False  # as once a page has connected
    sent = []
    canvas.send_binary = sent.append
    canvas.draw()
    app.click((1, 0))
    canvas.draw()
    assert len(sent) == 2 and canvas._current_image_mode == "full"
    frame = Image.open(io.BytesIO(sent[-1]))
    assert frame.size == (round(app.figure.bbox.width), round(app.figure.bbox.height))
    assert frame.getextrema()[3] == (255, 255)  # opaque everywhere: nothing left of the frame before


def test_pixel_to_cell_inverts_the_drawing_layout():
    from xochintlan_hex.lattice import HEX, SQUARE

    for lattice in (SQUARE, HEX):
        for cell in [(0, 0), (3, -2), (-4, 5)]:
            x, y = lattice.center(cell)
            for corner in lattice.corners(cell):  # just inside each corner
                assert base.cell_at(lattice, x + 0.9 * (corner[0] - x), y + 0.9 * (corner[1] - y)) == cell


@pytest.mark.parametrize("module", [base, sprites, explorer, xochintlan_app, hextremadura_app, widgets])
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_showing_an_app_leaves_the_notebooks_plotting_backend_alone():
    # In a fresh process, as in a new kernel: importing ipympl would switch matplotlib
    # to the widget backend, turning every later lesson picture into a widget.
    import subprocess
    import textwrap

    script = textwrap.dedent(
        """
        import matplotlib
        matplotlib.use("module://matplotlib_inline.backend_inline")
        import matplotlib.pyplot as plt
        from xochintlan_hex.widgets import XochintlanApp
        app = XochintlanApp(players=["human", "human"], seed=1, board="ipympl")
        assert app.board.interactive
        print(matplotlib.get_backend(), type(plt.subplots()[0].canvas).__name__)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["module://matplotlib_inline.backend_inline", "FigureCanvasAgg"]
