"""The buttons a play table draws: one per card of the learner's hand (a green border when it
may be played, yellow when selected, the suit's colour) and one per move, the rarer moves in a
menu. Each click is the table's to handle: ``click(card)`` or ``click(move)`` gives its handler.

>>> from cardlib.cards import Card
>>> button = card_button(Card.parse("HT"), playable=False, chosen=False)
>>> button.description, button.tooltip, button.style.text_color
('♥10', 'ten of hearts (not playable now)', '#c8102e')
>>> card_button(Card.parse("HT"), playable=True, chosen=True).style.button_color
'#ffe58a'
>>> from cardlib.games import Buttons, MoveButton
>>> row = MoveRow(Buttons([MoveButton("pass", "P")], [MoveButton("say 30", 30)], "say it"))
>>> [child.description for child in row.draw(lambda move: print, disabled=False)]
['pass', '', 'say it']
>>> row.choice.options
(('say 30', 30),)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import Card, Suit
from cardlib.display import card_name
from cardlib.games import Buttons
from cardlib.i18n import Msg

__all__ = ["GREEN", "Handler", "MoveRow", "card_button", "hand_row", "move_button"]

Handler = Callable[[Any], None]
"""What a button's click calls (with the button)."""

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


def hand_row(
    you: object, hand: Iterable[Card], playable: Iterable[Card], selected: Iterable[Card], *,
    click: Callable[[Card], Handler], four_colour: bool = False, disabled: bool = False,
) -> list[widgets.Widget]:  # fmt: skip
    """The learner's cards: the words 'Your cards, …:' and a button per card of ``hand``."""
    legal, chosen = set(playable), set(selected)
    yours = Msg("Your cards, {you}:", you=you)
    row: list[widgets.Widget] = [widgets.HTML(f"<b>{escape(str(yours), quote=False)}</b>")]
    for card in hand:
        button = card_button(card, playable=card in legal, chosen=card in chosen,
                             four_colour=four_colour, disabled=disabled)  # fmt: skip
        button.on_click(click(card))
        row.append(button)
    return row


def move_button(words: str, style: str = "info", *, disabled: bool = False) -> widgets.Button:
    """A move (a bid, a declaration, …) as a button saying ``words``."""
    return widgets.Button(description=words, button_style=style, disabled=disabled,
                          layout=widgets.Layout(width="auto", margin="2px"))  # fmt: skip


class MoveRow:
    """The buttons for the ``offered`` moves; the rarer ones (``offered.more``) in a menu,
    ``choice``, with a button (``choice_button``) that makes the move chosen there."""

    def __init__(self, offered: Buttons) -> None:
        self.offered = offered
        self.choice = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.choice_button = widgets.Button()

    def draw(self, click: Callable[[Any], Handler], *, disabled: bool) -> list[widgets.Widget]:
        """The row's widgets; a click on a move's button or on ``choice_button`` calls
        ``click(move)``'s handler (the move chosen in the menu at the time of the click)."""
        offered = self.offered
        row: list[widgets.Widget] = []
        for shown in offered.shown:
            button = move_button(str(shown.label), shown.style, disabled=disabled)
            button.on_click(click(shown.move))
            row.append(button)
        if offered.more:
            self.choice = widgets.Dropdown(
                options=[(str(button.label), button.move) for button in offered.more],
                layout=widgets.Layout(width="220px"), disabled=disabled,
            )  # fmt: skip
            self.choice_button = widgets.Button(
                description=str(offered.more_label), disabled=disabled
            )
            self.choice_button.on_click(lambda button: click(self.choice.value)(button))
            row += [self.choice, self.choice_button]
        return row
