"""The play of the cards: following, trick winners, early ends, with rulings on request.

A :class:`PlayState` is a small tuple (for speed: thousands of games a second) with named,
documented properties; hands are bitmasks inside and card tuples outside.

>>> from cardlib.skat.engine.positions import play_position
>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> from cardlib.skat.engine.moves import Play
>>> state = play_position(["HA S8", "H9 HJ", "SA"], Declaration(GameType.CLUBS), declarer=0,
...                       trick=["HK"], leader=2)
>>> state.current_player, [m.symbol for m in state.legal_moves()]
(Position.FH, ['♥A'])
>>> state = state.play(Play("HA"))
>>> print(state.why_illegal(Play("HJ")))
♥J is a trump in a clubs game: it does not follow hearts, and with ♥9 in hand MH must play ♥9
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from cardlib.cards import Card, Hand
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural
from cardlib.rulings import Ruling
from cardlib.skat.engine._tables import (
    BIT,
    BIT_BY_INDEX,
    BYTE_PLAYS,
    CARDS,
    POINTS,
    TABLES,
    TABLES_BY_LETTER,
    bits_of,
    points_of_cards,
)
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.ends import (
    ALL_TRICKS,
    NULL_TRICK,
    SCHWARZ_BROKEN,
    made_in_play,
    reason_text,
)
from cardlib.skat.engine.events import Event, Trick
from cardlib.skat.engine.facts import Declaration, GameType, is_trump, sort_hand
from cardlib.skat.engine.moves import Move, Play
from cardlib.skat.engine.names import suit_card_name, suit_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import POSITIONS, Position, Rules, position_term
from cardlib.skat.engine.states import ByIdentity, SkatState

if TYPE_CHECKING:
    from cardlib.skat.engine.deal import Deal

__all__ = [
    "PlayContext", "PlayFields", "PlayState", "first_play_state", "made_in_play", "start_play",
]  # fmt: skip

RULE_FOLLOW = Msg("skat: play (follow suit; the jack trumps ruling)")
RULE_TRICK = Msg("skat: play (who wins a trick)")
RULE_END = Msg("skat: play (end of the game)")
_NEXT = (1, 2, 0)
_BIT_BY_INDEX = BIT_BY_INDEX
_PLAYS_0, _PLAYS_1, _PLAYS_2, _PLAYS_3 = BYTE_PLAYS
_POINTS = POINTS
_ALONE = tuple((bit,) for bit in range(32))
"""Each card bit as a one-card trick (joined to the trick on the table)."""
_new = tuple.__new__
_NULL = GameType.NULL


class PlayContext:
    """What the states of one game's play share: the declaration, the declarer and the tables."""

    __slots__ = ("bid", "deal", "declaration", "declarer", "doubling", "ends_on_defender_trick",
                 "follow", "game", "group", "key", "null", "picked_up", "rules", "skat",
                 "skat_counts")  # fmt: skip

    def __init__(
        self,
        deal: Deal | None,
        rules: Rules,
        declaration: Declaration,
        declarer: int,
        bid: int,
        skat: tuple[Card, ...],
        picked_up: bool,
        doubling: Doubling,
    ) -> None:
        self.deal = deal
        self.rules = rules
        self.declaration = declaration
        self.declarer = declarer
        self.bid = bid
        self.skat = skat
        self.picked_up = picked_up
        self.doubling = doubling
        self.game = game = declaration.game
        self.null = null = game is _NULL
        self.ends_on_defender_trick = not null and (declaration.schwarz or declaration.ouvert)
        self.skat_counts = not null
        tables = TABLES_BY_LETTER[game._value_]
        self.follow: tuple[int, ...] = tables.follow
        self.group: tuple[int, ...] = tables.group
        self.key: tuple[tuple[int, ...], ...] = tables.key


def start_play(
    parent: SkatState,
    move: Move,
    declaration: Declaration,
    skat: tuple[Card, ...],
    declarer_hand: int,
    doubling: Doubling,
) -> PlayState:
    """The first state of the play, FH to lead, after the declaration (and Kontra)."""
    declarer = parent.declarer
    assert declarer is not None
    return first_play_state(
        parent.deal, parent.rules, declarer, parent.bid, parent, move, declaration, skat,
        declarer_hand, doubling,
    )  # fmt: skip


