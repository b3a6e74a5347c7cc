"""Build a hypothetical Skat hand by clicking cards; see what analysis and probability say."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import SKAT_DECK, Card, Hand, Rank, Suit, parse_cards
from cardlib.display import table_svg
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.skat.engine.facts import GameType, sort_hand, trumps
from cardlib.widgets.charts import chart_png
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.readable_box import ReadableBox
from cardlib.widgets.seat_view import Picture

__all__ = ["HandPicker", "bid_limit", "game_values", "panel_lines"]

_SUIT_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND)
_RANKS = (Rank.JACK, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_COLOURS = {Suit.CLUBS: "#111111", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e",
            Suit.DIAMONDS: "#c8102e"}  # fmt: skip


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def game_values(hand: Sequence[Card], skat: Sequence[Card] | None) -> list[str]:
    """For each suit game and Grand, what :func:`cardlib.skat.players.analysis.analyse` says: the
    matadors, the game value, the bid limit, with Hand, and what the skat may still change."""
    from cardlib.skat import analyse

    rows = analyse(hand, skat).rows
    return [
        f"{row.game.symbol}: {row.explanation}" for row in rows if row.game is not GameType.NULL
    ]


def bid_limit(hand: Sequence[Card], skat: Sequence[Card] | None) -> tuple[int, str]:
    """The highest bid the best suit or grand game covers, counting on the least favourable skat."""
    from cardlib.skat import analyse

    best = analyse(hand, skat).best
    return best.value, best.game.symbol


def panel_lines(hand: Sequence[Card], skat: Sequence[Card] | None, game: GameType) -> list[str]:
    """What the panel says about ten cards (and the skat, if chosen) for ``game``'s trumps."""
    from cardlib.probability import trump_split
    from cardlib.probability.core import key_text, patterns

    lines = [_("Game values:"), *("  " + line for line in game_values(hand, skat))]
    limit, name = bid_limit(hand, skat)
    lines.append(
        str(Msg("Bid limit: {limit} (playing {game}, counting on the least favourable skat)",
                limit=limit, game=name))
    )  # fmt: skip
    if skat is None:
        from cardlib.probability import hand_report as what_if

        report = what_if(hand, game)
        lines.append(str(Msg("What if you play {game} (skat unknown):", game=game.symbol)))
        lines += [f"  {label}: {value}" for label, value in report.lines()[1:]]
    else:
        from cardlib.skat.engine.facts import card_points

        cards = " ".join(c.symbol for c in skat)
        points = card_points(skat)
        lines.append(str(Plural("Skat: {cards} ({n} point)", "Skat: {cards} ({n} points)", points,
                                cards=cards)))  # fmt: skip
    seen = (*hand, *(skat or ()))
    out = sum(card not in seen for card in trumps(game))
    split = patterns(trump_split(seen, game))
    shares = _(", ").join(f"{key_text(k)}: {_pct(p)}" for k, p in split.items())
    if skat is not None:
        said = Plural(
            "Trump split in {game}: {n} trump out among the two opponents (longer-shorter): "
            "{shares}",
            "Trump split in {game}: {n} trumps out among the two opponents (longer-shorter): "
            "{shares}", out, game=game.symbol, shares=shares,
        )  # fmt: skip
    else:
        said = Plural(
            "Trump split in {game}: {n} trump out among the opponents and the skat "
            "(longer-shorter-skat): {shares}",
            "Trump split in {game}: {n} trumps out among the opponents and the skat "
            "(longer-shorter-skat): {shares}", out, game=game.symbol, shares=shares,
        )  # fmt: skip
    lines.append(str(said))
    return lines


