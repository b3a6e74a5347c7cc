"""The one protocol both games' states satisfy, so a widget or a transcript serves either game.

A state is immutable: :meth:`GameState.play` returns the next state and leaves this one as it was,
so a game's history is its chain of ``parent`` links. ``events`` are what the move that made this
state caused; ``all_events()`` everything since the start. ``view(seat)`` is the state as one
player may know it.

>>> from cardlib import GameState
>>> from cardlib import skat, skitgubbe
>>> isinstance(skat.new_game(skat.new_deal(1)), GameState)
True
>>> isinstance(skitgubbe.new_game(skitgubbe.Rules(players=3), rng=1), GameState)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any, Protocol, runtime_checkable

from cardlib.rulings import Ruling

__all__ = ["GameEvent", "GameState"]


@runtime_checkable
class GameEvent(Protocol):
    """Something a move caused, with the ruling that explains it."""

    @property
    def ruling(self) -> Ruling: ...


@runtime_checkable
class GameState(Protocol):
    """What every state of Skat and Skitgubbe offers (Skat's phases and Skitgubbe's alike)."""

    @property
    def current_player(self) -> IntEnum | None:
        """Whose turn it is: Skat's ``Position``, Skitgubbe's ``Seat``; ``None`` when over."""

    @property
    def phase(self) -> str | int:
        """The part of the game: Skat's ``'bidding'``, ``'play'`` …; Skitgubbe's 1 or 2."""

    def legal_moves(self) -> Sequence[Any]:
        """Every move the player to move may make now."""

    def why_illegal(self, move: Any) -> Ruling | None:
        """Why ``move`` is refused now, or ``None`` when it is legal."""

    def is_legal(self, move: Any) -> bool:
        """``why_illegal(move) is None``."""

    def play(self, move: Any) -> GameState:
        """The state after ``move``; raises ``IllegalMoveError`` and changes nothing if refused."""

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> object | None:
        """The game's ``Result`` once it is over, else ``None``."""

    @property
    def events(self) -> Sequence[GameEvent]:
        """What the move that made this state caused."""

    def all_events(self) -> Sequence[GameEvent]:
        """Every event from the start of the game to this state."""

    @property
    def parent(self) -> GameState | None:
        """The state before the last move (``None`` at the start)."""

    @property
    def last_move(self) -> object | None:
        """The move that made this state (``None`` at the start)."""

    def history(self) -> Sequence[GameState]:
        """Every state from the start to this one."""

    def to_text(self) -> str:
        """The table as text."""

    def view(self, seat: int) -> object:
        """This state as ``seat`` may know it."""
