"""Whatever is typed after ``python -m cardlib <command>``, the command line answers with its
output or with one line naming what it refuses; never a traceback.

Argument lists are drawn for every command the parser has (``deal``, ``skat``, ``skitgubbe``,
``iss``, ``solve`` and the five questions of ``odds``), from the command's own options and
choices and from values a person might type: numbers small, negative and far too long, cards, a
deal, junk. Each list is run in-process through :func:`cardlib.cli.main`.

So that a drawn command finishes at once, a Skat deal is dealt but not played (``watch`` and
``play_seat`` are tested on their own), Skitgubbe's sampling players are the heuristic ones, the
keyboard is empty (a game is left at its first prompt), and ``odds stunsa`` is asked of three
cards rather than ten. What is under test is the handling of the arguments, which runs
unchanged. ``--scheduler`` is left out (it loads Dask, seconds; its junk address is tested in
``test_iss_command.py``), and so is ``-`` for ``iss`` (standard input).
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib.cli import build_parser, main
from cardlib.cli import skat as skat_cli
from cardlib.cli import skitgubbe as skitgubbe_cli
from cardlib.skitgubbe import HeuristicBot as SkitgubbeHeuristic

HAND = "CJ HJ CA CT C9 SA ST H7 D8 D7"
SHORT = "HA S9 D9"
VALUES = [
    "0", "1", "2", "3", "4", "7", "-1", "-5", "32", "61", "120", "121", "999", "1" * 5000,
    "+3", "1.5", "1e3", "²", "", " ", "xx", "ZZ", "CJ", "H10", HAND, "CJ CJ",
    "SA HA | ST HT | S7 H7", "SA | ST", "|||", "grand", "null", "clubs", "C", "G", "FH", "RH",
    "fh", "ko", "no-such.sgf", "--", "-x", "--nope",
]  # fmt: skip
LEFT_OUT = {"--scheduler"}


def _parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every command's parser by the words that call it (``("odds", "split")``)."""
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(words: tuple[str, ...], parser: argparse.ArgumentParser) -> None:
        subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subparsers and words:
            found[words] = parser
        for action in subparsers:
            for name, child in action.choices.items():
                walk((*words, name), child)

    walk((), build_parser())
    return found


PARSERS = _parsers()


def _words_of(parser: argparse.ArgumentParser) -> tuple[list[str], list[str]]:
    """A command's option strings and the choices it offers; and the names that identify its
    arguments in an error line (options, metavars, positional names)."""
    words: list[str] = []
    names: list[str] = []
    for action in parser._actions:
        if any(option in LEFT_OUT for option in action.option_strings):
            continue
        words += action.option_strings
        names += action.option_strings
        names += [str(action.dest), str(action.metavar or "")]
        words += [str(choice) for choice in action.choices or ()]
    return words, [name for name in names if name]


@pytest.fixture
def quick_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Skat deals shown, not played; heuristic players for Skitgubbe's sampling ones; a keyboard
    that is already empty."""
    monkeypatch.setattr(skat_cli, "watch", lambda state, write: write(state.deal.to_text()))
    monkeypatch.setattr(skat_cli, "play_seat", lambda state, seat, read, write, bot: 0)
    monkeypatch.setattr(skitgubbe_cli, "SamplingBot", lambda rng=None, **_: SkitgubbeHeuristic(rng))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    yield


def _names_an_argument(line: str, argv: list[str], names: list[str]) -> bool:
    if any(name in line for name in names):
        return True
    return any(
        repr(value) in line or (value.strip() and value.strip()[:12] in line) for value in argv
    )


@pytest.mark.parametrize("command", list(PARSERS), ids=" ".join)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_drawn_arguments_end_in_output_or_one_line_naming_the_argument(
    command: tuple[str, ...],
    data: st.DataObject,
    quick_games: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    words, names = _words_of(PARSERS[command])
    vocabulary = words + VALUES
    if command == ("iss",):
        vocabulary.remove("--")  # after it, a lone "-" would be a file: standard input
    if command == ("odds", "stunsa"):
        vocabulary = [SHORT if value == HAND else value for value in vocabulary]
    drawn: list[str] = data.draw(st.lists(st.sampled_from(vocabulary), max_size=6), label="argv")
    argv = [*command, *(value for value in drawn if not (command == ("iss",) and value == "-"))]
    capsys.readouterr()
    try:
        status: Any = main(argv)
    except SystemExit as exited:  # argparse: --help (0) or a refused argument (2)
        status = exited.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert status in (0, 1, 2, 130), (argv, status, err)
    if status == 2:
        line = err.strip().splitlines()[-1]  # "error" is worded in the language drawn
        assert _names_an_argument(line, argv, names), (argv, line)


def test_every_command_is_drawn_for() -> None:
    assert set(PARSERS) == {
        ("deal",), ("skat",), ("skitgubbe",), ("iss",), ("solve",), ("odds", "skat"),
        ("odds", "split"), ("odds", "tables"), ("odds", "stunsa"), ("odds", "hand"),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["solve", "SA HA | ST HT | S7 H7", "--game", "grand", "--threshold", "-5"],
         "argument --threshold: expected a whole number from 1 to 120, got -5"),
        (["odds", "split", "32", "--sizes", "30", "30", "30"],
         "error: --sizes 30 30 30: 90 places in all, more than the 52 cards of a full pack"),
        (["iss", "--examples", "-1"], "argument --examples: expected a whole number 0 or more"),
        (["iss", "--workers", "999"], "argument --workers: expected a whole number from 1 to "),
        (["deal", "skat", "--seed", "1" * 5000],
         "argument --seed: expected a whole number of at most 100 digits, got 5000 digits"),
        (["skitgubbe", "--players", "9"],
         "argument --players: expected a whole number from 2 to 4, got 9"),
    ],
)  # fmt: skip
def test_numbers_out_of_range_are_refused_in_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status: Any = main(["--lang", "en", *argv])
    except SystemExit as exited:
        status = exited.code
    assert status == 2
    assert named in capsys.readouterr().err.strip().splitlines()[-1]
