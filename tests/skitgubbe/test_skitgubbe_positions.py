"""Set-up positions: what the rules cannot produce is refused, a finished game is returned."""

from __future__ import annotations

from typing import Any

import pytest

from cardlib import FULL_DECK, Card, RulesError, Seat, parse_cards
from cardlib.skitgubbe import (
    PhaseOne,
    PhaseTwo,
    Play,
    Rules,
    TurnUp,
    phase_one_position,
    phase_two_position,
)


def rest(*used: str) -> list[Card]:
    taken = set(parse_cards(" ".join(used)))
    return [card for card in FULL_DECK if card not in taken]


# Phase 2 ---------------------------------------------------------------------------------------


def two(rules: Rules | None = None, **given: Any) -> PhaseTwo:
    hands = given.pop("hands")
    trick = given.get("trick", ())
    on_trick = " ".join(cards if isinstance(cards, str) else " ".join(cards) for _, cards in trick)
    return phase_two_position(
        rules, hands=hands, trumps="S", discard=rest(*hands, on_trick), **given
    )


def test_a_run_on_the_trick_needs_the_sequences_option() -> None:
    hands = ["H7 D2", "D4", "D6 D7"]
    with pytest.raises(RulesError, match=r"A's H8 H9 on the trick .*Rules\(sequences=True\)"):
        two(hands=hands, trick=[(Seat.A, "H8 H9")])
    state = two(Rules(sequences=True), hands=hands, trick=[(Seat.A, "H8 H9")], turn=Seat.B)
    assert state.top_card == Card.parse("H9") and state.plays[0][1] == parse_cards("H8 H9")


def test_a_run_on_the_trick_must_be_a_run() -> None:
    with pytest.raises(RulesError, match="A's H8 HT on the trick is not a run"):
        two(Rules(sequences=True), hands=["H7 D2", "D4", "D6 D7"], trick=[(Seat.A, ["H8", "HT"])])


def test_a_trick_not_yet_led_needs_one_play_per_player_holding_cards() -> None:
    with pytest.raises(RulesError, match=r"trick_size=3: a trick not yet led .*\(2\)"):
        two(hands=["H7 D2", "", "D6 D7"], trick_size=3)
    assert two(hands=["H7 D2", "", "D6 D7"]).trick_size == 2


def test_a_trick_size_must_match_the_players_holding_cards_when_it_began() -> None:
    hands = ["H7 D2", "H9 D4", "D6 D7"]
    with pytest.raises(RulesError, match=r"trick_size=4: a trick has at most one play per player"):
        two(hands=hands, trick=[(Seat.A, "HT")], trick_size=4, turn=Seat.B)
    with pytest.raises(RulesError, match=r"trick_size=2: 3 players hold cards, so it began with 3"):
        two(hands=hands, trick=[(Seat.A, "HT")], trick_size=2, turn=Seat.B)
    # B went out on this trick (B's card is on it), and so did D, who went out after B.
    four = Rules(players=4)
    given = dict(hands=["H7 D2", "", "D6 D7", ""], trick=[(Seat.B, "HT")], turn=Seat.C)
    with pytest.raises(RulesError, match=r"2 players hold cards and B and D went out during"):
        two(four, out_order=[Seat.B, Seat.D], trick_size=3, **given)
    assert two(four, out_order=[Seat.B, Seat.D], **given).trick_size == 4
    assert two(four, out_order=[Seat.D, Seat.B], **given).trick_size == 3


def test_a_player_who_went_out_during_the_trick_still_counts() -> None:
    """The last worked example: B went out beating, C picked B's card up; A is to move."""
    state = two(hands=["H7 D2", "", "H9 D6 D7"], trick=[(Seat.A, "H5")], trick_size=3)
    assert state.trick_size == 3 and state.current_player is Seat.A and not state.is_over


