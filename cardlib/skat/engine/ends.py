"""Why a Skat deal ends, and whether the play alone made the game.

>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> made_in_play(Declaration(GameType.CLUBS), ALL_TRICKS, (61, 59), (5, 5))
True
>>> made_in_play(Declaration(GameType.NULL), NULL_TRICK, (0, 0), (1, 0))
False
>>> print(reason_text(PASSED_IN))
passed in
"""

from __future__ import annotations

from cardlib.i18n import Msg
from cardlib.skat.engine.facts import Declaration, GameType, target_points

__all__ = [
    "ALL_TRICKS",
    "END_REASONS",
    "NULL_TRICK",
    "PASSED_IN",
    "RAMSCH_OVER",
    "SCHWARZ_BROKEN",
    "made_in_play",
    "reason_text",
]

PASSED_IN = "passed in"
ALL_TRICKS = "all tricks played"
NULL_TRICK = "null: the declarer took a trick"
SCHWARZ_BROKEN = "schwarz announced: the defenders took a trick"
RAMSCH_OVER = "ramsch: all tricks played"
END_REASONS = (PASSED_IN, ALL_TRICKS, NULL_TRICK, SCHWARZ_BROKEN)
"""Why a deal ends: passed in, all tricks played, or one of the two early ends.

These are codes (compare with them); :class:`~cardlib.skat.engine.result.Result` words them."""
_REASONS = {
    PASSED_IN: Msg("passed in"),
    ALL_TRICKS: Msg("all tricks played"),
    NULL_TRICK: Msg("null: the declarer took a trick"),
    SCHWARZ_BROKEN: Msg("schwarz announced: the defenders took a trick"),
    RAMSCH_OVER: Msg("ramsch: all tricks played"),
}


def reason_text(end_reason: str) -> Msg | str:
    """Why a deal ended (one of ``END_REASONS``), in words worded when read."""
    return _REASONS.get(end_reason, end_reason)


def made_in_play(
    declaration: Declaration,
    end_reason: str,
    card_points: tuple[int, int],
    tricks_won: tuple[int, int],
) -> bool:
    """Whether the play alone made the game, before the value is held against the bid.

    61+ card points (90 with Schneider announced); every trick with Schwarz announced or Ouvert
    (suit and grand); no trick in Null.
    """
    if declaration.game is GameType.NULL:
        return tricks_won[0] == 0
    if declaration.schwarz or declaration.ouvert:
        return tricks_won[1] == 0 and end_reason == ALL_TRICKS
    return card_points[0] >= target_points(declaration)
