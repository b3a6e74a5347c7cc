"""Every widget in every language: its language selector rewords every label, tooltip, message
and picture at once (a shouting catalog puts every marked text in capitals), and leaves the game,
the step, the cards and the settings exactly as they were."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from cardlib.cards import Card
from cardlib.i18n import LANGUAGES, get_language, set_language
from cardlib.skat import Bid, GameType, HeuristicBot, PickUpSkat, new_deal, new_game
from cardlib.widgets import HandPicker, PlayTable, SplitExplorer, Stepper
from cardlib.widgets.language_menu import LanguageSelector


@pytest.fixture(autouse=True)
def spoken_before() -> Iterator[None]:
    """A selector sets cardlib's language for good: each test gives back the one it found."""
    before = get_language()
    yield
    set_language(before)


def other_language() -> str:
    return "de" if get_language() != "de" else "ru"


def descendants(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def words(widget: Any, skip: Callable[[Any], bool] = lambda w: False) -> list[str]:
    """The words of every control: descriptions, tooltips, placeholders, options' labels."""
    found = []
    for each in descendants(widget):
        if skip(each) or isinstance(each, LanguageSelector):
            continue
        for name in ("description", "tooltip", "placeholder"):
            text = getattr(each, name, None)
            if text:
                found.append(text)
        if isinstance(each, widgets.widget_selection._Selection):
            found += [str(label) for label in each._options_labels]
    return found


def pages(widget: Any) -> dict[int, str]:
    """What every HTML part of the widget shows, by its place in the tree."""
    return {
        place: each.value
        for place, each in enumerate(descendants(widget))
        if isinstance(each, widgets.HTML) and not isinstance(each, widgets.HTMLMath)
    }


def shout_and_switch(widget: Any, request: pytest.FixtureRequest) -> None:
    """Capitals for every marked text, then the widget's own selector picks a language."""
    request.getfixturevalue("shouting")
    widget.language.value = other_language()


def in_capitals(texts: list[str]) -> list[str]:
    """The texts that are not all capitals (what was left unmarked)."""
    return [text for text in texts if text != text.upper()]


def test_the_selector_shows_each_language_by_its_own_name() -> None:
    drawn: list[str] = []
    selector = LanguageSelector(lambda: drawn.append(get_language()))
    assert [label for label, _code in selector.options] == list(LANGUAGES.values())
    assert [code for _label, code in selector.options] == list(LANGUAGES)
    target = other_language()
    selector.value = target
    assert drawn == [target] and get_language() == target
    set_language("ko")
    selector.refresh()  # a selector redrawn later shows the language spoken now, quietly
    assert selector.value == "ko" and drawn == [target]


def skat_table() -> PlayTable:
    """FH at a table of passers, holding the bid: the skat picked up, one card chosen to lay
    away, an illegal card refused and a hint shown."""

    class Passer:
        def choose(self, state: Any) -> Any:
            from cardlib.skat import Pass

            moves = state.legal_moves()
            return Pass() if Pass() in moves else moves[0]

        def explain(self, state: Any) -> str:
            return "passes"

    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    table.play(PickUpSkat())
    table.play_card(table.view.hand[-1])
    table.show_hint()
    return table


def test_the_skat_table_speaks_the_language_chosen_and_keeps_its_game(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = skat_table()
    assert table.language in descendants(table)
    state, selected, news, seed = table.state, list(table.selected), table.news, table.seed
    english_words, english_pages = words(table), pages(table)
    assert "Discard: " in table.message.value and "Hint: " in table.hint.value
    shout_and_switch(table, request)
    engine = {move.symbol for move in state.legal_moves()}
    assert in_capitals(words(table, lambda w: getattr(w, "description", None) in engine)) == []
    assert table.state is state and table.selected == selected and table.seed == seed
    assert table.state.history() == state.history() and len(table.news) == len(news)
    assert "<h3>SKAT: DEAL 7, YOU ARE FH</h3>" == table.header.value
    assert "DISCARD: " in table.message.value and "(CHOOSE ONE MORE)" in table.message.value
    assert "HINT: " in table.hint.value and "YOUR CARDS, FH (DECLARER) TO MOVE:" in str(
        table.hand_box.children[0].value
    )
    assert "SKAT" in table.table.value and "Skat" not in table.table.value
    assert repr(table).startswith("PlayTable(SKAT, DEAL 7, YOU ARE FH:")
    monkeypatch.undo()
    table.language.value = "en"
    assert words(table) == english_words and pages(table) == english_pages


def test_a_refusal_is_reworded_with_the_table(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = PlayTable("skitgubbe", seed=7)
    assert not table.play_card("♥2")
    before, english = table.state, table.message.value
    assert english.startswith('<div style="background:#fdecea')
    shout_and_switch(table, request)
    assert "NOT ALLOWED: " in table.message.value and table.state is before
    assert table.header.value == "<h3>SKITGUBBE: DEAL 7, YOU ARE A</h3>"
    assert in_capitals(words(table)) == []
    monkeypatch.undo()
    table.language.value = "en"
    assert table.message.value == english


def test_the_skitgubbe_table_speaks_and_plays_on(request: pytest.FixtureRequest) -> None:
    table = PlayTable("skitgubbe", seed=1)
    legal = [m.card for m in table.state.legal_moves() if hasattr(m, "card")]
    table.play_card(legal[0])
    state = table.state
    shout_and_switch(table, request)
    assert table.state is state
    assert in_capitals(words(table)) == []  # the move buttons are marked too
    moves = [b.description for b in table.move_box.children if hasattr(b, "description")]
    assert all(move == move.upper() for move in moves)
    legal = [m.card for m in table.state.legal_moves() if hasattr(m, "card")]
    if legal:  # playing on in the new language
        table.play_card(legal[0])
        assert table.state is not state and table.state.parent is not None


def test_a_new_deal_after_the_switch_is_in_the_new_language(request: pytest.FixtureRequest) -> None:
    table = PlayTable("skat", seed=3)
    shout_and_switch(table, request)
    table.new_button.click()
    assert table.seed == 4 and table.header.value == "<h3>SKAT: DEAL 4, YOU ARE FH</h3>"
    assert table.new_button.description == "NEW DEAL"


def stepper() -> Stepper:
    bot, state = HeuristicBot(1), new_game(new_deal(5))
    while not state.is_over:
        state = state.play(bot.choose(state))
    widget = Stepper(state, viewer=1)
    widget.show(9)
    return widget


def test_the_stepper_speaks_the_language_chosen_at_the_same_step(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = stepper()
    assert widget.language in descendants(widget)
    states, english_words, english_pages = widget.states, words(widget), pages(widget)
    shout_and_switch(widget, request)
    assert widget.index == 9 and widget.states is states
    assert in_capitals(words(widget)) == []
    assert widget.title.value.startswith("<b>SKAT, STEP 9 OF ")
    assert "WHAT HAPPENED" in widget.events.value
    assert widget.first_button.description == "◀◀ FIRST"
    assert repr(widget).startswith("Stepper(") and "STATES OF A SKAT DEAL, AT STEP 9" in repr(
        widget
    )
    widget.show(0)
    assert "THE CARDS ARE DEALT." in widget.events.value
    monkeypatch.undo()
    widget.show(9)
    widget.language.value = "en"
    assert words(widget) == english_words and pages(widget) == english_pages


def test_the_hand_picker_speaks_the_language_chosen_and_keeps_its_cards(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    picker = HandPicker(hand="CJ SJ HJ CA CT CK CQ C9 SA HA", skat="D7 D8")
    picker.mode.value = "skat"
    picker.game.value = GameType.SPADES
    picker.toggle("D9", into="skat")  # the skat is full: explained in place
    assert "full" in picker.error.value
    picker.win_chance(samples=1)
    hand, skat, chart = list(picker.hand), list(picker.skat), bytes(picker.chart.value)
    english_words, english_pages = words(picker), pages(picker)
    shout_and_switch(picker, request)
    assert picker.hand == hand and picker.skat == skat
    assert picker.mode.value == "skat" and picker.game.value is GameType.SPADES
    assert in_capitals(words(picker, lambda w: w is picker.game)) == []
    assert [label for label, _mode in picker.mode.options] == ["HAND", "SKAT"]
    assert "THE SKAT IS FULL (2 CARDS)" in picker.error.value
    assert "GAME VALUES:" in picker.panel.value and "BID LIMIT: " in picker.panel.value
    assert "(SEED 1)" in picker.win.value and bytes(picker.chart.value) != chart
    assert "HAND" in picker.picture.value
    monkeypatch.undo()
    picker.language.value = "en"
    assert words(picker) == english_words and pages(picker) == english_pages


def test_a_reading_mistake_is_reworded(request: pytest.FixtureRequest) -> None:
    picker = HandPicker()
    picker.text.value = "CJ | CJ"
    shout_and_switch(picker, request)
    assert "CANNOT READ 'CJ | CJ': ♣J IN BOTH HAND AND SKAT" in picker.error.value
    assert picker.report() == ["PICK TEN CARDS FOR THE HAND (0 SO FAR) AND, IF YOU LIKE, THE TWO "
                               "CARDS OF THE SKAT."]  # fmt: skip
    assert picker.buttons[Card.parse("CJ")].tooltip == "CJ"


def test_the_split_explorer_speaks_the_language_chosen_and_keeps_its_settings(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    explorer = SplitExplorer(outstanding=5, skat=True)
    explorer.model.value = "coin"
    chart, english_words, english_pages = (
        bytes(explorer.chart.value),
        words(explorer),
        pages(explorer),
    )
    shout_and_switch(explorer, request)
    assert (
        explorer.model.value == "coin" and explorer.outstanding.value == 5 and explorer.skat.value
    )
    assert in_capitals(words(explorer)) == []
    assert [label for label, _model in explorer.distributions()] == ["EXACT", "COIN"]
    assert "COIN APPROXIMATION (EACH CARD INDEPENDENTLY):" in explorer.formula.value
    assert bytes(explorer.chart.value) != chart
    assert repr(explorer) == "SplitExplorer(5 TRUMPS OUT AMONG 10 + 10 + 2, COIN)"
    monkeypatch.undo()
    explorer.language.value = "en"
    assert words(explorer) == english_words and pages(explorer) == english_pages
    assert bytes(explorer.chart.value) == chart


def test_a_widget_catches_up_with_a_language_chosen_elsewhere(
    request: pytest.FixtureRequest,
) -> None:
    table, explorer = PlayTable("skitgubbe", seed=2), SplitExplorer()
    shout_and_switch(explorer, request)
    assert table.hint_button.description == "hint"  # not redrawn yet
    legal = [m.card for m in table.state.legal_moves() if hasattr(m, "card")]
    table.play_card(legal[0])  # the next drawing catches up
    assert table.hint_button.description == "HINT" and in_capitals(words(table)) == []
    assert table.language.value == explorer.language.value
