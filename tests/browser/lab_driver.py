"""Drive JupyterLab in headless Chromium: the machinery behind the browser tests.

Two objects do the work; the fixtures in ``conftest.py`` hand them to tests:

- :class:`LabServer` runs a JupyterLab server on 127.0.0.1 with no token, in a
  temporary root, settings and workspace, and stops its whole process group.
- :class:`LabPage` is one browser page on that server, with the few actions a
  test of the kit needs: open a notebook, run it, find widgets by CSS class,
  read their text, click buttons and matplotlib canvases, ask the kernel a
  question and take screenshots.

See ``tests/browser/README.md`` for how to run the tests and the known pitfalls.
"""

from __future__ import annotations

import ast
import copy
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import nbformat

DEFAULT_CHROMIUM = "/usr/lib/chromium/chromium"

# Without the networking flags Chromium keeps trying hosts it cannot reach here.
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
)

# Settings every test session starts from: no news pop-up over the lower right
# corner, and every notebook cell rendered even when far off screen.
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class NotebookError(AssertionError):
    """A notebook run in the browser raised, or left cells unexecuted."""


def chromium_executable() -> str:
    """The Chromium binary to drive: ``$XH_CHROMIUM`` or Debian's chromium."""
    return os.environ.get("XH_CHROMIUM", DEFAULT_CHROMIUM)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_notebook(cells: Iterable[str | nbformat.NotebookNode]) -> nbformat.NotebookNode:
    """A notebook with the given cells: strings become code cells.

    >>> nb = make_notebook(["1 + 1", nbformat.v4.new_markdown_cell("# Title")])
    >>> [cell.cell_type for cell in nb.cells]
    ['code', 'markdown']
    """
    notebook = nbformat.v4.new_notebook()
    # A kernelspec avoids JupyterLab's "select kernel" dialog.
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    notebook.cells = [nbformat.v4.new_code_cell(cell) if isinstance(cell, str) else cell for cell in cells]
    return notebook


# --------------------------------------------------------------------------- server


