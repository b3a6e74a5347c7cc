"""Invariants over random games: every option combination, 2-4 players, bots and random play."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import FULL_DECK, Card
from cardlib.skitgubbe import (
    HeuristicBot,
    PickUp,
    Play,
    RandomBot,
    Rules,
    TurnUp,
    new_game,
    replay,
)

MAX_MOVES = 5000
SINGLE_PLAYS = [Play(card) for card in FULL_DECK]
OPTIONS = list(
    itertools.product((2, 3, 4), ("pairs", "all"), (False, True), ("hidden", "owner", "all"),
                      ("first_empty", "skip_empty"))
)  # fmt: skip


def all_cards(state: Any) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    for pile in state.collected:
        cards.update(pile)
    cards.update(state.stock)
    cards.update(state.trick)
    cards.update(state.discard)
    cards.update(state.removed)
    if state.phase == 1 and state.trump_card is not None:
        cards[state.trump_card] += 1
    return cards


def candidates(state: Any) -> list[Any]:
    moves: list[Any] = [*SINGLE_PLAYS, TurnUp(), PickUp()]
    if state.current_player is not None:
        hand = state.hand(state.current_player)
        pairs = itertools.combinations(hand[:6], 2)
        moves.extend(Play(a, b) for a, b in pairs if a.suit is b.suit and abs(a.rank - b.rank) == 1)
        moves.extend(move for move in state.legal_moves() if len(getattr(move, "cards", ())) > 2)
    return moves


def check_state(state: Any, full: bool) -> None:
    counted = all_cards(state)
    assert sum(counted.values()) == 52 and set(counted) == set(FULL_DECK)
    assert len(state.removed) == state.rules.removed_for_two
    if state.is_over:
        assert state.legal_moves() == [] and state.current_player is None
        assert state.loser is not None
        holders = [seat for seat, hand in enumerate(state.hands) if hand]
        assert holders == [state.loser]
        assert sorted([*state.out_order, state.loser]) == list(state.players)
        return
    legal = state.legal_moves()
    assert legal, state.to_text()
    assert len(set(legal)) == len(legal)
    for move in legal:
        assert state.why_illegal(move) is None
    if full:
        legal_set = set(legal)
        for move in candidates(state):
            ruling = state.why_illegal(move)
            assert (ruling is None) == (move in legal_set), (move, state.to_text())
            if ruling is not None:
                assert ruling.explanation and ruling.code
        for move in legal:
            state.play(move)


def play_out(rules: Rules, seed: int, kind: str, full: bool) -> Any:
    rng = random.Random(seed)
    bot: Any = HeuristicBot(rng) if kind == "heuristic" else RandomBot(rng)
    state = new_game(rules, rng)
    moves = 0
    while not state.is_over:
        check_state(state, full and moves % 4 == 0)
        state = state.play(bot.choose(state))
        for event in state.events:
            assert event.ruling.explanation
        moves += 1
        assert moves <= MAX_MOVES, "the game did not end within the move bound"
    check_state(state, full)
    return state


@settings(max_examples=30, deadline=None)
@given(
    options=st.sampled_from(OPTIONS),
    removed=st.sampled_from((0, 10, 30)),
    kind=st.sampled_from(("random", "heuristic")),
    seed=st.integers(0, 10**6),
)
def test_random_games_keep_every_invariant(
    options: tuple[Any, ...], removed: int, kind: str, seed: int
) -> None:
    players, phase_one, sequences, visibility, end = options
    rules = Rules(players=players, phase_one=phase_one, sequences=sequences,
                  removed_for_two=removed if players == 2 else 0,
                  trump_visibility=visibility, phase_one_end=end)  # fmt: skip
    state = play_out(rules, seed, kind, full=True)
    states = replay(state.record())
    assert len(states) == len(state.history())
    assert [s.to_text() for s in states] == [s.to_text() for s in state.history()]
    assert states[-1].result == state.result


def test_every_option_combination_ends_with_one_loser() -> None:
    for index, (players, phase_one, sequences, visibility, end) in enumerate(OPTIONS):
        rules = Rules(players=players, phase_one=phase_one, sequences=sequences,
                      trump_visibility=visibility, phase_one_end=end)  # fmt: skip
        for kind in ("random", "heuristic"):
            state = play_out(rules, index, kind, full=False)
            assert state.result is not None
