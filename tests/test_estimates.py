"""Intervals against published values; interruption returns labelled partial results."""

from __future__ import annotations

import dataclasses
import io
import math
import os
import pathlib
import random
import sys
from fractions import Fraction

import pytest

from cardlib import estimates
from cardlib.errors import CardlibError
from cardlib.estimates import as_rng
from cardlib.probability import (
    Estimate,
    SimulationResult,
    binomial_test,
    chi_square_test,
    difference,
    mean,
    proportion,
    run_trials,
    t_quantile,
)


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
    assert run_trials(lambda: 1, 5, description="counting", progress=True) == ([1] * 5, False)
    assert "counting" in capsys.readouterr().err


def test_auto_progress_stays_silent_when_nobody_watches(capsys: pytest.CaptureFixture[str]) -> None:
    # Under pytest standard error is no terminal: "auto" (the default) shows nothing.
    assert not estimates.someone_watching()
    assert run_trials(lambda: 1, 5, description="counting") == ([1] * 5, False)
    assert capsys.readouterr().err == ""


class _Kernel:
    def __init__(self, allow_stdin: bool) -> None:
        self.allow_stdin = allow_stdin

    def get_parent(self, channel: str = "shell") -> dict[str, object]:
        return {"content": {"code": "run", "allow_stdin": self.allow_stdin}}


class _Shell:
    def __init__(self, allow_stdin: bool) -> None:
        self.kernel = _Kernel(allow_stdin)


@pytest.mark.parametrize("allow_stdin", [True, False])
def test_auto_progress_in_a_kernel_follows_the_frontend(
    monkeypatch: pytest.MonkeyPatch, allow_stdin: bool
) -> None:
    monkeypatch.setattr(estimates, "_ipython_shell", lambda: _Shell(allow_stdin))
    assert estimates.someone_watching() is allow_stdin
    bar = estimates.progress_bar(3, "x", "auto")
    assert isinstance(bar, estimates.NoBar) is not allow_stdin
    bar.close()


def test_auto_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    assert estimates.someone_watching()
    assert run_trials(lambda: 1, 3, description="terminal") == ([1] * 3, False)
    assert "terminal" in sys.stderr.getvalue()


def test_interrupted_under_a_bar_still_returns_what_it_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    calls = iter(range(100))

    def trial() -> int:
        value = next(calls)
        if value == 2:
            raise KeyboardInterrupt
        return value

    assert run_trials(trial, 10, description="stopping", progress=True) == ([0, 1], True)
    assert "stopping" in capsys.readouterr().err


def test_progress_must_be_true_false_or_auto() -> None:
    with pytest.raises(CardlibError, match="progress must be"):
        run_trials(lambda: 1, 3, progress="yes")  # type: ignore[arg-type]


KERNEL_CODE = """
from cardlib.estimates import run_trials
from cardlib.probability import sample_trump_split
run_trials(lambda: 1, 50, description="trials")
result = sample_trump_split("CJ SJ CA CT CK C9 SA ST HA DA HK DK", "C", 50, rng=1)
print(result.completed)
"""


