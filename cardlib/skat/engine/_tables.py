"""Bitmask tables for fast play: card bits, per-game follow groups and trick strength.

Bit order is the grand display order: ♣J ♠J ♥J ♦J (bits 0-3), then ♣ ♠ ♥ ♦, each A 10 K Q 9 8 7.
Internal to the engine; the public API speaks of cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlib.cards import FULL_DECK, Card, Rank, Suit
from cardlib.skat.engine.facts import CARD_POINTS, GameType, follow_group, order_key
from cardlib.skat.engine.moves import Play

_PLAIN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)

CARDS: tuple[Card, ...] = tuple(Card(suit, Rank.JACK) for suit in Suit) + tuple(
    Card(suit, rank) for suit in Suit for rank in _PLAIN_RANKS
)
BIT: dict[Card, int] = {card: bit for bit, card in enumerate(CARDS)}
POINTS: tuple[int, ...] = tuple(CARD_POINTS[card.rank] for card in CARDS)
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
FULL = (1 << 32) - 1

# For each of the 4 bytes of a mask and each byte value: the cards / Play moves it holds.
BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * i + j for j in range(8) if value >> j & 1) for value in range(256))
    for i in range(4)
)
BYTE_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(PLAYS[b] for b in bits) for bits in table) for table in BYTE_BITS
)


VALUE: dict[Card, int] = {card: 1 << bit for bit, card in enumerate(CARDS)}
BIT_BY_INDEX: tuple[int | None, ...] = tuple(
    BIT.get(card) for card in sorted(FULL_DECK, key=lambda c: c.index)
)
"""The bit of each of the 52 cards by ``Card.index`` (``None`` outside the Skat pack)."""
_VALUE_BY_INDEX = tuple(0 if b is None else 1 << b for b in BIT_BY_INDEX)


_POINTS_BY_INDEX = tuple(0 if b is None else POINTS[b] for b in BIT_BY_INDEX)


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of an iterable of Skat cards."""
    value = _VALUE_BY_INDEX
    return sum([value[card.index] for card in cards])


def points_of_cards(cards: Iterable[Card]) -> int:
    """Card points of an iterable of Skat cards."""
    points = _POINTS_BY_INDEX
    return sum([points[card.index] for card in cards])


def bits_of(mask: int) -> tuple[int, ...]:
    """The card bits set in a mask, lowest first."""
    return (
        BYTE_BITS[0][mask & 255]
        + BYTE_BITS[1][mask >> 8 & 255]
        + BYTE_BITS[2][mask >> 16 & 255]
        + BYTE_BITS[3][mask >> 24]
    )


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a mask, in bit order."""
    return (
        _CARDS_0[mask & 255]
        + _CARDS_1[mask >> 8 & 255]
        + _CARDS_2[mask >> 16 & 255]
        + _CARDS_3[mask >> 24]
    )


def plays_of(mask: int) -> list[Play]:
    """One interned :class:`Play` per card in the mask, in bit order."""
    return [
        *_PLAYS_0[mask & 255],
        *_PLAYS_1[mask >> 8 & 255],
        *_PLAYS_2[mask >> 16 & 255],
        *_PLAYS_3[mask >> 24],
    ]


_PLAYS_0, _PLAYS_1, _PLAYS_2, _PLAYS_3 = BYTE_PLAYS
_CARDS_0, _CARDS_1, _CARDS_2, _CARDS_3 = (
    tuple(tuple(CARDS[b] for b in bits) for bits in table) for table in BYTE_BITS
)


def points_of(mask: int) -> int:
    """Card points in a mask."""
    return sum(POINTS[b] for b in bits_of(mask))


class GameTables:
    """Per-game lookups: ``follow[b]`` the mask a led card asks for, ``key[led][b]`` strength."""

    __slots__ = ("follow", "game", "group", "key")

    def __init__(self, game: GameType) -> None:
        self.game = game
        groups = [follow_group(card, game) for card in CARDS]
        names = sorted(set(groups))
        self.group: tuple[int, ...] = tuple(names.index(g) for g in groups)
        masks = [0] * len(names)
        for bit, g in enumerate(self.group):
            masks[g] |= 1 << bit
        self.follow: tuple[int, ...] = tuple(masks[g] for g in self.group)
        trump = [g == "trump" for g in groups]
        self.key: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                order_key(card, game) if self.group[bit] == led or trump[bit] else -1
                for bit, card in enumerate(CARDS)
            )
            for led in range(len(names))
        )

    def winner(self, trick: tuple[int, ...]) -> int:
        """The index in ``trick`` (0 = lead) of the winning card."""
        key = self.key[self.group[trick[0]]]
        best = 0
        top = key[trick[0]]
        for i in range(1, len(trick)):
            k = key[trick[i]]
            if k > top:
                best, top = i, k
        return best


TABLES: dict[GameType, GameTables] = {game: GameTables(game) for game in GameType}
TABLES_BY_LETTER: dict[str, GameTables] = {game.value: TABLES[game] for game in GameType}
"""The same tables by the game's letter (a string hashes faster than an enum member)."""
