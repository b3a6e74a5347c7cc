"""The command line: ``python -m cardlib deal skat --seed 7``, ``python -m cardlib skat --watch``.

Each game package provides ``cardlib.<game>.cli`` with ``add_arguments(parser)``, ``run(args)``
and ``deal(seed)``; they are imported only for the command that needs them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from cardlib.errors import CardlibError

GAMES = ("skat", "skitgubbe")


def _cli(game: str) -> ModuleType:
    return importlib.import_module(f"cardlib.{game}.cli")


def build_parser(games: Sequence[str] = GAMES) -> argparse.ArgumentParser:
    """The argument parser with one sub-command per game, plus ``deal``."""
    parser = argparse.ArgumentParser(prog="python -m cardlib", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="print a seeded deal")
    deal.add_argument("game", choices=games)
    deal.add_argument("--seed", type=int, default=None, help="the same seed gives the same deal")
    for game in games:
        sub = commands.add_parser(game, help=f"play or watch a game of {game}")
        _cli(game).add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "deal":
            print(_cli(args.game).deal(args.seed))
            return 0
        status: int = _cli(args.command).run(args)
        return status
    except CardlibError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
