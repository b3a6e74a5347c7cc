"""Post-mortem of a game: every card compared with perfect play, and the turning points.

Perfect play here is double-dummy: every player sees every hand (see :mod:`cardlib.skat.solver`).
For each card played, the review gives what the best card would have kept and what the card
played lost; a *turning point* is a card after which the game's result under perfect play changes
(a won game thrown away, or a lost game handed back).

>>> from cardlib.skat.game import play_position
>>> from cardlib.skat.games import GameType
>>> from cardlib.skat.moves import Play
>>> state = play_position(["DJ H9 HK", "SQ H7 DQ", "S9 SA CA"], GameType.CLUBS, declarer=0)
>>> for card in ("HK", "H7", "CA", "SA", "H9", "SQ", "S9", "DJ", "DQ"):
...     state = state.play(Play(card))
>>> review = post_mortem(state)
>>> print(review.cards[0])
trick 1, FH ♥K: declarer ends with 19, best ♦J kept 34: lost 15
>>> review.lost_by_declarer, review.lost_by_defenders
(29, 0)
>>> print(review)
♣ by FH (61 card points): perfect play from the first card gives 34, the game lost
  trick 1, FH ♥K: declarer ends with 19, best ♦J kept 34: lost 15
  trick 2, FH ♥9: declarer ends with 5, best ♦J kept 19: lost 14
turning points: 0
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.skat.games import GameType
from cardlib.skat.moves import Play
from cardlib.skat.rules import POSITION_NAMES
from cardlib.skat.solver import MoveValue, _Analyser, _play_state

if TYPE_CHECKING:
    from cardlib.skat.play import PlayState
    from cardlib.skat.state import SkatState

__all__ = ["CardReview", "PostMortem", "post_mortem"]


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card played, against the best cards the player had.

    ``value`` is what perfect play from then on gives the declarer (final card points; in null
    ``True`` while the declarer still takes no trick), ``best`` the same after the best card,
    ``lost`` the difference for the player (points; 1 for a null game given away).
    ``won_before`` / ``won_after``: the game's result under perfect play before and after.
    """

    number: int
    trick: int
    player: int
    card: Card
    value: int
    best: int
    best_cards: tuple[Card, ...]
    lost: int
    won_before: bool
    won_after: bool

    @property
    def is_turning_point(self) -> bool:
        return self.won_before != self.won_after

    def __str__(self) -> str:
        who = POSITION_NAMES[self.player]
        best = " ".join(card.symbol for card in self.best_cards)
        if isinstance(self.value, bool):
            kept = "keeps the null" if self.value else "the declarer takes a trick"
            verdict = "best" if not self.lost else f"best {best} kept the null"
            return f"trick {self.trick}, {who} {self.card.symbol}: {kept} ({verdict})"
        if not self.lost:
            return f"trick {self.trick}, {who} {self.card.symbol}: declarer ends with {self.value}"
        return (
            f"trick {self.trick}, {who} {self.card.symbol}: declarer ends with {self.value}, "
            f"best {best} kept {self.best}: lost {self.lost}"
        )


@dataclass(frozen=True)
class PostMortem:
    """The review of a game: the game, the declarer, and one :class:`CardReview` per card."""

    game: GameType
    declarer: int
    goal: str
    start_value: int
    start_won: bool
    cards: tuple[CardReview, ...]

    @property
    def turning_points(self) -> tuple[CardReview, ...]:
        """The cards after which the result under perfect play changed."""
        return tuple(card for card in self.cards if card.is_turning_point)

    @property
    def lost_by_declarer(self) -> int:
        return sum(card.lost for card in self.cards if card.player == self.declarer)

    @property
    def lost_by_defenders(self) -> int:
        return sum(card.lost for card in self.cards if card.player != self.declarer)

    def mistakes(self) -> tuple[CardReview, ...]:
        """The cards that lost something, in play order."""
        return tuple(card for card in self.cards if card.lost)

    def __str__(self) -> str:
        who = POSITION_NAMES[self.declarer]
        result = "won" if self.start_won else "lost"
        lines = [
            f"{self.game.symbol} by {who} ({self.goal}): perfect play from the first card gives "
            f"{self.start_value}, the game {result}"
        ]
        lines += [f"  {card}" for card in self.mistakes()] or ["  every card was perfect"]
        turns = self.turning_points
        lines.append(f"turning points: {len(turns)}")
        lines += [f"  {card}" for card in turns]
        return "\n".join(lines)


def _goal(state: PlayState) -> tuple[str, int | None]:
    declaration = state.declaration
    if declaration.game is GameType.NULL:
        return "take no trick", None
    if declaration.schwarz:
        return "take every trick", None
    if declaration.schneider:
        return "90 card points", 90
    return "61 card points", 61


def post_mortem(state: SkatState) -> PostMortem:
    """Review every card played in a game (finished or not) against perfect play.

    The game must have reached the play of the cards; ``state`` is its last state (for example
    the end of a replayed ISS record). The review starts at the first card of the play.
    """
    last = _play_state(state, "post_mortem")
    from cardlib.skat.play import PlayState

    plays = [s for s in last.history() if isinstance(s, PlayState)]
    if len(plays) < 2:
        raise CardlibError(f"post_mortem: no card has been played yet in {last!r}")
    analyser = _Analyser(last.declaration.game, last.declarer)
    goal, threshold = _goal(last)

    def won(moves: list[MoveValue], mover: int) -> tuple[int, bool]:
        values = [move.value for move in moves]
        value = max(values) if mover == last.declarer else min(values)
        return value, _won(value)

    def _won(value: int) -> bool:
        if threshold is None:
            return bool(value)
        return value >= threshold

    def won_after(after: PlayState) -> bool:
        if goal == "take every trick":
            return analyser.schwarz_kept(after)
        if threshold is None:
            return analyser.null_kept(after)
        return bool(analyser.value(after, threshold))

    reviews = []
    start_value = 0
    start_won = False
    won_now = False
    for number, (before, after) in enumerate(pairwise(plays), 1):
        move = after.last_move
        assert isinstance(move, Play)
        mover = before.current_player
        assert mover is not None
        moves = analyser.moves(before)
        value, won_before = won(moves, mover)
        if goal == "take every trick":
            won_before = analyser.schwarz_kept(before)
        if number == 1:
            start_value, start_won = value, won_before
        played = next(m for m in moves if m.card == move.card)
        won_now = won_after(after)
        reviews.append(
            CardReview(
                number,
                len(before.tricks) + 1,
                mover,
                move.card,
                played.value,
                value,
                tuple(m.card for m in moves if m.cost == 0),
                played.cost,
                won_before,
                won_now,
            )
        )
    return PostMortem(last.declaration.game, last.declarer, goal, start_value, start_won,
                      tuple(reviews))  # fmt: skip