def _run_in_kernel(allow_stdin: bool) -> list[dict[str, object]]:
    manager = pytest.importorskip("jupyter_client.manager")
    root = str(pathlib.Path(estimates.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    kernel, client = manager.start_new_kernel(kernel_name="python3", env=env)
    outputs: list[dict[str, object]] = []
    try:
        msg_id = client.execute(KERNEL_CODE, allow_stdin=allow_stdin)
        while True:
            message = client.get_iopub_msg(timeout=60)
            if message["parent_header"].get("msg_id") != msg_id:
                continue
            kind = message["msg_type"]
            if kind == "status" and message["content"]["execution_state"] == "idle":
                break
            if kind in ("stream", "display_data", "execute_result", "error"):
                outputs.append({"type": kind, **message["content"]})
    finally:
        client.stop_channels()
        kernel.shutdown_kernel(now=True)
    return outputs


def test_a_headless_notebook_run_stores_no_progress_bar() -> None:
    # nbconvert --execute and nbval send allow_stdin=False: only the printed line comes back.
    outputs = _run_in_kernel(allow_stdin=False)
    assert [o["type"] for o in outputs] == ["stream"], outputs
    assert outputs[0]["text"] == "50\n"


def test_a_live_notebook_shows_a_progress_widget() -> None:
    # JupyterLab sends allow_stdin=True: each run displays a tqdm widget.
    outputs = _run_in_kernel(allow_stdin=True)
    widgets = [o for o in outputs if o["type"] == "display_data"]
    assert len(widgets) == 2
    assert all("application/vnd.jupyter.widget-view+json" in w["data"] for w in widgets)  # type: ignore[operator]


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


# Reference values from scipy.stats (ttest_ind with equal_var=False, binomtest, chisquare).
def test_welch_difference_matches_the_reference() -> None:
    x = mean("x", [1, 2, 2, 3, 3, 3, 4, 4, 5] * 8)
    y = mean("y", [0, 1, 2, 2, 3, 3, 3, 4, 4] * 8)
    assert x.low < y.high  # the 95% intervals overlap ...
    test = difference(x, y)
    assert test.value == Fraction(5, 9) and test.method == "Welch t test"
    assert "t = 2.74, df = 140" in test.details  # scipy: t 2.7425, df 140.99
    assert test.p_value == pytest.approx(0.006889, abs=2e-4)  # ... and the difference is clear
    assert test.low is not None and test.high is not None and 0 < test.low < test.high
    assert test.high - test.low == pytest.approx(2 * t_quantile(140) * (5 / 9) / 2.742478, rel=1e-3)
    other = difference(
        mean("a", [0, 1, 1, 2, 2, 2, 3, 5] * 10), mean("b", [0, 0, 1, 1, 2, 2, 3] * 9)
    )
    assert other.p_value == pytest.approx(0.000698, rel=0.05)
    assert str(other).startswith("a - b: +0.7143 (95% CI +")


def test_difference_of_proportions_and_refusals() -> None:
    test = difference(proportion("a", 30, 100), proportion("b", 20, 100))
    se = math.sqrt(0.3 * 0.7 / 100 + 0.2 * 0.8 / 100)
    assert test.p_value == pytest.approx(math.erfc(0.1 / se / math.sqrt(2)))
    assert test.low == pytest.approx(0.1 - 1.959964 * se)
    assert not test.significant()
    with pytest.raises(CardlibError, match="two means or two proportions"):
        difference(proportion("a", 3, 10), mean("b", [1, 2]))
    with pytest.raises(CardlibError, match="no standard error"):
        difference(Estimate("a", Fraction(1), 0.0, 2.0, 5, "Student t"), mean("b", [1, 2]))


def test_exact_binomial_test() -> None:
    assert float(binomial_test("B", 42, 100, Fraction(1, 3)).p_value) == pytest.approx(0.0714223)
    assert float(binomial_test("six", 7, 60, Fraction(1, 6)).p_value) == pytest.approx(0.3861369)
    assert float(binomial_test("h", 30, 40, Fraction(1, 2)).p_value) == pytest.approx(
        0.00222143, rel=1e-5
    )
    assert binomial_test("h", 1, 2, Fraction(1, 2)).p_value == 1
    big = binomial_test("loser is B", 420, 1200, Fraction(1, 3))
    assert isinstance(big.p_value, Fraction) and 0 < big.p_value < 1
    with pytest.raises(CardlibError):
        binomial_test("x", 1, 2, Fraction(3, 2))


def test_chi_square_test() -> None:
    third = [Fraction(1, 3)] * 3
    assert chi_square_test("seats", [30, 42, 28], third).p_value == pytest.approx(0.1790661)
    assert chi_square_test("d", [10, 20, 30, 40], [0.25] * 4).p_value == pytest.approx(
        0.000169742, rel=1e-5
    )
    odd = chi_square_test("o", [50, 30, 20], [Fraction(45, 100), Fraction(35, 100), Fraction(1, 5)])
    assert odd.p_value == pytest.approx(0.5299775)
    assert "chi-square = 1.27, df = 2" in str(odd)
    with pytest.raises(CardlibError, match="add to 1"):
        chi_square_test("x", [1, 2], [0.5, 0.6])


def test_levels_and_quantiles() -> None:
    assert t_quantile(10, 0.99) == pytest.approx(3.169273, abs=1e-5)
    assert t_quantile(7) == pytest.approx(2.364624, abs=1e-5)
    assert t_quantile(30, 0.90) == pytest.approx(1.697261, abs=1e-5)
    wide = proportion("p", 5, 10, level=0.99)
    assert wide.low < proportion("p", 5, 10).low and str(wide).startswith("p: 0.5000 (99% CI")
    assert "98.3% CI" in str(proportion("p", 5, 10, level=1 - 0.05 / 3))
    with pytest.raises(CardlibError):
        proportion("p", 1, 2, level=1.5)


def test_reprs_are_text_and_html_tables() -> None:
    estimate = proportion("heads", 6, 10)
    assert (
        repr(estimate) == str(estimate) == "heads: 0.6000 (95% CI 0.3127 to 0.8318; Wilson, n=10)"
    )
    assert "Fraction" not in repr(estimate)
    html = estimate._repr_html_()
    assert html.startswith("<table>") and "<td" in html and "svg" not in html
    assert html == proportion("heads", 6, 10)._repr_html_()  # deterministic
    result = SimulationResult("coin <fair>", 10, 7, (estimate,), interrupted=True, model="coins")
    assert repr(result) == str(result)
    table = result._repr_html_()
    assert "coin &lt;fair&gt;: INTERRUPTED, partial estimates from 7 of 10 samples" in table
    assert "<caption" in table and "coins" in table and table.count("<tr>") == 3
    test = difference(mean("x", [1, 2, 3]), mean("y", [2, 3, 4]))
    assert repr(test) == str(test) and "<table>" in test._repr_html_()


def test_a_result_finds_an_estimate_by_its_message_or_its_words_in_any_language() -> None:
    from cardlib.i18n import Msg, Term, language

    loser = Msg("loser is {who}", who=Term("position", "FH"))
    result = SimulationResult("demo", 4, 4, (proportion(loser, 1, 4), proportion("heads", 2, 4)))
    with language("de"):
        assert result[loser].value == Fraction(1, 4)
        assert result[str(loser)] is result[loser]
        assert result["loser is FH"] is result[loser]  # the English words still find it
        assert result["heads"].value == Fraction(1, 2)
        with pytest.raises(KeyError, match="tails"):
            result["tails"]
