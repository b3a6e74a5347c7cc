"""Cross-check with OpenSpiel's Skat: legal cards and trick winners agree move by move.

Both engines get the same deal (OpenSpiel's chance steps deal 3-skat-4-3 like ours), the same
declarer and game, the same discards; then random play, comparing at every card the set of legal
cards and, after every trick, who leads next.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from cardlib import Card
from cardlib.skat import (
    Bid,
    Declare,
    Discard,
    GameType,
    Move,
    Pass,
    PickUpSkat,
    Play,
    SkatState,
    new_deal,
    new_game,
)
from cardlib.skat.engine.play import PlayState

GAME = pyspiel.load_game("skat")
_SUITS = "DHSC"
_RANKS = "789QKTAJ"
_GAME_ACTION = {
    GameType.DIAMONDS: 33,
    GameType.HEARTS: 34,
    GameType.SPADES: 35,
    GameType.CLUBS: 36,
    GameType.GRAND: 37,
    GameType.NULL: 38,
}
_BIDDING: dict[int, list[Move]] = {
    0: [Pass(), Pass(), Bid(18)],
    1: [Bid(18), Pass(), Pass()],
    2: [Pass(), Bid(18), Pass()],
}


def action(card: Card) -> int:
    return _SUITS.index(card.suit.letter) * 8 + _RANKS.index(card.rank.letter)


def card(action_: int) -> Card:
    return Card.parse(_SUITS[action_ // 8] + _RANKS[action_ % 8])


def check_one_game(seed: int, game: GameType) -> int:
    """Play one random game in both engines; returns the number of cards compared."""
    rng = random.Random(seed)
    deal = new_deal(rng)
    declarer = rng.randrange(3)
    fh, mh, rh = deal.hands
    pack = [*fh[:3], *mh[:3], *rh[:3], *deal.skat, *fh[3:7], *mh[3:7], *rh[3:7]]
    pack += [*fh[7:], *mh[7:], *rh[7:]]
    theirs = GAME.new_initial_state()
    for dealt in pack:
        assert theirs.is_chance_node()
        theirs.apply_action(action(dealt))
    assert theirs.current_player() == 0
    for _ in range(declarer):
        theirs.apply_action(32)  # pass
    theirs.apply_action(_GAME_ACTION[game])

    ours: SkatState = new_game(deal)
    for move in (*_BIDDING[declarer], PickUpSkat()):
        ours = ours.play(move)
    assert ours.declarer == declarer
    discards = rng.sample(list(ours.hands[declarer]), 2)
    ours = ours.play(Discard(*discards)).play(Declare(game))
    for discarded in discards:
        assert theirs.current_player() == declarer
        theirs.apply_action(action(discarded))
    assert isinstance(ours, PlayState)

    compared = 0
    while not ours.is_over:
        assert theirs.current_player() == ours.current_player
        expected = {card(a) for a in theirs.legal_actions()}
        legal = {move.card for move in ours.legal_moves()}  # type: ignore[union-attr]
        assert legal == expected, (seed, game, ours.trick, ours.to_text())
        chosen = rng.choice(sorted(legal))
        ours = ours.play(Play(chosen))
        theirs.apply_action(action(chosen))
        compared += 1
        if not ours.trick and not ours.is_over:
            assert theirs.current_player() == ours.trick_leader, (seed, game, ours.tricks[-1])
    if ours.end_reason == "all tricks played":
        assert theirs.is_terminal()
        last = ours.tricks[-1]
        assert last.winner == ours.trick_leader
    return compared


@pytest.mark.parametrize("game", list(GameType), ids=lambda g: g.label)
def test_legal_cards_and_trick_winners_agree_with_openspiel(game: GameType) -> None:
    compared = sum(check_one_game(seed, game) for seed in range(40))
    assert compared >= 40 * 3
