"""What a replayed ISS record says to its reader: how the game ended, in the reader's words, and
each field of the server's result beside cardlib's as a table whose headers are cardlib's words
(worded in the current language) and whose fields and values are the server's own codes.

>>> table = FieldTable((("outcome", "win", "win"), ("v", "96", "-96")))
>>> print(table)
  field  cardlib  server
outcome      win     win  ✓
      v       96     -96  ✗
>>> from cardlib.i18n import language
>>> with language("de"):
...     print(ENDINGS["claimed"], str(table).splitlines()[0])
abgekürzt    Feld  cardlib  Server
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.display.tables import html_table
from cardlib.display.width import columns, rjust
from cardlib.i18n import Msg, Term

__all__ = ["ENDINGS", "FieldTable"]

ENDINGS: dict[str, Msg] = {
    "passed": Term("ending of a game", "passed"),
    "played": Term("ending of a game", "played"),
    "claimed": Term("ending of a game", "claimed"),
    "resigned": Term("ending of a game", "resigned"),
    "left": Term("ending of a game", "left"),
    "timed out": Term("ending of a game", "timed out"),
    "penalty": Term("ending of a game", "penalty"),
}
"""The words for :attr:`~cardlib.skat.iss.Replay.ending`, by its code."""

AGREE, DIFFER = "✓", "✗"


@dataclass(frozen=True, slots=True)
class FieldTable:
    """``(field, cardlib's value, the server's value)`` for each field of the server's
    ``R[...]``; shown as a table with a mark for each row, ✓ where the two agree."""

    rows: tuple[tuple[str, str, str], ...]

    def headers(self) -> list[str]:
        """The column headers in the current language (``cardlib`` is a name)."""
        return [
            # Translators: a table's header: a field of an ISS game's result (outcome, v, ...).
            str(Msg("field")),
            "cardlib",
            # Translators: a table's header: the field's value as the ISS server wrote it.
            str(Msg("server")),
        ]

    def __str__(self) -> str:
        headers = self.headers()
        table = [headers, *([field, ours, theirs] for field, ours, theirs in self.rows)]
        widths = [max(columns(row[column]) for row in table) for column in range(3)]
        marks = ["", *(AGREE if ours == theirs else DIFFER for _f, ours, theirs in self.rows)]
        return "\n".join(
            "  ".join(rjust(text, size) for text, size in zip(row, widths, strict=True))
            + (f"  {mark}" if mark else "")
            for row, mark in zip(table, marks, strict=True)
        )

    __repr__ = __str__

    def _repr_html_(self, include: Any = None, exclude: Any = None) -> str:
        rows = [[*row, AGREE if row[1] == row[2] else DIFFER] for row in self.rows]
        return html_table([*self.headers(), ""], rows, align="lrrc", code=(0, 1, 2))
