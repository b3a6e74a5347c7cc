"""Play one seat of Skat or Skitgubbe against bots, with every refusal explained."""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Callable
from html import escape
from typing import Any, Protocol
from urllib.parse import parse_qs

import ipywidgets as widgets

from cardlib.cards import Card, Suit
from cardlib.display import card_name, table_svg
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, _, language, set_language
from cardlib.widgets._language import LanguageSelector, relabel
from cardlib.widgets._view import (
    Rows,
    game_name,
    player_name,
    step_events,
    step_texts,
    table_notes,
    table_rows,
    table_text,
)

__all__ = ["OPPONENTS", "Bot", "PlayTable", "settlement_lines"]

OPPONENTS = ("sampling", "heuristic")
"""The kinds of player for the other seats and the hint: the sampling player (strong, it
plays sampled deals out) and the heuristic bot (a beginner's rules of thumb)."""

_BUDGET = 0.6  # seconds a sampling player may think per move, so that the table stays lively

_INK, _RED, _GREEN, _BLUE = "#111111", "#c8102e", "#1a7f37", "#0b57d0"
_COLOURS = {Suit.CLUBS: _INK, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED}
_FOUR = {Suit.CLUBS: _GREEN, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _BLUE}
_MAX_BID_BUTTONS = 4


class Bot(Protocol):
    """A player for the other seats: ``choose(state)`` a legal move, ``explain(state)`` why
    (anything whose ``str()`` words it in the current language)."""

    def choose(self, state: Any) -> Any: ...

    def explain(self, state: Any) -> Any: ...


def _player(game: str, kind: str, rng: random.Random | int | None) -> Bot:
    """A player of ``kind`` (one of :data:`OPPONENTS`) for ``game``, seeded with ``rng``."""
    if kind == "sampling":
        if game == "skitgubbe":
            from cardlib.skitgubbe import SamplingBot

            return SamplingBot(rng=rng, budget=_BUDGET)
        from cardlib.skat import SamplingBot as SkatSampler

        sampler: Bot = SkatSampler(rng=rng, budget=_BUDGET)
        return sampler
    if game == "skitgubbe":
        from cardlib.skitgubbe import HeuristicBot

        return HeuristicBot(rng)
    from cardlib.skat import HeuristicBot as SkatBot

    bot: Bot = SkatBot(rng)
    return bot


def _opponents(kind: object, where: str) -> str:
    if kind not in OPPONENTS:
        raise CardlibError(f"{where}: opponents={kind!r}, expected 'sampling' or 'heuristic'")
    return str(kind)


def _move_words(move: Any) -> str:
    return str(getattr(move, "symbol", None) or move)


def settlement_lines(state: Any) -> list[str]:
    """How a finished deal came out, with the working: the Skat settlement's lines (when the
    state carries one) or the result and the rulings of the last move."""
    if state.result is None:
        return []
    settlement = getattr(state, "settlement", None)
    lines = [str(state.result)]
    if settlement is not None:
        lines += list(settlement.lines)
    else:
        lines += [line for line in step_events(state) if line not in lines]
    return lines


