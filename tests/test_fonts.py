"""Pictures in every language: Hangul, Cyrillic and suit symbols with no missing glyphs."""

from __future__ import annotations

import io
import logging
import warnings
from typing import Any

import matplotlib
from matplotlib.figure import Figure

import cardlib
from cardlib.fonts import HANGUL_FONT, use_fonts


def draw(text: str) -> list[str]:
    """Draw ``text`` as a title and axis label; the warnings matplotlib gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = Figure(figsize=(4, 2))
        axes = figure.subplots()
        axes.set_title(text)
        axes.set_xlabel(text)
        figure.savefig(io.BytesIO(), format="png")
    return [str(warning.message) for warning in caught]


def test_hangul_is_drawn_with_the_shipped_font() -> None:
    before = matplotlib.rcParams["font.family"]
    try:
        matplotlib.rcParams["font.family"] = ["sans-serif"]
        assert any("missing from font" in message for message in draw("선봉 ♣J"))
        assert use_fonts()
        assert draw("선봉은 ♣J를 냅니다 — Козырь ♥10, Trumpf 90%") == []
        assert matplotlib.rcParams["font.family"] == ["DejaVu Sans", HANGUL_FONT]
    finally:
        matplotlib.rcParams["font.family"] = before


def test_a_family_chosen_by_the_reader_is_kept() -> None:
    before = matplotlib.rcParams["font.family"]
    try:
        matplotlib.rcParams["font.family"] = ["serif"]
        use_fonts()
        assert matplotlib.rcParams["font.family"] == ["serif", HANGUL_FONT]
    finally:
        matplotlib.rcParams["font.family"] = before


def test_choosing_korean_brings_the_font() -> None:
    before, family = cardlib.get_language(), matplotlib.rcParams["font.family"]
    try:
        matplotlib.rcParams["font.family"] = ["sans-serif"]
        cardlib.set_language("ko")
        assert draw("으뜸패 분포") == []
    finally:
        cardlib.set_language(before)
        matplotlib.rcParams["font.family"] = family


def test_bold_hangul_has_a_bold_face(caplog: Any) -> None:
    """A bold Korean title finds NanumGothic Bold; matplotlib logs no "Failed to find font"."""
    assert use_fonts()
    with caplog.at_level(logging.WARNING, logger="matplotlib.font_manager"):
        figure = Figure(figsize=(4, 2))
        figure.subplots().set_title("선봉이 낸 카드", fontweight="bold")
        figure.savefig(io.BytesIO(), format="png")
    assert not [r for r in caplog.records if "findfont" in r.getMessage()], caplog.text
