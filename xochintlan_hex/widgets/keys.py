"""Keys that stay in the app: a small browser-side widget that scopes the keyboard to one app.

JupyterLab reads every key pressed in a notebook: in command mode ``r`` turns the
current cell into a Raw cell, ``1`` into a Markdown heading, ``m`` into Markdown.
An app placed in a cell would lose its board to such a key whenever a button, the
board or the app's background had the focus. :class:`KeyScope` is an `anywidget
<https://anywidget.dev>`_ (a few lines of JavaScript, no build step) placed inside
the app. In the browser it

* makes the whole app focusable, so a click anywhere in it (a button, a label,
  the board) gives it the keyboard, and so does pointing at the board (unless a
  cell is being edited);
* marks the app so JupyterLab's shortcuts ignore keys pressed inside it
  (``data-lm-suppress-shortcuts``, JupyterLab's own switch for this) and stops
  those keys from travelling further up the page;
* sends the app's own keys (``keys``) to the kernel, where the app acts on them;
* shows, in its line (CSS class ``xh-keys``), whether the app has the keys, and
  outlines the app while it does. ``Esc`` hands the keys back to the notebook.

Without a browser, :meth:`KeyScope.press` delivers a key exactly as the page does:

>>> pressed = []
>>> scope = KeyScope({"r": "turn"}, pressed.append)
>>> scope.press("r"), scope.press("x"), pressed
(None, None, ['r'])
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

from ..i18n import _

_ESM = r"""
function render({ model, el }) {
  el.classList.add("xh-keys");
  const line = document.createElement("span");
  el.appendChild(line);
  let app = null;

  function show(active) {
    line.textContent = model.get(active ? "active_line" : "idle_line");
    el.classList.toggle("xh-keys-active", active);
    if (app) app.classList.toggle("xh-has-keys", active);
  }

  function onKey(event) {
    if (event.key === "Escape") {            // hand the keys back to the notebook
      app.blur();
      if (document.activeElement && app.contains(document.activeElement)) document.activeElement.blur();
      const cell = app.closest(".jp-Notebook");
      if (cell) cell.focus();
      return;
    }
    if (event.key === "Tab") return;         // moving between controls stays possible
    event.stopPropagation();                 // nothing above the app sees the key
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (model.get("game_keys").includes(event.key)) {
      event.preventDefault();                // e.g. no page scroll, no button press on a key of the game
      model.send({ key: event.key });
    }
  }

  function attach() {
    app = el.closest(".xh-app");
    if (!app) return false;
    if (!app.__xhKeyScope) {
      app.__xhKeyScope = true;
      app.setAttribute("tabindex", "0");
      app.setAttribute("data-lm-suppress-shortcuts", "true");
      // Capture: the app hears its keys first, even those pressed on a canvas that keeps them.
      app.addEventListener("keydown", onKey, true);
      app.addEventListener("focusin", () => show(true));
      app.addEventListener("focusout", (event) => {
        if (event.relatedTarget === null) {
          // A control that disables itself (Undo with nothing left to undo) drops the focus
          // to the page: the app keeps it.
          setTimeout(() => {
            const active = document.activeElement;
            if (document.hasFocus() && (active === null || active === document.body)) app.focus({ preventScroll: true });
            else if (!app.contains(active)) show(false);
          }, 0);
          return;
        }
        if (!app.contains(event.relatedTarget)) show(false);
      });
      // Pointing at the board gives the app the keys (as a canvas of ipympl does), unless the
      // person is typing somewhere (a cell being edited keeps its keys).
      app.addEventListener("pointerover", (event) => {
        const board = event.target.closest && event.target.closest(".xh-board, .xh-gallery-board");
        const active = document.activeElement;
        const typing = active && active.closest && active.closest("input, textarea, select, [contenteditable='true'], .cm-editor");
        if (board && !app.contains(active) && !typing) app.focus({ preventScroll: true });
      });
    }
    show(app.contains(document.activeElement));
    return true;
  }

  // The view is put in the app's box after it is rendered: wait for it.
  let tries = 0;
  (function wait() {
    if (!attach() && tries++ < 200) setTimeout(wait, 25);
  })();
  for (const name of ["help", "active_line", "idle_line"])
    model.on(`change:${name}`, () => show(app !== null && app.contains(document.activeElement)));
}
export default { render };
"""

_CSS = """
.xh-keys { font-size: 0.85em; color: #555; min-height: 1.4em; }
.xh-keys.xh-keys-active { color: #0B5394; font-weight: bold; }
.xh-app:focus { outline: none; }
.xh-app.xh-has-keys { box-shadow: 0 0 0 3px #0B5394; border-radius: 4px; }
"""


class KeyScope(anywidget.AnyWidget):
    """The app's keyboard: the ``keys`` (a key -> what it does) are sent to ``on_key``; every other key is kept from JupyterLab.

    ``help`` is the short list of keys the line shows, e.g. ``"r turn · f flip"``;
    ``active_line`` and ``idle_line`` the line while the app has the keys and while
    it has not. What each key does is written in the language in use
    (:meth:`set_keys` writes it again, e.g. after the app's language changed).
    """

    _esm = _ESM
    _css = _CSS
    game_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    help = traitlets.Unicode("").tag(sync=True)
    active_line = traitlets.Unicode("").tag(sync=True)
    idle_line = traitlets.Unicode("").tag(sync=True)

    def __init__(self, keys: dict[str, str], on_key: Callable[[str], None]) -> None:
        super().__init__()
        self.set_keys(keys)
        self._on_key = on_key
        self.on_msg(self._received)

    def set_keys(self, keys: dict[str, str]) -> None:
        """Take ``keys`` (a key -> what it does, in English: translated here) as the app's keys."""
        shown = {"ArrowLeft": "←", "ArrowRight": "→"}
        self.game_keys = sorted(keys)
        self.help = " · ".join(f"{shown.get(k, k)} {_(what)}" for k, what in keys.items())
        self.active_line = _("⌨ Keys go to the game: {keys} · Esc: back to the notebook").format(keys=self.help)
        self.idle_line = _("⌨ Click the game to use its keys ({keys})").format(keys=self.help)

    def press(self, key: str) -> None:
        """Deliver ``key`` as the page does when the app has the keyboard."""
        if key in self.game_keys:
            self._on_key(key)

    def _received(self, _widget: object, content: dict, _buffers: object) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if isinstance(key, str):
            self.press(key)
