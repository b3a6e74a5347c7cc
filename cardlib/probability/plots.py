"""Bar charts of distributions (matplotlib is imported here only, on first use)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardlib.display.tables import key_text
from cardlib.estimates import Estimate
from cardlib.i18n import _

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def bar_chart(
    distribution: Mapping[Any, Fraction],
    ax: Axes | None = None,
    *,
    xlabel: str = "",
    color: str = "tab:blue",
    title: str | None = None,
) -> Axes:
    """Bars of the probabilities in percent, each labelled with its value.

    >>> ax = bar_chart({0: Fraction(3, 4), 1: Fraction(1, 4)}, xlabel="heads")
    >>> [float(bar.get_height()) for bar in ax.patches], ax.get_xlabel()
    ([75.0, 25.0], 'heads')
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _figure, ax = plt.subplots(figsize=(7, 3.2))
    keys = list(distribution)
    values = [float(p) * 100 for p in distribution.values()]
    if all(isinstance(key, int) for key in keys):
        bars = ax.bar(keys, values, color=color)
        if len(keys) <= 10:
            ax.set_xticks(keys)
        else:
            from matplotlib.ticker import MaxNLocator

            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        bars = ax.bar([key_text(key) for key in keys], values, color=color)
    if len(values) <= 12:
        ax.bar_label(bars, fmt="%.1f", fontsize=8)
    ax.set_ylabel("%")
    ax.set_xlabel(xlabel)
    ax.set_title(str(getattr(distribution, "title", "")) if title is None else title, fontsize=10)
    ax.margins(y=0.15)
    return ax


def compare_chart(
    series: Sequence[tuple[str, Mapping[Any, Fraction]]],
    ax: Axes | None = None,
    *,
    xlabel: str = "",
    title: str = "",
) -> Axes:
    """Several distributions over the same outcomes as grouped bars (e.g. exact against coin).

    >>> ax = compare_chart([("a", {0: Fraction(1)}), ("b", {0: Fraction(1, 2), 1: Fraction(1, 2)})])
    >>> len(ax.patches), [t.get_text() for t in ax.get_xticklabels()]
    (4, ['0', '1'])
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _figure, ax = plt.subplots(figsize=(7, 3.2))
    keys: list[object] = []
    for _label, distribution in series:
        keys += [key for key in distribution if key not in keys]
    with contextlib.suppress(TypeError):
        keys.sort()
    width = 0.8 / len(series)
    for i, (label, distribution) in enumerate(series):
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(keys))]
        ys = [float(distribution.get(key, Fraction(0))) * 100 for key in keys]
        ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(keys)), [key_text(key) for key in keys])
    ax.set_ylabel("%")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.legend()
    return ax


def interval_chart(
    rows: Sequence[tuple[str, Estimate]],
    ax: Axes | None = None,
    *,
    exact: float | None = None,
    exact_label: str | None = None,
    ylabel: str = "",
    title: str = "",
) -> Axes:
    """Estimates as points with their 95% intervals as error bars (and an exact value as a line,
    labelled ``exact_label``: "exact" in the current language unless given).

    >>> from cardlib.estimates import proportion
    >>> ax = interval_chart([("run 1", proportion("p", 5, 80))], exact=1 / 17)
    >>> ax.get_legend().get_texts()[0].get_text()
    'exact 0.0588'
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _figure, ax = plt.subplots(figsize=(7, 3.2))
    for i, (_label, estimate) in enumerate(rows):
        value = float(estimate.value)
        ax.errorbar([i], [value], yerr=[[value - estimate.low], [estimate.high - value]],
                    fmt="o", capsize=5, color="tab:blue")  # fmt: skip
    if exact is not None:
        name = _("exact") if exact_label is None else exact_label
        label = f"{name} {exact:.4f}"
        ax.axhline(exact, color="tab:red", linestyle="--", linewidth=1, label=label)
        ax.legend()
    ax.set_xticks(range(len(rows)), [label for label, _estimate in rows])
    ax.set_xlim(-0.5, len(rows) - 0.5)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    return ax


def calibration_chart(
    rows: Sequence[tuple[float, Estimate]],
    ax: Axes | None = None,
    *,
    label: str = "",
    color: str = "tab:blue",
    title: str = "",
) -> Axes:
    """Predicted chance against the frequency seen (rows of
    :func:`~cardlib.estimates.calibration`), with 95% intervals and the diagonal of a calibrated
    forecast.

    >>> from cardlib.estimates import calibration
    >>> ax = calibration_chart(calibration([(0.2, False), (0.7, True)]), label="forecast")
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['forecast']
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _figure, ax = plt.subplots(figsize=(4.6, 4.2))
    ax.plot([0, 100], [0, 100], color="#999999", linestyle="--", linewidth=1)
    xs = [p * 100 for p, _seen in rows]
    ys = [float(seen.value) * 100 for _p, seen in rows]
    low = [y - seen.low * 100 for y, (_p, seen) in zip(ys, rows, strict=True)]
    high = [seen.high * 100 - y for y, (_p, seen) in zip(ys, rows, strict=True)]
    ax.errorbar(xs, ys, yerr=[low, high], fmt="o", capsize=3, color=color, label=label or None)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel(_("predicted chance (%)"))
    ax.set_ylabel(_("how often it came (%)"))
    ax.set_title(title, fontsize=10)
    if label:
        ax.legend(loc="upper left")
    return ax
