"""Bar charts as PNG bytes for ``widgets.Image``, drawn without pyplot (nothing is displayed)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["chart_png"]


def chart_png(
    series: Sequence[tuple[str, Mapping[Any, Fraction]]], *, xlabel: str, title: str
) -> bytes:
    """One distribution as bars, or several side by side (exact against coin), as PNG."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from cardlib.probability.plots import bar_chart, compare_chart

    figure = Figure(figsize=(6.4, 3.0), dpi=80)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    if len(series) == 1:
        bar_chart(series[0][1], axes, xlabel=xlabel, title=title)
    else:
        compare_chart(series, axes, xlabel=xlabel, title=title)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()
