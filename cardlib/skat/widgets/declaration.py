"""Build a declaration by clicking (game, Hand, Schneider, Schwarz, Ouvert); see its value and risk.

The chances come from a :class:`~cardlib.skat.solver.declarations.DeclarationOdds` solved
beforehand, so a click only counts: the panel answers at once.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.display import table_svg
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.skat.engine.facts import Declaration, GameType, sort_hand
from cardlib.skat.engine.names import announcement_name, game_name
from cardlib.skat.scoring.value import value
from cardlib.skat.solver.declarations import SCHNEIDER, SCHWARZ, DeclarationOdds, needs
from cardlib.widgets.language_menu import LanguageSelector, relabel
from cardlib.widgets.readable_box import ReadableBox
from cardlib.widgets.seat_view import Picture

__all__ = ["FLAGS", "DeclarationBuilder", "declaration_lines", "with_flag"]

FLAGS = ("hand", "schneider", "schwarz", "ouvert")
"""The switches of a declaration, in the order each implies the one before (suit and grand)."""


def with_flag(declaration: Declaration, flag: str, on: bool) -> Declaration:
    """``declaration`` with ``flag`` switched, and what it implies or needs switched with it.

    In a suit or grand game an announcement needs the ones before it (Ouvert needs Schwarz,
    Schwarz Schneider, Schneider Hand): switching one on switches those on, switching one off
    switches the later ones off. Null has only Hand and Ouvert, each on its own.

    >>> print(with_flag(Declaration(GameType.SPADES), "schwarz", True))
    ♠ Hand Schneider Schwarz
    >>> print(with_flag(Declaration(GameType.SPADES, ouvert=True), "hand", False))
    ♠
    >>> print(with_flag(Declaration(GameType.NULL, hand=True), "ouvert", True))
    Null Hand Ouvert
    """
    if flag not in FLAGS:
        raise CardlibError(Msg("with_flag(flag={flag}): expected one of {flags}", flag=repr(flag),
                               flags=", ".join(FLAGS)))  # fmt: skip
    flags = {name: getattr(declaration, name) for name in FLAGS}
    if declaration.game is GameType.NULL:
        if flag in ("schneider", "schwarz"):
            return declaration
        flags[flag] = on
        return Declaration(GameType.NULL, hand=flags["hand"], ouvert=flags["ouvert"])
    place = FLAGS.index(flag)
    for index, name in enumerate(FLAGS):
        if on and index <= place:
            flags[name] = True
        if not on and index >= place:
            flags[name] = False
    return Declaration(declaration.game, **flags)


def _need(declaration: Declaration) -> Msg:
    if declaration.game is GameType.NULL:
        return Msg("It needs: no trick at all.")
    goal = needs(declaration)
    if goal == SCHWARZ:
        return Msg("It needs: every trick (Schwarz announced).")
    if goal == SCHNEIDER:
        return Msg("It needs: 90 card points (Schneider announced).")
    return Msg("It needs: 61 card points.")


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def declaration_lines(odds: DeclarationOdds, declaration: Declaration, bid: int) -> list[str]:
    """What the builder's panel says about ``declaration`` at ``bid``: value, need, chance, score.

    >>> from cardlib.skat.solver.declarations import declaration_odds
    >>> odds = declaration_odds("CJ SJ HJ CA CT CK SA ST HA H7", samples=6, rng=1,
    ...                         games=(GameType.GRAND,))
    >>> for line in declaration_lines(odds, Declaration(GameType.GRAND, hand=True), 18):
    ...     print(line)
    Grand Hand: worth 120 if won (5 × 24).
    The skat can change the matadors: 120 in 4 deals, 144 in 2 deals.
    It covers the bid of 18.
    It needs: 61 card points.
    It wins in 6 of 6 sampled deals (1, 100%).
    Average list score: 128 per game (+ the value when won, −2 × the value when lost).
    """
    worth = value(declaration, odds.hand)
    name = declaration.name
    if declaration.game is GameType.NULL:
        lines = [Msg("{game}: worth {worth} if won (a fixed value).", game=name, worth=worth.worth)]
        if worth.worth < bid:
            lines.append(Msg("A Null worth {worth} cannot be declared at a bid of {bid}: the "
                             "rules refuse it.", worth=worth.worth, bid=bid))  # fmt: skip
            return [str(line) for line in lines]
    else:
        lines = [Msg("{game}: worth {worth} if won ({multiplier} × {base}).", game=name,
                     worth=worth.worth, multiplier=worth.multiplier, base=worth.base)]  # fmt: skip
        worths = odds.worths(declaration)
        if len(worths) > 1:
            shares = _(", ").join(
                str(Plural("{worth} in {n} deal", "{worth} in {n} deals", n, worth=w))
                for w, n in sorted(worths.items())
            )
            lines.append(Msg("The skat can change the matadors: {shares}.", shares=shares))
    if worth.worth >= bid:
        lines.append(Msg("It covers the bid of {bid}.", bid=bid))
    else:
        lines.append(Msg("Overbid: worth {worth}, less than the bid of {bid}; lost whatever the "
                         "cards do.", worth=worth.worth, bid=bid))  # fmt: skip
    lines.append(_need(declaration))
    if declaration.ouvert:
        lines.append(Msg(
            "Ouvert: your cards lie open before the first lead. The solver sees every hand "
            "anyway, so the chance is the same as without Ouvert."
        ))  # fmt: skip
    if not declaration.hand:
        lines.append(Msg("Picked up: in each sampled deal you take the skat and lay away two "
                         "cards by the sampling player's quick rule."))  # fmt: skip
    wins, chance = odds.wins(declaration), odds.chance(declaration)
    lines.append(Plural(
        "It wins in {wins} of {n} sampled deal ({fraction}, {percent}).",
        "It wins in {wins} of {n} sampled deals ({fraction}, {percent}).",
        odds.samples, wins=wins, fraction=_fraction(chance), percent=f"{float(chance):.0%}",
    ))  # fmt: skip
    average = odds.average_score(declaration, bid)
    shown = _fraction(average)
    if average.denominator != 1:
        shown += f" ≈ {float(average):.1f}"
    lines.append(Msg("Average list score: {score} per game (+ the value when won, −2 × the value "
                     "when lost).", score=shown))  # fmt: skip
    return [str(line) for line in lines]


class DeclarationBuilder(ReadableBox):
    """Pick the game and switch Hand, Schneider, Schwarz, Ouvert; the panel follows each click.

    ``odds`` holds the solved deals (:func:`~cardlib.skat.solver.declarations.declaration_odds`);
    ``bid`` is the bid the declaration must cover. A switch pulls in what it needs (Schwarz
    switches Schneider and Hand on; Hand off switches every announcement off).

    >>> from cardlib.skat.solver.declarations import declaration_odds
    >>> odds = declaration_odds("CJ SJ HJ CA CT CK SA ST HA H7", samples=6, rng=1,
    ...                         games=(GameType.GRAND,))
    >>> builder = DeclarationBuilder(odds, bid=18)
    >>> builder.switch("schwarz", True); builder
    DeclarationBuilder(Grand Hand Schneider Schwarz, bid 18: wins in 0 of 6 deals)
    """

    def __init__(self, odds: DeclarationOdds, bid: int = 18, game: GameType | None = None) -> None:
        if not isinstance(odds, DeclarationOdds):
            raise CardlibError(Msg(
                "DeclarationBuilder(odds={odds}): expected declaration_odds(...)", odds=repr(odds)
            ))  # fmt: skip
        if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
            raise CardlibError(Msg("DeclarationBuilder(bid={bid}): expected a whole number >= 0",
                                   bid=repr(bid)))  # fmt: skip
        chosen = odds.games[0] if game is None else game
        if chosen not in odds.games:
            raise CardlibError(Msg(
                "DeclarationBuilder(game={game}): not among the solved games {games}",
                game=repr(game), games=", ".join(g.label for g in odds.games),
            ))  # fmt: skip
        self.odds = odds
        self.bid = bid
        self.declaration = Declaration(chosen)
        self._updating = False
        self.game = widgets.Dropdown(options=self._games(), value=chosen,
                                     layout=widgets.Layout(width="200px"))  # fmt: skip
        self.game.observe(lambda change: self._chose(change["new"]), names="value")
        self.toggles = {name: widgets.ToggleButton(layout=widgets.Layout(width="110px"))
                        for name in FLAGS}  # fmt: skip
        for name, toggle in self.toggles.items():
            toggle.observe(self._toggled(name), names="value")
        self.picture = widgets.HTML()
        self.panel = widgets.HTML()
        self.language = LanguageSelector(self._switched)
        top = widgets.HBox([self.game, *self.toggles.values(), self.language],
                           layout=widgets.Layout(flex_flow="row wrap"))  # fmt: skip
        super().__init__([top, self.picture, self.panel])
        self._label()
        self._render()

    def _games(self) -> list[tuple[str, GameType]]:
        return [(str(game_name(game)), game) for game in self.odds.games]

    def _label(self) -> None:
        self._updating = True
        try:
            relabel(self.game, self._games())
        finally:
            self._updating = False
        self.game.description = _("game")
        for name, toggle in self.toggles.items():
            toggle.description = str(announcement_name(name)).capitalize()
        self.language.refresh()

    def _switched(self) -> None:
        self._label()
        self._render()

    def _toggled(self, name: str) -> Any:
        def handler(change: dict[str, Any]) -> None:
            if not self._updating:
                self.switch(name, bool(change["new"]))

        return handler

    def _chose(self, game: GameType) -> None:
        if self._updating:
            return
        self.choose(game)

    def choose(self, game: GameType) -> None:
        """Play ``game``, keeping the switches that game allows."""
        if game not in self.odds.games:
            raise CardlibError(Msg("choose({game}): not among the solved games", game=repr(game)))
        old = self.declaration
        if game is GameType.NULL:
            self.declaration = Declaration(game, hand=old.hand, ouvert=old.ouvert)
        elif old.game is GameType.NULL and old.ouvert:
            self.declaration = Declaration(game, hand=True, ouvert=True)
        else:
            flags = {name: getattr(old, name) for name in FLAGS}
            self.declaration = Declaration(game, **flags)
        self._render()

    def switch(self, flag: str, on: bool) -> None:
        """Switch ``flag`` (``"hand"``, ``"schneider"``, ``"schwarz"``, ``"ouvert"``) on or off."""
        self.declaration = with_flag(self.declaration, flag, on)
        self._render()

    def lines(self) -> list[str]:
        """The panel's lines for the declaration now built."""
        return declaration_lines(self.odds, self.declaration, self.bid)

    def _render(self) -> None:
        if self.language.outdated():
            self._label()
        self._updating = True
        try:
            self.game.value = self.declaration.game
            null = self.declaration.game is GameType.NULL
            for name, toggle in self.toggles.items():
                toggle.value = bool(getattr(self.declaration, name))
                toggle.disabled = null and name in ("schneider", "schwarz")
        finally:
            self._updating = False
        self.picture.value = table_svg(self._rows())
        text = escape("\n".join(self.lines()), quote=False)
        self.panel.value = f'<pre style="white-space:pre-wrap">{text}</pre>'

    def _rows(self) -> list[tuple[str, list[Any]]]:
        game = self.declaration.game
        return [(_("Your cards"), list(sort_hand(self.odds.hand, game)))]

    def snapshot(self) -> Picture:
        """The hand and the panel as a static picture and text."""
        lines = self.lines()
        return Picture(table_svg(self._rows(), notes=lines), "\n".join(lines))

    def __repr__(self) -> str:
        said = Plural("{declaration}, bid {bid}: wins in {wins} of {n} deal",
                      "{declaration}, bid {bid}: wins in {wins} of {n} deals", self.odds.samples,
                      declaration=self.declaration.name, bid=self.bid,
                      wins=self.odds.wins(self.declaration))  # fmt: skip
        return f"DeclarationBuilder({said})"
