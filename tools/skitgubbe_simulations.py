"""The Skitgubbe simulations the lessons read: every long seeded run of Skitgubbe lessons 3 to 5,
played game by game and stored in ``cardlib/data/skitgubbe/simulations.json``.

``python tools/skitgubbe_simulations.py`` plays every run (on two processes; ``--workers N``) and
writes the file; ``--check N`` plays the first ``N`` games of every run again and compares them
with the stored ones. The runs are fixed by their bots, rules and seeds, so the file comes out the
same on every machine; the lessons read it with ``stored_simulation`` and replay a slice live.

>>> [(bots[0], rules, games, rng) for bots, rules, games, rng in RUNS][:2]
[('HeuristicBot', Rules(), 4000, 1), ('RandomBot', Rules(), 400, 2)]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardlib import data
from cardlib.probability.stored_games import STORE, play_run, write_runs
from cardlib.skitgubbe import Rules
from cardlib.skitgubbe.variants import VARIANTS

HEURISTIC, RANDOM = ("HeuristicBot",) * 4, ("RandomBot",) * 4

RUNS: list[tuple[tuple[str, ...], Rules, int, int]] = [
    # lessons 3 and 4: a table of three; lesson 4 reads 100, 1000 and all 4000, lesson 3 1000
    (HEURISTIC[:3], Rules(players=3), 4000, 1),
    (RANDOM[:3], Rules(players=3), 400, 2),
    # lesson 3: tables of two, three and four; ten cards removed (exercise 1)
    *((HEURISTIC[:n], Rules(players=n), 300, n) for n in (2, 3, 4)),
    (RANDOM[:2], Rules(players=2, removed_for_two=10), 400, 5),
    # lesson 4: the variants, seeds 33 to 37 (the pilot is the first 80 games of the last two)
    (HEURISTIC[:3], Rules(players=3), 300, 33),
    (HEURISTIC[:3], Rules(players=3, sequences=True), 300, 34),
    (HEURISTIC[:3], Rules(players=3, phase_one="all"), 300, 35),
    (HEURISTIC[:2], Rules(players=2), 300, 36),
    (HEURISTIC[:2], Rules(players=2, removed_for_two=10), 300, 37),
    # lesson 5: seat A plays the heuristic player, at random or a variant; 200 deals, seed 5
    *(
        ((name, *HEURISTIC[:2]), Rules(players=3), 200, 5)
        for name in ("HeuristicBot", "RandomBot", *(bot.__name__ for bot in VARIANTS))
    ),
]
"""Each run: the seats' bots, the rules, the games, the master seed."""


def play(games: int | None = None, workers: int | None = None) -> list[dict[str, Any]]:
    """Every run, or its first ``games`` games."""
    return [play_run(bots, rules, min(n, games or n), rng, workers)
            for bots, rules, n, rng in RUNS]  # fmt: skip


def stored() -> list[dict[str, Any]]:
    """The runs as the file stores them."""
    found: list[dict[str, Any]] = json.loads(data.path(STORE).read_text(encoding="utf-8"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    parser.add_argument("--check", type=int, metavar="N", help="replay N games of every run")
    args = parser.parse_args()
    if args.check:
        fresh, kept = play(args.check, args.workers), stored()
        assert len(fresh) == len(kept)
        for new, old in zip(fresh, kept, strict=True):
            head = {key: value for key, value in old.items() if key != "games"}
            assert new["games"] == old["games"][: args.check], head
        print(f"the first {args.check} games of {len(kept)} runs are the stored ones")
        return
    target = Path(data.__file__).parent / STORE
    target.parent.mkdir(exist_ok=True)
    target.write_text(write_runs(play(workers=args.workers)), encoding="utf-8")
    print(f"{target}: {sum(n for _, _, n, _ in RUNS)} games in {len(RUNS)} runs")


if __name__ == "__main__":
    main()
