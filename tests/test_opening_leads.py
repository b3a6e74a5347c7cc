"""The opening leads lesson 19 scores (``cardlib/data/defence/opening_leads.json``): re-running
``tools/opening_leads.py`` on a few of its deals gives the stored answers."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardlib import data

ROOT = Path(__file__).resolve().parents[1]


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "opening_leads", ROOT / "tools" / "opening_leads.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
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
