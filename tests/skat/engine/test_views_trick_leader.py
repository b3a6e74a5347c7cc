"""What one seat may know of a Skat deal: the trick's leader, told to every seat."""

from __future__ import annotations

import dataclasses

import pytest

from cardlib.skat import Rules, SkatState, new_deal, new_game
from cardlib.skat.players.bots import HeuristicBot
from cardlib.skat.scoring.ramsch import RamschRules


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))],
    ids=["declared", "schieberamsch"],
)
def test_every_seat_knows_who_led_the_trick_on_the_table(rules: Rules) -> None:
    bot = HeuristicBot()
    state: SkatState = new_game(new_deal(5), rules)
    leaders = []
    while not state.is_over:
        views = [state.view(seat) for seat in range(3)]
        if state.phase != "play":
            assert all(view.trick_leader is None for view in views)
        else:
            # the leader is whoever played the first card on the table: counted back from the
            # seat to move, clockwise
            due = state.current_player
            assert due is not None
            leader = (due - len(state.trick)) % 3
            assert {view.trick_leader for view in views} == {leader}
            leaders.append(leader)
        state = state.play(bot.choose(state))
    assert len(leaders) == 30 and len(set(leaders)) > 1


def test_a_view_cannot_be_changed() -> None:
    view = new_game(new_deal(5)).view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.trick_leader = None  # type: ignore[misc]
