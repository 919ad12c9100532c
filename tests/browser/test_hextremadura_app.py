"""HextremaduraApp in a real JupyterLab: choose, turn and place tiles with the mouse and keys.

The tiles are chosen with the page's toggle buttons or by clicking their
pictures beside the map, turned with the Rotate button and the ``r`` key, and
placed by clicking the map, which the browser draws (SVG; every cell carries
``data-cell``). The tests check what a player sees (the selection line, the
piles line, the available tiles, the map redrawn, the preview under the mouse,
the end map's objectives) and ask the kernel only to confirm where each tile
went, turned how. One test plays on the matplotlib map (``board="ipympl"``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = "xh-board"
NOTEBOOK = [
    "from xochintlan_hex.widgets import HextremaduraApp",
    "app = HextremaduraApp(seed=3)\napp",
]
NOTEBOOK_IPYMPL = [
    "%matplotlib widget\nfrom xochintlan_hex.widgets import HextremaduraApp",
    "app = HextremaduraApp(seed=3, board='ipympl')\napp",
]


def press_on_board(lab, key: str) -> None:
    """Point at the map (which gives the app the keys) and press ``key``."""
    lab.widget(f".{BOARD} svg").hover(position={"x": 5, "y": 5})
    lab.page.keyboard.press(key)


def tile_buttons(lab) -> list[str]:
    """The labels of the available-tile toggle buttons, in order."""
    return [label.strip() for label in lab.widget("xh-tiles").locator("button").all_inner_texts()]


def preview_state(lab) -> dict:
    """Where the page shows the previewed tile (None when hidden) and which cells it rings as completed."""
    return lab.page.evaluate("""() => {
      const preview = document.querySelector('.xh-board .map-preview');
      const rings = [...document.querySelectorAll('.xh-board .map-rings .map-ring')].map(r => r.getAttribute('transform'));
      return {shown: preview.getAttribute('display') !== 'none', at: preview.getAttribute('transform'), rings};
    }""")


def cell_transform(lab, cell: tuple[int, int]) -> str:
    """The translation that puts a picture on ``cell``'s centre, as the map lays it out."""
    x, y = lab.widget(f'.{BOARD} [data-cell="{cell[0]},{cell[1]}"]').evaluate("g => [g.dataset.x, g.dataset.y]")
    return f"translate({x},{y})"


