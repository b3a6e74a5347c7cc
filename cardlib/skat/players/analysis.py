r"""Hand analysis for learners: matadors, and what each game is worth if it is won.

The matadors are the unbroken run of top trumps from ♣J down that the declarer holds ("with n") or
lacks ("without n"), counted over the ten cards **and the skat**, even in a Hand game. Before the
bidding the skat is unknown, so a "without" count may still change: :func:`analyse` lists every
count the skat can still make, with its exact probability over the 231 equally likely skats, and
counts on the least favourable one. A game's value is base × (matadors + 1), one more for
Hand; Null games have fixed values. The value is what a *won* game scores, so it is the highest
bid the game covers (a higher bid overbids it); whether the hand can win the game at all is a
different question, of strength (:mod:`cardlib.skat.solver.winchance` estimates it).

>>> from cardlib import parse_cards
>>> a = analyse(parse_cards("CJ SJ CA CT CK C9 C8 SA HA D7"))
>>> import textwrap
>>> print(textwrap.fill(a.row(GameType.CLUBS).explanation, 80))
with 2, game 3 × 12 = 36: a won clubs game is worth 36 (48 with Hand), so it
covers bids up to 36; with the right skat it could be with 7
>>> a.row(GameType.CLUBS).matadors   # ♥J in the skat makes 3; ♥J and ♦J make 4 + ♣A ♣10 ♣K
(2, 3, 7)
>>> matadors(parse_cards("HJ DJ CA"), GameType.CLUBS)
-2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from itertools import combinations

from cardlib.cards import SKAT_DECK, Card
from cardlib.errors import RulesError
from cardlib.skat.engine.facts import Declaration, GameType, matadors, matadors_text, sort_hand

__all__ = ["GameAnalysis", "HandAnalysis", "analyse"]

_NULL_GAMES = (
    Declaration(GameType.NULL),
    Declaration(GameType.NULL, hand=True),
    Declaration(GameType.NULL, ouvert=True),
    Declaration(GameType.NULL, hand=True, ouvert=True),
)


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """One game for one hand.

    ``matadors``: the signed counts still possible (one value when the skat is known);
    ``chances``: each count with its exact probability over the possible skats; ``multiplier``:
    the least favourable matadors + 1; ``value``: what the game is worth picked up, at least
    (base × multiplier); ``hand_value``: the same played Hand. Null rows carry their fixed values.
    """

    game: GameType
    matadors: tuple[int, ...]
    chances: tuple[tuple[int, Fraction], ...]
    multiplier: int
    value: int
    hand_value: int
    explanation: str

    @property
    def known(self) -> bool:
        """True when the skat cannot change the matadors any more."""
        return len(self.matadors) <= 1


def _row(game: GameType, hand: tuple[Card, ...], skats: list[tuple[Card, ...]]) -> GameAnalysis:
    if game is GameType.NULL:
        values = ", ".join(f"{d} {d.null_value}" for d in _NULL_GAMES)
        text = f"Null games have fixed values: {values}; the matadors play no part"
        return GameAnalysis(game, (), (), 1, 23, 35, text)
    counts = Counter(matadors(hand + skat, game) for skat in skats)
    total = sum(counts.values())
    possible = tuple(sorted(counts))
    chances = tuple((m, Fraction(counts[m], total)) for m in possible)
    worst = min(possible, key=abs)
    multiplier = abs(worst) + 1
    value = game.base_value * multiplier
    seen = matadors(hand, game) if len(skats) > 1 else possible[0]
    text = (
        f"{matadors_text(seen)}, game {multiplier} × {game.base_value} = {value}: "
        f"a won {game.label} game is worth {value} ({value + game.base_value} with Hand), "
        f"so it covers bids up to {value}"
    )
    if len(possible) > 1 and worst != seen:
        others = " or ".join(matadors_text(m) for m in possible if m != seen)
        text = (
            f"{matadors_text(seen)} as far as you can see, but the skat may make it {others}; "
            f"counting on {matadors_text(worst)}: game {multiplier} × {game.base_value} = "
            f"{value}, so a won {game.label} game is worth at least {value} "
            f"({value + game.base_value} with Hand) and covers bids up to {value}"
        )
    elif len(possible) > 1:
        best = max(possible, key=abs) if seen > 0 else seen
        if best != seen:
            text += f"; with the right skat it could be {matadors_text(best)}"
    return GameAnalysis(game, possible, chances, multiplier, value, value + game.base_value, text)


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """The analysis of a hand for every game; a table as text and HTML."""

    hand: tuple[Card, ...]
    skat: tuple[Card, ...] | None
    rows: tuple[GameAnalysis, ...]

    def row(self, game: GameType) -> GameAnalysis:
        """The row of one game."""
        return next(row for row in self.rows if row.game is game)

    @property
    def best(self) -> GameAnalysis:
        """The suit or grand game with the highest value (picked up)."""
        return max(
            (row for row in self.rows if row.game is not GameType.NULL), key=lambda r: r.value
        )

    def _cells(self) -> list[tuple[str, str, str, str, str]]:
        cells = []
        for row in self.rows:
            if row.game is GameType.NULL:
                cells.append((row.game.symbol, "-", "-", "23 / Ouvert 46", "35 / 59"))
                continue
            known = " or ".join(matadors_text(m) for m in row.matadors)
            value = f"{row.multiplier} × {row.game.base_value} = {row.value}"
            cells.append(
                (row.game.symbol, known, matadors_text(min(row.matadors, key=abs)), value,
                 str(row.hand_value))
            )  # fmt: skip
        return cells

    _HEADER = ("Game", "Matadors possible", "Counting on", "Game value", "Hand")

    def to_text(self) -> str:
        """A table: each game's matadors, the value it is worth if won, and with Hand."""
        cards = " ".join(card.symbol for card in self.hand)
        skat = "unknown" if self.skat is None else " ".join(c.symbol for c in self.skat)
        rows = [self._HEADER, *self._cells()]
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        lines = [f"Hand: {cards}   Skat: {skat}"]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
                  for r in rows]  # fmt: skip
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(h)}</th>" for h in self._HEADER)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
            for cells in self._cells()
        )
        cards = escape(" ".join(card.symbol for card in self.hand))
        return f"<p>Hand: {cards}</p><table><tr>{head}</tr>{body}</table>"


