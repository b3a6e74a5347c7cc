"""The sampling driver alone, on a toy game whose worlds and scores are built here: tallies and
their Wilson intervals, the wording of the numbers, the budget by count and by the clock, the
pool shared across decisions and players and closed, cancellation, and the same outcomes on one
worker or two.

The toy game: a world is a seed; in it, move ``i`` of ``question`` moves "wins" when bit ``i`` of
the world's first random number is set."""

from __future__ import annotations

import os
import random
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib.errors import CardlibError
from cardlib.estimates import proportion
from cardlib.i18n import Msg, Plural
from cardlib.players import (
    Budget,
    Clauses,
    Clock,
    Explanation,
    Pool,
    Sentences,
    Tally,
    chained,
    interval,
    percent,
    pool_for,
    seeded_worlds,
    solve_worlds,
    tallies,
)


def toy_score(world: int, moves: int) -> tuple[bool, ...]:
    """Each of ``moves`` moves in the world dealt from seed ``world``: whether it wins."""
    bits = random.Random(world).getrandbits(moves)
    return tuple(bool(bits >> i & 1) for i in range(moves))


def whose(world: int, moves: int) -> tuple[int, ...]:
    """Which process scored the world (for the pool's reuse)."""
    return (os.getpid(),) * moves


def marked(world: int, folder: str) -> tuple[int]:
    """Leave a mark that this world was started, then take a little while."""
    Path(folder, str(world)).touch()
    time.sleep(0.02)
    return (world,)


CANCEL = threading.Event()
SERIAL = Pool(1)


def cancelling(world: int, at: int) -> tuple[int]:
    """Cancel the run (in this process) once world ``at`` is scored."""
    if world == at:
        CANCEL.set()
    return (world,)


def cancelling_pool(world: int, at: int) -> tuple[int]:
    if world == at:
        SERIAL.cancel()
    return (world,)


WORLDS = seeded_worlds(30, random.Random(5))


# -- tallies and intervals ------------------------------------------------------------------------


def test_tallies_count_each_moves_worlds_with_the_wilson_interval_of_cardlib_estimates() -> None:
    found = solve_worlds(toy_score, 3, WORLDS).outcomes
    counted = tallies(["a", "b", "c"], found, bool)
    assert [t.worlds for t in counted] == [30, 30, 30]
    for i, tally in enumerate(counted):
        assert tally.hits == sum(row[i] for row in found)
        assert tally.estimate() == proportion(tally.move, tally.hits, 30)
        assert tally.estimate("move b").label == "move b"
    with pytest.raises(CardlibError, match="one outcome for each of 2 moves"):
        tallies(["a", "b"], [(True,)], bool)


def test_a_tally_is_a_plain_value() -> None:
    assert Tally("♥A", 19, 20) == Tally("♥A", 19, 20) != Tally("♥A", 18, 20)
    assert Tally("♥A", 19, 20).estimate().value == Fraction(19, 20)


# -- the wording ----------------------------------------------------------------------------------


def test_the_numbers_are_worded_as_both_games_word_them() -> None:
    estimate = proportion("♥A", 19, 20)  # Wilson: 0.7639 to 0.9911 (cardlib.estimates)
    assert interval(estimate) == {"percent": 95, "low": 76, "high": 99}
    assert interval(estimate, "rate") == {"rate": 95, "low": 76, "high": 99}
    # the Skat player's sentence (its message id as on main), filled from the driver's numbers
    head = Plural(
        "{card} wins in {wins} of {n} sampled deal ({percent}%, 95% interval {low}–{high}%)",
        "{card} wins in {wins} of {n} sampled deals ({percent}%, 95% interval {low}–{high}%)",
        20, card="♥A", wins=19, **interval(estimate),
    )  # fmt: skip
    rest = Msg("{card} in {wins} of {n}", card="♣J", wins=3, n=20)
    assert str(Msg("{text}.", text=chained([head, rest]))) == (
        "♥A wins in 19 of 20 sampled deals (95%, 95% interval 76–99%); ♣J in 3 of 20."
    )
    assert str(Clauses(["♣K in 9 of 40", "♥A in 3 of 40"])) == "♣K in 9 of 40; ♥A in 3 of 40"
    # exact rounding, half to even (the project's choice, as Skitgubbe's player rounded)
    assert [percent(Fraction(1, 8)), percent(Fraction(3, 8)), percent(0.0)] == [12, 38, 0]


