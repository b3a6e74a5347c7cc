"""The command line: ``python -m cardlib deal skat --seed 7``, ``python -m cardlib skat --watch``.

Each command lives in its own module (``COMMANDS``) with ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``; each game's module also has ``deal(seed) -> str`` for ``deal``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

from cardlib.errors import CardlibError

GAMES = ("skat", "skitgubbe")
COMMANDS = {
    "skat": "cardlib.cli.skat",
    "skitgubbe": "cardlib.cli.skitgubbe",
    "iss": "cardlib.cli.iss",
    "solve": "cardlib.cli.solve",
    "odds": "cardlib.cli.odds",
}


def _available() -> dict[str, str]:
    return {name: path for name, path in COMMANDS.items() if importlib.util.find_spec(path)}


def _cli(command: str) -> ModuleType:
    return importlib.import_module(COMMANDS[command])


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: ``deal`` plus one sub-command per module in ``COMMANDS``."""
    parser = argparse.ArgumentParser(
        prog="python -m cardlib",
        description="Skat and Skitgubbe: deal, play, watch, replay records, solve, compute odds.",
        epilog="Example: python -m cardlib deal skat --seed 7",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    available = _available()
    deal = commands.add_parser("deal", help="print a seeded deal")
    deal.add_argument("game", choices=[game for game in GAMES if game in available])
    deal.add_argument("--seed", type=int, default=None, help="the same seed gives the same deal")
    for name in available:
        module = _cli(name)
        module.add_arguments(commands.add_parser(name, help=module.HELP, description=module.HELP))
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
    except BrokenPipeError:
        sys.stderr.close()  # the reader stopped early (e.g. `| head`): not an error
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
