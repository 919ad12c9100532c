#!/usr/bin/env bash
# Regenerate the study results in datasets/ (see datasets/README.md for each file).
#
#   datasets/regenerate.sh                 # every file, 2 local processes
#   PART=studies datasets/regenerate.sh    # only the games played (Xochintlan, Hextremadura, the tilings)
#   PART=deals datasets/regenerate.sh      # only the Hextremadura deals decided (exact solver, finder)
#   WORKERS=4 datasets/regenerate.sh       # more processes
#   datasets/regenerate.sh --resume        # finish a run that was interrupted
#   datasets/regenerate.sh --scheduler tcp://host:8786   # on a Dask cluster
#   LONG=1 datasets/regenerate.sh          # also the long match of ismcts (see the end)
#
# Options given to the script are added to every command. The studies' files depend only
# on the seeds and the kit's version, not on the number of workers or where the games run;
# the deals part's searches stop after so many CPU seconds a deal, so another machine may
# find other games within them.
#
# How long, with 2 workers on a quiet 2-core machine:
#   PART=studies  1 hour 24 minutes, timed as one run from a fresh clone (/usr/bin/time,
#                 4 December 2026, 9,675 s of CPU): 71 minutes for the ismcts-250 studies
#                 (the 2-player self-play 17, 3 and 4 players about 4 each, the hex lattice
#                 22, quiet rounds 4, the mover's check 4, the swap endgame 15, the matches
#                 against greedy and search under 1), 8 for the Hextremadura planner, about
#                 5 for the rest. Every file it wrote held the same games as the shipped one.
#   PART=deals    about 6.5 hours, not timed as one run: each command was timed as it made its
#                 file, some on a shared machine (the times are at each command below): the
#                 exact solver's two passes 28 and 28 minutes, the perfect-game finder's first
#                 run 2 hours 19 minutes of one core, runs 2 to 7 54, 41, 27, 20, 15 and 12
#                 minutes, runs 8 and 9 17 and 10 minutes with one worker.
#   So a full run takes about 8 hours. LONG=1 adds 12 minutes 32 seconds, timed as one
#   run the same day (1,428 s of CPU; about 65 minutes before the compiled core): its six
#   files came out byte for byte the shipped ones.
set -euo pipefail
cd "$(dirname "$0")/.."

# the command: $XOCHINTLAN_HEX if set, else the repository's .venv, else the one on PATH
if [ -n "${XOCHINTLAN_HEX:-}" ]; then XH=$XOCHINTLAN_HEX
elif [ -x .venv/bin/xochintlan-hex ]; then XH=.venv/bin/xochintlan-hex
else XH=xochintlan-hex
fi
W=${WORKERS:-2}
PY=python3; [ -x .venv/bin/python ] && PY=.venv/bin/python

# which part: PART=studies (the games played), PART=deals (the deals decided), both by default
PART=${PART:-all}
case "$PART" in
  all | studies | deals) ;;
  *) echo "regenerate.sh: PART is all, studies or deals, not '$PART'" >&2; exit 2 ;;
esac
runs() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

