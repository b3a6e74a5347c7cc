"""``benchmarks/calibration.py``: its scores against the same numbers worked out here by hand.

The predictions are recounted from the candidates (a card's share of the weight in each place),
the real places read from the deal as dealt, and the Brier scores summed by the formula, with no
help from the benchmark's own functions.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardlib.cards import SKAT_DECK, Card
from cardlib.skat import HeuristicBot, Phase, SkatState, new_deal, new_game
from cardlib.skat.players.weighted_deals import weighted_deals
from tests.loading import load

ROOT = Path(__file__).resolve().parents[2]
bench = load(ROOT / "benchmarks" / "calibration.py")

CANDIDATES = 12
SETTINGS = bench.Settings(CANDIDATES, "heuristic", 20, None, 1)


def _played(seed: int) -> list[SkatState]:
    state: SkatState = new_game(new_deal(seed))
    states = [state]
    bot = HeuristicBot()
    while not state.is_over:
        state = state.play(bot.choose(state))
        states.append(state)
    return states


def _declared(seed: int) -> SkatState:
    """The state just after the declaration, before the first card."""
    return next(s for s in _played(seed) if s.phase == Phase.PLAY and not s.tricks and not s.trick)


def test_the_brier_score_of_one_card_is_the_sum_of_squared_misses() -> None:
    # 0.2 and 0.3 where it is not, 0.5 where it is: 0.2^2 + 0.5^2 + 0.3^2
    assert bench.brier([0.2, 0.5, 0.3], 1) == pytest.approx(0.04 + 0.25 + 0.09)
    assert bench.brier([1 / 3] * 3, 2) == pytest.approx(2 / 3)
    # mixed with 1% of an even spread over two places: 0.99 * 0.25 + 0.005
    assert bench.log_loss([0.75, 0.25], 1) == pytest.approx(-math.log(0.2525))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_defenders_scores_are_the_hand_worked_brier_scores(seed: int) -> None:
    state = _declared(seed)
    assert state.declarer is not None
    seat = (int(state.declarer) + 1) % 3
    view = state.view(seat)
    rng = seed * 100 + bench.POINTS.index("declared") * 10 + seat
    point = bench.score_view(view, state, CANDIDATES, rng)
    drawn = weighted_deals(view, CANDIDATES // 4, rng=rng, candidates=CANDIDATES)

    # where each card really is: the deal as dealt, the declarer's two cards laid away in the skat
    deal = new_deal(seed)
    laid_away = set(state.skat or ())
    real: dict[Card, int] = {}
    for position, hand in enumerate(deal.hands):
        for card in hand:
            real[card] = 3 if card in laid_away else position
    hand_game = state.declaration is not None and state.declaration.hand
    for card in deal.skat:
        real[card] = 3 if card in laid_away or hand_game else int(state.declarer)
    unseen = [card for card in SKAT_DECK if card not in view.hand]  # nothing played yet
    places = [p for p in (0, 1, 2) if p != seat] + [3]

    expected_w = expected_u = 0.0
    for card in unseen:
        share_w = dict.fromkeys(places, 0.0)
        share_u = dict.fromkeys(places, 0.0)
        for (hands, skat), weight in zip(drawn.pool, drawn.weights, strict=True):
            where = 3 if card in skat else next(p for p in (0, 1, 2) if card in hands[p])
            share_w[where] += weight
            share_u[where] += 1 / len(drawn.pool)
        for p in places:
            hit = 1.0 if real[card] == p else 0.0
            expected_w += (share_w[p] - hit) ** 2
            expected_u += (share_u[p] - hit) ** 2

    assert point.scores.cards == len(unseen) == 22
    assert point.scores.brier_w == pytest.approx(expected_w)
    assert point.scores.brier_u == pytest.approx(expected_u)
    assert point.role == "defender" and point.candidates == len(drawn.pool) == CANDIDATES
    # every (card, place) prediction lands in one reliability bin, and hits only its real place
    assert sum(row[0] for row in point.scores.bins_w) == len(unseen) * len(places)
    assert sum(row[2] for row in point.scores.bins_u) == len(unseen)


def test_two_deals_count_every_unseen_card_of_every_view() -> None:
    results = [bench.calibrate_deal(seed, SETTINGS) for seed in (1, 2)]
    for result in results:
        assert result.declared
        for point in result.points:
            at = bench.decision_states(_played(result.deal))[point.point]
            view = at.view(point.seat)
            played = sum(len(t.cards) for t in view.tricks)
            seen = len(view.hand) + played + (2 if (view.skat or view.discards) else 0)
            assert point.scores.cards == 32 - seen
    text, total = bench.report(results, SETTINGS, interrupted=False)
    assert total.cards == sum(p.scores.cards for r in results for p in r.points)
    assert "all" in text and "reliability" in text


def test_the_interval_by_deal_is_the_ratio_of_sums_with_its_standard_error() -> None:
    sums, counts = [3.0, 1.0, 2.0], [4, 2, 2]
    mean, low, high = bench.ratio_interval(sums, counts)
    assert mean == pytest.approx(6 / 8)
    # residuals s - m c: 0, -0.5, 0.5; spread 0.5 * 3 / 2 = 0.75; se sqrt(0.75) / 8; t(2) 4.3027
    assert high - mean == pytest.approx(4.302653 * math.sqrt(0.75) / 8, rel=1e-5)
    assert mean - low == pytest.approx(high - mean)
