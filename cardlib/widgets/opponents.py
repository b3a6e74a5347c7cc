"""Who plays a table's other seats and gives its hint: the kinds of player on offer, and how
long the strong one may think per move.

>>> check_opponents("sampling", "PlayTable")
'sampling'
>>> check_opponents("expert", "PlayTable")
Traceback (most recent call last):
cardlib.errors.CardlibError: PlayTable: opponents='expert', expected 'sampling' or 'heuristic'
"""

from __future__ import annotations

from cardlib.errors import CardlibError
from cardlib.i18n import Msg

__all__ = ["BUDGET", "DEFAULT_OPPONENTS", "OPPONENTS", "check_opponents"]

OPPONENTS = ("sampling", "heuristic")
"""The kinds of player for the other seats and the hint: the sampling player (strong, it
plays sampled deals out) and the heuristic bot (a beginner's rules of thumb)."""

DEFAULT_OPPONENTS = "heuristic"
"""Who a table and a page's link seat at first: the beginner, for a first game; the strong
player is one choice of the menu away (or ``?opponents=sampling``)."""

BUDGET = 0.6
"""Seconds a sampling player may think per move, so that the table stays lively."""


def check_opponents(kind: object, where: str) -> str:
    """``kind`` if it is one of :data:`OPPONENTS`, else a refusal naming ``where`` it was given."""
    if kind not in OPPONENTS:
        raise CardlibError(
            Msg(
                "{where}: opponents={kind}, expected 'sampling' or 'heuristic'",
                where=where,
                kind=repr(kind),
            )
        )
    return str(kind)
