"""Skitgubbe behind the shared protocol: every phase is a ``GameState``, the phase is an enum, the
result has returns, the events have typed fields, and a view is a value that holds what its seat
may know and nothing more, so a bot given a view decides exactly as it does given the state."""

from __future__ import annotations

import dataclasses
import gc
import itertools
import random
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest

import cardlib
import cardlib.skitgubbe
from cardlib import FULL_DECK, Card, GameState, Seat
from cardlib.protocol import GameEvent, GameResult, GameView
from cardlib.skitgubbe import (
    Event,
    HeuristicBot,
    Phase,
    PhaseOne,
    PhaseTwo,
    Play,
    RandomBot,
    Result,
    Rules,
    State,
    StateView,
    TrumpCardDrawn,
    TurnUp,
    new_game,
    phase_one_position,
    phase_two_position,
)
from cardlib.skitgubbe.sampling import knowledge

OPTIONS = [
    Rules(players=p, phase_one=one, sequences=runs, trump_visibility=shown, phase_one_end=end)
    for p, one, runs, shown, end in itertools.product(
        (2, 3, 4), ("pairs", "all"), (False, True), ("hidden", "owner", "all"),
        ("first_empty", "skip_empty"),
    )
]  # fmt: skip
NAMES: dict[str, Any] = {**vars(cardlib), **vars(cardlib.skitgubbe), "Card": Card.parse}


def random_game(rules: Rules, seed: int, limit: int = 400) -> list[State]:
    rng = random.Random(seed)
    state: State = new_game(rules, rng=rng.getrandbits(32))
    states = [state]
    while not state.is_over and len(states) < limit:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def walk(value: object, path: str = "view") -> Iterator[tuple[str, object]]:
    """Every object reachable from ``value`` through attributes, slots, dataclass fields,
    tuples, lists, sets and dicts, with the path that reaches it."""
    seen: set[int] = set()
    todo: list[tuple[str, object]] = [(path, value)]
    while todo:
        where, item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield where, item
        if isinstance(item, str | int | float | bytes | Enum | type | Card) or item is None:
            continue
        if callable(item) and not dataclasses.is_dataclass(item):
            continue
        if isinstance(item, dict):
            todo += [(f"{where}[{key!r}]", part) for key, part in item.items()]
            todo += [(f"{where}.key", key) for key in item]
            continue
        if isinstance(item, tuple | list | set | frozenset):
            todo += [(f"{where}[{i}]", part) for i, part in enumerate(item)]
            continue
        names = set(getattr(item, "__dict__", {}))
        for cls in type(item).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            names.update((slots,) if isinstance(slots, str) else slots)
        if dataclasses.is_dataclass(item):
            names.update(f.name for f in dataclasses.fields(item))
        for name in sorted(names):
            if hasattr(item, name):
                todo.append((f"{where}.{name}", getattr(item, name)))


def cards_in(value: object) -> set[Card]:
    return {item for _, item in walk(value) if isinstance(item, Card)}


def no_state_in(view: object) -> None:
    for where, item in walk(view):
        assert not isinstance(item, State), where


def face_up(states: list[State], viewer: int | None) -> set[Card]:
    """The cards the moves put face up, and the trump card once ``viewer`` may look at it,
    counted along the game (not from the view)."""
    shown: set[Card] = set()
    for before, after in itertools.pairwise(states):
        move = after.last_move
        if isinstance(move, Play):
            shown |= set(move.cards)
        elif isinstance(move, TurnUp):
            shown.add(before.stock[0])
    last = states[-1]
    if last.trump_card is not None and last.trump_visible_to(viewer):
        shown.add(last.trump_card)
    return shown


