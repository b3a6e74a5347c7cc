"""Perfect-information (double-dummy) Skat: optimal play when every hand is known.

The declarer maximises their card points, the two defenders minimise them, each seeing all cards.
Positions start at a trick boundary or inside a trick (``trick`` lists the cards already played
in it, from ``leader`` on); seats 0, 1, 2 play in that order.

>>> from cardlib.skat.games import GameType
>>> hands = ("CJ SA", "SJ ST", "HA S7")
>>> solve_position(hands, leader=0, game=GameType.CLUBS)
36
>>> solve_position(hands, leader=0, game=GameType.CLUBS, threshold=61)
False
>>> solve_null(("D7 H8", "DA HA", "DK HK"), leader=0)
True

How it works (:mod:`cardlib.skat._search`, ``docs/solver.md``): cards are bits ordered by
trick-taking strength, a fail-soft null-window alpha-beta search walks one trick per call with a
transposition table at trick boundaries; exact values come from a sequence of null-window probes,
questions such as "does the declarer reach 61?" need a single probe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import overload

from cardlib.cards import Card, Rank, parse_cards
from cardlib.errors import CardlibError
from cardlib.skat._search import PointSearch, SearchStats, TrickSearch, tables
from cardlib.skat.games import GameType

__all__ = ["SearchStats", "solve_null", "solve_position", "wins_every_trick"]

CardsLike = str | Iterable[Card]


def _cards(value: CardsLike, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        cards = parse_cards(value)
    else:
        try:
            cards = tuple(value)
        except TypeError:
            raise CardlibError(f"{what} {value!r} is not a collection of cards") from None
    for card in cards:
        if not isinstance(card, Card) or card.rank < Rank.SEVEN:
            raise CardlibError(f"{what} holds {card!r}, which is not a card of the Skat pack")
    return cards


@dataclass(frozen=True)
class _Position:
    hands: list[int]
    leader: int
    trick: tuple[int, ...]
    skat_points: int


def _position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int,
    skat: CardsLike,
    trick: CardsLike,
) -> _Position:
    if not isinstance(game, GameType):
        raise CardlibError(f"{game!r} is not a GameType")
    if isinstance(hands, str) or len(hands) != 3:
        raise CardlibError(f"expected three hands for seats 0, 1, 2, got {hands!r}")
    for name, seat in (("leader", leader), ("declarer", declarer)):
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise CardlibError(f"{name} must be seat 0, 1 or 2, got {seat!r}")
    held = [_cards(hand, f"seat {i}'s hand") for i, hand in enumerate(hands)]
    played = _cards(trick, "the trick")
    kept = _cards(skat, "the skat")
    shown = " | ".join(" ".join(map(str, h)) for h in held)
    where = f"hands {shown}" + (f", trick {' '.join(map(str, played))}" if played else "")
    seen: set[Card] = set()
    for card in (*[c for h in held for c in h], *played, *kept):
        if card in seen:
            raise CardlibError(f"{card} appears twice in {where}, skat {list(map(str, kept))}")
        seen.add(card)
    if len(played) > 2:
        raise CardlibError(f"a trick in progress holds at most 2 cards: {where}")
    if len(kept) > 2:
        raise CardlibError(f"the skat holds at most 2 cards, got {len(kept)}: {where}")
    size = len(held[leader]) + (1 if played else 0)
    expected = [size - (1 if (seat - leader) % 3 < len(played) else 0) for seat in range(3)]
    if [len(hand) for hand in held] != expected:
        raise CardlibError(
            f"the hands hold {', '.join(str(len(h)) for h in held)} cards, which does not fit "
            f"a trick led by seat {leader} with {len(played)} card(s) played "
            f"(expected {', '.join(map(str, expected))}): {where}"
        )
    if size > 10:
        raise CardlibError(f"a Skat hand holds at most 10 cards: {where}")
    if size == 0:
        raise CardlibError("there is nothing left to play: every hand is empty")
    tab = tables(game)
    return _Position(
        [tab.mask(h) for h in held],
        leader,
        tuple(tab.bit[card] for card in played),
        tab.score(tab.mask(kept)),
    )


@overload
def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: None = None,
    stats: SearchStats | None = None,
) -> int: ...


@overload
def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: int,
    stats: SearchStats | None = None,
) -> bool: ...


def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: int | None = None,
    stats: SearchStats | None = None,
) -> int | bool:
    """The declarer's card points under perfect play by all three sides, plus the skat's points.

    ``hands`` are the cards of seats 0, 1, 2 (cards or text); ``leader`` led (or leads) the
    current trick and ``trick`` lists the cards already played to it. With ``threshold`` the
    answer is whether the declarer reaches that many points (61 wins, 90 Schneider), found by a
    single null-window search. ``stats`` (optional) receives the search's node count.

    >>> solve_position(("CJ SJ", "HA HT", "DA DT"), 0, GameType.GRAND, skat="SA S7")
    57
    >>> solve_position(("CJ", "HA", "DA"), 0, GameType.NULL)
    Traceback (most recent call last):
    ...
    cardlib.errors.CardlibError: a null game has no card points to solve: use solve_null
    """
    if game is GameType.NULL:
        raise CardlibError("a null game has no card points to solve: use solve_null")
    pos = _position(hands, leader, game, declarer, skat, trick)
    search = PointSearch(game, declarer)
    try:
        if threshold is not None:
            return search.reaches(pos.hands, leader, pos.trick, threshold - pos.skat_points)
        return pos.skat_points + search.value(pos.hands, leader, pos.trick)
    finally:
        if stats is not None:
            stats.nodes += search.stats.nodes
            stats.probes += search.stats.probes


def solve_null(
    hands: Sequence[CardsLike],
    leader: int,
    declarer: int = 0,
    *,
    trick: CardsLike = (),
    stats: SearchStats | None = None,
) -> bool:
    """Whether the declarer of a null game can avoid taking any trick, whatever the defenders do.

    >>> solve_null(("HA", "H7", "H8"), leader=1)
    False
    """
    pos = _position(hands, leader, GameType.NULL, declarer, (), trick)
    search = TrickSearch(GameType.NULL, declarer, declarer_wins=False)
    try:
        return search.partial(pos.hands, leader, pos.trick)
    finally:
        if stats is not None:
            stats.nodes += search.stats.nodes


def wins_every_trick(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    *,
    trick: CardsLike = (),
) -> bool:
    """Whether the declarer of a suit or grand game can take every remaining trick (Schwarz).

    >>> wins_every_trick(("CJ SJ", "HA HT", "DA DT"), 0, GameType.GRAND)
    True
    """
    if game is GameType.NULL:
        raise CardlibError("a null game is not won by taking tricks: use solve_null")
    pos = _position(hands, leader, game, declarer, (), trick)
    return TrickSearch(game, declarer, declarer_wins=True).partial(pos.hands, leader, pos.trick)
