"""Explicit randomness: every random thing in cardlib takes ``rng: random.Random | int | None``.

>>> as_rng(7).random() == random.Random(7).random()
True
>>> generator = random.Random(1)
>>> as_rng(generator) is generator
True
"""

from __future__ import annotations

import random

from cardlib.errors import RulesError
from cardlib.i18n import Msg

__all__ = ["as_rng"]


def as_rng(rng: random.Random | int | None) -> random.Random:
    """A ``random.Random`` from a generator (used as it is), an int seed, or ``None`` (fresh)."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None or (isinstance(rng, int) and not isinstance(rng, bool)):
        return random.Random(rng)
    raise RulesError(Msg("rng={rng}: expected a random.Random, an int seed or None", rng=repr(rng)))
