"""Numbers that a lesson's prose states, held to the outputs its cells compute (nbval keeps the
stored outputs equal to a fresh run, so prose and code cannot drift apart)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
OUTPUT = {
    "en": (
        r"bid up to (\d+); pass when the bidding reaches (\d+)",
        r"^(.+?)\s+worth\s+(\d+)",
        "♠ Hand",
    ),
    "ko": (r"(\d+)까지 부르고, 경매가 (\d+)에 이르면 패스", r"^(.+?)\s+점수\s+(\d+)", "♠ 핸드"),
}
"""How lesson 11's cells print the limit and the pass, and each declaration's worth."""
WORDS = {"en": {7: "Seven", 11: "eleven"}, "ko": {7: "일곱", 11: "11"}}
"""How the lessons write the small numbers they state."""


def cells(path: Path) -> list[tuple[str, str]]:
    """Each cell's source and the text of its outputs."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        outputs = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get(
            "text/plain", "")) for o in cell.get("outputs", []))  # fmt: skip
        found.append(("".join(cell["source"]), outputs))
    return found


def output_of(notebook: list[tuple[str, str]], code: str) -> str:
    """The output of the one cell whose source contains ``code``."""
    [out] = [output for source, output in notebook if code in source]
    return out


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_lesson_11_states_the_limit_the_pass_and_the_covering_games_its_cells_compute(
    lang: str,
) -> None:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    notebook = cells(folder / "skat" / "11_bidding_strategy.ipynb")
    prose = "\n".join(
        source for source, output in notebook if not output and "import" not in source
    )
    said_stop, said_worth, spades_hand = OUTPUT[lang]
    stop = re.search(said_stop, output_of(notebook, "stop = max("))
    assert stop is not None
    limit, passes = stop.groups()
    if lang == "en":
        assert (
            f"bids up to {limit}, the value of the spades Hand game, and passes at {passes}"
            in prose
        )
    else:
        assert f"{limit}까지 부르고 {passes}에서 패스합니다" in prose
    worths = dict(re.findall(said_worth, output_of(notebook, "def declarations("), re.M))
    more = WORDS[lang][int(worths[spades_hand]) - int(worths["♠"])]
    covering = WORDS[lang][len(output_of(notebook, "covering = [").strip().split(", "))]
    if lang == "en":
        assert f"declared Hand, covers {more} more than after picking up" in prose
        assert f"{covering} declarations cover 59" in prose
    else:
        assert f"핸드로\n선언하면 스카트를 집어 들 때보다 {more}을 더 감당합니다" in prose
        assert f"59를 감당하는 선언은 {covering} 개입니다" in prose


def test_the_strategy_lesson_states_the_differences_and_counts_its_cells_compute() -> None:
    notebook = cells(NOTEBOOKS / "skitgubbe" / "05_strategy.ipynb")
    prose = " ".join(" ".join(source for source, output in notebook if not output).split())
    printed = "\n".join(output for _, output in notebook)
    found = {
        name: (float(value), float(low), float(high))
        for name, value, low, high in re.findall(
            r"^(.+?): (-?[\d.]+) \(95% CI (-?[\d.]+) to (-?[\d.]+);", printed, re.M
        )
    }

    def signed(x: float) -> str:
        return f"{x:+.2f}".replace("-", "−") if round(x, 2) else "0.00"

    value, low, high = found["highest first"]
    assert f"loses {value:.2f} more games per deal (interval {low:.2f} to {high:.2f})" in prose
    assert f"playing at random ({found['random play'][0]:.2f})" in prose
    value, low, high = found["lowest, even trumps"]
    assert f"costs {value:.2f} (interval {low:.2f} to {high:.2f})" in prose
    value, low, high = found["always beat"]
    assert f"({signed(value).lstrip('+')}, interval {signed(low)} to {signed(high)})" in prose
    assert all(low <= 0 <= high for name, (_, low, high) in found.items() if name in (
        "phase 1 at random", "take everything", "take nothing", "always stunsa", "never stunsa"
    )), "the lesson says every phase-1 interval contains 0"  # fmt: skip
    trumps = dict(re.findall(r"^\s*(.+?): ([\d.]+) trumps at phase 2", printed, re.M))
    said = (
        f"({trumps['take everything']} trumps for *take everything*, "
        f"{trumps['take nothing']} for *take nothing*, against {trumps['heuristic']})"
    )
    assert said in prose
    moves = r"(♠J|♦3|♠5|turning up)[^,;.]*? in (\d+) of 40"
    counts = {move: int(n) for move, n in re.findall(moves, printed)}
    assert (f"♠J, the skitgubbe in {counts['♠J']} of its 40 games, against {counts['♦3']} for ♦3 "
            f"and {counts['♠5']} for ♠5 or turning up") in prose  # fmt: skip
    assert counts["♠5"] == counts["turning up"]
