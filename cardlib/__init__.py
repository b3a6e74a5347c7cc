"""cardlib: an exact rules engine for Skat and Skitgubbe, behind teaching notebooks.

>>> from cardlib import Card, parse_cards
>>> parse_cards("CJ SJ HT")
(Card('CJ'), Card('SJ'), Card('HT'))

Each game has one public module: ``from cardlib import skat, skitgubbe``. Both games' states
satisfy :class:`GameState`; bundled data (sample ISS records) is found with :mod:`cardlib.data`.
"""

from collections.abc import Sequence

from cardlib.calls import guard_names
from cardlib.cards import (
    FULL_DECK,
    SKAT_DECK,
    Card,
    CardsLike,
    Hand,
    Rank,
    Seat,
    Suit,
    as_cards,
    draw_cards_with,
    parse_cards,
)
from cardlib.errors import (
    CallError,
    CardlibError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    RecordError,
    RulesError,
)
from cardlib.i18n import get_language, language, set_language
from cardlib.protocol import GameEvent, GameState
from cardlib.rulings import Ruling


def _draw_cards(cards: Sequence[Card], label: str) -> dict[str, str]:
    """Cards in Jupyter: :func:`cardlib.display.mimebundle`, imported on the first picture."""
    from cardlib.display import mimebundle

    return mimebundle(cards, label)


draw_cards_with(_draw_cards)

__version__ = "0.2.0"

__all__ = [
    "FULL_DECK",
    "SKAT_DECK",
    "CallError",
    "Card",
    "CardlibError",
    "CardsLike",
    "GameEvent",
    "GameState",
    "Hand",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "Rank",
    "RecordError",
    "RulesError",
    "Ruling",
    "Seat",
    "Suit",
    "as_cards",
    "get_language",
    "language",
    "parse_cards",
    "set_language",
]

guard_names(globals(), __all__)
