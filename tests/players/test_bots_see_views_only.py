"""Every bot of both games (and Skitgubbe's variants of the heuristic player) decides from the
view of the seat to move alone.

Given a state, a bot reads ``current_player`` (to choose the seat) and ``view``, and nothing
else; given that view alone, it makes the same choice. A view holds no state anywhere inside it.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardlib import skat, skitgubbe
from cardlib.skat.engine.states import SkatState
from cardlib.skat.players import HeuristicBot as SkatHeuristic
from cardlib.skat.players import RandomBot as SkatRandom
from cardlib.skat.players import SamplingBot as SkatSampling
from cardlib.skitgubbe import HeuristicBot as GubbeHeuristic
from cardlib.skitgubbe import RandomBot as GubbeRandom
from cardlib.skitgubbe.sampling import SamplingBot as GubbeSampling
from cardlib.skitgubbe.state import State as GubbeState
from cardlib.skitgubbe.variants import VARIANTS

ALLOWED = {"view", "current_player"}


class Recording:
    """A state seen through a proxy that notes every attribute read and forwards it."""

    def __init__(self, state: object) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "reads", [])

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # so that a bot's isinstance check sees the game's state
        return type(object.__getattribute__(self, "_state"))

    def __getattr__(self, name: str) -> Any:
        object.__getattribute__(self, "reads").append(name)
        return getattr(object.__getattribute__(self, "_state"), name)


def _walk(states: list[Any], start: Any, bot: Any, steps: int) -> Any:
    state = start
    for _ in range(steps):
        if state.is_over:
            break
        states.append(state)
        state = state.play(bot.choose(state))
    return state


def skat_states() -> list[Any]:
    states: list[Any] = []
    variants = (
        skat.Rules(),
        skat.Rules(kontra=True),
        skat.Rules(ramsch="always"),
        skat.Rules(ramsch="passed", kontra=True),
    )
    for seed in range(6):
        for rules in variants:
            deal = skat.new_game(skat.new_deal(seed), rules)
            _walk(states, deal, SkatRandom(seed), 60)
    return states


def gubbe_states() -> list[Any]:
    states: list[Any] = []
    for players in (2, 3, 4):
        for seed in range(2):
            rules = skitgubbe.Rules(players=players)
            _walk(states, skitgubbe.new_game(rules, rng=seed), GubbeHeuristic(seed), 400)
    return states


def _bots(game: str) -> list[Any]:
    if game == "skat":
        return [
            lambda: SkatRandom(3),
            lambda: SkatHeuristic(),
            lambda: SkatSampling(samples=2, rng=3, budget=None),
        ]
    return [
        lambda: GubbeRandom(3),
        lambda: GubbeHeuristic(3),
        lambda: GubbeSampling(samples=2, rng=3, budget=None),
        *(lambda variant=variant: variant(3) for variant in VARIANTS),
    ]


def _one_per_phase(states: list[Any]) -> list[Any]:
    first: dict[Any, Any] = {}
    for state in states:
        first.setdefault(state.phase, state)
    return list(first.values())


def _sample(states: list[Any], count: int) -> list[Any]:
    rng = random.Random(7)
    return rng.sample(states, min(count, len(states)))


@pytest.mark.parametrize("game", ["skat", "skitgubbe"])
def test_a_bot_reads_only_the_view_and_chooses_the_same_from_it(game: str) -> None:
    states = skat_states() if game == "skat" else gubbe_states()
    phases = {state.phase for state in states}
    if game == "skat":
        assert {phase.name for phase in phases} >= {
            "BIDDING",
            "SKAT",
            "DISCARD",
            "DECLARE",
            "KONTRA",
            "PLAY",
        }
    else:
        assert phases == set(skitgubbe.Phase)
        assert {len(state.players) for state in states} == {2, 3, 4}
    for make in _bots(game):
        for state in _sample(states, 25) + _one_per_phase(states):
            proxy = Recording(state)
            from_state = make().choose(proxy)
            assert set(proxy.reads) <= ALLOWED, proxy.reads
            assert "view" in proxy.reads
            view = state.view(state.current_player)
            assert make().choose(view) == from_state


def _holds_state(value: Any, seen: set[int]) -> bool:
    if id(value) in seen or isinstance(value, str | int | float | bytes | type(None)):
        return False
    seen.add(id(value))
    if isinstance(value, GubbeState | SkatState):
        return True
    if isinstance(value, tuple | list | set | frozenset):
        return any(_holds_state(item, seen) for item in value)
    if isinstance(value, dict):
        return any(_holds_state(k, seen) or _holds_state(v, seen) for k, v in value.items())
    parts: list[Any] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts += [getattr(value, field.name) for field in dataclasses.fields(value)]
    for cls in type(value).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if isinstance(slot, str) and hasattr(value, slot):
                parts.append(getattr(value, slot))
    parts += list(getattr(value, "__dict__", {}).values())
    return any(_holds_state(part, seen) for part in parts)


@pytest.mark.parametrize("game", ["skat", "skitgubbe"])
def test_a_view_holds_no_state(game: str) -> None:
    states = skat_states() if game == "skat" else gubbe_states()
    for state in _sample(states, 40):
        for seat in range(3 if game == "skat" else len(state.players)):
            assert not _holds_state(state.view(seat), set())
