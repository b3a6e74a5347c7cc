"""Random full Skat games per second: cardlib beside OpenSpiel's ``skat``, in the same run.

Each game: a shuffled deal, random legal moves all the way (bidding, skat, declaration, every card)
until the game is over. OpenSpiel is driven the same way from Python: a random chance outcome for
each of its 32 deal steps, then random legal actions. Run by hand:

    PYTHONPATH=$PWD python benchmarks/skat_playouts.py [seconds-per-round] [rounds]

The two engines take turns in small batches. It prints both rates per round and the median
ratio (cardlib / OpenSpiel; above 1 means faster).
OpenSpiel's Skat is simpler (first-come game choice, always picks up the skat, no bid values), so
cardlib does more work per game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardlib.skat import SkatState, new_deal, new_game


def cardlib_game(rng: random.Random) -> int:
    """One random game with cardlib; returns the number of moves."""
    state: SkatState = new_game(new_deal(rng))
    choice = rng.choice
    moves = 0
    while not state.is_over:
        state = state.play(choice(state.legal_moves()))
        moves += 1
    return moves


def openspiel_game_factory() -> Callable[[random.Random], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("skat")

    def openspiel_game(rng: random.Random) -> int:
        state = game.new_initial_state()
        choice = rng.choice
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            moves += 1
        return moves

    return openspiel_game


def side_by_side(
    engines: dict[str, Callable[[random.Random], int]], seconds: float, seed: int
) -> dict[str, tuple[float, float]]:
    """Games per second and moves per game for each engine over about ``seconds`` in all.

    The engines take turns in batches of 25 games, so a load change on the machine hits both.
    """
    rngs = {name: random.Random(seed) for name in engines}
    spent = dict.fromkeys(engines, 0.0)
    games = dict.fromkeys(engines, 0)
    moves = dict.fromkeys(engines, 0)
    clock = time.perf_counter
    deadline = clock() + seconds
    while clock() < deadline:
        for name, play in engines.items():
            rng = rngs[name]
            start = clock()
            for _ in range(25):
                moves[name] += play(rng)
            spent[name] += clock() - start
            games[name] += 25
    return {name: (games[name] / spent[name], moves[name] / games[name]) for name in engines}


def main(seconds: float = 4.0, rounds: int = 5) -> None:
    engines: dict[str, Callable[[random.Random], int]] = {"cardlib": cardlib_game}
    openspiel = openspiel_game_factory()
    if openspiel is None:
        print("OpenSpiel (pyspiel) is not installed: cardlib only")
    else:
        engines["OpenSpiel"] = openspiel
    ratios = []
    for round_ in range(1, rounds + 1):
        rates = side_by_side(engines, seconds, round_)
        ours, our_moves = rates["cardlib"]
        line = f"round {round_}: cardlib {ours:7.0f} games/s ({our_moves:4.1f} moves/game)"
        if "OpenSpiel" in rates:
            theirs, their_steps = rates["OpenSpiel"]
            ratios.append(ours / theirs)
            line += (
                f"   OpenSpiel {theirs:7.0f} games/s ({their_steps:4.1f} steps/game)"
                f"   ratio {ours / theirs:4.2f}"
            )
        print(line, flush=True)
    if ratios:
        print(
            f"median ratio cardlib/OpenSpiel over {rounds} rounds: {statistics.median(ratios):.2f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=4.0, help="seconds per engine")
    parser.add_argument("rounds", nargs="?", type=int, default=5, help="alternating rounds")
    arguments = parser.parse_args()
    main(arguments.seconds, arguments.rounds)
