"""Skitgubbe playouts: random and heuristic games per second for 2, 3 and 4 players.

Run by hand: ``PYTHONPATH=. python benchmarks/skitgubbe_playouts.py [seconds per row]``.
Target: a three-player random game in under 5 ms on average. Rates use the process's CPU time
(``time.process_time``), so other work on a shared machine distorts them less than wall time;
single runs still vary by about ±25%, so compare the rows of one run.
"""

from __future__ import annotations

import argparse
import random
import time

from cardlib.skitgubbe import HeuristicBot, RandomBot, Rules, new_game


def playouts(players: int, bot_kind: str, budget: float, seed: int = 1) -> tuple[int, int, float]:
    """Games and moves played in about ``budget`` CPU seconds, and the CPU time taken."""
    rng = random.Random(seed)
    rules = Rules(players=players)
    bot = RandomBot(rng) if bot_kind == "random" else HeuristicBot(rng)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        state = new_game(rules, rng)
        while state._turn is not None:
            state = state.play(bot.choose(state))
            moves += 1
        games += 1
    return games, moves, time.process_time() - start


def main(budget: float = 2.0) -> None:
    print(f"{'players':>7} {'bots':>9} {'games/s':>9} {'ms/game':>8} {'moves/game':>10} "
          f"{'moves/s':>9} {'µs/move':>8}")  # fmt: skip
    for players in (2, 3, 4):
        for kind in ("random", "heuristic"):
            games, moves, seconds = playouts(players, kind, budget)
            print(
                f"{players:>7} {kind:>9} {games / seconds:>9.0f} {1000 * seconds / games:>8.2f} "
                f"{moves / games:>10.0f} {moves / seconds:>9.0f} {1e6 * seconds / moves:>8.1f}"
            )
    print("target: a three-player random game in under 5 ms on average")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=2.0, help="CPU seconds per row")
    main(parser.parse_args().seconds)
