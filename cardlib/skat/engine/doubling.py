"""Kontra and Re as one typed value: the doubling of a Skat game before the first card.

The value is the level (how many doublings), so ``settle(..., kontra=1)`` still reads as one
Kontra; ``factor`` is what the game value is multiplied by.

>>> Doubling.NONE.factor, Doubling.KONTRA.factor, Doubling.RE.factor
(1, 2, 4)
>>> Doubling(1), Doubling.KONTRA.raised()
(Doubling.KONTRA, Doubling.RE)
"""

from __future__ import annotations

from enum import IntEnum

from cardlib.choices import ChoiceType
from cardlib.errors import CardlibError
from cardlib.i18n import Msg

__all__ = ["Doubling"]


class Doubling(IntEnum, metaclass=ChoiceType):
    """No doubling, Kontra (× 2) or Kontra and Re (× 4)."""

    NONE = 0
    KONTRA = 1
    RE = 2

    @property
    def label(self) -> str:
        """The doubling as the table says it, in the current language.

        >>> Doubling.NONE.label, Doubling.RE.label
        ('no doubling', 'Kontra and Re')
        >>> from cardlib.i18n import language
        >>> with language("ko"):
        ...     Doubling.KONTRA.label
        'Kontra'
        """
        return str(_LABELS[self])

    @property
    def factor(self) -> int:
        """What the game value is multiplied by: 1, 2 or 4."""
        return 1 << self

    def raised(self) -> Doubling:
        """The next doubling: Kontra after none, Re after Kontra."""
        if self is Doubling.RE:
            raise CardlibError(Msg("Re is the last doubling: it cannot be raised"))
        return Doubling(self + 1)

    @classmethod
    def of(cls, level: object) -> Doubling:
        """A doubling from its level 0, 1 or 2 (or a Doubling); ``CardlibError`` otherwise.

        >>> Doubling.of(2)
        Doubling.RE
        >>> Doubling.of(4)
        Traceback (most recent call last):
        ...
        cardlib.errors.CardlibError: kontra 4: expected 0 (none), 1 (Kontra) or 2 (Re)
        """
        if isinstance(level, bool) or not isinstance(level, int) or level not in (0, 1, 2):
            raise CardlibError(
                Msg("kontra {level}: expected 0 (none), 1 (Kontra) or 2 (Re)", level=repr(level))
            )
        return cls(level)

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


_LABELS = (
    # Translators: a game played without Kontra.
    Msg("no doubling"),
    Msg("Kontra"),
    # Translators: a game doubled by Kontra and again by Re.
    Msg("Kontra and Re"),
)