class LabServer:
    """A JupyterLab server for tests, isolated in ``workdir``.

    Use it as a context manager (the session fixture ``lab_server`` does): the
    whole process group, and the kernels it started, are stopped on exit, also
    when the server failed to start.  Everything it prints goes to ``log_path``.
    """

    def __init__(self, workdir: Path, log_path: Path, *, startup_timeout: float = 120.0) -> None:
        self.workdir = Path(workdir)
        self.root_dir = self.workdir / "root"
        self.log_path = Path(log_path)
        self.startup_timeout = startup_timeout
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._children: set[int] = set()

    @property
    def url(self) -> str:
        """Base URL, for example ``http://127.0.0.1:43123``."""
        return f"http://127.0.0.1:{self.port}"

    # -- files under test

    def add_notebook(self, name: str, cells: Iterable[str | nbformat.NotebookNode]) -> Path:
        """Write a notebook ``name`` (relative to the root) made of ``cells``."""
        path = self.root_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(make_notebook(cells), path)
        return path

    def copy_notebook(self, source: str | Path, name: str | None = None) -> Path:
        """Copy a notebook (for example a lesson) into the root; returns its new path.

        Outputs are cleared, so that what the test sees comes from this run.
        """
        notebook = nbformat.read(Path(source), as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
        notebook.metadata["kernelspec"] = dict(KERNELSPEC)
        path = self.root_dir / (name or Path(source).name)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, path)
        return path

    # -- lifecycle

    def __enter__(self) -> LabServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def start(self) -> None:
        """Start the server and wait until ``/api/status`` answers."""
        self._prepare_dirs()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb"):
            pass  # a fresh log per session
        last_error = ""
        for _attempt in range(3):  # a free port may be taken before the server binds it
            self.port = free_port()
            self._launch()
            try:
                self._wait_until_up()
                return
            except _PortTaken as error:
                last_error = str(error)
                self.stop()
            except BaseException:
                self.stop()  # never leave a half-started server behind
                raise
        raise RuntimeError(f"JupyterLab could not bind a port: {last_error}")

    def stop(self) -> None:
        """Stop the server's process group and any kernel it left behind."""
        process, self._process = self._process, None
        if process is None:
            return
        self._children |= _descendants(process.pid)
        if process.poll() is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                _signal_group(process.pid, signal.SIGKILL)
                process.wait(timeout=15)
        _signal_group(process.pid, signal.SIGKILL)  # stragglers in the group
        # Kernels run in their own process sessions: stop the ones still alive.
        for pid in self._children:
            _signal_group(pid, signal.SIGKILL)
        self._children.clear()

    # -- log and kernels

    def log_offset(self) -> int:
        """Current size of the server log (to read only what follows later)."""
        return self.log_path.stat().st_size if self.log_path.exists() else 0

    def log_since(self, offset: int) -> str:
        """Server log written since ``offset``."""
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            return log.read().decode("utf-8", "replace")

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API; returns the decoded JSON (or None)."""
        request = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_sessions(self) -> None:
        """Shut down every notebook session and its kernel (between tests)."""
        if self._process is None:
            return
        self._children |= _descendants(self._process.pid)
        for session in self.api("GET", "/api/sessions"):
            try:
                self.api("DELETE", f"/api/sessions/{session['id']}")
            except urllib.error.HTTPError:
                pass  # already gone

    # -- internals

    def _prepare_dirs(self) -> None:
        for name in ("root", "tmp", "config", "data", "runtime", "ipython", "settings", "workspaces", "app-settings"):
            (self.workdir / name).mkdir(parents=True, exist_ok=True)
        overrides = self.workdir / "app-settings" / "overrides.json"
        overrides.write_text(json.dumps(SETTINGS_OVERRIDES, indent=2))

    def _config_text(self) -> str:
        def quoted(name: str) -> str:
            return repr(str(self.workdir / name))

        return "\n".join(
            [
                "from jupyterlab.galata import configure_jupyter_server",
                "configure_jupyter_server(c)  # no token, no XSRF, app exposed as window.jupyterapp",
                'c.ServerApp.ip = "127.0.0.1"',
                f"c.ServerApp.port = {self.port}",
                "c.ServerApp.port_retries = 0",
                "c.ServerApp.open_browser = False",
                "c.ServerApp.allow_root = True",
                f"c.ServerApp.root_dir = {quoted('root')}",
                f"c.LabApp.workspaces_dir = {quoted('workspaces')}",
                f"c.LabApp.user_settings_dir = {quoted('settings')}",
                f"c.LabApp.app_settings_dir = {quoted('app-settings')}",
                "",
            ]
        )

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("MPLBACKEND", None)  # the notebook chooses ipympl, as a student's would
        env.update(
            {
                "TMPDIR": str(self.workdir / "tmp"),  # galata's own temporary folders land here
                "JUPYTER_CONFIG_DIR": str(self.workdir / "config"),
                "JUPYTER_DATA_DIR": str(self.workdir / "data"),
                "JUPYTER_RUNTIME_DIR": str(self.workdir / "runtime"),
                "IPYTHONDIR": str(self.workdir / "ipython"),
                "JUPYTERLAB_GALATA_ROOT_DIR": str(self.root_dir),
                "PYTHONUNBUFFERED": "1",
            }
        )
        return env

    def _launch(self) -> None:
        config = self.workdir / "jupyter_server_test_config.py"
        config.write_text(self._config_text())
        with open(self.log_path, "ab") as log:
            log.write(f"--- starting JupyterLab on port {self.port}\n".encode())
            log.flush()
            self._process = subprocess.Popen(
                [sys.executable, "-c", _LAUNCHER, f"--config={config}"],
                cwd=self.root_dir,
                env=self._environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # one process group to signal at the end
            )

    def _wait_until_up(self) -> None:
        assert self._process is not None
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                tail = self.log_since(max(0, self.log_offset() - 4000))
                if "already in use" in tail or "Errno 98" in tail:
                    raise _PortTaken(tail[-300:])
                raise RuntimeError(
                    f"JupyterLab exited with code {self._process.returncode} while starting; "
                    f"log {self.log_path}:\n{tail}"
                )
            try:
                self.api("GET", "/api/status")
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        raise RuntimeError(f"JupyterLab did not answer within {self.startup_timeout:.0f} s; log {self.log_path}")


# Start JupyterLab so that it gets SIGTERM when pytest dies, even by SIGKILL
# (Linux): otherwise a killed run would leave a server behind in its own session.
_LAUNCHER = """
import ctypes, os, signal, sys
if sys.platform.startswith("linux"):
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() == 1:
        sys.exit("the test run that started JupyterLab is gone")
