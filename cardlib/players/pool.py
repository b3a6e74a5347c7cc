"""Worker processes a player solves its sampled worlds on: one :class:`Pool`, shared or owned.

A pool starts its processes when first used and keeps them across decisions and across the
players it is given to; :meth:`Pool.close` (or leaving a ``with`` block) shuts them down. A
decision that ends early (its budget spent, or cancelled) withdraws the worlds not yet started
and lets the running ones finish: a player never terminates a pool's processes. A pool may also
stand for an executor made elsewhere (:meth:`Pool.around`, a Dask client's, say), which it
never shuts down.

>>> with Pool(2) as pool:
...     pool.workers, pool.closed
(2, False)
>>> pool.closed
True
>>> Pool(0)
Traceback (most recent call last):
    ...
cardlib.errors.CardlibError: Pool(workers=0): expected a whole number 1 or more
"""

from __future__ import annotations

import sys
import threading
import weakref
from typing import TYPE_CHECKING, Any

from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.parallel import check_workers, start_worker

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["Pool", "pool_for"]


def _shutdown(executor: Executor) -> None:
    executor.shutdown(wait=False, cancel_futures=True)


class Pool:
    """``workers`` local processes (forked where the system can), started when first needed."""

    def __init__(self, workers: int) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise CardlibError(
                Msg(
                    "Pool(workers={workers}): expected a whole number 1 or more",
                    workers=repr(workers),
                )
            )
        check_workers(workers, "Pool")
        self.workers = workers
        self._given: Any = None
        self._executor: Executor | None = None
        self._closed = False
        self._cancel = threading.Event()
        self._finalizer: weakref.finalize[Any, Pool] | None = None

    @classmethod
    def around(cls, executor: object) -> Pool:
        """A pool that hands out ``executor`` (any ``concurrent.futures.Executor`` or a
        ``dask.distributed.Client``) and never shuts it down: its owner does."""
        if callable(getattr(executor, "get_executor", None)):  # a dask.distributed.Client
            executor = executor.get_executor()  # type: ignore[attr-defined]
        if not callable(getattr(executor, "submit", None)):
            raise CardlibError(
                Msg(
                    "executor={executor} is not a concurrent.futures.Executor (it has no submit)",
                    executor=repr(executor),
                )
            )
        known = getattr(executor, "_max_workers", None)
        pool = cls(known if isinstance(known, int) and known >= 1 else 1)
        pool._given = executor
        return pool

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def serial(self) -> bool:
        """Whether the worlds run in this process (one worker of our own: no processes)."""
        return self._given is None and self.workers == 1

    def executor(self) -> Executor:
        """The executor the solves are submitted to (the processes start on first use)."""
        if self._closed:
            raise CardlibError(Msg("{value} is closed: make a new Pool", value=repr(self)))
        if self._given is not None:
            return self._given  # type: ignore[no-any-return]
        if self._executor is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("fork" if fork else None),
                initializer=start_worker,
            )
            self._finalizer = weakref.finalize(self, _shutdown, self._executor)
        return self._executor

    def cancel(self) -> None:
        """End the decision running on this pool now (it keeps the worlds solved so far)."""
        self._cancel.set()

    @property
    def cancel_event(self) -> threading.Event:
        """Set by :meth:`cancel`; a decision clears it when it starts and reads it between
        worlds."""
        return self._cancel

    def close(self) -> None:
        """Shut the processes down (waiting for the solves running); a second close does nothing.
        An executor given to :meth:`around` is left as it is."""
        self._closed = True
        executor, self._executor = self._executor, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._given is not None:
            return f"Pool.around({self._given!r})"
        return f"Pool({self.workers}{', closed' if self._closed else ''})"


def pool_for(
    where: str, workers: int | None, executor: object = None, pool: Pool | None = None,
    error: type[CardlibError] = CardlibError,
) -> tuple[Pool | None, bool]:  # fmt: skip
    """The pool a player runs on, from its settings, and whether the player owns it (and closes
    it): ``pool=`` as given, ``executor=`` wrapped, ``workers=N`` a pool of its own (none for
    one worker). At most one of the three; a refusal is an ``error`` naming ``where``.

    >>> pool_for("Bot", None), pool_for("Bot", 1)
    ((None, False), (None, False))
    >>> pool_for("Bot", 2)
    (Pool(2), True)
    """
    given = [name for name, value in (("workers", workers), ("executor", executor),
                                      ("pool", pool)) if value is not None]  # fmt: skip
    if len(given) > 1:
        raise error(f"{where}: give one of workers=, executor= and pool=, not "
                           f"{' and '.join(given)}")  # fmt: skip
    if pool is not None:
        if not isinstance(pool, Pool):
            raise error(f"{where}(pool={pool!r}): expected a cardlib.players.Pool")
        return pool, False
    if executor is not None:
        try:
            return Pool.around(executor), False
        except CardlibError as refused:
            raise error(f"{where}: {refused}") from None
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise error(f"{where}(workers={workers!r}): expected a whole number 1 or more")
        try:
            check_workers(workers, where)
        except CardlibError as refused:
            raise error(str(refused)) from None
        return (Pool(workers), True) if workers > 1 else (None, False)
    return None, False
