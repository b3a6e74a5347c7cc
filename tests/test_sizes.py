"""Requests that would fill the memory or never end are refused up front, naming the limit.

Each test would hang or exhaust the machine if the limit were not checked before the work starts,
so each runs under a second only because it is refused.
"""

from __future__ import annotations

import itertools
import tracemalloc

import pytest

from cardlib import limits
from cardlib.errors import CardlibError, RulesError
from cardlib.probability.core import coin_split, hypergeometric, split_distribution
from cardlib.skat.engine.facts import GameType
from cardlib.skat.players.sampling import SamplingBot as SkatSamplingBot
from cardlib.skat.solver.winchance import sample_deals, win_chance, win_chances
from cardlib.skitgubbe.sampling import SamplingBot as SkitgubbeSamplingBot

HAND = "CJ SJ HJ DJ CA CT CK SA ST HA"


def test_split_distribution_refuses_more_outcomes_than_the_limit() -> None:
    # 32 cards among 12 holders of 32 places: C(43, 11) = 5,752,004,349 splits, far above 100,000.
    with pytest.raises(
        CardlibError, match=r"split_distribution\(32, \[32, .*MAX_OUTCOMES = 100,000"
    ):
        split_distribution(32, [32] * 12)


def test_split_distribution_counts_outcomes_as_listing_them_would() -> None:
    # Independent count: every way of giving each holder 0..size cards that adds up.
    for outstanding, sizes in [(7, (10, 10)), (4, (10, 10, 2)), (5, (3, 0, 4, 2)), (13, (13,) * 4)]:
        listed = sum(
            1
            for split in itertools.product(*(range(size + 1) for size in sizes))
            if sum(split) == outstanding
        )
        assert len(split_distribution(outstanding, sizes)) == listed


def test_a_split_with_few_outcomes_among_many_places_is_still_made() -> None:
    # 9,999 cards in 100 holders of 100 places: one place stays empty, so 100 outcomes.
    assert len(split_distribution(9_999, [100] * 100)) == 100


def test_coin_split_refuses_more_outcomes_than_the_limit() -> None:
    # Without caps: C(32 + 11, 11) = 5,752,004,349 splits.
    with pytest.raises(
        CardlibError, match=r"coin_split\(32, .*5,752,004,349 is above MAX_OUTCOMES"
    ):
        coin_split(32, [32] * 12)


def test_split_distribution_refuses_more_holders_than_the_limit() -> None:
    with pytest.raises(
        CardlibError, match=r"split_distribution\(1, .*101 is above MAX_HOLDERS = 100"
    ):
        split_distribution(1, [1] * 101)


def test_hypergeometric_refuses_a_population_above_the_limit() -> None:
    with pytest.raises(
        CardlibError,
        match=r"hypergeometric\(1000000000, 5, 100000000\): 1,000,000,000 is above MAX_POPULATION",
    ):
        hypergeometric(10**9, 5, 10**8)
    assert sum(hypergeometric(limits.MAX_POPULATION, 5, 10).values()) == 1


def test_sample_deals_refuses_more_samples_than_the_limit() -> None:
    with pytest.raises(
        CardlibError, match=r"sample_deals\(samples=1000000000\): .* above MAX_SAMPLES = 1,000,000"
    ):
        sample_deals(HAND, samples=10**9)


def test_sample_deals_are_streamed_not_listed() -> None:
    # A million deals as a list would take hundreds of megabytes; the sequence deals on reading.
    tracemalloc.start()
    try:
        deals = sample_deals(HAND, samples=limits.MAX_SAMPLES, rng=1)
        first = deals[0]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(deals) == 1_000_000 and peak < 1_000_000
    assert first == next(iter(deals)) == deals[0]  # the same deals on every reading
    small = sample_deals(HAND, samples=3, rng=5)
    assert list(small) == list(small) == small[:] and small == list(small)


def test_win_chance_refuses_more_samples_than_the_limit() -> None:
    with pytest.raises(CardlibError, match=r"samples=1000000000\): .* above MAX_SAMPLES"):
        win_chance(HAND, GameType.GRAND, samples=10**9, progress=False)
    with pytest.raises(CardlibError, match=r"samples=1000001\): 1,000,001 is above MAX_SAMPLES"):
        win_chances(HAND, samples=limits.MAX_SAMPLES + 1, progress=False)


def test_skat_sampling_bot_refuses_more_samples_than_the_limit() -> None:
    with pytest.raises(CardlibError, match=r"SamplingBot\(samples=10{30}\): .*MAX_BOT_SAMPLES"):
        SkatSamplingBot(samples=10**30)
    assert SkatSamplingBot(samples=limits.MAX_BOT_SAMPLES).samples == 100_000


def test_skitgubbe_sampling_bot_refuses_more_samples_than_the_limit() -> None:
    with pytest.raises(RulesError, match=r"SamplingBot\(samples=10{30}\): .*MAX_BOT_SAMPLES"):
        SkitgubbeSamplingBot(samples=10**30)
    assert SkitgubbeSamplingBot(samples=limits.MAX_BOT_SAMPLES).samples == 100_000
