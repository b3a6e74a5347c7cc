"""The words and rows of a Skitgubbe position: its heading, the prompt, the picture's rows.

Each is worked out from the position's public facts, so a state (all hands shown, or one seat's)
and a view (its own hand only) draw the same table. Labels are lazy messages, worded when drawn.

>>> print(phase_one_heading(3, 43, 0))
phase 1, 3 players, stock 43, A to play
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlib.cards import Card, Suit
from cardlib.i18n import Msg, Plural, Term
from cardlib.skitgubbe.result import Result
from cardlib.skitgubbe.wording import comma_list, name, ordinal, top_words

__all__ = [
    "Row",
    "out_words",
    "phase_one_heading",
    "phase_one_prompt",
    "phase_one_rows",
    "phase_two_heading",
    "phase_two_prompt",
    "phase_two_rows",
    "seat_label",
]

Row = tuple[str | Msg, tuple[Card | None, ...]]
"""A row of the picture: its label (worded when drawn) and its cards, ``None`` face down."""
Shown = Sequence[tuple[Card | None, ...]]
"""Each seat's hand as drawn: its cards in display order, or ``None`` for each hidden card."""


def phase_one_rows(
    hands: Shown, piles: Sequence[int], turn: int | None, table: tuple[Card, ...], stock: int,
    owner: int | None, trump: Card | None,
) -> list[Row]:  # fmt: skip
    """The hands (with the sizes of the collected ``piles``), the table, the stock and, once
    drawn, the trump card beside its ``owner`` (``trump`` ``None``: face down)."""
    rows: list[Row] = []
    for seat, cards in enumerate(hands):
        pile = piles[seat]
        rows.append((seat_label(seat, turn, "collected" if pile else "", pile), cards))
    rows.append((Term("row of the table", "table"), table))
    rows.append((Term("row of the table", "stock ({n})", n=stock), (None,) if stock else ()))
    if owner is not None:
        label = Term("row of the table", "trump card (beside {who})", who=name(owner))
        rows.append((label, (trump,)))
    return rows


def phase_one_prompt(
    turn: int, stock: int, index: int, round_: Sequence[int], last: tuple[int, Card] | None
) -> Msg:
    """What ``turn`` may do: lead (``index`` 0) to the rest of the round, or answer ``last``."""
    who = name(turn)
    turn_up = stock >= 2
    if index == 0 or last is None:
        others = comma_list([name(seat) for seat in round_[1:]])
        if turn_up:
            return Msg(
                "{who} to lead to {others}: play any card or turn up the stock's top card.",
                who=who, others=others,
            )  # fmt: skip
        return Msg("{who} to lead to {others}: play any card.", who=who, others=others)
    seat, card = last
    if turn_up:
        return Msg(
            "{who} to answer {other}'s {card}: play any card or turn up the stock's top card "
            "(no duty to follow suit or to beat).",
            who=who, other=name(seat), card=card,
        )  # fmt: skip
    return Msg(
        "{who} to answer {other}'s {card}: play any card (no duty to follow suit or to beat).",
        who=who, other=name(seat), card=card,
    )  # fmt: skip


def phase_one_heading(players: int, stock: int, turn: int) -> Msg:
    """``'phase 1, 3 players, stock 43, A to play'``."""
    return Plural(
        "phase 1, {n} player, stock {stock}, {who} to play",
        "phase 1, {n} players, stock {stock}, {who} to play",
        players, stock=stock, who=name(turn),
    )  # fmt: skip


def phase_two_rows(
    hands: Shown, out: Sequence[int], loser: int | None, turn: int | None, size: int,
    trick: tuple[Card, ...], discard: int,
) -> list[Row]:  # fmt: skip
    """The hands (who is out, who is the skitgubbe), the trick and the discard pile's size."""
    rows: list[Row] = []
    for seat, cards in enumerate(hands):
        extra = "skitgubbe" if seat == loser else ("out" if seat in out else "")
        rows.append((seat_label(seat, turn, extra), cards))
    rows.append((Term("row of the table", "trick (needs {n})", n=size), trick))
    rows.append((Term("row of the table", "discard ({n})", n=discard), (None,) if discard else ()))
    return rows


def phase_two_prompt(
    turn: int | None, result: Result | None, trumps: Suit, size: int, top: tuple[Card, ...]
) -> Msg:
    """What ``turn`` may do: lead, or beat the ``top`` play or pick it up; or the result."""
    if turn is None:
        assert result is not None
        # Translators: the result of the game as the last line under the table.
        return Msg("{result}.", result=result.text)
    who = name(turn)
    if not top:
        return Plural(
            "{who} to lead any card ({trumps} are trumps; this trick needs {n} play).",
            "{who} to lead any card ({trumps} are trumps; this trick needs {n} plays).",
            size, who=who, trumps=trumps.symbol,
        )  # fmt: skip
    if len(top) > 1:
        return Msg(
            "{who} to beat {top} or pick the run up ({trumps} are trumps).",
            who=who, top=top_words(top), trumps=trumps.symbol,
        )  # fmt: skip
    return Msg(
        "{who} to beat {card} or pick it up ({trumps} are trumps).",
        who=who, card=top[-1], trumps=trumps.symbol,
    )  # fmt: skip


def phase_two_heading(
    turn: int | None, result: Result | None, trumps: Suit, played: int, size: int,
    out: tuple[int, ...],
) -> Msg:  # fmt: skip
    """``'phase 2, trumps ♠, trick 1/3, B to play'``, or the result."""
    if turn is None:
        assert result is not None
        return Msg("phase 2, game over: {result}", result=result.text)
    args = {"trumps": trumps.symbol, "played": played, "size": size, "who": name(turn)}
    if out:
        return Msg(
            "phase 2, trumps {trumps}, trick {played}/{size}, {who} to play, out: {out}",
            out=out_words(out), **args,
        )  # fmt: skip
    return Msg("phase 2, trumps {trumps}, trick {played}/{size}, {who} to play", **args)


def seat_label(seat: int, turn: int | None, extra: str = "", n: int = 0) -> str | Msg:
    """A seat's row of the picture: ``'A'``, ``'A (to play)'``, ``'A (to play) · collected 4'``.

    ``extra`` is ``"collected"`` (with ``n`` cards), ``"out"`` or ``"skitgubbe"``.
    """
    label: str | Msg = name(seat)
    if seat == turn:
        label = Term("row of the table", "{who} (to play)", who=label)
    if extra == "collected":
        # Translators: a seat's row in the picture of the table, and the {n} cards it has collected.
        label = Plural("{who} · collected {n}", "{who} · collected {n}", n, who=label)
    elif extra == "out":
        label = Term("row of the table", "{who} · out", who=label)
    elif extra == "skitgubbe":
        label = Term("row of the table", "{who} · skitgubbe", who=label)
    return label


def out_words(out: tuple[int, ...]) -> Msg:
    """``'A 1st, B 2nd'``."""
    return comma_list(
        # Translators: a seat and its place in the order of going out: "A 1st".
        [Msg("{who} {place}", who=name(seat), place=ordinal(i + 1)) for i, seat in enumerate(out)]
    )
