"""The heuristic bot varies its play only when a position really repeats, and games still end."""

from __future__ import annotations

from typing import Any

import pytest

from cardlib import FULL_DECK, Seat
from cardlib.skitgubbe import (
    HeuristicBot,
    PickUp,
    Play,
    Rules,
    new_game,
    phase_two_position,
)
from cardlib.skitgubbe.bots import repeated_position

CLAIM = "has come up before since a card last reached the discard pile"

# Four players, A out, hearts trumps: the only trump (♥9) goes round for ever if everyone beats
# with it when they can and picks up when they cannot (see the cycle test in the worked examples).
KEPT = "C8 C7 ST D3 CA CQ S9 H9 C9 D7"
CYCLE = [Play("D3"), Play("H9"), PickUp(), PickUp(), Play("S9"), Play("H9"), PickUp(), PickUp(),
         Play("D7"), Play("H9"), PickUp(), PickUp()]  # fmt: skip


def start() -> Any:
    return phase_two_position(
        Rules(players=4),
        hands=["", "C8 C7 ST D3", "CA CQ S9 H9", "C9 D7"],
        trumps="H",
        turn=Seat.B,
        out_order=[Seat.A],
        discard=[card for card in FULL_DECK if str(card) not in KEPT.split()],
    )


def after(state: Any, moves: list[Any]) -> Any:
    for move in moves:
        state = state.play(move)
    return state


def test_a_position_repeats_only_once_play_has_come_round_to_it() -> None:
    first = start()
    assert not repeated_position(first)
    states = [first]
    for move in CYCLE:
        states.append(states[-1].play(move))
    assert [repeated_position(state) for state in states] == [False] * 12 + [True]
    assert not repeated_position(states[-1].play(Play("C8")))  # a new position again


def test_the_bot_varies_its_play_at_a_repeated_position() -> None:
    first = start()
    usual = HeuristicBot(1).choose(first)
    assert CLAIM not in HeuristicBot(1).explain(first)
    again = after(first, CYCLE)
    for seed in range(10):
        bot = HeuristicBot(seed)
        hint = bot.explain(again)
        assert CLAIM in hint and "Vary the play at random" in hint
        move = HeuristicBot(seed).choose(again)
        assert move != usual and move in again.legal_moves()


def test_no_claim_when_picking_up_is_the_only_move() -> None:
    state = after(start(), [*CYCLE, Play("D3"), Play("H9")])  # D cannot beat the trump ♥9
    assert repeated_position(state) and state.legal_moves() == [PickUp()]
    bot = HeuristicBot(1)
    assert bot.choose(state) == PickUp()
    assert bot.explain(state) == "Nothing in your hand beats ♥9: you must pick it up."


def play_out(rules: Rules, seed: int) -> tuple[Any, list[tuple[Any, Any, str]]]:
    state = new_game(rules, seed)
    bot = HeuristicBot(seed)
    decisions = []
    for _ in range(2000):
        if state.is_over:
            break
        move, why = bot._decide(state)
        decisions.append((state, move, why))
        state = state.play(move)
    return state, decisions


@pytest.mark.parametrize("sequences", [False, True])
def test_two_player_games_never_claim_a_cycle(sequences: bool) -> None:
    """With two players every trick ends in the discard pile or shrinks the leader's hand."""
    for seed in range(60):
        state, decisions = play_out(Rules(players=2, sequences=sequences), seed)
        assert state.is_over
        assert not any("cycle" in why for _, _, why in decisions)
        assert not any(repeated_position(before) for before, _, _ in decisions)


def test_four_player_games_all_end_and_vary_only_at_repeats() -> None:
    varied = decisions_total = 0
    for seed in range(100):
        state, decisions = play_out(Rules(players=4), seed)
        assert state.is_over, f"seed {seed} did not end"
        for before, _, why in decisions:
            decisions_total += 1
            claims = CLAIM in why
            legal = before.legal_moves()
            assert claims == (repeated_position(before) and len(legal) > 1), (seed, why)
            varied += claims
    assert varied < decisions_total / 100  # measured: 7 of 13,367 decisions, in 6 games
