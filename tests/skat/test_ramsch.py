"""Ramsch: every option of the settlement (seed section 5), each outcome with its ruling."""

from __future__ import annotations

import pytest

from cardlib import RulesError
from cardlib.skat.ramsch import RamschRules, settle_ramsch


def test_loser_loses_own_points() -> None:
    r = settle_ramsch((50, 40, 20), (4, 4, 2), 10, last_trick=2)
    assert r.card_points == (50, 40, 30) and r.skat_to == 2
    assert r.scores == (-50, 0, 0) and r.loser == (0,) and r.ruling.code == "ramsch-loser"


def test_skat_to_last_trick_can_make_the_loser() -> None:
    r = settle_ramsch((45, 40, 20), (4, 4, 2), 15, last_trick=1)
    assert r.card_points == (45, 55, 20) and r.scores == (0, -55, 0)
    assert r.lines[0] == "the skat goes to MH, who won the last trick (15)"


def test_skat_to_most_points_and_its_tie_fallbacks() -> None:
    most = RamschRules(skat_to="most_points")
    r = settle_ramsch((45, 40, 20), (4, 4, 2), 15, last_trick=1, rules=most)
    assert r.skat_to == 0 and r.scores == (-60, 0, 0)
    tied = settle_ramsch((45, 45, 20), (4, 4, 2), 10, last_trick=2, rules=most)
    assert tied.skat_to == 2 and tied.card_points == (45, 45, 30)
    assert tied.scores == (-45, -45, 0) and tied.ruling.code == "ramsch-tie"
    nobody = RamschRules(skat_to="most_points", skat_tie="nobody")
    r = settle_ramsch((45, 45, 20), (4, 4, 2), 10, last_trick=2, rules=nobody)
    assert r.skat_to is None and r.card_points == (45, 45, 20)


def test_skat_to_nobody() -> None:
    r = settle_ramsch(
        (50, 40, 20), (4, 4, 2), 10, last_trick=0, rules=RamschRules(skat_to="nobody")
    )
    assert r.skat_to is None and r.card_points == (50, 40, 20) and r.scores == (-50, 0, 0)


def test_two_tied_both_or_half_and_three_tied() -> None:
    both = settle_ramsch((45, 45, 30), (4, 3, 3), 0, last_trick=0)
    assert both.scores == (-45, -45, 0) and both.loser == (0, 1)
    half = settle_ramsch((45, 45, 30), (4, 3, 3), 0, last_trick=0, rules=RamschRules(tie="half"))
    assert half.scores == (-23, -23, 0)  # half of 45, rounded up
    assert "each loses half" in str(half.ruling)
    nobody = settle_ramsch((40, 40, 40), (4, 3, 3), 0, last_trick=0)
    assert (
        nobody.scores == (0, 0, 0)
        and nobody.loser == ()
        and nobody.ruling.code == ("ramsch-all-tied")
    )


def test_jungfrau_doubles() -> None:
    r = settle_ramsch((70, 50, 0), (6, 4, 0), 0, last_trick=0)
    assert r.jungfrauen == (2,) and r.scores == (-140, 0, 0) and r.factor == 2
    assert "RH took no trick (Jungfrau)" in str(r.ruling)
    off = settle_ramsch((70, 50, 0), (6, 4, 0), 0, last_trick=0, rules=RamschRules(jungfrau=False))
    assert off.scores == (-70, 0, 0)


def test_durchmarsch() -> None:
    r = settle_ramsch((110, 0, 0), (10, 0, 0), 10, last_trick=0)
    assert r.durchmarsch == 0 and r.scores == (120, 0, 0) and r.ruling.code == "durchmarsch"
    assert r.jungfrauen == (1, 2)
    off = settle_ramsch((110, 0, 0), (10, 0, 0), 10, last_trick=0,
                        rules=RamschRules(durchmarsch=False))  # fmt: skip
    assert off.durchmarsch is None and off.scores == (-480, 0, 0)  # 120 × 2 × 2


def test_fixed_scoring() -> None:
    fixed = RamschRules(scoring="fixed")
    assert settle_ramsch((50, 40, 30), (4, 4, 2), 0, 0, rules=fixed).scores == (-10, 0, 0)
    one = settle_ramsch((70, 50, 0), (6, 4, 0), 0, 0, rules=fixed)
    assert one.scores == (-15, 0, 0) and "a fixed 15 (one Jungfrau)" in str(one.ruling)
    two = RamschRules(scoring="fixed", durchmarsch=False)
    assert settle_ramsch((120, 0, 0), (10, 0, 0), 0, 0, rules=two).scores == (-20, 0, 0)
    half = RamschRules(scoring="fixed", tie="half")
    assert settle_ramsch((45, 45, 30), (4, 3, 3), 0, 0, rules=half).scores == (-5, -5, 0)


def test_pushes_double() -> None:
    r = settle_ramsch((50, 40, 30), (4, 4, 2), 0, 0, pushes=2)
    assert r.scores == (-200, 0, 0) and r.factor == 4 and "pushed: × 4" in str(r.ruling)
    j = settle_ramsch((70, 50, 0), (6, 4, 0), 0, 0, pushes=1)
    assert j.scores == (-280, 0, 0)
    d = settle_ramsch((110, 0, 0), (10, 0, 0), 10, 0, pushes=1)
    assert d.scores == (240, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((50, 40), (4, 4, 2), 30, 0), "expected 3"),
        (((50, 40, 20), (4, 4, 1), 10, 0), "add up to 10"),
        (((50, 40, 20), (4, 4, 2), 11, 0), "add up to 120"),
        (((50, 40, 20), (4, 4, 2), 10, 3), "cannot have won the last trick"),
        (((60, 40, 20), (6, 4, 0), 0, 2), "cannot have won the last trick"),
        (((60, 40, 20), (6, 4, 0), 0, 0), "no trick has card points"),
        (((50, 40, 20), (4, 4, 2), -10, 0), "whole numbers"),
    ],
)
def test_bad_input(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        settle_ramsch(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs", [{"skat_to": "dealer"}, {"skat_tie": "most_points"}, {"scoring": "bock"},
               {"tie": "third"}, {"jungfrau": 1}],
)  # fmt: skip
def test_bad_options(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        RamschRules(**kwargs)  # type: ignore[arg-type]
