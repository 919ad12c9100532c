"""The three pages of a class (student, teacher, projector): HTML with their texts, and their scripts.

The pages hold no game: a student's page draws the SVG the server sends and
sends back the action a click makes, as text (``L(1,0)``). Every text a person
reads is translated on the server, in the language of the page, and handed to
the script as JSON data (never as code). Names and codes are put in the page
with ``textContent`` only, never as markup.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any

from xochintlan_hex.i18n import LANGUAGES, N_, _
from xochintlan_hex.players import PLAYERS
from xochintlan_hex.viz import style
from xochintlan_hex.xochintlan import kind_name
from xochintlan_hex.xochintlan.rules import ENDGAMES, LATTICE_NAMES, LATTICE_WORDS, LOCKS, MATCHES, WIN_CHECKS

from .session import MAX_NAME, MAX_SEATS, speaking

#: The teacher's rule menus: the rule, its label, and the words shown for each of its values
#: (the page sends the engine's own name of the value; every value of the engine has words).
RULE_MENUS: tuple[tuple[str, str, tuple[str, ...], dict[str, str]], ...] = (
    ("lattice", N_("Board"), LATTICE_NAMES, LATTICE_WORDS),
    ("match", N_("A card counts"), MATCHES, {"rotation": N_("turned"), "rotation+reflection": N_("turned or flipped")}),
    (
        "win_check",
        N_("Who can win after an action"),
        WIN_CHECKS,
        {"any": N_("every player"), "mover": N_("only the player who acted")},
    ),
    (
        "endgame",
        N_("Once every animal is on the board"),
        ENDGAMES,
        {"tie": N_("a tie"), "swap": N_("play goes on: a turn may swap two animals")},
    ),
    (
        "lock",
        N_("Locked tile"),
        LOCKS,
        {
            "english": N_("the tile just played (the common reading)"),
            "french": N_("only a tile just moved (the literal reading of the French text)"),
        },
    ),
)
#: The teacher's rule boxes to tick, with their words (those of the command line's help).
RULE_BOXES = (
    ("allow_redraw", N_("a turn may reveal a card and draw another")),
    ("open_cards", N_("every hand is public")),
    ("keep_connected", N_("the Human may not split the board")),
    ("cut_off_switch", N_("an animal that touches no other tile may still be switched or swapped")),
)


def _rule_menus() -> str:
    """The rule menus and boxes of the teacher's page, in the language in use."""
    e = html.escape
    menus = "".join(
        f'<label>{e(_(label))} <select id="{rule}">'
        + "".join(f'<option value="{e(value)}">{e(_(words[value]))}</option>' for value in values)
        + "</select></label> "
        for rule, label, values, words in RULE_MENUS
    )
    boxes = "".join(
        f'<label><input type="checkbox" id="{rule}"> {e(_(words)[:1].upper() + _(words)[1:])}</label> '
        for rule, words in RULE_BOXES
    )  # capitalised as the menus' labels: the words are the command line's help, which begins small
    return menus + boxes


def _player_options(players: Iterable[str]) -> str:
    """A menu's options for computer players: the player's name in data, its name in the language in use."""
    e = html.escape
    return "".join(f'<option value="{e(p)}">{e(style.word(style.PLAYER_NAMES, p))}</option>' for p in players)


CSS = """
body { font-family: system-ui, sans-serif; margin: 0.6rem; max-width: 70rem; }
h1 { font-size: 1.3rem; margin: 0.2rem 0 0.6rem; }
button, select, input { font-size: 1rem; margin: 0.15rem; padding: 0.3rem 0.5rem; }
button.chosen { outline: 3px solid #1f77b4; font-weight: bold; }
#board svg { width: 100%; max-width: 34rem; height: auto; display: block; }
#board [data-cell] { cursor: pointer; }
#message { color: #a00; min-height: 1.4rem; font-weight: bold; }
#cards svg { margin: 0.3rem; border: 1px solid #888; background: #fff; }
.hidden { display: none; }
.seats li.to-play { font-weight: bold; }
.tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); gap: 0.8rem; }
.table { border: 1px solid #aaa; border-radius: 6px; padding: 0.4rem; }
.table .code { font-size: 1.8rem; font-family: monospace; letter-spacing: 0.2rem; }
.table .board svg { width: 100%; height: auto; max-height: 22rem; }
.table.over { background: #f3f3f3; }
.table .cards svg { height: 3rem; width: auto; }
.qr svg { width: 10rem; height: auto; }
.rules label { display: block; margin: 0.1rem 0; }
"""

