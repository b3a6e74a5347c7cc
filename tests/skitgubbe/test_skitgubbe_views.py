"""What each seat may see in Skitgubbe: no view names a card its seat cannot know.

Over random games under every option combination, at every state and for every seat, the view's
text, picture and events may name only cards that seat has held or seen played face up (and the
trump card once the rules let it look). Then the cards the seat has not seen are swapped among
their places in the pack and the same moves replayed: the seat's view must not change.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from cardlib import FULL_DECK, Card
from cardlib.skitgubbe import Play, Rules, State, TurnUp, new_game

GAMES_PER_OPTION = 6
MAX_MOVES = 400
SYMBOL = re.compile(r"[♣♠♥♦](?:10|[AKQJ98765432])")
OPTIONS = [
    Rules(players=p, phase_one=one, sequences=runs, trump_visibility=shown, phase_one_end=end)
    for p, one, runs, shown, end in itertools.product(
        (2, 3, 4), ("pairs", "all"), (False, True), ("hidden", "owner", "all"),
        ("first_empty", "skip_empty"),
    )
]  # fmt: skip


def random_game(rules: Rules, seed: int) -> tuple[list[Card], list[State]]:
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    state = new_game(rules, deck=deck, dealer=0)
    states = [state]
    while not state.is_over and len(states) < MAX_MOVES:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return deck, states


def trump_known(state: State, seat: int) -> bool:
    if state.trump_card is None:
        return False
    shown = state.rules.trump_visibility
    return state.phase == 2 or shown == "all" or (shown == "owner" and state.trump_owner == seat)


def face_up(before: State, after: State) -> set[Card]:
    """The cards the move from ``before`` to ``after`` showed to everyone."""
    move = after.last_move
    if isinstance(move, Play):
        return set(move.cards)
    if isinstance(move, TurnUp):
        return {before.stock[0]}
    return set()


def known_cards(states: list[State], seat: int) -> set[Card]:
    """What ``seat`` has held or seen face up, counted along the game (not from the view)."""
    known = set(states[0].hand(seat))
    for before, after in itertools.pairwise(states):
        known |= set(after.hand(seat)) | set(after.trick) | set(after.discard)
        known |= face_up(before, after)
    if trump_known(states[-1], seat):
        known.add(states[-1].trump_card)  # type: ignore[arg-type]
    return known


def named_cards(view: object, picture: bool) -> set[Card]:
    texts = [view.to_text(), *(e.ruling.explanation for e in view.events)]  # type: ignore[attr-defined]
    if picture:
        texts.append(view._repr_mimebundle_()["image/svg+xml"])  # type: ignore[attr-defined]
    return {Card(symbol) for text in texts for symbol in SYMBOL.findall(text)}


@pytest.mark.parametrize("rules", OPTIONS, ids=repr)
def test_no_view_names_a_card_its_seat_cannot_know(rules: Rules) -> None:
    checked = 0
    for seed in range(GAMES_PER_OPTION):
        _, states = random_game(rules, seed)
        known = [set(states[0].hand(seat)) for seat in range(rules.players)]
        for index, state in enumerate(states):
            shown = face_up(states[index - 1], state) if index else set()
            for seat in range(rules.players):
                known[seat] |= set(state.hand(seat)) | set(state.trick) | set(state.discard) | shown
                allowed = known[seat] | ({state.trump_card} if trump_known(state, seat) else set())
                if state.is_over:  # cardlib's decision: the skitgubbe's last cards are turned up
                    allowed |= {card for hand in state.hands for card in hand}
                view = state.view(seat)
                assert named_cards(view, picture=index % 25 == 0) <= allowed, (seed, index, seat)
                drawn = {card for _, row in view.rows() for card in row if card is not None}
                assert drawn <= allowed
                checked += 1
    assert checked > GAMES_PER_OPTION * rules.players * 20


def relabelled(
    deck: list[Card], states: list[State], unknown: set[Card], rng: random.Random
) -> State | None:
    places = [i for i, card in enumerate(deck) if card in unknown]
    cards = [deck[i] for i in places]
    rng.shuffle(cards)
    new_deck = deck[:]
    for place, card in zip(places, cards, strict=True):
        new_deck[place] = card
    state = new_game(states[0].rules, deck=new_deck, dealer=0)
    for after in states[1:]:
        move = after.last_move
        assert move is not None
        if not state.is_legal(move):
            return None
        state = state.play(move)
    return state


@pytest.mark.parametrize("rules", OPTIONS[::5], ids=repr)
def test_swapping_the_unseen_cards_leaves_every_view_identical(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    compared = 0
    deck, states = random_game(rules, 0)
    for end in range(1, len(states), 7):
        history = states[:end]
        for seat in range(rules.players):
            view = history[-1].view(seat)
            unknown = set(FULL_DECK) - known_cards(history, seat)
            other = relabelled(deck, history, unknown, rng)
            if other is None:
                continue
            again = other.view(seat)
            assert again.to_text() == view.to_text(), (end, seat)
            assert again.rows() == view.rows()
            texts = [e.ruling.explanation for e in view.events]
            assert [e.ruling.explanation for e in again.events] == texts
            compared += 1
    assert compared > 5


def test_at_the_end_everyone_sees_the_skitgubbes_last_cards() -> None:
    """cardlib's decision (docs/rules/skitgubbe.md): once the game is over, the cards the
    skitgubbe is left with are turned up for every seat, as a Skat table turns every card over at
    the end; before the last move they stay face down."""
    _, states = random_game(Rules(), 3)
    end, before = states[-1], states[-2]
    loser = int(end.result.loser)  # type: ignore[union-attr]
    assert end.hand(loser)
    for seat in range(3):
        rows = dict(end.view(seat).rows())
        assert set(end.hand(loser)) <= {card for row in rows.values() for card in row}
    other = next(seat for seat in range(3) if seat != loser)
    assert set(before.hand(loser)).isdisjoint(
        {card for _, row in before.view(other).rows() for card in row}
    )
