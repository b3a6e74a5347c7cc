"""Each doctest runs once, in the module that defines it: a facade's guarded copy of a function
(``cardlib/calls.py``) carries the same docstring, and is named after the facade so that it
pickles, but its examples are the defining module's."""

from __future__ import annotations

import sys

import pytest
from _pytest.doctest import DoctestItem


def _a_facade_copy(item: pytest.Item) -> bool:
    if not isinstance(item, DoctestItem) or item.dtest is None:
        return False
    module, _, name = item.dtest.name.rpartition(".")
    found = getattr(sys.modules.get(module), name, None)
    original = getattr(found, "__wrapped__", None)
    return (
        bool(getattr(found, "__guarded__", False))
        and getattr(original, "__module__", module) != module
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items[:] = [item for item in items if not _a_facade_copy(item)]
