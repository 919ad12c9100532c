"""The comparisons behind the strong-play findings of datasets/README.md, each a
difference with its 95% interval, paired by deal where two files share their deals.

Run from the repository root (a few seconds):

    python datasets/strong_play_comparisons.py
"""

from __future__ import annotations

import glob
import os

import pandas as pd

from xochintlan_hex import stats
from xochintlan_hex.studies import read_results
from xochintlan_hex.tournament import bradley_terry, goodness_of_fit, rating_difference

HERE = os.path.dirname(os.path.abspath(__file__))
FIXES = {"quiet_rounds=2": "quiet2", 'win_check="mover"': "mover", 'endgame="swap"': "swap"}
LADDER_FILES = [
    "greedy_vs_random",
    "random_vs_greedy",
    "search_vs_greedy",
    "greedy_vs_search",
    "ismcts250_vs_greedy",
    "greedy_vs_ismcts250",
    "ismcts250_vs_search",
    "search_vs_ismcts250",
    "ismcts_vs_greedy",
    "greedy_vs_ismcts",
    "ismcts_vs_search",
    "search_vs_ismcts",
    "ismcts_vs_ismcts250",
    "ismcts250_vs_ismcts",
]


def load(name: str) -> pd.DataFrame:
    return read_results(os.path.join(HERE, f"xochintlan_{name}.csv"))


def show(label: str, gap: dict, unit: str = "", digits: int = 2) -> None:
    print(
        f"  {label}: {gap['estimate']:+.{digits}f}{unit} "
        f"[{gap['low']:+.{digits}f}, {gap['high']:+.{digits}f}] (n = {gap['n']})"
    )


def no_winner(frame: pd.DataFrame) -> pd.Series:
    """1 for a game nobody won (a tie, or the turn cap), else 0, indexed by game."""
    return (frame["end_reason"] != "win").astype(float).set_axis(frame["game"])


def fixes_against_the_rule_book() -> None:
    print("Variant - rule book, paired by deal (same seed): first-player advantage; share of games nobody won")
    for players in ("greedy", "ismcts"):
        book = load(f"{players}_selfplay_2p")
        for fix, suffix in FIXES.items():
            variant = load(f"{players}_selfplay_2p_{suffix}")
            advantage = stats.mean_difference(stats.game_margins(variant), stats.game_margins(book), paired=True)
            show(f"{players} {fix}, advantage", advantage)
            nobody_won = stats.mean_difference(no_winner(variant), no_winner(book), paired=True)
            show(f"{players} {fix}, nobody won", nobody_won)


def swap_and_the_ties() -> None:
    """What the swap endgame does, deal by deal, with the games the rule book tied."""
    book, swap = (load(name).set_index("game") for name in ("ismcts_selfplay_2p", "ismcts_selfplay_2p_swap"))
    book = book.loc[swap.index]  # the same seed: deal i alike
    same = int((swap["winner"].fillna(-1) == book["winner"].fillna(-1)).sum())
    tied = book["end_reason"] == "tie"
    won, capped = (int((tied & (swap["end_reason"] == reason)).sum()) for reason in ("win", "turn_limit"))
    print(
        f'ismcts endgame="swap": the same winner as the rule book on {same} of {len(swap)} deals; of the '
        f"{int(tied.sum())} deals the rule book tied, {won} won, {capped} ran to the turn cap"
    )


def margin_against(player: str, opponent: str, first: str, second: str) -> pd.Series:
    """``player``'s per-game margin over ``opponent`` in both seatings, indexed by
    (seating, game) so that two players met on the same deals pair up."""
    parts = {}
    for seating, name in (("first", first), ("second", second)):
        parts[seating] = stats.game_margins(load(name), player)
    return pd.concat(parts)


def players_against_greedy() -> None:
    print("P(win) - P(loss) against greedy, one player minus another:")
    ismcts = margin_against("ismcts", "greedy", "ismcts_vs_greedy", "greedy_vs_ismcts")
    small = margin_against("ismcts-250", "greedy", "ismcts250_vs_greedy", "greedy_vs_ismcts250")
    search = margin_against("search", "greedy", "search_vs_greedy", "greedy_vs_search")
    show("ismcts - search (independent deals)", stats.mean_difference(ismcts, search))
    show("ismcts-250 - search (independent deals)", stats.mean_difference(small, search))
    show("ismcts - ismcts-250 (paired by deal)", stats.mean_difference(ismcts, small, paired=True))
    print("P(win) - P(loss), the two budgets of ismcts against each other (both seatings, seed 15):")
    both = pd.concat([load("ismcts_vs_ismcts250"), load("ismcts250_vs_ismcts")], ignore_index=True)
    duel = stats.head_to_head(both).set_index(["player", "opponent"]).loc[("ismcts", "ismcts-250")]
    print(
        f"  ismcts against ismcts-250: {duel['margin']:+.2f} [{duel['margin_low']:+.2f}, {duel['margin_high']:+.2f}] "
        f"({int(duel['wins'])} wins, {int(duel['losses'])} losses, {int(duel['draws'])} draws in {int(duel['n'])} games)"
    )


