"""The main commands in Korean and in German hold no English sentence: the help texts, a deal, a
watched Skat deal and Skitgubbe game, the odds, the ISS replay, a solve, and a seat played with
hints.

English is what ``tests/test_no_english_in_korean.py`` finds (in German: only the English words
German does not share). What the commands keep is what is typed as printed: the options, their
choices and placeholders, the command names (``notation_removed``), and the English word a
player may type beside the translated one (``'수'(moves)``).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardlib.cli import main
from cardlib.cli import skat as skat_cli
from cardlib.cli.commands import COMMANDS
from cardlib.i18n import get_language, set_language
from cardlib.skat import new_deal, new_game
from tests.loading import load

detector = load(Path(__file__).parents[1] / "test_no_english_in_korean.py", "no_english_in_korean")
DETECTORS: dict[str, Callable[[str], list[str]]] = {
    "ko": detector.english,
    "de": detector.english_in_german,
}
_WORDS = "|".join(sorted({word for words in COMMANDS.values() for word in words if word.isalpha()}))
_TYPED = re.compile(rf"(?<=')\([a-z]+\)|\((?:{_WORDS})(?:, (?:{_WORDS}))*\)")
"""The English words a player may type beside the translated ones: '수'(moves), (hint, quit)."""

LINES = [
    ("--help",),
    ("skat", "--help"),
    ("solve", "--help"),
    ("odds", "--help"),
    ("odds", "hand", "--help"),
    ("iss", "--help"),
    ("deal", "skat", "--seed", "7"),
    ("skat", "--seed", "7", "--watch"),
    ("skitgubbe", "--players", "3", "--seed", "7", "--watch"),
    ("odds", "skat", "CJ HJ CA CT C9 SA ST H7 D8 D7"),
    ("odds", "tables"),
    ("odds", "hand", "CJ HJ CA CT C9 SA ST H7 D8 D7"),
    ("iss",),
    ("solve", "SA HA | ST HT | S7 H7", "--game", "grand"),
]


@pytest.fixture(autouse=True)
def spoken_before() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


def run(lang: str, command: tuple[str, ...]) -> str:
    out = io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(out),
        contextlib.suppress(SystemExit),
    ):
        main(["--lang", lang, *command])
    return out.getvalue()


def english_lines(lang: str, text: str) -> list[tuple[str, list[str]]]:
    english = DETECTORS[lang]
    lines = detector.notation_removed(_TYPED.sub(" ", text)).splitlines()
    return [(line, english(line)) for line in lines if english(line)]


@pytest.mark.parametrize("command", LINES, ids=" ".join)
@pytest.mark.parametrize("lang", DETECTORS)
def test_a_command_speaks_the_language(lang: str, command: tuple[str, ...]) -> None:
    text = run(lang, command)
    assert text != run("en", command)  # worded in the language, not left English
    assert english_lines(lang, text) == []


def played(lang: str) -> list[str]:
    """FH at the terminal: two hints (``explain`` and ``hint``), the moves, a refused bid."""
    set_language(lang)
    answers = iter(["explain", "hint", "moves", "18", "hint", "quit"])
    out: list[str] = []

    def read(_prompt: str) -> str:
        return next(answers)

    skat_cli.play_seat(new_game(new_deal(7)), 0, read, out.append)  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("lang", DETECTORS)
def test_a_skat_seat_played_with_hints_speaks_the_language(lang: str) -> None:
    out, english = played(lang), played("en")
    assert len(out) == len(english) and (set(out) - {""}).isdisjoint(english)
    assert english_lines(lang, "\n".join(out)) == []


@pytest.mark.parametrize("lang", DETECTORS)
def test_english_left_in_a_command_would_be_found(lang: str) -> None:
    text = run(lang, ("skat", "--seed", "7", "--watch"))
    planted = text + "\nThe declarer wins the game with 61 card points.\n"
    assert english_lines(lang, planted) == [
        (
            "The declarer wins the game with 61 card points.",
            DETECTORS[lang]("The declarer wins the game with 61 card points."),
        )
    ]
    assert DETECTORS[lang]("The declarer wins the game with 61 card points.")
