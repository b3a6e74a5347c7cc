"""Big runs fail safe: a failing trial keeps what finished, worker counts are bounded, and the
worker processes end with the process that started them, however it ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlib.errors import CardlibError, RulesError
from cardlib.parallel import WORKERS_PER_CORE, check_workers, run_seeded, seeds, worker_limit
from cardlib.players import Pool

ROOT = Path(__file__).resolve().parents[1]


def rules_error_on(seed: int, bad: int) -> int:
    if seed == bad:
        raise RulesError(f"seed {seed} asks for rules that do not exist")
    return seed % 1000


def divide_on(seed: int, bad: int) -> float:
    return 1 / (seed - bad)


@pytest.mark.parametrize("where", [{}, {"workers": 2}], ids=["here", "processes"])
@pytest.mark.parametrize("chunk_size", [1, 4, 30])
def test_a_failing_trial_keeps_the_outcomes_before_it_and_names_its_seed(
    where: dict[str, Any], chunk_size: int
) -> None:
    all_seeds = seeds(30, rng=2)
    bad = all_seeds[17]
    with pytest.raises(RulesError) as error:
        run_seeded(rules_error_on, 30, options=bad, rng=2, progress=False,
                   chunk_size=chunk_size, **where)  # fmt: skip
    assert str(error.value).endswith(f"(trial seed {bad})")
    # the trial computed again here, seed by seed: what the seeds before the bad one give
    assert error.value.outcomes == [seed % 1000 for seed in all_seeds[:17]]  # type: ignore[attr-defined]
    with pytest.raises(ZeroDivisionError) as bug:
        run_seeded(divide_on, 30, options=bad, rng=2, progress=False, chunk_size=chunk_size,
                   **where)  # fmt: skip
    assert f"(trial seed {bad})" in bug.value.__notes__
    assert bug.value.outcomes == [1 / (seed - bad) for seed in all_seeds[:17]]  # type: ignore[attr-defined]


def test_the_first_trial_failing_keeps_nothing_and_says_so() -> None:
    first = seeds(5, rng=3)[0]
    with pytest.raises(RulesError) as error:
        run_seeded(rules_error_on, 5, options=first, rng=3, progress=False, workers=2)
    assert error.value.outcomes == []  # type: ignore[attr-defined]


def test_worker_counts_are_bounded_by_the_cores() -> None:
    limit = worker_limit()
    assert limit == WORKERS_PER_CORE * len(os.sched_getaffinity(0))
    assert check_workers(limit) == limit
    with pytest.raises(CardlibError, match=rf"workers={limit + 1}: at most {limit} local worker"):
        run_seeded(divide_on, 5, options=-1, progress=False, workers=limit + 1)
    with pytest.raises(CardlibError, match=r"Pool\(workers=1000000\): at most"):
        Pool(10**6)


def test_the_sampling_players_refuse_a_million_workers() -> None:
    from cardlib.skat import SamplingBot as SkatBot
    from cardlib.skitgubbe import SamplingBot as SkitgubbeBot

    with pytest.raises(CardlibError, match=r"SamplingBot\(workers=1000000\): at most \d+ local"):
        SkatBot(workers=10**6)
    with pytest.raises(RulesError, match=r"SamplingBot\(workers=1000000\): at most \d+ local"):
        SkitgubbeBot(workers=10**6)


# -- the parent ends: no worker outlives it ------------------------------------------------------

PARENT = """
import os, sys, time
from pathlib import Path
from cardlib.parallel import run_seeded

folder = Path(sys.argv[1])

def note_and_wait(seed, folder):
    (folder / str(os.getpid())).touch()
    time.sleep(0.05)
    return seed % 7

run_seeded(note_and_wait, 100_000, options=folder, rng=1, workers=2, chunk_size=1,
           progress=False)
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie, dead but not yet reaped, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def _wait(condition: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()  # type: ignore[no-any-return]


@pytest.fixture
def parent(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    process = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(tmp_path)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        assert _wait(lambda: len(list(tmp_path.iterdir())) >= 2, 60), "the workers never started"
        yield process, tmp_path
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for name in tmp_path.iterdir():  # never leave a worker behind, even when a test fails
            if _alive(int(name.name)):
                os.kill(int(name.name), signal.SIGKILL)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=["SIGINT", "SIGTERM", "SIGKILL"])  # fmt: skip
def test_killing_the_parent_leaves_no_worker_running(
    how: signal.Signals, parent: tuple[subprocess.Popen[bytes], Path]
) -> None:
    process, folder = parent
    workers = {int(name.name) for name in folder.iterdir()}
    assert workers and process.pid not in workers
    process.send_signal(how)
    process.wait(timeout=30)
    assert _wait(lambda: not any(_alive(pid) for pid in workers), 5), [
        pid for pid in workers if _alive(pid)
    ]
    if how == signal.SIGINT:  # Ctrl-C: the run ends cleanly, keeping what came back
        assert process.returncode == 0 and b"Traceback" not in process.stderr.read()  # type: ignore[union-attr]
