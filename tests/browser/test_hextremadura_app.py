"""HextremaduraApp in a real JupyterLab: choose, turn and place tiles with the mouse and keys.

The tiles are chosen with the page's toggle buttons, turned with the Rotate
button and the ``r`` key on the board, and placed by clicking the map. The test
checks what a player sees (the selection line, the piles line, the available
tiles, the map redrawn) and asks the kernel only to confirm where each tile
went, turned how.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = "xh-board"
NOTEBOOK = [
    "%matplotlib widget\nfrom xochintlan_hex.widgets import HextremaduraApp",
    "app = HextremaduraApp(seed=3)\napp",
]


def click_cell(lab, cell: tuple[int, int]) -> None:
    """Click the centre of a map cell, as the map is laid out now."""
    lab.click_canvas_where(f"app.cell_to_canvas_fraction({cell!r})", within=BOARD)


def tile_buttons(lab) -> list[str]:
    """The labels of the available-tile toggle buttons, in order."""
    return [label.strip() for label in lab.widget("xh-tiles").locator("button").all_inner_texts()]


def test_choose_rotate_place_and_the_offer_refills(lab, lab_server):
    lab_server.add_notebook("hextremadura_play.ipynb", NOTEBOOK)
    lab.open_notebook("hextremadura_play.ipynb")
    lab.run_all_cells()
    offer, top, next_top = lab.python("(app.game.offer, app.game.pile[0], app.game.pile[1])")
    pile = lab.python("len(app.game.pile)")
    lab.expect_text("xh-status", "Round 1", exact=True)
    lab.expect_text("xh-piles", f"Pile: {pile} · Offer: {offer} · Explored: 0 · On the map: 0",
                    exact=True)
    assert tile_buttons(lab) == [f"Offer: {offer}", f"Pile: {top}"]
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 0 × 60°", exact=True)
    lab.screenshot("start", target="xh-hextremadura")
    picture = lab.canvas_image(BOARD)

    # Choose the top of the pile, turn it with the button, then with the 'r' key.
    lab.choose("xh-tiles", f"Pile: {top}")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 0 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)  # its panel is marked selected
    lab.click("xh-rotate")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 1 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)  # the panel shows it turned
    lab.press_on_canvas("r", within=BOARD)
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 2 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)

    # The first tile goes anywhere: the middle of the map.
    click_cell(lab, (0, 0))
    lab.expect_text("xh-piles", f"Pile: {pile - 1} · Offer: {offer} · Explored: 0 · On the map: 1",
                    exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    assert lab.python("tuple(app.game.map[(0, 0)])") == [top, "front", 2]
    assert tile_buttons(lab) == [f"Offer: {offer}", f"Pile: {next_top}"]
    lab.screenshot("first-tile", target="xh-hextremadura")

    # A cell touching no tile is refused, and nothing moves.
    click_cell(lab, (2, -2))
    lab.expect_text("xh-message", "touches no tile")
    assert lab.python("len(app.game.map)") == 1

    # Play the offer next to the first tile: the top of the pile refills the offer.
    # (Each new tile starts unturned.)
    lab.choose("xh-tiles", f"Offer: {offer}")
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 0 × 60°", exact=True)
    lab.press_on_canvas("r", within=BOARD)
    lab.press_on_canvas("r", within=BOARD)
    lab.press_on_canvas("r", within=BOARD)
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 3 × 60°", exact=True)
    click_cell(lab, (1, 0))
    lab.expect_text("xh-piles", f"Pile: {pile - 2} · Offer: {next_top} · ", exact=False)
    lab.expect_text("xh-message", "", exact=True)
    lab.expect_canvas_change(picture, within=BOARD)
    assert tile_buttons(lab)[0] == f"Offer: {next_top}"
    assert lab.python("app.game.offer") == next_top
    assert lab.python("(app.game.map[(1, 0)].tile_id, app.game.map[(1, 0)].rotation)") == [offer, 3]
    # The whole board can be seen, and no text is cut short.
    assert lab.canvas_hidden_edges(BOARD) == []
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("two-tiles", target="xh-hextremadura")
    lab.screenshot("board-two-tiles", target=BOARD)

    # Place the top of the pile: the river tile under it comes up.
    top, river = lab.python("app.game.pile[:2]")
    assert lab.python(f"app.game.tileset[{river!r}].is_river")
    lab.choose("xh-tiles", f"Pile: {top}")
    click_cell(lab, tuple(lab.python("app.game.open_cells()[0]")))
    lab.expect_text("xh-tiles", f"Pile: {river}")
    assert lab.widget("xh-flip").is_disabled()  # a terrain tile shows its front all round 1

    # The river tile flips, with the button and with the 'f' key; its panel shows the face.
    lab.choose("xh-tiles", f"Pile: {river}")
    lab.expect_text("xh-selection", f"Selected: {river}, front up, turned 0 × 60°", exact=True)
    assert lab.widget("xh-flip").is_enabled()
    picture = lab.canvas_image(BOARD)
    lab.click("xh-flip")
    lab.expect_text("xh-selection", f"Selected: {river}, back up, turned 0 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    lab.press_on_canvas("f", within=BOARD)
    lab.expect_text("xh-selection", f"Selected: {river}, front up, turned 0 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    lab.click("xh-flip")
    lab.expect_text("xh-selection", f"Selected: {river}, back up, turned 0 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    # ... and goes down back up.
    cell = tuple(lab.python("app.game.open_cells()[-1]"))
    piles = lab.text("xh-piles")
    click_cell(lab, cell)
    lab.expect_text_change("xh-piles", piles)
    lab.expect_canvas_change(picture, within=BOARD)
    assert lab.python(f"tuple(app.game.map[{cell!r}])") == [river, "back", 0]
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("river-tile-back-up", target="xh-hextremadura")


# Plays a greedy game on a copy, then all of it but the last placement through the app.
PLAY_ALL_BUT_THE_LAST = """
import random
from xochintlan_hex.players import get_player
_copy, _player, _rng, _moves = app.game.clone(), get_player("greedy", game="hextremadura"), random.Random(0), []
while not _copy.is_over:
    _moves.append(_player.choose(_copy.clone(), _rng))
    _copy.play(_moves[-1])
