"""Two Skitgubbe players: one that moves at random, one that plays sensibly and says why.

Both decide from the view of the seat to move (``state.view(seat)``, a value with no way back
to the state): its own hand, the cards face up, the stock's size, the trump suit once that seat
may see it, and the moves made. Given a state, a bot takes that view at once and reads nothing
else, so the other hands, the stock's order and a hidden trump card never reach it.

>>> from cardlib.skitgubbe.game import phase_two_position
>>> from cardlib import FULL_DECK
>>> kept = "H7 S9 SA H9 HK D2 D5".split()
>>> state = phase_two_position(hands=["H7 D5", "H9 S9 SA", "HK D2"], trumps="S", turn=0,
...     discard=[card for card in FULL_DECK if str(card) not in kept])
>>> state = state.play(state.legal_moves()[0])
>>> print(HeuristicBot().explain(state))
Play ♥9: the cheapest card that beats ♥7 (a higher ♥ than ♥7). It keeps your trumps for later.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cardlib.cards import Card, Rank, Seat, Suit
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural, Term
from cardlib.randomness import as_rng
from cardlib.skitgubbe.moves import PICK_UP, PLAYS, TURN_UP, Move, Play
from cardlib.skitgubbe.phase_two import repeated_position
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.state import State
from cardlib.skitgubbe.views import StateView
from cardlib.skitgubbe.wording import Cards, Sentences, beat_reason, play_words, top_words

__all__ = ["HeuristicBot", "RandomBot", "repeated_position"]


@dataclass(frozen=True, slots=True)
class _Known:
    """What the seat to move knows, and all a bot decides from.

    ``hand`` is its own hand (in the order it holds it), ``legal`` its legal moves; ``trumps``
    the trump suit once this seat may see it (``None`` before). Phase 1: ``stock_size``,
    ``leading`` (whether it leads the round) and ``lead``, the card it answers (the last one on
    the table). Phase 2: ``top``, the card to beat, and ``taken``, the play it lies in (what a
    pick-up takes); ``repeated``: whether this position came up before since a card last reached
    the discard pile (worked out from the moves seen, see :func:`repeated_position`).
    """

    seat: Seat
    phase: Phase
    hand: tuple[Card, ...]
    legal: tuple[Move, ...]
    trumps: Suit | None
    stock_size: int = 0
    leading: bool = False
    lead: Card | None = None
    top: Card | None = None
    taken: tuple[Card, ...] = ()
    repeated: bool = False


def _known_to_mover(view: StateView) -> _Known:
    """What the player to move knows, read from its view (``RulesError`` once the game is over).

    >>> from cardlib.skitgubbe import new_game
    >>> state = new_game(rng=3)
    >>> known = _known_to_mover(state.view(state.current_player))
    >>> known.seat, len(known.hand), known.trumps, known.stock_size, known.leading
    (Seat.A, 3, None, 43, True)
    """
    turn = view.seat
    assert turn is not None
    hand = tuple(view.hand)
    legal = tuple(view.legal)
    if view.phase is Phase.ONE:
        leading = turn == view.leader
        return _Known(
            turn, Phase.ONE, hand, legal, view.trumps, stock_size=view.stock_size,
            leading=leading, lead=None if leading else view.table[-1][1],
        )  # fmt: skip
    plays = view.plays
    return _Known(
        turn, Phase.TWO, hand, legal, view.trumps, top=view.top_card,
        taken=plays[-1][1] if plays else (), repeated=len(legal) > 1 and view.repeated,
    )  # fmt: skip


class RandomBot:
    """Picks uniformly among the legal moves."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = as_rng(rng)

    def choose(self, view: StateView | State) -> Move:
        """A random legal move (its legal moves follow from its own hand and the cards face up)."""
        return self.rng.choice(playable_view(view, "RandomBot").legal_moves())

    def explain(self, view: StateView | State) -> str:
        """The random bot has no reasons."""
        return str(self.hint(view))

    def hint(self, view: StateView | State) -> Msg:
        """:meth:`explain` as a message worded in the language current when it is read."""
        playable_view(view, "RandomBot")
        return Msg("Any legal move will do: this player picks one at random.")


