"""The opening leads lesson 19 scores (``cardlib/data/defence/opening_leads.json``): re-running
``tools/opening_leads.py`` on a few of its deals gives the stored answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib import data
from tests.loading import load

ROOT = Path(__file__).resolve().parents[1]


tool = load(ROOT / "tools" / "opening_leads.py")
STORED = json.loads(data.path("defence/opening_leads.json").read_text(encoding="utf-8"))
DECIDED = [
    found for found in STORED["positions"] if len(set(found["declarer_reaches_61"].values())) == 2
]


def test_the_file_names_the_command_and_seeds_that_made_it() -> None:
    assert STORED["command"] == tool.COMMAND.format(seeds=STORED["seeds"])
    seeds = [found["seed"] for found in STORED["positions"]]
    assert seeds == sorted(set(seeds)) and seeds[-1] < STORED["seeds"]
    left_out = [seed for seed in range(STORED["seeds"]) if seed not in seeds]
    assert all(tool.opening_lead(seed) is None for seed in left_out[:5])


@pytest.mark.parametrize(
    "found", [*DECIDED[:2], STORED["positions"][0]], ids=lambda f: str(f["seed"])
)
def test_re_solving_a_stored_deal_gives_its_answers(found: dict[str, object]) -> None:
    assert tool.opening_lead(found["seed"]) == found
