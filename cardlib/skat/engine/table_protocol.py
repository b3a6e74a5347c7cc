"""What a Skat state offers to read, as a protocol: for code (the views) that reads a state but
must not import the state classes, which build views.

>>> from cardlib.skat.engine.bidding import new_game
>>> from cardlib.skat.engine.deal import new_deal
>>> isinstance(new_game(new_deal(1)), SkatTable)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cardlib.cards import Card, Hand
    from cardlib.skat.engine.deal import Deal
    from cardlib.skat.engine.doubling import Doubling
    from cardlib.skat.engine.events import Event, Trick
    from cardlib.skat.engine.facts import Declaration
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.phases import Phase
    from cardlib.skat.engine.result import Result
    from cardlib.skat.engine.rules import Position, Rules

__all__ = ["SkatTable"]


@runtime_checkable
class SkatTable(Protocol):
    """The readable side of every Skat state (see :mod:`cardlib.skat.engine.states`)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def current_player(self) -> Position | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def deal(self) -> Deal: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]: ...

    @property
    def skat(self) -> Hand | None: ...

    @property
    def declarer(self) -> Position | None: ...

    @property
    def bid(self) -> int: ...

    @property
    def declaration(self) -> Declaration | None: ...

    @property
    def doubling(self) -> Doubling: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    @property
    def trick_leader(self) -> int | None: ...

    @property
    def tricks(self) -> tuple[Trick, ...]: ...

    @property
    def card_points(self) -> tuple[int, int]: ...

    @property
    def tricks_won(self) -> tuple[int, int]: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    def legal_moves(self) -> Sequence[Move]: ...
