"""The words above and beside a Skat table: the game line and the row labels.

>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> print(headline("play", 1, 20, Declaration(GameType.CLUBS)))
Skat, play, declarer MH, bid 20, ♣
>>> position_label(0, True)
'FH (declarer)'
"""

from __future__ import annotations

from cardlib.i18n import Msg
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.engine.names import phase_name
from cardlib.skat.engine.rules import position_term

__all__ = ["headline", "position_label"]


def position_label(position: int, declarer: bool) -> str:
    """A row label of a table picture: ``'FH'``, or ``'FH (declarer)'``."""
    if declarer:
        # Translators: a row label of the table: the declarer's position.
        return str(Msg("{who} (declarer)", who=position_term(position)))
    return str(position_term(position))


def headline(phase: str, declarer: int | None, bid: int, declaration: Declaration | None) -> Msg:
    """The game line of a table: ``'Skat, play, declarer MH, bid 20, ♣'``, worded when read."""
    facts: dict[str, object] = {"phase": phase_name(phase), "bid": bid}
    if declarer is not None:
        facts["who"] = position_term(declarer)
    if declaration is not None:
        facts["game"] = declaration.name
    if declarer is None:
        if bid:
            return Msg("Skat, {phase}, bid {bid}", **facts)
        # Translators: the game line above a table: the phase, the declarer, the bid, the game.
        return Msg("Skat, {phase}", **facts)
    if declaration is None:
        if bid:
            return Msg("Skat, {phase}, declarer {who}, bid {bid}", **facts)
        return Msg("Skat, {phase}, declarer {who}", **facts)
    if bid:
        return Msg("Skat, {phase}, declarer {who}, bid {bid}, {game}", **facts)
    return Msg("Skat, {phase}, declarer {who}, {game}", **facts)
