"""Phase 1: tricks of two, drawing, stunsa, turning up, the trump card, the end of phase 1."""

from __future__ import annotations

import pytest

from cardlib import FULL_DECK, Card, RulesError, Seat, Suit, parse_cards
from cardlib.skitgubbe import (
    PhaseTwo,
    Play,
    Rules,
    TurnUp,
    new_game,
    phase_one_position,
)


def deck(first: str) -> list[Card]:
    """A full pack whose top cards are ``first``; the rest in pack order."""
    top = list(parse_cards(first))
    return top + [card for card in FULL_DECK if card not in top]


def rest(*used: str) -> list[Card]:
    taken = set(parse_cards(" ".join(used)))
    return [card for card in FULL_DECK if card not in taken]


# A gets H7 H9 HA, B gets S7 S9 C2, C gets D3 D4 D5; the stock starts C3 C4 C5 C6 ...
DEAL = "H7 S7 D3 H9 S9 D4 HA C2 D5 C3 C4 C5 C6"


def test_the_deal_goes_one_at_a_time_from_the_dealers_left() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    assert state.dealer is Seat.C and state.current_player is Seat.A
    assert [str(hand) for hand in state.hands] == ["HA H9 H7", "C2 S9 S7", "D5 D4 D3"]
    assert state.stock_size == 43 and state.stock[:2] == parse_cards("C3 C4")
    assert state.trick_size == 2


def test_higher_rank_wins_and_each_player_draws_after_playing() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    state = state.play(Play("H7"))
    assert str(state.hand(Seat.A)) == "C3 HA H9"
    state = state.play(Play("C2"))
    assert str(state.hand(Seat.B)) == "C4 S9 S7"
    assert state.current_player is Seat.A  # the leader won: A leads again to B
    assert state.collected[Seat.A] == parse_cards("C2 H7")
    assert state.trick == () and state.stock_size == 41
    assert "A leads again, to B" in str(state.events[-1])
    state = state.play(Play("C3")).play(Play("S9"))
    assert state.current_player is Seat.B  # B won: B leads to C
    assert state.round_players == (Seat.B, Seat.C)
    assert set(state.collected[Seat.B]) == set(parse_cards("C3 S9"))


def test_stunsa_and_double_stunsa_keep_the_cards_on_the_table() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    state = state.play(Play("H7")).play(Play("S7"))
    assert state.events[-1].code == "stunsa" and state.stunsas == 1
    assert state.trick == parse_cards("H7 S7")
    assert state.current_player is Seat.A and state.round_players == (Seat.A, Seat.B)
    assert str(state.hand(Seat.A)) == "C3 HA H9" and str(state.hand(Seat.B)) == "C4 C2 S9"
    assert "A and B both played a 7: stunsa" in str(state.events[-1])
    state = state.play(Play("H9")).play(Play("S9"))
    assert state.stunsas == 2 and "double stunsa" in str(state.events[-1])
    assert state.trick == parse_cards("H7 S7 H9 S9")
    state = state.play(Play("HA")).play(Play("C2"))
    assert state.trick == () and state.stunsas == 0
    assert set(state.collected[Seat.A]) == set(parse_cards("H7 S7 H9 S9 HA C2"))
    assert "puts 6 cards face down" in str(state.events[-1])
    assert state.stock_size == 43 - 6


def test_turning_up_plays_the_stock_top_without_drawing() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    state = state.play(TurnUp())
    assert state.trick == parse_cards("C3")
    assert str(state.hand(Seat.A)) == "HA H9 H7"
    assert state.stock_size == 42 and state.current_player is Seat.B
    assert state.events[0].code == "turn_up"
    state = state.play(TurnUp())  # the follower may turn up too
    assert state.collected[Seat.B] == parse_cards("C4 C3")


def last_stock_position(**options: object) -> object:
    return phase_one_position(
        Rules(**options),  # type: ignore[arg-type]
        hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"],
        stock="DA",
        collected=[rest("H7 H9 HA S7 S9 C2 D3 D4 D5 DA"), [], []],
        leader=Seat.A,
    )


def test_the_last_stock_card_is_set_aside_as_the_trump_card() -> None:
    state = last_stock_position()
    assert TurnUp() not in state.legal_moves()  # type: ignore[attr-defined]
    state = state.play(Play("H7"))  # type: ignore[attr-defined]
    assert state.trump_card == Card.parse("DA") and state.trump_owner is Seat.A
    assert state.trumps is Suit.DIAMONDS
    assert str(state.hand(Seat.A)) == "HA H9" and state.stock_size == 0
    assert [event.code for event in state.events] == ["play", "trump_card"]
    assert "nobody may look at it" in str(state.events[1])
    assert not state.trump_visible_to(Seat.A) and not state.trump_visible_to(Seat.B)
    assert state.view(Seat.A).rows()[-1] == ("trump card (beside A)", [None])
    state = state.play(Play("C2"))  # B does not draw: the stock is empty
    assert str(state.hand(Seat.B)) == "S9 S7"


@pytest.mark.parametrize(("visibility", "owner_sees", "others_see"),
                         [("owner", True, False), ("all", True, True)])  # fmt: skip
def test_trump_card_visibility_options(visibility: str, owner_sees: bool, others_see: bool) -> None:
    state = last_stock_position(trump_visibility=visibility).play(Play("H7"))  # type: ignore[attr-defined]
    assert state.trump_visible_to(Seat.A) is owner_sees
    assert state.trump_visible_to(Seat.B) is others_see
    assert (Card.parse("DA") in state.seen_by(Seat.B)) is others_see