#: Content-Security-Policy of every page: scripts and connections only from this server
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


def _data(texts: dict[str, Any]) -> str:
    """JSON for a ``<script type="application/json">`` block: ``<`` escaped, so no text ends the block."""
    return json.dumps(texts).replace("<", "\\u003c")


def _language_menu(language: str) -> str:
    options = "".join(
        f'<option value="{code}"{" selected" if code == language else ""}>{html.escape(name)}</option>'
        for code, name in LANGUAGES.items()
    )
    return f'<select id="lang" aria-label="language">{options}</select>'


def _page(language: str, title: str, body: str, script: str, texts: dict[str, Any]) -> str:
    return (
        f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/class.css"></head>'
        f'<body>{body}<script type="application/json" id="texts">{_data(texts)}</script>'
        f'<script src="/static/{script}.js"></script></body></html>'
    )


def student_page(language: str) -> str:
    """The student's page: join a table (code, seat, name), then play from it."""
    with speaking(language):
        w = {
            text: html.escape(translated)
            for text, translated in [
                ("Xochintlan class", _("Xochintlan class")),
                ("Table code", _("Table code")),
                ("Find the table", _("Find the table")),
                ("Your name", _("Your name")),
                ("Sit down", _("Sit down")),
                ("Your card", _("Your card")),
            ]
        }  # outside the f-strings below: Babel reads no call inside one
        body = f"""
<h1>{w["Xochintlan class"]} {_language_menu(language)}</h1>
<section id="join-code"><label>{w["Table code"]} <input id="code" maxlength="8" autocomplete="off"
 autocapitalize="characters"></label> <button id="find">{w["Find the table"]}</button></section>
<section id="join-seat" class="hidden"><p id="table-title"></p><div id="free-seats"></div>
<label>{w["Your name"]} <input id="name" maxlength="{MAX_NAME}" autocomplete="off"></label>
<button id="sit">{w["Sit down"]}</button></section>
<section id="play" class="hidden">
<p><strong id="who"></strong> · <span id="status" aria-live="polite"></span></p>
<p id="last"></p>
<div id="controls"></div>
<div id="board"></div>
<h2 id="cards-title">{w["Your card"]}</h2><div id="cards"></div>
<div id="all-cards"></div>
<ul class="seats" id="seats"></ul>
</section>
<p id="message" role="alert"></p>"""
        texts = {
            "place": _("Place"),
            "human": _("Move the Human"),
            "switch": _("Switch to"),
            "swap": _("Swap two animals"),
            "redraw": _("Redraw my card"),
            "seat": _("Seat {number}"),
            "free": _("nobody yet"),
            "computer": _("computer"),
            "you": _("you"),
            "choose_seat": _("Choose a free seat"),
            "table": _("Table {code}: {game}, {count} seats"),
            "your_seat": _("Seat {number} at table {code}"),
            "tile": _("Tile"),
            "face": _("Face"),
            "rotation": _("Rotation"),
            "front": _("front"),
            "back": _("back"),
            "swap_first": _("Click the first animal, then the second"),
            "disconnected": _("Connection lost: reconnecting…"),
            "not_your_turn": _("Wait for your turn"),
            "lizard": kind_name("L"),
            "bird": kind_name("B"),
            "monkey": kind_name("M"),
            "xochintlan": "Xochintlan",
            "hextremadura": "Hextremadura",
            "full": _("every seat is taken"),
            "line": _("{name}: {action}"),
        }
        return _page(language, _("Xochintlan class"), body, "student", texts)


