"""How a game of Skitgubbe ended: the loser, the order the others went out, and the returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Seat
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.skitgubbe.rules import check_call

__all__ = ["Result"]


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the loser (the skitgubbe) and the order the others went out.

    >>> result = Result(Seat.C, (Seat.A, Seat.B))
    >>> print(result)
    C is the skitgubbe; out: A first, then B
    >>> result
    Result(loser=Seat.C, out_order=(Seat.A, Seat.B))
    >>> Result(2, [0, 1]) == result
    True
    >>> result.returns()
    (0, 0, -1)
    """

    loser: Seat
    out_order: tuple[Seat, ...]

    def __new__(cls, *args: Any, **kwargs: Any) -> Result:
        check_call("Result", cls.__init__, args, kwargs)
        return object.__new__(cls)

    def __post_init__(self) -> None:
        loser = _as_seat(self.loser, f"Result(loser={self.loser!r})")
        order = self.out_order
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise RulesError(
                Msg("Result(out_order={order}): expected a sequence of seats", order=repr(order))
            )
        out = tuple(_as_seat(seat, f"Result(out_order={order!r})") for seat in order)
        if len(set(out)) != len(out) or loser in out or not out:
            raise RulesError(
                Msg(
                    "Result(loser={loser}, out_order={order}): the players who went out, "
                    "each once, and not the loser",
                    loser=repr(self.loser),
                    order=repr(order),
                )
            )
        object.__setattr__(self, "loser", loser)
        object.__setattr__(self, "out_order", out)

    def __str__(self) -> str:
        return str(self.text)

    def returns(self) -> tuple[int, ...]:
        """Per seat, in seat order: the loser -1, everyone else 0 (every other seat went out)."""
        return tuple(-1 if seat == self.loser else 0 for seat in range(len(self.out_order) + 1))

    @property
    def text(self) -> Msg:
        """The result in words, worded in the language current when it is read."""
        out = [seat.name for seat in self.out_order]
        loser = self.loser.name
        if len(out) == 1:
            return Msg("{loser} is the skitgubbe; out: {first} first", loser=loser, first=out[0])
        if len(out) == 2:
            return Msg(
                "{loser} is the skitgubbe; out: {first} first, then {second}",
                loser=loser, first=out[0], second=out[1],
            )  # fmt: skip
        return Msg(
            "{loser} is the skitgubbe; out: {first} first, then {second}, then {third}",
            loser=loser, first=out[0], second=out[1], third=out[2],
        )  # fmt: skip


def _as_seat(value: object, what: str) -> Seat:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return Seat(value)
    raise RulesError(
        Msg(
            "{what}: {value} is not a seat; expected Seat.A to Seat.D (0 to 3)",
            what=what,
            value=repr(value),
        )
    )
