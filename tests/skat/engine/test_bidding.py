"""The bidding dialogue, path by path (seed 004, rules 1-10)."""

from __future__ import annotations

import random

import pytest

from cardlib.errors import IllegalMoveError
from cardlib.skat import Bid, Deal, Hold, Pass, PickUpSkat, SkatState, new_deal, new_game
from cardlib.skat.engine.bidding import BiddingState

DEAL = new_deal(11)


def run(*moves: object) -> SkatState:
    state: SkatState = new_game(DEAL)
    for move in moves:
        state = state.play(move)  # type: ignore[arg-type]
    return state


def test_mh_says_to_fh_first() -> None:  # rule 3
    state = new_game(DEAL)
    assert state.current_player == 1
    assert state.legal_moves()[:3] == [Pass(), Bid(18), Bid(20)]
    assert len(state.legal_moves()) == 64


def test_fh_answers_yes_or_pass() -> None:  # rule 4
    state = run(Bid(18))
    assert state.current_player == 0
    assert state.legal_moves() == [Pass(), Hold()]
    assert state.bid == 18


def test_after_yes_mh_must_bid_higher() -> None:  # rules 2 and 5
    state = run(Bid(18), Hold())
    assert state.current_player == 1
    ruling = state.why_illegal(Bid(18))
    assert ruling is not None and ruling.code == "bid_too_low"
    assert "more than 18" in ruling.explanation and "20" in ruling.explanation
    assert state.is_legal(Bid(20))


def test_rh_bids_to_the_survivor_of_mh_and_fh() -> None:  # rules 6 and 7
    after_fh_passes = run(Bid(18), Pass())
    assert after_fh_passes.current_player == 2
    after_fh_passes = after_fh_passes.play(Bid(20))
    assert after_fh_passes.current_player == 1  # MH survived and answers RH
    after_mh_passes = run(Bid(18), Hold(), Pass())
    assert after_mh_passes.current_player == 2
    assert after_mh_passes.play(Bid(20)).current_player == 0
    assert not after_mh_passes.is_legal(Bid(18))  # RH must go above 18


def test_last_one_standing_declares_at_the_last_bid() -> None:  # rule 8
    state = run(Bid(18), Hold(), Bid(20), Hold(), Pass(), Bid(22), Hold(), Bid(23), Pass())
    assert (state.phase, state.declarer, state.bid) == ("skat", 2, 23)
    state = run(Bid(18), Hold(), Pass(), Bid(20), Hold(), Pass())
    assert (state.declarer, state.bid) == (0, 20)
    state = run(Bid(24), Pass(), Pass())
    assert (state.declarer, state.bid) == (1, 24)


def test_mh_passes_at_once_then_rh_bids_to_fh_from_18() -> None:  # rule 9
    state = run(Pass())
    assert state.current_player == 2
    assert state.legal_moves()[1] == Bid(18)
    state = state.play(Bid(18)).play(Pass())
    assert (state.declarer, state.bid) == (2, 18)


def test_fh_may_bid_18_after_two_passes() -> None:  # rule 10
    state = run(Pass(), Pass())
    assert state.current_player == 0
    assert state.legal_moves() == [Pass(), Bid(18)]
    ruling = state.why_illegal(Bid(20))
    assert ruling is not None and ruling.code == "fh_eighteen"
    declared = state.play(Bid(18))
    assert (declared.phase, declared.declarer, declared.bid) == ("skat", 0, 18)


def test_three_passes_pass_the_deal_in() -> None:  # rule 10
    state = run(Pass(), Pass(), Pass())
    assert state.is_over and state.end_reason == "passed in"
    assert state.result is not None and state.result.passed_in
    assert state.current_player is None and state.legal_moves() == []
    assert state.skat == DEAL.skat
    with pytest.raises(IllegalMoveError):
        state.play(Bid(18))
    assert "passed in" in str(state.events[-1])


def test_values_off_the_ladder_are_refused_with_the_next_values() -> None:
    state = new_game(DEAL)
    ruling = state.why_illegal(Bid(19))
    assert ruling is not None and ruling.code == "not_a_bid"
    assert "20, 22, 23" in ruling.explanation
    assert state.why_illegal(Bid(265)) is not None
    assert state.why_illegal(Bid(264)) is None


def test_only_the_bidder_raises_and_only_the_hearer_holds() -> None:
    state = new_game(DEAL)
    ruling = state.why_illegal(Hold())
    assert ruling is not None and ruling.code == "hold_nothing"
    answering = state.play(Bid(18))
    ruling = answering.why_illegal(Bid(20))
    assert ruling is not None and ruling.code == "answer_only"
    ruling = answering.why_illegal(PickUpSkat())
    assert ruling is not None and ruling.code == "wrong_phase"


def test_refused_bid_changes_nothing() -> None:
    state = run(Bid(18))
    with pytest.raises(IllegalMoveError) as error:
        state.play(Bid(20))
    assert error.value.ruling.code == "answer_only"
    assert "bidding" in str(error.value)
    assert state.bid == 18 and state.current_player == 0


def test_bidding_events_say_who_says_and_who_hears() -> None:
    state = run(Bid(18), Hold(), Pass(), Bid(20), Pass())
    texts = [str(event) for event in state.all_events()]
    assert texts == [
        "MH says 18 to FH.",
        "FH says yes to 18; MH may go higher or pass.",
        "MH passes at 18: RH now bids to FH.",
        "RH says 20 to FH.",
        "FH passes at 20: RH wins the bidding and is the declarer at 20.",
    ]
    assert [e.player for e in state.all_events()] == [1, 0, 1, 2, 0]
    assert state.moves() == [Bid(18), Hold(), Pass(), Bid(20), Pass()]
    assert [m.to_iss() for m in state.moves()] == ["18", "y", "p", "20", "p"]


def test_history_and_parent() -> None:
    state = run(Bid(18), Hold())
    history = state.history()
    assert isinstance(history[0], BiddingState) and history[0].parent is None
    assert history[-1] is state and state.parent is history[1]
    assert state.last_move == Hold()


def test_deal_is_the_one_given() -> None:
    deal = Deal.parse(str(DEAL))
    assert new_game(deal).deal == DEAL
    assert new_game(deal).dealt_hand(2) == DEAL.rh


def _facts(state: SkatState) -> tuple[object, ...]:
    return (type(state), state.phase, state.current_player, state.declarer, state.bid,
            state.legal_moves(), state.is_over)  # fmt: skip


@pytest.mark.parametrize("seed", range(40))
def test_the_quick_steps_of_the_bidding_go_where_the_rules_step_goes(seed: int) -> None:
    """``play`` looks the next place of the dialogue up in tables; ``_step`` (which the rulings
    explain) works it out from the rules. Every legal move of random dialogues: the same state."""
    rng = random.Random(seed)
    state: SkatState = new_game(new_deal(seed))
    while isinstance(state, BiddingState):
        for move in state.legal_moves():
            assert _facts(state.play(move)) == _facts(state._slow_play(move)), (move, seed)
        state = state.play(rng.choice(state.legal_moves()[:4]))  # low bids: longer dialogues
