"""The moves of a Skat deal, each a small frozen value printable in two notations.

``str(move)`` is for people; ``move.to_iss()`` is the International Skat Server's notation where it
has one (bids as numbers, ``y`` hold, ``p`` pass, ``s`` pick up the skat, card codes).

>>> from cardlib import Card
>>> from cardlib.skat.games import GameType
>>> [str(m) for m in (Bid(18), Hold(), Pass(), PickUpSkat())]
['18', 'yes', 'pass', 'pick up the skat']
>>> [m.to_iss() for m in (Bid(18), Hold(), Pass(), PickUpSkat())]
['18', 'y', 'p', 's']
>>> Declare(GameType.CLUBS, hand=True)
Declare(♣ Hand)
>>> Declare("G").to_iss(), Play(Card.parse("HJ")).to_iss(), str(Play(Card.parse("HJ")))
('G', 'HJ', '♥J')
>>> str(Discard("S7", "H8")), Discard("S7", "H8").to_iss()
('discard ♠7 ♥8', 'S7.H8')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from cardlib.cards import Card
from cardlib.errors import InvalidCardError, RulesError
from cardlib.skat.games import BID_VALUES, Declaration, GameType

__all__ = [
    "Bid",
    "Declare",
    "Discard",
    "Hold",
    "Kontra",
    "Move",
    "Pass",
    "PickUpSkat",
    "Play",
    "Re",
    "parse_move",
]


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


@dataclass(frozen=True, slots=True)
class Bid:
    """Say a bid value (one of ``BID_VALUES``) to the player with priority."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    def to_iss(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Hold:
    """Answer "yes": hold the bid just said (the player with priority matches it)."""

    def __str__(self) -> str:
        return "yes"

    def to_iss(self) -> str:
        return "y"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the bidding (also: decline Kontra or Re)."""

    def __str__(self) -> str:
        return "pass"

    def to_iss(self) -> str:
        return "p"


@dataclass(frozen=True, slots=True)
class PickUpSkat:
    """The declarer takes the two skat cards into the hand (then discards two)."""

    def __str__(self) -> str:
        return "pick up the skat"

    def to_iss(self) -> str:
        return "s"


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Lay two cards away after picking up the skat; they count for the declarer (not in Null).

    The two cards are kept in pack order, so ``Discard("D7", "C8") == Discard("C8", "D7")``.
    """

    cards: tuple[Card, Card]

    def __init__(self, first: Card | str, second: Card | str) -> None:
        pair = sorted((_card(first), _card(second)))
        object.__setattr__(self, "cards", (pair[0], pair[1]))

    def __str__(self) -> str:
        return "discard " + " ".join(card.symbol for card in self.cards)

    def __repr__(self) -> str:
        return f"Discard({self.cards[0]!r}, {self.cards[1]!r})"

    def to_iss(self) -> str:
        return ".".join(str(card) for card in self.cards)