class PlayTable(widgets.VBox):  # type: ignore[misc]
    """The learner plays ``seat`` against ``bots``; clicking an illegal card shows its ruling.

    ``game`` is ``"skat"`` or ``"skitgubbe"``; ``seed`` fixes the deal (shown on the table, and
    a new deal takes the next seed); ``bots`` maps the other seats to players. The seats not
    given there play as ``opponents`` says, seeded from the deal: ``"heuristic"`` (the game's
    heuristic bot, a beginner; the default) or ``"sampling"`` (the sampling player, strong: it
    plays sampled deals out within 0.6 s a move, so its moves may differ from run to run). The
    **Opponents** menu (``table.opponents_menu``) changes them for the rest of the deal, and the
    hint asks the same kind of player. ``rules`` are the game's rule options.
    :meth:`from_link` builds the table a web page's link asks for.

    Everything shown comes from the learner's view, ``state.view(seat)`` (also ``table.view``):
    the other hands, the skat and the cards laid away stay face down until the deal is over, the
    card points are those the seat can count, and the news is told as that seat hears it.

    The language selector (``table.language``) words every text anew; the deal stays as it is.

    >>> table = PlayTable("skitgubbe", seed=7)
    >>> table
    PlayTable(Skitgubbe, deal 7, you are A: A to move)
    >>> table.play_card("♥2")          # not in A's hand
    False
    >>> "Not allowed: ♥2 is not in A's hand" in table.message.value
    True
    >>> table.play_card("♣4"), table.state.phase
    (True, <Phase.ONE: 1>)
    >>> before = table.state
    >>> table.opponents_menu.value = "sampling"
    >>> table.opponents, table.state is before, type(table.bots[1]).__name__
    ('sampling', True, 'SamplingBot')
    >>> PlayTable("skat", opponents="expert")
    Traceback (most recent call last):
    cardlib.errors.CardlibError: PlayTable: opponents='expert', expected 'sampling' or 'heuristic'
    """

    def __init__(
        self,
        game: str = "skat",
        seat: int = 0,
        bots: dict[int, Bot] | None = None,
        *,
        seed: int | None = None,
        rules: Any = None,
        four_colour: bool = False,
        opponents: str = "heuristic",
    ) -> None:
        if game not in ("skat", "skitgubbe"):
            raise CardlibError(f"PlayTable({game!r}): expected 'skat' or 'skitgubbe'")
        self.opponents = _opponents(opponents, "PlayTable")
        self.hint_explanation: Any = None
        self.game = game
        self.seat = int(seat)
        self.rules = rules
        self.four_colour = four_colour
        self._given_bots = bots
        self.bots: dict[int, Bot] = {}
        self.selected: list[Card] = []
        self._news: list[Any] = []
        self._message: Callable[[], str] = str
        self._hint: Callable[[], str] = str
        self.header = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.move_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.message = widgets.HTML()
        self.events = widgets.HTML()
        self.result = widgets.HTML()
        self.hint_button = widgets.Button()
        self.hint = widgets.HTML()
        self.seed_box = widgets.IntText(layout=widgets.Layout(width="160px"))
        self.new_button = widgets.Button()
        self.hint_button.on_click(lambda _click: self.show_hint())
        self.new_button.on_click(lambda _click: self.new_deal(self.seed_box.value))
        self.choice = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.choice_button = widgets.Button()
        self.choice_button.on_click(lambda _click: self._choose())
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
            [self.header, self.table, self.hand_box, self.move_box, self.message, self.hint,
             self.events, self.result, footer]
        )  # fmt: skip
        self._label()
        self.opponents_menu.observe(self._opponents_chosen, names="value")
        self.new_deal(seed if seed is not None else random.Random().randrange(1, 10_000))

    @classmethod
    def from_link(cls, game: str, query: str | None = None) -> PlayTable:
        """The table a web link asks for: ``query`` is the part after ``?`` (default: the
        ``QUERY_STRING`` environment variable, where Voilà puts the page's), with ``seed``
        (default 1), ``seat`` (default 0), ``opponents`` (default ``sampling``) and ``lang``
        (which sets cardlib's language). Other keys are ignored; a bad value is refused and
        changes nothing.

        >>> PlayTable.from_link("skitgubbe", "seed=7&opponents=heuristic")
        PlayTable(Skitgubbe, deal 7, you are A: A to move)
        >>> PlayTable.from_link("skat", "?seed=seven")
        Traceback (most recent call last):
        cardlib.errors.CardlibError: PlayTable.from_link('skat', '?seed=seven'): seed='seven', expected a whole number
        """  # noqa: E501
        text = os.environ.get("QUERY_STRING", "") if query is None else query
        where = f"PlayTable.from_link({game!r}, {text!r})"
        fields = {key: values[-1] for key, values in parse_qs(text.lstrip("?")).items()}
        numbers: dict[str, int] = {}
        for key, default in (("seed", 1), ("seat", 0)):
            value = fields.get(key, str(default)).strip()
            try:
                numbers[key] = int(value)
            except ValueError:
                raise CardlibError(f"{where}: {key}={value!r}, expected a whole number") from None
        opponents = _opponents(fields.get("opponents", "sampling"), where)
        lang = fields.get("lang")
        with language(lang) if lang is not None else contextlib.nullcontext():
            table = cls(game, numbers["seat"], seed=numbers["seed"], opponents=opponents)
        if lang is not None:
            set_language(lang)
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
        self.seed = int(seed)
        self.seed_box.value = self.seed + 1
        self.state = self._deal(self.seed)
        players = 3 if self.game == "skat" else len(self.state.players)
        if not 0 <= self.seat < players:
            raise CardlibError(f"PlayTable(seat={self.seat}): this table has seats 0-{players - 1}")
        self.bots = {p: self._bot(p) for p in range(players)}
        self._news = []
        self.selected = []
        self._message = self._hint = str
        self.hint_explanation = None
        self._advance()
        self._render()

    def _bot(self, seat: int) -> Bot:
        given = (self._given_bots or {}).get(seat)
        return given or _player(self.game, self.opponents, self.seed * 10 + seat)

    def set_opponents(self, kind: str) -> None:
        """Let ``kind`` of player (``"sampling"`` or ``"heuristic"``) play the other seats for
        the rest of the deal and give the hint; the deal stays where it is."""
        self.opponents = _opponents(kind, f"{self!r}.set_opponents")
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
        if self.game == "skat":
            from cardlib.skat import new_deal, new_game

            return new_game(new_deal(seed), self.rules)
        from cardlib.skitgubbe import Rules
        from cardlib.skitgubbe import new_game as new_skitgubbe

        return new_skitgubbe(self.rules or Rules(players=3), rng=seed)

    def _advance(self) -> None:
        while not self.state.is_over and int(self.state.current_player) != self.seat:
            player = int(self.state.current_player)
            before = self.state
            self.state = before.play(self.bots[player].choose(before))
            self._news += step_texts(self.state, before, self.seat)

    def play(self, move: Any) -> bool:
        """Make the learner's move; if it is illegal, show the ruling and change nothing."""
        ruling = self.state.why_illegal(move)
        if ruling is not None:
            self._message = lambda: _box(
                str(Msg("Not allowed: {reason}", reason=ruling.explanation)), "#fdecea",
                ruling.rule,
            )  # fmt: skip
            self.message.value = self._message()
            return False
        before = self.state
        self.state = before.play(move)
        self._news = step_texts(self.state, before, self.seat)
        self.selected = []
        self._message = self._hint = str
        self.hint_explanation = None
        self._advance()
        self._render()
        return True

    def play_card(self, card: Card | str) -> bool:
        """What clicking a card does: play it, or (Skat, discarding) select it."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if self.game == "skat":
            from cardlib.skat import Discard, Play

            hand = self.view.hand
            if _discarding(self.view):
                if card in self.selected:
                    self.selected.remove(card)
                elif card in hand:
                    self.selected = [*self.selected[-1:], card]
                else:  # not among the twelve: the engine says so
                    return self.play(Discard(card, hand[0]))
                self._message = self._discarding
                self._render()
                return True
            return self.play(Play(card))
        from cardlib.skitgubbe import Play as Lay

        return self.play(Lay(card))

    def _discarding(self) -> str:
        cards = " ".join(card.symbol for card in self.selected)
        if len(self.selected) < 2:
            said = Msg("Discard: {cards} (choose one more)", cards=cards)
        else:
            said = Msg("Discard: {cards}", cards=cards)
        return _box(str(said), "#eef3fb")

    def show_hint(self) -> str:
        """Ask a player of the opponents' kind what it would do here, and why (in the current
        language). The answer is worked out once (``table.hint_explanation``); a change of
        language words it anew."""
        state = self.state
        if state.is_over:
            explanation: Any = Msg("The deal is over: deal again for a new game.")
        else:
            explanation = _player(self.game, self.opponents, self.seed).explain(state)
        self.hint_explanation = explanation
        self._hint = lambda: _box(str(Msg("Hint: {hint}", hint=str(explanation))), "#eef7ee")
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
        rows = table_rows(state, self.seat, open_hands=False)
        if self.game == "skat" and view.tricks and view.trick:
            last = view.tricks[-1]
            label = Msg("Last trick ({who})", who=player_name(state, last.winner))
            rows.append((str(label), list(last.cards)))
        return rows, table_notes(state, self.seat, open_hands=False)

    def _render(self) -> None:
        if self.language.outdated():
            self._label()
        state = self.state
        you = player_name(state, self.seat)
        header = Msg("{game}: deal {seed}, you are {you}", game=game_name(state), seed=self.seed,
                     you=you)  # fmt: skip
        self.header.value = f"<h3>{escape(str(header), quote=False)}</h3>"
        self.message.value = self._message()
        self.hint.value = self._hint()
        rows, notes = self._rows_and_notes()
        self._you = rows.pop(self.seat)[0]
        self.table.value = table_svg(rows, notes=notes, four_colour=self.four_colour)
        self.hand_box.children = self._card_buttons()
        self.move_box.children = self._move_buttons()
        items = "".join(f"<li>{escape(line, quote=False)}</li>" for line in self.news[-12:])
        self.events.value = f"<ul>{items}</ul>" if items else ""
        lines = settlement_lines(state)
        self.result.value = (
            _box("<br>".join(escape(line) for line in lines), "#fff7dd", raw=True) if lines else ""
        )
        self.hint_button.disabled = state.is_over

    def _card_buttons(self) -> list[widgets.Widget]:
        view = self.view
        hand = list(view.hand)
        legal = {m.card for m in view.legal_moves() if _single_card(m)}
        if self.game == "skat" and _discarding(view):
            legal = set(hand)
        yours = Msg("Your cards, {you}:", you=self._you)
        buttons: list[widgets.Widget] = [widgets.HTML(f"<b>{escape(str(yours), quote=False)}</b>")]
        for card in hand:
            colours = _FOUR if self.four_colour else _COLOURS
            chosen = card in self.selected
            button = widgets.Button(
                description=card.symbol,
                tooltip=card_name(card) if card in legal
                else str(Msg("{card} (not playable now)", card=card_name(card))),
                layout=widgets.Layout(
                    width="50px", height="66px", margin="2px", padding="0",
                    border=f"2px solid {_GREEN}" if card in legal else "1px solid #9aa0a6",
                ),
                style=widgets.ButtonStyle(
                    button_color="#ffe58a" if chosen else "#ffffff",
                    text_color=colours[card.suit], font_size="16px", font_weight="bold",
                ),
            )  # fmt: skip
            button.on_click(_call(self.play_card, card))
            buttons.append(button)
        return buttons

    def _move_buttons(self) -> list[widgets.Widget]:
        moves = [m for m in self.view.legal_moves() if not _single_card(m)]
        if not moves:
            return []
        if self.game == "skat":
            return self._skat_moves(moves)
        return [self._button(move, _skitgubbe_words(move)) for move in moves]

    def _skat_moves(self, moves: list[Any]) -> list[widgets.Widget]:
        from cardlib.skat import Bid, Declare, Discard

        shown: list[widgets.Widget] = []
        more: list[Any] = []
        bids = [m for m in moves if isinstance(m, Bid)]
        for move in moves:
            if isinstance(move, Discard):
                continue
            if isinstance(move, Bid):
                if bids.index(move) >= _MAX_BID_BUTTONS:
                    more.append(move)
                    continue
                shown.append(self._button(move, _bid_words(move)))
            elif isinstance(move, Declare) and _announced(move):
                more.append(move)
            else:
                shown.append(self._button(move, getattr(move, "symbol", str(move))))
        if len(self.selected) == 2:
            discard = Discard(*self.selected)
            shown.append(self._button(discard, str(discard), "warning"))
        if more:
            self.choice.options = [(_choice_words(m), m) for m in more]
            self.choice_button.description = (
                _("say it") if isinstance(more[0], Bid) else _("declare")
            )
            shown += [self.choice, self.choice_button]
        return shown

    def _button(self, move: Any, words: str, style: str = "info") -> widgets.Button:
        button = widgets.Button(description=words, button_style=style,
                                layout=widgets.Layout(width="auto", margin="2px"))  # fmt: skip
        button.on_click(_call(self.play, move))
        return button

    def snapshot(self) -> Any:
        """The table as the learner sees it now, as a static picture with the last events."""
        from cardlib.widgets._view import Picture

        rows, notes = self._rows_and_notes()
        you = player_name(self.state, self.seat)
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
        you = player_name(state, self.seat)
        if state.is_over:
            said = Msg("{game}, deal {seed}, you are {you}: over", game=game_name(state),
                       seed=self.seed, you=you)  # fmt: skip
        else:
            who = player_name(state, state.current_player)
            said = Msg(
                "{game}, deal {seed}, you are {you}: {who} to move",
                game=game_name(state), seed=self.seed, you=you, who=who,
            )  # fmt: skip
        return f"PlayTable({said})"


def _single_card(move: Any) -> bool:
    """A move that plays one card (the card buttons make these)."""
    return hasattr(move, "card") and len(getattr(move, "cards", (move.card,))) == 1


def _discarding(view: Any) -> bool:
    """Whether the seat is laying two cards away (its legal moves are discards)."""
    from cardlib.skat import Discard

    moves = view.legal_moves()
    return bool(moves) and isinstance(moves[0], Discard)


def _announced(move: Any) -> bool:
    d = move.declaration
    return bool(d.schneider or d.schwarz or d.ouvert)


def _bid_words(move: Any) -> str:
    return str(Msg("say {bid}", bid=move.value))


def _choice_words(move: Any) -> str:
    from cardlib.skat import Bid

    return _bid_words(move) if isinstance(move, Bid) else str(move.declaration)


def _skitgubbe_words(move: Any) -> str:
    from cardlib.skitgubbe import PickUp, TurnUp

    if isinstance(move, TurnUp):
        return _("turn up the stock's top card")
    if isinstance(move, PickUp):
        return _("pick up the top card")
    return str(Msg("play {move}", move=_move_words(move)))


def _call(function: Callable[[Any], Any], argument: Any) -> Callable[[Any], None]:
    def handler(_: Any) -> None:
        function(argument)

    return handler


def _box(text: str, colour: str, rule: str = "", *, raw: bool = False) -> str:
    body = text if raw else escape(text, quote=False)
    cited = Msg("rule: {rule}", rule=rule)
    source = f"<br><small>{escape(str(cited))}</small>" if rule else ""
    return (
        f'<div style="background:{colour};color:#111;padding:6px 10px;border-radius:6px;'
        f'max-width:760px">{body}{source}</div>'
    )
