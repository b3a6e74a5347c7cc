"""The formulas behind the numbers, as sympy expressions a notebook can print (sympy is imported
only when one of these is called).

Numbers stay unevaluated so the formula is visible; ``.doit()`` evaluates it, and
:func:`as_fraction` turns the result into the same ``Fraction`` the exact functions return.

>>> f = hypergeometric_formula(22, 4, 2, 1)
>>> f
binomial(4, 1)*binomial(18, 1)/binomial(22, 2)
>>> as_fraction(f)
Fraction(24, 77)
>>> hypergeometric_formula()
binomial(K, k)*binomial(-K + N, -k + n)/binomial(N, n)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardlib.errors import CardlibError, shown
from cardlib.i18n import Msg, _

__all__ = ["as_fraction", "coin_formula", "hypergeometric_formula", "split_formula"]


def _value(value: int | str | None, name: str) -> Any:
    import sympy

    if value is None:
        return sympy.Symbol(name, integer=True, nonnegative=True)
    if isinstance(value, str):
        return sympy.Symbol(value, integer=True, nonnegative=True)
    return sympy.Integer(value)


def _ratio(numerators: list[Any], denominator: Any) -> Any:
    import sympy

    return sympy.Mul(*numerators, sympy.Pow(denominator, -1, evaluate=False), evaluate=False)


def hypergeometric_formula(
    population: int | str | None = None,
    successes: int | str | None = None,
    draws: int | str | None = None,
    k: int | str | None = None,
) -> Any:
    """``C(K,k) C(N-K,n-k) / C(N,n)``: the chance of ``k`` special cards among ``n`` drawn from
    ``N`` of which ``K`` are special; symbols where a value is not given.

    >>> hypergeometric_formula(22, 4, 2, 0)
    binomial(4, 0)*binomial(18, 2)/binomial(22, 2)
    """
    import sympy

    n_, k_, d_, i_ = (_value(population, "N"), _value(successes, "K"), _value(draws, "n"),
                      _value(k, "k"))  # fmt: skip
    numbers = all(isinstance(v, int) for v in (population, successes, draws, k))
    if numbers:
        return _ratio(
            [
                sympy.binomial(k_, i_, evaluate=False),
                sympy.binomial(n_ - k_, d_ - i_, evaluate=False),
            ],
            sympy.binomial(n_, d_, evaluate=False),
        )
    return sympy.binomial(k_, i_) * sympy.binomial(n_ - k_, d_ - i_) / sympy.binomial(n_, d_)


def split_formula(split: Sequence[int], sizes: Sequence[int]) -> Any:
    """``C(s1,k1) C(s2,k2) ... / C(s1+s2+..., k1+k2+...)``: the exact chance of one split.

    >>> f = split_formula((3, 2), (13, 13))
    >>> f, as_fraction(f)
    (binomial(13, 2)*binomial(13, 3)/binomial(26, 5), Fraction(39, 115))
    """
    import sympy

    _check(split, sizes, "split_formula")
    parts = [sympy.binomial(s, k, evaluate=False) for s, k in zip(sizes, split, strict=True)]
    return _ratio(parts, sympy.binomial(sum(sizes), sum(split), evaluate=False))


def coin_formula(split: Sequence[int], sizes: Sequence[int]) -> Any:
    """The coin approximation's chance of a split: ``n! / (k1! k2! ...) * prod (s_i/S)^k_i``.

    >>> f = coin_formula((3, 2), (13, 13))
    >>> as_fraction(f)
    Fraction(5, 16)
    """
    import sympy

    _check(split, sizes, "coin_formula", capped=False)
    total = sum(sizes)
    ways = sympy.Integer(math.factorial(sum(split)) // math.prod(math.factorial(k) for k in split))
    powers = [
        sympy.Pow(sympy.Rational(s, total), k, evaluate=False)
        for s, k in zip(sizes, split, strict=True)
    ]
    return sympy.Mul(ways, *powers, evaluate=False)


def _check(split: Sequence[int], sizes: Sequence[int], name: str, capped: bool = True) -> None:
    ok = (
        len(split) == len(sizes) > 0
        and all(isinstance(k, int) and k >= 0 for k in split)
        and all(isinstance(s, int) and s >= 0 for s in sizes)
        and (not capped or all(k <= s for k, s in zip(split, sizes, strict=True)))
    )
    if not ok:
        raise CardlibError(
            Msg(
                "{name}({split}, {sizes}): need one count per holder, each between 0 and "
                "that holder's places",
                name=name,
                split=repr(tuple(split)),
                sizes=repr(tuple(sizes)),
            )
        )


def as_fraction(expression: Any) -> Fraction:
    """Evaluate a formula to an exact ``Fraction``.

    >>> as_fraction(hypergeometric_formula(22, 4, 2, 0))
    Fraction(51, 77)
    """
    import sympy

    try:
        value = sympy.sympify(expression).doit()
    except (sympy.SympifyError, AttributeError, TypeError, ValueError):
        raise CardlibError(
            _("as_fraction({expression}): expected a formula").format(expression=shown(expression))
        ) from None
    if not value.is_Rational:
        raise CardlibError(
            Msg("{expression} is not a rational number once evaluated", expression=expression)
        )
    return Fraction(int(value.p), int(value.q))
