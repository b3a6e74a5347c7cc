"""Intervals against published values; interruption returns labelled partial results."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from cardlib.errors import CardlibError
from cardlib.estimates import as_rng
from cardlib.probability import SimulationResult, mean, proportion, run_trials, t_quantile


@pytest.mark.parametrize(
    ("df", "value"),
    [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (29, 2.045), (30, 2.042),
     (59, 2.001), (60, 2.000), (120, 1.980), (1000, 1.962)],
)  # fmt: skip
def test_t_quantile_matches_the_table(df: int, value: float) -> None:
    assert round(t_quantile(df), 3) == value


def test_wilson_interval_known_values() -> None:
    zero = proportion("p", 0, 10)
    assert zero.low == 0 and round(zero.high, 4) == 0.2775
    half = proportion("p", 5, 10)
    assert (round(half.low, 4), round(half.high, 4)) == (0.2366, 0.7634)
    assert half.method == "Wilson" and half.n == 10


def test_mean_interval_by_hand() -> None:
    samples = [2, 4, 4, 4, 5, 5, 7, 9]
    estimate = mean("x", samples)
    sd = math.sqrt(sum((x - 5) ** 2 for x in samples) / 7)
    assert estimate.value == 5
    assert estimate.high - 5 == pytest.approx(t_quantile(7) * sd / math.sqrt(8))
    assert estimate.method == "Student t"
    assert mean("x", [3]).high == math.inf


def test_estimate_is_frozen_and_readable() -> None:
    estimate = proportion("stunsa", 3, 51)
    with pytest.raises(dataclasses.FrozenInstanceError):
        estimate.n = 3  # type: ignore[misc]
    assert str(estimate).startswith("stunsa: 0.0588 (95% CI ")
    assert "Wilson, n=51" in str(estimate)


def test_run_trials_interrupted_returns_what_it_has() -> None:
    calls = iter(range(100))

    def trial() -> int:
        value = next(calls)
        if value == 4:
            raise KeyboardInterrupt
        return value

    assert run_trials(trial, 10, progress=False) == ([0, 1, 2, 3], True)
    result = SimulationResult("demo", 10, 4, (proportion("odd", 2, 4),), interrupted=True)
    assert str(result).startswith("demo: INTERRUPTED, partial estimates from 4 of 10 samples")


def test_run_trials_with_a_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_trials(lambda: 1, 5, description="counting") == ([1] * 5, False)
    assert "counting" in capsys.readouterr().err


def test_bad_arguments() -> None:
    for call in (
        lambda: proportion("p", 3, 2),
        lambda: mean("m", []),
        lambda: run_trials(lambda: 1, 0),
        lambda: as_rng("seed"),  # type: ignore[arg-type]
        lambda: t_quantile(0),
    ):
        with pytest.raises(CardlibError):
            call()
    assert as_rng(5).random() == random.Random(5).random()
