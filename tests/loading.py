"""Loading a script that is no package module (a tool, another test file) by its path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load(path: Path, name: str | None = None) -> ModuleType:
    """The module in ``path``, run once and registered as ``name`` (default: the file's stem).

    >>> load(ROOT / "tools" / "worksheets.py").__name__
    'worksheets'
    """
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
