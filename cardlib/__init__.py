"""cardlib: an exact rules engine for Skat and Skitgubbe, behind teaching notebooks.

>>> from cardlib import Card, parse_cards
>>> parse_cards("CJ SJ HT")
(Card('CJ'), Card('SJ'), Card('HT'))

The game packages are imported on use: ``from cardlib import skat, skitgubbe``.
"""

from cardlib.cards import FULL_DECK, SKAT_DECK, Card, Hand, Rank, Seat, Suit, parse_cards
from cardlib.errors import (
    CardlibError,
    IllegalMoveError,
    InvalidCardError,
    RecordError,
    RulesError,
)
from cardlib.rulings import Ruling

__version__ = "0.1.0"

__all__ = [
    "FULL_DECK",
    "SKAT_DECK",
    "Card",
    "CardlibError",
    "Hand",
    "IllegalMoveError",
    "InvalidCardError",
    "Rank",
    "RecordError",
    "RulesError",
    "Ruling",
    "Seat",
    "Suit",
    "parse_cards",
]
