"""The command line: ``python -m cardlib deal <game> --seed 7``, ``python -m cardlib <game>``.

Each command lives in its own module (``COMMANDS``) with ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``. The games' commands come from the registry (:mod:`cardlib.games`): a game's
adapter names its own module (``cli_module``, which also has ``deal(seed) -> str`` for ``deal``),
and a game without one is played by the generic command (:mod:`cardlib.cli.play`).

Every text is worded in the language chosen by ``--lang`` (before or after the command:
``python -m cardlib --lang ko odds``), else by ``CARDLIB_LANG`` or the system locale.

A user's mistake or the terminal's limits never end in a traceback: a bad argument is one line
naming it (exit status 2), Ctrl-C at any moment ends with status 130, ``SIGTERM`` with 143, and
a terminal that cannot show the suit symbols gets letters (:mod:`cardlib.cli.terminal`).
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from cardlib import games
from cardlib.cli import arguments, terminal
from cardlib.cli.argparse_words import worded
from cardlib.cli.play import GameCommand
from cardlib.errors import CardlibError
from cardlib.i18n import LANGUAGES, Msg, UnknownLanguageError, _, get_language, joined, language

COMMANDS = {
    "iss": "cardlib.cli.iss",
    "solve": "cardlib.cli.solve",
    "odds": "cardlib.cli.odds",
}
"""The commands that are no game's."""
PROG = "python -m cardlib"


def game_commands() -> dict[str, str | None]:
    """Each registered game's command module (``None``: the generic command plays it)."""
    return {name: games.game(name).cli_module for name in games.game_names()}


def _available() -> dict[str, str | None]:
    found = {**game_commands(), **COMMANDS}
    return {name: path for name, path in found.items() if path is None or _exists(path)}


def _exists(path: str) -> bool:
    try:
        return importlib.util.find_spec(path) is not None
    except ImportError:
        return False


def _cli(command: str) -> Any:
    """The command's module, or the generic command of a game without one."""
    path = _available()[command]
    return GameCommand(command) if path is None else importlib.import_module(path)


def _help(module: ModuleType | GameCommand) -> str:
    return str(module.HELP) if isinstance(module, GameCommand) else _(module.HELP)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with its own word ("usage:") in the current language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        # Translators: the start of a command's usage line; keep the space at the end.
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class ArgumentParser(argparse.ArgumentParser):
    """An argument parser that speaks the current language: its help, its headings, its error
    line, and a ``--lang`` option in every command, so that it may follow the command too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))  # fmt: skip
        self.add_argument(
            "--lang",
            default=argparse.SUPPRESS,
            metavar="{" + ",".join(LANGUAGES) + "}",
            help=_("the language to speak (default: CARDLIB_LANG, else the system's language)"),
        )

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        """argparse's, but an argument it does not know is quoted when it is empty or has
        spaces, so that the error line shows it."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            shown = " ".join(repr(a) if not a or a != a.strip() or " " in a else a for a in extras)
            self.error(gettext.gettext("unrecognized arguments: %s") % shown)  # argparse's words
        return parsed

    def error(self, message: str) -> Any:
        """Print the usage and the error in one line each, and exit with status 2."""
        self.print_usage(sys.stderr)
        said = worded(message)
        self.exit(2, str(Msg("{prog}: error: {message}", prog=self.prog, message=said)) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: ``deal`` plus one sub-command per module in ``COMMANDS``."""
    built_in = games.built_in_names()
    parser = ArgumentParser(
        prog=PROG,
        description=str(
            Msg(
                "{games}: deal, play, watch, replay records, solve, compute odds.",
                games=joined([games.game(name).title for name in built_in]),
            )
        ),
        epilog=str(Msg("Example: {command}", command=f"{PROG} deal {built_in[0]} --seed 7")),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    available = _available()
    deal = commands.add_parser("deal", help=_("print a seeded deal"))
    deal.add_argument("game", choices=[game for game in game_commands() if game in available])
    deal.add_argument("--seed", type=arguments.seed, default=None,
                      help=_("the same seed gives the same deal"))  # fmt: skip
    for name in available:
        module = _cli(name)
        words = _help(module)
        module.add_arguments(commands.add_parser(name, help=words, description=words))
    return parser


def language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, wherever it stands among the arguments (the last wins).

    >>> language_asked(["--lang", "ko", "odds"]), language_asked(["odds", "--lang=de"])
    ('ko', 'de')
    >>> language_asked(["odds", "--help"]) is None
    True
    """
    asked = None
    for position, argument in enumerate(argv):
        if argument == "--":
            break
        if argument == "--lang" and position + 1 < len(argv):
            asked = argv[position + 1]
        elif argument.startswith("--lang="):
            asked = argument.removeprefix("--lang=")
    return asked


INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell reports a process ended by SIGINT."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line in the language asked for; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    with terminal.prepared(PROG):
        try:
            return _spoken(arguments)
        except KeyboardInterrupt:
            return _interrupted()
        except BrokenPipeError:
            return _reader_gone()


def _spoken(arguments: list[str]) -> int:
    asked = language_asked(arguments)
    with contextlib.ExitStack() as spoken:
        if asked is not None:
            try:
                spoken.enter_context(language(asked))
            except UnknownLanguageError:
                known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
                line = Msg("{prog}: error: --lang {asked}: cardlib speaks {languages}",
                           prog=PROG, asked=repr(asked), languages=known)  # fmt: skip
                print(line, file=sys.stderr)
                return 2
        get_language()  # a CARDLIB_LANG cardlib does not speak is said now, in one line
        try:
            return _run(arguments)
        except KeyboardInterrupt:  # worded in the language asked for, while it is spoken
            return _interrupted()


def _interrupted() -> int:
    print(_("interrupted"), file=sys.stderr)
    return INTERRUPTED


def _reader_gone() -> int:
    """The reader stopped early (``| head``): not an error, and nothing more to say."""
    with contextlib.suppress(Exception):  # what is left in the buffer goes nowhere at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _run(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "deal":
            print(_cli(args.game).deal(args.seed))
            return 0
        status: int = _cli(args.command).run(args)
        return status
    except CardlibError as error:
        print(Msg("error: {error}", error=str(error)), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
