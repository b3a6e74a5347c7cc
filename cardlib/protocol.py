"""The one protocol every game's states satisfy, so a widget, a bot or a transcript serves any game.

A state is immutable: :meth:`GameState.play` returns the next state and leaves this one as it was,
so a game's history is its chain of ``parent`` links. ``events`` are what the move that made this
state caused; ``all_events()`` everything since the start. ``view(seat)`` is the state as one
player may know it: a frozen value with no link back to the state (:class:`GameView`).

:class:`StateBase` holds what every game's states do the same way (the parent chain, the history,
the moves, the events since the start, ``is_legal``), :class:`GameEvent` and :class:`GameResult`
the one shape of an event and of a result (typed fields; ``returns()`` per seat, as OpenSpiel's
states have).

>>> from cardlib import GameState
>>> from cardlib import skat, skitgubbe
>>> isinstance(skat.new_game(skat.new_deal(1)), GameState)
True
>>> isinstance(skitgubbe.new_game(skitgubbe.Rules(players=3), rng=1), GameState)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from cardlib.rulings import Ruling

__all__ = ["GameEvent", "GameResult", "GameState", "GameView", "StateBase"]

MoveT = TypeVar("MoveT")
MoveT_co = TypeVar("MoveT_co", covariant=True)
ViewT_co = TypeVar("ViewT_co", covariant=True)
if TYPE_CHECKING:  # fractions is heavy to import, and only the annotations name it
    from fractions import Fraction

    Score = int | Fraction


@runtime_checkable
class GameEvent(Protocol):
    """Something a move caused, with the ruling that explains it, and who may know what.

    ``code`` names the kind of event, ``player`` the seat that moved (``None`` for what the rules
    do by themselves, such as a trick being won). ``told_to(seat)`` is the event as that seat hears
    it (hidden cards left out); ``None`` stands for an all-seeing onlooker.
    """

    @property
    def code(self) -> str: ...

    @property
    def player(self) -> IntEnum | int | None: ...

    @property
    def ruling(self) -> Ruling: ...

    def is_known_to(self, seat: int | None) -> bool: ...

    def told_to(self, seat: int | None) -> GameEvent: ...


@runtime_checkable
class GameResult(Protocol):
    """How a game ended, in words (``text``, worded when read) and in numbers (``returns()``)."""

    def returns(self) -> tuple[Score, ...]:
        """What each seat scores, in seat order (a game's own rule says how)."""

    @property
    def text(self) -> object:
        """The result in words: a lazy message, worded in the language current when read."""


@runtime_checkable
class GameView(Protocol):
    """A state as one seat may know it: a frozen value built on request, no link to the state."""

    @property
    def seat(self) -> IntEnum | None:
        """The seat that sees this (``None``: an onlooker who sees only what lies face up)."""

    @property
    def current_player(self) -> IntEnum | None: ...

    @property
    def phase(self) -> Enum: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Any]:
        """The seat's legal moves when it is its turn, else none."""

    def to_text(self) -> str: ...


@runtime_checkable
class GameState(Protocol[MoveT_co, ViewT_co]):
    """What every state of every game offers, generic over its moves and its views."""

    @property
    def current_player(self) -> IntEnum | None:
        """Whose turn it is: Skat's ``Position``, Skitgubbe's ``Seat``; ``None`` when over."""

    @property
    def phase(self) -> Enum:
        """The part of the game, an enum of the game's own (``skat.Phase``, ``skitgubbe.Phase``)."""

    def legal_moves(self) -> Sequence[MoveT_co]:
        """Every move the player to move may make now."""

    def why_illegal(self, move: Any) -> Ruling | None:
        """Why ``move`` is refused now, or ``None`` when it is legal."""

    def is_legal(self, move: Any) -> bool:
        """``why_illegal(move) is None``."""

    def play(self, move: Any) -> GameState[MoveT_co, ViewT_co]:
        """The state after ``move``; raises ``IllegalMoveError`` and changes nothing if refused."""

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> GameResult | None:
        """The game's result once it is over, else ``None``."""

    def returns(self) -> tuple[Score, ...]:
        """What each seat scores, in seat order: the result's returns, zeros while not over."""

    @property
    def events(self) -> Sequence[GameEvent]:
        """What the move that made this state caused."""

    def all_events(self) -> Sequence[GameEvent]:
        """Every event from the start of the game to this state."""

    @property
    def parent(self) -> GameState[MoveT_co, ViewT_co] | None:
        """The state before the last move (``None`` at the start)."""

    @property
    def last_move(self) -> MoveT_co | None:
        """The move that made this state (``None`` at the start)."""

    def history(self) -> Sequence[GameState[MoveT_co, ViewT_co]]:
        """Every state from the start to this one."""

    def to_text(self) -> str:
        """The table as text."""

    def view(self, seat: int) -> ViewT_co:
        """This state as ``seat`` may know it."""


S = TypeVar("S", bound="StateBase[Any]")


class StateBase(Generic[MoveT]):
    """What every game's states do the same way; a game's state classes derive from it.

    A subclass provides ``parent``, ``last_move``, ``events``, ``result``, ``why_illegal`` and the
    rest of :class:`GameState`; this base derives the history, the moves, all events since the
    start, ``is_legal`` and ``returns`` from them.
    """

    __slots__ = ()

    @property
    def parent(self: S) -> S | None:  # pragma: no cover - every game's state defines it
        raise NotImplementedError

    @property
    def last_move(self) -> MoveT | None:  # pragma: no cover - every game's state defines it
        raise NotImplementedError

    @property
    def events(self) -> Sequence[GameEvent]:  # pragma: no cover - every game's state defines it
        raise NotImplementedError

    @property
    def result(self) -> GameResult | None:  # pragma: no cover - every game's state defines it
        raise NotImplementedError

    @property
    def seat_count(self) -> int:  # pragma: no cover - every game's state defines it
        """How many seats play."""
        raise NotImplementedError

    def why_illegal(self, move: Any) -> Ruling | None:  # pragma: no cover - defined per game
        raise NotImplementedError

    def is_legal(self, move: Any) -> bool:
        """``why_illegal(move) is None``: the two never disagree."""
        return self.why_illegal(move) is None

    def history(self: S) -> list[S]:
        """Every state from the start of the game to this one."""
        states: list[S] = []
        state: S | None = self
        while state is not None:
            states.append(state)
            state = state.parent
        states.reverse()
        return states

    def all_events(self) -> tuple[GameEvent, ...]:
        """Every event from the start of the game to this state."""
        return tuple(event for state in self.history() for event in state.events)

    def returns(self) -> tuple[Score, ...]:
        """What each seat scores, in seat order: the result's returns, zeros while not over."""
        result = self.result
        return result.returns() if result is not None else (0,) * self.seat_count