def first_play_state(
    deal: Deal,
    rules: Rules,
    declarer: Position,
    bid: int,
    parent: SkatState,
    move: Move,
    declaration: Declaration,
    skat: tuple[Card, ...],
    declarer_hand: int,
    doubling: Doubling,
) -> PlayState:
    """:func:`start_play` for a caller that knows the deal, the rules, the declarer and the bid."""
    context = PlayContext(
        deal, rules, declaration, declarer, bid, skat, not declaration.hand, doubling
    )
    dealt = deal._masks
    hands = (
        declarer_hand if declarer == 0 else dealt[0],
        declarer_hand if declarer == 1 else dealt[1],
        declarer_hand if declarer == 2 else dealt[2],
    )
    points = points_of_cards(skat) if context.skat_counts else 0
    return _new(PlayState, (context, parent, move, hands, (), 0, 0, points, 0, 0, 0, None, False))


class PlayFields(NamedTuple):
    """The fields of a :class:`PlayState`, in order (a tuple, for speed)."""

    context: PlayContext
    """What every state of this play shares (declaration, declarer, tables)."""
    before: SkatState | None
    """The state before (``parent``); ``None`` for a position set up card by card."""
    move: Move | None
    """The card that made this state (``last_move``)."""
    masks: tuple[int, int, int]
    """The hands by position, as bitmasks."""
    trick_bits: tuple[int, ...]
    """The cards on the table, as bits, in play order."""
    leader: int
    """Who led the trick on the table (after a trick: its winner, who leads next)."""
    turn: int | None
    """The position to move, ``None`` when the game is over."""
    declarer_points: int
    defender_points: int
    declarer_tricks: int
    defender_tricks: int
    end: str | None
    """Why the game ended (one of ``END_REASONS``), ``None`` while it goes on."""
    is_over: bool
    """Whether the game is over (``end`` is set): a field, since a playout reads it every move."""


# The hot paths below read fields by position (a tuple index is faster than a field getter).
_CONTEXT: Final = 0
_MASKS: Final = 3
_TRICK: Final = 4
_TURN: Final = 6
assert [PlayFields._fields[i] for i in (_CONTEXT, _MASKS, _TRICK, _TURN)] == [
    "context", "masks", "trick_bits", "turn",
]  # fmt: skip


