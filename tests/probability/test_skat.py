"""The skat outlook and trump splits against enumeration of every skat and every deal."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from cardlib.cards import SKAT_DECK, parse_cards
from cardlib.errors import CardlibError
from cardlib.probability import (
    all_deals,
    coin_split,
    matadors,
    patterns,
    sample_trump_split,
    skat_finding_table,
    skat_odds,
    skat_outlook,
    split_distribution,
    trump_split,
)
from cardlib.skat.engine.facts import JACKS, GameType, card_points, trumps

HAND = "CJ HJ CA CT C9 SA ST H7 D8 D7"


def random_hand(seed: int, size: int = 10) -> tuple:
    return tuple(random.Random(seed).sample(SKAT_DECK, size))


@pytest.mark.parametrize("seed", range(3))
def test_outlook_matches_every_skat(seed: int) -> None:
    hand = random_hand(seed)
    outlook = skat_outlook(hand)
    unseen = [card for card in SKAT_DECK if card not in hand]
    skats = list(combinations(unseen, 2))
    assert len(skats) == 231 == len(outlook.skats())
    jacks = Counter(sum(card in JACKS for card in skat) for skat in skats)
    assert outlook.jacks == {k: Fraction(v, 231) for k, v in jacks.items()}
    points = Counter(card_points(skat) for skat in skats)
    assert outlook.points == {k: Fraction(v, 231) for k, v in points.items()}
    assert outlook.points.total() == outlook.jacks.total() == 1
    assert outlook.points.mean() == Fraction(2 * (120 - card_points(hand)), 22)
    assert set(outlook.points) <= set(range(23))
    for card in SKAT_DECK:
        by_count = Fraction(sum(card in skat for skat in skats), 231)
        assert outlook.chance(card) == by_count
    for game in (GameType.CLUBS, GameType.HEARTS, GameType.GRAND):
        by_count = Counter(matadors((*hand, *skat), game) for skat in skats)
        assert outlook.matadors(game) == {k: Fraction(v, 231) for k, v in by_count.items()}
        own = matadors(hand, game)
        changed = Fraction(sum(matadors((*hand, *s), game) != own for s in skats), 231)
        assert outlook.matadors_change(game) == changed


def test_finding_any_and_both_by_enumeration() -> None:
    outlook = skat_outlook(HAND)
    wanted = parse_cards("SJ DJ CK CQ")
    skats = outlook.skats()
    assert outlook.any_of(wanted) == Fraction(sum(any(c in s for c in wanted) for s in skats), 231)
    assert outlook.both_of("SJ DJ") == Fraction(1, 231)
    assert outlook.any_of("SJ DJ") == Fraction(41, 231)
    assert outlook.any_of("CJ HJ") == 0  # held cards cannot be in the skat
    table = skat_finding_table(range(1, 12))
    for wanted_count, one, both in table.rows:
        pool = range(22)
        pairs = list(combinations(pool, 2))
        assert one == Fraction(sum(min(s) < wanted_count for s in pairs), len(pairs))
        assert both == Fraction(sum(max(s) < wanted_count for s in pairs), len(pairs))
    assert "17.7%" in str(table)


def test_clubs_jack_from_the_skat() -> None:
    # Picking up brings the ♣J with chance 1/11 when you lack it; over all deals 2/32.
    assert skat_outlook("SJ HJ CA CT C9 SA ST H7 D8 D7").chance("CJ") == Fraction(1, 11)
    deals = 0
    hands = list(combinations(range(8), 3))
    # Small-pack check of the symmetry argument: a card lies in a 2-card skat of an 8-card pack
    # with chance 2/8, exactly as ♣J lies in the skat with chance 2/32.
    for hand in hands:
        deals += sum(0 in skat for skat in combinations([c for c in range(8) if c not in hand], 2))
    assert Fraction(deals, len(hands) * math.comb(5, 2)) == Fraction(2, 8)


def test_matadors_follow_the_rules_text() -> None:
    # "if the top trump you hold is ♥J but ♣J lies in the skat, you play with 1, not without 2"
    hand = parse_cards("HJ CA CT C9 SA ST H7 D8 D7 DA")
    assert matadors(hand, "C") == -2
    assert matadors((*hand, *parse_cards("CJ S7")), "C") == 1
    assert matadors(trumps(GameType.SPADES), "S") == 11
    assert matadors(JACKS, "G") == 4
    assert matadors(parse_cards("DJ CA"), "G") == -3
    outlook = skat_outlook(hand)
    assert outlook.matadors("C")[1] == Fraction(20, 231)  # ♣J in the skat, ♠J not
    with pytest.raises(CardlibError, match="null"):
        matadors(hand, GameType.NULL)


def test_trump_split_after_the_skat_matches_every_deal() -> None:
    seen = parse_cards("CJ HJ CA CT C9 SA ST H7 D8 D7 SK DK")
    unseen = [card for card in SKAT_DECK if card not in seen]
    out = set(trumps(GameType.CLUBS)) - set(seen)
    counts = Counter(len(out & set(left)) for left in combinations(unseen, 10))
    total = math.comb(20, 10)
    expected = {(k, len(out) - k): Fraction(v, total) for k, v in counts.items()}
    assert trump_split(seen, "C") == expected
    assert trump_split(seen, GameType.CLUBS) == split_distribution(6, (10, 10))


def test_trump_split_with_vacant_places_matches_every_deal() -> None:
    seen = SKAT_DECK[:26]
    sizes = (3, 2, 1)
    unseen = SKAT_DECK[26:]
    out = set(trumps(GameType.DIAMONDS)) - set(seen)
    deals = list(all_deals(unseen, sizes))
    counts = Counter(tuple(len(out & set(h)) for h in deal) for deal in deals)
    expected = {key: Fraction(v, len(deals)) for key, v in counts.items()}
    assert trump_split(seen, "D", sizes=sizes) == expected


def test_hand_split_keeps_the_skat() -> None:
    split = trump_split("CJ SJ HJ CA CT CK CQ C9 SA HA", "C")
    assert split == split_distribution(3, (10, 10, 2))
    assert split[(1, 1, 1)] == Fraction(10 * 10 * 2, math.comb(22, 3))
    assert trump_split("CJ SJ HJ CA CT CK CQ C9 SA HA", "C", model="coin") == coin_split(
        3, (10, 10, 2)
    )


def test_every_table_sums_to_one() -> None:
    for sizes in ((10, 10), (10, 10, 2)):
        for out in range(12):
            assert split_distribution(out, sizes).total() == 1
            assert patterns(split_distribution(out, sizes)).total() == 1
            assert coin_split(out, sizes).total() == 1


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: skat_outlook(HAND + " DA"), "has 11"),
        (lambda: skat_outlook("CJ CJ HJ CA CT C9 SA ST H7 D8"), "CJ is given twice"),
        (lambda: skat_outlook("CJ H2 HJ CA CT C9 SA ST H7 D8"), "H2 is not in the 32-card"),
        (lambda: skat_outlook("CJ XX"), "'XX'"),
        (lambda: skat_outlook(HAND).chance("C6"), "C6"),
        (lambda: trump_split(HAND + " DA", "C"), "not 11"),
        (lambda: trump_split(HAND, "N"), "null"),
        (lambda: trump_split(HAND, "X"), "'X'"),
        (lambda: trump_split(HAND, "C", sizes=(10, 10)), "(10, 10)"),
        (lambda: trump_split(HAND, "C", model="guess"), "'guess'"),
    ],
)
def test_invalid_skat_questions(call: object, quoted: str) -> None:
    with pytest.raises(CardlibError) as error:
        call()  # type: ignore[operator]
    assert quoted in str(error.value)


def test_simulated_split_agrees_and_repeats() -> None:
    seen = "CJ HJ CA CT C9 SA ST H7 D8 D7"
    exact = trump_split(seen, "C")
    first = sample_trump_split(seen, "C", 4000, rng=7, progress=False)
    again = sample_trump_split(seen, "C", 4000, rng=7, progress=False)
    assert first == again
    assert first.completed == 4000 and not first.interrupted
    covered = [first["-".join(map(str, key))].covers(p) for key, p in exact.items()]
    assert all(e.n == 4000 for e in first.estimates) and len(covered) == len(exact) == 18
    assert sum(covered) >= 15  # 95% intervals: about one of 18 misses on average
    assert sum(e.value for e in first.estimates) == 1


def test_interval_covers_the_exact_value_about_95_percent_of_the_time() -> None:
    seen = "CJ HJ CA CT C9 SA ST H7 D8 D7 SK DK"
    exact = trump_split(seen, "C")[(3, 3)]
    hits = sum(
        sample_trump_split(seen, "C", 300, rng=seed, progress=False)["3-3"].covers(exact)
        for seed in range(60)
    )
    assert 52 <= hits <= 60


def test_simulated_split_can_be_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = skat_odds.deal_trump_split
    calls = []

    def stop_after_25(seed: int, setup: tuple[int, tuple[int, ...], int]) -> tuple[int, ...]:
        calls.append(seed)
        if len(calls) > 25:
            raise KeyboardInterrupt
        return deal(seed, setup)

    monkeypatch.setattr(skat_odds, "deal_trump_split", stop_after_25)
    result = sample_trump_split(HAND, "C", 1000, rng=3, progress=False)
    assert result.interrupted and result.completed == 25 and result.requested == 1000
    assert all(e.n == 25 for e in result.estimates)
    assert "INTERRUPTED" in str(result) and "25 of 1000" in str(result)
    monkeypatch.undo()  # the first 25 seeds of a run are those of a run of 25
    assert result.estimates == sample_trump_split(HAND, "C", 25, rng=3, progress=False).estimates


def test_tables_and_outlooks_show_as_text_and_html() -> None:
    table = skat_finding_table(range(1, 3))
    assert repr(table) == str(table) and "Fraction" not in repr(table)
    html = table._repr_html_()
    assert html.count("<tr>") == 3 and ">41/231<" in html and ">17.7%<" in html
    outlook = skat_outlook(HAND)
    assert repr(outlook) == str(outlook) and "Card(" not in repr(outlook)
    assert "jacks in the skat: 0: 190/231" in repr(outlook)
    assert 'nowrap">skat outlook for ♣J ♥J' in outlook._repr_html_()
    assert outlook._repr_html_() == skat_outlook(HAND)._repr_html_()
    simulated = sample_trump_split(HAND + " SK DK", "C", 50, rng=1, progress=False)
    assert 'nowrap">clubs: 6 trumps out' in simulated._repr_html_()
    assert "Estimate(" not in repr(simulated)
