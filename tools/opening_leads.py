"""Opening leads against bot games, each solved double dummy: which leads still beat the game?

Lesson 19 (your first deal as defender) scores rules of thumb for the opening lead on these
positions. Every deal of the seeds is built by :func:`cardlib.skat.bot_game` (the seat with most
jacks declares; the heuristic player picks up and declares); deals where forehand declares (so no
defender leads) or the game is Null are left out. For every legal lead of forehand the solver
says whether the declarer still reaches 61 with perfect play by all three afterwards. Ten-card
solves take up to seconds each, so the results are stored (``cardlib/data/defence/``) with the
command that made them, and ``tests/test_opening_leads.py`` re-solves a few.

    python tools/opening_leads.py --seeds 200 > cardlib/data/defence/opening_leads.json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cardlib.skat import GameType, Play, bot_game
from cardlib.skat.solver.solve import DealSearch

COMMAND = "python tools/opening_leads.py --seeds {seeds}"


def opening_lead(seed: int) -> dict[str, Any] | None:
    """The deal ``seed``'s opening lead and, for each legal card, whether the declarer reaches 61.

    ``None`` when forehand declares or the game is Null.
    """
    state = bot_game(seed)
    game = state.declaration.game
    if state.declarer == 0 or game is GameType.NULL:
        return None
    search = DealSearch(game, state.declarer, state.skat or ())
    leads = {}
    for move in state.legal_moves():
        assert isinstance(move, Play)
        after = state.play(move)
        leads[str(move.card)] = search.reaches(after.hands, after.trick_leader, 61, after.trick)
    return {
        "seed": seed,
        "declarer": int(state.declarer),
        "game": game.value,
        "hands": [" ".join(map(str, hand)) for hand in state.hands],
        "declarer_reaches_61": leads,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="deal seeds 0 .. SEEDS-1")
    seeds = parser.parse_args(argv).seeds
    positions = [found for seed in range(seeds) if (found := opening_lead(seed)) is not None]
    json.dump(
        {"command": COMMAND.format(seeds=seeds), "seeds": seeds, "positions": positions},
        sys.stdout,
        indent=1,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