def test_choose_rotate_place_and_the_offer_refills(lab, lab_server):
    lab_server.add_notebook("hextremadura_play.ipynb", NOTEBOOK)
    lab.open_notebook("hextremadura_play.ipynb")
    lab.run_all_cells()
    offer, top, next_top = lab.python("(app.game.offer, app.game.pile[0], app.game.pile[1])")
    pile = lab.python("len(app.game.pile)")
    lab.expect_text("xh-status", "Round 1", exact=True)
    lab.expect_text("xh-piles", f"Pile: {pile} · Offer: {offer} · Explored: 0 · On the map: 0", exact=True)
    assert tile_buttons(lab) == [f"Offer: {offer}", f"Pile: {top}"]
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 0 × 60°", exact=True)
    lab.screenshot("start", target="xh-hextremadura")
    picture = lab.board_picture()

    # Choose the top of the pile by clicking its picture beside the map, turn it with the button, then the key.
    lab.click(f'.{BOARD} [data-tile="{top}"]')
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 0 × 60°", exact=True)
    assert lab.widget("xh-tiles").get_by_role("button", name=f"Pile: {top}").get_attribute("class").count("mod-active")
    picture = lab.expect_board_change(picture)  # its panel is framed as selected
    lab.click("xh-rotate")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 1 × 60°", exact=True)
    picture = lab.expect_board_change(picture)  # the panel shows it turned
    press_on_board(lab, "r")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 2 × 60°", exact=True)
    picture = lab.expect_board_change(picture)

    # The first tile goes anywhere: the middle of the map.
    lab.click_cell((0, 0))
    lab.expect_text("xh-piles", f"Pile: {pile - 1} · Offer: {offer} · Explored: 0 · On the map: 1", exact=True)
    picture = lab.expect_board_change(picture)
    assert lab.python("tuple(app.game.map[(0, 0)])") == [top, "front", 2]
    assert tile_buttons(lab) == [f"Offer: {offer}", f"Pile: {next_top}"]
    assert lab.widget(f'.{BOARD} [data-cell="0,0"] title').text_content() == f"(0, 0): {top}"
    assert lab.widget(f".{BOARD} .map-last").count() == 1  # the last placement is outlined
    lab.screenshot("first-tile", target="xh-hextremadura")

    # A cell touching no tile is refused, and nothing moves.
    lab.click_cell((2, -2))
    lab.expect_text("xh-message", "touches no tile")
    assert lab.python("len(app.game.map)") == 1

    # Play the offer next to the first tile: the top of the pile refills the offer.
    # (Each new tile starts unturned.)
    lab.choose("xh-tiles", f"Offer: {offer}")
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 0 × 60°", exact=True)
    for _ in range(3):
        press_on_board(lab, "r")
    lab.expect_text("xh-selection", f"Selected: {offer}, front up, turned 3 × 60°", exact=True)
    lab.click_cell((1, 0))
    lab.expect_text("xh-piles", f"Pile: {pile - 2} · Offer: {next_top} · ", exact=False)
    lab.expect_text("xh-message", "", exact=True)
    lab.expect_board_change(picture)
    assert tile_buttons(lab)[0] == f"Offer: {next_top}"
    assert lab.python("app.game.offer") == next_top
    assert lab.python("(app.game.map[(1, 0)].tile_id, app.game.map[(1, 0)].rotation)") == [offer, 3]
    # The whole board can be seen, and no text is cut short.
    assert lab.board_hidden_edges() == []
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("two-tiles", target="xh-hextremadura")
    lab.screenshot("board-two-tiles", target=BOARD)

    # Place the top of the pile: the river tile under it comes up.
    top, river = lab.python("app.game.pile[:2]")
    assert lab.python(f"app.game.tileset[{river!r}].is_river")
    lab.choose("xh-tiles", f"Pile: {top}")
    lab.click_cell(tuple(lab.python("app.game.open_cells()[0]")))
    lab.expect_text("xh-tiles", f"Pile: {river}")
    assert lab.widget("xh-flip").is_disabled()  # a terrain tile shows its front all round 1

    # The river tile flips, with the button and with the 'f' key; its panel shows the face.
    lab.choose("xh-tiles", f"Pile: {river}")
    lab.expect_text("xh-selection", f"Selected: {river}, front up, turned 0 × 60°", exact=True)
    assert lab.widget("xh-flip").is_enabled()
    picture = lab.board_picture()
    lab.click("xh-flip")
    lab.expect_text("xh-selection", f"Selected: {river}, back up, turned 0 × 60°", exact=True)
    picture = lab.expect_board_change(picture)
    press_on_board(lab, "f")
    lab.expect_text("xh-selection", f"Selected: {river}, front up, turned 0 × 60°", exact=True)
    picture = lab.expect_board_change(picture)
    lab.click("xh-flip")
    lab.expect_text("xh-selection", f"Selected: {river}, back up, turned 0 × 60°", exact=True)
    picture = lab.expect_board_change(picture)
    # ... and goes down back up.
    cell = tuple(lab.python("app.game.open_cells()[-1]"))
    piles = lab.text("xh-piles")
    lab.click_cell(cell)
    lab.expect_text_change("xh-piles", piles)
    lab.expect_board_change(picture)
    assert lab.python(f"tuple(app.game.map[{cell!r}])") == [river, "back", 0]
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("river-tile-back-up", target="xh-hextremadura")


