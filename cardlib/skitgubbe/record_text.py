"""The text of a Skitgubbe record: the rules, the dealer, the deck, then one line per move."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.cards import Card, Seat
from cardlib.skitgubbe.moves import Move
from cardlib.skitgubbe.rules import Rules

__all__ = ["HEADER", "record_text"]

HEADER = "skitgubbe record"


def record_text(
    rules: Rules, dealer: int, deck: Sequence[Card], moves: Iterable[tuple[Seat, Move]]
) -> str:
    """The record of a dealt game: its header, then ``'<seat> <move>'`` per move.

    >>> from cardlib import FULL_DECK
    >>> from cardlib.skitgubbe import Play
    >>> text = record_text(Rules(players=2), 1, FULL_DECK, [(Seat.A, Play("C2"))])
    >>> text.splitlines()[0], text.splitlines()[-1]
    ('skitgubbe record', 'A C2')
    """
    lines = [HEADER, *rules.to_lines(), f"dealer {Seat(dealer).name}"]
    lines.append("deck " + " ".join(str(card) for card in deck))
    lines.append("moves")
    lines.extend(f"{seat.name} {move}" for seat, move in moves)
    return "\n".join(lines) + "\n"
