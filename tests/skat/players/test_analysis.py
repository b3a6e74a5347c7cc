"""Hand analysis: matadors (known and still possible), the bid each game covers, the table."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from cardlib import parse_cards
from cardlib.errors import CardlibError, RulesError
from cardlib.skat import GameType
from cardlib.skat.engine.facts import matadors, matadors_text
from cardlib.skat.players.analysis import analyse

CLUBS, GRAND = GameType.CLUBS, GameType.GRAND


def test_matadors_count_the_skat_too() -> None:
    # seed: top trump ♥J in hand, ♣J in the skat: "with 1", not "without 2"
    hand = parse_cards("HJ CA CT CK C9 SA ST HA HT D7")
    assert matadors(hand, CLUBS) == -2
    assert matadors(hand + parse_cards("CJ S7"), CLUBS) == 1


@pytest.mark.parametrize(
    ("cards", "game", "count"),
    [
        ("CJ HJ SA", GRAND, 1),  # grand with 1 (♣J, ♥J, no ♠J)
        ("CA CT S7", CLUBS, -4),  # clubs without 4: holds ♣A but no jack
        ("CJ SJ HJ DJ", GRAND, 4),  # grand: only the jacks count
        ("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", CLUBS, 11),
        ("DJ", CLUBS, -3),
        ("C7", CLUBS, -10),
    ],
)
def test_matadors_examples(cards: str, game: GameType, count: int) -> None:
    assert matadors(parse_cards(cards), game) == count


def test_null_has_no_matadors() -> None:
    assert matadors(parse_cards("CJ SJ HJ"), GameType.NULL) == 0
    assert matadors_text(2) == "with 2" and matadors_text(-3) == "without 3"


def test_with_two_clubs_covers_36_and_48_hand() -> None:
    analysis = analyse(parse_cards("CJ SJ CA CT CK C9 C8 SA HA D7"))
    row = analysis.row(CLUBS)
    assert row.multiplier == 3 and row.value == 36 and row.hand_value == 48
    assert row.explanation.startswith(
        "with 2, game 3 × 12 = 36: a won clubs game is worth 36 (48 with Hand), "
        "so it covers bids up to 36"
    )
    assert row.matadors == (2, 3, 7) and not row.known
    assert analysis.row(GRAND).value == 72


def test_without_two_may_still_change_and_the_bid_counts_on_the_worst() -> None:
    analysis = analyse(parse_cards("HJ DJ CA CT CK C9 C8 SA HA D7"))
    row = analysis.row(CLUBS)
    assert row.matadors == (-2, -1, 1, 7)
    chances = dict(row.chances)
    assert sum(chances.values()) == 1
    assert chances[-2] == Fraction(comb(20, 2), comb(22, 2))  # neither ♣J nor ♠J in the skat
    assert chances[7] == Fraction(1, comb(22, 2))  # exactly ♣J ♠J in the skat
    assert row.multiplier == 2 and row.value == 24
    assert "counting on without 1" in row.explanation


def test_a_known_skat_fixes_the_matadors() -> None:
    analysis = analyse(parse_cards("HJ DJ CA CT CK C9 C8 SA HA D7"), skat=parse_cards("CJ S7"))
    row = analysis.row(CLUBS)
    assert row.known and row.matadors == (1,) and row.chances == ((1, Fraction(1)),)
    assert row.explanation == (
        "with 1, game 2 × 12 = 24: a won clubs game is worth 24 (36 with Hand), "
        "so it covers bids up to 24"
    )


def test_null_rows_and_the_table() -> None:
    analysis = analyse(parse_cards("C7 C8 S7 S9 H7 H8 HT D7 D8 D9"))
    null = analysis.row(GameType.NULL)
    assert (null.value, null.hand_value) == (23, 35)
    assert "Null Ouvert 46" in null.explanation
    text = analysis.to_text()
    assert text.splitlines()[1].split()[:3] == ["Game", "Matadors", "possible"]
    assert len(text.splitlines()) == 8
    assert "<table>" in analysis._repr_html_() and "♣" in analysis._repr_html_()
    assert analysis.best.game is GRAND


@pytest.mark.parametrize(
    ("hand", "skat"),
    [
        ("CJ SJ HJ", None),
        ("CJ CJ CA CT CK C9 C8 SA HA D7", None),
        ("CJ SJ CA CT CK C9 C8 SA HA D7", "CJ S7"),
        ("CJ SJ CA CT CK C9 C8 SA HA D7", "S7"),
    ],
)
def test_bad_input_is_refused(hand: str, skat: str | None) -> None:
    with pytest.raises(RulesError, match="analyse"):
        analyse(parse_cards(hand), None if skat is None else parse_cards(skat))


def test_matadors_read_text_cards_as_the_cards_they_name() -> None:
    # Rule text (ISkO, shared rules "Matadors"): the unbroken run of top trumps from ♣J down that
    # the declarer holds. ♣J ♠J ♥J without ♦J is "with 3", given as text or as cards.
    assert matadors("CJ SJ HJ", GRAND) == matadors(["CJ", "SJ", "HJ"], GRAND) == 3
    assert matadors(parse_cards("CJ SJ HJ"), GRAND) == 3
    with pytest.raises(CardlibError):
        matadors("CJ X9", GRAND)
