"""Playing Skitgubbe at the terminal shows seat A only what it may know until the game is over.

Whole seeded games are played through ``play_seat``: the other seats are the heuristic bots, seat
A's answers are a heuristic bot's choices, with a ``hint`` and the list of ``moves`` asked at every
turn. Every line written before the end may name only cards ``state.seen_by(A)`` holds at that
moment; the trump card is named only when the visibility option lets A look at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from cardlib.cards import Card, Seat
from cardlib.cli import skitgubbe as cli
from cardlib.skitgubbe import HeuristicBot, Move, Rules, State, new_game


@dataclass
class Terminal:
    state: State
    known: Any
    bots: dict[Seat, HeuristicBot]
    lines: list[str] = field(default_factory=list)
    leaks: list[tuple[str, set[Card]]] = field(default_factory=list)
    asked: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.known.see(self.state)

    def advance(self, move: Move) -> Move:
        self.state = self.state.play(move)
        self.known.see(self.state)
        return move

    def choose(self, state: State) -> Move:
        assert state.record() == self.state.record()
        self.state = state
        turn = state.current_player
        assert turn is not None
        return self.advance(self.bots[turn].choose(state))

    def read(self, prompt: str) -> str:
        asked = self.asked.get(id(self.state), 0)
        self.asked[id(self.state)] = asked + 1
        if asked < 2:
            return ("hint", "moves")[asked]
        return self.advance(self.bots[Seat.A].choose(self.state)).symbol

    def write(self, text: str) -> None:
        self.lines.append(text)
        if not self.state.is_over:
            unknown = self.known.unknown_in(text.replace(cli.INSTRUCTIONS, ""))
            if unknown:
                self.leaks.append((text, unknown))


CASES = [
    *[(Rules(players=3), seed) for seed in range(1, 7)],
    *[(Rules(players=3, trump_visibility="owner"), seed) for seed in range(1, 5)],
    *[(Rules(players=3, trump_visibility="all", sequences=True), seed) for seed in range(1, 4)],
    *[(Rules(players=2, removed_for_two=10), seed) for seed in range(1, 4)],
    *[(Rules(players=4, phase_one="all"), seed) for seed in range(1, 4)],
]


@pytest.mark.parametrize(
    ("rules", "seed"), CASES, ids=[f"{c[0].describe()}-{c[1]}".replace(" ", "") for c in CASES]
)
def test_seat_a_sees_no_card_it_may_not_know_before_the_end(
    rules: Rules, seed: int, knowledge: Any, named: Any
) -> None:
    state = new_game(rules, seed)
    bots = {seat: HeuristicBot(seed * 10 + seat) for seat in state.players}
    terminal = Terminal(state, knowledge(Seat.A), bots)
    players = {seat: terminal for seat in state.players}
    assert cli.play_seat(state, players, terminal.read, terminal.write) == 0
    final = terminal.state
    assert final.is_over and terminal.leaks == []
    assert terminal.lines[-1] == f"Result: {final.result}."
    trump = final.trump_card
    if trump is not None and rules.trump_visibility != "all" and final.trump_owner is not Seat.A:
        # the trump card lies face down until phase 2 begins, and only then is it named
        named_at = [i for i, line in enumerate(terminal.lines) if trump in named(line)]
        phase_two = [i for i, line in enumerate(terminal.lines) if "Phase 2: " in line]
        assert phase_two and named_at and named_at[0] >= phase_two[0]


def test_in_several_games_another_seat_holds_a_face_down_trump_card() -> None:
    """So the trump-card check above runs: the same games, played by the same bots."""
    hidden = 0
    for rules, seed in CASES:
        state = new_game(rules, seed)
        bots = {seat: HeuristicBot(seed * 10 + seat) for seat in state.players}
        while not state.is_over:
            turn = state.current_player
            assert turn is not None
            state = state.play(bots[turn].choose(state))
        visible = rules.trump_visibility == "all"
        hidden += state.trump_card is not None and not visible and state.trump_owner is not Seat.A
    assert hidden >= 5