@dataclass(frozen=True, slots=True, init=False)
class Declare:
    """Declare the game: ``Declare(GameType.CLUBS, hand=True)`` or ``Declare(Declaration(...))``.

    The game may also be given as a letter (``"C"``) or name. ``declaration`` is the
    :class:`~cardlib.skat.games.Declaration` announced.
    """

    declaration: Declaration

    def __init__(
        self,
        game: GameType | Declaration | str,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> None:
        if isinstance(game, Declaration):
            declaration = game
        elif isinstance(game, GameType | str):
            kind = game if isinstance(game, GameType) else GameType.parse(game)
            declaration = Declaration(kind, hand, schneider, schwarz, ouvert)
        else:
            raise RulesError(f"Declare({game!r}): expected a GameType, a Declaration or a letter")
        object.__setattr__(self, "declaration", declaration)

    @property
    def game(self) -> GameType:
        return self.declaration.game

    def __str__(self) -> str:
        return f"declare {self.declaration}"

    def __repr__(self) -> str:
        return f"Declare({self.declaration})"

    def to_iss(self) -> str:
        return self.declaration.to_iss()


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play a card to the trick."""

    card: Card

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", _card(card))

    def __str__(self) -> str:
        return self.card.symbol

    def __repr__(self) -> str:
        return f"Play({self.card!r})"

    def to_iss(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Kontra:
    """A defender doubles the game before the first card (only with ``Rules(kontra=True)``)."""

    def __str__(self) -> str:
        return "Kontra"

    def to_iss(self) -> str:
        return "kontra"


@dataclass(frozen=True, slots=True)
class Re:
    """The declarer answers a Kontra by doubling again."""

    def __str__(self) -> str:
        return "Re"

    def to_iss(self) -> str:
        return "re"


Move = Union[Bid, Hold, Pass, PickUpSkat, Discard, Declare, Play, Kontra, Re]  # noqa: UP007

_WORDS: dict[str, Move] = {
    "y": Hold(), "yes": Hold(), "hold": Hold(), "p": Pass(), "pass": Pass(),
    "s": PickUpSkat(), "pick": PickUpSkat(), "pickup": PickUpSkat(), "kontra": Kontra(),
    "re": Re(),
}  # fmt: skip


def parse_move(text: str) -> Move:
    """Read a move as typed by a person or written by the ISS.

    Numbers are bids, ``y``/``yes``, ``p``/``pass``, ``s``/``pickup``, a card (``HJ``, ``♥J``) is a
    play, two cards a discard (``S7 H8`` or ``S7.H8``), ``kontra``, ``re``, and a declaration as
    ``declare G``, ``GH`` or ``CHS`` (ISS letters, read by ``Declaration.parse_iss``) or ``hand
    clubs``. As on the ISS, ``s`` picks up the skat and ``S`` declares spades.

    >>> parse_move("20"), parse_move("y"), parse_move("♥J"), parse_move("S7.H8")
    (Bid(value=20), Hold(), Play(Card('HJ')), Discard(Card('S7'), Card('H8')))
    >>> parse_move("declare CH"), parse_move("grand hand"), parse_move("s"), parse_move("S")
    (Declare(♣ Hand), Declare(Grand Hand), PickUpSkat(), Declare(♠))
    >>> parse_move("CHZ"), parse_move("clubs hand schwarz")   # Schwarz implies Schneider
    (Declare(♣ Hand Schneider Schwarz), Declare(♣ Hand Schneider Schwarz))
    >>> parse_move("h7x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: 'h7x' is not a Skat move: try a bid (18), y, p, s, a card (HJ), ...
    """
    words = text.strip().replace(".", " ").replace(",", " ").split()
    lowered = [word.lower() for word in words]
    if words == ["S"]:  # ISS: lower-case s picks up the skat, capital S declares spades
        return Declare(GameType.SPADES)
    if len(words) == 1 and lowered[0] in _WORDS:
        return _WORDS[lowered[0]]
    if len(words) == 1 and words[0].isdigit():
        return Bid(int(words[0]))
    if lowered and lowered[0] == "declare":
        words, lowered = words[1:], lowered[1:]
        if not words:
            raise RulesError(f"{text!r}: declare what? e.g. 'declare G' or 'declare CH'")
    try:
        cards = [Card.parse(word) for word in words]
    except InvalidCardError:
        cards = []
    if len(cards) == 1 and words:
        return Play(cards[0])
    if len(cards) == 2:
        return Discard(cards[0], cards[1])
    declaration = _parse_declaration(lowered)
    if declaration is not None:
        return Declare(declaration)
    raise RulesError(
        f"{text!r} is not a Skat move: try a bid (18), y, p, s, a card (HJ), two cards to discard, "
        "or a game (G, CH, null)"
    )


_FLAG_WORDS = {"hand": "H", "schneider": "S", "schwarz": "Z", "ouvert": "O", "open": "O"}


def _parse_declaration(words: list[str]) -> Declaration | None:
    if len(words) == 1:
        try:
            return Declaration.parse_iss(words[0].upper())
        except RulesError:
            pass
    game: GameType | None = None
    flags = ""
    for word in words:
        if word in _FLAG_WORDS:
            flags += _FLAG_WORDS[word]
            continue
        try:
            found = GameType.parse(word)
        except RulesError:
            return None
        if game is not None:
            return None
        game = found
    if game is None:
        return None
    return Declaration.parse_iss(game.value + flags)


BID_SET = frozenset(BID_VALUES)
