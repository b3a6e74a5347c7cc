"""Deals: building, checking, parsing, printing and the seeded 3-skat-4-3 deal."""

from __future__ import annotations

import random

import pytest

from cardlib import SKAT_DECK, Card, Seat, parse_cards
from cardlib.errors import CardlibError, RulesError
from cardlib.skat import Rules, new_game
from cardlib.skat.engine.deal import Deal, _deal_in_packets, new_deal

TEXT = (
    "CJ SJ HJ DJ CA CT CK CQ C9 C8 | C7 SA ST SK SQ S9 S8 S7 HA HT | "
    "HK HQ H9 H8 H7 DA DT DK DQ D9 | D8 D7"
)


def test_parse_and_str_round_trip() -> None:
    deal = Deal.parse(TEXT)
    assert str(deal) == TEXT
    assert Deal.parse(str(deal)) == deal
    assert deal.skat == parse_cards("D8 D7")
    assert deal.hand(1)[0] == Card.parse("C7")


def test_hands_are_sorted_for_display() -> None:
    deal = Deal.parse(TEXT.replace("CJ SJ HJ DJ CA", "CA DJ HJ SJ CJ"))
    assert [str(c) for c in deal.fh[:5]] == ["CJ", "SJ", "HJ", "DJ", "CA"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (TEXT.replace(" | D8 D7", " | D8"), "the skat has 1"),
        (TEXT.replace("C8 |", "C7 |"), "C7 is dealt twice"),
        (TEXT.replace("D7", "D6"), "D6 not in the 32-card Skat pack"),
        ("CJ SJ | HJ", "expected 'FH cards"),
    ],
)
def test_bad_deals_are_refused_with_the_input_quoted(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Deal.parse(text)


def test_bad_card_text_is_a_cardlib_error() -> None:
    with pytest.raises(CardlibError, match="'X9'"):
        Deal.parse(TEXT.replace("D7", "X9"))


def test_new_deal_is_seeded_and_complete() -> None:
    assert new_deal(7) == new_deal(7) == new_deal(random.Random(7))
    assert new_deal(7) != new_deal(8)
    deal = new_deal(123)
    cards = [c for part in (*deal.hands, deal.skat) for c in part]
    assert sorted(cards) == sorted(SKAT_DECK)


def test_dealing_order_is_three_skat_four_three() -> None:
    pack = list(SKAT_DECK)
    deal = _deal_in_packets(pack)
    assert set(deal.fh) == set(pack[0:3] + pack[11:15] + pack[23:26])
    assert set(deal.mh) == set(pack[3:6] + pack[15:19] + pack[26:29])
    assert set(deal.rh) == set(pack[6:9] + pack[19:23] + pack[29:32])
    assert list(deal.skat) == pack[9:11]


class _Keys(random.Random):
    """Hands out the given keys in turn (``new_deal`` draws one per card of SKAT_DECK)."""

    def __init__(self, keys: list[float]) -> None:
        super().__init__(0)
        self._keys = iter(keys)

    def random(self) -> float:
        return next(self._keys)


@pytest.mark.parametrize("seed", range(20))
def test_new_deal_deals_the_pack_sorted_on_its_keys_in_packets(seed: int) -> None:
    """The reference: sort SKAT_DECK on the keys (equal keys keep the pack's order, as a stable
    sort does), then deal 3-skat-4-3. Seeds 10-19 draw keys from only four values, so that many
    keys are equal (cardlib's own case: the rule a stable sort gives)."""
    rng = random.Random(seed)
    keys = [rng.random() if seed < 10 else rng.choice([0.1, 0.2, 0.3, 0.4]) for _ in range(32)]
    order = sorted(range(32), key=keys.__getitem__)
    expected = _deal_in_packets([SKAT_DECK[i] for i in order])
    deal = new_deal(_Keys(keys))
    assert deal == expected
    assert list(deal.skat) == list(expected.skat)


def test_a_deal_holds_its_hands_as_bitmasks_too() -> None:
    """Bit order: the four jacks, then each suit A 10 K Q 9 8 7 (``_tables``)."""
    order = ["CJ", "SJ", "HJ", "DJ"] + [suit + rank for suit in "CSHD" for rank in "ATKQ987"]
    bit = {card: i for i, card in enumerate(parse_cards(" ".join(order)))}
    for deal in (new_deal(5), Deal.parse(TEXT)):
        assert deal._masks == tuple(sum(1 << bit[c] for c in hand) for hand in deal.hands)


def test_iss_form_lists_fh_mh_rh_then_skat() -> None:
    deal = Deal.parse(TEXT)
    assert deal.to_iss().split(".")[:2] == ["CJ", "SJ"]
    assert deal.to_iss().split(".")[-2:] == ["D8", "D7"]


def test_rules_options() -> None:
    assert Rules().players == 3
    assert Rules(players=4).active_seats(Seat.A) == (Seat.B, Seat.C, Seat.D)
    with pytest.raises(RulesError, match="players=2"):
        Rules(players=2)
    with pytest.raises(RulesError, match="ramsch='sometimes'"):
        Rules(ramsch="sometimes")
    assert Rules(ramsch="passed").ramsch == "passed"
    with pytest.raises(RulesError, match="ramsch_rules"):
        Rules(ramsch="passed", ramsch_rules="schiebe")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="dealer"):
        Rules().active_seats(Seat.D)


def test_at_four_the_dealer_sits_out_and_no_view_shows_the_dealer_a_card() -> None:
    # The seed: at four "one only deals the cards, in turn"; the rules give the dealer no hand.
    # cardlib's decision (docs/rules/skat.md): the dealer who sits out is no position of the
    # deal, so no view of it exists; the deal itself is the same 10/10/10/2 as at three.
    four = Rules(players=4)
    for dealer in Seat:
        seats = four.active_seats(dealer)
        assert dealer not in seats and len(set(seats)) == 3
        assert seats[0] == dealer.next(4)
    state = new_game(new_deal(5), four)
    assert state.seat_count == 3 and state.deal == new_game(new_deal(5)).deal
    with pytest.raises(RulesError, match="expected a position"):
        state.view(3)
