"""A Skitgubbe game as text: the rules, the deal, then one line per move; it round-trips.

>>> from cardlib.skitgubbe.game import new_game
>>> state = new_game(rng=3)
>>> for _ in range(4):
...     state = state.play(state.legal_moves()[-1])
>>> text = state.record()
>>> print(text.splitlines()[-2])
B turn
>>> states = replay(text)
>>> len(states), states[-1].to_text() == state.to_text()
(5, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.cards import Seat
from cardlib.errors import CardlibError, RecordError
from cardlib.i18n import Msg
from cardlib.skitgubbe.game import new_game
from cardlib.skitgubbe.moves import parse_move
from cardlib.skitgubbe.record_text import HEADER
from cardlib.skitgubbe.rules import Rules

if TYPE_CHECKING:
    from cardlib.skitgubbe.state import State

__all__ = ["replay", "write_record"]


def write_record(state: State) -> str:
    """The record of the game that led to ``state`` (it must have started from a deal)."""
    return state.record()


def replay(record: str) -> list[State]:
    """Every state of a recorded game, from the deal to the last move."""
    if not isinstance(record, str):
        raise RecordError(
            Msg("{record} is not a game record: expected its text", record=repr(record))
        )
    lines = [line.strip() for line in record.strip().splitlines()]
    if not lines or lines[0] != HEADER:
        raise RecordError(
            Msg(
                "line 1: expected {header}, found {value}",
                header=repr(HEADER),
                value=repr(lines[0] if lines else ""),
            )
        )
    options: dict[str, str] = {}
    dealer = deck = None
    first_move = 0
    for index, line in enumerate(lines[1:], 1):
        if line == "moves":
            first_move = index + 1
            break
        key, _, value = line.partition(" ")
        if key == "dealer":
            dealer = value
        elif key == "deck":
            deck = value
        else:
            options[key] = value
    else:
        raise RecordError(Msg("the record has no 'moves' line after its header"))
    if dealer is None or deck is None:
        raise RecordError(Msg("the record needs a 'dealer' and a 'deck' line before 'moves'"))
    try:
        rules = Rules.from_options(options)
        seat = Seat[dealer]
        states: list[State] = [new_game(rules, dealer=seat, deck=deck)]
    except (CardlibError, KeyError) as error:
        raise RecordError(Msg("the record's header cannot be read: {error}", error=error)) from None
    for number, line in enumerate(lines[first_move:], first_move + 1):
        if not line or line.startswith("#"):
            continue
        who, _, text = line.partition(" ")
        state = states[-1]
        try:
            move = parse_move(text)
            if who not in Seat.__members__:
                raise RecordError(Msg("{who} is not a seat", who=repr(who)))
            states.append(state.play(move, Seat[who]))
        except CardlibError as error:
            raise RecordError(
                Msg("line {number}, {line}: {error}", number=number, line=repr(line), error=error)
            ) from None
    return states
