"""Calibration of the weighted deals: do they put the unseen cards where they really are?

Run by hand from the repository root (Ctrl-C stops early and reports the deals done so far):

    PYTHONPATH=. python benchmarks/calibration.py --workers 2 --plot docs/calibration.png
    PYTHONPATH=. python benchmarks/calibration.py --deals 300 --players sampling --budget 0

Each deal (``new_deal(seed)``, seeds ``--seed`` x 100,000 + 0, 1, ...) is played out by three
players of one kind (``--players``: ``heuristic``, :class:`~cardlib.skat.HeuristicBot` at every
seat, the players :mod:`cardlib.skat.players.evidence` models; or ``sampling``,
:class:`~cardlib.skat.SamplingBot` at every seat, to see how the model fits players it was not
built from). A deal passed in is skipped. At four points of each game the seats' views
(``state.view(seat)``, never the full state) are handed to
:func:`~cardlib.skat.players.weighted_deals.weighted_deals` with ``--candidates`` uniform
candidates:

- ``bidding``: the bidding just over, before the skat is taken up, for each of the two players
  who will defend (what the bidding said of the declarer and of the other defender);
- ``declared``: the game declared, before the first card, every seat;
- ``trick 1``, ``trick 3``: after the first and the third trick, every seat.

For every card the seat has not seen, the probability that it lies with each place it may be
(each other player, the skat while the seat has not seen it) is the sum of the candidates'
weights that put it there: once with the weights (``weighted``), once with equal weights on the
same candidates (``uniform``), so the two are paired on the same deals. The card's real place is
read from the full state (a player's hand now, else the skat: the two cards laid away, or the
skat of a Hand game). Reported per point and seat's role, and for all:

- the **Brier score** of a card, the sum over its places of (predicted - observed)^2 (0 to 2;
  lower is better), averaged over the predictions; the deals are the independent units (the
  cards of one deal are not), so each 95% interval is the ratio of per-deal sums with its
  standard error over deals (Student t, deals - 1 degrees of freedom), and the difference
  weighted - uniform is paired deal by deal;
- the **log-loss**, -ln of the probability given to the real place, each prediction first
  mixed with 1% of an even spread over its places (a few candidates may give the real place no
  weight at all); and how often the real place got no weight;
- the **effective number** of candidates, ``(sum w)^2 / sum w^2`` (median, 10th percentile),
  and how often the evidence was set aside for uniform deals (``fallback``);
- a **reliability table**: every (card, place) prediction, by predicted probability in tenths,
  with the mean predicted, the observed frequency and the count, weighted and uniform;
  ``--plot FILE`` draws it as a PNG (matplotlib, no date in the file).

The first line of the output records the command. With ``--players heuristic`` nothing printed
depends on the clock but the wall time; the sampling players' choices may depend on the
machine's load (their ``--budget`` is seconds per decision; 0: none).
"""

from __future__ import annotations

import argparse
import math
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardlib.cards import Card
from cardlib.estimates import t_quantile
from cardlib.parallel import run_each
from cardlib.skat import HeuristicBot, Phase, SkatState, new_deal, new_game
from cardlib.skat.engine.views import SkatView
from cardlib.skat.players.sampling import DEFAULT_BUDGET, SamplingBot
from cardlib.skat.players.sampling_deals import SKAT, SampledDeal, unseen_of
from cardlib.skat.players.weighted_deals import weighted_deals

POINTS = ("bidding", "declared", "trick 1", "trick 3")
"""The decision points, in the order of a game."""
ROWS = (("bidding", "defender"), ("declared", "defender"), ("declared", "declarer"),
        ("trick 1", "defender"), ("trick 1", "declarer"), ("trick 3", "defender"),
        ("trick 3", "declarer"))  # fmt: skip
