"""The pictures: every drawing function renders a sane PNG with no warning and no pyplot figure
left open, a few renders match stored reference images, and kit objects show themselves.

Reference images live in tests/images/. After an intended change of a picture, look at the
new render, then regenerate the references with
``XOCHINTLAN_HEX_UPDATE_IMAGES=1 .venv/bin/pytest tests/test_viz.py``.
"""

from __future__ import annotations

import copy
import gc
import io
import os
import warnings
from pathlib import Path

import matplotlib
import matplotlib.colors
import matplotlib.patches
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.testing.compare import compare_images

from xochintlan_hex import viz
from xochintlan_hex.hextremadura import Hextremadura, PlacedTile, load_tileset
from xochintlan_hex.lattice import SQUARE
from xochintlan_hex.polyforms import Polyform, polyforms
from xochintlan_hex.viz import hextremadura as hx
from xochintlan_hex.viz import studies, style
from xochintlan_hex.viz.polyforms import gallery_size
from xochintlan_hex.viz.xochintlan import action_cells, board_of
from xochintlan_hex.xochintlan import Rules, Xochintlan

IMAGES = Path(__file__).parent / "images"
UPDATE = os.environ.get("XOCHINTLAN_HEX_UPDATE_IMAGES") == "1"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: what the reference images were drawn with (as matplotlib's own image tests pin it)
PINNED_RC = {
    "font.family": "DejaVu Sans",
    "text.hinting": "none",
    "figure.dpi": 100,
    "savefig.dpi": 100,
}


@pytest.fixture(autouse=True)
def strict_and_pinned():
    """Every warning fails the test; rcParams are pinned; no pyplot figure may stay open."""
    open_before = set(plt.get_fignums())
    # Garbage an earlier test left in reference cycles (a socket, say) is collected now, under the usual
    # filters: collected inside the strict block, its ResourceWarning would fail a picture that made none.
    gc.collect()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with matplotlib.style.context("default"), matplotlib.rc_context(PINNED_RC):
            yield
    left = set(plt.get_fignums()) - open_before
    plt.close("all")
    assert not left, f"pyplot figures left open: {sorted(left)}"


# -- helpers --------------------------------------------------------------------------
def fresh_ax(figsize=(6.0, 4.5)):
    """An Axes on an off-screen figure that pyplot never sees."""
    fig = Figure(figsize=figsize, layout="constrained")
    FigureCanvasAgg(fig)
    return fig.add_subplot()


def png_of(ax) -> bytes:
    buffer = io.BytesIO()
    ax.figure.savefig(buffer, format="png")
    return buffer.getvalue()


def assert_sane_png(png: bytes, min_side: int = 100, max_side: int = 4000) -> np.ndarray:
    """A PNG of a sensible size that is not blank; returns its pixels."""
    assert png[:8] == PNG_SIGNATURE
    pixels = matplotlib.image.imread(io.BytesIO(png))
    height, width = pixels.shape[:2]
    assert min_side <= width <= max_side and min_side <= height <= max_side, (width, height)
    inked = (pixels[..., :3] < 0.9).any(axis=-1).mean()
    assert inked > 0.01, "the picture is (almost) blank"
    return pixels


#: The matplotlib release the reference images were drawn with. Another release may draw
#: text with another FreeType (glyphs, and so the layout, move by a few pixels), so on
#: another release (e.g. `make test-oldest`) the pixel comparison is skipped; the figure is
#: still drawn and every other check of it runs.
REFERENCE_MATPLOTLIB = "3.11"


def assert_matches_reference(ax, name: str, tmp_path: Path, tol: float = 3.0) -> None:
    """The render of ``ax`` matches tests/images/<name>.png within ``tol`` (RMS, 0-255)."""
    release = ".".join(matplotlib.__version__.split(".")[:2])
    if release != REFERENCE_MATPLOTLIB and not UPDATE:
        pytest.skip(
            f"reference images are drawn by matplotlib {REFERENCE_MATPLOTLIB}, "
            f"this is {matplotlib.__version__}: pixels differ with its text engine"
        )
    actual = tmp_path / f"{name}.png"
    ax.figure.savefig(actual)
    expected = IMAGES / f"{name}.png"
    if UPDATE:
        IMAGES.mkdir(exist_ok=True)
        expected.write_bytes(actual.read_bytes())
    assert expected.exists(), f"no reference image {expected}; render it, look at it, then regenerate"
    result = compare_images(str(expected), str(actual), tol=tol, in_decorator=True)
    assert result is None, f"{name}: RMS {result['rms']:.2f} > {tol}; diff in {result['diff']}"


def close(ax) -> None:
    plt.close(ax.figure)


def texts_of(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


PENTOMINOES = polyforms(5)
L_CARD = next(p for p in polyforms(5, kind="one-sided") if p.name == "L")
#: the seed's winning example: the Human and four Lizards form the L card
SEED_BOARD = {
    (0, 0): "H",
    (0, 1): "L",
    (0, 2): "L",
    (0, 3): "L",
    (1, 3): "L",
    (1, 0): "B",
    (2, 0): "B",
    (1, 1): "M",
    (1, 2): "B",
    (2, 3): "M",
    (-1, 1): "M",
}
SEED_PATTERN = {(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)}
HEX_BOARD = {(0, 0): "H", (1, 0): "L", (1, -1): "B", (0, 1): "M", (-1, 1): "M", (-1, 0): "B", (2, -1): "L"}

#: a three-tile set written for these tests, so pictures do not change with the shipped set
LESSON_TILES = {
    "name": "lesson",
    "tiles": [
        {
            "id": "A",
            "kind": "terrain",
            "front": {
                "sectors": ["forest", "forest", "water", "water", "crops", "crops"],
                "requirements": [
                    {"terrain": "water", "size": 3, "side": 0},
                    {"terrain": "crops", "size": 2, "side": 3},
                ],
            },
            "back": {
                "sectors": ["forest", "forest", "forest", "water", "water", "crops"],
                "icons": {"0": "acorn", "4": "stork"},
                "objective": {"type": "adjacent_pair", "symbol_a": "acorn", "symbol_b": "stork"},
            },
        },
        {
            "id": "B",
            "kind": "terrain",
            "front": {
                "sectors": ["water", "water", "water", "crops", "forest", "forest"],
                "requirements": [
                    {"terrain": "forest", "size": 2, "side": 1},
                    {"terrain": "water", "size": 4, "side": 4},
                ],
            },
            "back": {
                "sectors": ["crops", "crops", "water", "water", "forest", "forest"],
                "icons": {"1": "monument"},
                "objective": {"type": "all_symbols", "terrain": "water"},
            },
        },
        {
            "id": "R",
            "kind": "river",
            "front": {"sectors": ["water"] * 3 + ["forest"] * 3},
            "back": {"sectors": ["water", "crops"] * 3},
        },
    ],
}


@pytest.fixture(scope="module")
def lesson_tiles():
    return load_tileset(LESSON_TILES)


def xochintlan_frame() -> pd.DataFrame:
    """A hand-made study: 2- and 3-player games with the columns simulate_xochintlan documents."""
    rng = np.random.default_rng(11)
    names = ["F", "I", "L", "L'", "N", "P", "T", "U", "X"]
    rows = []
    for game in range(120):
        n = 2 if game % 3 else 3
        cards = rng.choice(names, size=n, replace=False)
        outcome = rng.random()
        winner = int(rng.integers(n)) if outcome < 0.8 else None
        reason = "win" if winner is not None else ("tie" if outcome < 0.95 else "turn_limit")
        row = {
            "game": game,
            "n_players": n,
            "winner": winner,
            "end_reason": reason,
            "turns": int(rng.integers(6, 40)) if winner is not None else (24 if reason == "tie" else 200),
            "winning_card": cards[winner] if winner is not None else None,
            "winning_kind": "L" if winner is not None else None,
        }
        for seat in range(3):
            row[f"player_{seat}"] = "greedy" if seat < n else None
            row[f"cards_{seat}"] = cards[seat] if seat < n else None
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame["winner"] = frame["winner"].astype("Int64")
    return frame


def hextremadura_frame() -> pd.DataFrame:
    """A hand-made study with the columns simulate_hextremadura documents."""
    rng = np.random.default_rng(5)
    rows = []
    for game in range(80):
        score = int(np.clip(round(rng.normal(10, 2.5)), 0, 15))
        row = {"game": game, "score": score, "rating": "star" if score == 15 else "explorer"}
        for kind, p in (
            ("all_symbols", 0.6),
            ("same_symbol_triad", 0.3),
            ("three_separate", 0.5),
            ("adjacent_pair", 0.9),
        ):
            total = int(rng.integers(2, 5))
            row[f"objectives_{kind}"], row[f"met_{kind}"] = total, int(rng.binomial(total, p))
        row["quest_monfrague"], row["quest_los_barruecos"] = bool(rng.random() < 0.2), False
        rows.append(row)
    return pd.DataFrame(rows)


# -- polyforms ---------------------------------------------------------------------------
def test_card_shows_name_and_symmetry_marks():
    ax = viz.draw_card(PENTOMINOES[0], fresh_ax((2.2, 2.6)))
    assert texts_of(ax) == ["F", "sym 1 ⇄"]
    assert_sane_png(png_of(ax))


def test_card_of_plain_cells_on_the_hex_lattice():
    ax = viz.draw_card([(0, 0), (1, 0), (1, 1)], fresh_ax((2.2, 2.6)), lattice="hex", label="three")
    assert texts_of(ax) == ["three"]
    assert_sane_png(png_of(ax))


def test_card_refuses_nothing_to_draw():
    with pytest.raises(ValueError, match="no cells"):
        viz.draw_card([], fresh_ax())
    with pytest.raises(ValueError, match="iterable of"):
        viz.draw_card(42, fresh_ax())


def test_gallery_labels_every_form():
    ax = viz.draw_polyforms(PENTOMINOES, ncols=6, ax=fresh_ax((9, 4)))
    texts = texts_of(ax)
    assert [t for t in texts if len(t) == 1] == list("FILNPTUVWXYZ")
    assert texts.count("sym 1 ⇄") == 5 and "sym 8" in texts  # F L N P Y; X
    assert any("chiral" in t for t in texts)  # the note explaining the marks
    assert_sane_png(png_of(ax))


def test_gallery_of_every_one_sided_pentahex():
    forms = polyforms(5, "hex", kind="one-sided")
    ax = viz.draw_polyforms(forms)
    assert len(forms) == 33 and sum(t.startswith("H5-") for t in texts_of(ax)) == 33
    assert_sane_png(png_of(ax), max_side=2500)
    close(ax)


@pytest.mark.parametrize(
    "forms, ncols, note",
    [
        (polyforms(5), 6, True),
        (polyforms(5), 8, False),
        (polyforms(4, "hex"), None, True),
        (polyforms(1), None, False),
    ],
)
def test_gallery_size_is_what_the_gallery_shows(forms, ncols, note):
    ax = viz.draw_polyforms(forms, ncols=ncols, ax=fresh_ax(), note=note)
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert gallery_size(forms, ncols, note=note) == pytest.approx((x1 - x0, y1 - y0))
    with pytest.raises(ValueError, match="ncols"):
        gallery_size(forms, 0)


def test_gallery_arguments_are_checked():
    with pytest.raises(ValueError, match="forms is empty"):
        viz.draw_polyforms([], ax=fresh_ax())
    with pytest.raises(ValueError, match="ncols"):
        viz.draw_polyforms(PENTOMINOES, ncols=0, ax=fresh_ax())
    with pytest.raises(ValueError, match="labels"):
        viz.draw_polyforms(PENTOMINOES, labels=["a", "b"], ax=fresh_ax())


def test_gallery_matches_reference(tmp_path):
    ax = viz.draw_polyforms(PENTOMINOES, ncols=6, ax=fresh_ax((9, 4)))
    assert_matches_reference(ax, "pentomino_gallery", tmp_path)


# -- Xochintlan boards -------------------------------------------------------------------
def test_board_draws_one_glyph_letter_per_animal():
    ax = viz.draw_xochintlan(SEED_BOARD, fresh_ax(), legend=False)
    letters = sorted(texts_of(ax))
    assert letters == sorted(k for k in SEED_BOARD.values() if k != "H")  # the Human is a star, no letter
    assert_sane_png(png_of(ax))


def test_board_highlights_pattern_lock_and_card(tmp_path):
    ax = fresh_ax((7, 5))
    viz.draw_xochintlan(SEED_BOARD, ax, pattern=SEED_PATTERN, locked=[(1, 3)], card=L_CARD, coords=True)
    assert len(ax.child_axes) == 1 and "L" in texts_of(ax.child_axes[0])
    assert "1,3" in texts_of(ax)
    assert_matches_reference(ax, "xochintlan_seed_example", tmp_path)


def test_hex_board_matches_reference(tmp_path):
    ax = viz.draw_xochintlan(
        HEX_BOARD,
        fresh_ax((6, 5)),
        lattice="hex",
        locked=[(2, -1)],
        legal=[(3, -1), (2, 0)],
        pattern={(0, 0), (1, 0), (2, -1)},
    )
    assert_matches_reference(ax, "xochintlan_hex_board", tmp_path)


def test_board_of_a_game_marks_its_legal_cells():
    game = Xochintlan(players=2, seed=3)
    game.play("L(1,0)")
    ax = viz.draw_xochintlan(game, fresh_ax(), legal=True, status=True)
    cells = action_cells(game.legal_actions())
    assert (2, 0) in cells and (1, 0) not in cells  # the locked Lizard can be neither switched nor moved
    assert ax.get_title().startswith("Turn 2: player 2")  # the second player, counted from 1
    assert_sane_png(png_of(ax))


def test_board_of_a_won_game_outlines_the_pattern():
    game = Xochintlan(players=2, seed=0, cards=[["L"], ["X"]])
    for action in ("L(0,1)", "B(1,0)", "L(0,2)", "B(2,0)", "L(0,3)", "B(3,0)", "L(1,3)"):
        game.play(action)
    assert game.winner == 0 and game.winning_cells == frozenset(SEED_PATTERN)
    ax = viz.draw_xochintlan(game, fresh_ax(), status=True)
    assert ax.get_title() == "Player 1 wins with Lizards (card L)"  # people count players from 1
    lines = [c for c in ax.collections if hasattr(c, "get_segments")]
    assert any(len(c.get_segments()) == 12 for c in lines)  # the L's outline: 12 sides
    assert_sane_png(png_of(ax))


def test_a_frame_of_cells_fixes_the_picture_whatever_the_board_holds():
    window = [(x, y) for x in range(-3, 4) for y in range(-3, 4)]
    limits = []
    for board in ({(0, 0): "H"}, {(0, 0): "H", (1, 0): "L", (2, 0): "B", (2, 1): "M"}):
        ax = viz.draw_xochintlan(board, fresh_ax((5, 5)), frame=window, empty=window, legend=False)
        limits.append((ax.get_xlim(), ax.get_ylim()))
        close(ax)
    # the same cells framed: the same limits (so the same scale) for both boards
    assert limits[0] == limits[1] == ((-3.65, 3.65), (-3.65, 3.65))


def test_a_frame_of_bounds_is_shown_exactly():
    ax = viz.draw_xochintlan(SEED_BOARD, fresh_ax(), frame=(-1.5, -4.0, 3.0, 1.0), legend=False)
    assert (ax.get_xlim(), ax.get_ylim()) == ((-1.5, 3.0), (-4.0, 1.0))


def test_the_selected_cell_is_outlined(tmp_path):
    ax = fresh_ax((5, 5))
    window = [(x, y) for x in range(-2, 4) for y in range(-1, 5)]
    viz.draw_xochintlan(SEED_BOARD, ax, frame=window, empty=window, selected=(1, 2), legend=False)
    outlined = [
        a
        for a in ax.get_children()
        if isinstance(a, matplotlib.patches.Polygon)
        and matplotlib.colors.same_color(a.get_edgecolor(), style.SELECTED_COLOUR)
        and a.get_linewidth() > 3
    ]
    assert len(outlined) == 1
    assert np.allclose(sorted(outlined[0].get_xy()[:-1].tolist()), sorted(SQUARE.corners((1, 2))))
    assert_matches_reference(ax, "xochintlan_framed_selection", tmp_path)


def test_frame_and_selected_arguments_are_checked():
    with pytest.raises(ValueError, match="frame must be cells"):
        viz.draw_xochintlan(SEED_BOARD, fresh_ax(), frame="everything")
    with pytest.raises(ValueError, match="xmin < xmax"):
        viz.draw_xochintlan(SEED_BOARD, fresh_ax(), frame=(2, 0, 1, 3))
    with pytest.raises(ValueError, match="selected must be a cell"):
        viz.draw_xochintlan(SEED_BOARD, fresh_ax(), selected="(1, 2)")


def test_board_arguments_are_checked():
    with pytest.raises(ValueError, match="allowed kinds"):
        board_of({(0, 0): "Q"})
    with pytest.raises(ValueError, match="mapping"):
        viz.draw_xochintlan([1, 2, 3], fresh_ax())
    with pytest.raises(ValueError, match="legal=True needs a game"):
        viz.draw_xochintlan(SEED_BOARD, fresh_ax(), legal=True)
    with pytest.raises(ValueError, match="lattice"):
        viz.draw_xochintlan(SEED_BOARD, fresh_ax(), lattice="triangle")


# -- Hextremadura ---------------------------------------------------------------------------
def test_tile_faces_match_reference(lesson_tiles, tmp_path):
    fig = Figure(figsize=(6.6, 2.4), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, 3)
    viz.draw_tile(lesson_tiles["A"], "front", 0, axes[0], title="A front")
    viz.draw_tile(lesson_tiles["A"], "back", 1, axes[1], title="A back, turned once")
    viz.draw_tile(lesson_tiles["R"], "back", 0, axes[2], title="R back")
    assert [t for t in texts_of(axes[0]) if t.isdigit()] == ["3", "2"]  # the two requirement sizes
    assert "acorn +" in texts_of(axes[1]) and "stork" in texts_of(axes[1])
    assert_matches_reference(axes[0], "hextremadura_tiles", tmp_path)


def test_tile_from_id_or_placed_tile(lesson_tiles):
    ax = viz.draw_tile(PlacedTile("B", "back", 3), ax=fresh_ax((2.2, 2.2)), tileset=lesson_tiles)
    assert "B" in texts_of(ax) and "3 icons" in texts_of(ax)
    assert_sane_png(png_of(ax))
    ax = viz.draw_tile("T1", ax=fresh_ax((2.2, 2.2)))  # the shipped set by default
    assert_sane_png(png_of(ax))


def test_tile_arguments_are_checked(lesson_tiles):
    with pytest.raises(ValueError, match="face"):
        viz.draw_tile(lesson_tiles["A"], "side", ax=fresh_ax())
    with pytest.raises(ValueError, match="rotation"):
        viz.draw_tile(lesson_tiles["A"], "front", 6, ax=fresh_ax())
    with pytest.raises(ValueError, match="icon"):
        hx.draw_icon(fresh_ax(), "owl", (0, 0), 0.2)


def bubble_centres(ax) -> list[tuple[float, float]]:
    """The centres of the requirement bubbles drawn on ``ax`` (their outlined discs)."""
    return [
        tuple(p.center)
        for p in ax.patches
        if isinstance(p, matplotlib.patches.Circle) and p.radius == hx.BUBBLE_RADIUS and not p.get_hatch()
    ]


def inside_hexagon(point, radius: float) -> bool:
    """A disc at ``point`` lies within the tile of circumradius 1 at (0, 0)."""
    return all(
        hx.APOTHEM - (point[0] * np.cos(a) + point[1] * np.sin(a)) >= radius for a in np.radians(60 * np.arange(6))
    )


def test_requirement_bubbles_never_overlap():
    """Bubbles on any two sides stay apart and inside the tile; a slide never brings one nearer the id."""
    front = LESSON_TILES["tiles"][0]["front"]
    tiles = {}
    for a in range(6):
        for b in range(6):
            tile = copy.deepcopy(LESSON_TILES["tiles"][0])
            tile["id"] = f"S{a}{b}"
            tile["front"]["requirements"] = [
                dict(front["requirements"][0], side=a),
                dict(front["requirements"][1], side=b),
            ]
            tiles[(a, b)] = tile
    tileset = load_tileset({"tiles": list(tiles.values())})
    label = (0.0, 0.8)  # the id's place, in the top corner
    unslid = min(np.hypot(*np.subtract(hx.towards((0, 0), side, hx.BUBBLE_DISTANCE), label)) for side in range(6))
    for (a, b), tile in tiles.items():
        ax = viz.draw_tile(tileset[tile["id"]], "front", ax=fresh_ax((2.2, 2.2)))
        first, second = bubble_centres(ax)
        assert np.hypot(*np.subtract(first, second)) >= 2 * hx.BUBBLE_RADIUS + 0.05, (a, b)
        assert inside_hexagon(first, hx.BUBBLE_RADIUS) and inside_hexagon(second, hx.BUBBLE_RADIUS), (a, b)
        if a != b:  # two bubbles on one side take its two ends, one perhaps near the id
            assert min(np.hypot(*np.subtract(c, label)) for c in (first, second)) >= unslid - 1e-9, (a, b)
    # the shipped T7 asks across sides 0 and 1: both bubbles on its picture, apart
    first, second = bubble_centres(viz.draw_tile("T7", "front", ax=fresh_ax((2.2, 2.2))))
    assert np.hypot(*np.subtract(first, second)) >= 2 * hx.BUBBLE_RADIUS + 0.05


def lesson_game(lesson_tiles) -> Hextremadura:
    game = Hextremadura(tileset=lesson_tiles, order=["A", "B", "R"])
    game.play("A@(0,0)r0f")
    return game


def test_map_with_piles_preview_and_region(lesson_tiles, tmp_path):
    game = lesson_game(lesson_tiles)
    region = max(game.region_map().regions, key=lambda r: r.size)
    ax = viz.draw_hextremadura(game, fresh_ax((6.5, 4.5)), preview="R@(1,0)r0f", region=region)
    titles = [inset.get_title() for inset in ax.child_axes]
    assert titles == ["offer", "pile: 1", "explored: 0"]
    assert ax.get_title().startswith("Round 1 · score 0/")
    assert_matches_reference(ax, "hextremadura_map", tmp_path)


def test_map_marks_met_requirements_and_objectives(lesson_tiles):
    tiles = {
        (0, 0): PlacedTile("A", "back", 0),
        (1, 0): PlacedTile("B", "front", 0),
        (0, 1): PlacedTile("R", "front", 0),
    }
    ax = viz.draw_hextremadura(tiles, fresh_ax(), tileset=lesson_tiles)
    marks = [t for t in texts_of(ax) if t in ("✓", "✗")]
    assert len(marks) == 1  # one back-facing objective, judged
    assert not ax.child_axes and ax.get_title() == ""  # a bare map has no piles or status
    assert_sane_png(png_of(ax))


def test_region_border_of_one_sector_is_its_triangle():
    assert len(hx.region_edges([((0, 0), 2)])) == 3
    # two neighbouring sectors of a tile share their spoke
    assert len(hx.region_edges([((0, 0), 2), ((0, 0), 3)])) == 4


def test_map_arguments_are_checked(lesson_tiles):
    with pytest.raises(ValueError, match="mapping"):
        viz.draw_hextremadura("map", fresh_ax())
    with pytest.raises(ValueError, match="preview needs a game"):
        viz.draw_hextremadura({}, fresh_ax(), tileset=lesson_tiles, preview="A@(0,0)r0f")


# -- study plots --------------------------------------------------------------------------------
def test_card_win_rates_one_row_per_card_with_intervals():
    frame = xochintlan_frame()
    ax = viz.plot_card_win_rates(frame, fresh_ax((6, 5)))
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert sorted(labels) == sorted({c for s in range(3) for c in frame[f"cards_{s}"].dropna()})
    assert len(ax.containers) == 1 and len(ax.containers[0].lines[2][0].get_segments()) == len(labels)
    assert_sane_png(png_of(ax))


def test_card_win_rates_by_number_of_players():
    ax = viz.plot_card_win_rates(xochintlan_frame(), fresh_ax((6, 5)), by="n_players")
    assert [t.get_text() for t in ax.get_legend().get_texts()][1:] == ["n_players = 2", "n_players = 3"]


def test_seat_win_rates_matches_reference(tmp_path):
    ax = viz.plot_seat_win_rates(xochintlan_frame(), fresh_ax((6.4, 3.8)))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["seat 1", "seat 2", "seat 1", "seat 2", "seat 3"]
    assert_matches_reference(ax, "study_seat_win_rates", tmp_path)


def test_game_lengths_stack_by_end_reason():
    ax = viz.plot_game_lengths(xochintlan_frame(), fresh_ax())
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[:3] == ["win", "tie", "turn limit"] and legend[3].startswith("mean")
    assert_sane_png(png_of(ax))


def test_game_lengths_of_games_that_all_ended_alike():
    frame = xochintlan_frame()
    ax = viz.plot_game_lengths(frame[frame["end_reason"] == "win"], fresh_ax())
    assert [t.get_text() for t in ax.get_legend().get_texts()][0] == "win"
    ax = viz.plot_game_lengths(frame, fresh_ax(), by=None, bins=10)
    assert len(ax.containers) == 1 and len(ax.containers[0]) == 10  # one set of ten bars


def test_score_distribution_shows_the_rating_bands(tmp_path):
    ax = viz.plot_score_distribution(hextremadura_frame(), fresh_ax((6.8, 3.8)))
    assert {"≥9\nExplorer", "≥12\nNaturalist", "≥14\nGuide", "★"} <= set(texts_of(ax))
    assert len(ax.patches) >= 16  # a bar for every score 0..15, and the band shading
    assert_matches_reference(ax, "study_scores", tmp_path)


def test_score_panels_sharing_their_scale_keep_every_bar_and_name_in_view():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(12, 3.8), layout="constrained")
    left, right = figure.subplots(1, 2, sharey=True)
    tall = pd.DataFrame({"score": [8] * 9 + [5]})  # one bar of 90%
    low = pd.DataFrame({"score": list(range(10))})  # ten bars of 10%
    viz.plot_score_distribution(tall, left)
    viz.plot_score_distribution(low, right)
    tallest = max(bar.get_height() for bar in next(c for c in left.containers if len(c) == 16))
    assert left.get_ylim() == right.get_ylim() and left.get_ylim()[1] > tallest
    names = [t for t in left.texts if t.get_text().startswith("≥9")]
    assert names and names[0].get_transform() == left.get_xaxis_transform()  # at the top, whatever the scale


def test_a_score_no_game_reached_still_has_its_interval():
    ax = viz.plot_score_distribution(pd.DataFrame({"score": [5, 6, 6, 7, 8]}), fresh_ax())
    bars = next(c for c in ax.containers if len(c) == 16)
    whiskers = bars.errorbar.lines[2][0].get_segments()
    top_of_15 = whiskers[15][:, 1].max()
    assert bars[15].get_height() == 0 and top_of_15 == pytest.approx(0.4345, abs=1e-3)  # Wilson, 0 of 5


def test_objective_probabilities_lists_objectives_then_quests():
    ax = viz.plot_objective_probabilities(hextremadura_frame(), fresh_ax())
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [
        "all symbols",
        "same symbol triad",
        "three separate",
        "adjacent pair",
        "Monfragüe",
        "Los Barruecos",
    ]
    assert ax.get_title() == "Objectives (per face-down tile) and quests (per game)"
    legend = ax.get_legend()  # the key stays below the axes: it covers no bar
    ax.figure.canvas.draw()
    assert legend.get_window_extent().y1 < ax.get_window_extent().y0
    assert_sane_png(png_of(ax))


def test_objective_probabilities_without_quests_says_so():
    ax = viz.plot_objective_probabilities(hextremadura_frame(), fresh_ax(), quests=False)
    assert ax.get_title() == "Objectives (per face-down tile)" and ax.get_legend() is None


def test_head_to_head_shows_each_pair_once_stronger_first():
    frame = xochintlan_frame()
    frame.loc[frame["n_players"] == 2, "player_1"] = "random"
    ax = viz.plot_head_to_head(frame, fresh_ax())
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == 1 and labels[0] in ("greedy vs random", "random vs greedy")
    assert ax.patches[0].get_width() >= 0
    assert_sane_png(png_of(ax))


def test_study_plots_refuse_frames_without_their_columns():
    with pytest.raises(ValueError, match="turns"):
        viz.plot_game_lengths(pd.DataFrame({"winner": [0]}), fresh_ax())
    with pytest.raises(ValueError, match="objectives_"):
        viz.plot_objective_probabilities(pd.DataFrame({"score": [3]}), fresh_ax())
    with pytest.raises(ValueError, match="score"):
        viz.plot_score_distribution(pd.DataFrame({"winner": [0]}), fresh_ax())


def test_rating_thresholds_come_from_the_engine():
    assert studies.rating_thresholds() == (9, 12, 14, 15)


def test_examples_in_the_docstrings_run():
    import doctest

    from xochintlan_hex.viz import display, hextremadura, polyforms, style, xochintlan

    for module in (display, hextremadura, polyforms, studies, style, xochintlan):
        failures, _ = doctest.testmod(module)
        assert failures == 0, module.__name__


# -- new figures and rich display --------------------------------------------------------------------
def test_without_ax_a_new_figure_is_made_and_returned():
    before = set(plt.get_fignums())
    ax = viz.draw_polyforms(PENTOMINOES[:3])
    assert set(plt.get_fignums()) - before == {ax.figure.number}
    close(ax)


@pytest.mark.parametrize(
    "make",
    [
        lambda: PENTOMINOES[0],
        lambda: Polyform([(0, 0), (1, 0), (0, 1)], "hex"),
        lambda: Xochintlan(players=3, seed=1, rules=Rules(lattice="hex")),
        lambda: Hextremadura(seed=4),
    ],
    ids=["pentomino", "trihex", "xochintlan", "hextremadura"],
)
def test_objects_draw_themselves_as_png_without_pyplot(make):
    obj = make()
    before = set(plt.get_fignums())
    png = obj.to_png()
    assert set(plt.get_fignums()) == before
    assert_sane_png(png)


def test_a_played_game_shows_its_board():
    game = Xochintlan(players=2, seed=2)
    rng = __import__("random").Random(2)
    for _ in range(6):
        game.play(game.random_action(rng))
    assert_sane_png(game.to_png(), min_side=250)


def test_study_plots_count_seats_from_one_where_a_person_reads_them():
    frame = pd.DataFrame(
        {"n_players": [2, 2, 2, 2], "winner": [0, 1, 1, 0], "turns": [11, 14, 20, 9], "end_reason": ["win"] * 4}
    )
    ax = viz.plot_game_lengths(frame, fresh_ax((6.4, 3.6)), by="winner")
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["seat 1", "seat 2"]
    assert frame["winner"].tolist() == [0, 1, 1, 0]  # the data keep their seats from 0
    close(ax)
