"""Worksheets for teachers: a student version and an answer key of every lesson of the
probability track, as notebooks, printable HTML and PDF, with a one-page teacher's note each.

``make worksheets`` (``python tools/worksheets.py``) writes ``build/worksheets/<lang>/`` for
English and Korean. The lessons are the **Teach probability** track of
``notebooks/00_start_here.ipynb``, in its order. In each lesson the exercise cells carry tags:

- ``exercise``: the cell where the learner writes a prediction (``two_two = ...``);
- ``solution``: the folded solution below it;
- ``check``: the cell that checks the prediction against the engine.

The **student version** leaves out every ``solution`` and ``check`` cell and puts a space for the
answer and its reasoning after each ``exercise`` cell; the lesson's own outputs stay (they are the
lesson, and no exercise's answer is among them: ``tests/test_worksheets.py`` checks that). The
**answer key** is the lesson as it is, every output included. The teacher's note is
``docs/teaching/<lesson>.md`` (learning goals, time, prerequisites, common mistakes).

Formulas are written as MathML (``latex2mathml``), which Chromium draws without a network; the
PDF is printed by the Chromium the browser tests use (``CARDLIB_CHROMIUM``, else
``/usr/bin/chromium``).

>>> kept = student([markdown("Exercise"), code("x = ...", "exercise"),
...                 markdown("<details>…", "solution"), code("assert x", "check")], "en")
>>> for cell in kept:
...     print(cell.source.splitlines()[0][:40])
**Worksheet** · student version. Write y
Exercise
x = ...
✍ **Your answer, and why:**
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import nbconvert as _nbconvert
import nbformat as _nbformat
from latex2mathml.converter import convert as mathml

# nbformat and nbconvert carry no type hints: used through ``Any``.
nbformat: Any = _nbformat
nbconvert: Any = _nbconvert

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEACHING = ROOT / "docs" / "teaching"
OUT = ROOT / "build" / "worksheets"
LANGS = ("en", "ko")
HIDDEN = frozenset({"solution", "check"})

WORDS = {
    "en": {
        "student": "**Worksheet** · student version. Write your answers in the spaces below each "
        "exercise.",
        "key": "**Answer key** · every solution and check, with the engine's outputs.",
        "space": "✍ **Your answer, and why:**",
    },
    "ko": {
        "student": "**학습지** · 학생용. 답은 각 연습 문제 아래 빈칸에 쓰세요.",
        "key": "**정답지** · 모든 풀이와 확인, 엔진의 출력까지 담았습니다.",
        "space": "✍ **내 답과 그 까닭:**",
    },
}

_LINK = re.compile(r"\]\(((?:skat|skitgubbe)/[^)#]+\.ipynb)\)")
_MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$", re.S)


def markdown(source: str, *tags: str) -> Any:
    """A markdown cell with ``tags``."""
    return nbformat.v4.new_markdown_cell(source, metadata={"tags": list(tags)} if tags else {})


def code(source: str, *tags: str) -> Any:
    """A code cell with ``tags``."""
    return nbformat.v4.new_code_cell(source, metadata={"tags": list(tags)} if tags else {})


def tags(cell: Any) -> set[str]:
    """The cell's tags."""
    return set(cell.get("metadata", {}).get("tags", []))


def track() -> list[str]:
    """The lessons of the probability track, in order, as paths under ``notebooks/``: the links
    of the table under "Teach probability" in the start notebook."""
    start = nbformat.read(NOTEBOOKS / "00_start_here.ipynb", as_version=4)
    text = "\n".join(c.source for c in start.cells if c.cell_type == "markdown")
    section = text.split("### Teach probability", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and ".ipynb" in line]
    return [_LINK.findall(row)[0] for row in rows]


def lesson(path: str, lang: str) -> Any:
    """The stored lesson notebook ``path`` in ``lang``."""
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    return nbformat.read(folder / path, as_version=4)


def student(cells: Sequence[Any], lang: str) -> list[Any]:
    """The student version's cells: no solutions, no checks, a space after each exercise."""
    words = WORDS[lang]
    kept = [markdown(words["student"])]
    for cell in cells:
        if tags(cell) & HIDDEN:
            continue
        kept.append(copy.deepcopy(cell))
        if "exercise" in tags(cell):
            kept.append(markdown(words["space"] + "\n\n&nbsp;\n\n&nbsp;\n\n&nbsp;\n\n&nbsp;"))
    return kept