def teacher_page(language: str) -> str:
    """The teacher's page: open tables, fill seats with computer players, see the codes."""
    with speaking(language):
        e = html.escape
        w = {
            text: html.escape(translated)
            for text, translated in [
                ("student", _("student")),
                ("player", _("player")),
                ("Class tables", _("Class tables")),
                ("Students open", _("Students open")),
                ("Projector view", _("Projector view")),
                ("Open a table", _("Open a table")),
                ("Game", _("Game")),
                ("Hextremadura (solo)", _("Hextremadura (solo)")),
                ("Seats", _("Seats")),
                ("Seed (optional)", _("Seed (optional)")),
                ("Open the table", _("Open the table")),
                ("Code", _("Code")),
                ("Turn", _("Turn")),
                ("State", _("State")),
                ("Goal cards per hand", _("Goal cards per hand")),
                (
                    "Rounds at the start in which no card counts",
                    _("Rounds at the start in which no card counts"),
                ),
            ]
        }  # outside the f-strings below: Babel reads no call inside one
        rule_menus = _rule_menus()

        seat = _("Seat {number}")
        seat_menus = "".join(
            f'<label>{e(seat.format(number=i + 1))} <select class="seat-player" data-seat="{i}">'
            f'<option value="">{w["student"]}</option>' + _player_options(PLAYERS["xochintlan"]) + "</select></label> "
            for i in range(MAX_SEATS)
        )
        hext_menu = (
            f'<label>{w["player"]} <select id="hext-player"><option value="">{w["student"]}</option>'
            + _player_options(PLAYERS["hextremadura"])
            + "</select></label>"
        )
        body = f"""
<h1>{w["Class tables"]} {_language_menu(language)}</h1>
<p>{w["Students open"]} <strong id="join-url"></strong> · <a id="projector" target="_blank">{w["Projector view"]}</a></p>
<fieldset><legend>{w["Open a table"]}</legend>
<label>{w["Game"]} <select id="game"><option value="xochintlan">Xochintlan</option>
<option value="hextremadura">{w["Hextremadura (solo)"]}</option></select></label>
<span id="xochintlan-options">
<label>{w["Seats"]} <input id="seats" type="number" min="2" max="{MAX_SEATS}" value="3"></label>
<div class="rules">{rule_menus}
<label>{w["Goal cards per hand"]} <input id="cards_per_player" type="number" min="1" max="3" value="1"></label>
<label>{w["Rounds at the start in which no card counts"]} <input id="quiet_rounds" type="number" min="0" max="5" value="0"></label></div>
<div>{seat_menus}</div></span>
<span id="hextremadura-options" class="hidden">{hext_menu}</span>
<label>{w["Seed (optional)"]} <input id="seed" type="number" min="0"></label>
<button id="open">{w["Open the table"]}</button></fieldset>
<p id="message" role="alert"></p>
<table><thead><tr><th>{w["Code"]}</th><th>{w["Game"]}</th><th>{w["Seats"]}</th><th>{w["Turn"]}</th>
<th>{w["State"]}</th><th></th></tr></thead><tbody id="tables"></tbody></table>"""
        texts = {
            "over": _("Over"),
            "playing": _("Playing"),
            "free": _("nobody yet"),
            "closed": _("Closed"),
            "close": _("Close the table"),
            "free_seat": _("Free seat {number}"),
        }
        return _page(language, _("Class tables"), body, "teacher", texts)


def projector_page(language: str, join_url: str, qr_svg: str) -> str:
    """The projector: the join address and its QR code, then every table's public board, live."""
    with speaking(language):
        e = html.escape
        w = {
            text: html.escape(translated)
            for text, translated in [
                ("Xochintlan class", _("Xochintlan class")),
                ("join at", _("join at")),
            ]
        }  # outside the f-strings below: Babel reads no call inside one
        body = f"""
<h1>{w["Xochintlan class"]}: {w["join at"]} <span id="join-url">{e(join_url)}</span> {_language_menu(language)}</h1>
<div class="qr">{qr_svg}</div>
<div class="tables" id="tables"></div>"""
        texts = {
            "seat": _("Seat {number}"),
            "free": _("nobody yet"),
            "computer": _("computer"),
            "line": _("{name}: {action}"),
        }
        return _page(language, _("Projector view"), body, "projector", texts)


COMMON_JS = r"""
const T = JSON.parse(document.getElementById("texts").textContent);
function fmt(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)); }
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
const langMenu = document.getElementById("lang");
langMenu.addEventListener("change", () => {
  localStorage.setItem("xh-lang", langMenu.value);
  const url = new URL(location.href); url.searchParams.set("lang", langMenu.value); location.replace(url.href);
});
(function keepLanguage() {
  const url = new URL(location.href); const kept = localStorage.getItem("xh-lang");
  if (!url.searchParams.get("lang") && kept && kept !== langMenu.value) { url.searchParams.set("lang", kept); location.replace(url.href); }
})();
function wsUrl(path) { return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path; }
function say(text) { document.getElementById("message").textContent = text || ""; }
// When each screen was painted, and when this page's last click on the board happened (milliseconds since
// the epoch, sub-millisecond): the browser tests wait on them and the class benchmark times them.
const now = () => performance.timeOrigin + performance.now();
window.xhPaints = [];
function painted(turn) { requestAnimationFrame(() => window.xhPaints.push({turn: turn, t: now()})); }
"""

