"""No English sentence in a Korean notebook: its text and every output it stores (the words on
its pictures too) are Korean.

A learner reading notebooks/ko meets English only where the Korean rules and the kit keep it on
purpose: the Latin terms the seeds keep (Schneider, Schwarz, Ramsch, stunsa...), card codes and
seat letters (CJ, FH, A B C), code and file names, and a term glossed in italics, in
parentheses or in the glossary's English column. Anything else that reads as English (two or
more words in a row, one of them a common English word) is found here. What is left is listed in
``LEFT`` by notebook, each case with the reason it is still English.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
KOREAN = ROOT / "notebooks" / "ko"
NOTEBOOKS = sorted(path.relative_to(KOREAN).as_posix() for path in KOREAN.rglob("*.ipynb"))

COMMON = frozenset(
    """a about after all also an and any are as at be because before but by can cannot could
    did do does each either every expected for from given had has have how if in into is it its
    may more most must no none nor not now of on once one only or other out over per says should
    so some such than that the their them then there these they this those to too try up was we
    were what when where which while who why will with without would you your
    bid card cards game hand move moves pass phase pick play played trick trump trumps turn win
    wins won""".split()
)
"""English words that make a run of Latin words a sentence (function words and the kit's own
words): "Schneider Schwarz" is two terms, "a Skat hand has" is English."""

ENGINE_WORDS = re.compile(
    r"(?<![\w.'\"/-])(turn|pick|clubs|spades|hearts|diamonds|grand|null|yes|pass|skat|bidding|"
    r"discard|declare)(?![\w'\"/-])"
)
"""The engine's English words for moves, games and phases: alone they are English too
(``B: turn``, ``clubs  HA DJ HT``, ``이제 skat 단계``)."""

_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,:]+[A-Za-z][A-Za-z'’-]*)+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>|<[^>]*>", re.S)
_CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
_LINK = re.compile(r"\]\([^)]*\)|https?://\S+")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\*)[^*\n]+\*(?!\*)")
_GLOSS = re.compile(r"(?<=[가-힣*])\([A-Za-z][^()가-힣]*\)")


def _is_word(token: str) -> bool:
    """A token that reads as a word: not a code (CJ, FH, ISS), a seat or rank letter (A, K)."""
    return not (token.isupper() and len(token) <= 3)


def english(text: str) -> list[str]:
    """The runs of English words in ``text`` that read as a sentence.

    >>> english("선봉이 18에 예(Yes)라고 답합니다. CJ SJ HA, A B C, Schneider Schwarz")
    []
    >>> english("보이지 않는 카드 가운데 a Skat hand has 10 cards, and ♣J wins the trick")
    ['a Skat hand has', 'cards, and', 'J wins the trick']
    >>> english("♣J이 이깁니다. 선봉이 트릭을 가져갑니다(23점).")
    []
    >>> english("B: turn"), english("clubs  HA DJ HT"), english("Schneider Schwarz, 'pass', s.turn")
    (['turn'], ['clubs'], [])
    """
    found = [word.group() for word in ENGINE_WORDS.finditer(text)]
    for run in _RUN.finditer(text):
        words = [w for w in _WORD.findall(run.group()) if _is_word(w)]
        if len(words) >= 2 and any(word.lower() in COMMON for word in words):
            found.append(run.group())
    return found


def _markdown(source: str) -> str:
    """The prose of a markdown cell: without code, link targets, italic and parenthesized
    glosses, and the English column of a glossary table."""
    text = _ITALIC.sub(" ", _GLOSS.sub(" ", _LINK.sub("]", _CODE.sub(" ", source))))
    lines, english_column = [], None
    for line in text.split("\n"):
        cells = line.split("|")
        if english_column is None and "영어" in [cell.strip() for cell in cells]:
            english_column = [cell.strip() for cell in cells].index("영어")
        elif not line.startswith("|"):
            english_column = None
        if english_column is not None and len(cells) > english_column:
            cells[english_column] = " "
        lines.append("|".join(cells))
    return "\n".join(lines)


def _outputs(cell: dict[str, Any]) -> Iterator[str]:
    for output in cell.get("outputs", []):
        if "text" in output:
            yield "".join(output["text"])
        if output.get("output_type") == "error":
            yield output.get("evalue", "")
        data = output.get("data", {})
        if "text/html" in data:
            yield html.unescape(_HIDDEN.sub(" ", "".join(data["text/html"])))
        elif "text/plain" in data:
            yield "".join(data["text/plain"])


def findings(path: str) -> list[tuple[str, str]]:
    """``(cell id, English run)`` for every English run in the notebook's text and outputs."""
    notebook = json.loads((KOREAN / path).read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        texts = list(_outputs(cell))
        if cell["cell_type"] == "markdown":
            texts.append(_markdown("".join(cell["source"])))
        found += [(cell["id"], run) for text in texts for run in english(text)]
    return found


ISS = "ISS record fields and endings, as the server writes them (the record's words)"
LABEL = "an estimate's label, worded in English where cardlib.probability compares two runs"
LEFT: dict[str, dict[tuple[str, str], str]] = {
    "skat/06_real_games.ipynb": {
        ("23", "outcome  cardlib     win"): ISS,
        ("23", "bid  cardlib   bidok"): ISS,
        ("23", "to  cardlib"): ISS,
        ("35", "Schneider Schwarz               played"): ISS,
    },
    "skat/13_what_the_play_reveals.ipynb": {
        ("15", "RH has no spade"): "a formula's \\text{} words, kept as the English formula",
    },
    "skitgubbe/04_is_it_chance.ipynb": {
        ("34", "stunsas per game"): LABEL,
        ("34", "moves in phase"): LABEL,
    },
}
"""What is still English, by notebook: each case and why (each is worked on where it is made)."""


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_a_korean_notebook_holds_no_english_sentence(path: str) -> None:
    found = set(findings(path))
    left = set(LEFT.get(path, {}))
    assert found - left == set(), f"English in notebooks/ko/{path}"
    assert left - found == set(), f"notebooks/ko/{path} no longer holds these: strike them"


def test_every_notebook_named_as_left_exists() -> None:
    assert set(LEFT) <= set(NOTEBOOKS)


def test_the_search_finds_an_english_sentence_in_each_kind_of_text() -> None:
    assert english("B: turn up, C: pick")  # two moves in English
    assert _markdown("한국어 *an italic gloss* 설명, `code is here` 그리고 is not a card") == (
        "한국어   설명,   그리고 is not a card"
    )
    table = "| 한국어 | 영어 |\n|---|---|\n| 나가리 | passed in |\n\nthe end of it"
    assert english(_markdown(table)) == ["the end of it"]
