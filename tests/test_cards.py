"""Cards, hands, decks and seats: round trips, strict parsing, table helpers."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import (
    FULL_DECK,
    SKAT_DECK,
    Card,
    CardlibError,
    Hand,
    InvalidCardError,
    Rank,
    RulesError,
    Seat,
    Suit,
    as_cards,
    parse_cards,
)


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_every_card_round_trips_through_text_symbol_and_repr(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert eval(repr(card)) is card
    assert repr(card) == f"Card('{card}')"
    assert Card(card.suit, card.rank) is Card(str(card)) is Card(card.symbol) is Card(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card


def test_text_forms_of_one_card() -> None:
    ten = Card.parse("HT")
    assert (str(ten), repr(ten), ten.symbol) == ("HT", "Card('HT')", "♥10")
    assert Card.parse("H10") is Card.parse("♥T") is Card.parse("h10") is Card.parse("♥10") is ten


def test_decks_have_the_documented_order() -> None:
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert " ".join(map(str, FULL_DECK[:13])) == "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 C2"
    assert [card.suit for card in FULL_DECK[::13]] == list(Suit)
    assert sorted(reversed(FULL_DECK)) == list(FULL_DECK)
    assert len(SKAT_DECK) == 32
    assert " ".join(map(str, SKAT_DECK[:8])) == "CA CK CQ CJ CT C9 C8 C7"
    assert all(card.rank >= Rank.SEVEN for card in SKAT_DECK)
    assert list(SKAT_DECK) == sorted(SKAT_DECK)


def test_cards_are_immutable() -> None:
    card = Card.parse("SA")
    with pytest.raises(AttributeError, match="immutable"):
        card.rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del card.suit  # type: ignore[misc]


def test_parse_cards_accepts_the_documented_separators() -> None:
    expected = parse_cards("CJ SJ HT H9")
    assert parse_cards("CJ,SJ, H10.h9") == expected
    assert parse_cards("  ♣J\t♠J\nHT   ♥9 ") == expected
    assert parse_cards("") == parse_cards("   ") == ()


BAD_CARDS = ["", " ", "H", "1", "H1", "X9", "H10x", "10H", "TH", "HT ", "H 10", "HTT", "H11",
             "H0", "♥", "♥1", "Ace", "HZ", "HT,"]  # fmt: skip


@pytest.mark.parametrize("text", BAD_CARDS)
def test_bad_card_text_is_refused_with_a_message_quoting_it(text: str) -> None:
    with pytest.raises(InvalidCardError) as error:
        Card.parse(text)
    message = str(error.value)
    assert repr(text) in message
    assert "expected a suit" in message


BAD_LISTS = [
    ("H", "word 1, 'H'"),
    ("CJ H1", "word 2, 'H1'"),
    ("CJ SJ X9", "word 3, 'X9'"),
    ("HT H10x", "word 2, 'H10x'"),
    ("10H", "word 1, '10H'"),
    ("CJ;SJ", "word 1, 'CJ;SJ'"),
    ("CJ - SJ", "word 2, '-'"),
]


@pytest.mark.parametrize(("text", "where"), BAD_LISTS)
def test_bad_card_lists_name_the_word_and_quote_the_input(text: str, where: str) -> None:
    with pytest.raises(InvalidCardError) as error:
        parse_cards(text)
    message = str(error.value)
    assert message.startswith(repr(text))
    assert where in message
    assert "expected a suit" in message


def test_a_card_given_twice_is_refused_only_when_uniqueness_is_required() -> None:
    deck = " ".join(map(str, FULL_DECK))
    assert len(parse_cards(deck, unique=True)) == 52
    doubled = deck + " ♥10"
    assert len(parse_cards(doubled)) == 53
    with pytest.raises(InvalidCardError) as error:
        parse_cards(doubled, unique=True)
    assert "HT is given twice" in str(error.value)
    assert str(error.value).startswith(repr(doubled))
    with pytest.raises(InvalidCardError, match="given twice"):
        parse_cards("H10 HT", unique=True)


@pytest.mark.parametrize("value", [None, 7, b"HT", ["HT"], Card.parse("HT"), 1.5])
def test_non_text_is_refused_as_an_invalid_card(value: object) -> None:
    with pytest.raises(InvalidCardError, match="expected text"):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="expected text"):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("suit", "rank"),
    [("H", Rank.TEN), (Suit.HEARTS, 15), (Suit.HEARTS, "T"), ([], Rank.TEN), (Suit.HEARTS, {})],
)
def test_card_from_bad_parts_is_an_invalid_card(suit: object, rank: object) -> None:
    with pytest.raises(InvalidCardError, match="expected a Suit and a Rank"):
        Card(suit, rank)  # type: ignore[arg-type]


def test_suit_and_rank_parsers() -> None:
    assert [Suit.parse(s) for s in "CSHD"] == [Suit.parse(s) for s in "♣♠♥♦"] == list(Suit)
    assert Rank.parse("10") is Rank.parse("T") is Rank.parse("t") is Rank.TEN
    assert [rank.label for rank in Rank][-5:] == ["10", "J", "Q", "K", "A"]
    with pytest.raises(InvalidCardError, match="'X' is not a suit"):
        Suit.parse("X")
    with pytest.raises(InvalidCardError, match="'1' is not a rank"):
        Rank.parse("1")
    assert [suit.is_red for suit in Suit] == [False, False, True, True]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_parses_to_cards_that_reparse_or_is_refused(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        return
    assert parse_cards(" ".join(map(str, cards))) == cards
    assert parse_cards(" ".join(card.symbol for card in cards)) == cards


CARD_WORD = st.sampled_from(FULL_DECK).flatmap(
    lambda card: st.sampled_from([str(card), card.symbol, str(card).lower()])
)


@settings(max_examples=200, deadline=None)
@given(st.lists(CARD_WORD), st.lists(st.sampled_from([" ", ",", ".", "\t", ", "]), min_size=1))
def test_card_words_with_any_separators_parse(words: list[str], seps: list[str]) -> None:
    text = "".join(word + seps[i % len(seps)] for i, word in enumerate(words))
    assert [str(card) for card in parse_cards(text)] == [Card.parse(w).__str__() for w in words]


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=4))
def test_any_short_text_is_one_card_or_refused(text: str) -> None:
    try:
        card = Card.parse(text)
    except InvalidCardError as error:
        assert repr(text) in str(error)
        return
    assert Card.parse(str(card)) is card


def test_hand_prints_in_symbols_and_keeps_the_callers_order() -> None:
    hand = Hand("CJ SJ HA HT")
    assert repr(hand) == "Hand('CJ SJ HA HT')"
    assert eval(repr(hand)) == hand and type(eval(repr(hand))) is Hand
    assert str(hand) == "CJ SJ HA HT"
    assert hand.symbol == "♣J ♠J ♥A ♥10"
    assert "Hand[♣J ♠J ♥A ♥10]" in hand._repr_mimebundle_()["text/plain"]
    assert hand == parse_cards("CJ SJ HA HT")
    assert Hand(["HT", Card.parse("CJ")]) == (Card.parse("HT"), Card.parse("CJ"))
    assert Hand() == ()
    with pytest.raises(InvalidCardError):
        Hand("CJ H1")
    with pytest.raises(InvalidCardError):
        Hand(["CJ", "H1"])


def test_card_sets_iterate_in_deck_order_whatever_the_memory_layout() -> None:
    # The hash is the deck index, not the address, so a printed set is the same in every kernel.
    assert [hash(card) for card in FULL_DECK] == list(range(52))
    assert list(frozenset(reversed(FULL_DECK))) == list(FULL_DECK)


def test_seats_go_round_the_table() -> None:
    assert [Seat.A.next(3), Seat.B.next(3), Seat.C.next(3)] == [Seat.B, Seat.C, Seat.A]
    assert [Seat.A.previous(3), Seat.C.previous(3)] == [Seat.C, Seat.B]
    assert [Seat.D.next(4), Seat.A.previous(4), Seat.B.next(2)] == [Seat.A, Seat.D, Seat.A]
    assert list(Seat.iter_from(Seat.C, 4)) == [Seat.C, Seat.D, Seat.A, Seat.B]
    assert list(Seat.iter_from(Seat.A, 2)) == [Seat.A, Seat.B]
    for players in (2, 3, 4):
        for seat in list(Seat)[:players]:
            assert seat.next(players).previous(players) is seat
            assert len(set(Seat.iter_from(seat, players))) == players
    assert (str(Seat.B), repr(Seat.B)) == ("B", "Seat.B")


@pytest.mark.parametrize(
    ("seat", "players"), [(Seat.D, 3), (Seat.C, 2), (Seat.A, 0), (Seat.A, 1), (Seat.A, 5)]
)
def test_a_seat_not_at_the_table_is_refused(seat: Seat, players: int) -> None:
    for call in (seat.next, seat.previous, lambda n: list(Seat.iter_from(seat, n))):
        with pytest.raises(RulesError) as error:
            call(players)
        assert f"seat {seat}" in str(error.value)
        assert f"{players} players" in str(error.value)


@pytest.mark.parametrize("start", [7, -1, "A", None])
def test_iterating_from_something_that_is_not_a_seat_is_refused(start: object) -> None:
    with pytest.raises(RulesError, match="is not a seat"):
        Seat.iter_from(start, 3)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    assert issubclass(InvalidCardError, CardlibError)
    assert issubclass(CardlibError, ValueError)


@pytest.mark.parametrize(
    "bad", [42, 4.5, None, True, ["CJ", 7], [Card("CJ"), None], object()], ids=repr
)
def test_constructors_refuse_non_cards_with_a_card_error(bad: object) -> None:
    with pytest.raises(InvalidCardError):
        Card(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Hand(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="hand"):
        as_cards(bad, name="hand")  # type: ignore[arg-type]


def test_as_cards_is_the_one_coercer() -> None:
    assert as_cards("CJ ♠J h10") == as_cards(["CJ", Card("SJ"), "♥10"]) == Hand("CJ SJ HT")
    assert as_cards(Card("D7")) == (Card("D7"),)
    assert as_cards(iter(["CA"])) == (Card("CA"),)
    with pytest.raises(InvalidCardError, match="D6 is not in the 32-card Skat pack"):
        as_cards("CJ D6", pack="skat")
    with pytest.raises(InvalidCardError, match="CJ given twice"):
        as_cards(["CJ", "SJ", "CJ"], unique=True)
    assert as_cards(["CJ", "CJ"]) == (Card("CJ"), Card("CJ"))


def test_cards_show_through_the_picture_they_are_given() -> None:
    from cardlib import draw_cards_with
    from cardlib.display import mimebundle

    seen: list[tuple[tuple[Card, ...], str]] = []

    def picture(cards: Sequence[Card], label: str) -> dict[str, str]:
        seen.append((tuple(cards), label))
        return {"text/plain": label.upper()}

    draw_cards_with(picture)
    try:
        assert Hand("CJ HT")._repr_mimebundle_() == {"text/plain": "HAND[♣J ♥10]"}
        assert Card("HT")._repr_mimebundle_() == {"text/plain": "CARD[♥10]"}
        assert seen == [((Card("CJ"), Card("HT")), "Hand[♣J ♥10]"), ((Card("HT"),), "Card[♥10]")]
    finally:
        draw_cards_with(mimebundle)
    assert sorted(Hand("CJ")._repr_mimebundle_()) == ["image/png", "image/svg+xml", "text/plain"]
