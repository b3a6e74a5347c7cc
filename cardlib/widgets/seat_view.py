"""What the widgets show, as plain data: table rows, notes and step events for any game.

Nothing here imports ipywidgets, so the static pictures (``Stepper.snapshot``) and the tests of the
view need no front end. Every game's states share the common protocol; what differs (seat names,
the table's rows) each game's adapter says (:mod:`cardlib.games`).

What a player may know is never decided here: a table drawn for a seat comes from
``state.view(seat)`` (its rows, the card points as that seat counts them, the events as that seat
is told them). Only the all-seeing table, for teachers and open-hands stepping, reads the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.games import AnyGame, game_of
from cardlib.i18n import Msg

Rows = list[tuple[str, Sequence[Card | None]]]

__all__ = [
    "Picture",
    "Rows",
    "adapter_of",
    "game_name",
    "player_name",
    "seat_view",
    "step_events",
    "step_texts",
    "step_title",
    "table_notes",
    "table_rows",
    "table_text",
]


def adapter_of(state: Any) -> AnyGame:
    """The registered game ``state`` belongs to."""
    return game_of(state)


def player_name(state: Any, player: int | None) -> str:
    """A seat's name as the state's game says it, in the current language (``'-'``: none)."""
    return adapter_of(state).seat_name(None if player is None else int(player))


def game_name(state: Any) -> str:
    """The name of the state's game, in the current language."""
    return str(adapter_of(state).title)


def seat_view(state: Any, viewer: int | None, *, open_hands: bool = False) -> Any | None:
    """The view a table is drawn from: ``state.view(viewer)``, or ``None`` for the all-seeing
    table (``open_hands``). A game may refuse an onlooker (``viewer=None``) with hidden hands."""
    if open_hands:
        return None
    adapter_of(state).check_viewer(viewer)
    return state.view(viewer)


def step_events(state: Any, since: Any | None = None, viewer: int | None = None) -> list[str]:
    """The plain-words rulings of the moves from ``since`` to ``state`` (default: the last move),
    as ``viewer`` is told them (``None``: everything, for an all-seeing onlooker), worded now.

    Every game's ``events`` are those of the move that made the state, so the rulings of several
    moves are gathered along the ``parent`` links.
    """
    return [str(text) for text in step_texts(state, since, viewer)]


def step_texts(state: Any, since: Any | None = None, viewer: int | None = None) -> list[Any]:
    """:func:`step_events` as the rulings give them: texts worded each time they are read, so
    that news kept by a widget reads in the language chosen later."""
    steps = []
    while state is not None and state is not since:
        steps.append(state)
        if since is None:
            break
        state = state.parent
    return [
        event.ruling.text
        for step in reversed(steps)
        for event in (step.events if viewer is None else step.view(viewer).events)
    ]


def step_title(states: Sequence[Any], index: int, viewer: int | None = None) -> str:
    """``'<game>, step 7 of 41: MH 18'``: the move that made step ``index``, named as ``viewer``
    may know it (``None``: as it was made; a game words a move made face down itself)."""
    state = states[index]
    adapter = adapter_of(state)
    game, last = str(adapter.title), len(states) - 1
    if index == 0:
        return str(Msg("{game}, step 0 of {last}: the deal", game=game, last=last))
    parent = states[index - 1]
    who = adapter.seat_name(parent.current_player)
    said = adapter.step_words(states, index, viewer)
    if said is not None:
        return str(said)
    text = adapter.move_words(state.last_move)
    # Translators: a step of a deal: the player, then the move as it is written (♠10, 18, pass).
    return str(Msg("{game}, step {index} of {last}: {who} {move}", game=game, index=index,
                   last=last, who=who, move=text))  # fmt: skip


def table_rows(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> Rows:
    """The labelled card rows of the table: all-seeing with ``open_hands``, else as ``viewer``'s
    view shows them (cards that seat cannot know are ``None``, face down)."""
    view = seat_view(state, viewer, open_hands=open_hands)
    rows: Rows = list(adapter_of(state).rows(state, view))
    return rows


def table_notes(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> list[str]:
    """The lines under the table: the game so far, the score, whose turn or the result; for a
    seat's table, what that seat can count."""
    view = seat_view(state, viewer, open_hands=open_hands)
    return adapter_of(state).notes(state, view)


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
