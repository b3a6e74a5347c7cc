"""Step through a Skat deal and see what one seat believes of the others' cards after every move.

At every step (each bid, hold and pass, taking up the skat, the game declared, the cards laid
away, every card played) the chosen seat's belief (:func:`~cardlib.skat.players.beliefs.
belief_of`, from ``state.view(seat)`` and nothing else) is shown beside the table as that seat
sees it: for each card it has not seen, the chance that it lies with each other player and in
the skat, weighing what the others did, with the play-only chance (every deal that fits the
play equally likely) beside it; one line per holder (expected jacks, trumps and card points,
play only → weighted); and the evidence in words, with how many deals count and how far the
estimates may stray. Where the model of the others' play fits none of the deals drawn, the
play-only chances are shown, and the note says so.

Each step is drawn from its own seed (:func:`step_seed`: the stepper's ``seed``, the step and
the seat), so a step shows the same numbers however it is reached, and it is worked out once
(kept for the next visit). What a step costs, measured on the 2-core machine that runs the tests
(other processes sharing the cores), with the default :data:`~cardlib.skat.players.beliefs.
CANDIDATES` (60 deals weighed), in two runs over every step and seat of two heuristic deals and
a real ISS game: median 0.03–0.04 s, 90% of the steps within 0.11–0.28 s, the slowest 0.2–0.33 s
(card play, whose evidence replays the simple player for every deal); a step kept is drawn
again in 3–10 ms. In a live kernel a step not yet worked out is therefore computed off
the click, in a worker thread (:mod:`cardlib.widgets.thinking`): the page says at once that
the seat is thinking, and a click made meanwhile moves on without waiting; a result that
arrives for a step no longer shown is kept, not drawn.

>>> from cardlib.skat import HeuristicBot, new_deal, new_game
>>> bot, state = HeuristicBot(1), new_game(new_deal(5))
>>> while len(state.tricks) < 2:
...     state = state.play(bot.choose(state))
>>> stepper = belief_stepper(state)            # MH plays ♠: RH, the first defender, by default
>>> stepper.last_button.click(); stepper
BeliefStepper(RH's belief, step 12 of 12)
>>> belief = stepper.belief()
>>> [str(name) for name in belief.holder_names()], belief.chance("SJ", 1)[0]
(['FH', 'MH', 'Skat'], Fraction(4, 7))
>>> stepper.show(12, seat=1); [str(name) for name in stepper.belief().holder_names()]
['FH', 'RH']
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.display import fit_width, table_svg
from cardlib.display.palette import COLOUR_SCHEMES, scheme_of
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.skat.engine.rules import position_term
from cardlib.skat.players.beliefs import CANDIDATES, Belief, belief_of
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.readable_box import ReadableBox
from cardlib.widgets.seat_view import step_title, table_notes, table_rows
from cardlib.widgets.table_text import status_html
from cardlib.widgets.thinking import Worker, in_kernel

__all__ = ["BeliefPicture", "BeliefStepper", "belief_html", "belief_stepper", "step_seed"]

SHADE = (11, 87, 208)
"""The colour a cell is shaded in, the more the likelier the card lies there."""


def step_seed(seed: int, index: int, seat: int) -> int:
    """The seed of step ``index``'s belief for ``seat`` in a stepper seeded with ``seed``.

    >>> step_seed(0, 0, 0), step_seed(0, 5, 2), step_seed(1, 0, 0)
    (0, 17, 3000)
    """
    return (seed * 1000 + index) * 3 + seat


def belief_stepper(
    game: Any,
    seat: int | None = None,
    *,
    seed: int = 0,
    candidates: int = CANDIDATES,
    four_colour: bool = False,
    background: bool | None = None,
) -> BeliefStepper:
    """A :class:`BeliefStepper` over ``game``: a Skat state (finished or running: its steps so
    far), a list of a deal's states, a replayed ISS game (:func:`cardlib.skat.iss.replay`), an
    ISS record or its line. ``seat`` (0 FH, 1 MH, 2 RH) is the seat shown first; by default the
    first defender (FH if nobody declared). ``seed`` seeds every step (:func:`step_seed`);
    ``candidates`` deals are weighed a step. ``background``: compute a step off the click
    (default: in a live kernel)."""
    states = _states_of(game)
    if seat is None:
        declarer = states[-1].declarer
        seat = 0 if declarer is None else (int(declarer) + 1) % 3
    return BeliefStepper(states, seat, seed=seed, candidates=candidates,
                         four_colour=four_colour, background=background)  # fmt: skip


def _states_of(game: Any) -> list[Any]:
    """The states of a Skat deal from what a learner may have at hand (see belief_stepper)."""
    from cardlib.skat import SkatState, iss

    found: Any = game
    if isinstance(found, str):
        found = iss.read(found)
    if isinstance(found, iss.Record):
        found = iss.replay(found)
    if isinstance(found, iss.Replay):
        found = found.state
    if isinstance(found, SkatState):
        return list(found.history())
    if isinstance(found, Sequence) and found and all(isinstance(s, SkatState) for s in found):
        return list(found)
    raise CardlibError(
        Msg(
            "belief_stepper({game:.60}): expected a Skat state, a list of a deal's Skat states, a "
            "replayed ISS game or an ISS record",
            game=repr(game),
        )
    )


class BeliefPicture:
    """A step's belief as a static view: an HTML table and its text (no widget inside, so
    nbval compares both and a notebook viewer without a kernel shows the table)."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html, "text/plain": self.text}

    def __repr__(self) -> str:
        return self.text


