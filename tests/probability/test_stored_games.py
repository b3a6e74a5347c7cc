"""The stored Skitgubbe simulations are the games their seeds play: the generator
(``tools/skitgubbe_simulations.py``), run again on the start of every run, gives the stored
games."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlib import CardlibError, data
from cardlib.probability import simulate_games
from cardlib.probability.stored_games import STORE, stored_games, stored_simulation, write_runs
from cardlib.skitgubbe import HeuristicBot, RandomBot, Rules
from tests.loading import load

ROOT = Path(__file__).resolve().parents[2]


tool = load(ROOT / "tools" / "skitgubbe_simulations.py")


def test_the_generator_replays_the_first_games_of_every_stored_run() -> None:
    kept = tool.stored()
    assert [(run["bots"], run["rng"], len(run["games"])) for run in kept] == [
        (list(bots), rng, games) for bots, _, games, rng in tool.RUNS
    ]
    for fresh, old in zip(tool.play(games=8), kept, strict=True):
        assert fresh["rules"] == old["rules"]
        assert fresh["games"] == old["games"][:8], old["rules"]


def test_the_file_is_what_the_generator_writes() -> None:
    assert data.path(STORE).read_text(encoding="utf-8") == write_runs(tool.stored())


def test_a_stored_slice_is_what_simulate_games_plays_now() -> None:
    rules = Rules(players=2, removed_for_two=10)
    live = simulate_games(RandomBot, rules, 15, rng=5, progress=False)
    assert stored_simulation(RandomBot, rules, 15, rng=5) == live
    assert stored_simulation(HeuristicBot, Rules(players=3), 4000, rng=1).completed == 4000


def test_what_is_not_stored_is_refused_by_name() -> None:
    with pytest.raises(CardlibError, match="4001 asked"):
        stored_games(HeuristicBot, Rules(players=3), 4001, rng=1)
    with pytest.raises(CardlibError, match="rng=7"):
        stored_games(HeuristicBot, Rules(players=3), 10, rng=7)

    class Mine(HeuristicBot):
        pass

    with pytest.raises(CardlibError, match="cardlib's own bots"):
        stored_games(Mine, Rules(players=3), 10, rng=1)
    with pytest.raises(CardlibError, match="2 bots for a table of 3"):
        stored_games([HeuristicBot, HeuristicBot], Rules(players=3), 10, rng=1)
