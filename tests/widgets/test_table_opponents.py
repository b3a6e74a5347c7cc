"""PlayTable's opponents: the sampling player or the heuristic bot, chosen in a menu or by a link;
the hint asks the same kind of player once and is worded anew on a change of language."""

from __future__ import annotations

import re
from html import escape
from typing import Any

import pytest

from cardlib.errors import CardlibError
from cardlib.i18n import get_language, language, set_language
from cardlib.skat import HeuristicBot as SkatHeuristic
from cardlib.skat import SamplingBot as SkatSampler
from cardlib.skitgubbe import HeuristicBot, SamplingBot
from cardlib.widgets import PlayTable
from cardlib.widgets.table import OPPONENTS


class Counting:
    """Counts the calls of a class's ``explain``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, cls: type) -> None:
        self.calls = 0
        explain = cls.explain

        def counted(bot: Any, state: Any) -> Any:
            self.calls += 1
            return explain(bot, state)

        monkeypatch.setattr(cls, "explain", counted)


@pytest.fixture(autouse=True)
def english() -> Any:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def test_the_menu_switches_the_opponents_and_keeps_the_deal() -> None:
    table = PlayTable("skitgubbe", seed=7)
    assert table.opponents == "heuristic" and table.opponents_menu.value == "heuristic"
    assert [value for _words, value in table.opponents_menu.options] == list(OPPONENTS)
    table.play_card("♣4")
    before, news, mine = table.state, table.news, table.bots[0]
    table.show_hint()
    assert table.hint.value and table.hint_explanation is not None
    table.opponents_menu.value = "sampling"
    assert table.opponents == "sampling" and table.state is before and table.news == news
    assert table.bots[0] is mine and isinstance(mine, HeuristicBot)
    assert all(isinstance(table.bots[p], SamplingBot) for p in (1, 2))
    assert table.hint.value == "" and table.hint_explanation is None
    table.play_card(next(m.card for m in table.state.legal_moves() if hasattr(m, "card")))
    assert table.state.phase in (1, 2) and table.state is not before
    table.set_opponents("heuristic")
    assert table.opponents_menu.value == "heuristic"
    assert all(isinstance(table.bots[p], HeuristicBot) for p in (1, 2))


def test_given_bots_stay_when_the_opponents_change() -> None:
    given = SkatHeuristic(5)
    table = PlayTable("skat", bots={2: given}, seed=7)
    table.opponents_menu.value = "sampling"
    assert table.bots[2] is given and isinstance(table.bots[1], SkatSampler)
    assert table.state.phase == "bidding"


def test_unknown_opponents_are_refused_by_name_and_change_nothing() -> None:
    with pytest.raises(CardlibError, match="opponents='expert'"):
        PlayTable("skat", seed=1, opponents="expert")
    table = PlayTable("skat", seed=1)
    before, bots = table.state, dict(table.bots)
    with pytest.raises(CardlibError, match=r"deal 1.*opponents='strong'"):
        table.set_opponents("strong")
    assert table.state is before and table.bots == bots and table.opponents == "heuristic"


def test_the_menu_is_worded_in_the_language_chosen() -> None:
    table = PlayTable("skat", seed=1, opponents="sampling")
    english = [words for words, _value in table.opponents_menu.options]
    table.language.value = "ko"
    try:
        korean = [words for words, _value in table.opponents_menu.options]
        with language("ko"):
            assert table.opponents_menu.description == _ko("Opponents")
        assert korean == [_ko("strong (sampling)"), _ko("beginner (heuristic)")]
        assert table.opponents_menu.value == "sampling" and table.opponents == "sampling"
    finally:
        table.language.value = "en"
    assert [words for words, _value in table.opponents_menu.options] == english


def _ko(text: str) -> str:
    from cardlib.i18n import _

    with language("ko"):
        return _(text)


@pytest.mark.parametrize("game", ["skat", "skitgubbe"])
def test_a_sampling_hint_gives_numbers_once_and_is_reworded(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = PlayTable(game, seed=3, opponents="sampling")
    counter = Counting(monkeypatch, SkatSampler if game == "skat" else SamplingBot)
    text = table.show_hint()
    assert counter.calls == 1
    explanation = table.hint_explanation
    assert str(explanation) == text
    assert re.search(r"\d+ of \d+", text), text
    if game == "skitgubbe":
        assert re.search(r"interval \d+–\d+%", text), text
    assert escape(text, quote=False) in table.hint.value and "Hint:" in table.hint.value
    table.language.value = "de"
    try:
        with language("de"):
            german = str(explanation)
        assert table.hint_explanation is explanation and counter.calls == 1
        assert "Tipp:" in table.hint.value and escape(german, quote=False) in table.hint.value
    finally:
        table.language.value = "en"
    assert counter.calls == 1 and "Hint:" in table.hint.value


def test_a_heuristic_hint_is_the_heuristic_bots_advice() -> None:
    table = PlayTable("skitgubbe", seed=3)
    assert table.show_hint() == str(HeuristicBot(3).explain(table.state))


def test_from_link_reads_seed_seat_opponents_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=7&seat=1&opponents=heuristic&lang=de&x=y")
    table = PlayTable.from_link("skitgubbe")
    assert (table.seed, table.seat, table.opponents) == (7, 1, "heuristic")
    assert get_language() == "de" and table.language.value == "de"
    assert "Tipp" not in table.hint.value and table.header.value.startswith("<h3>Skitgubbe")
    same = PlayTable("skitgubbe", 1, seed=7)
    assert table.state.to_text() == same.state.to_text()


def test_from_link_defaults_to_deal_1_and_the_beginner_as_a_table_does() -> None:
    table = PlayTable.from_link("skitgubbe", "")
    assert (table.seed, table.seat, table.opponents) == (1, 0, "heuristic")
    assert isinstance(table.bots[1], HeuristicBot)
    assert PlayTable("skitgubbe").opponents == table.opponents
    assert isinstance(PlayTable.from_link("skitgubbe", "?opponents=sampling").bots[1], SamplingBot)
    assert PlayTable.from_link("skitgubbe", "?seed=4").seed == 4
