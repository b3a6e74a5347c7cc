"""Cards as values: suits, ranks, the 52 interned cards, hands, decks and seats.

A card has one text form, suit letter then rank letter, that round-trips::

    >>> card = Card.parse("H10")
    >>> card, str(card), card.symbol
    (Card('HT'), 'HT', '♥10')
    >>> Card.parse("♥T") is card
    True
    >>> parse_cards("CJ SJ H10 ♠A")
    (Card('CJ'), Card('SJ'), Card('HT'), Card('SA'))

Suits are ordered as in Skat (♣ ♠ ♥ ♦, high to low); ranks run 2 (low) to A (high).
``FULL_DECK`` lists the 52 cards suit by suit (♣ ♠ ♥ ♦), each from A down to 2; ``SKAT_DECK`` the
32 cards of the Skat pack in the same order (A K Q J 10 9 8 7 in each suit).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum, IntEnum
from typing import Any, ClassVar

from cardlib.choices import ChoiceType
from cardlib.errors import InvalidCardError, RulesError
from cardlib.i18n import Msg, ShownBySymbol

__all__ = [
    "FULL_DECK",
    "SKAT_DECK",
    "Card",
    "CardsLike",
    "Hand",
    "Rank",
    "Seat",
    "Suit",
    "as_cards",
    "draw_cards_with",
    "parse_cards",
]

CardsPicture = Callable[[Sequence["Card"], str], dict[str, str]]
"""How a row of cards shows itself in Jupyter: the cards and a text label to a mime bundle."""

_drawing: list[CardsPicture] = []


def draw_cards_with(picture: CardsPicture) -> None:
    """Show cards and hands in Jupyter with ``picture`` (``cardlib`` gives it
    :func:`cardlib.display.mimebundle` when it is imported); until then they show their text.

    The card values sit below the pictures, which draw them, so the pictures are handed in here
    rather than imported.
    """
    _drawing[:] = [picture]


def _bundle(cards: Sequence[Card], label: str) -> dict[str, str]:
    return _drawing[0](cards, label) if _drawing else {"text/plain": label}


class Suit(Enum, metaclass=ChoiceType):
    """The four French suits, in Skat order (clubs highest)."""

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def letter(self) -> str:
        """``'C'``, ``'S'``, ``'H'`` or ``'D'``."""
        return self.value

    @property
    def symbol(self) -> str:
        """``'♣'``, ``'♠'``, ``'♥'`` or ``'♦'``."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red in the two-colour pack."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or symbol: ``Suit.parse("♥") is Suit.HEARTS``."""
        suit = _SUIT_BY_TEXT.get(text)
        if suit is None:
            raise InvalidCardError(
                Msg(
                    "{text} is not a suit: expected one of C S H D or ♣ ♠ ♥ ♦",
                    text=repr(text),
                )
            )
        return suit

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


class Rank(IntEnum, metaclass=ChoiceType):
    """Ranks by their natural order, 2 low and A high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The notation letter: ``'A' 'K' 'Q' 'J' 'T' '9'`` … ``'2'``."""
        return _RANK_LETTERS[self.value]

    @property
    def label(self) -> str:
        """The printed index: like ``letter`` but ``'10'`` for the ten."""
        return "10" if self is Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from ``'A' 'K' 'Q' 'J' 'T'`` or ``'10'`` and ``'9'`` … ``'2'``."""
        rank = _RANK_BY_TEXT.get(text.upper())
        if rank is None:
            raise InvalidCardError(
                Msg(
                    "{text} is not a rank: expected A K Q J T/10 9 8 7 6 5 4 3 2",
                    text=repr(text),
                )
            )
        return rank

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
                 11: "J", 12: "Q", 13: "K", 14: "A"}  # fmt: skip
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.value] = _suit
    _SUIT_BY_TEXT[_suit.value.lower()] = _suit
    _SUIT_BY_TEXT[_suit.symbol] = _suit
_RANK_BY_TEXT = {letter: Rank(value) for value, letter in _RANK_LETTERS.items()}
_RANK_BY_TEXT["10"] = Rank.TEN

_CARD_RE = re.compile(r"([CSHDcshd♣♠♥♦])(10|[AKQJTakqjt2-9])")
_EXPECTED = Msg("expected a suit (C S H D or ♣ ♠ ♥ ♦) and a rank (A K Q J T/10 9 … 2), e.g. 'HT'")