def test_one_explanation_reads_by_both_games_names() -> None:
    why = Explanation(
        "♥A", "play", Msg("{card} wins.", card="♥A"), (Tally("♥A", 19, 20),), 20, 20, 0.5,
        notes=(Msg("{cards} are interchangeable here.", cards="♥A ♥K"),),
    )  # fmt: skip
    assert (why.move, why.kind, why.deals, why.planned) == ("♥A", "play", 20, 20)
    assert (why.choice, why.reason, why.worlds, why.samples) == ("♥A", "play", 20, 20)
    assert why.candidates == why.odds == why.tallies == (Tally("♥A", 19, 20),)
    assert str(why) == "♥A wins. ♥A ♥K are interchangeable here."
    assert why.sentences() == (why.text, *why.notes)
    hint = why.hint()
    assert isinstance(hint, Msg) and str(hint) == str(why)
    assert isinstance(Sentences(["a."]), Msg)
    assert why == Explanation(*(why.move, why.kind, why.text, why.candidates, 20, 20, 9.0),
                              notes=why.notes)  # the time it took is not compared  # fmt: skip


# -- the budget -----------------------------------------------------------------------------------


def test_a_budget_by_count_solves_the_first_worlds_only() -> None:
    everything = solve_worlds(toy_score, 3, WORLDS)
    assert everything.solved == everything.planned == 30 and not everything.stopped
    counted = solve_worlds(toy_score, 3, WORLDS, clock=Clock(Budget(count=4)))
    assert counted.outcomes == everything.outcomes[:4]
    assert (counted.planned, counted.stopped, counted.out_of_time) == (30, True, False)
    assert solve_worlds(toy_score, 3, WORLDS[:4], clock=Clock(Budget(count=9))).stopped is False


def test_a_spent_clock_solves_one_world_or_none_as_asked() -> None:
    spent = Clock(Budget(seconds=0.5), start=time.perf_counter() - 60)
    assert spent.spent() and not spent.fits(began=spent.start, solved=1)
    one = solve_worlds(toy_score, 2, WORLDS, clock=spent)
    assert one.solved == 1 and one.stopped and one.out_of_time
    none = solve_worlds(toy_score, 2, WORLDS, clock=spent, minimum=0)
    assert none.solved == 0 and none.stopped and none.out_of_time
    assert not Clock(Budget(seconds=0.5)).spent(share=0.75)  # just started


def test_bad_budgets_are_refused_naming_them() -> None:
    bad_settings = [({"count": 0}, "count=0"), ({"seconds": -1}, "seconds=-1"),
                    ({"count": 2.5}, "count=2.5"), ({"seconds": True}, "seconds=True")]  # fmt: skip
    for bad, words in bad_settings:
        with pytest.raises(CardlibError, match=words):
            Budget(**bad)  # type: ignore[arg-type]
    assert Budget.of(2) == Budget(seconds=2.0) and Budget.of(Budget(count=3)) == Budget(count=3)
    with pytest.raises(CardlibError, match=r"Bot\(budget='1'\)"):
        Budget.of("1", "Bot")  # type: ignore[arg-type]
    with pytest.raises(CardlibError, match="expected 0 or 1"):
        solve_worlds(toy_score, 1, WORLDS, minimum=2)


# -- the pool -------------------------------------------------------------------------------------


