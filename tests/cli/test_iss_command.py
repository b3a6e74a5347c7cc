"""``python -m cardlib iss`` when things go wrong: a damaged archive in the middle of a run (what
was read before the break is counted, the break is named by file, byte and line, and the run ends
with status 1 and no traceback), and a scheduler address that is not one.

The archives are made here from the sample records: gzip and bzip2 files cut short, one with a
byte overwritten in its compressed data, one that is not gzip at all.
"""

from __future__ import annotations

import bz2
import gzip
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib import data
from cardlib.cli.iss import Summary, replay_files

SAMPLE = data.path("iss/sample-records.sgf").read_text(encoding="utf-8")
SAMPLE_GAMES = len([line for line in SAMPLE.splitlines() if line.strip()])
MANY = SAMPLE * 300  # large enough that the break lies far past the first decoded chunk


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    good = tmp_path / "good.gz"
    good.write_bytes(gzip.compress(SAMPLE.encode()))
    many = gzip.compress(MANY.encode())
    truncated = tmp_path / "truncated.gz"
    truncated.write_bytes(many[: len(many) // 2])
    damaged = tmp_path / "damaged.gz"
    flipped = bytearray(many)
    flipped[len(many) // 2] ^= 0xFF
    damaged.write_bytes(bytes(flipped))
    not_gzip = tmp_path / "not-gzip.gz"
    not_gzip.write_text("this is not gzip\n")
    many_bz2 = bz2.compress(MANY.encode())
    truncated_bz2 = tmp_path / "truncated.bz2"
    truncated_bz2.write_bytes(many_bz2[: len(many_bz2) * 3 // 4])  # past bzip2's first block
    return {"good": good, "truncated": truncated, "damaged": damaged, "not_gzip": not_gzip,
            "truncated_bz2": truncated_bz2}  # fmt: skip


@pytest.mark.parametrize("name", ["truncated", "truncated_bz2"])
def test_the_records_before_a_break_are_counted(files: dict[str, Path], name: str) -> None:
    broken = files[name]
    paths = [str(files["good"]), str(broken), str(files["good"])]
    summary = replay_files(paths, Summary())
    read_from_broken = summary.games - 2 * SAMPLE_GAMES
    assert 0 < read_from_broken < 300 * SAMPLE_GAMES
    assert summary.agreements == summary.games
    (where,) = summary.broken
    assert where.path == str(broken)
    assert 0 < where.offset <= broken.stat().st_size
    assert where.line > read_from_broken  # the line it could not read follows those it read


def test_damaged_data_is_read_up_to_where_the_damage_is_found(files: dict[str, Path]) -> None:
    # A byte overwritten in deflate data may decode to garbage before gzip's checksum finds it:
    # those lines are counted as records cardlib cannot accept; the break is still named.
    broken = files["damaged"]
    summary = replay_files([str(files["good"]), str(broken), str(files["good"])], Summary())
    assert summary.agreements > 2 * SAMPLE_GAMES
    (where,) = summary.broken
    assert where.path == str(broken)
    assert 0 < where.offset <= broken.stat().st_size


def test_a_file_that_is_not_gzip_breaks_at_its_first_line(files: dict[str, Path]) -> None:
    summary = replay_files([str(files["not_gzip"]), str(files["good"])], Summary())
    assert summary.games == SAMPLE_GAMES
    (where,) = summary.broken
    assert (where.path, where.line) == (str(files["not_gzip"]), 1)


def test_workers_count_the_same_records_before_a_break(files: dict[str, Path]) -> None:
    paths = [str(files["good"]), str(files["truncated"]), str(files["good"])]
    here = replay_files(paths, Summary())
    on_two = replay_files(paths, Summary(), workers=2, chunk=50)
    assert (on_two.games, on_two.agreements, on_two.broken) == (
        here.games,
        here.agreements,
        here.broken,
    )


def test_the_command_prints_the_summary_names_the_break_and_exits_1(
    files: dict[str, Path],
) -> None:
    broken = files["truncated"]
    run = subprocess.run(
        [sys.executable, "-m", "cardlib", "--lang", "en", "iss", "--no-progress",
         str(files["good"]), str(broken)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    first, games = run.stdout.splitlines()[:2]
    assert first.startswith(f"{broken} is cut short or damaged at byte ")
    assert "the records before it are counted" in first
    counted = int(games.removeprefix("games: "))
    assert counted > SAMPLE_GAMES


def test_a_malformed_scheduler_address_is_one_line_not_a_traceback() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cardlib", "--lang", "en", "iss", "--scheduler", "junk"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        "error: cannot reach the Dask scheduler at 'junk': missing port number in address 'junk'"
    ]