os.execv(sys.executable, [sys.executable, "-m", "jupyterlab", *sys.argv[1:]])
"""


class _PortTaken(RuntimeError):
    pass


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _descendants(pid: int) -> set[int]:
    """Process ids started (directly or not) by ``pid``; empty without psutil."""
    try:
        import psutil
    except ImportError:
        return set()
    try:
        return {child.pid for child in psutil.Process(pid).children(recursive=True)}
    except psutil.Error:
        return set()


# --------------------------------------------------------------------------- page

# "Run all" resolves when every cell's reply is in; the result is parked on
# window so that Python can wait for it with a timeout.
_START_RUN_ALL = """
() => {
  window.__xhRunAll = {done: false, ok: null, error: null};
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    ok => { window.__xhRunAll = {done: true, ok: ok, error: null}; },
    err => { window.__xhRunAll = {done: true, ok: false, error: String(err)}; });
}
"""

_CELL_STATES = """
() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const states = [];
  notebook.widgets.forEach((cell, index) => {
    const model = cell.model;
    if (model.type !== 'code') return;
    const outputs = model.toJSON().outputs || [];
    const error = outputs.find(o => o.output_type === 'error');
    states.push({
      index: index,
      count: model.executionCount,
      source: model.sharedModel.getSource(),
      error: error ? {ename: error.ename, evalue: error.evalue,
                      traceback: (error.traceback || []).join('\\n')} : null,
    });
  });
  return states;
}
"""

_KERNEL_IDLE = """
(path) => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!widget || !widget.context || widget.context.path !== path) return false;
  const kernel = widget.sessionContext.session && widget.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""

_EVALUATE = """
async (expression) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: '', silent: true, store_history: false,
                                        user_expressions: {value: expression}});
  const reply = await future.done;
  return reply.content.user_expressions.value;
}
"""

_EXECUTE = """
async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: code, silent: true, store_history: false});
  const reply = await future.done;
  return reply.content;
}
"""

# JSON that also accepts numpy values, for LabPage.python.
_AS_JSON = "__import__('json').dumps({expr}, default=lambda o: o.tolist() if hasattr(o, 'tolist') else repr(o))"

_CANVAS = ".jupyter-matplotlib-canvas-div canvas"

# What, if anything, lies on top of a canvas at a page point.
_COVERING = """
(canvas, [x, y]) => {
  const hit = document.elementFromPoint(x, y);
  if (hit === canvas) return null;
  if (!hit) return 'nothing (outside the window)';
  if (hit.closest('.jupyter-matplotlib-toolbar')) return "ipympl's toolbar";
  return `<${hit.tagName.toLowerCase()} class="${hit.className}">`;
}
"""


# Which edges of an element a person cannot see: at the middle of each edge
# (2 px inside), the element on top must be this one or inside it. An edge
# clipped by a container, covered by another element or outside the window
# counts as hidden.
_HIDDEN_EDGES = """
element => {
  const r = element.getBoundingClientRect();
  const inset = 2;
  const points = {
    left: [r.left + inset, r.top + r.height / 2],
    right: [r.right - inset, r.top + r.height / 2],
    top: [r.left + r.width / 2, r.top + inset],
    bottom: [r.left + r.width / 2, r.bottom - inset],
  };
  return Object.entries(points)
    .filter(([, [x, y]]) => {
      const hit = document.elementFromPoint(x, y);
      return !(hit && (hit === element || element.contains(hit)));
    })
    .map(([edge]) => edge);
}
"""


