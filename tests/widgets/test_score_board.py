"""The play table's running score sheet: each finished deal goes on it once, scored by the list
and by Seeger-Fabian (the rules in docs/rules/skat-scoring.md), kept across new deals until it
is cleared; Skitgubbe counts the games each seat lost."""

from __future__ import annotations

import random
from html import unescape
from typing import Any

from cardlib.i18n import language
from cardlib.skat import Bid, Pass
from cardlib.widgets import PlayTable


class Passer:
    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        return Pass() if Pass() in moves else moves[0]

    def explain(self, state: Any) -> str:
        return "passes"


def play_out(table: PlayTable, seed: int) -> None:
    rng = random.Random(seed)
    while not table.state.is_over:
        table.play(rng.choice(table.state.legal_moves()))


def test_a_skat_game_goes_on_the_sheet_once_by_the_list_and_by_seeger_fabian() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    play_out(table, 5)
    settlement = table.state.settlement
    assert settlement is not None and table.state.declarer == 0
    value, won = settlement.value, settlement.won
    # the rule text: the list adds the settled value; Seeger-Fabian adds 50 to a win and takes 50
    # from a loss, and gives each defender 40 when the declarer loses, at three players
    seeger_fabian = (value + 50, 0, 0) if won else (value - 50, 40, 40)
    assert table.score_board.totals == ((value, 0, 0), seeger_fabian)
    table._render()  # drawn again (a language switch, a later click): still one deal
    assert len(table.score_board.deals) == 1
    shown = unescape(table.score_board.html.value)
    assert f"Deal 7: you {'won' if won else 'lost'}." in shown
    assert "Over 1 deal you won" in shown and "FH (you)" in shown and "Seeger-Fabian" in shown


def test_the_sheet_outlives_a_new_deal_and_a_deal_passed_in_scores_nothing() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    play_out(table, 5)
    first = table.score_board.totals
    table.new_deal(8)
    table.play(Pass())
    assert table.state.is_over and table.state.result.passed_in
    assert table.score_board.totals == first and len(table.score_board.deals) == 2
    assert "Deal 8: nobody won or lost. Over 2 deals" in unescape(table.score_board.html.value)
    table.score_board.clear_button.click()
    assert table.score_board.deals == [] and table.score_board.html.value == ""
    assert table.score_board.clear_button.layout.display == "none"


def test_a_defender_wins_when_the_declarer_loses() -> None:
    for seed in range(1, 40):  # a deal in which a bot declares and loses, FH defending
        table = PlayTable("skat", seed=seed, opponents="heuristic")
        play_out(table, seed)
        result = table.state.result
        if result.declarer not in (None, 0) and result.made is False:
            break
    else:
        raise AssertionError("no deal in which FH defends and the declarer loses")
    assert table.score_board.deals[0][1].won is True
    assert f"Deal {seed}: you won." in unescape(table.score_board.html.value)


def test_skitgubbe_counts_the_games_lost() -> None:
    table = PlayTable("skitgubbe", seed=3)
    play_out(table, 3)
    loser = int(table.state.result.loser)
    lost = tuple(int(seat == loser) for seat in range(3))
    assert table.score_board.totals == (lost,)
    assert table.score_board.deals[0][1].won is (loser != 0)


def test_the_sheet_is_worded_in_the_language_chosen() -> None:
    table = PlayTable("skitgubbe", seed=3)
    play_out(table, 3)
    with language("ko"):
        table.score_board.draw()
        korean = unescape(table.score_board.html.value)
    assert "Score sheet" not in korean and "deal" not in korean.lower()