BINS = 10
"""Reliability bins: predicted probabilities in tenths (1.0 in the last)."""
MIX = 0.01
"""The share of an even spread mixed into each prediction for the log-loss."""
PLACE_NAMES = {0: "FH", 1: "MH", 2: "RH", SKAT: "skat"}


@dataclass(frozen=True)
class Settings:
    candidates: int
    players: str
    samples: int
    budget: float | None
    seed: int


# -- scoring: pure functions of the predictions and the truth -----------------------------------


def place_probabilities(pool: Sequence[SampledDeal], weights: Sequence[float], card: Card,
                        places: Sequence[int]) -> list[float]:  # fmt: skip
    """The probability that ``card`` lies in each of ``places`` (seats 0-2, :data:`SKAT`): the
    sum of the weights of the deals of ``pool`` that put it there."""
    out = [0.0] * len(places)
    for (hands, skat), weight in zip(pool, weights, strict=True):
        for i, place in enumerate(places):
            held = skat if place == SKAT else hands[place]
            if card in held:
                out[i] += weight
                break
    return out


def brier(predicted: Sequence[float], truth: int) -> float:
    """The Brier score of one card: the sum over its places of (predicted - observed)^2, the
    observed being 1 at the real place (index ``truth``) and 0 elsewhere.

    >>> brier([0.5, 0.5], 0), brier([1.0, 0.0, 0.0], 0), brier([0.0, 1.0], 0)
    (0.5, 0.0, 2.0)
    """
    return sum((p - (1.0 if i == truth else 0.0)) ** 2 for i, p in enumerate(predicted))


def log_loss(predicted: Sequence[float], truth: int) -> float:
    """-ln of the probability given to the real place, after mixing in :data:`MIX` of an even
    spread (so a place given no weight costs ln(100 x places), not infinity).

    >>> round(log_loss([0.5, 0.5], 0), 4), round(log_loss([0.0, 1.0], 0), 2)
    (0.6931, 5.3)
    """
    p = (1 - MIX) * predicted[truth] + MIX / len(predicted)
    return -math.log(p)


def bin_of(p: float) -> int:
    """The reliability bin of a predicted probability (tenths; 1.0 in the last).

    >>> bin_of(0.0), bin_of(0.099), bin_of(0.1), bin_of(1.0)
    (0, 0, 1, 9)
    """
    return min(BINS - 1, int(p * BINS))


def true_place(state: SkatState, card: Card) -> int:
    """Where ``card`` (not yet played) really is: the seat holding it, else :data:`SKAT`."""
    for seat, hand in enumerate(state.hands):
        if card in hand:
            return seat
    return SKAT


@dataclass
class Scores:
    """Sums over the predictions of one decision point (or many): the number of cards, their
    Brier scores and log-losses, weighted and uniform, and the reliability bins."""

    cards: int = 0
    brier_w: float = 0.0
    brier_u: float = 0.0
    log_w: float = 0.0
    log_u: float = 0.0
    zero_w: int = 0
    zero_u: int = 0
    # per bin: [count, sum predicted, sum observed], weighted then uniform
    bins_w: list[list[float]] = field(default_factory=lambda: [[0, 0.0, 0.0] for _ in range(BINS)])
    bins_u: list[list[float]] = field(default_factory=lambda: [[0, 0.0, 0.0] for _ in range(BINS)])

    def add(self, weighted: Sequence[float], uniform: Sequence[float], truth: int) -> None:
        """One card's predictions (over its places) and its real place (an index)."""
        self.cards += 1
        self.brier_w += brier(weighted, truth)
        self.brier_u += brier(uniform, truth)
        self.log_w += log_loss(weighted, truth)
        self.log_u += log_loss(uniform, truth)
        self.zero_w += weighted[truth] == 0
        self.zero_u += uniform[truth] == 0
        for predicted, bins in ((weighted, self.bins_w), (uniform, self.bins_u)):
            for i, p in enumerate(predicted):
                row = bins[bin_of(p)]
                row[0] += 1
                row[1] += p
                row[2] += i == truth

    def merge(self, other: Scores) -> None:
        """Add another's sums to these."""
        self.cards += other.cards
        self.brier_w += other.brier_w
        self.brier_u += other.brier_u
        self.log_w += other.log_w
        self.log_u += other.log_u
        self.zero_w += other.zero_w
        self.zero_u += other.zero_u
        for mine, theirs in ((self.bins_w, other.bins_w), (self.bins_u, other.bins_u)):
            for row, add in zip(mine, theirs, strict=True):
                for k in range(3):
                    row[k] += add[k]