def ladder() -> None:
    duels = pd.concat([load(name) for name in LADDER_FILES], ignore_index=True)
    print("Bradley-Terry ladder (Elo, random at 0):")
    for row in bradley_terry(duels, reference="random").itertuples():
        print(f"  {row.player}: {row.elo:.0f} [{row.elo_low:.0f}, {row.elo_high:.0f}]")
    print("Elo differences (Bradley-Terry, intervals from the fit's covariance):")
    for a, b in (
        ("ismcts", "ismcts-250"),
        ("ismcts-250", "search"),
        ("ismcts", "search"),
        ("search", "greedy"),
        ("greedy", "random"),
    ):
        gap = rating_difference(duels, a, b)
        print(f"  {a} - {b}: {gap['elo']:+.0f} [{gap['elo_low']:+.0f}, {gap['elo_high']:+.0f}]")
    fit = goodness_of_fit(duels)
    print(
        f"Does one strength a player explain every pair? chi-square {fit['statistic']:.2f}, "
        f"{fit['df']} degrees of freedom, p = {fit['p_value']:.3f}; each pair's points share, "
        "the fit's and z:"
    )
    for row in fit["pairs"].itertuples():
        print(
            f"  {row.player} vs {row.opponent}: {row.points:.3f} ({row.games} games), "
            f"fit {row.expected:.3f}, z = {row.z:+.2f}"
        )


def hex_lattice() -> None:
    """The seat study on the hex lattice (pentahex cards), strong and greedy play."""
    strong, greedy = load("ismcts_selfplay_2p_hex"), load("hex_lattice")
    print("The hex lattice, two players:")
    for label, frame in (("ismcts-250 self-play", strong), ("greedy self-play", greedy)):
        edge = stats.first_player_advantage(frame).iloc[0]
        length = stats.mean_interval(frame["turns"])
        shares = []
        for reason in ("tie", "turn_limit"):
            count = int((frame["end_reason"] == reason).sum())
            low, high = stats.wilson_interval(count, len(frame))
            shares.append(f"{reason} {count / len(frame):.1%} [{low:.1%}, {high:.1%}]")
        print(
            f"  {label}, {len(frame)} games: advantage {edge['estimate']:+.3f} [{edge['low']:+.3f}, "
            f"{edge['high']:+.3f}]; {'; '.join(shares)}; "
            f"{length['estimate']:.1f} [{length['low']:.1f}, {length['high']:.1f}] actions a game"
        )
    square = load("ismcts_selfplay_2p")
    margins = {name: stats.game_margins(frame) for name, frame in (("hex", strong), ("greedy", greedy))}
    show(
        "strong - greedy on the hex lattice (independent deals)",
        stats.mean_difference(margins["hex"], margins["greedy"]),
        digits=3,
    )
    show(
        "hex - square under strong play (independent deals)",
        stats.mean_difference(margins["hex"], stats.game_margins(square)),
        digits=3,
    )


def mirror_checks() -> None:
    files = sorted(glob.glob(os.path.join(HERE, "xochintlan_*.csv")))
    print("Mirror-pair check (Holm within each file) over every Xochintlan study file:")
    tested = 0
    for path in files:
        frame = read_results(path)
        if "cards_0" not in frame.columns or "winning_card" not in frame.columns:
            continue
        tested += 1
        check = stats.symmetry_check(frame)
        flagged = check[(check["mirror"] != "") & (check["p_adjusted"] < 0.05)]
        overall = check.loc[check["card"] == "all pairs", "p_value"].iloc[0]
        if len(flagged) or overall < 0.05:
            pairs = ", ".join(f"{r.card} vs {r.mirror} (p = {r.p_adjusted:.3f})" for r in flagged.itertuples())
            print(f"  {os.path.basename(path)}: {pairs or 'no single pair'}; all pairs p = {overall:.3f}")
    print(f"  ({tested} files tested)")


if __name__ == "__main__":
    fixes_against_the_rule_book()
    swap_and_the_ties()
    players_against_greedy()
    ladder()
    hex_lattice()
    mirror_checks()
