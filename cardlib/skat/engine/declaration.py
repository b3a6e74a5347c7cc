"""After the bidding: the skat (pick up or play Hand), the discard, the declaration, Kontra/Re.

Phases: ``"skat"`` (the declarer picks up the skat or declares a Hand game), ``"discard"`` (twelve
cards: lay two away), ``"declare"`` (a game without Hand), then ``"kontra"`` when
``Rules(kontra=True)``, then the play.

>>> from cardlib.skat.engine.deal import Deal
>>> from cardlib.skat.engine.bidding import new_game
>>> from cardlib.skat.engine.moves import Bid, Pass, PickUpSkat, Discard, Declare
>>> deal = Deal.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 | C7 SA ST SK SQ S9 S8 S7 HA HT"
...                   " | HK HQ H9 H8 H7 DA DT DK DQ D9 | D8 D7")
>>> state = new_game(deal).play(Pass()).play(Pass()).play(Bid(18))
>>> state.phase, state.declarer
('skat', Position.FH)
>>> state = state.play(PickUpSkat()).play(Discard("D8", "D7"))
>>> print(state.why_illegal(Declare("C", hand=True)))
FH has picked up the skat: a Hand game is no longer possible
>>> state.play(Declare("C")).phase
'play'
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from cardlib.cards import Card, Hand
from cardlib.i18n import Msg, Plural
from cardlib.rulings import Ruling
from cardlib.skat.engine._tables import BIT, CARDS, bits_of, mask_of
from cardlib.skat.engine.deal import Deal
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.events import Event
from cardlib.skat.engine.facts import BID_VALUES, Declaration, GameType, card_points, sort_hand
from cardlib.skat.engine.moves import Declare, Discard, Kontra, Move, Pass, PickUpSkat, Re
from cardlib.skat.engine.names import Listed, declaration_name, suit_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.play import first_play_state, start_play
from cardlib.skat.engine.rules import POSITIONS, Position, Rules, position_term
from cardlib.skat.engine.states import SkatState

if TYPE_CHECKING:
    from cardlib.skat.engine.table import Table

__all__ = ["DeclarationState", "KontraState", "declaration_ruling", "start_skat_phase"]

# Phases as module constants: a global is read faster than an enum member.
_SKAT = Phase.SKAT
_DISCARD = Phase.DISCARD
_DECLARE = Phase.DECLARE

RULE_SKAT = Msg("skat: skat and declaration")
RULE_KONTRA = Msg("skat: Kontra and Re (option)")
_PICK_UP = PickUpSkat()
_PASS, _KONTRA, _RE = Pass(), Kontra(), Re()
_NULL_GAMES = (
    Declaration(GameType.NULL),
    Declaration(GameType.NULL, hand=True),
    Declaration(GameType.NULL, ouvert=True),
    Declaration(GameType.NULL, hand=True, ouvert=True),
)
_NULL_MOVES = {
    hand: tuple(Declare(d) for d in _NULL_GAMES if d.hand == hand) for hand in (False, True)
}
_TRUMP_GAMES = tuple(g for g in GameType if g is not GameType.NULL)
_HAND_DECLARATIONS = tuple(
    Declare(d)
    for g in _TRUMP_GAMES
    for d in (
        Declaration(g, hand=True),
        Declaration(g, hand=True, schneider=True),
        Declaration(g, hand=True, schneider=True, schwarz=True),
        Declaration.ouvert_game(g),
    )
)
_DISCARDS = {
    (first, second): Discard(CARDS[first], CARDS[second])
    for first in range(32)
    for second in range(first + 1, 32)
}
_PLAIN_DECLARATIONS = tuple(Declare(Declaration(g)) for g in _TRUMP_GAMES)
_SKAT_MOVES: dict[int, tuple[Move, ...]] = {
    bid: (
        _PICK_UP,
        *_HAND_DECLARATIONS,
        *(m for m in _NULL_MOVES[True] if m.declaration.null_value >= bid),
    )
    for bid in (0, *BID_VALUES)
}
"""The moves of the skat phase by bid: pick up, or a Hand game that covers the bid."""
_DECLARE_MOVES: dict[int, tuple[Move, ...]] = {
    bid: (*_PLAIN_DECLARATIONS, *(m for m in _NULL_MOVES[False] if m.declaration.null_value >= bid))
    for bid in (0, *BID_VALUES)
}
"""The declarations after a pick-up, by bid."""
_SKAT_IDS = {bid: frozenset(map(id, moves)) for bid, moves in _SKAT_MOVES.items()}
_DECLARE_IDS = {bid: frozenset(map(id, moves)) for bid, moves in _DECLARE_MOVES.items()}
"""The same moves by identity: a move from ``legal_moves()`` needs no ruling."""


def start_skat_phase(
    table: Table, parent: SkatState, move: Move, declarer: int, bid: int
) -> DeclarationState:
    """The state after the bidding: the declarer decides about the skat."""
    hand = table.deal._masks[declarer]
    return DeclarationState(table, parent, move, declarer, bid, _SKAT, hand, ())


def declaration_ruling(declaration: Declaration, bid: int, picked_up: bool) -> Ruling | None:
    """Why the declarer may not announce ``declaration`` now, or ``None`` if it is allowed."""
    problem = declaration.problem_msg()
    if problem is not None:
        # Translators: a declaration such as "♣ Schneider", then why the rules forbid it.
        text = Msg("{game}: {problem}", game=declaration.name, problem=problem)
        return Ruling("forbidden_declaration", text, RULE_SKAT)
    if picked_up and declaration.hand:
        return None  # reported by the caller, which knows who picked up
    if declaration.game is GameType.NULL and declaration.null_value < bid:
        covering = [
            # Translators: a Null game and its value: "Null Hand (35)".
            Msg("{game} ({value})", game=d.name, value=d.null_value)
            for d in _NULL_GAMES
            if d.null_value >= bid and not (picked_up and d.hand)
        ]
        facts = {"game": declaration.name, "value": declaration.null_value, "bid": bid}
        if covering:
            text = Msg(
                "{game} is worth {value}, less than the bid of {bid}: a Null game must cover the "
                "bid. Null games that would: {games}",
                games=Listed(covering),
                **facts,
            )
        else:
            text = Msg(
                "{game} is worth {value}, less than the bid of {bid}: a Null game must cover the "
                "bid. Null games that would: none is left",
                **facts,
            )
        return Ruling("null_below_bid", text, RULE_SKAT)
    return None


class DeclarationState(SkatState):
    """The declarer's turn after the bidding: phases ``"skat"``, ``"discard"``, ``"declare"``."""

    __slots__ = ("_bid", "_declarer", "_discards", "_hand", "_phase", "_table", "last_move",
                 "parent")  # fmt: skip

    def __init__(
        self,
        table: Table,
        parent: SkatState,
        last_move: Move,
        declarer: int,
        bid: int,
        phase: Phase,
        hand: int,
        discards: tuple[Card, ...],
    ) -> None:
        self._table = table
        self.parent = parent
        self.last_move = last_move
        self._declarer = declarer
        self._bid = bid
        self._phase = phase
        self._hand = hand
        self._discards = discards

    is_over = False
    """Never over before the play (a class attribute, as in the bidding)."""

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def current_player(self) -> Position:
        return POSITIONS[self._declarer]

    @property
    def declarer(self) -> Position:
        return POSITIONS[self._declarer]

    @property
    def bid(self) -> int:
        return self._bid

    @property
    def deal(self) -> Deal:
        return self._table.deal

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        hands = list(self._table.deal.hands)
        hands[self._declarer] = Hand(sort_hand(CARDS[b] for b in bits_of(self._hand)))
        return (hands[0], hands[1], hands[2])

    @property
    def skat(self) -> Hand | None:
        """Hidden before it is picked up; then the two cards taken, later the two discarded."""
        if self._phase is _SKAT:
            return None
        if self._phase is _DISCARD:
            return self._table.deal.skat
        return Hand(self._discards)

    def legal_moves(self) -> list[Move]:
        if self._phase is _SKAT:
            return [*_SKAT_MOVES[self._bid]]
        if self._phase is _DISCARD:
            return list(map(_DISCARDS.__getitem__, combinations(bits_of(self._hand), 2)))
        return [*_DECLARE_MOVES[self._bid]]

    def why_illegal(self, move: object) -> Ruling | None:
        who = position_term(self._declarer)
        if self._phase is _SKAT:
            if isinstance(move, PickUpSkat):
                return None
            if isinstance(move, Declare):
                if move.declaration.problem_msg() is None and not move.declaration.hand:
                    text = Msg(
                        "{game} is not a Hand game: {who} picks up the skat first (then discards "
                        "two cards), or declares a Hand game without looking",
                        game=move.declaration.name,
                        who=who,
                    )
                    return Ruling("pick_up_first", text, RULE_SKAT)
                return declaration_ruling(move.declaration, self._bid, picked_up=False)
            expected = Msg("{who} picks up the skat or declares a Hand game", who=who)
            return self._wrong_phase(move, expected)
        if self._phase is _DISCARD:
            if isinstance(move, Discard):
                return self._discard_ruling(move)
            expected = Msg("{who} holds 12 cards and discards two first", who=who)
            return self._wrong_phase(move, expected)
        if isinstance(move, Declare):
            if move.declaration.problem_msg() is None and move.declaration.hand:
                text = Msg(
                    "{who} has picked up the skat: a Hand game is no longer possible", who=who
                )
                return Ruling("skat_taken", text, RULE_SKAT)
            return declaration_ruling(move.declaration, self._bid, picked_up=True)
        return self._wrong_phase(move, Msg("{who} declares the game", who=who))

    def _discard_ruling(self, move: Discard) -> Ruling | None:
        who = position_term(self._declarer)
        first, second = move.cards
        if first == second:
            text = Msg("{card} is named twice: discard two different cards", card=first)
            return Ruling("discard_twice", text, RULE_SKAT)
        for card in move.cards:
            bit = BIT.get(card)
            if bit is None or not self._hand >> bit & 1:
                text = Msg(
                    "{card} is not among {who}'s 12 cards, so it cannot be discarded",
                    card=card,
                    who=who,
                )
                return Ruling("discard_not_held", text, RULE_SKAT)
        return None

    def play(self, move: Move) -> SkatState:
        """Pick up, discard or declare; a declaration starts the play (or Kontra)."""
        phase = self._phase
        if phase is _SKAT:
            known = _SKAT_IDS[self._bid]
        else:
            known = _DECLARE_IDS[self._bid] if phase is _DECLARE else frozenset()
        if id(move) not in known and self.why_illegal(move) is not None:
            raise self._refuse(move)
        if isinstance(move, Declare):
            return self._declared(move)
        args = (self._table, self, move, self._declarer, self._bid)
        if isinstance(move, PickUpSkat):
            hand = self._hand | mask_of(self._table.deal.skat)
            return DeclarationState(*args, _DISCARD, hand, ())
        assert isinstance(move, Discard)
        hand = self._hand & ~mask_of(move.cards)
        return DeclarationState(*args, _DECLARE, hand, move.cards)

    def _declared(self, move: Declare) -> SkatState:
        skat = self._discards if self._phase is _DECLARE else self._table.deal.skat
        if self._table.rules.kontra:
            return KontraState(self, move, move.declaration, skat, self._hand, 0, Doubling.NONE)
        table, declarer = self._table, POSITIONS[self._declarer]
        return first_play_state(
            table.deal, table.rules, declarer, self._bid, self, move, move.declaration, skat,
            self._hand, Doubling.NONE,
        )  # fmt: skip

    def _explain(self, move: Move) -> list[Event]:
        player = self._declarer
        who = position_term(player)
        only = frozenset({player})
        if isinstance(move, PickUpSkat):
            skat = " ".join(card.symbol for card in self._table.deal.skat)
            text = Msg(
                "{who} picks up the skat ({cards}) and will lay two cards away.",
                who=who,
                cards=skat,
            )
            table = Msg("{who} picks up the skat and will lay two cards away, face down.", who=who)
            return [Event(player, move, Ruling("pick_up", text, RULE_SKAT),
                          Ruling("pick_up", table, RULE_SKAT), only)]  # fmt: skip
        if isinstance(move, Discard):
            cards = " ".join(card.symbol for card in move.cards)
            text = Plural(
                "{who} lays {cards} away ({n} point; they count for the declarer in a suit or "
                "grand game, not in Null).",
                "{who} lays {cards} away ({n} points; they count for the declarer in a suit or "
                "grand game, not in Null).",
                card_points(move.cards),
                who=who,
                cards=cards,
            )
            table = Msg(
                "{who} lays two cards away, face down; they are shown after the game.", who=who
            )
            return [Event(player, move, Ruling("discard", text, RULE_SKAT),
                          Ruling("discard", table, RULE_SKAT), only)]  # fmt: skip
        assert isinstance(move, Declare)
        return [Event(player, move, declared_ruling(player, move.declaration))]

    def _own_events(self) -> list[Event]:
        return _events_after(self)


