"""Skat's game types and what they decide: trumps, following, trick order, points, bid values.

These are the facts every other Skat module shares (play, settlement, the solver, probability).

>>> from cardlib import Card, parse_cards
>>> GameType.CLUBS.base_value, GameType.GRAND.base_value
(12, 24)
>>> follow_group(Card.parse("HJ"), GameType.CLUBS)   # a jack is a trump, not a heart
'trump'
>>> follow_group(Card.parse("HJ"), GameType.NULL)
'H'
>>> trick_winner(parse_cards("HA HJ H7"), GameType.CLUBS)
1
>>> card_points(parse_cards("CA ST DK"))
25
>>> BID_VALUES[:6], next_bid(18), len(BID_VALUES)
((18, 20, 22, 23, 24, 27), 20, 63)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from cardlib.cards import SKAT_DECK, Card, CardsLike, Rank, Suit, as_cards
from cardlib.choices import ChoiceType
from cardlib.errors import CardlibError, RulesError
from cardlib.i18n import Msg, catalogs

__all__ = [
    "BID_VALUES",
    "CARD_POINTS",
    "JACKS",
    "NULL_RANKS",
    "SCHNEIDERED_POINTS",
    "SCHNEIDER_POINTS",
    "SUIT_RANKS",
    "WIN_POINTS",
    "Declaration",
    "GameType",
    "card_points",
    "follow_group",
    "is_trump",
    "matadors",
    "matadors_msg",
    "matadors_text",
    "next_bid",
    "order_key",
    "sort_hand",
    "target_points",
    "trick_winner",
    "trumps",
]


class GameType(Enum, metaclass=ChoiceType):
    """The six Skat games; ``base_value`` is the suit/grand base or, for null, the plain value."""

    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    CLUBS = "C"
    GRAND = "G"
    NULL = "N"

    @property
    def base_value(self) -> int:
        """♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand 24; Null 23 (plain Null's fixed value)."""
        return _BASE_VALUES[self.value]

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit of a suit game; ``None`` for grand and null."""
        return _TRUMP_SUITS.get(self.value)

    @property
    def is_suit(self) -> bool:
        return self.value in "CSHD"

    @property
    def is_null(self) -> bool:
        return self is GameType.NULL

    @property
    def symbol(self) -> str:
        """``'♣'``, ``'♠'``, ``'♥'``, ``'♦'``, ``'Grand'`` or ``'Null'``."""
        suit = self.trump_suit
        return suit.symbol if suit else self.name.capitalize()

    @property
    def label(self) -> str:
        """A name for people in the current language: ``'clubs'``, ``'grand'``, ``'null'``.

        >>> from cardlib.i18n import language
        >>> with language("ko"):
        ...     GameType.CLUBS.label, GameType.GRAND.label
        ('클럽', '그랜드')
        """
        from cardlib.skat.engine.names import game_label

        return str(game_label(self))

    @classmethod
    def parse(cls, text: str) -> GameType:
        """From a letter (``C S H D G N``, as on the ISS), a suit symbol or a name, also a name
        as any language cardlib speaks says it (``클럽``, ``Kreuz``, ``трефы``).

        >>> GameType.parse("G"), GameType.parse("♣"), GameType.parse("그랜드")
        (GameType.GRAND, GameType.CLUBS, GameType.GRAND)
        >>> GameType.parse("Pik"), GameType.parse("трефы")
        (GameType.SPADES, GameType.CLUBS)
        """
        if not isinstance(text, str):
            raise RulesError(
                Msg("{text} is not a Skat game: expected C S H D G N or a name", text=repr(text))
            )
        key = text.strip()
        for game in cls:
            if key.upper() in (game.value, game.name) or key == game.symbol:
                return game
        found = _spoken_games(catalogs()).get(" ".join(key.lower().split()))
        if found is None:
            raise RulesError(
                Msg("{text} is not a Skat game: expected C S H D G N, a suit symbol, or a name",
                    text=repr(text))
            )  # fmt: skip
        return found

    def __repr__(self) -> str:
        return f"GameType.{self.name}"


@lru_cache(maxsize=4)
def _spoken_games(_catalogs: tuple[object, ...]) -> dict[str, GameType]:
    """The games by their names in every language cardlib speaks (with these catalogs)."""
    from cardlib.i18n import LANGUAGES, language
    from cardlib.skat.engine.names import game_label, game_name

    names: dict[str, GameType] = {}
    for lang in LANGUAGES:
        with language(lang):
            for game in GameType:
                for name in (game_label(game), game_name(game)):
                    names.setdefault(" ".join(str(name).lower().split()), game)
    return names


_TRUMP_SUITS = {suit.value: suit for suit in Suit}
_BASE_VALUES = {"D": 9, "H": 10, "S": 11, "C": 12, "G": 24, "N": 23}

CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
    Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}  # fmt: skip
JACKS: tuple[Card, ...] = tuple(Card(suit, Rank.JACK) for suit in Suit)
"""The four jacks from ♣J (highest trump) down to ♦J."""

SUIT_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""A plain suit (or the trump suit below the jacks) from high to low in suit and grand games."""
NULL_RANKS = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""Every suit from high to low in Null, the jack in its printed place."""


def _check(card: Card) -> Card:
    if not isinstance(card, Card) or card.rank < Rank.SEVEN:
        raise CardlibError(Msg("{card} is not a card of the 32-card Skat pack", card=repr(card)))
    return card


def is_trump(card: Card, game: GameType) -> bool:
    """Jacks are trumps in suit and grand games, with the trump suit's cards in a suit game."""
    if game is GameType.NULL:
        return False
    return card.rank is Rank.JACK or card.suit is game.trump_suit


def follow_group(card: Card, game: GameType) -> str:
    """What a card follows as: ``'trump'`` or its suit letter (the jack trumps ruling)."""
    return "trump" if is_trump(_check(card), game) else card.suit.letter


def order_key(card: Card, game: GameType) -> int:
    """Trick-taking strength within the card's follow group; higher wins.

    Trumps outrank every plain card: ♣J ♠J ♥J ♦J, then the trump suit's A 10 K Q 9 8 7.
    """
    _check(card)
    if game is GameType.NULL:
        return 7 - NULL_RANKS.index(card.rank)
    if card.rank is Rank.JACK:
        return 100 + 3 - list(Suit).index(card.suit)
    strength = 6 - SUIT_RANKS.index(card.rank)
    return 50 + strength if card.suit is game.trump_suit else strength


def trick_winner(cards: Sequence[Card], game: GameType) -> int:
    """The position (0 = the lead) of the card that wins a complete or partial trick."""
    if not cards:
        raise CardlibError(Msg("an empty trick has no winner"))
    led = follow_group(cards[0], game)
    contenders = [i for i, card in enumerate(cards) if follow_group(card, game) in (led, "trump")]
    return max(contenders, key=lambda i: order_key(cards[i], game))


def trumps(game: GameType) -> tuple[Card, ...]:
    """The trumps of a game, highest first (empty for null); computed once per game type.

    >>> len(trumps(GameType.HEARTS)), len(trumps(GameType.GRAND))
    (11, 4)
    """
    found = _TRUMPS.get(game)
    if found is None:
        cards = [card for card in SKAT_DECK if is_trump(card, game)]
        found = _TRUMPS[game] = tuple(sorted(cards, key=lambda card: -order_key(card, game)))
    return found


_TRUMPS: dict[GameType, tuple[Card, ...]] = {}


def sort_hand(cards: Iterable[Card], game: GameType | None = None) -> tuple[Card, ...]:
    """Cards in a player's display order: trumps first (jacks ♣♠♥♦), then ♣ ♠ ♥ ♦ high to low.

    Without a game, jacks come first and suits are ordered as in a grand.
    """
    shown = game or GameType.GRAND
    suit_index = {suit: i for i, suit in enumerate(Suit)}

    def key(card: Card) -> tuple[int, int]:
        if is_trump(card, shown):
            return (0, -order_key(card, shown))
        return (1 + suit_index[card.suit], -order_key(card, shown))

    return tuple(sorted(_distinct(cards, "sort_hand"), key=key))


WIN_POINTS = 61
"""Card points the declarer needs to win a suit or grand game (of the 120 in the pack)."""
SCHNEIDER_POINTS = 90
"""Card points that make the other side Schneider (and that Schneider announced needs)."""
SCHNEIDERED_POINTS = 30
"""The declarer with this many card points or fewer is Schneider."""


def target_points(declaration: Declaration) -> int:
    """The card points the declarer needs: 90 with Schneider announced, else 61.

    >>> target_points(Declaration(GameType.CLUBS)), target_points(Declaration(GameType.CLUBS,
    ...     hand=True, schneider=True))
    (61, 90)
    """
    return SCHNEIDER_POINTS if declaration.schneider else WIN_POINTS


def matadors_text(count: int) -> str:
    """``'with 2'`` or ``'without 3'``: how a signed matador count is said (in the current
    language; :func:`matadors_msg` keeps it to be worded later)."""
    return str(matadors_msg(count))


def matadors_msg(count: int) -> Msg:
    """A signed matador count as a lazy message: ``'with 2'``, ``'without 3'``.

    >>> from cardlib.i18n import language
    >>> said = matadors_msg(-3)
    >>> with language("en"):
    ...     print(said)
    without 3
    """
    if count > 0:
        # Translators: the matadors: the declarer holds the top {n} trumps ("mit 2").
        return Msg("with {n}", n=count)
    # Translators: the matadors: the declarer lacks the top {n} trumps ("ohne 3").
    return Msg("without {n}", n=-count)


def matadors(cards: CardsLike, game: GameType) -> int:
    """Signed matadors: +n "with n" top trumps, −n "without n" (0 in Null, which has none).

    Count them over the declarer's ten cards plus the skat, even in a Hand game. The cards may be
    given as text too:

    >>> matadors("CJ SJ HJ", GameType.GRAND)       # the top three jacks, ♦J missing: with 3
    3

    >>> from cardlib import parse_cards
    >>> matadors(parse_cards("HJ DJ HA HT HK HQ H9 H8 H7 SA CJ S7"), GameType.HEARTS)  # ♣J in skat
    1
    >>> matadors(parse_cards("HJ DJ HA HT HK HQ H9 H8 H7 SA ST S7"), GameType.HEARTS)
    -2
    """
    held = set(as_cards(cards, pack="skat"))
    if game is GameType.NULL:
        return 0
    order = trumps(game)
    with_top = order[0] in held
    count = 0
    for card in order:
        if (card in held) != with_top:
            break
        count += 1
    return count if with_top else -count


def card_points(cards: Iterable[Card]) -> int:
    """The sum of card points (A 11, 10 10, K 4, Q 3, J 2) of distinct cards.

    >>> card_points([Card("CA"), Card("CT"), Card("HJ")])
    23
    """
    return sum(CARD_POINTS[card.rank] for card in _distinct(cards, "card_points"))


def _distinct(cards: Iterable[Card], caller: str) -> tuple[Card, ...]:
    """``cards`` as a tuple, refused when a card is not a Skat card or is given twice."""
    checked = tuple(_check(card) for card in cards)
    if len(set(checked)) != len(checked):
        twice = sorted({str(card) for card in checked if checked.count(card) > 1})
        raise RulesError(
            Msg(
                "{caller}: {items} given twice; a deck has each card once",
                caller=caller,
                items=" ".join(twice),
            )
        )
    return checked


BID_VALUES: tuple[int, ...] = (
    18,
    20,
    22,
    23,
    24,
    27,
    30,
    33,
    35,
    36,
    40,
    44,
    45,
    46,
    48,
    50,
    54,
    55,
    59,
    60,
    63,
    66,
    70,
    72,
    77,
    80,
    81,
    84,
    88,
    90,
    96,
    99,
    100,
    108,
    110,
    117,
    120,
    121,
    126,
    130,
    132,
    135,
    140,
    143,
    144,
    150,
    153,
    154,
    156,
    160,
    162,
    165,
    168,
    170,
    176,
    180,
    187,
    192,
    198,
    204,
    216,
    240,
    264,
)
"""The 63 bid values: every game value of 18 or more that a Skat game can have."""


def next_bid(value: int) -> int:
    """The smallest bid value above ``value`` (18 below the ladder).

    >>> next_bid(0), next_bid(23), next_bid(25)
    (18, 24, 27)
    >>> next_bid(-1)
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: next_bid(-1): a bid is 0 (nothing bid yet) or more
    """
    if value < 0:
        raise RulesError(
            Msg("next_bid({value}): a bid is 0 (nothing bid yet) or more", value=repr(value))
        )
    for bid in BID_VALUES:
        if bid > value:
            return bid
    raise RulesError(
        Msg("no bid is higher than {value}: 264 is the top of the ladder", value=value)
    )


_NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
_NULL_ANNOUNCED = Msg("Schneider and Schwarz cannot be announced in a Null game")


@dataclass(frozen=True, slots=True)
class Declaration:
    """What the declarer announces: the game and its Hand / Schneider / Schwarz / Ouvert flags.

    ``schneider`` and ``schwarz`` mean *announced*. The constructor is the one place that fills in
    what an announcement implies in a suit or grand game (the seed rules): Schwarz announced is
    Schneider announced too, and Ouvert is played Hand with Schneider and Schwarz announced. So
    ``Declaration(GameType.CLUBS, hand=True, schwarz=True)``, :meth:`parse_iss` ``"CHZ"``,
    ``Declare("C", hand=True, schwarz=True)`` and ``parse_move("CHZ")`` are all the same
    declaration. Null keeps its flags as given, and a Null with Schneider or Schwarz announced
    is refused here: Null has no Schneider or Schwarz levels (the seed rules), so no such game
    exists. Any remaining combination can be written down; :meth:`problem` says which ones the
    rules forbid, so the engine can refuse them with a ruling.

    >>> spades = Declaration(GameType.SPADES, hand=True, schneider=True, schwarz=True)
    >>> print(spades)
    ♠ Hand Schneider Schwarz
    >>> spades
    Declaration(GameType.SPADES, hand=True, schneider=True, schwarz=True)
    >>> Declaration(GameType.SPADES, hand=True, schwarz=True) == spades  # Schwarz implies Schneider
    True
    >>> print(Declaration(GameType.HEARTS, ouvert=True))                 # Ouvert implies the rest
    ♥ Hand Schneider Schwarz Ouvert
    >>> Declaration(GameType.NULL, ouvert=True).null_value
    46
    >>> Declaration(GameType.CLUBS, schneider=True).problem()
    'Schneider can be announced only in a Hand game'
    >>> Declaration(GameType.NULL, schneider=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: Declaration(GameType.NULL, schneider=True): Schneider and ...
    >>> Declaration.parse_iss("GO") == Declaration.ouvert_game(GameType.GRAND)
    True
    """

    game: GameType
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.game, str):
            object.__setattr__(self, "game", GameType.parse(self.game))
        if not isinstance(self.game, GameType):
            raise RulesError(
                Msg(
                    "Declaration({game}): expected a GameType such as GameType.CLUBS",
                    game=repr(self.game),
                )
            )
        flags = {name: getattr(self, name) for name in ("hand", "schneider", "schwarz", "ouvert")}
        wrong = [f"{name}={value!r}" for name, value in flags.items() if type(value) is not bool]
        if wrong:
            raise RulesError(
                Msg("Declaration({items}): the flags are True or False", items=", ".join(wrong))
            )
        if self.game is GameType.NULL:
            if self.schneider or self.schwarz:
                rule = _NULL_ANNOUNCED
                raise RulesError(
                    Msg(
                        "{value}: {rule} (Null has no Schneider or Schwarz levels)",
                        value=repr(self),
                        rule=rule,
                    )
                )
            return
        if self.ouvert:
            object.__setattr__(self, "hand", True)
            object.__setattr__(self, "schwarz", True)
        if self.schwarz:
            object.__setattr__(self, "schneider", True)

    @classmethod
    def ouvert_game(cls, game: GameType, hand: bool = True) -> Declaration:
        """An Ouvert (suit/grand: always Hand, with Schneider and Schwarz announced)."""
        return cls(game, hand=hand, ouvert=True)

    def problem(self) -> str | None:
        """Why the rules forbid this declaration, or ``None`` when it is allowed.

        >>> Declaration(GameType.CLUBS, schwarz=True).problem()
        'Schneider and Schwarz can be announced only in a Hand game'
        >>> Declaration(GameType.GRAND, hand=True, schneider=True).problem() is None
        True
        """
        problem = self.problem_msg()
        return None if problem is None else str(problem)

    def problem_msg(self) -> Msg | None:
        """:meth:`problem` as a lazy message, worded when it is read."""
        if self.game is GameType.NULL:
            return None
        if self.schneider and not self.hand:
            if self.schwarz:
                return Msg("Schneider and Schwarz can be announced only in a Hand game")
            return Msg("Schneider can be announced only in a Hand game")
        return None

    @property
    def null_value(self) -> int:
        """The fixed value of a Null game: 23, Hand 35, Ouvert 46, Hand Ouvert 59."""
        if self.game is not GameType.NULL:
            raise RulesError(Msg("{value} is not a Null game: it has no fixed value", value=self))
        return _NULL_VALUES[(self.hand, self.ouvert)]

    def to_iss(self) -> str:
        """The declaration in ISS notation: game letter, then ``O H S Z`` flags."""
        flags = "".join(
            letter
            for letter, on in (
                ("O", self.ouvert),
                ("H", self.hand),
                ("S", self.schneider),
                ("Z", self.schwarz),
            )
            if on
        )
        return self.game.value + flags

    @classmethod
    def parse_iss(cls, text: str) -> Declaration:
        """Read ``G``, ``CH``, ``CHZ``, ``NO``, ``GOHSZ``…: a game letter, then flags in any order.

        The one parser of ISS declarations (``parse_move`` and ``cardlib.skat.iss`` call it). What
        a flag implies is filled in by the constructor: ``CHZ`` is Clubs Hand Schneider Schwarz,
        ``CO`` a Clubs Ouvert (Hand, Schneider, Schwarz), as on the server.

        >>> Declaration.parse_iss("CHZ")
        Declaration(GameType.CLUBS, hand=True, schneider=True, schwarz=True)
        >>> Declaration.parse_iss("CO").to_iss()
        'COHSZ'
        >>> Declaration.parse_iss("NOH")
        Declaration(GameType.NULL, hand=True, ouvert=True)
        """
        if not text or text[0] not in "GCSHDN" or any(flag not in "OHSZ" for flag in text[1:]):
            raise RulesError(
                Msg(
                    "{text} is not an ISS declaration: expected e.g. 'G', 'CH', 'NOH'",
                    text=repr(text),
                )
            )
        flags = set(text[1:])
        return cls(GameType(text[0]), "H" in flags, "S" in flags, "Z" in flags, "O" in flags)

    @property
    def name(self) -> Msg:
        """The declaration in words, worded when read: ``'♠ Hand'``, ``'Grand Ouvert'``."""
        from cardlib.skat.engine.names import declaration_name

        return declaration_name(self)

    def __str__(self) -> str:
        return str(self.name)

    def __repr__(self) -> str:
        flags = [f"{name}=True" for name in ("hand", "schneider", "schwarz", "ouvert")
                 if getattr(self, name)]  # fmt: skip
        return f"Declaration({', '.join([repr(self.game), *flags])})"
