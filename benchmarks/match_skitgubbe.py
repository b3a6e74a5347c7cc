"""Skitgubbe: the sampling bot against heuristic bots, in duplicate games.

Each game deals one pack twice. Once the sampling bot sits in one seat (game ``i`` puts it in
seat ``i mod players``, so the seats take turns) against heuristic bots; once a heuristic bot sits
there instead, with the same deal and the same heuristic opponents. The same seat losing or not
in the two games is one paired outcome: the difference of the loser rates is measured on equal
cards.

Reported: the loser rate of that seat with the sampling bot and with the heuristic bot, per seat
and overall (95% Wilson intervals); the paired difference (heuristic minus sampling, 95% Student t
interval over the games); and the sampling bot's CPU time per decision (median, 90th percentile),
over every decision and over the decisions with more than one legal move.

Run by hand, alone or through the match runner::

    PYTHONPATH=. python benchmarks/match_skitgubbe.py --games 300 --players 3 --workers 2
    PYTHONPATH=. python benchmarks/match.py skitgubbe --games 300

Ctrl-C stops early and reports the games finished so far.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from cardlib.cards import Seat
from cardlib.estimates import Estimate, mean, proportion
from cardlib.parallel import run_each, seeds
from cardlib.skitgubbe import HeuristicBot, Rules, State, new_game
from cardlib.skitgubbe.sampling import SAMPLES, SamplingBot

DEFAULT_GAMES = 300


@dataclass(frozen=True, slots=True)
class Options:
    """What every game of one match shares."""

    players: int
    samples: int
    budget: float | None


@dataclass(frozen=True, slots=True)
class Duplicate:
    """One deal played twice: the seat that changed bot, whether it lost each time, and the
    sampling bot's CPU seconds per decision (and the legal moves it had at each)."""

    seat: int
    sampling_lost: bool
    heuristic_lost: bool
    times: tuple[float, ...]
    choices: tuple[int, ...]


def _heuristic_seats(seed: int, players: int) -> list[HeuristicBot]:
    return [HeuristicBot(random.Random(f"{seed}:{seat}")) for seat in range(players)]


def _play(state: State, bots: list[HeuristicBot | SamplingBot], timed: int | None) -> tuple[
    State, list[float], list[int]
]:  # fmt: skip
    times: list[float] = []
    choices: list[int] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if seat == timed:
            choices.append(len(state.legal_moves()))
            start = time.process_time()
            move = bots[seat].choose(state)
            times.append(time.process_time() - start)
        else:
            move = bots[seat].choose(state)
        state = state.play(move)
    return state, times, choices


def duplicate(item: tuple[int, int], options: Options) -> Duplicate:
    """Game ``index`` from ``seed``: the sampling bot in seat ``index mod players``, then a
    heuristic bot there, on the same deal."""
    index, seed = item
    rules = Rules(players=options.players)
    seat = index % options.players
    start = new_game(rules, rng=seed)
    mixed: list[HeuristicBot | SamplingBot] = list(_heuristic_seats(seed, options.players))
    mixed[seat] = SamplingBot(options.samples, rng=random.Random(f"{seed}:sampling"),
                              budget=options.budget)  # fmt: skip
    sampled, times, choices = _play(start, mixed, seat)
    plain, _, _ = _play(start, list(_heuristic_seats(seed, options.players)), None)
    return Duplicate(seat, sampled.loser == seat, plain.loser == seat, tuple(times),
                     tuple(choices))  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the Skitgubbe match."""
    add = parser.add_argument
    add("--games", type=int, default=DEFAULT_GAMES, help="duplicate games (default 300)")
    add("--players", type=int, default=3, choices=(2, 3, 4), help="table size (default 3)")
    add("--samples", type=int, default=SAMPLES, help=f"worlds per decision (default {SAMPLES})")
    add("--budget", type=float, default=None, help="seconds per decision (default: none)")
    add("--seed", type=int, default=1, help="master seed (default 1)")
    add("--workers", type=int, default=None, help="local processes (default: this one)")


def _rate(label: str, lost: list[bool]) -> Estimate:
    return proportion(label, sum(lost), len(lost))


def _interval(estimate: Estimate) -> str:
    return f"{float(estimate.value):.3f} ({estimate.low:.3f} to {estimate.high:.3f})"


def _times(label: str, times: list[float]) -> str:
    if len(times) < 2:
        return f"{label}: {len(times)} decisions"
    p90 = statistics.quantiles(times, n=10)[-1]
    return (
        f"{label}: median {statistics.median(times):.3f} s, p90 {p90:.3f} s, "
        f"max {max(times):.3f} s over {len(times)} decisions"
    )


def report(results: list[Duplicate], options: Options, interrupted: bool) -> str:
    """The match in text: loser rates per seat and overall, the paired difference, the times."""
    budget = "no time budget" if options.budget is None else f"budget {options.budget:g} s"
    lines = [
        f"Skitgubbe, {options.players} players: the sampling bot ({options.samples} samples, "
        f"{budget}) in one seat against heuristic bots, {len(results)} duplicate games"
        + (" (INTERRUPTED)" if interrupted else "")
    ]
    if not results:
        return lines[0]
    lines.append(f"{'seat':<6}{'games':>6}   {'sampling bot loses':<26}{'heuristic bot loses':<26}")
    for seat in [*range(options.players), None]:
        games = [r for r in results if seat is None or r.seat == seat]
        if not games:
            continue
        name = "all" if seat is None else Seat(seat).name
        sampling = _rate("sampling", [r.sampling_lost for r in games])
        heuristic = _rate("heuristic", [r.heuristic_lost for r in games])
        lines.append(
            f"{name:<6}{len(games):>6}   {_interval(sampling):<26}{_interval(heuristic):<26}"
        )
    paired = [int(r.heuristic_lost) - int(r.sampling_lost) for r in results]
    lines.append(f"paired difference, heuristic minus sampling: {mean('per game', paired)}")
    only_heuristic = sum(1 for d in paired if d > 0)
    only_sampling = sum(1 for d in paired if d < 0)
    lines.append(
        f"  the seat lost only with the heuristic bot in {only_heuristic} games, only with the "
        f"sampling bot in {only_sampling}"
    )
    every = [t for r in results for t in r.times]
    chosen = [t for r in results for t, n in zip(r.times, r.choices, strict=True) if n > 1]
    lines.append(_times("CPU time per decision", every))
    lines.append(_times("  with more than one legal move", chosen))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> None:
    """Play the match the arguments describe and print the report."""
    options = Options(args.players, args.samples, args.budget)
    items = list(enumerate(seeds(args.games, args.seed)))
    results, interrupted = run_each(duplicate, items, options=options, workers=args.workers,
                                    description="duplicate games", progress=True)  # fmt: skip
    print(report(results, options, interrupted))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    run(parser.parse_args())