class HeuristicBot:
    """A sensible player.

    Phase 1: collect high cards cheaply. Answer a high lead with the lowest card that wins it,
    answer a low lead with a card that loses it (the leader collects the rubbish), lead the lowest
    card, and turn up the stock's top card rather than give away a hand of high cards.
    Phase 2: lead the lowest non-trump (the longest low run with sequences), beat with the lowest
    sufficient card, keep trumps, and pick up a low card rather than spend a high trump on it.
    """

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = as_rng(rng)

    def choose(self, view: StateView | State) -> Move:
        """The bot's move."""
        return self._advise(view)[0]

    def explain(self, view: StateView | State) -> str:
        """The hint a learner gets: which move and why, in plain words."""
        return self._decide(view)[1]

    def hint(self, view: StateView | State) -> Msg:
        """:meth:`explain` as a message worded in the language current when it is read."""
        return self._advise(view)[1]

    def _decide(self, view: StateView | State) -> tuple[Move, str]:
        """The move and the hint, worded now, from one decision."""
        move, why = self._advise(view)
        return move, str(why)

    def _advise(self, view: StateView | State) -> tuple[Move, Msg]:
        seen = _known_to_mover(playable_view(view, "HeuristicBot"))
        if seen.phase is Phase.ONE:
            return self._phase_one(seen)
        return self._phase_two(seen)

    # Phase 1 -----------------------------------------------------------------------------------
    def _phase_one(self, seen: _Known) -> tuple[Move, Msg]:
        known = seen.trumps
        hand = sorted(seen.hand, key=_value_key(known))
        can_turn = seen.stock_size >= 2
        if seen.leading:
            if not hand:
                return TURN_UP, Msg("Turn up the stock's top card: your hand is empty.")
            low = hand[0]
            if can_turn and _value(low, known) >= Rank.QUEEN:
                return TURN_UP, Msg(
                    "Turn up the stock's top card: every card in your hand is high, worth "
                    "keeping for phase 2, so gamble with an unknown card instead."
                )
            return PLAYS[low], Msg(
                "Lead {card}, your lowest card: keep the high cards for phase 2.", card=low
            )
        lead = seen.lead
        assert lead is not None
        winners = [card for card in hand if card.rank > lead.rank]
        losers = [card for card in hand if card.rank < lead.rank]
        if lead.rank >= Rank.TEN or (known is not None and lead.suit is known):
            if winners:
                card = winners[0]
                return PLAYS[card], Msg(
                    "Win {lead} cheaply with {card}, the lowest card that beats it: high cards "
                    "are worth collecting for phase 2.",
                    lead=lead, card=card,
                )  # fmt: skip
            if can_turn:
                return TURN_UP, Msg(
                    "Nothing in your hand beats {lead}; turn up the stock's top card, which "
                    "might, and keep your cards.",
                    lead=lead,
                )
            return PLAYS[hand[0]], Msg(
                "Play {card}: nothing in your hand beats {lead}, so throw away your lowest card.",
                card=hand[0], lead=lead,
            )  # fmt: skip
        if losers:
            card = losers[0]
            return PLAYS[card], Msg(
                "Play {card}: {lead} is low, so let the leader have it and get rid of a low card "
                "of your own.",
                card=card, lead=lead,
            )  # fmt: skip
        card = hand[0]
        if card.rank == lead.rank:
            return PLAYS[card], Msg(
                "Play {card}: none of your cards is lower than {lead}, and {card}, your cheapest, "
                "has its rank, so it does not beat {lead} but bounces it (a stunsa): the cards "
                "stay on the table and the trick is played again, its winner taking them all.",
                card=card, lead=lead,
            )  # fmt: skip
        if winners != list(hand):
            return PLAYS[card], Msg(
                "Play {card}: none of your cards is lower than {lead}, so win it with the "
                "cheapest card that beats it.",
                card=card, lead=lead,
            )  # fmt: skip
        return PLAYS[card], Msg(
            "Play {card}: every card of yours beats {lead}, so win it with the cheapest.",
            card=card, lead=lead,
        )  # fmt: skip

    # Phase 2 -----------------------------------------------------------------------------------
    def _phase_two(self, seen: _Known) -> tuple[Move, Msg]:
        """The usual move, unless the position repeats: then another legal move at random."""
        legal = list(seen.legal)
        usual, why = self._usual(seen, legal)
        if len(legal) == 1 or not seen.repeated:
            return usual, why
        move = self.rng.choice([move for move in legal if move != usual])
        return move, Msg(
            "{move}: this exact position (every hand, the trick and whose turn it is) has come "
            "up before since a card last reached the discard pile, so the usual move ({usual}) "
            "would go round the same cycle again. Vary the play at random to break it.",
            move=_move_words(move), usual=_usual_words(usual),
        )  # fmt: skip

    def _usual(self, seen: _Known, legal: list[Move]) -> tuple[Move, Msg]:
        trumps = seen.trumps
        assert trumps is not None  # everyone knows the trumps in phase 2
        hand = seen.hand
        moves = [move for move in legal if isinstance(move, Play)]
        taken = seen.taken
        if not moves:
            if len(taken) > 1:
                return PICK_UP, Msg(
                    "Nothing in your hand beats {top}: you must pick the run up.",
                    top=top_words(taken),
                )
            return PICK_UP, Msg(
                "Nothing in your hand beats {card}: you must pick it up.", card=taken[-1]
            )

        def cost(move: Play) -> tuple[int, int, int]:
            low = move.cards[0]
            return (int(low.suit is trumps), int(low.rank) - 2 * len(move.cards), low.index)

        best = min(moves, key=cost)
        low = best.cards[0]
        run = len(best.cards) > 1
        top = seen.top
        if top is None:
            if low.suit is trumps:
                if run:
                    return best, Msg(
                        "Lead the run {cards}: you hold only trumps, so lead the lowest.",
                        cards=Cards(best.cards),
                    )
                return best, Msg("Lead {card}: you hold only trumps, so lead the lowest.", card=low)
            if run:
                return best, Msg(
                    "Lead the run {cards}: get rid of low cards while others must beat them.",
                    cards=Cards(best.cards),
                )
            return best, Msg(
                "Lead {card}: get rid of low cards while others must beat them.", card=low
            )
        if low.suit is trumps and top.suit is not trumps:
            cheap = top.rank >= Rank.TEN or low.rank <= Rank.NINE or len(hand) <= 3
            if not cheap:
                return PICK_UP, Msg(
                    "Pick up {what}: only a high trump ({trump}) beats {top}, and a low card is "
                    "not worth a trump you will need later.",
                    what=play_words(taken), trump=low, top=top,
                )  # fmt: skip
        reason = beat_reason(low, top, trumps)
        if run:
            chosen: Msg = Plural(
                "Play the run {cards}: it beats {top} ({reason}) and sheds {n} card at once.",
                "Play the run {cards}: it beats {top} ({reason}) and sheds {n} cards at once.",
                len(best.cards), cards=Cards(best.cards), top=top, reason=reason,
            )  # fmt: skip
        else:
            chosen = Msg(
                "Play {card}: the cheapest card that beats {top} ({reason}).",
                card=low, top=top, reason=reason,
            )  # fmt: skip
        if low.suit is trumps:
            return best, chosen
        return best, Sentences(chosen, Msg("It keeps your trumps for later."))


