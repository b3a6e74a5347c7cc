"""Rulings: why something happened, or why a move is refused, in plain words.

A :class:`Ruling` is data shared by both games: a short machine-readable ``code``, an
``explanation`` that names the cards and players involved, and the ``rule`` it applies (a
reference into the project's rules documentation). Explanation and rule may be lazy
:class:`~cardlib.i18n.Msg`: they are worded in the language current when they are read.

>>> r = Ruling("stunsa", "Both played a 7: a stunsa. A leads again to B.", "skitgubbe 1.4")
>>> str(r)
'Both played a 7: a stunsa. A leads again to B.'
>>> r.code
'stunsa'
"""

from __future__ import annotations

from typing import Any

from cardlib.i18n import Msg, language

__all__ = ["Ruling"]


class Ruling:
    """One decision of the rules: what, why in plain words, and which rule."""

    __slots__ = ("_explanation", "_rule", "code")

    def __init__(self, code: str, explanation: str | Msg, rule: str | Msg = "") -> None:
        self.code = code
        self._explanation = explanation
        self._rule = rule

    @property
    def explanation(self) -> str:
        """Why, in the current language."""
        return str(self._explanation)

    @property
    def rule(self) -> str:
        """The rule applied, in the current language (empty when there is none to cite)."""
        return str(self._rule)

    @property
    def text(self) -> str | Msg:
        """The explanation as given: a lazy :class:`~cardlib.i18n.Msg` or a plain string."""
        return self._explanation

    def __str__(self) -> str:
        return self.explanation

    def __repr__(self) -> str:
        return f"Ruling({self.code!r}, {self.explanation!r}, {self.rule!r})"

    def __eq__(self, other: object) -> bool:
        """Rulings are equal when their codes are and their explanations and rules are as given,
        so they compare alike in every language: messages by their id and arguments, a plain
        string (English, the source language) with a message by the message's English words.

        >>> from cardlib.i18n import language
        >>> seen = {Ruling("passed", Msg("passed in"))}
        >>> with language("ko"):
        ...     Ruling("passed", Msg("passed in")) in seen, Ruling("passed", "passed in") in seen
        (True, True)
        """
        if not isinstance(other, Ruling):
            return NotImplemented
        return (
            self.code == other.code
            and _same(self._explanation, other._explanation)
            and _same(self._rule, other._rule)
        )

    def __hash__(self) -> int:
        return hash((self.code, _english(self._explanation), _english(self._rule)))

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.code, self._explanation, self._rule)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.code, self._explanation, self._rule = state

    def to_text(self) -> str:
        """The explanation followed by its rule reference, for transcripts.

        >>> Ruling("trick", "♣J wins: the highest trump.", "skat: play").to_text()
        '♣J wins: the highest trump. (skat: play)'
        """
        rule = self.rule
        return f"{self.explanation} ({rule})" if rule else self.explanation

    def _repr_html_(self) -> str:
        from html import escape

        rule = self.rule
        rule = f' <span style="color:#666">({escape(rule)})</span>' if rule else ""
        return f"<b>{escape(self.code)}</b>: {escape(self.explanation)}{rule}"


def _english(text: str | Msg) -> str:
    if isinstance(text, Msg):
        with language("en"):
            return str(text)
    return text


def _same(one: str | Msg, other: str | Msg) -> bool:
    if isinstance(one, Msg) and isinstance(other, Msg):
        return one == other
    return _english(one) == _english(other)
