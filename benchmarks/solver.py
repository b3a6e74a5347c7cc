"""Double-dummy solver speed on the 149 full deals of ``tests/data/dds/full_game.txt``.

Run by hand: ``PYTHONPATH=. python benchmarks/solver.py`` (add ``--limit 20`` for a quick look,
``--all`` to also reproduce every end position of the other files). For each deal it solves the
exact value and, separately, the question "does the declarer reach 61?", checks both against the
file, and prints the median and 90th percentile of CPU time and of nodes (positions searched at
a trick boundary) beside the target (median at most 100 ms per full deal).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from cardlib import Card, Rank, Suit
from cardlib.skat import GameType
from cardlib.skat.solver.solve import SearchStats, solve_position

DDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "dds"
GAMES = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
BIT_CARDS = {31 - i: Card(suit, Rank.JACK) for i, suit in enumerate(Suit)} | {
    27 - 7 * s - r: Card(suit, rank) for s, suit in enumerate(Suit) for r, rank in enumerate(RANKS)
}
TARGET_MS = 100.0
END_FILES = ("one", "two", "three", "four", "five", "six", "seven")


def cards(mask: int) -> tuple[Card, ...]:
    return tuple(BIT_CARDS[bit] for bit in range(32) if mask >> bit & 1)


def positions(
    name: str,
) -> list[tuple[list[tuple[Card, ...]], tuple[Card, ...], int, GameType, int]]:
    rows = []
    for line in (DDS / name).read_text().split():
        p0, p1, p2, skat, leader, game, value = map(int, line.split(","))
        rows.append(([cards(p0), cards(p1), cards(p2)], cards(skat), leader, GAMES[game], value))
    return rows


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(rows: list, threshold: int | None) -> tuple[list[float], list[float], int]:
    times, nodes, wrong = [], [], 0
    for hands, skat, leader, game, value in rows:
        stats = SearchStats()
        start = time.process_time()
        if threshold is None:
            got: object = solve_position(hands, leader, game, skat=skat, stats=stats)
            expected: object = value
        else:
            got = solve_position(hands, leader, game, skat=skat, threshold=threshold, stats=stats)
            expected = value >= threshold
        times.append((time.process_time() - start) * 1000)
        nodes.append(stats.nodes)
        wrong += got != expected
    return times, nodes, wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N full deals")
    parser.add_argument("--all", action="store_true", help="also every end position")
    args = parser.parse_args(argv)
    failures = 0
    if args.all:
        for name in END_FILES:
            rows = positions(f"{name}_cards.txt")
            times, nodes, wrong = measure(rows, None)
            failures += wrong
            median, p90 = statistics.median(times), percentile(times, 0.9)
            print(f"{name:>5} cards: {len(rows)} positions, {wrong} wrong, "
                  f"median {median:.2f} ms, p90 {p90:.2f} ms")  # fmt: skip
    rows = positions("full_game.txt")[: args.limit]
    print(f"full deals: {len(rows)} (CPU time per deal; target median <= {TARGET_MS:.0f} ms)")
    print(f"{'question':<16}{'median ms':>11}{'p90 ms':>10}{'max ms':>10}"
          f"{'median nodes':>14}{'p90 nodes':>11}{'wrong':>7}{'median/target':>15}")  # fmt: skip
    for label, threshold in (("exact value", None), ("reaches 61?", 61)):
        times, nodes, wrong = measure(rows, threshold)
        failures += wrong
        median = statistics.median(times)
        print(
            f"{label:<16}{median:>11.1f}{percentile(times, 0.9):>10.1f}{max(times):>10.1f}"
            f"{statistics.median(nodes):>14.0f}{percentile(nodes, 0.9):>11.0f}{wrong:>7}"
            f"{median / TARGET_MS:>14.2f}x"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
