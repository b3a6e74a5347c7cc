"""HandPicker and SplitExplorer without a browser: clicks, text input, the numbers they show."""

from __future__ import annotations

from fractions import Fraction

from cardlib.cards import Card, parse_cards
from cardlib.probability import as_fraction, split_distribution, split_formula, trump_split
from cardlib.probability.core import patterns
from cardlib.skat import GameType
from cardlib.skat.widgets.explorer import split_lines
from cardlib.skat.widgets.picker import bid_limit, game_values
from cardlib.widgets import HandPicker, SplitExplorer

HAND = "CJ SJ HJ CA CT CK CQ C9 SA HA"


def test_clicking_cards_builds_the_hand_and_the_skat() -> None:
    picker = HandPicker()
    assert picker.report()[0].startswith("Pick ten cards for the hand (0 so far)")
    for card in parse_cards(HAND):
        picker.buttons[card].click()
    assert picker.hand_count == 10
    picker.mode.value = "skat"
    picker.buttons[Card.parse("D7")].click()
    picker.buttons[Card.parse("D8")].click()
    assert picker.skat == list(parse_cards("D7 D8"))
    assert (
        picker.buttons[Card.parse("D7")].style.button_color
        != picker.buttons[Card.parse("CJ")].style.button_color
    )
    picker.buttons[Card.parse("D9")].click()  # a third skat card is refused, explained
    assert "full" in picker.error.value and len(picker.skat) == 2
    picker.buttons[Card.parse("CJ")].click()  # a second click takes the card out
    assert picker.hand_count == 9


def test_the_numbers_change_when_a_card_is_toggled() -> None:
    picker = HandPicker(hand=HAND)
    before = picker.panel.value
    chart = bytes(picker.chart.value)
    picker.toggle("CJ")
    picker.toggle("D7")
    assert picker.panel.value != before and bytes(picker.chart.value) != chart
    assert "♣: without 1" in picker.panel.value and "2 × 12 = 24" in picker.panel.value
    assert "4 trumps out" in picker.panel.value


def test_panel_numbers_come_from_the_probability_module() -> None:
    hand = parse_cards(HAND)
    picker = HandPicker(hand=HAND)
    split = patterns(trump_split(hand, GameType.CLUBS))
    assert f"3-0-0: {float(split[(3, 0, 0)]) * 100:.1f}%" in picker.panel.value
    assert bid_limit(hand, None) == (96, "Grand")  # with 3 jacks: 4 × 24
    assert game_values(hand, parse_cards("D7 D8"))[0] == (
        "♣: with 3, game 4 × 12 = 48: a won clubs game is worth 48 (60 with Hand), "
        "so it covers bids up to 48"
    )
    assert game_values(hand, None)[0].endswith("with the right skat it could be with 10")
    assert "skat changes the matadors: 1/11 = 9.1%" in picker.panel.value  # ♦J in the skat


def test_text_box_reads_notation_and_explains_mistakes_in_place() -> None:
    picker = HandPicker()
    picker.text.value = HAND + " | D7 D8"
    assert picker.hand_count == 10 and len(picker.skat) == 2 and picker.error.value == ""
    picker.text.value = "CJ C2"
    assert "not in the 32-card Skat pack" in picker.error.value and picker.hand_count == 10
    picker.text.value = "CJ CJ"
    assert "CJ" in picker.error.value and picker.hand_count == 10
    picker.text.value = "CJ | CJ"
    assert "in both hand and skat" in picker.error.value


def test_picker_snapshot_and_repr_are_static_and_short() -> None:
    picker = HandPicker(hand=HAND, skat="D7 D8")
    assert repr(picker) == "HandPicker(♣J ♠J ♥J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A, skat ♦7 ♦8, ♣)"
    picture = picker.snapshot()
    assert picture.svg.startswith("<svg") and "Bid limit: 96" in picture.text
    assert picker._repr_mimebundle_()["text/plain"] == repr(picker)


def test_explorer_lines_are_the_formulas_of_the_probability_module() -> None:
    for n, sizes in ((3, (10, 10)), (4, (10, 10, 2)), (0, (5, 5))):
        lines = split_lines(n, sizes)
        distribution = split_distribution(n, sizes)
        assert len(lines) == len(distribution)
        for line, (split, p) in zip(lines, distribution.items(), strict=True):
            assert line.startswith(f"{split}:") and f"= {p} ≈" in line
            assert as_fraction(split_formula(split, sizes)) == p


def test_explorer_sliders_and_model() -> None:
    explorer = SplitExplorer(outstanding=5)
    chart = explorer.chart.value
    assert "(2, 3): C(10,2) × C(10,3) / C(20,5)" in explorer.formula.value
    explorer.outstanding.value = 6
    assert explorer.chart.value != chart and "C(20,6)" in explorer.formula.value
    explorer.skat.value = True
    assert explorer.sizes == (10, 10, 2) and "C(22,6)" in explorer.formula.value
    explorer.model.value = "coin"
    labels = [label for label, _ in explorer.distributions()]
    assert labels == ["exact", "coin"] and "Coin approximation" in explorer.formula.value
    coin = dict(explorer.distributions()[1][1])
    assert sum(coin.values()) == 1 and coin != dict(explorer.distributions()[0][1])
    explorer.per_opponent.value = 2
    assert explorer.outstanding.max == 6 and sum(explorer.distributions()[0][1].values()) == 1
    assert repr(explorer) == "SplitExplorer(6 trumps out among 2 + 2 + 2, coin)"
    assert Fraction(1) == sum(split_distribution(6, (2, 2, 2)).values())


def test_win_chance_on_request_solves_seeded_deals() -> None:
    picker = HandPicker(hand="CJ SJ HJ DJ CA CT SA ST HA HT")  # four jacks, four aces, four tens
    picker.game.value = GameType.GRAND
    picker.win_button.click()
    assert "from 10 samples" in picker.win.value and "(seed 1)" in picker.win.value
    assert "win: 1.0000" in picker.win.value
    picker.toggle("HT")
    assert picker.win.value == "" and picker.win_button.disabled
