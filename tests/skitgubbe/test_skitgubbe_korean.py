"""Skitgubbe in Korean: the bots', the knowledge's and the odds' refusals, the command line (its
help, a deal, watched games, the stunsa odds, a seat played with hints) and the play table's
words, read with Korean selected, hold no English sentence.

English is what ``tests/test_no_english_in_korean.py`` finds in a Korean notebook. What a Korean
text keeps is the notation: the names of the code a refusal comes from (``knowledge:``,
``HeuristicBot``), and in a help text the options, their choices and placeholders
(``--phase-one {pairs,all}``, ``--seed SEED``) and the command names, which are typed as printed.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardlib.cli import main
from cardlib.cli import skitgubbe as skitgubbe_cli
from cardlib.errors import CardlibError
from cardlib.i18n import language
from cardlib.probability.skitgubbe_odds import bounce_chance_in, game_stats
from cardlib.skitgubbe import (
    HeuristicBot,
    Phase,
    RandomBot,
    Rules,
    SamplingBot,
    State,
    new_game,
)
from cardlib.skitgubbe.sampling import knowledge
from cardlib.widgets import PlayTable
from tests.loading import load

detector = load(Path(__file__).parents[1] / "test_no_english_in_korean.py", "no_english_in_korean")
english: Callable[[str], list[str]] = detector.english
notation_removed: Callable[[str], str] = detector.notation_removed

_TAG = re.compile(r"<[^>]*>")
_CODE_NAME = re.compile(r"\b[A-Za-z]+_\w+")
_TYPED = re.compile(r"(?<=')\([a-z]+\)")
"""A word the player may type in English, after the Korean word it stands for: '수'(moves)."""


def english_lines(text: str) -> list[tuple[str, list[str]]]:
    return [(line, english(line)) for line in text.splitlines() if english(line)]


pytestmark = pytest.mark.usefixtures("korean")


def finished(seed: int) -> State:
    state, bot = new_game(Rules(), seed), RandomBot(seed)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def in_phase_two(seed: int) -> State:
    state, bot = new_game(Rules(), seed), RandomBot(seed)
    while state.phase is not Phase.TWO:
        state = state.play(bot.choose(state))
    return state


REFUSALS: dict[str, Callable[[], object]] = {
    "a bot asked in a finished game": lambda: HeuristicBot(1).choose(finished(1)),
    "a bot asked with a finished game's view": lambda: RandomBot(1).explain(finished(1).view(0)),
    "the sampling player asked in a finished game": lambda: SamplingBot(1).choose(finished(1)),
    "a bot asked with another seat's view": lambda: HeuristicBot(1).choose(
        new_game(Rules(), 7).view(2)
    ),
    "a bot asked with an onlooker's view": lambda: HeuristicBot(1).choose(
        new_game(Rules(), 7).view(None)
    ),
    "knowledge of a finished game": lambda: knowledge(finished(1)),
    "stunsa odds in phase 2": lambda: bounce_chance_in(in_phase_two(1)),
    "a game that does not end": lambda: game_stats(
        new_game(Rules(), 7), [RandomBot(seat).choose for seat in range(3)], limit=3
    ),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refusal_holds_no_english(case: str) -> None:
    with pytest.raises(CardlibError) as caught:
        REFUSALS[case]()
    message = str(caught.value)
    assert re.search("[가-힣]", message), message
    assert english(_CODE_NAME.sub(" ", message)) == [], message


def run(*command: str) -> str:
    out = io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(out),
        contextlib.suppress(SystemExit),
    ):
        main(["--lang", "ko", *command])
    return out.getvalue()


COMMANDS = [
    ("skitgubbe", "--help"),
    ("odds", "stunsa", "--help"),
    ("deal", "skitgubbe", "--seed", "7"),
    ("skitgubbe", "--players", "3", "--seed", "7", "--watch"),
    ("skitgubbe", "--players", "2", "--seed", "3", "--watch", "--bots", "random"),
    ("skitgubbe", "--players", "4", "--seed", "5", "--watch", "--phase-one", "all",
     "--sequences"),
    ("odds", "stunsa", "HA HK", "--seen", "S7 S8"),
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_command_line_speaks_korean(command: tuple[str, ...]) -> None:
    text = run(*command)
    assert len(text.splitlines()) > 2 and re.search("[가-힣]", text), text
    assert english_lines(notation_removed(text)) == []


def test_a_seat_played_with_hints_speaks_korean() -> None:
    state = new_game(Rules(), 7)
    bots = {seat: HeuristicBot(seat) for seat in state.players}
    answers = iter(["explain", "수", "xyz", "힌트", "pick", *["turn"] * 3, "힌트", "그만"])
    out: list[str] = []

    def read(_prompt: str) -> str:
        return next(answers)

    skitgubbe_cli.play_seat(state, bots, read, out.append)  # type: ignore[arg-type]
    text = "\n".join(out)
    assert text.count("힌트: ") >= 3, text
    assert english_lines(_TYPED.sub(" ", text)) == []


def table_words(table: Any) -> str:
    """What the table shows: every HTML part and every control's words."""
    found, todo = [], [table]
    while todo:
        each = todo.pop()
        todo += list(getattr(each, "children", ()))
        value = getattr(each, "value", None)
        if isinstance(value, str) and "<" in value:
            found.append(_TAG.sub(" ", value))
        found += [getattr(each, n, "") or "" for n in ("description", "tooltip", "placeholder")]
    return "\n".join(found)


def test_the_play_table_speaks_korean_to_the_end() -> None:
    table = PlayTable("skitgubbe", seed=7, opponents="heuristic", background=False)
    bot, texts = HeuristicBot(0), []
    while not table.state.is_over:
        table.show_hint()
        texts.append(table_words(table))
        table.play(bot.choose(table.state))
    texts.append(table_words(table))
    with language("ko"):
        assert [found for text in texts if (found := english_lines(text))] == []
