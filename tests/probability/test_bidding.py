"""What the bidding reveals (cardlib.probability.bidding): the count by classes of hands against
hand-by-hand enumeration, the exact answers against the sampled ones, the texts it reads."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from cardlib import CardlibError, parse_cards
from cardlib.cards import SKAT_DECK, Card, Rank
from cardlib.estimates import proportion
from cardlib.probability import BiddingPosterior, bidding_posterior, hypergeometric, model_says
from cardlib.probability.bidding import FEATURES, _by_classes, _counted, _feature, _result
from cardlib.skat import Bid, HeuristicBot, Hold, Pass, new_deal, new_game
from cardlib.skat.knowledge import knowledge_of
from cardlib.skat.players.evidence import Said, bid_limit, said_in
from cardlib.skat.players.sampling_deals import fitting_deals

SAIDS = (Said(1, 24, 27), Said(1, 0, 18), Said(0, 18, None), Said(2, 20, 30), Said(1, 48, 50))


def small_cases(count: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...], int]]:
    """Hands of a few known cards and the rest from 12 to 16 others: few enough to list."""
    rng = random.Random(3)
    cases = []
    while len(cases) < count:
        deck = list(SKAT_DECK)
        rng.shuffle(deck)
        known = rng.randrange(4)
        pool = tuple(deck[known : known + rng.randrange(12, 17)])
        if math.comb(len(pool), 10 - known) <= 12_000:
            cases.append((tuple(deck[:known]), pool, 10 - known))
    return cases


@pytest.mark.parametrize(("known", "pool", "draw"), small_cases(5))
def test_the_count_by_classes_is_the_count_hand_by_hand(
    known: tuple[Card, ...], pool: tuple[Card, ...], draw: int
) -> None:
    hands = [tuple(sorted((*known, *more), key=SKAT_DECK.index))
             for more in combinations(pool, draw)]  # fmt: skip
    for name in FEATURES:
        feature = _feature(name)
        counts = Counter((feature.of_cards(hand), bid_limit(hand)) for hand in hands)
        for said in SAIDS:
            by_classes = _by_classes(said, feature, known, pool, draw)
            by_hands = _result(said, feature, counts, len(hands))
            assert by_classes.deals == by_hands.deals == len(hands)
            assert by_classes.prior == by_hands.prior
            assert by_classes.posterior == by_hands.posterior
            assert by_classes.limits == by_hands.limits
            assert by_classes.posterior.total() == 1
    assert _counted(SAIDS[0], _feature("jacks"), hands) == _by_classes(
        SAIDS[0], _feature("jacks"), known, pool, draw
    )


def test_the_full_pack_is_counted_exactly_and_its_priors_are_hypergeometric() -> None:
    jacks = bidding_posterior("24 then passed")
    assert jacks.exact and jacks.deals == math.comb(32, 10)
    assert jacks.prior == hypergeometric(32, 4, 10)
    assert bidding_posterior("24 then passed", "aces").prior == hypergeometric(32, 4, 10)
    assert bidding_posterior("passed", "trumps in hearts").prior == hypergeometric(32, 11, 10)
    limits = bidding_posterior("24 then passed", "limit")
    assert sum(jacks.prior.values()) == sum(limits.prior.values()) == 1
    # Bayes: the posterior is the prior times the likelihood, over the chance of what was said
    for value, p in jacks.posterior.items():
        expected = float(jacks.prior[value]) * jacks.likelihood[value] / jacks.chance
        assert float(p) == pytest.approx(expected, rel=1e-12)
    # the likelihood of a value is the mean, over its limits, of the chance of saying it
    for value, limit in jacks.limits.items():
        mean = sum(float(q) * Said(1, 24, 27).probability(k) for k, q in limit.items())
        assert jacks.likelihood[value] == pytest.approx(mean, rel=1e-12)
    assert limits.chance == pytest.approx(jacks.chance, rel=1e-12)


def test_a_hand_is_more_likely_to_have_said_what_its_limit_is() -> None:
    limit = bidding_posterior("24 then passed", "limit")
    assert max(limit.likelihood, key=limit.likelihood.__getitem__) == 24
    assert max(limit.posterior, key=limit.posterior.__getitem__) == 24


def test_sampled_answers_cover_the_exact_ones() -> None:
    exact = bidding_posterior("24 then passed", "jacks")

    def jacks(cards: tuple[Card, ...]) -> int:
        return sum(card.rank is Rank.JACK for card in cards)

    sampled = bidding_posterior("24 then passed", jacks, samples=6000, rng=5)
    assert not sampled.exact and sampled.deals == 6000
    assert sampled.kept is not None and 0 < sampled.kept < 6000
    assert proportion("said", sampled.kept, sampled.deals).covers(exact.chance)
    for value, estimate in sampled.intervals.items():  # five intervals: each at 99.9%
        kept = estimate.successes
        assert kept == sampled.posterior[value] * sampled.kept
        if exact.posterior[value] > Fraction(1, 100):
            assert proportion("", kept, sampled.kept, level=0.999).covers(exact.posterior[value])
        else:  # a few hundred hands kept cannot measure a rare value, only find it rare
            assert kept <= 3
    assert sampled.posterior.total() == 1
    again = bidding_posterior("24 then passed", jacks, samples=6000, rng=5)
    assert again == sampled


def test_what_the_model_bidder_says_follows_the_likelihood() -> None:
    hand = parse_cards("HJ DJ HA HT HK HQ H9 SA ST C7")  # limit 20
    rng = random.Random(8)
    said = Counter(model_says(hand, rng) for _ in range(4000))
    for told in (Said(1, 20, 22), Said(1, 18, 20), Said(1, 0, 18), Said(1, 24, 27)):
        assert proportion(str(told), said[told], 4000).covers(told.probability(20)), told
    assert all(Said(1, 0, None).probability(limit) == pytest.approx(1) for limit in (0, 20, 48))


def position() -> tuple[object, int]:
    """Deal 2 played by the heuristic player to the last three tricks; a defender's view."""
    state, bot = new_game(new_deal(2)), HeuristicBot(rng=1)
    while len(state.tricks) < 7:
        state = state.play(bot.choose(state))
    defender = next(seat for seat in range(3) if seat != state.declarer)
    return state, defender


