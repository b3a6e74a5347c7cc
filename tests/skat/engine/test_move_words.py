"""Skat's moves in the reader's language: what ``symbol`` prints in each language reads back as
the move, the notation stays as it is, and a move that is not understood is said in the
language current when the error is read."""

from __future__ import annotations

import pytest

from cardlib.errors import InvalidMoveError
from cardlib.i18n import LANGUAGES, language
from cardlib.skat import (
    Bid,
    Declare,
    Discard,
    GameType,
    Hold,
    Kontra,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Re,
    parse_move,
)
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.rules import Position

MOVES = [
    Bid(18), Hold(), Pass(), PickUpSkat(), Push(), Kontra(), Re(), Play("HJ"),
    Discard("S7", "H8"), Declare("G"), Declare("CH"), Declare("SHS"), Declare("NO"),
    Declare("NOH"), Declare("DHSZ"), Declare("GO"),
]  # fmt: skip


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("move", MOVES, ids=repr)
def test_what_symbol_prints_reads_back_as_the_move_and_the_notation_stays(
    lang: str, move: object
) -> None:
    with language(lang):
        assert parse_move(move.symbol) == move  # type: ignore[attr-defined]
        assert parse_move(str(move)) == move
        assert eval(repr(move)) == move


def test_korean_symbols_are_the_korean_rules_words() -> None:
    """The words of docs/rules/terms.md's Korean column (seed 004): 예, 패스, 버리다, 선언."""
    with language("ko"):
        assert [m.symbol for m in (Hold(), Pass(), PickUpSkat())] == ["예", "패스", "스카트 집기"]
        assert Discard("S7", "H8").symbol == "♠7 ♥8 버리기"
        assert Declare("GH").symbol == "그랜드 핸드 선언"
        assert [str(m) for m in (Hold(), Pass(), Discard("S7", "H8"))] == ["y", "p", "S7.H8"]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("예", Hold()), ("받기", Hold()), ("패스", Pass()), ("스카트 집기", PickUpSkat()),
        ("클럽 핸드", Declare("CH")), ("그랜드 선언", Declare("G")), ("오픈 눌", Declare("NO")),
        ("♠7 ♥8 버리기", Discard("S7", "H8")), ("ja", Hold()), ("passen", Pass()),
        ("Kreuz Hand ansagen", Declare("CH")), ("да", Hold()), ("пас", Pass()),
        ("объявить пики", Declare("S")), ("S", Declare("S")), ("s", PickUpSkat()),
    ],
)  # fmt: skip
def test_the_words_of_every_language_are_read_in_any(text: str, move: object) -> None:
    with language("en"):
        assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "english", "korean"),
    [
        ("xyz", "'xyz' is not a Skat move: try a bid (18)", "'xyz'는 스카트의 수가 아닙니다."),
        ("1" * 30, "is not a bid: a bid has at most 3 digits", "공약이 아닙니다."),
        ("선언", "'선언': declare what?", "'선언': 무엇을 선언하나요?"),
    ],
)
def test_a_move_not_understood_is_said_in_the_language_it_is_read_in(
    text: str, english: str, korean: str
) -> None:
    with pytest.raises(InvalidMoveError) as raised:
        parse_move(text)
    with language("ko"):
        assert korean in str(raised.value) and english not in str(raised.value)
    with language("en"):
        assert english in str(raised.value)


def test_game_phase_and_position_labels_follow_the_language() -> None:
    with language("ko"):
        assert (GameType.CLUBS.label, GameType.GRAND.label, GameType.NULL.label) == (
            "클럽", "그랜드", "눌",
        )  # fmt: skip
        assert (Phase.SKAT.label, Position.RH.label) == ("스카트", "대장")
        assert (str(Phase.SKAT), str(Position.RH)) == ("skat", "RH")
    with language("de"):
        assert (GameType.CLUBS.label, Position.FH.label) == ("Kreuz", "VH")
    with language("en"):
        assert (GameType.CLUBS.label, Phase.PASS_ON.label, Position.MH.label) == (
            "clubs", "pass on", "MH",
        )  # fmt: skip


def test_a_move_built_wrong_is_refused_in_the_language_it_is_read_in() -> None:
    with pytest.raises(InvalidMoveError) as raised:
        Bid("18")  # type: ignore[arg-type]
    with language("ko"):
        assert str(raised.value) == "Bid('18'): 공약은 18, 20, 22 같은 정수입니다"
    with language("en"):
        assert str(raised.value) == "Bid('18'): a bid is a whole number such as 18, 20, 22"


def test_the_words_are_read_anew_when_a_catalog_is_replaced(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    request.getfixturevalue("shouting")  # every catalog shouts the English: no Korean words
    with pytest.raises(InvalidMoveError):
        parse_move("예")
    monkeypatch.undo()
    assert parse_move("예") == Hold()
