"""The few exceptions cardlib raises on bad input.

Every one is a :class:`ValueError`, so ``except ValueError`` keeps working for callers who do not
care which rule was broken. Messages quote the offending input and the state it met.

>>> from cardlib import Card
>>> try:
...     Card.parse("H1")
... except CardlibError as error:
...     print(error)
'H1' is not a card: expected a suit (C S H D or ♣ ♠ ♥ ♦) and a rank (A K Q J T/10 9 … 2), e.g. 'HT'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = [
    "CallError",
    "CardlibError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "RecordError",
    "RulesError",
    "RulingLike",
    "shown",
    "word_with",
    "worded",
]


_wording: Callable[[str], str] = str
"""How :func:`worded` words a message: :mod:`cardlib.i18n` puts its catalogs here when loaded."""


def worded(message: str) -> str:
    """``message`` in the reader's language: for the few modules below :mod:`cardlib.i18n` in the
    layers (the enums' own refusals), which cannot import it."""
    return _wording(message)


def word_with(translate: Callable[[str], str]) -> None:
    """Word every later :func:`worded` message with ``translate`` (:mod:`cardlib.i18n` does)."""
    global _wording
    _wording = translate


_SHOWN = 40
"""Characters of a value's ``repr`` that a message quotes; a longer one is cut with its length."""


def shown(value: object) -> str:
    """``repr(value)`` as a message quotes it, cut to a readable length.

    >>> shown("1" * 5000)
    "'1111111111111111111111111111111111111… (5002 characters)"
    """
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 2]}… ({len(text)} characters)"


class RulingLike(Protocol):
    """What an :class:`IllegalMoveError` carries: a :class:`cardlib.rulings.Ruling` (this module
    sits below the rulings, so it names only what it reads)."""

    @property
    def code(self) -> str: ...

    @property
    def explanation(self) -> str: ...

    @property
    def rule(self) -> str: ...


class CardlibError(ValueError):
    """Base class of every error cardlib raises on bad input."""


class InvalidCardError(CardlibError):
    """Text that is not a card, or not a valid collection of cards."""


class InvalidMoveError(CardlibError):
    """Text or arguments that do not make a move at all (``Bid("18")``, ``parse_move("h7x")``);
    a well-formed move that is not allowed now is an :class:`IllegalMoveError` instead."""


class IllegalMoveError(CardlibError):
    """A well-formed move that the rules do not allow now; ``ruling`` says why."""

    def __init__(self, ruling: RulingLike, state: str = "") -> None:
        self.ruling = ruling
        message = ruling.explanation if not state else f"{ruling.explanation} [{state}]"
        super().__init__(message)


class CallError(CardlibError, TypeError):
    """A call the public API cannot take: an argument of the wrong type, an unknown keyword, a
    value missing (:mod:`cardlib.calls`); ``except TypeError`` catches it too."""


class RulesError(CardlibError):
    """Rule options that do not fit together, or a setup the rules cannot produce."""


class RecordError(CardlibError):
    """A game record that cannot be read or replayed; the message names the line and the move."""