# The widgets inside an element whose text a person cannot read whole: wider
# than their box (clipped or ellipsised), or reaching past a container that
# clips them. Each is named by its xh-* classes (or tag) and its text.
_CUT_OFF_TEXTS = """
root => {
  const cut = [];
  const seen = new Set();
  for (const el of root.querySelectorAll('.widget-label, .widget-html-content, button, .widget-readout')) {
    const text = (el.innerText || '').trim();
    if (!text || seen.has(el) || el.getClientRects().length === 0) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    let clipped = el.scrollWidth > el.clientWidth + 1;
    for (let box = el.parentElement; !clipped && box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== 'visible') {
        clipped = r.right > box.getBoundingClientRect().right + 1;
      }
    }
    if (clipped) {
      const owner = el.closest('[class*="xh-"]');
      const names = owner ? [...owner.classList].filter(c => c.startsWith('xh-')).join('.') : el.tagName;
      cut.push(`${names}: ${text.slice(0, 60)}`);
    }
  }
  return cut;
}
"""


def css(target: str) -> str:
    """A CSS selector from a widget's class name (``"xh-status"``) or a selector.

    >>> css("xh-status")
    '.xh-status'
    >>> css(".xh-board canvas")
    '.xh-board canvas'
    """
    if re.fullmatch(r"[A-Za-z_][\w-]*", target):
        return "." + target
    return target