STUDENT_JS = (
    COMMON_JS
    + r"""
const KINDS = [["L", T.lizard], ["B", T.bird], ["M", T.monkey]];
let code = (location.pathname.match(/^\/t\/([A-Za-z0-9]{1,8})$/) || [])[1] || new URL(location.href).searchParams.get("code") || "";
code = code.toUpperCase();
let socket = null, state = null, mode = "place", kind = "L", swapFirst = null, hextSel = null, closing = false;
const show = (id, on) => document.getElementById(id).classList.toggle("hidden", !on);
function tokenKey() { return "xh-seat-" + code; }

async function findTable() {
  code = document.getElementById("code").value.trim().toUpperCase();
  const reply = await fetch("/api/table/" + encodeURIComponent(code) + "?lang=" + langMenu.value);
  const data = await reply.json();
  if (!reply.ok) { say(data.error); return; }
  say("");
  show("join-code", false); show("join-seat", true);
  document.getElementById("table-title").textContent = fmt(T.table, {code: data.code, game: T[data.game], count: data.seats.length});
  const box = document.getElementById("free-seats"); box.replaceChildren(el("p", T.choose_seat));
  const free = data.seats.filter(s => !s.taken);
  if (!free.length) box.append(el("p", T.full));
  for (const seat of data.seats) {
    const label = el("label"); const radio = el("input"); radio.type = "radio"; radio.name = "seat"; radio.value = seat.seat;
    radio.disabled = seat.taken; label.append(radio, " " + fmt(T.seat, {number: seat.seat + 1}) + " (" + (seat.taken ? seat.name : T.free) + ") ");
    box.append(label);
  }
  const first = box.querySelector("input:not([disabled])"); if (first) first.checked = true;
}

async function sit() {
  const chosen = document.querySelector("input[name=seat]:checked");
  const body = {code: code, seat: chosen ? Number(chosen.value) : -1, name: document.getElementById("name").value};
  const reply = await fetch("/api/join?lang=" + langMenu.value, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await reply.json();
  if (!reply.ok) { say(data.error); return; }
  localStorage.setItem(tokenKey(), data.token);
  history.replaceState(null, "", "/t/" + code + location.search);
  connect();
}

function connect() {
  const token = localStorage.getItem(tokenKey());
  if (!token) { show("join-code", true); document.getElementById("code").value = code; if (code) findTable(); return; }
  socket = new WebSocket(wsUrl("/ws/seat"));
  socket.onopen = () => socket.send(JSON.stringify({type: "hello", code: code, token: token, lang: langMenu.value}));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { say(""); paint(message); }
    else if (message.type === "refused") { say(message.reason); }
    else if (message.type === "unknown-seat") { localStorage.removeItem(tokenKey()); say(message.reason); socket.close(); closing = true; show("play", false); show("join-code", true); }
  };
  socket.onclose = () => { if (!closing) { say(T.disconnected); setTimeout(connect, 1500); } };
}

function send(action) { if (state) socket.send(JSON.stringify({type: "play", action: action, turn: state.turn})); }

function button(text, chosen, onclick, name) { const b = el("button", text); b.dataset.mode = name; if (chosen) b.classList.add("chosen"); b.addEventListener("click", onclick); return b; }

function xochintlanControls(box) {
  for (const [k, name] of KINDS) box.append(button(T.place + " " + name + " (" + state.reserve[k] + ")", mode === "place" && kind === k, () => { mode = "place"; kind = k; swapFirst = null; paint(state); }, "place-" + k));
  box.append(button(T.human, mode === "human", () => { mode = "human"; swapFirst = null; paint(state); }, "human"));
  for (const [k, name] of KINDS) box.append(button(T.switch + " " + name, mode === "switch" && kind === k, () => { mode = "switch"; kind = k; swapFirst = null; paint(state); }, "switch-" + k));
  box.append(button(T.swap, mode === "swap", () => { mode = "swap"; swapFirst = null; say(T.swap_first); paint(state); }, "swap"));
  if (state.redraw) box.append(button(T.redraw, false, () => send("R0"), "redraw"));
}

function hextremaduraControls(box) {
  if (!state.tiles.length) return;
  if (!hextSel || !state.tiles.some(t => t.tile === hextSel.tile && t.faces.includes(hextSel.face))) hextSel = {tile: state.tiles[0].tile, face: state.tiles[0].faces[0], rotation: 0};
  const select = (label, values, current, change) => {
    const s = el("select"); s.setAttribute("aria-label", label);
    for (const [value, text] of values) { const o = el("option", text); o.value = value; o.selected = String(value) === String(current); s.append(o); }
    s.addEventListener("change", () => change(s.value)); box.append(el("span", label + " "), s);
  };
  select(T.tile, state.tiles.map(t => [t.tile, t.tile]), hextSel.tile, v => { hextSel.tile = v; hextSel.face = state.tiles.find(t => t.tile === v).faces[0]; choose(); });
  const faces = state.tiles.find(t => t.tile === hextSel.tile).faces;
  select(T.face, faces.map(f => [f, T[f]]), hextSel.face, v => { hextSel.face = v; choose(); });
  select(T.rotation, [0, 1, 2, 3, 4, 5].map(r => [r, String(r)]), hextSel.rotation, v => { hextSel.rotation = Number(v); choose(); });
}
function choose() { socket.send(JSON.stringify({type: "select", tile: hextSel.tile, face: hextSel.face, rotation: hextSel.rotation})); }

function paint(message) {
  state = message;
  show("join-code", false); show("join-seat", false); show("play", true);
  document.getElementById("who").textContent = fmt(T.your_seat, {number: message.seat + 1, code: message.code});
  document.getElementById("status").textContent = message.status;
  document.getElementById("last").textContent = message.last;
  document.getElementById("board").innerHTML = message.board;  // drawn by the server's kit, names escaped there
  const cards = document.getElementById("cards"); cards.innerHTML = (message.cards || []).join("");
  show("cards-title", message.game === "xochintlan");
  const all = document.getElementById("all-cards"); all.replaceChildren();
  for (const hand of message.all_cards || []) { const d = el("div", fmt(T.line, {name: hand.name, action: ""})); d.insertAdjacentHTML("beforeend", hand.cards.join("")); all.append(d); }
  const seats = document.getElementById("seats"); seats.replaceChildren();
  for (const seat of message.seats) {
    const who = (seat.taken ? seat.name : T.free) + (seat.computer ? " (" + T.computer + ")" : "") + (seat.seat === message.seat ? " (" + T.you + ")" : "");
    const li = el("li", fmt(T.line, {name: fmt(T.seat, {number: seat.seat + 1}), action: who}));
    if (seat.to_play) li.classList.add("to-play"); seats.append(li);
  }
  const box = document.getElementById("controls"); box.replaceChildren();
  if (message.your_turn) { if (message.game === "xochintlan") xochintlanControls(box); else hextremaduraControls(box); }
  if (message.your_turn && message.game === "hextremadura" && !message.selected) choose();
  painted(message.turn);
}

document.getElementById("board").addEventListener("click", (event) => {
  window.xhClicked = now();
  const target = event.target.closest && event.target.closest("[data-cell]");
  if (!target || !state) return;
  if (!state.your_turn) { say(T.not_your_turn); return; }
  const cell = "(" + target.getAttribute("data-cell") + ")";
  if (state.game === "hextremadura") { send(hextSel.tile + "@" + cell + "r" + hextSel.rotation + hextSel.face[0]); return; }
  if (mode === "place") send(kind + cell);
  else if (mode === "human") send("H" + cell);
  else if (mode === "switch") send(cell + "=" + kind);
  else if (mode === "swap") { if (swapFirst === null) { swapFirst = cell; say(T.swap_first); } else { send(swapFirst + "<>" + cell); swapFirst = null; } }
});
document.getElementById("find").addEventListener("click", findTable);
document.getElementById("sit").addEventListener("click", sit);
document.getElementById("code").value = code;
if (code && localStorage.getItem(tokenKey())) connect(); else if (code) findTable();
"""
)