class PlayState(ByIdentity, PlayFields, SkatState):
    """The play (phase ``Phase.PLAY``, then ``Phase.OVER``): see :class:`PlayFields`."""

    __slots__ = ()

    # --- the fast path -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        turn = self[_TURN]
        if turn is None:
            return []
        hand = self[_MASKS][turn]
        trick = self[_TRICK]
        if trick:
            hand = hand & self[_CONTEXT].follow[trick[0]] or hand
        return [  # plays_of(hand), inline
            *_PLAYS_0[hand & 255],
            *_PLAYS_1[hand >> 8 & 255],
            *_PLAYS_2[hand >> 16 & 255],
            *_PLAYS_3[hand >> 24],
        ]

    def legal_mask(self) -> int:
        """The cards the player to move may play, as a bitmask (for search code)."""
        turn = self.turn
        if turn is None:
            return 0
        hand = self.masks[turn]
        trick = self.trick_bits
        if trick:
            followed = hand & self.context.follow[trick[0]]
            if followed:
                return followed
        return hand

    def play(self, move: Move) -> PlayState:
        """Play a card; ``IllegalMoveError`` (with the ruling) if the rules forbid it."""
        context, _, _, hands, trick, leader, turn, dp, fp, dt, ft, _, _ = self
        if type(move) is not Play or turn is None:
            raise self._refuse(move)
        bit = _BIT_BY_INDEX[move.card.index]
        hand = hands[turn]
        if (
            bit is None
            or not ((hand & context.follow[trick[0]] or hand) if trick else hand) >> bit & 1
        ):
            raise self._refuse(move)
        card = 1 << bit
        if turn == 0:
            hands = (hands[0] ^ card, hands[1], hands[2])
        elif turn == 1:
            hands = (hands[0], hands[1] ^ card, hands[2])
        else:
            hands = (hands[0], hands[1], hands[2] ^ card)
        if len(trick) < 2:
            return _new(
                PlayState,
                (context, self, move, hands, trick + _ALONE[bit], leader, _NEXT[turn],
                 dp, fp, dt, ft, None, False)
            )  # fmt: skip
        first, second = trick
        key = context.key[context.group[first]]
        best, top = 0, key[first]
        if key[second] > top:
            best, top = 1, key[second]
        if key[bit] > top:
            best = 2
        winner = (leader + best) % 3
        points = _POINTS[first] + _POINTS[second] + _POINTS[bit]
        end = None
        if winner == context.declarer:
            dp += points
            dt += 1
            if context.null:
                end = NULL_TRICK
        else:
            fp += points
            ft += 1
            if context.ends_on_defender_trick:
                end = SCHWARZ_BROKEN
        if end is None and not (hands[0] | hands[1] | hands[2]):
            end = ALL_TRICKS
        return _new(
            PlayState,
            (context, self, move, hands, (), winner, None if end else winner,
             dp, fp, dt, ft, end, end is not None)
        )  # fmt: skip

    # --- the protocol ------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.end else Phase.PLAY

    @property
    def current_player(self) -> Position | None:
        turn = self.turn
        return None if turn is None else POSITIONS[turn]

    @property
    def parent(self) -> SkatState | None:  # type: ignore[override]
        return self.before

    @property
    def last_move(self) -> Move | None:  # type: ignore[override]
        return self.move

    @property
    def deal(self) -> Deal:
        deal = self.context.deal
        if deal is None:
            raise RulesError(Msg("this position was set up card by card (play_position): no deal"))
        return deal

    @property
    def rules(self) -> Rules:
        return self.context.rules

    @property
    def declarer(self) -> Position:
        return POSITIONS[self.context.declarer]

    @property
    def declaration(self) -> Declaration:
        return self.context.declaration

    @property
    def bid(self) -> int:
        return self.context.bid

    @property
    def doubling(self) -> Doubling:
        """Kontra and Re as said before the first card."""
        return self.context.doubling

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        game = self.context.game
        h0, h1, h2 = (Hand(sort_hand((CARDS[b] for b in bits_of(m)), game)) for m in self.masks)
        return (h0, h1, h2)

    @property
    def skat(self) -> Hand | None:
        """The declarer's skat cards (the discards); in a Hand game hidden until the end."""
        context = self.context
        if not context.picked_up and not self.end:
            return None
        return Hand(context.skat)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards on the table, in play order."""
        return tuple(CARDS[b] for b in self.trick_bits)

    @property
    def trick_leader(self) -> int:
        return self.leader

    @property
    def card_points(self) -> tuple[int, int]:
        return (self.declarer_points, self.defender_points)

    @property
    def tricks_won(self) -> tuple[int, int]:
        return (self.declarer_tricks, self.defender_tricks)

    @property
    def end_reason(self) -> str | None:
        return self.end

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks completed since the play began here, each with leader and winner."""
        states: list[PlayState] = []
        state: SkatState | None = self
        while isinstance(state, PlayState):
            states.append(state)
            state = state.before
        done = []
        for state in reversed(states):
            parent = state.before
            if isinstance(parent, PlayState) and len(parent.trick_bits) == 2:
                move = state.move
                assert isinstance(move, Play)
                cards = (*parent.trick, move.card)
                done.append(Trick(parent.leader, cards, state.leader))
        return tuple(done)

    @property
    def result(self) -> Result | None:
        """How the game ended; with a deal, also whether the value reached the bid (overbid)."""
        end = self.end
        if not end:
            return None
        from cardlib.skat.scoring.settlement import settle_state

        made = made_in_play(self.declaration, end, self.card_points, self.tricks_won)
        overbid, worth, scores = False, None, (0, 0, 0)
        settlement = settle_state(self)
        if settlement is not None:
            overbid = settlement.overbid
            worth = settlement.multiplier * settlement.base if overbid else settlement.game_value
            declarer = self.context.declarer
            values = [0, 0, 0]
            values[declarer] = settlement.value
            scores = (values[0], values[1], values[2])
        return Result(
            end, self.declarer, self.declaration, self.bid, self.card_points,
            self.tricks_won, made and not overbid, overbid, worth, scores,
        )  # fmt: skip

    # --- rulings -----------------------------------------------------------------------------
    def why_illegal(self, move: object) -> Ruling | None:
        end, turn = self.end, self.turn
        if end or turn is None:
            # Translators: {reason} says why the game ended, e.g. "all tricks played".
            text = Msg("the game is over ({reason}): no more moves", reason=reason_text(end or ""))
            return Ruling("game_over", text, RULE_END)
        if not isinstance(move, Play):
            return self._wrong_phase(move, Msg("the player to move plays a card"))
        card = move.card
        bit = BIT.get(card)
        hand = self.masks[turn]
        if bit is None or not hand >> bit & 1:  # where a hidden card lies is never revealed
            text = Msg(
                "{card} is not in {who}'s hand; {who} holds {cards}",
                card=card,
                who=position_term(turn),
                cards=_list(list(self.hands[turn])),
            )
            return Ruling("not_held", text, RULE_FOLLOW)
        if self.legal_mask() >> bit & 1:
            return None
        return follow_ruling(turn, card, self.trick[0], self.hands[turn], self.context.game)

    def _explain(self, move: Move) -> list[Event]:
        """The events of ``move`` (a legal card) played in this state."""
        assert isinstance(move, Play)
        after = self.play(move)
        turn = self.turn
        assert turn is not None
        game = self.context.game
        events = [Event(turn, move, card_ruling(turn, move.card, self, game))]
        if after.trick_bits:
            return events
        cards = (*self.trick, move.card)
        events.append(Event(None, None, trick_ruling(cards, self.leader, after.leader, game)))
        if after.end:
            events.append(Event(None, None, end_ruling(after)))
        return events

    def _own_events(self) -> list[Event]:
        parent, move = self.before, self.move
        if isinstance(parent, PlayState):
            assert move is not None
            return parent._explain(move)
        explain = getattr(parent, "_explain", None)
        if explain is None or move is None:
            return []
        events: list[Event] = explain(move)
        return events

    def __repr__(self) -> str:
        return f"<PlayState {self._headline()}>"


