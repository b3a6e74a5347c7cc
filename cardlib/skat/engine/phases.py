"""The parts of a Skat deal, as one enum: ``state.phase`` is always one of these.

The values are the words the phases had as plain strings, so ``state.phase == "play"`` still holds;
code compares the members.

>>> Phase.PASS_ON, Phase("bidding") is Phase.BIDDING, Phase.PLAY == "play"
(Phase.PASS_ON, True, True)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
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
        return f"Phase.{self.name}"