def test_every_phase_is_a_game_state_with_the_phase_enum() -> None:
    states = random_game(Rules(players=3), 4, limit=3000)
    assert states[-1].is_over
    for state in [*states[:: len(states) // 20], states[-1]]:
        assert isinstance(state, GameState)
        assert isinstance(state.phase, Phase) and state.seat_count == 3
        assert isinstance(state.view(0), GameView)
    one = next(s for s in states if isinstance(s, PhaseOne))
    two = next(s for s in states if isinstance(s, PhaseTwo))
    assert one.phase is Phase.ONE and two.phase is Phase.TWO
    assert Phase.ONE == 1 and Phase.TWO == 2  # old comparisons with numbers still hold
    assert isinstance(phase_two_position(hands=["", "H9", ""], trumps="S", discard=[
        card for card in FULL_DECK if str(card) != "H9"]), GameState)  # fmt: skip


def test_the_returns_are_minus_one_for_the_skitgubbe_and_zero_for_the_others() -> None:
    for players in (2, 3, 4):
        state = random_game(Rules(players=players), players, limit=3000)[-1]
        result = state.result
        assert isinstance(result, GameResult) and result is not None
        expected = tuple(-1 if seat == result.loser else 0 for seat in range(players))
        assert state.returns() == result.returns() == expected
        assert str(result.text) == str(result)
    assert new_game(Rules(players=4), rng=1).returns() == (0, 0, 0, 0)
    assert Result(Seat.B, (Seat.A,)).returns() == (0, -1)


def test_events_have_typed_fields_and_their_repr_evaluates_back() -> None:
    kinds: set[str] = set()
    for rules in OPTIONS[::7]:
        for state in random_game(rules, 1, limit=3000):
            for event in state.events:
                assert isinstance(event, GameEvent) and isinstance(event, Event)
                assert eval(repr(event), dict(NAMES)) == event
                assert event.values == tuple(
                    getattr(event, f.name)
                    for f in dataclasses.fields(event)  # type: ignore[arg-type]
                )
                assert all(event.is_known_to(seat) for seat in range(rules.players))
                if event.player is not None:
                    assert event.player == state.parent.current_player  # type: ignore[union-attr]
                kinds.add(event.code)
    assert kinds == set(Event.KINDS)


def test_a_hidden_trump_card_is_told_without_the_card() -> None:
    for shown in ("hidden", "owner", "all"):
        rules = Rules(players=3, trump_visibility=shown)
        state = next(
            s for s in random_game(rules, 2) if any(e.code == "trump_card" for e in s.events)
        )
        drawn = next(e for e in state.events if isinstance(e, TrumpCardDrawn))
        assert drawn.card == state.trump_card
        for seat in range(3):
            told = drawn.told_to(seat)
            sees = shown == "all" or (shown == "owner" and seat == drawn.seat)
            assert isinstance(told, TrumpCardDrawn)
            assert told.card == (drawn.card if sees else None)
            assert told.ruling.explanation == drawn.ruling.explanation  # the same words
            assert (drawn.card in cards_in(state.view(seat))) is sees
        assert drawn.told_to(None) == drawn
        assert (drawn.face_up().card is None) is (shown != "all")  # type: ignore[attr-defined]


def test_a_view_is_frozen_and_cannot_be_changed() -> None:
    view = new_game(rng=3).view(0)
    assert isinstance(view, StateView) and dataclasses.is_dataclass(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = Seat.B  # type: ignore[misc]


@pytest.mark.parametrize("rules", OPTIONS, ids=repr)
def test_a_view_holds_no_state_and_exactly_the_cards_its_seat_may_know(rules: Rules) -> None:
    checked = 0
    for seed in range(2):
        states = random_game(rules, seed)
        for end in range(1, len(states) + 1, 9):
            history = states[:end]
            state = history[-1]
            shown = face_up(history, None)
            onlooker = state.view(None)
            no_state_in(onlooker)
            assert cards_in(onlooker) == shown, (seed, end)
            for seat in range(rules.players):
                view = state.view(seat)
                no_state_in(view)
                mine = set(state.hand(seat))
                assert cards_in(view) == mine | face_up(history, seat), (seed, end, seat)
                checked += 1
    assert checked > 20 * rules.players


def test_the_view_shows_the_state_as_its_seat_sees_it() -> None:
    for state in random_game(Rules(players=4, sequences=True), 6, limit=3000)[::13]:
        for seat in range(4):
            view = state.view(seat)
            assert view.to_text() == state.to_text(seat, open_hands=False)
            assert view.rows() == state.rows(seat, open_hands=False)
            assert view.notes() == state.notes()
            assert view.hand == state.hand(seat) and view.phase is state.phase
            assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
            assert view.is_over is state.is_over and view.result == state.result
            mover = seat == state.current_player
            assert view.legal_moves() == (state.legal_moves() if mover else [])
            assert [e.ruling.explanation for e in view.events] == [
                e.ruling.explanation for e in state.events
            ]
            assert len(view.seen) == len(state.history()) - 1


def test_knowledge_is_the_same_from_the_state_and_from_its_view() -> None:
    for rules in OPTIONS[::11]:
        for state in random_game(rules, 3)[::10]:
            if state.is_over:
                continue
            seat = state.current_player
            assert knowledge(state) == knowledge(state.view(seat))  # type: ignore[arg-type]


def positions() -> Iterator[State]:
    for rules in OPTIONS[::5]:
        for state in random_game(rules, 5, limit=3000)[::6]:
            if not state.is_over:
                yield state


def test_a_bot_chooses_from_a_view_alone_as_from_the_state() -> None:
    expected = []
    views = []
    for index, state in enumerate(positions()):
        view = state.view(state.current_player)  # type: ignore[arg-type]
        expected.append(
            (
                HeuristicBot(index).choose(state),
                HeuristicBot(index).explain(state),
                str(HeuristicBot(index).hint(state)),
                RandomBot(index).choose(state),
                str(RandomBot(index).hint(state)),
            )
        )
        views.append(view)
    del state
    gc.collect()
    assert len(views) > 100
    for index, (view, wanted) in enumerate(zip(views, expected, strict=True)):
        no_state_in(view)
        got = (
            HeuristicBot(index).choose(view),
            HeuristicBot(index).explain(view),
            str(HeuristicBot(index).hint(view)),
            RandomBot(index).choose(view),
            str(RandomBot(index).hint(view)),
        )
        assert got == wanted, index


def test_a_bot_fed_the_view_of_seat_b_never_sees_seat_as_cards() -> None:
    compared = 0
    for rules in OPTIONS[::3]:
        states = random_game(rules, 7, limit=3000)
        for state in states[::5]:
            if state.current_player != Seat.B:
                continue
            history = state.history()
            hidden = set(state.hand(Seat.A)) - set(state.hand(Seat.B)) - face_up(history, Seat.B)
            view = state.view(Seat.B)
            assert not hidden & cards_in(view)
            HeuristicBot(1).choose(view)
            compared += bool(hidden)
    assert compared > 20


def test_a_bot_refuses_a_view_whose_seat_is_not_to_move() -> None:
    state = new_game(Rules(players=3), rng=2)
    with pytest.raises(cardlib.RulesError, match="this view is B's, not A's"):
        HeuristicBot().choose(state.view(Seat.B))
    with pytest.raises(cardlib.RulesError, match="onlooker"):
        RandomBot().choose(state.view(None))


def test_a_set_up_position_has_a_view_with_its_face_up_piles() -> None:
    rest = [card for card in FULL_DECK if str(card) not in "H7 CA S7 DK HA D2".split()]
    state = phase_one_position(hands=["H7 CA", "S7 DK", "HA"], collected=[rest, [], []],
                               trump_card="D2", trump_owner=1, leader=0)  # fmt: skip
    view = state.view(0)
    no_state_in(view)
    assert set(view.collected[0]) == set(rest) and view.trump_card is None
    assert HeuristicBot(1).choose(view) == HeuristicBot(1).choose(state)
