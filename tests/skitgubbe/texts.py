"""Every text a person reads in a game of Skitgubbe, gathered for checks of its wording.

:func:`game_texts` walks a game from its first position to the last and returns each text with
where it was found and a way to read it again: the ruling of every event (explanation and rule),
the rulings that refuse a few illegal moves at every position, both bots' hints, the heading,
prompt and row labels of every position, the rules' description and the result.

Rulings, hints, the description and the result are made once, when the texts are gathered, and
only read later: reading them under another language shows whether they are worded late enough.
Headings, prompts and row labels are asked of the position at each reading.

>>> from cardlib.i18n import language
>>> from cardlib.skitgubbe import Rules, new_game
>>> texts = game_texts(new_game(Rules(players=2), rng=1))
>>> with language("en"):
...     print(*(f"{text.where}: {text.read()}" for text in texts[:3]), sep="\\n")
rules: 2 players
position 0: heading: phase 1, 2 players, stock 46, A to play
position 0: prompt: A to lead to B: play any card or turn up the stock's top card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardlib.cards import FULL_DECK, Card, Seat
from cardlib.rulings import Ruling
from cardlib.skitgubbe import HeuristicBot, PickUp, Play, RandomBot, State, TurnUp

__all__ = ["Text", "game_texts", "probes"]


@dataclass(frozen=True)
class Text:
    """One text a person reads: ``where`` it was found (and its kind), and how to read it now."""

    where: str
    kind: str
    read: Callable[[], str]


def _later(value: object) -> Callable[[], str]:
    """Read ``value`` (a lazy message, a ruling's part, a result) when called."""
    return lambda: str(value)


def _ruling(where: str, kind: str, ruling: Ruling) -> list[Text]:
    """A ruling made now, read later: its explanation and its rule."""
    return [
        Text(f"{where}: {kind}", kind, lambda: ruling.explanation),
        Text(f"{where}: {kind} (rule)", kind, lambda: ruling.rule),
    ]


def probes(state: State) -> list[tuple[str, Any, int | None]]:
    """Illegal moves to try at ``state``, as ``(what, move, seat)``: each is refused with a
    ruling (a move that happens to be legal here is left out by :func:`game_texts`)."""
    turn = state.current_player
    if turn is None:
        return [("after the end", PickUp(), None)]
    hand = state.hand(turn)
    players = len(state.players)
    face_up = [card for card in (*state.trick, *state.discard) if card not in hand]
    trump = state.trump_card
    if trump is not None and trump not in hand and state.trump_visible_to(None):
        face_up.append(trump)
    hidden = [card for card in FULL_DECK if card not in hand and card not in face_up]
    found: list[tuple[str, Any, int | None]] = [
        ("pick up", PickUp(), None),
        ("turn up", TurnUp(), None),
        ("not a move", "HT", None),
        ("not a seat", PickUp(), 7),
        ("out of turn", PickUp(), Seat((turn + 1) % players)),
        ("a hidden card", Play(hidden[0]), None),
    ]
    if face_up:
        found.append(("a card face up", Play(face_up[-1]), None))
    run = _run_in(hand)
    if run:
        found.append(("a run", Play(*run), None))
    found.extend(("a card that does not beat", Play(card), None) for card in hand[:2])
    return found


def _run_in(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """Two cards of one suit next to each other in rank, if the hand holds them."""
    for low in hand:
        for high in hand:
            if high.suit is low.suit and high.rank == low.rank + 1:
                return (low, high)
    return ()


def game_texts(state: State) -> list[Text]:
    """Every text a person reads in the game that led to ``state``, position by position."""
    texts = [Text("rules", "rules", _later(state.rules.description))]
    for number, position in enumerate(state.history()):
        where = f"position {number}"
        move = position.last_move
        if move is not None:
            where += f" (after {move})"
        texts += _position_texts(where, position)
    result = state.result
    if result is not None:
        texts.append(Text("result", "result", _later(result)))
    return texts


def _position_texts(where: str, state: State) -> list[Text]:
    texts = [
        Text(f"{where}: heading", "heading", state.heading),
        Text(f"{where}: prompt", "prompt", state.prompt),
    ]
    for row, (label, _) in enumerate(state.rows()):
        if label not in Seat.__members__:  # a bare seat letter is no word to translate
            texts.append(Text(f"{where}: row {row}", "row", _row_label(state, row)))
    for event in state.events:
        texts += _ruling(where, f"event {event.code}", event.ruling)
    for what, move, seat in probes(state):
        ruling = state.why_illegal(move, seat)
        if ruling is not None:
            texts += _ruling(f"{where}, {what}", f"illegal {ruling.code}", ruling)
    if not state.is_over:
        texts.append(Text(f"{where}: hint", "hint", _later(HeuristicBot(0).hint(state))))
        texts.append(Text(f"{where}: random hint", "hint", _later(RandomBot(0).hint(state))))
    return texts


def _row_label(state: State, row: int) -> Callable[[], str]:
    return lambda: state.rows()[row][0]
