"""How fast are ISS records read and replayed? Run by hand: ``python benchmarks/iss_replay.py``.

Reads the sample records many times over (reading only, then reading and replaying through the
engine with settlement and result fields) and prints the rates side by side with their ratio, and
the time a file of a million records would take at that rate.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cardlib import data
from cardlib.skat.iss import read, replay

LINES = [line for line in data.path("iss/sample-records.sgf").read_text().splitlines() if line]


def rate(work: Callable[[str], object], rounds: int = 60) -> float:
    """Records per second, best of three runs of ``rounds`` passes over the samples."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(rounds):
            for line in LINES:
                work(line)
        best = min(best, time.perf_counter() - start)
    return rounds * len(LINES) / best


def main() -> None:
    reading = rate(read)
    replaying = rate(lambda line: replay(read(line)).agrees)
    print(f"read only:        {reading:9,.0f} records/s")
    print(f"read and replay:  {replaying:9,.0f} records/s  ({replaying / reading:.2f}× reading)")
    print(f"a million records replayed: about {1_000_000 / replaying / 60:.0f} minutes")


if __name__ == "__main__":
    main()