def declared_ruling(declarer: int, declaration: Declaration) -> Ruling:
    """The ruling that announces a declaration and what it means for trumps."""
    game = declaration.game
    facts = {"who": position_term(declarer), "game": declaration_name(declaration, spoken=True)}
    ouvert = declaration.ouvert
    text: Msg
    if game is GameType.NULL:
        if ouvert:
            text = Msg(
                "{who} declares {game}: no trumps; every suit ranks A K Q J 10 9 8 7 and the "
                "jacks belong to their suits; {who} must take no trick; {who}'s cards are laid "
                "open.",
                **facts,
            )
        else:
            text = Msg(
                "{who} declares {game}: no trumps; every suit ranks A K Q J 10 9 8 7 and the "
                "jacks belong to their suits; {who} must take no trick.",
                **facts,
            )
    elif game is GameType.GRAND:
        if ouvert:
            text = Msg(
                "{who} declares {game}: only the four jacks (clubs, spades, hearts, diamonds) are "
                "trumps; {who}'s cards are laid open.",
                **facts,
            )
        else:
            text = Msg(
                "{who} declares {game}: only the four jacks (clubs, spades, hearts, diamonds) are "
                "trumps.",
                **facts,
            )
    elif ouvert:
        # Translators: {suit} is the trump suit, such as "clubs".
        text = Msg(
            "{who} declares {game}: trumps, high to low: the four jacks (clubs, spades, hearts, "
            "diamonds), then {suit} from the ace down; {who}'s cards are laid open.",
            suit=suit_name(game.value),
            **facts,
        )
    else:
        # Translators: {suit} is the trump suit, such as "clubs".
        text = Msg(
            "{who} declares {game}: trumps, high to low: the four jacks (clubs, spades, hearts, "
            "diamonds), then {suit} from the ace down.",
            suit=suit_name(game.value),
            **facts,
        )
    return Ruling("declare", text, RULE_SKAT)


