"""Watched deals with what the heuristic players never choose, narrated in every language.

``python -m cardlib skat --watch`` shows the heuristic players, who never declare Null, Hand or
Ouvert, never overbid and never say Kontra; and a Ramsch is only played when the table plays it.
``watch(state, write, moves)`` plays scripted moves first, so these seven deals (all seed 7, the
seed of the CLI's examples; listed in docs/translating.md) show each of them:

- Null: MH bids 18, the others pass, MH picks up the skat, lays ♣K ♦10 away, declares Null;
- Hand: the same bidding, MH declares clubs Hand without picking up the skat;
- Ouvert: as Null, but Null Ouvert;
- Schneider: no script: the heuristic players' spades game ends with the defenders on 21;
- overbid: MH bids 48 and declares diamonds, worth 5 × 9 = 45;
- Ramsch: with ``Rules(ramsch="passed")`` all three pass;
- Kontra: with ``Rules(kontra=True)`` FH says Kontra to MH's spades game.

Each narration is read for English left in the Korean, Russian and German texts (the detector of
tests/test_no_english_in_korean.py; for German the one that counts only the English words German
does not share, since "Grand Hand" or "in die Hand" would read as English to the other), and must
name its event in the words of the language's catalog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardlib.cli.skat import watch
from cardlib.i18n import Msg, Term, language
from cardlib.skat import SkatState, new_deal, new_game
from cardlib.skat.engine.ramsch_play import RamschState
from cardlib.skat.engine.rules import Rules
from tests.loading import load

detector = load(Path(__file__).parent / "test_no_english_in_korean.py", "no_english_in_korean")
DETECTORS: dict[str, Callable[[str], list[str]]] = {
    "ko": detector.english,
    "ru": detector.english,
    "de": detector.english_in_german,
}

SEED = 7
PICK_UP = ["18", "p", "p", "s", "CK D10"]
"""MH wins the bidding at 18, picks up the skat (♣K ♦10) and lays the same two cards away."""

OVERBID = {"en": "overbid", "ko": "과다 공약", "de": "überreizt", "ru": "перебор"}
"""The word for an overbid game: Korean and German from cardlib/locale/ko/TERMS.md (its German
column is the ISkO's word), Russian the word of cardlib's Russian catalog (no seed names it)."""

SITUATIONS: dict[str, tuple[Rules, list[str], Msg | dict[str, str]]] = {
    "null": (Rules(), [*PICK_UP, "N"], Term("game", "Null")),
    "hand": (Rules(), ["18", "p", "p", "CH"], Term("announcement", "Hand")),
    "ouvert": (Rules(), [*PICK_UP, "NO"], Term("announcement", "Ouvert")),
    "schneider": (Rules(), [], Term("announcement", "Schneider")),
    "overbid": (Rules(), ["48", "p", "p", "s", "CK D10", "D"], OVERBID),
    "ramsch": (Rules(ramsch="passed"), ["p", "p", "p"], Msg("Ramsch")),
    "kontra": (Rules(kontra=True), [*PICK_UP, "S", "kontra"], Msg("Kontra")),
}


def narrate(situation: str, lang: str) -> tuple[SkatState, list[str]]:
    """The deal played out (scripted moves, then the heuristic players) and its narration."""
    rules, moves, _word = SITUATIONS[situation]
    lines: list[str] = []
    with language(lang):
        end = watch(new_game(new_deal(SEED), rules), lines.append, moves)
    return end, "\n".join(lines).splitlines()


def event_word(situation: str, lang: str) -> str:
    word = SITUATIONS[situation][2]
    if isinstance(word, dict):
        return word[lang]
    with language(lang):
        return str(word)


def happened(situation: str, end: SkatState) -> bool:
    """Whether the deal shows its event, by the engine's facts (not by its words)."""
    declaration, settlement = end.declaration, end.settlement
    return {
        "null": declaration is not None and declaration.game.is_null,
        "hand": declaration is not None and declaration.hand,
        "ouvert": declaration is not None and declaration.ouvert,
        "schneider": settlement is not None and settlement.schneider,
        "overbid": end.result.overbid,
        "ramsch": isinstance(end, RamschState),
        "kontra": end.doubling == 1,
    }[situation]


@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_script_plays_the_situation(situation: str) -> None:
    end, _lines = narrate(situation, "en")
    assert end.is_over
    assert happened(situation, end), situation


@pytest.mark.parametrize("lang", ["en", "ko", "de", "ru"])
@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_narration_names_its_event(situation: str, lang: str) -> None:
    word = event_word(situation, lang)
    _end, lines = narrate(situation, lang)
    assert any(word.casefold() in line.casefold() for line in lines), (word, lines)


@pytest.mark.parametrize("lang", DETECTORS)
@pytest.mark.parametrize("situation", SITUATIONS)
def test_no_english_in_the_narration(situation: str, lang: str) -> None:
    english = DETECTORS[lang]
    _end, lines = narrate(situation, lang)
    assert [(line, english(line)) for line in lines if english(line)] == []


PLANTED = "The declarer takes the trick with the ace, which is worth 11."
"""An English sentence, in the words the English narration uses."""


@pytest.mark.parametrize("lang", DETECTORS)
def test_an_english_sentence_planted_in_a_narration_is_found(lang: str) -> None:
    english = DETECTORS[lang]
    _end, lines = narrate("kontra", lang)
    middle = len(lines) // 2
    planted = [*lines[:middle], f"{lines[middle]} {PLANTED}", *lines[middle + 1 :]]
    found = [(line, english(line)) for line in planted if english(line)]
    assert [line for line, _runs in found] == [planted[middle]]
    assert found[0][1] == ["The declarer takes the trick with the ace, which is worth"]
