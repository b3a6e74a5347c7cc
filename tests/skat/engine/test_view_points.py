"""Card points as each seat can count them: the skat counts only for those who have seen it."""

from __future__ import annotations

from cardlib.skat import (
    Bid,
    Declare,
    Discard,
    Pass,
    PickUpSkat,
    SkatState,
    new_deal,
    new_game,
)
from cardlib.skat.engine.facts import card_points

SEED = 1  # MH has the first say; the skat is ♥A ♦7 (11 points)


def mh_declarer() -> SkatState:
    state = new_game(new_deal(SEED)).play(Bid(18)).play(Pass()).play(Pass())
    assert state.declarer == 1 and state.phase == "skat"
    return state


def test_a_hand_declarer_counts_only_the_tricks_until_the_end() -> None:
    state = mh_declarer().play(Declare("C", hand=True))
    skat = new_deal(SEED).skat
    assert card_points(skat) == 11 and state.card_points == (11, 0)
    for seat in (0, 1, 2):
        view = state.view(seat)
        assert view.card_points == (0, 0) and view.skat is None and view.discards is None
        assert "Points 0:0" in view.to_text()
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
        if not state.is_over:
            counted = state.view(1).card_points
            assert sum(counted) == sum(state.card_points) - 11
            assert counted == state.view(0).card_points == state.view(2).card_points
    assert state.view(1).card_points == state.card_points
    assert state.view(0).skat == skat


def test_the_declarer_counts_the_cards_laid_away_and_the_defenders_do_not() -> None:
    state = mh_declarer().play(PickUpSkat()).play(Discard("SQ", "DT")).play(Declare("C"))
    assert state.view(1).card_points == state.card_points == (13, 0)
    assert state.view(0).card_points == state.view(2).card_points == (0, 0)
    assert "Points 13:0" in state.view(1).to_text() and "Points 0:0" in state.view(0).to_text()
