"""The buttons a play table draws: one per card of the learner's hand (a green border when it
may be played, yellow when selected, the suit's colour) and one per move.

>>> from cardlib.cards import Card
>>> button = card_button(Card.parse("HT"), playable=False, chosen=False)
>>> button.description, button.tooltip, button.style.text_color
('♥10', 'ten of hearts (not playable now)', '#c8102e')
>>> card_button(Card.parse("HT"), playable=True, chosen=True).style.button_color
'#ffe58a'
>>> move_button("pass").description
'pass'
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlib.cards import Card, Suit
from cardlib.display import card_name
from cardlib.i18n import Msg

__all__ = ["GREEN", "card_button", "move_button"]

_INK, _RED, GREEN, _BLUE = "#111111", "#c8102e", "#1a7f37", "#0b57d0"
_COLOURS = {Suit.CLUBS: _INK, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED}
_FOUR = {Suit.CLUBS: GREEN, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _BLUE}


def card_button(
    card: Card, *, playable: bool, chosen: bool, four_colour: bool = False, disabled: bool = False
) -> widgets.Button:
    """A card of the hand as a button (its click is the table's to wire)."""
    colours = _FOUR if four_colour else _COLOURS
    tooltip = (
        card_name(card) if playable else str(Msg("{card} (not playable now)", card=card_name(card)))
    )
    button = widgets.Button(
        description=card.symbol, tooltip=tooltip, disabled=disabled,
        layout=widgets.Layout(
            width="50px", height="66px", margin="2px", padding="0",
            border=f"2px solid {GREEN}" if playable else "1px solid #9aa0a6",
        ),
        style=widgets.ButtonStyle(
            button_color="#ffe58a" if chosen else "#ffffff",
            text_color=colours[card.suit], font_size="16px", font_weight="bold",
        ),
    )  # fmt: skip
    return button


def move_button(words: str, style: str = "info", *, disabled: bool = False) -> widgets.Button:
    """A move (a bid, a declaration, …) as a button saying ``words``."""
    return widgets.Button(description=words, button_style=style, disabled=disabled,
                          layout=widgets.Layout(width="auto", margin="2px"))  # fmt: skip
