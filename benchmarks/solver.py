"""Double-dummy solver speed on the 150 full deals of ``tests/data/dds/full_game.txt``.

Run by hand from the repository root:

    PYTHONPATH=. python benchmarks/solver.py [--limit N] [--all] [--reference CHECKOUT]

For each deal it solves the exact value and, separately, the question "does the declarer reach
61?", checks both against the file, and prints the median, 90th percentile and maximum of the CPU
time and the median of the nodes (positions searched at a trick boundary); then the time of a
post-mortem of a whole ISS game from the first card (the Grand of notebook 10). ``--all`` first
reproduces every end position of the other files.

``--reference`` names a second checkout of cardlib (for example an older commit, made with
``git worktree add ../base COMMIT``). Each side then runs in its own worker process and the two take
turns deal by deal, so a change of load on the machine hits both; the table shows both figures and
their ratio (this tree / reference, below 1 means faster). The first line of the output records the
command that produced it.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardlib import Card, Rank, Suit
from cardlib.skat import GameType

ROOT = Path(__file__).resolve().parents[1]
DDS = ROOT / "tests" / "data" / "dds"
GAMES = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
BIT_CARDS = {31 - i: Card(suit, Rank.JACK) for i, suit in enumerate(Suit)} | {
    27 - 7 * s - r: Card(suit, rank) for s, suit in enumerate(Suit) for r, rank in enumerate(RANKS)
}
END_FILES = ("one", "two", "three", "four", "five", "six", "seven")
POST_MORTEM_GAME = 1  # the line of cardlib/data/iss/sample-records.sgf reviewed in notebook 10
EXACT_TARGETS_MS = (150, 1000, 5000)  # median, p90, max per full deal
POST_MORTEM_TARGET_S = 10

Row = tuple[list[tuple[Card, ...]], tuple[Card, ...], int, GameType, int]


def cards(mask: int) -> tuple[Card, ...]:
    return tuple(BIT_CARDS[bit] for bit in range(32) if mask >> bit & 1)


def positions(name: str) -> list[Row]:
    rows = []
    for line in (DDS / name).read_text().split():
        p0, p1, p2, skat, leader, game, value = map(int, line.split(","))
        rows.append(([cards(p0), cards(p1), cards(p2)], cards(skat), leader, GAMES[game], value))
    return rows


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def solve_one(row: Row, threshold: int | None) -> dict[str, Any]:
    """Solve one position with the cardlib on the path; CPU time, nodes and whether it is right."""
    from cardlib.skat.solver.solve import SearchStats, solve_position

    hands, skat, leader, game, value = row
    stats = SearchStats()
    start = time.process_time()
    if threshold is None:
        got: object = solve_position(hands, leader, game, skat=skat, stats=stats)
        expected: object = value
    else:
        got = solve_position(hands, leader, game, skat=skat, threshold=threshold, stats=stats)
        expected = value >= threshold
    ms = (time.process_time() - start) * 1000
    return {"ms": ms, "nodes": stats.nodes, "right": got == expected}


def first_lead_one(row: Row) -> dict[str, Any]:
    """The first-lead decision of a full deal: each of the leader's ten cards solved exactly,
    as the sampling player does (one search for the ten where the tree has one)."""
    hands, skat, leader, game, value = row
    try:
        from cardlib.skat.solver.solve import DealSearch
    except ImportError:  # an older tree: a new search per card
        DealSearch = None
    from cardlib.skat.solver.solve import solve_position

    start = time.process_time()
    search = DealSearch(game, 0, skat) if DealSearch is not None else None
    best = None
    for card in hands[leader]:
        after = [list(hand) for hand in hands]
        after[leader].remove(card)
        if search is not None:
            got = search.value(after, leader, (card,))
        else:
            got = solve_position(after, leader, game, skat=skat, trick=(card,))
        best = got if best is None else (max(best, got) if leader == 0 else min(best, got))
    ms = (time.process_time() - start) * 1000
    return {"ms": ms, "nodes": 0, "right": best == value}


def post_mortem_one() -> dict[str, Any]:
    """Review the sample ISS game of notebook 10 from its first card."""
    from cardlib import data
    from cardlib.skat import iss
    from cardlib.skat.solver.postmortem import post_mortem

    line = data.path("iss/sample-records.sgf").read_text().splitlines()[POST_MORTEM_GAME]
    state = iss.replay(iss.read(line)).state
    start = time.process_time()
    review = post_mortem(state)
    ms = (time.process_time() - start) * 1000
    return {"ms": ms, "nodes": 0, "right": True, "value": review.start_value}


def worker() -> None:
    """Answer tasks from standard input, one JSON line each: ``[file, index, threshold]``."""
    files: dict[str, list[Row]] = {}
    for line in sys.stdin:
        name, index, threshold = json.loads(line)
        if name == "post-mortem":
            result = post_mortem_one()
        elif name == "first-lead":
            result = first_lead_one(
                files.setdefault("full_game.txt", positions("full_game.txt"))[index]
            )
        else:
            rows = files.setdefault(name, positions(name))
            result = solve_one(rows[index], threshold)
        print(json.dumps(result), flush=True)


class Worker:
    """A process solving with the cardlib of one checkout."""

    def __init__(self, checkout: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout))
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, name: str, index: int, threshold: int | None) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([name, index, threshold]) + "\n")
        self.process.stdin.flush()
        return dict(json.loads(self.process.stdout.readline()))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def run(
    workers: dict[str, Worker], name: str, count: int, threshold: int | None
) -> dict[str, list[dict[str, Any]]]:
    """Every position of a file on every worker, taking turns (the first to go alternates)."""
    results: dict[str, list[dict[str, Any]]] = {side: [] for side in workers}
    sides = list(workers)
    for index in range(count):
        for side in sides if index % 2 == 0 else reversed(sides):
            results[side].append(workers[side].ask(name, index, threshold))
    return results


def summary(results: list[dict[str, Any]]) -> dict[str, float]:
    times = [r["ms"] for r in results]
    nodes = [r["nodes"] for r in results]
    return {
        "median": statistics.median(times),
        "p90": percentile(times, 0.9),
        "max": max(times),
        "total": sum(times) / 1000,
        "nodes": statistics.median(nodes),
        "wrong": sum(not r["right"] for r in results),
    }


def report(label: str, results: dict[str, list[dict[str, Any]]]) -> int:
    """Print one question's figures, side by side with ratios; returns the wrong answers."""
    stats = {side: summary(rows) for side, rows in results.items()}
    ours = stats["this tree"]
    other = stats.get("reference")
    wrong = int(sum(s["wrong"] for s in stats.values()))
    rows = (("median", "ms"), ("p90", "ms"), ("max", "ms"), ("total", "s"), ("nodes", "median"))
    for key, unit in rows:
        line = f"{label:<14}{key + ' ' + unit:<12}{ours[key]:>12.1f}"
        if other is not None:
            line += f"{other[key]:>12.1f}{ours[key] / max(other[key], 1e-9):>9.2f}"
        print(line)
        label = ""
    if other is not None:
        per_deal = [
            a["ms"] / b["ms"]
            for a, b in zip(results["this tree"], results["reference"], strict=True)
            if b["ms"] > 0
        ]
        print(f"{'':<14}{'per-deal ratio, median':<36}{statistics.median(per_deal):>9.2f}")
    print(f"{'':<14}wrong answers: {wrong}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N full deals")
    parser.add_argument("--all", action="store_true", help="also every end position")
    parser.add_argument("--reference", type=Path, help="a second checkout to compare against")
    parser.add_argument("--leads", type=int, default=30, help="deals of the first-lead measure")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    command = shlex.join(sys.argv[1:] if argv is None else argv)
    print(f"$ PYTHONPATH=. python benchmarks/solver.py {command}".rstrip())
    workers = {"this tree": Worker(ROOT)}
    if args.reference is not None:
        workers["reference"] = Worker(args.reference.resolve())
    failures = 0
    head = f"{'question':<14}{'':<12}{'this tree':>12}"
    if args.reference is not None:
        head += f"{'reference':>12}{'ratio':>9}"
        print(f"reference: {args.reference}; the two run alternately, position by position")
    try:
        if args.all:
            for name in END_FILES:
                count = len(positions(f"{name}_cards.txt"))
                print(f"end positions, {name} card(s) each: {count}, CPU time per position")
                print(head)
                failures += report("exact value", run(workers, f"{name}_cards.txt", count, None))
        count = len(positions("full_game.txt"))
        count = count if args.limit is None else min(count, args.limit)
        print(f"full deals: {count}, CPU time per deal")
        print(head)
        for label, threshold in (("exact value", None), ("reaches 61?", 61)):
            failures += report(label, run(workers, "full_game.txt", count, threshold))
        leads = min(count, args.leads)
        print(f"first-lead decision: the ten cards of the first {leads} deals, each exact")
        failures += report("first lead", run(workers, "first-lead", leads, None))
        results = run(workers, "post-mortem", 1, None)
        ours = results["this tree"][0]["ms"]
        line = f"{'post-mortem':<14}{'whole game s':<12}{ours / 1000:>12.2f}"
        if args.reference is not None:
            theirs = results["reference"][0]["ms"]
            line += f"{theirs / 1000:>12.2f}{ours / theirs:>9.2f}"
        print(line)
        median, p90, worst = EXACT_TARGETS_MS
        print(f"targets: exact value median <= {median} ms, p90 <= {p90} ms, max <= {worst} ms; "
              f"post-mortem of a whole game < {POST_MORTEM_TARGET_S} s")  # fmt: skip
    finally:
        for process in workers.values():
            process.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
