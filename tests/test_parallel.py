"""Big runs: the same seed gives the same outcomes here, on local processes and on Dask."""

from __future__ import annotations

import gzip
import logging
import operator
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

from cardlib import parallel
from cardlib.cli import iss, main
from cardlib.cli.iss import Outcome, Summary, replay_files, replay_lines, replay_record
from cardlib.errors import CardlibError, IllegalMoveError, RulesError
from cardlib.parallel import outcomes, run_each, run_seeded, seeds
from cardlib.probability import sample_trump_split, simulate_games
from cardlib.probability.skitgubbe_odds import play_seeded_game
from cardlib.skat import GameType, win_chances
from cardlib.skitgubbe import HeuristicBot, RandomBot, Rules, new_game

SAMPLES = Path(__file__).resolve().parents[1] / "cardlib" / "data" / "iss" / "sample-records.sgf"
LINES = [line for line in SAMPLES.read_text().splitlines() if line]
MIDDLING = "CJ HJ CA CT CK SA ST H9 D7 D8"


@pytest.fixture(scope="module")
def dask_threads() -> Iterator[Client]:
    """A Dask cluster of two single-threaded workers inside this process (quick to start)."""
    logging.getLogger("distributed").setLevel(logging.ERROR)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def dask_processes() -> Iterator[Client]:
    """A Dask cluster of two worker processes, reached by its scheduler's address."""
    logging.getLogger("distributed").setLevel(logging.ERROR)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


# -- trials of the tests: module-level, so that they travel to workers -------------------------


def rules_error_on(seed: int, bad: int) -> int:
    if seed == bad:
        raise RulesError(f"seed {seed} asks for rules that do not exist")
    return seed % 1000


def illegal_move_on(seed: int, bad: int) -> int:
    state = new_game(Rules(players=2), rng=seed)
    if seed == bad:
        state.play(state.legal_moves()[0]).play(state.legal_moves()[0])  # A plays twice
    return seed % 1000


def unread_move_on(seed: int, bad: int) -> int:
    from cardlib.skat import parse_move

    return len(str(parse_move("xyz" if seed == bad else "18")))


def divide_on(seed: int, bad: int) -> float:
    return 1 / (seed - bad)


def interrupt_on(seed: int, stop: int) -> int:
    if seed == stop:
        raise KeyboardInterrupt
    return seed % 1000


def slow(seed: int, pause: float) -> int:
    time.sleep(pause)
    return seed % 1000


def die_once_on(seed: int, setup: tuple[int, str]) -> int:
    bad, marker = setup
    if seed == bad and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)  # the worker process is gone without a word
    return seed % 1000


def die_on(seed: int, bad: int) -> int:
    if seed == bad:
        os._exit(1)
    return seed % 1000


# -- the same numbers everywhere ----------------------------------------------------------------


def test_simulations_agree_bit_for_bit_here_on_processes_and_on_dask(
    dask_threads: Client,
) -> None:
    setup = (Rules(players=3), (HeuristicBot, RandomBot, HeuristicBot))
    here, _ = run_seeded(play_seeded_game, 60, options=setup, rng=11, progress=False)
    assert len(set(here)) > 30  # real, varied games
    places = ({"workers": 2}, {"executor": dask_threads}, {"executor": dask_threads.get_executor()})
    for where in places:
        there = run_seeded(play_seeded_game, 60, options=setup, rng=11, progress=False, **where)
        assert there == (here, False)
    bots = [HeuristicBot, RandomBot, HeuristicBot]
    study = simulate_games(bots, Rules(players=3), 60, rng=11, progress=False)
    assert study["stunsas per game"].value == Fraction(sum(game.stunsas for game in here), 60)
    assert study == simulate_games(bots, Rules(players=3), 60, rng=11, progress=False, workers=2)
    assert study == simulate_games(
        bots, Rules(players=3), 60, rng=11, progress=False, executor=dask_threads
    )
    assert study != simulate_games(bots, Rules(players=3), 60, rng=12, progress=False)


def test_samplers_agree_bit_for_bit_here_on_processes_and_on_dask(dask_threads: Client) -> None:
    seen = "CJ SJ CA CT CK C9 SA ST HA DA HK DK"
    split = sample_trump_split(seen, "C", 3000, rng=5, progress=False)
    assert split == sample_trump_split(seen, "C", 3000, rng=5, progress=False, workers=2)
    assert split == sample_trump_split(
        seen, "C", 3000, rng=5, progress=False, executor=dask_threads
    )
    games = (GameType.CLUBS, GameType.GRAND)
    chances = win_chances(MIDDLING, games=games, samples=10, rng=3, progress=False)
    assert 0 < chances[GameType.CLUBS]["win"].value < 1  # some deals won, some lost
    for where in ({"workers": 2}, {"executor": dask_threads}):
        other = win_chances(MIDDLING, games=games, samples=10, rng=3, progress=False, **where)
        assert other == chances


