"""One computation at a time off the kernel's message loop, for a widget that must stay live.

A widget's button callback that thinks for seconds blocks the kernel: clicks made meanwhile
queue up and are applied afterwards to whatever position then stands. :class:`Worker` runs the
thinking in a thread instead, so the callback returns at once and the kernel keeps handling
messages. Each job learns, through the ``current`` function it is given, whether it is still the
newest: a newer job (or :meth:`Worker.cancel`) makes the older one's result be ignored. While a
job runs, ``tick`` is called about twice a second with the seconds elapsed. A :class:`Throttle`
keeps a job's progress reports to a pace a page can show (:data:`PROGRESS_EVERY`).

>>> import threading
>>> lock = threading.RLock()
>>> worker = Worker(lock)
>>> seen = []
>>> worker.start(lambda current: seen.append(current()))
>>> worker.wait(), seen, worker.busy
(True, [True], False)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["PROGRESS_EVERY", "TICK", "Throttle", "Worker", "in_kernel"]

TICK = 0.5
"""Seconds between two ``tick`` calls while a job runs."""

PROGRESS_EVERY = 0.1
"""Seconds between two progress reports a widget shows, at least."""


class Throttle:
    """Lets a report through at once, then at most one every ``every`` seconds (by ``clock``).

    >>> readings = iter([0.0, 0.05, 0.12, 0.15, 0.3])
    >>> throttle = Throttle(0.1, clock=lambda: next(readings))
    >>> [throttle.ready() for _ in range(5)]
    [True, False, True, False, True]
    >>> Throttle(0.0).ready() and Throttle(0.0).ready()
    True
    """

    def __init__(self, every: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self._clock = clock
        self._last: float | None = None

    def ready(self) -> bool:
        """Whether a report may be shown now (if so, the next waits ``every`` seconds)."""
        now = self._clock()
        if self._last is not None and now - self._last < self.every:
            return False
        self._last = now
        return True


class Worker:
    """Runs jobs in daemon threads, one current job at a time, under the widget's ``lock``.

    ``start(job)`` calls ``job(current)`` in a new thread; ``current()`` is true until another
    job starts or :meth:`cancel` is called. ``tick(seconds)`` (if given) is called under ``lock``
    every :data:`TICK` seconds while the current job runs.
    """

    def __init__(self, lock: threading.RLock, tick: Callable[[float], None] | None = None) -> None:
        self._lock = lock
        self._tick = tick
        self._generation = 0
        self._threads: list[threading.Thread] = []
        self._running: int | None = None

    @property
    def busy(self) -> bool:
        """Whether the current job is still running."""
        return self._running is not None and self._running == self._generation

    def start(self, job: Callable[[Callable[[], bool]], None]) -> None:
        """Run ``job(current)`` in a thread; an older job's ``current()`` turns false."""
        with self._lock:
            self._generation += 1
            generation = self._running = self._generation
            self._threads = [thread for thread in self._threads if thread.is_alive()]

        def current() -> bool:
            return generation == self._generation

        def run() -> None:
            done = threading.Event()
            started = time.monotonic()
            ticker = threading.Thread(target=self._ticking, args=(done, current, started))
            ticker.daemon = True
            ticker.start()
            try:
                job(current)
            finally:
                done.set()
                with self._lock:
                    if self._running == generation:
                        self._running = None

        thread = threading.Thread(target=run, name="cardlib-worker", daemon=True)
        self._threads.append(thread)
        thread.start()

    def _ticking(self, done: threading.Event, current: Callable[[], bool], started: float) -> None:
        while not done.wait(TICK):
            if self._tick is None:
                return
            with self._lock:
                if current() and not done.is_set():
                    self._tick(time.monotonic() - started)

    def cancel(self) -> None:
        """Let the running job's result be ignored (its ``current()`` turns false)."""
        with self._lock:
            self._generation += 1
            self._running = None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job started so far has ended (at most ``timeout`` seconds);
        whether they all did."""
        deadline = None if timeout is None else time.monotonic() + timeout
        for thread in list(self._threads):
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            thread.join(left)
        return not any(thread.is_alive() for thread in self._threads)


def in_kernel() -> bool:
    """Whether this runs in a live Jupyter kernel (JupyterLab, Voilà), where a callback that
    thinks for long would block the kernel's message loop.

    >>> in_kernel()
    False
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return getattr(shell, "kernel", None) is not None
