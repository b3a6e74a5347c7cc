"""Which cards beat which in phase 2, and the runs a hand holds (with the ``sequences`` option).

>>> from cardlib import Card, Suit
>>> H9, H7, S2, HA, D9 = (Card.parse(text) for text in "H9 H7 S2 HA D9".split())
>>> beats(H9, H7, Suit.SPADES), beats(S2, HA, Suit.SPADES)
(True, True)
>>> beats(HA, S2, Suit.SPADES), beats(D9, H7, Suit.SPADES)
(False, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from cardlib.cards import Card, Suit

__all__ = ["beat_masks", "beaters", "beats", "is_run", "runs"]


def beats(card: Card, top: Card, trumps: Suit) -> bool:
    """Whether ``card`` beats ``top``: a higher card of its suit, or a trump on a non-trump."""
    if card.suit is top.suit:
        return card.rank > top.rank
    return card.suit is trumps


_BEATERS: dict[tuple[Suit, Card], frozenset[Card]] = {}


def beaters(top: Card, trumps: Suit) -> frozenset[Card]:
    """Every card that beats ``top`` when ``trumps`` are trumps (cached)."""
    key = (trumps, top)
    found = _BEATERS.get(key)
    if found is None:
        from cardlib.cards import FULL_DECK

        found = frozenset(card for card in FULL_DECK if beats(card, top, trumps))
        _BEATERS[key] = found
    return found


_MASKS: dict[Suit, tuple[int, ...]] = {}


def beat_masks(trumps: Suit) -> tuple[int, ...]:
    """For each card index, the bitmask (by card index) of the cards that beat that card."""
    masks = _MASKS.get(trumps)
    if masks is None:
        from cardlib.cards import FULL_DECK

        order = sorted(FULL_DECK, key=lambda card: card.index)
        masks = tuple(
            sum(1 << card.index for card in order if beats(card, top, trumps)) for top in order
        )
        _MASKS[trumps] = masks
    return masks


def runs(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every run of two or more consecutive cards of one suit in ``hand``, lowest card first.

    >>> from cardlib import parse_cards
    >>> [" ".join(map(str, run)) for run in runs(parse_cards("H8 HT HJ HQ C2"))]
    ['HT HJ', 'HT HJ HQ', 'HJ HQ']
    """
    found: list[tuple[Card, ...]] = []
    by_suit: dict[Suit, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    for suit in Suit:
        cards = sorted(by_suit.get(suit, ()), key=_rank)
        start = 0
        for end in range(1, len(cards) + 1):
            if end == len(cards) or cards[end].rank != cards[end - 1].rank + 1:
                chain = cards[start:end]
                for i in range(len(chain)):
                    for j in range(i + 2, len(chain) + 1):
                        found.append(tuple(chain[i:j]))
                start = end
    return found


def _rank(card: Card) -> int:
    return int(card.rank)


def is_run(cards: Sequence[Card]) -> bool:
    """Consecutive cards of one suit, lowest first."""
    return all(b.suit is a.suit and b.rank == a.rank + 1 for a, b in pairwise(cards))