def test_one_player_holding_cards_is_a_finished_game() -> None:
    state = two(hands=["", "", "D6 D7"], out_order=[Seat.B, Seat.A])
    assert state.is_over and state.loser is Seat.C and state.current_player is None
    assert state.out_order == (Seat.B, Seat.A) and state.legal_moves() == []
    state = two(hands=["", "", "D6 D7"], trick=[(Seat.B, "H9")], out_order=[0, 1], turn=Seat.A)
    assert state.is_over and state.loser is Seat.C and state.trick == parse_cards("H9")


# Phase 1 ---------------------------------------------------------------------------------------


def one(rules: Rules | None = None, **given: Any) -> PhaseOne | PhaseTwo:
    """Hands, table and trump card given; everything else in A's collected pile."""
    hands = given.pop("hands")
    table = given.get("table", ())
    given.setdefault("trump_card", "DA")
    given.setdefault("trump_owner", Seat.C)
    used = [*hands, *(card for _, card in table), given["trump_card"]]
    players = (rules or Rules()).players
    collected: list[Any] = [rest(*used)] + [[] for _ in range(players - 1)]
    return phase_one_position(rules, hands=hands, collected=collected, **given)


def test_bounced_cards_must_be_a_stunsa() -> None:
    with pytest.raises(RulesError, match="A's H7 and B's S9 below the current round, but they "
                                         "are not a stunsa"):  # fmt: skip
        one(hands=["HA", "C2", "D3"], table=[(Seat.A, "H7"), (Seat.B, "S9")])
    with pytest.raises(RulesError, match="not a stunsa"):
        one(hands=["HA", "C2", "D3"], table=[(Seat.A, "H7"), (Seat.B, "S7"), (Seat.A, "H9")],
            leader=Seat.B, turn=Seat.A)  # fmt: skip


def test_a_double_stunsa_on_the_table_counts_twice_and_the_replay_takes_it_all() -> None:
    state = one(hands=["HA", "C2", "D3"],
                table=[(Seat.A, "H7"), (Seat.B, "S7"), (Seat.A, "H9"), (Seat.B, "S9")])  # fmt: skip
    assert isinstance(state, PhaseOne)
    assert state.stunsas == 2 and state.current_player is Seat.A
    assert state.round_players == (Seat.A, Seat.B)
    state = state.play(Play("HA")).play(Play("C2"))
    assert "puts 6 cards face down" in str(state.events[1])


def test_with_everyone_playing_only_the_tied_players_replay() -> None:
    rules = Rules(phase_one="all")
    table = [(Seat.A, "H9"), (Seat.B, "S9"), (Seat.C, "D3")]
    state = one(rules, hands=["HA", "C2", "D4"], table=table)
    assert isinstance(state, PhaseOne)
    assert state.round_players == (Seat.A, Seat.B) and state.stunsas == 1
    with pytest.raises(RulesError, match="after the stunsa of A and B, only they replay"):
        one(rules, hands=["HA", "C2", "D4"], table=table, round_players=[0, 1, 2])
    with pytest.raises(RulesError, match=r"leader=Seat\.B: after the stunsa of A and B, A leads"):
        one(rules, hands=["HA", "C2", "D4"], table=table, leader=Seat.B)


def test_a_play_of_several_cards_cannot_lie_on_a_phase_one_table() -> None:
    with pytest.raises(RulesError, match="in phase 1 each play is a single card"):
        one(hands=["HA", "C2", "D3"], table=[(Seat.A, "H7 H8")], leader=Seat.A, turn=Seat.B)


def test_skip_empty_rounds_hold_only_players_who_can_play() -> None:
    rules = Rules(phase_one_end="skip_empty")
    with pytest.raises(RulesError, match="B cannot play"):
        one(rules, hands=["H7 C2", "", "D3"], round_players=[Seat.A, Seat.B])
    state = one(rules, hands=["H7 C2", "", "D3"])
    assert isinstance(state, PhaseOne) and state.round_players == (Seat.A, Seat.C)


