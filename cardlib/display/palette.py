"""The colours and fonts of every picture, and the three suit colour schemes.

``"two"`` (the default: ♣ ♠ black, ♥ ♦ red), ``"four"`` (♣ green, ♠ black, ♥ red, ♦ blue) and
``"ispa"``, the colours of the tournament pack of the International Skat Players Association
(♣ black, ♠ green, ♥ red, ♦ amber for its yellow). Every colour has at least 4.5:1 contrast on the
white face (docs/cards.md gives the numbers).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from cardlib.cards import Suit
from cardlib.errors import CardlibError
from cardlib.i18n import Msg

__all__ = [
    "BACK",
    "BACK_PATTERN",
    "BORDER",
    "COLOUR_SCHEMES",
    "FACE",
    "FONT_FAMILY",
    "INK",
    "PANEL",
    "PANEL_BORDER",
    "WIN_HALO",
    "ColourScheme",
    "scheme_of",
]

FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, sans-serif"

INK = "#111111"
RED = "#c8102e"
GREEN = "#1a7f37"
BLUE = "#0b57d0"
AMBER = "#a16c00"  # the ISPA pack's yellow, dark enough for 4.5:1 on white

ColourScheme = Literal["two", "four", "ispa"]
COLOUR_SCHEMES: Mapping[ColourScheme, Mapping[Suit, str]] = MappingProxyType(
    {
        "two": {Suit.CLUBS: INK, Suit.SPADES: INK, Suit.HEARTS: RED, Suit.DIAMONDS: RED},
        "four": {Suit.CLUBS: GREEN, Suit.SPADES: INK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE},
        "ispa": {Suit.CLUBS: INK, Suit.SPADES: GREEN, Suit.HEARTS: RED, Suit.DIAMONDS: AMBER},
    }
)
"""The suit colours of each scheme, by name (``colours=`` of every picture function)."""

FACE = "#ffffff"
BORDER = "#5f6368"
BACK = "#234e8c"
BACK_PATTERN = "#5c86c4"
PANEL = "#f4f5f0"
PANEL_BORDER = "#b9bcb3"
WIN_HALO = "#f2b705"


def scheme_of(colours: ColourScheme | None, four_colour: bool) -> ColourScheme:
    """The scheme a picture asked for: ``colours`` by name, or the older ``four_colour`` flag.

    >>> scheme_of(None, False), scheme_of(None, True), scheme_of("ispa", False)
    ('two', 'four', 'ispa')
    """
    if colours is None:
        return "four" if four_colour else "two"
    if colours not in COLOUR_SCHEMES:
        expected = ", ".join(repr(name) for name in COLOUR_SCHEMES)
        raise CardlibError(
            Msg(
                "colours={colours} is not a colour scheme: expected one of {expected}",
                colours=repr(colours),
                expected=expected,
            )
        )
    if four_colour and colours != "four":
        raise CardlibError(
            Msg(
                "four_colour=True asks for 'four', colours={colours}: give only one",
                colours=repr(colours),
            )
        )
    return colours
