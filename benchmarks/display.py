"""How fast are card pictures? Run by hand: ``python benchmarks/display.py``.

Target: showing a ten-card hand in a notebook (SVG + PNG + text) costs a few milliseconds once
matplotlib is loaded, so a notebook full of hands still runs in seconds. Printed side by side: the
SVG alone, the whole Jupyter bundle with every card tile already drawn, the bundle of a hand whose
tiles are new, and a table of a whole Skat deal, as ratios to the SVG.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cardlib import FULL_DECK, SKAT_DECK, Hand
from cardlib.display import _tile, cards_svg, mimebundle, table_svg


def best_of(function: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def fresh_bundle(hand: Hand) -> Callable[[], object]:
    def run() -> object:
        _tile.cache_clear()
        return mimebundle(hand, repr(hand))

    return run


def main() -> None:
    hand = Hand(SKAT_DECK[:10])
    start = time.perf_counter()
    mimebundle(hand, repr(hand))
    print(f"first bundle (imports matplotlib, draws 10 tiles): {time.perf_counter() - start:.2f} s")
    rows = [("FH", SKAT_DECK[:10]), ("MH", SKAT_DECK[10:20]), ("RH", SKAT_DECK[20:30])]
    rows.append(("Skat", [None, None]))
    timings = {
        "SVG of 10 cards": best_of(lambda: cards_svg(hand), 50),
        "bundle, tiles drawn": best_of(lambda: mimebundle(hand, repr(hand)), 20),
        "bundle, new tiles": best_of(fresh_bundle(hand), 3),
        "table of a Skat deal": best_of(lambda: table_svg(rows, notes=["FH leads"]), 50),
        "SVG of 52 cards": best_of(lambda: cards_svg(FULL_DECK), 20),
    }
    base = timings["SVG of 10 cards"]
    for name, seconds in timings.items():
        print(f"{name:24} {seconds * 1000:8.2f} ms  {seconds / base:7.1f}×")


if __name__ == "__main__":
    main()
