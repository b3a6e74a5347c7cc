"""Big runs: the same seeded trials in this process, on every core here, or on a Dask cluster.

Every simulation and sampling function of cardlib runs its trials through :func:`run_seeded` (or,
for inputs sampled beforehand such as the deals of a win chance, :func:`run_each`). A trial is a
module-level function called as ``trial(seed, options)``: one seed per trial, drawn from the master
``rng`` before the run starts, and the options shared by every trial. Nothing else goes in, so the
outcomes are the same whoever computes them:

- by default, this process, one trial after another;
- ``workers=N``: ``N`` local processes (:class:`concurrent.futures.ProcessPoolExecutor`);
- ``executor=``: any :class:`concurrent.futures.Executor`, for example a Dask cluster's:
  ``executor=Client("tcp://scheduler:8786")`` (a ``dask.distributed.Client`` is taken as its
  ``get_executor()``).

Trials travel in chunks (a list of seeds and the options); the outcomes come back in the order of
the seeds, under one progress bar. Ctrl-C cancels the work still outstanding and returns the
outcomes of the first trials, marked interrupted. A trial that raises a
:class:`~cardlib.errors.CardlibError` in a worker raises the same error class here, its message
naming the trial's seed. A local worker process that dies is replaced and its chunks are run again
(at most :data:`RETRIES` times); Dask re-runs the tasks of a lost worker by itself.

``operator.mod(seed, 6)`` is a tiny picklable trial: a number 0 to 5 from each seed.

>>> import operator
>>> run_seeded(operator.mod, 5, options=6, rng=1, progress=False)
([3, 1, 2, 0, 5], False)
>>> run_seeded(operator.mod, 5, options=6, rng=1, progress=False, workers=2)
([3, 1, 2, 0, 5], False)
"""

from __future__ import annotations

import math
import os
import pickle
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardlib.errors import CardlibError
from cardlib.estimates import Progress, progress_bar
from cardlib.i18n import N_, Msg
from cardlib.randomness import as_rng

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "RETRIES",
    "WORKERS_PER_CORE",
    "check_workers",
    "outcomes",
    "run_each",
    "run_seeded",
    "seeds",
    "start_worker",
    "worker_limit",
]

I = TypeVar("I")  # noqa: E741  (an item: a seed, a sampled deal, a record line)
O = TypeVar("O")  # noqa: E741  (the options every trial shares)
T = TypeVar("T")  # the outcome of one trial

RETRIES = 3
"""How many times a local pool whose worker process died is rebuilt before the run fails."""

WORKERS_PER_CORE = 4
"""Local worker processes allowed per core of this machine (:func:`worker_limit`)."""

_CHUNKS_PER_WORKER = 16
_PARENT_CHECK = 0.2
_MAX_CHUNK = 5000
_STREAM_CHUNK = 100


