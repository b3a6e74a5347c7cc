"""Every kind of illegal move is refused with a ruling, and the state stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

from cardlib import FULL_DECK, IllegalMoveError, Seat, parse_cards
from cardlib.skitgubbe import (
    PickUp,
    Play,
    Rules,
    TurnUp,
    new_game,
    phase_one_position,
    phase_two_position,
)


def rest(*used: str) -> list[Any]:
    taken = set(parse_cards(" ".join(used)))
    return [card for card in FULL_DECK if card not in taken]


def phase_one() -> Any:
    top = parse_cards("H7 S7 D3 H8 S9 D4 HA C2 D5")
    return new_game(Rules(players=3), deck=top + tuple(rest(*map(str, top))))


def last_stock() -> Any:
    return phase_one_position(
        hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"],
        stock="DA",
        collected=[rest("H7 H9 HA S7 S9 C2 D3 D4 D5 DA"), [], []],
    )


def phase_two(sequences: bool = False) -> Any:
    return phase_two_position(
        Rules(sequences=sequences),
        hands=["H7 HT HJ HQ D2", "H9 S2 C5", "HK D6"],
        trumps="S",
        discard=rest("H7 HT HJ HQ D2 H9 S2 C5 HK D6"),
    )


CASES = [
    ("turn up with one stock card", last_stock, None, TurnUp(), None, "turn_up_last"),
    ("pick up in phase 1", phase_one, None, PickUp(), None, "pick_up_phase_one"),
    ("two cards in phase 1", phase_one, None, Play("H7", "H8"), None, "one_card"),
    ("out of turn, by seat", phase_one, None, Play("H7"), Seat.B, "out_of_turn"),
    ("another's card, secret", phase_one, None, Play("S7"), None, "not_in_hand"),
    ("card not in hand", phase_one, None, Play("CA"), None, "not_in_hand"),
    ("not a move", phase_one, None, "H7", None, "not_a_move"),
    ("pick up on an empty trick", phase_two, None, PickUp(), None, "pick_up_empty"),
    ("turn up in phase 2", phase_two, None, TurnUp(), None, "turn_up_phase_two"),
    ("lower in suit", phase_two, Play("HQ"), Play("H9"), None, "does_not_beat"),
    (
        "trump on trump",
        lambda: phase_two().play(Play("H7")).play(Play("S2")),
        None,
        Play("HK"),
        None,
        "does_not_beat",
    ),
    (
        "other suit",
        lambda: phase_two().play(Play("HT")),
        None,
        Play("C5"),
        None,
        "does_not_beat",
    ),
    ("run without the option", phase_two, None, Play("HT", "HJ"), None, "runs_not_allowed"),
    ("card in the discard pile", phase_two, None, Play("CA"), None, "not_in_hand"),
    ("card on the trick", phase_two, Play("H7"), Play("H7"), None, "not_in_hand"),
]


@pytest.mark.parametrize(("label", "make", "first", "move", "seat", "code"), CASES,
                         ids=[case[0] for case in CASES])  # fmt: skip
def test_illegal_moves_are_refused_with_a_ruling(
    label: str, make: Any, first: Any, move: Any, seat: Any, code: str
) -> None:
    state = make()
    if first is not None:
        state = state.play(first)
    before = state.to_text()
    hands = state.hands
    ruling = state.why_illegal(move, seat)
    assert ruling is not None and ruling.code == code, label
    assert ruling.explanation and ruling.rule.startswith("skitgubbe")
    assert not state.is_legal(move, seat)
    if seat is None:
        assert move not in state.legal_moves()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move, seat)
    assert caught.value.ruling == ruling
    assert ruling.explanation in str(caught.value)
    assert state.to_text() == before and state.hands == hands


def test_a_run_must_start_with_a_card_that_beats() -> None:
    state = phase_two_position(
        Rules(sequences=True),
        hands=["HJ D2", "H7 H8 H9 C5", "HK D6"],
        trumps="S",
        discard=rest("HJ D2 H7 H8 H9 C5 HK D6"),
    ).play(Play("HJ"))
    ruling = state.why_illegal(Play("H7", "H8", "H9"))
    assert ruling is not None and ruling.code == "does_not_beat"
    assert "the run's lowest card must beat it" in ruling.explanation


def test_a_run_beats_with_its_lowest_card_and_counts_as_one_play() -> None:
    state = phase_two_position(
        Rules(sequences=True),
        hands=["H8 D2", "HT HJ HQ C5", "HK D6"],
        trumps="S",
        discard=rest("H8 D2 HT HJ HQ C5 HK D6"),
    ).play(Play("H8"))
    assert Play("HT", "HJ", "HQ") in state.legal_moves()
    state = state.play(Play("HQ", "HJ", "HT"))
    assert state.top_card == parse_cards("HQ")[0]
    assert len(state.plays) == 2 and state.current_player is Seat.C
    state = state.play(PickUp())  # picks up the whole run: it is one play
    assert set(parse_cards("HT HJ HQ")) <= set(state.hand(Seat.C))
    assert state.top_card == parse_cards("H8")[0] and state.current_player is Seat.A


def test_the_explanation_names_the_cards_that_would_beat() -> None:
    state = phase_two().play(Play("H7"))
    ruling = state.why_illegal(Play("C5"))
    assert ruling is not None
    assert ruling.explanation == (
        "♣5 does not beat ♥7: ♣5 is neither a higher ♥ nor a trump (♠). "
        "B can beat with ♠2 ♥9 or pick up ♥7."
    )


def test_a_finished_game_refuses_every_move() -> None:
    state = phase_two_position(hands=["H7", "H9", "D6 D7"], trumps="S",
                               discard=rest("H7 H9 D6 D7"))  # fmt: skip
    state = state.play(Play("H7")).play(Play("H9"))
    ruling = state.why_illegal(Play("D6"))
    assert ruling is not None and ruling.code == "game_over"
    with pytest.raises(IllegalMoveError):
        state.play(Play("D6"))