class HandPicker(ReadableBox):
    """Click cards to build a hand (and, optionally, the skat); the panel follows each click.

    A text box takes a hand in notation (``CJ SJ HA HT ... | D7 D8`` with the skat after ``|``)
    and explains a parse error in place. ``win_chance`` (on request) solves a few sampled deals.
    The language selector (``picker.language``) words every text anew; the cards stay.

    >>> picker = HandPicker(hand="CJ SJ HJ CA CT CK CQ C9 SA HA")
    >>> picker
    HandPicker(♣J ♠J ♥J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A, skat unknown, ♣)
    >>> picker.toggle("HA"); picker.hand_count
    9
    >>> picker.text.value = "CJ XX"; "'XX', is not a card" in picker.error.value
    True
    """

    def __init__(
        self,
        game: str = "skat",
        *,
        hand: str | Iterable[Card] = "",
        skat: str | Iterable[Card] = "",
    ) -> None:
        if game != "skat":
            raise CardlibError(
                Msg("HandPicker({game}): only 'skat' hands can be analysed so far", game=repr(game))
            )
        self.hand: list[Card] = []
        self.skat: list[Card] = []
        self._error: Callable[[], str] = str
        self._win: Callable[[], str] = str
        self.mode = widgets.ToggleButtons(options=_modes(), value="hand")
        self.buttons: dict[Card, widgets.Button] = {}
        rows = []
        for suit in Suit:
            row = []
            for rank in _RANKS:
                card = Card(suit, rank)
                button = widgets.Button(
                    description=card.symbol, tooltip=str(card),
                    layout=widgets.Layout(width="48px", height="40px", margin="1px", padding="0"),
                    style={"text_color": _COLOURS[suit], "font_weight": "bold"},
                )  # fmt: skip
                button.on_click(self._clicked(card))
                self.buttons[card] = button
                row.append(button)
            rows.append(widgets.HBox(row))
        self.text = widgets.Text(continuous_update=False, layout=widgets.Layout(width="520px"))
        self.text.observe(lambda change: self.set_text(change["new"]), names="value")
        self.error = widgets.HTML()
        self.game = widgets.Dropdown(
            options=_games(), value=GameType.CLUBS, layout=widgets.Layout(width="200px")
        )
        self._relabelling = False
        self.game.observe(lambda _change: self._render(), names="value")
        self.picture = widgets.HTML()
        self.panel = widgets.HTML()
        self.chart = widgets.Image(format="png", layout=widgets.Layout(width="512px"))
        self.win_button = widgets.Button()
        self.win_button.on_click(lambda _click: self.win_chance())
        self.win = widgets.HTML()
        self.language = LanguageSelector(self._switched)
        top = widgets.HBox(
            [self.mode, self.game, self.language], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__(
            [top, widgets.VBox(rows), self.text, self.error, self.picture, self.panel, self.chart,
             widgets.HBox([self.win_button, self.win])]
        )  # fmt: skip
        self._label()
        hand, skat = _text(hand), _text(skat)
        if hand or skat:
            self.set_text(hand + (" | " + skat if skat else ""))
        else:
            self._render()

    def _label(self) -> None:
        """The words of the controls, in the current language."""
        self._relabelling = True
        try:
            relabel(self.mode, _modes())
            relabel(self.game, _games())
        finally:
            self._relabelling = False
        self.mode.description = _("a click adds to")
        self.text.description = _("cards")
        self.text.placeholder = _("CJ SJ HA HT ... | D7 D8  (skat after |)")
        self.game.description = _("trumps")
        self.win_button.description = _("win chance")
        self.win_button.tooltip = _("10 seeded deals, each solved double-dummy (takes a while)")
        self.language.refresh()

    def _switched(self) -> None:
        """After a change of language: every text anew, the cards as they were."""
        self._label()
        win = self._win
        self._render()
        self._win = win
        self.win.value = win()
        self.error.value = self._error()

    @property
    def hand_count(self) -> int:
        return len(self.hand)

    def _clicked(self, card: Card) -> Any:
        def handler(_: Any) -> None:
            self.toggle(card, into=self.mode.value)

        return handler

    def toggle(self, card: Card | str, into: str = "hand") -> None:
        """Add ``card`` to the hand (or skat), or take it out if it is there."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if card not in self.buttons:
            raise CardlibError(
                Msg("toggle({card}): {card} is not in the 32-card Skat pack", card=str(card))
            )
        if card in self.hand:
            self.hand.remove(card)
        elif card in self.skat:
            self.skat.remove(card)
        else:
            target = self.skat if into == "skat" else self.hand
            limit = 2 if into == "skat" else 10
            if len(target) >= limit:
                if into == "skat":
                    full = Msg("The skat is full ({n} cards): take one out first.", n=limit)
                else:
                    full = Msg("The hand is full ({n} cards): take one out first.", n=limit)
                self._show_error(lambda: _note(str(full)))
                self._sync()
                return
            target.append(card)
        self._show_error(str)
        self._render()

    def _show_error(self, error: Callable[[], str]) -> None:
        self._error = error
        self.error.value = error()

    def set_text(self, text: str) -> None:
        """Read ``hand | skat`` in card notation; a mistake is explained in place."""
        hand_text, _bar, skat_text = text.partition("|")
        try:
            hand = list(parse_cards(hand_text, unique=True))
            skat = list(parse_cards(skat_text, unique=True))
        except CardlibError as error:
            problem: object = str(error)
        else:
            problem = _Said(lambda: _problem(hand, skat))
        if str(problem):
            said = Msg("Cannot read {text}: {problem}", text=repr(text), problem=problem)
            self._show_error(lambda: _note(str(said)))
            return
        self.hand, self.skat = hand, skat
        self._show_error(str)
        self._render()

    def _sync(self) -> None:
        for card, button in self.buttons.items():
            button.style.button_color = (
                "#9cc9f5" if card in self.skat else "#ffd54a" if card in self.hand else "#f4f5f0"
            )
            if card in self.skat:
                button.tooltip = str(Msg("{card} in the skat", card=str(card)))
            elif card in self.hand:
                button.tooltip = str(Msg("{card} in the hand", card=str(card)))
            else:
                button.tooltip = str(card)

    def report(self) -> list[str]:
        """The panel's lines (empty until ten cards are chosen)."""
        if len(self.hand) != 10:
            return [
                str(Msg("Pick ten cards for the hand ({n} so far) and, if you like, the two cards "
                        "of the skat.", n=len(self.hand)))
            ]  # fmt: skip
        skat = self.skat if len(self.skat) == 2 else None
        return panel_lines(self.hand, skat, self.game.value)

    def _render(self) -> None:
        if self._relabelling:
            return
        if self.language.outdated():
            self._label()
        self._sync()
        self.picture.value = table_svg(self._rows())
        text = escape("\n".join(self.report()), quote=False)
        self.panel.value = f'<pre style="white-space:pre-wrap">{text}</pre>'
        self._win = str
        self.win.value = ""
        if len(self.hand) == 10:
            from cardlib.probability import trump_split
            from cardlib.probability.core import patterns

            game = self.game.value
            seen = (*self.hand, *(self.skat if len(self.skat) == 2 else ()))
            split = patterns(trump_split(seen, game))
            self.chart.value = chart_png(
                [(_("exact"), split)], xlabel=_("trumps out: longer holding - shorter"),
                title=str(Msg("How the missing {game} trumps lie", game=game.symbol)),
            )  # fmt: skip
            self.chart.layout.display = None
        else:
            self.chart.layout.display = "none"
        self.win_button.disabled = len(self.hand) != 10

    def win_chance(self, samples: int = 10, seed: int = 1) -> str:
        """The double-dummy win chance of the chosen game from ``samples`` seeded deals."""
        from cardlib.skat import win_chance

        skat = self.skat if len(self.skat) == 2 else None
        result = win_chance(self.hand, self.game.value, skat, samples=samples, rng=seed,
                            progress=False)  # fmt: skip

        def shown() -> str:
            text = str(result) + "\n  " + str(Msg("(seed {seed})", seed=seed))
            return "<pre>" + escape(text, quote=False) + "</pre>"

        self._win = shown
        self.win.value = shown()
        return str(result)

    def snapshot(self) -> Picture:
        """The hand, the skat and the panel as a static picture and text."""
        notes = self.report()
        hand = " ".join(c.symbol for c in sort_hand(self.hand))
        skat = " ".join(c.symbol for c in self.skat) or _("unknown")
        return Picture(table_svg(self._rows(), notes=notes), "\n".join(
            [str(Msg("Hand: {cards}", cards=hand)), str(Msg("Skat: {cards}", cards=skat)),
             *notes]))  # fmt: skip

    def _rows(self) -> list[tuple[str, Sequence[Card | None]]]:
        return [
            (_("Hand"), list(sort_hand(self.hand))),
            (_("Skat"), list(self.skat) if self.skat else [None, None]),
        ]

    def __repr__(self) -> str:
        hand = Hand(sort_hand(self.hand)).symbol
        skat = " ".join(card.symbol for card in self.skat) or _("unknown")
        skat_words = Msg("skat {cards}", cards=skat)
        return f"HandPicker({hand}, {skat_words}, {self.game.value.symbol})"


def _modes() -> list[tuple[str, str]]:
    return [(_("hand"), "hand"), (_("skat"), "skat")]


def _games() -> list[tuple[str, GameType]]:
    return [(game.symbol, game) for game in _SUIT_GAMES]


class _Said:
    """A text made by a function, worded each time it is read."""

    __slots__ = ("words",)

    def __init__(self, words: Callable[[], str]) -> None:
        self.words = words

    def __str__(self) -> str:
        return self.words()


def _problem(hand: list[Card], skat: list[Card]) -> str:
    pack = set(SKAT_DECK)
    outside = [c.symbol for c in (*hand, *skat) if c not in pack]
    if outside:
        return str(Msg("{cards} not in the 32-card Skat pack (7 to ace)", cards=" ".join(outside)))
    both = [c.symbol for c in hand if c in skat]
    if both:
        return str(Msg("{cards} in both hand and skat", cards=" ".join(both)))
    if len(hand) > 10 or len(skat) > 2:
        return str(Msg("a hand has at most 10 cards and the skat 2 (got {hand} and {skat})",
                       hand=len(hand), skat=len(skat)))  # fmt: skip
    return ""


def _text(cards: str | Iterable[Card]) -> str:
    return cards if isinstance(cards, str) else " ".join(str(card) for card in cards)


def _note(text: str) -> str:
    return (
        '<div style="background:#fdecea;color:#111;padding:4px 8px;border-radius:6px">'
        f"{escape(text, quote=False)}</div>"
    )
