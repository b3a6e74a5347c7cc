"""How long a sampling player's decision takes on the wall clock, against its time budget.

Run by hand from the repository root:

    PYTHONPATH=. python benchmarks/budgets.py [--repeat N]

The tests of the budgets (``tests/skitgubbe/test_sampling.py``,
``tests/skat/players/test_sampling.py``) count time on a ticking clock, so that they pass or
fail alike on an idle and on a loaded machine; this prints what the wall clock says about the
same decisions: each one's budget, the seconds it took (median and worst of N), their ratio,
and the worlds (deals) it used. The first line of the output records the command and the load.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import sys
import time
from collections.abc import Callable

from cardlib.skat import HeuristicBot as SkatHeuristic
from cardlib.skat import SamplingBot as SkatSampling
from cardlib.skat import new_deal
from cardlib.skat import new_game as new_skat
from cardlib.skitgubbe import Rules
from cardlib.skitgubbe import SamplingBot as SkitgubbeSampling
from cardlib.skitgubbe import new_game as new_skitgubbe


def skat_first_trick() -> object:
    """The position of the Skat test: deal 1 played by heuristic players until trick 2."""
    bot, state = SkatHeuristic(1), new_skat(new_deal(1))
    while not (state.phase == "play" and len(state.tricks) == 1 and not state.trick):
        state = state.play(bot.choose(state))
    return state


def decisions() -> list[tuple[str, float, Callable[[], int]]]:
    """(what, budget, a decision returning the worlds it used) for each test's decision."""
    skitgubbe = new_skitgubbe(Rules(players=3), rng=9)
    skat = skat_first_trick()

    def skitgubbe_decision() -> int:
        return SkitgubbeSampling(samples=100_000, rng=1, budget=0.3).explain(skitgubbe).worlds

    def skat_decision() -> int:
        explanation = SkatSampling(samples=200, rng=1, budget=0.05).explain(skat)  # type: ignore[arg-type]
        return int(explanation.deals)

    return [
        ("Skitgubbe, 3 players, first move", 0.3, skitgubbe_decision),
        ("Skat, play, trick 2", 0.05, skat_decision),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    command = shlex.join(sys.argv[1:] if argv is None else argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"$ PYTHONPATH=. python benchmarks/budgets.py {command}".rstrip()
          + f"   (load average {load:.2f})")  # fmt: skip
    print(f"{'decision':<36} {'budget':>7} {'median':>8} {'worst':>8} {'worst/budget':>13} worlds")
    for what, budget, decide in decisions():
        decide()  # warm up: imports and tables
        seconds, worlds = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            worlds.append(decide())
            seconds.append(time.perf_counter() - start)
        worst = max(seconds)
        print(f"{what:<36} {budget:>6.2f}s {statistics.median(seconds):>7.3f}s {worst:>7.3f}s "
              f"{worst / budget:>12.2f}× {min(worlds)}-{max(worlds)}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
