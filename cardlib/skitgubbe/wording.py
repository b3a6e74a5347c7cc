"""The words Skitgubbe's rulings, hints and tables share: seats, cards, runs, rule references.

Everything here is lazy (:mod:`cardlib.i18n`): a phrase is worded in the language current when
the sentence holding it is read. Seats are their letters and cards their symbols in every
language.

>>> from cardlib import Card
>>> from cardlib.i18n import Msg
>>> run = (Card.parse("H9"), Card.parse("HT"))
>>> print(Msg("{who} picks up {what}.", who=name(1), what=play_words(run)))
B picks up the run ♥9 ♥10.
>>> print(Sentences(Msg("{card} wins.", card=run[1]), "", rule(1, 3)))
♥10 wins. skitgubbe phase 1, rule 3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card, Seat, Suit
from cardlib.i18n import N_, Msg, Term, _

__all__ = [
    "MOVES",
    "NAMES",
    "SEATS",
    "SEMICOLON",
    "SEQUENCES",
    "SETUP",
    "Cards",
    "Joined",
    "Sentences",
    "beat_reason",
    "clauses",
    "comma_list",
    "name",
    "ordinal",
    "owned",
    "play_words",
    "rank_words",
    "rule",
    "rules",
    "seats",
    "top_words",
]


SEATS: tuple[Seat, ...] = tuple(Seat)
"""The seats by number: ``SEATS[1] is Seat.B`` (quicker than ``Seat(1)``)."""
NAMES = tuple(seat.name for seat in SEATS)


def name(seat: int) -> str:
    """A seat's letter, the same in every language."""
    return NAMES[seat]


class Cards:
    """Cards as an argument of a message: their symbols, separated by spaces.

    >>> from cardlib import parse_cards
    >>> str(Cards(parse_cards("H9 HT"))), Cards(parse_cards("H9 HT"))
    ('♥9 ♥10', Cards('H9 HT'))
    """

    __slots__ = ("cards",)

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)

    def __str__(self) -> str:
        return " ".join(card.symbol for card in self.cards)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Cards({' '.join(map(str, self.cards))!r})"


