"""The buttons a play table draws: one per card of the learner's hand (a green border when it
may be played, yellow when selected, the suit's colour) and one per move, the rarer moves in a
menu. Each click is the table's to handle: ``click(card)`` or ``click(move)`` gives its handler.

A button carries the position it was drawn for (its handler does), so each position the learner
may click in gets new buttons; while the table thinks the hand's buttons are kept, disabled and
restyled, not drawn anew. Buttons replaced before the last :data:`KEPT` positions the learner
could click in are closed (their models leave the page), so a long game does not pile them up;
a click on a button of a recent position still reaches its handler, which drops it with a note.

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

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import Card, Suit
from cardlib.display import card_name
from cardlib.games import Buttons
from cardlib.i18n import Msg

__all__ = [
    "GREEN",
    "KEPT",
    "HandRow",
    "Handler",
    "MoveRow",
    "Retired",
    "card_button",
    "move_button",
    "restyle",
]

Handler = Callable[[Any], None]
"""What a button's click calls (with the button)."""

KEPT = 3
"""Positions the learner could click in that a replaced button stays open for, so that a late
click on it is answered."""

_INK, _RED, GREEN, _BLUE = "#111111", "#c8102e", "#1a7f37", "#0b57d0"
_COLOURS = {Suit.CLUBS: _INK, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED}
_FOUR = {Suit.CLUBS: GREEN, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _BLUE}


def card_button(
    card: Card, *, playable: bool, chosen: bool, four_colour: bool = False, disabled: bool = False
) -> widgets.Button:
    """A card of the hand as a button (its click is the table's to wire)."""
    look = _look(card, playable=playable, chosen=chosen, four_colour=four_colour)
    return widgets.Button(
        description=card.symbol, tooltip=look["tooltip"], disabled=disabled,
        layout=widgets.Layout(width="50px", height="66px", margin="2px", padding="0",
                              border=look["border"]),
        style=widgets.ButtonStyle(button_color=look["button_color"], font_size="16px",
                                  text_color=look["text_color"], font_weight="bold"),
    )  # fmt: skip


def _look(card: Card, *, playable: bool, chosen: bool, four_colour: bool) -> dict[str, str]:
    colours = _FOUR if four_colour else _COLOURS
    return {
        "tooltip": card_name(card) if playable
        else str(Msg("{card} (not playable now)", card=card_name(card))),
        "border": f"2px solid {GREEN}" if playable else "1px solid #9aa0a6",
        "button_color": "#ffe58a" if chosen else "#ffffff",
        "text_color": colours[card.suit],
    }  # fmt: skip


def restyle(
    button: widgets.Button, card: Card, *, playable: bool, chosen: bool, four_colour: bool,
    disabled: bool,
) -> None:  # fmt: skip
    """Set what a card's button shows: the values that change reach the page, one message
    per model."""
    look = _look(card, playable=playable, chosen=chosen, four_colour=four_colour)
    with button.hold_sync(), button.layout.hold_sync(), button.style.hold_sync():
        button.tooltip, button.disabled = look["tooltip"], disabled
        button.layout.border = look["border"]
        button.style.button_color, button.style.text_color = (
            look["button_color"],
            look["text_color"],
        )


class Retired:
    """Widgets taken off the page, closed (with their layout and style models) once the
    learner could click in :data:`KEPT` newer positions."""

    def __init__(self) -> None:
        self._pending: list[widgets.Widget] = []
        self._positions: deque[list[widgets.Widget]] = deque()

    def retire(self, gone: Iterable[widgets.Widget], *, new_position: bool) -> None:
        """Widgets a drawing replaced; ``new_position``: the drawing is of a new position the
        learner may click in (then the widgets of :data:`KEPT` such positions ago are closed)."""
        self._pending.extend(gone)
        if not new_position:
            return
        self._positions.append(self._pending)
        self._pending = []
        while len(self._positions) > KEPT:
            for widget in self._positions.popleft():
                for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
                    if isinstance(part, widgets.Widget):
                        part.close()
                widget.close()


class HandRow:
    """The learner's cards: the words 'Your cards, …:' and a button per card, drawn anew for
    each position the learner may click in and kept (restyled) while the table thinks."""

    def __init__(self) -> None:
        self.label = widgets.HTML()
        self.buttons: dict[Card, widgets.Button] = {}
        self.position: int | None = None
        self.replaced: list[widgets.Widget] = []
        self.fresh = False

    def draw(
        self, you: object, hand: Sequence[Card], playable: Iterable[Card],
        selected: Iterable[Card], *, position: int, click: Callable[[Card], Handler],
        four_colour: bool = False, disabled: bool = False,
    ) -> list[widgets.Widget]:  # fmt: skip
        """The row for ``position``: a button's click calls ``click(card)``'s handler, made
        for the position the button was drawn for; ``replaced``: the buttons it no longer
        shows; ``fresh``: whether every button is new, for a new position to click in."""
        legal, chosen = set(playable), set(selected)
        yours = Msg("Your cards, {you}:", you=you)
        self.label.value = f"<b>{escape(str(yours), quote=False)}</b>"
        fresh = self.fresh = not disabled and position != self.position
        kept = {} if fresh else {card: self.buttons[card] for card in hand if card in self.buttons}
        self.replaced = [b for card, b in self.buttons.items() if kept.get(card) is not b]
        if fresh:
            self.position = position
        self.buttons = {}
        for card in hand:
            look = {"playable": card in legal, "chosen": card in chosen,
                    "four_colour": four_colour, "disabled": disabled}  # fmt: skip
            button = kept.get(card)
            if button is None:
                button = card_button(card, **look)
                button.on_click(click(card))
            else:
                restyle(button, card, **look)
            self.buttons[card] = button
        return [self.label, *self.buttons.values()]


def move_button(words: str, style: str = "info", *, disabled: bool = False) -> widgets.Button:
    """A move (a bid, a declaration, …) as a button saying ``words``."""
    return widgets.Button(description=words, button_style=style, disabled=disabled,
                          layout=widgets.Layout(width="auto", margin="2px"))  # fmt: skip


class MoveRow:
    """The buttons for the ``offered`` moves; the rarer ones (``offered.more``) in a menu,
    ``choice``, with a button (``choice_button``) that makes the move chosen there (both
    ``None`` until drawn, or when there are none)."""

    def __init__(self, offered: Buttons) -> None:
        self.offered = offered
        self.choice: widgets.Dropdown | None = None
        self.choice_button: widgets.Button | None = None
        self.row: list[widgets.Widget] = []

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
            choice = self.choice = widgets.Dropdown(
                options=[(str(button.label), button.move) for button in offered.more],
                layout=widgets.Layout(width="220px"), disabled=disabled,
            )  # fmt: skip
            self.choice_button = widgets.Button(
                description=str(offered.more_label), disabled=disabled
            )
            self.choice_button.on_click(lambda button: click(choice.value)(button))
            row += [choice, self.choice_button]
        self.row = row
        return row
