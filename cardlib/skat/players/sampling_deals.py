"""Deals of the unseen cards that fit one seat's view, each drawn with equal chance.

A seat knows its own cards, every card played, the skat or the two cards laid away when it may see
them, and an Ouvert hand laid open. Every other card lies with one of the other players (as many
as each still holds) or in the skat, except that a player who did not follow a suit holds no card
of it. :func:`unseen_of` reads that from a :class:`~cardlib.skat.engine.views.SkatView`;
:func:`sample_deal` draws one deal from every deal that fits, uniformly: the cards are dealt group
by group (trumps, then each plain suit), each split chosen with the number of whole deals it
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

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from cardlib.cards import SKAT_DECK, Card
from cardlib.errors import CardlibError
from cardlib.randomness import as_rng
from cardlib.skat.engine.facts import GameType, follow_group
from cardlib.skat.engine.views import SkatView

__all__ = [
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

_NAMES = ("FH", "MH", "RH")
SKAT = 3
"""The holder number of the skat (the two cards laid away, once the declarer has discarded)."""
GONE = 4
"""The holder of cards played before a position set up card by card (its history unrecorded)."""


def _game(view: SkatView) -> GameType:
    """The game whose follow groups tell what a card follows: a Ramsch or the bidding as a grand."""
    return view.declaration.game if view.declaration is not None else GameType.GRAND


def shown_out(view: SkatView) -> dict[int, frozenset[str]]:
    """The follow groups each seat did not follow when they were led (so it holds none of them).

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["", "", "HT"], GameType.CLUBS, declarer=0,
    ...                       trick=["HA", "D7"], leader=0)
    >>> shown_out(state.view(2))
    {1: frozenset({'H'})}
    """
    game = _game(view)
    plays = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick and view.trick_leader is not None:
        plays.append((int(view.trick_leader), view.trick))
    voids: dict[int, set[str]] = {}
    for leader, cards in plays:
        led = follow_group(cards[0], game)
        for i, card in enumerate(cards[1:], start=1):
            if follow_group(card, game) != led:
                voids.setdefault((leader + i) % 3, set()).add(led)
    return {seat: frozenset(groups) for seat, groups in sorted(voids.items())}


@dataclass(frozen=True)
class Unseen:
    """What one seat knows of where the cards are: the known hands, the known skat, and the
    unseen cards with who may hold them (``holders``: 0 FH, 1 MH, 2 RH, :data:`SKAT`,
    :data:`GONE`), how many each holds (``places``) and the groups each showed out of."""

    seat: int
    game: GameType
    known: tuple[tuple[Card, ...] | None, ...]
    skat: tuple[Card, ...]
    cards: tuple[Card, ...]
    holder_seats: tuple[int, ...]
    places: tuple[int, ...]
    voids: tuple[frozenset[str], ...]
    _groups: tuple[tuple[Card, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_group: dict[str, list[Card]] = {}
        for card in self.cards:
            by_group.setdefault(follow_group(card, self.game), []).append(card)
        object.__setattr__(self, "_groups", tuple(tuple(cards) for cards in by_group.values()))

    @property
    def holders(self) -> tuple[str, ...]:
        """The holders' names: ``'FH'``, ``'MH'``, ``'RH'``, ``'skat'`` or ``'gone'``."""
        names = (*_NAMES, "skat", "gone")
        return tuple(names[h] for h in self.holder_seats)

    def cards_by_holder(self) -> list[tuple[Card, ...]]:
        """The unseen cards each holder may hold (a void rules a group out)."""
        return [
            tuple(c for c in self.cards if follow_group(c, self.game) not in void)
            for void in self.voids
        ]

    def allowed(self, group: tuple[Card, ...]) -> tuple[int, ...]:
        name = follow_group(group[0], self.game)
        return tuple(i for i, void in enumerate(self.voids) if name not in void)

    def count(self) -> int:
        """How many deals of the unseen cards fit what the seat knows.

        >>> from cardlib.skat import new_deal, new_game
        >>> unseen_of(new_game(new_deal(1)).view(1)).count() == math.comb(22, 10) * math.comb(12, 2)
        True
        """
        return _completions(self._shape(), 0, self.places)

    def _shape(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return tuple((len(group), self.allowed(group)) for group in self._groups)


def unseen_of(view: SkatView) -> Unseen:
    """What ``view``'s seat has not seen, and who may hold it (see :class:`Unseen`)."""
    if not isinstance(view, SkatView):
        raise CardlibError(f"unseen_of({view!r}): expected a SkatView, from state.view(seat)")
    seat = int(view.seat)
    seen: set[Card] = set(view.hand)
    for trick in view.tricks:
        seen.update(trick.cards)
    seen.update(view.trick)
    known: list[tuple[Card, ...] | None] = [None, None, None]
    known[seat] = tuple(view.hand)
    for position, hand in enumerate(view.open_hands):
        if hand is not None and position != seat:
            known[position] = tuple(hand)
            seen.update(hand)
    skat_cards = view.discards if view.discards is not None else view.skat
    in_skat = tuple(card for card in skat_cards or () if card not in seen)
    seen.update(in_skat)
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.trick)
    skat_places = min(2 - len(in_skat), 32 - sum(view.hand_sizes) - played - len(in_skat))
    voids = shown_out(view)
    seats: list[int] = []
    places: list[int] = []
    for position in range(3):
        if known[position] is None:
            seats.append(position)
            places.append(view.hand_sizes[position])
    if skat_places:
        seats.append(SKAT)
        places.append(skat_places)
    unseen = tuple(card for card in SKAT_DECK if card not in seen)
    if len(unseen) < sum(places):
        raise CardlibError(
            f"{view!r}: {len(unseen)} cards are unseen but the hidden hands and the skat hold "
            f"{sum(places)}"
        )
    if len(unseen) > sum(places):  # a position set up mid-deal: cards played before it
        seats.insert(0, GONE)
        places.insert(0, len(unseen) - sum(places))
    result = Unseen(
        seat, _game(view), tuple(known), in_skat, unseen, tuple(seats), tuple(places),
        tuple(voids.get(s, frozenset()) if s < 3 else frozenset() for s in seats),
    )  # fmt: skip
    if result.count() == 0:
        raise CardlibError(f"{view!r}: no deal of the unseen cards fits what this seat has seen")
    return result


