"""What if I held this hand? One report joining the hand analysis, the skat outlook and the trump
split, and a side-by-side comparison of two hands (for exploring "change one card").

>>> report = hand_report("CJ SJ CA CT CK C9 C8 SA HA D7")
>>> report.game, report.bid_limit, report.trumps_out
(GameType.CLUBS, 36, 4)
>>> report.even_split          # the 4 trumps out split 2-2, none in the skat: C(10,2)² / C(22,4)
Fraction(405, 1463)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card
from cardlib.display.width import columns, ljust
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, _
from cardlib.probability.core import Distribution
from cardlib.probability.skat_odds import SkatOutlook, read_game, skat_outlook, trump_split
from cardlib.skat.engine.facts import GameType, matadors_text, trumps
from cardlib.skat.engine.names import game_label

if TYPE_CHECKING:
    from cardlib.skat.players.analysis import GameAnalysis, HandAnalysis

__all__ = ["HandReport", "compare_reports", "hand_report"]


@dataclass(frozen=True, slots=True, repr=False)
class HandReport:
    """A hand seen before the skat: the game's value and bid limit (from the hand analysis), what
    the skat may bring, and how the trumps the hand lacks may lie (Hand model, 10-10-2)."""

    outlook: SkatOutlook
    analysis: HandAnalysis
    game: GameType
    trumps_held: int
    split: Distribution[tuple[int, ...]]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The ten cards."""
        return self.outlook.hand

    @property
    def row(self) -> GameAnalysis:
        """The analysis of the chosen game."""
        return self.analysis.row(self.game)

    @property
    def bid_limit(self) -> int:
        """How high the hand can bid in this game, picked up, counting on the least matadors."""
        return self.row.value

    @property
    def trumps_out(self) -> int:
        """Trumps of the game not in the hand."""
        return len(trumps(self.game)) - self.trumps_held

    @property
    def opponents(self) -> Distribution[tuple[int, int]]:
        """The opponents' pattern of outstanding trumps (the rest lies in the skat)."""
        return self.split.map(lambda k: (max(k[:2]), min(k[:2])), Msg("opponents' trump pattern"))

    @property
    def even_split(self) -> Fraction:
        """The chance that the opponents hold all outstanding trumps, split as evenly as possible.

        >>> hand_report("CJ SJ HJ CA CT CK C9 C8 SA HA", "C").even_split     # 2-1, skat none
        Fraction(45, 77)
        """
        n = self.trumps_out
        return self.split.get(((n + 1) // 2, n // 2, 0), Fraction(0)) + (
            self.split.get((n // 2, (n + 1) // 2, 0), Fraction(0)) if n % 2 else Fraction(0)
        )

    def long_trumps(self, at_least: int = 3) -> Fraction:
        """The chance that one opponent holds ``at_least`` of the outstanding trumps.

        >>> hand_report("CJ SJ HJ CA CT CK C9 C8 SA HA", "C").long_trumps()   # all 3 with one
        Fraction(12, 77)
        """
        return self.split.prob(lambda k: max(k[:2]) >= at_least)

    def lines(self) -> list[tuple[str, str]]:
        """The report as (question, answer) pairs, in the current language."""
        row = self.row
        matadors = self.outlook.matadors(self.game)
        jacks = self.outlook.jacks
        points = self.outlook.points.mean()
        game = self.game
        value = f"{row.multiplier} × {game.base_value} = {row.value}"
        most_likely = max(matadors, key=matadors.__getitem__)
        return [
            (_("game"), str(Msg("{game} ({symbol})", game=game_label(game), symbol=game.symbol))),
            (_("matadors possible"), _either([matadors_text(m) for m in row.matadors])),
            (_("game value (picked up)"), value),
            (_("bid up to"), str(Msg("{value} (Hand: {hand})", value=row.value,
                                     hand=row.hand_value))),
            (_("skat changes the matadors"), _percent(self.outlook.matadors_change(game))),
            (_("most likely matadors"), str(matadors_text(most_likely))),
            (_("skat holds a jack"), _percent(1 - jacks.get(0, Fraction(0)))),
            (_("expected skat points"), f"{points} = {float(points):.2f}"),
            (_("trumps held / out"), f"{self.trumps_held} / {self.trumps_out}"),
            (_("an opponent holds 3+ trumps"), _percent(self.long_trumps())),
            (_("trumps out split evenly, none in skat"), _percent(self.even_split)),
        ]  # fmt: skip

    def _title(self) -> str:
        cards = " ".join(card.symbol for card in self.hand)
        return str(Msg("What if: {cards}", cards=cards))

    def __str__(self) -> str:
        rows = self.lines()
        width = max(columns(label) for label, _answer in rows)
        return "\n".join([self._title()] + [f"  {ljust(a, width)}  {b}" for a, b in rows])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table

        return html_table([_("question"), _("answer")], self.lines(), caption=self._title(),
                          align="ll")  # fmt: skip


def _percent(p: Fraction) -> str:
    return f"{p} = {float(p) * 100:.1f}%"


def _either(options: list[Any]) -> str:
    """``'a or b or c'`` in the current language."""
    said: Any = options[0] if options else ""
    for option in options[1:]:
        said = Msg("{first} or {second}", first=said, second=option)
    return str(said)


def hand_report(hand: str | Iterable[Card | str], game: GameType | str | None = None) -> HandReport:
    """Everything the kit can say about a 10-card hand before the skat, for ``game``; without one,
    for the suit game in which the hand holds the most trumps (the higher suit on a tie).

    >>> print(hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "C").lines()[3])
    ('bid up to', '36 (Hand: 48)')
    """
    from cardlib.skat import analyse

    outlook = skat_outlook(hand)
    analysis = analyse(outlook.hand)
    if game is None:
        chosen = max(_SUITS, key=lambda g: (_held(outlook.hand, g), g.base_value))
    else:
        chosen = read_game(game, f"hand_report(..., {game!r})")
    held = _held(outlook.hand, chosen)
    split = trump_split(outlook.hand, chosen)
    return HandReport(outlook, analysis, chosen, held, split)


_SUITS = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)


def _held(hand: Iterable[Card], game: GameType) -> int:
    return len(set(hand) & set(trumps(game)))


def compare_reports(before: HandReport, after: HandReport) -> str:
    """Two reports side by side, marking the answers that changed.

    >>> a = hand_report("CJ SJ CA CT CK C9 C8 SA HA D7", "C")
    >>> b = hand_report("CJ SJ CA CT CK C9 C8 SA HA HJ", "C")
    >>> line = compare_reports(a, b).splitlines()[5]
    >>> line.split()[:2], line.split("*")[1]           # the ♥J adds a matador: 48
    (['bid', 'up'], ' 48 (Hand: 60)')
    """
    if before.game is not after.game:
        raise CardlibError(
            Msg(
                "compare_reports: compare hands in one game, not {label} and {other}",
                label=before.game.label,
                other=after.game.label,
            )
        )
    left, right = before.lines(), after.lines()
    width = max(columns(label) for label, _answer in left)
    column = max(columns(answer) for _label, answer in left)
    cards = [" ".join(c.symbol for c in r.hand) for r in (before, after)]
    lines = [f"  {'':<{width}}  {ljust(cards[0], column)}    {cards[1]}"]
    was, now = _("before"), _("after")
    lines.append(f"  {'':<{width}}  {ljust(was, column)}    {now}")
    for (label, a), (_label, b) in zip(left, right, strict=True):
        mark = "*" if a != b else " "
        lines.append(f"  {ljust(label, width)}  {ljust(a, column)}  {mark} {b}")
    return "\n".join(lines)
