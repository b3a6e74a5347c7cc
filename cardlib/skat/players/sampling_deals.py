"""Deals of the unseen cards that fit one seat's view, each drawn with equal chance.

What a seat knows is the one model of :mod:`cardlib.skat.knowledge` (its own cards, the cards
played, the skat when it may see it, an open hand, who showed out of which group, and in a
position set up card by card the cards played before it); :func:`unseen_of` reads it from a
:class:`~cardlib.skat.engine.views.SkatView`, as :mod:`cardlib.probability.inference` does.
:func:`sample_deal` draws one deal from every deal that fits, uniformly: the cards are dealt lot
by lot (trumps, then each plain suit), each split chosen with the number of whole deals it
leaves, so no deal is favoured and none that fits is missed.

>>> from cardlib.skat import GameType, play_position
>>> state = play_position(["CJ SJ", "HA HT", "DA DT"], GameType.GRAND, declarer=0, skat="SA S7")
>>> unseen = unseen_of(state.view(0))
>>> unseen.holders, unseen.places      # set up card by card: 24 cards went before
(('gone', 'MH', 'RH'), (24, 2, 2))
>>> hands, skat = sample_deal(unseen, 1)
>>> hands[0], skat
((Card('CJ'), Card('SJ')), (Card('SA'), Card('S7')))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from cardlib.cards import SKAT_DECK, Card
from cardlib.randomness import as_rng
from cardlib.skat.knowledge import (
    GONE,
    SKAT,
    Knowledge,
    completions,
    knowledge_of,
    multinomial,
    shown_out,
    splits,
)

if TYPE_CHECKING:
    from cardlib.skat.engine.views import SkatView

__all__ = [
    "GONE",
    "SKAT",
    "SampledDeal",
    "Unseen",
    "fitting_deals",
    "sample_deal",
    "sample_deals",
    "shown_out",
    "unseen_of",
]

SampledDeal = tuple[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]], tuple[Card, ...]]
"""The three hands (FH, MH, RH) as they are now, and the two cards of the skat (the discards)."""

Unseen = Knowledge
"""What one seat knows of where the cards are: :class:`cardlib.skat.knowledge.Knowledge`."""


def unseen_of(view: SkatView) -> Unseen:
    """What ``view``'s seat has not seen, and who may hold it (see :func:`knowledge_of`)."""
    return knowledge_of(view)


def sample_deal(unseen: Unseen, rng: random.Random | int | None = None) -> SampledDeal:
    """One deal of the unseen cards, uniformly among those that fit; the known cards stay put.

    >>> from cardlib.skat import new_deal, new_game
    >>> view = new_game(new_deal(3)).view(0)
    >>> hands, skat = sample_deal(unseen_of(view), 5)
    >>> hands[0] == tuple(view.hand), [len(h) for h in hands], len(skat)
    (True, [10, 10, 10], 2)
    """
    generator = as_rng(rng)
    shape = unseen.shape()
    free = list(unseen.places)
    dealt: list[list[Card]] = [[] for _ in unseen.places]
    for index, group in enumerate(unseen.lots()):
        size, allowed = shape[index]
        options = []
        for parts in splits(size, tuple(free[h] for h in allowed)):
            rest = list(free)
            for h, k in zip(allowed, parts, strict=True):
                rest[h] -= k
            weight = multinomial(parts) * completions(shape, index + 1, tuple(rest))
            if weight:
                options.append((weight, parts, rest))
        pick = generator.randrange(sum(option[0] for option in options))
        index_chosen = 0
        while pick >= options[index_chosen][0]:
            pick -= options[index_chosen][0]
            index_chosen += 1
        _, parts, rest = options[index_chosen]
        cards = list(group)
        generator.shuffle(cards)
        start = 0
        for h, k in zip(allowed, parts, strict=True):
            dealt[h] += cards[start : start + k]
            start += k
        free = rest
    order = {card: i for i, card in enumerate(SKAT_DECK)}
    hands = list(unseen.known)
    skat: list[Card] = list(unseen.skat)
    for holder, cards in zip(unseen.holder_seats, dealt, strict=True):
        if holder < 3:
            hands[holder] = tuple(sorted(cards, key=order.__getitem__))
        elif holder == SKAT:
            skat += cards
    h0, h1, h2 = (hand or () for hand in hands)
    return (h0, h1, h2), tuple(sorted(skat, key=order.__getitem__))


def sample_deals(
    unseen: Unseen, count: int, rng: random.Random | int | None = None
) -> list[SampledDeal]:
    """``count`` deals drawn one after another from ``rng`` (see :func:`sample_deal`); when no
    more than ``count`` deals fit, every one of them once instead (a tally over them is exact), in
    an order drawn from ``rng``, so that the first few of them are a fair sample too.

    >>> from cardlib.skat import HeuristicBot, new_deal, new_game
    >>> state, bot = new_game(new_deal(2)), HeuristicBot()
    >>> while len(state.tricks) < 8:
    ...     state = state.play(bot.choose(state))
    >>> unseen = unseen_of(state.view(2))           # RH, the declarer, two tricks before the end
    >>> unseen.count(), len(sample_deals(unseen, 20, rng=1)), len(sample_deals(unseen, 3, rng=1))
    (6, 6, 3)
    >>> sorted(sample_deals(unseen, 20, rng=1)) == sorted(fitting_deals(unseen))
    True
    """
    generator = as_rng(rng)
    if unseen.count() <= count:
        deals = list(fitting_deals(unseen))
        generator.shuffle(deals)
        return deals
    return [sample_deal(unseen, generator) for _ in range(count)]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards by their symbols, for a table row: ``'♣J ♠10'``."""
    return " ".join(card.symbol for card in cards) or "-"


def fitting_deals(unseen: Unseen) -> Iterator[SampledDeal]:
    """Every deal of the unseen cards that fits, one by one, in a fixed order (each equally
    likely). There may be very many: ask :meth:`Unseen.count` first.

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["CJ HA", "SJ H7", "DJ SK"], GameType.GRAND, declarer=0,
    ...                       skat="SA ST")
    >>> unseen = unseen_of(state.view(0))
    >>> sum(1 for _ in fitting_deals(unseen)) == unseen.count()
    True
    """
    order = {card: i for i, card in enumerate(SKAT_DECK)}

    def place(i: int, rest: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if i == len(unseen.places):  # nothing unseen (the deal is over): the one deal known
            yield ()
            return
        allowed = [c for c in rest if unseen.allowed(c, i)]
        if i == len(unseen.places) - 1:
            if len(allowed) == len(rest):
                yield (rest,)
            return
        for chosen in combinations(allowed, unseen.places[i]):
            taken = set(chosen)
            for others in place(i + 1, tuple(c for c in rest if c not in taken)):
                yield (chosen, *others)

    for parts in place(0, unseen.cards):
        hands = list(unseen.known)
        skat = list(unseen.skat)
        for holder, cards in zip(unseen.holder_seats, parts, strict=True):
            if holder < 3:
                hands[holder] = cards
            elif holder == SKAT:
                skat += cards
        h0, h1, h2 = (hand or () for hand in hands)
        yield (h0, h1, h2), tuple(sorted(skat, key=order.__getitem__))
