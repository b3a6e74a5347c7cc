"""The play of a Ramsch deal: Schieberamsch's skat round, then ten tricks with grand trumps.

A Ramsch starts from ``Rules(ramsch="passed")`` when all three pass, or from
``Rules(ramsch="always")`` at once; the options are ``Rules.ramsch_rules``
(:class:`~cardlib.skat.scoring.ramsch.RamschRules`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.cards import Card, Hand, Rank
from cardlib.i18n import Msg, Plural
from cardlib.rulings import Ruling
from cardlib.skat.engine.ends import RAMSCH_OVER
from cardlib.skat.engine.events import Event, Trick
from cardlib.skat.engine.facts import GameType, card_points, follow_group, sort_hand, trick_winner
from cardlib.skat.engine.moves import Discard, Move, PickUpSkat, Play, Push
from cardlib.skat.engine.names import phase_name, suit_card_name, suit_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import POSITIONS, Position, position_term
from cardlib.skat.engine.states import SkatState
from cardlib.skat.scoring.ramsch import RULE, RamschResult, settle_ramsch, skat_sentence

if TYPE_CHECKING:
    from cardlib.skat.engine.deal import Deal
    from cardlib.skat.engine.rules import Rules

__all__ = ["RAMSCH_OVER", "RamschState", "start_ramsch"]

# Phases as module constants: a global is read faster than an enum member.
_PUSH = Phase.PUSH
_PASS_ON = Phase.PASS_ON
_PLAY = Phase.PLAY
_OVER = Phase.OVER


def start_ramsch(
    deal: Deal, rules: Rules, parent: SkatState | None = None, last_move: Move | None = None
) -> RamschState:
    """The first state of a Ramsch: Schieberamsch's skat round from FH, or FH to lead."""
    options = rules.ramsch_rules
    phase = _PUSH if options.schieberamsch else _PLAY
    hands = (tuple(deal.fh), tuple(deal.mh), tuple(deal.rh))
    text = _RAMSCH_NOTES[parent is not None, options.schieberamsch]
    note = Ruling("ramsch", text, RULE)
    return RamschState(
        deal, rules, parent, last_move, phase, 0, hands, tuple(deal.skat), 0, (), 0, (), (note,)
    )


_RAMSCH_NOTES = {
    (True, False): Msg(
        "All three passed, so a Ramsch is played: everyone plays for themselves, only the jacks "
        "are trumps, and the player with the most card points loses."
    ),
    (False, False): Msg(
        "Every deal is a Ramsch: everyone plays for themselves, only the jacks are trumps, and "
        "the player with the most card points loses."
    ),
    (True, True): Msg(
        "All three passed, so a Ramsch is played: everyone plays for themselves, only the jacks "
        "are trumps, and the player with the most card points loses. Schieberamsch: from {fh} "
        "on, each player may take up the skat and pass two cards on, or push it on unseen (each "
        "push doubles the score).",
        fh=position_term(0),
    ),
    (False, True): Msg(
        "Every deal is a Ramsch: everyone plays for themselves, only the jacks are trumps, and "
        "the player with the most card points loses. Schieberamsch: from {fh} on, each player "
        "may take up the skat and pass two cards on, or push it on unseen (each push doubles the "
        "score).",
        fh=position_term(0),
    ),
}