def score_view(view: SkatView, state: SkatState, candidates: int, rng: int) -> Point:
    """The weighted and the uniform predictions of ``view``'s seat, scored against ``state``."""
    unseen = unseen_of(view)
    places = unseen.holder_seats
    drawn = weighted_deals(view, max(1, candidates // 4), rng=rng, candidates=candidates)
    even = [1 / len(drawn.pool)] * len(drawn.pool)
    scores = Scores()
    for card in unseen.cards:
        truth = places.index(true_place(state, card))
        weighted = place_probabilities(drawn.pool, drawn.weights, card, places)
        uniform = place_probabilities(drawn.pool, even, card, places)
        scores.add(weighted, uniform, truth)
    role = "declarer" if view.declarer == view.seat else "defender"
    return Point(int(view.seat), role, "", drawn.effective, len(drawn.pool), drawn.uniform,
                 drawn.evidence.empty, scores)  # fmt: skip


@dataclass
class Point:
    """One seat at one decision point of one deal."""

    seat: int
    role: str
    point: str
    effective: float
    candidates: int
    fallback: bool
    empty: bool
    scores: Scores


@dataclass(frozen=True)
class DealResult:
    deal: int
    declared: bool
    points: tuple[Point, ...]


# -- the trial ----------------------------------------------------------------------------------


def _players(deal_seed: int, settings: Settings) -> list[HeuristicBot | SamplingBot]:
    if settings.players == "heuristic":
        return [HeuristicBot()] * 3
    return [SamplingBot(settings.samples, rng=settings.seed * 7919 + deal_seed * 3 + seat,
                        budget=settings.budget) for seat in range(3)]  # fmt: skip


def decision_states(states: Sequence[SkatState]) -> dict[str, SkatState]:
    """The state at each decision point the game reached (see the module)."""
    found: dict[str, SkatState] = {}
    for state in states:
        if state.phase == Phase.SKAT:
            found.setdefault("bidding", state)
        elif state.phase == Phase.PLAY and not state.trick:
            name = {0: "declared", 1: "trick 1", 3: "trick 3"}.get(len(state.tricks))
            if name is not None:
                found.setdefault(name, state)
    return found


def calibrate_deal(deal_seed: int, settings: Settings) -> DealResult:
    """The trial: one deal played out, each seat's predictions at each point scored."""
    state: SkatState = new_game(new_deal(deal_seed))
    players = _players(deal_seed, settings)
    states = [state]
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        state = state.play(players[int(mover)].choose(state))
        states.append(state)
    declarer = state.declarer
    if declarer is None:
        return DealResult(deal_seed, False, ())
    out = []
    for name, at in decision_states(states).items():
        for seat in range(3):
            if name == "bidding" and seat == int(declarer):
                continue
            point = score_view(at.view(seat), at, settings.candidates,
                               rng=deal_seed * 100 + POINTS.index(name) * 10 + seat)  # fmt: skip
            point.point = name
            out.append(point)
    return DealResult(deal_seed, True, tuple(out))


# -- the report ---------------------------------------------------------------------------------


def ratio_interval(sums: Sequence[float], counts: Sequence[int]) -> tuple[float, float, float]:
    """The mean ``sum(sums) / sum(counts)`` over clusters (deals) and its 95% interval: the
    standard error of a ratio of per-cluster sums, Student t with clusters - 1 degrees of
    freedom (``nan`` bounds with one cluster).

    >>> m, low, high = ratio_interval([1.0, 3.0], [1, 1])
    >>> m, round(high - m, 4)
    (2.0, 12.7062)
    """
    total = sum(counts)
    m = sum(sums) / total
    n = len(sums)
    if n < 2:
        return m, math.nan, math.nan
    spread = sum((s - m * c) ** 2 for s, c in zip(sums, counts, strict=True)) * n / (n - 1)
    se = math.sqrt(spread) / total
    half = t_quantile(n - 1) * se
    return m, m - half, m + half


def _interval_text(values: tuple[float, float, float], digits: int = 4) -> str:
    m, low, high = values
    return f"{m:.{digits}f} ({low:.{digits}f} to {high:.{digits}f})"


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: list[DealResult], settings: Settings, interrupted: bool) -> tuple[str, Scores]:
    """The figures as text, and the sums over every prediction (for the plot)."""
    played = [r for r in results if r.declared]
    lines = [
        f"calibration of the weighted deals: {len(results)} deals, {len(played)} with a game "
        f"(the others passed in)" + (" (interrupted)" if interrupted else ""),
        f"players: {settings.players} at every seat"
        + (f" (samples={settings.samples}, budget={settings.budget} s)"
           if settings.players == "sampling" else "")
        + f"; {settings.candidates} uniform candidates per prediction, weighted by the evidence",
        "Brier: per unseen card, sum over its places of (p - observed)^2; mean over cards, 95% "
        "interval by deal",
        "",
    ]  # fmt: skip
    if not played:
        return "\n".join([*lines, "no deal with a game"]), Scores()
    header = (f"{'point':9} {'role':8} {'views':>5} {'cards':>6}  {'Brier weighted':>24}  "
              f"{'Brier uniform':>24}  {'difference w - u':>26}  {'log-loss w':>10} "
              f"{'log-loss u':>10}  {'no weight w/u':>13}  {'ESS p50':>7} {'p10':>5} "
              f"{'fallback':>8}")  # fmt: skip
    lines.append(header)
    total = Scores()
    rows = [*ROWS, ("all", "")]
    for name, role in rows:
        chosen = [
            [p for p in r.points if name == "all" or (p.point == name and p.role == role)]
            for r in played
        ]
        chosen = [c for c in chosen if c]
        if not chosen:
            continue
        sums = Scores()
        per_w, per_u, per_d, counts = [], [], [], []
        for deal in chosen:
            deal_scores = Scores()
            for p in deal:
                deal_scores.merge(p.scores)
            sums.merge(deal_scores)
            per_w.append(deal_scores.brier_w)
            per_u.append(deal_scores.brier_u)
            per_d.append(deal_scores.brier_w - deal_scores.brier_u)
            counts.append(deal_scores.cards)
        if name == "all":
            total = sums
        views = [p for deal in chosen for p in deal]
        effective = [p.effective for p in views]
        fallback = sum(p.fallback for p in views)
        lines.append(
            f"{name:9} {role:8} {len(views):5d} {sums.cards:6d}  "
            f"{_interval_text(ratio_interval(per_w, counts)):>24}  "
            f"{_interval_text(ratio_interval(per_u, counts)):>24}  "
            f"{_interval_text(ratio_interval(per_d, counts)):>26}  "
            f"{sums.log_w / sums.cards:10.4f} {sums.log_u / sums.cards:10.4f}  "
            f"{sums.zero_w / sums.cards:6.1%}/{sums.zero_u / sums.cards:5.1%}  "
            f"{statistics.median(effective):7.1f} {_quantile(effective, 0.1):5.1f} "
            f"{fallback / len(views):8.1%}"
        )
    lines += ["", "reliability: every (card, place) prediction by predicted probability",
              f"{'bin':9}  {'weighted: mean p':>16} {'observed':>8} {'count':>7}   "
              f"{'uniform: mean p':>15} {'observed':>8} {'count':>7}"]  # fmt: skip
    for b in range(BINS):
        w, u = total.bins_w[b], total.bins_u[b]
        cells = []
        for row in (w, u):
            if row[0]:
                cells.append(f"{row[1] / row[0]:8.3f} {row[2] / row[0]:8.3f} {int(row[0]):7d}")
            else:
                cells.append(f"{'-':>8} {'-':>8} {0:7d}")
        lines.append(f"{b / BINS:.1f}-{(b + 1) / BINS:.1f}  {cells[0]:>33}   {cells[1]:>32}")
    return "\n".join(lines), total


def plot(total: Scores, path: str, title: str) -> None:
    """The reliability diagram: observed frequency against mean predicted probability per bin,
    weighted and uniform, with the counts below (log scale); no date in the file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(5.5, 6.0), dpi=80, height_ratios=(3, 1.2), sharex=True
    )
    top.plot([0, 1], [0, 1], color="0.6", linestyle="--", linewidth=1, label="calibrated")
    width = 0.4 / BINS
    series = (
        (total.bins_w, "weighted", "#c0392b", -width / 2),
        (total.bins_u, "uniform", "#2c6fbb", width / 2),
    )
    for bins, label, colour, offset in series:
        xs = [row[1] / row[0] for row in bins if row[0]]
        ys = [row[2] / row[0] for row in bins if row[0]]
        top.plot(xs, ys, marker="o", color=colour, label=label)
        centres = [(b + 0.5) / BINS + offset for b in range(BINS)]
        bottom.bar(centres, [max(row[0], 0.5) for row in bins], width=width, color=colour,
                   label=label)  # fmt: skip
    top.set_ylabel("observed frequency")
    top.set_xlim(0, 1)
    top.set_ylim(0, 1)
    top.set_title(title, fontsize=10)
    top.legend(loc="upper left", fontsize=9)
    top.grid(True, linewidth=0.3)
    bottom.set_yscale("log")
    bottom.set_ylabel("predictions")
    bottom.set_xlabel("predicted probability (bins of 0.1)")
    bottom.grid(True, axis="y", linewidth=0.3)
    figure.tight_layout()
    figure.savefig(path, metadata={"Software": None})
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals played")
    parser.add_argument("--seed", type=int, default=1, help="which deals")
    parser.add_argument("--candidates", type=int, default=80,
                        help="uniform candidates weighed per prediction")  # fmt: skip
    parser.add_argument("--players", choices=("heuristic", "sampling"), default="heuristic",
                        help="who plays every seat")  # fmt: skip
    parser.add_argument("--samples", type=int, default=20, help="sampling players: deals")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help="sampling players: seconds per decision (0: no limit)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=None, help="processes (default: this one)")
    parser.add_argument("--plot", help="write the reliability diagram to this PNG")
    args = parser.parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    print("$ PYTHONPATH=. python benchmarks/calibration.py " + shlex.join(given))
    settings = Settings(args.candidates, args.players, args.samples,
                        None if args.budget <= 0 else args.budget, args.seed)  # fmt: skip
    seeds = [args.seed * 100_000 + i for i in range(args.deals)]
    start = time.perf_counter()
    results, interrupted = run_each(
        calibrate_deal, seeds, options=settings, workers=args.workers, description="deals",
        progress=True, chunk_size=1,
    )  # fmt: skip
    text, total = report(results, settings, interrupted)
    print(text)
    print(f"wall time {time.perf_counter() - start:.0f} s")
    if args.plot and total.cards:
        plot(total, args.plot, f"{settings.players} players, {len(results)} deals, "
                               f"{settings.candidates} candidates")  # fmt: skip
        print(f"reliability diagram: {args.plot}")


if __name__ == "__main__":
    main()
