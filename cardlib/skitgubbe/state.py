"""What every Skitgubbe state shares: the protocol, history, text, pictures and views.

The two phases are two small immutable classes (:class:`~cardlib.skitgubbe.phase_one.PhaseOne`
and :class:`~cardlib.skitgubbe.phase_two.PhaseTwo`) so that ``play`` never branches on a phase
field. Both follow the same protocol: ``current_player``, ``legal_moves()``, ``why_illegal(move)``,
``is_legal(move)``, ``play(move)``, ``is_over``, ``result``, ``events``, ``to_text()``, ``parent``,
``last_move``, ``history()`` and ``record()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card, Hand, Seat, Suit
from cardlib.errors import IllegalMoveError, RecordError, RulesError
from cardlib.i18n import Msg, Plural, language
from cardlib.protocol import StateBase
from cardlib.rulings import Ruling
from cardlib.skitgubbe.events import Event, illegal
from cardlib.skitgubbe.moves import Move, PickUp, Play, TurnUp
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.pictures import Row
from cardlib.skitgubbe.record_text import record_text
from cardlib.skitgubbe.result import Result
from cardlib.skitgubbe.rules import Rules
from cardlib.skitgubbe.views import SeenPlay, StateView, picture, table_text
from cardlib.skitgubbe.wording import MOVES, SEATS, SETUP, Cards, name, rule

__all__ = ["Result", "State", "StateView"]

Hands = tuple[tuple[Card, ...], ...]
RawEvent = tuple[str, tuple[Any, ...]]


class Game:
    """What never changes during one game: the rules, the seats, the deal it started from."""

    __slots__ = ("dealer", "deck", "masks", "origin", "players", "removed", "rules", "seats")

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: tuple[Card, ...] | None,
        removed: tuple[Card, ...],
        origin: str,
    ) -> None:
        self.rules = rules
        self.players = rules.players
        self.seats = tuple(Seat(seat) for seat in range(rules.players))
        self.dealer = dealer
        self.deck = deck
        self.removed = removed
        self.origin = origin
        self.masks: tuple[int, ...] = ()  # phase 2: the cards that beat each card, as bitmasks


def sort_cards(cards: Sequence[Card]) -> Hand:
    """Cards in display order: suit by suit (♣ ♠ ♥ ♦), high to low (``cards`` are cards already,
    so they are not checked again)."""
    return tuple.__new__(Hand, sorted(cards, key=_index))


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """:func:`sort_cards` as a plain tuple (quicker, for values that are not drawn)."""
    return tuple(sorted(cards, key=_index))


def _index(card: Card | str) -> int:
    assert isinstance(card, Card)
    return card.index


class State(StateBase[Move]):
    """A position in a game of Skitgubbe; immutable. Create with ``new_game`` or a position."""

    __slots__ = ("_events", "_game", "_hands", "_move", "_parent", "_seen", "_turn")
    _game: Game
    _parent: State | None
    _move: Move | None
    _events: tuple[RawEvent, ...]
    _hands: Hands
    _turn: int | None
    _seen: tuple[SeenPlay, ...] | None  # every move as the table saw it, built on request

    phase: Phase

    # The protocol -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The rule options of this game."""
        return self._game.rules

    @property
    def players(self) -> tuple[Seat, ...]:
        """The seats at the table, clockwise: ``(Seat.A, Seat.B, Seat.C)`` for three."""
        return self._game.seats

    @property
    def dealer(self) -> Seat:
        """The dealer; the player on the dealer's left leads first."""
        return SEATS[self._game.dealer]

    @property
    def seat_count(self) -> int:
        """How many seats play."""
        return self._game.players

    @property
    def current_player(self) -> Seat | None:
        """Whose turn it is; ``None`` once the game is over."""
        return None if self._turn is None else SEATS[self._turn]

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's hand, sorted for display."""
        return tuple(sort_cards(hand) for hand in self._hands)

    def hand(self, seat: int) -> Hand:
        """One seat's hand, sorted for display."""
        return sort_cards(self._hands[self._seat(seat)])

    def _seat(self, seat: object) -> int:
        """``seat`` as a number if it sits at this table, else ``RulesError``."""
        players = self._game.players
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
            return int(seat)
        last = Seat(players - 1).name
        raise RulesError(
            Msg(
                "{seat} is not a seat at this table of {players} players: expected "
                "Seat.A to Seat.{last} (0-{value})",
                seat=repr(seat),
                players=players,
                last=last,
                value=players - 1,
            )
        )

    @property
    def removed(self) -> tuple[Card, ...]:
        """Cards set aside unseen before the deal (two players, ``removed_for_two``)."""
        return self._game.removed

    @property
    def parent(self) -> State | None:
        """The state before the last move, or ``None`` at the start."""
        return self._parent

    @property
    def last_move(self) -> Move | None:
        """The move that produced this state."""
        return self._move

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that produced this state caused, each with a ``.ruling``."""
        kinds = Event.KINDS
        return tuple(kinds[code](*args) for code, args in self._events)

    def all_events(self) -> tuple[Event, ...]:
        """Every event from the deal to this state."""
        return tuple(event for state in self.history() for event in state.events)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rulings of ``events``."""
        return tuple(event.ruling for event in self.events)

    @property
    def is_over(self) -> bool:
        """True once only one player holds cards."""
        return self._turn is None

    @property
    def loser(self) -> Seat | None:
        """The skitgubbe once the game is over."""
        return None

    @property
    def out_order(self) -> tuple[Seat, ...]:
        """The players who went out, first out first."""
        return ()

    @property
    def result(self) -> Result | None:
        """The loser and the out order once the game is over, else ``None``."""
        loser = self.loser
        return None if loser is None else Result(loser, self.out_order)

    def moves(self) -> list[tuple[Seat, Move]]:
        """Every move that led here, with the seat that made it."""
        out: list[tuple[Seat, Move]] = []
        for state in self.history()[1:]:
            parent = state._parent
            assert parent is not None and parent._turn is not None and state._move is not None
            out.append((SEATS[parent._turn], state._move))
        return out

    def record(self) -> str:
        """The game's text record (rules, deal, one line per move); ``replay`` reads it back."""
        game = self._game
        if game.deck is None:
            raise RecordError(
                Msg(
                    "this game started from a set-up position, not a deal; only dealt games "
                    "have records"
                )
            )
        return record_text(game.rules, game.dealer, game.deck, self.moves())

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move; empty once the game is over."""
        raise NotImplementedError

    def why_illegal(self, move: object, seat: int | None = None) -> Ruling | None:
        """``None`` if ``move`` is legal now (by ``seat``, if given), else the ruling against it."""
        if self._turn is None:
            loser = self.loser
            over = (
                Msg("The game is over: {loser} is the skitgubbe; no more moves.", loser=loser.name)
                if loser is not None
                else Msg("The game is over: nobody is the skitgubbe; no more moves.")
            )
            return illegal("game_over", over, rule(2, 6))
        if not isinstance(move, Play | TurnUp | PickUp):
            return illegal(
                "not_a_move",
                Msg(
                    "{move} is not a move: expected Play(card), TurnUp() or PickUp().",
                    move=repr(move),
                ),
                MOVES,
            )
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self._game.players):
            players = self._game.players
            return illegal(
                "not_a_seat",
                Plural(
                    "{seat} is not a seat at this table of {n} player.",
                    "{seat} is not a seat at this table of {n} players.",
                    players,
                    seat=repr(seat),
                ),
                SETUP,
            )
        if seat is not None and int(seat) != self._turn:
            return illegal(
                "out_of_turn",
                Msg("It is {turn}'s turn, not {seat}'s.", turn=name(self._turn), seat=name(seat)),
                rule(1, 1) if self.phase is Phase.ONE else rule(2, 2),
            )
        if isinstance(move, Play):
            for card in move.cards:
                if card in self._hands[self._turn]:
                    continue
                return self._not_in_hand(card)
        return self._why_illegal(move)

    def is_legal(self, move: object, seat: int | None = None) -> bool:
        """``why_illegal(move, seat) is None``."""
        return self.why_illegal(move, seat) is None

    def play(self, move: Move, seat: int | None = None) -> State:
        """The state after ``move``; raises ``IllegalMoveError`` (with the ruling) if illegal."""
        if seat is None and self._is_quick_legal(move):
            return self._apply(move)
        ruling = self.why_illegal(move, seat)
        if ruling is not None:
            raise IllegalMoveError(ruling, self.heading())
        return self._apply(move)

    def _is_quick_legal(self, move: Move) -> bool:
        return False

    def _why_illegal(self, move: Move) -> Ruling | None:
        raise NotImplementedError

    def _apply(self, move: Move) -> State:
        raise NotImplementedError

    def _not_in_hand(self, card: Card) -> Ruling:
        """A card the player to move does not hold; hidden places are never revealed.

        Whether the card sits in another hand, the stock or a face-down pile stays secret, so the
        ruling names only face-up places (the table, the discard pile).
        """
        turn = self._turn
        assert turn is not None
        where = self._where(card)
        who, hand = name(turn), self.hand(turn)
        if hand and where is not None:
            text = Msg(
                "{card} is not in {who}'s hand ({where}). {who} holds {hand}.",
                card=card, who=who, where=where, hand=Cards(hand),
            )  # fmt: skip
        elif hand:
            text = Msg(
                "{card} is not in {who}'s hand. {who} holds {hand}.",
                card=card, who=who, hand=Cards(hand),
            )  # fmt: skip
        elif where is not None:
            text = Msg(
                "{card} is not in {who}'s hand ({where}). {who} holds no cards.",
                card=card, who=who, where=where,
            )  # fmt: skip
        else:
            text = Msg("{card} is not in {who}'s hand. {who} holds no cards.", card=card, who=who)
        return illegal("not_in_hand", text, MOVES)

    def _where(self, card: Card) -> Msg | None:
        """Where ``card`` lies if everyone can see it there, else ``None``."""
        return None

    # Seen cards and views -----------------------------------------------------------------
    def trump_visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (or an onlooker, ``None``) may see the trump card now."""
        return True

    def seen_by(self, seat: int) -> frozenset[Card]:
        """Every card ``seat`` has seen so far: its hands over time, every card played face up
        (including turned-up cards and cards now in collected piles or the discard pile), and
        the trump card once ``seat`` may look at it. The cards no seat has seen are the ones a
        probability question has to average over.
        """
        seat = self._seat(seat)
        seen: set[Card] = set()
        for state in self.history():
            seen.update(state._hands[seat])
            seen.update(state._played_cards())
        trump = self.trump_card
        if trump is not None and self.trump_visible_to(seat):
            seen.add(trump)
        return frozenset(seen)

    def _played_cards(self) -> tuple[Card, ...]:
        """Cards the last move put face up on the table."""
        played: tuple[Card, ...] = ()
        for code, args in self._events:
            if code in ("play", "turn_up"):
                played += (args[1],)
            elif code in ("lead", "beat"):
                played += args[1]
        return played

    @property
    def trump_card(self) -> Card | None:
        """The last stock card, which fixes trumps (``None`` before it is drawn)."""
        return None

    @property
    def trump_owner(self) -> Seat | None:
        """Who drew the trump card (``None`` before it is drawn)."""
        return None

    @property
    def trumps(self) -> Suit | None:
        """The trump suit once the trump card is drawn (hidden from players in phase 1 unless
        ``trump_visibility`` allows; the engine knows it)."""
        card = self.trump_card
        return None if card is None else card.suit

    def view(self, seat: int | None) -> StateView:
        """This state as ``seat`` may know it, a frozen value (other hands face down); ``None``:
        an onlooker, who sees only what lies face up. Once the game is over the skitgubbe's last
        cards are turned up for everyone (``known_hands``), as a Skat table turns every card over
        at the end: the game is decided, nothing is left to hide."""
        viewer = None if seat is None else SEATS[self._seat(seat)]
        turn = self.current_player
        visible = self.trump_visible_to(viewer)
        trump = self.trump_card if visible else None
        hand = self.hand(viewer) if viewer is not None else Hand()
        if viewer is None:
            events = tuple(event.face_up() for event in self.events)
        else:
            events = tuple(event.told_to(viewer) for event in self.events)
        legal = tuple(self.legal_moves()) if viewer is not None and viewer == turn else ()
        return StateView(
            seat=viewer, rules=self._game.rules, dealer=self.dealer, current_player=turn,
            phase=self.phase, hand=hand, hand_sizes=tuple(len(held) for held in self._hands),
            known_hands=self._known_hands(viewer, hand) if self.result is None else self.hands,
            trumps=self.trumps if visible else None,
            trump_card=trump, trump_owner=self.trump_owner, seen=self.seen_plays(),
            events=events, result=self.result, legal=legal, **self._view_fields(viewer),
        )  # fmt: skip

    def _known_hands(self, viewer: Seat | None, hand: Hand) -> tuple[tuple[Card, ...], ...]:
        """The cards everyone knows to be in each hand; ``viewer``'s own ``hand`` in full."""
        return tuple(tuple(hand) if seat == viewer else () for seat in range(self._game.players))

    def _view_fields(self, viewer: Seat | None) -> dict[str, Any]:
        """The fields of ``view(viewer)`` that belong to this phase."""
        raise NotImplementedError

    def seen_plays(self) -> tuple[SeenPlay, ...]:
        """Every move that led here, as the whole table saw it (the cards it moved face up)."""
        chain: list[State] = []
        state: State | None = self
        while state is not None and state._seen is None:
            chain.append(state)
            state = state._parent
        seen = () if state is None else state._seen
        assert seen is not None
        for past in reversed(chain):
            parent = past._parent
            if parent is not None:
                seen = (*seen, past._seen_play(parent))
            past._seen = seen
        return seen

    def _seen_play(self, parent: State) -> SeenPlay:
        """The move from ``parent`` to this state as the table saw it."""
        move = self._move
        assert move is not None and parent._turn is not None
        if isinstance(move, Play):
            cards = move.cards
        else:
            cards = next(
                (args[1],) if code == "turn_up" else args[2]
                for code, args in self._events
                if code in ("turn_up", "pick_up", "trick_emptied")
            )
        return SeenPlay(SEATS[parent._turn], parent.phase, move, cards)

    def rows(self, viewer: int | None = None, *, open_hands: bool = True) -> list[
        tuple[str, list[Card | None]]
    ]:  # fmt: skip
        """Labelled rows of cards for a picture; hidden cards are ``None`` (face down)."""
        return [(str(label), list(cards)) for label, cards in self._rows(viewer, open_hands)]

    def _rows(self, viewer: int | None, open_hands: bool) -> list[Row]:
        raise NotImplementedError

    def _shown(self, viewer: int | None, open_hands: bool) -> list[tuple[Card | None, ...]]:
        """Each hand as drawn: in display order, or face down unless ``open_hands`` or it is
        ``viewer``'s."""
        return [
            sort_cards(hand) if open_hands or seat == viewer else (None,) * len(hand)
            for seat, hand in enumerate(self._hands)
        ]

    def notes(self) -> list[str]:
        """Text lines under the picture: the rulings of the last move, then whose turn."""
        lines = [event.ruling.explanation for event in self.events]
        lines.append(self.prompt())
        return lines

    def prompt(self) -> str:
        """Whose turn it is and what they may do, or the result."""
        return str(self._prompt())

    def _prompt(self) -> Msg:
        raise NotImplementedError

    def heading(self) -> str:
        """One line naming the position (the phase, the stock or the trick, whose turn)."""
        return str(self._heading())

    def _heading(self) -> Msg:
        raise NotImplementedError

    def summary(self) -> str:
        """The heading in English, for ``repr``."""
        with language("en"):
            return str(self._heading())

    def summary_message(self) -> Msg:
        """The heading as a message, for a refusal: worded in the language it is read in.

        >>> from cardlib.skitgubbe import new_game
        >>> state = new_game(Rules(), 7)
        >>> with language("ko"):
        ...     print(state.summary_message())
        1페이즈, 3명, 비축 더미 43장, A 차례
        """
        return self._heading()

    def to_text(self, viewer: int | None = None, *, open_hands: bool = True) -> str:
        """The position as text: hands, table, piles, the last rulings, whose turn.

        With ``open_hands=False`` only ``viewer``'s hand is shown (``None``: an onlooker).
        """
        return table_text(self.heading(), self.rows(viewer, open_hands=open_hands), self.notes())

    def __repr__(self) -> str:
        return f"<Skitgubbe {self.summary()}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return picture(self.rows(), self.notes(), self.to_text())
