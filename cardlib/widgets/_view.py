"""What the widgets show, as plain data: table rows, notes and step events for either game.

Nothing here imports ipywidgets, so the static pictures (``Stepper.snapshot``) and the tests of the
view need no front end. Skat and Skitgubbe states share the common protocol; the few places where
they differ (seat names, the table's rows) are settled here.

What a player may know is never decided here: a table drawn for a seat comes from
``state.view(seat)`` (its rows, the card points as that seat counts them, the events as that seat
is told them). Only the all-seeing table, for teachers and open-hands stepping, reads the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.errors import CardlibError

Rows = list[tuple[str, Sequence[Card | None]]]

__all__ = [
    "Picture",
    "Rows",
    "is_skat",
    "player_name",
    "seat_view",
    "step_events",
    "step_title",
    "table_notes",
    "table_rows",
    "table_text",
]


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


def seat_view(state: Any, viewer: int | None, *, open_hands: bool = False) -> Any | None:
    """The view a table is drawn from: ``state.view(viewer)``, or ``None`` for the all-seeing
    table (``open_hands``). A Skitgubbe onlooker (``viewer=None``) sees every hand face down; a
    Skat view needs a seat."""
    if open_hands:
        return None
    if viewer is None and is_skat(state):
        raise CardlibError(
            "a Skat table with hidden hands is drawn for a seat: give viewer=0 (FH), 1 (MH) or "
            "2 (RH), or open_hands=True for the all-seeing table"
        )
    return state.view(viewer)


def step_events(state: Any, since: Any | None = None, viewer: int | None = None) -> list[str]:
    """The plain-words rulings of the moves from ``since`` to ``state`` (default: the last move),
    as ``viewer`` is told them (``None``: everything, for an all-seeing onlooker).

    Both games' ``events`` are those of the move that made the state, so the rulings of several
    moves are gathered along the ``parent`` links.
    """
    steps = []
    while state is not None and state is not since:
        steps.append(state)
        if since is None:
            break
        state = state.parent
    return [
        event.ruling.explanation
        for step in reversed(steps)
        for event in (step.events if viewer is None else step.view(viewer).events)
    ]


def step_title(states: Sequence[Any], index: int, viewer: int | None = None) -> str:
    """``'Skat, step 7 of 41: MH lays two cards away, face down'``: the move that made step
    ``index``, named as ``viewer`` may know it (``None``: as it was made)."""
    state = states[index]
    game = "Skat" if is_skat(state) else "Skitgubbe"
    if index == 0:
        return f"{game}, step 0 of {len(states) - 1}: the deal"
    parent = states[index - 1]
    who = player_name(parent, parent.current_player)
    move = state.last_move
    text = getattr(move, "symbol", None) or str(move)
    if viewer is not None and _cards_withheld(state, move, viewer):
        text = (
            "passes two cards on, face down"
            if parent.phase == "pass on"
            else "lays two cards away, face down"
        )
    return f"{game}, step {index} of {len(states) - 1}: {who} {text}"


def _cards_withheld(state: Any, move: Any, viewer: int) -> bool:
    """Whether ``move`` put cards face down that ``viewer`` is told of without the cards."""
    if not is_skat(state):
        return False
    from cardlib.skat import Discard

    return isinstance(move, Discard) and state.view(viewer).events != state.events


def _last_trick(state: Any) -> Any | None:
    """The trick the last move completed, if it completed one (Skat)."""
    if state.trick or not state.tricks or state.last_move is None:
        return None
    parent = state.parent
    if parent is None or len(getattr(parent, "trick", ())) != 2:
        return None
    return state.tricks[-1]


def table_rows(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> Rows:
    """The labelled card rows of the table: all-seeing with ``open_hands``, else as ``viewer``'s
    view shows them (cards that seat cannot know are ``None``, face down)."""
    view = seat_view(state, viewer, open_hands=open_hands)
    if not is_skat(state):
        rows: Rows = list(view.rows() if view is not None else state.rows(viewer))
        return rows
    result: Rows = []
    if view is None:
        for position, hand in enumerate(state.hands):
            result.append((player_name(state, position), list(hand)))
        skat = state.skat
        if skat is None:
            try:
                skat = state.deal.skat
            except CardlibError:  # a position set up card by card has no deal
                skat = None
        result.append(("Skat", [None, None] if skat is None else list(skat)))
    else:
        result += [row for row in view.rows() if row[0] != "Trick"]
    shown = state if view is None else view
    for position in range(3):
        label, cards = result[position]
        if position == shown.declarer and "(declarer)" not in label:
            label += " (declarer)"
        if position == shown.current_player:
            label += " to move"
        result[position] = (label, cards)
    last = _last_trick(state)
    if shown.trick:
        result.append(("Trick", list(shown.trick)))
    elif last is not None:
        result.append((f"Trick won by {player_name(state, last.winner)}", list(last.cards)))
    else:
        result.append(("Trick", []))
    return result


def table_notes(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> list[str]:
    """The lines under the table: the game so far, the score, whose turn or the result; for a
    seat's table, the card points as that seat can count them."""
    if not is_skat(state):
        return [state.summary()]
    view = seat_view(state, viewer, open_hands=open_hands)
    if view is None:
        shown: Any = state
        headline = state.to_text().splitlines()[0]
        points, tricks = state.card_points, state.tricks_won
        counted = ""
    else:
        shown = view
        seat = player_name(state, view.seat)
        headline = _headline(state, view) + f" (as {seat} sees it)"
        points = view.card_points
        won = sum(trick.winner == view.declarer for trick in view.tricks)
        tricks = (won, len(view.tricks) - won)
        counted = "" if view.is_over else f", as {seat} counts them"
    notes = [headline]
    if shown.declaration is not None:
        notes.append(
            f"Card points {points[0]}:{points[1]}, tricks {tricks[0]}:{tricks[1]} "
            f"(declarer:defenders{counted})"
        )
    if shown.result is not None:
        notes.append(str(shown.result))
    elif shown.current_player is not None:
        notes.append(f"{player_name(state, shown.current_player)} to move ({shown.phase})")
    return notes


def _headline(state: Any, view: Any) -> str:
    """The view's game line, as the state's: ``'Skat, play, declarer MH, bid 20, ♣'``."""
    parts = [f"Skat, {view.phase}"]
    if view.declarer is not None:
        parts.append(f"declarer {player_name(state, view.declarer)}")
    if view.bid:
        parts.append(f"bid {view.bid}")
    if view.declaration is not None:
        parts.append(str(view.declaration))
    return ", ".join(parts)


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
