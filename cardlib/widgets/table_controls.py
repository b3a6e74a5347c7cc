"""The controls under a play table: the hint, a new deal from the seed in its box, the
opponents, the four-colour deck and the language, worded in the language spoken.

>>> controls = TableControls(four_colour=False, redraw=lambda: None)
>>> controls.label("heuristic")
>>> controls.hint_button.description, controls.opponents_menu.value, controls.seed_box.max
('hint', 'heuristic', 9007199254740991)
>>> controls.disable(thinking=True, over=False)
>>> controls.new_button.disabled, controls.language.disabled
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from cardlib.i18n import _
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.links import MAX_SEED

__all__ = ["TableControls"]


class TableControls:
    """The table's buttons and menus, laid out in ``box``; ``redraw`` is called after a change
    of language. While :meth:`label` sets the opponents menu's words, ``relabelling`` is true
    (so the menu's observer can tell a relabelling from a choice)."""

    def __init__(self, four_colour: bool, redraw: Callable[[], None]) -> None:
        self.hint_button = widgets.Button()
        self.new_button = widgets.Button()
        self.seed_box = widgets.BoundedIntText(
            min=0, max=MAX_SEED, layout=widgets.Layout(width="220px")
        )
        self.opponents_menu = widgets.Dropdown(
            value=None, layout=widgets.Layout(width="auto"), style={"description_width": "initial"}
        )
        self.colours = widgets.Checkbox(
            value=four_colour, style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.language = LanguageSelector(redraw)
        self.relabelling = False
        self.box = widgets.HBox(
            [self.hint_button, self.new_button, self.seed_box, self.opponents_menu, self.colours,
             self.language],
            layout=widgets.Layout(flex_flow="row wrap"),
        )  # fmt: skip

    def label(self, opponents: str) -> None:
        """The words of the controls, in the current language; ``opponents`` stays chosen."""
        self.hint_button.description = _("hint")
        self.hint_button.tooltip = _("what the bot would do")
        self.seed_box.description = _("seed")
        self.new_button.description = _("new deal")
        self.new_button.tooltip = _("deal with this seed")
        self.colours.description = _("four-colour deck (♣ green, ♦ blue)")
        self.opponents_menu.description = _("Opponents")
        self.opponents_menu.tooltip = _("who plays the other seats, and gives the hint")
        self.relabelling = True
        try:
            relabel(self.opponents_menu, [(_("strong (sampling)"), "sampling"),
                                          (_("beginner (heuristic)"), "heuristic")])  # fmt: skip
            self.opponents_menu.value = opponents
        finally:
            self.relabelling = False
        self.language.refresh()

    def disable(self, *, thinking: bool, over: bool) -> None:
        """While the table thinks, every control that would change the game is disabled (the
        language and the colours stay live); the hint also once the deal is ``over``."""
        self.hint_button.disabled = over or thinking
        for control in (self.new_button, self.seed_box, self.opponents_menu):
            control.disabled = thinking