def answer_key(cells: Sequence[Any], lang: str) -> list[Any]:
    """The answer key's cells: the lesson as it is, under a heading that says so."""
    return [markdown(WORDS[lang]["key"]), *copy.deepcopy(list(cells))]


def with_mathml(text: str) -> str:
    """Markdown with its ``$…$`` and ``$$…$$`` formulas written as MathML.

    >>> with_mathml("so $k = 1$.")[:51]
    'so <math xmlns="http://www.w3.org/1998/Math/MathML"'
    """

    def one(match: re.Match[str]) -> str:
        block, inline = match.group(1), match.group(2)
        return mathml(block or inline, display="block" if block else "inline")

    return _MATH.sub(one, text)


def printable(notebook: Any) -> Any:
    """A copy of ``notebook`` ready for print: formulas as MathML, folded solutions open."""
    out = copy.deepcopy(notebook)
    for cell in out.cells:
        if cell.cell_type == "markdown":
            cell.source = with_mathml(cell.source).replace("<details>", "<details open>")
    return out


_PRINT_CSS = """<style>
@page { size: A4; margin: 14mm 12mm; }
body { font-family: "Noto Sans", "Noto Sans CJK KR", "DejaVu Sans", sans-serif; }
.jp-Cell { break-inside: avoid; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.anchor-link { display: none; }
</style>"""


def html_of(notebook: Any) -> str:
    """``notebook`` as one printable HTML page (no input prompts, no script from the network)."""
    exporter = nbconvert.HTMLExporter(template_name="lab", exclude_input_prompt=True,
                            exclude_output_prompt=True)  # fmt: skip
    body, _ = exporter.from_notebook_node(printable(notebook))
    body = re.sub(r"<script[^>]*mathjax[^>]*>.*?</script>", "", body, flags=re.I | re.S)
    return body.replace("</head>", _PRINT_CSS + "</head>", 1)


def note_html(path: Path) -> str:
    """A teacher's note (markdown) as a printable HTML page."""
    inner = nbconvert.filters.markdown2html(with_mathml(path.read_text(encoding="utf-8")))
    return f"<!DOCTYPE html><html><head><meta charset='utf-8'>{_PRINT_CSS}</head>" \
           f"<body>{inner}</body></html>"  # fmt: skip


def print_pdfs(pages: Iterable[Path]) -> None:
    """Print each HTML page to a PDF beside it, in Chromium."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CARDLIB_CHROMIUM", "/usr/bin/chromium")
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page()
        for html in pages:
            page.goto(html.resolve().as_uri())
            page.pdf(path=str(html.with_suffix(".pdf")), format="A4", print_background=True)
        browser.close()


def build(out: Path = OUT, langs: Sequence[str] = LANGS, *, pdf: bool = True) -> list[Path]:
    """Write every worksheet, answer key and teacher's note into ``out``; the files written."""
    written: list[Path] = []
    for lang in langs:
        folder = out / lang
        folder.mkdir(parents=True, exist_ok=True)
        for path in track():
            name = path.removesuffix(".ipynb").replace("/", "-")
            source = lesson(path, lang)
            for kind, cells in (("student", student(source.cells, lang)),
                                ("key", answer_key(source.cells, lang))):  # fmt: skip
                notebook = copy.deepcopy(source)
                notebook.cells = cells
                target = folder / f"{name}.{kind}.ipynb"
                nbformat.write(notebook, target)
                page = target.with_suffix(".html")
                page.write_text(html_of(notebook), encoding="utf-8")
                written += [target, page]
            note = TEACHING / f"{name}.md"
            if lang == "en" and note.exists():
                page = folder / f"{name}.teacher.html"
                page.write_text(note_html(note), encoding="utf-8")
                written.append(page)
    if pdf:
        pages = [p for p in written if p.suffix == ".html"]
        print_pdfs(pages)
        written += [p.with_suffix(".pdf") for p in pages]
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to write (build/worksheets)")
    parser.add_argument("--no-pdf", action="store_true", help="notebooks and HTML only")
    args = parser.parse_args(argv)
    for path in build(args.out, pdf=not args.no_pdf):
        print(path.relative_to(args.out) if path.is_relative_to(args.out) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
