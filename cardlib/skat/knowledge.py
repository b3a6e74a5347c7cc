"""What one Skat seat knows of where the cards are: one model, for the sampler and the counting.

A seat knows its own cards, every card played in the tricks it saw, the skat or the two cards laid
away when it may see them, and a hand laid open (Ouvert). Every other card lies with one of the
other players (as many as each still holds), in the skat, or, in a position set up card by card,
among the cards played before it. The play gives one thing more away: a player who did not follow
the group led (trumps or a plain suit) holds **no card of that group** in this game. Nothing else
is known (but where the cards a seat passed on in a Schieberamsch went, below), so every deal of
the unseen cards that fits is equally likely (the model: the play tells nothing more, which real
players' choices may).

The model decides three questions as a referee would:

- **Which cards follow which group** is a matter of the game: the declared game's, or in a Ramsch
  the grand's (only the jacks are trumps). Before a game is declared (the bidding, taking up the
  skat, laying away) it is not known, and it need not be: no card has been played yet, so nobody
  has shown out of anything. The knowledge then has no game (``game is None``) and no voids.
- **The skat** holds two cards. A seat that has seen the skat or the cards laid away knows them;
  else the skat is a holder of two unknown cards (fewer only when the seat knows some of them).
- **The cards a seat passed on in a Schieberamsch** lie in the skat if nobody took it up after
  that seat, and it knows the skat. If others took it up later, each of them may have kept them
  or passed them on: they lie with those players or in the skat, never with anyone else
  (``bound``).
- **A position set up card by card** (:func:`~cardlib.skat.play_position`) does not record the
  tricks before it: the cards that are neither seen, nor in a hand, nor in the skat were played
  earlier, by whom and in what order is unknown, so they are one more holder, ``'gone'``, with
  no voids (only the tricks the position records reveal voids).

:func:`knowledge_of` reads that from a :class:`~cardlib.skat.engine.views.SkatView`;
:func:`shown_out` is the voids alone. The sampling player draws deals from it
(:mod:`cardlib.skat.players.sampling_deals`), :mod:`cardlib.probability.inference` counts them.

>>> from cardlib.skat import GameType, play_position
>>> state = play_position(["CJ SJ", "HA", "DA"], GameType.GRAND, declarer=0,
...                       trick=["H7", "D7"], leader=1)
>>> known = knowledge_of(state.view(1))   # set up with two cards each; MH led ♥7, RH threw ♦7
>>> known.holders, known.places
(('gone', 'FH', 'RH', 'skat'), (24, 2, 1, 2))
>>> known.voids[known.holders.index("RH")]
frozenset({'H'})
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cardlib.cards import SKAT_DECK, Card
from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.skat.engine.facts import GameType, follow_group
from cardlib.skat.engine.views import SkatView

__all__ = [
    "GONE",
    "HOLDER_NAMES",
    "SKAT",
    "Knowledge",
    "Shape",
    "completions",
    "follow_game",
    "knowledge_of",
    "multinomial",
    "shown_out",
    "splits",
]

SKAT = 3
"""The holder number of the skat (the two cards laid away, once the declarer has discarded)."""
GONE = 4
"""The holder of cards played before a position set up card by card (its history unrecorded)."""
HOLDER_NAMES = ("FH", "MH", "RH", "skat", "gone")
"""The holders' names by holder number: the three positions, :data:`SKAT`, :data:`GONE`."""

Shape = tuple[tuple[int, tuple[int, ...]], ...]
"""Lots of unseen cards for counting: each lot's size and the holders that may hold its cards."""

_RAMSCH_PHASES = ("push", "pass on", "play")


