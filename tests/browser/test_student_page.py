"""The student page (``make play``): Voila serves notebooks/play.ipynb with no code on it,
and a student starts and plays a game with the mouse alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .lab_driver import LabPage, free_port

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture
def voila_url(tmp_path):
    """Voila serving the student page, as `make play` starts it (on a free port, no browser)."""
    yield from serve_student_page(tmp_path)


def serve_student_page(tmp_path: Path, **environment: str):
    """Start Voila on the student page with these environment variables; yield its address, then stop it."""
    port = free_port()
    log = open(tmp_path / "voila.log", "wb")
    env = {**os.environ, **environment}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(NOTEBOOKS / "play.ipynb"),
            "--no-browser",
            f"--Voila.port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        cwd=NOTEBOOKS,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=60).close()  # the page, once the notebook ran
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((tmp_path / "voila.log").read_text()) from None
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def test_the_student_page_plays_a_game_without_code(chromium_browser, voila_url, browser_output_dir):
    from playwright.sync_api import expect

    out = browser_output_dir / "test_student_page"
    out.mkdir(parents=True, exist_ok=True)
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(voila_url, timeout=120_000)
        student = LabPage(page, server=None, out_dir=out)
        student.expect_visible("xh-chooser", timeout=120_000)
        expect(page.get_by_text("import GameChooser")).to_have_count(0)  # no code on the page

        # Xochintlan on the hex lattice, one person against a greedy computer player.
        student.choose("xh-choose-game", "Xochintlan")
        student.choose("xh-people", "1")
        student.choose("xh-computers", "1")
        student.choose("xh-computer", "greedy")
        student.choose("xh-choose-lattice", "hex")
        student.click("xh-start")
        student.expect_text("xh-chooser-message", "Xochintlan on the hex lattice: 1 person and 1 computer player")
        student.expect_text("xh-status", "Player 1 to play", exact=True)
        student.click('.xh-board [data-cell="1,0"]')  # the board is drawn by the browser: each cell is named
        student.expect_text("xh-last-move", "Last move: Player 2 (greedy) ", timeout=30_000)
        student.expect_text("xh-status", "Player 1 to play", exact=True)
        student.screenshot("xochintlan")

        # Then the solo game: its first tile goes in the middle of the map.
        student.choose("xh-choose-game", "Hextremadura")
        student.click("xh-start")
        student.expect_text("xh-piles", "On the map: 0")
        student.click_cell((0, 0))  # the map is drawn by the browser too
        student.expect_text("xh-piles", "On the map: 1")
        student.screenshot("hextremadura")
    finally:
        context.close()