class RamschState(SkatState):
    """A Ramsch deal: everyone for themselves, jacks the only trumps (as in a grand).

    Phases: ``"push"`` (Schieberamsch: take the skat or push it on), ``"pass on"`` (discard two
    cards as the new skat), ``"play"`` and ``"over"``. ``player_points`` and ``player_tricks``
    count per position; ``ramsch`` is the :class:`RamschResult` once the deal is over.
    """

    __slots__ = (
        "_deal",
        "_done",
        "_hands",
        "_leader",
        "_notes",
        "_phase",
        "_pushes",
        "_rules",
        "_skat",
        "_trick",
        "_turn",
        "last_move",
        "parent",
    )

    def __init__(
        self,
        deal: Deal,
        rules: Rules,
        parent: SkatState | None,
        last_move: Move | None,
        phase: Phase,
        turn: int,
        hands: tuple[tuple[Card, ...], ...],
        skat: tuple[Card, ...],
        pushes: int,
        trick: tuple[Card, ...],
        leader: int,
        done: tuple[Trick, ...],
        notes: tuple[Ruling | Event, ...],
    ) -> None:
        self._deal, self._rules, self.parent, self.last_move = deal, rules, parent, last_move
        self._phase, self._turn, self._hands, self._skat = phase, turn, hands, skat
        self._pushes, self._trick, self._leader, self._done = pushes, trick, leader, done
        self._notes = notes

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def current_player(self) -> Position | None:
        if self._phase is _OVER:
            return None
        if self._phase is _PLAY:
            return POSITIONS[(self._leader + len(self._trick)) % 3]
        return POSITIONS[self._turn]

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        h0, h1, h2 = (Hand(sort_hand(hand, GameType.GRAND)) for hand in self._hands)
        return (h0, h1, h2)

    @property
    def skat(self) -> Hand | None:
        """The skat: seen by the player who took it up, and by everyone once the deal is over."""
        return Hand(self._skat) if self._phase in (_PASS_ON, _OVER) else None

    @property
    def pushes(self) -> int:
        """How many players pushed the skat on unseen (each doubles the score)."""
        return self._pushes

    @property
    def trick(self) -> tuple[Card, ...]:
        return self._trick

    @property
    def trick_leader(self) -> int | None:
        return self._leader if self._phase is _PLAY else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self._done

    @property
    def player_points(self) -> tuple[int, int, int]:
        """Card points each position has taken in tricks so far (the skat not included)."""
        points = [0, 0, 0]
        for trick in self._done:
            points[trick.winner] += card_points(trick.cards)
        return (points[0], points[1], points[2])

    @property
    def player_tricks(self) -> tuple[int, int, int]:
        counts = [0, 0, 0]
        for trick in self._done:
            counts[trick.winner] += 1
        return (counts[0], counts[1], counts[2])

    @property
    def end_reason(self) -> str | None:
        return RAMSCH_OVER if self._phase is _OVER else None

    @property
    def result(self) -> Result | None:
        ramsch = self.ramsch
        return None if ramsch is None else Result(RAMSCH_OVER, scores=ramsch.scores)

    @property
    def ramsch(self) -> RamschResult | None:
        """The settlement of the Ramsch once every trick is played, with its ruling."""
        if self._phase is not _OVER:
            return None
        return settle_ramsch(
            self.player_points,
            self.player_tricks,
            card_points(self._skat),
            self._done[-1].winner,
            self._pushes,
            self._rules.ramsch_rules,
        )

    def legal_moves(self) -> list[Move]:
        if self._phase is _PUSH:
            return [PickUpSkat(), Push()]
        if self._phase is _PASS_ON:
            cards = [c for c in self._hands[self._turn] if self._may_pass(c)]
            return [Discard(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
        if self._phase is _PLAY:
            return [Play(card) for card in self._playable()]
        return []

    def _may_pass(self, card: Card) -> bool:
        return self._rules.ramsch_rules.pass_jacks or card.rank is not Rank.JACK

    def _playable(self) -> list[Card]:
        hand = sort_hand(self._hands[self.current_player or 0], GameType.GRAND)
        if not self._trick:
            return list(hand)
        led = follow_group(self._trick[0], GameType.GRAND)
        following = [c for c in hand if follow_group(c, GameType.GRAND) == led]
        return following or list(hand)

    def why_illegal(self, move: object) -> Ruling | None:
        if self._phase is _OVER:
            from cardlib.skat.engine.moves import move_name

            text = Msg("the Ramsch is over: {move} cannot be played", move=move_name(move))
            return Ruling("ramsch_over", text, RULE)
        who = position_term(self.current_player or 0)
        if self._phase is _PUSH:
            if isinstance(move, PickUpSkat | Push):
                return None
            return self._wrong_phase(move, Msg("{who} takes the skat up or pushes it on", who=who))
        if self._phase is _PASS_ON:
            if not isinstance(move, Discard):
                expected = Msg("{who} passes two cards on as the new skat", who=who)
                return self._wrong_phase(move, expected)
            held = self._hands[self._turn]
            if move.cards[0] is move.cards[1]:
                text = Msg(
                    "{who} passes two different cards on, not {card} twice",
                    who=who,
                    card=move.cards[0],
                )
                return Ruling("two_cards", text, RULE)
            for card in move.cards:
                if card not in held:
                    text = Msg("{who} does not hold {card}", who=who, card=card)
                    return Ruling("not_held", text, RULE)
                if not self._may_pass(card):
                    text = Msg(
                        "jacks may not be passed on in this Schieberamsch: {who} must keep {card}",
                        who=who,
                        card=card,
                    )
                    return Ruling("ramsch_no_jacks", text, RULE)
            return None
        if not isinstance(move, Play):
            return self._wrong_phase(move, Msg("{who} plays a card", who=who))
        hand = self._hands[self.current_player or 0]
        if move.card not in hand:
            return Ruling(
                "not_held", Msg("{who} does not hold {card}", who=who, card=move.card), RULE
            )
        if move.card not in self._playable():
            led = follow_group(self._trick[0], GameType.GRAND)
            facts = {
                "led": self._trick[0],
                "who": who,
                "cards": " ".join(c.symbol for c in self._playable()),
            }
            if led == "trump":
                text = Msg(
                    "{led} was led, so {who} must follow with a jack (the only trumps in Ramsch): "
                    "{cards}",
                    **facts,
                )
            else:
                # Translators: {one} is one card of the suit led, such as "heart".
                text = Msg(
                    "{led} was led, so {who} must follow with a {one}: {cards}",
                    one=suit_card_name(led),
                    **facts,
                )
            return Ruling("must_follow", text, RULE)
        return None

    def play(self, move: Move) -> RamschState:
        """Apply a push, a pick-up, two cards passed on, or a card played."""
        if self.why_illegal(move) is not None:
            raise self._refuse(move)
        who = position_term(self.current_player or 0)
        if isinstance(move, Push):
            pushes = self._pushes + 1
            text = Msg(
                "{who} pushes the skat on unseen: the score doubles (× {factor} now).",
                who=who,
                factor=2**pushes,
            )
            note = Ruling("ramsch_push", text, RULE)
            return self._after_push(move, pushes, self._hands, self._skat, note)
        if isinstance(move, PickUpSkat):
            hands = list(self._hands)
            hands[self._turn] = (*hands[self._turn], *self._skat)
            text = Msg("{who} takes up the skat and will pass two cards on.", who=who)
            note = Ruling("ramsch_pick_up", text, RULE)
            return self._make(
                move,
                _PASS_ON,
                self._turn,
                tuple(hands),
                self._skat,
                self._pushes,
                (),
                0,
                (),
                (note,),
            )
        if isinstance(move, Discard):
            hands = list(self._hands)
            hands[self._turn] = tuple(c for c in hands[self._turn] if c not in move.cards)
            cards = " ".join(c.symbol for c in move.cards)
            told = Msg("{who} passes {cards} on as the skat.", who=who, cards=cards)
            table = Msg("{who} passes two cards on, face down, as the skat.", who=who)
            only = frozenset({self._turn})
            passed = Event(self._turn, move, Ruling("ramsch_pass_on", told, RULE),
                           Ruling("ramsch_pass_on", table, RULE), only)  # fmt: skip
            return self._after_push(move, self._pushes, tuple(hands), move.cards, passed)
        assert isinstance(move, Play)
        return self._after_card(move, move.card)

    def _after_push(
        self,
        move: Move,
        pushes: int,
        hands: tuple[tuple[Card, ...], ...],
        skat: tuple[Card, ...],
        note: Ruling | Event,
    ) -> RamschState:
        if self._turn == 2:
            return self._make(move, _PLAY, 0, hands, skat, pushes, (), 0, (), (note,))
        return self._make(move, _PUSH, self._turn + 1, hands, skat, pushes, (), 0, (), (note,))

    def _after_card(self, move: Move, card: Card) -> RamschState:
        player = self.current_player or 0
        hands = list(self._hands)
        hands[player] = tuple(c for c in hands[player] if c is not card)
        trick = (*self._trick, card)
        played = _card_ruling(position_term(player), card, self._trick)
        if len(trick) < 3:
            return self._make(
                move,
                _PLAY,
                0,
                tuple(hands),
                self._skat,
                self._pushes,
                trick,
                self._leader,
                self._done,
                (played,),
            )
        position = trick_winner(trick, GameType.GRAND)
        winner = (self._leader + position) % 3
        done = (*self._done, Trick(self._leader, trick, winner))
        best = trick[position]
        facts = {"who": position_term(winner), "card": best}
        points = card_points(trick)
        text: Msg
        if best.rank is Rank.JACK and sum(card.rank is Rank.JACK for card in trick) > 1:
            text = Plural(
                "{who} takes the trick with {card}: the highest jack ({n} point).",
                "{who} takes the trick with {card}: the highest jack ({n} points).",
                points,
                **facts,
            )
        elif best.rank is Rank.JACK:
            text = Plural(
                "{who} takes the trick with {card}: the only jack in the trick ({n} point).",
                "{who} takes the trick with {card}: the only jack in the trick ({n} points).",
                points,
                **facts,
            )
        else:
            # Translators: {one} is one card of the suit led, such as "heart".
            text = Plural(
                "{who} takes the trick with {card}: the highest {one}, no jack in the trick ({n} "
                "point).",
                "{who} takes the trick with {card}: the highest {one}, no jack in the trick ({n} "
                "points).",
                points,
                one=suit_card_name(best.suit),
                **facts,
            )
        notes = [played, Ruling("trick", text, RULE)]
        phase = _OVER if len(done) == 10 else _PLAY
        state = self._make(
            move, phase, 0, tuple(hands), self._skat, self._pushes, (), winner, done, ()
        )
        if phase is _OVER:
            result = state.ramsch
            assert result is not None
            sentence = skat_sentence(
                state.player_points, winner, self._skat, self._rules.ramsch_rules
            )
            notes += [Ruling("ramsch_skat", sentence, RULE), result.ruling]
        state._notes = tuple(notes)
        return state

    def _make(
        self,
        move: Move,
        phase: Phase,
        turn: int,
        hands: tuple[tuple[Card, ...], ...],
        skat: tuple[Card, ...],
        pushes: int,
        trick: tuple[Card, ...],
        leader: int,
        done: tuple[Trick, ...],
        notes: tuple[Ruling | Event, ...],
    ) -> RamschState:
        return RamschState(
            self._deal,
            self._rules,
            self,
            move,
            phase,
            turn,
            hands,
            skat,
            pushes,
            trick,
            leader,
            done,
            notes,
        )

    def _own_events(self) -> list[Event]:
        parent = self.parent
        player = None if parent is None else parent.current_player
        events: list[Event] = []
        if parent is not None and parent.phase is Phase.BIDDING and self.last_move is not None:
            explain = getattr(parent, "_explain")  # noqa: B009 - not on the protocol
            events += explain(self.last_move)  # the third pass of the bidding
        for note in self._notes:
            if isinstance(note, Event):
                events.append(note)
            elif note.code in _BY_THE_RULES:  # nobody moved: as a Skat game's won trick
                events.append(Event(None, None, note))
            else:
                events.append(Event(player, self.last_move, note))
        return events

    def to_text(self) -> str:
        phase = phase_name(self._phase)
        if self._pushes:
            # Translators: the game line of a Ramsch table: the phase, how often it was pushed.
            head = Msg("Ramsch, {phase}, pushed {n}×", phase=phase, n=self._pushes)
        else:
            head = Msg("Ramsch, {phase}", phase=phase)
        lines = [str(head)]
        points, tricks = self.player_points, self.player_tricks
        for position, hand in enumerate(self.hands):
            turn = ">" if position == self.current_player else " "
            cards = " ".join(card.symbol for card in hand) or "-"
            # Translators: a Ramsch player's points and tricks so far, after the cards held.
            taken = Msg(
                "({points} points, {tricks} tricks)",
                points=points[position],
                tricks=tricks[position],
            )
            lines.append(f"{turn}{position_term(position)} {cards}  {taken}")
        skat = self.skat
        shown = " ".join(c.symbol for c in skat) if skat is not None else "?? ??"
        skat_line = Msg("Skat {cards}", cards=shown)
        lines.append(f"  {skat_line}")
        if self._trick:
            trick = " ".join(card.symbol for card in self._trick)
            trick_line = Msg("Trick {cards}", cards=trick)
            lines.append(f"  {trick_line}")
        lines += ["  " + event.ruling.explanation for event in self._own_events()]
        return "\n".join(lines)

    def _headline(self) -> str:
        return str(Msg("Ramsch, {phase}", phase=phase_name(self._phase)))


_BY_THE_RULES = frozenset(
    ("ramsch", "trick", "ramsch_skat", "durchmarsch", "ramsch_loser", "ramsch_tie",
     "ramsch_all_tied")
)  # fmt: skip


def _card_ruling(who: Msg, card: Card, trick: tuple[Card, ...]) -> Ruling:
    """What a legal card does in a Ramsch: a lead, a follow, a jack played in, or a discard."""
    jack = card.rank is Rank.JACK
    if not trick:
        if jack:
            text = Msg(
                "{who} leads {card}, a trump: the others must play jacks.", who=who, card=card
            )
        else:
            text = Msg(
                "{who} leads {card}: the others must follow {suit}.",
                who=who,
                card=card,
                suit=suit_name(card.suit),
            )
        return Ruling("lead", text, RULE)
    led = trick[0]
    if led.rank is Rank.JACK:
        if jack:
            return Ruling(
                "follow", Msg("{who} follows with {card}, a jack.", who=who, card=card), RULE
            )
        return Ruling(
            "discard", Msg("{who} has no jack and plays {card}.", who=who, card=card), RULE
        )
    suit = suit_name(led.suit)
    if not jack and card.suit == led.suit:
        text = Msg("{who} follows {suit} with {card}.", who=who, suit=suit, card=card)
        return Ruling("follow", text, RULE)
    if jack:
        if card.suit == led.suit:
            text = Msg(
                "{who} has no {suit} and trumps with {card} (a jack is a trump, not a {one}).",
                who=who,
                suit=suit,
                card=card,
                one=suit_card_name(led.suit),
            )
        else:
            text = Msg("{who} has no {suit} and trumps with {card}.", who=who, suit=suit, card=card)
        return Ruling("trump_in", text, RULE)
    text = Msg("{who} has no {suit} and throws {card}.", who=who, suit=suit, card=card)
    return Ruling("discard", text, RULE)