TEACHER_JS = (
    COMMON_JS
    + r"""
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const headers = {"Content-Type": "application/json", "X-Teacher-Token": token};
document.getElementById("join-url").textContent = location.origin + "/";
document.getElementById("projector").href = "/projector" + location.search;
const gameMenu = document.getElementById("game");
gameMenu.addEventListener("change", () => {
  document.getElementById("xochintlan-options").classList.toggle("hidden", gameMenu.value !== "xochintlan");
  document.getElementById("hextremadura-options").classList.toggle("hidden", gameMenu.value !== "hextremadura");
});
const value = id => document.getElementById(id).value;
const checked = id => document.getElementById(id).checked;
async function openTable() {
  const body = {game: gameMenu.value, computers: {}};
  if (value("seed") !== "") body.seed = Number(value("seed"));
  if (gameMenu.value === "xochintlan") {
    body.seats = Number(value("seats"));
    body.rules = {lattice: value("lattice"), match: value("match"), win_check: value("win_check"), endgame: value("endgame"), lock: value("lock"),
                  allow_redraw: checked("allow_redraw"), open_cards: checked("open_cards"), keep_connected: checked("keep_connected"),
                  cut_off_switch: checked("cut_off_switch"), cards_per_player: Number(value("cards_per_player")), quiet_rounds: Number(value("quiet_rounds"))};
    for (const menu of document.querySelectorAll(".seat-player")) {
      const seat = Number(menu.dataset.seat); if (menu.value && seat < body.seats) body.computers[seat] = menu.value;
    }
  } else if (value("hext-player")) body.computers[0] = value("hext-player");
  const reply = await fetch("/api/teacher/tables?lang=" + langMenu.value, {method: "POST", headers: headers, body: JSON.stringify(body)});
  const data = await reply.json();
  say(reply.ok ? "" : data.error);
  refresh();
}
async function refresh() {
  const reply = await fetch("/api/teacher/tables", {headers: headers});
  const data = await reply.json();
  if (!reply.ok) { say(data.error); return; }
  const rows = document.getElementById("tables"); rows.replaceChildren();
  for (const table of data.tables) {
    const tr = el("tr"); tr.dataset.code = table.code;
    const actions = el("td");
    for (const seat of table.closed ? [] : table.seats.filter(s => s.taken && !s.computer)) {
      actions.append(teacherButton(fmt(T.free_seat, {number: seat.seat + 1}), "free-" + seat.seat,
                                   "/api/teacher/tables/" + table.code + "/seats/" + seat.seat + "/free"));
    }
    if (!table.closed) actions.append(teacherButton(T.close, "close", "/api/teacher/tables/" + table.code + "/close"));
    tr.append(el("td", table.code, "code"), el("td", table.game), el("td", table.seats.map(s => s.taken ? s.name : T.free).join(", ")),
              el("td", String(table.turn)), el("td", table.closed ? T.closed : table.over ? T.over : T.playing), actions);
    rows.append(tr);
  }
}
function teacherButton(text, action, path) {
  const b = el("button", text); b.dataset.action = action;
  b.addEventListener("click", async () => {
    const reply = await fetch(path + "?lang=" + langMenu.value, {method: "POST", headers: headers, body: "{}"});
    const data = await reply.json(); say(reply.ok ? "" : data.error); refresh();
  });
  return b;
}
document.getElementById("open").addEventListener("click", openTable);
refresh(); setInterval(refresh, 3000);
"""
)

