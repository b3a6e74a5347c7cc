"""Skitgubbe stunsa chances against enumeration of every lead and stock card."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from cardlib.cards import FULL_DECK, SKAT_DECK, Card, parse_cards
from cardlib.errors import CardlibError
from cardlib.probability import P, bounce_chance, stunsa_chance


def test_two_random_cards_bounce_with_one_in_seventeen() -> None:
    assert stunsa_chance() == Fraction(1, 17) == Fraction(3, 51)
    assert P(lambda pair: pair[0].rank == pair[1].rank, permutations(FULL_DECK, 2)) == Fraction(
        1, 17
    )
    assert bounce_chance().turn_up == Fraction(1, 17)
    assert stunsa_chance(SKAT_DECK) == Fraction(3, 31)
    assert stunsa_chance(FULL_DECK[10:]) == P(
        lambda pair: pair[0].rank == pair[1].rank, permutations(FULL_DECK[10:], 2)
    )


@pytest.mark.parametrize("seed", range(5))
def test_unknown_lead_by_enumeration(seed: int) -> None:
    generator = random.Random(seed)
    cards = generator.sample(FULL_DECK, 3 + 12)
    hand, seen = cards[:3], cards[3:]
    unseen = [card for card in FULL_DECK if card not in cards]
    chance = bounce_chance(hand, seen)
    assert chance.unseen == len(unseen) == 37
    assert chance.from_hand == P(lambda lead: any(c.rank == lead.rank for c in hand), unseen)
    assert chance.turn_up == P(lambda pair: pair[0].rank == pair[1].rank, permutations(unseen, 2))
    answers = [(lead, answer) for lead in unseen for answer in hand]
    assert chance.random_answer == P(lambda la: la[0].rank == la[1].rank, answers)


def test_known_lead() -> None:
    chance = bounce_chance("H9 S9 DK", seen="C9 CA", led="D9")
    assert chance.from_hand == 1
    assert chance.random_answer == Fraction(2, 3)
    assert chance.turn_up == 0  # all four nines accounted for
    none = bounce_chance("HA SK D2", led="C7")
    assert none.from_hand == 0 and none.random_answer == 0
    assert none.turn_up == Fraction(3, 48)
    assert "♣7 led" in str(none) and "48 cards unseen" in str(none)


def test_two_player_pack_with_removed_cards_counts_them_as_unseen() -> None:
    # Cards removed unseen are simply unseen: the same numbers as the full pack.
    assert bounce_chance("HA", led="SA").turn_up == Fraction(2, 50)


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: bounce_chance("HA HA"), "HA is given twice"),
        (lambda: bounce_chance("HA", seen="SK HA"), "HA is given twice"),
        (lambda: bounce_chance("HA", led="HA"), "HA is given twice"),
        (lambda: bounce_chance("HX"), "'HX'"),
        (lambda: bounce_chance("HA", pack=SKAT_DECK, led="H2"), "H2"),
        (lambda: bounce_chance(FULL_DECK[:51], led=FULL_DECK[51]), "no unseen card"),
        (lambda: stunsa_chance([Card.parse("HA")]), "1 cards"),
    ],
)
def test_bad_questions(call: object, quoted: str) -> None:
    with pytest.raises(CardlibError) as error:
        call()  # type: ignore[operator]
    assert quoted in str(error.value)


def test_parse_cards_input_is_accepted() -> None:
    assert (
        bounce_chance(parse_cards("HA S9"), "CA").from_hand
        == bounce_chance("HA S9", "CA").from_hand
    )
