"""Phase 2: beating or picking up, tricks that shrink as players go out, the skitgubbe."""

from __future__ import annotations

from typing import Any

from cardlib.cards import Card, Hand, Seat, Suit
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural, joined
from cardlib.rulings import Ruling
from cardlib.skitgubbe.beating import beat_masks, beaters, beats, is_run, runs
from cardlib.skitgubbe.events import illegal
from cardlib.skitgubbe.moves import PICK_UP, PLAY_AT, Move, PickUp, Play, TurnUp
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.pictures import Row, phase_two_heading, phase_two_prompt, phase_two_rows
from cardlib.skitgubbe.state import (
    Game,
    Hands,
    RawEvent,
    State,
    sort_cards,
)
from cardlib.skitgubbe.wording import (
    SEATS,
    SEQUENCES,
    Cards,
    Sentences,
    name,
    play_words,
    rule,
)

__all__ = [
    "PhaseTwo",
    "beat_masks",
    "beaters",
    "beats",
    "is_run",
    "repeated_position",
    "runs",
    "start_phase_two",
]

Trick = tuple[tuple[int, tuple[Card, ...]], ...]


def next_with_cards(hands: Hands, seat: int) -> tuple[int, tuple[int, ...]]:
    """The first seat after ``seat`` (clockwise) holding cards, and the empty seats skipped."""
    players = len(hands)
    skipped: tuple[int, ...] = ()
    for step in range(1, players + 1):
        other = (seat + step) % players
        if hands[other]:
            return other, skipped
        skipped += (other,)
    raise RulesError(Msg("nobody holds cards"))  # pragma: no cover - the game is over before this


def start_phase_two(
    game: Game,
    parent: State | None,
    move: Move | None,
    events: list[RawEvent],
    hands: Hands,
    collected: tuple[tuple[Card, ...], ...],
    table: tuple[tuple[int, Card], ...],
    trump: Card | None,
    owner: int | None,
    reason: tuple[int | None, str],
) -> PhaseTwo:
    """End phase 1: return an unfinished trick, take up the piles and the trump card."""
    if trump is None or owner is None:
        raise RulesError(Msg("phase 1 cannot end before the last stock card is drawn"))
    returned: dict[int, tuple[Card, ...]] = {}
    for seat, card in table:
        returned[seat] = (*returned.get(seat, ()), card)
    events.append(("phase_one_end", (reason[0], reason[1], tuple(returned.items()))))
    new_hands = tuple(
        hands[seat] + collected[seat] + returned.get(seat, ()) + ((trump,) if seat == owner else ())
        for seat in range(game.players)
    )
    events.append(("trumps", (owner, trump)))
    game.masks = beat_masks(trump.suit)
    players = game.players
    out: tuple[int, ...] = ()
    for step in range(players):
        seat = (owner + step) % players
        if not new_hands[seat]:
            out += (seat,)
            events.append(("out", (seat, len(out), True)))
    holders = [seat for seat in range(players) if new_hands[seat]]
    if len(holders) == 1:
        events.append(("loser", (holders[0],)))
        return PhaseTwo.make(
            game, parent, move, tuple(events), new_hands, None, trump.suit, trump, owner, (),
            1, out, (), holders[0],
        )  # fmt: skip
    return PhaseTwo.make(
        game, parent, move, tuple(events), new_hands, owner, trump.suit, trump, owner, (),
        len(holders), out, (), None,
    )  # fmt: skip