if runs studies; then
  # Xochintlan: greedy self-play, 2 to 5 players
  $XH simulate xochintlan --games 5000 --players greedy,greedy --seed 1 --workers "$W" --out datasets/xochintlan_greedy_selfplay_2p.csv "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy,greedy --seed 1 --workers "$W" --out datasets/xochintlan_greedy_selfplay_3p.csv "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy,greedy,greedy --seed 1 --workers "$W" --out datasets/xochintlan_greedy_selfplay_4p.csv "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy,greedy,greedy,greedy --seed 1 --workers "$W" --out datasets/xochintlan_greedy_selfplay_5p.csv "$@"

  # Xochintlan: player kinds head to head, each kind in both seats
  $XH simulate xochintlan --games 1000 --players greedy,random --seed 2 --workers "$W" --out datasets/xochintlan_greedy_vs_random.csv "$@"
  $XH simulate xochintlan --games 1000 --players random,greedy --seed 2 --workers "$W" --out datasets/xochintlan_random_vs_greedy.csv "$@"
  $XH simulate xochintlan --games 600 --players search,greedy --seed 3 --workers "$W" --out datasets/xochintlan_search_vs_greedy.csv "$@"
  $XH simulate xochintlan --games 600 --players greedy,search --seed 3 --workers "$W" --out datasets/xochintlan_greedy_vs_search.csv "$@"

  # Xochintlan: the hex lattice and the variants
  $XH simulate xochintlan --games 3000 --players greedy,greedy --lattice hex --seed 4 --workers "$W" --out datasets/xochintlan_hex_lattice.csv "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy --cards-per-player 2 --seed 5 --workers "$W" --out datasets/xochintlan_two_cards.csv "$@"
  $XH simulate xochintlan --games 3000 --players random,random --seed 6 --workers "$W" --out datasets/xochintlan_random_selfplay.csv "$@"
  $XH simulate xochintlan --games 3000 --players random,random --endgame swap --seed 6 --workers "$W" --out datasets/xochintlan_random_swap_endgame.csv "$@"

  # Xochintlan under strong play: is it the game or the players? ismcts self-play
  # (250 imagined games a move), 2 and 3 players, then three rule fixes for the seat
  # balance under ismcts and greedy self-play, and the ladder's head-to-head games.
  # The 2-player self-play measures the seat advantage to about +-0.03 (2,000 games; its first
  # 100 and 1,700 are the games this file held before: game i depends only on the seed and i)
  $XH simulate xochintlan --games 2000 --players ismcts-250,ismcts-250 --seed 1 --workers "$W" --out datasets/xochintlan_ismcts_selfplay_2p.csv "$@"
  $XH simulate xochintlan --games 400 --players ismcts-250,ismcts-250,ismcts-250 --seed 1 --workers "$W" --out datasets/xochintlan_ismcts_selfplay_3p.csv "$@"
  # four players: until a sequential test decides whether player 1's advantage reaches 0.05 either
  # way (it stopped after 430 games: an edge for player 1; its first 350 games are the file's former 350)
  $XH simulate xochintlan --games 2000 --players ismcts-250,ismcts-250,ismcts-250,ismcts-250 --seed 1 --until "advantage 0.05" --workers "$W" --out datasets/xochintlan_ismcts_selfplay_4p.csv "$@"
  # The same 2-player seat study on the hex lattice, 2,200 games (+-0.03): grown from 750 to 1,000
  # and then to 2,200 with --extend, which keeps a finished file's games and plays only the new ones
  $XH simulate xochintlan --games 2200 --players ismcts-250,ismcts-250 --lattice hex --seed 1 --workers "$W" --out datasets/xochintlan_ismcts_selfplay_2p_hex.csv "$@"
  $XH simulate xochintlan --games 400 --players ismcts-250,ismcts-250 --seed 1 --quiet-rounds 2 --workers "$W" --out datasets/xochintlan_ismcts_selfplay_2p_quiet2.csv "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy --seed 1 --quiet-rounds 2 --workers "$W" --out datasets/xochintlan_greedy_selfplay_2p_quiet2.csv "$@"
  # the mover's win check: until a sequential test decides whether it moves player 1's advantage
  # by 0.05 either way from the rule book's, paired by deal (it stopped after 500 games: it does not)
  $XH simulate xochintlan --games 2000 --players ismcts-250,ismcts-250 --seed 1 --win-check mover --workers "$W" --out datasets/xochintlan_ismcts_selfplay_2p_mover.csv --until "differs by 0.05 from datasets/xochintlan_ismcts_selfplay_2p.csv" "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy --seed 1 --win-check mover --workers "$W" --out datasets/xochintlan_greedy_selfplay_2p_mover.csv "$@"
  # the swap endgame: the same sequential question. At most 300 games first (a cap set by the time at
  # hand: its games run long), where it was undecided; then grown with --games 600 --extend, it decided
  # after 470 games that it does not. Its first 10 games are the file's former 10
  $XH simulate xochintlan --games 600 --players ismcts-250,ismcts-250 --seed 1 --endgame swap --workers "$W" --out datasets/xochintlan_ismcts_selfplay_2p_swap.csv --until "differs by 0.05 from datasets/xochintlan_ismcts_selfplay_2p.csv" "$@"
  $XH simulate xochintlan --games 3000 --players greedy,greedy --seed 1 --endgame swap --workers "$W" --out datasets/xochintlan_greedy_selfplay_2p_swap.csv "$@"
  $XH simulate xochintlan --games 60 --players ismcts-250,greedy --seed 11 --workers "$W" --out datasets/xochintlan_ismcts250_vs_greedy.csv "$@"
  $XH simulate xochintlan --games 60 --players greedy,ismcts-250 --seed 11 --workers "$W" --out datasets/xochintlan_greedy_vs_ismcts250.csv "$@"
  $XH simulate xochintlan --games 40 --players ismcts-250,search --seed 12 --workers "$W" --out datasets/xochintlan_ismcts250_vs_search.csv "$@"
  $XH simulate xochintlan --games 40 --players search,ismcts-250 --seed 12 --workers "$W" --out datasets/xochintlan_search_vs_ismcts250.csv "$@"

  # Hextremadura: the kit's tile set, random, greedy and search
  $XH simulate hextremadura --games 1000 --player random --seed 7 --workers "$W" --out datasets/hextremadura_random.csv "$@"
  $XH simulate hextremadura --games 1000 --player greedy --seed 7 --workers "$W" --out datasets/hextremadura_greedy.csv "$@"
  $XH simulate hextremadura --games 200 --player search --seed 7 --workers "$W" --out datasets/hextremadura_search.csv "$@"

  # Hextremadura: lesson 05's design experiment, the kit's set and a changed T1 on the same seeds
  $XH simulate hextremadura --games 400 --player greedy --seed 9 --workers "$W" --out datasets/hextremadura_greedy_seed9_kit.csv "$@"
  $XH simulate hextremadura --games 400 --player greedy --seed 9 --tileset datasets/hextremadura_tiles_easier_T1.json --workers "$W" --out datasets/hextremadura_greedy_seed9_easier_T1.csv "$@"

  # Lesson 06: the classic tiling puzzles counted in full and up to symmetry (one core, about two minutes)
  "$PY" datasets/count_tilings.py

  # Hextremadura: how many deals can reach a perfect score? The open-information solver
  # on the 200 deals of seed 7 (those of greedy and search above), and the planner on the same deals
  $XH simulate hextremadura --games 200 --player planner --seed 7 --workers "$W" --out datasets/hextremadura_planner.csv "$@"
  "$PY" datasets/solve_deals.py --games 200 --seed 7 --candidates 2 --workers "$W" --out datasets/hextremadura_solver.csv "$@"
