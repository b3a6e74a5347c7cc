"""A Skitgubbe position as one seat may know it: a frozen value, with no way back to the state.

``state.view(seat)`` builds a :class:`StateView` on request. It holds the seat's own hand, the
sizes of the other hands, every card that lies or went face up (the table or the trick, the
plays so far, the collected piles and the discard pile, whose cards everyone saw go there), the
cards everyone knows to be in each hand, the trump card once the rules show it to that seat,
the last move's events as that seat is told them, and its legal moves on its turn. Nothing in it
refers to a state, and no card of another hand appears in it unless everyone saw it go there.

>>> from cardlib.skitgubbe import new_game
>>> view = new_game(rng=7).view(1)
>>> view.seat, view.current_player, view.phase, view.hand_sizes, view.legal_moves()
(Seat.B, Seat.A, <Phase.ONE: 1>, (3, 3, 3), [])
>>> print(view.to_text())  # doctest: +ELLIPSIS
phase 1, 3 players, stock 43, A to play
  A (to play): ?? ?? ??
  B: ...
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

from cardlib.cards import Card, Hand, Seat, Suit
from cardlib.errors import RulesError
from cardlib.i18n import N_, Msg, language
from cardlib.skitgubbe.events import Event
from cardlib.skitgubbe.moves import Move, PickUp, Play, TurnUp
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.pictures import (
    phase_one_heading,
    phase_one_prompt,
    phase_one_rows,
    phase_two_heading,
    phase_two_prompt,
    phase_two_rows,
)
from cardlib.skitgubbe.result import Result
from cardlib.skitgubbe.rules import Rules

__all__ = ["SeenPlay", "StateView", "picture", "table_text"]


@dataclass(frozen=True, slots=True)
class SeenPlay:
    """One move as the whole table saw it: who made it, in which phase, and the cards it moved
    face up (the cards played, the card turned up, or the play picked up from the trick).

    >>> from cardlib.skitgubbe import PickUp
    >>> SeenPlay(Seat.B, Phase.TWO, PickUp(), (Card.parse("H7"),))
    SeenPlay(seat=Seat.B, phase=<Phase.TWO: 2>, move=PickUp(), cards=(Card('H7'),))
    """

    seat: Seat
    phase: Phase
    move: Move
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        problem = (
            ("seat", _seat(self.seat, 4), N_("a seat 0 to 3")),
            ("phase", isinstance(self.phase, Phase), N_("Phase.ONE or Phase.TWO")),
            (
                "move",
                isinstance(self.move, Play | TurnUp | PickUp),
                N_("Play, TurnUp() or PickUp()"),
            ),
            ("cards", _cards(self.cards), N_("a tuple of cards")),
        )
        _refuse("SeenPlay", problem, self)


@dataclass(frozen=True, slots=True, repr=False)
class StateView:
    """A Skitgubbe position as ``seat`` may know it (``None``: an onlooker, who sees only what
    lies face up). Frozen; built by ``state.view(seat)``.

    Phase 1 fills ``stock_size``, ``table`` (who played what, bottom first), ``round_players``,
    ``round_index`` (how many of them have played) and ``collected`` (each pile's cards, all
    seen when their tricks were won); phase 2 ``plays`` (the trick, a run being one play),
    ``trick_size``, ``discard``, ``out_order`` and ``repeated`` (whether the position came up
    before since a card last reached the discard pile, which every player can tell from the
    plays). ``known_hands[seat]``: the cards everyone knows to be in that hand (the seat's own:
    its whole hand); ``seen``: every move so far as the table saw it. The heading, the prompt
    and the picture's rows are worked out from these when asked for.
    """

    seat: Seat | None
    rules: Rules
    dealer: Seat
    current_player: Seat | None
    phase: Phase
    hand: Hand
    hand_sizes: tuple[int, ...]
    known_hands: tuple[tuple[Card, ...], ...]
    trumps: Suit | None
    trump_card: Card | None
    trump_owner: Seat | None
    seen: tuple[SeenPlay, ...]
    events: tuple[Event, ...]
    result: Result | None
    legal: tuple[Move, ...]
    stock_size: int = 0
    table: tuple[tuple[Seat, Card], ...] = ()
    round_players: tuple[Seat, ...] = ()
    round_index: int = 0
    collected: tuple[tuple[Card, ...], ...] = ()
    plays: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    trick_size: int = 0
    discard: tuple[Card, ...] = ()
    out_order: tuple[Seat, ...] = ()
    repeated: bool = False

    def __new__(cls, *args: Any, **keywords: Any) -> StateView:
        given = {field.name for field in fields(cls)[: len(args)]} | set(keywords)
        missing = [field.name for field in fields(cls) if field.name not in given
                   and field.default is MISSING]  # fmt: skip
        if missing:
            shown = [repr(arg) for arg in args] + [f"{k}={v!r}" for k, v in keywords.items()]
            raise RulesError(
                Msg(
                    "StateView({items}): {missing} not given; a view is made by state.view(seat)",
                    items=", ".join(shown),
                    missing=", ".join(missing),
                )
            )
        return object.__new__(cls)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, field.name) for field in fields(self)))

    def __post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, Rules):
            raise RulesError(
                Msg("StateView(rules={rules}): expected the game's Rules", rules=repr(rules))
            )
        players = rules.players
        sizes = self.hand_sizes
        problem = (
            (
                "seat",
                self.seat is None or _seat(self.seat, players),
                f"None or a seat 0 to {players - 1}",
            ),
            ("dealer", _seat(self.dealer, players), f"a seat 0 to {players - 1}"),
            (
                "current_player",
                self.current_player is None or _seat(self.current_player, players),
                f"None (the game is over) or a seat 0 to {players - 1}",
            ),
            ("phase", isinstance(self.phase, Phase), N_("Phase.ONE or Phase.TWO")),
            ("hand", _cards(self.hand), N_("a tuple of cards")),
            (
                "hand_sizes",
                isinstance(sizes, tuple)
                and len(sizes) == players
                and all(_count(size) for size in sizes),
                f"{players} hand sizes, each 0 or more",
            ),
            (
                "known_hands",
                isinstance(self.known_hands, tuple)
                and len(self.known_hands) == players
                and all(_cards(cards) for cards in self.known_hands),
                f"{players} tuples of cards",
            ),
            ("trumps", self.trumps is None or isinstance(self.trumps, Suit), N_("None or a Suit")),
            (
                "trump_card",
                self.trump_card is None or isinstance(self.trump_card, Card),
                "None or a Card",
            ),
            (
                "trump_owner",
                self.trump_owner is None or _seat(self.trump_owner, players),
                f"None or a seat 0 to {players - 1}",
            ),
            ("stock_size", _count(self.stock_size), N_("a card count, 0 or more")),
            ("round_index", _count(self.round_index), N_("a count of plays, 0 or more")),
            ("trick_size", _count(self.trick_size), N_("a count of plays, 0 or more")),
        )
        _refuse("StateView", problem, self)
        if self.seat is not None and sizes[self.seat] != len(self.hand):
            raise RulesError(
                Msg(
                    "StateView(hand={hand}, hand_sizes={sizes}): seat {seat} holds "
                    "{count} cards, not {size}",
                    hand=repr(self.hand),
                    sizes=repr(sizes),
                    seat=repr(self.seat),
                    count=len(self.hand),
                    size=sizes[self.seat],
                )
            )
        if self.phase is Phase.ONE and self.current_player is None:
            raise RulesError(Msg("StateView(current_player=None): phase 1 never ends a game"))
        if self.phase is Phase.TWO and self.trumps is None:
            raise RulesError(Msg("StateView(trumps=None): everyone knows the trumps in phase 2"))

    @property
    def players(self) -> tuple[Seat, ...]:
        """The seats at the table, clockwise."""
        return tuple(Seat(seat) for seat in range(len(self.hand_sizes)))

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards on the table (phase 1) or on the trick (phase 2), bottom first."""
        if self.phase is Phase.ONE:
            return tuple(card for _, card in self.table)
        return tuple(card for _, cards in self.plays for card in cards)

    @property
    def top_card(self) -> Card | None:
        """Phase 2: the card to beat, or ``None`` when a trick is to be led."""
        return self.plays[-1][1][-1] if self.plays else None

    @property
    def leader(self) -> Seat | None:
        """Phase 1: who leads the current round."""
        return self.round_players[0] if self.round_players else None

    def legal_moves(self) -> list[Move]:
        """The legal moves when it is this seat's turn, else none."""
        return list(self.legal)

    @property
    def heading(self) -> Msg:
        """One line naming the position (the phase, the stock or the trick, whose turn)."""
        turn = self.current_player
        if self.phase is Phase.ONE:
            assert turn is not None  # phase 1 never ends a game
            return phase_one_heading(len(self.hand_sizes), self.stock_size, turn)
        assert self.trumps is not None  # everyone knows the trumps in phase 2
        return phase_two_heading(
            turn, self.result, self.trumps, len(self.plays), self.trick_size,
            tuple(self.out_order),
        )  # fmt: skip

    @property
    def prompt(self) -> Msg:
        """Whose turn it is and what they may do, or the result."""
        turn = self.current_player
        if self.phase is Phase.ONE:
            assert turn is not None
            last = self.table[-1] if self.table else None
            return phase_one_prompt(
                turn, self.stock_size, self.round_index, self.round_players, last
            )
        assert self.trumps is not None
        top = self.plays[-1][1] if self.plays else ()
        return phase_two_prompt(turn, self.result, self.trumps, self.trick_size, top)

    def rows(self) -> list[tuple[str, list[Card | None]]]:
        """The picture's rows with hidden cards as ``None``."""
        over = self.result is not None  # the skitgubbe's last cards lie face up
        shown = [
            tuple(self.hand) if seat == self.seat
            else tuple(self.known_hands[seat]) if over else (None,) * size
            for seat, size in enumerate(self.hand_sizes)
        ]  # fmt: skip
        if self.phase is Phase.ONE:
            rows = phase_one_rows(
                shown, [len(pile) for pile in self.collected], self.current_player, self.trick,
                self.stock_size, self.trump_owner, self.trump_card,
            )  # fmt: skip
        else:
            loser = None if self.result is None else self.result.loser
            rows = phase_two_rows(
                shown, self.out_order, loser, self.current_player, self.trick_size, self.trick,
                len(self.discard),
            )  # fmt: skip
        return [(str(label), list(cards)) for label, cards in rows]

    def notes(self) -> list[str]:
        """The lines under the picture: the last move's rulings, then whose turn."""
        return [*(event.ruling.explanation for event in self.events), str(self.prompt)]

    def summary(self) -> str:
        """The heading in English (a refusal names :attr:`heading`, worded when read)."""
        with language("en"):
            return str(self.heading)

    def to_text(self) -> str:
        """The position as ``seat`` may know it."""
        return table_text(str(self.heading), self.rows(), self.notes())

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return picture(self.rows(), self.notes(), self.to_text())


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _cards(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(card, Card) for card in value)


def _refuse(kind: str, checks: tuple[tuple[str, bool, str], ...], value: object) -> None:
    """Raise naming the first field whose check failed, with what it should be."""
    for name, ok, wanted in checks:
        if not ok:
            raise RulesError(
                Msg(
                    "{kind}({name}={value}): expected {wanted}",
                    kind=kind,
                    name=name,
                    value=repr(getattr(value, name)),
                    wanted=Msg(wanted),
                )
            )


def table_text(heading: str, rows: list[tuple[str, list[Card | None]]], notes: list[str]) -> str:
    """The position as text: the heading, one line per row (``??`` face down), the notes."""
    lines = [heading]
    for label, cards in rows:
        shown = " ".join("??" if card is None else card.symbol for card in cards)
        lines.append(f"  {label}: {shown or '-'}")
    lines.extend(notes)
    return "\n".join(lines)


def picture(
    rows: list[tuple[str, list[Card | None]]], notes: list[str], text: str
) -> dict[str, str]:
    """The Jupyter bundle: a table of cards with the notes under it, and the text form."""
    from cardlib import display

    return display.svg_bundle(display.table_svg(rows, notes=notes), text)
