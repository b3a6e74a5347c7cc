"""Skitgubbe simulations stored with cardlib: long seeded runs of :func:`simulate_games`, game by
game, so a lesson reads a study of thousands of games at once and replays a slice of it live.

Each stored run is fixed by its bots, its rules and its master seed (``rng``): game ``i`` is played
from the ``i``-th seed drawn from ``rng``, so the first ``k`` games of a stored run are the games
``simulate_games(..., k, rng=rng)`` plays now. ``tools/skitgubbe_simulations.py`` writes the file
(``cardlib/data/skitgubbe/simulations.json``); a test replays the start of every run.

>>> from cardlib.probability import simulate_games
>>> from cardlib.skitgubbe import HeuristicBot, Rules
>>> stored = stored_simulation(HeuristicBot, Rules(players=3), 20, rng=1)
>>> stored == simulate_games(HeuristicBot, Rules(players=3), 20, rng=1, progress=False)
True
>>> stored_simulation(HeuristicBot, Rules(players=4), 20, rng=99)  # doctest: +ELLIPSIS
Traceback (most recent call last):
cardlib.errors.CardlibError: no stored games of HeuristicBot, Rules(players=4), rng=99: ...
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any

from cardlib.errors import CardlibError
from cardlib.estimates import SimulationResult
from cardlib.i18n import Msg
from cardlib.parallel import run_seeded
from cardlib.probability.skitgubbe_odds import GameStats, play_seeded_game, summarize_games

if TYPE_CHECKING:
    from cardlib.skitgubbe import Rules

__all__ = ["STORE", "play_run", "read_runs", "stored_games", "stored_simulation", "write_runs"]

STORE = "skitgubbe/simulations.json"
"""The data file of the stored runs (:func:`cardlib.data.path`)."""

Run = tuple[tuple[str, ...], "Rules", int]
"""What fixes a run: the seats' bot names, the rules, the master seed."""


def _bot_names(bots: Callable[..., object] | Sequence[Callable[..., object]], players: int) -> (
    tuple[str, ...]
):  # fmt: skip
    """The seats' bots by name; only cardlib's own bots (and lesson 5's variants) are stored."""
    factories = tuple(bots) if isinstance(bots, Sequence) else (bots,) * players
    names = tuple(getattr(factory, "__name__", repr(factory)) for factory in factories)
    for name, factory in zip(names, factories, strict=True):
        if _own_bot(name) is not factory:
            raise CardlibError(
                Msg("stored games are played by cardlib's own bots, not {bot}", bot=repr(factory))
            )
    if len(names) != players:
        raise CardlibError(
            Msg("{n} bots for a table of {players} players", n=len(names), players=players)
        )
    return names


def _own_bot(name: str) -> Any:
    """The bot of cardlib's Skitgubbe (or of its variants) by that name; ``None`` if none."""
    import cardlib.skitgubbe as skitgubbe
    from cardlib.skitgubbe import variants

    return getattr(skitgubbe, name, None) or getattr(variants, name, None)


def _rules_fields(rules: Rules) -> dict[str, Any]:
    """The table size and the options that differ from the defaults."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if f.name == "players" or getattr(rules, f.name) != f.default}  # fmt: skip


@cache
def read_runs(name: str = STORE) -> dict[Run, tuple[GameStats, ...]]:
    """Every stored run, by what fixes it, with its games in the order of their seeds."""
    from cardlib import data
    from cardlib.skitgubbe import Rules

    runs: dict[Run, tuple[GameStats, ...]] = {}
    for entry in json.loads(data.path(name).read_text(encoding="utf-8")):
        games = tuple(
            GameStats(stunsas, bool(first), tuple(trumps), phase_two, loser, moves)
            for stunsas, first, trumps, phase_two, loser, moves in entry["games"]
        )
        runs[(tuple(entry["bots"]), Rules(**entry["rules"]), entry["rng"])] = games
    return runs


def stored_games(
    bots: Callable[..., object] | Sequence[Callable[..., object]],
    rules: Rules,
    games: int,
    *,
    rng: int,
) -> tuple[GameStats, ...]:
    """The first ``games`` stored games of a run, as :func:`play_seeded_game` gave them.

    >>> from cardlib.skitgubbe import RandomBot, Rules
    >>> [game.loser for game in stored_games(RandomBot, Rules(players=3), 5, rng=2)]
    [0, 1, 2, 0, 2]
    """
    names = _bot_names(bots, rules.players)
    found = read_runs().get((names, rules, rng))
    if found is None or not 1 <= games <= len(found):
        stored = 0 if found is None else len(found)
        raise CardlibError(
            Msg(
                "no stored games of {bots}, {rules!r}, rng={rng}: {stored} stored, {games} asked; "
                "play them with simulate_games",
                bots=", ".join(sorted(set(names))), rules=rules, rng=rng, stored=stored,
                games=games,
            )
        )  # fmt: skip
    return found[:games]


def stored_simulation(
    bots: Callable[..., object] | Sequence[Callable[..., object]],
    rules: Rules,
    games: int,
    *,
    rng: int,
) -> SimulationResult:
    """What ``simulate_games(bots, rules, games, rng=rng)`` returns, from the stored games."""
    names = _bot_names(bots, rules.players)
    return summarize_games(stored_games(bots, rules, games, rng=rng), rules, names, games)


def play_run(
    bots: Sequence[str], rules: Rules, games: int, rng: int, workers: int | None = None
) -> dict[str, Any]:
    """Play a run now, as :func:`write_runs` stores it (``bots``: one of cardlib's bots per seat).

    >>> from cardlib.skitgubbe import Rules
    >>> run = play_run(["RandomBot"] * 3, Rules(players=3), 5, rng=2)
    >>> run["rules"], run["rng"], [game[4] for game in run["games"]]
    ({'players': 3}, 2, [0, 1, 2, 0, 2])
    """
    factories = tuple(_own_bot(name) for name in bots)
    _bot_names(factories, rules.players)
    played, _ = run_seeded(play_seeded_game, games, options=(rules, factories), rng=rng,
                           workers=workers, progress=False)  # fmt: skip
    return {
        "bots": list(bots),
        "rules": _rules_fields(rules),
        "rng": rng,
        "games": [_row(game) for game in played],
    }


def _row(game: GameStats) -> list[Any]:
    """One game as the file stores it: the fields of :class:`GameStats`, in order."""
    return [game.stunsas, int(game.first_trick_bounced), list(game.trumps_at_phase_two),
            game.phase_two_moves, game.loser, game.moves]  # fmt: skip


def write_runs(runs: Sequence[dict[str, Any]]) -> str:
    """The stored file's text: one run a block, one game a line, so a change reads in a diff."""
    blocks = []
    for run in runs:
        head = {key: value for key, value in run.items() if key != "games"}
        lines = ",\n".join(f"   {json.dumps(game)}" for game in run["games"])
        blocks.append(f' {json.dumps(head)[:-1]}, "games": [\n{lines}\n ]}}')
    return "[\n" + ",\n".join(blocks) + "\n]\n"
