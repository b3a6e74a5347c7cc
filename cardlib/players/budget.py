"""How long a decision may take: a :class:`Budget` of seconds and/or of sampled worlds.

A budget of worlds (``count``) is reproducible by the seed alone; a budget of seconds ends the
sampling before a world that would not fit, judged by the worlds solved so far. ``None`` for a
budget means no limit: every world sampled is solved.

>>> Budget.of(0.6)
Budget(seconds=0.6, count=None)
>>> Budget.of(None) is None, Budget(count=10).limits_time
(True, False)
>>> Budget.of(0)
Traceback (most recent call last):
    ...
cardlib.errors.CardlibError: budget=0: expected seconds above 0, a Budget, or None
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cardlib.errors import CardlibError
from cardlib.i18n import Msg

__all__ = ["Budget", "Clock"]


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``seconds`` of wall clock and/or ``count`` sampled worlds per decision."""

    seconds: float | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        seconds, count = self.seconds, self.count
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
        ):
            raise CardlibError(
                Msg(
                    "Budget(seconds={seconds}): expected seconds above 0, or None",
                    seconds=repr(seconds),
                )
            )
        if count is not None and (
            isinstance(count, bool) or not isinstance(count, int) or count < 1
        ):
            raise CardlibError(
                Msg(
                    "Budget(count={count}): expected a whole number 1 or more, or None",
                    count=repr(count),
                )
            )
        if seconds is not None:
            object.__setattr__(self, "seconds", float(seconds))

    @property
    def limits_time(self) -> bool:
        """Whether the wall clock may end a decision (then it is not reproducible by seed)."""
        return self.seconds is not None

    @classmethod
    def of(
        cls, value: Budget | float | None, where: str = "",
        error: type[CardlibError] = CardlibError,
    ) -> Budget | None:  # fmt: skip
        """A budget from what a player was given: seconds, a :class:`Budget`, or ``None``
        (``where`` and ``error``: who was given it, for a refusal, and the refusal's class)."""
        if value is None or isinstance(value, Budget):
            return value
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
            setting = f"{where}(budget={value!r})" if where else f"budget={value!r}"
            raise error(f"{setting}: expected seconds above 0, a Budget, or None")
        return cls(seconds=float(value))


class Clock:
    """One decision's clock: started when the decision starts, asked between worlds.

    >>> clock = Clock(Budget(seconds=3600))
    >>> clock.spent(), clock.fits(began=clock.start, solved=1)
    (False, True)
    >>> Clock(None).fits(began=0.0, solved=1)
    True
    """

    __slots__ = ("budget", "start")

    def __init__(self, budget: Budget | None, start: float | None = None) -> None:
        self.budget = budget
        self.start = time.perf_counter() if start is None else start

    def elapsed(self) -> float:
        """Seconds since the decision started."""
        return time.perf_counter() - self.start

    def _limit(self, share: float) -> float | None:
        if self.budget is None or self.budget.seconds is None:
            return None
        return self.budget.seconds * share

    def spent(self, share: float = 1.0) -> bool:
        """Whether the time (``share`` of the budget) is used up already."""
        limit = self._limit(share)
        return limit is not None and self.elapsed() >= limit

    def fits(self, *, began: float, solved: int, share: float = 1.0) -> bool:
        """Whether one more world fits in ``share`` of the budget, judged by the ``solved`` worlds
        since ``began`` (a clock reading)."""
        limit = self._limit(share)
        if limit is None:
            return True
        now = time.perf_counter()
        return now - self.start + (now - began) / max(solved, 1) <= limit