PROJECTOR_JS = (
    COMMON_JS
    + r"""
const boxes = {};
function tableBox(code) {
  if (!boxes[code]) {
    const box = el("div", undefined, "table"); box.dataset.code = code;
    box.append(el("div", code, "code"), el("div", "", "seats"), el("div", "", "status"), el("div", "", "last"), el("div", "", "board"), el("div", "", "cards"));
    document.getElementById("tables").append(box); boxes[code] = box;
  }
  return boxes[code];
}
function paint(table) {
  const box = tableBox(table.code);
  box.classList.toggle("over", table.over);
  box.querySelector(".seats").textContent = table.seats.map(s => (s.to_play ? "▶ " : "") + (s.taken ? s.name : fmt(T.seat, {number: s.seat + 1}) + " " + T.free)).join(" · ");
  box.querySelector(".status").textContent = table.status;
  box.querySelector(".last").textContent = table.last;
  box.querySelector(".board").innerHTML = table.board;  // the kit's SVG, drawn by the server
  const cards = box.querySelector(".cards"); cards.replaceChildren();
  for (const hand of table.all_cards || []) { const d = el("span", fmt(T.line, {name: hand.name, action: ""})); d.insertAdjacentHTML("beforeend", hand.cards.join("")); cards.append(d); }
  painted(table.turn);
}
function connect() {
  const socket = new WebSocket(wsUrl("/ws/projector"));
  socket.onopen = () => socket.send(JSON.stringify({type: "hello", lang: langMenu.value}));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "table") paint(message.table);
    else if (message.type === "closed" && boxes[message.code]) { boxes[message.code].remove(); delete boxes[message.code]; }
  };
  socket.onclose = () => setTimeout(connect, 1500);
}
connect();
"""
)

SCRIPTS = {"student": STUDENT_JS, "teacher": TEACHER_JS, "projector": PROJECTOR_JS}
