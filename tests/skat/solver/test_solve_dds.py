"""Solved positions from ``tests/data/dds`` reproduced exactly.

The end positions with one to five cards in each hand are all checked; six and seven cards, and
the full deals, by a fixed seeded sample (``benchmarks/solver.py --all`` checks every line).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import NamedTuple

import pytest

from cardlib import Card, Rank, Suit
from cardlib.skat import GameType, solve_position

DDS = Path(__file__).resolve().parents[2] / "data" / "dds"
GAMES = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
# Bit 31 ♣J … 28 ♦J, then A T K Q 9 8 7 of clubs at 27…21, spades 20…14, hearts 13…7, diamonds 6…0.
BIT_CARDS = {31 - i: Card(suit, Rank.JACK) for i, suit in enumerate(Suit)} | {
    27 - 7 * s - r: Card(suit, rank) for s, suit in enumerate(Suit) for r, rank in enumerate(_RANKS)
}


class Line(NamedTuple):
    hands: tuple[tuple[Card, ...], ...]
    skat: tuple[Card, ...]
    leader: int
    game: GameType
    value: int


def cards(mask: int) -> tuple[Card, ...]:
    return tuple(BIT_CARDS[bit] for bit in range(32) if mask >> bit & 1)


def read(name: str) -> list[Line]:
    lines = []
    for text in (DDS / name).read_text().split():
        p0, p1, p2, skat, leader, game, value = map(int, text.split(","))
        lines.append(
            Line((cards(p0), cards(p1), cards(p2)), cards(skat), leader, GAMES[game], value)
        )
    return lines


def sample(name: str, count: int, seed: int = 8) -> list[Line]:
    lines = read(name)
    return random.Random(seed).sample(lines, count) if count < len(lines) else lines


def test_the_bit_layout_is_read_as_documented() -> None:
    assert cards(1 << 31) == (Card.parse("CJ"),)
    assert cards(1 << 27 | 1 << 20 | 1 << 0) == tuple(map(Card.parse, ("D7", "SA", "CA")))
    assert len(BIT_CARDS) == 32 and len(set(BIT_CARDS.values())) == 32
    first = read("full_game.txt")[0]
    assert [len(hand) for hand in first.hands] == [10, 10, 10] and len(first.skat) == 2


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("one_cards.txt", 1500),
        ("two_cards.txt", 1500),
        ("three_cards.txt", 1500),
        ("four_cards.txt", 1500),
        ("five_cards.txt", 1500),
        ("six_cards.txt", 300),
        ("seven_cards.txt", 80),
    ],
)
def test_end_positions(name: str, count: int) -> None:
    wrong = [
        (line, got)
        for line in sample(name, count)
        if (got := solve_position(line.hands, line.leader, line.game)) != line.value
    ]
    assert not wrong, f"{len(wrong)} of {count} positions differ, first: {wrong[0]}"


@pytest.mark.parametrize("line", sample("full_game.txt", 4, seed=3), ids=lambda line: "deal")
def test_full_deals_exact(line: Line) -> None:
    value = solve_position(line.hands, line.leader, line.game, skat=line.skat)
    assert value == line.value


@pytest.mark.parametrize("line", sample("full_game.txt", 12, seed=5), ids=lambda line: "deal")
def test_full_deals_won_or_lost(line: Line) -> None:
    """The question a player asks first: does the declarer reach 61 (and 31)?"""
    for threshold in (31, 61):
        reached = solve_position(
            line.hands, line.leader, line.game, skat=line.skat, threshold=threshold
        )
        assert reached == (line.value >= threshold)
