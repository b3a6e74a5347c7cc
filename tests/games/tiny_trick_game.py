"""A tiny trick-taking game for two, written only against ``cardlib.protocol`` and registered
with ``cardlib.games.register_game``: the proof that the widgets and the command line serve a
game they have never heard of.

Twelve cards (9 to ace of clubs and of hearts), six each. The leader plays any card; the other
player must follow suit if able; the higher card of the led suit wins the trick and leads next.
After six tricks the one with more tricks wins: returns +1 and -1, and 0 each at three all (the
tie is this example's own decision).

>>> state = new_game(1)
>>> state.current_player, len(state.legal_moves()), state.phase
(Seat.A, 6, <Phase.PLAY: 'play'>)
>>> while not state.is_over:
...     state = state.play(state.legal_moves()[0])
>>> state.returns(), len(state.history())
((-1, 1), 13)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cardlib.cards import Card, Hand, Rank, Seat, Suit
from cardlib.errors import CardlibError, IllegalMoveError
from cardlib.games import Bot, Buttons, Click, DealScore, register_game
from cardlib.i18n import Msg, Plural, Term
from cardlib.protocol import StateBase
from cardlib.rulings import Ruling

__all__ = ["ADAPTER", "NAME", "Phase", "Play", "RandomBot", "TinyState", "TinyView", "new_game"]

NAME = "tiny"
DECK = tuple(Card(suit, rank) for suit in (Suit.CLUBS, Suit.HEARTS) for rank in Rank if rank >= 9)
SEATS = (Seat.A, Seat.B)


class Phase(Enum):
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Play:
    """Play one card."""

    card: Card

    @property
    def symbol(self) -> str:
        return self.card.symbol


@dataclass(frozen=True)
class Event:
    """A card played or a trick won; every event is told to both seats."""

    code: str
    player: Seat | None
    ruling: Ruling

    def is_known_to(self, seat: int | None) -> bool:
        return True

    def told_to(self, seat: int | None) -> Event:
        return self


@dataclass(frozen=True)
class Result:
    tricks: tuple[int, int]

    def returns(self) -> tuple[int, int]:
        a, b = self.tricks
        return (0, 0) if a == b else (1, -1) if a > b else (-1, 1)

    @property
    def text(self) -> Msg:
        a, b = self.tricks
        if a == b:
            return Msg("a draw, {a}:{b} tricks", a=a, b=b)
        return Msg("{who} wins, {a}:{b} tricks", who=SEATS[0 if a > b else 1].name, a=a, b=b)

    def __str__(self) -> str:
        return str(self.text)


@dataclass(frozen=True)
class TinyView:
    """The game as ``seat`` knows it: its hand, the other's hand size, the cards played."""

    seat: Seat | None
    current_player: Seat | None
    phase: Phase
    hand: Hand
    hand_sizes: tuple[int, int]
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int]
    events: tuple[Event, ...]
    result: Result | None
    _legal: tuple[Play, ...] = field(repr=False)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self) -> list[Play]:
        return list(self._legal)

    def rows(self) -> list[tuple[str, list[Card | None]]]:
        rows: list[tuple[str, list[Card | None]]] = []
        for seat in SEATS:
            cards: list[Card | None] = (
                list(self.hand) if seat == self.seat else [None] * self.hand_sizes[seat]
            )
            rows.append((seat.name, cards))
        rows.append((str(Msg("Trick")), list(self.trick)))
        return rows

    def notes(self) -> list[str]:
        a, b = self.tricks_won
        notes = [str(Msg("Tiny trick game, tricks {a}:{b}", a=a, b=b))]
        if self.result is not None:
            notes.append(str(self.result))
        elif self.current_player is not None:
            notes.append(str(Msg("{who} to move", who=self.current_player.name)))
        return notes

    def to_text(self) -> str:
        lines = [self.notes()[0]]
        for label, cards in self.rows():
            lines.append(f"{label}: " + (" ".join("??" if c is None else c.symbol for c in cards)
                                         or "-"))  # fmt: skip
        return "\n".join([*lines, *self.notes()[1:]])