class LabPage:
    """One browser page on a :class:`LabServer`, with helpers for the kit's tests.

    ``target`` arguments are a widget's CSS class (``"xh-status"``, as given to
    ``widget.add_class``) or any CSS selector (``".xh-action button"``).
    """

    def __init__(self, page: Any, server: LabServer, out_dir: Path) -> None:
        self.page = page  # the Playwright page, for anything the helpers lack
        self.server = server
        self.out_dir = Path(out_dir)
        self.notebook: str | None = None
        self.console: list[str] = []
        self._root: Any = page  # where widgets are looked for (see scope)
        page.on("console", lambda msg: self.console.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda error: self.console.append(f"pageerror: {error}"))

    # -- notebooks

    def open_notebook(self, name: str, *, wide: bool = True, timeout: float = 90_000) -> None:
        """Open ``name`` (relative to the server root) and wait for its kernel.

        Waits for the splash screen to go, the kernel to be idle and the
        session context to be ready (before that, "run all" may run nothing).
        ``wide`` closes the file browser on the left, giving the notebook the
        whole window width.
        """
        self.page.goto(f"{self.server.url}/lab/tree/{name}?reset", timeout=timeout)
        self.page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=timeout)
        self.page.wait_for_function(_KERNEL_IDLE, arg=name, timeout=timeout)
        self.page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.ready")
        if wide:
            self.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        self.notebook = name

    def run_all_cells(self, *, timeout: float = 120_000) -> None:
        """Run every cell and wait until all have finished.

        Raises :class:`NotebookError` with the traceback when a cell raised,
        or when a code cell was left without an execution count.
        """
        self._require_notebook()
        self.page.evaluate(_START_RUN_ALL)
        self.page.wait_for_function("() => window.__xhRunAll.done", timeout=timeout)
        self.wait_for_kernel_idle(timeout=timeout)
        outcome = self.page.evaluate("() => window.__xhRunAll")
        self._check_cells(outcome)

    def wait_for_kernel_idle(self, *, timeout: float = 30_000) -> None:
        """Wait until the open notebook's kernel is connected and idle."""
        self._require_notebook()
        self.page.wait_for_function(_KERNEL_IDLE, arg=self.notebook, timeout=timeout)

    def python(self, expression: str) -> Any:
        """Evaluate a Python expression in the notebook's kernel; its value via JSON.

        Runs after whatever the kernel is busy with (including widget events
        already sent), so it also serves to wait for the kernel to catch up.
        Example: ``lab.python("app.game.turn")``.
        """
        self._require_notebook()
        result = self.page.evaluate(_EVALUATE, _AS_JSON.format(expr=expression))
        if result.get("status") != "ok":
            raise NotebookError(f"{expression!r} raised {result.get('ename')}: {result.get('evalue')}")
        return json.loads(ast.literal_eval(result["data"]["text/plain"]))

    def execute(self, code: str) -> None:
        """Run statements in the notebook's kernel, as a hidden cell would.

        Widgets they change update on the page, as after a click; for example
        ``lab.execute("for cell in MOVES: app.click(cell)")``.  Raises
        :class:`NotebookError` with the traceback when the code raises.
        """
        self._require_notebook()
        reply = self.page.evaluate(_EXECUTE, code)
        if reply.get("status") != "ok":
            traceback = ANSI_ESCAPE.sub("", "\n".join(reply.get("traceback", [])))
            raise NotebookError(f"{reply.get('ename')}: {reply.get('evalue')} in\n{code}\n{traceback}")

    # -- widgets

    def scope(self, target: str, nth: int = 0) -> LabPage:
        """The same helpers, limited to the ``nth`` element matching ``target``.

        For notebooks that show one app twice:
        ``second = lab.scope("xh-xochintlan", nth=1)``, then
        ``second.text("xh-status")``.  Make scopes after ``open_notebook``.
        """
        scoped = copy.copy(self)
        scoped._root = self._root.locator(css(target)).nth(nth)
        return scoped

    def widget(self, target: str) -> Any:
        """Playwright locator for a widget (strict: it must match exactly one)."""
        return self._root.locator(css(target))

    def text(self, target: str, *, timeout: float = 15_000) -> str:
        """The visible text of a widget (a Label, HTML, Button, ...)."""
        return self.widget(target).inner_text(timeout=timeout).strip()

    def expect_text(
        self, target: str, expected: str | re.Pattern[str], *, exact: bool = False, timeout: float = 15_000
    ) -> None:
        """Wait until a widget's text contains (or, with ``exact``, is) ``expected``."""
        from playwright.sync_api import expect

        if exact:
            expect(self.widget(target)).to_have_text(expected, timeout=timeout)
        else:
            expect(self.widget(target)).to_contain_text(expected, timeout=timeout)

    def expect_text_change(self, target: str, before: str, *, timeout: float = 15_000) -> str:
        """Wait until a widget's text differs from ``before``; returns the new text."""
        from playwright.sync_api import expect

        expect(self.widget(target)).not_to_have_text(before, timeout=timeout)
        return self.text(target)

    def expect_visible(self, target: str, *, visible: bool = True, timeout: float = 15_000) -> None:
        """Wait until a widget is shown (or, with ``visible=False``, hidden or gone)."""
        from playwright.sync_api import expect

        if visible:
            expect(self.widget(target)).to_be_visible(timeout=timeout)
        else:
            expect(self.widget(target)).to_be_hidden(timeout=timeout)

    def hidden_edges(self, target: str) -> list[str]:
        """The edges of a widget a person cannot see: ``[]`` when it is shown whole.

        An edge is hidden when a container clips it, another element covers it,
        or it lies outside the window; for example ``["right"]`` for a panel
        cut off by the notebook's width. Scrolls the widget into view first.
        """
        widget = self.widget(target)
        widget.scroll_into_view_if_needed()
        return widget.evaluate(_HIDDEN_EDGES)

    def cut_off_texts(self, target: str) -> list[str]:
        """The texts inside a widget that a person cannot read whole: ``[]`` when all fit.

        A label, HTML text or button whose text is wider than its box (cut, or
        ended with "…"), or that reaches past a container clipping it, is
        listed as ``"<its xh-* classes>: <its text>"``.
        """
        return self.widget(target).evaluate(_CUT_OFF_TEXTS)

    def click(self, target: str, *, timeout: float = 15_000) -> None:
        """Click a widget (a Button, or any element a selector names)."""
        self.widget(target).click(timeout=timeout)

    def choose(self, target: str, option: str, *, timeout: float = 15_000) -> None:
        """Pick ``option`` (its visible label) in a Dropdown, Select or ToggleButtons."""
        widget = self.widget(target)
        select = widget.locator("select")
        if select.count():
            select.select_option(label=option, timeout=timeout)
        else:
            widget.get_by_role("button", name=option, exact=True).click(timeout=timeout)

    # -- boards drawn by the browser (SVG, cells carrying ``data-cell="x,y"``)

    def click_cell(self, cell: tuple[int, int], within: str = "xh-board", *, timeout: float = 15_000) -> None:
        """Click a cell of an SVG board by its coordinates, as a person clicks it."""
        self.widget(f'{css(within)} [data-cell="{cell[0]},{cell[1]}"]').click(timeout=timeout)

    def board_picture(self, within: str = "xh-board") -> str:
        """The SVG picture a board shows now, as markup (to compare)."""
        return self.widget(f"{css(within)} svg").evaluate("svg => svg.outerHTML")

    def expect_board_change(self, before: str, within: str = "xh-board", *, timeout: float = 15_000) -> str:
        """Wait until an SVG board shows something else than ``before``; returns the new picture."""
        board = self.widget(css(within)).element_handle(timeout=timeout)
        self.page.wait_for_function(
            "([board, before]) => { const svg = board.querySelector('svg'); return svg && svg.outerHTML !== before; }",
            arg=[board, before],
            timeout=timeout,
        )
        return self.board_picture(within)

    def expect_board_to_show(self, picture: str, within: str = "xh-board", *, timeout: float = 15_000) -> None:
        """Wait until an SVG board shows exactly ``picture`` (markup from :meth:`board_picture`)."""
        board = self.widget(css(within)).element_handle(timeout=timeout)
        self.page.wait_for_function(
            "([board, picture]) => { const svg = board.querySelector('svg'); return svg && svg.outerHTML === picture; }",
            arg=[board, picture],
            timeout=timeout,
        )

    def board_hidden_edges(self, within: str = "xh-board") -> list[str]:
        """The edges of an SVG board's picture a person cannot see (see :meth:`hidden_edges`)."""
        return self.hidden_edges(f"{css(within)} svg")

    # -- matplotlib canvases (ipympl)
    #
    # Canvas positions are fractions of the canvas width and height measured
    # from its TOP-LEFT corner, as a browser measures clicks and as the apps'
    # ``cell_to_canvas_fraction`` return them.

    def canvas(self, within: str | None = None) -> Any:
        """Locator of an ipympl canvas: the one inside ``within``, or the only one.

        Give the figure (or a box around it) a class, e.g.
        ``fig.canvas.add_class("xh-board")``, and pass ``within="xh-board"``.
        """
        # ipympl stacks two canvases: the picture, then the one receiving events.
        return self._canvases(within).last

    def canvas_point(self, fx: float, fy: float, within: str | None = None) -> tuple[float, float]:
        """Page pixel position of canvas fractions ``(fx, fy)`` (from the top-left)."""
        if not (0 <= fx <= 1 and 0 <= fy <= 1):
            raise ValueError(f"canvas fractions must lie in [0, 1], got ({fx}, {fy})")
        canvas = self.canvas(within)
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        if box is None:
            raise AssertionError(f"the canvas {within or ''} is not visible")
        # Keep clear of the very edge, where a rounded pixel falls off the canvas.
        x = box["x"] + min(max(fx * box["width"], 0.5), box["width"] - 0.5)
        y = box["y"] + min(max(fy * box["height"], 0.5), box["height"] - 0.5)
        return x, y

    def click_canvas(self, fx: float, fy: float, within: str | None = None) -> None:
        """Click an ipympl canvas at fractions of its size, from the top-left.

        Fails, rather than click something else, when another element (for
        example ipympl's toolbar) covers the canvas at that point.
        """
        x, y = self.canvas_point(fx, fy, within)
        # Hover first: ipympl's toolbar only appears once the mouse is over the figure.
        self.page.mouse.move(x, y)
        covering = self.canvas(within).evaluate(_COVERING, [x, y])
        if covering:
            raise AssertionError(
                f"{covering} covers the canvas at ({fx:.3f}, {fy:.3f}); "
                "hide it (fig.canvas.toolbar_visible = False) or click elsewhere"
            )
        self.page.mouse.click(x, y)

    def click_canvas_where(self, expression: str, within: str | None = None) -> None:
        """Click where a Python expression in the kernel says: canvas fractions (top-left).

        Example: ``lab.click_canvas_where("app.cell_to_canvas_fraction((1, 0))", "xh-board")``.
        """
        fx, fy = self.python(expression)
        self.click_canvas(fx, fy, within)

    def canvas_fraction(self, x: float, y: float, figure: str, axes: str | None = None) -> tuple[float, float]:
        """Canvas fractions (from the top-left) of data point ``(x, y)``, from the kernel.

        ``figure`` and ``axes`` are Python expressions in the notebook
        (``axes`` defaults to the figure's first axes), for example
        ``lab.canvas_fraction(2, 3, "fig")``.
        """
        axes = axes or f"({figure}).axes[0]"
        fx, fy = self.python(
            f"({figure}).transFigure.inverted().transform(({axes}).transData.transform(({float(x)!r}, {float(y)!r})))"
        )
        return fx, 1.0 - fy  # matplotlib's figure fractions start at the bottom

    def click_canvas_at(
        self, x: float, y: float, figure: str, *, axes: str | None = None, within: str | None = None
    ) -> None:
        """Click the point ``(x, y)`` in data coordinates of a figure's axes."""
        self.click_canvas(*self.canvas_fraction(x, y, figure, axes), within=within)

    def press_on_canvas(self, key: str, within: str | None = None) -> None:
        """Give an ipympl canvas the keyboard focus and press ``key`` (e.g. "r")."""
        self._canvases(within, ".jupyter-matplotlib-canvas-div").focus()
        self.page.keyboard.press(key)

    def canvas_hidden_edges(self, within: str | None = None) -> list[str]:
        """The edges of an ipympl canvas a person cannot see (see :meth:`hidden_edges`).

        ``[]`` when the whole board is on screen; ``["right"]`` when, say, the
        controls beside it squeeze it and clip its right part.
        """
        canvas = self.canvas(within)
        canvas.scroll_into_view_if_needed()
        return canvas.evaluate(_HIDDEN_EDGES)

    def canvas_image(self, within: str | None = None) -> str:
        """The picture an ipympl canvas shows now, as a data URL (to compare)."""
        return self._canvases(within).first.evaluate("canvas => canvas.toDataURL()")

    def expect_canvas_change(self, before: str, within: str | None = None, *, timeout: float = 15_000) -> str:
        """Wait until a canvas shows something else than ``before``; returns the new picture."""
        picture = self._canvases(within).first.element_handle(timeout=timeout)
        self.page.wait_for_function(
            "([canvas, before]) => canvas.toDataURL() !== before", arg=[picture, before], timeout=timeout
        )
        return self.canvas_image(within)

    def _canvases(self, within: str | None, selector: str = _CANVAS) -> Any:
        return self._root.locator(f"{css(within)} {selector}" if within else selector)

    # -- evidence

    def screenshot(self, name: str, target: str | None = None) -> Path:
        """Save ``<name>.png`` in the test's output folder.

        Of the widget ``target``; without it, of the page (or of the scope).
        """
        path = self.out_dir / f"{name}.png"
        if target is not None:
            self.widget(target).screenshot(path=str(path))
        elif self._root is self.page:
            self.page.screenshot(path=str(path))
        else:
            self._root.screenshot(path=str(path))
        return path

    def save_failure_evidence(self, log_offset: int) -> None:
        """After a failure: the page, the browser console and the server log."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        try:
            self.page.screenshot(path=str(self.out_dir / "failure.png"), full_page=True)
        except Exception as error:  # the page may be gone; keep the rest
            self.console.append(f"(no failure screenshot: {error})")
        (self.out_dir / "browser-console.log").write_text("\n".join(self.console) + "\n")
        (self.out_dir / "jupyter-server.log").write_text(self.server.log_since(log_offset))

    # -- internals

    def _require_notebook(self) -> None:
        if self.notebook is None:
            raise RuntimeError("open a notebook first: lab.open_notebook(name)")

    def _check_cells(self, outcome: dict[str, Any]) -> None:
        states: Sequence[dict[str, Any]] = self.page.evaluate(_CELL_STATES)
        for state in states:
            if state["error"]:
                error = state["error"]
                raise NotebookError(
                    f"cell {state['index']} of {self.notebook} raised {error['ename']}: "
                    f"{error['evalue']}\n{ANSI_ESCAPE.sub('', error['traceback'])}"
                )
        if outcome.get("error"):
            raise NotebookError(f"run all failed in {self.notebook}: {outcome['error']}")
        not_run = [s["index"] for s in states if s["count"] is None and s["source"].strip()]
        if not_run:
            raise NotebookError(f"cells {not_run} of {self.notebook} did not run")