def _list(cards: list[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def follow_ruling(player: int, card: Card, led: Card, hand: Hand, game: GameType) -> Ruling:
    """Why ``player`` may not play ``card`` to a trick led by ``led`` (they can follow)."""
    table = TABLES[game]
    asked = table.follow[BIT[led]]
    must = [c for c in hand if asked >> BIT[c] & 1]
    # Translators: the cards a player must choose from: "one of ♥9 ♥8".
    them = must[0] if len(must) == 1 else Msg("one of {cards}", cards=_list(must))
    facts = {"who": position_term(player), "cards": _list(must), "them": them}
    text: Msg
    if is_trump(led, game):
        if game is GameType.GRAND:
            text = Msg(
                "grand: only the four jacks are trumps, so a led jack asks for jacks; {who} holds "
                "{cards} and must play {them}",
                **facts,
            )
        elif led.rank == 11:
            # Translators: {trumps} is the trump suit, such as "clubs".
            text = Msg(
                "{led} led: a jack is a trump in a {trumps} game, so the lead asks for trumps; "
                "{who} holds {cards} and must play {them}",
                led=led,
                trumps=suit_name(game.value),
                **facts,
            )
        else:
            text = Msg(
                "{led} led: {trumps} are trumps, so the lead asks for trumps (the jacks too); "
                "{who} holds {cards} and must play {them}",
                led=led,
                trumps=suit_name(game.value),
                **facts,
            )
        return Ruling("must_follow_trump", text, RULE_FOLLOW)
    suit = suit_name(led.suit)
    if game is not GameType.NULL and is_trump(card, game) and card.suit == led.suit:
        if game is GameType.GRAND:
            text = Msg(
                "{card} is a trump in a grand: it does not follow {suit}, and with {cards} in hand "
                "{who} must play {them}",
                card=card,
                suit=suit,
                **facts,
            )
        else:
            text = Msg(
                "{card} is a trump in a {trumps} game: it does not follow {suit}, and with "
                "{cards} in hand {who} must play {them}",
                card=card,
                trumps=suit_name(game.value),
                suit=suit,
                **facts,
            )
        return Ruling("jack_is_trump", text, RULE_FOLLOW)
    if game is GameType.NULL and any(c.rank == 11 for c in [*must, led]):
        text = Msg(
            "{suit} led: {who} holds {cards}, so {who} must follow {suit} with {them} (in Null the "
            "jacks belong to their printed suits)",
            suit=suit,
            **facts,
        )
    else:
        text = Msg(
            "{suit} led: {who} holds {cards}, so {who} must follow {suit} with {them}",
            suit=suit,
            **facts,
        )
    return Ruling("must_follow_suit", text, RULE_FOLLOW)


def card_ruling(player: int, card: Card, before: PlayState, game: GameType) -> Ruling:
    """What a legal card does: a lead, a follow, a trump in, or a discard."""
    trick = before.trick
    who = position_term(player)
    if not trick:
        if is_trump(card, game):
            if game is GameType.GRAND:
                text = Msg(
                    "{who} leads {card}, a trump in grand: the others must play jacks.",
                    who=who,
                    card=card,
                )
            else:
                # Translators: {trumps} is the trump suit, such as "clubs".
                text = Msg(
                    "{who} leads {card}, a trump in {trumps}: the others must play trumps.",
                    who=who,
                    card=card,
                    trumps=suit_name(game.value),
                )
        else:
            text = Msg(
                "{who} leads {card}: the others must follow {suit}.",
                who=who,
                card=card,
                suit=suit_name(card.suit),
            )
        return Ruling("lead", text, RULE_FOLLOW)
    led = trick[0]
    if is_trump(led, game):
        if is_trump(card, game):
            text = Msg("{who} follows with {card}, a trump.", who=who, card=card)
        else:
            text = Msg("{who} has no trump and plays {card}.", who=who, card=card)
        return Ruling("follow", text, RULE_FOLLOW)
    suit = suit_name(led.suit)
    if not is_trump(card, game) and card.suit == led.suit:
        text = Msg("{who} follows {suit} with {card}.", who=who, suit=suit, card=card)
        return Ruling("follow", text, RULE_FOLLOW)
    if is_trump(card, game):
        if card.suit == led.suit:
            # Translators: {one} is one card of the suit led, such as "heart".
            text = Msg(
                "{who} has no {suit} and trumps with {card} (a jack is a trump, not a {one}).",
                who=who,
                suit=suit,
                card=card,
                one=suit_card_name(led.suit),
            )
        else:
            text = Msg("{who} has no {suit} and trumps with {card}.", who=who, suit=suit, card=card)
        return Ruling("trump_in", text, RULE_FOLLOW)
    text = Msg("{who} has no {suit} and throws {card}.", who=who, suit=suit, card=card)
    return Ruling("discard", text, RULE_FOLLOW)


def trick_ruling(cards: tuple[Card, ...], leader: int, winner: int, game: GameType) -> Ruling:
    """Who wins a complete trick, and why."""
    best = cards[(winner - leader) % 3]
    from cardlib.skat.engine.facts import card_points

    points = card_points(cards)
    facts = {"card": best, "who": position_term(winner)}
    trumps = [c for c in cards if is_trump(c, game)]
    text: Msg
    if is_trump(best, game):
        if len(trumps) > 1:
            text = Plural(
                "{card} wins: the highest trump. {who} takes the trick ({n} point).",
                "{card} wins: the highest trump. {who} takes the trick ({n} points).",
                points,
                **facts,
            )
        else:
            text = Plural(
                "{card} wins: the only trump. {who} takes the trick ({n} point).",
                "{card} wins: the only trump. {who} takes the trick ({n} points).",
                points,
                **facts,
            )
        return Ruling("trick", text, RULE_TRICK)
    facts["one"] = suit_card_name(cards[0].suit)
    facts["suit"] = suit_name(cards[0].suit)
    off = [c for c in cards if c.suit != cards[0].suit or is_trump(c, game)]
    off = [c for c in off if not is_trump(c, game)]
    facts["off"] = _list(off)
    # Translators: {one} is one card of the suit led ("heart"); {off} the cards of other suits.
    if game is GameType.NULL:
        if not off:
            text = Plural(
                "{card} wins: the highest {one}; no trumps in Null. {who} takes the trick ({n} "
                "point).",
                "{card} wins: the highest {one}; no trumps in Null. {who} takes the trick ({n} "
                "points).",
                points,
                **facts,
            )
        elif len(off) == 1:
            text = Plural(
                "{card} wins: the highest {one}; no trumps in Null ({off} did not follow {suit}, "
                "so it cannot win). {who} takes the trick ({n} point).",
                "{card} wins: the highest {one}; no trumps in Null ({off} did not follow {suit}, "
                "so it cannot win). {who} takes the trick ({n} points).",
                points,
                **facts,
            )
        else:
            text = Plural(
                "{card} wins: the highest {one}; no trumps in Null ({off} did not follow {suit}, "
                "so they cannot win). {who} takes the trick ({n} point).",
                "{card} wins: the highest {one}; no trumps in Null ({off} did not follow {suit}, "
                "so they cannot win). {who} takes the trick ({n} points).",
                points,
                **facts,
            )
    elif not off:
        text = Plural(
            "{card} wins: the highest {one}; no trump was played. {who} takes the trick ({n} "
            "point).",
            "{card} wins: the highest {one}; no trump was played. {who} takes the trick ({n} "
            "points).",
            points,
            **facts,
        )
    elif len(off) == 1:
        text = Plural(
            "{card} wins: the highest {one}; no trump was played ({off} did not follow {suit}, so "
            "it cannot win). {who} takes the trick ({n} point).",
            "{card} wins: the highest {one}; no trump was played ({off} did not follow {suit}, so "
            "it cannot win). {who} takes the trick ({n} points).",
            points,
            **facts,
        )
    else:
        text = Plural(
            "{card} wins: the highest {one}; no trump was played ({off} did not follow {suit}, so "
            "they cannot win). {who} takes the trick ({n} point).",
            "{card} wins: the highest {one}; no trump was played ({off} did not follow {suit}, so "
            "they cannot win). {who} takes the trick ({n} points).",
            points,
            **facts,
        )
    return Ruling("trick", text, RULE_TRICK)


def end_ruling(state: PlayState) -> Ruling:
    """Why the game ends here, and how it came out."""
    who = position_term(state.declarer)
    reason = state.end_reason
    result = state.result
    assert result is not None
    outcome = result.summary_message()
    # Translators: {outcome} is the game's result: "FH lost Null (bid 23): 1:0 tricks".
    if reason == NULL_TRICK:
        text = Msg(
            "{who}, the declarer, took a trick: a Null game is lost at once, and the rest is not "
            "played. {outcome}.",
            who=who,
            outcome=outcome,
        )
        return Ruling("null_lost", text, RULE_END)
    if reason == SCHWARZ_BROKEN:
        taker = position_term(state.trick_leader)  # the trick's winner leads next
        if state.declaration.ouvert:
            text = Msg(
                "{taker} took a trick for the defenders: {who} had to take every trick in an "
                "Ouvert game, so it is lost and play stops here. {outcome}.",
                taker=taker,
                who=who,
                outcome=outcome,
            )
        else:
            text = Msg(
                "{taker} took a trick for the defenders: {who} had to take every trick in a game "
                "with Schwarz announced, so it is lost and play stops here. {outcome}.",
                taker=taker,
                who=who,
                outcome=outcome,
            )
        return Ruling("schwarz_lost", text, RULE_END)
    text = Msg("All ten tricks are played. {outcome}.", outcome=outcome)
    return Ruling("game_over", text, RULE_END)
