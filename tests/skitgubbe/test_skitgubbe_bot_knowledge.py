"""The bots decide from what their seat may know: deal the cards it has not seen differently, in
any way consistent with what it saw, and both bots choose (and explain) exactly the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardlib import FULL_DECK, Card, Seat
from cardlib.skitgubbe import (
    HeuristicBot,
    PickUp,
    Play,
    RandomBot,
    Rules,
    State,
    new_game,
    phase_two_position,
)
from cardlib.skitgubbe.bots import repeated_position

GAMES_PER_RULES = 4
"""Seeded games per table option; ``STATES_PER_GAME`` states of each are checked."""
STATES_PER_GAME = 12
PERMUTATIONS = 3
"""Different deals of the unseen cards tried per state."""
MAX_MOVES = 3000

TABLES = {
    "three": Rules(players=3),
    "four, trumps seen by all": Rules(players=4, trump_visibility="all"),
    "two, runs, cards removed": Rules(players=2, sequences=True, removed_for_two=10),
    "three, everyone plays, owner sees trumps": Rules(
        players=3, phase_one="all", trump_visibility="owner"
    ),
    "four, runs, empty players skipped": Rules(
        players=4, sequences=True, phase_one_end="skip_empty"
    ),
}


def pack(seed: int) -> list[Card]:
    cards = list(FULL_DECK)
    random.Random(seed).shuffle(cards)
    return cards


def seeded_game(rules: Rules, seed: int) -> list[State]:
    """Every state of a game between heuristic bots and one random player."""
    bots: list[HeuristicBot | RandomBot] = [HeuristicBot(seed + i) for i in range(rules.players)]
    bots[seed % rules.players] = RandomBot(seed)
    state: State = new_game(rules, deck=pack(seed))
    states = [state]
    while not state.is_over and len(states) < MAX_MOVES:
        player = state.current_player
        assert player is not None
        state = state.play(bots[player].choose(state))
        states.append(state)
    return states


def replayed(start: State, moves: list[tuple[Seat, Any]]) -> State | None:
    """``start`` after ``moves``, or ``None`` if one of them is refused there."""
    state = start
    for seat, move in moves:
        if not state.is_legal(move, seat):
            return None
        state = state.play(move)
    return state


def redealt(state: State, deck: list[Card], rng: random.Random) -> State | None:
    """The same moves from a pack in which the cards the player to move has not seen (the other
    hands, the stock, a hidden trump card, cards set aside) are shuffled among their places."""
    seat = state.current_player
    assert seat is not None
    seen = state.seen_by(seat)
    places = [i for i, card in enumerate(deck) if card not in seen]
    unseen = [deck[i] for i in places]
    rng.shuffle(unseen)
    other = deck[:]
    for place, card in zip(places, unseen, strict=True):
        other[place] = card
    first = state.history()[0]
    return replayed(new_game(state.rules, dealer=first.dealer, deck=other), state.moves())


def same_choices(state: State, other: State, seed: int) -> None:
    assert other.current_player == state.current_player and other.phase == state.phase
    assert HeuristicBot(seed).choose(other) == HeuristicBot(seed).choose(state)
    assert HeuristicBot(seed).explain(other) == HeuristicBot(seed).explain(state)
    assert RandomBot(seed).choose(other) == RandomBot(seed).choose(state)


@pytest.mark.parametrize("rules", TABLES.values(), ids=TABLES.keys())
def test_bots_choose_alike_whatever_the_unseen_cards(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    phases: set[int] = set()
    compared = moved = 0
    for seed in range(GAMES_PER_RULES):
        states = seeded_game(rules, seed)
        moving = [state for state in states if not state.is_over]
        for state in rng.sample(moving, min(STATES_PER_GAME, len(moving))):
            for _ in range(PERMUTATIONS):
                other = redealt(state, pack(seed), rng)
                if other is None:
                    continue
                same_choices(state, other, seed)
                phases.add(state.phase)
                compared += 1
                moved += other.hands != state.hands
    assert phases == {1, 2}
    # late in a game a player may have seen every card the others hold: nothing left to move
    assert compared >= GAMES_PER_RULES * STATES_PER_GAME and moved >= compared // 4


def test_the_hidden_trump_card_and_the_stock_stay_hidden() -> None:
    """With trumps hidden in phase 1, changing the trump card and the stock's order changes
    nothing for the player to move, while the others' hands differ."""
    rules = Rules(players=3)
    deck = pack(11)
    state = new_game(rules, deck=deck)
    bot = HeuristicBot(1)
    while state.trump_card is None:
        state = state.play(bot.choose(state))
    assert state.phase == 1 and not state.trump_visible_to(state.current_player)
    seen = state.seen_by(state.current_player)  # type: ignore[arg-type]
    assert state.trump_card not in seen
    rng = random.Random(3)
    trumps = set()
    for _ in range(8):
        other = redealt(state, deck, rng)
        assert other is not None  # nothing played can tell the unseen cards apart
        same_choices(state, other, 5)
        trumps.add(other.trump_card)
    assert len(trumps) > 1


# Four players, A out, hearts trumps: the only trump (♥9) goes round for ever if everyone beats
# with it when they can and picks up when they cannot (as in the cycle tests).
KEPT = "C8 C7 ST D3 CA CQ S9 H9 C9 D7"
CYCLE = [Play("D3"), Play("H9"), PickUp(), PickUp(), Play("S9"), Play("H9"), PickUp(), PickUp(),
         Play("D7"), Play("H9"), PickUp(), PickUp()]  # fmt: skip


def cycle_start(hands: list[str]) -> State:
    return phase_two_position(
        Rules(players=4),
        hands=hands,
        trumps="H",
        turn=Seat.B,
        out_order=[Seat.A],
        discard=[card for card in FULL_DECK if str(card) not in KEPT.split()],
    )


def test_a_repeated_position_is_told_from_the_moves_seen() -> None:
    """Round the cycle, each player to move sees the same whichever way the cards it has not seen
    lie among the other hands; at the repeat the bot varies its play in the same way."""
    hands = ["", "C8 C7 ST D3", "CA CQ S9 H9", "C9 D7"]
    states = [cycle_start(hands)]
    for move in [*CYCLE, *CYCLE]:
        states.append(states[-1].play(move))
    rng = random.Random(7)
    compared = repeats = 0
    for end, state in enumerate(states[:-1]):
        seat = state.current_player
        assert seat is not None
        seen = state.seen_by(seat)
        others = [s for s in range(1, 4) if s != seat]
        unseen = [card for s in others for card in states[0].hand(s) if card not in seen]
        for _ in range(PERMUTATIONS):
            shuffled = unseen[:]
            rng.shuffle(shuffled)
            swap = dict(zip(unseen, shuffled, strict=True))
            new = [
                " ".join(str(swap.get(card, card)) for card in states[0].hand(s)) for s in range(4)
            ]
            other = replayed(cycle_start(new), state.moves())
            if other is None:
                continue
            assert repeated_position(other) == repeated_position(state)
            same_choices(state, other, end)
            compared += 1
            repeats += repeated_position(state)
    assert compared > len(states) and repeats >= PERMUTATIONS
