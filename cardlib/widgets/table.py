"""Play one seat of any registered game against bots, with every refusal explained."""

from __future__ import annotations

import contextlib
import functools
import os
import random
from collections.abc import Callable
from typing import Any

from cardlib import games
from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.games import Bot
from cardlib.i18n import Msg, language, set_language
from cardlib.players.driver import reporting
from cardlib.widgets.links import MAX_SEED, Link, check_seed, read_link
from cardlib.widgets.opponents import BUDGET, DEFAULT_OPPONENTS, OPPONENTS, check_opponents
from cardlib.widgets.seat_view import step_texts
from cardlib.widgets.table_text import HINT, NOTE, REFUSED, note_html, settlement_lines
from cardlib.widgets.table_view import TableView
from cardlib.widgets.thinking import PROGRESS_EVERY, Worker, in_kernel
from cardlib.widgets.thinking_line import Words, bot_words, hint_words

__all__ = ["OPPONENTS", "Bot", "PlayTable", "settlement_lines"]

Job = Callable[[Callable[[], bool]], None]


class PlayTable(TableView):
    """The learner plays ``seat`` against ``bots``; clicking an illegal card shows its ruling.

    ``game`` is a registered game's name (:func:`cardlib.games.game_names`; default: the first);
    ``seed`` fixes the deal (a whole number from 0 to 2**53 - 1, shown on the table; a new deal
    takes the next seed); ``bots`` maps the other seats to players. The seats not
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
        opponents: str = DEFAULT_OPPONENTS,
        background: bool | None = None,
    ) -> None:
        names = games.game_names()
        game = names[0] if game is None else game
        if game not in names:
            expected = " or ".join(repr(name) for name in names)
            raise CardlibError(
                Msg("PlayTable({game}): expected {expected}", game=repr(game), expected=expected)
            )
        self.opponents = check_opponents(opponents, "PlayTable")
        seed = check_seed(random.Random().randrange(1, 10_000) if seed is None else seed,
                          "PlayTable")  # fmt: skip
        super().__init__(games.game(game), int(seat), four_colour)
        self.game, self.rules = game, rules
        self._given_bots = bots
        self.bots: dict[int, Bot] = {}
        self.hint_explanation: Any = None
        self.progress_every = PROGRESS_EVERY
        self.background = False
        self._worker = Worker(self._lock, self._line.tick)
        self.hint_button.on_click(lambda _click: self._unless_busy(self.show_hint))
        self.new_button.on_click(
            lambda _click: self._unless_busy(lambda: self.new_deal(self.seed_box.value))
        )
        self.controls.label(self.opponents)
        self.opponents_menu.observe(self._opponents_chosen, names="value")
        self.new_deal(seed)
        self.background = in_kernel() if background is None else bool(background)

    @classmethod
    def from_link(cls, game: str, query: str | None = None) -> PlayTable:
        """The table a web link asks for: ``query`` is the part after ``?`` (default: the
        ``QUERY_STRING`` environment variable, where Voilà puts the page's), with ``seed``
        (default 1), ``seat`` (default 0), ``opponents`` (default ``heuristic``, the beginner, as
        for a table) and ``lang`` (which sets cardlib's language). Other keys are ignored. A bad
        value opens the table on the default instead, with a one-line note naming it
        (``table.link_note``; the notes are ``table.link.notes``,
        :func:`cardlib.widgets.links.read_link`). In a kernel
        Voilà heated before any page asked for it (``--preheat_kernel=True``: the imports are
        done when the page opens), it first waits for the page's request and its link.

        >>> from cardlib.games import game_names
        >>> table = PlayTable.from_link(game_names()[0], "?seat=one&seed=4")
        >>> table.seed, table.seat, [str(note) for note in table.link.notes]
        (4, 0, ["The link's seat=one is not a seat from 0 to 2: you are FH instead."])
        """
        if query is None and os.environ.get("VOILA_PREHEAT") == "True":
            from voila.utils import wait_for_request  # type: ignore[import-untyped]

            wait_for_request()
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

    # --- the game ------------------------------------------------------------------------
    def new_deal(self, seed: int) -> None:
        """Deal afresh from ``seed`` and let the bots move up to the learner's first turn."""
        seed = check_seed(seed, "PlayTable.new_deal")
        with self._lock:
            self._worker.cancel()
            self._line.stop()
            state = self._deal(seed)
            players = self.adapter.seats(state)
            if not 0 <= self.seat < players:
                raise CardlibError(
                    Msg(
                        "PlayTable(seat={seat}): this table has seats 0-{value}",
                        seat=self.seat,
                        value=players - 1,
                    )
                )
            self.seed, self.state = seed, state
            self.seed_box.value = seed + 1 if seed < MAX_SEED else 0
            self.position += 1
            self.bots = {p: self._bot(p) for p in range(players)}
            self._news, self._told = [], []
            self._scored = False
            self.selected = []
            self._message = self._hint = str
            self.hint_explanation = None
            self._advance()
            self._render()

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
        chosen = change["new"]
        if not self.controls.relabelling and chosen is not None and chosen != self.opponents:
            self.set_opponents(chosen)

    def _deal(self, seed: int) -> Any:
        return self.adapter.new_game(seed, self.rules)

    def _advance(self) -> None:
        """Let the bots move up to the learner's turn: at once, or in the worker thread."""
        if self.background and self._bots_to_move():
            self._think(bot_words(self._mover()), self._bots_move)
            return
        while self._bots_to_move():
            before = self.state
            self.state = before.play(self.bots[int(before.current_player)].choose(before))
            self.position += 1
            self._tell(step_texts(self.state, before, self.seat), since_move=False)

    def _bots_to_move(self) -> bool:
        return not self.state.is_over and int(self.state.current_player) != self.seat

    def _think(self, words: Words, job: Job) -> None:
        self._line.start(words)  # the page hears first who is thinking, then sees the rest
        self._mark()
        self._render()
        self._worker.start(job)

    def _bots_move(self, current: Callable[[], bool]) -> None:
        """The worker's job: the other seats' moves, each shown as soon as it is made."""
        while True:
            with self._lock:
                if not current():
                    return
                if not self._bots_to_move():
                    self._line.stop()
                    self._render()
                    return
                before = self.state
                bot = self.bots[int(before.current_player)]
                words = functools.partial(bot_words, self._mover())
            try:
                with reporting(self._line.reporter(self._lock, current, words,
                                                   self.progress_every)):  # fmt: skip
                    move = bot.choose(before)
            except Exception as error:  # the table must not freeze on a failing bot
                self._failed(current, error)
                return
            with self._lock:
                if not current() or self.state is not before:
                    return
                self.state = before.play(move)
                self.position += 1
                self._tell(step_texts(self.state, before, self.seat), since_move=False)
                if self._bots_to_move():
                    self._line.words = bot_words(self._mover())
                self._render()

    def _failed(self, current: Callable[[], bool], error: Exception) -> None:
        with self._lock:
            if current():
                self._line.stop()
                failed = Msg("The bot failed: {error}", error=error)
                self._message = lambda: note_html(str(failed), REFUSED)
                self._render()

    def _unless_busy(self, action: Callable[[], Any]) -> None:
        with self._lock:
            if not self._refused():
                action()

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
            self._tell(step_texts(self.state, before, self.seat), since_move=True)
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
                return self._hinted(_explained(player, state))

            def job(current: Callable[[], bool]) -> None:
                try:
                    with reporting(self._line.reporter(self._lock, current, hint_words,
                                                       self.progress_every)):  # fmt: skip
                        explanation = _explained(player, state)
                except Exception as error:  # the table must not freeze on a failing bot
                    self._failed(current, error)
                    return
                with self._lock:
                    if current() and self.position == position:
                        self._line.stop()
                        self._hinted(explanation)
                        self._render()

            self._think(hint_words(), job)
            return ""

    def _hinted(self, explanation: Any) -> str:
        self.hint_explanation = explanation
        self._hint = lambda: note_html(str(Msg("Hint: {hint}", hint=str(explanation))), HINT)
        self.hint.value = self._hint()
        return str(explanation)


def _explained(player: Any, state: Any) -> Any:
    """What ``player`` says of the position, worded when read: its explanation, or its
    :meth:`hint` message when the explanation comes as words already worded (a heuristic
    player's), so that a change of language rewords the hint too."""
    explanation = player.explain(state)
    hint = getattr(player, "hint", None)
    if isinstance(explanation, str) and callable(hint):
        return hint(state)
    return explanation