def test_phase_one_ends_when_the_follower_has_no_card_and_the_lead_goes_back() -> None:
    state = phase_one_position(
        hands=["H7 C2", "", "D3"],
        collected=[[], rest("H7 C2 D3 DA"), []],
        trump_card="DA",
        trump_owner=Seat.C,
        leader=Seat.A,
    )
    state = state.play(Play("H7"))
    assert isinstance(state, PhaseTwo) and state.phase == 2
    codes = [event.code for event in state.events]
    assert codes == ["play", "phase_one_end", "trumps"]
    assert "B is due to answer but has no card" in str(state.events[1])
    assert "A takes back ♥7" in str(state.events[1])
    assert state.current_player is Seat.C  # the trump card's owner leads
    assert str(state.hand(Seat.A)) == "C2 H7"
    assert str(state.hand(Seat.C)) == "DA D3"
    assert len(state.hand(Seat.B)) == 52 - 4
    assert state.trumps is Suit.DIAMONDS and state.trick_size == 3


def test_a_pending_stunsa_goes_back_to_the_players_at_the_end_of_phase_one() -> None:
    state = phase_one_position(
        hands=["H7", "S7", "D3 D4"],
        collected=[[], [], rest("H7 S7 D3 D4 DA")],
        trump_card="DA",
        trump_owner=Seat.B,
        leader=Seat.A,
    )
    state = state.play(Play("H7")).play(Play("S7"))
    assert isinstance(state, PhaseTwo)
    assert [event.code for event in state.events] == ["play", "stunsa", "phase_one_end", "trumps"]
    assert "A is due to lead but has no card" in str(state.events[2])
    assert "A takes back ♥7; B takes back ♠7" in str(state.events[2])
    assert str(state.hand(Seat.A)) == "H7" and str(state.hand(Seat.B)) == "S7 DA"
    assert state.current_player is Seat.B


def test_an_empty_handed_player_is_out_at_the_start_of_phase_two() -> None:
    state = phase_one_position(
        hands=["HA", "H2", ""],
        collected=[rest("HA H2 DA"), [], []],
        trump_card="DA",
        trump_owner=Seat.B,
        leader=Seat.A,
    )
    state = state.play(Play("HA")).play(Play("H2"))
    assert isinstance(state, PhaseTwo)
    assert state.out_order == (Seat.C,)
    assert state.current_player is Seat.B and state.trick_size == 2
    assert "C starts phase 2 without cards and is out" in str(state.events[-1])


def test_skip_empty_passes_over_players_without_cards() -> None:
    rules = Rules(phase_one_end="skip_empty")
    state = phase_one_position(
        rules,
        hands=["H7 C2", "", "D3"],
        collected=[[], rest("H7 C2 D3 DA"), []],
        trump_card="DA",
        trump_owner=Seat.C,
        leader=Seat.A,
        round_players=[Seat.A, Seat.C],
    )
    state = state.play(Play("H7")).play(Play("D3"))
    assert state.phase == 2  # A won; fewer than two players hold cards
    assert "Fewer than two players hold cards" in str(state.events[-2])
    assert str(state.hand(Seat.A)) == "C2 H7 D3"


def test_everyone_plays_and_only_the_tied_players_replay() -> None:
    rules = Rules(phase_one="all")
    state = new_game(rules, deck=deck(DEAL))
    assert state.trick_size == 3
    state = state.play(Play("H9")).play(Play("S9")).play(Play("D3"))
    assert state.events[-1].code == "stunsa"
    assert state.round_players == (Seat.A, Seat.B) and state.trick_size == 2
    state = state.play(Play("HA")).play(Play("S7"))
    assert state.round_players == (Seat.A, Seat.B, Seat.C)
    assert set(state.collected[Seat.A]) == set(parse_cards("H9 S9 D3 HA S7"))


def test_positions_that_do_not_add_up_to_the_pack_are_refused() -> None:
    with pytest.raises(RulesError, match="given twice"):
        phase_one_position(hands=["H7 H9 HA", "H7 S9 C2", "D3 D4 D5"], stock=rest("H9"))
    with pytest.raises(RulesError, match="missing"):
        phase_one_position(hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"], stock="C3 C4")
    with pytest.raises(RulesError, match="players"):
        Rules(players=5)
    with pytest.raises(RulesError, match="only with two players"):
        Rules(removed_for_two=10)
    with pytest.raises(RulesError, match="phase_one"):
        Rules(phase_one="some")  # type: ignore[arg-type]


def test_two_players_with_removed_cards() -> None:
    state = new_game(Rules(players=2, removed_for_two=10), rng=4)
    assert len(state.removed) == 10
    assert state.stock_size == 52 - 10 - 6
    assert not set(state.removed) & set(state.stock)


def test_seen_cards_and_views() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    state = state.play(Play("H7")).play(Play("C2"))
    seen = state.seen_by(Seat.C)
    assert set(parse_cards("H7 C2 D3 D4 D5")) == seen
    assert set(parse_cards("HA H9 C3 H7 C2")) <= state.seen_by(Seat.A)
    assert Card.parse("S9") not in state.seen_by(Seat.A)
    rows = state.view(Seat.C).rows()
    assert rows[0][1] == [None, None, None] and rows[2][1] == list(state.hand(Seat.C))
    assert "??" in state.view(Seat.C).to_text() and "♦5" in state.view(Seat.C).to_text()
    assert state.view(None).rows()[2][1] == [None, None, None]
    bundle = state._repr_mimebundle_()
    assert bundle["text/plain"] == state.to_text() and "<svg" in bundle["image/svg+xml"]


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = new_game(Rules(players=3), deck=deck(DEAL))
    ruling = state.why_illegal(Play("H7"), 7)
    assert ruling is not None and ruling.code == "not_a_seat"