def _events_after(state: SkatState) -> list[Event]:
    """The events of the move that led to ``state``, explained by the state before it."""
    parent = state.parent
    move = state.last_move
    if parent is None or move is None:
        return []
    explain = getattr(parent, "_explain", None)
    if explain is None:
        return []
    events: list[Event] = explain(move)
    return events


class KontraState(SkatState):
    """Before the first card (``Rules(kontra=True)``): each defender in turn may say Kontra; after
    a Kontra the declarer may say Re. ``doubling`` is the doubling so far."""

    __slots__ = ("_asked", "_declaration", "_doubling", "_hand", "_origin", "_skat", "last_move",
                 "parent")  # fmt: skip

    def __init__(
        self,
        parent: SkatState,
        last_move: Move,
        declaration: Declaration,
        skat: tuple[Card, ...],
        hand: int,
        asked: int,
        doubling: Doubling,
    ) -> None:
        if isinstance(parent, DeclarationState):
            self._origin: DeclarationState = parent
        else:
            assert isinstance(parent, KontraState)
            self._origin = parent._origin
        self.parent = parent
        self.last_move = last_move
        self._declaration = declaration
        self._skat = skat
        self._hand = hand
        self._asked = asked
        self._doubling = doubling

    def _order(self) -> list[int]:
        declarer = self._origin.declarer
        return [p for p in range(3) if p != declarer]

    is_over = False
    """Never over before the play (a class attribute, as in the bidding)."""

    @property
    def phase(self) -> Phase:
        return Phase.KONTRA

    @property
    def current_player(self) -> Position:
        if self._doubling is Doubling.KONTRA:
            return self._origin.declarer
        return POSITIONS[self._order()[self._asked]]

    @property
    def declarer(self) -> Position:
        return self._origin.declarer

    @property
    def bid(self) -> int:
        return self._origin.bid

    @property
    def declaration(self) -> Declaration:
        return self._declaration

    @property
    def doubling(self) -> Doubling:
        """``Doubling.NONE``, or ``Doubling.KONTRA`` after a Kontra."""
        return self._doubling

    @property
    def deal(self) -> Deal:
        return self._origin.deal

    @property
    def rules(self) -> Rules:
        return self._origin.rules

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        hands = list(self._origin.hands)
        hands[self.declarer] = Hand(
            sort_hand((CARDS[b] for b in bits_of(self._hand)), self._declaration.game)
        )
        return (hands[0], hands[1], hands[2])

    @property
    def skat(self) -> Hand | None:
        return None if self._declaration.hand else Hand(self._skat)

    def legal_moves(self) -> list[Move]:
        return [_PASS, _RE if self._doubling is Doubling.KONTRA else _KONTRA]

    def why_illegal(self, move: object) -> Ruling | None:
        if isinstance(move, Pass):
            return None
        who = position_term(self.current_player)
        if self._doubling is Doubling.KONTRA:
            if isinstance(move, Re):
                return None
            return self._wrong_phase(move, Msg("{who}, the declarer, says Re or passes", who=who))
        if isinstance(move, Kontra):
            return None
        return self._wrong_phase(move, Msg("{who}, a defender, says Kontra or passes", who=who))

    def play(self, move: Move) -> SkatState:
        if self.why_illegal(move) is not None:
            raise self._refuse(move)
        args = (self._declaration, self._skat, self._hand)
        if isinstance(move, Kontra):
            return KontraState(self, move, *args, self._asked, Doubling.KONTRA)
        if isinstance(move, Re):
            return start_play(self, move, *args, Doubling.RE)
        if self._doubling is Doubling.NONE and self._asked == 0:
            return KontraState(self, move, *args, 1, Doubling.NONE)
        return start_play(self, move, *args, self._doubling)

    def _explain(self, move: Move) -> list[Event]:
        player = self.current_player
        who = position_term(player)
        if isinstance(move, Kontra):
            text = Msg(
                "{who} says Kontra: the game counts double; the declarer may answer Re.", who=who
            )
        elif isinstance(move, Re):
            text = Msg("{who} says Re: the game counts four times.", who=who)
        elif self._doubling is Doubling.KONTRA:
            text = Msg("{who} passes (no Re).", who=who)
        else:
            text = Msg("{who} passes (no Kontra).", who=who)
        return [Event(player, move, Ruling(str(move).lower(), text, RULE_KONTRA))]

    def _own_events(self) -> list[Event]:
        return _events_after(self)
