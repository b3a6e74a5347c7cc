"""Duplicate matches between players: the same deals, a seat taken by one player, then another.

Run by hand (Ctrl-C stops early and reports the deals played so far):

    PYTHONPATH=. python benchmarks/match.py skat --deals 300 --workers 2
    PYTHONPATH=. python benchmarks/match.py skat --player inference --deals 600 --workers 2
    PYTHONPATH=. python benchmarks/match.py skitgubbe ...      (benchmarks/match_skitgubbe.py)

``skat``: in each deal, each seat (FH, MH, RH in turn) is taken by the player (``--player``:
the sampling player, or the inference player), the other two seats by ``--others`` (the
heuristic player, or the sampling player); then the same seat by the baseline (the heuristic
player against the sampling player, the sampling player against the inference player), the
others as before. The player's seat is scored against the baseline's in the same seat of the
same deal (Seeger-Fabian: a won game scores its value + 50, a lost one −2 × value − 50 and +40 to
each defender; a passed-in deal 0), so the luck of the cards cancels and each (deal, seat) pair is
one paired difference. The three seats of a deal are not independent, so the difference's 95%
interval is computed over the deals (the mean of a deal's three seats each). The sampling
players have the same settings (``--samples``, ``--budget``, ``--threshold``) on every side.
Reported: the mean score per seat for each with 95% intervals, the paired difference by seat
and by deal, the games each declared and made, and the player's time per decision (median and
90th percentile). ``--save FILE`` keeps each seat's scores (JSON); ``--compare FILE`` pairs
this run's player with a saved run's, seat by seat of the same deals (for example the default
budget against ``--budget 0``, no limit), with the 95% interval of the difference. The deals
run on ``--workers`` processes through :mod:`cardlib.parallel`; the result does not depend on
their number (the time per decision does, on a busy machine).
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
from cardlib.skat.players.inference import InferenceBot
from cardlib.skat.players.sampling import DEFAULT_BUDGET, SamplingBot

BASELINE = {"sampling": "heuristic", "inference": "sampling"}
"""Whom each player is measured against."""


@dataclass(frozen=True)
class Settings:
    samples: int
    budget: float | None
    threshold: float
    seed: int
    player: str = "sampling"
    others: str = "heuristic"


@dataclass(frozen=True)
class SeatResult:
    """One seat of one deal: the score of the player and of the baseline in it, and what each
    declared."""

    deal: int
    seat: int
    player: int
    baseline: int
    player_declared: bool
    player_made: bool
    baseline_declared: bool
    baseline_made: bool
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


def _bot(kind: str, settings: Settings, seed: int) -> object:
    if kind == "heuristic":
        return HeuristicBot()
    made = InferenceBot if kind == "inference" else SamplingBot
    return made(settings.samples, rng=seed, budget=settings.budget,
                threshold=settings.threshold)  # fmt: skip


def _play(deal_seed: int, seat: int | None, kind: str, settings: Settings
          ) -> tuple[SkatState, list[float], list[float]]:  # fmt: skip
    """The deal with ``kind`` in ``seat`` and ``settings.others`` in the other seats (every
    seat, when ``seat`` is ``None``); a seat's sampling player is seeded by the deal and the
    seat only, so the players of the other seats play alike in both games of a pair until
    what they see differs."""
    state: SkatState = new_game(new_deal(deal_seed))
    players = [
        _bot(kind if position == seat else settings.others, settings,
             settings.seed * 7919 + deal_seed * 3 + position)
        for position in range(3)
    ]  # fmt: skip
    times: list[float] = []
    chosen: list[float] = []
    while not state.is_over:
        player = state.current_player
        bot = players[int(player)]  # type: ignore[arg-type]
        if player == seat:
            start = time.perf_counter()
            move = bot.choose(state)  # type: ignore[attr-defined]
            spent = time.perf_counter() - start
            times.append(spent)
            if len(state.legal_moves()) > 1:
                chosen.append(spent)
        else:
            move = bot.choose(state)  # type: ignore[attr-defined]
        state = state.play(move)
    return state, times, chosen


def _made(state: SkatState, seat: int) -> bool:
    return bool(state.declarer == seat and state.result and state.result.made)


def play_deal(deal_seed: int, settings: Settings) -> tuple[SeatResult, ...]:
    """The trial: one deal, with the player and then the baseline in each seat in turn."""
    baseline = BASELINE[settings.player]
    shared = None
    if baseline == settings.others:  # the baseline's games are one game: every seat alike
        shared, _, _ = _play(deal_seed, None, baseline, settings)
    out = []
    for seat in range(3):
        state, times, chosen = _play(deal_seed, seat, settings.player, settings)
        base = shared if shared is not None else _play(deal_seed, seat, baseline, settings)[0]
        out.append(SeatResult(
            deal_seed, seat, seeger_fabian(state, seat), seeger_fabian(base, seat),
            state.declarer == seat, _made(state, seat), base.declarer == seat, _made(base, seat),
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
    deals = sorted({r.deal for r in results})
    player, baseline = settings.player, BASELINE[settings.player]
    lines = [
        f"skat duplicate match: {len(deals)} deals x 3 seats = {len(results)} paired seats"
        + (" (interrupted)" if interrupted else ""),
        f"{player} player against the {baseline} player: samples={settings.samples}, "
        f"budget={settings.budget} s, threshold={settings.threshold}; the other seats: "
        f"{settings.others} player",
    ]
    mine = mean(f"{player} player, score per seat", [r.player for r in results])
    theirs = mean(f"{baseline} player, score per seat", [r.baseline for r in results])
    diff = mean("difference (paired by seat)", [r.player - r.baseline for r in results])
    by_deal = {deal: [r.player - r.baseline for r in results if r.deal == deal]
               for deal in deals}  # fmt: skip
    per_deal = mean("difference per seat, interval by deal (mean of its seats)",
                    [sum(d) / len(d) for d in by_deal.values()])  # fmt: skip
    lines += [f"  {mine}", f"  {theirs}", f"  {diff}", f"  {per_deal}"]
    for name, declared, made in (
        (player, [r.player_declared for r in results], [r.player_made for r in results]),
        (baseline, [r.baseline_declared for r in results], [r.baseline_made for r in results]),
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
                        args.seed, args.player, args.others)  # fmt: skip
    seeds = [args.seed * 100_000 + i for i in range(args.deals)]
    start = time.perf_counter()
    found, interrupted = run_each(
        play_deal, seeds, options=settings, workers=args.workers, description="deals",
        progress=True, chunk_size=1,
    )  # fmt: skip
    results = [seat for deal in found for seat in deal]
    print(report(results, interrupted, settings))
    print(f"  wall time {time.perf_counter() - start:.0f} s")
    scores = {f"{r.deal}/{r.seat}": r.player for r in results}
    if args.save:
        with open(args.save, "w") as out:
            json.dump({"settings": vars(settings), "player": scores}, out)
    if args.compare:
        print(compared(scores, args.compare))


def compared(scores: dict[str, int], path: str) -> str:
    """This run's player against a saved run's, paired by the seats both played."""
    with open(path) as saved:
        other = json.load(saved)
    theirs = other.get("player", other.get("sampling", {}))
    shared = sorted(set(scores) & set(theirs))
    if not shared:
        return f"  no seat in common with {path}"
    before = mean(f"saved run ({path}), score per seat", [theirs[k] for k in shared])
    diff = mean("this run minus the saved run (paired)",
                [scores[k] - theirs[k] for k in shared])  # fmt: skip
    same = sum(scores[k] == theirs[k] for k in shared)
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
    skat = commands.add_parser("skat", help="a player against its baseline, seat by seat")
    skat.add_argument("--deals", type=int, default=300, help="deals (each played 4 to 6 times)")
    skat.add_argument("--workers", type=int, default=None, help="processes (default: this one)")
    skat.add_argument("--samples", type=int, default=20, help="sampled deals per decision")
    skat.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                      help="seconds per decision (0: no limit)")  # fmt: skip
    skat.add_argument("--threshold", type=float, default=0.6, help="win chance to bid a game")
    skat.add_argument("--seed", type=int, default=1, help="which deals")
    skat.add_argument("--player", choices=sorted(BASELINE), default="sampling",
                      help="sampling (against the heuristic player) or inference (against "
                      "the sampling player)")  # fmt: skip
    skat.add_argument("--others", choices=("heuristic", "sampling"), default="heuristic",
                      help="who plays the other two seats")  # fmt: skip
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