@cache
def _completions(
    shape: tuple[tuple[int, tuple[int, ...]], ...], index: int, free: tuple[int, ...]
) -> int:
    """Deals of the groups from ``index`` on into the ``free`` places (each group to the holders
    it allows)."""
    if index == len(shape):
        return 1 if not any(free) else 0
    size, allowed = shape[index]
    total = 0
    for parts in _splits(size, tuple(free[h] for h in allowed)):
        rest = list(free)
        for h, k in zip(allowed, parts, strict=True):
            rest[h] -= k
        total += _multinomial(parts) * _completions(shape, index + 1, tuple(rest))
    return total


@cache
def _splits(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if not caps:
        return ((),) if total == 0 else ()
    out: list[tuple[int, ...]] = []
    for first in range(min(total, caps[0]) + 1):
        out += [(first, *rest) for rest in _splits(total - first, caps[1:])]
    return tuple(out)


def _multinomial(parts: Sequence[int]) -> int:
    return math.factorial(sum(parts)) // math.prod(math.factorial(k) for k in parts)


def sample_deal(unseen: Unseen, rng: random.Random | int | None = None) -> SampledDeal:
    """One deal of the unseen cards, uniformly among those that fit; the known cards stay put.

    >>> from cardlib.skat import new_deal, new_game
    >>> view = new_game(new_deal(3)).view(0)
    >>> hands, skat = sample_deal(unseen_of(view), 5)
    >>> hands[0] == tuple(view.hand), [len(h) for h in hands], len(skat)
    (True, [10, 10, 10], 2)
    """
    generator = as_rng(rng)
    shape = unseen._shape()
    free = list(unseen.places)
    dealt: list[list[Card]] = [[] for _ in unseen.places]
    for index, group in enumerate(unseen._groups):
        size, allowed = shape[index]
        options = []
        for parts in _splits(size, tuple(free[h] for h in allowed)):
            rest = list(free)
            for h, k in zip(allowed, parts, strict=True):
                rest[h] -= k
            weight = _multinomial(parts) * _completions(shape, index + 1, tuple(rest))
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
    """``count`` deals drawn one after another from ``rng`` (see :func:`sample_deal`)."""
    generator = as_rng(rng)
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
        void = unseen.voids[i]
        allowed = [c for c in rest if follow_group(c, unseen.game) not in void]
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
