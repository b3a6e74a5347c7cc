"""Each call a careful tester found crashing, answering wrongly or accepting nonsense, one test
each: what it now answers, and that a refusal is a :class:`CardlibError` naming the input.

The property test over the whole public API is ``tests/test_error_contract.py``; sizes that
would explode are ``tests/test_sizes.py``, the command line ``tests/cli/``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from cardlib import CardlibError, parse_cards, set_language, skat, skitgubbe
from cardlib.errors import CallError
from cardlib.skat import GameType

TEN = parse_cards("CJ SJ HJ DJ CA CT C9 C8 SA ST")


def _position(**options: Any) -> skat.State:
    return skat.play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, declarer=0, **options)


def test_matadors_reads_text_and_lists_of_text_as_cards() -> None:
    """Three top jacks in a Grand: "with 3", the unbroken run of top trumps from ♣J down
    (docs/rules/skat.md, Result and game value)."""
    assert skat.matadors(["CJ", "SJ", "HJ"], GameType.GRAND) == 3
    assert skat.matadors("CJ SJ HJ", GameType.GRAND) == 3
    assert skat.matadors(parse_cards("CJ SJ HJ"), GameType.GRAND) == 3


CRASHED: dict[str, tuple[Callable[[], Any], str]] = {
    "trumps('grand')": (lambda: skat.trumps("grand"), "'grand'"),
    "sort_hand(game=1.5)": (lambda: skat.sort_hand(TEN, game=1.5), "1.5"),
    "beaters('H7', 'H')": (lambda: skitgubbe.beaters("H7", "H"), "'H7'"),
    "runs('H7 H8')": (lambda: skitgubbe.runs("H7 H8"), "'H7 H8'"),
    "set_language(None)": (lambda: set_language(None), "None"),
    "card_points(5)": (lambda: skat.card_points(5), "5"),
    "analyse(5)": (lambda: skat.analyse(5), "5"),
    "settle_ramsch(5)": (lambda: skat.settle_ramsch(5), "settle_ramsch"),
    "solve_null(5)": (lambda: skat.solve_null(5), "solve_null"),
    "solve_position(5)": (lambda: skat.solve_position(5), "solve_position"),
    "win_chances(5)": (lambda: skat.win_chances(5), "5"),
    "next_bid(None)": (lambda: skat.next_bid(None), "None"),
    "solve(state, threshold='x')": (
        lambda: skat.solve(_position(), threshold="x"),
        "'x'",
    ),
    "SamplingBot(budget='x')": (lambda: skat.SamplingBot(budget="x"), "'x'"),
    "ScoreSheet(names=5)": (lambda: skat.ScoreSheet(names=5), "names"),
    "state.view(1.0)": (lambda: skat.new_game(skat.new_deal(1)).view(1.0), "1.0"),
    "win_chance(deals=[1])": (lambda: skat.win_chance(TEN, GameType.CLUBS, deals=[1]), "1"),
    "new_game(bogus=1)": (lambda: skat.new_game(bogus=1), "'bogus'"),
    "Rules(bogus=1)": (lambda: skat.Rules(bogus=1), "'bogus'"),
    "skitgubbe Rules(bogus=1)": (lambda: skitgubbe.Rules(bogus=1), "bogus"),
    "parse_move('1' * 5000)": (lambda: skat.parse_move("1" * 5000), "5000 characters"),
    "GameType('X')": (lambda: GameType("X"), "'X'"),
}


@pytest.mark.parametrize("case", sorted(CRASHED))
def test_what_raised_a_python_error_is_a_cardlib_error_naming_the_input(case: str) -> None:
    call, named = CRASHED[case]
    with pytest.raises(CardlibError) as refused:
        call()
    assert named in str(refused.value), str(refused.value)


ACCEPTED: dict[str, tuple[Callable[[], Any], str]] = {
    "Trick(3, cards, 0)": (lambda: skat.Trick(3, parse_cards("CJ SJ HJ"), 0), "leader=3"),
    "Trick(None, cards, 0)": (lambda: skat.Trick(None, parse_cards("CJ SJ HJ"), 0), "None"),
    "skitgubbe StateView(None, 0)": (lambda: skitgubbe.StateView(None, 0), "None"),
    "analyse(hand, skat='H2')": (lambda: skat.analyse(TEN, skat="H2"), "H2"),
    "ScoreSheet(names=(1, 2, 3))": (lambda: skat.ScoreSheet(names=(1, 2, 3)), "(1, 2, 3)"),
    "Rules(players=3.0)": (lambda: skat.Rules(players=3.0), "3.0"),
    "Declaration(NULL, schneider=True)": (
        lambda: skat.Declaration(GameType.NULL, schneider=True),
        "schneider",
    ),
    "Play('H7', 'S8')": (lambda: skitgubbe.Play("H7", "S8"), "♥7 ♠8"),
    "Play('H7', 'H9')": (lambda: skitgubbe.Play("H7", "H9"), "♥7 ♥9"),
    "next_bid(-1)": (lambda: skat.next_bid(-1), "-1"),
    "card_points([CA] * 10)": (lambda: skat.card_points(parse_cards("CA") * 10), "CA"),
    "sort_hand(CA CA)": (lambda: skat.sort_hand(parse_cards("CA CA")), "CA"),
    "play_position(bid=nan)": (
        lambda: _position(bid=math.nan),
        "nan",
    ),
    "solve(threshold=nan)": (
        lambda: skat.solve(_position(), threshold=math.nan),
        "nan",
    ),
    "SamplingBot(workers=10**6)": (lambda: skat.SamplingBot(workers=10**6), "1000000"),
}


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_what_was_accepted_and_crashed_later_or_meant_nothing_is_refused(case: str) -> None:
    """A leader is a seat 0-2; Schneider and Schwarz are announced in suit and grand games
    only (docs/rules/skat.md, Game types and announcements: Null has no Schneider); a multi-card
    Skitgubbe play is a run of consecutive cards of one suit (docs/rules/skitgubbe.md, Variants:
    Sequences); a card is dealt once; a bid and a threshold are numbers (cardlib's own decision:
    nan compares false with every number, so it would pass every check and mean nothing)."""
    call, named = ACCEPTED[case]
    with pytest.raises(CardlibError) as refused:
        call()
    assert named in str(refused.value), str(refused.value)


def test_an_unknown_keyword_names_the_keywords_accepted() -> None:
    with pytest.raises(CallError) as refused:
        skat.Rules(bogus=1)
    assert str(refused.value) == (
        "Rules(): no keyword 'bogus'; it takes players, ramsch, kontra, ramsch_rules"
    )


def test_a_call_error_leaves_except_type_error_working() -> None:
    with pytest.raises(TypeError):
        skat.trumps("grand")