def analyse(hand: Iterable[Card], skat: Iterable[Card] | None = None) -> HandAnalysis:
    r"""Analyse ten cards (and the skat, if known) for every game.

    >>> from cardlib import parse_cards
    >>> a = analyse(parse_cards("HJ DJ CA CT CK C9 C8 SA HA D7"))
    >>> a.row(GameType.CLUBS).matadors
    (-2, -1, 1, 7)
    >>> import textwrap
    >>> print(textwrap.fill(a.row(GameType.CLUBS).explanation, 80))
    without 2 as far as you can see, but the skat may make it without 1 or with 1 or
    with 7; counting on without 1: game 2 × 12 = 24, so a won clubs game is worth at
    least 24 (36 with Hand) and covers bids up to 24
    >>> a.row(GameType.CLUBS).chances[0]
    (-2, Fraction(190, 231))
    """
    cards = tuple(hand)
    if len(cards) != 10 or len(set(cards)) != 10 or any(c not in _PACK for c in cards):
        raise RulesError(
            f"analyse: expected ten different Skat cards, got {' '.join(map(str, cards))!r}"
        )
    if skat is not None:
        skat_cards = tuple(skat)
        if len(skat_cards) != 2 or set(skat_cards) & set(cards) or len(set(skat_cards)) != 2:
            raise RulesError(
                f"analyse: the skat must be two other cards, got {' '.join(map(str, skat_cards))!r}"
            )
        skats: list[tuple[Card, ...]] = [skat_cards]
    else:
        unseen = [card for card in SKAT_DECK if card not in cards]
        skats = [pair for pair in combinations(unseen, 2)]
    rows = tuple(_row(game, cards, skats) for game in _ORDER)
    return HandAnalysis(sort_hand(cards), None if skat is None else skats[0], rows)


_PACK = frozenset(SKAT_DECK)
_ORDER = (
    GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND,
    GameType.NULL,
)  # fmt: skip
