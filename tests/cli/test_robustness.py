"""The command line never shows a traceback for a user's mistake or for the environment it runs
in: a language it does not speak, a catalog that is missing or damaged, a terminal that cannot
show the suit symbols, a number too long to read, Ctrl-C at any moment (also while it starts),
``SIGTERM`` while worker processes replay records."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlib import data, i18n
from cardlib.cli import main
from cardlib.cli import skat as skat_cli
from cardlib.cli import skitgubbe as skitgubbe_cli
from cardlib.errors import InvalidMoveError
from cardlib.skat import HeuristicBot, new_deal, new_game, parse_move
from cardlib.skitgubbe import HeuristicBot as SkitgubbeBot
from cardlib.skitgubbe import Rules
from cardlib.skitgubbe import new_game as new_skitgubbe

ROOT = Path(__file__).resolve().parents[2]
PROG = "python -m cardlib"
# The seeded deal 7 as `deal skat --seed 7` prints it, the suits as letters (cardlib.cli.skat's
# doctest has its FH line with symbols: ♣A ♣8 ♠A ♠7 ♥A ♥9 ♥7 ♦Q ♦9 ♦8).
DEAL_7_FH = "FH   CA C8 SA S7 HA H9 H7 DQ D9 D8"


def run(
    *argv: str, env: dict[str, str] | None = None, **more: Any
) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "en", **(env or {})}
    return subprocess.run([sys.executable, "-m", "cardlib", *argv], env=environment,
                          capture_output=True, text=True, timeout=120, **more)  # fmt: skip


# -- languages and catalogs --------------------------------------------------------------------


def test_a_cardlib_lang_it_does_not_speak_is_one_warning_line_then_english() -> None:
    done = run("deal", "skat", "--seed", "7", env={"CARDLIB_LANG": "xx"})
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"{PROG}: warning: CARDLIB_LANG='xx': cardlib does not speak 'xx'; it speaks en "
        "(English), ko (한국어), de (Deutsch), ru (Русский); speaking English"
    ]
    assert done.stdout.startswith("Skat deal (seed 7)\n")


def test_a_cardlib_lang_it_does_not_speak_does_not_stop_the_import() -> None:
    code = (
        "import warnings\n"
        "with warnings.catch_warnings(record=True) as said:\n"
        "    warnings.simplefilter('always')\n"
        "    import cardlib\n"
        "    at_import = len(said)\n"
        "    spoken = cardlib.get_language()\n"
        "print(at_import, spoken, [w.category.__name__ for w in said])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "xx"},
                          check=True)  # fmt: skip
    assert done.stdout.strip() == "0 en ['LanguageWarning']"


@pytest.fixture
def locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogs to damage; the catalogs read from it are forgotten afterwards."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    i18n._catalog.cache_clear()
    yield copy
    i18n._catalog.cache_clear()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda mo: mo.write_bytes(b"not a catalog at all"), "cannot be read (OSError: "),
        (lambda mo: mo.write_bytes(mo.read_bytes()[:30]), "cannot be read ("),
        (lambda mo: mo.unlink(), "is missing"),
    ],
    ids=["bad magic number", "cut short", "missing"],
)
def test_a_damaged_or_missing_catalog_is_one_warning_line_then_english(
    locale_copy: Path, damage: Any, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(locale_copy / "de" / "LC_MESSAGES" / "cardlib.mo")
    assert main(["--lang", "de", "deal", "skat", "--seed", "7"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Skat deal (seed 7)\n")  # English, as the catalog could not say it
    (line,) = err.splitlines()
    assert line.startswith(f"{PROG}: warning: the Deutsch catalog ") and said in line
    assert line.endswith("; speaking English")
    assert main(["--lang", "de", "deal", "skat", "--seed", "7"]) == 0
    assert capsys.readouterr().err == ""  # said once
    assert main(["--lang", "ko", "deal", "skat", "--seed", "7"]) == 0
    assert capsys.readouterr().out.startswith("스카트 딜 (시드 7)")  # the others are untouched


# -- terminals that cannot show the suits ------------------------------------------------------


def test_deal_on_an_ascii_terminal_writes_the_suits_as_letters() -> None:
    done = run("deal", "skat", "--seed", "7", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[1] == DEAL_7_FH
    assert done.stdout.isascii()


def test_a_watched_deal_on_an_ascii_terminal_runs_to_its_settlement() -> None:
    done = run("skat", "--watch", "--seed", "7", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.isascii()
    assert "  = 6 x 11 = 66" in done.stdout.splitlines()  # "6 × 11" in a terminal that has ×


def test_typing_what_an_ascii_terminal_cannot_read_is_asked_again() -> None:
    done = run("skitgubbe", "--seed", "7", "--opponents", "heuristic",
               env={"PYTHONIOENCODING": "ascii"}, input="\u2665J\nquit\n")  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Not allowed: " in done.stdout and done.stdout.rstrip().endswith("Game abandoned.")


# -- numbers too long to read --------------------------------------------------------------------


def test_a_number_too_long_for_python_is_not_a_move() -> None:
    with pytest.raises(InvalidMoveError, match=r"^'111111111111… \(5000 characters\)' is not a"):
        parse_move("1" * 5000)
    with pytest.raises(InvalidMoveError, match=r"'1000' is not a bid: a bid has at most 3 digits"):
        parse_move("1000")
    assert str(parse_move("018")) == "18"


def test_a_number_too_long_typed_at_the_table_is_explained_and_asked_again() -> None:
    answers = iter(["1" * 5000, "18", "quit"])
    shown: list[str] = []
    status = skat_cli.play_seat(new_game(new_deal(7)), 1, lambda prompt: next(answers),
                                shown.append, HeuristicBot(7))  # fmt: skip
    assert status == 0
    text = "\n".join(shown)
    assert "Not understood: '111111111111… (5000 characters)' is not a bid" in text
    assert "MH: MH says 18 to FH." in text


# -- Ctrl-C and SIGTERM --------------------------------------------------------------------------


def interrupt(prompt: str) -> str:
    raise KeyboardInterrupt


def test_ctrl_c_at_the_table_ends_with_status_130() -> None:
    shown: list[str] = []
    assert skat_cli.play_seat(new_game(new_deal(7)), 1, interrupt, shown.append,
                              HeuristicBot(7)) == 130  # fmt: skip
    assert shown[-1] == "\nGoodbye: the deal was left unfinished."
    state = new_skitgubbe(Rules(), 7)
    bots = {seat: SkitgubbeBot(seat) for seat in state.players}
    assert skitgubbe_cli.play_seat(state, bots, interrupt, shown.append) == 130
    assert shown[-1] == "\nGame abandoned."


# ``python -m cardlib odds tables``, as ``-m`` runs it, saying "loading" on standard error the
# moment the command line's own modules begin to load (a second or two: every command's module);
# Ctrl-C comes then. What loads before (Python itself, the ``cardlib`` package) is not the
# command line's, and a Ctrl-C there is Python's.
LOADING = (
    "import runpy, sys\n"
    "class Announce:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'cardlib.cli':\n"
    "            print('loading', file=sys.stderr, flush=True)\n"
    "            sys.meta_path.remove(self)\n"
    "sys.meta_path.insert(0, Announce())\n"
    "sys.argv = ['cardlib', 'odds', 'tables']\n"
    "runpy.run_module('cardlib', run_name='__main__', alter_sys=True)\n"
)


def test_ctrl_c_while_the_command_line_is_still_loading_is_status_130() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "en"}
    process = subprocess.Popen([sys.executable, "-c", LOADING], env=environment, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert process.stderr is not None
    assert process.stderr.readline() == "loading\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, "interrupted\n")
    assert out == ""  # interrupted before the command ran


def test_ctrl_c_in_the_middle_of_a_command_is_status_130() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "en"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlib", "skitgubbe", "--watch", "--bots", "sampling",
         "--seed", "1"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    process.stdout.readline()  # the game has begun: its title is out
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and err == "interrupted\n"


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def test_sigterm_ends_a_replay_and_its_workers(tmp_path: Path) -> None:
    many = tmp_path / "many.sgf"
    many.write_text(data.path("iss/sample-records.sgf").read_text() * 4000)
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLIB_LANG": "en"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlib", "iss", str(many), "--workers", "2", "--no-progress"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    workers: set[int] = set()
    try:
        end = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < end and process.poll() is None:
            workers = _children(process.pid)
            time.sleep(0.05)
        assert len(workers) >= 2, "the workers never started"
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
        assert process.returncode == 143 and "Traceback" not in err
        end = time.monotonic() + 5
        while any(_alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in workers)
    finally:
        if process.poll() is None:
            process.kill()
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
