"""The parts of a Skat deal, as one enum: ``state.phase`` is always one of these.

The values are the words the phases had as plain strings, so ``state.phase == "play"`` still holds
and a phase shows as it did (its repr is the old string's, so printed tables, records and the
sampling player's seeds stay as they were); code compares the members.

>>> Phase.PASS_ON, Phase("bidding") is Phase.BIDDING, Phase.PLAY == "play"
('pass on', True, True)
>>> Phase.PLAY.name, isinstance(Phase.PLAY, Phase)
('PLAY', True)
"""

from __future__ import annotations

from enum import StrEnum

from cardlib.choices import ChoiceType

__all__ = ["Phase"]


class Phase(StrEnum, metaclass=ChoiceType):
    """A phase of a Skat or Ramsch deal; the value is its old name."""

    BIDDING = "bidding"
    SKAT = "skat"
    DISCARD = "discard"
    DECLARE = "declare"
    KONTRA = "kontra"
    PLAY = "play"
    PUSH = "push"
    PASS_ON = "pass on"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def label(self) -> str:
        """The phase in the current language (its value stays the code).

        >>> from cardlib.i18n import language
        >>> with language("ko"):
        ...     Phase.SKAT.label, str(Phase.SKAT)
        ('스카트', 'skat')
        """
        from cardlib.skat.engine.names import phase_name

        return str(phase_name(self.value))
