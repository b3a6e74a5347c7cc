"""When a solve must stop: a :class:`Deadline` of a clock reading and/or of nodes searched.

The sampling driver (:func:`cardlib.players.solve_worlds`) makes each world's solve under the
decision's deadline (:func:`within`); a search made while one is active takes it
(:func:`active`), checks it every :data:`CHECK_EVERY` nodes and, once it has passed, raises
:class:`SolveInterrupted` at once. The driver drops that world: an interrupted solve is never
counted as an answer. With no deadline a search runs to the end, so a run without a time budget
stays reproducible by its seed alone.

>>> deadline = Deadline(nodes=1000)
>>> deadline.passed(999), deadline.passed(1000)
(False, True)
>>> active() is None
True
>>> with within(deadline):
...     active() is deadline
True
>>> Deadline(nodes=0)
Traceback (most recent call last):
    ...
cardlib.errors.CardlibError: Deadline(nodes=0): expected a whole number 1 or more, or None
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from cardlib.errors import CardlibError
from cardlib.i18n import Msg

__all__ = ["CHECK_EVERY", "Deadline", "SolveInterrupted", "active", "within"]

CHECK_EVERY = 256
"""Nodes a search runs between two looks at the clock (a node is a few microseconds)."""


class SolveInterrupted(Exception):
    """A search stopped because its deadline passed: it gives no answer."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """Stop at the clock reading ``at`` (a :func:`time.perf_counter` value) and/or after
    ``nodes`` nodes of one search.

    ``perf_counter`` is the system's monotonic clock on Linux, the same in every local worker
    process; a worker on another machine should be given a node budget instead.
    """

    at: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        nodes = self.nodes
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)
                                  or nodes < 1):  # fmt: skip
            raise CardlibError(
                Msg(
                    "Deadline(nodes={nodes}): expected a whole number 1 or more, or None",
                    nodes=repr(nodes),
                )
            )
        if self.at is not None and (isinstance(self.at, bool)
                                    or not isinstance(self.at, int | float)):  # fmt: skip
            raise CardlibError(
                Msg("Deadline(at={at}): expected a perf_counter() reading", at=repr(self.at))
            )

    def passed(self, nodes: int) -> bool:
        """Whether a search that has searched ``nodes`` nodes must stop now."""
        if self.nodes is not None and nodes >= self.nodes:
            return True
        return self.at is not None and time.perf_counter() >= self.at

    def next_check(self, nodes: int) -> int:
        """The node count at which a search looks again."""
        step = nodes + CHECK_EVERY
        return step if self.nodes is None else min(step, self.nodes)


_ACTIVE: ContextVar[Deadline | None] = ContextVar("cardlib_deadline", default=None)


def active() -> Deadline | None:
    """The deadline the solves made now are under (``None``: none)."""
    return _ACTIVE.get()


@contextmanager
def within(deadline: Deadline | None) -> Iterator[None]:
    """Make the solves inside the block stop at ``deadline`` (``None``: no deadline)."""
    token = _ACTIVE.set(deadline)
    try:
        yield
    finally:
        _ACTIVE.reset(token)
