"""The repository stands alone: nothing in it reads a folder beside it."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = "/".join(["..", "shar" + "ed"])  # spelt in parts, so this file does not name it


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_tracked_file_mentions_the_folder_beside_the_repository() -> None:
    files = tracked_files()
    assert len(files) > 100
    mentions = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        mentions += [
            f"{path.relative_to(ROOT)}:{number}"
            for number, line in enumerate(text.splitlines(), 1)
            if OUTSIDE in line
        ]
    assert mentions == []


def test_the_data_the_suite_reads_is_in_the_repository() -> None:
    assert (ROOT / "cardlib" / "data" / "iss" / "sample-records.sgf").is_file()
    dds = {p.name for p in (ROOT / "tests" / "data" / "dds").glob("*.txt")}
    sizes = ("one", "two", "three", "four", "five", "six", "seven")
    assert dds == {"full_game.txt", *(f"{n}_cards.txt" for n in sizes)}
