"""Duplicate matches between players: the same deals, a seat taken by one player, then another.

Run by hand (Ctrl-C stops early and reports the deals played so far):

    PYTHONPATH=. python benchmarks/match.py skat --deals 300 --workers 2
    PYTHONPATH=. python benchmarks/match.py skitgubbe ...      (benchmarks/match_skitgubbe.py)

``skat``: each deal is played four times: once by three heuristic players, then three times with
the sampling player in one seat (FH, MH, RH in turn) and the heuristic player in the other two.
The sampling player's seat is scored against the heuristic player's in the same seat of the
same deal (Seeger-Fabian: a won game scores its value + 50, a lost one −2 × value − 50 and +40 to
each defender; a passed-in deal 0), so the luck of the cards cancels and each (deal, seat) pair is
one paired difference. Reported: the mean score per deal for each with 95% intervals, the paired
difference with its 95% interval, the games each declared and made, and the sampling player's
time per decision (median and 90th percentile). ``--save FILE`` keeps each seat's scores (JSON);
``--compare FILE`` pairs this run's sampling player with a saved run's, seat by seat of the same
deals (for example the default budget against ``--budget 0``, no limit), with the 95% interval
of the difference. The deals run on ``--workers`` processes
through :mod:`cardlib.parallel`; the result does not depend on their number (the time per
decision does, on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass

from cardlib.estimates import mean
from cardlib.parallel import run_each
from cardlib.skat import HeuristicBot, SkatState, new_deal, new_game
from cardlib.skat.players.sampling import DEFAULT_BUDGET, SamplingBot


@dataclass(frozen=True)
class Settings:
    samples: int
    budget: float | None
    threshold: float
    seed: int


@dataclass(frozen=True)
class SeatResult:
    """One seat of one deal: the score of each player in it, and what each declared."""

    deal: int
    seat: int
    sampling: int
    heuristic: int
    sampling_declared: bool
    sampling_made: bool
    heuristic_declared: bool
    heuristic_made: bool
    times: tuple[float, ...]
    chosen: tuple[float, ...]


def seeger_fabian(state: SkatState, seat: int) -> int:
    """The Seeger-Fabian score of ``seat`` (a position) for one finished deal."""
    settlement = state.settlement
    if settlement is None or state.declarer is None:
        return 0
    if state.declarer == seat:
        return settlement.value + (50 if settlement.won else -50)
    return 0 if settlement.won else 40


def _play(deal_seed: int, seat: int | None, settings: Settings) -> tuple[SkatState, list[float],
                                                                         list[float]]:  # fmt: skip
    state: SkatState = new_game(new_deal(deal_seed))
    heuristic = HeuristicBot()
    bot = SamplingBot(settings.samples, rng=settings.seed * 7919 + deal_seed * 3 + (seat or 0),
                      budget=settings.budget, threshold=settings.threshold)  # fmt: skip
    times: list[float] = []
    chosen: list[float] = []
    while not state.is_over:
        player = state.current_player
        if player == seat:
            start = time.perf_counter()
            move = bot.choose(state)
            spent = time.perf_counter() - start
            times.append(spent)
            if len(state.legal_moves()) > 1:
                chosen.append(spent)
        else:
            move = heuristic.choose(state)
        state = state.play(move)
    return state, times, chosen


def play_deal(deal_seed: int, settings: Settings) -> tuple[SeatResult, ...]:
    """The trial: one deal, played by three heuristic players and with the sampling player in
    each seat in turn."""
    base, _, _ = _play(deal_seed, None, settings)
    out = []
    for seat in range(3):
        state, times, chosen = _play(deal_seed, seat, settings)
        out.append(SeatResult(
            deal_seed, seat, seeger_fabian(state, seat), seeger_fabian(base, seat),
            state.declarer == seat, bool(state.declarer == seat and state.result
                                         and state.result.made),
            base.declarer == seat, bool(base.declarer == seat and base.result
                                        and base.result.made),
            tuple(times), tuple(chosen),
        ))  # fmt: skip
    return tuple(out)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: list[SeatResult], interrupted: bool, settings: Settings) -> str:
    """The match's figures as text."""
    if not results:
        return "no deal was played"
    deals = len({r.deal for r in results})
    lines = [
        f"skat duplicate match: {deals} deals x 3 seats = {len(results)} paired seats"
        + (" (interrupted)" if interrupted else ""),
        f"sampling player: samples={settings.samples}, budget={settings.budget} s, "
        f"threshold={settings.threshold}; the other seats: heuristic player",
    ]
    sampling = mean("sampling player, score per deal", [r.sampling for r in results])
    heuristic = mean("heuristic player, score per deal", [r.heuristic for r in results])
    diff = mean("difference (paired)", [r.sampling - r.heuristic for r in results])
    lines += [f"  {sampling}", f"  {heuristic}", f"  {diff}"]
    for name, declared, made in (
        ("sampling", [r.sampling_declared for r in results], [r.sampling_made for r in results]),
        ("heuristic", [r.heuristic_declared for r in results],
         [r.heuristic_made for r in results]),
    ):  # fmt: skip
        count, won = sum(declared), sum(made)
        rate = f"{won / count:.1%}" if count else "-"
        lines.append(f"  {name:9} declared {count:4d} games, made {won:4d} ({rate})")
    times = [t for r in results for t in r.times]
    chosen = [t for r in results for t in r.chosen]
    lines.append(
        f"  time per decision: median {statistics.median(times):.3f} s, "
        f"p90 {_quantile(times, 0.9):.3f} s over {len(times)} decisions; with a choice "
        f"(more than one legal move): median {statistics.median(chosen):.3f} s, "
        f"p90 {_quantile(chosen, 0.9):.3f} s, max {max(chosen):.2f} s over {len(chosen)}"
    )
    return "\n".join(lines)


