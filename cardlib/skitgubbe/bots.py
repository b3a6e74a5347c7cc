"""Two Skitgubbe players: one that moves at random, one that plays sensibly and says why.

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

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import RulesError
from cardlib.randomness import as_rng
from cardlib.skitgubbe.events import beat_reason, cards_text, play_text, top_text
from cardlib.skitgubbe.moves import PICK_UP, PLAYS, TURN_UP, Move, Play
from cardlib.skitgubbe.phase_one import PhaseOne
from cardlib.skitgubbe.phase_two import PhaseTwo
from cardlib.skitgubbe.state import State

__all__ = ["HeuristicBot", "RandomBot"]


class RandomBot:
    """Picks uniformly among the legal moves."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = as_rng(rng)

    def choose(self, state: State) -> Move:
        """A random legal move."""
        return self.rng.choice(_playable(state, "RandomBot").legal_moves())

    def explain(self, state: State) -> str:
        """The random bot has no reasons."""
        _playable(state, "RandomBot")
        return "Any legal move will do: this player picks one at random."


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

    def choose(self, state: State) -> Move:
        """The bot's move."""
        return self._decide(state)[0]

    def explain(self, state: State) -> str:
        """The hint a learner gets: which move and why, in plain words."""
        return self._decide(state)[1]

    def _decide(self, state: State) -> tuple[Move, str]:
        _playable(state, "HeuristicBot")
        if isinstance(state, PhaseOne):
            return self._phase_one(state)
        assert isinstance(state, PhaseTwo)
        return self._phase_two(state)

    # Phase 1 -----------------------------------------------------------------------------------
    def _phase_one(self, state: PhaseOne) -> tuple[Move, str]:
        turn = state.current_player
        assert turn is not None
        hand = sorted(state._hands[turn], key=_value_key(state))
        known = state.trumps if state.trump_visible_to(turn) else None
        can_turn = state.stock_size >= 2
        if state._index == 0:
            if not hand:
                return TURN_UP, "Turn up the stock's top card: your hand is empty."
            low = hand[0]
            if can_turn and _value(low, known) >= Rank.QUEEN:
                return TURN_UP, (
                    "Turn up the stock's top card: every card in your hand is high, worth "
                    "keeping for phase 2, so gamble with an unknown card instead."
                )
            return PLAYS[
                low
            ], f"Lead {low.symbol}, your lowest card: keep the high cards for phase 2."
        lead = state._table[-1][1]
        winners = [card for card in hand if card.rank > lead.rank]
        losers = [card for card in hand if card.rank < lead.rank]
        if lead.rank >= Rank.TEN or (known is not None and lead.suit is known):
            if winners:
                card = winners[0]
                return PLAYS[card], (
                    f"Win {lead.symbol} cheaply with {card.symbol}, the lowest card that beats "
                    "it: high cards are worth collecting for phase 2."
                )
            if can_turn:
                return TURN_UP, (
                    f"Nothing in your hand beats {lead.symbol}; turn up the stock's top card, "
                    "which might, and keep your cards."
                )
            return PLAYS[hand[0]], (
                f"Play {hand[0].symbol}: nothing in your hand beats {lead.symbol}, so throw away "
                "your lowest card."
            )
        if losers:
            card = losers[0]
            return PLAYS[card], (
                f"Play {card.symbol}: {lead.symbol} is low, so let the leader have it and get rid "
                "of a low card of your own."
            )
        card = hand[0]
        return PLAYS[card], (
            f"Play {card.symbol}: every card of yours beats {lead.symbol}, so win it with the "
            "cheapest."
        )

    # Phase 2 -----------------------------------------------------------------------------------
    def _phase_two(self, state: PhaseTwo) -> tuple[Move, str]:
        turn = state.current_player
        assert turn is not None
        trumps = state.trumps
        hand = state._hands[turn]
        legal = state.legal_moves()
        limit = 4 * len(state.players)
        if _moves_without_progress(state, limit) > limit:
            move = self.rng.choice(legal)
            return move, (
                f"{_move_words(move)}: for {limit} moves no card has reached the discard pile "
                "(the same cards are beaten and picked up again), so vary the play at random to "
                "break the cycle."
            )
        moves = [move for move in legal if isinstance(move, Play)]
        taken = state.plays[-1][1] if state.plays else ()
        if not moves:
            if len(taken) > 1:
                return PICK_UP, (
                    f"Nothing in your hand beats {top_text(taken)}: you must pick the run up."
                )
            return PICK_UP, f"Nothing in your hand beats {taken[-1].symbol}: you must pick it up."

        def cost(move: Play) -> tuple[int, int, int]:
            low = move.cards[0]
            return (int(low.suit is trumps), int(low.rank) - 2 * len(move.cards), low.index)

        best = min(moves, key=cost)
        low = best.cards[0]
        run = len(best.cards) > 1
        top = state.top_card
        if top is None:
            what = f"the run {cards_text(best.cards)}" if run else low.symbol
            if low.suit is trumps:
                return best, f"Lead {what}: you hold only trumps, so lead the lowest."
            return best, f"Lead {what}: get rid of low cards while others must beat them."
        if low.suit is trumps and top.suit is not trumps:
            cheap = top.rank >= Rank.TEN or low.rank <= Rank.NINE or len(hand) <= 3
            if not cheap:
                return PICK_UP, (
                    f"Pick up {play_text(taken)}: only a high trump ({low.symbol}) beats "
                    f"{top.symbol}, and a low card is not worth a trump you will need later."
                )
        reason = beat_reason(low, top, trumps)
        extra = "" if low.suit is trumps else " It keeps your trumps for later."
        if run:
            return best, (
                f"Play the run {cards_text(best.cards)}: it beats {top.symbol} ({reason}) and "
                f"sheds {len(best.cards)} cards at once.{extra}"
            )
        return (
            best,
            f"Play {low.symbol}: the cheapest card that beats {top.symbol} ({reason}).{extra}",
        )