fi

if runs deals; then
  # Every deal decided? The exact solver on 1,000 deals of seed 7 (the 200 above among them,
  # started from the games just written; the look-ahead first on the other 800), at most
  # 1,000 states a deal: one process, 28 minutes of one core (1,656 CPU seconds measured with
  # /usr/bin/time on a shared machine: about 2 s a new deal, 0.4 s a known one). Then again
  # from the best game of either file, at most 0.5 CPU second of exact search a deal (all four
  # pruning rules): one process, 28 minutes of wall clock niced on a loaded machine (498 CPU
  # seconds of exact search; the rest waiting for the shared cores and replaying known games).
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --candidates 2 --max-nodes 1000 --known datasets/hextremadura_solver.csv --out datasets/hextremadura_decided.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --seconds 0.5 --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv --out datasets/hextremadura_decided.csv "$@"
  # Perfect games searched for: the perfect-game finder, 10 CPU seconds a deal, from the best
  # game of either file, then 0.1 CPU second of exact search, on all 1,000 deals (8,341 CPU
  # seconds: the cpu_seconds column summed; about 2.3 hours of one core).
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --seconds 0.1 --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv --out datasets/hextremadura_perfect_search.csv --batch 5 "$@"
  # The finder run again on the same deals, from the best game of the files before, 10 more
  # CPU seconds a deal, now following the best game it finds (--follow-best); a deal already
  # decided is only replayed. Run 2: 54 minutes of wall clock with 2 workers (5,486 CPU
  # seconds); run 3: 41 minutes (4,386 CPU seconds), both measured with /usr/bin/time.
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv --out datasets/hextremadura_perfect_search_2.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv --out datasets/hextremadura_perfect_search_3.csv "$@"
  # Runs 4 to 7 the same way, but each breaking the finder's ties with another seed (the
  # deal's seed + the run's number, --finder-seed): with the seed of the runs before, a run
  # from the same best game repeats the search of the run before. Runs 4 to 7: 27, 20, 15
  # and 12 minutes of wall clock with 2 workers (2,801, 1,937, 1,310 and 910 s of CPU,
  # measured with /usr/bin/time): each run has fewer deals left to search.
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 4 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv --out datasets/hextremadura_perfect_search_4.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 5 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv datasets/hextremadura_perfect_search_4.csv --out datasets/hextremadura_perfect_search_5.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 6 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv datasets/hextremadura_perfect_search_4.csv datasets/hextremadura_perfect_search_5.csv --out datasets/hextremadura_perfect_search_6.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 7 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv datasets/hextremadura_perfect_search_4.csv datasets/hextremadura_perfect_search_5.csv datasets/hextremadura_perfect_search_6.csv --out datasets/hextremadura_perfect_search_7.csv "$@"
  # Runs 8 and 9 (the finder's seed + 8 and + 9) ran with one worker while a Xochintlan study
  # used both cores: 647 and 500 s of CPU (17 min 5 s and 10 min 15 s of wall clock, measured).
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 8 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv datasets/hextremadura_perfect_search_4.csv datasets/hextremadura_perfect_search_5.csv datasets/hextremadura_perfect_search_6.csv datasets/hextremadura_perfect_search_7.csv --out datasets/hextremadura_perfect_search_8.csv "$@"
  "$PY" datasets/decide_deals.py --games 1000 --seed 7 --perfect-seconds 10 --follow-best --finder-seed 9 --seconds 0.1 --workers "$W" --known datasets/hextremadura_solver.csv datasets/hextremadura_decided.csv datasets/hextremadura_perfect_search.csv datasets/hextremadura_perfect_search_2.csv datasets/hextremadura_perfect_search_3.csv datasets/hextremadura_perfect_search_4.csv datasets/hextremadura_perfect_search_5.csv datasets/hextremadura_perfect_search_6.csv datasets/hextremadura_perfect_search_7.csv datasets/hextremadura_perfect_search_8.csv --out datasets/hextremadura_perfect_search_9.csv "$@"