class BeliefStepper(ReadableBox):
    """First / previous / next / last and a slider over a Skat deal's steps, a seat selector and
    a language selector; the table as the seat sees it and the seat's belief beside it (see the
    module). ``belief(index, seat)`` is a step's :class:`~cardlib.skat.players.beliefs.Belief`
    (worked out once); ``snapshot(index, seat)`` the same as a static table.
    """

    def __init__(
        self,
        states: Sequence[Any],
        seat: int = 0,
        *,
        seed: int = 0,
        candidates: int = CANDIDATES,
        four_colour: bool = False,
        background: bool | None = None,
    ) -> None:
        self.states = _states_of(list(states))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 2:
            raise CardlibError(
                Msg("belief_stepper(seat={seat}): expected a seat 0 (FH), 1 (MH) or 2 (RH)",
                    seat=repr(seat))
            )  # fmt: skip
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise CardlibError(
                Msg("belief_stepper(seed={seed}): expected a whole number 0 or more",
                    seed=repr(seed))
            )  # fmt: skip
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise CardlibError(
                Msg("belief_stepper(candidates={candidates}): expected a whole number 1 or more",
                    candidates=repr(candidates))
            )  # fmt: skip
        self.seed, self.candidates, self.four_colour = seed, candidates, four_colour
        self.background = in_kernel() if background is None else bool(background)
        self._beliefs: dict[tuple[int, int], Belief] = {}
        self._lock = threading.RLock()
        self._worker = Worker(self._lock)
        self._quiet = False
        last = len(self.states) - 1
        self.first_button = widgets.Button()
        self.previous_button = widgets.Button()
        self.next_button = widgets.Button()
        self.last_button = widgets.Button()
        self.slider = widgets.IntSlider(value=0, min=0, max=last,
                                        layout=widgets.Layout(width="360px"))  # fmt: skip
        self.seat_buttons = widgets.ToggleButtons(
            options=_seats(), value=seat,
            style={"button_width": "72px", "description_width": "initial"},
        )  # fmt: skip
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML(layout=widgets.Layout(min_width="360px", max_width="520px"))
        self.panel = widgets.HTML(layout=widgets.Layout(min_width="380px"))
        self.first_button.on_click(lambda _click: self.show(0))
        self.previous_button.on_click(lambda _click: self.show(self.index - 1))
        self.next_button.on_click(lambda _click: self.show(self.index + 1))
        self.last_button.on_click(lambda _click: self.show(len(self.states) - 1))
        self.slider.observe(lambda _change: self._render(), names="value")
        self.seat_buttons.observe(self._seat_chosen, names="value")
        self.language = LanguageSelector(self._switched)
        steps = widgets.HBox(
            [self.first_button, self.previous_button, self.next_button, self.last_button,
             self.slider], layout=widgets.Layout(flex_flow="row wrap"),
        )  # fmt: skip
        choices = widgets.HBox([self.seat_buttons, self.language],
                               layout=widgets.Layout(flex_flow="row wrap"))  # fmt: skip
        body = widgets.HBox([self.table, self.panel], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([steps, choices, self.title, self.status, body])
        self._label()
        self._render()

    # --- what is shown ------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The step shown (0 is the deal)."""
        value: int = self.slider.value
        return value

    @property
    def seat(self) -> int:
        """The seat whose belief is shown."""
        value: int = self.seat_buttons.value
        return value

    def show(self, index: int, seat: int | None = None) -> None:
        """Show step ``index`` (clamped to the deal), for ``seat`` if given."""
        target = max(0, min(len(self.states) - 1, index))
        if seat is not None and self._seat(seat, "show") != self.seat:
            self._quiet = True  # one drawing, of the step asked for, not two
            try:
                self.seat_buttons.value = seat
            finally:
                self._quiet = False
            if target == self.index:
                self._render()
        self.slider.value = target

    def belief(self, index: int | None = None, seat: int | None = None) -> Belief:
        """What ``seat`` (default: the one shown) believes at step ``index`` (default: the one
        shown), from ``states[index].view(seat)`` alone; worked out once, then kept."""
        key = (self._index(index, "belief"), self._seat(seat, "belief"))
        with self._lock:
            found = self._beliefs.get(key)
        if found is None:
            found = self._work_out(key)
        return found

    def is_ready(self, index: int | None = None, seat: int | None = None) -> bool:
        """Whether that step's belief is worked out already (a click on it shows it at once)."""
        key = (self._index(index, "is_ready"), self._seat(seat, "is_ready"))
        with self._lock:
            return key in self._beliefs

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the step being worked out is shown (at most ``timeout`` seconds)."""
        return self._worker.wait(timeout)

    def snapshot(self, index: int | None = None, seat: int | None = None) -> BeliefPicture:
        """Step ``index``'s belief for ``seat`` (defaults: those shown) as a static table."""
        key = (self._index(index, "snapshot"), self._seat(seat, "snapshot"))
        belief = self.belief(*key)
        title = step_title(self.states, key[0], key[1])
        html = belief_html(belief, title, four_colour=self.four_colour)
        return BeliefPicture(html, title + "\n" + belief.text())

    def _work_out(self, key: tuple[int, int]) -> Belief:
        index, seat = key
        view = self.states[index].view(seat)
        found = belief_of(view, step_seed(self.seed, index, seat), self.candidates)
        with self._lock:
            return self._beliefs.setdefault(key, found)

    def _index(self, index: int | None, call: str) -> int:
        if index is None:
            return self.index
        last = len(self.states) - 1
        if isinstance(index, bool) or not isinstance(index, int) or not -last - 1 <= index <= last:
            raise CardlibError(
                Msg("{call}({index}): this deal has steps 0 to {value}", call=call,
                    index=repr(index), value=last)
            )  # fmt: skip
        return index % len(self.states)

    def _seat(self, seat: int | None, call: str) -> int:
        if seat is None:
            return self.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 2:
            raise CardlibError(
                Msg("{call}(seat={seat}): expected a seat 0 (FH), 1 (MH) or 2 (RH)", call=call,
                    seat=repr(seat))
            )  # fmt: skip
        return seat

    # --- drawing ------------------------------------------------------------------------
    def _label(self) -> None:
        """The words of the controls, in the current language."""
        self._quiet = True
        try:
            relabel(self.seat_buttons, _seats())
        finally:
            self._quiet = False
        self.first_button.description = _("◀◀ first")
        self.first_button.tooltip = _("the deal")
        self.previous_button.description = _("◀ previous")
        self.previous_button.tooltip = _("one move back")
        self.next_button.description = _("next ▶")
        self.next_button.tooltip = _("one move on")
        self.last_button.description = _("last ▶▶")
        self.last_button.tooltip = _("the end of the deal")
        self.slider.description = _("step")
        self.seat_buttons.description = _("belief of")
        self.seat_buttons.tooltips = [
            str(Msg("what {who} believes of the others' cards", who=position_term(seat)))
            for seat in range(3)
        ]
        self.language.refresh()

    def _switched(self) -> None:
        self._label()
        self._render()

    def _seat_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._render()

    def _render(self) -> None:
        with self._lock:
            if self.language.outdated():
                self._label()
            index, seat = self.index, self.seat
            title = step_title(self.states, index, seat)
            self.title.value = f"<b>{escape(title, quote=False)}</b>"
            state = self.states[index]
            rows = table_rows(state, seat, open_hands=False)
            notes = table_notes(state, seat, open_hands=False)
            self.table.value = fit_width(table_svg(rows, notes=notes, four_colour=self.four_colour))
            self.first_button.disabled = self.previous_button.disabled = index == 0
            last = len(self.states) - 1
            self.next_button.disabled = self.last_button.disabled = index == last
            found = self._beliefs.get((index, seat))
            if found is not None or not self.background:
                self._worker.cancel()
                self._draw(found or self._work_out((index, seat)), title)
                return
            thinking = Msg("Working out what {who} believes…", who=position_term(seat))
            self.status.value = status_html(str(thinking))
            self.panel.value = _faded(self.panel.value)
            self._worker.start(lambda current: self._think((index, seat), current))

    def _think(self, key: tuple[int, int], current: Any) -> None:
        """The worker's job: work the step out, keep it, and draw it if it is still shown."""
        try:
            found = self._work_out(key)
        except Exception as error:  # the page must not stay "thinking" on a failure
            with self._lock:
                if current():
                    self.status.value = status_html(str(Msg("The belief failed: {error}",
                                                            error=error)))  # fmt: skip
            return
        with self._lock:
            if current() and key == (self.index, self.seat):
                self._draw(found, step_title(self.states, *key))

    def _draw(self, belief: Belief, title: str) -> None:
        self.status.value = ""
        self.panel.value = belief_html(belief, title, four_colour=self.four_colour, heading=False)

    def __repr__(self) -> str:
        said = Msg("{who}'s belief, step {index} of {last}", who=position_term(self.seat),
                   index=self.index, last=len(self.states) - 1)  # fmt: skip
        return f"BeliefStepper({said})"


def _seats() -> list[tuple[str, int]]:
    return [(str(position_term(seat)), seat) for seat in range(3)]


def _faded(html: str) -> str:
    """The belief shown before, faded while the next one is worked out."""
    if not html or html.startswith('<div style="opacity:0.45">'):
        return html
    return f'<div style="opacity:0.45">{html}</div>'


def belief_html(belief: Belief, title: str = "", *, four_colour: bool = False,
                heading: bool = True) -> str:  # fmt: skip
    """A belief as HTML: the holders' lines, a table of every unseen card's chances and the
    words it rests on (``title``, the step, above it when ``heading``)."""
    colours = COLOUR_SCHEMES[scheme_of(None, four_colour)]
    parts = ['<div class="cardlib-belief" style="color:#111;background:#fff;padding:4px 8px;'
             'line-height:1.35;max-width:620px">']  # fmt: skip
    if heading and title:
        parts.append(f"<p><b>{escape(title, quote=False)}</b></p>")
    who = Msg("What {who} believes of the cards it has not seen", who=position_term(belief.seat))
    parts.append(f"<h4 style='margin:4px 0'>{_text(who)}</h4>")
    summaries = belief.summaries()
    if summaries:
        intro = Msg("Expected, play only → weighing what the others did:") if belief.weighed \
            else Msg("Expected, every deal that fits the play equally likely:")  # fmt: skip
        items = "".join(f"<li>{_text(line)}</li>" for line in summaries)
        parts.append(f"<div>{_text(intro)}</div><ul style='margin:2px 0'>{items}</ul>")
    if belief.cards:
        parts.append(_card_table(belief, colours))
    parts += [f"<p style='margin:4px 0'>{_text(line)}</p>" for line in belief.words()]
    parts.append("</div>")
    return "".join(parts)


def _card_table(belief: Belief, colours: Any) -> str:
    if belief.weighed:
        caption = Msg("Each card's chance with each holder, weighing what the others did; in "
                      "brackets, play only; ▲ ▼: likelier or less likely by more than the luck "
                      "of the deals drawn explains")  # fmt: skip
    else:
        caption = Msg("Each card's chance with each holder (every deal that fits the play "
                      "equally likely)")  # fmt: skip
    cell = "padding:1px 6px;border-bottom:1px solid #ddd;text-align:"
    head = []
    for name, places in zip(belief.holder_names(), belief.places, strict=True):
        count = Plural("{n} card", "{n} cards", places)
        head.append(f"<th scope='col' style='{cell}right'>{_text(name)}<br><small>"
                    f"{_text(count)}</small></th>")  # fmt: skip
    card_word = _("card")
    rows = []
    for card in belief.cards:
        cells = []
        chances = zip(belief.holders, belief.uniform[card], belief.weighted[card], strict=True)
        for holder, uniform, weighted in chances:
            shade = f"rgba({SHADE[0]},{SHADE[1]},{SHADE[2]},{0.35 * weighted:.2f})"
            shown = _percent(weighted)
            if belief.weighed:
                mark = {1: " ▲", -1: " ▼", 0: ""}[belief.stands_out(card, holder)]
                shown += f"{mark} <small style='color:#555'>({_percent(uniform)})</small>"
            cells.append(f"<td style='{cell}right;background:{shade}'>{shown}</td>")
        symbol = (f"<th scope='row' style='{cell}left;color:{colours[card.suit]}'>"
                  f"{escape(card.symbol)}</th>")  # fmt: skip
        rows.append(f"<tr>{symbol}{''.join(cells)}</tr>")
    return (
        f"<p style='margin:4px 0;font-size:90%;line-height:1.3'>{_text(caption)}</p>"
        "<table style='border-collapse:collapse;margin:4px 0;font-variant-numeric:tabular-nums'>"
        f"<tr><th scope='col' style='{cell}left'>{_text(card_word)}</th>{''.join(head)}"
        f"</tr>{''.join(rows)}</table>"
    )


def _percent(p: Any) -> str:
    return f"{float(p) * 100:.0f}%"


def _text(message: Any) -> str:
    return escape(str(message), quote=False)