def test_a_hover_previews_the_tile_in_the_page_and_a_new_choice_starts_unturned(lab, lab_server):
    lab_server.add_notebook("hextremadura_hover.ipynb", NOTEBOOK)
    lab.open_notebook("hextremadura_hover.ipynb")
    lab.run_all_cells()
    lab.execute(COMPLETING)  # a few tiles down, and a placement that would complete some of them
    tile, cell, rotation, face, rings = lab.python(
        "(_action.tile_id, list(_action.cell), _action.rotation, _action.face, _rings)"
    )
    cell = tuple(cell)
    lab.expect_text("xh-selection", f"Selected: {tile}, {face} up, turned {rotation} × 60°", exact=True)
    assert not preview_state(lab)["shown"]

    # Over a legal cell: the tile is shown there at once, the tiles it would complete ringed in green.
    lab.widget(f'.{BOARD} [data-cell="{cell[0]},{cell[1]}"]').hover()
    state = preview_state(lab)
    assert state["shown"] and state["at"] == cell_transform(lab, cell)
    assert sorted(state["rings"]) == sorted(cell_transform(lab, tuple(c)) for c in rings)
    lab.expect_text("xh-preview", f"Preview: {tile} on ({cell[0]}, {cell[1]}) completes ")
    lab.screenshot("preview", target="xh-hextremadura")
    # Over a placed tile: no preview.
    placed = tuple(lab.python("next(iter(app.game.map))"))
    lab.widget(f'.{BOARD} [data-cell="{placed[0]},{placed[1]}"]').hover()
    assert not preview_state(lab)["shown"]
    lab.expect_text("xh-preview", "Preview: point at an empty cell", exact=False)

    # Turn the tile, then choose the other one by its picture: it starts unturned, and so does its preview.
    other = lab.python(f"next(t for t in app.game.available() if t != {tile!r})")
    press_on_board(lab, "r")
    lab.expect_text("xh-selection", f"turned {(rotation + 1) % 6} × 60°")
    lab.click(f'.{BOARD} [data-tile="{other}"]')
    other_face = lab.python(f"app.game.faces({other!r})[0]")
    lab.expect_text("xh-selection", f"Selected: {other}, {other_face} up, turned 0 × 60°", exact=True)
    assert lab.python("app.rotation") == 0

    # The map scales with the width it is given, and stays whole.
    wide = tile_width(lab, placed)
    lab.page.set_viewport_size({"width": 900, "height": 800})
    lab.page.wait_for_timeout(300)
    assert tile_width(lab, placed) < wide, "the map keeps its size in a narrower window"
    assert lab.board_hidden_edges() == []


def tile_width(lab, cell: tuple[int, int]) -> float:
    """How wide a tile of the map is on the page (CSS pixels)."""
    return lab.widget(f'.{BOARD} [data-cell="{cell[0]},{cell[1]}"] .map-outline').bounding_box()["width"]


# Plays until a placement of an available tile would complete tiles on the map, and selects it.
COMPLETING = """
import random
_rng = random.Random(11)
for _ in range(40):
    _found = [a for a in app.game.legal_actions() if app.game.would_remove(a)
              and set(app.game.would_remove(a)) - {a.tile_id}]
    if _found:
        break
    assert app.play(app.game.random_action(_rng)), app.message
_action = _found[0]
app.choose_tile(_action.tile_id)
if app.face != _action.face:
    app.flip()
app.rotate(_action.rotation - app.rotation)
_cells = {placed.tile_id: cell for cell, placed in app.game.map.items()}
_rings = [list(_cells.get(t, _action.cell)) for t in app.game.would_remove(_action)]
"""


