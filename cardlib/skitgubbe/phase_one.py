"""Phase 1: collecting cards in tricks of two (or of everyone), stunsa, turning up, trumps."""

from __future__ import annotations

from typing import Any

from cardlib.cards import Card, Hand, Seat
from cardlib.i18n import Msg
from cardlib.rulings import Ruling
from cardlib.skitgubbe.events import illegal
from cardlib.skitgubbe.moves import PLAY_AT, TURN_UP, Move, PickUp, Play, TurnUp
from cardlib.skitgubbe.phase_two import start_phase_two
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.pictures import Row, phase_one_heading, phase_one_prompt, phase_one_rows
from cardlib.skitgubbe.rules import Rules
from cardlib.skitgubbe.state import Game, Hands, RawEvent, State, sort_cards, sorted_cards
from cardlib.skitgubbe.wording import SEATS, Cards, name, rule

__all__ = ["PhaseOne", "start_round"]

Table = tuple[tuple[int, Card], ...]
Piles = tuple[tuple[Card, ...], ...]


def start_round(
    rules: Rules, hands: Hands, stock_left: int, leader: int, tied: tuple[int, ...] | None
) -> tuple[tuple[int, ...], tuple[int | None, str] | None]:
    """The players of the next round (a trick, or the replay of a stunsa) in playing order, or
    why phase 1 ends: ``(seat due with no card, role)`` or ``(None, "")`` when fewer than two
    players can play."""
    players = rules.players

    def can(seat: int) -> bool:
        return bool(hands[seat]) or stock_left >= 2

    skip = rules.phase_one_end == "skip_empty"
    if rules.phase_one == "pairs":
        if tied is not None:
            first, second = tied
        else:
            first, second = leader, (leader + 1) % players
        if not skip:
            if not can(first):
                return (), (first, "lead")
            return (first, second), None
        order = [(first + step) % players for step in range(players)]
        able = [seat for seat in order if can(seat)]
        if len(able) < 2:
            return (), (None, "")
        return (able[0], able[1]), None
    start = tied[0] if tied is not None else leader
    everyone = tuple((start + step) % players for step in range(players))
    base = tied if tied is not None else everyone
    if not skip:
        if not can(base[0]):
            return (), (base[0], "lead")
        return base, None
    able = [seat for seat in base if can(seat)]
    if len(able) < 2:
        able = [seat for seat in everyone if can(seat)]
    if len(able) < 2:
        return (), (None, "")
    return tuple(able), None


def _skipped(rules: Rules, leader: int, round_: tuple[int, ...]) -> tuple[int, ...]:
    """The players passed over when ``round_`` was chosen clockwise from ``leader``."""
    if not round_:
        return ()
    players = rules.players
    order = [(leader + step) % players for step in range(players)]
    if rules.phase_one == "pairs":
        order = order[: order.index(round_[1])]
    return tuple(seat for seat in order if seat not in round_)


