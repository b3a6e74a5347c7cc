"""Data files that ship with cardlib, found wherever it is installed.

>>> from cardlib import data
>>> data.path("iss/sample-records.sgf").name
'sample-records.sgf'
>>> sum(1 for line in data.path("iss/sample-records.sgf").read_text().splitlines() if line)
11
>>> data.path("iss/missing.sgf")  # doctest: +ELLIPSIS
Traceback (most recent call last):
cardlib.errors.RulesError: no data file 'iss/missing.sgf' in cardlib: there are defence/...
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from cardlib.errors import RulesError
from cardlib.i18n import Msg

__all__ = ["files", "path"]


def files() -> list[str]:
    """Every data file that ships with cardlib, as a path relative to this package."""
    root = resources.files(__name__)
    found: list[str] = []
    stack = [(root, "")]
    while stack:
        folder, prefix = stack.pop()
        for entry in folder.iterdir():
            name = prefix + entry.name
            if entry.is_dir():
                if entry.name != "__pycache__":
                    stack.append((entry, name + "/"))
            elif not entry.name.endswith((".py", ".pyc")):
                found.append(name)
    return sorted(found)


def path(name: str) -> Path:
    """The file system path of a data file, e.g. ``path("iss/sample-records.sgf")``."""
    target = resources.files(__name__).joinpath(*name.split("/"))
    if not target.is_file():
        raise RulesError(
            Msg(
                "no data file {name} in cardlib: there are {items}",
                name=repr(name),
                items=", ".join(files()),
            )
        )
    return Path(str(target))
