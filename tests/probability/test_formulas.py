"""The sympy formulas evaluate to the exact values; sympy stays out of ``import cardlib``."""

from __future__ import annotations

import subprocess
import sys

from cardlib.probability import (
    as_fraction,
    coin_formula,
    coin_split,
    hypergeometric,
    hypergeometric_formula,
    split_distribution,
    split_formula,
)


def test_hypergeometric_formula_agrees() -> None:
    symbolic = hypergeometric_formula()
    for n, k, d in [(22, 4, 2), (32, 11, 10), (51, 3, 1), (20, 5, 10)]:
        for i, p in hypergeometric(n, k, d).items():
            assert as_fraction(hypergeometric_formula(n, k, d, i)) == p
    values = {"N": 22, "K": 4, "n": 2, "k": 1}
    substituted = symbolic.subs({s: values[s.name] for s in symbolic.free_symbols})
    assert as_fraction(substituted) == hypergeometric(22, 4, 2)[1]


def test_split_and_coin_formulas_agree() -> None:
    for sizes in [(10, 10), (10, 10, 2), (13, 13)]:
        for out in (0, 3, 5, 8):
            for split, p in split_distribution(out, sizes).items():
                assert as_fraction(split_formula(split, sizes)) == p
            for split, p in coin_split(out, sizes).items():
                assert as_fraction(coin_formula(split, sizes)) == p


def test_formula_shows_its_binomials() -> None:
    assert str(split_formula((3, 2), (13, 13))) == (
        "binomial(13, 2)*binomial(13, 3)/binomial(26, 5)"
    )


def test_import_cardlib_stays_light() -> None:
    code = (
        "import sys, cardlib, cardlib.probability, cardlib.cli.odds;"
        "print(sorted(m for m in ('sympy', 'matplotlib', 'tqdm', 'ipywidgets', 'numpy')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