class Card(ShownBySymbol):
    """One of the 52 cards; frozen and interned, so ``Card("HT") is Card.parse("H10")``.

    ``Card("HT")`` reads the notation (as :meth:`parse` does), ``Card(suit, rank)`` builds from
    parts, ``Card(card)`` returns the card itself: one constructor for every entry point.

    ``index`` numbers the cards 0–51 in ``FULL_DECK`` order, for fast code and tables; it is also
    the hash, so sets of cards iterate in the same order in every run.

    >>> Card(Suit.CLUBS, Rank.JACK)
    Card('CJ')
    >>> Card("CJ").rank > Card("C9").rank
    True
    >>> eval(repr(Card("♥10"))) is Card("HT")
    True
    """

    __slots__ = ("_text", "index", "rank", "suit")
    _interned: ClassVar[dict[tuple[Suit, Rank], Card]] = {}
    suit: Suit
    rank: Rank
    index: int
    _text: str

    def __new__(cls, suit: Suit | Card | str, rank: Rank | None = None) -> Card:
        try:
            return cls._interned[(suit, rank)]  # type: ignore[index]
        except (KeyError, TypeError):
            pass
        if rank is None:
            if isinstance(suit, Card):
                return suit
            if isinstance(suit, str):
                return cls.parse(suit)
            raise InvalidCardError(
                Msg(
                    "Card({suit}): expected text such as 'HT' or a Card",
                    suit=repr(suit),
                )
            )
        if not isinstance(suit, Suit) or not isinstance(rank, Rank):
            raise InvalidCardError(
                Msg(
                    "Card({suit}, {rank}): expected a Suit and a Rank",
                    suit=repr(suit),
                    rank=repr(rank),
                )
            )
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        suit_order = list(Suit).index(suit)
        object.__setattr__(card, "index", suit_order * 13 + (14 - rank.value))
        object.__setattr__(card, "_text", suit.letter + rank.letter)
        cls._interned[(suit, rank)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; the whole text must be a card.

        Accepts a suit letter (any case) or symbol, then ``A K Q J T 10 9 … 2``.

        >>> Card.parse("♠A"), Card.parse("d7"), Card.parse("C10")
        (Card('SA'), Card('D7'), Card('CT'))
        """
        if not isinstance(text, str):
            raise InvalidCardError(
                Msg(
                    "{text} is not a card: expected text such as 'HT'",
                    text=repr(text),
                )
            )
        card = _CARD_BY_TEXT.get(text)
        if card is not None:
            return card
        match = _CARD_RE.fullmatch(text)
        if match is None:
            raise InvalidCardError(
                Msg(
                    "{text} is not a card: {expected}",
                    text=repr(text),
                    expected=_EXPECTED,
                )
            )
        return Card(_SUIT_BY_TEXT[match.group(1)], Rank.parse(match.group(2)))

    @property
    def symbol(self) -> str:
        """The card as printed on its index: ``'♥10'``, ``'♣J'``."""
        return self.suit.symbol + self.rank.label

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    def __lt__(self, other: Card) -> bool:
        """Cards sort in ``FULL_DECK`` order (♣A first, ♦2 last)."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return _bundle([self], f"Card[{self.symbol}]")


FULL_DECK: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in Suit for rank in sorted(Rank, reverse=True)
)
SKAT_DECK: tuple[Card, ...] = tuple(card for card in FULL_DECK if card.rank >= Rank.SEVEN)
_CARD_BY_TEXT: dict[str, Card] = {}
for _card in FULL_DECK:
    _CARD_BY_TEXT[str(_card)] = _card
    _CARD_BY_TEXT[_card.symbol] = _card
_SPLIT_RE = re.compile(r"[\s,.]+")


