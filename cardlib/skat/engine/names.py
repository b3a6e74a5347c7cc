"""The words for Skat's games, suits, announcements and phases, worded when they are read.

Texts take these as arguments, so a ruling recorded in English reads in German after a switch:
a suit game is named by its trump symbol (the same in every language), Grand and Null and the
announcements by :class:`~cardlib.i18n.Term`.

>>> from cardlib.i18n import Msg, language
>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> str(declaration_name(Declaration(GameType.SPADES, hand=True, schneider=True)))
'♠ Hand Schneider'
>>> led = Msg("{suit} led", suit=suit_name("H"))
>>> str(led), str(game_name(GameType.GRAND))
('hearts led', 'Grand')
"""

from __future__ import annotations

from typing import Any, Protocol

from cardlib.cards import Suit
from cardlib.i18n import Listed, Msg, Term


class GameLike(Protocol):
    """What the words need of a game type (``facts.GameType``, which imports this module)."""

    @property
    def value(self) -> str: ...

    @property
    def symbol(self) -> str: ...


class DeclarationLike(Protocol):
    """What the words need of a declaration (``facts.Declaration``)."""

    @property
    def game(self) -> GameLike: ...

    @property
    def hand(self) -> bool: ...

    @property
    def schneider(self) -> bool: ...

    @property
    def schwarz(self) -> bool: ...

    @property
    def ouvert(self) -> bool: ...


__all__ = [
    "DeclarationName",
    "Listed",
    "announcement_name",
    "declaration_name",
    "either",
    "game_label",
    "game_name",
    "phase_name",
    "suit_card_name",
    "suit_name",
]

_GAMES = {"G": Term("game", "Grand"), "N": Term("game", "Null")}
_SUITS = {
    "C": Term("suit", "clubs"),
    "S": Term("suit", "spades"),
    "H": Term("suit", "hearts"),
    "D": Term("suit", "diamonds"),
}
_LABELS = {"G": Term("game", "grand"), "N": Term("game", "null")}
_SUIT_CARDS = {
    # Translators: one card of a suit, as in "the highest club", "not a heart".
    "C": Term("a card of the suit", "club"),
    "S": Term("a card of the suit", "spade"),
    "H": Term("a card of the suit", "heart"),
    "D": Term("a card of the suit", "diamond"),
}
_SPOKEN_SUIT_GAMES = {
    # Translators: a suit game as a sentence names it ("MH declares ♠"): keep the sign, or write
    # the suit as players say it when they announce the game (German "Pik", Russian "пики").
    "C": Term("suit game in a sentence", "♣"),
    "S": Term("suit game in a sentence", "♠"),
    "H": Term("suit game in a sentence", "♥"),
    "D": Term("suit game in a sentence", "♦"),
}
_ANNOUNCEMENTS = {
    "hand": Term("announcement", "Hand"),
    "schneider": Term("announcement", "Schneider"),
    "schwarz": Term("announcement", "Schwarz"),
    "ouvert": Term("announcement", "Ouvert"),
}
_PHASES = {
    "bidding": Term("phase", "bidding"),
    "skat": Term("phase", "skat"),
    "discard": Term("phase", "discard"),
    "declare": Term("phase", "declare"),
    "kontra": Term("phase", "kontra"),
    "play": Term("phase", "play"),
    "over": Term("phase", "over"),
    "push": Term("phase", "push"),
    "pass on": Term("phase", "pass on"),
}


def game_name(game: GameLike) -> Term | str:
    """A game as a declaration names it: the trump symbol of a suit game, else Grand or Null."""
    return _GAMES.get(game.value) or game.symbol


def game_label(game: GameLike) -> Term:
    """A game in running text ("a won clubs game"): the suit's name, ``'grand'``, ``'null'``."""
    return _LABELS.get(game.value) or _SUITS[game.value]


def suit_name(suit: Suit | str) -> Term:
    """A suit by its plural name (``'clubs'``), from the suit or its letter."""
    return _SUITS[suit.letter if isinstance(suit, Suit) else suit]


def suit_card_name(suit: Suit | str) -> Term:
    """One card of a suit (``'club'``), from the suit or its letter."""
    return _SUIT_CARDS[suit.letter if isinstance(suit, Suit) else suit]


def announcement_name(flag: str) -> Term:
    """``'hand'``, ``'schneider'``, ``'schwarz'`` or ``'ouvert'`` as the table says it."""
    return _ANNOUNCEMENTS[flag]


def phase_name(phase: str) -> Term | str:
    """A phase of a deal (``'bidding'``, ``'play'``, ...) in the current language."""
    return _PHASES.get(phase, phase)


class DeclarationName(Msg):
    """A declaration as people name it, ``'♠ Hand Schneider'``, worded when read.

    The game, then each announcement, separated by spaces.
    """

    __slots__ = ("words",)

    def __init__(self, words: tuple[Any, ...]) -> None:
        super().__init__("")
        self.words = words

    def __str__(self) -> str:
        return " ".join(" ".join(str(word) for word in self.words).split())

    def __repr__(self) -> str:
        return f"DeclarationName({self.words!r})"


def declaration_name(declaration: DeclarationLike, *, spoken: bool = False) -> DeclarationName:
    """The words of a declaration: ``declaration_name(d)`` reads as ``str(d)``; ``spoken``: as a
    sentence names it, the suit of a suit game in words where the language says it so.

    >>> from cardlib.i18n import language
    >>> from cardlib.skat.engine.facts import Declaration, GameType
    >>> with language("de"):
    ...     str(declaration_name(Declaration(GameType.SPADES, hand=True), spoken=True))
    'Pik Hand'
    >>> str(declaration_name(Declaration(GameType.SPADES, hand=True), spoken=True))
    '♠ Hand'
    """
    if spoken and declaration.game.value in _SPOKEN_SUIT_GAMES:
        name = declaration_name(declaration)
        return DeclarationName((_SPOKEN_SUIT_GAMES[declaration.game.value], *name.words[1:]))
    if declaration.game.value == "N" and declaration.ouvert:
        flags = [
            _ANNOUNCEMENTS[f] for f in ("hand", "schneider", "schwarz") if getattr(declaration, f)
        ]
        # Translators: a Null Ouvert game; {hand} is Hand (or nothing, or other announcements).
        # Korean puts Ouvert first, as the Korean rules do: "{ouvert} {null} {hand}" reads
        # 오픈 눌 핸드.
        null = Msg("{null} {hand} {ouvert}", null=game_name(declaration.game),
                   hand=DeclarationName(tuple(flags)), ouvert=_ANNOUNCEMENTS["ouvert"])  # fmt: skip
        return DeclarationName((null,))
    words: list[Any] = [game_name(declaration.game)]
    for flag in ("hand", "schneider", "schwarz", "ouvert"):
        if getattr(declaration, flag):
            words.append(_ANNOUNCEMENTS[flag])
    return DeclarationName(tuple(words))


def either(items: list[Any] | tuple[Any, ...]) -> Msg | str:
    """Alternatives in words, worded when read: ``'A'``, ``'A or B'``, ``'A or B or C'``.

    >>> str(either(["with 1", "with 2", "without 3"]))
    'with 1 or with 2 or without 3'
    """
    if not items:
        return ""
    text: Any = items[0]
    for item in items[1:]:
        # Translators: two alternatives, as in "with 1 or without 2".
        text = Msg("{first} or {second}", first=text, second=item)
    return text if isinstance(text, Msg) else str(text)
