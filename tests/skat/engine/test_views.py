"""What each seat may see: no view names a card its seat cannot know, in any rule option.

For every state of many random games, under every table option, and every seat, the view's text,
picture and events are scanned for cards; each must be one the seat knows by an independent
account (its own cards, cards played face up, the skat it picked up, what it laid away or passed
on, an Ouvert declarer's hand laid open, everything once the deal is over). Then the cards the
seat cannot know are relabelled at random (the same game with the unknown cards swapped among
their places) and the view must stay identical.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

import pytest

from cardlib import SKAT_DECK, Card
from cardlib.skat import (
    Deal,
    Discard,
    Move,
    PickUpSkat,
    RamschRules,
    Rules,
    SkatState,
    new_deal,
    new_game,
)

GAMES_PER_OPTION = 50
PERMUTATIONS = 2
SYMBOL = re.compile(r"[♣♠♥♦](?:10|[AKQJ98765432])")

OPTIONS = [
    Rules(players=players, ramsch=ramsch, kontra=kontra, ramsch_rules=ramsch_rules)
    for players, ramsch, kontra, ramsch_rules in itertools.product(
        (3, 4),
        ("off", "passed", "always"),
        (False, True),
        (RamschRules(), RamschRules(schieberamsch=True, pass_jacks=False, skat_to="most_points")),
    )
    if ramsch != "off" or ramsch_rules == RamschRules()
]


def random_game(rules: Rules, seed: int) -> list[SkatState]:
    rng = random.Random(seed)
    state = new_game(new_deal(rng), rules)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        passes = [m for m in moves if type(m).__name__ == "Pass"]
        if PickUpSkat() in moves and rng.random() < 0.7:  # most declarers look at the skat
            move: Move = PickUpSkat()
        else:  # bid a little, so that games are declared and played, not all passed in
            move = rng.choice(passes if passes and rng.random() < 0.3 else moves)
        state = state.play(move)
        states.append(state)
    return states


def known_cards(states: list[SkatState], seat: int) -> set[Card]:
    """What ``seat`` knows at ``states[-1]``, counted from the moves, not from the view."""
    last = states[-1]
    if last.is_over:
        return set(SKAT_DECK)
    known = set(last.deal.hands[seat]) | set(last.trick)
    for trick in last.tricks:
        known |= set(trick.cards)
    for before, after in itertools.pairwise(states):
        move = after.last_move
        if before.current_player != seat:
            continue
        if isinstance(move, PickUpSkat):  # the skat it took up (a declarer, or in Schieberamsch)
            known |= set(after.hands[seat]) - set(before.hands[seat])
        if isinstance(move, Discard):
            known |= set(move.cards)
    declaration = last.declaration
    if declaration is not None and declaration.ouvert and last.phase in ("play", "kontra"):
        known |= set(last.hands[last.declarer])  # type: ignore[index]
    return known


def named_cards(view: object, picture: bool) -> set[Card]:
    """Every card the view's text and events name (and its SVG picture's, when asked)."""
    texts = [view.to_text(), *(str(e) for e in view.events)]  # type: ignore[attr-defined]
    if picture:  # drawing costs ~2 ms: the picture is checked on every seventh state
        texts.append(view._repr_mimebundle_()["image/svg+xml"])  # type: ignore[attr-defined]
    return {Card(symbol) for text in texts for symbol in SYMBOL.findall(text)}


def picture_cards(view: object) -> set[Card]:
    return {card for _, row in view.rows() for card in row if card is not None}  # type: ignore[attr-defined]


def games() -> Iterator[tuple[Rules, int]]:
    for index, rules in enumerate(OPTIONS):
        for game in range(GAMES_PER_OPTION):
            yield rules, 1000 * index + game


def relabelled(
    states: list[SkatState], unknown: list[Card], rng: random.Random
) -> SkatState | None:
    """The same game with the cards in ``unknown`` swapped among their places; ``None`` when the
    moves seen could not have been played that way (so the seat could tell the difference)."""
    shuffled = unknown[:]
    rng.shuffle(shuffled)
    swap = dict(zip(unknown, shuffled, strict=True))
    deal = states[0].deal
    new = Deal(*([swap.get(c, c) for c in part] for part in (*deal.hands, deal.skat)))
    state = new_game(new, states[0].rules)
    for after in states[1:]:
        move: Move | None = after.last_move
        if isinstance(move, Discard):
            move = Discard(*(swap.get(c, c) for c in move.cards))
        assert move is not None
        if not state.is_legal(move):
            return None
        state = state.play(move)
    return state


@pytest.mark.parametrize("rules", OPTIONS, ids=repr)
def test_no_view_names_a_card_its_seat_cannot_know(rules: Rules) -> None:
    checked = 0
    for seed in range(GAMES_PER_OPTION):
        states = random_game(rules, seed)
        for end in range(1, len(states) + 1):
            history = states[:end]
            for seat in (0, 1, 2):
                view = history[-1].view(seat)
                known = known_cards(history, seat)
                named = named_cards(view, picture=end % 7 == 0)
                assert named <= known, (seed, end, seat, view.to_text())
                assert picture_cards(view) <= known
                checked += 1
    assert checked > GAMES_PER_OPTION * 3 * 10


@pytest.mark.parametrize("rules", OPTIONS, ids=repr)
def test_relabelling_the_unknown_cards_leaves_every_view_identical(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    compared = 0
    for seed in range(GAMES_PER_OPTION // 4):
        states = random_game(rules, seed)
        for end in range(1, len(states)):
            history = states[:end]
            for seat in (0, 1, 2):
                unknown = sorted(set(SKAT_DECK) - known_cards(history, seat))
                view = history[-1].view(seat)
                for _ in range(PERMUTATIONS):
                    other = relabelled(history, unknown, rng)
                    if other is None:
                        continue
                    again = other.view(seat)
                    assert again.to_text() == view.to_text(), (seed, end, seat)
                    assert [str(e) for e in again.events] == [str(e) for e in view.events]
                    assert again == view
                    compared += 1
    assert compared > 100
