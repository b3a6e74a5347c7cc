"""A hint shown in one language is reworded whole by a language switch: the move it names, the
numbers' sentences and the "Hint:" before them, with no word of the language before."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardlib.i18n import get_language, set_language
from cardlib.widgets import PlayTable

HANGUL = re.compile("[가-힣]")
TAG = re.compile(r"<[^>]*>")
LATIN = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
KEPT = {"Schneider", "Schwarz", "Kontra", "Re", "skitgubbe", "stunsa"}
"""Words the Korean catalog keeps in Latin letters, as the Korean rules do (terms.md)."""


@pytest.fixture(autouse=True)
def spoken_before() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


@pytest.mark.parametrize("opponents", ["sampling", "heuristic"])
@pytest.mark.parametrize("game", ["skat", "skitgubbe"])
def test_a_hint_is_reworded_from_korean_to_german_and_back(game: str, opponents: str) -> None:
    set_language("ko")
    table = PlayTable(game, seed=7, opponents=opponents, background=False)
    table.show_hint()
    korean = TAG.sub(" ", table.hint.value)
    table.language.value = "de"
    german = TAG.sub(" ", table.hint.value)
    table.language.value = "ko"
    again = TAG.sub(" ", table.hint.value)
    assert korean.strip().startswith("힌트: ") and german.strip().startswith("Tipp: ")
    assert HANGUL.search(german) is None
    assert set(LATIN.findall(korean)) - KEPT == set()
    assert again == korean
