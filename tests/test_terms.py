"""The English lessons and docs use the glossary's word for each thing (docs/rules/terms.md): a
variant the glossary rules out fails here with the word to use instead. Code (backticks, code
blocks) is not prose and is not read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BANNED = {
    r"\bput(?:s|ting)? (?:\w+ ){0,2}away\b": "lay away (two cards of the skat)",
    r"× levels|\blevels ×|\b\d+ levels\b|\bone multiplier\b": "multiplier (a step of it: level)",
    r"\badds? (?:a|one) step\b|\bone step for\b": "level (one more in the multiplier)",
    r"\bdeal is thrown in\b": "passed in (all three passed)",
    r"(?<![\w/-])grand\b(?![\w-])": "Grand (a game's name)",
    r"(?<![\w/-])null\b(?![\w-])(?! hypothesis)": "Null (a game's name)",
    r"\b(?:he|him|his|himself|he or she|his or her)\b": "they (a player)",
}
CODE = re.compile(r"^```.*?^```|`[^`\n]*`|^(?:    |>>> ).*$", re.M | re.S)


def prose(path: Path) -> str:
    """The markdown a reader reads in a notebook or a docs page, code left out."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return CODE.sub(" ", text)


def english() -> list[str]:
    notebooks = [
        p
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if not {"ko", ".ipynb_checkpoints"} & set(p.relative_to(ROOT).parts)
    ]
    docs = [*(ROOT / "docs").glob("*.md"), *(ROOT / "docs").glob("*/*.md"), ROOT / "README.md"]
    return sorted(str(p.relative_to(ROOT)) for p in [*notebooks, *docs])


def test_prose_ignores_code() -> None:
    assert prose(ROOT / "docs" / "errors.md").count('"grand"') == 0
    grand = next(pattern for pattern, word in BANNED.items() if word.startswith("Grand"))
    text = CODE.sub(" ", 'Call `trumps("grand")` for the grand.')
    assert [m.group(0) for m in re.finditer(grand, text)] == ["grand"]


@pytest.mark.parametrize(
    "name",
    english(),
)
def test_the_glossary_words_are_used(name: str) -> None:
    text = prose(ROOT / name)
    found = [
        f"{m.group(0)!r} (use {word}): …{' '.join(text[m.start() - 40 : m.end() + 20].split())}…"
        for pattern, word in BANNED.items()
        for m in re.finditer(pattern, text)
    ]
    assert not found, "\n".join(found)
