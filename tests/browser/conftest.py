"""Fixtures for the end-to-end tests in JupyterLab with headless Chromium.

- ``lab_server`` (session): one JupyterLab server for the whole run
  (:class:`~.lab_driver.LabServer`); put notebooks in with ``add_notebook`` or
  ``copy_notebook``.
- ``chromium_browser`` (session): Debian's Chromium driven by Playwright.
- ``lab`` (per test): a fresh page (:class:`~.lab_driver.LabPage`) whose
  screenshots go to ``test-output/browser/<module>.<test>/``; after a failure
  that folder also holds ``failure.png``, the browser console and the server
  log of the test.

Without Chromium the tests are skipped, except under CI (``CI=true``), where
``make test`` installs it, so a missing browser is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .lab_driver import CHROMIUM_FLAGS, LabPage, LabServer, chromium_executable

BROWSER_FIXTURES = {"lab", "lab_server", "chromium_browser"}
VIEWPORT = {"width": 1280, "height": 1000}


def under_ci() -> bool:
    """True on a CI machine (``CI=true``, as most CI services set it)."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def browser_missing(reason: str) -> None:
    """Skip the test, or fail it under CI where ``make test`` installs Chromium."""
    if under_ci():
        pytest.fail(f"{reason} (CI=true: `make test` installs it, so this is an error)")
    pytest.skip(f"{reason}; run `make browser-deps` (or `make test-browser`)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Any test that needs the browser is a browser test, so `-m "not browser"`
    # (make test-fast) leaves it out even if its module forgot the marker.
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    # Keep each phase's report on the test, so that fixtures know it failed.
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def failed(node: pytest.Item) -> bool:
    """Whether the setup or the call of a test failed (read during teardown)."""
    return any(getattr(getattr(node, f"rep_{when}", None), "failed", False) for when in ("setup", "call"))


@pytest.fixture(scope="session")
def browser_output_dir(pytestconfig: pytest.Config) -> Path:
    """``test-output/browser/`` at the repository root (ignored by git), or ``$XH_BROWSER_OUTPUT``.

    Two runs at once in one work tree would empty each other's test folders:
    give one of them its own ``XH_BROWSER_OUTPUT``.
    """
    override = os.environ.get("XH_BROWSER_OUTPUT")
    path = Path(override) if override else Path(pytestconfig.rootpath) / "test-output" / "browser"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    """Headless Chromium (Debian's binary, or ``$XH_CHROMIUM``) through Playwright."""
    executable = chromium_executable()
    if not os.access(executable, os.X_OK):
        browser_missing(f"Chromium not found at {executable}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser_missing("the Python package playwright is not installed")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=list(CHROMIUM_FLAGS))
        yield browser
        browser.close()
    finally:
        playwright.stop()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory, browser_output_dir: Path) -> Iterator[LabServer]:
    """One JupyterLab server for the session; its log is test-output/browser/jupyter-server.log."""
    server = LabServer(tmp_path_factory.mktemp("jupyterlab"), log_path=browser_output_dir / "jupyter-server.log")
    with server:
        yield server


@pytest.fixture
def lab(
    request: pytest.FixtureRequest, chromium_browser: Any, lab_server: LabServer, browser_output_dir: Path
) -> Iterator[LabPage]:
    """A fresh browser page on the session's JupyterLab, for one test."""
    out_dir = browser_output_dir / _folder_name(request.node)
    shutil.rmtree(out_dir, ignore_errors=True)  # no stale pictures from an earlier run
    out_dir.mkdir(parents=True)
    log_offset = lab_server.log_offset()
    context = chromium_browser.new_context(viewport=VIEWPORT)
    tracing = bool(os.environ.get("XH_BROWSER_TRACE"))
    if tracing:
        context.tracing.start(screenshots=True, snapshots=True)
    page = LabPage(context.new_page(), lab_server, out_dir)
    page.page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        try:
            if failed(request.node):
                page.save_failure_evidence(log_offset)
            if tracing:
                context.tracing.stop(path=str(out_dir / "trace.zip"))
        finally:
            context.close()
            lab_server.shutdown_sessions()  # each test's kernel ends with it
            if not any(out_dir.iterdir()):
                out_dir.rmdir()


def _folder_name(node: pytest.Item) -> str:
    """``<module>.<test name>``, safe as a folder name."""
    module = Path(str(node.fspath)).stem
    return re.sub(r"[^\w.-]+", "_", f"{module}.{node.name}").strip("_")