def test_a_view_counts_the_hands_the_seat_may_have_bid_with() -> None:
    state, seat = position()
    view = state.view(seat)  # type: ignore[attr-defined]
    other = next(s for s in range(3) if s not in (seat, state.declarer))  # type: ignore[attr-defined]
    told = said_in(view)[other]
    found = bidding_posterior(told, "jacks", view=view)
    assert found.exact
    # the same by listing every deal that fits the view, the hand being the one bid with
    known = knowledge_of(view)
    played = [c for t in view.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 3 == other]
    tally: dict[int, list[float]] = {}
    for hands, _ in fitting_deals(known):
        hand = tuple(sorted((*hands[other], *played), key=SKAT_DECK.index))
        row = tally.setdefault(sum(c.rank is Rank.JACK for c in hand), [0, 0.0])
        row[0] += 1
        row[1] += told.probability(bid_limit(hand))
    deals = sum(row[0] for row in tally.values())
    assert found.prior == {k: Fraction(row[0], deals) for k, row in tally.items()}
    whole = sum(row[1] for row in tally.values())
    for value, row in tally.items():
        assert float(found.posterior[value]) == pytest.approx(row[1] / whole, rel=1e-9)


def test_a_view_at_the_bidding_draws_from_the_unseen_cards() -> None:
    state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
    fh = said_in(state.view(2))[0]
    seen = bidding_posterior(fh, "aces", view=state.view(2))
    held = sum(card.rank is Rank.ACE for card in state.view(2).hand)
    assert seen.deals == math.comb(22, 10)
    assert seen.prior == hypergeometric(22, 4 - held, 10)
    assert bidding_posterior(fh, "aces", view=state.view(1)).prior == hypergeometric(
        22, 4 - sum(card.rank is Rank.ACE for card in state.view(1).hand), 10
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("24 then passed", Said(1, 24, 27)),
        ("MH 24 then passed", Said(1, 24, 27)),
        ("FH held 18 and passed", Said(0, 18, 20)),
        ("rh said 20, passed at 24", Said(2, 20, 24)),
        ("bid 24", Said(1, 24, None)),
        ("  passed   at once ", Said(1, 0, 18)),
        ("passed", Said(1, 0, 18)),
        ("passed at 20", Said(1, 0, 20)),
    ],
)
def test_what_was_said_is_read_from_a_short_text(text: str, said: Said) -> None:
    assert bidding_posterior(text).said == said


@pytest.mark.parametrize("text", ["24 passed then", "25 then passed", "30, passed at 24", "", "x"])
def test_a_text_that_says_no_bidding_is_refused_by_name(text: str) -> None:
    with pytest.raises(CardlibError, match=repr(text)):
        bidding_posterior(text)


def test_bad_features_seats_and_sample_sizes_are_refused_by_name() -> None:
    with pytest.raises(CardlibError, match="'queens' is not a feature"):
        bidding_posterior("24", "queens")
    with pytest.raises(CardlibError, match="samples must be"):
        bidding_posterior("24", samples=0)
    state = new_game(new_deal(11)).play(Bid(18))
    with pytest.raises(CardlibError, match="names no seat"):
        bidding_posterior("18", view=state.view(0))
    with pytest.raises(CardlibError, match="knows its own hand"):
        bidding_posterior("MH 18", view=state.view(1))


def test_the_result_shows_itself_as_a_table_and_a_chart() -> None:
    result = bidding_posterior("24 then passed", "trumps in C")
    assert isinstance(result, BiddingPosterior)
    text = str(result)
    assert text.splitlines()[0] == 'trumps in ♣, before and after "MH bid 24 and passed at 27"'
    assert "exact: every one of the 64512240 hands counted" in text
    assert "<table" in result._repr_html_()
    ax = result.plot()
    assert len(ax.patches) == 2 * len(result.prior)
