"""The sampling loop both games' strong players share: sample worlds, score each move, tally.

A game feeds it two functions. One samples worlds that fit what the seat to move knows (a list
of worlds, or of seeds a world is dealt from); the other, a module-level function so that it can
travel to worker processes, scores every candidate move in one world: ``score(world, question)``
gives one outcome per candidate, ``question`` holding all the worlds share. :func:`solve_worlds`
runs the scores in order within a :class:`~cardlib.players.Budget`, here or on a
:class:`~cardlib.players.Pool`, and :func:`tallies` counts, per move, the worlds an outcome
counts in, with a Wilson 95% interval (:func:`cardlib.estimates.proportion`).

With a budget of seconds every score runs under the decision's deadline
(:mod:`cardlib.players.deadline`), in a worker process too: a search that passes it stops at
once, and that world is dropped, never counted. The first world may run until :data:`GRACE`
times the budget (it alone decides when nothing else could be solved); the others until the
end of their ``share``. Without seconds no deadline is set, so a run is reproducible by its
seed (and a count budget is a count).

>>> import operator
>>> run = solve_worlds(operator.mod, 6, [7, 8, 9, 10, 11])       # "move" x mod 6 in world x
>>> run.outcomes, run.solved, run.stopped
([1, 2, 3, 4, 5], 5, False)
>>> solve_worlds(operator.mod, 6, [7, 8, 9, 10, 11], clock=Clock(Budget(count=2))).outcomes
[1, 2]

Whoever waits for a decision can follow it: after each world a run tells its ``progress``
function, or the one :func:`reporting` set around the code that runs it, the worlds solved so
far and the most it may solve. So the players need not know who listens (a table shows "MH is
thinking… 7 of 20 deals").

>>> seen = []
>>> with reporting(lambda solved, planned: seen.append(f"{solved}/{planned}")):
...     _ = solve_worlds(operator.mod, 6, [7, 8, 9], clock=Clock(Budget(count=2)))
>>> seen
['1/2', '2/2']
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from cardlib.errors import CardlibError
from cardlib.estimates import Estimate, proportion
from cardlib.i18n import Msg
from cardlib.parallel import outcomes, seeds
from cardlib.players.budget import Budget, Clock
from cardlib.players.deadline import Deadline, SolveInterrupted, within
from cardlib.players.pool import Pool

__all__ = [
    "GRACE",
    "SLACK",
    "Progress",
    "Run",
    "Tally",
    "listening",
    "reporting",
    "seeded_worlds",
    "solve_worlds",
    "tallies",
]

GRACE = 1.2
"""The first world of a timed decision may run until this share of the budget, plus
:data:`SLACK` seconds (a decision then ends within 1.2 times its budget and 50 ms)."""

SLACK = 0.04

W = TypeVar("W")  # a sampled world (or the seed it is dealt from)
Q = TypeVar("Q")  # the question every world of a decision shares
T = TypeVar("T")  # what scoring one world gives
M = TypeVar("M")  # a move

Progress = Callable[[int, int], None]
"""Told ``(solved, planned)`` after each world a run solves: the worlds solved so far and the
most it may solve (fewer when its budget ends it early)."""

_listener: ContextVar[Progress | None] = ContextVar("cardlib_progress", default=None)


@contextmanager
def reporting(progress: Progress) -> Iterator[None]:
    """Inside the ``with`` block (in this thread or task), every :func:`solve_worlds` run not
    given a ``progress`` of its own reports to ``progress``."""
    token = _listener.set(progress)
    try:
        yield
    finally:
        _listener.reset(token)


def listening() -> Progress | None:
    """The progress function :func:`reporting` set around the code running now (``None``: none),
    for a decision that runs in several rounds and reports its own totals."""
    return _listener.get()


def seeded_worlds(samples: int, rng: random.Random) -> list[int]:
    """``samples`` seeds from ``rng``, one per world, for a game that deals a world from a seed
    in the worker (:func:`cardlib.parallel.seeds`; the first seeds of a longer run are the same).

    >>> seeded_worlds(2, random.Random(1)) == seeded_worlds(3, random.Random(1))[:2]
    True
    """
    return seeds(samples, rng)


@dataclass(frozen=True, slots=True)
class Run(Generic[T]):
    """The worlds one decision solved: ``outcomes`` in the order of the worlds (the first
    ``solved`` of ``planned``); ``stopped`` when the budget or a cancel ended it early,
    ``out_of_time`` when the clock did; ``interrupted``: the worlds whose solve the deadline
    stopped (dropped, not in ``outcomes``)."""

    outcomes: list[T]
    planned: int
    stopped: bool = False
    out_of_time: bool = False
    interrupted: int = 0

    @property
    def solved(self) -> int:
        return len(self.outcomes)


def solve_worlds(
    score: Callable[[W, Q], T],
    question: Q,
    worlds: Sequence[W],
    *,
    clock: Clock | None = None,
    share: float = 1.0,
    pool: Pool | None = None,
    minimum: int = 1,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
    grace: bool = True,
) -> Run[T]:
    """``score(world, question)`` for the worlds in order, until the budget of ``clock`` ends
    (``share`` of its seconds; its count of worlds) or ``cancel`` is set: at least ``minimum``
    worlds (0 or 1) unless the deadline stopped the first one's solve (its deadline is the
    :data:`GRACE` one unless not ``grace``: a decision that runs in rounds gives it to its first
    round only), each decided in the same
    order wherever it runs, so the outcomes are the same on any pool. A :class:`Pool` runs the
    scores on its processes; the worlds not started when the run ends are withdrawn, the pool
    stays open. A world whose solve the deadline stopped ends the run (``out_of_time``) and
    is not counted, nor any world after it. After each world (each chunk of worlds from a
    pool's processes) it tells ``progress`` (default: the one :func:`reporting` set, if any) the
    worlds solved and planned.

    >>> import threading, operator
    >>> stop = threading.Event(); stop.set()
    >>> solve_worlds(operator.mod, 6, [7, 8, 9], cancel=stop)
    Run(outcomes=[1], planned=3, stopped=True, out_of_time=False, interrupted=0)
    """
    if minimum not in (0, 1):
        raise CardlibError(
            Msg("solve_worlds(minimum={minimum}): expected 0 or 1", minimum=repr(minimum))
        )
    clock = clock or Clock(None)
    budget: Budget | None = clock.budget
    planned = len(worlds)
    items = list(worlds)
    if budget is not None and budget.count is not None:
        items = items[: budget.count]
    timed = budget is not None and budget.limits_time
    if pool is not None and cancel is None:
        cancel = pool.cancel_event
        cancel.clear()
    found: list[T] = []
    progress = progress or _listener.get()
    if not items or (minimum == 0 and (clock.spent(share) or _set(cancel))):
        out = bool(items) and clock.spent(share)
        return Run(found, planned, stopped=planned > 0, out_of_time=out)
    executor = None if pool is None or pool.serial else pool.executor()
    began = time.perf_counter()
    if timed:
        assert budget is not None and budget.seconds is not None
        rest = clock.start + budget.seconds * share
        first = max(clock.start, began) + budget.seconds * GRACE + SLACK if grace else rest
        timing = _Timed(score, question, first, rest)
        stream: Generator[tuple[list[Any], list[T | _Dropped]], None, None] = outcomes(
            _timed, list(enumerate(items)), options=timing, total=len(items),
            executor=executor, chunk_size=1,
        )  # fmt: skip
    else:
        stream = outcomes(score, items, options=question, total=len(items), executor=executor)
    out_of_time = cancelled = False
    interrupted = 0
    try:
        for _, chunk in stream:
            dropped = next((i for i, x in enumerate(chunk) if isinstance(x, _Dropped)), None)
            if dropped is not None:
                found.extend(cast("list[T]", chunk[:dropped]))
                interrupted = 1
                out_of_time = True
                break
            found.extend(cast("list[T]", chunk))
            if progress is not None:
                progress(min(len(found), len(items)), len(items))
            if len(found) >= len(items):
                break
            if len(found) >= minimum:
                if _set(cancel):
                    cancelled = True
                    break
                if timed and not clock.fits(began=began, solved=len(found), share=share):
                    out_of_time = True
                    break
    finally:
        stream.close()
    found = found[: len(items)]
    return Run(found, planned, stopped=len(found) < planned or cancelled,
               out_of_time=out_of_time, interrupted=interrupted)  # fmt: skip


def _set(event: threading.Event | None) -> bool:
    return event is not None and event.is_set()


@dataclass(frozen=True, slots=True)
class _Dropped:
    """What a world whose solve the deadline stopped gives back (never an outcome)."""


@dataclass(frozen=True, slots=True)
class _Timed(Generic[Q, W, T]):
    """A score with the decision's deadlines: ``first`` for the first world, ``rest`` after."""

    score: Callable[[W, Q], T]
    question: Q
    first: float
    rest: float


def _timed(item: tuple[int, W], timing: _Timed[Q, W, T]) -> T | _Dropped:
    """One world scored under its deadline (the trial a timed run hands out)."""
    index, world = item
    with within(Deadline(at=timing.first if index == 0 else timing.rest)):
        try:
            return timing.score(world, timing.question)
        except SolveInterrupted:
            return _Dropped()


@dataclass(frozen=True, slots=True)
class Tally(Generic[M]):
    """One move across the worlds solved: it counted in ``hits`` of ``worlds``.

    >>> Tally("heads", 19, 20).estimate()
    heads: 0.9500 (95% CI 0.7639 to 0.9911; Wilson, n=20)
    """

    move: M
    hits: int
    worlds: int

    def estimate(self, label: str | Msg | None = None) -> Estimate:
        """The share of worlds it counted in, with its Wilson 95% interval (labelled by the
        move unless told)."""
        return proportion(str(self.move) if label is None else label, self.hits, self.worlds)


def tallies(
    moves: Sequence[M], found: Sequence[Sequence[Any]], counts: Callable[[Any], bool]
) -> list[Tally[M]]:
    """Per move (``found[w][i]`` is move ``i``'s outcome in world ``w``): the worlds whose
    outcome ``counts``, in the order of the moves.

    >>> tallies(["a", "b"], [(1, 0), (1, 1), (0, 0)], bool)
    [Tally(move='a', hits=2, worlds=3), Tally(move='b', hits=1, worlds=3)]
    """
    if any(len(row) != len(moves) for row in found):
        raise CardlibError(
            Msg(
                "tallies: every world needs one outcome for each of {count} moves",
                count=len(moves),
            )
        )
    return [
        Tally(move, sum(bool(counts(row[i])) for row in found), len(found))
        for i, move in enumerate(moves)
    ]