class Joined(Msg):
    """Parts worded one by one and joined by a separator: ``separator`` is a message (marked
    with ``N_``) translated when read, or with ``marked=False`` kept as it is. Empty parts are
    left out.

    >>> str(Joined([Msg("A leads"), Msg("B answers")], N_("; ")))
    'A leads; B answers'
    """

    __slots__ = ("marked", "parts", "separator")

    def __init__(self, parts: Sequence[Any], separator: str, *, marked: bool = True) -> None:
        super().__init__(separator)
        self.parts = tuple(parts)
        self.separator = separator
        self.marked = marked

    def __str__(self) -> str:
        separator = _(self.separator) if self.marked else self.separator
        return separator.join(text for text in map(str, self.parts) if text)

    def template(self) -> str:
        return str(self).replace("{", "{{").replace("}", "}}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.parts)!r}, {self.separator!r})"


class Sentences(Joined):
    """Whole sentences read one after another, each worded on its own (empty ones left out)."""

    __slots__ = ()

    def __init__(self, *sentences: Any) -> None:
        super().__init__(sentences, " ", marked=False)

    def __repr__(self) -> str:
        return f"Sentences({', '.join(map(repr, self.parts))})"


# Translators: the separator between the clauses of one sentence ("A drew; B did not").
SEMICOLON = N_("; ")
# Translators: the separator between the items of a list: "A, B and C".
COMMA = N_(", ")


def clauses(parts: Sequence[Msg]) -> Msg:
    """Clauses of one sentence, joined by semicolons and closed by a full stop."""
    # Translators: the clauses of one sentence, joined by "; ", closed by a full stop.
    return Msg("{clauses}.", clauses=Joined(parts, SEMICOLON))


def comma_list(items: Sequence[Any]) -> Msg:
    """Items separated by commas only (``'B, C'``), as in the short lines under the table."""
    return Joined(items, COMMA)


# Rule references ---------------------------------------------------------------------------
def rule(phase: int, number: int | str) -> Msg:
    """A rule of docs/rules/skitgubbe.md: ``rule(2, "4a")`` is 'skitgubbe phase 2, rule 4a'."""
    # Translators: a reference into the rules: "skitgubbe phase 2, rule 4a".
    return Msg("skitgubbe phase {phase}, rule {rule}", phase=phase, rule=number)


def rules(phase: int, first: int, last: int) -> Msg:
    """Several rules in a row: ``rules(1, 1, 2)`` is 'skitgubbe phase 1, rules 1-2'."""
    return Msg("skitgubbe phase {phase}, rules {first}-{last}", phase=phase, first=first, last=last)


# Translators: a reference into the rules, the section on runs played as one play.
SEQUENCES = Msg("skitgubbe variants: sequences")
# Translators: a reference into the rules, the section on what a move is.
MOVES = Msg("skitgubbe moves")
# Translators: a reference into the rules, the section on seats and the deal.
SETUP = Msg("skitgubbe setup")


# Cards and plays ---------------------------------------------------------------------------
def play_words(cards: Sequence[Card]) -> Card | Msg:
    """One play: the card itself, or 'the run ♥9 ♥10'."""
    if len(cards) > 1:
        return Msg("the run {cards}", cards=Cards(cards))
    return cards[0]


def top_words(cards: Sequence[Card]) -> Card | Msg:
    """The card to beat: '♥10', or '♥10, the top card of the run ♥9 ♥10'."""
    if len(cards) > 1:
        return Msg("{card}, the top card of the run {cards}", card=cards[-1], cards=Cards(cards))
    return cards[-1]


def owned(seat: int, owner: int, cards: Sequence[Card]) -> Msg:
    """A play as the player who picks it up sees it: "B's ♥9", "B's own run ♥9 ♥10"."""
    who = name(owner)
    if len(cards) > 1:
        if owner == seat:
            return Msg("{who}'s own run {cards}", who=who, cards=Cards(cards))
        return Msg("{who}'s run {cards}", who=who, cards=Cards(cards))
    if owner == seat:
        return Msg("{who}'s own {card}", who=who, card=cards[0])
    return Msg("{who}'s {card}", who=who, card=cards[0])


def beat_reason(card: Card, top: Card, trumps: Suit) -> Msg:
    """Why ``card`` beats ``top`` (assumes it does): 'a higher ♥ than ♥7'."""
    if card.suit is top.suit:
        if card.suit is trumps:
            return Msg("a higher trump than {top}", top=top)
        return Msg("a higher {suit} than {top}", suit=card.suit.symbol, top=top)
    return Msg("{suit} are trumps and {top} is not", suit=card.suit.symbol, top=top)


_RANKS: dict[int, Msg] = {
    # Translators: as in "A and B both played a queen".
    2: Term("a card of this rank", "a 2"),
    3: Term("a card of this rank", "a 3"),
    4: Term("a card of this rank", "a 4"),
    5: Term("a card of this rank", "a 5"),
    6: Term("a card of this rank", "a 6"),
    7: Term("a card of this rank", "a 7"),
    8: Term("a card of this rank", "an 8"),
    9: Term("a card of this rank", "a 9"),
    10: Term("a card of this rank", "a 10"),
    11: Term("a card of this rank", "a jack"),
    12: Term("a card of this rank", "a queen"),
    13: Term("a card of this rank", "a king"),
    14: Term("a card of this rank", "an ace"),
}


def rank_words(rank: int) -> Msg:
    """A card of ``rank``, as in 'both played a queen': 'a 7', 'an 8', 'an ace'."""
    return _RANKS[rank]


_ORDINALS: dict[int, Msg] = {
    # Translators: as in "(2nd out)" and "out: A 1st, B 2nd".
    1: Term("place in the order of going out", "1st"),
    2: Term("place in the order of going out", "2nd"),
    3: Term("place in the order of going out", "3rd"),
}


def ordinal(number: int) -> Msg:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return _ORDINALS.get(number) or Msg("{n}th", n=number)


def seats(seat_numbers: Sequence[int]) -> list[str]:
    """The seats' letters."""
    return [name(seat) for seat in seat_numbers]