class PhaseTwo(State):
    """A phase-2 position: hands of any size, trumps, the trick, the dead discard pile."""

    __slots__ = ("_discard", "_known", "_loser", "_out", "_owner", "_size", "_trick", "_trump",
                 "_trumps")  # fmt: skip
    _trumps: Suit
    _trump: Card | None
    _owner: int | None
    _trick: Trick
    _size: int
    _out: tuple[int, ...]
    _discard: tuple[Card, ...]
    _loser: int | None
    _known: tuple[tuple[Card, ...], ...] | None  # what everyone knows of the hands, on request

    phase = Phase.TWO

    @classmethod
    def make(
        cls,
        game: Game,
        parent: State | None,
        move: Move | None,
        events: tuple[RawEvent, ...],
        hands: Hands,
        turn: int | None,
        trumps: Suit,
        trump: Card | None,
        owner: int | None,
        trick: Trick,
        size: int,
        out: tuple[int, ...],
        discard: tuple[Card, ...],
        loser: int | None,
    ) -> PhaseTwo:
        state = object.__new__(cls)
        state._game = game
        state._parent = parent
        state._move = move
        state._events = events
        state._hands = hands
        state._turn = turn
        state._trumps = trumps
        state._trump = trump
        state._owner = owner
        state._trick = trick
        state._size = size
        state._out = out
        state._discard = discard
        state._loser = loser
        state._seen = None
        state._known = None
        return state

    # Properties ------------------------------------------------------------------------------
    @property
    def trumps(self) -> Suit:
        return self._trumps

    @property
    def trump_card(self) -> Card | None:
        return self._trump

    @property
    def trump_owner(self) -> Seat | None:
        return None if self._owner is None else SEATS[self._owner]

    @property
    def stock_size(self) -> int:
        """Phase 2 has no stock."""
        return 0

    @property
    def stock(self) -> tuple[Card, ...]:
        """Phase 2 has no stock."""
        return ()

    @property
    def collected(self) -> tuple[Hand, ...]:
        """The collected piles were taken up at the start of phase 2."""
        return tuple(Hand() for _ in range(self._game.players))

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick, bottom first (a run's cards lowest first)."""
        return tuple(card for _, cards in self._trick for card in cards)

    @property
    def plays(self) -> tuple[tuple[Seat, tuple[Card, ...]], ...]:
        """The plays on the trick with who made them, bottom first (a run is one play)."""
        return tuple((SEATS[seat], cards) for seat, cards in self._trick)

    @property
    def top_card(self) -> Card | None:
        """The card to beat, or ``None`` when a trick is to be led."""
        return self._trick[-1][1][-1] if self._trick else None

    @property
    def trick_size(self) -> int:
        """Plays that complete this trick: the players holding cards when it began."""
        return self._size

    @property
    def discard(self) -> tuple[Card, ...]:
        """The dead discard pile of completed tricks, oldest first."""
        return self._discard

    @property
    def out_order(self) -> tuple[Seat, ...]:
        return tuple(SEATS[seat] for seat in self._out)

    @property
    def loser(self) -> Seat | None:
        return None if self._loser is None else SEATS[self._loser]

    # Legality --------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        turn = self._turn
        if turn is None:
            return []
        hand = self._hands[turn]
        sequences = self._game.rules.sequences
        if not self._trick:
            moves: list[Move] = [PLAY_AT[card.index] for card in hand]
            if sequences:
                moves.extend(Play(*run) for run in runs(hand))
            return moves
        beating = self._game.masks[self._trick[-1][1][-1].index]
        moves = [PLAY_AT[card.index] for card in hand if beating >> card.index & 1]
        if sequences:
            moves.extend(Play(*run) for run in runs(hand) if beating >> run[0].index & 1)
        moves.append(PICK_UP)
        return moves

    def _is_quick_legal(self, move: Move) -> bool:
        turn = self._turn
        if turn is None:
            return False
        if type(move) is Play:
            cards = move.cards
            if len(cards) != 1 or cards[0] not in self._hands[turn]:
                return False
            trick = self._trick
            return not trick or bool(self._game.masks[trick[-1][1][-1].index] >> cards[0].index & 1)
        return type(move) is PickUp and bool(self._trick)

    def _why_illegal(self, move: Move) -> Ruling | None:
        turn = self._turn
        assert turn is not None
        who = name(turn)
        if isinstance(move, TurnUp):
            if self._trick:
                text = Msg(
                    "There is no stock in phase 2: turning up belongs to phase 1. {who} must beat "
                    "the top card or pick it up.",
                    who=who,
                )
            else:
                text = Msg(
                    "There is no stock in phase 2: turning up belongs to phase 1. {who} must lead "
                    "a card.",
                    who=who,
                )
            return illegal("turn_up_phase_two", text, rule(2, 2))
        if isinstance(move, PickUp):
            if self._trick:
                return None
            return illegal(
                "pick_up_empty",
                Msg(
                    "There is nothing to pick up: the trick is empty and {who} must lead a card.",
                    who=who,
                ),
                rule(2, 3),
            )
        cards = move.cards
        if len(cards) > 1 and not self._game.rules.sequences:
            return illegal(
                "runs_not_allowed",
                Msg(
                    "{who} may play only one card at a time, not {cards}: runs are allowed "
                    "only with the sequences option.",
                    who=who,
                    cards=Cards(cards),
                ),
                SEQUENCES,
            )
        if not self._trick:
            return None
        top = self._trick[-1][1][-1]
        if beats(cards[0], top, self._trumps):
            return None
        return illegal(
            "does_not_beat",
            Sentences(self._not_beating(cards, top), self._beat_or_pick(turn, top)),
            rule(2, 2),
        )

    def _not_beating(self, cards: tuple[Card, ...], top: Card) -> Msg:
        """Why a play does not beat ``top``: the first sentence of ``does_not_beat``."""
        low = cards[0]
        args = {"play": Cards(cards), "top": top, "low": low, "trumps": self._trumps.symbol}
        if len(cards) > 1:
            if low.suit is top.suit:
                # Translators: {play} is the card or run played, {top} the card it does not
                # beat, {low} the lowest card played.
                return Msg(
                    "{play} does not beat {top}: the run's lowest card must beat it, and {low} is "
                    "lower than {top}.",
                    **args,
                )
            if top.suit is self._trumps:
                return Msg(
                    "{play} does not beat {top}: the run's lowest card must beat it, and {top} is "
                    "a trump ({trumps}), and only a higher trump beats it.",
                    **args,
                )
            return Msg(
                "{play} does not beat {top}: the run's lowest card must beat it, and {low} is "
                "neither a higher {suit} nor a trump ({trumps}).",
                suit=top.suit.symbol, **args,
            )  # fmt: skip
        if low.suit is top.suit:
            return Msg("{play} does not beat {top}: {low} is lower than {top}.", **args)
        if top.suit is self._trumps:
            return Msg(
                "{play} does not beat {top}: {top} is a trump ({trumps}), and only a higher trump "
                "beats it.",
                **args,
            )
        return Msg(
            "{play} does not beat {top}: {low} is neither a higher {suit} nor a trump ({trumps}).",
            suit=top.suit.symbol, **args,
        )  # fmt: skip

    def _beat_or_pick(self, turn: int, top: Card) -> Msg:
        """What the player may do instead: beat with these cards or runs, or pick up."""
        hand = self._hands[turn]
        options = [card for card in sort_cards(hand) if beats(card, top, self._trumps)]
        beating = [
            Cards(run) for run in runs(hand) if self._game.rules.sequences
            if beats(run[0], top, self._trumps)
        ]  # fmt: skip
        args = {"who": name(turn), "what": play_words(self._trick[-1][1])}
        if beating:
            return Plural(
                "{who} can beat with {cards} or the run {runs}, or pick up {what}.",
                "{who} can beat with {cards} or the runs {runs}, or pick up {what}.",
                len(beating), cards=Cards(options), runs=joined(beating), **args,
            )  # fmt: skip
        if options:
            return Msg(
                "{who} can beat with {cards} or pick up {what}.", cards=Cards(options), **args
            )
        return Msg("{who} must pick up {what}.", **args)

    def _where(self, card: Card) -> Msg | None:
        if any(card in cards for _, cards in self._trick):
            return Msg("it is on the trick")
        if card in self._discard:
            return Msg("it is in the discard pile")
        return None

    # Playing ---------------------------------------------------------------------------------
    def _apply(self, move: Move) -> State:
        turn = self._turn
        assert turn is not None
        hands = list(self._hands)
        trick = self._trick
        events: list[RawEvent] = []
        game = self._game
        if type(move) is PickUp:
            owner, cards = trick[-1]
            hands[turn] = hands[turn] + cards
            trick = trick[:-1]
            new_hands = tuple(hands)
            nxt, skipped = next_with_cards(new_hands, turn)
            if trick:
                top_owner, top_cards = trick[-1]
                events.append(("pick_up", (turn, owner, cards, top_owner, top_cards, nxt,
                                           skipped)))  # fmt: skip
                size = self._size
            else:
                size = sum(1 for hand in new_hands if hand)
                events.append(("trick_emptied", (turn, owner, cards, nxt, skipped, size)))
            return PhaseTwo.make(
                game, self, move, tuple(events), new_hands, nxt, self._trumps, self._trump,
                self._owner, trick, size, self._out, self._discard, None,
            )  # fmt: skip
        assert isinstance(move, Play)
        cards = move.cards
        hand = hands[turn]
        if len(cards) == 1:
            card = cards[0]
            hands[turn] = tuple(held for held in hand if held is not card)
        else:
            hands[turn] = tuple(held for held in hand if held not in cards)
        if trick:
            events.append(("beat", (turn, cards, trick[-1][1][-1], self._trumps)))
        else:
            events.append(("lead", (turn, cards, self._size)))
        trick = (*trick, (turn, cards))
        new_hands = tuple(hands)
        out = self._out
        if not new_hands[turn]:
            out = (*out, turn)
            events.append(("out", (turn, len(out), False)))
            holders = [seat for seat, held in enumerate(new_hands) if held]
            if len(holders) == 1:
                events.append(("loser", (holders[0],)))
                return PhaseTwo.make(
                    game, self, move, tuple(events), new_hands, None, self._trumps, self._trump,
                    self._owner, trick, self._size, out, self._discard, holders[0],
                )  # fmt: skip
        if len(trick) == self._size:
            discard = self._discard + tuple(card for _, played in trick for card in played)
            if new_hands[turn]:
                leader, skipped = turn, ()
            else:
                leader, skipped = next_with_cards(new_hands, turn)
                skipped = (turn, *skipped)
            size = sum(1 for held in new_hands if held)
            events.append(("trick_complete", (turn, len(trick), leader, size, skipped)))
            return PhaseTwo.make(
                game, self, move, tuple(events), new_hands, leader, self._trumps, self._trump,
                self._owner, (), size, out, discard, None,
            )  # fmt: skip
        nxt, _ = next_with_cards(new_hands, turn)
        return PhaseTwo.make(
            game, self, move, tuple(events), new_hands, nxt, self._trumps, self._trump,
            self._owner, trick, self._size, out, self._discard, None,
        )  # fmt: skip

    # Text and pictures -----------------------------------------------------------------------
    def _view_fields(self, viewer: Seat | None) -> dict[str, Any]:
        return {
            "plays": self.plays, "trick_size": self._size, "discard": self._discard,
            "out_order": self.out_order,
            "repeated": self._turn is not None and repeated_position(self),
        }  # fmt: skip

    def _known_hands(self, viewer: Seat | None, hand: Hand) -> tuple[tuple[Card, ...], ...]:
        """The cards everyone knows to be in each hand: the collected pile, the cards an
        unfinished trick gave back and the trump card, taken up when phase 2 began, then every
        card picked up since, less the cards played since; ``viewer``'s own hand in full. Only
        face-up moves are read."""
        chain: list[PhaseTwo] = []
        state: State | None = self
        while isinstance(state, PhaseTwo) and state._known is None:
            chain.append(state)
            state = state._parent
        known = state._known if isinstance(state, PhaseTwo) else None
        for past in reversed(chain):
            parent = past._parent
            if known is None or not isinstance(parent, PhaseTwo):
                known = past._known_at_start()
            else:
                assert parent._turn is not None
                mover, move = parent._turn, past._move
                if isinstance(move, Play):
                    cards = tuple(card for card in known[mover] if card not in move.cards)
                else:
                    cards = known[mover] + parent._trick[-1][1]
                known = (*known[:mover], cards, *known[mover + 1 :])
            past._known = known
        assert known is not None
        if viewer is None:
            return known
        return (*known[:viewer], tuple(hand), *known[viewer + 1 :])

    def _known_at_start(self) -> tuple[tuple[Card, ...], ...]:
        """What everyone knows of the hands as phase 2 begins in this state."""
        players = self._game.players
        known: list[list[Card]] = [[] for _ in range(players)]
        before = self._parent
        if isinstance(before, State) and before.phase is Phase.ONE:  # as phase 1 ended
            piles = [list(pile) for pile in before.collected]  # type: ignore[attr-defined]
            table = [card for _, card in before.table]  # type: ignore[attr-defined]
            for code, args in self._events:
                if code in ("play", "turn_up"):
                    table.append(args[1])
                elif code == "trick":
                    piles[args[0]] += table
                    table = []
                elif code == "phase_one_end":
                    for seat, cards in args[2]:
                        known[seat] += cards
                elif code == "trumps":
                    known[args[0]].append(args[1])
            for seat in range(players):
                known[seat] += piles[seat]
        return tuple(tuple(cards) for cards in known)

    def _rows(self, viewer: int | None, open_hands: bool) -> list[Row]:
        return phase_two_rows(
            self._shown(viewer, open_hands), self._out, self._loser, self._turn, self._size,
            self.trick, len(self._discard),
        )  # fmt: skip

    def _prompt(self) -> Msg:
        top = self._trick[-1][1] if self._trick else ()
        return phase_two_prompt(self._turn, self.result, self._trumps, self._size, top)

    def _heading(self) -> Msg:
        return phase_two_heading(
            self._turn, self.result, self._trumps, len(self._trick), self._size, self._out
        )


def repeated_position(state: State) -> bool:
    """Whether ``state``'s position came up before since a card last reached the discard pile.

    A position is every hand (which cards, not their order), the trick (who played what, in
    order), its size and whose turn it is; the discard pile is the same throughout, and phase 2
    has no stock. Only then can play go round in a cycle: a card reaching the discard pile never
    comes back, so it ends the search.

    Every player can tell, without seeing a hand: since a card last reached the discard pile,
    every card has moved face up (played to the trick, or picked up from it), so a hand is as it
    was exactly when the cards it gained and lost since then cancel out.

    >>> from cardlib import FULL_DECK
    >>> from cardlib.skitgubbe.game import phase_two_position
    >>> from cardlib.skitgubbe import PickUp, Play, Rules
    >>> kept = "C8 C7 ST D3 CA CQ S9 H9 C9 D7".split()
    >>> start = phase_two_position(Rules(players=4), hands=["", "C8 C7 ST D3", "CA CQ S9 H9",
    ...     "C9 D7"], trumps="H", turn=1, out_order=[0],
    ...     discard=[card for card in FULL_DECK if str(card) not in kept])
    >>> state = start.play(Play("D3")).play(Play("H9")).play(PickUp()).play(PickUp())
    >>> state.current_player, repeated_position(state)
    (Seat.C, False)
    >>> for move in [Play("S9"), Play("H9"), PickUp(), PickUp(), Play("D7"), Play("H9")]:
    ...     state = state.play(move)
    >>> state = state.play(PickUp())  # the 11th move: not yet back where it started
    >>> repeated_position(state), repeated_position(state.play(PickUp()))
    (False, True)
    """
    if not isinstance(state, PhaseTwo):
        return False
    discarded = len(state.discard)
    turn, size, plays = state.current_player, state.trick_size, state.plays
    # which cards each hand gained or lost since then, as bits (seat * 64 + card index): a card
    # moves into a hand only when not there and out only when there, so each move flips its bit
    # and a hand is as it was exactly when none of its bits is set
    changed = 0
    current = state
    while True:
        before = current.parent
        if not isinstance(before, PhaseTwo) or len(before.discard) != discarded:
            return False
        mover, move = before.current_player, current.last_move
        assert mover is not None
        # a play puts its cards on the trick; a pick-up takes the last play back into a hand
        cards = move.cards if isinstance(move, Play) else before.plays[-1][1]
        for card in cards:
            changed ^= 1 << (mover * 64 + card.index)
        if (
            not changed
            and before.current_player == turn
            and before.trick_size == size
            and before.plays == plays
        ):
            return True
        current = before