def test_dask_worker_processes_agree_too(dask_processes: Client) -> None:
    here = simulate_games(HeuristicBot, Rules(players=2), 40, rng=8, progress=False)
    assert here == simulate_games(
        HeuristicBot, Rules(players=2), 40, rng=8, progress=False, executor=dask_processes
    )


def test_any_executor_and_any_chunk_size_give_the_same_outcomes() -> None:
    expected = [seed % 1000 for seed in seeds(50, rng=4)]
    for chunk_size in (1, 7, 50):
        with ThreadPoolExecutor(3) as pool:
            got = run_seeded(operator.mod, 50, options=1000, rng=4, executor=pool,
                             chunk_size=chunk_size, progress=False)  # fmt: skip
        assert got == (expected, False)
    assert run_seeded(operator.mod, 50, options=1000, rng=4, workers=2, chunk_size=3,
                      progress=False) == (expected, False)  # fmt: skip


def test_one_progress_bar_over_all_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    bars: list[Any] = []

    class Bar:
        def __init__(self, total: int, description: str, progress: object) -> None:
            self.total, self.description, self.steps, self.closed = total, description, [], 0
            bars.append(self)

        def update(self, steps: int = 1) -> None:
            self.steps.append(steps)

        def close(self) -> None:
            self.closed += 1

    monkeypatch.setattr(parallel, "progress_bar", Bar)
    run_seeded(operator.mod, 40, options=7, rng=1, workers=2, chunk_size=6, description="dice")
    (bar,) = bars
    assert (bar.total, bar.description, bar.closed) == (40, "dice", 1)
    assert bar.steps == [6, 6, 6, 6, 6, 6, 4]  # one step per chunk, in order


# -- errors, lost workers, interruption ---------------------------------------------------------


def where_to_run(name: str, dask_threads: Client) -> dict[str, Any]:
    return {"here": {}, "processes": {"workers": 2}, "dask": {"executor": dask_threads}}[name]


@pytest.mark.parametrize("name", ["here", "processes", "dask"])
def test_a_trial_error_is_the_same_cardlib_error_naming_the_seed(
    name: str, dask_threads: Client
) -> None:
    where = where_to_run(name, dask_threads)
    bad = seeds(30, rng=2)[17]
    with pytest.raises(RulesError) as error:
        run_seeded(rules_error_on, 30, options=bad, rng=2, progress=False, chunk_size=4, **where)
    assert str(error.value) == (f"seed {bad} asks for rules that do not exist (trial seed {bad})")
    with pytest.raises(IllegalMoveError) as illegal:
        run_seeded(illegal_move_on, 30, options=bad, rng=2, progress=False, chunk_size=4, **where)
    assert str(illegal.value).endswith(f"(trial seed {bad})")
    assert illegal.value.ruling.code  # the ruling came along
    with pytest.raises(ZeroDivisionError) as bug:
        run_seeded(divide_on, 30, options=bad, rng=2, progress=False, chunk_size=4, **where)
    assert f"(trial seed {bad})" in bug.value.__notes__


def test_a_trial_refusal_worded_lazily_names_the_seed_in_the_language_it_is_read_in() -> None:
    from cardlib.errors import InvalidMoveError
    from cardlib.i18n import language

    bad = seeds(8, rng=2)[5]
    with pytest.raises(InvalidMoveError) as error:
        run_seeded(unread_move_on, 8, options=bad, rng=2, progress=False, chunk_size=4)
    with language("en"):
        assert str(error.value).endswith(f"or a game (G, CH, null) (trial seed {bad})")
    with language("ko"):
        assert str(error.value).startswith("'xyz'는 스카트의 수가 아닙니다.")
        assert str(error.value).endswith(f"(trial seed {bad})")


def test_a_trial_that_cannot_travel_is_refused_clearly() -> None:
    with pytest.raises(CardlibError, match=r"cannot send the trial play_seeded_game .*no lambda"):
        simulate_games(lambda rng: RandomBot(rng), Rules(players=2), 10, workers=2, progress=False)
    # Here, in this process, a lambda is fine.
    assert (
        simulate_games(lambda rng: RandomBot(rng), Rules(players=2), 10, progress=False).completed
        == 10
    )


@pytest.mark.parametrize("name", ["here", "processes", "dask"])
def test_an_interrupted_run_returns_the_first_outcomes(name: str, dask_threads: Client) -> None:
    where = where_to_run(name, dask_threads)
    all_seeds = seeds(40, rng=6)
    got, interrupted = run_seeded(interrupt_on, 40, options=all_seeds[23], rng=6,
                                  progress=False, chunk_size=5, **where)  # fmt: skip
    assert interrupted and got == [seed % 1000 for seed in all_seeds[:23]]


