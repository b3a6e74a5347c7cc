"""The compiled point search: built, exact (the DDS files' values, and the Python search's on
random positions of every size), stopped by its deadline, bounded, and refusing what is no
position."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import SKAT_DECK, Card
from cardlib.players.deadline import CHECK_EVERY, Deadline, SolveInterrupted
from cardlib.skat import GameType
from cardlib.skat.solver._native import PointCore
from cardlib.skat.solver._search import (
    COMPILED,
    CompiledPointSearch,
    CompiledTrickSearch,
    PointSearch,
    TrickSearch,
    point_search,
    tables,
    trick_search,
)

from .test_limits import FULL, SMALL, masks, read

POINT_GAMES = [g for g in GameType if g is not GameType.NULL]
MORE = read("full_game.txt", 12, seed=29)


def test_the_solver_uses_the_compiled_search() -> None:
    assert COMPILED
    assert isinstance(point_search(GameType.CLUBS, 1), CompiledPointSearch)
    assert isinstance(trick_search(GameType.NULL, 1, declarer_wins=False), CompiledTrickSearch)


@pytest.mark.parametrize("row", FULL + MORE, ids=lambda row: "deal")
def test_full_deals_have_the_dds_files_value(row: tuple) -> None:  # type: ignore[type-arg]
    hands, skat, leader, game, value = row
    search = CompiledPointSearch(game, 0)
    skat_points = tables(game).score(tables(game).mask(skat))
    assert skat_points + search.value(masks(game, hands), leader, ()) == value
    for target in (value - 1, value, value + 1):
        assert search.reaches(masks(game, hands), leader, (), target - skat_points) == (
            value >= target
        )


def deal(rng: random.Random, size: int) -> tuple[tuple[Card, ...], ...]:
    deck = list(SKAT_DECK)
    rng.shuffle(deck)
    return tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(3))


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 6), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2**32),
    st.sampled_from(POINT_GAMES),
)  # fmt: skip
def test_random_positions_have_the_python_searchs_value(
    size: int, leader: int, declarer: int, seed: int, game: GameType
) -> None:
    """The Python search is an independent implementation of the same rules of play."""
    rng = random.Random(seed)
    compiled, python = CompiledPointSearch(game, declarer), PointSearch(game, declarer)
    for _ in range(3):  # one search for several positions: its tables carry over
        hands = masks(game, deal(rng, size))
        trick = ()
        assert compiled.value(hands, leader, trick) == python.value(hands, leader, trick)
        target = rng.randrange(0, 60)
        assert compiled.reaches(hands, leader, trick, target) == python.reaches(
            hands, leader, trick, target
        )


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 7), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2**32),
    st.sampled_from(list(GameType)), st.integers(0, 2),
)  # fmt: skip
def test_random_positions_have_the_python_trick_searchs_answer(
    size: int, leader: int, declarer: int, seed: int, game: GameType, played: int
) -> None:
    """Null (no trick) and Schwarz (every trick), from a trick's start or inside it, against the
    Python trick search."""
    rng = random.Random(seed)
    goal = game is not GameType.NULL
    compiled = CompiledTrickSearch(game, declarer, declarer_wins=goal)
    python = TrickSearch(game, declarer, declarer_wins=goal)
    for _ in range(3):  # one search for several positions: its table carries over
        hands = masks(game, deal(rng, size))
        trick: list[int] = []
        for i in range(played):  # the first cards of the trick, each legal
            seat = (leader + i) % 3
            hand = hands[seat]
            follow = hand & compiled.t.group[trick[0]] if trick else 0
            card = (follow or hand).bit_length() - 1
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
        assert compiled.partial(list(hands), leader, tuple(trick)) == python.partial(
            list(hands), leader, tuple(trick)
        )


def test_a_node_budget_stops_the_trick_search_and_it_still_answers_right() -> None:
    hands = masks(GameType.NULL, deal(random.Random(3), 10))
    answer = TrickSearch(GameType.NULL, 0, False).partial(list(hands), 0, ())
    search = CompiledTrickSearch(GameType.NULL, 0, False, deadline=Deadline(nodes=3))
    with pytest.raises(SolveInterrupted):
        search.partial(list(hands), 0, ())
    assert (search.stats.nodes, search.stats.interrupted) == (3, 1)
    search.set_deadline(None)
    assert search.partial(list(hands), 0, ()) == answer


def test_a_search_takes_over_nothing_from_the_search_before() -> None:
    """A search that is done hands its tables on, and the next clears what was written in them:
    the same hands for another declarer give other values under the same table keys."""
    game = GameType.CLUBS
    hands = masks(game, deal(random.Random(7), 7))
    values = []
    for declarer in (0, 1, 2, 0):
        compiled = CompiledPointSearch(game, declarer)
        values.append(compiled.value(hands, 0, ()))
        del compiled
        assert values[-1] == PointSearch(game, declarer).value(hands, 0, ())
    assert len(set(values)) > 1


def test_a_node_budget_stops_the_search_and_the_tables_still_answer_right() -> None:
    hands, skat, leader, game, value = FULL[0]
    search = CompiledPointSearch(game, 0, deadline=Deadline(nodes=300))
    with pytest.raises(SolveInterrupted):
        search.value(masks(game, hands), leader, ())
    assert (search.stats.nodes, search.stats.interrupted) == (300, 1)
    search.set_deadline(None)
    skat_points = tables(game).score(tables(game).mask(skat))
    assert skat_points + search.value(masks(game, hands), leader, ()) == value


def test_a_passed_deadline_stops_within_one_check() -> None:
    hands, _, leader, game, _ = FULL[1]
    search = CompiledPointSearch(game, 0, deadline=Deadline(at=time.perf_counter() - 1))
    with pytest.raises(SolveInterrupted):
        search.value(masks(game, hands), leader, ())
    assert 0 < search.stats.nodes <= CHECK_EVERY


@pytest.mark.parametrize("entries", [1, 2, 64, 500])
def test_small_tables_hold_at_most_entries_and_answer_the_same(entries: int) -> None:
    for hands, skat, leader, game, value in SMALL:
        search = CompiledPointSearch(game, 0, entries=entries)
        assert search.core.slots <= entries
        skat_points = tables(game).score(tables(game).mask(skat))
        assert skat_points + search.value(masks(game, hands), leader, ()) == value


def test_what_is_no_position_is_refused() -> None:
    search = CompiledPointSearch(GameType.GRAND, 0)

    def go_on() -> int:
        return 1 << 62

    with pytest.raises(ValueError, match="disjoint"):
        search.core.probe(0b11, 0b10, 0b1100, 0, 1, 10, go_on)  # a card in two hands
    with pytest.raises(ValueError, match="one size"):
        search.core.probe(0b1, 0b110, 0b1000, 0, 1, 10, go_on)
    with pytest.raises(ValueError, match="beats"):
        PointCore(beats=(), group=(0,) * 32, points=(0,) * 32, cls=(0,) * 32,
                  lead_key=(0,) * 32, defence_key=(0,) * 32, trumps=0, runs=1, declarer=0,
                  entries=8)  # fmt: skip
