"""What the widgets show, as plain data: table rows, notes and step events for either game.

Nothing here imports ipywidgets, so the static pictures (``Stepper.snapshot``) and the tests of the
view need no front end. Skat and Skitgubbe states share the common protocol; the few places where
they differ (seat names, the events of one step, the table's rows) are settled here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card

Rows = list[tuple[str, Sequence[Card | None]]]

__all__ = ["Picture", "Rows", "is_skat", "player_name", "step_events", "table_notes", "table_rows"]


def is_skat(state: Any) -> bool:
    """Whether ``state`` is a Skat state (else Skitgubbe)."""
    from cardlib.skat import SkatState

    return isinstance(state, SkatState)


def player_name(state: Any, player: int | None) -> str:
    """``'FH'``/``'MH'``/``'RH'`` in Skat, the seat letter in Skitgubbe."""
    if player is None:
        return "-"
    if is_skat(state):
        from cardlib.skat.engine.rules import POSITION_NAMES

        return POSITION_NAMES[int(player)]
    return "ABCD"[int(player)]


def step_events(state: Any, since: Any | None = None) -> list[str]:
    """The plain-words rulings of the moves from ``since`` to ``state`` (default: the last move).

    Both games' ``events`` are those of the move that made the state, so the rulings of several
    moves are gathered along the ``parent`` links.
    """
    steps = []
    while state is not None and state is not since:
        steps.append(state)
        if since is None:
            break
        state = state.parent
    return [event.ruling.explanation for step in reversed(steps) for event in step.events]


def _last_trick(state: Any) -> Any | None:
    """The trick the last move completed, if it completed one (Skat)."""
    if state.trick or not state.tricks or state.last_move is None:
        return None
    parent = state.parent
    if parent is None or len(getattr(parent, "trick", ())) != 2:
        return None
    return state.tricks[-1]


def table_rows(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> Rows:
    """The labelled card rows of the table as ``viewer`` sees it (``None`` face down)."""
    if not is_skat(state):
        rows: Rows = list(state.rows(viewer, open_hands=open_hands))
        return rows
    result: Rows = []
    for position, hand in enumerate(state.hands):
        label = player_name(state, position)
        if position == state.declarer:
            label += " (declarer)"
        if position == state.current_player:
            label += " to move"
        shown = open_hands or position == viewer
        result.append((label, list(hand) if shown else [None] * len(hand)))
    skat = state.skat if open_hands or _sees_skat(state, viewer) else None
    if skat is None and open_hands and getattr(state, "deal", None) is not None:
        try:
            skat = state.deal.skat
        except (AttributeError, NotImplementedError):
            skat = None
    if skat is None:
        result.append(("Skat", [None, None]))
    else:
        result.append(("Skat", list(skat)))
    last = _last_trick(state)
    if state.trick:
        result.append(("Trick", list(state.trick)))
    elif last is not None:
        result.append((f"Trick won by {player_name(state, last.winner)}", list(last.cards)))
    else:
        result.append(("Trick", []))
    return result


def _sees_skat(state: Any, viewer: int | None) -> bool:
    """Whether ``viewer`` may see the skat: at the end, or as the declarer who picked it up."""
    if state.is_over:
        return True
    declaration = state.declaration
    if viewer is None or viewer != state.declarer:
        return False
    return declaration is None or not declaration.hand


def table_notes(state: Any) -> list[str]:
    """The lines under the table: the game so far, the score, whose turn or the result."""
    if not is_skat(state):
        return [state.summary()]
    notes = [state.to_text().splitlines()[0]]
    if state.declaration is not None:
        points, tricks = state.card_points, state.tricks_won
        notes.append(
            f"Card points {points[0]}:{points[1]}, tricks {tricks[0]}:{tricks[1]} "
            "(declarer:defenders)"
        )
    if state.result is not None:
        notes.append(str(state.result))
    elif state.current_player is not None:
        notes.append(f"{player_name(state, state.current_player)} to move ({state.phase})")
    return notes


def table_text(rows: Rows, notes: Sequence[str]) -> str:
    """The table as plain text, one row a line."""
    lines = []
    for label, cards in rows:
        shown = " ".join("??" if card is None else card.symbol for card in cards)
        lines.append(f"{label}: {shown or '-'}")
    return "\n".join([*lines, *notes])


class Picture:
    """A static view: an SVG table and its text, shown the same way in every notebook viewer.

    It has no widget inside, so nbval compares its SVG and text, and GitHub shows the picture.
    """

    def __init__(self, svg: str, text: str, events: Sequence[str] = ()) -> None:
        self.svg = svg
        self.text = text
        self.events = tuple(events)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from cardlib.display import svg_bundle

        text = self.text if not self.events else self.text + "\n" + "\n".join(self.events)
        return svg_bundle(self.svg, text)

    def __repr__(self) -> str:
        return self.text