class PhaseOne(State):
    """A phase-1 position: hands of three, the stock, the cards on the table, collected piles."""

    __slots__ = ("_collected", "_draws", "_index", "_owner", "_pos", "_round", "_stock",
                 "_stunsas", "_table", "_trump")  # fmt: skip
    _stock: tuple[Card, ...]
    _pos: int
    _trump: Card | None
    _owner: int | None
    _collected: Piles
    _table: Table
    _round: tuple[int, ...]
    _index: int
    _stunsas: int
    _draws: tuple[tuple[int, str], ...]  # the current round so far: (seat, drew/turned/empty)

    phase = Phase.ONE

    @classmethod
    def make(
        cls,
        game: Game,
        parent: State | None,
        move: Move | None,
        events: tuple[RawEvent, ...],
        hands: Hands,
        turn: int,
        stock: tuple[Card, ...],
        pos: int,
        trump: Card | None,
        owner: int | None,
        collected: Piles,
        table: Table,
        round_: tuple[int, ...],
        index: int,
        stunsas: int,
        draws: tuple[tuple[int, str], ...],
    ) -> PhaseOne:
        state = object.__new__(cls)
        state._game = game
        state._parent = parent
        state._move = move
        state._events = events
        state._hands = hands
        state._turn = turn
        state._stock = stock
        state._pos = pos
        state._trump = trump
        state._owner = owner
        state._collected = collected
        state._table = table
        state._round = round_
        state._index = index
        state._stunsas = stunsas
        state._draws = draws
        state._seen = None
        return state

    # Properties ------------------------------------------------------------------------------
    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._pos

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (face down: for tests and teaching only)."""
        return self._stock[self._pos :]

    @property
    def trick(self) -> tuple[Card, ...]:
        """Every card on the table, bottom first (bounced cards of a stunsa included)."""
        return tuple(card for _, card in self._table)

    @property
    def table(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards on the table with who played them, bottom first."""
        return tuple((SEATS[seat], card) for seat, card in self._table)

    @property
    def trick_size(self) -> int:
        """Cards in one round of this trick: 2, or everyone taking part."""
        return len(self._round)

    @property
    def round_players(self) -> tuple[Seat, ...]:
        """Who plays in the current round, in order (leader first)."""
        return tuple(SEATS[seat] for seat in self._round)

    @property
    def leader(self) -> Seat:
        """Who leads the current round."""
        return SEATS[self._round[0]]

    @property
    def stunsas(self) -> int:
        """How many stunsas in a row are on the table (2: a double stunsa)."""
        return self._stunsas

    @property
    def collected(self) -> tuple[Hand, ...]:
        """Each seat's collected pile (face down; for phase 2)."""
        return tuple(sort_cards(pile) for pile in self._collected)

    @property
    def discard(self) -> tuple[Card, ...]:
        """Phase 1 has no discard pile."""
        return ()

    @property
    def trump_card(self) -> Card | None:
        return self._trump

    @property
    def trump_owner(self) -> Seat | None:
        return None if self._owner is None else SEATS[self._owner]

    def trump_visible_to(self, seat: int | None) -> bool:
        visibility = self._game.rules.trump_visibility
        return visibility == "all" or (visibility == "owner" and seat == self._owner)

    # Legality --------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        turn = self._turn
        if turn is None:
            return []
        moves: list[Move] = [PLAY_AT[card.index] for card in self._hands[turn]]
        if len(self._stock) - self._pos >= 2:
            moves.append(TURN_UP)
        return moves

    def _is_quick_legal(self, move: Move) -> bool:
        if type(move) is Play:
            cards = move.cards
            return (
                len(cards) == 1 and self._turn is not None and cards[0] in self._hands[self._turn]
            )
        return move is TURN_UP and self._turn is not None and len(self._stock) - self._pos >= 2

    def _why_illegal(self, move: Move) -> Ruling | None:
        turn = self._turn
        assert turn is not None
        who = name(turn)
        if isinstance(move, PickUp):
            if self.stock_size >= 2:
                text = Msg(
                    "There is no picking up in phase 1: {who} plays a hand card or turns up the "
                    "stock's top card.",
                    who=who,
                )
            else:
                text = Msg("There is no picking up in phase 1: {who} plays a hand card.", who=who)
            return illegal("pick_up_phase_one", text, rule(1, 1))
        if isinstance(move, TurnUp):
            left = self.stock_size
            if left >= 2:
                return None
            if left == 0:
                text = Msg(
                    "{who} cannot turn up: turning up needs two or more cards in the stock, and "
                    "the stock is empty.",
                    who=who,
                )
            else:
                text = Msg(
                    "{who} cannot turn up: turning up needs two or more cards in the stock, and "
                    "it holds only its last card, which fixes trumps and is drawn, never played.",
                    who=who,
                )
            return illegal("turn_up_last", text, rule(1, 5))
        if len(move.cards) > 1:
            return illegal(
                "one_card",
                Msg(
                    "In phase 1 each player plays one card at a time, not {cards}.",
                    cards=Cards(move.cards),
                ),
                rule(1, 1),
            )
        return None

    def _where(self, card: Card) -> Msg | None:
        if any(card is played for _, played in self._table):
            return Msg("it is on the table")
        if card is self._trump and self.trump_visible_to(None):
            return Msg("it is the trump card, set aside until phase 2")
        return None

    # Playing ---------------------------------------------------------------------------------
    def _apply(self, move: Move) -> State:
        turn = self._turn
        assert turn is not None
        game = self._game
        rules = game.rules
        stock = self._stock
        pos = self._pos
        hands = list(self._hands)
        trump, owner = self._trump, self._owner
        index = self._index
        how = "lead" if index == 0 else ("answer" if rules.phase_one == "pairs" else "play")
        events: list[RawEvent] = []
        if move is TURN_UP or type(move) is TurnUp:
            card = stock[pos]
            pos += 1
            events.append(("turn_up", (turn, card, how, len(stock) - pos)))
            draw = "turned"
        else:
            assert isinstance(move, Play)
            card = move.cards[0]
            hand = tuple(held for held in hands[turn] if held is not card)
            if pos < len(stock):
                drawn = stock[pos]
                pos += 1
                events.append(("play", (turn, card, how, True, len(stock) - pos)))
                if pos == len(stock):
                    trump, owner = drawn, turn
                    events.append(("trump_card", (turn, drawn, rules.trump_visibility)))
                else:
                    hand += (drawn,)
                draw = "drew"
            else:
                events.append(("play", (turn, card, how, False, 0)))
                draw = "empty"
            hands[turn] = hand
        draws = (*self._draws, (turn, draw))
        table = (*self._table, (turn, card))
        index += 1
        round_ = self._round
        left = len(stock) - pos
        new_hands = tuple(hands)
        if index < len(round_):
            due = round_[index]
            if not new_hands[due] and left < 2:
                role = "answer" if rules.phase_one == "pairs" else "play"
                return start_phase_two(
                    game, self, move, events, new_hands, self._collected, table, trump, owner,
                    (due, role),
                )  # fmt: skip
            return PhaseOne.make(
                game, self, move, tuple(events), new_hands, due, stock, pos, trump, owner,
                self._collected, table, round_, index, self._stunsas, draws,
            )  # fmt: skip
        plays = table[-len(round_) :]
        best = max(played.rank for _, played in plays)
        top = [(seat, played) for seat, played in plays if played.rank == best]
        collected = self._collected
        if len(top) == 1:
            winner, winning = top[0]
            taken = tuple(played for _, played in table)
            collected = (
                *collected[:winner], collected[winner] + taken, *collected[winner + 1 :],
            )  # fmt: skip
            next_round, end = start_round(rules, new_hands, left, winner, None)
            follower = (
                next_round[1] if len(next_round) == 2 and rules.phase_one == "pairs" else None
            )
            others = tuple((seat, played) for seat, played in plays if seat != winner)
            lead = next_round[0] if next_round else None
            events.append(
                ("trick", (winner, winning, others, len(taken), lead, follower, round_[0],
                           _skipped(rules, winner, next_round)))
            )  # fmt: skip
            table = ()
            stunsas = 0
        else:
            tied = tuple(seat for seat, _ in top)
            stunsas = self._stunsas + 1
            next_round, end = start_round(rules, new_hands, left, tied[0], tied)
            events.append(
                ("stunsa", (tied, best, stunsas, len(table),
                            next_round[0] if next_round else None, next_round[1:], round_[0],
                            draws))
            )  # fmt: skip
        if end is not None:
            return start_phase_two(
                game, self, move, events, new_hands, collected, table, trump, owner, end
            )
        return PhaseOne.make(
            game, self, move, tuple(events), new_hands, next_round[0], stock, pos, trump, owner,
            collected, table, next_round, 0, stunsas, (),
        )  # fmt: skip

    # Text and pictures -----------------------------------------------------------------------
    def _view_fields(self, viewer: Seat | None) -> dict[str, Any]:
        return {
            "stock_size": self.stock_size, "table": self.table,
            "round_players": self.round_players, "round_index": self._index,
            "collected": tuple(sorted_cards(pile) for pile in self._collected),
        }  # fmt: skip

    def _rows(self, viewer: int | None, open_hands: bool) -> list[Row]:
        shown = open_hands or self.trump_visible_to(viewer)
        return phase_one_rows(
            self._shown(viewer, open_hands), [len(pile) for pile in self._collected], self._turn,
            self.trick, self.stock_size, self._owner, self._trump if shown else None,
        )  # fmt: skip

    def _prompt(self) -> Msg:
        turn = self._turn
        assert turn is not None
        last = self._table[-1] if self._table else None
        return phase_one_prompt(turn, self.stock_size, self._index, self._round, last)

    def _heading(self) -> Msg:
        turn = self._turn
        assert turn is not None
        return phase_one_heading(self._game.players, self.stock_size, turn)
