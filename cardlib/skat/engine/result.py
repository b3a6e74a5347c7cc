"""How a Skat deal ended: :class:`Result`, in words (``text``) and in numbers (``returns()``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardlib.errors import RulesError
from cardlib.i18n import N_, Msg
from cardlib.skat.engine.ends import (
    ALL_TRICKS,
    END_REASONS,
    NULL_TRICK,
    PASSED_IN,
    RAMSCH_OVER,
    SCHWARZ_BROKEN,
    made_in_play,
    reason_text,
)
from cardlib.skat.engine.facts import BID_VALUES, Declaration
from cardlib.skat.engine.rules import position_term

__all__ = ["Result"]


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _pair(value: object, high: int) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(_whole(part, 0, high) for part in value)
        and sum(value) <= high
    )


def _problem(result: Result) -> tuple[str, str] | None:
    """The first field of ``result`` that no deal can have, with what it should be."""
    checks = (
        (
            "end_reason",
            result.end_reason in (*END_REASONS, RAMSCH_OVER),
            N_("a reason in END_REASONS"),
        ),
        (
            "declarer",
            result.declarer is None or _whole(result.declarer, 0, 2),
            N_("None or 0 to 2"),
        ),
        (
            "declaration",
            result.declaration is None or isinstance(result.declaration, Declaration),
            N_("None or a Declaration"),
        ),
        ("bid", _whole(result.bid, 0, BID_VALUES[-1]), N_("a bid from 0 to 264")),
        (
            "card_points",
            _pair(result.card_points, 120),
            N_("two card points adding up to 120 at most"),
        ),
        (
            "tricks_won",
            _pair(result.tricks_won, 10),
            N_("two trick counts adding up to 10 at most"),
        ),
        ("made", result.made in (None, True, False), N_("None, True or False")),
        ("overbid", result.overbid in (True, False), N_("True or False")),
        (
            "worth",
            result.worth is None or _whole(result.worth, 0, 10**6),
            N_("None or a game value"),
        ),
        (
            "scores",
            isinstance(result.scores, tuple)
            and len(result.scores) == 3
            and all(_whole(score, -(10**6), 10**6) for score in result.scores),
            N_("three whole numbers"),
        ),
    )
    return next(((field, wanted) for field, ok, wanted in checks if not ok), None)


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: who declared what, the card points and tricks, and whether it was made.

    ``made`` says whether the declarer made the game: in play 61+ card points (90+ with Schneider
    announced, every trick with Schwarz announced or Ouvert) or no trick in Null, with a game worth
    at least the bid; ``None`` for a passed-in deal. ``overbid`` says the game as played is worth
    (``worth``: base value × multiplier, or a Null's fixed value) less than the bid: it is lost
    then, whatever the card points. A position set up card by card without a deal has no
    settlement, so its ``worth`` is ``None`` and it is never reported overbid.

    ``scores`` is what each position writes on the list for the deal, in seat order (see
    :meth:`returns`): the declarer the settled value (+ won, − lost), the defenders 0; all 0 for a
    passed-in deal or a position without a settlement; in a Ramsch what ``settle_ramsch`` scores.

    >>> import textwrap
    >>> from cardlib.skat.engine.facts import GameType
    >>> result = Result(ALL_TRICKS, 0, Declaration(GameType.DIAMONDS), 22, (87, 33), (6, 4),
    ...                 made=False, overbid=True, worth=18)
    >>> print(textwrap.fill(str(result), 90))
    FH lost ♦ (bid 22): 87:33 card points, 6:4 tricks, but the game is worth only 18, less
    than the bid 22: overbid; all tricks played
    """

    end_reason: str
    declarer: int | None = None
    declaration: Declaration | None = None
    bid: int = 0
    card_points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    made: bool | None = None
    overbid: bool = False
    worth: int | None = None
    scores: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            field, wanted = problem
            raise RulesError(
                Msg(
                    "Result({field}={value}): expected {wanted}",
                    field=field,
                    value=repr(getattr(self, field)),
                    wanted=Msg(wanted),
                )
            )

    def returns(self) -> tuple[int, int, int]:
        """What each position scores for the deal, in seat order (FH, MH, RH).

        >>> Result("passed in").returns()
        (0, 0, 0)
        """
        return self.scores

    @property
    def text(self) -> Msg:
        """The result in words, worded in the language current when read."""
        return self.message()

    @property
    def passed_in(self) -> bool:
        return self.end_reason == PASSED_IN

    def __str__(self) -> str:
        return str(self.message())

    def summary(self) -> str:
        """Who made or lost what, with the card points and tricks (declarer:defenders) and, for an
        overbid game, its value; ``str(result)`` adds why the deal ended. In Null only the tricks
        count, so no card points are given."""
        return str(self.summary_message())

    def message(self) -> Msg:
        """``str(result)`` as a lazy message, worded when it is read."""
        if self.declarer is None or self.declaration is None:
            if self.passed_in:
                return Msg("Passed in: all three passed.")
            return Msg("Ramsch: all tricks played.")
        summary = self.summary_message()
        if self.end_reason == ALL_TRICKS:
            # Translators: {summary} is a game's result, such as "FH made ♠ (bid 18): ...".
            return Msg("{summary}; all tricks played", summary=summary)
        if self.end_reason == NULL_TRICK:
            return Msg("{summary}; Null: the declarer took a trick", summary=summary)
        if self.end_reason == SCHWARZ_BROKEN:
            return Msg("{summary}; Schwarz announced: the defenders took a trick", summary=summary)
        return Msg("{summary}; {reason}", summary=summary, reason=reason_text(self.end_reason))

    def summary_message(self) -> Msg:
        """:meth:`summary` as a lazy message, worded when it is read."""
        if self.declarer is None or self.declaration is None:
            return self.message()
        facts = {
            "who": position_term(self.declarer),
            "game": self.declaration.name,
            "bid": self.bid,
            "points": self.card_points[0],
            "defenders_points": self.card_points[1],
            "tricks": self.tricks_won[0],
            "defenders_tricks": self.tricks_won[1],
        }
        if self.declaration.game.is_null:
            if self.made:
                # Translators: tricks (and card points) are given as declarer:defenders, e.g. 6:4.
                return Msg(
                    "{who} made {game} (bid {bid}): {tricks}:{defenders_tricks} tricks", **facts
                )
            return Msg("{who} lost {game} (bid {bid}): {tricks}:{defenders_tricks} tricks", **facts)
        if self.overbid:
            if made_in_play(self.declaration, self.end_reason, self.card_points, self.tricks_won):
                return Msg(
                    "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
                    "{tricks}:{defenders_tricks} tricks, but the game is worth only {worth}, "
                    "less than the bid {bid}: overbid",
                    worth=self.worth,
                    **facts,
                )
            return Msg(
                "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
                "{tricks}:{defenders_tricks} tricks; overbid as well: the game is worth only "
                "{worth}, less than the bid {bid}",
                worth=self.worth,
                **facts,
            )
        if self.made:
            return Msg(
                "{who} made {game} (bid {bid}): {points}:{defenders_points} card points, "
                "{tricks}:{defenders_tricks} tricks",
                **facts,
            )
        return Msg(
            "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
            "{tricks}:{defenders_tricks} tricks",
            **facts,
        )
