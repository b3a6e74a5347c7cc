"""The command line in every language: ``--lang`` before or after the command, an unknown
language refused in one line, and every help text, prompt and printed line marked for
translation (a shouting catalog puts every marked text in capitals)."""

from __future__ import annotations

import argparse
import gettext
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardlib import data, i18n
from cardlib.cli import build_parser, main
from cardlib.cli import iss as iss_cli
from cardlib.cli import skat as skat_cli
from cardlib.cli import skitgubbe as skitgubbe_cli
from cardlib.cli import solve as solve_cli
from cardlib.i18n import Msg, get_language
from cardlib.skat import new_deal, new_game
from cardlib.skitgubbe import HeuristicBot, Rules
from cardlib.skitgubbe import new_game as new_skitgubbe

ROOT = Path(__file__).resolve().parents[2]
HAND = "CJ HJ CA CT C9 SA ST H7 D8 D7"


class Tagged(gettext.NullTranslations):
    """A catalog that marks every message with the language it was asked for: ``[de]...``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        return f"[{self.lang}]{message}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{self.lang}]{msgid1 if n == 1 else msgid2}"

    def pgettext(self, context: str, message: str) -> str:
        return f"[{self.lang}]{message}"


@pytest.fixture
def tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_catalog", Tagged)


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "de", "deal", "skat", "--seed", "7"],
        ["deal", "skat", "--seed", "7", "--lang", "de"],
        ["deal", "--lang=de", "skat", "--seed", "7"],
    ],
)
def test_lang_before_or_after_the_command_chooses_the_language(
    argv: list[str], tagged: None, capsys: pytest.CaptureFixture[str]
) -> None:
    before = get_language()
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("[de]Skat deal (seed 7)")
    assert get_language() == before  # only while the command runs


@pytest.mark.parametrize("where", ["before", "after"])
def test_the_command_runs_in_the_language_asked_for(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spoken: list[str] = []

    def run(args: argparse.Namespace) -> int:
        spoken.append(get_language())
        return 0

    monkeypatch.setattr(skat_cli, "run", run)
    argv = ["--lang", "ko", "skat"] if where == "before" else ["skat", "--watch", "--lang", "ru"]
    assert main(argv) == 0
    assert spoken == ["ko" if where == "before" else "ru"]


def test_without_lang_the_environment_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    spoken: list[str] = []
    monkeypatch.setattr(skat_cli, "run", lambda args: spoken.append(get_language()) or 0)
    assert main(["skat"]) == 0
    assert spoken == [get_language()]


@pytest.mark.parametrize(
    "argv", [["--lang", "xx", "skat"], ["skat", "--seed", "7", "--lang", "xx"]]
)
def test_an_unknown_language_is_one_clear_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "python -m cardlib: error: --lang 'xx': cardlib speaks en (English), ko (한국어), "
        "de (Deutsch), ru (Русский)"
    ]


def test_an_unknown_language_ends_the_process_without_a_traceback() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "en"}
    finished = subprocess.run(
        [sys.executable, "-m", "cardlib", "--lang", "xx", "skat", "--watch"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert finished.returncode == 2 and finished.stdout == ""
    assert len(finished.stderr.splitlines()) == 1 and "Traceback" not in finished.stderr


# -- every text marked: the shouting catalog -----------------------------------------------------


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every sub-command's parser, however deep."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                yield from parsers(child)


def test_every_help_text_is_marked(shouting: Callable[[str], str]) -> None:
    parser = build_parser()
    found = list(parsers(parser))
    assert len(found) == 12  # the top, deal, skat, skitgubbe, iss, solve, odds and its five
    for each in found:
        helps = [action.help or "" for action in each._actions if action.help != argparse.SUPPRESS]
        helps += [each.description or "", each.epilog or ""]
        for group in each._action_groups:
            helps.append(group.title or "")
        for text in helps:
            words = text.replace("python -m cardlib deal skat --seed 7", "")
            assert words == words.upper(), (each.prog, text)
        shown = each.format_help()
        assert shown.startswith("USAGE: ") and "SHOW THIS HELP MESSAGE AND EXIT" in shown
        assert "--lang {en,ko,de,ru}" in shown


def test_argparse_errors_speak_too(
    shouting: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["skat", "--seat", "zz"])
    assert exited.value.code == 2
    usage, error = capsys.readouterr().err.splitlines()[-2:]
    assert usage.startswith("                              ") or usage.startswith("USAGE: ")
    assert error.startswith("python -m cardlib skat: ERROR: ARGUMENT --seat: INVALID CHOICE: 'zz'")


def test_errors_and_interruptions_are_marked(
    shouting: Callable[[str], str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "SA | ST | S7", "--game", "grand", "--declarer", "XX"]) == 2
    assert capsys.readouterr().err.startswith("ERROR: --declarer 'XX'")

    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(skat_cli, "run", interrupted)
    assert main(["skat"]) == 130
    assert capsys.readouterr().err == "INTERRUPTED\n"


def lines_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(argv)
    return capsys.readouterr().out.splitlines()


# Words the Skat engine gives these commands (game names, matadors): its own catalog's business.
ENGINE_WORDS = {"clubs", "spades", "hearts", "diamonds", "grand", "with", "without"}


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "skat", HAND],
        ["odds", "split", "--seen", HAND, "--coin"],
        ["odds", "split", "5", "--sizes", "13", "13"],
        ["odds", "tables"],
        ["odds", "stunsa", "H9 S9 DK", "--led", "C9"],
        ["odds", "hand", HAND],
        ["odds", "hand", HAND, "--compare", "CJ HJ CA CT C9 SA ST H7 D8 SJ"],
        ["iss", "--no-progress"],
    ],
    ids=lambda argv: "-".join(argv[:2]) + ("-compare" if "--compare" in argv else ""),
)
def test_every_word_of_the_odds_and_the_replays_is_marked(
    argv: list[str], request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    with i18n.language("en"):
        english = lines_of(argv, capsys)
    request.getfixturevalue("shouting")
    shouted = lines_of(argv, capsys)
    assert len(shouted) == len(english) and shouted != english
    text = "\n".join(shouted).replace(str(data.path("iss/sample-records.sgf")), "")
    assert set(re.findall(r"\b[a-z][a-z-]+\b", text)) <= ENGINE_WORDS


def test_the_replay_summary_is_marked(shouting: Callable[[str], str]) -> None:
    summary = iss_cli.Summary()
    sample = data.path("iss/sample-records.sgf").read_text().splitlines()[0]
    summary.add(iss_cli.replay_record(sample))
    summary.add(("differs", "played", "v", Msg("game {game}: v", game="7")))
    summary.add(("error", "", "an unreadable record", "line 3"))
    summary.interrupted = True
    assert summary.to_text().splitlines() == [
        "INTERRUPTED: THE SUMMARY COVERS THE FIRST 3 RECORDS ONLY",
        "GAMES: 3",
        "  2 PLAYED",
        "AGREEMENTS: 1",
        "DISAGREEMENTS: 1",
        "  1 × FIELDS v",
        "      GAME 7: V",
        "RECORDS CARDLIB CANNOT ACCEPT: 1",
        "  1 × an unreadable record",
        "      line 3",
    ]


def test_the_skat_command_is_marked(shouting: Callable[[str], str]) -> None:
    assert skat_cli.deal(7).startswith("SKAT DEAL (SEED 7)")
    written: list[str] = []
    skat_cli.watch(new_game(new_deal(7)), written.append)
    assert "SETTLEMENT:" in "\n".join(written)
    answers = iter(["help", "XX", "C7", "hand", "18", "hint", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    shown: list[str] = []
    assert skat_cli.play_seat(new_game(new_deal(7)), 1, read, shown.append) == 0
    text = "\n".join(shown)
    assert shown[0].startswith("YOU PLAY MH. MOVES: A BID (18)")
    assert "YOUR CARDS: " in text and "\nLEGAL: " in text and "NOT UNDERSTOOD: " in text
    assert "NOT ALLOWED: " in text and "GOODBYE: THE DEAL WAS LEFT UNFINISHED." in text
    assert prompts[0] == "MH (BIDDING)> "


def test_the_skat_table_and_the_end_of_the_deal_are_marked(shouting: Callable[[str], str]) -> None:
    from cardlib.skat import HeuristicBot as SkatBot

    bot, state = SkatBot(), new_game(new_deal(7))
    while not (state.phase == "play" and len(state.trick) == 1):
        state = state.play(bot.choose(state))
    declarer = int(state.declarer)
    table = skat_cli._table(state.view(declarer)).splitlines()
    assert [line.split(":")[0].rstrip("0123456789 ") for line in table] == [
        "YOUR CARDS", "SKAT", "LAID AWAY", "BID", "GAME", "CARD POINTS", "ON THE TABLE", "LEGAL",
    ]  # fmt: skip
    assert table[5].endswith("(DECLARER:DEFENDERS, AS YOU COUNT THEM)")
    while not state.is_over:
        state = state.play(bot.choose(state))
    shown: list[str] = []
    skat_cli._write_shown(state, (declarer + 1) % 3, shown.append)
    assert [line.split(":")[0] for line in shown] == ["SKAT", "LAID AWAY"]


def test_the_skitgubbe_command_is_marked(shouting: Callable[[str], str]) -> None:
    args = argparse.Namespace(
        players=3, seed=7, watch=True, bots="heuristic", phase_one="pairs", sequences=False,
        removed=0, trump_visibility="hidden", phase_one_end="first_empty",
    )  # fmt: skip
    written: list[str] = []
    assert skitgubbe_cli.run(args, write=written.append) == 0
    assert written[0].startswith("SKITGUBBE: ") and written[0].endswith(", SEED 7")
    assert written[-1].startswith("RESULT: ")
    state = new_skitgubbe(Rules(), 7)
    bots = {seat: HeuristicBot(seat) for seat in state.players}
    answers = iter(["moves", "hint", "XX", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    shown: list[str] = []
    assert skitgubbe_cli.play_seat(state, bots, read, shown.append) == 0
    text = "\n".join(shown)
    assert shown[0].startswith("YOU ARE SEAT A. ENTER A CARD")
    assert "YOUR LEGAL MOVES: " in text and "HINT: " in text and "NOT ALLOWED: " in text
    assert "TRY AGAIN." in text and shown[-1] == "GAME ABANDONED."
    assert prompts[0] == "YOUR MOVE: "


def test_the_solver_report_is_marked(shouting: Callable[[str], str]) -> None:
    lines = solve_cli.report("SA HA | ST HT | S7 H7", "grand", "FH").splitlines()
    assert lines[0].startswith("GRAND, DECLARER FH, FH LEADS: FH ♠A ♥A")
    assert lines[1] == "PERFECT PLAY: THE DECLARER ENDS WITH 42 CARD POINTS (LOST)"
    assert lines[2] == "FH'S CARDS UNDER PERFECT PLAY:"
    assert solve_cli.report("SA | ST | S7", "grand", threshold=11).endswith("REACH 11? YES")
    nulls = solve_cli.report("S7 H7 | S8 H8 | S9 H9 | SA HA", "null", "FH")
    assert "| SKAT ♠A ♥A" not in nulls and "PERFECT PLAY: THE DECLARER" in nulls