def run_skat(args: argparse.Namespace) -> None:
    settings = Settings(args.samples, None if args.budget <= 0 else args.budget, args.threshold,
                        args.seed)  # fmt: skip
    seeds = [args.seed * 100_000 + i for i in range(args.deals)]
    start = time.perf_counter()
    found, interrupted = run_each(
        play_deal, seeds, options=settings, workers=args.workers, description="deals",
        progress=True, chunk_size=1,
    )  # fmt: skip
    results = [seat for deal in found for seat in deal]
    print(report(results, interrupted, settings))
    print(f"  wall time {time.perf_counter() - start:.0f} s")
    scores = {f"{r.deal}/{r.seat}": r.sampling for r in results}
    if args.save:
        with open(args.save, "w") as out:
            json.dump({"settings": vars(settings), "sampling": scores}, out)
    if args.compare:
        print(compared(scores, args.compare))


def compared(scores: dict[str, int], path: str) -> str:
    """This run's sampling player against a saved run's, paired by the seats both played."""
    with open(path) as saved:
        other = json.load(saved)
    shared = sorted(set(scores) & set(other["sampling"]))
    if not shared:
        return f"  no seat in common with {path}"
    before = mean(f"saved run ({path}), score per deal", [other["sampling"][k] for k in shared])
    diff = mean("this run minus the saved run (paired)",
                [scores[k] - other["sampling"][k] for k in shared])  # fmt: skip
    same = sum(scores[k] == other["sampling"][k] for k in shared)
    return (f"against {path}: {other['settings']}\n  {before}\n  {diff}\n"
            f"  the same score in {same} of {len(shared)} seats")  # fmt: skip


def _skitgubbe() -> object:
    try:
        from benchmarks import match_skitgubbe
    except ImportError:
        import match_skitgubbe  # type: ignore[import-not-found, no-redef]
    return match_skitgubbe


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="game", required=True)
    skat = commands.add_parser("skat", help="the sampling player against the heuristic player")
    skat.add_argument("--deals", type=int, default=300, help="deals (each played four times)")
    skat.add_argument("--workers", type=int, default=None, help="processes (default: this one)")
    skat.add_argument("--samples", type=int, default=20, help="sampled deals per decision")
    skat.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                      help="seconds per decision (0: no limit)")  # fmt: skip
    skat.add_argument("--threshold", type=float, default=0.6, help="win chance to bid a game")
    skat.add_argument("--seed", type=int, default=1, help="which deals")
    skat.add_argument("--save", help="keep each seat's scores in this JSON file")
    skat.add_argument("--compare", help="pair the sampling player with a --save file's")
    skat.set_defaults(run=run_skat)
    skitgubbe = commands.add_parser("skitgubbe", help="see benchmarks/match_skitgubbe.py")
    given = sys.argv[1:] if argv is None else argv
    if given[:1] == ["skitgubbe"]:  # imported only when asked for: the Skat match runs without it
        try:
            module = _skitgubbe()
        except ImportError as error:
            raise SystemExit(
                f"no Skitgubbe match: benchmarks/match_skitgubbe.py ({error})"
            ) from None
        module.add_arguments(skitgubbe)  # type: ignore[attr-defined]
        skitgubbe.set_defaults(run=module.run)  # type: ignore[attr-defined]
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
