"""The variants of Skitgubbe lesson 5: each changes the heuristic player's play, and only in the
phase its one changed rule of thumb belongs to."""

from __future__ import annotations

import pytest

from cardlib.skitgubbe import HeuristicBot, Phase, Rules, State, new_game
from cardlib.skitgubbe.variants import VARIANTS

PHASE = {"RandomCollector": Phase.ONE, "TakeEverything": Phase.ONE, "TakeNothing": Phase.ONE,
         "AlwaysStunsa": Phase.ONE, "NeverStunsa": Phase.ONE, "HighestFirst": Phase.TWO,
         "LowestEvenTrumps": Phase.TWO, "AlwaysBeat": Phase.TWO}  # fmt: skip
"""The phase each variant's docstring names."""


def positions() -> list[State]:
    """Every position of six seeded games of three heuristic players."""
    found = []
    for seed in range(6):
        state, bot = new_game(Rules(players=3), rng=seed), HeuristicBot(rng=seed)
        while not state.is_over:
            found.append(state)
            state = state.play(bot.choose(state))
    return found


POSITIONS = positions()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.__name__)
def test_a_variant_departs_from_the_heuristic_player_only_in_its_phase(variant: type) -> None:
    assert issubclass(variant, HeuristicBot) and variant.__doc__.startswith(
        f"Phase {'1' if PHASE[variant.__name__] is Phase.ONE else '2'}"
    )
    differ = [state.phase for state in POSITIONS
              if variant(rng=1).choose(state) != HeuristicBot(rng=1).choose(state)]  # fmt: skip
    assert differ, f"{variant.__name__} plays as the heuristic player everywhere"
    assert set(differ) == {PHASE[variant.__name__]}
