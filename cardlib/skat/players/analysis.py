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

from cardlib.cards import SKAT_DECK, Card, as_cards
from cardlib.display.width import columns, ljust
from cardlib.errors import RulesError, shown
from cardlib.i18n import Msg, _
from cardlib.skat.engine.facts import Declaration, GameType, matadors, matadors_msg, sort_hand
from cardlib.skat.engine.names import Listed, announcement_name, either, game_label, game_name
from cardlib.skat.scoring.value import value as value_of

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
    ``reason`` says it in words worded when read; ``explanation`` is that text now.
    """

    game: GameType
    matadors: tuple[int, ...]
    chances: tuple[tuple[int, Fraction], ...]
    multiplier: int
    value: int
    hand_value: int
    reason: Msg

    @property
    def explanation(self) -> str:
        """What the game is worth and why, in the current language."""
        return str(self.reason)

    @property
    def known(self) -> bool:
        """True when the skat cannot change the matadors any more."""
        return len(self.matadors) <= 1


def _row(game: GameType, hand: tuple[Card, ...], skats: list[tuple[Card, ...]]) -> GameAnalysis:
    if game is GameType.NULL:
        # Translators: a Null game and its fixed value: "Null Hand 35".
        values = Listed(
            [Msg("{game} {value}", game=d.name, value=d.null_value) for d in _NULL_GAMES]
        )
        text = Msg(
            "Null games have fixed values: {values}; the matadors play no part", values=values
        )
        return GameAnalysis(game, (), (), 1, 23, 35, text)
    counts: Counter[int] = Counter()
    skat_of: dict[int, tuple[Card, ...]] = {}
    for skat in skats:
        count = matadors(hand + skat, game)
        counts[count] += 1
        skat_of.setdefault(count, skat)
    total = sum(counts.values())
    possible = tuple(sorted(counts))
    chances = tuple((m, Fraction(counts[m], total)) for m in possible)
    worst = min(possible, key=abs)
    twelve = hand + skat_of[worst]
    plain = value_of(Declaration(game), twelve)
    multiplier, value = plain.multiplier, plain.worth
    hand_value = value_of(Declaration(game, hand=True), twelve).worth
    seen = matadors(hand, game) if len(skats) > 1 else possible[0]
    facts = {
        "seen": matadors_msg(seen),
        "multiplier": multiplier,
        "base": game.base_value,
        "value": value,
        "hand_value": hand_value,
        "game": game_label(game),
    }
    # Translators: {seen} are the matadors ("with 2"); {game} a game such as "clubs" or "grand".
    text = Msg(
        "{seen}, game {multiplier} × {base} = {value}: a won {game} game is worth {value} "
        "({hand_value} with Hand), so it covers bids up to {value}",
        **facts,
    )
    if len(possible) > 1 and worst != seen:
        text = Msg(
            "{seen} as far as you can see, but the skat may make it {others}; counting on "
            "{worst}: game {multiplier} × {base} = {value}, so a won {game} game is worth at "
            "least {value} ({hand_value} with Hand) and covers bids up to {value}",
            others=either([matadors_msg(m) for m in possible if m != seen]),
            worst=matadors_msg(worst),
            **facts,
        )
    elif len(possible) > 1:
        best = max(possible, key=abs) if seen > 0 else seen
        if best != seen:
            text = Msg(
                "{seen}, game {multiplier} × {base} = {value}: a won {game} game is worth {value} "
                "({hand_value} with Hand), so it covers bids up to {value}; with the right skat "
                "it could be {best}",
                best=matadors_msg(best),
                **facts,
            )
    return GameAnalysis(game, possible, chances, multiplier, value, hand_value, text)


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
            game = str(game_name(row.game))
            if row.game is GameType.NULL:
                cells.append((game, "-", "-", f"23 / {announcement_name('ouvert')} 46", "35 / 59"))
                continue
            known = str(either([matadors_msg(m) for m in row.matadors]))
            value = f"{row.multiplier} × {row.game.base_value} = {row.value}"
            counted = str(matadors_msg(min(row.matadors, key=abs)))
            cells.append((game, known, counted, value, str(row.hand_value)))
        return cells

    @staticmethod
    def _header() -> tuple[str, str, str, str, str]:
        """The column headings, in the current language."""
        # Translators: the column headings of a hand analysis: each game's matadors and value.
        return (_("Game"), _("Matadors possible"), _("Counting on"), _("Game value"), _("Hand"))

    def to_text(self) -> str:
        """A table: each game's matadors, the value it is worth if won, and with Hand."""
        cards = " ".join(card.symbol for card in self.hand)
        if self.skat is None:
            head = Msg("Hand: {cards}   Skat: unknown", cards=cards)
        else:
            head = Msg(
                "Hand: {cards}   Skat: {skat}",
                cards=cards,
                skat=" ".join(c.symbol for c in self.skat),
            )
        rows = [self._header(), *self._cells()]
        widths = [max(columns(r[i]) for r in rows) for i in range(5)]
        lines = [str(head)]
        lines += ["  ".join(ljust(cell, w) for cell, w in zip(r, widths, strict=True)).rstrip()
                  for r in rows]  # fmt: skip
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(h)}</th>" for h in self._header())
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
            for cells in self._cells()
        )
        cards = " ".join(card.symbol for card in self.hand)
        title = escape(str(Msg("Hand: {cards}", cards=cards)))
        return f"<p>{title}</p><table><tr>{head}</tr>{body}</table>"


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
        named = cards and all(isinstance(card, Card) for card in cards)
        given = repr(" ".join(map(str, cards))) if named else shown(hand)
        raise RulesError(
            Msg("analyse: expected ten different Skat cards, got {given}", given=given)
        )
    if skat is not None:
        skat_cards = as_cards(skat, name="skat", pack="skat")
        if len(skat_cards) != 2 or set(skat_cards) & set(cards) or len(set(skat_cards)) != 2:
            raise RulesError(
                Msg(
                    "analyse: the skat must be two other cards, got {items}",
                    items=repr(" ".join(map(str, skat_cards))),
                )
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