for _move in _moves[:-1]:
    assert app.play(_move), app.message
last = _moves[-1]
"""


def test_the_last_placement_by_a_click_shows_the_end_screen(lab, lab_server):
    from playwright.sync_api import expect

    lab_server.add_notebook("hextremadura_end.ipynb", NOTEBOOK)
    lab.open_notebook("hextremadura_end.ipynb")
    lab.run_all_cells()
    lab.execute(PLAY_ALL_BUT_THE_LAST)
    tile, cell, rotation, face = lab.python("(last.tile_id, list(last.cell), last.rotation, last.face)")
    # the band as a person reads it ("Wanderer"; the game keeps "wanderer")
    score, band = lab.python("(_copy.score(), _copy.rating())")
    # the band as a person reads it ("Wanderer"; the game keeps "wanderer")
    rating = lab.python(f"__import__('xochintlan_hex.hextremadura').hextremadura.rating_name({band!r})")
    lab.expect_text("xh-banner", "", exact=True)
    rounds = lab.python("app.game.round")
    lab.expect_text("xh-status", f"Round {rounds}", exact=True)

    # The available tiles' buttons, and no stale one left from when the pile ran out.
    labels = lab.python("[f\"{'Offer' if t == app.game.offer else 'Pile'}: {t}\" for t in app.game.available()]")
    expect(lab.widget("xh-tiles").locator("button")).to_have_text(labels)

    # The last tile: chosen, turned and flipped on the page, placed by a click.
    label = next(b for b in labels if b.endswith(f": {tile}"))
    lab.choose("xh-tiles", label)
    lab.expect_text("xh-selection", f"Selected: {tile}, ")
    if lab.python("app.face") != face:
        lab.click("xh-flip")
    for _ in range(rotation):
        lab.click("xh-rotate")
    lab.expect_text("xh-selection", f"Selected: {tile}, {face} up, turned {rotation} × 60°", exact=True)
    picture = lab.canvas_image(BOARD)
    click_cell(lab, tuple(cell))

    lab.expect_text("xh-status", f"Round {rounds} · game over", exact=True)
    best = lab.python("app.game.max_score")
    lab.expect_text("xh-banner", f"Game over: score {score} of {best}, rating {rating}")
    lab.expect_text("xh-banner", "Quests: Monfragüe")
    lab.expect_text("xh-selection", "No tile left to place", exact=True)
    lab.expect_visible("xh-tiles", visible=False)  # no tile left to choose
    lab.expect_canvas_change(picture, within=BOARD)
    assert lab.python("(app.game.is_over, app.game.score(), app.game.rating())") == [True, score, band]
    assert lab.canvas_hidden_edges(BOARD) == []
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("end-screen", target="xh-hextremadura")
