"""The terminal in Korean: the commands and the moves are typed in Korean words too, and what
comes back (help, refusals, the moves on offer) is Korean, with the notation kept."""

from __future__ import annotations

import re

import pytest

from cardlib.cli import main
from cardlib.cli import skat as skat_cli
from cardlib.cli import skitgubbe as skitgubbe_cli
from cardlib.cli.commands import COMMANDS, command
from cardlib.skat import new_deal, new_game
from cardlib.skitgubbe import HeuristicBot, Rules
from cardlib.skitgubbe import new_game as new_skitgubbe

ENGLISH = re.compile(r"\b[A-Za-z]{3,}\b(?: [A-Za-z]{2,}\b)+")
"""Two English words in a row (what a Korean sentence must not hold)."""


pytestmark = pytest.mark.usefixtures("korean")


def feed(*answers: str) -> tuple[list[str], list[str], object]:
    answers_left = iter(answers)
    prompts: list[str] = []
    out: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers_left)
        except StopIteration:
            raise EOFError from None

    return prompts, out, read


def test_every_command_has_a_word_in_each_language_and_no_word_two_commands() -> None:
    words = [word for names in COMMANDS.values() for word in names]
    assert len(words) == len(set(words))
    assert [command(word) for word in ("그만", "도움말", "힌트", "손패", "수")] == [
        "quit", "help", "hint", "hand", "moves",
    ]  # fmt: skip
    assert command("quit") == "quit" and command("HJ") is None


def test_a_skat_seat_is_played_in_korean_words() -> None:
    prompts, out, read = feed("xyz", "도움말", "힌트", "예", "그만")
    assert skat_cli.play_seat(new_game(new_deal(7)), 0, read, out.append) == 0  # type: ignore[arg-type]
    text = "\n".join(out)
    assert "알아들을 수 없는 입력입니다: 'xyz'는 스카트의 수가 아닙니다." in text
    assert "입력할 수 있는 수: 공약(18), 예 또는 y(받기)" in text
    assert "둘 수 있는 수: 패스, 예" in text
    assert "선봉이 18에 예(Yes)라고 답합니다" in text  # "예" was read as holding MH's 18
    assert out[-1].strip() == "안녕히 가세요. 이 판은 끝내지 않고 그만둡니다."
    assert prompts[0].startswith("선봉 (경매)>")
    assert ENGLISH.findall(text) == []


def test_a_skitgubbe_seat_is_played_in_korean_words() -> None:
    state = new_skitgubbe(Rules(), 7)
    bots = {seat: HeuristicBot(seat) for seat in state.players}
    _prompts, out, read = feed("수", "xyz", "힌트", "그만")
    assert skitgubbe_cli.play_seat(state, bots, read, out.append) == 0  # type: ignore[arg-type]
    text = "\n".join(out)
    assert "'공개해 내기'(turn)는" in text and "공개해 내기" in text.split("둘 수 있는 수")[-1]
    assert "'xyz'는 수가 아닙니다." in text
    assert out[-1] == "게임을 그만두었습니다."
    assert ENGLISH.findall(text) == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["skat", "--seat", "zz"],
            "인자 --seat: 고를 수 없는 값입니다: 'zz' ('fh', 'mh', 'rh' 가운데에서",
        ),
        (["deal"], "python -m cardlib deal: 오류: 다음 인자가 필요합니다: game"),
        (["deal", "skat", "--bogus"], "python -m cardlib: 오류: 알 수 없는 인자: --bogus"),
    ],
)
def test_argparse_s_own_errors_are_said_in_korean(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert said in error and ENGLISH.findall(error.split(": ", 1)[1]) == []