def test_ctrl_c_cancels_the_workers_and_keeps_what_came_back() -> None:
    timer = threading.Timer(0.8, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.perf_counter()
    got, interrupted = run_seeded(slow, 800, options=0.02, rng=1, workers=2, chunk_size=4,
                                  progress=False)  # fmt: skip
    timer.join()
    assert interrupted and 0 < len(got) < 800
    assert got == [seed % 1000 for seed in seeds(len(got), rng=1)]
    assert time.perf_counter() - start < 4  # the rest (8 s of work) was cancelled, not waited for


def test_a_lost_worker_process_is_replaced(tmp_path: Path) -> None:
    all_seeds = seeds(30, rng=9)
    marker = str(tmp_path / "died")
    got = run_seeded(die_once_on, 30, options=(all_seeds[12], marker), rng=9, workers=2,
                     chunk_size=3, progress=False)  # fmt: skip
    assert os.path.exists(marker)  # a worker did die
    assert got == ([seed % 1000 for seed in all_seeds], False)


def test_a_worker_that_keeps_dying_fails_clearly() -> None:
    bad = seeds(30, rng=9)[12]
    with pytest.raises(CardlibError, match=r"a worker process died .* rebuilt 3 times"):
        run_seeded(die_on, 30, options=bad, rng=9, workers=2, chunk_size=3, progress=False)


@pytest.mark.parametrize(
    ("arguments", "quoted"),
    [
        ({"workers": 0}, "workers must be a whole number 1 or more, got 0"),
        ({"workers": True}, "got True"),
        ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "not both"),
        ({"executor": "tcp://localhost:8786"}, "'tcp://localhost:8786' is not a concurrent"),
        ({"chunk_size": 0}, "chunk_size must be a whole number 1 or more, got 0"),
    ],
)
def test_bad_arguments_name_the_input(arguments: dict[str, Any], quoted: str) -> None:
    with pytest.raises(CardlibError, match=quoted):
        run_seeded(operator.mod, 5, options=3, progress=False, **arguments)


def test_run_each_and_outcomes() -> None:
    assert run_each(pow, [2, 3], options=3, workers=2, progress=False) == ([8, 27], False)
    assert list(outcomes(operator.add, iter(range(5)), options=1, workers=2, chunk_size=2)) == [
        ([0, 1], [1, 2]),
        ([2, 3], [3, 4]),
        ([4], [5]),
    ]
    with pytest.raises(CardlibError, match="no items"):
        run_each(pow, [], options=2)


# -- the ISS replay ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Two files: the samples many times over, and a gzipped one with broken records too."""
    folder = tmp_path_factory.mktemp("iss")
    big = folder / "many.sgf"
    big.write_text("\n".join(LINES * 6) + "\n\n")
    mixed = folder / "mixed.sgf.gz"
    record = next(line for line in LINES if "v:-54" in line)
    with gzip.open(mixed, "wt") as handle:
        for copy in range(3):
            handle.write("\n".join(LINES) + "\n")
            handle.write(record.replace("v:-54", "v:-56") + "\n")
            handle.write(record.replace(" 0 SA 1 S7", " 0 SA 1 D9") + "\n")
            handle.write(record[: 150 + copy] + "\n")
    return [str(big), str(mixed)]


def test_iss_replay_prints_the_same_summary_on_workers_and_on_dask(
    record_files: list[str], capsys: pytest.CaptureFixture[str], dask_processes: Client
) -> None:
    assert main(["iss", *record_files, "--no-progress"]) == 1
    here = capsys.readouterr().out
    assert "games: 108\n" in here and "agreements: 99\n" in here
    assert "disagreements: 3\n" in here and "records cardlib cannot accept: 6\n" in here
    assert main(["iss", *record_files, "--no-progress", "--workers", "2", "--chunk", "7"]) == 1
    assert capsys.readouterr().out == here
    address = dask_processes.scheduler.address  # type: ignore[union-attr]
    assert main(["iss", *record_files, "--no-progress", "--scheduler", address]) == 1
    assert capsys.readouterr().out == here


def stop_at_line_50(item: tuple[str, int, str], options: object) -> Outcome | None:
    if item[1] == 50:
        raise KeyboardInterrupt
    return replay_record(item[2])


def test_iss_replay_on_workers_can_be_interrupted(
    record_files: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(iss, "_replay_item", stop_at_line_50)
    summary = replay_files(record_files, Summary(), workers=2, chunk=7)
    assert summary.interrupted and summary.games == 49
    first = replay_lines((LINES * 6)[:49], Summary())
    first.interrupted = True
    assert summary.to_text() == first.to_text()
    assert summary.to_text().startswith("interrupted: the summary covers the first 49 records")


def test_iss_scheduler_needs_dask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["iss", "--scheduler", "tcp://localhost:8786"]) == 2
    assert "pip install 'cardlib[cluster]'" in capsys.readouterr().err


def test_importing_cardlib_starts_no_process_machinery() -> None:
    code = (
        "import sys, cardlib, cardlib.estimates, cardlib.parallel, cardlib.probability, "
        "cardlib.cli.iss\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('dask', 'distributed', 'multiprocessing') or m == 'concurrent.futures.process'))"
    )
    root = str(Path(__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=root, env={**os.environ, "PYTHONPATH": root})  # fmt: skip
    assert done.stdout.strip() == "[]"
