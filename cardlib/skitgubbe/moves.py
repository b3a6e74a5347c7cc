"""Skitgubbe's three moves and their notation.

``Play(card)`` plays one card (``Play(*run)`` a run, with the sequences option), ``TurnUp()`` plays
the stock's top card in phase 1, ``PickUp()`` takes the top card of the trick in phase 2.

>>> Play("HT"), TurnUp(), PickUp()
(Play('HT'), TurnUp(), PickUp())
>>> str(Play("HQ", "HT", "HJ")), parse_move("HT HJ HQ") == Play("HQ", "HJ", "HT")
('HT HJ HQ', True)
>>> parse_move("turn"), parse_move("p")
(TurnUp(), PickUp())

``repr`` evaluates back to an equal move, ``str`` is the notation ``parse_move`` reads, and
``symbol`` is the form for people:

>>> move = Play("HJ", "HT")
>>> eval(repr(move)) == move, parse_move(str(move)) == move, move.symbol
(True, True, '♥10 ♥J')
>>> TurnUp(1)
Traceback (most recent call last):
...
cardlib.errors.RulesError: TurnUp(1): turning up takes no arguments; write TurnUp()
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from cardlib.cards import FULL_DECK, Card, parse_cards
from cardlib.errors import InvalidCardError, InvalidMoveError, RulesError
from cardlib.i18n import LANGUAGES, N_, Msg, Term, catalogs, language
from cardlib.skitgubbe.beating import is_run
from cardlib.skitgubbe.wording import Cards

__all__ = ["Move", "PickUp", "Play", "TurnUp", "parse_move"]


class Play:
    """One card, or a run of cards of one suit; a run is kept lowest first.

    A play of several cards is a run (the sequences option): consecutive cards of one suit, A
    high, no wrap-around. Any other set of cards is no play at all and is refused here.

    >>> Play("HQ", "HJ").cards
    (Card('HJ'), Card('HQ'))
    >>> Play("HK", "HA").cards
    (Card('HK'), Card('HA'))
    >>> Play("H7", "H9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidMoveError: Play('H7', 'H9'): ♥7 ♥9 is not a run: a run is two or more ...
    >>> Play(42)
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidCardError: Play(42): 42 is not a card: expected text such as 'HT'
    """

    __slots__ = ("cards",)
    cards: tuple[Card, ...]

    def __new__(cls, *cards: Any, **keywords: Any) -> Play:
        if keywords:
            shown = [repr(card) for card in cards]
            shown += [f"{key}={value!r}" for key, value in keywords.items()]
            raise RulesError(
                Msg(
                    "Play({items}): a play takes its cards only, such as Play('HT') or "
                    "Play('HT', 'HJ')",
                    items=", ".join(shown),
                )
            )
        return object.__new__(cls)

    def __init__(self, *cards: Card | str) -> None:
        if not cards:
            raise InvalidCardError(Msg("Play() needs a card, e.g. Play('HT')"))
        try:
            parsed = tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)
        except InvalidCardError as error:
            call = ", ".join(repr(card) for card in cards)
            raise InvalidCardError(Msg("Play({call}): {error}", call=call, error=error)) from None
        if len(parsed) > 1:
            if len(set(parsed)) != len(parsed):
                call = ", ".join(repr(str(card)) for card in parsed)
                raise InvalidCardError(Msg("Play({call}): a card is given twice", call=call))
            parsed = tuple(sorted(parsed, key=_rank_then_index))
            if not is_run(parsed):
                call = ", ".join(repr(str(card)) for card in parsed)
                broken = _broken_run(parsed)
                raise InvalidMoveError(Msg("Play({call}): {broken}", call=call, broken=broken))
        object.__setattr__(self, "cards", parsed)

    @property
    def card(self) -> Card:
        """The card played (the highest card of a run)."""
        return self.cards[-1]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a move is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("Play", *(card.index for card in self.cards)))

    def __repr__(self) -> str:
        return "Play(" + ", ".join(f"'{card}'" for card in self.cards) + ")"

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    @property
    def symbol(self) -> str:
        """The cards as printed: ``'♥10'`` or ``'♥10 ♥J ♥Q'``."""
        return " ".join(card.symbol for card in self.cards)


def _rank_then_index(card: Card) -> tuple[int, int]:
    return (card.rank, card.index)


_EXAMPLE_RUN = (Card.parse("HT"), Card.parse("HJ"), Card.parse("HQ"))


def _broken_run(cards: tuple[Card, ...]) -> str:
    """Why ``cards`` are no play, in the learner's language."""
    return str(
        Msg(
            "{cards} is not a run: a run is two or more consecutive cards of one suit, such as "
            "{example}.",
            cards=Cards(cards),
            example=Cards(_EXAMPLE_RUN),
        )
    )


class _Singleton:
    __slots__ = ()
    _name = ""
    _word = ""
    _what = ""
    _label: ClassVar[Term]
    _instances: ClassVar[dict[type, _Singleton]] = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:
            shown = [repr(arg) for arg in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
            raise RulesError(
                Msg(
                    "{name}({items}): {what} takes no arguments; write {name}()",
                    name=cls._name,
                    items=", ".join(shown),
                    what=Msg(cls._what),
                )
            )
        instance = _Singleton._instances.get(cls)
        if instance is None:
            instance = _Singleton._instances[cls] = object.__new__(cls)
        return instance

    def __init__(self) -> None:
        pass

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return f"{self._name}()"

    def __str__(self) -> str:
        return self._word

    @property
    def symbol(self) -> str:
        """The move in words, in the current language (``str`` stays the notation).

        >>> from cardlib.i18n import language
        >>> with language("ko"):
        ...     TurnUp().symbol, PickUp().symbol, str(PickUp())
        ('공개해 내기', '가져오기', 'pick')
        """
        return str(self._label)


class TurnUp(_Singleton):
    """Play the stock's top card instead of a hand card (phase 1, two or more stock cards)."""

    __slots__ = ()
    _name = "TurnUp"
    _word = "turn"
    _what = N_("turning up")
    # Translators: a Skitgubbe move in a list of moves or a replay: play the stock's top card.
    _label = Term("skitgubbe move", "turn")


class PickUp(_Singleton):
    """Take the top card of the trick into hand instead of beating it (phase 2)."""

    __slots__ = ()
    _name = "PickUp"
    _word = "pick"
    _what = N_("picking up")
    # Translators: a Skitgubbe move in a list of moves or a replay: take the trick's top card.
    _label = Term("skitgubbe move", "pick")


Move = Play | TurnUp | PickUp
TURN_UP = TurnUp()
PICK_UP = PickUp()
PLAYS: dict[Card, Play] = {card: Play(card) for card in FULL_DECK}
PLAY_AT: list[Play] = [PLAYS[card] for card in sorted(FULL_DECK, key=lambda card: card.index)]

_WORDS: dict[str, Move] = {}
for _word in ("t", "turn", "turnup", "turn up", "turn-up", "stock", "s"):
    _WORDS[_word] = TURN_UP
for _word in ("p", "pick", "pickup", "pick up", "pick-up", "take"):
    _WORDS[_word] = PICK_UP


@lru_cache(maxsize=4)
def _spoken_words(_catalogs: tuple[Any, ...]) -> dict[str, Move]:
    """The moves' words in every language cardlib speaks (what ``symbol`` prints with these
    catalogs), each lower-case."""
    words: dict[str, Move] = {}
    for lang in LANGUAGES:
        with language(lang):
            for move in (TURN_UP, PICK_UP):
                words.setdefault(" ".join(move.symbol.lower().split()), move)
    return words


def parse_move(text: str) -> Move:
    """A move from its notation: cards (``HT`` or ``HT HJ HQ``), ``turn`` or ``pick``; the words
    ``symbol`` prints in any language are read too (``공개해 내기``, ``aufnehmen``).

    >>> parse_move("♥10"), parse_move("Turn up"), parse_move("h10 hj"), parse_move("가져오기")
    (Play('HT'), TurnUp(), Play('HT', 'HJ'), PickUp())
    >>> parse_move("H1")
    Traceback (most recent call last):
    ...
    cardlib.errors.InvalidCardError: 'H1' is not a move: expected a card such as HT, ...
    """
    if not isinstance(text, str):
        raise InvalidCardError(
            Msg("{text} is not a move: expected text such as 'HT', 'turn', 'pick'",
                text=repr(text))
        )  # fmt: skip
    word = " ".join(text.strip().lower().split())
    move = _WORDS.get(word)
    if move is not None:
        return move
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        cards = ()
    if not cards:
        spoken = _spoken_words(catalogs()).get(word)
        if spoken is not None:
            return spoken
        # Translators: {turn} and {pick} are the words for the two moves that are not cards.
        raise InvalidCardError(
            Msg("{text} is not a move: expected a card such as HT, a run such as HT HJ HQ, "
                "'{turn}' or '{pick}'", text=repr(text), turn=TurnUp._label,
                pick=PickUp._label)
        )  # fmt: skip
    if len(set(cards)) != len(cards):
        raise InvalidCardError(Msg("{text} is not a move: a card is given twice", text=repr(text)))
    if len(cards) == 1:
        return PLAYS[cards[0]]
    return Play(*cards)
