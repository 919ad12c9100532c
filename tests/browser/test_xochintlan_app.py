"""XochintlanApp in a real JupyterLab: a hot-seat game played with the mouse.

Every move is a click on a cell of the board the browser draws (an SVG whose
cells carry ``data-cell="x,y"``), every choice a click on the page's toggle buttons.
What is checked is what a student sees: the status line, the reserve, the lock,
the refusal message and the win banner; the kernel is asked only to confirm
that the game behind the page agrees.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BOARD = "xh-board"


def xochintlan_notebook(seed: int, cards: str = "None") -> list[str]:
    """A two-person hot-seat game, as a lesson would show it."""
    return [
        "%matplotlib widget\nfrom xochintlan_hex.widgets import XochintlanApp",
        f"app = XochintlanApp(players=['human', 'human'], seed={seed}, cards={cards})\napp",
    ]


def click_cell(lab, cell: tuple[int, int]) -> None:
    """Click a board cell, as the board is laid out now."""
    lab.click_cell(cell, within=BOARD)


def page_state(lab) -> tuple[str, str, str]:
    """Whose turn, the reserve and the lock, as the page shows them."""
    return lab.text("xh-status"), lab.text("xh-reserve"), lab.text("xh-lock")


def expect_refusal(lab, cell: tuple[int, int], reason: str) -> None:
    """A click the engine refuses: its reason is shown and nothing else changes."""
    before = page_state(lab)
    board = lab.python("sorted(app.game.board.items())")
    click_cell(lab, cell)
    lab.expect_text("xh-message", reason)
    assert page_state(lab) == before
    assert lab.python("sorted(app.game.board.items())") == board


def expect_move(lab, board_before: str, *, status: str, reserve: str, lock: str) -> str:
    """After a legal click: the new turn, reserve and lock are shown, the board redrawn,
    and the refusal message (if any) cleared. Returns the new board picture."""
    lab.expect_text("xh-status", status, exact=True)
    lab.expect_text("xh-reserve", reserve, exact=True)
    lab.expect_text("xh-lock", lock, exact=True)
    lab.expect_text("xh-message", "", exact=True)
    return lab.expect_board_change(board_before, within=BOARD)


def test_place_switch_move_and_refusals(lab, lab_server):
    lab_server.add_notebook("xochintlan_moves.ipynb", xochintlan_notebook(seed=5))
    lab.open_notebook("xochintlan_moves.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-status", "Player 1 to play", exact=True)
    lab.expect_text("xh-reserve", "Reserve: Lizard 8 · Bird 8 · Monkey 8", exact=True)
    lab.expect_text("xh-lock", "Locked: nothing", exact=True)
    lab.expect_text("xh-card-title", "hidden")  # hot-seat: no card shown to the room
    lab.screenshot("start", target="xh-xochintlan")
    picture = lab.board_picture(BOARD)

    # A cell touching no tile: refused, with the engine's reason.
    expect_refusal(lab, (3, 3), "(3, 3) touches no tile")

    # Player 1 places a Lizard (the default action and animal) next to the Human.
    click_cell(lab, (1, 0))
    picture = expect_move(
        lab, picture, status="Player 2 to play", reserve="Reserve: Lizard 7 · Bird 8 · Monkey 8", lock="Locked: (1, 0)"
    )

    # Player 2 chooses Bird on the page and places one below the Human.
    lab.choose("xh-animal", "Bird")
    click_cell(lab, (0, 1))
    picture = expect_move(
        lab, picture, status="Player 1 to play", reserve="Reserve: Lizard 7 · Bird 7 · Monkey 8", lock="Locked: (0, 1)"
    )

    # Player 1 switches: the Bird just played is locked, the Lizard is not.
    lab.choose("xh-action", "Switch")
    lab.choose("xh-animal", "Monkey")
    expect_refusal(lab, (0, 1), "(0, 1) was just played by the previous player")
    click_cell(lab, (1, 0))
    picture = expect_move(
        lab, picture, status="Player 2 to play", reserve="Reserve: Lizard 8 · Bird 7 · Monkey 7", lock="Locked: (1, 0)"
    )

    # Player 2 moves the Human: not where it would touch no tile once it has left.
    lab.choose("xh-action", "Move Human")
    expect_refusal(lab, (-1, 0), "(-1, 0) touches no tile once the Human has left (0, 0)")
    click_cell(lab, (1, 1))
    lab.expect_text("xh-status", "Player 1 to play", exact=True)
    lab.expect_text("xh-reserve", "Reserve: Lizard 8 · Bird 7 · Monkey 7", exact=True)
    lab.expect_text("xh-lock", "Locked: (1, 1)", exact=True)
    lab.expect_board_change(picture, within=BOARD)
    # Player 1 is still on Move Human, but the Human may not move again at once:
    # no cell is highlighted, and the message line says why, in the engine's words.
    reason = lab.python("app.game.why_illegal('H(2,1)')")
    assert reason == "the Human was just moved by the previous player"
    lab.expect_text("xh-message", f"Moving the Human is not possible now: {reason}. Choose another action.", exact=True)

    assert lab.python("sorted(app.game.board.items())") == [[[0, 1], "B"], [[1, 0], "M"], [[1, 1], "H"]]
    assert lab.python("[str(a) for a in app.game.history]") == ["L(1,0)", "B(0,1)", "(1,0)=M", "H(1,1)"]
    # The whole board and every text can be seen: nothing clipped or cut short.
    # The board kept its frame: seven cells across, each as wide as at the start.
    assert lab.python("len(app._view_cells())") == 49
    assert lab.board_hidden_edges(BOARD) == []
    assert lab.cut_off_texts("xh-xochintlan") == []
    lab.screenshot("after-four-moves", target="xh-xochintlan")
    lab.screenshot("board-after-four-moves", target=BOARD)

    # Those two checks do see a squeezed board and a cut text: narrow both.
    # (The board's picture is given a width of its own, wider than its box, which clips it.)
    lab.execute(
        "app.svg_board.layout.overflow = 'hidden'\n"
        "app.svg_board.svg = app.svg_board.svg.replace('<svg ', '<svg style=\"width: 900px; height: 300px\" ', 1)\n"
        "app.find('xh-reserve').layout.width = '120px'"
    )
    lab.expect_visible("xh-reserve")
    lab.page.wait_for_function("() => document.querySelector('.xh-reserve').getBoundingClientRect().width < 130")
    lab.page.wait_for_function("() => document.querySelector('.xh-board svg').getBoundingClientRect().width > 800")
    assert lab.board_hidden_edges(BOARD) == ["right"]
    assert lab.cut_off_texts("xh-xochintlan") == ["xh-reserve: Reserve: Lizard 8 · Bird 7 · Monkey 7"]


# Player 1 lays four Lizards in a row from the Human (card I); Player 2 lays
# Birds in a column, three short of anything.
WINNING_GAME = [
    ("Lizard", (1, 0)),
    ("Bird", (0, 1)),
    ("Lizard", (2, 0)),
    ("Bird", (0, 2)),
    ("Lizard", (3, 0)),
    ("Bird", (0, 3)),
    ("Lizard", (4, 0)),
]


def test_scripted_game_to_the_win_banner(lab, lab_server):
    lab_server.add_notebook("xochintlan_win.ipynb", xochintlan_notebook(seed=5, cards="[['I'], ['X']]"))
    lab.open_notebook("xochintlan_win.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-banner", "", exact=True)
    picture = lab.board_picture(BOARD)
    for turn, (animal, cell) in enumerate(WINNING_GAME, start=1):
        lab.choose("xh-animal", animal)
        click_cell(lab, cell)
        lab.expect_text("xh-lock", f"Locked: ({cell[0]}, {cell[1]})", exact=True)
        picture = lab.expect_board_change(picture, within=BOARD)
        if turn < len(WINNING_GAME):
            lab.expect_text("xh-status", f"Player {turn % 2 + 1} to play", exact=True)
            lab.expect_text("xh-banner", "", exact=True)

    lab.expect_text("xh-banner", "Player 1 wins: Lizards and the Human form card I", exact=True)
    lab.expect_text("xh-status", "Game over", exact=True)
    lab.expect_text("xh-reserve", "Reserve: Lizard 4 · Bird 5 · Monkey 8", exact=True)
    lab.expect_text("xh-card-title", "Cards: Player 1: I · Player 2: X", exact=True)
    assert lab.python("(app.game.end_reason, app.game.winner, sorted(app.game.winning_cells))") == [
        "win",
        0,
        [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]],
    ]

    # A finished game refuses any further click.
    lab.choose("xh-action", "Switch")
    click_cell(lab, (1, 0))
    lab.expect_text("xh-message", "the game is over")
    assert lab.python("len(app.game.history)") == len(WINNING_GAME)
    assert lab.board_hidden_edges(BOARD) == []
    assert lab.cut_off_texts("xh-xochintlan") == []
    lab.screenshot("win", target="xh-xochintlan")
    lab.screenshot("board-won", target=BOARD)


def test_the_computer_moves_after_its_pause_then_undo_and_new_game(lab, lab_server):
    # A longer pause than the default, so the page can be seen waiting for the computer.
    lab_server.add_notebook(
        "xochintlan_computer.ipynb",
        [
            "%matplotlib widget\nfrom xochintlan_hex.widgets import XochintlanApp",
            "app = XochintlanApp(players=['human', 'greedy'], seed=4, pause=1.5)\napp",
        ],
    )
    lab.open_notebook("xochintlan_computer.ipynb")
    lab.run_all_cells()
    start = page_state(lab)
    assert start == ("Player 1 to play", "Reserve: Lizard 8 · Bird 8 · Monkey 8", "Locked: nothing")
    assert lab.widget("xh-undo").is_disabled()  # nothing to undo yet
    start_picture = picture = lab.board_picture(BOARD)

    # The person's move shows at once, with the computer to play...
    click_cell(lab, (1, 0))
    lab.expect_text("xh-status", "Player 2 (greedy) to play…", exact=True)
    lab.expect_text("xh-lock", "Locked: (1, 0)", exact=True)
    picture = lab.expect_board_change(picture, within=BOARD)
    lab.screenshot("computer-thinking", target="xh-xochintlan")
    # ... which then moves by itself, after its pause, with no click.
    lab.expect_text("xh-status", "Player 1 to play", exact=True)
    picture = lab.expect_board_change(picture, within=BOARD)
    reply = lab.python("str(app.game.history[1])")
    cell = lab.python("list(getattr(app.game.history[1], 'cell'))")
    lab.expect_text("xh-lock", f"Locked: ({cell[0]}, {cell[1]})", exact=True)
    assert lab.python("len(app.game.history)") == 2, reply
    lab.screenshot("computer-replied", target="xh-xochintlan")

    # Undo takes back the computer's reply and the person's move: the start again.
    lab.click("xh-undo")
    lab.expect_text("xh-lock", "Locked: nothing", exact=True)
    assert page_state(lab) == start
    lab.expect_board_to_show(start_picture, within=BOARD)  # the board of the start, pixel for pixel
    assert lab.python("app.game.history") == []
    assert lab.widget("xh-undo").is_disabled()

    # Play again, then New game: an empty board, full reserves, a new deal.
    click_cell(lab, (0, 1))
    lab.expect_board_change(start_picture, within=BOARD)
    lab.expect_text("xh-status", "Player 2 (greedy) to play…", exact=True)
    lab.expect_text("xh-status", "Player 1 to play", exact=True)  # after the reply
    assert lab.python("len(app.game.history)") == 2
    first_seed = lab.python("app.game.seed")
    lab.click("xh-new-game")
    lab.expect_text("xh-lock", "Locked: nothing", exact=True)
    assert page_state(lab) == start
    lab.expect_board_to_show(start_picture, within=BOARD)
    assert lab.python("(app.game.history, app.game.board == {(0, 0): 'H'})") == [[], True]
    assert lab.python("app.game.seed") != first_seed
    assert lab.cut_off_texts("xh-xochintlan") == []
    lab.screenshot("new-game", target="xh-xochintlan")
