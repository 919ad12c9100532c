"""How fast and how strong the look-ahead players are: ISMCTS, the planner, the solver.

    .venv/bin/python benchmarks/players.py                     # ismcts per move (a minute)
    .venv/bin/python benchmarks/players.py match --games 100 --seed 13   # ismcts vs search
    .venv/bin/python benchmarks/players.py planner --games 30  # planner vs greedy, same deals
    .venv/bin/python benchmarks/players.py solver --games 10   # solver time per deal
    .venv/bin/python benchmarks/players.py cheap               # ismcts-fast vs ismcts-250: CPU an action
    .venv/bin/python benchmarks/players.py cheap --games 200 --seed 26   # ... and their match
    .venv/bin/python benchmarks/players.py same --positions 6  # ismcts-250 and search before/after their identical-choice savings
    .venv/bin/python benchmarks/players.py cost --positions 3  # ismcts-250's CPU an action, square and hex lattices, and its choices' digest
    .venv/bin/python benchmarks/players.py compiled --positions 6 --games 20   # ismcts-250 before its savings vs now, and their match

``match --games N`` plays N games in each seating (2N in all) between search and
the registered ``ismcts`` (2,000 iterations a move; the moves are timed, and
docs/explanation/strong-players.md gives the figures measured), or ismcts on the clock with ``--seconds``. With ``--seed 13``
they are the games of ``datasets/xochintlan_{ismcts_vs_search,search_vs_ismcts}.csv``.

Targets: ismcts makes at least 2,000 iterations in at most 1 s from the opening
of a 2-player square game, one core; ismcts at 1 s a move beats search by P(win) - P(loss)
>= +0.20 with the 95% interval above 0 over at least 200 games; the planner's
mean score beats greedy's on the same deals (interval of the paired difference
above 0); the solver decides a deal in a median of at most 10 s; a strong player of
``ismcts-250``'s strength takes at most a tenth of the CPU an action ``ismcts-250`` took
before its savings, in Python (the savings and the compiled code put back by
``baseline/ismcts_before_filter.py``): ``compiled`` times both on the same positions,
compares their choices and, with ``--games N``, plays them against each other (N deals
in each seating); ``cheap`` does the same for the narrowed ``ismcts-fast``. Figures
depend on the machine and on what else it is doing: the load average is
printed with them.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import time

import numpy as np
import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.players import HextremaduraPlanner, XochintlanFastISMCTS, XochintlanISMCTS, get_player
from xochintlan_hex.simulate import game_seed, simulate, simulate_hextremadura, simulate_xochintlan
from xochintlan_hex.solvability import solve_deal
from xochintlan_hex.xochintlan import Rules, Xochintlan


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def speed(options: argparse.Namespace) -> None:
    print(f"machine: {load()}")
    opening = Xochintlan(players=2, seed=1)
    rng = random.Random(0)
    midgame = Xochintlan(players=2, seed=2)
    for _ in range(12):
        midgame.play(midgame.random_action(rng))
    for label, game in (("opening", opening), ("after 12 random actions", midgame)):
        times = []
        for seed in range(options.repeats):
            player = XochintlanISMCTS(iterations=2000)
            start = time.perf_counter()
            player.choose(game, random.Random(seed))
            times.append(time.perf_counter() - start)
        best, median = min(times), statistics.median(times)
        print(
            f"ismcts, 2,000 iterations, {label}: median {median:.2f} s a move, best {best:.2f} s "
            f"({2000 / median:.0f} iterations/s; target: 2,000 in <= 1 s from the opening)"
        )
        root = XochintlanISMCTS(iterations=None, seconds=1.0).search(game, random.Random(0))
        print(f"ismcts, 1 s a move, {label}: {root.visits} iterations")
    print(f"at the end: {load()}")


class TimedPlayer:
    """Passes every choice to ``player`` and keeps how long each took (one process only)."""

    def __init__(self, player: XochintlanISMCTS) -> None:
        self.player, self.name, self.seconds = player, player.name, []

    def choose(self, game, rng):
        start = time.perf_counter()
        action = self.player.choose(game, rng)
        self.seconds.append(time.perf_counter() - start)
        return action

    def __str__(self) -> str:
        return self.name


def match(options: argparse.Namespace) -> None:
    print(f"machine: {load()}")
    if options.seconds is None:
        # the registered `ismcts`: a fixed budget, so the games are the shipped study's
        player = TimedPlayer(XochintlanISMCTS(iterations=options.iterations))
        budget = f"{options.iterations:,} iterations a move"
    else:
        player = TimedPlayer(XochintlanISMCTS(name="ismcts", iterations=None, seconds=options.seconds))
        budget = f"{options.seconds} s a move (on the clock: not reproducible)"
    start = time.perf_counter()
    frames = [
        simulate_xochintlan(options.games, seats, seed=options.seed, progress=True)
        for seats in ([player, options.opponent], [options.opponent, player])
    ]
    frame = pd.concat(frames, ignore_index=True)
    if options.out:
        frame.to_csv(options.out, index=False)
    row = stats.head_to_head(frame).set_index(["player", "opponent"]).loc[("ismcts", options.opponent)]
    moves = player.seconds
    print(
        f"ismcts at {budget} vs {options.opponent}, {len(frame)} games (seed {options.seed}), seats "
        f"swapped: {int(row['wins'])} wins, {int(row['losses'])} losses, {int(row['draws'])} draws; "
        f"P(win) - P(loss) = {row['margin']:+.3f} [{row['margin_low']:+.3f}, {row['margin_high']:+.3f}] "
        f"(target >= +0.20, interval above 0); {time.perf_counter() - start:.0f} s"
    )
    print(
        f"ismcts's {len(moves)} moves: median {statistics.median(moves):.2f} s, 90th percentile "
        f"{statistics.quantiles(moves, n=10)[-1]:.2f} s, longest {max(moves):.2f} s (target: <= 1 s a move)"
    )
    print(f"at the end: {load()}")


def planner(options: argparse.Namespace) -> None:
    print(f"machine: {load()}")
    start = time.perf_counter()
    plan = simulate_hextremadura(options.games, HextremaduraPlanner(), seed=options.seed, progress=True)
    took = time.perf_counter() - start
    greedy = simulate_hextremadura(options.games, "greedy", seed=options.seed, progress=False)
    difference = stats.mean_interval(plan["score"] - greedy["score"])
    print(
        f"planner mean score {plan['score'].mean():.2f}, greedy {greedy['score'].mean():.2f} on the "
        f"same {options.games} deals (seed {options.seed}); planner - greedy = "
        f"{difference['estimate']:+.2f} [{difference['low']:+.2f}, {difference['high']:+.2f}] "
        f"(target: interval above 0); planner {took / options.games:.1f} s a game"
    )
    print(f"at the end: {load()}")


def solver(options: argparse.Namespace) -> None:
    print(f"machine: {load()}")
    times, found = [], []
    for index in range(options.games):
        seed = game_seed(options.seed, index)
        result = solve_deal(seed=seed, candidates=options.candidates, rng_seed=seed)
        times.append(result.seconds)
        found.append(result.lower)
    print(
        f"solver (candidates={options.candidates}, one pass) over {options.games} deals: median "
        f"{statistics.median(times):.1f} s a deal, max {max(times):.1f} s (target median <= 10 s); "
        f"best scores found {found}"
    )
    print(f"at the end: {load()}")


class CPUTimedPlayer:
    """Passes every choice to ``player`` and keeps the CPU time of each (``time.process_time``)."""

    def __init__(self, player) -> None:
        self.player, self.name, self.seconds = player, player.name, []

    def choose(self, game, rng):
        start = time.process_time()
        action = self.player.choose(game, rng)
        self.seconds.append(time.process_time() - start)
        return action

    def __str__(self) -> str:
        return self.name


def benchmark_positions(games: int, seed: int, lattice: str = "square") -> list[Xochintlan]:
    """Every third position (opening to endgame) of ``games`` seeded search-vs-search games."""
    positions = []
    rules = Rules(lattice=lattice)
    for index in range(games):
        game, rng = Xochintlan(players=2, seed=game_seed(seed, index), rules=rules), random.Random(index)
        search = get_player("search")
        while not game.is_over and game.turn < 90:
            if game.turn % 3 == 0:
                positions.append(game.clone())
            game.play(search.choose(game, rng))
    return positions


def first_choice(player, game: Xochintlan) -> float:
    """CPU seconds of ``player``'s first choice in this process, untimed afterwards: with numba
    installed the first search loads its compiled code (compiles it, the first time on a
    machine), once per process. Printed apart, so the CPU an action is the steady cost."""
    start = time.process_time()
    player.choose(game, random.Random(0))
    seconds = time.process_time() - start
    print(f"{player.name}: first choice in this process {seconds:.2f} s of CPU (compiled code loaded once)")
    return seconds


def cpu_per_action(player, positions: list[Xochintlan]) -> list[float]:
    """CPU seconds of one choice on each position (a fixed rng per position)."""
    seconds = []
    for index, game in enumerate(positions):
        start = time.process_time()
        player.choose(game, random.Random(index))
        seconds.append(time.process_time() - start)
    return seconds


def print_cpu(label: str, cpu: list[float], options: argparse.Namespace, extra: str = "") -> None:
    """One line: the mean CPU an action with its 95% interval, and where it was measured."""
    mean = stats.mean_interval(cpu)
    print(
        f"{label}: {mean['estimate'] * 1000:.1f} ms of CPU an action [{mean['low'] * 1000:.1f}, "
        f"{mean['high'] * 1000:.1f}] over {len(cpu)} positions (every third of {options.positions} "
        f"search games, seed {options.seed}){extra}"
    )


def ratio_interval(fast: list[float], slow: list[float], rounds: int = 2000) -> tuple[float, float, float]:
    """mean(fast) / mean(slow) with a 95% percentile bootstrap interval, positions resampled in pairs."""
    a, b = np.array(fast), np.array(slow)
    picks = np.random.default_rng(0).integers(0, len(a), size=(rounds, len(a)))
    ratios = a[picks].mean(axis=1) / b[picks].mean(axis=1)
    low, high = np.quantile(ratios, [0.025, 0.975])
    return float(a.mean() / b.mean()), float(low), float(high)


def cheap(options: argparse.Namespace) -> None:
    from baseline.ismcts_before_filter import as_before

    print(f"machine: {load()}")
    reference, fast = get_player("ismcts-250"), XochintlanFastISMCTS()
    positions = benchmark_positions(options.positions, options.seed)
    with as_before():  # ismcts-250 as the target measures it: before its identical-choice savings
        former_cpu = cpu_per_action(reference, positions)
    first_choice(reference, positions[0])
    first_choice(fast, positions[0])
    slow_cpu = cpu_per_action(reference, positions)
    fast_cpu = cpu_per_action(fast, positions)
    for name, cpu in (("ismcts-250 before", former_cpu), ("ismcts-250", slow_cpu), ("ismcts-fast", fast_cpu)):
        print_cpu(name, cpu, options, f", the longest {max(cpu) * 1000:.0f} ms")
    ratio, low, high = ratio_interval(fast_cpu, slow_cpu)
    print(f"ismcts-fast / ismcts-250 CPU an action: {ratio:.3f} [{low:.3f}, {high:.3f}]")
    ratio, low, high = ratio_interval(fast_cpu, former_cpu)
    print(f"ismcts-fast / ismcts-250 before its savings: {ratio:.3f} [{low:.3f}, {high:.3f}] (target <= 0.10)")
    if options.games:
        head_to_head(options.games, options.seed, fast)
    print(f"at the end: {load()}")


def head_to_head(games: int, seed: int, player: XochintlanFastISMCTS) -> None:
    """``player`` (an ismcts-fast) against ismcts-250, ``games`` in each seating on the same deals, one core."""
    fast, reference = CPUTimedPlayer(player), CPUTimedPlayer(get_player("ismcts-250"))
    start = time.process_time()
    frame = pd.concat(
        [
            simulate("xochintlan", games, seats, seed=seed, workers=1, progress=True)
            for seats in ([fast, reference], [reference, fast])
        ],
        ignore_index=True,
    )
    row = stats.head_to_head(frame).set_index(["player", "opponent"]).loc[("ismcts-fast", "ismcts-250")]
    print(
        f"ismcts-fast vs ismcts-250, {len(frame)} games (seed {seed}, seats swapped on the same deals): "
        f"{int(row['wins'])} wins, {int(row['losses'])} losses, {int(row['draws'])} draws; "
        f"P(win) - P(loss) = {row['margin']:+.3f} [{row['margin_low']:+.3f}, {row['margin_high']:+.3f}] "
        f"(target: contains 0, within about +-0.10); {time.process_time() - start:.0f} s of CPU"
    )
    for player in (reference, fast):
        print(
            f"  {player.name} in these games: {statistics.fmean(player.seconds) * 1000:.1f} ms of CPU an "
            f"action over {len(player.seconds)} actions"
        )
    print(
        f"  in these games: ismcts-fast / ismcts-250 = {statistics.fmean(fast.seconds) / statistics.fmean(reference.seconds):.3f}"
    )


def cost(options: argparse.Namespace) -> None:
    """ismcts-250's CPU an action on fixed positions of each lattice, and a digest of its choices.

    Run it on two versions of the kit (the same script) to time a change side by side:
    equal digests mean the same action was chosen on every position.
    """
    print(f"machine: {load()}")
    player = get_player("ismcts-250")
    for lattice in ("square", "hex") if options.lattice is None else (options.lattice,):
        positions = benchmark_positions(options.positions, options.seed, lattice)
        first_choice(player, positions[0])
        seconds, chosen = [], []
        for index, game in enumerate(positions):
            start = time.process_time()
            chosen.append(str(player.choose(game, random.Random(index))))
            seconds.append(time.process_time() - start)
        digest = hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:12]
        print_cpu(f"ismcts-250, {lattice} lattice", seconds, options, f"; choices digest {digest}")
    print(f"at the end: {load()}")


def before_and_now(player, positions: list[Xochintlan]) -> tuple[list[float], list[float], int]:
    """``player``'s CPU an action on ``positions`` before its savings (in Python, put back by
    ``baseline/ismcts_before_filter.py``) and now, and on how many positions it chose the same."""
    from baseline.ismcts_before_filter import as_before

    with as_before():
        before_cpu = cpu_per_action(player, positions)
        before = [player.choose(game, random.Random(index)) for index, game in enumerate(positions)]
    first_choice(player, positions[0])
    now_cpu = cpu_per_action(player, positions)
    now = [player.choose(game, random.Random(index)) for index, game in enumerate(positions)]
    return before_cpu, now_cpu, sum(a == b for a, b in zip(before, now))


def same(options: argparse.Namespace) -> None:
    """ismcts-250 and search before and after their identical-choice savings: CPU an action, side by side."""
    print(f"machine: {load()}")
    positions = benchmark_positions(options.positions, options.seed)
    for name in ("ismcts-250", "search"):
        before_cpu, after_cpu, agree = before_and_now(get_player(name), positions)
        for when, cpu in (("before", before_cpu), ("now", after_cpu)):
            print_cpu(f"{name} {when}", cpu, options)
        ratio, low, high = ratio_interval(after_cpu, before_cpu)
        print(f"{name} now / before, CPU an action: {ratio:.3f} [{low:.3f}, {high:.3f}]")
        print(f"{name}: the same action chosen on {agree} of {len(positions)} positions")
    print(f"at the end: {load()}")


class PythonPath(CPUTimedPlayer):
    """``player`` as it was before its savings: every choice made with its savings and
    its compiled code put back (``baseline/ismcts_before_filter.py``), CPU timed."""

    def __init__(self, player) -> None:
        super().__init__(player)
        self.name = f"{player.name} (Python)"

    def choose(self, game, rng):
        from baseline.ismcts_before_filter import as_before

        with as_before():
            return super().choose(game, rng)


def compiled(options: argparse.Namespace) -> None:
    """ismcts-250 before its savings (in Python) and now (compiled where numba is installed):
    CPU an action side by side on the same positions, the choices compared, and with
    ``--games N`` a match between them on N deals in each seating."""
    print(f"machine: {load()}")
    player = get_player("ismcts-250")
    positions = benchmark_positions(options.positions, options.seed)
    before_cpu, now_cpu, agree = before_and_now(player, positions)
    print_cpu("ismcts-250 before its savings (Python)", before_cpu, options)
    print_cpu("ismcts-250 now", now_cpu, options)
    ratio, low, high = ratio_interval(now_cpu, before_cpu)
    print(f"ismcts-250 now / before its savings, CPU an action: {ratio:.3f} [{low:.3f}, {high:.3f}] (target <= 0.10)")
    print(f"the same action chosen on {agree} of {len(positions)} positions")
    if options.games:
        twin_match(options.games, options.seed, player)
    print(f"at the end: {load()}")


def twin_match(games: int, seed: int, player) -> None:
    """``player`` now against itself on the Python path, ``games`` deals in each seating, one core."""
    now, python = CPUTimedPlayer(player), PythonPath(player)
    start = time.process_time()
    seatings = [
        simulate("xochintlan", games, seats, seed=seed, workers=1, progress=True)
        for seats in ([now, python], [python, now])
    ]
    frame = pd.concat(seatings, ignore_index=True)
    row = stats.head_to_head(frame).set_index(["player", "opponent"]).loc[(now.name, python.name)]
    a, b = (table[["turns", "end_reason", "winner"]].fillna(-1).astype(str).to_numpy() for table in seatings)
    same = int((a == b).all(axis=1).sum())
    print(
        f"{now.name} vs {python.name}, {len(frame)} games (seed {seed}, seats swapped on the same deals): "
        f"{int(row['wins'])} wins, {int(row['losses'])} losses, {int(row['draws'])} draws; "
        f"P(win) - P(loss) = {row['margin']:+.3f} [{row['margin_low']:+.3f}, {row['margin_high']:+.3f}]; "
        f"the same game (turns, end, winning seat) in both seatings on {same} of {games} deals; "
        f"{time.process_time() - start:.0f} s of CPU"
    )
    for timed in (python, now):
        print(
            f"  {timed.name} in these games: {statistics.fmean(timed.seconds) * 1000:.1f} ms of CPU an "
            f"action over {len(timed.seconds)} actions"
        )
    print(f"  in these games: now / Python = {statistics.fmean(now.seconds) / statistics.fmean(python.seconds):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what",
        nargs="?",
        default="speed",
        choices=["speed", "match", "planner", "solver", "cheap", "same", "cost", "compiled"],
        help="what to measure (speed when not given: what `make benchmarks` runs)",
    )
    parser.add_argument(
        "--games", type=int, default=None, help="games (cheap: of the match in each seating, none by default)"
    )
    parser.add_argument(
        "--positions", type=int, default=4, help="cheap, same, cost: search games whose positions are timed"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lattice", choices=["square", "hex"], default=None, help="cost: one lattice only")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=2000, help="match: ismcts's budget a move")
    parser.add_argument(
        "--seconds", type=float, default=None, help="match: play ismcts on the clock instead, this many seconds a move"
    )
    parser.add_argument("--opponent", default="search")
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--out", default=None, help="also write the match's games (CSV)")
    options = parser.parse_args()
    if options.games is None and options.what not in ("cheap", "compiled"):
        options.games = 100
    measures = {"speed": speed, "match": match, "planner": planner, "solver": solver, "cheap": cheap, "same": same}
    measures["cost"] = cost
    measures["compiled"] = compiled
    measures[options.what](options)


if __name__ == "__main__":
    main()
