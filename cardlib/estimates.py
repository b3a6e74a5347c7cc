"""Estimates from simulations: sample size, 95% intervals, progress bars, interruption.

Proportions get the Wilson score interval; means get the Student t interval (df = n - 1).

>>> print(proportion("heads", 52, 100))
heads: 0.5200 (95% CI 0.4232 to 0.6154; Wilson, n=100)
>>> print(mean("points", [3, 5, 4, 6, 2]))
points: 4.0000 (95% CI 2.0368 to 5.9632; Student t, n=5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from cardlib.errors import CardlibError
from cardlib.randomness import as_rng

__all__ = [
    "Estimate",
    "SimulationResult",
    "as_rng",
    "mean",
    "proportion",
    "run_trials",
    "t_quantile",
]

T = TypeVar("T")
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated quantity: exact sample value, 95% interval, method and sample size.

    >>> estimate = proportion("stunsa", 30, 500)
    >>> estimate.value, estimate.n, estimate.method
    (Fraction(3, 50), 500, 'Wilson')
    """

    label: str
    value: Fraction
    low: float
    high: float
    n: int
    method: str

    def covers(self, exact: Fraction | float) -> bool:
        """Whether the 95% interval contains ``exact``.

        >>> proportion("stunsa", 30, 500).covers(Fraction(1, 17))
        True
        """
        return self.low <= exact <= self.high

    def __str__(self) -> str:
        return (
            f"{self.label}: {float(self.value):.4f} (95% CI {self.low:.4f} to {self.high:.4f}; "
            f"{self.method}, n={self.n})"
        )


def proportion(label: str, successes: int, n: int) -> Estimate:
    """A proportion ``successes / n`` with its Wilson score interval.

    >>> proportion("stunsa", 0, 50).high < 0.08      # Wilson stays sensible at 0 successes
    True
    """
    if n <= 0 or not 0 <= successes <= n:
        raise CardlibError(f"proportion({label!r}, {successes!r}, {n!r}): need 0 <= successes <= n")
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(label, Fraction(successes, n), max(0.0, centre - half), min(1.0, centre + half),
                    n, "Wilson")  # fmt: skip


def mean(label: str, samples: Sequence[int | Fraction]) -> Estimate:
    """A sample mean with its Student t interval (df = n - 1; unbounded with one sample).

    >>> mean("tricks", [4, 4, 4]).low
    4.0
    """
    n = len(samples)
    if n == 0:
        raise CardlibError(f"mean({label!r}, []): no samples to average")
    average = sum((Fraction(x) for x in samples), Fraction(0)) / n
    if n == 1:
        return Estimate(label, average, -math.inf, math.inf, 1, "Student t")
    variance = sum((Fraction(x) - average) ** 2 for x in samples) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return Estimate(label, average, float(average) - half, float(average) + half, n, "Student t")


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with integer ``df`` (Abramowitz & Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2:
        total, term = 0.0, math.cos(theta)
        for i in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * i) / (2 * i + 1)
        return (2 / math.pi) * (theta + s * total) if df > 1 else (2 / math.pi) * theta
    total, term = 0.0, 1.0
    for i in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * i - 1) / (2 * i)
    return s * total


def t_quantile(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (the 95% interval's factor).

    >>> round(t_quantile(1), 4), round(t_quantile(10), 4), round(t_quantile(1000), 4)
    (12.7062, 2.2281, 1.9623)
    """
    if df < 1:
        raise CardlibError(f"t_quantile({df!r}): needs at least one degree of freedom")
    if df >= 60:
        z = Z95
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
        return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    low, high = 0.0, 100.0
    for _ in range(80):
        middle = (low + high) / 2
        if _t_two_sided(middle, df) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulation estimated, from how many samples, and whether it was cut short.

    >>> result = SimulationResult("coin", 10, 10, (proportion("heads", 6, 10),))
    >>> result["heads"].value
    Fraction(3, 5)
    >>> print(result)
    coin: estimates from 10 samples
      heads: 0.6000 (95% CI 0.3127 to 0.8318; Wilson, n=10)
    """

    label: str
    requested: int
    completed: int
    estimates: tuple[Estimate, ...]
    interrupted: bool = False
    model: str = ""

    def __getitem__(self, label: str) -> Estimate:
        for estimate in self.estimates:
            if estimate.label == label:
                return estimate
        names = ", ".join(repr(estimate.label) for estimate in self.estimates)
        raise KeyError(f"{label!r}: this result estimates {names}")

    def labels(self) -> tuple[str, ...]:
        """The labels of the estimates, in order.

        >>> SimulationResult("demo", 4, 4, (proportion("heads", 2, 4),)).labels()
        ('heads',)
        """
        return tuple(estimate.label for estimate in self.estimates)

    def __str__(self) -> str:
        if self.interrupted:
            head = (
                f"{self.label}: INTERRUPTED, partial estimates from {self.completed} of "
                f"{self.requested} samples"
            )
        else:
            head = f"{self.label}: estimates from {self.completed} samples"
        lines = [head]
        if self.model:
            lines.append(f"  ({self.model})")
        lines += [f"  {estimate}" for estimate in self.estimates]
        return "\n".join(lines)


class _NoBar:
    def update(self, steps: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, description: str, progress: bool) -> Any:
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description)


def run_trials(
    trial: Callable[[], T], samples: int, *, description: str = "simulating", progress: bool = True
) -> tuple[list[T], bool]:
    """Run ``trial`` up to ``samples`` times under a progress bar; Ctrl-C stops early.

    Returns the outcomes so far and whether the run was interrupted.

    >>> run_trials(lambda: 1, 3, progress=False)
    ([1, 1, 1], False)
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardlibError(f"samples must be a whole number 1 or more, got {samples!r}")
    outcomes: list[T] = []
    bar = _bar(samples, description, progress)
    try:
        for _ in range(samples):
            outcomes.append(trial())
            bar.update(1)
    except KeyboardInterrupt:
        return outcomes, True
    finally:
        bar.close()
    return outcomes, False


def proportions(label: str, outcomes: Iterable[object], keys: Iterable[object]) -> list[Estimate]:
    """One Wilson estimate per key: how often the outcomes equal it, labelled ``label key``.

    >>> [str(e.value) for e in proportions("loser ", "ABAA", "AB")]
    ['3/4', '1/4']
    """
    seen = list(outcomes)
    return [proportion(f"{label}{key}", sum(o == key for o in seen), len(seen)) for key in keys]
