"""What a play table shows, drawn from the learner's view: the heading and the link's notes,
the thinking line, the table's picture, the hand and the move buttons, the notes, the news,
the result and the controls. :class:`~cardlib.widgets.table.PlayTable` plays the game on it.

Every card and move button is drawn for one position (``position``, counting the positions
shown); a click meant for another position is dropped with a note and changes nothing. The
table's element says on the page what it shows: its classes are ``cardlib-table``,
``cardlib-ready`` (the learner may click) or ``cardlib-busy`` (the table thinks), and
``cardlib-position-N``, so a script (a browser test, a benchmark) can tell when the answer to a
click is shown: ready, at another position than the one clicked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import Card
from cardlib.display import fit_width, table_svg
from cardlib.games import AnyGame, Buttons
from cardlib.i18n import N_, Msg, _
from cardlib.widgets.card_buttons import Handler, HandRow, MoveRow, Retired
from cardlib.widgets.links import Link
from cardlib.widgets.readable_box import ReadableBox
from cardlib.widgets.score_board import ScoreBoard
from cardlib.widgets.seat_view import Picture, Rows, table_notes, table_text
from cardlib.widgets.table_controls import TableControls
from cardlib.widgets.table_text import (
    NOTE,
    REFUSED,
    RESULT,
    news_html,
    note_html,
    settlement_lines,
)
from cardlib.widgets.thinking_line import ThinkingLine, Words

__all__ = ["TableView"]


class TableView(ReadableBox):
    """The widgets of a table for ``seat`` of the game ``adapter`` speaks for, and how they are
    drawn (:meth:`_render`) from ``state``, ``seed`` and what the learner was told. A subclass
    deals (setting ``state``, ``seed``, ``opponents``) and says what :meth:`play` and
    :meth:`play_card` do."""

    state: Any
    seed: int
    opponents: str

    def __init__(self, adapter: AnyGame, seat: int, four_colour: bool) -> None:
        self.adapter, self.seat, self.four_colour = adapter, seat, four_colour
        self.selected: list[Card] = []
        self._news: list[Any] = []
        self._told: list[Any] = []
        self._message: Words = str
        self._hint: Words = str
        self.position = 0
        self.link: Link | None = None
        self._lock = threading.RLock()
        self._line = ThinkingLine()
        self.status = self._line.status
        self.header, self.link_note, self.table = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.move_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message, self.hint = widgets.HTML(), widgets.HTML()
        self.events, self.result = widgets.HTML(), widgets.HTML()
        self.score_board = ScoreBoard(adapter, seat)
        self._scored = False
        self.controls = controls = TableControls(four_colour, self._switched)
        self.hint_button, self.new_button = controls.hint_button, controls.new_button
        self.seed_box, self.opponents_menu = controls.seed_box, controls.opponents_menu
        self.colours, self.language = controls.colours, controls.language
        self._moves = MoveRow(Buttons())
        self._no_choice = (widgets.Dropdown(), widgets.Button())
        self._hand = HandRow()
        self._retired = Retired()
        self.colours.observe(self._recolour, names="value")
        super().__init__(
            [self.header, self.link_note, self.status, self.table, self.hand_box, self.move_box,
             self.message, self.hint, self.events, self.result, self.score_board.box,
             controls.box]
        )  # fmt: skip

    def play(self, move: Any) -> bool:
        """Make the learner's move (the subclass's)."""
        raise NotImplementedError

    def play_card(self, card: Card | str) -> bool:
        """What clicking a card does (the subclass's)."""
        raise NotImplementedError

    @property
    def busy(self) -> bool:
        """Whether the table is thinking (the other seats' moves or the hint)."""
        return self._line.busy

    @property
    def news(self) -> list[str]:
        """What the learner's seat was told since its last move, in the current language."""
        return [str(text) for text in self._news]

    @property
    def told(self) -> list[str]:
        """Everything the learner's seat was told in this deal, in the current language."""
        return [str(text) for text in self._told]

    def _tell(self, texts: list[Any], *, since_move: bool) -> None:
        """What the seat is told now; ``since_move``: the learner's own move starts the news."""
        self._news = [*([] if since_move else self._news), *texts]
        self._told = [*self._told, *texts]

    @property
    def view(self) -> Any:
        """The deal as the learner may know it, ``state.view(seat)``: all the table shows."""
        return self.state.view(self.seat)

    @property
    def choice(self) -> widgets.Dropdown:
        """The menu of the rarer moves (the higher bids, say); empty, not shown, when there
        are none."""
        return self._moves.choice or self._no_choice[0]

    @property
    def choice_button(self) -> widgets.Button:
        """The button that makes the move chosen in :attr:`choice`."""
        return self._moves.choice_button or self._no_choice[1]

    def _switched(self) -> None:
        """After a change of language: every text anew, the deal untouched."""
        self.controls.label(self.opponents)
        self._render()

    def _recolour(self, change: dict[str, Any]) -> None:
        self.four_colour = bool(change["new"])
        self._render()

    def _refuse(self, words: str) -> None:
        """A refusal's note (``words``, marked with ``N_``, worded anew on each drawing)."""
        self._message = lambda: note_html(_(words), REFUSED)
        self.message.value = self._message()

    def _refused(self) -> bool:
        """Whether the table is thinking, so a move now is refused (with a note)."""
        if self.busy:
            self._refuse(N_("Wait until the table has finished; nothing was played"))
        return self.busy

    def _clicked(self, position: int, action: Callable[[], Any]) -> Handler:
        """A click handler for a control drawn for ``position``: while the table thinks every
        click is refused, and a click meant for another position is dropped, with a note."""

        def handler(_click: Any) -> None:
            with self._lock:
                if self._refused():
                    return
                if position != self.position:
                    self._refuse(N_("That click was for an earlier position; nothing was played"))
                else:
                    action()

        return handler

    def _rows_and_notes(self) -> tuple[Rows, list[str]]:
        """The table as the learner's seat sees it; everything a seat may know comes from its
        view (hidden cards face down, card points as that seat counts them)."""
        state, view = self.state, self.view
        rows: Rows = list(self.adapter.seat_rows(state, view))
        return rows, table_notes(state, self.seat, open_hands=False)

    def _render(self) -> None:
        if self.language.outdated():
            self.controls.label(self.opponents)
        state, view, busy = self.state, self.view, self.busy
        you = self.adapter.seat_name(self.seat)
        header = Msg("{game}: deal {seed}, you are {you}", game=str(self.adapter.title),
                     seed=self.seed, you=you)  # fmt: skip
        self.header.value = f"<h3>{escape(str(header), quote=False)}</h3>"
        self.link_note.value = self._link_html()
        self.message.value = self._message()
        self.hint.value = self._hint()
        rows, notes = self._rows_and_notes()
        mine = rows.pop(self.seat)[0]
        self.table.value = fit_width(table_svg(rows, notes=notes, four_colour=self.four_colour))
        position = self.position

        def clicked(action: Callable[[Any], Any]) -> Callable[[Any], Handler]:
            return lambda argument: self._clicked(position, lambda: action(argument))

        self.hand_box.children = self._hand.draw(
            mine, list(view.hand), self.adapter.clickable(view), self.selected,
            position=position, click=clicked(self.play_card), four_colour=self.four_colour,
            disabled=busy,
        )  # fmt: skip
        drawn = self._moves.row
        self._moves = MoveRow(self.adapter.buttons(view, tuple(self.selected)))
        self.move_box.children = self._moves.draw(clicked(self._play_chosen), disabled=busy)
        self._retired.retire([*self._hand.replaced, *drawn], new_position=self._hand.fresh)
        self.events.value = news_html(self.news, earlier=self.told[: -len(self.news) or None])
        lines = settlement_lines(state)
        shown = "<br>".join(escape(line) for line in lines)
        self.result.value = note_html(shown, RESULT, raw=True) if lines else ""
        if state.is_over and not self._scored:
            self._scored = True
            self.score_board.add(self.seed, self.adapter.deal_score(state, self.seat))
        else:
            self.score_board.draw()
        self._line.show()
        self.controls.disable(thinking=busy, over=state.is_over)
        self._mark()

    def _mark(self) -> None:
        """Say on the table's element whether it thinks, and at which position."""
        self._dom_classes = ("cardlib-table", "cardlib-busy" if self.busy else "cardlib-ready",
                             f"cardlib-position-{self.position}")  # fmt: skip

    def _play_chosen(self, move: Any) -> None:
        if move is not None:
            self.play(move)

    def _link_html(self) -> str:
        """The link's notes (:meth:`PlayTable.from_link`), one line each."""
        notes = self.link.notes if self.link is not None else ()
        shown = "<br>".join(escape(str(note), quote=False) for note in notes)
        return note_html(shown, NOTE, raw=True, name="cardlib-link-note") if notes else ""

    def _mover(self) -> object:
        """The name of the seat to move."""
        return self.adapter.seat_name(int(self.state.current_player))

    def snapshot(self) -> Any:
        """The table as the learner sees it now, as a static picture with the last events."""
        rows, notes = self._rows_and_notes()
        you = self.adapter.seat_name(self.seat)
        notes = [str(Msg("Deal {seed}, you are {you}", seed=self.seed, you=you)), *notes]
        svg = table_svg(rows, notes=notes, four_colour=self.four_colour)
        return Picture(svg, table_text(rows, notes), [*self.news, *settlement_lines(self.state)])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, its short text, and the table as a static picture (``snapshot``), which
        a notebook viewer without a kernel (GitHub, a stored notebook) shows in its place."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["image/svg+xml"] = self.snapshot().svg
        return bundle

    def __repr__(self) -> str:
        state = self.state
        you = self.adapter.seat_name(self.seat)
        if state.is_over:
            said = Msg("{game}, deal {seed}, you are {you}: over", game=str(self.adapter.title),
                       seed=self.seed, you=you)  # fmt: skip
        else:
            said = Msg(
                "{game}, deal {seed}, you are {you}: {who} to move",
                game=str(self.adapter.title), seed=self.seed, you=you, who=self._mover(),
            )  # fmt: skip
        return f"{type(self).__name__}({said})"
