"""Deadlines and bounded tables of the searches: an interrupted solve gives no answer, a full
table is emptied, and neither ever changes an answer (expected values: the DDS file's, and the
unbounded search's)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from cardlib import Card, Rank, Suit
from cardlib.errors import CardlibError
from cardlib.players.deadline import CHECK_EVERY, Deadline, SolveInterrupted, within
from cardlib.skat import GameType, solve_position
from cardlib.skat.solver._search import PointSearch, TrickSearch, tables
from cardlib.skat.solver.ramsch import RamschSearch, ramsch_points
from cardlib.skat.solver.solve import DealSearch

DDS = Path(__file__).resolve().parents[2] / "data" / "dds"
GAMES = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
BIT_CARDS = {31 - i: Card(suit, Rank.JACK) for i, suit in enumerate(Suit)} | {
    27 - 7 * s - r: Card(suit, rank) for s, suit in enumerate(Suit) for r, rank in enumerate(RANKS)
}
Row = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int, GameType, int]


def cards(mask: int) -> tuple[Card, ...]:
    return tuple(BIT_CARDS[bit] for bit in range(32) if mask >> bit & 1)


def read(name: str, count: int, seed: int) -> list[Row]:
    rows: list[Row] = []
    for text in (DDS / name).read_text().split():
        p0, p1, p2, skat, leader, game, value = map(int, text.split(","))
        rows.append(((cards(p0), cards(p1), cards(p2)), cards(skat), leader, GAMES[game], value))
    return random.Random(seed).sample(rows, count)


FULL = read("full_game.txt", 3, seed=11)
SMALL = read("five_cards.txt", 20, seed=4)


def masks(game: GameType, hands: tuple[tuple[Card, ...], ...]) -> list[int]:
    return [tables(game).mask(hand) for hand in hands]


@pytest.mark.parametrize("row", FULL, ids=lambda row: "deal")
def test_a_full_deal_stops_at_a_node_budget(row: Row) -> None:
    hands, _, leader, game, _ = row
    search = PointSearch(game, 0, deadline=Deadline(nodes=300))
    with pytest.raises(SolveInterrupted):
        search.value(masks(game, hands), leader, ())
    assert search.stats.nodes == 300
    assert search.stats.interrupted == 1


def test_a_deadline_passed_stops_within_one_check() -> None:
    hands, _, leader, game, _ = FULL[0]
    search = PointSearch(game, 0, deadline=Deadline(at=time.perf_counter() - 1))
    with pytest.raises(SolveInterrupted):
        search.value(masks(game, hands), leader, ())
    assert 0 < search.stats.nodes <= CHECK_EVERY


@pytest.mark.parametrize("row", FULL, ids=lambda row: "deal")
def test_an_interrupted_search_still_answers_right_afterwards(row: Row) -> None:
    hands, skat, leader, game, value = row
    search = PointSearch(game, 0, deadline=Deadline(nodes=200))
    with pytest.raises(SolveInterrupted):
        search.value(masks(game, hands), leader, ())
    search.set_deadline(None)  # the same tables: only proven bounds were kept
    skat_points = tables(game).score(tables(game).mask(skat))
    assert skat_points + search.value(masks(game, hands), leader, ()) == value


def test_the_active_deadline_reaches_every_search() -> None:
    hands, skat, leader, game, _ = FULL[0]
    with within(Deadline(nodes=50)), pytest.raises(SolveInterrupted):
        solve_position(hands, leader, game, skat=skat)
    with within(Deadline(nodes=50)):
        search = TrickSearch(game, 0, declarer_wins=True)
        assert search.deadline == Deadline(nodes=50)
    assert TrickSearch(game, 0, declarer_wins=True).deadline is None


def test_a_null_and_a_ramsch_search_stop_too() -> None:
    hands, _, leader, _, _ = FULL[1]
    null = TrickSearch(GameType.NULL, 0, False, deadline=Deadline(nodes=5))
    try:
        null.partial(masks(GameType.NULL, hands), leader, ())
    except SolveInterrupted:
        assert null.stats.nodes == 5
    else:  # settled before five nodes: then it never searched them
        assert null.stats.nodes < 5
    ramsch = RamschSearch(0, deadline=Deadline(nodes=100))
    with pytest.raises(SolveInterrupted):
        ramsch.value(masks(GameType.GRAND, hands), leader)
    assert ramsch.nodes == 100


class Watched(dict[Any, Any]):
    """A table that records the most entries it ever held."""

    most = 0

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self.most = max(self.most, len(self))


@pytest.mark.parametrize("entries", [1, 64, 500])
def test_a_bounded_table_never_exceeds_its_size_and_answers_the_same(entries: int) -> None:
    for hands, skat, leader, game, value in SMALL:
        search = PointSearch(game, 0, entries=entries)
        search.tt = Watched()
        search.alike = Watched()  # type: ignore[assignment]
        skat_points = tables(game).score(tables(game).mask(skat))
        assert skat_points + search.value(masks(game, hands), leader, ()) == value
        assert search.tt.most <= entries  # type: ignore[attr-defined]
        assert search.alike.most <= entries  # type: ignore[attr-defined]
    hands = SMALL[0][0]
    assert ramsch_points(hands, 0, me=1) == RamschSearch(1, entries=8).value(
        masks(GameType.GRAND, hands), 0
    )


def test_one_deal_search_answers_every_question_as_fresh_searches_do() -> None:
    hands, skat, leader, game, value = FULL[2]
    deal = DealSearch(game, 0, skat)
    assert deal.value(hands, leader) == value
    for target in (31, 61, 90):
        assert deal.reaches(hands, leader, target) == (value >= target)
    assert deal.every_trick(hands, leader) == solve_position(
        hands, leader, game, skat=skat, threshold=120
    )
    assert deal.stats.probes > 0


def test_bad_limits_are_refused() -> None:
    with pytest.raises(CardlibError, match="nodes=0"):
        Deadline(nodes=0)
    with pytest.raises(CardlibError, match="entries=0"):
        PointSearch(GameType.GRAND, 0, entries=0)
    with pytest.raises(CardlibError, match="null"):
        DealSearch(GameType.NULL, 0).value(("CJ",), 0)
