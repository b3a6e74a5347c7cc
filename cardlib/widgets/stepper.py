"""Step through a deal of any registered game, one move at a time, every ruling in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from cardlib import games
from cardlib.display import fit_width, table_svg
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, _
from cardlib.widgets.language_menu import LanguageSelector
from cardlib.widgets.readable_box import ReadableBox
from cardlib.widgets.seat_view import (
    Picture,
    adapter_of,
    seat_view,
    step_events,
    step_title,
    table_notes,
    table_rows,
    table_text,
)

__all__ = ["Stepper", "states_of"]

DEALT = N_("The cards are dealt.")


def states_of(history: Any) -> list[Any]:
    """The states of a deal from what a learner may have at hand.

    Accepted: a list of states; a state (its ``history()``, from the start to it); a replayed
    ISS game or anything else with a ``state``; a game's record as text (the first registered
    game that reads such text).
    """
    if isinstance(history, str):
        for name in games.game_names():
            replayed = games.game(name).replay(history)
            if replayed is not None:
                return replayed
    if hasattr(history, "history") and callable(history.history):
        return list(history.history())
    inner = getattr(history, "state", None)
    if inner is not None and hasattr(inner, "history"):
        return list(inner.history())
    states = list(history) if isinstance(history, Sequence) else []
    if states and all(hasattr(state, "legal_moves") for state in states):
        return states
    raise CardlibError(
        Msg(
            "Stepper({history:.60}): expected a game state, a list of states, a "
            "replayed ISS game or a game's record",
            history=repr(history),
        )
    )


class Stepper(ReadableBox):
    """First / previous / next / last, a slider and a Play control over the states of a deal.

    The table is drawn as cards, and beside it the events of the current step with their rulings.
    Without a ``viewer`` every card is shown, for a teacher; with ``viewer=seat`` each step is
    ``state.view(seat)``: that seat's hand, the cards it has seen, the events as it was told them
    (``open_hands=True`` shows every card even so). ``snapshot(i)`` is the same view as a static
    picture for notebooks read without a kernel. The language selector (``stepper.language``)
    words every text anew, at the same step.

    >>> from cardlib.games import game, game_names
    >>> state = game(game_names()[0]).new_game(7)
    >>> stepper = Stepper([state, state.play(state.legal_moves()[0])])
    >>> stepper.next_button.click(); stepper.index
    1

    More examples are in the games' adapter modules (``cardlib.<game>.adapter``).
    """

    def __init__(
        self,
        history: Any,
        *,
        open_hands: bool | None = None,
        viewer: int | None = None,
        four_colour: bool = False,
        interval: int = 1200,
    ) -> None:
        self.states = states_of(history)
        self.open_hands = viewer is None if open_hands is None else bool(open_hands)
        self.viewer = viewer
        seat_view(self.states[0], viewer, open_hands=self.open_hands)  # refuses a bad viewer now
        self.four_colour = four_colour
        last = len(self.states) - 1
        self.first_button = widgets.Button()
        self.previous_button = widgets.Button()
        self.next_button = widgets.Button()
        self.last_button = widgets.Button()
        self.slider = widgets.IntSlider(
            value=0, min=0, max=last, continuous_update=True, layout=widgets.Layout(width="420px"),
        )  # fmt: skip
        self.player = widgets.Play(value=0, min=0, max=last, interval=interval)
        widgets.link((self.player, "value"), (self.slider, "value"))
        self.title = widgets.HTML()
        self.table = widgets.HTML(layout=widgets.Layout(min_width="420px"))
        self.events = widgets.HTML(layout=widgets.Layout(width="340px"))
        self.first_button.on_click(lambda _click: self.show(0))
        self.previous_button.on_click(lambda _click: self.show(self.index - 1))
        self.next_button.on_click(lambda _click: self.show(self.index + 1))
        self.last_button.on_click(lambda _click: self.show(len(self.states) - 1))
        self.slider.observe(self._moved, names="value")
        self.language = LanguageSelector(self._switched)
        controls = widgets.HBox(
            [self.first_button, self.previous_button, self.next_button, self.last_button,
             self.player, self.slider, self.language],
            layout=widgets.Layout(flex_flow="row wrap"),
        )  # fmt: skip
        super().__init__([controls, self.title, widgets.HBox([self.table, self.events])])
        self._label()
        self._render()

    def _label(self) -> None:
        """The words of the controls, in the current language."""
        self.first_button.description = _("◀◀ first")
        self.first_button.tooltip = _("the deal")
        self.previous_button.description = _("◀ previous")
        self.previous_button.tooltip = _("one move back")
        self.next_button.description = _("next ▶")
        self.next_button.tooltip = _("one move on")
        self.last_button.description = _("last ▶▶")
        self.last_button.tooltip = _("the end of the deal")
        self.slider.description = _("step")
        self.player.description = _("play")
        self.language.refresh()

    def _switched(self) -> None:
        """After a change of language: every text anew, at the same step."""
        self._label()
        self._render()

    @property
    def index(self) -> int:
        """The step shown (0 is the deal)."""
        value: int = self.slider.value
        return value

    @property
    def state(self) -> Any:
        """The state shown."""
        return self.states[self.index]

    def show(self, index: int) -> None:
        """Show step ``index`` (clamped to the deal)."""
        self.slider.value = max(0, min(len(self.states) - 1, index))

    def _moved(self, change: dict[str, Any]) -> None:
        self._render()

    def snapshot(self, index: int | None = None) -> Picture:
        """Step ``index`` (default: the one shown) as a static picture with its events."""
        index = self.index if index is None else index
        if not -len(self.states) <= index < len(self.states):
            raise CardlibError(
                Msg(
                    "snapshot({index}): this deal has steps 0 to {value}",
                    index=index,
                    value=len(self.states) - 1,
                )
            )
        index %= len(self.states)
        state = self.states[index]
        rows = table_rows(state, self.viewer, open_hands=self.open_hands)
        told = None if self.open_hands else self.viewer
        notes = [
            step_title(self.states, index, told),
            *table_notes(state, self.viewer, open_hands=self.open_hands),
        ]
        parent = self.states[index - 1] if index else None
        events = step_events(state, parent, told) if index else []
        svg = table_svg(rows, notes=notes, four_colour=self.four_colour)
        return Picture(svg, table_text(rows, notes), events)

    def _render(self) -> None:
        if self.language.outdated():
            self._label()
        index = self.index
        picture = self.snapshot(index)
        told = None if self.open_hands else self.viewer
        self.title.value = f"<b>{_escape(step_title(self.states, index, told))}</b>"
        self.table.value = fit_width(picture.svg)
        items = "".join(f"<li>{_escape(line)}</li>" for line in picture.events)
        heading = _escape(_("What happened"))
        self.events.value = (
            f"<div><b>{heading}</b><ul>{items}</ul></div>"
            if items
            else f"<div><b>{heading}</b><p>{_escape(_(DEALT))}</p></div>"
        )
        self.first_button.disabled = self.previous_button.disabled = index == 0
        self.next_button.disabled = self.last_button.disabled = index == len(self.states) - 1

    def __repr__(self) -> str:
        n, index = len(self.states), self.index
        said = adapter_of(self.states[0]).states_words(n, index)
        return f"Stepper({said})"


def _escape(text: str) -> str:
    from html import escape

    return escape(text, quote=False)
