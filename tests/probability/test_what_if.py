"""The what-if report agrees with the hand analysis and with the exact splits."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardlib.cards import SKAT_DECK
from cardlib.errors import CardlibError
from cardlib.probability import (
    compare_reports,
    hand_report,
    skat_outlook,
    split_distribution,
)
from cardlib.skat import GameType, analyse

GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND)


@pytest.mark.parametrize("seed", range(4))
def test_matador_chances_agree_with_the_hand_analysis(seed: int) -> None:
    hand = random.Random(seed).sample(SKAT_DECK, 10)
    outlook, analysis = skat_outlook(hand), analyse(hand)
    for game in GAMES:
        assert outlook.matadors(game) == dict(analysis.row(game).chances)


def test_report_joins_analysis_outlook_and_split() -> None:
    report = hand_report("CJ SJ CA CT CK C9 C8 SA HA D7")
    assert report.game is GameType.CLUBS  # the suit with the most trumps
    assert report.bid_limit == analyse(report.hand).row(GameType.CLUBS).value == 36
    assert (report.trumps_held, report.trumps_out) == (7, 4)
    assert report.split == split_distribution(4, (10, 10, 2))
    assert report.even_split == split_distribution(4, (10, 10, 2))[(2, 2, 0)]
    assert report.long_trumps() == split_distribution(4, (10, 10, 2)).prob(
        lambda k: max(k[:2]) >= 3
    )
    assert report.opponents.total() == 1
    assert "bid up to" in str(report) and "36 (Hand: 48)" in str(report)
    assert hand_report("CJ SJ HJ DJ CA CT SA ST HA HT").game is GameType.CLUBS  # tie: higher suit
    assert hand_report("CJ D7 D8 D9 DQ DK SA ST HA HT").game is GameType.DIAMONDS


def test_odd_counts_split_evenly_both_ways() -> None:
    report = hand_report("CJ SJ HJ CA CT CK C9 C8 SA HA", "C")
    assert report.even_split == Fraction(2 * 45 * 10, 1540)


def test_comparison_marks_what_changed() -> None:
    before = hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "C")
    after = hand_report("CJ SJ CA CT CK C9 C8 SA HA HJ", "C")
    lines = compare_reports(before, after).splitlines()
    marked = {line.split("  ")[1].strip() for line in lines[2:] if " * " in line}
    assert "bid up to" in marked and "game value (picked up)" in marked
    assert "game" not in marked and "skat changes the matadors" not in marked
    with pytest.raises(CardlibError, match="one game"):
        compare_reports(before, hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "G"))
    with pytest.raises(CardlibError, match="has 9"):
        hand_report("CJ SJ CA CT CK C9 C8 SA HA")
    with pytest.raises(CardlibError, match="null"):
        hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "N")


def test_report_shows_as_text_and_html() -> None:
    report = hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "C")
    assert repr(report) == str(report) and "HandReport(" not in repr(report)
    html = report._repr_html_()
    assert 'nowrap">What if: ♣J ♠J' in html and ">bid up to<" in html
    assert html.count("<tr>") == len(report.lines()) + 1
