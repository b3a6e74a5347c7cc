"""The wording of the sampled numbers, shared by both games' players (each game keeps its own
messages; these are the pieces they are put together with).

>>> from cardlib.estimates import proportion
>>> interval(proportion("♥A", 19, 20))
{'percent': 95, 'low': 76, 'high': 99}
>>> str(chained([Msg("{card} in {wins} of {n}", card="♥A", wins=19, n=20), "♣J in 3 of 20"]))
'♥A in 19 of 20; ♣J in 3 of 20'
>>> str(Clauses(["♣K in 9 of 40", "♥A in 3 of 40"]))
'♣K in 9 of 40; ♥A in 3 of 40'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardlib.estimates import Estimate
from cardlib.i18n import Msg, _

__all__ = ["Clauses", "Sentences", "chained", "interval", "percent"]


def percent(value: Fraction | float) -> int:
    """A share as a whole percentage, rounded exactly (half to even).

    >>> percent(Fraction(19, 20)), percent(0.7639), percent(Fraction(1, 8))
    (95, 76, 12)
    """
    return round(100 * Fraction(value))


def interval(estimate: Estimate, rate: str = "percent") -> dict[str, int]:
    """An estimate's value and 95% interval as whole percentages, as the sentences take them:
    ``rate`` names the value's argument (``low`` and ``high`` the bounds)."""
    return {
        rate: percent(estimate.value),
        "low": percent(estimate.low),
        "high": percent(estimate.high),
    }


def chained(parts: Sequence[Msg | str]) -> Msg | str:
    """Clauses joined with semicolons, as one message (``"{first}; {second}"`` nested)."""
    text = parts[0]
    for part in parts[1:]:
        text = Msg("{first}; {second}", first=text, second=part)
    return text


class Clauses:
    """Clauses of one sentence, separated as the current language separates them."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[Any]) -> None:
        self.items = tuple(items)

    def __str__(self) -> str:
        # Translators: the separator between the odds of the moves: "♣K in 9 of 40; ♥A in 3 of 40".
        return _("; ").join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Clauses({list(self.items)!r})"

    def __eq__(self, other: object) -> bool:
        return self.items == other.items if isinstance(other, Clauses) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.items)


class Sentences(Msg):
    """Whole sentences one after another, each worded when read (a message of messages).

    >>> str(Sentences([Msg("{card} wins the trick.", card="♣J"), Msg("Well played.")]))
    '♣J wins the trick. Well played.'
    """

    __slots__ = ()

    def __init__(self, parts: Sequence[Msg | str]) -> None:
        super().__init__("", **{f"s{i}": part for i, part in enumerate(parts)})

    def template(self) -> str:
        return " ".join(f"{{s{i}}}" for i in range(len(self.args)))

    def __repr__(self) -> str:
        return f"Sentences({list(self.args.values())!r})"
