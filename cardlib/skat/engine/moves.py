"""The moves of a Skat deal, each a small frozen value with three forms.

``str(move)`` is the notation :func:`parse_move` reads (the International Skat Server's letters:
bids as numbers, ``y`` hold, ``p`` pass, ``s`` pick up the skat, card codes); ``move.symbol`` is
the form for people, in the current language (:func:`move_name` keeps it to be worded later);
``repr(move)`` evaluates back to an equal move.

>>> from cardlib import Card
>>> from cardlib.skat.engine.facts import GameType
>>> [str(m) for m in (Bid(18), Hold(), Pass(), PickUpSkat(), Play("HJ"), Discard("S7", "H8"))]
['18', 'y', 'p', 's', 'HJ', 'S7.H8']
>>> [m.symbol for m in (Bid(18), Hold(), Pass(), PickUpSkat(), Play("HJ"), Discard("S7", "H8"))]
['18', 'yes', 'pass', 'pick up the skat', '♥J', 'discard ♠7 ♥8']
>>> Declare(GameType.CLUBS, hand=True)
Declare('CH')
>>> str(Declare("CH")), Declare("CH").symbol, parse_move(str(Declare("CH")))
('CH', 'declare ♣ Hand', Declare('CH'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Union

from cardlib.cards import Card
from cardlib.errors import CardlibError, InvalidCardError, InvalidMoveError, RulesError
from cardlib.i18n import N_, Msg, Term, catalogs
from cardlib.skat.engine.facts import BID_VALUES, Declaration, GameType

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
    "Push",
    "Re",
    "move_kind",
    "move_name",
    "parse_move",
]


def _card(value: object, move: str) -> Card:
    try:
        return Card(value)  # type: ignore[arg-type]
    except InvalidCardError as error:
        raise InvalidMoveError(
            Msg("{move}({value}): {error}", move=move, value=repr(value), error=error)
        ) from None


class _Word:
    """A move without arguments: its notation, its words for people, and a plain repr."""

    __slots__ = ()
    NOTATION: str = ""
    SYMBOL: str = ""

    def __str__(self) -> str:
        return self.NOTATION

    @property
    def symbol(self) -> str:
        return str(move_name(self))

    def to_iss(self) -> str:
        return self.NOTATION

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True, slots=True)
class Bid:
    """Say a bid value to the player with priority (``Bid(18)``; the ladder is the rules' part).

    >>> Bid("18")
    Traceback (most recent call last):
    cardlib.errors.InvalidMoveError: Bid('18'): a bid is a whole number such as 18, 20, 22
    """

    value: int

    def __post_init__(self) -> None:
        if type(self.value) is not int:
            raise InvalidMoveError(
                Msg("Bid({value}): a bid is a whole number such as 18, 20, 22",
                    value=repr(self.value))
            )  # fmt: skip

    def __str__(self) -> str:
        return str(self.value)

    @property
    def symbol(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Bid({self.value})"

    def to_iss(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True, repr=False)
class Hold(_Word):
    """Answer "yes": hold the bid just said (the player with priority matches it)."""

    NOTATION = "y"
    SYMBOL = N_("yes")


@dataclass(frozen=True, slots=True, repr=False)
class Pass(_Word):
    """Pass in the bidding (also: decline Kontra or Re)."""

    NOTATION = "p"
    SYMBOL = N_("pass")


@dataclass(frozen=True, slots=True, repr=False)
class PickUpSkat(_Word):
    """The declarer takes the two skat cards into the hand (then discards two)."""

    NOTATION = "s"
    SYMBOL = N_("pick up the skat")


@dataclass(frozen=True, slots=True, repr=False)
class Push(_Word):
    """Schieberamsch: push the skat on to the next player without looking at it (doubles)."""

    NOTATION = "push"
    SYMBOL = N_("push the skat on")


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Lay two cards away after picking up the skat; they count for the declarer (not in Null).

    The two cards are kept in pack order, so ``Discard("D7", "C8") == Discard("C8", "D7")``.
    """

    cards: tuple[Card, Card]

    def __init__(self, first: Card | str, second: Card | str) -> None:
        pair = sorted((_card(first, "Discard"), _card(second, "Discard")))
        object.__setattr__(self, "cards", (pair[0], pair[1]))

    def __str__(self) -> str:
        return self.to_iss()

    @property
    def symbol(self) -> str:
        return str(move_name(self))

    def __repr__(self) -> str:
        return f"Discard('{self.cards[0]}', '{self.cards[1]}')"

    def to_iss(self) -> str:
        return ".".join(str(card) for card in self.cards)


@dataclass(frozen=True, slots=True, init=False)
class Declare:
    """Declare the game: ``Declare(GameType.CLUBS, hand=True)`` or ``Declare(Declaration(...))``.

    The game may also be given as a letter or name (``"C"``, ``"clubs"``) with the flags as
    arguments, or as a whole ISS declaration (``"CH"``). ``declaration`` is the
    :class:`~cardlib.skat.engine.facts.Declaration` announced.
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
        flags = (hand, schneider, schwarz, ouvert)
        if any(type(flag) is not bool for flag in flags):
            call = f"{game!r}, hand={hand!r}, schneider={schneider!r}, schwarz={schwarz!r}, "
            call += f"ouvert={ouvert!r}"
            raise InvalidMoveError(Msg("Declare({call}): the flags are True or False", call=call))
        if isinstance(game, Declaration) and not any(flags):
            declaration = game
        elif isinstance(game, GameType):
            declaration = Declaration(game, *flags)
        elif isinstance(game, str):
            declaration = _declaration_of(game, flags)
        else:
            raise InvalidMoveError(
                Msg("Declare({game}): expected a GameType, a Declaration or a game such as 'CH'",
                    game=repr(game))
            )  # fmt: skip
        object.__setattr__(self, "declaration", declaration)

    @property
    def game(self) -> GameType:
        return self.declaration.game

    def __str__(self) -> str:
        return self.declaration.to_iss()

    @property
    def symbol(self) -> str:
        return str(move_name(self))

    def __repr__(self) -> str:
        return f"Declare('{self.declaration.to_iss()}')"

    def to_iss(self) -> str:
        return self.declaration.to_iss()


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Play a card to the trick."""

    card: Card

    def __init__(self, card: Card | str) -> None:
        object.__setattr__(self, "card", _card(card, "Play"))

    def __str__(self) -> str:
        return str(self.card)

    @property
    def symbol(self) -> str:
        return self.card.symbol

    def __repr__(self) -> str:
        return f"Play('{self.card}')"

    def to_iss(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True, repr=False)
class Kontra(_Word):
    """A defender doubles the game before the first card (only with ``Rules(kontra=True)``)."""

    NOTATION = "kontra"
    SYMBOL = N_("Kontra")


@dataclass(frozen=True, slots=True, repr=False)
class Re(_Word):
    """The declarer answers a Kontra by doubling again."""

    NOTATION = "re"
    SYMBOL = N_("Re")


Move = Union[Bid, Hold, Pass, PickUpSkat, Push, Discard, Declare, Play, Kontra, Re]  # noqa: UP007


def move_name(move: object) -> Msg | str:
    """A move as people say it (``move.symbol``), worded when it is read.

    >>> str(move_name(Discard("S7", "H8"))), str(move_name(Pass()))
    ('discard ♠7 ♥8', 'pass')
    """
    if isinstance(move, _Word):
        return Msg(move.SYMBOL)
    if isinstance(move, Discard):
        # Translators: a move: the declarer lays two cards away.
        return Msg("discard {cards}", cards=" ".join(card.symbol for card in move.cards))
    if isinstance(move, Declare):
        # Translators: a move: the declarer announces the game, such as "♣ Hand".
        return Msg("declare {game}", game=move.declaration.name)
    return getattr(move, "symbol", None) or str(move)


_KINDS = {
    "Bid": Term("move", "Bid"),
    "Hold": Term("move", "Hold"),
    "Pass": Term("move", "Pass"),
    "PickUpSkat": Term("move", "PickUpSkat"),
    "Push": Term("move", "Push"),
    "Discard": Term("move", "Discard"),
    "Declare": Term("move", "Declare"),
    "Play": Term("move", "Play"),
    "Kontra": Term("move", "Kontra"),
    "Re": Term("move", "Re"),
}


def move_kind(move: object) -> Msg | str:
    """What kind of move ``move`` is, for a refusal: ``'Play (♥J)'``, ``'Kontra'``.

    Anything that is not a Skat move is named by its type and text, as given.
    """
    kind = _KINDS.get(type(move).__name__)
    if kind is None:
        text = getattr(move, "symbol", None) or str(move)
        return f"{type(move).__name__} ({text})" if text != type(move).__name__ else text
    if isinstance(move, _Word) and move.SYMBOL == kind.message:
        return kind
    name = move_name(move)
    # Translators: a move named by its kind and its words: "Play (♥J)", "Pass (pass)".
    return Msg("{kind} ({move})", kind=kind, move=name)


def _declaration_of(text: str, flags: tuple[bool, bool, bool, bool]) -> Declaration:
    try:
        if any(flags):
            return Declaration(GameType.parse(text), *flags)
        try:
            return Declaration(GameType.parse(text))
        except RulesError:
            return Declaration.parse_iss(text.strip().upper())
    except CardlibError as error:
        raise InvalidMoveError(
            Msg("Declare({text}): {error}", text=repr(text), error=error)
        ) from None


_WORDS: dict[str, Move] = {
    "y": Hold(), "yes": Hold(), "hold": Hold(), "p": Pass(), "pass": Pass(),
    "s": PickUpSkat(), "pick": PickUpSkat(), "pickup": PickUpSkat(), "kontra": Kontra(),
    "re": Re(), "push": Push(),
}  # fmt: skip
_FLAG_WORDS = {"hand": "H", "schneider": "S", "schwarz": "Z", "ouvert": "O", "open": "O"}


def _lower(text: str) -> str:
    return " ".join(text.lower().split())


@lru_cache(maxsize=4)
def _spoken(_catalogs: tuple[Any, ...]) -> _Words:
    """What people type besides the notation, in every language cardlib speaks (with these
    catalogs): the words of the moves (as ``symbol`` prints them, and their kinds), the
    announcements, the games, and the words around the cards of "discard ♠7 ♥8" and the game of
    "declare ♣"."""
    from cardlib.i18n import LANGUAGES, _, language
    from cardlib.skat.engine.names import announcement_name, game_label, game_name

    words, flags, fillers = dict(_WORDS), dict(_FLAG_WORDS), {"declare"}
    games: dict[str, GameType] = {}
    for lang in LANGUAGES:
        with language(lang):
            for move in _WORDS.values():
                words.setdefault(_lower(str(move_name(move))), move)
                words.setdefault(_lower(str(_KINDS[type(move).__name__])), move)
            for flag, letter in (("hand", "H"), ("schneider", "S"), ("schwarz", "Z"),
                                 ("ouvert", "O")):  # fmt: skip
                flags.setdefault(_lower(str(announcement_name(flag))), letter)
            for game in GameType:
                games.setdefault(_lower(str(game_label(game))), game)
                games.setdefault(_lower(str(game_name(game))), game)
            for template in (_("discard {cards}"), _("declare {game}")):
                fillers.update(
                    _lower(template.replace("{cards}", " ").replace("{game}", " ")).split()
                )
    return words, flags, games, frozenset(fillers)


def _unknown(text: str) -> InvalidMoveError:
    return InvalidMoveError(
        Msg("{text} is not a Skat move: try a bid (18), y, p, s, a card (HJ), two cards to "
            "discard, or a game (G, CH, null)", text=repr(text))
    )  # fmt: skip


def parse_move(text: str) -> Move:
    """Read a move as typed by a person or written by the ISS.

    Numbers are bids, ``y``/``yes``, ``p``/``pass``, ``s``/``pickup``, a card (``HJ``, ``♥J``) is a
    play, two cards a discard (``S7 H8`` or ``S7.H8``), ``kontra``, ``re``, and a declaration as
    ``declare G``, ``GH`` or ``CHS`` (ISS letters, read by ``Declaration.parse_iss``) or ``hand
    clubs``. As on the ISS, ``s`` picks up the skat and ``S`` declares spades. What ``symbol``
    prints, in any language cardlib speaks, reads back as the move (``패스``, ``♣ 핸드 선언``).

    >>> parse_move("20"), parse_move("y"), parse_move("♥J"), parse_move("S7.H8")
    (Bid(20), Hold(), Play('HJ'), Discard('S7', 'H8'))
    >>> parse_move("declare CH"), parse_move("grand hand"), parse_move("s"), parse_move("S")
    (Declare('CH'), Declare('GH'), PickUpSkat(), Declare('S'))
    >>> parse_move("CHZ"), parse_move("clubs hand schwarz")   # Schwarz implies Schneider
    (Declare('CHSZ'), Declare('CHSZ'))
    >>> parse_move("예"), parse_move("스카트 집기"), parse_move("클럽 핸드")
    (Hold(), PickUpSkat(), Declare('CH'))
    >>> parse_move("♠7 ♥8 버리기"), parse_move("Kreuz Hand ansagen")
    (Discard('S7', 'H8'), Declare('CH'))
    >>> parse_move("1" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    cardlib.errors.InvalidMoveError: '111111111111… (5000 characters)' is not a bid: a bid has ...
    >>> parse_move("h7x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidMoveError: 'h7x' is not a Skat move: try a bid (18), y, p, s, a card ...
    """
    if not isinstance(text, str):
        raise InvalidMoveError(
            Msg("parse_move({text}): expected text such as '18', 'y' or 'HJ'", text=repr(text))
        )
    words = text.strip().replace(".", " ").replace(",", " ").split()
    lowered = [word.lower() for word in words]
    if words == ["S"]:  # ISS: lower-case s picks up the skat, capital S declares spades
        return Declare(GameType.SPADES)
    if " ".join(lowered) in _WORDS:
        return _WORDS[" ".join(lowered)]
    if len(words) == 1 and words[0].isdecimal():
        if len(words[0].lstrip("0")) > 3:  # the ladder ends at 264; int() refuses 4,300 digits
            shown = text if len(text) <= 20 else f"{text.strip()[:12]}… ({len(text)} characters)"
            raise InvalidMoveError(
                Msg("{text} is not a bid: a bid has at most 3 digits (18 to 264)",
                    text=repr(shown))
            )  # fmt: skip
        return Bid(int(words[0]))
    move = _read(text, words, lowered, _NOTATION) or _read(
        text, words, lowered, _spoken(catalogs())
    )
    if move is None:
        raise _unknown(text)
    return move


_Words = tuple[dict[str, Move], dict[str, str], dict[str, GameType], frozenset[str]]
_NOTATION: _Words = (_WORDS, _FLAG_WORDS, {}, frozenset({"declare"}))


def _read(text: str, words: list[str], lowered: list[str], known: _Words) -> Move | None:
    """The move ``words`` make with the ``known`` words (the notation's or every language's)."""
    spoken, flags, games, fillers = known
    if " ".join(lowered) in spoken:
        return spoken[" ".join(lowered)]
    kept = [(word, low) for word, low in zip(words, lowered, strict=True) if low not in fillers]
    if words and not kept:
        raise InvalidMoveError(
            Msg("{text}: declare what? e.g. 'declare G' or 'declare CH'", text=repr(text))
        )
    words, lowered = [word for word, _ in kept], [low for _, low in kept]
    try:
        cards = [Card.parse(word) for word in words]
    except InvalidCardError:
        cards = []
    if len(cards) == 1 and words:
        return Play(cards[0])
    if len(cards) == 2:
        return Discard(cards[0], cards[1])
    declaration = _parse_declaration(lowered, flags, games)
    return Declare(declaration) if declaration is not None else None


def _parse_declaration(
    words: list[str], flag_words: dict[str, str], game_words: dict[str, GameType]
) -> Declaration | None:
    if len(words) == 1:
        letters = words[0].upper()
        if letters[:1] in _GAME_LETTERS and all(flag in "OHSZ" for flag in letters[1:]):
            return _checked_iss(letters, words)
    game: GameType | None = None
    flags = ""
    for word in words:
        if word in flag_words:
            flags += flag_words[word]
            continue
        found = game_words.get(word)
        if found is None:
            try:
                found = GameType.parse(word)
            except RulesError:
                return None
        if game is not None:
            return None
        game = found
    if game is None:
        return None
    return _checked_iss(game.value + flags, words)


_GAME_LETTERS = frozenset("GCSHDN")


def _checked_iss(letters: str, words: list[str]) -> Declaration:
    """The declaration ``letters`` spell; a game no rules have (a Null with Schneider) is
    refused naming the words as typed."""
    try:
        return Declaration.parse_iss(letters)
    except RulesError as error:
        raise InvalidMoveError(
            Msg("{items}: {error}", items=repr(" ".join(words)), error=error)
        ) from None


BID_SET = frozenset(BID_VALUES)
