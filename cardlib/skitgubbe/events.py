"""What a move caused, as typed values, and the ruling that explains it, worded when read.

A state keeps its events as compact tuples ``(code, fields)``; ``state.events`` turns each into
one small frozen value per kind (:class:`Played`, :class:`Stunsa`, :class:`Beaten`, ...), all
:class:`Event`. An event's ``ruling`` is built only when someone reads it, so fast play never
pays for text nobody reads.

Every Skitgubbe event is told to the whole table: ``is_known_to(seat)`` is always true. The one
card an event may hold that not everyone sees is the trump card drawn in phase 1;
``told_to(seat)`` leaves it out for a seat the rules do not show it to (the words never name it
then).

>>> event = Stunsa((0, 1), 7, 1, 4, 0, (1,), 0, ((0, "drew"), (1, "turned")))
>>> event.ruling.code, event.ruling.rule
('stunsa', 'skitgubbe phase 1, rule 4')
>>> print(event.ruling.explanation)  # doctest: +NORMALIZE_WHITESPACE
A and B both played a 7: stunsa, the cards bounce and stay on the table. A has already drawn
after playing; B turned up the stock's top card, so B does not draw. A leads again, to B.
Whoever wins the replay takes every card on the table (4 so far).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from cardlib.cards import Card, Suit
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.rulings import Ruling
from cardlib.skitgubbe.explanations import EXPLAIN

__all__ = [
    "Beaten",
    "Event",
    "Led",
    "Lost",
    "PhaseOneEnded",
    "PickedUp",
    "Played",
    "Stunsa",
    "TrickComplete",
    "TrickEmptied",
    "TrickWon",
    "TrumpCardDrawn",
    "TrumpsTaken",
    "TurnedUp",
    "WentOut",
    "illegal",
]

Seats = tuple[int, ...]


class Event:
    """Something a move caused: its ``code``, typed fields (seats as numbers, cards, ranks,
    suits), the seat that moved (``player``; ``None`` for what the rules do by themselves) and
    the ``ruling`` that explains it in plain words.

    ``repr`` evaluates back to an equal event; notebooks show the ruling instead.

    >>> from cardlib import Card
    >>> event = Led(0, (Card.parse("H7"),), 3)
    >>> event
    Led(seat=0, cards=(Card('H7'),), size=3)
    >>> print(event)
    A leads ♥7; this trick is complete after 3 plays.
    >>> event.code, event.player, event.is_known_to(2), event.told_to(2) == event
    ('lead', 0, True, True)
    """

    __slots__ = ()
    code: ClassVar[str]
    KINDS: ClassVar[dict[str, type[Event]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "code" in cls.__dict__:
            Event.KINDS[cls.code] = cls
        cls._repr_pretty_ = Event._repr_pretty_  # type: ignore[method-assign]  # before repr

    @classmethod
    def make(cls, code: str, values: tuple[Any, ...]) -> Event:
        """The event of kind ``code`` with ``values`` as its fields, in order.

        >>> Event.make("loser", (1,))
        Lost(seat=1)
        """
        kind = Event.KINDS.get(code) if isinstance(code, str) else None
        if kind is None:
            raise RulesError(
                Msg(
                    "Event.make({code}, {values}): {code} is not an event code; expected one "
                    "of {items}",
                    code=repr(code),
                    values=repr(values),
                    items=", ".join(Event.KINDS),
                )
            )
        if not isinstance(values, tuple) or len(values) != len(fields(kind)):  # type: ignore[arg-type]
            raise RulesError(
                Msg(
                    "Event.make({code}, {values}): expected a tuple of {count} fields ({items})",
                    code=repr(code),
                    values=repr(values),
                    count=len(fields(kind)),  # type: ignore[arg-type]
                    items=", ".join(f.name for f in fields(kind)),  # type: ignore[arg-type]
                )
            )
        return kind(*values)

    @property
    def values(self) -> tuple[Any, ...]:
        """The fields in order, as the explanation takes them."""
        return tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]

    @property
    def player(self) -> int | None:
        """The seat whose move this is; ``None`` for what the rules do by themselves."""
        return None

    @property
    def ruling(self) -> Ruling:
        """The ruling: code, explanation naming the cards and players, rule reference."""
        text, applied = EXPLAIN[self.code](*self.values)
        return Ruling(self.code, text, applied)

    def is_known_to(self, seat: int | None) -> bool:
        """Every Skitgubbe event is told to the whole table."""
        return True

    def told_to(self, seat: int | None) -> Event:
        """The event as ``seat`` hears it (``None``: an all-seeing onlooker)."""
        return self

    def face_up(self) -> Event:
        """The event as anyone at the table hears it: only what lies face up."""
        return self

    def __str__(self) -> str:
        return self.ruling.explanation

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython shows the ruling, which is what a reader wants to see."""
        printer.text(f"<{self.code}: {self.ruling.explanation}>")


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Phase 1: ``seat`` played ``card`` (``how``: lead, answer or play), drew or not, and
    ``left`` cards are in the stock."""

    code: ClassVar[str] = "play"
    seat: int
    card: Card
    how: str
    drew: bool
    left: int

    @property
    def player(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """Phase 1: ``seat`` turned up the stock's top ``card`` and played it."""

    code: ClassVar[str] = "turn_up"
    seat: int
    card: Card
    how: str
    left: int

    @property
    def player(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TrumpCardDrawn(Event):
    """Phase 1: ``seat`` drew the last stock card, the trump card, and set it aside;
    ``visibility`` is the rules' ``trump_visibility``. ``card`` is ``None`` when told to a seat
    that may not see it."""

    code: ClassVar[str] = "trump_card"
    seat: int
    card: Card | None
    visibility: str

    @property
    def player(self) -> int:
        return self.seat

    def told_to(self, seat: int | None) -> Event:
        if seat is None or self.visibility == "all":
            return self
        if self.visibility == "owner" and seat == self.seat:
            return self
        return replace(self, card=None)

    def face_up(self) -> Event:
        return self if self.visibility == "all" else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Phase 1: ``winner``'s ``card`` beat the ``others``; ``taken`` cards go to its pile;
    ``leader`` leads next (``None``: phase 1 ends), to ``follower``; ``skipped``: passed over."""

    code: ClassVar[str] = "trick"
    winner: int
    card: Card
    others: tuple[tuple[int, Card], ...]
    taken: int
    leader: int | None
    follower: int | None
    round_leader: int
    skipped: Seats


@dataclass(frozen=True, slots=True)
class Stunsa(Event):
    """Phase 1: the ``tied`` seats played the highest ``rank``; the ``count``-th stunsa in a
    row, ``on_table`` cards stay; ``leader`` leads the replay to ``others``; ``draws``: each
    play of the round as ``(seat, "drew" | "turned" | "empty")``."""

    code: ClassVar[str] = "stunsa"
    tied: Seats
    rank: int
    count: int
    on_table: int
    leader: int | None
    others: Seats
    round_leader: int
    draws: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class PhaseOneEnded(Event):
    """Phase 1 ends: ``seat`` was due (as ``role``) with no card (``None``: fewer than two can
    play); ``returned``: the unfinished trick's cards back to their players."""

    code: ClassVar[str] = "phase_one_end"
    seat: int | None
    role: str
    returned: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class TrumpsTaken(Event):
    """Phase 2 begins: ``owner`` takes the trump ``card`` into the hand and leads."""

    code: ClassVar[str] = "trumps"
    owner: int
    card: Card


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """Phase 2: ``seat`` has no cards and is out, ``position``-th (``at_start``: from the start
    of phase 2)."""

    code: ClassVar[str] = "out"
    seat: int
    position: int
    at_start: bool


@dataclass(frozen=True, slots=True)
class Lost(Event):
    """Only ``seat`` holds cards: the skitgubbe."""

    code: ClassVar[str] = "loser"
    seat: int


@dataclass(frozen=True, slots=True)
class Led(Event):
    """Phase 2: ``seat`` led ``cards`` (a card or a run); the trick needs ``size`` plays."""

    code: ClassVar[str] = "lead"
    seat: int
    cards: tuple[Card, ...]
    size: int

    @property
    def player(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class Beaten(Event):
    """Phase 2: ``seat`` beat ``top`` with ``cards`` (``trumps`` are trumps)."""

    code: ClassVar[str] = "beat"
    seat: int
    cards: tuple[Card, ...]
    top: Card
    trumps: Suit

    @property
    def player(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    """Phase 2: ``seat`` picked up ``owner``'s ``cards``; ``top_owner``'s ``top`` is now on
    top and ``next_player`` must beat it; ``skipped``: passed over without cards."""

    code: ClassVar[str] = "pick_up"
    seat: int
    owner: int
    cards: tuple[Card, ...]
    top_owner: int
    top: tuple[Card, ...]
    next_player: int
    skipped: Seats

    @property
    def player(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TrickComplete(Event):
    """Phase 2: ``seat``'s play completed the trick of ``plays`` plays; ``leader`` leads the
    next, of ``size`` plays; ``skipped``: players passed over for the lead."""

    code: ClassVar[str] = "trick_complete"
    seat: int
    plays: int
    leader: int
    size: int
    skipped: Seats


@dataclass(frozen=True, slots=True)
class TrickEmptied(Event):
    """Phase 2: ``seat`` picked up ``owner``'s ``cards``, the trick's last play; ``leader``
    leads the next, of ``size`` plays; ``skipped``: passed over without cards."""

    code: ClassVar[str] = "trick_emptied"
    seat: int
    owner: int
    cards: tuple[Card, ...]
    leader: int
    skipped: Seats
    size: int

    @property
    def player(self) -> int:
        return self.seat


def illegal(code: str, text: Msg, applied: Msg) -> Ruling:
    """The ruling that refuses a move: why, and the rule it applies."""
    return Ruling(code, text, applied)
