"""The classroom features of the apps, without a browser: keys, the last move, the board drawn
as SVG, the student page's chooser, Hextremadura's preview and end map, saved pictures."""

from __future__ import annotations

import base64
import random

import pytest

from xochintlan_hex.players import get_player
from xochintlan_hex.widgets import GameChooser, HextremaduraApp, XochintlanApp
from xochintlan_hex.widgets.hextremadura_app import MAP_RECT, WHOLE_RECT


def test_keys_sent_by_the_page_act_on_the_game_and_others_do_nothing():
    app = XochintlanApp(players=["human", "human"], seed=1)
    app.keys._handle_custom_msg({"key": "s"}, [])
    app.keys._handle_custom_msg({"key": "b"}, [])
    assert (app.action, app.animal) == ("switch", "B")
    before = app.game.to_json()
    app.keys._handle_custom_msg({"key": "x"}, [])  # not a key of the game: nothing happens
    app.keys._handle_custom_msg({"key": "u"}, [])  # nothing to undo: refused, nothing changes
    assert app.game.to_json() == before
    assert "Nothing to undo" in app.text("xh-message")


def test_the_last_move_names_the_player_counted_from_1_and_the_computer():
    app = XochintlanApp(players=["human", "greedy"], seed=1, pause=0)
    assert app.text("xh-last-move") == "Last move: none yet"
    app.click((1, 0))
    assert app.text("xh-last-move").startswith("Last move: Player 2 (greedy) ")
    app.undo()  # back to the person's turn: the computer's reply and the move are taken back
    assert app.text("xh-last-move") == "Last move: none yet"


def test_a_refused_switch_of_the_tile_just_played_names_the_lock():
    app = XochintlanApp(players=["human", "human"], seed=1)
    for cell, animal in [((1, 0), "L"), ((-1, 0), "B"), ((1, -1), "L")]:
        assert app.choose_animal(animal).click(cell)
    assert not app.choose_action("switch").choose_animal("L").click((1, -1))
    assert app.text("xh-message") == "(1, -1) was just played by the previous player"


def test_the_svg_board_plays_the_clicked_cell_and_marks_the_last_move():
    app = XochintlanApp(players=["human", "human"], seed=1, board="svg")
    app.svg_board._handle_custom_msg({"type": "click", "cell": [1, 0]}, [])
    assert app.game.board[(1, 0)] == "L"
    svg = app.svg_board.svg
    assert 'data-cell="1,0"' in svg and 'stroke-dasharray="7 3"' in svg  # the last move, dashed
    fx, fy = app.cell_to_canvas_fraction((1, 0))
    assert 0.5 < fx < 1 and abs(fy - 0.5) < 0.05  # right of the Human, in the middle row
    with pytest.raises(ValueError, match="board must be one of"):
        XochintlanApp(board="canvas")


def test_a_saved_notebook_keeps_a_picture_of_the_board():
    for app in [XochintlanApp(seed=1), XochintlanApp(seed=1, board="svg"), HextremaduraApp(seed=3)]:
        bundle = app._repr_mimebundle_()
        assert base64.b64decode(bundle["image/png"]).startswith(b"\x89PNG")
        assert "run the notebook" in bundle["text/plain"]


def test_no_preview_where_a_tile_was_just_placed_until_the_mouse_moves_on():
    app = HextremaduraApp(seed=3)
    app.hover((0, 0))
    assert app.preview is not None
    assert app.click((0, 0))
    app.hover((0, 0))  # the mouse still rests there
    assert app.preview is None
    neighbour = app.game.open_cells()[0]
    app.hover(neighbour)
    assert app.preview is not None


def test_another_tile_starts_unturned_and_the_end_map_takes_the_whole_board():
    app = HextremaduraApp(seed=7, board="ipympl")
    offer, top = app.game.available()
    app.rotate().choose_tile(top)
    assert app.rotation == 0 and app.text("xh-selection") == f"Selected: {top}, front up, turned 0 × 60°"
    assert tuple(app.map_ax.get_position(original=True).bounds) == pytest.approx(MAP_RECT)
    player, rng = get_player("greedy", game="hextremadura"), random.Random(0)
    while not app.game.is_over:
        assert app.play(player.choose(app.game.clone(), rng))
    assert tuple(app.map_ax.get_position(original=True).bounds) == pytest.approx(WHOLE_RECT)
    assert "Objectives:" in app.text("xh-objectives")


def test_the_svg_end_map_frames_the_tiles_alone_and_shows_every_objective():
    app = HextremaduraApp(seed=7)
    assert app.svg_board.svg.count("data-tile=") == 2  # the two available tiles beside the map
    player, rng = get_player("greedy", game="hextremadura"), random.Random(0)
    while not app.game.is_over:
        assert app.play(player.choose(app.game.clone(), rng))
    svg = app.svg_board.svg
    assert "data-tile=" not in svg  # no panel left: the map takes the whole picture
    assert svg.count("data-cell=") == len(app.game.map)  # the tiles alone, as large as the board allows
    assert svg.count('class="map-objective"') == len(app.statuses) > 0
    assert svg.count('class="map-verdict"') == len(app.statuses)


def test_the_chooser_refuses_too_few_players_and_starts_each_game():
    chooser = GameChooser().choose(game="xochintlan", people=1, computers=0).start()
    assert chooser.app is None and "needs 2 to 5 players" in chooser.text("xh-chooser-message")
    chooser.choose(people=2, computers=2, computer="random").start()
    assert [seat is None for seat in chooser.app.seats] == [True, True, False, False]
    assert chooser.choose(game="explorer", lattice="hex").start().app.lattice == "hex"
    with pytest.raises(ValueError, match="game must be one of"):
        chooser.choose(game="chess")


def test_the_chooser_deals_a_given_game_when_told_its_seed():
    first = GameChooser().choose(game="hextremadura").start(seed=8).app.game
    again = GameChooser().choose(game="hextremadura").start(seed=8).app.game
    assert first.to_json() == again.to_json()
    other = GameChooser().choose(game="xochintlan", people=2, computers=0)
    assert other.start(seed=8).app.game.to_json() == other.start(seed=8).app.game.to_json()
