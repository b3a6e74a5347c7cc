"""Quasi-symmetric positions: the same shape of hands, perhaps other card points.

Two positions have the same *shape* when, run by run (a plain suit, the trump suit, the jacks),
the cards still in play lie in the same hands in the same order of strength. Mapping the k-th card
of a run in one position to the k-th card of the same run in the other keeps every rule: the same
cards may follow, every trick goes the same way. Only the points can differ, card by card, so
the declarer's best result differs by at most the points a mapped card loses (for a lower bound)
or gains (for an upper bound); with equal points the two positions are interchangeable. The
search keeps bounds per shape and shifts them by those differences (quasi-symmetry reduction,
after Kupferschmid and Helmert, *A Skat player based on Monte Carlo simulation*, 2006).

A position is brought to its shape by pushing the cards of each run down to the lowest bits of
the run; the points are kept as a *profile*: for each point threshold of the game, the slots whose
card reaches it, repeated once per point between that threshold and the one below, so that the
points a slot loses or gains from one profile to another are bit counts.

>>> from cardlib.skat.engine.facts import GameType
>>> from cardlib.skat.solver._bit_tables import tables
>>> t = tables(GameType.GRAND)
>>> shapes = Shapes(t)
>>> from cardlib import parse_cards
>>> hands = [t.mask(parse_cards(h)) for h in ("SA S9", "SK", "S8")]
>>> other = [t.mask(parse_cards(h)) for h in ("SA S8", "SQ", "S7")]
>>> (one, pro), (two, prt) = shapes.shape(*hands), shapes.shape(*other)
>>> one == two
True
>>> shapes.loss(pro, prt), shapes.loss(prt, pro)  # the king became a queen: 1 point
(1, 0)
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

from cardlib.cards import Rank

if TYPE_CHECKING:
    from cardlib.skat.solver._bit_tables import Tables

__all__ = ["Shapes"]

_FIELDS = (0, 32, 64)
PROFILE_SHIFT = 128


@cache
def _run_table(points: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Every way three hands can hold cards of one run, with its shape and profile.

    ``points`` are the run's card points from its lowest bit up. Entries are ``(key, shape,
    profile)``: ``key`` holds the three hands 32 bits apart, ``shape`` the same hands pushed
    down to the lowest bits, ``profile`` the point slots (one 32-bit copy per point).
    """
    width = len(points)
    levels = sorted(set(points) | {0})
    entries = []
    for held in range(1 << width):
        bits = [i for i in range(width) if held >> i & 1]
        profile = 0
        copy = 0
        for low, high in pairwise(levels):
            reached = sum(1 << slot for slot, bit in enumerate(bits) if points[bit] >= high)
            for _ in range(high - low):
                profile |= reached << (32 * copy)
                copy += 1
        for owners in range(3 ** len(bits)):
            key = shape = 0
            for slot, bit in enumerate(bits):
                owner = owners // 3**slot % 3
                key |= 1 << (bit + _FIELDS[owner])
                shape |= 1 << (slot + _FIELDS[owner])
            entries.append((key, shape, profile))
    return tuple(entries)


class Shapes:
    """The shape and profile of positions of one game (its runs found from its tables)."""

    def __init__(self, tab: Tables) -> None:
        kinds = []
        for bit, card in enumerate(tab.cards):
            jack = card.rank is Rank.JACK and tab.trumps >> bit & 1
            kinds.append((tab.group[bit], "J" if jack else card.suit))
        runs: list[tuple[int, int]] = []
        start = 0
        for bit in range(1, 33):
            if bit == 32 or kinds[bit] != kinds[start]:
                runs.append((start, bit - start))
                start = bit
        self.runs: tuple[tuple[int, int, dict[int, int]], ...] = tuple(
            (low, sum(((1 << width) - 1) << f for f in _FIELDS), self._table(tab, low, width))
            for low, width in runs
        )

    @staticmethod
    def _table(tab: Tables, low: int, width: int) -> dict[int, int]:
        points = tab.points[low : low + width]
        return {
            key: shape << low | profile << (low + PROFILE_SHIFT)
            for key, shape, profile in _run_table(points)
        }

    def shape(self, a: int, b: int, c: int) -> tuple[int, int]:
        """The shape of three hands (one integer, hands 32 bits apart) and their profile."""
        key = a | b << 32 | c << 64
        both = 0
        for low, mask, table in self.runs:
            both |= table[key >> low & mask]
        return both & ((1 << 96) - 1), both >> PROFILE_SHIFT

    @staticmethod
    def loss(before: int, after: int) -> int:
        """The points the cards of profile ``before`` lose, slot by slot, in ``after``."""
        return (before & ~after).bit_count()
