"""Invariants over random deals played by random (and heuristic) players.

32 cards conserved, 120 card points in the tricks, the skat and what an early end leaves in the
hands, exactly 10 tricks unless the game ended early for a stated reason, every legal move accepted
and every other candidate refused with a ruling and no change.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import SKAT_DECK, Card
from cardlib.errors import IllegalMoveError
from cardlib.skat import (
    Bid,
    Declare,
    Discard,
    HeuristicBot,
    Hold,
    Kontra,
    Move,
    Pass,
    PickUpSkat,
    Play,
    Re,
    Rules,
    SkatState,
    new_deal,
    new_game,
)
from cardlib.skat.engine.facts import CARD_POINTS, Declaration, GameType
from cardlib.skat.engine.play import PlayState
from cardlib.skat.engine.states import END_REASONS

FLAGS = [(h, s, z, o) for h in (0, 1) for s in (0, 1) for z in (0, 1) for o in (0, 1)]
# A Null with Schneider or Schwarz is no declaration at all (refused when made), so not a move.
DECLARATIONS = [
    Declare(Declaration(g, *map(bool, f)))
    for g in GameType
    for f in FLAGS
    if g is not GameType.NULL or not (f[1] or f[2])
]
SIMPLE: list[Move] = [Bid(v) for v in (18, 19, 20, 22, 59, 60, 264, 300)]
SIMPLE += [Hold(), Pass(), PickUpSkat(), Kontra(), Re()]
PLAYS = [Play(card) for card in SKAT_DECK]


def candidates(state: SkatState) -> list[Move]:
    moves: list[Move] = [*SIMPLE, *PLAYS, *DECLARATIONS]
    if state.phase == "discard" and state.declarer is not None:
        cards = list(state.hands[state.declarer]) + list(state.hands[(state.declarer + 1) % 3][:2])
        moves += [Discard(a, b) for i, a in enumerate(cards) for b in cards[i:]]
    return moves


def cards_in_play(state: SkatState) -> list[Card]:
    cards = [card for hand in state.hands for card in hand] + list(state.trick)
    if isinstance(state, PlayState):
        cards += [card for trick in state.tricks for card in trick.cards]
        cards += list(state.context.skat)
    elif state.phase in ("declare", "kontra"):
        cards += list(state.skat if state.skat is not None else state.deal.skat)
    elif state.phase != "discard":
        cards += list(state.deal.skat)
    return cards


def check_state(state: SkatState, check_candidates: bool) -> None:
    cards = cards_in_play(state)
    assert sorted(cards) == sorted(SKAT_DECK), state.to_text()
    legal = state.legal_moves()
    assert (state.current_player is None) == state.is_over == (legal == [])
    if not check_candidates:
        return
    for move in legal:
        assert state.why_illegal(move) is None
        assert state.play(move).parent is state
    before = state.to_text()
    for move in candidates(state):
        if move in legal:
            continue
        ruling = state.why_illegal(move)
        assert ruling is not None, (move, before)
        assert ruling.code and ruling.explanation
        try:
            state.play(move)
        except IllegalMoveError as error:
            assert error.ruling == ruling
        else:  # pragma: no cover - a failure
            raise AssertionError(f"{move} accepted though refused: {ruling}")
    assert state.to_text() == before


def finish(state: SkatState) -> None:
    assert state.end_reason in END_REASONS
    assert state.result is not None
    if state.end_reason == "passed in":
        assert state.tricks == () and state.declarer is None
        return
    assert isinstance(state, PlayState)
    tricks = state.tricks
    if state.end_reason == "all tricks played":
        assert len(tricks) == 10 and sum(state.tricks_won) == 10
    else:  # an early end may come at the last trick too (a Null lost on trick ten)
        assert len(tricks) <= 10
        last = tricks[-1]
        if state.end_reason.startswith("null"):
            assert state.declaration.game is GameType.NULL and last.winner == state.declarer
        else:
            assert state.declaration.schwarz or state.declaration.ouvert
            assert last.winner != state.declarer
    in_hands = sum(CARD_POINTS[c.rank] for hand in state.hands for c in hand)
    skat = sum(CARD_POINTS[c.rank] for c in state.context.skat)
    uncounted = skat if state.declaration.game is GameType.NULL else 0
    assert sum(state.card_points) + uncounted + in_hands == 120
    by_tricks = [0, 0]
    for trick in tricks:
        by_tricks[trick.winner != state.declarer] += sum(CARD_POINTS[c.rank] for c in trick.cards)
    assert by_tricks[0] + (skat - uncounted) == state.card_points[0]
    assert by_tricks[1] == state.card_points[1]
    assert len(state.all_events()) >= len(state.moves())


Chooser = Callable[[SkatState, random.Random], Move]


def random_choice(state: SkatState, rng: random.Random) -> Move:
    return rng.choice(state.legal_moves())


def gentle_choice(state: SkatState, rng: random.Random) -> Move:
    """Random, but bids low and declares plain games, so that most games run ten tricks."""
    moves = state.legal_moves()
    if state.phase == "bidding":
        return rng.choice(moves[:3])
    if state.phase == "skat":
        return PickUpSkat()
    return rng.choice(moves)


HEURISTIC = HeuristicBot()


def heuristic_choice(state: SkatState, rng: random.Random) -> Move:
    return HEURISTIC.choose(state)


def play_out(seed: int, choose: Chooser, rules: Rules, every: int) -> None:
    rng = random.Random(seed)
    state: SkatState = new_game(new_deal(rng), rules)
    step = 0
    while not state.is_over:
        check_state(state, check_candidates=step % every == 0)
        state = state.play(choose(state, rng))
        step += 1
    check_state(state, check_candidates=True)
    finish(state)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games_keep_the_invariants(seed: int) -> None:
    play_out(seed, random_choice, Rules(), every=3)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_long_games_keep_the_invariants(seed: int, kontra: bool) -> None:
    play_out(seed, gentle_choice, Rules(kontra=kontra), every=4)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_heuristic_games_keep_the_invariants(seed: int) -> None:
    play_out(seed, heuristic_choice, Rules(), every=5)
