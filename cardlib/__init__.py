"""cardlib: an exact rules engine for Skat and Skitgubbe, behind teaching notebooks.

>>> from cardlib import Card, parse_cards
>>> parse_cards("CJ SJ HT")
(Card('CJ'), Card('SJ'), Card('HT'))

The game packages are imported on use: ``from cardlib import skat, skitgubbe``.
"""

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
    parse_cards,
)
from cardlib.errors import (
    CardlibError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    RecordError,
    RulesError,
)
from cardlib.rulings import Ruling

__version__ = "0.2.0"

__all__ = [
    "FULL_DECK",
    "SKAT_DECK",
    "Card",
    "CardlibError",
    "CardsLike",
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
    "parse_cards",
]
