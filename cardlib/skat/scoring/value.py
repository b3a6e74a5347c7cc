"""A Skat game's value: the one place that works it out, for settling, bidding, bots and records.

:func:`value` takes the declaration, the cards it is played with (the declarer's cards, for the
matadors), the doubling and, for a game that was played, the card points and tricks; it decides
won, lost or overbid as :func:`~cardlib.skat.scoring.settlement.settle` does (settle adds the
working in words). Without card points and tricks it values the game as declared and won: what a
player weighing a game needs.

>>> from cardlib import parse_cards
>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> twelve = parse_cards("CJ HJ CA CT CK SA ST HA H7 D7 D8 D9")
>>> v = value(Declaration(GameType.GRAND), twelve, card_points=61, declarer_tricks=5, bid=18)
>>> v.matadors, v.multiplier, v.worth, v.won, v.score
(1, 2, 48, True, 48)
>>> value(Declaration(GameType.GRAND), twelve, doubling=Doubling.KONTRA).score
96
>>> value(Declaration(GameType.CLUBS), "CJ SJ HJ", card_points=60, declarer_tricks=4).score
-96

The list score: the game value times the doubling when won, minus twice that when lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardlib.cards import CardsLike, as_cards
from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.facts import (
    SCHNEIDER_POINTS,
    SCHNEIDERED_POINTS,
    WIN_POINTS,
    Declaration,
    GameType,
    matadors,
)

__all__ = [
    "SEEGER_FABIAN_BONUS",
    "Doubling",
    "GameValue",
    "Reading",
    "list_score",
    "seeger_fabian",
    "value",
]

Reading = Literal["isko", "iss"]
"""Whose reading of the levels a lost game counts: the ISkO's (``settle``) or the ISS server's."""

SEEGER_FABIAN_BONUS = 50
"""What the Seeger-Fabian list adds to a won game (and takes from a lost one), undoubled."""


@dataclass(frozen=True, slots=True)
class GameValue:
    """A game valued: the steps and the signed list ``score``.

    ``matadors`` is signed (+n "with", −n "without"; 0 in Null); ``multiplier`` the levels the base
    is multiplied by (0 in Null); ``base`` the base value (a Null's fixed value); ``worth`` what
    the game as played is worth (``multiplier × base``, or the Null's value); ``game_value`` what
    the result is based on: ``worth``, or after an overbid the smallest multiple of the base that
    reaches the bid; ``score`` that times the doubling's factor if won, minus twice that if lost.
    """

    declaration: Declaration
    matadors: int
    multiplier: int
    base: int
    worth: int
    game_value: int
    overbid: bool
    won: bool
    doubling: Doubling
    score: int
    stopped: bool = False
    """An announced Schwarz (or an Ouvert) that play stopped at the defenders' first trick."""
    schneider_level: bool = False
    """Whether play reached Schneider (in a lost game: where none was announced; as the reading
    counts it): the server's ``s`` flag."""
    schwarz_level: bool = False
    """Whether play reached Schwarz (in a lost game: where none was announced): the ``z`` flag."""


def list_score(game_value: int, won: bool, doubling: Doubling = Doubling.NONE) -> int:
    """The list score of a game worth ``game_value``: × the doubling, and −2 × when lost.

    >>> list_score(48, True), list_score(48, False, Doubling.RE)
    (48, -384)
    """
    doubled = game_value * doubling.factor
    return doubled if won else -2 * doubled


def seeger_fabian(game_value: int, won: bool, doubling: Doubling = Doubling.NONE) -> int:
    """The declarer's Seeger-Fabian score: the list score, and 50 more when won, 50 less when lost.

    >>> seeger_fabian(24, True), seeger_fabian(24, False), seeger_fabian(24, True, Doubling.KONTRA)
    (74, -98, 98)
    """
    bonus = SEEGER_FABIAN_BONUS if won else -SEEGER_FABIAN_BONUS
    return list_score(game_value, won, doubling) + bonus


def value(
    declaration: Declaration,
    cards: CardsLike = (),
    *,
    card_points: int | None = None,
    declarer_tricks: int | None = None,
    bid: int = 0,
    doubling: Doubling = Doubling.NONE,
    reading: Reading = "isko",
    tricks_played: int = 10,
) -> GameValue:
    """The value of ``declaration`` played with ``cards`` (the declarer's, for the matadors).

    With ``card_points`` (the declarer's, skat included) and ``declarer_tricks`` the game is
    valued as played: Schneider and Schwarz where play reached them, won or lost by the points
    (90 with Schneider announced, every trick with Schwarz announced or Ouvert; no trick in Null).
    Without them it is valued as declared and won. Either way a suit or grand game worth less than
    ``bid`` is lost as overbid; a Null below the bid cannot be declared (``CardlibError``).

    An announcement counts its own level and the level it names, reached or not, and a level that
    play reached besides counts once (a lost Clubs Ouvert with 1 is worth 8 × 12: the server wrote
    ``v:-192`` for ISS game 13577). ``reading`` says which levels play reached in a lost game:
    ``"isko"`` (the ISkO, as :func:`settle`) Schneider and Schwarz as the card points and tricks
    stand; ``"iss"`` (the ISS server, :func:`cardlib.skat.iss.server_value`) none in a game given
    up before a trick was completed (``tricks_played`` 0); a Null below the bid is not checked
    there.

    >>> value(Declaration(GameType.NULL, hand=True), doubling=Doubling.KONTRA).score
    70
    >>> v = value(Declaration(GameType.DIAMONDS), "SJ HJ DA", card_points=89, declarer_tricks=6,
    ...           bid=22)
    >>> v.worth, v.game_value, v.overbid, v.score
    (18, 27, True, -54)
    """
    if not isinstance(doubling, Doubling):
        doubling = Doubling.of(doubling)
    played = card_points is not None and declarer_tricks is not None
    if declaration.game is GameType.NULL:
        worth = declaration.null_value
        if worth < bid and reading == "isko":
            raise CardlibError(
                Msg(
                    "{declaration} is worth {worth}, less than the bid {bid}: a Null game "
                    "below the bid cannot be declared, so it cannot be settled",
                    declaration=declaration,
                    worth=worth,
                    bid=bid,
                )
            )
        won = declarer_tricks == 0 if played else True
        score = list_score(worth, won, doubling)
        return GameValue(declaration, 0, 0, worth, worth, worth, False, won, doubling, score)
    game = declaration.game
    base = game.base_value
    mats = matadors(as_cards(cards, name="declarer's cards"), game)
    if played:
        assert card_points is not None and declarer_tricks is not None
        stopped = declaration.schwarz and declarer_tricks < 10
        won = card_points >= WIN_POINTS and not stopped
        if declaration.schneider and card_points < SCHNEIDER_POINTS:
            won = False
        if reading == "iss" and not won:
            counted = tricks_played > 0
            schneider = counted and card_points <= SCHNEIDERED_POINTS
            schwarz = counted and declarer_tricks == 0
        else:
            schneider = card_points >= SCHNEIDER_POINTS or (
                card_points <= SCHNEIDERED_POINTS and not stopped
            )
            schwarz = declarer_tricks in (0, 10)
    else:
        stopped, won, schneider, schwarz = False, True, False, False
    # An announcement counts its level and the level it names, reached or not (Ouvert implies
    # both announcements); a level reached in play besides an announcement counts once.
    levels = (
        1 + declaration.hand + (schneider or declaration.schneider) + declaration.schneider
        + (schwarz or declaration.schwarz) + declaration.schwarz + declaration.ouvert
    )  # fmt: skip
    if not won:  # a lost game is not charged again the levels it announced
        schneider = schneider and not declaration.schneider
        schwarz = schwarz and not declaration.schwarz
    multiplier = abs(mats) + levels
    worth = multiplier * base
    overbid = worth < bid
    game_value = -(-bid // base) * base if overbid else worth
    won = won and not overbid
    score = list_score(game_value, won, doubling)
    return GameValue(
        declaration, mats, multiplier, base, worth, game_value, overbid, won, doubling, score,
        stopped, schneider, schwarz,
    )  # fmt: skip
