"""Values of the right type that no game can have are refused where they are given."""

from __future__ import annotations

import pytest

from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, InvalidCardError, RulesError
from cardlib.skat.engine.ends import ALL_TRICKS
from cardlib.skat.engine.events import Trick
from cardlib.skat.engine.facts import Declaration, GameType, card_points, next_bid, sort_hand
from cardlib.skat.engine.positions import play_position
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import Rules
from cardlib.skat.players.analysis import analyse
from cardlib.skat.scoring.sheet import ScoreSheet
from cardlib.skat.solver.solve import solve

CARDS = tuple(parse_cards("CJ C7 CA"))
HAND = parse_cards("CJ SJ HJ DJ CA CT CK CQ C9 C8")


@pytest.mark.parametrize("leader", [3, -1, None])
def test_a_trick_is_led_by_one_of_three_positions(leader: object) -> None:
    with pytest.raises(RulesError, match=r"Trick\(leader=") as error:
        Trick(leader, CARDS, 0)  # type: ignore[arg-type]
    assert repr(leader) in str(error.value)


def test_a_trick_is_won_by_one_of_three_positions() -> None:
    with pytest.raises(RulesError, match=r"Trick\(winner=3\)"):
        Trick(0, CARDS, 3)


@pytest.mark.parametrize("cards", [CARDS[:2], (CARDS[0],) * 3, (*CARDS, Card("S7"))])
def test_a_trick_holds_three_different_cards(cards: tuple[Card, ...]) -> None:
    with pytest.raises(RulesError, match="three different cards"):
        Trick(0, cards, 0)


def test_a_real_trick_is_kept() -> None:
    assert Trick(1, CARDS, 0).cards == CARDS


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"end_reason": "nonsense"}, "end_reason"),
        ({"end_reason": ALL_TRICKS, "declarer": 5}, "declarer"),
        ({"end_reason": ALL_TRICKS, "bid": -18}, "bid"),
        ({"end_reason": ALL_TRICKS, "card_points": (100, 40)}, "card_points"),
        ({"end_reason": ALL_TRICKS, "tricks_won": (11, 0)}, "tricks_won"),
        ({"end_reason": ALL_TRICKS, "scores": (0, 0)}, "scores"),
    ],
)
def test_a_result_no_deal_can_have_is_refused(fields: dict[str, object], named: str) -> None:
    # The seed rules: 120 card points and 10 tricks in a deal, three positions, bids 0 to 264.
    with pytest.raises(RulesError, match=rf"Result\({named}="):
        Result(**fields)  # type: ignore[arg-type]


def test_a_real_result_is_kept() -> None:
    assert Result(ALL_TRICKS, 0, None, 18, (61, 59), (5, 5)).card_points == (61, 59)


def test_score_sheet_names_are_texts() -> None:
    with pytest.raises(CardlibError, match=r"names=\(1, 2, 3\)"):
        ScoreSheet(names=(1, 2, 3))  # type: ignore[arg-type]
    assert ScoreSheet(names=("Ann", "Ben", "Cem")).player_names == ("Ann", "Ben", "Cem")


def test_rules_players_is_a_whole_number() -> None:
    with pytest.raises(RulesError, match=r"players=3\.0"):
        Rules(players=3.0)  # type: ignore[arg-type]


def test_no_bid_is_below_zero() -> None:
    # cardlib's own decision: 0 stands for "nothing bid yet"; a negative bid is no bid at all.
    with pytest.raises(RulesError, match=r"next_bid\(-1\)"):
        next_bid(-1)
    assert next_bid(0) == 18


def test_card_points_count_each_card_once() -> None:
    # The seed rules: the pack has each card once, 120 card points in all (ten aces would be 110).
    with pytest.raises(RulesError, match="CA given twice"):
        card_points([Card("CA")] * 10)


def test_sort_hand_refuses_a_card_given_twice() -> None:
    with pytest.raises(RulesError, match="CA given twice"):
        sort_hand([Card("CA"), Card("CA")])


def test_analyse_reads_a_text_skat_as_cards() -> None:
    with pytest.raises(InvalidCardError, match="H2"):
        analyse(HAND, skat="H2")  # type: ignore[arg-type]
    assert analyse(HAND, skat="H7 H8").skat == parse_cards("H7 H8")  # type: ignore[arg-type]


def test_a_null_with_schneider_is_refused_where_it_is_made() -> None:
    # The seed rules: a Null has a fixed value (23, 35, 46, 59) and no Schneider or Schwarz levels.
    with pytest.raises(RulesError, match=r"Declaration\(GameType\.NULL, schneider=True\)"):
        Declaration(GameType.NULL, schneider=True)
    with pytest.raises(RulesError, match=r"Declaration\(GameType\.NULL, schwarz=True\)"):
        Declaration(GameType.NULL, schwarz=True)
    assert Declaration(GameType.NULL, hand=True, ouvert=True).null_value == 59


@pytest.mark.parametrize(
    ("keywords", "named"),
    [
        ({"bid": float("nan")}, "bid=nan"),
        ({"bid": 265}, "bid=265"),
        ({"bid": 18.0}, "bid=18.0"),
        ({"card_points": (100, 40)}, r"card_points=\(100, 40\)"),
        ({"card_points": (float("nan"), 0)}, r"card_points=\(nan, 0\)"),
        ({"tricks_won": (9, 2)}, r"tricks_won=\(9, 2\)"),
    ],
)
def test_play_position_refuses_counts_no_deal_can_have(
    keywords: dict[str, object], named: str
) -> None:
    # The seed rules: bids run from 18 to 264 (0: nothing bid), 120 card points, 10 tricks.
    with pytest.raises(RulesError, match=rf"play_position\({named}\)"):
        play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, 0, **keywords)  # type: ignore[arg-type]


@pytest.mark.parametrize("threshold", [float("nan"), -1, 121, 61.0, True])
def test_solve_refuses_a_threshold_outside_the_card_points(threshold: object) -> None:
    # A deal has 120 card points: a threshold is a whole number from 0 to 120.
    state = play_position(["CJ SA", "SJ ST", "HA S7"], GameType.CLUBS, declarer=0)
    with pytest.raises(CardlibError, match=rf"solve\(threshold={threshold!r}\).*0 to 120"):
        solve(state, threshold)  # type: ignore[call-overload]
    assert solve(state, 0) is True and solve(state, 120) is False
