"""Skat players: the bots and the hand analysis they and the hints use.

The sampling player loads on first use:

>>> from cardlib.skat.players import SamplingBot
>>> SamplingBot(samples=10, rng=1)
SamplingBot(samples=10, budget=0.6)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardlib.skat.players.bots import HeuristicBot, RandomBot
    from cardlib.skat.players.inference import InferenceBot
    from cardlib.skat.players.sampling import Explanation, SamplingBot

_LAZY = {
    "HeuristicBot": "cardlib.skat.players.bots",
    "RandomBot": "cardlib.skat.players.bots",
    "InferenceBot": "cardlib.skat.players.inference",
    "SamplingBot": "cardlib.skat.players.sampling",
    "Explanation": "cardlib.skat.players.sampling",
}

__all__ = ["Explanation", "HeuristicBot", "InferenceBot", "RandomBot", "SamplingBot"]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlib.skat.players' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
