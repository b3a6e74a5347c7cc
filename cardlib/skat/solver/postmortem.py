"""Post-mortem of a game: every card compared with perfect play, and the turning points.

Perfect play here is double-dummy: every player sees every hand (see
:mod:`cardlib.skat.solver.solve`).
For each card played, the review gives what perfect play from then on leaves the declarer and,
for a *slip* (a card worse than the best one), how many card points it gave away: a declarer's
slip costs the declarer points, a defender's slip gives the declarer points. A *turning point* is
a card after which the game's result under perfect play changes (a won game thrown away, or a
lost game handed back).

>>> from cardlib.skat.engine.positions import play_position
>>> from cardlib.skat.engine.facts import GameType, target_points
>>> from cardlib.skat.engine.moves import Play
>>> state = play_position(["DJ H9 HK", "SQ H7 DQ", "S9 SA CA"], GameType.CLUBS, declarer=0)
>>> for card in ("HK", "H7", "CA", "SA", "H9", "SQ", "S9", "DJ", "DQ"):
...     state = state.play(Play(card))
>>> review = post_mortem(state)
>>> print(review.cards[0])
trick 1, FH ♥K: declarer's slip: −15 for the declarer (ends with 19; ♦J would keep 34)
>>> review.lost_by_declarer, review.lost_by_defenders
(29, 0)
>>> print(review)
♣ by FH, needs 61: perfect play from the first card gives the declarer 34, a loss
  trick 1, FH ♥K: declarer's slip: −15 for the declarer (ends with 19; ♦J would keep 34)
  trick 2, FH ♥9: declarer's slip: −14 for the declarer (ends with 5; ♦J would keep 19)
turning points: 0
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, _
from cardlib.skat.engine.facts import GameType, target_points
from cardlib.skat.engine.moves import Play
from cardlib.skat.engine.names import game_name
from cardlib.skat.engine.rules import position_term
from cardlib.skat.solver.solve import Analyser, play_state

if TYPE_CHECKING:
    from cardlib.skat.engine.play import PlayState
    from cardlib.skat.engine.states import SkatState

__all__ = ["CardReview", "PostMortem", "post_mortem"]


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card played, against the best cards the player had.

    ``value`` is what perfect play from then on gives the declarer (final card points; in null
    ``True`` while the declarer still takes no trick), ``best`` the same after the best card,
    ``lost`` what the slip gave away, for the player who made it (points: a declarer's slip
    lowers the declarer's total by that much, a defender's slip raises it; 1 for a null game
    thrown away or handed back). ``declarer`` says whether the declarer played the card.
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
    declarer: bool = False

    @property
    def is_turning_point(self) -> bool:
        return self.won_before != self.won_after

    def __str__(self) -> str:
        return str(self.message())

    def message(self) -> Msg:
        """The review of this card in words, worded when read."""
        facts = {
            "trick": self.trick,
            "who": position_term(self.player),
            "card": self.card,
            "best": " ".join(card.symbol for card in self.best_cards),
        }
        if isinstance(self.value, bool):
            if not self.lost and self.value:
                # Translators: a card of a post-mortem: who played which card, and how it did.
                return Msg("trick {trick}, {who} {card}: keeps the null (best)", **facts)
            if not self.lost:
                return Msg(
                    "trick {trick}, {who} {card}: the declarer takes a trick (best)", **facts
                )
            if self.declarer:
                return Msg(
                    "trick {trick}, {who} {card}: declarer's slip: now the declarer takes a trick "
                    "(best {best} kept the null)",
                    **facts,
                )
            return Msg(
                "trick {trick}, {who} {card}: defender's slip: now the null is safe (best {best} "
                "would have broken it)",
                **facts,
            )
        facts |= {"value": self.value, "lost": self.lost, "kept": self.best}
        if not self.lost:
            return Msg("trick {trick}, {who} {card}: declarer ends with {value}", **facts)
        if self.declarer:
            return Msg(
                "trick {trick}, {who} {card}: declarer's slip: −{lost} for the declarer (ends with "
                "{value}; {best} would keep {kept})",
                **facts,
            )
        return Msg(
            "trick {trick}, {who} {card}: defender's slip: +{lost} for the declarer (ends with "
            "{value}; {best} would hold it to {kept})",
            **facts,
        )


@dataclass(frozen=True)
class PostMortem:
    """The review of a game: the game, the declarer, and one :class:`CardReview` per card.

    ``goal`` is what the declarer needs, in a player's words worded when read ("needs 61",
    "needs 90" with Schneider announced, "must take every trick", "must take no trick").
    """

    game: GameType
    declarer: int
    goal: Msg
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
        lines = [str(self._headline())]
        perfect = _("every card was perfect")
        lines += [f"  {card}" for card in self.mistakes()] or [f"  {perfect}"]
        turns = self.turning_points
        lines.append(str(Msg("turning points: {n}", n=len(turns))))
        lines += [f"  {card}" for card in turns]
        return "\n".join(lines)

    def _headline(self) -> Msg:
        facts = {
            "game": game_name(self.game),
            "who": position_term(self.declarer),
            "goal": self.goal,
            "result": Msg("a win") if self.start_won else Msg("a loss"),
            "trick": self.cards[0].trick,
            "value": self.start_value,
        }
        if self.cards[0].trick > 1:
            if isinstance(self.start_value, bool) and self.start_value:
                # Translators: a post-mortem's first line; {result} is "a win" or "a loss".
                return Msg(
                    "{game} by {who}, {goal}: perfect play from trick {trick} keeps the "
                    "null, {result}",
                    **facts,
                )
            if isinstance(self.start_value, bool):
                return Msg(
                    "{game} by {who}, {goal}: perfect play from trick {trick} makes the "
                    "declarer take a trick, {result}",
                    **facts,
                )
            return Msg(
                "{game} by {who}, {goal}: perfect play from trick {trick} gives the "
                "declarer {value}, {result}",
                **facts,
            )
        if isinstance(self.start_value, bool) and self.start_value:
            return Msg(
                "{game} by {who}, {goal}: perfect play from the first card keeps the null, "
                "{result}",
                **facts,
            )
        if isinstance(self.start_value, bool):
            return Msg(
                "{game} by {who}, {goal}: perfect play from the first card makes the "
                "declarer take a trick, {result}",
                **facts,
            )
        return Msg(
            "{game} by {who}, {goal}: perfect play from the first card gives the declarer "
            "{value}, {result}",
            **facts,
        )


_NULL_GOAL = "null"
_SCHWARZ_GOAL = "schwarz"


def _goal(state: PlayState) -> tuple[str, Msg, int | None]:
    """What the declarer must reach: a kind (``"null"``, ``"schwarz"``, ``"points"``), the goal
    in words and the card points needed."""
    declaration = state.declaration
    if declaration.game is GameType.NULL:
        return _NULL_GOAL, Msg("must take no trick"), None
    if declaration.schwarz:
        return _SCHWARZ_GOAL, Msg("must take every trick"), None
    target = target_points(declaration)
    # Translators: the card points the declarer needs to win: "needs 61".
    return "points", Msg("needs {target}", target=target), target


def post_mortem(state: SkatState, first_trick: int = 1) -> PostMortem:
    """Review every card played in a game (finished or not) against perfect play.

    The game must have reached the play of the cards; ``state`` is its last state (for example
    the end of a replayed ISS record). The review starts at the first card of ``first_trick``
    (the whole game by default). Solving the opening position exactly is the slowest part, up to
    about a second for a hard deal; a later ``first_trick`` skips it.
    """
    last = play_state(state, "post_mortem")
    from cardlib.skat.engine.play import PlayState

    if isinstance(first_trick, bool) or not isinstance(first_trick, int) or first_trick < 1:
        raise CardlibError(
            Msg(
                "post_mortem: first_trick must be 1 or more, got {first_trick}",
                first_trick=repr(first_trick),
            )
        )
    plays = [s for s in last.history() if isinstance(s, PlayState)]
    plays = [s for s in plays if len(s.tricks) + 1 >= first_trick or s.is_over]
    if plays and plays[0].trick:
        plays = plays[1:]
    if len(plays) < 2:
        raise CardlibError(
            Msg("post_mortem: no card has been played yet in {last}", last=repr(last))
        )
    analyser = Analyser(last.declaration.game, last.declarer)
    kind, goal, threshold = _goal(last)

    def exact(position: PlayState) -> int:
        if kind == _NULL_GOAL:
            return analyser.null_kept(position)
        return analyser.value(position)

    def won(position: PlayState, value: int) -> bool:
        if kind == _SCHWARZ_GOAL:
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
                mover == last.declarer,
            )
        )
    return PostMortem(last.declaration.game, last.declarer, goal, values[0], verdicts[0],
                      tuple(reviews))  # fmt: skip
