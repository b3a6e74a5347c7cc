"""Plain HTML tables for Jupyter: what the probability and estimate objects show in a notebook.

Every table is built the same way, with no ids, styles or pictures, so the same object always
gives the same text (stored notebooks compare equal) and any exporter can show it.

>>> table = html_table(["split", "probability"], [["2-1", "9/11"]], caption="3 cards", align="lr")
>>> plain = table.replace(' style="text-align:left"', "").replace(' style="text-align:right"', "")
>>> print(plain.replace(f' style="{_CAPTION}"', ""))
<table>
<caption>3 cards</caption>
<thead><tr><th>split</th><th>probability</th></tr></thead>
<tbody>
<tr><td>2-1</td><td>9/11</td></tr>
</tbody>
</table>
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

__all__ = ["html_table", "key_text", "percent"]

_CAPTION = "text-align:left; white-space:nowrap"


def key_text(key: object) -> str:
    """How an outcome is written in tables: ``3``, ``'3-2'`` for a split ``(3, 2)``.

    >>> key_text(3), key_text((3, 2)), key_text((2, 2, 1))
    ('3', '3-2', '2-2-1')
    """
    if isinstance(key, tuple):
        return "-".join(str(part) for part in key)
    return str(key)


def percent(p: Fraction | float, digits: int = 2) -> str:
    """A probability as a percentage with a fixed number of decimals.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 8), 1)
    ('33.33%', '12.5%')
    """
    return f"{float(p) * 100:.{digits}f}%"


def html_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    caption: str = "",
    align: str = "",
    notes: Sequence[str] = (),
    code: Sequence[int] = (),
) -> str:
    """An HTML table: a caption, one header row, one row per item, and notes under it.

    ``align`` gives one letter per column, ``l`` or ``r`` (default: the first column left, the
    rest right); the cells of the columns numbered in ``code`` are shown as code (notation, such
    as a record's own field codes). Every text is escaped.

    >>> html_table(["field"], [["outcome"]], code=(0,)).splitlines()[3]
    '<tr><td style="text-align:left"><code>outcome</code></td></tr>'
    """
    sides = [
        {"l": "left", "r": "right", "c": "center"}[letter]
        for letter in (align or "l" + "r" * (len(headers) - 1))
    ]
    if len(sides) != len(headers):
        raise ValueError(f"align {align!r} needs one letter for each of {len(headers)} columns")

    def cells(tag: str, values: Sequence[object]) -> str:
        return "".join(
            f'<{tag} style="text-align:{side}">{_shown(escape(str(value)), tag, column)}</{tag}>'
            for column, (side, value) in enumerate(zip(sides, values, strict=True))
        )

    def _shown(text: str, tag: str, column: int) -> str:
        return f"<code>{text}</code>" if tag == "td" and column in code else text

    lines = ["<table>"]
    if caption:
        lines.append(f'<caption style="{_CAPTION}">{escape(caption)}</caption>')
    lines.append(f"<thead><tr>{cells('th', headers)}</tr></thead>")
    lines.append("<tbody>")
    lines += [f"<tr>{cells('td', row)}</tr>" for row in rows]
    lines.append("</tbody>")
    if notes:
        lines.append("<tfoot>")
        lines += [
            f'<tr><td colspan="{len(headers)}" style="text-align:left">{escape(note)}</td></tr>'
            for note in notes
        ]
        lines.append("</tfoot>")
    lines.append("</table>")
    return "\n".join(lines)