def parse_cards(text: str, *, unique: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces, commas or dots; the whole text must parse.

    With ``unique=True`` a card given twice is an error too.

    >>> parse_cards("CJ, ♠J HT.h9")
    (Card('CJ'), Card('SJ'), Card('HT'), Card('H9'))
    >>> parse_cards("")
    ()
    """
    if not isinstance(text, str):
        raise InvalidCardError(
            Msg(
                "{text} is not a list of cards: expected text such as 'CJ SJ HT'",
                text=repr(text),
            )
        )
    words = [word for word in _SPLIT_RE.split(text.strip()) if word]
    cards = []
    for position, word in enumerate(words, 1):
        try:
            cards.append(Card.parse(word))
        except InvalidCardError:
            raise InvalidCardError(
                Msg(
                    "{text}: word {position}, {word}, is not a card: {expected}",
                    text=repr(text),
                    position=position,
                    word=repr(word),
                    expected=_EXPECTED,
                )
            ) from None
    if unique:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise InvalidCardError(
                    Msg(
                        "{text}: {card} is given twice; each card may appear once",
                        text=repr(text),
                        card=str(card),
                    )
                )
            seen.add(card)
    return tuple(cards)


CardsLike = str | Card | Iterable[Card | str]
"""What every function that takes cards accepts: text (``"CJ SJ HT"``), one card, or cards and
card texts in any iterable."""


def as_cards(
    value: CardsLike, *, name: str | Msg = "cards", pack: str | None = None, unique: bool = False
) -> tuple[Card, ...]:
    """Cards from text, one card, or an iterable of cards and card texts: the one coercer.

    ``pack="skat"`` refuses cards outside the 32-card Skat pack; ``unique=True`` a card given
    twice. Errors are :class:`~cardlib.errors.InvalidCardError` naming ``name`` and the input.

    >>> as_cards("CJ ♠J h10")
    (Card('CJ'), Card('SJ'), Card('HT'))
    >>> as_cards([Card("CJ"), "SA"]), as_cards(Card("D7"))
    ((Card('CJ'), Card('SA')), (Card('D7'),))
    >>> as_cards("CJ D6", name="skat", pack="skat")
    Traceback (most recent call last):
    cardlib.errors.InvalidCardError: skat: D6 is not in the 32-card Skat pack (A K Q J 10 9 8 7)
    >>> as_cards(42, name="hand")
    Traceback (most recent call last):
    cardlib.errors.InvalidCardError: hand=42: expected cards, e.g. 'CJ SJ HT' or a list of cards
    """
    if isinstance(value, str):
        cards = parse_cards(value, unique=False)
    elif isinstance(value, Card):
        cards = (value,)
    else:
        try:
            items = list(value)
        except TypeError:
            raise InvalidCardError(
                Msg(
                    "{name}={value}: expected cards, e.g. 'CJ SJ HT' or a list of cards",
                    name=name,
                    value=repr(value),
                )
            ) from None
        cards = tuple(_one(item, name) for item in items)
    if pack is not None:
        if pack != "skat":
            raise InvalidCardError(
                Msg(
                    "as_cards(pack={pack}): the only pack to check is 'skat'",
                    pack=repr(pack),
                )
            )
        for card in cards:
            if card.rank < Rank.SEVEN:
                raise InvalidCardError(
                    Msg(
                        "{name}: {card} is not in the 32-card Skat pack (A K Q J 10 9 8 7)",
                        name=name,
                        card=str(card),
                    )
                )
    if unique and len(set(cards)) != len(cards):
        twice = sorted({card for card in cards if cards.count(card) > 1})
        raise InvalidCardError(
            Msg(
                "{name}: {items} given twice; each card exists once",
                name=name,
                items=" ".join(map(str, twice)),
            )
        )
    return cards


def _one(item: object, name: str | Msg) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        try:
            return Card.parse(item)
        except InvalidCardError as error:
            raise InvalidCardError(
                Msg(
                    "{name}: {error}",
                    name=name,
                    error=error,
                )
            ) from None
    raise InvalidCardError(
        Msg(
            "{name}: {item} is not a card: {expected}",
            name=name,
            item=repr(item),
            expected=_EXPECTED,
        )
    )


class Hand(tuple[Card, ...]):
    """A tuple of cards that draws itself in Jupyter and prints as ``Hand[J♣ J♠ A♥ 10♥]``.

    The order is the caller's: games sort hands into their own display order first.

    >>> Hand("CJ SJ HA HT")
    Hand('CJ SJ HA HT')
    >>> str(Hand("CJ SJ")), Hand("CJ SJ").symbol
    ('CJ SJ', '♣J ♠J')
    """

    def __new__(cls, cards: CardsLike = ()) -> Hand:
        return super().__new__(cls, as_cards(cards, name="Hand"))

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    @property
    def symbol(self) -> str:
        """The cards as printed on their indices: ``'♣J ♠J ♥10'``."""
        return " ".join(card.symbol for card in self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return _bundle(self, f"Hand[{self.symbol}]")


class Seat(IntEnum, metaclass=ChoiceType):
    """Seats at the table, numbered clockwise: seat ``i + 1`` sits on seat ``i``'s left.

    >>> Seat.A.next(3), Seat.C.next(3)
    (Seat.B, Seat.A)
    >>> list(Seat.iter_from(Seat.B, 3))
    [Seat.B, Seat.C, Seat.A]
    """

    A = 0
    B = 1
    C = 2
    D = 3

    def next(self, players: int) -> Seat:
        """The seat on this seat's left at a table of ``players`` (2 to 4)."""
        _check_table(self, players)
        return Seat((self.value + 1) % players)

    def previous(self, players: int) -> Seat:
        """The seat on this seat's right at a table of ``players`` (2 to 4)."""
        _check_table(self, players)
        return Seat((self.value - 1) % players)

    @staticmethod
    def iter_from(start: int, players: int) -> Iterator[Seat]:
        """Every seat once, clockwise, starting with ``start``.

        >>> Seat.iter_from(Seat.D, 3)
        Traceback (most recent call last):
        cardlib.errors.RulesError: seat D is not at a table of 3 players (seats A to C)
        """
        if start not in range(4):
            raise RulesError(
                Msg(
                    "{start} is not a seat: expected Seat.A to Seat.D (0 to 3)",
                    start=repr(start),
                )
            )
        first = Seat(start)
        _check_table(first, players)
        return iter([Seat((first.value + step) % players) for step in range(players)])

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name


def _check_table(seat: Seat, players: int) -> None:
    if not 2 <= players <= 4:
        raise RulesError(
            Msg(
                "seat {seat} at a table of {players} players: a table has 2 to 4 players",
                seat=seat,
                players=players,
            )
        )
    if seat.value >= players:
        last = Seat(players - 1)
        raise RulesError(
            Msg(
                "seat {seat} is not at a table of {players} players (seats A to {last})",
                seat=seat,
                players=players,
                last=last,
            )
        )