def follow_game(view: SkatView) -> GameType | None:
    """The game whose follow groups judge the play: the declared game, the grand's in a Ramsch
    (only the jacks are trumps), ``None`` before a game is declared.

    >>> from cardlib.skat import Rules, new_deal, new_game
    >>> follow_game(new_game(new_deal(1)).view(0)) is None
    True
    >>> follow_game(new_game(new_deal(1), Rules(ramsch="always")).view(0))
    GameType.GRAND
    """
    if view.declaration is not None:
        return view.declaration.game
    if view.declarer is None and (view.phase in _RAMSCH_PHASES or view.tricks):
        return GameType.GRAND
    return None


def shown_out(view: SkatView) -> dict[int, frozenset[str]]:
    """The follow groups (``'trump'`` or a suit letter) each seat did not follow when they were
    led, in a finished trick or the trick on the table: it holds none of them.

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["", "", "HT"], GameType.CLUBS, declarer=0,
    ...                       trick=["HA", "D7"], leader=0)
    >>> shown_out(state.view(2))                  # MH threw ♦7 on the ♥A
    {1: frozenset({'H'})}
    """
    game = follow_game(view)
    if game is None:  # before the declaration: no card has been played
        return {}
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
class Knowledge:
    """What one seat knows of where the cards are (see the module docstring).

    ``known``: the hands this seat sees (its own, an open one), ``None`` for a hidden hand;
    ``skat``: the cards it knows lie in the skat; ``cards``: the cards it has not seen, and who
    may hold them: ``holder_seats`` (0 FH, 1 MH, 2 RH, :data:`SKAT`, :data:`GONE`), how many
    each holds (``places``) and the follow groups each showed out of (``voids``); ``bound``:
    unseen cards only some holders may hold (by holder seat: the cards this seat passed on in a
    Schieberamsch, with the skat and the players who took it up after it).
    """

    seat: int
    game: GameType | None
    known: tuple[tuple[Card, ...] | None, ...]
    skat: tuple[Card, ...]
    cards: tuple[Card, ...]
    holder_seats: tuple[int, ...]
    places: tuple[int, ...]
    voids: tuple[frozenset[str], ...]
    bound: tuple[tuple[Card, frozenset[int]], ...] = ()

    @property
    def holders(self) -> tuple[str, ...]:
        """The holders' names: ``'FH'``, ``'MH'``, ``'RH'``, ``'skat'`` or ``'gone'``."""
        return tuple(HOLDER_NAMES[h] for h in self.holder_seats)

    def group(self, card: Card) -> str:
        """What ``card`` follows in this game: ``'trump'`` or its suit letter.

        Before a game is declared nobody has shown out, so any division of the cards serves for
        counting; the grand's follow groups (jacks apart, then each suit) are used.
        """
        return follow_group(card, self.game or GameType.GRAND)

    def allowed(self, card: Card, holder: int) -> bool:
        """Whether holder number ``holder`` (an index into ``holder_seats``) may hold ``card``."""
        if self.group(card) in self.voids[holder]:
            return False
        return all(self.holder_seats[holder] in seats for c, seats in self.bound if c == card)

    def cards_by_holder(self) -> list[tuple[Card, ...]]:
        """The unseen cards each holder may hold (a void rules a group out)."""
        return [
            tuple(c for c in self.cards if self.allowed(c, holder))
            for holder in range(len(self.holder_seats))
        ]

    def lots(self) -> tuple[tuple[Card, ...], ...]:
        """The unseen cards by follow group (and apart, the cards ``bound`` to some holders), in
        the order the lots first appear in the pack: the cards of a lot go to the same holders."""
        bound = dict(self.bound)
        by_group: dict[tuple[str, frozenset[int] | None], list[Card]] = {}
        for card in self.cards:
            by_group.setdefault((self.group(card), bound.get(card)), []).append(card)
        return tuple(tuple(cards) for cards in by_group.values())

    def shape(self) -> Shape:
        """Each lot's size and the holders that may hold its cards (for counting)."""
        holders = range(len(self.holder_seats))
        return tuple(
            (len(lot), tuple(h for h in holders if self.allowed(lot[0], h))) for lot in self.lots()
        )

    def count(self) -> int:
        """How many deals of the unseen cards fit what the seat knows.

        >>> from cardlib.skat import new_deal, new_game
        >>> known = knowledge_of(new_game(new_deal(1)).view(1))
        >>> known.count() == math.comb(22, 10) * math.comb(12, 2)
        True
        """
        return completions(self.shape(), 0, self.places)


