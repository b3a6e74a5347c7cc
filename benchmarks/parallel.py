"""Big runs: the same three studies in this process and on local worker processes, side by side.

Run by hand: ``PYTHONPATH=. python benchmarks/parallel.py [--workers N]`` (default: every core).
It times a 20,000-game Skitgubbe simulation (three heuristic bots), 200 sampled win chances (each
deal solved double-dummy) and the replay of a large ISS file (the sample records repeated into a
temporary file), first here and then on ``--workers`` processes, checks that both give the same
result, and prints the wall times with their ratio. Target: at least 1.7× on 2 cores for the
simulation. Wall time is what a researcher waits for; on a shared machine it depends on what else
runs, so the load average is printed before each study, and the CPU seconds spent (this process
and its workers): when they match, the workers did no extra work and a ratio below the number of
workers means the cores were busy with something else. Run it twice.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardlib import data
from cardlib.cli.iss import Summary, replay_files
from cardlib.probability import simulate_games
from cardlib.skat import GameType, win_chance
from cardlib.skitgubbe import HeuristicBot, Rules

HAND = "CJ HJ CA CT CK SA ST H9 D7 D8"  # a clubs game that wins about half its deals


def timed(
    study: Callable[[int | None], object], workers: int | None
) -> tuple[float, float, object]:
    """Wall seconds, CPU seconds (this process and the workers it waited for) and the result."""
    before = os.times()
    start = time.perf_counter()
    result = study(workers)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user, system, children's user and system
    return wall, cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--games", type=int, default=20_000, help="Skitgubbe games (20,000)")
    parser.add_argument("--deals", type=int, default=200, help="sampled deals solved (200)")
    parser.add_argument("--copies", type=int, default=5000, help="copies of the 11 ISS samples")
    args = parser.parse_args()
    lines = data.path("iss/sample-records.sgf").read_text().splitlines()
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive.sgf"
        archive.write_text("\n".join(line for line in lines * args.copies if line) + "\n")
        studies: list[tuple[str, Callable[[int | None], object]]] = [
            (
                f"Skitgubbe, {args.games:,} games",
                lambda workers: simulate_games(HeuristicBot, Rules(players=3), args.games,
                                               rng=1, progress=False, workers=workers),
            ),
            (
                f"win chance, {args.deals} deals",
                lambda workers: win_chance(HAND, GameType.CLUBS, samples=args.deals, rng=1,
                                           progress=False, workers=workers),
            ),
            (
                f"ISS replay, {args.copies * len([x for x in lines if x]):,} records",
                lambda workers: replay_files([str(archive)], Summary(),
                                             workers=workers).to_text(),
            ),
        ]  # fmt: skip
        print(f"{os.cpu_count()} cores; {args.workers} workers against this process alone")
        print(f"{'study':<30} {'load':>5} {'here':>8} {f'{args.workers} workers':>10} "
              f"{'speed-up':>9} {'CPU here':>9} {'CPU workers':>12}  same")  # fmt: skip
        for name, study in studies:
            load = os.getloadavg()[0]
            alone, alone_cpu, expected = timed(study, None)
            shared, shared_cpu, result = timed(study, args.workers)
            print(f"{name:<30} {load:5.1f} {alone:7.1f}s {shared:9.1f}s {alone / shared:8.2f}× "
                  f"{alone_cpu:8.1f}s {shared_cpu:11.1f}s  "
                  f"{'yes' if result == expected else 'NO'}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
