"""The driver hands each world's solve the decision's deadline and drops an interrupted one."""

from __future__ import annotations

import time

import pytest

from cardlib.players import Budget, Clock, Pool, solve_worlds, tallies
from cardlib.players.deadline import SolveInterrupted, active
from cardlib.players.driver import GRACE, SLACK


def stops_at_three(world: int, question: int) -> tuple[int]:
    """A score whose solve of world 3 passes its deadline."""
    if world == 3:
        raise SolveInterrupted("the deadline passed")
    return (world % question,)


def deadline_seen(world: int, question: object) -> tuple[float | None]:
    deadline = active()
    return (None if deadline is None else deadline.at,)


def test_an_interrupted_world_is_dropped_with_the_ones_after_it() -> None:
    run = solve_worlds(stops_at_three, 2, [1, 2, 3, 4, 5], clock=Clock(Budget(seconds=3600)))
    assert run.outcomes == [(1,), (0,)]
    assert run.interrupted == 1 and run.out_of_time and run.stopped
    assert [t.hits for t in tallies(["odd"], run.outcomes, bool)] == [1]  # 2 worlds, not 3


def test_the_first_world_may_be_the_one_interrupted() -> None:
    run = solve_worlds(stops_at_three, 2, [3, 4], clock=Clock(Budget(seconds=3600)))
    assert run.outcomes == [] and run.interrupted == 1


@pytest.mark.parametrize("workers", [1, 2])
def test_each_solve_gets_the_decision_deadline_here_and_on_a_pool(workers: int) -> None:
    start = time.perf_counter()
    clock = Clock(Budget(seconds=100.0), start=start)
    with Pool(workers) as pool:
        run = solve_worlds(deadline_seen, None, [1, 2, 3], clock=clock, share=0.5, pool=pool)
    first = run.outcomes[0][0]  # counted from when the solving starts, at the earliest
    assert first is not None and 0 <= first - (start + 100 * GRACE + SLACK) < 1
    assert run.outcomes[1:] == [(start + 50,), (start + 50,)]


def test_no_deadline_without_seconds() -> None:
    for clock in (None, Clock(None), Clock(Budget(count=2))):
        run = solve_worlds(deadline_seen, None, [1, 2], clock=clock)
        assert run.outcomes == [(None,), (None,)]
    with pytest.raises(SolveInterrupted):  # untimed: nothing to stop at, so nothing is caught
        solve_worlds(stops_at_three, 2, [3])
