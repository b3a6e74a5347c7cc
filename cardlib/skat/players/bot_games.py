"""Quick games for lessons and studies: a seeded deal, a scripted bidding, heuristic play.

The heuristic player's own bidding weighs every game for every hand, which takes a noticeable
fraction of a second per deal. A study that needs positions from many deals scripts it instead:
one seat bids 18 and the others pass. From there the heuristic player picks up the skat, lays two
cards away, declares and plays the first tricks for all three seats.

>>> state = bot_game(7, tricks=2)
>>> state.declarer, state.declaration.game.symbol, len(state.tricks)
(Position.MH, '♠', 2)
>>> null = bot_game(7, declarer=2, game=GameType.NULL)
>>> null.declaration.game.symbol, null.current_player, null.hands[2].symbol
('Null', Position.FH, '♣10 ♣7 ♠K ♠8 ♥K ♥Q ♥10 ♥8 ♦K ♦10')
"""

from __future__ import annotations

from cardlib.cards import Rank
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.skat.engine.bidding import new_game
from cardlib.skat.engine.deal import new_deal
from cardlib.skat.engine.facts import Declaration, GameType, order_key
from cardlib.skat.engine.moves import Declare, Discard, Pass, PickUpSkat
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.play import PlayState
from cardlib.skat.engine.states import SkatState
from cardlib.skat.players.bots import HeuristicBot

__all__ = ["bot_game", "strongest_seat"]


def strongest_seat(state: SkatState) -> int:
    """The seat dealt the most jacks, then the most aces; the earlier seat on a tie.

    >>> strongest_seat(new_game(new_deal(7)))
    1
    """

    def count(seat: int) -> tuple[int, int, int]:
        hand = state.hands[seat]
        jacks = sum(card.rank is Rank.JACK for card in hand)
        return jacks, sum(card.rank is Rank.ACE for card in hand), -seat

    return max(range(3), key=count)


def bot_game(
    seed: int, declarer: int | None = None, game: GameType | None = None, *, tricks: int = 0
) -> PlayState:
    """Deal ``seed``; ``declarer`` (default :func:`strongest_seat`) bids 18, the others pass.

    The declarer picks up the skat. With ``game`` left out the heuristic player lays away two
    cards and declares; with ``game`` given it lays away as the heuristic player does (for Null:
    the two highest cards) and declares that game, picked up. Then the heuristic players play
    ``tricks`` whole tricks (fewer if the game ends first) and the state is returned.

    >>> bot_game(7, declarer=3)
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: bot_game(declarer=3): the declarer is seat 0 (FH), 1 (MH) or 2 (RH)
    """
    if declarer not in (None, 0, 1, 2) or isinstance(declarer, bool):
        raise RulesError(Msg(
            "bot_game(declarer={declarer}): the declarer is seat 0 (FH), 1 (MH) or 2 (RH)",
            declarer=repr(declarer),
        ))  # fmt: skip
    if game is not None and not isinstance(game, GameType):
        raise RulesError(Msg("bot_game(game={game}): expected a GameType or None", game=repr(game)))
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 10:
        raise RulesError(Msg("bot_game(tricks={tricks}): a whole number of tricks from 0 to 10",
                             tricks=repr(tricks)))  # fmt: skip
    bot = HeuristicBot(rng=seed)
    state: SkatState = new_game(new_deal(seed))
    seat = strongest_seat(state) if declarer is None else declarer
    while state.phase is Phase.BIDDING:
        moves = state.legal_moves()
        bids = [move for move in moves if move != Pass()]
        state = state.play(bids[0] if state.current_player == seat and bids else Pass())
    state = state.play(PickUpSkat())
    if game is GameType.NULL:
        high = sorted(state.hands[seat], key=lambda card: -order_key(card, GameType.NULL))
        state = state.play(Discard(*high[:2]))
    else:
        state = state.play(bot.choose(state))
    if game is not None:
        state = state.play(Declare(Declaration(game)))
    while not isinstance(state, PlayState):
        state = state.play(bot.choose(state))
    while len(state.tricks) < tricks and not state.is_over:
        state = state.play(bot.choose(state))
    return state
