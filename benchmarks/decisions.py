"""Decision times of the Skat sampling player, per phase, at the default budget.

Run by hand from the repository root:

    PYTHONPATH=. python benchmarks/decisions.py [--deals N] [--seed S] [--budget SECONDS]
                                                [--workers N]

Every seat of N seeded deals is played by one :class:`~cardlib.skat.players.SamplingBot` each;
every decision is timed on the wall clock (``explain`` as ``choose`` does it) and filed under
its phase: bid, skat, discard, declare, and the play by the tricks left (10 … 2; a single legal
card is no decision and is not counted). For each the table prints p50, p95 and max seconds,
the decisions over budget × 1.2 + 50 ms, the deals solved per decision (median, min) and the
decisions that fell back to the simple player's because too few deals were solved in time, and
the CPU seconds of this process per decision (median; with ``--workers`` theirs are not counted)
with the deals the decisions rest on per CPU second: on a shared machine the wall clock counts
other work too, the CPU time only this player's. The first line of the output records the
command.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from collections import defaultdict

from cardlib.skat import new_deal, new_game
from cardlib.skat.players.sampling import DEFAULT_BUDGET, SamplingBot


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def phase_of(state: object, kind: str) -> str:
    if kind in ("play", "rule") and getattr(state, "hands", None) is not None:
        tricks = len(state.hands[state.current_player])  # type: ignore[attr-defined]
        return f"play, {tricks} left"
    return kind


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--workers", type=int, default=None, help="worker processes per player")
    args = parser.parse_args(argv)
    command = shlex.join(sys.argv[1:] if argv is None else argv)
    print(f"$ PYTHONPATH=. python benchmarks/decisions.py {command}".rstrip())
    times: dict[str, list[float]] = defaultdict(list)
    solved: dict[str, list[int]] = defaultdict(list)
    fallbacks: dict[str, int] = defaultdict(int)
    cpu: dict[str, list[float]] = defaultdict(list)
    for deal in range(args.deals):
        state = new_game(new_deal(args.seed * 1000 + deal))
        bots = [SamplingBot(rng=args.seed * 10 + seat + 3 * deal, budget=args.budget,
                            workers=args.workers) for seat in range(3)]  # fmt: skip
        while not state.is_over:
            seat = int(state.current_player)
            if len(state.legal_moves()) == 1:
                state = state.play(state.legal_moves()[0])
                continue
            start, began = time.perf_counter(), time.process_time()
            explanation = bots[seat].explain(state)
            seconds = time.perf_counter() - start
            used = time.process_time() - began
            phase = str(state.phase)
            kind = phase_of(state, explanation.kind) if phase.endswith("play") else phase
            times[kind].append(seconds)
            cpu[kind].append(used)
            solved[kind].append(explanation.deals)
            fallbacks[kind] += "too few to go by" in str(explanation)
            state = state.play(explanation.move)
        for bot in bots:
            bot.close()
    bound = args.budget * 1.2 + 0.05
    print(f"{args.deals} deals, budget {args.budget} s; bound budget x 1.2 + 50 ms = {bound:.3f} s")
    print(f"{'phase':<16}{'n':>5}{'p50 s':>8}{'p95 s':>8}{'max s':>8}{'over':>6}"
          f"{'deals p50':>11}{'min':>5}{'fallback':>10}{'cpu p50':>9}"
          f"{'deals/cpu s':>13}")  # fmt: skip
    order = sorted(times, key=lambda k: (k.startswith("play"), -int(k.split()[1])
                                         if k.startswith("play") else 0, k))  # fmt: skip
    for kind in order:
        values = times[kind]
        over = sum(v > bound for v in values)
        print(f"{kind:<16}{len(values):>5}{percentile(values, 0.5):>8.3f}"
              f"{percentile(values, 0.95):>8.3f}{max(values):>8.3f}{over:>6}"
              f"{statistics.median(solved[kind]):>11.0f}{min(solved[kind]):>5}"
              f"{fallbacks[kind]:>10}{statistics.median(cpu[kind]):>9.3f}"
              f"{sum(solved[kind]) / max(sum(cpu[kind]), 1e-9):>13.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
