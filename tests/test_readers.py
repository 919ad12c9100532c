"""The engines' readers refuse bad input with one clear, documented error and never a traceback.

Readers: action notation (``parse_action``, and ``play`` / ``is_legal`` /
``why_illegal`` given text), game records (``from_json``, ``replay``) and board
diagrams (``board_from_text``). A record never replays into another game than
the one it describes, and never names a file to read.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xochintlan_hex import hextremadura, xochintlan
from xochintlan_hex.errors import BoardError, IllegalAction, RecordError
from xochintlan_hex.hextremadura import Hextremadura, TilesetError, load_tileset
from xochintlan_hex.xochintlan import Rules, Xochintlan, board_from_text

#: every error a reader may raise: each documented in xochintlan_hex.errors (TilesetError in hextremadura.tiles)
READER_ERRORS = (IllegalAction, RecordError, BoardError, TilesetError)
HUGE = "1" * 5000  # past Python's 4,300-digit limit for int()


def finished_xochintlan(seed: int = 3) -> Xochintlan:
    game = Xochintlan(2, seed=seed, rules=Rules(max_turns=120))
    rng = random.Random(seed)
    while not game.is_over:
        game.play(game.random_action(rng))
    return game


def won_xochintlan() -> Xochintlan:
    seed = 0
    while True:
        game = finished_xochintlan(seed)
        if game.end_reason == "win":
            return game
        seed += 1


# ---------------------------------------------------------------------------
# Records replay into the game they describe, or are refused
# ---------------------------------------------------------------------------
def test_a_board_cell_given_twice_is_refused():
    game = Xochintlan.from_board({(0, 0): "H", (1, 0): "L"}, seed=4)
    record = json.loads(game.to_json())
    record["board"].append([1, 0, "B"])
    with pytest.raises(RecordError, match=r"board gives cell \(1, 0\) twice"):
        Xochintlan.from_json(record)


@pytest.mark.parametrize("cards", ["IX", ["I", "X"], [["I"], "X"], [[7], ["X"]], {"0": ["I"]}])
def test_malformed_hands_are_refused(cards):
    record = json.loads(Xochintlan(seed=4, cards=["I", "X"]).to_json())
    record["cards"] = cards
    with pytest.raises(RecordError, match="cards must be a list of hands|a card is a name"):
        Xochintlan.from_json(record)


def test_xochintlan_records_store_the_result_and_replay_checks_it():
    game = won_xochintlan()
    record = json.loads(game.to_json())
    assert record["result"] == {
        "winner": game.winner,
        "winning_kind": game.winning_kind,
        "end_reason": "win",
        "actions": game.turn,
    }
    for key, wrong in (
        ("winner", 1 - game.winner),
        ("end_reason", "tie"),
        ("actions", game.turn + 1),
        ("winning_kind", "M" if game.winning_kind != "M" else "L"),
    ):
        tampered = dict(record, result=dict(record["result"], **{key: wrong}))
        with pytest.raises(RecordError, match="differs from the record"):
            Xochintlan.from_json(tampered)
        assert Xochintlan.from_json(tampered, check_result=False).to_json() == game.to_json()


def test_a_record_tampered_with_another_legal_action_is_caught():
    game = won_xochintlan()
    before_last = game.clone()
    before_last.undo()
    other = next(
        a
        for a in before_last.legal_actions()
        if a != game.history[-1] and (lambda g: (g.play(a), g.end_reason)[1])(before_last.clone()) != "win"
    )
    record = json.loads(game.to_json())
    record["actions"][-1] = str(other)
    with pytest.raises(RecordError, match="differs from the record"):
        Xochintlan.from_json(record)
    record["actions"] = record["actions"][:-1]  # a dropped action too
    with pytest.raises(RecordError, match="differs from the record"):
        Xochintlan.from_json(record)


def test_records_without_a_result_still_replay():
    record = json.loads(finished_xochintlan().to_json())
    del record["result"]
    assert Xochintlan.from_json(record).is_over


@pytest.mark.parametrize("seed", [-5, 2.5, "7", None])
def test_a_record_seed_must_be_a_whole_number_from_zero(seed):
    record = json.loads(Xochintlan(seed=5).to_json())
    record["seed"] = seed
    with pytest.raises(RecordError, match="seed must be a whole number >= 0"):
        Xochintlan.from_json(record)


def test_a_hextremadura_record_never_reads_a_file(tmp_path):
    secret = tmp_path / "tiles.json"
    secret.write_text(load_tileset().to_json(), encoding="utf-8")  # even a valid tile set file
    record = json.loads(Hextremadura(seed=2).to_json())
    record["tileset"] = str(secret)
    with pytest.raises(RecordError, match="never names a file") as caught:
        hextremadura.replay(record)
    assert str(secret) not in str(caught.value)
    record["tileset"] = "/dev/zero"
    with pytest.raises(RecordError, match="never names a file"):
        Hextremadura.from_json(record)


def test_hextremadura_records_written_with_the_old_header_still_replay():
    game = Hextremadura(seed=4)
    game.play(game.legal_actions()[3])
    record = json.loads(game.to_json())
    del record["game"]
    record["format"] = "hextremadura-record"
    assert Hextremadura.from_json(record).history == game.history


@pytest.mark.parametrize(
    "result", [{"Score": 999}, {"score": 0, "round": 1, "is_over": False, "bonus": 3}, {"score": 0, "round": 1}]
)
def test_a_hextremadura_result_with_other_keys_is_refused(result):
    """A misspelt key was compared with nothing, so the record replayed unchecked."""
    game = Hextremadura(seed=4)
    game.play(game.legal_actions()[3])
    record = json.loads(game.to_json())
    record["result"] = result
    with pytest.raises(RecordError, match="result must be an object with exactly the keys"):
        Hextremadura.from_json(record)


# ---------------------------------------------------------------------------
# Raw tracebacks become clear errors
# ---------------------------------------------------------------------------
NOTATIONS = {
    Xochintlan: [f"L({HUGE},0)", f"H(0,-{HUGE})", f"({HUGE},0)=B", f"(0,0)<>({HUGE},1)", f"R{HUGE}"],
    Hextremadura: [f"T1@({HUGE},0)r0f", f"T1@(0,{HUGE})r0f", f"T1@(0,0)r{HUGE}f"],
}


@pytest.mark.parametrize("engine", [Xochintlan, Hextremadura], ids=lambda c: c.__name__)
def test_numbers_too_long_for_int_are_illegal_actions(engine):
    module = xochintlan if engine is Xochintlan else hextremadura
    game = engine(seed=1)
    before = game.to_json()
    for text in NOTATIONS[engine]:
        with pytest.raises(IllegalAction, match="digits"):
            module.parse_action(text)
        with pytest.raises(IllegalAction, match="digits"):
            game.play(text)
        assert "digits" in game.why_illegal(text) and game.is_legal(text) is False
    assert game.to_json() == before


@pytest.mark.parametrize("engine", [Xochintlan, Hextremadura], ids=lambda c: c.__name__)
@pytest.mark.parametrize("junk", [None, 42, 4.5, b"L(1,0)", ["L", (1, 0)], ("T1", (0, 0), 0, "front"), object(), ""])
def test_why_illegal_returns_a_reason_and_never_raises(engine, junk):
    game = engine(seed=1)
    assert isinstance(game.why_illegal(junk), str) and game.is_legal(junk) is False


@pytest.mark.parametrize(
    "read",
    [Xochintlan.from_json, Hextremadura.from_json, hextremadura.replay],
    ids=["Xochintlan.from_json", "Hextremadura.from_json", "replay"],
)
def test_deeply_nested_json_is_refused_before_parsing(read):
    with pytest.raises(RecordError, match="nested 100000 levels deep"):
        read("[" * 100000)
    with pytest.raises(RecordError, match="nested"):
        read('{"game": ' + "[" * 5000 + "]" * 5000 + "}")


@pytest.mark.parametrize("at", [None, 3, (1,), (1.5, 0), "00"])
def test_board_from_text_refuses_a_bad_anchor(at):
    with pytest.raises(BoardError, match="at must be the Human's cell"):
        board_from_text("LH", at=at)


def test_faces_of_an_unknown_tile_is_a_clear_error():
    with pytest.raises(ValueError, match="no tile 'ZZ' in the tile set; its tiles are T1"):
        Hextremadura(seed=1).faces("ZZ")


def test_a_malformed_xochintlan_action_is_an_illegal_action():
    for build in (
        lambda: xochintlan.Place("Q", (1, 0)),
        lambda: xochintlan.Switch((1,), "L"),
        lambda: xochintlan.Swap((1, 0), (1, 0)),
        lambda: xochintlan.Redraw(-1),
    ):
        with pytest.raises(IllegalAction):
            build()


# ---------------------------------------------------------------------------
# Fuzz: every reader answers or refuses with a reader error, nothing else
# ---------------------------------------------------------------------------
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
notation_text = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="LBMHRT0123456789()<>=,@rfb-+ ", max_size=30),
    st.from_regex(r"[LBMH]\([+-]?\d{1,30},[+-]?\d{1,30}\)", fullmatch=True),
    st.from_regex(r"T\d{1,3}@\([+-]?\d{1,30},[+-]?\d{1,30}\)r\d{1,30}[fb]", fullmatch=True),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
XOCHINTLAN_RECORD = json.loads(finished_xochintlan(5).to_json())
HEXTREMADURA_GAME = Hextremadura(seed=6)
for _ in range(6):
    HEXTREMADURA_GAME.play(HEXTREMADURA_GAME.random_action(random.Random(6)))
HEXTREMADURA_RECORD = json.loads(HEXTREMADURA_GAME.to_json())
FUZZ_GAMES = (Xochintlan(seed=2), HEXTREMADURA_GAME)


def mutated(record: dict, data: st.DataObject) -> dict:
    """``record`` with one field replaced, removed, or one list element changed."""
    record = json.loads(json.dumps(record))
    key = data.draw(st.sampled_from(sorted(record)))
    how = data.draw(st.sampled_from(["replace", "remove", "element"]))
    if how == "remove":
        del record[key]
    elif how == "element" and isinstance(record[key], list) and record[key]:
        record[key][data.draw(st.integers(0, len(record[key]) - 1))] = data.draw(json_values)
    else:
        record[key] = data.draw(json_values)
    return record


@FUZZ
@given(text=notation_text)
def test_fuzz_notation_is_read_or_refused_as_an_illegal_action(text):
    for module, game in zip((xochintlan, hextremadura), FUZZ_GAMES):
        try:
            module.parse_action(text)
        except IllegalAction:
            pass
        before = game.to_json()
        reason = game.why_illegal(text)
        assert reason is None or isinstance(reason, str)
        assert game.is_legal(text) is (reason is None)
        assert game.to_json() == before


@FUZZ
@given(data=st.data())
def test_fuzz_records_replay_or_are_refused_with_a_record_error(data):
    for engine, record in ((Xochintlan, XOCHINTLAN_RECORD), (Hextremadura, HEXTREMADURA_RECORD)):
        candidate = mutated(record, data)
        for given_as in (candidate, json.dumps(candidate)):
            try:
                engine.from_json(given_as)
            except RecordError:
                pass


@FUZZ
@given(text=st.one_of(st.text(max_size=200), st.from_regex(r"[\[\]{}\"a-z0-9:, ]{0,60}", fullmatch=True)))
def test_fuzz_record_text_is_replayed_or_refused_with_a_record_error(text):
    for read in (Xochintlan.from_json, hextremadura.replay):
        try:
            read(text)
        except RecordError:
            pass


@FUZZ
@given(
    text=st.text(alphabet="HLBM. \n\tXq", max_size=40),
    lattice=st.sampled_from(["square", "hex"]),
    at=st.one_of(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), st.none(), st.integers()),
)
def test_fuzz_board_diagrams_are_read_or_refused_with_a_board_error(text, lattice, at):
    try:
        board = board_from_text(text, lattice, at=at)
    except BoardError:
        return
    try:
        Xochintlan.from_board(board, seed=1, rules=Rules(lattice=lattice))
    except BoardError:
        pass


TILESET = json.loads(load_tileset().to_json())


@FUZZ
@given(data=st.data())
def test_fuzz_tile_sets_load_or_are_refused_with_a_tileset_error(data):
    tileset = json.loads(json.dumps(TILESET))
    tile = tileset["tiles"][data.draw(st.integers(0, len(tileset["tiles"]) - 1))]
    face = tile[data.draw(st.sampled_from(["front", "back"]))]
    target = data.draw(st.sampled_from([tileset, tile, face]))
    key = data.draw(st.sampled_from(sorted(target)))
    if data.draw(st.booleans()):
        del target[key]
    else:
        target[key] = data.draw(json_values)
    try:
        load_tileset(tileset)
    except TilesetError:
        pass
    record = dict(HEXTREMADURA_RECORD, tileset=tileset)
    try:
        Hextremadura.from_json(record)
    except RecordError:
        pass
