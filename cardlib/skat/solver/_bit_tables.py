"""Per-game bit tables for the double-dummy solver: cards as bits ordered by trick-taking strength.

Bit 31 is the strongest card of the game, trumps on top, so "who wins the trick" is a table lookup;
the tables also hold each card's follow group, points and the runs of interchangeable cards. Used
by the searches (:mod:`cardlib.skat.solver._search`) and the shapes of positions
(:mod:`cardlib.skat.solver._shapes`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from cardlib.cards import Card, Suit
from cardlib.skat.engine.facts import CARD_POINTS, JACKS, NULL_RANKS, SUIT_RANKS, GameType

__all__ = ["Tables", "tables"]


class Tables:
    """Per-game lookup tables over 32 bits, bit 31 the strongest card (trumps on top).

    >>> t = tables(GameType.HEARTS)
    >>> [str(t.cards[b]) for b in (31, 27, 20)]
    ['CJ', 'HA', 'CA']
    >>> from cardlib import parse_cards
    >>> t.mask(parse_cards("CJ HA")) == (1 << 31) | (1 << 27)
    True
    """

    def __init__(self, game: GameType) -> None:
        self.game = game
        if game is GameType.NULL:
            groups = [[Card(suit, rank) for rank in NULL_RANKS] for suit in Suit]
            trump_count = 0
        else:
            trump = game.trump_suit
            top = list(JACKS) + ([Card(trump, rank) for rank in SUIT_RANKS] if trump else [])
            groups = [top] + [[Card(s, r) for r in SUIT_RANKS] for s in Suit if s is not trump]
            trump_count = len(top)
            if trump is None:  # grand: jacks alone are trumps, then four plain suits
                groups = [top] + [[Card(s, r) for r in SUIT_RANKS] for s in Suit]
        high_first = [card for group in groups for card in group]
        self.cards: tuple[Card, ...] = tuple(reversed(high_first))
        self.bit: dict[Card, int] = {card: i for i, card in enumerate(self.cards)}
        self.points: tuple[int, ...] = tuple(CARD_POINTS[card.rank] for card in self.cards)
        self.trumps = ((1 << trump_count) - 1) << (32 - trump_count)
        group_mask = [0] * 32
        cls = [0] * 32
        for gi, group in enumerate(groups):
            mask = 0
            for card in group:
                mask |= 1 << self.bit[card]
            for card in group:
                b = self.bit[card]
                group_mask[b] = mask
                cls[b] = gi * 16 + (0 if game is GameType.NULL else self.points[b])
        self.group: tuple[int, ...] = tuple(group_mask)
        self.plain: tuple[int, ...] = tuple(
            dict.fromkeys(m for m in group_mask if not m & self.trumps)
        )
        self.point_masks: tuple[tuple[int, int], ...] = tuple(
            (value, sum(1 << b for b in range(32) if self.points[b] == value))
            for value in sorted(set(self.points))
        )
        self.cls: tuple[int, ...] = tuple(cls)
        # beats[new * 32 + old]: the card at bit ``new`` beats the current winner at bit ``old``
        self.beats: tuple[bool, ...] = tuple(
            new > old and (group_mask[new] == group_mask[old] or bool(self.trumps >> new & 1))
            for new in range(32)
            for old in range(32)
        )

        self._moves: dict[int, tuple[int, ...]] = {}
        pts = self.points
        self.give: tuple[int, ...] = tuple(-pts[x] for x in range(32))
        self.cheap: tuple[int, ...] = tuple(pts[x] for x in range(32))
        # the declarer leads trumps from the top, then aces and tens, then small cards
        self.lead_key: tuple[int, ...] = tuple(
            -100 - x if self.trumps >> x & 1 else -pts[x] for x in range(32)
        )
        self.take: tuple[tuple[int, ...], ...] = tuple(
            tuple(-100 - pts[x] if self.beats[x * 32 + w] else pts[x] for x in range(32))
            for w in range(32)
        )

        # the defenders cash aces and tens, keep their trumps for last
        self.defence_key: tuple[int, ...] = tuple(
            100 - x if self.trumps >> x & 1 else -pts[x] for x in range(32)
        )

    def moves(self, mask: int, rem: int) -> tuple[int, ...]:
        """One bit of each run of interchangeable cards in ``mask``, strongest first."""
        if not mask:
            return ()
        # only the other cards between the lowest and the highest card of the hand matter
        span = (1 << mask.bit_length()) - (mask & -mask)
        key = mask | (rem & span & ~mask) << 32
        known = self._moves.get(key)
        if known is not None:
            return known
        cls = self.cls
        out = []
        prev = -1
        while mask:
            b = mask.bit_length() - 1
            mask ^= 1 << b
            if (
                prev >= 0
                and cls[b] == cls[prev]
                and not (rem >> (b + 1)) & ((1 << (prev - b - 1)) - 1)
            ):
                prev = b
                continue
            out.append(b)
            prev = b
        if len(self._moves) > 200_000:
            self._moves.clear()
        result = self._moves[key] = tuple(out)
        return result

    def sure(self, lead: int, others: int, rem: int) -> int:
        """The cards the leader can cash one after another, keeping the lead (a lower bound).

        The run of top trumps they hold; if nobody else holds a trump, every trump and the run
        of top cards of each plain suit.
        """
        trumps = self.trumps
        if others & trumps:
            groups: tuple[int, ...] = (trumps,)
            run = 0
        else:
            groups = self.plain
            run = lead & trumps
        for mask in groups:
            left = rem & mask
            while left:
                top = 1 << (left.bit_length() - 1)
                if not lead & top:
                    break
                run |= top
                left ^= top
        return run

    def cheapest(self, hand: int, count: int) -> int:
        """The fewest points ``count`` cards of ``hand`` can hold."""
        total = 0
        for value, mask in self.point_masks:
            have = (hand & mask).bit_count()
            if have >= count:
                return total + count * value
            total += have * value
            count -= have
        return total

    def mask(self, cards: Iterable[Card]) -> int:
        """The bitmask of some cards."""
        result = 0
        for card in cards:
            result |= 1 << self.bit[card]
        return result

    def unmask(self, mask: int) -> tuple[Card, ...]:
        """The cards of a bitmask, strongest first."""
        return tuple(self.cards[b] for b in range(31, -1, -1) if mask >> b & 1)

    def score(self, mask: int) -> int:
        """The card points in a bitmask."""
        total = 0
        for value, cards in self.point_masks:
            total += value * (mask & cards).bit_count()
        return total


@cache
def tables(game: GameType) -> Tables:
    """The lookup tables of a game type, built once."""
    return Tables(game)