def seeds(samples: int, rng: random.Random | int | None = None) -> list[int]:
    """One 64-bit seed per trial, drawn from the master ``rng``: what :func:`run_seeded` hands out.

    >>> seeds(3, rng=1) == seeds(3, rng=1) != seeds(3, rng=2)
    True
    >>> all(0 <= seed < 2**64 for seed in seeds(100, rng=7))
    True
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardlibError(
            Msg("samples must be a whole number 1 or more, got {samples}", samples=repr(samples))
        )
    generator = as_rng(rng)
    return [generator.getrandbits(64) for _ in range(samples)]


# -- what travels back from a worker ------------------------------------------------------------


def _picklable(value: object) -> bool:
    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


@dataclass(frozen=True, slots=True)
class _Failure:
    """An exception raised by a trial in a worker, in a form that always pickles."""

    position: int
    kind: type[BaseException]
    args: tuple[Any, ...]
    state: dict[str, Any]
    remote: str

    @classmethod
    def of(cls, error: Exception, position: int) -> _Failure:
        kind: type[BaseException] = type(error)
        if not _picklable(kind):  # a class defined inside a function: its nearest importable base
            kind = next(base for base in kind.__mro__ if _picklable(base))
        args = error.args if _picklable(error.args) else (str(error),)
        state = dict(getattr(error, "__dict__", {}))
        if not _picklable(state):
            state = {}
        return cls(position, kind, args, state, traceback.format_exc())

    def rebuild(self) -> BaseException:
        error = self.kind.__new__(self.kind)
        error.args = self.args
        error.__dict__.update(self.state)
        if not isinstance(error, CardlibError):
            error.add_note(f"raised in a worker:\n{self.remote.rstrip()}")
        return error


@dataclass(slots=True)
class _ChunkResult(Generic[T]):
    outcomes: list[T] = field(default_factory=list)
    interrupted: bool = False
    failure: _Failure | None = None


def _run_chunk(trial: Callable[[I, O], T], options: O, items: Sequence[I]) -> _ChunkResult[T]:
    """Run one chunk in a worker; a failure or Ctrl-C is reported, never raised."""
    result: _ChunkResult[T] = _ChunkResult()
    try:
        for item in items:
            result.outcomes.append(trial(item, options))
    except KeyboardInterrupt:
        result.interrupted = True
    except Exception as error:
        result.failure = _Failure.of(error, len(result.outcomes))
    return result


def _name_error(error: BaseException, label: str) -> BaseException:
    """Name the trial in the error: in the message of a CardlibError, in a note otherwise."""
    if isinstance(error, CardlibError) and error.args and isinstance(error.args[0], str):
        error.args = (f"{error.args[0]} ({label})", *error.args[1:])
    elif isinstance(error, CardlibError) and error.args and isinstance(error.args[0], Msg):
        # Translators: a refusal, then the trial it came from: "... (deal 7)".
        error.args = (Msg("{message} ({label})", message=error.args[0], label=label),
                      *error.args[1:])  # fmt: skip
    else:
        error.add_note(f"({label})")
    return error


def worker_limit() -> int:
    """The most local worker processes a run may ask for: :data:`WORKERS_PER_CORE` per core this
    process may use (more would only queue for the same cores, and thousands would exhaust the
    machine).

    >>> worker_limit() == WORKERS_PER_CORE * _cores()
    True
    """
    return WORKERS_PER_CORE * _cores()


def _cores() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return os.cpu_count() or 1


def check_workers(workers: object, where: str = "") -> int | None:
    """``workers`` if it is a number of local processes a run may start (``None``: none asked),
    else a :class:`~cardlib.errors.CardlibError` naming it (and ``where``, who was given it).

    >>> check_workers(2), check_workers(None)
    (2, None)
    >>> check_workers(10**6, "SamplingBot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    cardlib.errors.CardlibError: SamplingBot(workers=1000000): at most ... local worker ...
    """
    setting = f"{where}(workers={workers!r})" if where else f"workers={workers!r}"
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        if where:
            raise CardlibError(Msg("{setting}: expected a whole number 1 or more", setting=setting))
        raise CardlibError(
            Msg("workers must be a whole number 1 or more, got {workers}", workers=repr(workers))
        )
    limit = worker_limit()
    if workers > limit:
        raise CardlibError(
            Msg(
                "{setting}: at most {limit} local worker processes ({per_core} "
                "per core, {cores} cores here); a cluster takes more (executor=)",
                setting=setting,
                limit=limit,
                per_core=WORKERS_PER_CORE,
                cores=_cores(),
            )
        )
    return workers


def start_worker() -> None:
    """Set up a local worker process (the initializer of every pool cardlib starts).

    Ctrl-C in a terminal reaches every process of the group: the parent alone handles it, so the
    worker ignores it. And the worker ends by itself once its parent process is gone, however the
    parent ended (a ``kill -9`` runs no clean-up of the parent's), instead of living on as an
    orphan holding a core.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    watch = threading.Thread(target=_end_with, args=(parent,), name="cardlib-parent", daemon=True)
    watch.start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_CHECK)
    os._exit(1)


# -- who runs the chunks --------------------------------------------------------------------------


class _Workers:
    """This process, a local pool of processes (rebuilt if a worker dies), or a given executor."""

    def __init__(self, workers: int | None, executor: object) -> None:
        check_workers(workers)
        if workers is not None and executor is not None:
            raise CardlibError(
                Msg(
                    "give workers= or executor=, not both (workers={workers}, executor={executor})",
                    workers=repr(workers),
                    executor=repr(executor),
                )
            )
        if executor is not None:
            if callable(getattr(executor, "get_executor", None)):  # a dask.distributed.Client
                executor = executor.get_executor()  # type: ignore[attr-defined]
            if not callable(getattr(executor, "submit", None)):
                raise CardlibError(
                    Msg(
                        "executor={executor} is not a concurrent.futures.Executor (it has no "
                        "submit method)",
                        executor=repr(executor),
                    )
                )
        self.count = workers
        self.given: Executor | None = executor  # type: ignore[assignment]
        self.pool: Executor | None = None
        self.rebuilt = 0

    @property
    def serial(self) -> bool:
        return self.given is None and (self.count is None or self.count == 1)

    @property
    def capacity(self) -> int:
        """How many chunks can run at once (a guess for a foreign executor)."""
        if self.given is None:
            return self.count or 1
        known = getattr(self.given, "_max_workers", None)  # the standard library's executors
        if isinstance(known, int):
            return known
        client = getattr(self.given, "_client", None)  # Dask's ClientExecutor
        try:
            return max(1, sum(client.nthreads().values()))  # type: ignore[union-attr]
        except Exception:
            return 8

    def executor(self) -> Executor:
        if self.given is not None:
            return self.given
        if self.pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # Forked workers know everything this process knows (a bot class defined in a
            # notebook, say); other systems spawn fresh interpreters that import what they need.
            fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
            self.pool = ProcessPoolExecutor(
                max_workers=self.count,
                mp_context=multiprocessing.get_context("fork" if fork else None),
                initializer=start_worker,
            )
        return self.pool

    def rebuild(self) -> bool:
        """After a worker process died: a fresh pool, if this is a pool of our own and retries
        remain."""
        if self.given is not None or self.rebuilt >= RETRIES:
            return False
        self.rebuilt += 1
        self.close(abandon=True)
        return True

    def close(self, abandon: bool) -> None:
        pool, self.pool = self.pool, None
        if pool is None:
            return
        if abandon:  # stop the chunks still running: nobody waits for them
            processes = getattr(pool, "_processes", None) or {}
            for process in list(processes.values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _chunks(items: Iterable[I], size: int) -> Iterator[list[I]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _default_chunk(total: int | None, capacity: int) -> int:
    if total is None:
        return _STREAM_CHUNK
    return max(1, min(_MAX_CHUNK, math.ceil(total / (capacity * _CHUNKS_PER_WORKER))))


def _check_chunk_size(chunk_size: int | None) -> None:
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise CardlibError(
            Msg(
                "chunk_size must be a whole number 1 or more, got {chunk_size}",
                chunk_size=repr(chunk_size),
            )
        )


def _position_label(position: int, item: object) -> str:
    return f"trial {position}"


def _seed_label(position: int, seed: object) -> str:
    return f"trial seed {seed}"


def outcomes(
    trial: Callable[[I, O], T],
    items: Iterable[I],
    *,
    options: O,
    label: Callable[[int, I], str] = _position_label,
    total: int | None = None,
    workers: int | None = None,
    executor: object = None,
    chunk_size: int | None = None,
) -> Generator[tuple[list[I], list[T]], None, None]:
    """``trial(item, options)`` for each item, yielded in the order of the items as pairs
    ``(items, outcomes)``: one item at a time in this process, one chunk at a time from workers.

    The items are read lazily and only a few chunks per worker are out at once, so an endless
    stream (the lines of a large file) runs in constant memory. ``label(position, item)`` names
    the trial in an error. A trial that raises ``KeyboardInterrupt`` ends the run: the outcomes of
    the items before it are yielded, then ``KeyboardInterrupt`` is raised; so does Ctrl-C.
    ``total`` (the number of items, when known) sets the default chunk size: about sixteen
    chunks per worker.

    >>> import operator
    >>> list(outcomes(operator.add, [1, 2, 3], options=10, workers=2, chunk_size=2))
    [([1, 2], [11, 12]), ([3], [13])]
    """
    _check_chunk_size(chunk_size)
    runners = _Workers(workers, executor)
    if runners.serial:
        for position, item in enumerate(items):
            try:
                outcome = trial(item, options)
            except Exception as error:
                raise _name_error(error, label(position, item)) from None
            yield [item], [outcome]
        return
    try:
        pickle.dumps((trial, options))
    except Exception as error:
        name = getattr(trial, "__qualname__", repr(trial))
        raise CardlibError(
            Msg(
                "cannot send the trial {name} and its options to other processes "
                "({error}); workers need a module-level function and options that pickle "
                "(no lambda, no function defined inside another)",
                name=name,
                error=error,
            )
        ) from None
    size = chunk_size or _default_chunk(total, runners.capacity)
    yield from _in_parallel(trial, options, _chunks(items, size), label, runners)


def _in_parallel(
    trial: Callable[[I, O], T],
    options: O,
    chunks: Iterator[list[I]],
    label: Callable[[int, I], str],
    runners: _Workers,
) -> Generator[tuple[list[I], list[T]], None, None]:
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    window = 4 * runners.capacity + 4
    sent: dict[int, tuple[list[I], int, Future[_ChunkResult[T]]]] = {}
    done: dict[int, tuple[list[I], int, _ChunkResult[T]]] = {}
    numbered = iter(enumerate(chunks))
    start = 0
    next_up = 0
    exhausted = False
    finished = False

    def submit(index: int, chunk: list[I], first: int) -> None:
        future = runners.executor().submit(_run_chunk, trial, options, chunk)
        sent[index] = (chunk, first, future)

    try:
        while True:
            while not exhausted and len(sent) + len(done) < window:
                try:
                    index, chunk = next(numbered)
                except StopIteration:
                    exhausted = True
                    break
                submit(index, chunk, start)
                start += len(chunk)
            while next_up in done:
                chunk, first, result = done.pop(next_up)
                next_up += 1
                if result.failure is not None:
                    failure = result.failure
                    if result.outcomes:  # the trials of the chunk before the one that failed
                        yield chunk[: len(result.outcomes)], result.outcomes
                    where = first + failure.position
                    raise _name_error(failure.rebuild(), label(where, chunk[failure.position]))
                yield chunk[: len(result.outcomes)], result.outcomes
                if result.interrupted:
                    raise KeyboardInterrupt
            if not sent and exhausted:
                finished = True
                return
            if not sent:
                continue
            wait([future for _, _, future in sent.values()], return_when=FIRST_COMPLETED)
            broken = False
            for index, (chunk, first, future) in list(sent.items()):
                if not future.done():
                    continue
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken = True
                    continue
                except Exception as error:
                    raise CardlibError(
                        Msg(
                            "a worker failed on the chunk from {label} ({kind}: {error})",
                            label=label(first, chunk[0]),
                            kind=type(error).__name__,
                            error=error,
                        )
                    ) from error
                del sent[index]
                done[index] = (chunk, first, result)
            if broken:
                if not runners.rebuild():
                    out = [label(first, chunk[0]) for chunk, first, _ in sent.values()]
                    running = ", ".join(out[:3]) + (" …" if len(out) > 3 else "")
                    raise CardlibError(
                        Msg(
                            "a worker process died running the chunks from {running}; the pool "
                            "was rebuilt {times} times and they died again, giving up",
                            running=running,
                            times=RETRIES,
                        )
                        if runners.given is None
                        else Msg(
                            "a worker process died running the chunks from {running}; the "
                            "executor given cannot run them again (workers=N builds a pool that "
                            "replaces dead workers)",
                            running=running,
                        )
                    )
                for index, (chunk, first, _) in sorted(sent.items()):
                    submit(index, chunk, first)
    finally:
        # A pool of our own cancels its futures itself: one cancelled from here races its thread
        # that fails every waiting future when a stopped worker breaks the pool.
        if runners.given is not None:
            for _, _, future in sent.values():
                future.cancel()
        runners.close(abandon=not finished)


def run_each(
    trial: Callable[[I, O], T],
    items: Sequence[I],
    *,
    options: O,
    label: Callable[[int, I], str] = _position_label,
    workers: int | None = None,
    executor: object = None,
    chunk_size: int | None = None,
    description: str = N_("simulating"),
    progress: Progress = "auto",
) -> tuple[list[T], bool]:
    """``trial(item, options)`` for every item under one progress bar: the outcomes in the order
    of the items, and whether Ctrl-C cut the run short (then the outcomes of the first items).

    ``workers``, ``executor`` and ``chunk_size`` as in :func:`run_seeded`; ``progress`` and
    ``description`` (what the bar says, worded in the current language when it is cardlib's) as
    in :func:`~cardlib.estimates.run_trials`. A trial that raises ends the run with its error,
    which names the trial (``label``) and keeps in ``outcomes`` the outcomes of the items before
    it, in order: nothing finished is lost.

    >>> run_each(pow, [2, 3, 4], options=2, progress=False)
    ([4, 9, 16], False)
    """
    if not items:
        raise CardlibError(Msg("run_each: no items to run the trial on"))
    results: list[T] = []
    bar = progress_bar(len(items), description, progress)
    stream = outcomes(trial, items, options=options, label=label, total=len(items),
                      workers=workers, executor=executor, chunk_size=chunk_size)  # fmt: skip
    try:
        for _, chunk in stream:
            results.extend(chunk)
            bar.update(len(chunk))
    except KeyboardInterrupt:
        return results, True
    except Exception as error:
        error.outcomes = results  # type: ignore[attr-defined]
        raise
    finally:
        stream.close()
        bar.close()
    return results, False


def run_seeded(
    trial: Callable[[int, O], T],
    samples: int,
    *,
    options: O,
    rng: random.Random | int | None = None,
    workers: int | None = None,
    executor: object = None,
    chunk_size: int | None = None,
    description: str = N_("simulating"),
    progress: Progress = "auto",
) -> tuple[list[T], bool]:
    """Run ``trial(seed, options)`` for ``samples`` seeds drawn from ``rng`` (see :func:`seeds`):
    the outcomes in the order of the seeds, and whether the run was interrupted.

    ``workers=N`` runs the trials on ``N`` local processes; ``executor=`` on any
    :class:`concurrent.futures.Executor` (or a ``dask.distributed.Client``); neither: here, one
    after another. The outcomes are the same either way, bit for bit. ``trial`` must be a
    module-level function and ``options`` must pickle, to travel to workers. ``chunk_size``:
    trials sent at once (default: about sixteen chunks per worker). ``progress`` as in
    :func:`~cardlib.estimates.run_trials`. Ctrl-C returns the outcomes of the first trials,
    marked interrupted; an error raised by a trial names its seed and keeps the outcomes of the
    seeds before it (``error.outcomes``). ``workers`` above :func:`worker_limit` is refused.

    >>> import operator
    >>> run_seeded(operator.mod, 3, options=100, rng=7, progress=False)
    ([32, 87, 92], False)
    """
    return run_each(trial, seeds(samples, rng), options=options, label=_seed_label,
                    workers=workers, executor=executor, chunk_size=chunk_size,
                    description=description, progress=progress)  # fmt: skip
