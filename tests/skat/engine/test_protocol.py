"""Every Skat state satisfies the shared protocol, over whole deals of every kind.

Each deal is played to the end (every game type, Hand and Ouvert, Kontra and Re, Ramsch, a deal
passed in); every state on the way must be a ``cardlib.GameState`` with a ``Phase``, its events
``GameEvent``s, and at the end a ``GameResult`` whose ``returns()`` follow the contract: the
declarer writes the settled list value, the defenders 0; a Ramsch as ``settle_ramsch`` scores it;
a deal passed in, all 0.
"""

from __future__ import annotations

import random

import pytest

from cardlib.protocol import GameEvent, GameResult, GameState
from cardlib.skat import (
    Bid,
    Declaration,
    Declare,
    Discard,
    Doubling,
    GameType,
    Kontra,
    Pass,
    Phase,
    PickUpSkat,
    Re,
    Rules,
    SkatState,
    new_deal,
    new_game,
    settle,
)
from cardlib.skat.engine.play import PlayState
from cardlib.skat.engine.ramsch_play import RamschState


def fh_declares(seed: int, rules: Rules | None = None) -> SkatState:
    state = new_game(new_deal(seed), rules)
    for move in (Pass(), Pass(), Bid(18)):
        state = state.play(move)
    assert state.phase is Phase.SKAT and state.declarer == 0
    return state


def play_out(state: SkatState, rng: random.Random) -> SkatState:
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def check_protocol(final: SkatState) -> None:
    for state in final.history():
        assert isinstance(state, GameState)
        assert isinstance(state.phase, Phase)
        assert state.seat_count == 3
        assert all(isinstance(event, GameEvent) for event in state.events)
        assert (state.result is not None) == state.is_over
        if not state.is_over:
            assert state.returns() == (0, 0, 0)
    assert final.phase is Phase.OVER
    assert isinstance(final.result, GameResult)
    assert final.returns() == final.result.returns()
    assert str(final.result.text) == str(final.result)
    assert all(isinstance(event, GameEvent) for event in final.all_events())


def declared_returns(final: SkatState, doubling: Doubling = Doubling.NONE) -> tuple[int, ...]:
    """A suit or grand game's returns worked out from the deal through ``settle``."""
    declarer, declaration = final.declarer, final.declaration
    assert declarer is not None and declaration is not None
    assert declaration.game is not GameType.NULL
    deal = final.deal
    points = final.card_points[0]
    cards = (*deal.hands[declarer], *deal.skat)
    settled = settle(declaration, cards, points, final.tricks_won[0], final.bid, doubling)
    return tuple(settled.value if seat == declarer else 0 for seat in range(3))


HAND_GAMES = [
    Declaration(GameType.CLUBS, hand=True),
    Declaration(GameType.SPADES, hand=True, schneider=True),
    Declaration(GameType.HEARTS, hand=True, schneider=True, schwarz=True),
    Declaration.ouvert_game(GameType.DIAMONDS),
    Declaration(GameType.GRAND, hand=True),
    Declaration(GameType.NULL, hand=True),
    Declaration(GameType.NULL, hand=True, ouvert=True),
]
PICKED_UP = [GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND]


@pytest.mark.parametrize("declaration", HAND_GAMES, ids=str)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hand_games_follow_the_protocol(declaration: Declaration, seed: int) -> None:
    final = play_out(fh_declares(seed).play(Declare(declaration)), random.Random(seed))
    assert isinstance(final, PlayState)
    check_protocol(final)
    if declaration.game is not GameType.NULL:
        assert final.returns() == declared_returns(final)
    assert final.returns()[1:] == (0, 0)
    assert final.settlement is not None and final.returns()[0] == final.settlement.value
    assert (final.returns()[0] > 0) == final.settlement.won


@pytest.mark.parametrize("game", [*PICKED_UP, GameType.NULL], ids=str)
@pytest.mark.parametrize("seed", [4, 5])
def test_games_with_the_skat_follow_the_protocol(game: GameType, seed: int) -> None:
    state = fh_declares(seed).play(PickUpSkat())
    assert state.phase is Phase.DISCARD
    discard = state.legal_moves()[0]
    assert isinstance(discard, Discard)
    state = state.play(discard)
    assert state.phase is Phase.DECLARE
    final = play_out(state.play(Declare(Declaration(game))), random.Random(seed))
    check_protocol(final)
    assert final.settlement is not None
    assert final.returns() == (final.settlement.value, 0, 0)
    if game is not GameType.NULL:
        assert final.returns() == declared_returns(final)


def test_kontra_and_re_double_the_returns() -> None:
    rules = Rules(kontra=True)
    state = fh_declares(6, rules).play(Declare(Declaration(GameType.GRAND, hand=True)))
    assert state.phase is Phase.KONTRA and state.doubling is Doubling.NONE
    state = state.play(Kontra())
    assert state.doubling is Doubling.KONTRA
    state = state.play(Re())
    assert state.phase is Phase.PLAY and state.doubling is Doubling.RE
    final = play_out(state, random.Random(6))
    check_protocol(final)
    assert final.settlement is not None and final.settlement.kontra is Doubling.RE
    plain = declared_returns(final)
    assert final.returns() == declared_returns(final, Doubling.RE)
    assert final.returns() == tuple(4 * score for score in plain)


@pytest.mark.parametrize("schieberamsch", [False, True])
@pytest.mark.parametrize("seed", [7, 8])
def test_ramsch_returns_what_settle_ramsch_scores(schieberamsch: bool, seed: int) -> None:
    from cardlib.skat import RamschRules

    rules = Rules(ramsch="passed", ramsch_rules=RamschRules(schieberamsch=schieberamsch))
    state = new_game(new_deal(seed), rules)
    for move in (Pass(), Pass(), Pass()):
        state = state.play(move)
    assert isinstance(state, RamschState)
    assert state.phase is (Phase.PUSH if schieberamsch else Phase.PLAY)
    final = play_out(state, random.Random(seed))
    assert isinstance(final, RamschState)
    check_protocol(final)
    assert final.ramsch is not None
    assert final.returns() == final.ramsch.scores
    assert any(final.returns())  # somebody loses a Ramsch (or makes a Durchmarsch)


def test_a_deal_passed_in_returns_zeros() -> None:
    state = new_game(new_deal(9))
    for move in (Pass(), Pass(), Pass()):
        state = state.play(move)
    check_protocol(state)
    assert state.returns() == (0, 0, 0)
    assert state.phase is Phase.OVER and state.phase == "over"


def test_phases_still_equal_their_old_names() -> None:
    state = fh_declares(1)
    assert state.phase == "skat" and f"{state.phase}" == "skat"
    assert [phase.value for phase in Phase] == [
        "bidding", "skat", "discard", "declare", "kontra", "play", "push", "pass on", "over",
    ]  # fmt: skip
