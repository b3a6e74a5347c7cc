"""The general exact functions against brute-force enumeration and math.comb identities."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.errors import CardlibError
from cardlib.probability import (
    Distribution,
    P,
    all_deals,
    coin_split,
    deal_count,
    hypergeometric,
    patterns,
    split_distribution,
)


@pytest.mark.parametrize("population", range(0, 9))
def test_hypergeometric_matches_enumeration(population: int) -> None:
    for successes in range(population + 1):
        for draws in range(population + 1):
            law = hypergeometric(population, successes, draws)
            counts = Counter(
                sum(card < successes for card in hand)
                for hand in combinations(range(population), draws)
            )
            total = math.comb(population, draws)
            assert law == {k: Fraction(v, total) for k, v in counts.items()}
            assert law.total() == 1
            if population:
                assert law.mean() == Fraction(draws * successes, population)


def test_hypergeometric_is_vandermonde() -> None:
    for n, k, d in [(32, 4, 10), (22, 11, 2), (52, 13, 13), (20, 7, 10)]:
        ways = sum(math.comb(k, i) * math.comb(n - k, d - i) for i in range(d + 1))
        assert ways == math.comb(n, d)
        assert hypergeometric(n, k, d).total() == 1


@pytest.mark.parametrize(
    "sizes", [(3, 2), (2, 2, 1), (4, 3, 2), (1, 1, 1, 2), (5,), (0, 3), (3, 3, 0, 2)]
)
def test_split_distribution_matches_every_deal(sizes: tuple[int, ...]) -> None:
    cards = range(sum(sizes))
    deals = list(all_deals(cards, sizes))
    assert len(deals) == deal_count(sizes)
    for outstanding in range(sum(sizes) + 1):
        special = set(range(outstanding))
        counts = Counter(tuple(len(special & set(hand)) for hand in deal) for deal in deals)
        expected = {key: Fraction(v, len(deals)) for key, v in counts.items()}
        assert split_distribution(outstanding, sizes) == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=1, max_size=4), st.data())
def test_split_sums_to_one_and_each_holder_is_hypergeometric(
    sizes: list[int], data: st.DataObject
) -> None:
    outstanding = data.draw(st.integers(0, sum(sizes)))
    split = split_distribution(outstanding, sizes)
    assert split.total() == 1
    assert all(p > 0 for p in split.values())
    for holder, size in enumerate(sizes):
        marginal = split.map(lambda key, h=holder: key[h])
        assert marginal == hypergeometric(sum(sizes), outstanding, size)
    reverse = split_distribution(outstanding, sizes[::-1])
    assert reverse == {key[::-1]: p for key, p in split.items()}


def test_bridge_a_priori_table() -> None:
    table = patterns(split_distribution(5, (13, 13)))
    assert table == {
        (3, 2): Fraction(78, 115),
        (4, 1): Fraction(13, 46),
        (5, 0): Fraction(9, 230),
    }
    assert patterns(split_distribution(4, (13, 13)))[(2, 2)] == Fraction(234, 575)


def test_skat_deal_count_anchor() -> None:
    assert deal_count((10, 10, 10, 2)) == 2_753_294_408_504_640
    assert deal_count((10, 10, 10, 2)) == math.comb(32, 10) * math.comb(22, 10) * math.comb(12, 10)
    assert deal_count((13, 13, 13, 13)) == 53_644_737_765_488_792_839_237_440_000


def test_coin_split_is_the_binomial_and_not_the_truth() -> None:
    for n in range(12):
        coin = coin_split(n, (10, 10))
        assert coin == {(k, n - k): Fraction(math.comb(n, k), 2**n) for k in range(n + 1)}
        assert coin_split(n, (10, 10, 2)).total() == 1
    assert coin_split(4, (10, 10)) != split_distribution(4, (10, 10))
    errors = [
        abs(patterns(split_distribution(n, (10, 10))).get(key, 0) - p)
        for n in range(12)
        for key, p in patterns(coin_split(n, (10, 10))).items()
    ]
    assert max(errors) > Fraction(1, 10)
    assert patterns(split_distribution(7, (10, 10)))[(4, 3)] - patterns(coin_split(7, (10, 10)))[
        (4, 3)
    ] > Fraction(1, 10)


def test_coin_split_places_cards_where_no_place_is() -> None:
    coin = coin_split(3, (10, 10, 2))
    assert coin[(0, 0, 3)] == Fraction(1, 11**3)
    assert (0, 0, 3) not in split_distribution(3, (10, 10, 2))


def test_p_counts_equally_likely_outcomes() -> None:
    pack = [(rank, suit) for rank in range(13) for suit in range(4)]
    stunsa = P(lambda pair: pair[0][0] == pair[1][0], combinations(pack, 2))
    assert stunsa == Fraction(1, 17)
    assert P({1, 2}, range(6)) == Fraction(1, 3)
    assert P(lambda k: k >= 1, hypergeometric(22, 4, 2)) == 1 - Fraction(153, 231)


def test_distribution_is_read_only_and_readable() -> None:
    d = split_distribution(2, (10, 10))
    with pytest.raises(AttributeError):
        d.title = "x"
    with pytest.raises(TypeError):
        d[(1, 1)] = Fraction(1)  # type: ignore[index]
    assert "1-1" in str(d) and "10/19" in str(d) and "52.63" in str(d)
    assert (
        repr(d)
        == str(d)
        == (
            "2 cards among holders of 10-10 unseen cards\n"
            "  outcome  probability       %\n"
            "  0-2             9/38   23.68\n"
            "  1-1            10/19   52.63\n"
            "  2-0             9/38   23.68"
        )
    )
    assert "Fraction" not in repr(d) and "(1, 1)" not in repr(d)
    assert d.map(sum) == Distribution({2: Fraction(1)})


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: split_distribution(23, (10, 10, 2)), "split_distribution(23, (10, 10, 2))"),
        (lambda: split_distribution(-1, (10, 10)), "-1"),
        (lambda: split_distribution(2, ()), "()"),
        (lambda: split_distribution(2, (10, -3)), "-3"),
        (lambda: hypergeometric(5, 6, 2), "hypergeometric(5, 6, 2)"),
        (lambda: hypergeometric(5, 2, 6), "hypergeometric(5, 2, 6)"),
        (lambda: hypergeometric(5, 2.5, 1), "2.5"),  # type: ignore[arg-type]
        (lambda: coin_split(3, (1, 1)), "coin_split(3, (1, 1))"),
        (lambda: list(all_deals("abc", (1, 1))), "'abc'"),
        (lambda: P(lambda x: True, []), "empty"),
    ],
)
def test_invalid_questions_raise_and_quote(call: object, quoted: str) -> None:
    with pytest.raises(CardlibError, match=None) as error:
        call()  # type: ignore[operator]
    assert quoted in str(error.value)


def test_distribution_shows_an_html_table_in_jupyter() -> None:
    d = split_distribution(2, (10, 10))
    html = d._repr_html_()
    assert html == split_distribution(2, (10, 10))._repr_html_()  # deterministic
    assert html.startswith(
        '<table>\n<caption style="text-align:left; white-space:nowrap">2 cards among'
    )
    assert html.count("<tr>") == 4 and "svg" not in html and "<style" not in html
    assert (
        '<td style="text-align:left">1-1</td>' in html and ">10/19<" in html and ">52.63%<" in html
    )
    untitled = Distribution({"<a>": Fraction(1)})
    assert "<caption" not in untitled._repr_html_() and "&lt;a&gt;" in untitled._repr_html_()
