"""No English sentence in a Korean notebook: its text and every output it stores (the words on
its pictures too) are Korean.

A learner reading notebooks/ko meets English only where the Korean rules and the kit keep it on
purpose: the Latin terms the seeds keep (Schneider, Schwarz, Ramsch, stunsa...), card codes and
seat letters (CJ, FH, A B C), code and file names (in an output's HTML: what it shows as
``<code>``, such as an ISS record's own field codes), and a term glossed in italics, in
parentheses or in the glossary's English column. Anything else that reads as English (two or
more words in a row, one of them a common English word) is found here.
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
_HIDDEN = re.compile(r"<(style|script|code)\b.*?</\1>|<[^>]*>", re.S)
"""What an output's HTML hides from a reader (styles, scripts, tags) or shows as notation, like
markdown's code: ``<code>outcome</code>``, a record's own field code."""
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


ENGLISH_ONLY = frozenset(
    """about after and are be because been before but by can cannot could did does each either
    every for from had has have how if into is it its more most must nor of on once only or other
    says should such than that the their them then there these they this those to too up were
    what when where which while who why with without would you your""".split()
)
"""English function words that are no German words (``in``, ``an``, ``so``, ``was``, ``will``,
``also``, ``man``, ``hat`` are, and ``not``, ``no``, ``over``, ``may`` read as German nouns or
names): what makes a run of Latin words in a German text English."""

ENGLISH_ONLY_ENGINE_WORDS = re.compile(
    r"(?<![\w.'\"/-])(turn|pick|clubs|spades|hearts|diamonds|yes|bidding|discard|declare)"
    r"(?![\w'\"/-])"
)
"""The engine's English words that German does not share (it has Grand, Null, Skat, passe)."""


def english_in_german(text: str) -> list[str]:
    """The runs of English words in a German ``text``: :func:`english` with the words both
    languages have taken out.

    >>> english_in_german("MH reizt 18, VH sagt ja. Der Alleinspieler gewinnt mit 61 Augen.")
    []
    >>> english_in_german("MH reizt 18. The declarer wins with 61 card points, Schneider.")
    ['The declarer wins with']
    >>> english_in_german("Grand Hand, Null ouvert, in die Hand, so also, was man will"), english_in_german("A: turn")
    ([], ['turn'])
    """  # noqa: E501
    found = [word.group() for word in ENGLISH_ONLY_ENGINE_WORDS.finditer(text)]
    for run in _RUN.finditer(text):
        words = [w for w in _WORD.findall(run.group()) if _is_word(w)]
        if len(words) >= 2 and any(word.lower() in ENGLISH_ONLY for word in words):
            found.append(run.group())
    return found


_OPTION = re.compile(r"-{1,2}[a-z][\w-]*(?: [A-Z][A-Z_]*)*|\{[^{}]*\}|\[[^\[\]]*\]")
_COMMAND = re.compile(r"^ {2,6}[a-z][\w-]* {2,}|python -m cardlib(?: [a-z][\w-]*)*", re.M)
TYPED_GAMES = "clubs spades hearts diamonds grand null"
"""The English game names ``solve --game`` reads, which its help lists in every language."""
_TYPED_GAMES = re.compile(r"\s+".join(TYPED_GAMES.split()))


def notation_removed(text: str) -> str:
    """A command's help or output without what is typed as it is printed: the options, their
    choices and placeholders, the command names and the English game names ``solve`` reads.

    >>> notation_removed("  --phase-one {pairs,all}  1페이즈에 두 장씩").split()
    ['1페이즈에', '두', '장씩']
    >>> notation_removed("사용법: python -m cardlib odds hand [-h] [--game GAME]").split()
    ['사용법:']
    """
    return _OPTION.sub(" ", _COMMAND.sub(" ", _TYPED_GAMES.sub(" ", text)))


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


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_a_korean_notebook_holds_no_english_sentence(path: str) -> None:
    assert findings(path) == [], f"English in notebooks/ko/{path}"


def test_the_search_finds_an_english_sentence_in_each_kind_of_text() -> None:
    assert english("B: turn up, C: pick")  # two moves in English
    assert _markdown("한국어 *an italic gloss* 설명, `code is here` 그리고 is not a card") == (
        "한국어   설명,   그리고 is not a card"
    )
    table = "| 한국어 | 영어 |\n|---|---|\n| 나가리 | passed in |\n\nthe end of it"
    assert english(_markdown(table)) == ["the end of it"]
    shown = {"data": {"text/html": ["<td><code>outcome win</code></td><td>the server says</td>"]}}
    assert [english(text) for text in _outputs({"outputs": [shown]})] == [["the server says"]]
