"""The apps in French in a real JupyterLab: a class plays Xochintlan in French, reads the French
refusal, switches to English and back, and every French app fits a projector's screen with
every (longer) French text read whole.
"""

from __future__ import annotations

import pytest

from .lab_driver import LabPage
from .test_classroom import open_with_app, visibility_report

pytestmark = pytest.mark.browser

#: a projector's screen, JupyterLab's file browser open
PROJECTOR = ({"width": 1280, "height": 800}, True)

FRENCH_APPS = {
    "xh-xochintlan": [
        "from xochintlan_hex.widgets import XochintlanApp",
        "app = XochintlanApp(players=['human', 'greedy'], seed=1, pause=0, language='fr')\n"
        "app.click((1, 0))\napp.choose_action('switch').click((1, 0))\napp",
    ],
    "xh-hextremadura": [
        "%matplotlib widget\nfrom xochintlan_hex.widgets import HextremaduraApp",
        "app = HextremaduraApp(seed=7, language='fr')\napp.click((0, 0))\napp.rotate()\napp",
    ],
    "xh-explorer": [
        "from xochintlan_hex.widgets import PolyformExplorer",
        "app = PolyformExplorer(language='fr').select('F')\napp",
    ],
    "xh-chooser": [
        "from xochintlan_hex.widgets import GameChooser",
        "page = GameChooser(language='fr').choose(people=1, computers=1, lattice='hex').start()\npage",
    ],
    "xh-puzzle": [
        "from xochintlan_hex.widgets import PuzzleApp",
        "app = PuzzleApp('Pentominoes, 6 × 10', language='fr')\n"
        "for placed in app.puzzle.random_solution(seed=11)[:6]:\n"
        "    app.place(placed.cells, placed.piece)\napp.hint()\napp",
    ],
}


def test_a_xochintlan_move_and_a_refusal_in_french(lab, lab_server):
    lab_server.add_notebook(
        "xochintlan_fr.ipynb",
        [
            "from xochintlan_hex.widgets import XochintlanApp",
            "app = XochintlanApp(players=['human', 'human'], seed=5, language='fr')\napp",
        ],
    )
    lab.open_notebook("xochintlan_fr.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-status", "Au tour du joueur 1", exact=True)
    lab.expect_text("xh-reserve", "Réserve\u00a0: Lézard 8 · Oiseau 8 · Singe 8", exact=True)

    # Player 1 chooses the Bird by its French name and places it next to the Homme.
    lab.choose("xh-animal", "Oiseau")
    lab.click_cell((0, 1))
    lab.expect_text("xh-status", "Au tour du joueur 2", exact=True)
    lab.expect_text("xh-reserve", "Réserve\u00a0: Lézard 8 · Oiseau 7 · Singe 8", exact=True)
    lab.expect_text("xh-last-move", "Dernier coup\u00a0: le joueur 1 a posé un Oiseau en (0, 1)", exact=True)
    assert lab.widget('.xh-board [data-cell="0,1"] text').text_content() == "O"  # the Oiseau's letter
    assert lab.python("app.game.board[(0, 1)]") == "B"  # the game itself speaks no language

    # A click the engine refuses: its reason, in French, and nothing changes.
    board = lab.python("sorted(app.game.board.items())")
    lab.click_cell((3, 3))
    shown = lab.expect_text_change("xh-message", "")
    reason = lab.python("app.message")  # the engine's reason, in the app's language
    assert shown == reason == "la case (3, 3) ne touche aucune pièce", shown
    assert reason != lab.python("app.game.why_illegal('B(3,3)')")  # the kernel's own language: English
    assert lab.python("sorted(app.game.board.items())") == board
    lab.expect_text("xh-status", "Au tour du joueur 2", exact=True)
    lab.screenshot("xochintlan-in-french", target="xh-xochintlan")

    # The FR/EN switch: every text in English, the same game; and back.
    lab.choose("xh-language", "EN")
    lab.expect_text("xh-status", "Player 2 to play", exact=True)
    lab.expect_text("xh-message", lab.python("app.game.why_illegal('B(3,3)')"), exact=True)
    lab.expect_text("xh-reserve", "Reserve: Lizard 8 · Bird 7 · Monkey 8", exact=True)
    assert lab.widget('.xh-board [data-cell="0,1"] text').text_content() == "B"
    assert lab.python("sorted(app.game.board.items())") == board
    lab.choose("xh-language", "FR")
    lab.expect_text("xh-status", "Au tour du joueur 2", exact=True)
    lab.expect_text("xh-message", reason, exact=True)


@pytest.mark.parametrize("app_class", list(FRENCH_APPS))
def test_each_french_app_fits_a_projector_screen_with_its_texts_whole(lab, lab_server, app_class):
    name = f"fr-{app_class}.ipynb"
    open_with_app(lab, lab_server, name, FRENCH_APPS[app_class], screen=PROJECTOR)
    lab.expect_visible(app_class)
    lab.page.wait_for_timeout(500)  # the boards' pictures take their size
    report = visibility_report(lab)
    lab.screenshot(f"{app_class}-fr-1280x800")
    lab.widget(app_class).evaluate("el => el.scrollIntoView({block: 'start'})")
    lab.screenshot(f"{app_class}-fr-top")  # the app's top, where the student page has its choices
    assert report["outside"] == [], (
        f"{app_class} in French ({report['app'][0]} x {report['app'][1]} px) does not fit the notebook's "
        f"{report['area'][0]} x {report['area'][1]} px: {report['outside']}"
    )
    assert lab.cut_off_texts(app_class) == []


@pytest.fixture
def french_student_page(tmp_path):
    """The student page served as `LANG=fr_FR.UTF-8 make play` serves it on a French machine."""
    from .test_student_page import serve_student_page

    yield from serve_student_page(tmp_path, LANG="fr_FR.UTF-8", LANGUAGE="", LC_ALL="", LC_MESSAGES="")


def test_the_student_page_in_french(chromium_browser, french_student_page, browser_output_dir):
    """A French class opens the student page: its choices, the game and its messages are French,
    and the FR | EN switch turns the page to English."""
    out = browser_output_dir / "test_french_student_page"
    out.mkdir(parents=True, exist_ok=True)
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(french_student_page, timeout=120_000)
        student = LabPage(page, server=None, out_dir=out)
        student.expect_visible("xh-chooser", timeout=120_000)
        student.choose("xh-choose-game", "Xochintlan")
        student.choose("xh-people", "1")
        student.choose("xh-computers", "1")
        student.choose("xh-computer", "glouton")
        student.choose("xh-choose-lattice", "hexagonal")
        student.click("xh-start")
        student.expect_text("xh-chooser-message", "Xochintlan sur le réseau hexagonal\u00a0: 1 personne et 1 joueur")
        student.expect_text("xh-status", "Au tour du joueur 1", exact=True)
        student.click('.xh-board [data-cell="1,0"]')
        student.expect_text("xh-last-move", "Dernier coup\u00a0: le joueur 2 (glouton) ", timeout=30_000)
        student.expect_text("xh-status", "Au tour du joueur 1", exact=True)
        student.screenshot("xochintlan_fr")
        page.locator(".xh-chooser .xh-language button", has_text="EN").first.click()
        student.expect_text("xh-status", "Player 1 to play", exact=True)
        student.screenshot("xochintlan_en")
    finally:
        context.close()
