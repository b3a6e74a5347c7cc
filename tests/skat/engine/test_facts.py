"""Skat's game facts: trumps, following, trick order, points, the bid ladder, declarations."""

from __future__ import annotations

import itertools

import pytest

from cardlib import SKAT_DECK, Card, CardlibError, RulesError, parse_cards
from cardlib.skat.engine.facts import (
    BID_VALUES,
    JACKS,
    Declaration,
    GameType,
    card_points,
    follow_group,
    is_trump,
    next_bid,
    sort_hand,
    trick_winner,
    trumps,
)


def test_the_pack_holds_120_card_points() -> None:
    assert card_points(SKAT_DECK) == 120


def test_bid_ladder_is_every_game_value_of_18_or_more() -> None:
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    values |= {24 * m for m in range(2, 12)} | {23, 35, 46, 59}
    assert BID_VALUES == tuple(sorted(v for v in values if v >= 18))
    assert len(BID_VALUES) == 63 and BID_VALUES[0] == 18 and BID_VALUES[-1] == 264


@pytest.mark.parametrize(("value", "expected"), [(0, 18), (18, 20), (23, 24), (59, 60), (240, 264)])
def test_next_bid(value: int, expected: int) -> None:
    assert next_bid(value) == expected


def test_no_bid_above_264() -> None:
    with pytest.raises(RulesError, match="264"):
        next_bid(264)


def test_trump_counts_and_order() -> None:
    assert [str(c) for c in trumps(GameType.CLUBS)] == ("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7".split())
    assert trumps(GameType.GRAND) == JACKS
    assert trumps(GameType.NULL) == ()


def test_jack_trumps_ruling() -> None:
    heart_jack = Card.parse("HJ")
    assert follow_group(heart_jack, GameType.CLUBS) == "trump"
    assert follow_group(heart_jack, GameType.GRAND) == "trump"
    assert follow_group(heart_jack, GameType.NULL) == "H"
    assert not is_trump(Card.parse("HA"), GameType.CLUBS)


@pytest.mark.parametrize(
    ("trick", "game", "winner"),
    [
        ("HA HJ H7", GameType.CLUBS, 1),  # a jack trumps a heart lead
        ("HA HT HK", GameType.CLUBS, 0),  # plain suit: the ace
        ("HT HA C7", GameType.CLUBS, 2),  # the lowest trump beats plain aces
        ("DJ CJ SJ", GameType.DIAMONDS, 1),  # ♣J the highest trump
        ("DJ DA DT", GameType.DIAMONDS, 0),  # ♦J above the trump ace
        ("SA SJ S7", GameType.GRAND, 1),  # grand: the jack is a trump
        ("SA HA ST", GameType.GRAND, 0),  # grand: off-suit ace does not win
        ("HJ HQ HA", GameType.NULL, 2),  # null: A K Q J 10 …
        ("HT HJ H9", GameType.NULL, 1),  # null: the jack above the ten
        ("H7 CJ CA", GameType.NULL, 0),  # null: no trumps
    ],
)
def test_trick_winner(trick: str, game: GameType, winner: int) -> None:
    assert trick_winner(parse_cards(trick), game) == winner


def test_trick_winner_agrees_with_brute_force_order() -> None:
    for game in GameType:
        for trick in itertools.permutations(SKAT_DECK[::3], 3):
            position = trick_winner(trick, game)
            led = follow_group(trick[0], game)
            assert follow_group(trick[position], game) in (led, "trump")


def test_sort_hand_puts_trumps_first() -> None:
    hand = parse_cards("H7 CJ SA HJ HA D8")
    assert [str(c) for c in sort_hand(hand, GameType.HEARTS)] == "CJ HJ HA H7 SA D8".split()


def test_cards_outside_the_skat_pack_are_refused() -> None:
    with pytest.raises(CardlibError, match="32-card"):
        follow_group(Card.parse("H6"), GameType.CLUBS)


@pytest.mark.parametrize(
    ("declaration", "problem"),
    [
        (Declaration(GameType.CLUBS, schneider=True), "only in a Hand game"),
        (Declaration(GameType.CLUBS, schwarz=True), "Schneider and Schwarz can be announced only"),
    ],
)
def test_forbidden_declarations(declaration: Declaration, problem: str) -> None:
    assert problem in (declaration.problem() or "")


def test_allowed_declarations_and_null_values() -> None:
    assert Declaration(GameType.SPADES, hand=True, schneider=True, schwarz=True).problem() is None
    assert Declaration.ouvert_game(GameType.GRAND).problem() is None
    values = {
        (hand, ouvert): Declaration(GameType.NULL, hand=hand, ouvert=ouvert).null_value
        for hand in (False, True)
        for ouvert in (False, True)
    }
    assert values == {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
    with pytest.raises(RulesError):
        _ = Declaration(GameType.CLUBS).null_value


@pytest.mark.parametrize("text", ["G", "C", "DH", "CHS", "SHSZ", "GOHSZ", "N", "NH", "NO", "NOH"])
def test_iss_declarations_round_trip(text: str) -> None:
    assert Declaration.parse_iss(text).to_iss() == text


def test_iss_ouvert_implies_the_announcements() -> None:
    assert Declaration.parse_iss("GO").to_iss() == "GOHSZ"


@pytest.mark.parametrize("text", ["", "X", "GX", "CHH?"])
def test_bad_iss_declarations(text: str) -> None:
    with pytest.raises(RulesError, match="ISS declaration"):
        Declaration.parse_iss(text)
