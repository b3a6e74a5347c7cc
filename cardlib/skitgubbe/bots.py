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

__all__ = ["HeuristicBot", "RandomBot", "repeated_position"]


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
        """The usual move, unless the position repeats: then another legal move at random."""
        legal = state.legal_moves()
        usual, why = self._usual(state, legal)
        if len(legal) == 1 or not repeated_position(state):
            return usual, why
        move = self.rng.choice([move for move in legal if move != usual])
        return move, (
            f"{_move_words(move)}: this exact position (every hand, the trick and whose turn it "
            "is) has come up before since a card last reached the discard pile, so the usual "
            f"move ({_move_words(usual).lower()}) would go round the same cycle again. Vary the "
            "play at random to break it."
        )

    def _usual(self, state: PhaseTwo, legal: list[Move]) -> tuple[Move, str]:
        turn = state.current_player
        assert turn is not None
        trumps = state.trumps
        hand = state._hands[turn]
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


Position = tuple[int | None, int, tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]


def _position(state: PhaseTwo) -> Position:
    """Whose turn, the trick size, every hand (as a set of cards) and the trick, as numbers."""
    hands = tuple(sum(1 << card.index for card in hand) for hand in state._hands)
    trick = tuple((seat, tuple(card.index for card in cards)) for seat, cards in state._trick)
    return (state._turn, state._size, hands, trick)


def repeated_position(state: State) -> bool:
    """Whether ``state``'s position came up before since a card last reached the discard pile.

    A position is every hand (which cards, not their order), the trick (who played what, in
    order), its size and whose turn it is; the discard pile is the same throughout, and phase 2
    has no stock. Only then can play go round in a cycle: a card reaching the discard pile never
    comes back, so it ends the search.

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
    discarded = len(state._discard)
    turn, size, trick = state._turn, state._size, len(state._trick)
    counts = [len(hand) for hand in state._hands]
    key: Position | None = None
    current = state._parent
    while isinstance(current, PhaseTwo) and len(current._discard) == discarded:
        if (
            current._turn == turn
            and current._size == size
            and len(current._trick) == trick
            and [len(hand) for hand in current._hands] == counts
        ):
            key = _position(state) if key is None else key
            if _position(current) == key:
                return True
        current = current._parent
    return False


def _move_words(move: Move) -> str:
    if isinstance(move, Play):
        return "Play " + play_text(move.cards)
    return "Turn up" if move is TURN_UP else "Pick up"
