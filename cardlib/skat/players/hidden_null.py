"""A plain Null judged as it is played: the defenders cannot see the declarer's hand.

Solved with every hand known, a Null and a Null Ouvert are the same game: the defenders play as
if they saw the declarer's cards, so a plain Null looks as hard to win as an open one ("strategy
fusion"). :func:`null_won` plays a plain Null out instead, in one deal:

- a deal the declarer wins with every hand known is won (the defenders can only know less);
- otherwise the declarer, who is treated as knowing the deal (as in every sampled deal), plays
  a card that wins with every hand known when there is one, else the simple player's card;
- each defender chooses its card from :data:`DEFENCE_DEALS` deals of its own, drawn among those
  that fit what its seat has seen (the declarer's hand hidden): the card that beats the Null, with
  every hand known, in the most of them (ties: the simple player's card);
- the deal ends as soon as the declarer takes a trick (lost) or wins with every hand known from
  there (won).

The defenders' deals are drawn from a generator seeded by the deal itself, so the same deal
always gives the same answer, on any worker.

>>> from cardlib.cards import parse_cards
>>> hands = [parse_cards(h) for h in ("C8 CJ CK S7 S9 ST SK H8 HJ HQ",
...                                   "CT CQ SA SJ S8 HT H9 H7 DQ D9",
...                                   "CA C9 C7 SQ HA HK DA DK D8 D7")]
>>> solve_null(hands, 0, declarer=0)       # defenders who saw FH's cards would beat it
False
>>> null_won(hands, declarer=0, skat=parse_cards("DT DJ"))   # these do not see them
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardlib.cards import Card
from cardlib.skat.engine.facts import GameType
from cardlib.skat.engine.moves import Play
from cardlib.skat.engine.positions import play_position
from cardlib.skat.players.sampling_deals import sample_deals, unseen_of
from cardlib.skat.solver.solve import solve_null

if TYPE_CHECKING:
    from cardlib.skat.engine.states import SkatState
    from cardlib.skat.players.bots import HeuristicBot

__all__ = ["DEFENCE_DEALS", "null_won"]

DEFENCE_DEALS = 4
"""The deals each defender's card is chosen from."""


def null_won(hands: Sequence[Sequence[Card]], declarer: int, skat: Sequence[Card]) -> bool:
    """Whether the declarer wins a plain Null in this deal (FH leads), against defenders who
    choose their cards from deals of their own (see the module docstring)."""
    if solve_null(hands, 0, declarer):
        return True
    from cardlib.skat.players.bots import HeuristicBot as Simple

    simple = Simple()
    digest = hashlib.sha256(repr([sorted(map(str, h)) for h in hands]).encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    state = play_position([tuple(h) for h in hands], GameType.NULL, declarer, skat=tuple(skat))
    while not state.is_over:
        if _took(state):
            return False
        now = [tuple(state.hands[i]) for i in range(3)]
        leader = _leader(state)
        if solve_null(now, leader, declarer, trick=state.trick):
            return True
        seat = _mover(state)
        legal = [m.card for m in state.legal_moves() if isinstance(m, Play)]
        if seat == declarer:
            card = _declarer_card(state, legal, declarer) or _simple(simple, state, legal)
        elif len(legal) == 1:
            card = legal[0]
        else:
            card = _defender_card(state, legal, declarer, rng) or _simple(simple, state, legal)
        state = state.play(Play(card))
    return not _took(state)


def _mover(state: SkatState) -> int:
    player = state.current_player
    assert player is not None
    return int(player)


def _leader(state: SkatState) -> int:
    return 0 if state.trick_leader is None else int(state.trick_leader)


def _took(state: SkatState) -> bool:
    """Whether the declarer has taken a trick."""
    return state.tricks_won[0] > 0


def _declarer_card(state: SkatState, legal: list[Card], declarer: int) -> Card | None:
    for card in legal:
        after = state.play(Play(card))
        if after.is_over:
            return card if not _took(after) else None
        if _took(after):
            continue
        hands = [tuple(after.hands[i]) for i in range(3)]
        if solve_null(hands, _leader(after), declarer, trick=after.trick):
            return card
    return None


def _defender_card(state: SkatState, legal: list[Card], declarer: int,
                   rng: random.Random) -> Card | None:  # fmt: skip
    view = state.view(_mover(state))
    deals = sample_deals(unseen_of(view), DEFENCE_DEALS, rng)
    seat = _mover(state)
    beaten = dict.fromkeys(legal, 0)
    for hands, _ in deals:
        full = [tuple(h) for h in hands]
        full[seat] = tuple(state.hands[seat])
        for card in legal:
            after = list(full)
            after[seat] = tuple(c for c in full[seat] if c != card)
            trick = (*state.trick, card)
            beaten[card] += _declarer_loses(after, state, trick, declarer)
    best = max(beaten.values())
    top = [card for card in legal if beaten[card] == best]
    return top[0] if len(top) == 1 else None


def _declarer_loses(hands: list[tuple[Card, ...]], state: SkatState, trick: tuple[Card, ...],
                    declarer: int) -> bool:  # fmt: skip
    leader = _leader(state)
    if len(trick) == 3:
        after = state.play(Play(trick[-1]))
        if _took(after):
            return True
        return not solve_null(hands, _leader(after), declarer)
    return not solve_null(hands, leader, declarer, trick=trick)


def _simple(simple: HeuristicBot, state: SkatState, legal: list[Card]) -> Card:
    move = simple.choose(state)
    return move.card if isinstance(move, Play) and move.card in legal else legal[0]