def _playable(state: object, bot: str) -> State:
    """``state`` if it is a Skitgubbe state with a player to move, else ``RulesError``.

    >>> from cardlib.skitgubbe.game import phase_two_position
    >>> from cardlib import FULL_DECK
    >>> over = phase_two_position(hands=["", "H9", ""], trumps="S",
    ...     discard=[card for card in FULL_DECK if str(card) != "H9"])
    >>> RandomBot().choose(over)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: RandomBot has no move to choose: the game is over. [...skitgubbe...]
    """
    if not isinstance(state, PhaseOne | PhaseTwo):
        raise RulesError(f"{bot} plays Skitgubbe states, not {state!r}")
    if state.is_over:
        raise RulesError(f"{bot} has no move to choose: the game is over. [{state.summary()}]")
    return state


def _value(card: Card, trumps: Suit | None) -> int:
    return int(card.rank) + (13 if card.suit is trumps else 0)


def _value_key(state: PhaseOne) -> Callable[[Card], tuple[int, int]]:
    turn = state.current_player
    known = state.trumps if turn is not None and state.trump_visible_to(turn) else None

    def key(card: Card) -> tuple[int, int]:
        return (_value(card, known), card.index)

    return key


def _moves_without_progress(state: PhaseTwo, limit: int) -> int:
    """Moves since a card last reached the discard pile (counted up to ``limit + 1``)."""
    age = 0
    discarded = len(state._discard)
    current: State | None = state._parent
    while isinstance(current, PhaseTwo) and len(current._discard) == discarded and age <= limit:
        age += 1
        current = current._parent
    return age


def _move_words(move: Move) -> str:
    if isinstance(move, Play):
        return "Play " + cards_text(move.cards)
    return "Turn up" if move is TURN_UP else "Pick up"
