"""Null suits: the covering rule against the game search, formulas, and the double-dummy solver."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest

from cardlib.cards import SKAT_DECK, Suit
from cardlib.errors import CardlibError
from cardlib.probability import (
    can_force,
    holes,
    null_hand,
    null_suit,
    patterns,
    split_distribution,
)
from cardlib.skat import solve_null

HEARTS = [card for card in SKAT_DECK if card.suit is Suit.HEARTS]


def test_no_hole_means_safe_for_every_holding() -> None:
    for size in range(9):
        for holding in combinations(HEARTS, size):
            odds = null_suit(holding, suit="H")
            assert (odds.holes == 0) == odds.safe == (odds.forced == 0), holding
            assert sum(chance for _, chance, _ in odds.lies) == 1
            assert len(odds.lies) == 2 ** len(odds.outside)


def test_blank_eight_is_forced_only_when_one_defender_holds_the_whole_suit() -> None:
    seven_out = patterns(split_distribution(7, (10, 10)))
    assert (
        null_suit("H8").forced
        == seven_out[(7, 0)]
        == 2 * Fraction(math.comb(10, 7), math.comb(20, 7))
    )


def test_blank_nine_by_formula() -> None:
    # the 7 and 8 with different defenders, or all seven outside cards with one of them
    lows_split = split_distribution(2, (10, 10))[(1, 1)]
    all_with_one = patterns(split_distribution(7, (10, 10)))[(7, 0)]
    assert null_suit("H9").forced == lows_split + all_with_one == Fraction(171, 323)


def test_hand_game_puts_some_cards_in_the_skat() -> None:
    hand = null_suit("H9", sizes=(10, 10, 2))
    assert sum(chance for _, chance, _ in hand.lies) == 1
    assert 0 < hand.forced < null_suit("H9").forced  # a low card in the skat cannot be led
    assert null_suit("H8 HT", known="H7").safe  # the 7 laid away: no card below the 8 is out


def test_forced_by_split_adds_up() -> None:
    odds = null_suit("H7 HT")
    assert odds.by_split().total() == odds.forced
    assert all(can_force(odds.holding, *lie) for lie in odds.forcing_lies())


@pytest.mark.parametrize("holding", ["H9", "H8", "H7 HT", "H8 HT", "H8 H9", "H7 HJ", "H7 H9 HJ"])
def test_the_solver_lies_between_the_two_models_lie_by_lie(holding: str) -> None:
    # Whole positions: the declarer adds low spades and clubs, the defenders high spades, clubs
    # and diamonds, two spare cards each beyond the longest hand, so they can pass the lead and
    # throw cards away. The solver (every card seen, best play) forces the declarer on every lie
    # the suit-alone model forces, and only on lies the model with discards forces.
    alone = null_suit(holding)
    shed = null_suit(holding, discards=True)
    assert alone.forced <= shed.forced
    for (lie, _, forced), (_, _, forced_shedding) in zip(alone.lies, shed.lies, strict=True):
        left, right = ([str(card) for card in part] for part in lie)
        declarer = [*holding.split(), "S7", "S8", "S9"]
        size = max(len(declarer), len(left), len(right)) + 2
        declarer += ["C7", "C8", "C9", "D7", "D8"][: size - len(declarer)]
        fill = iter("ST SJ SQ SK SA CT CJ CQ CK CA DT DJ DQ DK".split())
        while len(left) < size or len(right) < size:
            for hand in (left, right):
                if len(hand) < size:
                    hand.append(next(fill))
        hands = (" ".join(declarer), " ".join(left), " ".join(right))
        solver = not (solve_null(hands, leader=1) and solve_null(hands, leader=2))
        assert forced <= solver <= forced_shedding, hands


def test_throwing_cards_away_makes_every_hole_worse() -> None:
    assert null_suit("H8", discards=True).forced == 1  # the 7's partner throws all his hearts
    assert null_suit("H7 H9 HJ", discards=True).safe  # no hole: safe in both models
    assert can_force("H7 HT", "H8 HJ HQ HK", "H9 HA", discards=True)
    assert not can_force("H7 HT", "H8 HJ HQ HK", "H9 HA")


def test_holes_examples_and_whole_hands() -> None:
    assert [holes(h) for h in ("H7", "H7 H9 HJ", "H8", "H9 HT", "HA")] == [0, 0, 1, 2, 1]
    odds = null_hand("C7 C9 CJ S7 S8 H7 H9 HJ D8 DT", skat="CA SA")
    assert [s.safe for s in odds.suits] == [True, True, True, False]
    assert odds.safe_chance == 1 - odds.suits[3].forced  # one weak suit: its chance alone
    two_weak = null_hand("C7 C9 CJ S9 S8 H7 H9 HJ D8 DT", skat="CA SA")
    spades, diamonds = two_weak.suits[1], two_weak.suits[3]
    alone = (1 - spades.forced) * (1 - diamonds.forced)
    assert two_weak.safe_chance != alone  # the suits share the defenders' places
    assert 0 < two_weak.safe_chance < 1
    assert null_hand("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8").safe


def test_null_texts_and_tables() -> None:
    odds = null_suit("H9")
    assert (
        repr(odds)
        == str(odds)
        == "Null, ♥9: forced with chance 9/17 = 52.94% (7 outside cards, 128 lies)"
    )
    assert "<table>" in odds._repr_html_() and "Fraction" not in repr(odds)
    hand = null_hand("C7 C9 CJ S7 S8 H7 H9 HJ D8 DT", skat="CA SA")
    assert "no suit can be forced: 281/323" in repr(hand)
    assert 'nowrap">Null hand' in hand._repr_html_()


@pytest.mark.parametrize(
    "call",
    [
        lambda: null_suit("H7 S8"),
        lambda: null_suit(""),
        lambda: null_suit("H7", known="H7"),
        lambda: null_suit("H7", sizes=(10,)),
        lambda: can_force("H7", "S8", ""),
        lambda: can_force("H7", "H7", ""),
        lambda: null_hand("C7 C8"),
        lambda: null_hand("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8", skat="D7 DA"),
    ],
)
def test_bad_questions(call: object) -> None:
    with pytest.raises(CardlibError):
        call()  # type: ignore[operator]


def test_a_lie_as_a_picture() -> None:
    lie = null_suit("H9").picture("H7 HA")
    assert lie.forced and lie.chance == Fraction(9, 1292)
    bundle = lie._repr_mimebundle_()
    assert (
        bundle["image/svg+xml"].startswith("<svg")
        and "Right (before the declarer)" in bundle["text/plain"]
    )
    hand_game = null_suit("H9", sizes=(10, 10, 2)).picture("H7 HT HJ", "H8 HK HA")
    assert [str(card) for card in hand_game.skat or ()] == ["HQ"]
    assert "Skat" in hand_game._repr_mimebundle_()["text/plain"]
    with pytest.raises(CardlibError, match="not a way"):
        null_suit("H9").picture("H7", "H8")