def test_the_matplotlib_map_still_plays(lab, lab_server):
    lab_server.add_notebook("hextremadura_ipympl.ipynb", NOTEBOOK_IPYMPL)
    lab.open_notebook("hextremadura_ipympl.ipynb")
    lab.run_all_cells()
    offer, top = lab.python("app.game.available()")
    picture = lab.canvas_image(BOARD)
    lab.choose("xh-tiles", f"Pile: {top}")
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 0 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    lab.press_on_canvas("r", within=BOARD)
    lab.expect_text("xh-selection", f"Selected: {top}, front up, turned 1 × 60°", exact=True)
    picture = lab.expect_canvas_change(picture, within=BOARD)
    lab.click_canvas_where("app.cell_to_canvas_fraction((0, 0))", within=BOARD)
    lab.expect_text("xh-piles", "On the map: 1")
    lab.expect_canvas_change(picture, within=BOARD)
    assert lab.python("tuple(app.game.map[(0, 0)])") == [top, "front", 1]
    assert lab.canvas_hidden_edges(BOARD) == []
    lab.screenshot("ipympl-map", target="xh-hextremadura")


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
    lab.open_notebook("hextremadura_end.ipynb", wide=False)  # 1280 px wide, the file browser open
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
    picture = lab.board_picture()
    placed = tuple(lab.python("next(iter(app.game.map))"))
    before = tile_width(lab, placed)
    lab.click_cell(tuple(cell))

    lab.expect_text("xh-status", f"Round {rounds} · game over", exact=True)
    best = lab.python("app.game.max_score")
    lab.expect_text("xh-banner", f"Game over: score {score} of {best}, rating {rating}")
    lab.expect_text("xh-banner", "Quests: Monfragüe")
    lab.expect_text("xh-selection", "No tile left to place", exact=True)
    lab.expect_visible("xh-tiles", visible=False)  # no tile left to choose
    lab.expect_board_change(picture)
    assert lab.python("(app.game.is_over, app.game.score(), app.game.rating())") == [True, score, band]
    assert lab.board_hidden_edges() == []
    assert lab.cut_off_texts("xh-hextremadura") == []
    lab.screenshot("end-screen", target="xh-hextremadura")
    # The end map takes the room of the available tiles: its tiles grow.
    assert tile_width(lab, placed) > 1.15 * before

    # The end map: every objective on its tile, in words of at least 12 CSS pixels (9 points), none cut.
    objectives = lab.python("len(app.statuses)")
    texts = lab.page.evaluate(OBJECTIVE_TEXTS)
    assert objectives > 0 and len(texts) == objectives
    for text in texts:
        assert text["shown"], f"objective text {text['text']!r} is left off its tile"
        assert text["px"] >= 12 - 0.01, f"objective text {text['text']!r} is {text['px']:.1f} px"
        assert text["inPlate"] and text["inPicture"], f"objective text {text['text']!r} is cut: {text}"
        assert text["under"] == [], f"objective text {text['text']!r} is covered by {text['under']}"
    lab.screenshot("end-map", target=BOARD)


# Each objective's words on the end map: their size on the page, whether they lie whole inside their
# plate and inside the picture, and the other plates that overlap theirs (as the browser laid them out).
OBJECTIVE_TEXTS = """() => {
  const svg = document.querySelector('.xh-board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const picture = svg.getBoundingClientRect();
  const inside = (r, box) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
                             && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const plates = [...svg.querySelectorAll('.map-objective')];
  return plates.map(badge => {
    const plate = badge.querySelector('.map-plate').getBoundingClientRect();
    const lines = [...badge.querySelectorAll(':scope > text')];
    const rects = lines.map(t => t.getBoundingClientRect());
    return {
      text: lines.map(t => t.textContent).join(' / '),
      shown: !badge.classList.contains('map-compact'),
      px: Math.min(...lines.map(t => Number(t.getAttribute('font-size')) * scale)),
      inPlate: rects.every(r => inside(r, plate)),
      inPicture: rects.every(r => inside(r, picture)),
      under: plates.filter(other => other !== badge && overlap(other.querySelector('.map-plate').getBoundingClientRect(), plate))
                   .map(other => other.textContent),
    };
  });
}"""
