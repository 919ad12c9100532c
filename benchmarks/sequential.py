"""How many games a sequential study saves against a fixed-size study with the same power.

    .venv/bin/python benchmarks/sequential.py               # 4,000 simulated studies a case
    .venv/bin/python benchmarks/sequential.py --studies 1000

Each case simulates studies whose truth is known (seat 0's results +1, 0, -1 drawn
with a chosen advantage and tie share, seeded), runs the kit's SPRT on them
(``sequential.sequential_decisions``, a look every 10 games, alpha 0.05, beta 0.2,
the same test as ``simulate --until``) and prints: the share that declared a
difference, the share undecided at the cap, the mean and 90th percentile of the
games it played, against the games a fixed-size test with the same error rates
needs (``sequential.fixed_size_games``, told the true variance, which a real
fixed-size study does not know). Games, not seconds: the figures do not depend on
the machine.
"""

from __future__ import annotations

import argparse

import numpy as np

from xochintlan_hex import sequential

ALPHA, BETA, LOOK = 0.05, 0.2, 10

# (question, sides, delta, tie share, true advantage)
CASES = [
    ("advantage 0.1", 2, 0.1, 0.0, 0.0),
    ("advantage 0.1", 2, 0.1, 0.0, 0.1),
    ("advantage 0.1", 2, 0.1, 0.0, 0.2),
    ("advantage 0.1", 2, 0.1, 0.6, 0.0),
    ("advantage 0.1", 2, 0.1, 0.6, 0.1),
    ("advantage 0.05", 2, 0.05, 0.0, 0.0),
    ("advantage 0.05", 2, 0.05, 0.0, 0.05),
    ("A beats B by 0.1", 1, 0.1, 0.3, 0.0),
    ("A beats B by 0.1", 1, 0.1, 0.3, 0.1),
    ("A beats B by 0.1", 1, 0.1, 0.3, 0.3),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studies", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(
        f"SPRT, alpha {ALPHA}, beta {BETA}, a look every {LOOK} games; "
        f"{args.studies} simulated studies a case, seed {args.seed}"
    )
    print(
        f"{'question':<18} {'ties':>5} {'truth':>6} {'declared':>9} {'undecided':>9} "
        f"{'mean games':>10} {'90% games':>9} {'fixed size':>10} {'saved':>6}"
    )
    for question, sides, delta, ties, truth in CASES:
        variance = 1 - ties - truth**2
        fixed = sequential.fixed_size_games(delta, sides, ALPHA, BETA, variance=1 - ties)
        cap = 8 * fixed
        wins, losses = (1 - ties + truth) / 2, (1 - ties - truth) / 2
        scores = rng.choice([1.0, 0.0, -1.0], p=[wins, ties, losses], size=(args.studies, cap))
        verdict, games, _ = sequential.sequential_decisions(scores, delta, sides, ALPHA, BETA, LOOK)
        declared = np.mean(np.abs(np.nan_to_num(verdict)) == 1)
        undecided = np.mean(np.isnan(verdict))
        saved = 1 - games.mean() / fixed
        print(
            f"{question:<18} {ties:>5.1f} {truth:>+6.2f} {declared:>9.3f} {undecided:>9.3f} "
            f"{games.mean():>10.0f} {np.quantile(games, 0.9):>9.0f} {fixed:>10d} {saved:>6.0%}"
            f"   (score variance {variance:.2f})"
        )


if __name__ == "__main__":
    main()
