"""The code map in docs/index.md names every module of cardlib/, once, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_code_map_names_every_module_and_only_those() -> None:
    listed = re.findall(r"^- `([\w/]+\.py)`: \S", (ROOT / "docs" / "index.md").read_text(), re.M)
    modules = sorted(str(p.relative_to(ROOT / "cardlib")) for p in (ROOT / "cardlib").rglob("*.py"))
    assert len(listed) == len(set(listed))
    assert sorted(listed) == modules
