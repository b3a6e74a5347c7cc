"""How long ``import cardlib`` takes in a fresh interpreter, against the 0.3 s target.

Run by hand: ``python benchmarks/import_time.py``. Prints the best and median of several fresh
interpreters, beside the bare interpreter start-up measured the same way.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.3


def fresh(code: str) -> float:
    """Seconds for a fresh interpreter to run ``code``."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
    return time.perf_counter() - start


def main(runs: int = 7) -> None:
    bare = [fresh("pass") for _ in range(runs)]
    full = [
        fresh("import cardlib, cardlib.display, cardlib.skat.engine.facts") for _ in range(runs)
    ]
    cost = [f - b for f, b in zip(sorted(full), sorted(bare), strict=True)]
    print(f"interpreter alone   best {min(bare):.3f} s  median {statistics.median(bare):.3f} s")
    print(f"with import cardlib best {min(full):.3f} s  median {statistics.median(full):.3f} s")
    print(
        f"import cardlib      best {min(cost):.3f} s"
        f"  (target {TARGET} s: {min(cost) / TARGET:.2f}×)"
    )


if __name__ == "__main__":
    main()