def playable_view(given: object, bot: str) -> StateView:
    """The view of the seat to move: ``given`` itself, or a state's ``view(current_player)``;
    ``RulesError`` if it is not Skitgubbe, the game is over or it is not the seat's turn.

    >>> from cardlib.skitgubbe.game import phase_two_position
    >>> from cardlib import FULL_DECK
    >>> over = phase_two_position(hands=["", "H9", ""], trumps="S",
    ...     discard=[card for card in FULL_DECK if str(card) != "H9"])
    >>> RandomBot().choose(over)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: RandomBot has no move to choose: the game is over. [...skitgubbe...]
    """
    if isinstance(given, State):
        turn = given.current_player
        if turn is None:
            over = given.view(0)
            raise RulesError(
                Msg(
                    "{bot} has no move to choose: the game is over. [{summary}]",
                    bot=bot,
                    summary=over.heading,
                )
            )
        return given.view(turn)
    if not isinstance(given, StateView):
        raise RulesError(
            Msg("{bot} plays Skitgubbe states and views, not {given}", bot=bot, given=repr(given))
        )
    if given.is_over:
        raise RulesError(
            Msg(
                "{bot} has no move to choose: the game is over. [{summary}]",
                bot=bot,
                summary=given.heading,
            )
        )
    if given.seat is None or given.seat != given.current_player:
        # Translators: who holds a view that has no seat: "this view is an onlooker's".
        who = Msg("an onlooker") if given.seat is None else given.seat.name
        raise RulesError(
            Msg(
                "{bot} moves for the seat to move, and this view is {who}'s, not "
                "{name}'s. [{summary}]",
                bot=bot,
                who=who,
                name=given.current_player.name,  # type: ignore[union-attr]
                summary=given.heading,
            )
        )
    return given


def _value(card: Card, trumps: Suit | None) -> int:
    return int(card.rank) + (13 if card.suit is trumps else 0)


def _value_key(known: Suit | None) -> Callable[[Card], tuple[int, int]]:
    def key(card: Card) -> tuple[int, int]:
        return (_value(card, known), card.index)

    return key


def _move_words(move: Move) -> Msg:
    """The move the bot makes, as the start of a hint: 'Play ♥9', 'Pick up'."""
    if isinstance(move, Play):
        if len(move.cards) > 1:
            return Term("the move a hint advises", "Play the run {cards}", cards=Cards(move.cards))
        return Term("the move a hint advises", "Play {card}", card=move.card)
    if move is TURN_UP:
        return Term("the move a hint advises", "Turn up")
    return Term("the move a hint advises", "Pick up")


def _usual_words(move: Move) -> Msg:
    """The move the bot would usually make, inside a hint: 'play ♥9', 'pick up'."""
    if isinstance(move, Play):
        if len(move.cards) > 1:
            return Term(
                "the usual move, in a hint", "play the run {cards}", cards=Cards(move.cards)
            )
        return Term("the usual move, in a hint", "play {card}", card=move.card)
    if move is TURN_UP:
        return Term("the usual move, in a hint", "turn up")
    return Term("the usual move, in a hint", "pick up")