fi

# Only with LONG=1, and not with PART=deals (13 more minutes with 2 workers, measured): the
# registered ismcts, 2,000 imagined games a move, against ismcts-250 itself over 100 games
# (5 minutes), against search over 200 games (7 minutes) and against greedy on the decks of
# ismcts-250's games, for the ladder's second budget and the two budgets' direct pair
if runs studies && [ "${LONG:-0}" = 1 ]; then
  $XH simulate xochintlan --games 50 --players ismcts,ismcts-250 --seed 15 --workers "$W" --out datasets/xochintlan_ismcts_vs_ismcts250.csv "$@"
  $XH simulate xochintlan --games 50 --players ismcts-250,ismcts --seed 15 --workers "$W" --out datasets/xochintlan_ismcts250_vs_ismcts.csv "$@"
  $XH simulate xochintlan --games 100 --players ismcts,search --seed 13 --workers "$W" --out datasets/xochintlan_ismcts_vs_search.csv "$@"
  $XH simulate xochintlan --games 100 --players search,ismcts --seed 13 --workers "$W" --out datasets/xochintlan_search_vs_ismcts.csv "$@"
  $XH simulate xochintlan --games 60 --players ismcts,greedy --seed 11 --workers "$W" --out datasets/xochintlan_ismcts_vs_greedy.csv "$@"
  $XH simulate xochintlan --games 60 --players greedy,ismcts --seed 11 --workers "$W" --out datasets/xochintlan_greedy_vs_ismcts.csv "$@"
fi
