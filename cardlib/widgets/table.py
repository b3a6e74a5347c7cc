"""Play one seat of any registered game against bots, with every refusal explained."""

from __future__ import annotations

import contextlib
import os
import random
import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import games
from cardlib.cards import Card
from cardlib.display import table_svg
from cardlib.errors import CardlibError
from cardlib.games import Bot
from cardlib.i18n import Msg, Plural, _, language, set_language
from cardlib.players.driver import Progress, reporting
from cardlib.widgets.card_buttons import card_button, move_button
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.links import MAX_SEED, Link, check_seed, read_link
from cardlib.widgets.opponents import BUDGET, OPPONENTS, check_opponents
from cardlib.widgets.seat_view import Picture, Rows, step_texts, table_notes, table_text
from cardlib.widgets.table_text import (
    HINT,
    NOTE,
    REFUSED,
    RESULT,
    news_html,
    note_html,
    settlement_lines,
    status_html,
)
from cardlib.widgets.thinking import PROGRESS_EVERY, Throttle, Worker, in_kernel

__all__ = ["OPPONENTS", "Bot", "PlayTable", "settlement_lines"]


class PlayTable(widgets.VBox):  # type: ignore[misc]
    """The learner plays ``seat`` against ``bots``; clicking an illegal card shows its ruling.

    ``game`` is a registered game's name (:func:`cardlib.games.game_names`; default: the first);
    ``seed`` fixes the deal (shown on the table, and
    a new deal takes the next seed); ``bots`` maps the other seats to players. The seats not
    given there play as ``opponents`` says, seeded from the deal: ``"heuristic"`` (the game's
    heuristic bot, a beginner; the default) or ``"sampling"`` (the sampling player, strong: it
    plays sampled deals out within 0.6 s a move, so its moves may differ from run to run). The
    **Opponents** menu (``table.opponents_menu``) changes them for the rest of the deal, and the
    hint asks the same kind of player. ``rules`` are the game's rule options.

    With ``background`` (the default inside a running kernel, as in JupyterLab or a Voilà
    page), the other seats' moves and the hint after a click are worked out in a worker thread,
    so the kernel keeps handling messages: the table says at once who is thinking
    (``table.status``), with the sampled deals solved so far ("MH is thinking… 7 of 20 deals",
    at most every ``table.progress_every`` seconds, 0.1 by default; the players report to the
    table through :func:`cardlib.players.driver.reporting`, knowing nothing of it), and
    disables its controls until the answer is shown. Every card and move
    button carries the position it was drawn for (``table.position``, counting the positions
    shown); a click meant for another position, or made while the table thinks, is refused with
    a note and changes nothing. :meth:`wait` waits for the thinking to end. Without
    ``background`` (a script, a test) every call returns with the bots' answer.
    :meth:`from_link` builds the table a web page's link asks for.

    Everything shown comes from the learner's view, ``state.view(seat)`` (also ``table.view``):
    the other hands and every card laid face down stay hidden until the deal is over, the
    card points are those the seat can count, and the news is told as that seat hears it.

    The language selector (``table.language``) words every text anew; the deal stays as it is.

    Each game's adapter says what its table shows and what a click or a button does; the
    examples are in the adapters' modules (``cardlib.<game>.adapter``).

    >>> from cardlib.games import game_names
    >>> PlayTable(game_names()[0], opponents="expert")
    Traceback (most recent call last):
    cardlib.errors.CardlibError: PlayTable: opponents='expert', expected 'sampling' or 'heuristic'
    """

    def __init__(
        self,
        game: str | None = None,
        seat: int = 0,
        bots: dict[int, Bot] | None = None,
        *,
        seed: int | None = None,
        rules: Any = None,
        four_colour: bool = False,
        opponents: str = "heuristic",
        background: bool | None = None,
    ) -> None:
        names = games.game_names()
        game = names[0] if game is None else game
        if game not in names:
            expected = " or ".join(repr(name) for name in names)
            raise CardlibError(f"PlayTable({game!r}): expected {expected}")
        self.opponents = check_opponents(opponents, "PlayTable")
        self.hint_explanation: Any = None
        self.game = game
        self.adapter = games.game(game)
        self.seat = int(seat)
        self.rules = rules
        self.four_colour = four_colour
        self._given_bots = bots
        self.bots: dict[int, Bot] = {}
        self.selected: list[Card] = []
        self._news: list[Any] = []
        self._message: Callable[[], str] = str
        self._hint: Callable[[], str] = str
        self.position = 0
        self._lock = threading.RLock()
        self._thinking: Callable[[], str] | None = None
        self._seconds: float | None = None
        self.progress_every = PROGRESS_EVERY
        self._worker = Worker(self._lock, self._ticked)
        self.background = False
        self.link: Link | None = None
        self.header = widgets.HTML()
        self.link_note = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.move_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.events = widgets.HTML()
        self.result = widgets.HTML()
        self.hint_button = widgets.Button()
        self.hint = widgets.HTML()
        self.seed_box = widgets.BoundedIntText(
            min=0, max=MAX_SEED, layout=widgets.Layout(width="220px")
        )
        self.new_button = widgets.Button()
        self.hint_button.on_click(lambda _click: self._unless_busy(self.show_hint))
        self.new_button.on_click(
            lambda _click: self._unless_busy(lambda: self.new_deal(self.seed_box.value))
        )
        self.choice = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.choice_button = widgets.Button()
        self.colours = widgets.Checkbox(
            value=four_colour, style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.colours.observe(self._recolour, names="value")
        self.language = LanguageSelector(self._switched)
        self.opponents_menu = widgets.Dropdown(
            value=None, layout=widgets.Layout(width="auto"), style={"description_width": "initial"}
        )
        footer = widgets.HBox(
            [
                self.hint_button,
                self.new_button,
                self.seed_box,
                self.opponents_menu,
                self.colours,
                self.language,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [self.header, self.link_note, self.status, self.table, self.hand_box, self.move_box,
             self.message, self.hint, self.events, self.result, footer]
        )  # fmt: skip
        self._label()
        self.opponents_menu.observe(self._opponents_chosen, names="value")
        seed = random.Random().randrange(1, 10_000) if seed is None else seed
        self.new_deal(check_seed(seed, "PlayTable"))
        self.background = in_kernel() if background is None else bool(background)

    @classmethod
    def from_link(cls, game: str, query: str | None = None) -> PlayTable:
        """The table a web link asks for: ``query`` is the part after ``?`` (default: the
        ``QUERY_STRING`` environment variable, where Voilà puts the page's), with ``seed``
        (default 1), ``seat`` (default 0), ``opponents`` (default ``sampling``) and ``lang``
        (which sets cardlib's language). Other keys are ignored. A bad value opens the table
        on the default instead, with a one-line note naming it (``table.link_note``; the
        notes are ``table.link.notes``, :func:`cardlib.widgets.links.read_link`).

        >>> from cardlib.games import game_names
        >>> table = PlayTable.from_link(game_names()[0], "?seat=one&seed=4")
        >>> table.seed, table.seat, [str(note) for note in table.link.notes]
        (4, 0, ["The link's seat=one is not a seat from 0 to 2: you are FH instead."])
        """
        text = os.environ.get("QUERY_STRING", "") if query is None else query
        adapter = games.game(game)
        seats = adapter.seats(adapter.new_game(Link.seed, None))
        link = read_link(text, [adapter.seat_name(seat) for seat in range(seats)])
        with language(link.lang) if link.lang is not None else contextlib.nullcontext():
            table = cls(game, link.seat, seed=link.seed, opponents=link.opponents)
            table.link = link
            table.link_note.value = table._link_html()
        if link.lang is not None:
            set_language(link.lang)
        return table

    @property
    def news(self) -> list[str]:
        """What the learner's seat was told since its last move, in the current language."""
        return [str(text) for text in self._news]

    def _label(self) -> None:
        """The words of the controls, in the current language."""
        self.hint_button.description = _("hint")
        self.hint_button.tooltip = _("what the bot would do")
        self.seed_box.description = _("seed")
        self.new_button.description = _("new deal")
        self.new_button.tooltip = _("deal with this seed")
        self.colours.description = _("four-colour deck (♣ green, ♦ blue)")
        self.opponents_menu.description = _("Opponents")
        self.opponents_menu.tooltip = _("who plays the other seats, and gives the hint")
        self._relabelling = True
        try:
            relabel(self.opponents_menu, [(_("strong (sampling)"), "sampling"),
                                          (_("beginner (heuristic)"), "heuristic")])  # fmt: skip
            self.opponents_menu.value = self.opponents
        finally:
            self._relabelling = False
        self.language.refresh()

    def _switched(self) -> None:
        """After a change of language: every text anew, the deal untouched."""
        self._label()
        self._render()

    # --- the game ------------------------------------------------------------------------
    def new_deal(self, seed: int) -> None:
        """Deal afresh from ``seed`` and let the bots move up to the learner's first turn."""
        with self._lock:
            self._worker.cancel()
            self._thinking = None
            self.seed = check_seed(seed, "PlayTable.new_deal")
            self.seed_box.value = self.seed + 1 if self.seed < MAX_SEED else 0
            state = self._deal(self.seed)
            players = self.adapter.seats(state)
            if not 0 <= self.seat < players:
                raise CardlibError(
                    f"PlayTable(seat={self.seat}): this table has seats 0-{players - 1}"
                )
            self.state = state
            self.position += 1
            self.bots = {p: self._bot(p) for p in range(players)}
            self._news = []
            self.selected = []
            self._message = self._hint = str
            self.hint_explanation = None
            self._advance()
            self._render()

    @property
    def busy(self) -> bool:
        """Whether the table is thinking (the other seats' moves or the hint)."""
        return self._thinking is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the table has stopped thinking (at most ``timeout`` seconds); whether it
        has."""
        return self._worker.wait(timeout)

    def _bot(self, seat: int) -> Bot:
        given = (self._given_bots or {}).get(seat)
        return given or self._player(self.seed * 10 + seat)

    def _player(self, rng: random.Random | int | None) -> Bot:
        """A player of the opponents' kind for this game, seeded with ``rng``."""
        return self.adapter.player(self.opponents, rng, budget=BUDGET)

    def set_opponents(self, kind: str) -> None:
        """Let ``kind`` of player (``"sampling"`` or ``"heuristic"``) play the other seats for
        the rest of the deal and give the hint; the deal stays where it is."""
        self.opponents = check_opponents(kind, f"{self!r}.set_opponents")
        self.bots = {p: bot if p == self.seat else self._bot(p) for p, bot in self.bots.items()}
        if self.opponents_menu.value != self.opponents:
            self.opponents_menu.value = self.opponents
        self._hint = str
        self.hint_explanation = None
        self._render()

    def _opponents_chosen(self, change: dict[str, Any]) -> None:
        if not self._relabelling and change["new"] is not None and change["new"] != self.opponents:
            self.set_opponents(change["new"])

    def _deal(self, seed: int) -> Any:
        return self.adapter.new_game(seed, self.rules)

    def _advance(self) -> None:
        """Let the bots move up to the learner's turn: at once, or in the worker thread."""
        if self.background and self._bots_to_move():
            self._think(self._thinking_words(), self._bots_move)
            return
        while self._bots_to_move():
            player = int(self.state.current_player)
            before = self.state
            self.state = before.play(self.bots[player].choose(before))
            self.position += 1
            self._news += step_texts(self.state, before, self.seat)

    def _bots_to_move(self) -> bool:
        return not self.state.is_over and int(self.state.current_player) != self.seat

    def _thinking_words(self, done: int | None = None, planned: int = 0) -> Callable[[], str]:
        """Who is thinking, with the deals solved of ``planned`` when ``done`` is given."""
        who = self.adapter.seat_name(int(self.state.current_player))
        said = Msg("{who} is thinking…", who=who) if done is None else Plural(
            "{who} is thinking… {done} of {n} deal", "{who} is thinking… {done} of {n} deals",
            planned, who=who, done=done,
        )  # fmt: skip
        return lambda: str(said)

    @staticmethod
    def _hint_words(done: int | None = None, planned: int = 0) -> Callable[[], str]:
        said = Msg("Working out the hint…") if done is None else Plural(
            "Working out the hint… {done} of {n} deal", "Working out the hint… {done} of {n} deals",
            planned, done=done,
        )  # fmt: skip
        return lambda: str(said)

    def _think(self, words: Callable[[], str], job: Callable[[Callable[[], bool]], None]) -> None:
        self._thinking = words
        self._seconds = None
        self._render()
        self._worker.start(job)

    def _reporter(
        self, current: Callable[[], bool], words: Callable[[int, int], Callable[[], str]]
    ) -> Progress:
        """What a worker's sampling players report to: the deals solved, shown in the thinking
        line at most every ``progress_every`` seconds."""
        throttle = Throttle(self.progress_every)

        def report(done: int, planned: int) -> None:
            if throttle.ready():
                with self._lock:
                    if current() and self._thinking is not None:
                        self._thinking = words(done, planned)
                        self.status.value = self._status_html()

        return report

    def _bots_move(self, current: Callable[[], bool]) -> None:
        """The worker's job: the other seats' moves, each shown as soon as it is made."""
        while True:
            with self._lock:
                if not current():
                    return
                if not self._bots_to_move():
                    self._thinking = None
                    self._render()
                    return
                before = self.state
                bot = self.bots[int(before.current_player)]
            try:
                with reporting(self._reporter(current, self._thinking_words)):
                    move = bot.choose(before)
            except Exception as error:  # the table must not freeze on a failing bot
                self._failed(current, error)
                return
            with self._lock:
                if not current() or self.state is not before:
                    return
                self.state = before.play(move)
                self.position += 1
                self._news += step_texts(self.state, before, self.seat)
                if self._bots_to_move():
                    self._thinking = self._thinking_words()
                self._render()

    def _failed(self, current: Callable[[], bool], error: Exception) -> None:
        with self._lock:
            if current():
                self._thinking = None
                failed = Msg("The bot failed: {error}", error=error)
                self._message = lambda: note_html(str(failed), REFUSED)
                self._render()

    def _ticked(self, seconds: float) -> None:
        """Every half second of thinking: the seconds so far."""
        self._seconds = seconds
        if self._thinking is not None:
            self.status.value = self._status_html()

    def _status_html(self) -> str:
        """The thinking line: who is thinking (with the deals solved, once reported) and for how
        long; nothing when the table waits for the learner."""
        words = self._thinking
        if words is None:
            return ""
        if self._seconds is None:
            return status_html(words())
        seconds = f"{self._seconds:.0f}"
        return status_html(str(Msg("{doing} ({seconds} s)", doing=words(), seconds=seconds)))

    def _refused(self) -> bool:
        """Whether the table is thinking, so a move now is refused (with a note)."""
        if not self.busy:
            return False
        self._message = lambda: note_html(
            _("Wait until the table has finished; nothing was played"), REFUSED
        )
        self.message.value = self._message()
        return True

    def _unless_busy(self, action: Callable[[], Any]) -> None:
        with self._lock:
            if not self._refused():
                action()

    def _clicked(self, position: int, action: Callable[[], Any]) -> Callable[[Any], None]:
        """A click handler for a control drawn for ``position``: a click meant for another
        position is dropped with a note."""

        def handler(_click: Any) -> None:
            with self._lock:
                if position != self.position:
                    self._message = lambda: note_html(
                        _("That click was for an earlier position; nothing was played"),
                        REFUSED,
                    )  # fmt: skip
                    self.message.value = self._message()
                    return
                action()

        return handler

    def play(self, move: Any) -> bool:
        """Make the learner's move; if it is illegal, show the ruling and change nothing."""
        with self._lock:
            if self._refused():
                return False
            ruling = self.state.why_illegal(move)
            if ruling is not None:
                self._message = lambda: note_html(
                    str(Msg("Not allowed: {reason}", reason=ruling.explanation)), REFUSED,
                    ruling.rule,
                )  # fmt: skip
                self.message.value = self._message()
                return False
            before = self.state
            self.state = before.play(move)
            self.position += 1
            self._news = step_texts(self.state, before, self.seat)
            self.selected = []
            self._message = self._hint = str
            self.hint_explanation = None
            self._advance()
            self._render()
            return True

    def play_card(self, card: Card | str) -> bool:
        """What clicking a card does: play it, or select it (as the game's adapter says, e.g.
        two cards to lay away)."""
        card = card if isinstance(card, Card) else Card.parse(card)
        with self._lock:
            if self._refused():
                return False
            click = self.adapter.click(self.view, card, tuple(self.selected))
            if click.move is not None:
                return self.play(click.move)
            self.selected = list(click.selected)
            note = click.note
            self._message = lambda: note_html(str(note), NOTE) if note is not None else ""
            self._render()
            return True

    def show_hint(self) -> str:
        """Ask a player of the opponents' kind what it would do here, and why (in the current
        language). The answer is worked out once (``table.hint_explanation``); a change of
        language words it anew. In the ``background`` the answer comes later (the words
        returned are empty; :meth:`wait` for them), and only for the position it was asked for."""
        with self._lock:
            if self._refused():
                return ""
            state, position = self.state, self.position
            if state.is_over:
                return self._hinted(Msg("The deal is over: deal again for a new game."))
            player = self._player(self.seed)
            if not self.background:
                return self._hinted(player.explain(state))

            def job(current: Callable[[], bool]) -> None:
                try:
                    with reporting(self._reporter(current, self._hint_words)):
                        explanation = player.explain(state)
                except Exception as error:  # the table must not freeze on a failing bot
                    self._failed(current, error)
                    return
                with self._lock:
                    if current() and self.position == position:
                        self._thinking = None
                        self._hinted(explanation)
                        self._render()

            self._think(self._hint_words(), job)
            return ""

    def _hinted(self, explanation: Any) -> str:
        self.hint_explanation = explanation
        self._hint = lambda: note_html(str(Msg("Hint: {hint}", hint=str(explanation))), HINT)
        self.hint.value = self._hint()
        return str(explanation)

    def _recolour(self, change: dict[str, Any]) -> None:
        self.four_colour = bool(change["new"])
        self._render()

    def _choose(self) -> None:
        if self.choice.value is not None:
            self.play(self.choice.value)

    # --- the view ------------------------------------------------------------------------
    @property
    def view(self) -> Any:
        """The deal as the learner may know it, ``state.view(seat)``: all the table shows."""
        return self.state.view(self.seat)

    def _rows_and_notes(self) -> tuple[Rows, list[str]]:
        """The table as the learner's seat sees it; everything a seat may know comes from its
        view (hidden cards face down, card points as that seat counts them)."""
        state, view = self.state, self.view
        rows: Rows = list(self.adapter.seat_rows(state, view))
        return rows, table_notes(state, self.seat, open_hands=False)

    def _render(self) -> None:
        if self.language.outdated():
            self._label()
        state = self.state
        you = self.adapter.seat_name(self.seat)
        header = Msg("{game}: deal {seed}, you are {you}", game=str(self.adapter.title),
                     seed=self.seed, you=you)  # fmt: skip
        self.header.value = f"<h3>{escape(str(header), quote=False)}</h3>"
        self.link_note.value = self._link_html()
        self.message.value = self._message()
        self.hint.value = self._hint()
        rows, notes = self._rows_and_notes()
        self._you = rows.pop(self.seat)[0]
        self.table.value = table_svg(rows, notes=notes, four_colour=self.four_colour)
        self.hand_box.children = self._card_buttons()
        self.move_box.children = self._move_buttons()
        self.events.value = news_html(self.news[-12:])
        lines = settlement_lines(state)
        shown = "<br>".join(escape(line) for line in lines)
        self.result.value = note_html(shown, RESULT, raw=True) if lines else ""
        thinking = self._thinking
        self.status.value = self._status_html()
        self.hint_button.disabled = state.is_over or thinking is not None
        for control in (self.new_button, self.seed_box, self.opponents_menu):
            control.disabled = thinking is not None

    def _link_html(self) -> str:
        notes = self.link.notes if self.link is not None else ()
        shown = "<br>".join(escape(str(note), quote=False) for note in notes)
        return note_html(shown, NOTE, raw=True, name="cardlib-link-note") if notes else ""

    def _card_buttons(self) -> list[widgets.Widget]:
        view = self.view
        hand = list(view.hand)
        legal = self.adapter.clickable(view)
        yours = Msg("Your cards, {you}:", you=self._you)
        buttons: list[widgets.Widget] = [widgets.HTML(f"<b>{escape(str(yours), quote=False)}</b>")]
        for card in hand:
            button = card_button(card, playable=card in legal, chosen=card in self.selected,
                                 four_colour=self.four_colour, disabled=self.busy)  # fmt: skip
            button.on_click(self._clicked(self.position, _bound(self.play_card, card)))
            buttons.append(button)
        return buttons

    def _move_buttons(self) -> list[widgets.Widget]:
        offered = self.adapter.buttons(self.view, tuple(self.selected))
        shown: list[widgets.Widget] = [
            self._button(button.move, str(button.label), button.style) for button in offered.shown
        ]
        if offered.more:
            self.choice = widgets.Dropdown(
                options=[(str(button.label), button.move) for button in offered.more],
                layout=widgets.Layout(width="220px"), disabled=self.busy,
            )  # fmt: skip
            self.choice_button = widgets.Button(
                description=str(offered.more_label), disabled=self.busy
            )
            self.choice_button.on_click(self._clicked(self.position, self._choose))
            shown += [self.choice, self.choice_button]
        return shown

    def _button(self, move: Any, words: str, style: str = "info") -> widgets.Button:
        button = move_button(words, style, disabled=self.busy)
        button.on_click(self._clicked(self.position, _bound(self.play, move)))
        return button

    def snapshot(self) -> Any:
        """The table as the learner sees it now, as a static picture with the last events."""
        rows, notes = self._rows_and_notes()
        you = self.adapter.seat_name(self.seat)
        notes = [str(Msg("Deal {seed}, you are {you}", seed=self.seed, you=you)), *notes]
        svg = table_svg(rows, notes=notes, four_colour=self.four_colour)
        return Picture(
            svg, table_text(rows, notes), [*self.news[-12:], *settlement_lines(self.state)]
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        state = self.state
        you = self.adapter.seat_name(self.seat)
        if state.is_over:
            said = Msg("{game}, deal {seed}, you are {you}: over", game=str(self.adapter.title),
                       seed=self.seed, you=you)  # fmt: skip
        else:
            who = self.adapter.seat_name(state.current_player)
            said = Msg(
                "{game}, deal {seed}, you are {you}: {who} to move",
                game=str(self.adapter.title), seed=self.seed, you=you, who=who,
            )  # fmt: skip
        return f"PlayTable({said})"


def _bound(function: Callable[[Any], Any], argument: Any) -> Callable[[], None]:
    def action() -> None:
        function(argument)

    return action
