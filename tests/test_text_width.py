"""Text tables line up in a terminal whatever the script: Hangul letters take two columns.

The widths expected here are the Unicode standard's (East Asian Width: Hangul syllables are
"W", two columns; Latin letters and the suit signs one), as :mod:`wcwidth` reads them.
"""

from __future__ import annotations

import re

from cardlib import Seat
from cardlib.display.width import columns, ljust, rjust
from cardlib.i18n import language
from cardlib.probability import hypergeometric, skat_finding_table
from cardlib.skat import ScoreSheet, new_deal, new_game
from cardlib.skat.players import HeuristicBot


def bars(text: str) -> set[int]:
    """The columns at which each line of ``text`` has its first ``|``."""
    return {columns(line[: line.index("|")]) for line in text.splitlines() if "|" in line}


def test_hangul_counts_two_columns_latin_and_suits_one() -> None:
    assert columns("선봉") == 4
    assert columns("FH ♠A") == 5
    assert ljust("게임", 6) == "게임  " and rjust("게임", 6) == "  게임"
    assert ljust("게임입니다", 4) == "게임입니다"  # never cut


def played_sheet() -> ScoreSheet:
    sheet = ScoreSheet(3, "seeger_fabian", names=("지민", "Alex", "서연"))
    for seed in (1, 2, 3):
        state = new_game(new_deal(seed))
        bot = HeuristicBot()
        while not state.is_over:
            state = state.play(bot.choose(state))
        sheet = sheet.add(state)
    return sheet


def test_a_korean_score_sheet_lines_up() -> None:
    sheet = played_sheet()
    with language("ko"):
        text = sheet.to_text()
    assert any(columns(word) > len(word) for word in text.split()), text  # Hangul is there
    assert len(bars(text)) == 1, text
    with language("en"):
        assert len(bars(sheet.to_text())) == 1


def test_a_korean_probability_table_lines_up() -> None:
    with language("ko"):
        text = hypergeometric(22, 4, 2).table("스컷의 잭")
    rows = text.splitlines()[1:]
    # each row's second column (the exact probability) ends in the same display column
    ends = {columns(row.rstrip()[: row.rstrip().rindex(" ")].rstrip()) for row in rows}
    assert len(ends) == 1, text


def test_a_korean_seat_view_lines_up() -> None:
    with language("ko"):
        text = new_game(new_deal(5)).view(Seat.A).to_text()
    rows = text.splitlines()[1:5]
    starts = {columns(re.match(r"^.\S+\s+", row).group()) for row in rows}  # type: ignore[union-attr]
    assert starts == {17}, text  # the mark, the label padded to 15 columns, a space


def test_a_korean_skat_finding_table_lines_up() -> None:
    with language("ko"):
        text = str(skat_finding_table())
    rows = text.splitlines()[1:]
    widths = {columns(row) for row in rows}
    assert len(widths) == 1, text