def knowledge_of(view: SkatView) -> Knowledge:
    """What ``view``'s seat knows of where the unseen cards are (see :class:`Knowledge`).

    >>> from cardlib.skat import new_deal, new_game
    >>> known = knowledge_of(new_game(new_deal(1)).view(0))   # the bidding: no game yet
    >>> known.game, known.holders, known.places, any(known.voids)
    (None, ('MH', 'RH', 'skat'), (10, 10, 2), False)
    """
    if not isinstance(view, SkatView):
        raise CardlibError(
            Msg("knowledge_of({view}): expected a SkatView, from state.view(seat)", view=repr(view))
        )
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
    later = _took_up_later(view)
    if later:  # passed on in a Schieberamsch, then taken up again: not known to lie in the skat
        in_skat = ()
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
            Msg(
                "{view}: {count} cards are unseen but the hidden hands and the skat hold {total}",
                view=repr(view),
                count=len(unseen),
                total=sum(places),
            )
        )
    if len(unseen) > sum(places):  # a position set up mid-deal: cards played before it
        seats.insert(0, GONE)
        places.insert(0, len(unseen) - sum(places))
    passed_on = frozenset((SKAT, *later))
    bound = tuple((card, passed_on) for card in view.discards or () if later and card in unseen)
    result = Knowledge(
        seat, follow_game(view), tuple(known), in_skat, unseen, tuple(seats), tuple(places),
        tuple(voids.get(s, frozenset()) if s < 3 else frozenset() for s in seats), bound,
    )  # fmt: skip
    if result.count() == 0:
        raise CardlibError(
            Msg("{view}: no deal of the unseen cards fits what this seat has seen", view=repr(view))
        )
    return result


def _took_up_later(view: SkatView) -> tuple[int, ...]:
    """The players who took the skat up after ``view``'s seat passed two cards on in a
    Schieberamsch (empty when it did not, or nobody did after it)."""
    if view.declarer is not None or view.discards is None or view.seat not in view.took_up:
        return ()
    if view.phase == "over":  # the skat is turned over
        return ()
    return tuple(int(p) for p in view.took_up[view.took_up.index(view.seat) + 1 :])


@cache
def completions(shape: Shape, index: int, free: tuple[int, ...]) -> int:
    """Deals of the lots from ``index`` on into the ``free`` places (each lot to the holders it
    allows).

    >>> completions(((3, (0, 1)),), 0, (1, 2))   # 3 cards, 1 place and 2: C(3, 1) ways
    3
    """
    if index == len(shape):
        return 1 if not any(free) else 0
    size, allowed = shape[index]
    total = 0
    for parts in splits(size, tuple(free[h] for h in allowed)):
        rest = list(free)
        for h, k in zip(allowed, parts, strict=True):
            rest[h] -= k
        total += multinomial(parts) * completions(shape, index + 1, tuple(rest))
    return total


@cache
def splits(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``total`` cards among holders with room for ``caps``.

    >>> splits(2, (1, 2))
    ((0, 2), (1, 1))
    """
    if not caps:
        return ((),) if total == 0 else ()
    out: list[tuple[int, ...]] = []
    for first in range(min(total, caps[0]) + 1):
        out += [(first, *rest) for rest in splits(total - first, caps[1:])]
    return tuple(out)


def multinomial(parts: Sequence[int]) -> int:
    """The ways to share ``sum(parts)`` distinct cards into groups of these sizes.

    >>> multinomial((2, 1))
    3
    """
    return math.factorial(sum(parts)) // math.prod(math.factorial(k) for k in parts)
