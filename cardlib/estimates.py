"""Estimates from simulations: sample size, 95% intervals, tests, progress bars, interruption.

Proportions get the Wilson score interval; means get the Student t interval (df = n - 1). Two
estimates are compared by the interval for their difference (:func:`difference`: Welch for means,
the normal approximation for proportions), a proportion against an exact value by the exact
binomial test, several counts against expected shares by one chi-square test.

>>> proportion("heads", 52, 100)
heads: 0.5200 (95% CI 0.4232 to 0.6154; Wilson, n=100)
>>> mean("points", [3, 5, 4, 6, 2])
points: 4.0000 (95% CI 2.0368 to 5.9632; Student t, n=5)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypeVar

from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, Plural, _, language
from cardlib.randomness import as_rng

__all__ = [
    "Comparison",
    "Estimate",
    "NoBar",
    "SimulationResult",
    "as_rng",
    "binomial_test",
    "calibration",
    "chi_square_test",
    "difference",
    "mean",
    "progress_bar",
    "proportion",
    "run_trials",
    "t_quantile",
]

T = TypeVar("T")
Text = str | Msg
"""A text for people: a plain string, or a :class:`~cardlib.i18n.Msg` worded when it is read."""
Z95 = 1.959963984540054
Progress = bool | Literal["auto"]
"""``True`` always shows a progress bar, ``False`` never, ``"auto"`` when someone is watching."""


def _level_text(level: float) -> str:
    return f"{level * 100:.1f}".rstrip("0").rstrip(".") + "%"


def _p_text(p: Fraction | float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {float(p):.4f}"


WILSON = N_("Wilson")
STUDENT_T = N_("Student t")
_HEADERS = (N_("estimate"), N_("value"), N_("interval"), N_("method"), N_("n"))


def _headers() -> list[str]:
    return [_(header) for header in _HEADERS]


def _row(estimate: Estimate) -> list[str]:
    return [
        str(estimate.label),
        f"{float(estimate.value):.4f}",
        str(Msg("{low} to {high} ({level})", low=format(estimate.low, ".4f"),
                high=format(estimate.high, ".4f"), level=_level_text(estimate.level))),
        _(estimate.method),
        str(estimate.n),
    ]  # fmt: skip


@dataclass(frozen=True, slots=True, repr=False)
class Estimate:
    """A simulated quantity: exact sample value, interval (95% unless asked), method, sample size.

    It shows itself as one line of text, and as a one-row table in Jupyter, in the current
    language; ``method`` stays the English name (``'Wilson'`` or ``'Student t'``).

    >>> estimate = proportion("stunsa", 30, 500)
    >>> estimate.value, estimate.n, estimate.method, estimate.successes
    (Fraction(3, 50), 500, 'Wilson', 30)
    >>> estimate
    stunsa: 0.0600 (95% CI 0.0423 to 0.0844; Wilson, n=500)
    """

    label: Text
    value: Fraction
    low: float
    high: float
    n: int
    method: str
    level: float = 0.95
    standard_error: float | None = None

    def covers(self, exact: Fraction | float) -> bool:
        """Whether the interval contains ``exact``.

        >>> proportion("stunsa", 30, 500).covers(Fraction(1, 17))
        True
        """
        return self.low <= exact <= self.high

    @property
    def successes(self) -> int:
        """For a proportion: how many of the ``n`` samples counted (``value * n``).

        >>> proportion("heads", 7, 20).successes
        7
        """
        count = self.value * self.n
        if self.method != WILSON or count.denominator != 1:
            raise CardlibError(
                Msg(
                    "{label} is not a proportion; it has no count of successes",
                    label=repr(self.label),
                )
            )
        return int(count)

    def __str__(self) -> str:
        return str(
            Msg("{label}: {value} ({level} CI {low} to {high}; {method}, n={n})",
                label=self.label, value=format(float(self.value), ".4f"),
                level=_level_text(self.level), low=format(self.low, ".4f"),
                high=format(self.high, ".4f"), method=_(self.method), n=self.n)
        )  # fmt: skip

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.display.tables import html_table

        return html_table(_headers(), [_row(self)], align="lrrlr")


def _z(level: float) -> float:
    """The two-sided normal quantile: P(|Z| <= z) = level."""
    if level == 0.95:
        return Z95
    if not 0 < level < 1:
        raise CardlibError(Msg("level must lie between 0 and 1, got {level}", level=repr(level)))
    low, high = 0.0, 40.0
    for _step in range(100):
        middle = (low + high) / 2
        if math.erf(middle / math.sqrt(2)) < level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def proportion(label: Text, successes: int, n: int, *, level: float = 0.95) -> Estimate:
    """A proportion ``successes / n`` with its Wilson score interval.

    >>> proportion("stunsa", 0, 50).high < 0.08      # Wilson stays sensible at 0 successes
    True
    >>> proportion("heads", 52, 100, level=0.99)
    heads: 0.5200 (99% CI 0.3941 to 0.6434; Wilson, n=100)
    """
    if n <= 0 or not 0 <= successes <= n:
        raise CardlibError(
            Msg(
                "proportion({label}, {successes}, {n}): need 0 <= successes <= n",
                label=repr(label),
                successes=repr(successes),
                n=repr(n),
            )
        )
    z = _z(level)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(label, Fraction(successes, n), max(0.0, centre - half), min(1.0, centre + half),
                    n, WILSON, level, math.sqrt(p * (1 - p) / n))  # fmt: skip


def mean(label: Text, samples: Sequence[int | Fraction], *, level: float = 0.95) -> Estimate:
    """A sample mean with its Student t interval (df = n - 1; unbounded with one sample).

    >>> mean("tricks", [4, 4, 4]).low
    4.0
    """
    n = len(samples)
    if n == 0:
        raise CardlibError(Msg("mean({label}, []): no samples to average", label=repr(label)))
    average = sum((Fraction(x) for x in samples), Fraction(0)) / n
    if n == 1:
        return Estimate(label, average, -math.inf, math.inf, 1, STUDENT_T, level, math.inf)
    variance = sum((Fraction(x) - average) ** 2 for x in samples) / (n - 1)
    se = math.sqrt(variance / n)
    half = t_quantile(n - 1, level) * se
    return Estimate(label, average, float(average) - half, float(average) + half, n, STUDENT_T,
                    level, se)  # fmt: skip


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


def t_quantile(df: int, level: float = 0.95) -> float:
    """The two-sided point of Student's t with ``df`` degrees of freedom: P(|T| <= t) = level
    (for 95%, the 97.5% point: the 95% interval's factor).

    >>> round(t_quantile(1), 4), round(t_quantile(10), 4), round(t_quantile(1000), 4)
    (12.7062, 2.2281, 1.9623)
    >>> round(t_quantile(10, 0.99), 4)
    3.1693
    """
    if df < 1:
        raise CardlibError(
            Msg("t_quantile({df}): needs at least one degree of freedom", df=repr(df))
        )
    if df >= 60:
        z = _z(level)
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
        return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    _z(level)  # checks the level
    low, high = 0.0, 1000.0
    for _step in range(100):
        middle = (low + high) / 2
        if _t_two_sided(middle, df) < level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


@dataclass(frozen=True, slots=True, repr=False)
class Comparison:
    """The answer of a test: what was compared, the estimate with its interval where there is
    one (a difference, or a proportion), and the p-value: the chance of data at least this far from
    the question's "no effect" if there were no effect.

    ``significant(alpha)`` says whether the p-value is below ``alpha`` (default 5%). ``method``
    is the English name of the test, worded in the current language when shown.

    >>> test = binomial_test("heads", 62, 100, Fraction(1, 2))
    >>> test
    heads: 0.6200 (95% CI 0.5221 to 0.7090); exact binomial test, 62 of 100 against 1/2, p = 0.0210
    >>> test.significant(), test.significant(0.01)
    (True, False)
    """

    label: Text
    method: str
    details: Text
    p_value: Fraction | float
    value: Fraction | None = None
    low: float | None = None
    high: float | None = None
    level: float = 0.95
    signed: bool = False

    def significant(self, alpha: float | Fraction = 0.05) -> bool:
        """Whether the p-value is below ``alpha``."""
        return self.p_value < alpha

    def _interval(self) -> str:
        if self.value is None:
            return ""
        sign = "+" if self.signed else ""
        text = f"{float(self.value):{sign}.4f}"
        if self.low is None or self.high is None:
            return text
        return str(
            Msg("{value} ({level} CI {low} to {high})", value=text, level=_level_text(self.level),
                low=format(self.low, sign + ".4f"), high=format(self.high, sign + ".4f"))
        )  # fmt: skip

    def __str__(self) -> str:
        shown = self._interval()
        method, p = _(self.method), _p_text(self.p_value)
        if shown:
            return str(Msg("{label}: {estimate}; {method}, {details}, {p}", label=self.label,
                           estimate=shown, method=method, details=self.details, p=p))  # fmt: skip
        return str(Msg("{label}: {method}, {details}, {p}", label=self.label, method=method,
                       details=self.details, p=p))  # fmt: skip

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.display.tables import html_table

        return html_table(
            (_("question"), _("estimate"), _("test"), _("p-value")),
            [[self.label, self._interval() or "-", f"{_(self.method)}, {self.details}",
              _p_text(self.p_value)[4:] if self.p_value >= 0.0001 else "< 0.0001"]],
            align="lrlr",
        )  # fmt: skip


def difference(a: Estimate, b: Estimate, label: Text | None = None) -> Comparison:
    """The difference ``a - b`` of two estimates from independent samples: its 95% interval and
    the p-value of the test of "no difference".

    Means: Welch's t test (each sample keeps its own variance; degrees of freedom by the
    Welch-Satterthwaite formula, rounded down). Proportions: the normal approximation with the
    unpooled standard error. Both need samples that do not share games: two proportions of the
    same games (seat A and seat B losing) are not independent.

    Overlapping 95% intervals do not mean "no difference": here they overlap, yet the difference
    is clear at the 5% level.

    >>> x = mean("x", [1, 2, 2, 3, 3, 3, 4, 4, 5] * 8)
    >>> y = mean("y", [0, 1, 2, 2, 3, 3, 3, 4, 4] * 8)
    >>> x.low < y.high                     # the intervals overlap
    True
    >>> difference(x, y)
    x - y: +0.5556 (95% CI +0.1551 to +0.9561); Welch t test, t = 2.74, df = 140, p = 0.0069
    >>> difference(proportion("a", 30, 100), proportion("b", 20, 100))
    a - b: +0.1000 (95% CI -0.0192 to +0.2192); normal approximation, z = 1.64, p = 0.1002
    """
    # Translators: the label of a difference of two estimates, "x - y".
    name = label if label is not None else Msg("{first} - {second}", first=a.label, second=b.label)
    if a.method != b.method or a.method not in (STUDENT_T, WILSON):
        raise CardlibError(
            Msg(
                "difference({label}, {other}): compare two means or two proportions, "
                "not {method} with {other_method}",
                label=repr(a.label),
                other=repr(b.label),
                method=a.method,
                other_method=b.method,
            )
        )
    if a.standard_error is None or b.standard_error is None:
        raise CardlibError(
            Msg(
                "difference: {label} or {other} has no standard error",
                label=repr(a.label),
                other=repr(b.label),
            )
        )
    level = min(a.level, b.level) if a.level == b.level else 0.95
    diff = a.value - b.value
    se = math.hypot(a.standard_error, b.standard_error)
    if a.method == WILSON:
        statistic = float(diff) / se if se else (0.0 if diff == 0 else math.inf)
        p = math.erfc(abs(statistic) / math.sqrt(2))
        half = _z(level) * se
        method, details = N_("normal approximation"), f"z = {statistic:.2f}"
    else:
        if min(a.n, b.n) < 2:
            raise CardlibError(Msg("difference: each mean needs at least two samples"))
        va, vb = a.standard_error**2, b.standard_error**2
        df = (va + vb) ** 2 / (va**2 / (a.n - 1) + vb**2 / (b.n - 1)) if se else a.n + b.n - 2
        whole = max(1, math.floor(df))
        statistic = float(diff) / se if se else (0.0 if diff == 0 else math.inf)
        p = 1 - _t_two_sided(abs(statistic), whole) if math.isfinite(statistic) else 0.0
        half = t_quantile(whole, level) * se
        method, details = N_("Welch t test"), f"t = {statistic:.2f}, df = {whole}"
    return Comparison(name, method, details, max(0.0, p), diff, float(diff) - half,
                      float(diff) + half, level, signed=True)  # fmt: skip


def binomial_test(label: Text, successes: int, n: int, p: Fraction | int) -> Comparison:
    """The exact two-sided binomial test of "the chance is ``p``": the p-value adds the chances of
    every count no more likely than the one seen (exact, a Fraction).

    >>> test = binomial_test("loser is B", 42, 100, Fraction(1, 3))
    >>> round(float(test.p_value), 4), test.significant()
    (0.0714, False)
    >>> binomial_test("six", 2, 2, Fraction(1, 6)).p_value
    Fraction(1, 36)
    """
    chance = Fraction(p)
    if not 0 <= chance <= 1:
        raise CardlibError(
            Msg(
                "binomial_test({label}): the chance must lie in [0, 1], got {p}",
                label=repr(label),
                p=p,
            )
        )
    estimate = proportion(label, successes, n)
    probabilities = [Fraction(math.comb(n, k)) * chance**k * (1 - chance) ** (n - k)
                     for k in range(n + 1)] if n <= 60 else _binomial_row(n, chance)  # fmt: skip
    seen = probabilities[successes]
    p_value = sum((q for q in probabilities if q <= seen), Fraction(0))
    details = Msg("{successes} of {n} against {chance}", successes=successes, n=n, chance=chance)
    return Comparison(label, N_("exact binomial test"), details, p_value, estimate.value,
                      estimate.low, estimate.high)  # fmt: skip


def _binomial_row(n: int, chance: Fraction) -> list[Fraction]:
    if chance in (0, 1):
        return [Fraction(int(k == n * chance)) for k in range(n + 1)]
    q = (1 - chance) ** n
    row = [q]
    ratio = chance / (1 - chance)
    for k in range(n):
        q = q * (n - k) / (k + 1) * ratio
        row.append(q)
    return row


def _chi_square_survival(x: float, df: int) -> float:
    """P(X >= x) for chi-square with integer ``df`` (closed forms for even and odd df)."""
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= x / 2 / i
            total += term
        return math.exp(-x / 2) * total
    root = math.sqrt(x)
    tail = math.erfc(root / math.sqrt(2))
    term = root * math.sqrt(2 / math.pi) * math.exp(-x / 2)
    for i in range(1, (df - 1) // 2 + 1):
        tail += term
        term *= x / (2 * i + 1)
    return tail


def chi_square_test(
    label: Text, counts: Sequence[int], probabilities: Sequence[Fraction | float]
) -> Comparison:
    """One test of observed ``counts`` against expected shares (Pearson's chi-square,
    df = categories - 1): one question for all categories at once, instead of one interval each.

    >>> chi_square_test("loser by seat", [30, 42, 28], [Fraction(1, 3)] * 3)
    loser by seat: chi-square test, chi-square = 3.44, df = 2, p = 0.1791
    """
    if len(counts) != len(probabilities) or len(counts) < 2:
        raise CardlibError(
            Msg(
                "chi_square_test({label}): give two or more counts, one share each",
                label=repr(label),
            )
        )
    shares = [Fraction(p) for p in probabilities]
    if abs(sum(shares, Fraction(0)) - 1) > Fraction(1, 10**9) or min(shares) <= 0:
        raise CardlibError(
            Msg(
                "chi_square_test({label}): the shares must be positive and add to 1",
                label=repr(label),
            )
        )
    n = sum(counts)
    if n <= 0 or min(counts) < 0:
        raise CardlibError(
            Msg(
                "chi_square_test({label}): the counts must be whole numbers, some > 0",
                label=repr(label),
            )
        )
    statistic = sum(
        (c - n * float(p)) ** 2 / (n * float(p)) for c, p in zip(counts, probabilities, strict=True)
    )
    df = len(counts) - 1
    details = Msg("chi-square = {statistic}, df = {df}", statistic=format(statistic, ".2f"), df=df)
    return Comparison(label, N_("chi-square test"), details,
                      _chi_square_survival(statistic, df))  # fmt: skip


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulation estimated, from how many samples, and whether it was cut short.

    It prints as text and shows as a table in Jupyter, in the current language. An estimate is
    found by its label in the current language or in English (``result["loser is A"]``).

    >>> result = SimulationResult("coin", 10, 10, (proportion("heads", 6, 10),))
    >>> result["heads"].value
    Fraction(3, 5)
    >>> result
    coin: estimates from 10 samples
      heads: 0.6000 (95% CI 0.3127 to 0.8318; Wilson, n=10)
    """

    label: Text
    requested: int
    completed: int
    estimates: tuple[Estimate, ...]
    interrupted: bool = False
    model: Text = ""

    def __getitem__(self, label: Text) -> Estimate:
        if isinstance(label, Msg):
            for estimate in self.estimates:
                if isinstance(estimate.label, Msg) and estimate.label == label:
                    return estimate
        for estimate in self.estimates:
            if str(estimate.label) == str(label):
                return estimate
        with language("en"):
            for estimate in self.estimates:
                if str(estimate.label) == str(label):
                    return estimate
        names = ", ".join(repr(str(estimate.label)) for estimate in self.estimates)
        raise KeyError(f"{label!r}: this result estimates {names}")

    def labels(self) -> tuple[str, ...]:
        """The labels of the estimates, in order, in the current language.

        >>> SimulationResult("demo", 4, 4, (proportion("heads", 2, 4),)).labels()
        ('heads',)
        """
        return tuple(str(estimate.label) for estimate in self.estimates)

    def _head(self) -> str:
        if self.interrupted:
            return str(
                Plural("{label}: INTERRUPTED, partial estimates from {completed} of {n} sample",
                       "{label}: INTERRUPTED, partial estimates from {completed} of {n} samples",
                       self.requested, label=self.label, completed=self.completed)
            )  # fmt: skip
        return str(
            Plural("{label}: estimates from {n} sample", "{label}: estimates from {n} samples",
                   self.completed, label=self.label)
        )  # fmt: skip

    def __str__(self) -> str:
        lines = [self._head()]
        if self.model:
            lines.append(f"  ({self.model})")
        lines += [f"  {estimate}" for estimate in self.estimates]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.display.tables import html_table

        return html_table(
            _headers(),
            [_row(estimate) for estimate in self.estimates],
            caption=self._head(),
            align="lrrlr",
            notes=[str(self.model)] if self.model else (),
        )


