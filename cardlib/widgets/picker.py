"""Build a hypothetical Skat hand by clicking cards; see what analysis and probability say."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import SKAT_DECK, Card, Hand, Rank, Suit, parse_cards
from cardlib.display import table_svg
from cardlib.errors import CardlibError
from cardlib.skat.engine.facts import GameType, sort_hand, trumps
from cardlib.widgets._charts import chart_png
from cardlib.widgets._view import Picture

__all__ = ["HandPicker", "bid_limit", "game_values", "panel_lines"]

_SUIT_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND)
_RANKS = (Rank.JACK, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_COLOURS = {Suit.CLUBS: "#111111", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e",
            Suit.DIAMONDS: "#c8102e"}  # fmt: skip


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _with(m: int) -> str:
    return f"with {m}" if m > 0 else f"without {-m}"


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

    lines = ["Game values:", *("  " + line for line in game_values(hand, skat))]
    limit, name = bid_limit(hand, skat)
    lines.append(f"Bid limit: {limit} (playing {name}, counting on the least favourable skat)")
    if skat is None:
        from cardlib.probability import hand_report as what_if

        report = what_if(hand, game)
        lines.append(f"What if you play {game.symbol} (skat unknown):")
        lines += [f"  {label}: {value}" for label, value in report.lines()[1:]]
    else:
        from cardlib.skat.engine.facts import card_points

        points = card_points(skat)
        lines.append(f"Skat: {' '.join(c.symbol for c in skat)} ({points} points)")
    seen = (*hand, *(skat or ()))
    out = sum(card not in seen for card in trumps(game))
    split = patterns(trump_split(seen, game))
    where = (
        "the two opponents (longer-shorter)"
        if skat is not None
        else "the opponents and the skat (longer-shorter-skat)"
    )
    shares = ", ".join(f"{key_text(k)}: {_pct(p)}" for k, p in split.items())
    lines.append(f"Trump split in {game.symbol}: {out} trumps out among {where}: {shares}")
    return lines


class HandPicker(widgets.VBox):  # type: ignore[misc]
    """Click cards to build a hand (and, optionally, the skat); the panel follows each click.

    A text box takes a hand in notation (``CJ SJ HA HT ... | D7 D8`` with the skat after ``|``)
    and explains a parse error in place. ``win_chance`` (on request) solves a few sampled deals.

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
            raise CardlibError(f"HandPicker({game!r}): only 'skat' hands can be analysed so far")
        self.hand: list[Card] = []
        self.skat: list[Card] = []
        self.mode = widgets.ToggleButtons(options=["hand", "skat"], value="hand",
                                          description="a click adds to")  # fmt: skip
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
        self.text = widgets.Text(
            description="cards", placeholder="CJ SJ HA HT ... | D7 D8  (skat after |)",
            continuous_update=False, layout=widgets.Layout(width="520px"),
        )  # fmt: skip
        self.text.observe(lambda change: self.set_text(change["new"]), names="value")
        self.error = widgets.HTML()
        self.game = widgets.Dropdown(
            options=[(g.symbol, g) for g in _SUIT_GAMES], value=GameType.CLUBS,
            description="trumps", layout=widgets.Layout(width="200px"),
        )  # fmt: skip
        self.game.observe(lambda _: self._render(), names="value")
        self.picture = widgets.HTML()
        self.panel = widgets.HTML()
        self.chart = widgets.Image(format="png", layout=widgets.Layout(width="512px"))
        self.win_button = widgets.Button(
            description="win chance",
            tooltip="10 seeded deals, each solved double-dummy (takes a while)",
        )
        self.win_button.on_click(lambda _: self.win_chance())
        self.win = widgets.HTML()
        super().__init__(
            [widgets.HBox([self.mode, self.game]), widgets.VBox(rows), self.text, self.error,
             self.picture, self.panel, self.chart, widgets.HBox([self.win_button, self.win])]
        )  # fmt: skip
        hand, skat = _text(hand), _text(skat)
        if hand or skat:
            self.set_text(hand + (" | " + skat if skat else ""))
        else:
            self._render()

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
            raise CardlibError(f"toggle({card}): {card} is not in the 32-card Skat pack")
        if card in self.hand:
            self.hand.remove(card)
        elif card in self.skat:
            self.skat.remove(card)
        else:
            target = self.skat if into == "skat" else self.hand
            limit = 2 if into == "skat" else 10
            if len(target) >= limit:
                self.error.value = _note(f"The {into} is full ({limit} cards): take one out first.")
                self._sync()
                return
            target.append(card)
        self.error.value = ""
        self._render()

    def set_text(self, text: str) -> None:
        """Read ``hand | skat`` in card notation; a mistake is explained in place."""
        hand_text, _, skat_text = text.partition("|")
        try:
            hand = list(parse_cards(hand_text, unique=True))
            skat = list(parse_cards(skat_text, unique=True))
            problem = _problem(hand, skat)
        except CardlibError as error:
            problem = str(error)
        if problem:
            self.error.value = _note(f"Cannot read {text!r}: {problem}")
            return
        self.hand, self.skat = hand, skat
        self.error.value = ""
        self._render()

    def _sync(self) -> None:
        for card, button in self.buttons.items():
            button.style.button_color = (
                "#9cc9f5" if card in self.skat else "#ffd54a" if card in self.hand else "#f4f5f0"
            )
            where = (
                "in the skat" if card in self.skat else "in the hand" if card in self.hand else ""
            )
            button.tooltip = f"{card} {where}".strip()

    def report(self) -> list[str]:
        """The panel's lines (empty until ten cards are chosen)."""
        if len(self.hand) != 10:
            return [
                f"Pick ten cards for the hand ({len(self.hand)} so far) and, if you like, "
                "the two cards of the skat."
            ]
        skat = self.skat if len(self.skat) == 2 else None
        return panel_lines(self.hand, skat, self.game.value)

    def _render(self) -> None:
        self._sync()
        self.picture.value = table_svg(self._rows())
        text = escape("\n".join(self.report()), quote=False)
        self.panel.value = f'<pre style="white-space:pre-wrap">{text}</pre>'
        self.win.value = ""
        if len(self.hand) == 10:
            from cardlib.probability import trump_split
            from cardlib.probability.core import patterns

            game = self.game.value
            seen = (*self.hand, *(self.skat if len(self.skat) == 2 else ()))
            split = patterns(trump_split(seen, game))
            self.chart.value = chart_png(
                [("exact", split)], xlabel="trumps out: longer holding - shorter",
                title=f"How the missing {game.symbol} trumps lie",
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
        text = str(result)
        self.win.value = "<pre>" + escape(text + f"\n  (seed {seed})", quote=False) + "</pre>"
        return text

    def snapshot(self) -> Picture:
        """The hand, the skat and the panel as a static picture and text."""
        notes = self.report()
        return Picture(table_svg(self._rows(), notes=notes), "\n".join(
            [f"Hand: {' '.join(c.symbol for c in sort_hand(self.hand))}",
             f"Skat: {' '.join(c.symbol for c in self.skat) or 'unknown'}", *notes]))  # fmt: skip

    def _rows(self) -> list[tuple[str, Sequence[Card | None]]]:
        return [
            ("Hand", list(sort_hand(self.hand))),
            ("Skat", list(self.skat) if self.skat else [None, None]),
        ]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        hand = Hand(sort_hand(self.hand)).symbol
        skat = " ".join(card.symbol for card in self.skat) or "unknown"
        return f"HandPicker({hand}, skat {skat}, {self.game.value.symbol})"


def _problem(hand: list[Card], skat: list[Card]) -> str:
    pack = set(SKAT_DECK)
    outside = [c.symbol for c in (*hand, *skat) if c not in pack]
    if outside:
        return f"{' '.join(outside)} not in the 32-card Skat pack (7 to ace)"
    both = [c.symbol for c in hand if c in skat]
    if both:
        return f"{' '.join(both)} in both hand and skat"
    if len(hand) > 10 or len(skat) > 2:
        return f"a hand has at most 10 cards and the skat 2 (got {len(hand)} and {len(skat)})"
    return ""


def _text(cards: str | Iterable[Card]) -> str:
    return cards if isinstance(cards, str) else " ".join(str(card) for card in cards)


def _note(text: str) -> str:
    return (
        '<div style="background:#fdecea;color:#111;padding:4px 8px;border-radius:6px">'
        f"{escape(text, quote=False)}</div>"
    )
