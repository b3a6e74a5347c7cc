"""How fast are the exact split tables? Run by hand: ``python benchmarks/probability.py``.

Target: every split table for 0-11 outstanding trumps, after the skat (10-10) and in Hand
(10-10-2), in well under a second. Printed side by side with the coin approximation and with
brute-force enumeration of one small case, as ratios.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations

from cardlib.probability import coin_split, patterns, skat_outlook, split_distribution


def best_of(function: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def all_tables() -> None:
    for sizes in ((10, 10), (10, 10, 2)):
        for out in range(12):
            patterns(split_distribution(out, sizes))


def all_coin_tables() -> None:
    for sizes in ((10, 10), (10, 10, 2)):
        for out in range(12):
            patterns(coin_split(out, sizes))


def brute_force_one() -> None:
    # 5 special cards among 20: every one of the C(20, 10) = 184,756 left hands.
    Counter(sum(card < 5 for card in left) for left in combinations(range(20), 10))


def outlook() -> None:
    o = skat_outlook("CJ HJ CA CT C9 SA ST H7 D8 D7")
    o.jacks, o.points, o.matadors("C"), o.matadors("G")


def skitgubbe_plain(games: int = 20) -> None:
    from cardlib.skitgubbe import RandomBot, Rules, new_game

    bot = RandomBot(rng=1)
    for seed in range(games):
        state = new_game(Rules(players=3), rng=seed)
        while not state.is_over:
            state = state.play(bot.choose(state))


def skitgubbe_simulated(games: int = 20) -> None:
    from cardlib.probability import simulate_games
    from cardlib.skitgubbe import RandomBot, Rules

    simulate_games(RandomBot, Rules(players=3), games, rng=1, progress=False)


def main() -> None:
    exact = best_of(all_tables)
    rows = [
        ("24 exact split tables (0-11 out, 10-10 and 10-10-2)", exact),
        ("24 coin-approximation tables", best_of(all_coin_tables)),
        ("one skat outlook (jacks, points, matadors x2)", best_of(outlook)),
        ("brute force: one 10-10 table by enumeration", best_of(brute_force_one, 1)),
    ]
    plain, simulated = best_of(skitgubbe_plain, 3), best_of(skitgubbe_simulated, 3)
    width = max(len(name) for name, _ in rows)
    print(f"{'what':<{width}}  {'seconds':>9}  {'x exact tables':>14}")
    for name, seconds in rows:
        print(f"{name:<{width}}  {seconds:9.5f}  {seconds / exact:14.1f}")
    print(
        f"Skitgubbe, 20 random 3-player games: plain play {plain:.3f} s, simulate_games "
        f"{simulated:.3f} s (x{simulated / plain:.2f}: the cost of counting and intervals)"
    )
    verdict = "met" if exact < 0.1 else "MISSED"
    print(f"target: all 24 tables well under 1 s (< 0.1 s): {verdict} ({exact * 1000:.2f} ms)")


if __name__ == "__main__":
    main()