class NoBar:
    """A progress bar that shows nothing (what :func:`progress_bar` gives when nobody watches)."""

    def update(self, steps: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _ipython_shell() -> Any:
    module = sys.modules.get("IPython")  # never imported here: only if the session runs IPython
    if module is None:
        return None
    return module.get_ipython()


def someone_watching() -> bool:
    """Whether a progress bar would be seen: what ``progress="auto"`` decides.

    In a Jupyter kernel: yes when the request that runs the cell allows input (``allow_stdin``).
    JupyterLab, Notebook and VS Code send it; ``nbconvert --execute``, nbval, papermill and Voilà
    run cells with input refused, so nothing is displayed there and a stored notebook keeps no
    progress bar. Elsewhere (a terminal, a script, IPython in a terminal): yes when standard
    error is a terminal, so a piped or logged run gets no bar either.
    """
    shell = _ipython_shell()
    kernel = getattr(shell, "kernel", None)
    if kernel is not None:
        try:
            parent = kernel.get_parent("shell")
        except (AttributeError, TypeError):
            parent = getattr(kernel, "_parent_header", {})
        content = parent.get("content", {}) if isinstance(parent, dict) else {}
        return bool(content.get("allow_stdin", False))
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def progress_bar(total: int, description: str, progress: Progress) -> Any:
    """A progress bar over ``total`` steps (tqdm's, imported only then), or one that shows nothing
    when ``progress`` is ``False`` or (``"auto"``) nobody is watching.

    >>> bar = progress_bar(3, "simulating", False)
    >>> bar.update(1)
    """
    if progress not in (True, False, "auto"):
        raise CardlibError(
            Msg("progress must be True, False or 'auto', got {progress}", progress=repr(progress))
        )
    if progress is False or (progress == "auto" and not someone_watching()):
        return NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=_(description), leave=False)


