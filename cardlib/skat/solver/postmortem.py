"""Post-mortem of a game: every card compared with perfect play, and the turning points.

Perfect play here is double-dummy: every player sees every hand (see
:mod:`cardlib.skat.solver.solve`).
For each card played, the review gives what the best card would have kept and what the card
played lost; a *turning point* is a card after which the game's result under perfect play changes
(a won game thrown away, or a lost game handed back).

>>> from cardlib.skat.engine.positions import play_position
>>> from cardlib.skat.engine.facts import GameType, target_points
>>> from cardlib.skat.engine.moves import Play
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
from cardlib.skat.engine.facts import GameType, target_points
from cardlib.skat.engine.moves import Play
from cardlib.skat.engine.rules import POSITION_NAMES
from cardlib.skat.solver.solve import _Analyser, _play_state

if TYPE_CHECKING:
    from cardlib.skat.engine.play import PlayState
    from cardlib.skat.engine.states import SkatState

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
        start = f"trick {self.cards[0].trick}" if self.cards[0].trick > 1 else "the first card"
        lines = [
            f"{self.game.symbol} by {who} ({self.goal}): perfect play from {start} gives "
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
    target = target_points(declaration)
    return f"{target} card points", target


def post_mortem(state: SkatState, first_trick: int = 1) -> PostMortem:
    """Review every card played in a game (finished or not) against perfect play.

    The game must have reached the play of the cards; ``state`` is its last state (for example
    the end of a replayed ISS record). The review starts at the first card of ``first_trick``:
    solving the opening position exactly is the slow part (seconds for a hard deal), so a quick
    look may start at trick 2 or 3.
    """
    last = _play_state(state, "post_mortem")
    from cardlib.skat.engine.play import PlayState

    if isinstance(first_trick, bool) or not isinstance(first_trick, int) or first_trick < 1:
        raise CardlibError(f"post_mortem: first_trick must be 1 or more, got {first_trick!r}")
    plays = [s for s in last.history() if isinstance(s, PlayState)]
    plays = [s for s in plays if len(s.tricks) + 1 >= first_trick or s.is_over]
    if plays and plays[0].trick:
        plays = plays[1:]
    if len(plays) < 2:
        raise CardlibError(f"post_mortem: no card has been played yet in {last!r}")
    analyser = _Analyser(last.declaration.game, last.declarer)
    goal, threshold = _goal(last)

    def exact(position: PlayState) -> int:
        if threshold is None and goal != "take every trick":
            return analyser.null_kept(position)
        return analyser.value(position)

    def won(position: PlayState, value: int) -> bool:
        if goal == "take every trick":
            return analyser.schwarz_kept(position)
        return bool(value) if threshold is None else value >= threshold

    values = [exact(position) for position in plays]
    verdicts = [won(position, value) for position, value in zip(plays, values, strict=True)]
    reviews = []
    number = sum(1 for s in last.history() if isinstance(s, PlayState)) - len(plays)
    for i, (before, after) in enumerate(pairwise(plays)):
        move = after.last_move
        assert isinstance(move, Play)
        mover = before.current_player
        assert mover is not None
        best, value = values[i], values[i + 1]
        reviews.append(
            CardReview(
                number + i + 1,
                len(before.tricks) + 1,
                mover,
                move.card,
                value,
                best,
                tuple(analyser.keepers(before, best)),
                abs(int(best) - int(value)),
                verdicts[i],
                verdicts[i + 1],
            )
        )
    return PostMortem(last.declaration.game, last.declarer, goal, values[0], verdicts[0],
                      tuple(reviews))  # fmt: skip
