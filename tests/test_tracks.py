"""The three tracks of the start notebook and the notebooks in them agree: every lesson and app is
in exactly one track; its heading names that track, its place ("lesson 3 of 5"), the reading time
and what to read first as the track's table does; its *Back* and *Next* links follow the track's
order; an app is linked so that it opens against the beginner opponents; and the Korean notebooks
link to the notebooks the English ones link to."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ROW = re.compile(r"^\| (?P<label>[^|]+?) \| \[(?P<title>[^\]]+)\]"
                 r"\((?P<path>[^)?]+)(?P<query>\?[^)]*)?\) \|"
                 r" [^|]+ \| (?P<first>[^|]+) \| (?P<minutes>\d+) \|$", re.M)  # fmt: skip
LINK = re.compile(r"\]\(([^)]+)\)")
NAMED = re.compile(r"(Skat|Skitgubbe) (\d+(?:(?: and | to |, )\d+)*)")


def cell(path: Path, index: int) -> str:
    return "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][index]["source"])


def tracks() -> dict[str, list[dict[str, str]]]:
    """Each track's rows, in order, from the start notebook's tables."""
    text = cell(NOTEBOOKS / "00_start_here.ipynb", 42)
    found = {}
    for part in text.split("\n### ")[1:]:
        name, _, body = part.partition("\n")
        found[name.strip()] = [match.groupdict() for match in ROW.finditer(body)]
    return found


def named(words: str) -> set[str]:
    """The notebooks a table's *You need first* names: 'Skat 10 and 2' → skat/10, skat/02."""
    found = set()
    for game, numbers in NAMED.findall(words):
        parts = [int(n) for n in re.findall(r"\d+", numbers)]
        if " to " in numbers:
            parts = list(range(parts[0], parts[-1] + 1))
        found |= {f"{game.lower()}/{n:02d}" for n in parts}
    return found


def linked(words: str) -> set[str]:
    """The lessons a heading links to, as game/number."""
    return {m[0] + "/" + m[1] for m in re.findall(r"(skat|skitgubbe)/(\d+)_", words)}


def test_every_lesson_and_app_is_in_exactly_one_track() -> None:
    listed = [row["path"] for rows in tracks().values() for row in rows]
    on_disk = sorted(
        str(path.relative_to(NOTEBOOKS))
        for folder in ("skat", "skitgubbe", "apps")
        for path in (NOTEBOOKS / folder).glob("*.ipynb")
    )
    assert sorted(listed) == on_disk


@pytest.mark.parametrize("track", list(tracks()))
def test_each_heading_and_its_links_follow_the_tracks_table(track: str) -> None:
    rows = tracks()[track]
    lessons = [row for row in rows if row["label"] != "▶"]
    for row in rows:
        path = NOTEBOOKS / row["path"]
        head = cell(path, 0)
        assert f"**Track:** [{track}](../00_start_here.ipynb#Three-tracks)" in head, row["path"]
        time = re.search(r"\*\*(?:Reading|Playing) time:\*\* about (\d+) minutes", head)
        assert time is not None and time.group(1) == row["minutes"], row["path"]
        if row["label"] == "▶":
            assert row["query"] == "?opponents=heuristic", row["path"]
        else:
            place = lessons.index(row) + 1
            assert f"lesson {place} of {len(lessons)}" in head, row["path"]
            if row["first"] != "this notebook":
                need = head.split("**You need first:**")[1].split("**Reading time")[0]
                assert linked(need) == named(row["first"]), row["path"]
    order = ["00_start_here.ipynb", *(row["path"] for row in rows), "00_start_here.ipynb"]
    for back, row, after in zip(order, order[1:], order[2:], strict=False):
        links = LINK.findall(cell(NOTEBOOKS / row, -1))
        assert [Path(re.split("[#?]", link)[0]).name for link in links] == [
            Path(back).name,
            Path(after).name,
        ], row


def test_the_korean_notebooks_link_where_the_english_ones_do() -> None:
    for path in sorted(NOTEBOOKS.glob("*/*.ipynb")):
        if path.parent.name == "ko" or path.parent.name.startswith("."):
            continue  # checkpoints a running JupyterLab saves are not lessons
        korean = NOTEBOOKS / "ko" / path.relative_to(NOTEBOOKS)
        for index in (0, -1):
            files = [  # anchors are translated headings; links to an app ask for ?lang=ko
                [
                    target
                    for link in LINK.findall(cell(notebook, index))
                    if (target := re.split("[#?]", link)[0]).endswith(".ipynb")
                ]
                for notebook in (korean, path)
            ]
            assert files[0] == files[1], (korean, index)