def test_when_phase_one_is_over_the_position_is_the_start_of_phase_two() -> None:
    state = one(hands=["", "H7", "D3"], leader=Seat.A)
    assert isinstance(state, PhaseTwo) and not state.is_over
    assert [event.code for event in state.events] == ["phase_one_end", "trumps"]
    assert "A is due to lead but has no card" in str(state.events[0])
    assert state.current_player is Seat.C  # the trump card's owner leads
    assert len(state.hand(Seat.A)) == 52 - 3


def test_one_player_holding_cards_at_the_end_of_phase_one_loses_at_once() -> None:
    hands = ["", "", "D3"]
    used = ["D3", "DA"]
    state = phase_one_position(hands=hands, collected=[[], [], rest(*used)], trump_card="DA",
                               trump_owner=Seat.C)  # fmt: skip
    assert isinstance(state, PhaseTwo) and state.is_over and state.loser is Seat.C
    assert [event.code for event in state.events][-1] == "loser"
    skip = phase_one_position(Rules(phase_one_end="skip_empty"), hands=["D3 D4", "", ""],
                              collected=[rest("D3 D4 DA"), [], []], trump_card="DA",
                              trump_owner=Seat.A)  # fmt: skip
    assert skip.is_over and skip.loser is Seat.A


def test_a_set_up_round_goes_on_as_in_play() -> None:
    state = phase_one_position(
        hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"],
        stock=rest("H7 H9 HA S7 S9 C2 D3 D4 D5 HK"),
        table=[(Seat.A, "HK")],
        leader=Seat.A,
        turn=Seat.B,
    )
    assert isinstance(state, PhaseOne) and state.current_player is Seat.B
    state = state.play(TurnUp())
    assert state.events[-1].code in ("trick", "stunsa")


BAD_POSITIONS: list[tuple[str, Any, str]] = [
    ("rules", lambda: phase_two_position("3", hands=[], trumps="S"), "rules='3'"),  # type: ignore[arg-type]
    ("hands", lambda: phase_two_position(hands=42, trumps="S"), "hands=42"),  # type: ignore[arg-type]
    ("trumps", lambda: phase_two_position(hands=["", "", ""], trumps=3), "trumps=3"),  # type: ignore[arg-type]
    ("a hand", lambda: phase_two_position(hands=["H1", "", ""], trumps="S"), "A's hand: 'H1'"),
    ("trick entry", lambda: phase_two_position(hands=["", "", ""], trumps="S", trick=[7]),  # type: ignore[list-item]
     "trick: 7 is not a (seat, cards) pair"),
    ("trick seat", lambda: phase_two_position(hands=["", "", ""], trumps="S", trick=[("A", "H7")]),  # type: ignore[list-item]
     "trick seat='A'"),
    ("trump card suit", lambda: phase_two_position(hands=["", "", ""], trumps="S",
                                                   trump_card="HA"), "trump_card='HA'"),
    ("p1 hands", lambda: phase_one_position(hands=None), "hands=None"),  # type: ignore[arg-type]
    ("p1 table", lambda: phase_one_position(hands=["", "", ""], table=[1]), "table: 1"),  # type: ignore[list-item]
    ("p1 leader", lambda: phase_one_position(hands=["", "", ""], leader="A"), "leader='A'"),  # type: ignore[arg-type]
]  # fmt: skip


@pytest.mark.parametrize(("label", "call", "text"), BAD_POSITIONS,
                         ids=[case[0] for case in BAD_POSITIONS])  # fmt: skip
def test_bad_position_arguments_are_cardlib_errors_naming_them(
    label: str, call: Any, text: str
) -> None:
    from cardlib import CardlibError

    with pytest.raises(CardlibError) as caught:
        call()
    assert text in str(caught.value), label


def test_by_default_the_players_on_the_trick_went_out_last() -> None:
    state = two(Rules(players=4), hands=["H7 D2", "", "D6 D7", ""], trick=[(Seat.B, "HT")],
                turn=Seat.C)  # fmt: skip
    assert state.out_order == (Seat.D, Seat.B) and state.trick_size == 3
