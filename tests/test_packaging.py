"""Packaging: environment.yml follows pyproject.toml, and ``import cardlib`` stays light."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("matplotlib", "sympy", "ipywidgets", "IPython", "numpy", "tqdm", "dask", "distributed")
# Front ends (modules or packages) that exist to import a heavy package; imported only on use.
LAZY_FRONT_ENDS = {"widgets"}


def test_environment_yml_is_what_pyproject2conda_makes_of_pyproject(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    subprocess.run(
        [sys.executable, "-m", "pyproject2conda", "project", "--overwrite", "force"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    fresh = (tmp_path / "environment.yml").read_text()
    committed = (ROOT / "environment.yml").read_text()
    assert committed == fresh, "environment.yml is out of date: run `make environment`"


def requirement_name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert match is not None, requirement
    return match.group(0).lower()


def test_environment_yml_is_conda_forge_python_311_and_installs_the_project() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert environment["name"] == "cardlib"
    assert environment["channels"] == ["conda-forge"]
    conda = [dep for dep in environment["dependencies"] if isinstance(dep, str)]
    [pip] = [dep["pip"] for dep in environment["dependencies"] if isinstance(dep, dict)]
    assert pip[0] == "-e ."
    python = next(dep for dep in conda if requirement_name(dep) == "python")
    assert set(python.removeprefix("python").split(",")) == {">=3.11", "<3.12"}
    wanted = project["dependencies"] + project["optional-dependencies"]["lab"]
    # What conda-forge does not carry (the Hangul font, JupyterLab's language packs) comes by pip.
    pip_only = {name.lower() for name in tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "tool"]["pyproject2conda"]["dependencies"]}  # fmt: skip
    assert {requirement_name(dep) for dep in pip[1:]} == pip_only
    assert {requirement_name(dep) for dep in conda} == {
        "python",
        "pip",
        *map(requirement_name, wanted),
    } - pip_only


IMPORT_PROBE = """
import importlib, json, sys, time
start = time.perf_counter()
for module in sys.argv[2:]:
    importlib.import_module(module)
seconds = time.perf_counter() - start
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(sys.argv[1])))
print(json.dumps({"seconds": seconds, "heavy": heavy, "modules": len(sys.modules)}))
"""


def probe_import(*modules: str) -> dict[str, Any]:
    """Import ``modules`` in a fresh interpreter: how long it took, which heavy packages came."""
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_PROBE, json.dumps(HEAVY), *modules],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    probe: dict[str, Any] = json.loads(result.stdout)
    return probe


def test_import_cardlib_is_light() -> None:
    """What ``import cardlib`` loads; benchmarks/import_time.py measures its time (0.3 s target)."""
    bare = probe_import()
    light = probe_import("cardlib", "cardlib.display", "cardlib.skat.engine.facts")
    assert light["heavy"] == []
    # Small modules, each one fact (the engine's phases, doubling, value, events...): 74 modules
    # at the split into them, and half the import time of the 65 larger ones before it.
    assert light["modules"] - bare["modules"] < 80


def module_name(path: Path) -> str:
    """``cardlib/skat/engine/facts.py`` -> ``cardlib.skat.engine.facts``; a package: its folder."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_rules_and_command_line_modules_import_no_heavy_package() -> None:
    modules = [
        module_name(path)
        for path in sorted((ROOT / "cardlib").rglob("*.py"))
        if not LAZY_FRONT_ENDS & set(path.relative_to(ROOT / "cardlib").parts)
    ]
    assert {"cardlib.skat", "cardlib.skat.engine.facts", "cardlib.cli.odds"} <= set(modules)
    assert probe_import(*modules)["heavy"] == []
