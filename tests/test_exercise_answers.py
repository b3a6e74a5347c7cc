"""Each exercise's folded solution states an answer; its check cell compares the learner's
prediction with the engine, never with a literal. This test reads the answer from the solution's
text, writes it into the exercise cell as a learner would, runs the lesson and requires the check
to accept it: the solution's words and the engine cannot drift apart, and no check cell needs to
spell the answer out."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

# Per lesson, per exercise: the words the solution says the answer in, and the same answer as
# the exercise cell's Python (the first is looked up in the solution, the second is run).
ANSWERS = {
    "skat/07_whats_in_the_skat.ipynb": [
        ("= 19/77", "one_ace = Fraction(19, 77)"),
        ("90/11", "expected_points = Fraction(90, 11)"),
    ],
    "skat/08_trump_distribution.ipynb": [
        ("405/1463", "two_two = Fraction(405, 1463)"),
        ("= 5/11", "both_with_one = Fraction(5, 11)"),
    ],
    "skat/13_what_the_play_reveals.ipynb": [
        ("**(5, 0), with chance 1.**", "split_if_no_trumps = (5, 0)"),
        ("**9/12 = 3/4**", "rh_holds_club_ace = Fraction(3, 4)"),
    ],
    "skat/14_null_safety.ipynb": [
        ("= 1/323", "blank_eight = Fraction(1, 323)"),
        ('So `{"7-8-10", "7-9-10-Q"}`', 'safe_ones = {"7-8-10", "7-9-10-Q"}'),
    ],
    "skat/15_the_sampling_player.ipynb": [
        ("**♥A again.**", 'seed_2_card = "HA"'),
        ("**None: 0.", "null_more_than_ouvert = 0"),
    ],
    "skat/20_what_the_bidding_reveals.ipynb": [
        ("**About 20.5%**", "two_jacks_if_passed = 20.5"),
        ("**24**, but only", "likeliest_limit = 24"),
    ],
    "skitgubbe/01_phase_one_and_stunsa.ipynb": [
        ("**B takes 4 cards.**", "taker = Seat.B\ncards_taken = 4"),
        ("**B leads.**", "next_leader = Seat.B"),
    ],
    "skitgubbe/02_phase_two_beating.ipynb": [
        ("**♠K and ♠Q.**", 'my_beaters = "SK SQ"'),
        ("**♣9, and A must beat it.**", 'my_top_card = "C9"\nmy_next_player = Seat.A'),
    ],
    "skitgubbe/05_strategy.ipynb": [
        ("**More**, by far.", 'highest_first = "more"'),
        ("**About 2,000.**", "deals_for_three_hundredths = 2000"),
    ],
}
RIGHT = ("Right", "Your prediction is right.")


def _exercise_cells(notebook: nbformat.NotebookNode) -> list[tuple[int, int]]:
    """(exercise cell, its solution cell) pairs: the code cell with ``= ...`` before each
    ``<details>`` solution."""
    pairs = []
    cells = notebook.cells
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and cell.source.startswith("<details>"):
            before = [j for j in range(i) if cells[j].cell_type == "code"]
            exercise = next(j for j in reversed(before) if " = ..." in cells[j].source)
            pairs.append((exercise, i))
    return pairs


@pytest.mark.parametrize("path", list(ANSWERS))
def test_the_answer_each_solution_states_passes_its_check(path: str) -> None:
    notebook = nbformat.read(NOTEBOOKS / path, as_version=4)
    pairs = _exercise_cells(notebook)
    assert len(pairs) == len(ANSWERS[path])
    checks = []
    for (exercise, solution), (words, code) in zip(pairs, ANSWERS[path], strict=True):
        assert words in notebook.cells[solution].source, (path, words)
        cell = notebook.cells[exercise]
        for line in code.splitlines():
            name = line.split(" = ", 1)[0]
            cell.source, found = re.subn(rf"^{name} = \.\.\..*$", line, cell.source, flags=re.M)
            assert found == 1, (path, name)
        check = next(j for j in range(solution + 1, len(notebook.cells))
                     if notebook.cells[j].cell_type == "code")  # fmt: skip
        checks.append(check)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    folder = str((NOTEBOOKS / path).parent)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": folder}})  # fmt: skip
    client.execute()
    for check in checks:
        said = "".join(o.get("text", "") for o in notebook.cells[check].outputs)
        assert said.startswith(RIGHT), (path, check, said)


@pytest.mark.parametrize("path", list(ANSWERS))
def test_no_check_cell_spells_out_its_answer(path: str) -> None:
    notebook = nbformat.read(NOTEBOOKS / path, as_version=4)
    pairs = _exercise_cells(notebook)
    for (_, solution), (_, code) in zip(pairs, ANSWERS[path], strict=True):
        check = next(j for j in range(solution + 1, len(notebook.cells))
                     if notebook.cells[j].cell_type == "code")  # fmt: skip
        for line in code.splitlines():
            value = line.split(" = ", 1)[1]
            alone = rf"(?<![\w.]){re.escape(value)}(?!\w)"
            assert not re.search(alone, notebook.cells[check].source), (path, value)