def test_one_and_two_workers_give_the_same_outcomes() -> None:
    alone = solve_worlds(toy_score, 4, WORLDS)
    with Pool(2) as pool:
        shared = solve_worlds(toy_score, 4, WORLDS, pool=pool)
        counted = solve_worlds(toy_score, 4, WORLDS, pool=pool, clock=Clock(Budget(count=7)))
        timed = solve_worlds(toy_score, 4, WORLDS, pool=pool, clock=Clock(Budget(seconds=600)))
    assert shared == alone and timed == alone
    assert counted.outcomes == alone.outcomes[:7]


def test_a_pool_is_reused_across_decisions_and_players_then_closed() -> None:
    with Pool(2) as pool:
        first = {pid for row in solve_worlds(whose, 1, WORLDS, pool=pool).outcomes for pid in row}
        second = {pid for row in solve_worlds(whose, 2, WORLDS, pool=pool).outcomes for pid in row}
        assert os.getpid() not in first | second and len(first | second) <= 2
        executor = pool.executor()
        assert pool.executor() is executor
    assert pool.closed
    with pytest.raises(CardlibError, match="closed"):
        solve_worlds(toy_score, 1, WORLDS, pool=pool)
    pool.close()  # a second close does nothing


def test_players_share_a_pool_given_and_close_only_their_own() -> None:
    from cardlib import skitgubbe
    from cardlib.skat import SamplingBot

    with Pool(2) as pool:
        for bot in (SamplingBot(pool=pool), skitgubbe.SamplingBot(pool=pool)):
            assert bot.pool is pool
            bot.close()
            assert not pool.closed
    own = SamplingBot(workers=2)
    assert own.pool is not None and own.pool.workers == 2
    own.close()
    assert own.pool is not None and not own.pool.closed  # a fresh pool, started when used
    assert SamplingBot(workers=1).pool is None
    with pytest.raises(CardlibError, match="not workers and pool"):
        SamplingBot(workers=2, pool=Pool(2))
    assert pool_for("Bot", None, pool=None) == (None, False)
    with pytest.raises(CardlibError, match=r"Bot\(pool='two'\)"):
        pool_for("Bot", None, pool="two")  # type: ignore[arg-type]
    with pytest.raises(CardlibError, match="no submit"):
        Pool.around(object())


def test_an_executor_made_elsewhere_is_used_and_never_shut_down() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as threads:
        pool = Pool.around(threads)
        assert solve_worlds(toy_score, 3, WORLDS, pool=pool) == solve_worlds(toy_score, 3, WORLDS)
        pool.close()
        assert threads.submit(int, "7").result() == 7


# -- cancellation ---------------------------------------------------------------------------------


def test_a_cancel_ends_the_run_and_keeps_the_worlds_solved() -> None:
    CANCEL.clear()
    worlds = list(range(10))
    run = solve_worlds(cancelling, 3, worlds, cancel=CANCEL)
    assert run.outcomes == [(0,), (1,), (2,), (3,)] and run.stopped and not run.out_of_time
    run = solve_worlds(cancelling_pool, 5, worlds, pool=SERIAL)
    assert run.outcomes == [(w,) for w in range(6)] and run.stopped
    # the next decision on the pool starts afresh
    assert solve_worlds(cancelling_pool, 99, worlds, pool=SERIAL).solved == 10


def test_a_cancelled_run_withdraws_the_worlds_not_started_and_the_pool_stays_usable(
    tmp_path: Path,
) -> None:
    stop = threading.Event()
    stop.set()
    with Pool(2) as pool:
        run = solve_worlds(marked, str(tmp_path), list(range(200)), pool=pool, cancel=stop)
        assert 1 <= run.solved < 200 and run.stopped  # the first chunk of worlds, at most
        assert solve_worlds(toy_score, 2, WORLDS, pool=pool) == solve_worlds(toy_score, 2, WORLDS)
    started = len(list(tmp_path.iterdir()))
    assert 1 <= started < 200
