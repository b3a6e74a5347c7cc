"""How outstanding trumps split between the holders: exact chances, the formula, the coin model."""

from __future__ import annotations

import math
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.i18n import Plural, _
from cardlib.widgets.charts import chart_png
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.readable_box import ReadableBox

__all__ = ["ChartView", "SplitExplorer", "split_lines"]


class ChartView:
    """A chart (PNG) and its text; nbval compares the text, viewers show the chart."""

    def __init__(self, png: bytes, text: str) -> None:
        self.png = png
        self.text = text

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        import base64

        return {"image/png": base64.b64encode(self.png).decode("ascii"), "text/plain": self.text}

    def __repr__(self) -> str:
        return self.text


def _holders(per_opponent: int, skat: bool) -> tuple[int, ...]:
    return (per_opponent, per_opponent, 2) if skat else (per_opponent, per_opponent)


def split_lines(outstanding: int, sizes: tuple[int, ...], model: str = "exact") -> list[str]:
    """Each split with its formula and exact chance, e.g. for 3 trumps among 10 and 10 cards:

    >>> print(split_lines(3, (10, 10))[1])
    (1, 2): C(10,1) × C(10,2) / C(20,3) = 10 × 45 / 1140 = 15/38 ≈ 39.5%
    >>> print(split_lines(2, (10, 10), "coin")[1])
    (1, 1): 2!/(1! 1!) × (10/20)^1 × (10/20)^1 = 1/2 ≈ 50.0%
    """
    from cardlib.probability import coin_split, split_distribution

    total = sum(sizes)
    lines = []
    if model == "exact":
        for split, p in split_distribution(outstanding, sizes).items():
            combs = " × ".join(f"C({s},{k})" for s, k in zip(sizes, split, strict=True))
            values = " × ".join(str(math.comb(s, k)) for s, k in zip(sizes, split, strict=True))
            lines.append(
                f"{split}: {combs} / C({total},{outstanding}) = {values} / "
                f"{math.comb(total, outstanding)} = {p} ≈ {float(p) * 100:.1f}%"
            )
    else:
        for split, p in coin_split(outstanding, sizes).items():
            ways = f"{outstanding}!/(" + " ".join(f"{k}!" for k in split) + ")"
            powers = " × ".join(f"({s}/{total})^{k}" for s, k in zip(sizes, split, strict=True))
            lines.append(f"{split}: {ways} × {powers} = {p} ≈ {float(p) * 100:.1f}%")
    return lines


class SplitExplorer(ReadableBox):
    """Sliders for the outstanding trumps and the cards each opponent holds, the skat as a third
    holder or not, and the model: the exact chances (each deal of the unseen cards equally likely)
    or the independent-coin approximation beside them, as bars and as formulas. The language
    selector (``explorer.language``) words every text anew; the settings stay.

    >>> explorer = SplitExplorer(outstanding=4)
    >>> explorer
    SplitExplorer(4 trumps out among 10 + 10, exact)
    >>> explorer.outstanding.value = 5; explorer.model.value = "coin"; explorer
    SplitExplorer(5 trumps out among 10 + 10, coin)
    """

    def __init__(self, outstanding: int = 4, per_opponent: int = 10, skat: bool = False) -> None:
        self.outstanding = widgets.IntSlider(value=outstanding, min=0, max=11)
        self.per_opponent = widgets.IntSlider(value=per_opponent, min=1, max=10)
        self.skat = widgets.Checkbox(
            value=skat, style={"description_width": "initial"}, layout=widgets.Layout(width="auto")
        )
        self.model = widgets.ToggleButtons(options=_models(), value="exact")
        self.chart = widgets.Image(format="png", layout=widgets.Layout(width="512px"))
        self.formula = widgets.HTML()
        self._relabelling = False
        for control in (self.outstanding, self.per_opponent, self.skat, self.model):
            control.observe(lambda _change: self._render(), names="value")
        self.language = LanguageSelector(self._switched)
        choices = widgets.HBox(
            [self.skat, self.model, self.language], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__(
            [widgets.HBox([self.outstanding, self.per_opponent]), choices, self.chart,
             self.formula]
        )  # fmt: skip
        self._label()
        self._render()

    def _label(self) -> None:
        """The words of the controls, in the current language."""
        self._relabelling = True
        try:
            relabel(self.model, _models())
        finally:
            self._relabelling = False
        self.outstanding.description = _("trumps out")
        self.per_opponent.description = _("cards each")
        self.skat.description = _("the skat is unseen too (2 cards)")
        self.model.description = _("model")
        self.language.refresh()

    def _switched(self) -> None:
        """After a change of language: every text anew, the settings as they were."""
        self._label()
        self._render()

    @property
    def sizes(self) -> tuple[int, ...]:
        return _holders(self.per_opponent.value, self.skat.value)

    def distributions(self) -> list[tuple[str, dict[Any, Fraction]]]:
        """The exact split (and the coin model's, when chosen) as ``(label, {split: p})``."""
        from cardlib.probability import coin_split, split_distribution

        n = min(self.outstanding.value, sum(self.sizes))
        series = [(_("exact"), dict(split_distribution(n, self.sizes)))]
        if self.model.value == "coin":
            series.append((_("coin"), dict(coin_split(n, self.sizes))))
        return series

    def _render(self) -> None:
        if self._relabelling:
            return
        if self.language.outdated():
            self._label()
        sizes = self.sizes
        self.outstanding.max = sum(sizes)
        n = self.outstanding.value
        self.chart.value = chart_png(
            self.distributions(), xlabel=_who(sizes),
            title=str(Plural("{n} trump out among {sizes} unseen cards",
                             "{n} trumps out among {sizes} unseen cards", n,
                             sizes=_sizes(sizes))),
        )  # fmt: skip
        self.formula.value = "<pre>" + escape("\n".join(self.lines()), quote=False) + "</pre>"

    def lines(self) -> list[str]:
        """The formula lines shown under the chart."""
        n, sizes = self.outstanding.value, self.sizes
        lines = split_lines(n, sizes, "exact")
        if self.model.value == "coin":
            lines += [_("Coin approximation (each card independently):")]
            lines += split_lines(n, sizes, "coin")
        return lines

    def snapshot(self) -> ChartView:
        """The chart and the formulas as a static view (PNG and text) for readers without Python."""
        return ChartView(bytes(self.chart.value), "\n".join(self.lines()))

    def __repr__(self) -> str:
        said = Plural(
            "{n} trump out among {sizes}, {model}",
            "{n} trumps out among {sizes}, {model}",
            self.outstanding.value,
            sizes=_sizes(self.sizes),
            model=self.model.label,
        )
        return f"SplitExplorer({said})"


def _models() -> list[tuple[str, str]]:
    return [(_("exact"), "exact"), (_("coin"), "coin")]


def _sizes(sizes: tuple[int, ...]) -> str:
    """The unseen cards by holder, as a sum every language reads: ``'10 + 10 + 2'``."""
    return " + ".join(str(size) for size in sizes)


def _who(sizes: tuple[int, ...]) -> str:
    if len(sizes) == 3:
        return _("split of the outstanding trumps (left, right, skat)")
    return _("split of the outstanding trumps (left, right)")
