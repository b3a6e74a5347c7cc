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
from cardlib.i18n import Msg, Term, _
from cardlib.skat.pictures import phase_name

Rows = list[tuple[str, Sequence[Card | None]]]

__all__ = [
    "Picture",
    "Rows",
    "game_name",
    "is_skat",
    "player_name",
    "seat_view",
    "step_events",
    "step_texts",
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
    """``'FH'``/``'MH'``/``'RH'`` in Skat (in the current language), the seat letter in
    Skitgubbe."""
    if player is None:
        return "-"
    if is_skat(state):
        from cardlib.skat.engine.rules import position_term

        return str(position_term(int(player)))
    return "ABCD"[int(player)]


def game_name(state: Any) -> str:
    """``'Skat'`` or ``'Skitgubbe'``, in the current language."""
    return str(Term("game", "Skat") if is_skat(state) else Term("game", "Skitgubbe"))


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
    as ``viewer`` is told them (``None``: everything, for an all-seeing onlooker), worded now.

    Both games' ``events`` are those of the move that made the state, so the rulings of several
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
    """``'Skat, step 7 of 41: MH lays two cards away, face down'``: the move that made step
    ``index``, named as ``viewer`` may know it (``None``: as it was made)."""
    state = states[index]
    game, last = game_name(state), len(states) - 1
    if index == 0:
        return str(Msg("{game}, step 0 of {last}: the deal", game=game, last=last))
    parent = states[index - 1]
    who = player_name(parent, parent.current_player)
    move = state.last_move
    if viewer is not None and _cards_withheld(state, move, viewer):
        if parent.phase == "pass on":
            said = Msg("{game}, step {index} of {last}: {who} passes two cards on, face down",
                       game=game, index=index, last=last, who=who)  # fmt: skip
        else:
            said = Msg("{game}, step {index} of {last}: {who} lays two cards away, face down",
                       game=game, index=index, last=last, who=who)  # fmt: skip
        return str(said)
    text = getattr(move, "symbol", None) or str(move)
    # Translators: a step of a deal: the player, then the move as it is written (♠10, 18, pass).
    return str(Msg("{game}, step {index} of {last}: {who} {move}", game=game, index=index,
                   last=last, who=who, move=text))  # fmt: skip


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
    shown = state if view is None else view
    result: Rows = []
    for position in range(3):
        if view is None:
            cards: list[Card | None] = list(state.hands[position])
        else:
            hand = view.open_hands[position]
            cards = list(hand) if hand is not None else [None] * view.hand_sizes[position]
        label = _seat_label(
            player_name(state, position), position == shown.declarer,
            position == shown.current_player,
        )  # fmt: skip
        result.append((label, cards))
    if view is None:
        skat = state.skat
        if skat is None:
            try:
                skat = state.deal.skat
            except CardlibError:  # a position set up card by card has no deal
                skat = None
    else:
        skat = view.skat
    result.append((_("Skat"), [None, None] if skat is None else list(skat)))
    if view is not None and view.discards is not None and view.discards != view.skat:
        result.append((_("Laid away"), list(view.discards)))
    last = _last_trick(state)
    if shown.trick:
        result.append((_("Trick"), list(shown.trick)))
    elif last is not None:
        winner = player_name(state, last.winner)
        result.append((str(Msg("Trick won by {who}", who=winner)), list(last.cards)))
    else:
        result.append((_("Trick"), []))
    return result


def _seat_label(who: str, declarer: bool, to_move: bool) -> str:
    """A Skat seat's row: ``'MH (declarer) to move'``."""
    if declarer and to_move:
        return str(Msg("{who} (declarer) to move", who=who))
    if declarer:
        return str(Msg("{who} (declarer)", who=who))
    if to_move:
        return str(Msg("{who} to move", who=who))
    return who


def table_notes(state: Any, viewer: int | None = None, *, open_hands: bool = True) -> list[str]:
    """The lines under the table: the game so far, the score, whose turn or the result; for a
    seat's table, the card points as that seat can count them."""
    if not is_skat(state):
        return [state.heading()]
    view = seat_view(state, viewer, open_hands=open_hands)
    seat = ""
    if view is None:
        shown: Any = state
        headline = state.to_text().splitlines()[0]
        points, tricks = state.card_points, state.tricks_won
    else:
        shown = view
        seat = player_name(state, view.seat)
        headline = str(Msg("{headline} (as {seat} sees it)", headline=_headline(state, view),
                           seat=seat))  # fmt: skip
        points = view.card_points
        won = sum(trick.winner == view.declarer for trick in view.tricks)
        tricks = (won, len(view.tricks) - won)
    notes = [headline]
    if shown.declaration is not None:
        numbers = {"declarer": points[0], "defenders": points[1], "won": tricks[0],
                   "lost": tricks[1]}  # fmt: skip
        if view is None or view.is_over:
            counted = Msg("Card points {declarer}:{defenders}, tricks {won}:{lost} "
                          "(declarer:defenders)", **numbers)  # fmt: skip
        else:
            counted = Msg("Card points {declarer}:{defenders}, tricks {won}:{lost} "
                          "(declarer:defenders, as {seat} counts them)",
                          seat=seat, **numbers)  # fmt: skip
        notes.append(str(counted))
    if shown.result is not None:
        notes.append(str(shown.result))
    elif shown.current_player is not None:
        who = player_name(state, shown.current_player)
        notes.append(str(Msg("{who} to move ({phase})", who=who, phase=phase_name(shown.phase))))
    return notes


def _headline(state: Any, view: Any) -> str:
    """The view's game line, as the state's: ``'Skat, play, declarer MH, bid 20, ♣'``."""
    parts = [game_name(state), phase_name(view.phase)]
    if view.declarer is not None:
        parts.append(str(Msg("declarer {who}", who=player_name(state, view.declarer))))
    if view.bid:
        parts.append(str(Msg("bid {bid}", bid=view.bid)))
    if view.declaration is not None:
        parts.append(str(view.declaration))
    return _(", ").join(parts)


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
