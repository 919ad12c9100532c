"""Speed of the Xochintlan engine, and the perft table behind its tests.

    python benchmarks/xochintlan.py                  # print the figures
    python benchmarks/xochintlan.py --games 5000     # a longer self-play run
    python benchmarks/xochintlan.py --write-perft    # recompute datasets/xochintlan_perft.csv

Figures (targets of the engine):

* perft(5) from the square set-up with cards I and X: under 10 s on one core;
* uniformly random 2-player self-play, random cards, ``max_turns=200``: at
  least 2,000 complete games per second on one core.

Both wall-clock and CPU time are printed: on a shared machine the CPU time of
this process is the better estimate of one free core.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from xochintlan_hex.xochintlan import Rules, Xochintlan, perft  # noqa: E402

PERFT_TABLE = ROOT / "datasets" / "xochintlan_perft.csv"

# (id, lattice, players, seed, cards, variant, moves, depths)
POSITIONS = [
    ("square-setup", "square", 2, 0, "I X", "", "", (1, 2, 3, 4, 5)),
    ("square-setup-LL'", "square", 2, 0, "L L'", "", "", (4, 5)),
    ("hex-setup", "hex", 2, 0, "H5-1 H5-2", "", "", (1, 2, 3, 4)),
    (
        "square-near-win",
        "square",
        2,
        0,
        "L X",
        "",
        "L(1,0) B(0,1) L(2,0) B(0,-1) L(3,0) M(-1,0)",
        (1, 2, 3, 4),
    ),
    (
        "square-3-players-mover",
        "square",
        3,
        5,
        "I X T",
        "win_check=mover",
        "L(1,0) L(2,0) L(3,0) B(0,1) M(0,-1)",
        (1, 2, 3),
    ),
    (
        "square-swap-endgame",
        "square",
        2,
        1,
        "U V",
        "endgame=swap;tiles_per_kind=4",
        "L(1,0) B(0,1) M(-1,0) L(0,-1) B(1,1) M(-1,1) L(2,0) B(0,2) M(-2,0) L(-1,-1) B(1,-1) M(2,1)",
        (1, 2, 3),
    ),
    (
        "square-redraw-2-cards",
        "square",
        2,
        3,
        "I+L X+T",
        "allow_redraw=True;cards_per_player=2",
        "L(1,0) B(0,1)",
        (1, 2, 3),
    ),
    (
        "square-keep-connected",
        "square",
        2,
        2,
        "P W",
        "keep_connected=True",
        "L(1,0) B(2,0) M(3,0) H(4,0)",
        (1, 2, 3),
    ),
    ("square-cut-off", "square", 2, 6, "T U", "", "L(1,0) B(-1,0) H(2,0)", (1, 2, 3, 4)),
    ("square-cut-off-loose", "square", 2, 6, "T U", "cut_off_switch=True", "L(1,0) B(-1,0) H(2,0)", (1, 2, 3, 4)),
    ("square-french-lock", "square", 2, 6, "T U", "lock=french", "L(1,0) B(-1,0) H(2,0)", (1, 2, 3, 4)),
    (
        "hex-reflection",
        "hex",
        2,
        4,
        "H5-2 H5-9'",
        "match=rotation+reflection",
        "L(1,0) B(0,1) L(2,0) B(-1,1)",
        (1, 2, 3),
    ),
]


def variant_rules(lattice: str, variant: str) -> Rules:
    values: dict[str, object] = {}
    for part in filter(None, variant.split(";")):
        key, value = part.split("=")
        values[key] = {"True": True, "False": False}.get(value, int(value) if value.isdigit() else value)
    return Rules(lattice=lattice, **values)


def position(lattice: str, players: int, seed: int, cards: str, variant: str, moves: str) -> Xochintlan:
    hands = [hand.split("+") for hand in cards.split()]
    game = Xochintlan(players=players, seed=seed, rules=variant_rules(lattice, variant), cards=hands)
    for action in moves.split():
        game.play(action)
    return game


def write_perft_table(twin_checked: set[str]) -> None:
    rows = []
    for ident, lattice, players, seed, cards, variant, moves, depths in POSITIONS:
        game = position(lattice, players, seed, cards, variant, moves)
        for depth in depths:
            nodes = perft(game, depth)
            row_id = f"{ident}-d{depth}"
            rows.append(
                {
                    "id": row_id,
                    "lattice": lattice,
                    "players": players,
                    "seed": seed,
                    "cards": cards,
                    "variant": variant,
                    "moves": moves,
                    "depth": depth,
                    "nodes": nodes,
                    "twin_checked": "yes" if row_id in twin_checked else "no",
                }
            )
            print(f"{row_id:36} {nodes:>12,}")
    with PERFT_TABLE.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {PERFT_TABLE}")


def bench_perft() -> None:
    game = Xochintlan(players=2, seed=0, cards=["I", "X"])
    for depth in (4, 5):
        wall, cpu = time.perf_counter(), time.process_time()
        nodes = game.perft(depth)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"perft({depth}) square set-up, cards I X: {nodes:,} in {wall:.2f} s wall, {cpu:.2f} s CPU (target for 5: < 10 s)"
        )


def bench_self_play(games: int, lattice: str = "square") -> None:
    rules = Rules(lattice=lattice, max_turns=200)
    rng = random.Random(2024)
    actions = 0
    ends: dict[str, int] = {}
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        game = Xochintlan(players=2, seed=seed, rules=rules)
        while not game.is_over:
            game.play(game.random_action(rng))
        actions += game.turn
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"random self-play ({lattice}, 2 players, random cards, max_turns=200): {games} games, "
        f"{games / wall:,.0f} games/s wall, {games / cpu:,.0f} games/s CPU "
        f"({actions / games:.1f} actions per game, {actions / cpu:,.0f} actions/s CPU); ends {ends}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000, help="self-play games to time (default 3000)")
    parser.add_argument("--write-perft", action="store_true", help="recompute datasets/xochintlan_perft.csv")
    parser.add_argument("--twin-checked", default="", help="comma-separated row ids verified with the test twin")
    args = parser.parse_args()
    if args.write_perft:
        write_perft_table(set(filter(None, args.twin_checked.split(","))))
        return
    bench_perft()
    bench_self_play(args.games)
    bench_self_play(max(1, args.games // 3), "hex")


if __name__ == "__main__":
    main()
