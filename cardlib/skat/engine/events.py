"""What a Skat move causes (:class:`Event`, with its ruling and who may know it) and a trick.

>>> from cardlib.cards import Card
>>> print(Trick(0, (Card("CJ"), Card("S7"), Card("HA")), 0))
FH led ♣J ♠7 ♥A: FH wins
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlib.cards import Card
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.rulings import Ruling
from cardlib.skat.engine.rules import position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.moves import Move

__all__ = ["EVERYONE", "Event", "Trick"]


EVERYONE = frozenset({0, 1, 2})


@dataclass(frozen=True, slots=True)
class Event:
    """Something a move caused, with the ruling that explains it, and who may know what.

    ``player`` is the position that moved (``None`` for what the rules do by themselves, such as a
    trick being won). ``ruling`` is what an onlooker who sees every card is told; when the event
    involves hidden cards (the skat picked up, the two cards laid away, the cards passed on in
    Schieberamsch), only the positions in ``known_by`` are told that, and everyone else is told
    ``table``: what the table sees ("MH lays two cards away"). :meth:`told_to` gives the event as
    one position hears it; once the deal is over every card is shown and everyone is told all.
    """

    player: int | None
    move: Move | None
    ruling: Ruling
    table: Ruling | None = None
    known_by: frozenset[int] = EVERYONE

    @property
    def code(self) -> str:
        return self.ruling.code

    def is_known_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may be told everything (``None``: an all-seeing onlooker)."""
        return seat is None or self.table is None or seat in self.known_by

    def told_to(self, seat: int | None) -> Event:
        """The event as ``seat`` hears it: hidden cards left out, the hidden move withheld."""
        if self.is_known_to(seat) or self.table is None:
            return self
        return Event(self.player, None, self.table)

    def __str__(self) -> str:
        return self.ruling.explanation


@dataclass(frozen=True, slots=True)
class Trick:
    """A complete trick: who led, the three cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def __post_init__(self) -> None:
        for name in ("leader", "winner"):
            position = getattr(self, name)
            if (
                not isinstance(position, int)
                or isinstance(position, bool)
                or not 0 <= position <= 2
            ):
                raise RulesError(
                    Msg(
                        "Trick({name}={position}): expected a position 0 (FH), 1 (MH) or 2 (RH)",
                        name=name,
                        position=repr(position),
                    )
                )
        cards = self.cards
        if (
            not isinstance(cards, tuple)
            or len(cards) != 3
            or not all(isinstance(card, Card) for card in cards)
            or len(set(cards)) != 3
        ):
            raise RulesError(
                Msg(
                    "Trick(cards={cards}): a trick is a tuple of three different cards",
                    cards=repr(cards),
                )
            )

    def __str__(self) -> str:
        return str(self.message())

    def message(self) -> Msg:
        """The trick in words (``'FH led ♣J ♠7 ♥A: FH wins'``), worded when read."""
        cards = " ".join(card.symbol for card in self.cards)
        # Translators: a trick: who led, the three cards, who won it.
        return Msg(
            "{leader} led {cards}: {winner} wins",
            leader=position_term(self.leader),
            cards=cards,
            winner=position_term(self.winner),
        )
