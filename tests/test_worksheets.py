"""The teachers' worksheets (``tools/worksheets.py``): no student version gives an answer away,
each runs as it is handed out, and the answer keys are the lessons, checks and all."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tests.loading import load

ROOT = Path(__file__).resolve().parent.parent


ws = load(ROOT / "tools" / "worksheets.py")

# Each exercise's answer, in the forms its solution writes it (the source: the solution cells of
# the lessons; the first test holds each form to its solution, so this list cannot go stale).
# Two forms are left out on purpose, as cardlib's decision: 5/11 (08, exercise 2) is also the
# lesson's chance that one card lies in a given ten-card hand of 10 + 10 + 2, another question;
# 1/323 (14, exercise 1) is the 7-0 term the lesson works out for the blank 9, and the exercise
# asks the learner to see that the blank 8 is that term alone.
ANSWERS = {
    "skat/07_whats_in_the_skat.ipynb": [["57/231", "19/77", "24.7%"], ["90/11", "8.18"]],
    "skat/08_trump_distribution.ipynb": [["405/1463", "2025/7315", "27.7"], ["30/66", "45.5"]],
    "skat/13_what_the_play_reveals.ipynb": [["(5, 0), with chance 1"], ["9/12 = 3/4"]],
    "skat/14_null_safety.ipynb": [["240/77520", "0.31"], ['{"7-8-10", "7-9-10-Q"}']],
    "skat/20_what_the_bidding_reveals.ipynb": [["20.5%", "36.8%"], ["49.0%", "22.5%", "62.5%"]],
    "skitgubbe/03_chance_and_simulation.ipynb": [["Still 1/17"], ["2,135", "2134.3"]],
    "skitgubbe/04_is_it_chance.ipynb": [["3/10", "26.5"], ["2,064"]],
}


def text(cell: Any) -> str:
    """A cell's source and the text of its outputs."""
    parts = [cell.source]
    for output in cell.get("outputs", []):
        parts.append("".join(output.get("text", "")))
        parts += ["".join(value) for key, value in output.get("data", {}).items()
                  if key.startswith("text/")]  # fmt: skip
    return "\n".join(parts)


def test_the_track_is_the_start_notebooks_and_every_answer_is_listed_from_its_solution() -> None:
    assert ws.track() == list(ANSWERS)
    for path, answers in ANSWERS.items():
        solutions = [c for c in ws.lesson(path, "en").cells if "solution" in ws.tags(c)]
        assert len(solutions) == len(answers), path
        for solution, forms in zip(solutions, answers, strict=True):
            for form in forms:
                assert form in solution.source, (path, form)


@pytest.mark.parametrize("lang", ws.LANGS)
@pytest.mark.parametrize("path", list(ANSWERS))
def test_every_exercise_is_tagged_prediction_then_solution_then_check(path: str, lang: str) -> None:
    cells = ws.lesson(path, lang).cells
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and cell.source.startswith("<details>"):
            assert ws.tags(cell) == {"solution"}, (path, i)
            assert "check" in ws.tags(cells[i + 1]) and cells[i + 1].cell_type == "code"
            assert "exercise" in ws.tags(cells[i - 1]) and " = ..." in cells[i - 1].source
    solutions = [c for c in cells if "solution" in ws.tags(c)]
    assert len(solutions) == len(ANSWERS[path])


@pytest.mark.parametrize("lang", ws.LANGS)
@pytest.mark.parametrize("path", list(ANSWERS))
def test_no_student_version_gives_an_answer_away(path: str, lang: str) -> None:
    source = ws.lesson(path, lang)
    sheet = ws.student(source.cells, lang)
    assert not [c for c in sheet if ws.tags(c) & ws.HIDDEN]
    whole = "\n".join(text(c) for c in sheet)
    assert "<details>" not in whole
    if lang == "en":  # the forms are the English solutions' (numbers read the same in Korean)
        for forms in ANSWERS[path]:
            for form in forms:  # as a number of its own: 3/4 is not in 13/4
                assert not re.search(rf"(?<![\d.,/]){re.escape(form)}(?![\d/])", whole), form
    exercises = [c for c in source.cells if "exercise" in ws.tags(c)]
    spaces = [c for c in sheet if c.source.startswith(ws.WORDS[lang]["space"])]
    assert len(spaces) == len(exercises) == len(ANSWERS[path])
    # the answer key is the lesson itself (its checks run under nbval with every notebook)
    key = ws.answer_key(source.cells, lang)
    assert [c.source for c in key[1:]] == [c.source for c in source.cells]
    assert [c.get("outputs") for c in key[1:]] == [c.get("outputs") for c in source.cells]


@pytest.mark.parametrize("path", list(ANSWERS))
def test_each_student_version_runs_as_handed_out(path: str, tmp_path: Path) -> None:
    notebook = ws.lesson(path, "en")
    notebook.cells = ws.student(notebook.cells, "en")
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    folder = (ROOT / "notebooks" / path).parent
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})  # fmt: skip
    client.execute()
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]  # fmt: skip
    assert not errors


def test_the_build_writes_notebooks_pages_and_teachers_notes(tmp_path: Path) -> None:
    written = ws.build(tmp_path, pdf=False)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    for lang in ws.LANGS:
        for path in ANSWERS:
            stem = path.removesuffix(".ipynb").replace("/", "-")
            for kind in ("student", "key"):
                assert f"{lang}/{stem}.{kind}.ipynb" in names
                page = (tmp_path / lang / f"{stem}.{kind}.html").read_text(encoding="utf-8")
                assert not re.search(r"<script[^>]*mathjax", page, re.I)
                sheet = nbformat.read(tmp_path / lang / f"{stem}.{kind}.ipynb", 4)
                formulas = sum(len(ws._MATH.findall(c.source)) for c in sheet.cells
                               if c.cell_type == "markdown")  # fmt: skip
                assert page.count("<math ") >= formulas
                assert not any(ws._MATH.search(c.source) for c in ws.printable(sheet).cells
                               if c.cell_type == "markdown")  # fmt: skip
    for path in ANSWERS:
        stem = path.removesuffix(".ipynb").replace("/", "-")
        assert f"en/{stem}.teacher.html" in names
        note = (ws.TEACHING / f"{stem}.md").read_text(encoding="utf-8")
        for heading in ("Learning goals", "Time", "Prerequisites", "Common mistakes"):
            assert f"## {heading}" in note, (stem, heading)
    sheet = nbformat.read(tmp_path / "en" / "skat-07_whats_in_the_skat.student.ipynb", 4)
    assert sheet.cells[0].source == ws.WORDS["en"]["student"]
