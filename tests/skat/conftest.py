"""Shared by the Skat tests: the collector of every text a person reads from a deal."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _load_texts() -> ModuleType:
    """``tests/skat/texts.py`` as a module (the tests are no package, so it is loaded by path)."""
    name = "skat_texts"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("texts.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def skat_texts() -> ModuleType:
    """:mod:`texts`: ``collect``, ``read`` and ``human_texts`` of a finished Skat deal."""
    return _load_texts()