def run_trials(
    trial: Callable[[], T],
    samples: int,
    *,
    description: str = N_("simulating"),
    progress: Progress = "auto",
) -> tuple[list[T], bool]:
    """Run ``trial`` up to ``samples`` times under a progress bar; Ctrl-C stops early.

    Returns the outcomes so far and whether the run was interrupted (Ctrl-C in a terminal,
    Interrupt in Jupyter): a long simulation stopped by hand still gives its partial results.

    ``progress``: ``"auto"`` (the default) shows a bar only where someone watches it (see
    :func:`someone_watching`): a text bar on a terminal, a widget in a live notebook, and nothing
    when a notebook is executed headless (``nbconvert --execute``, nbval), so a stored notebook
    holds no empty progress bar. ``True`` always shows one, ``False`` never. ``description``
    names the run on the bar (cardlib's own are worded in the current language). The bar is
    ``tqdm.auto`` with ``leave=False``: it disappears when the run completes, and an interrupted
    run leaves it standing where it stopped (red in a notebook).

    ``trial`` is a closure run here, one call after another. For a run on several cores or a
    cluster, give a module-level function of a seed to :func:`cardlib.parallel.run_seeded`
    instead: every simulation of cardlib runs through it.

    >>> run_trials(lambda: 1, 3, progress=False)
    ([1, 1, 1], False)
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardlibError(
            Msg("samples must be a whole number 1 or more, got {samples}", samples=repr(samples))
        )
    outcomes: list[T] = []
    bar = progress_bar(samples, description, progress)
    try:
        for _ in range(samples):
            outcomes.append(trial())
            bar.update(1)
    except KeyboardInterrupt:
        return outcomes, True
    finally:
        bar.close()
    return outcomes, False


def proportions(label: Text, outcomes: Iterable[object], keys: Iterable[object]) -> list[Estimate]:
    """One Wilson estimate per key: how often the outcomes equal it, labelled ``label key``.

    >>> [str(e.value) for e in proportions("loser ", "ABAA", "AB")]
    ['3/4', '1/4']
    """
    seen = list(outcomes)
    return [proportion(f"{label}{key}", sum(o == key for o in seen), len(seen)) for key in keys]


def calibration(
    forecasts: Iterable[tuple[float | Fraction, bool]], bins: int = 10
) -> list[tuple[float, Estimate]]:
    """How well predicted chances match what happened: the ``forecasts`` (a chance, and whether
    the event came) sorted into ``bins`` equal bins of the chance; for each bin that holds any,
    the mean chance predicted and how often the event came (a Wilson estimate). A calibrated
    forecaster's points lie on the diagonal, within their intervals.

    >>> [(round(p, 2), str(seen.value)) for p, seen in calibration([(0.1, False), (0.15, True),
    ...                                                              (0.9, True)], bins=2)]
    [(0.12, '1/2'), (0.9, '1')]
    """
    held: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for chance, came in forecasts:
        p = float(chance)
        held[min(int(p * bins), bins - 1)].append((p, bool(came)))
    return [
        (sum(p for p, _ in row) / len(row),
         proportion(f"{i / bins:.2f}-{(i + 1) / bins:.2f}", sum(c for _, c in row), len(row)))
        for i, row in enumerate(held) if row
    ]  # fmt: skip
