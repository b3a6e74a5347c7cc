"""Rulings: why something happened, or why a move is refused, in plain words.

A :class:`Ruling` is data shared by both games: a short machine-readable ``code``, an
``explanation`` that names the cards and players involved, and the ``rule`` it applies (a
reference into the project's rules documentation).

>>> r = Ruling("stunsa", "Both played a 7: a stunsa. A leads again to B.", "skitgubbe 1.4")
>>> str(r)
'Both played a 7: a stunsa. A leads again to B.'
>>> r.code
'stunsa'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Ruling"]


@dataclass(frozen=True, slots=True)
class Ruling:
    """One decision of the rules: what, why in plain words, and which rule."""

    code: str
    explanation: str
    rule: str = ""

    def __str__(self) -> str:
        return self.explanation

    def to_text(self) -> str:
        """The explanation followed by its rule reference, for transcripts.

        >>> Ruling("trick", "♣J wins: the highest trump.", "skat: play").to_text()
        '♣J wins: the highest trump. (skat: play)'
        """
        return f"{self.explanation} ({self.rule})" if self.rule else self.explanation

    def _repr_html_(self) -> str:
        from html import escape

        rule = f' <span style="color:#666">({escape(self.rule)})</span>' if self.rule else ""
        return f"<b>{escape(self.code)}</b>: {escape(self.explanation)}{rule}"
