"""Skitgubbe's two word moves in the reader's language: ``symbol`` prints the rules' words
(Korean seed 000: 공개해 내다, 가져오다; docs/rules/terms.md), ``str`` keeps the notation of the
records, and every language's words read back as the move."""

from __future__ import annotations

import pytest

from cardlib.errors import InvalidCardError
from cardlib.i18n import LANGUAGES, language
from cardlib.skitgubbe import PickUp, Play, TurnUp, parse_move


def test_the_words_follow_the_language_and_the_notation_stays() -> None:
    with language("ko"):
        assert (TurnUp().symbol, PickUp().symbol) == ("공개해 내기", "가져오기")
        assert (str(TurnUp()), str(PickUp())) == ("turn", "pick")
    with language("de"):
        assert (TurnUp().symbol, PickUp().symbol) == ("aufdecken", "aufnehmen")
    with language("en"):
        assert (TurnUp().symbol, PickUp().symbol) == ("turn", "pick")


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("move", [TurnUp(), PickUp(), Play("HT"), Play("HT", "HJ")], ids=repr)
def test_what_symbol_prints_reads_back_in_any_language(lang: str, move: object) -> None:
    with language(lang):
        printed = move.symbol  # type: ignore[attr-defined]
    with language("en"):
        assert parse_move(printed) == move
        assert parse_move(str(move)) == move


def test_a_move_not_understood_names_the_moves_in_the_language_it_is_read_in() -> None:
    with pytest.raises(InvalidCardError) as raised:
        parse_move("xyz")
    with language("ko"):
        korean = str(raised.value)
    with language("en"):
        english = str(raised.value)
    assert english == (
        "'xyz' is not a move: expected a card such as HT, a run such as HT HJ HQ, 'turn' or 'pick'"
    )
    assert korean.startswith("'xyz'는 수가 아닙니다.") and "'공개해 내기', '가져오기'" in korean