class TinyState(StateBase[Play]):
    """A position of the tiny game (immutable)."""

    __slots__ = ("_events", "_move", "_parent", "hands", "leader", "trick", "tricks_won")

    def __init__(
        self,
        hands: tuple[Hand, Hand],
        leader: Seat,
        trick: tuple[Card, ...] = (),
        tricks_won: tuple[int, int] = (0, 0),
        parent: TinyState | None = None,
        move: Play | None = None,
        events: tuple[Event, ...] = (),
    ) -> None:
        self.hands, self.leader, self.trick, self.tricks_won = hands, leader, trick, tricks_won
        self._parent, self._move, self._events = parent, move, events

    @property
    def parent(self) -> TinyState | None:
        return self._parent

    @property
    def last_move(self) -> Play | None:
        return self._move

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def seat_count(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.is_over else Phase.PLAY

    @property
    def result(self) -> Result | None:
        return Result(self.tricks_won) if self.is_over else None

    @property
    def current_player(self) -> Seat | None:
        if self.is_over:
            return None
        return self.leader if not self.trick else SEATS[1 - self.leader]

    def legal_moves(self) -> list[Play]:
        player = self.current_player
        if player is None:
            return []
        hand = self.hands[player]
        if self.trick:
            led = [card for card in hand if card.suit == self.trick[0].suit]
            hand = Hand(led) if led else hand
        return [Play(card) for card in hand]

    def why_illegal(self, move: Any) -> Ruling | None:
        player = self.current_player
        if player is None:
            return Ruling("over", Msg("the game is over"))
        if not isinstance(move, Play):
            return Ruling("not a move", Msg("{move!r} is not a move of this game", move=move))
        if move.card not in self.hands[player]:
            return Ruling("not held", Msg("{card} is not in {who}'s hand", card=move.card.symbol,
                                          who=player.name))  # fmt: skip
        if move not in self.legal_moves():
            return Ruling("follow suit", Msg("{who} must follow suit", who=player.name),
                          Msg("follow suit if you can"))  # fmt: skip
        return None

    def play(self, move: Any) -> TinyState:
        ruling = self.why_illegal(move)
        if ruling is not None:
            raise IllegalMoveError(ruling, self.to_text())
        player = self.current_player
        assert player is not None
        hands = list(self.hands)
        hands[player] = Hand(card for card in hands[player] if card != move.card)
        played = Ruling("played", Msg("{who} plays {card}", who=player.name, card=move.symbol))
        events = [Event("played", player, played)]
        trick, won, leader = (*self.trick, move.card), self.tricks_won, self.leader
        if len(trick) == 2:
            first, second = trick
            beats = second.suit == first.suit and second.rank > first.rank
            leader = player if beats else self.leader
            won = (won[0] + (leader == 0), won[1] + (leader == 1))
            text = Msg("{who} wins the trick", who=leader.name)
            events.append(
                Event("trick", None, Ruling("trick", text, Msg("higher of the led suit")))
            )
            trick = ()
        return TinyState((hands[0], hands[1]), leader, trick, won, self, move, tuple(events))

    def view(self, seat: int | None) -> TinyView:
        who = None if seat is None else Seat(seat)
        legal = tuple(self.legal_moves()) if who is not None and who == self.current_player else ()
        return TinyView(
            who, self.current_player, self.phase,
            self.hands[who] if who is not None else Hand(),
            (len(self.hands[0]), len(self.hands[1])), self.trick, self.tricks_won, self.events,
            self.result, legal,
        )  # fmt: skip

    def to_text(self) -> str:
        a, b = self.tricks_won
        lines = [str(Msg("Tiny trick game, tricks {a}:{b}", a=a, b=b))]
        lines += [f"{seat.name}: {self.hands[seat].symbol or '-'}" for seat in SEATS]
        lines.append("Trick: " + (" ".join(card.symbol for card in self.trick) or "-"))
        return "\n".join(lines)


def new_game(seed: int) -> TinyState:
    """Shuffle the twelve cards with ``seed`` and deal six each; A leads."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return TinyState((Hand(sorted(cards[:6], key=DECK.index)),
                      Hand(sorted(cards[6:], key=DECK.index))), Seat.A)  # fmt: skip


class Reason:
    """The random player's explanation."""

    def __init__(self, move: Play) -> None:
        self.move = move

    def __str__(self) -> str:
        return str(Msg("any legal card will do: {card}", card=self.move.symbol))


class RandomBot:
    """Plays a legal card at random; given a state it looks only at the mover's view."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def _view(self, view_or_state: Any) -> TinyView:
        if isinstance(view_or_state, TinyState):
            return view_or_state.view(view_or_state.current_player)
        view: TinyView = view_or_state
        return view

    def choose(self, view_or_state: Any) -> Play:
        return self.rng.choice(self._view(view_or_state).legal_moves())

    def explain(self, view_or_state: Any) -> Reason:
        moves = self._view(view_or_state).legal_moves()
        return Reason(moves[0])

    def hint(self, view_or_state: Any) -> Msg:
        return Msg("{reason}", reason=str(self.explain(view_or_state)))


class TinyAdapter:
    """The tiny game behind ``cardlib.games.GameAdapter``; every kind of player is random."""

    name = NAME
    cli_module: str | None = None
    widgets: Mapping[str, str] = {}

    @property
    def title(self) -> Term:
        return Term("game", "Tiny trick game")

    def new_game(self, seed: int, rules: Any = None, seats: int | None = None) -> TinyState:
        if seats not in (None, 2):
            raise CardlibError(f"the tiny game has 2 seats, not {seats!r}")
        return new_game(seed)

    def owns(self, state: Any) -> bool:
        return isinstance(state, TinyState)

    def seats(self, state: Any) -> int:
        return 2

    def seat_name(self, seat: int | None) -> str:
        return "-" if seat is None else SEATS[int(seat)].name

    def player_kinds(self) -> Mapping[str, object]:
        return {"random": Msg("random")}

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Bot:
        return RandomBot(rng)

    def check_viewer(self, viewer: int | None) -> None:
        return None

    def rows(self, state: Any, view: Any | None) -> list[tuple[str, list[Card | None]]]:
        if view is not None:
            shown: list[tuple[str, list[Card | None]]] = view.rows()
            return shown
        rows: list[tuple[str, list[Card | None]]] = [
            (seat.name, list(state.hands[seat])) for seat in SEATS
        ]
        return [*rows, (str(Msg("Trick")), list(state.trick))]

    def seat_rows(self, state: Any, view: Any) -> list[tuple[str, list[Card | None]]]:
        return self.rows(state, view)

    def notes(self, state: Any, view: Any | None) -> list[str]:
        notes: list[str] = (view if view is not None else state.view(None)).notes()
        return notes

    def clickable(self, view: Any) -> set[Card]:
        return {move.card for move in view.legal_moves()}

    def click(self, view: Any, card: Card, selected: Sequence[Card]) -> Click:
        return Click(move=Play(card))

    def buttons(self, view: Any, selected: Sequence[Card]) -> Buttons:
        return Buttons()

    def move_words(self, move: Any) -> str:
        return str(getattr(move, "symbol", move))

    def parse_move(self, view: Any, text: str) -> Play:
        try:
            return Play(Card(text.strip()))
        except (CardlibError, ValueError):
            raise CardlibError(f"{text!r} is not a card (type one such as HA or C9)") from None

    def step_words(self, states: Sequence[Any], index: int, viewer: int | None) -> object | None:
        return None

    def states_words(self, count: int, index: int) -> object:
        return Plural("{n} state of a tiny game, at step {index}",
                      "{n} states of a tiny game, at step {index}", count, index=index)  # fmt: skip

    def replay(self, record: str) -> list[Any] | None:
        return None

    def scorings(self) -> Sequence[object]:
        return (Term("scoring", "points"),)

    def deal_score(self, state: Any, seat: int) -> DealScore:
        returns = state.result.returns()
        return DealScore(None if returns[seat] == 0 else returns[seat] > 0, (returns,))


ADAPTER = TinyAdapter()
register_game(NAME, ADAPTER)
