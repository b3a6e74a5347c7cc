"""The two phases of Skitgubbe: collecting cards (``Phase.ONE``), then getting rid of them.

>>> Phase.ONE == 1, Phase(2)
(True, <Phase.TWO: 2>)
"""

from __future__ import annotations

from enum import IntEnum

from cardlib.choices import ChoiceType

__all__ = ["Phase"]


class Phase(IntEnum, metaclass=ChoiceType):
    """A Skitgubbe state's phase; its values are the phase numbers the rules use."""

    ONE = 1
    TWO = 2
