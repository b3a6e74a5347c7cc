"""PlayTable in the background: the bots think in a worker thread, the controls are disabled
meanwhile, and a click meant for another position is dropped. The slow bot here waits on a gate
the test opens, so nothing depends on timing."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from cardlib.games import game
from cardlib.i18n import get_language, set_language
from cardlib.widgets import PlayTable

STALE = "That click was for an earlier position; nothing was played"
WAIT = "Wait until the table has finished; nothing was played"


class Gated:
    """The heuristic bot, answering only once the gate is open."""

    def __init__(self, bot: Any, gate: threading.Event) -> None:
        self.bot, self.gate = bot, gate

    def choose(self, state: Any) -> Any:
        assert self.gate.wait(30)
        return self.bot.choose(state)

    def explain(self, state: Any) -> Any:
        assert self.gate.wait(30)
        return self.bot.explain(state)


class SlowAdapter:
    """A game's adapter whose players are gated."""

    def __init__(self, name: str, gate: threading.Event) -> None:
        self.inner, self.gate = game(name), gate

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Any:
        return Gated(self.inner.player("heuristic", rng), self.gate)


@pytest.fixture(autouse=True)
def english() -> Any:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def slow_table(gate: threading.Event, seed: int = 7) -> PlayTable:
    table = PlayTable("skitgubbe", seed=seed, background=True)
    table.adapter = SlowAdapter("skitgubbe", gate)
    table.new_deal(seed)
    return table


def card_buttons(table: PlayTable) -> dict[str, Any]:
    return {b.description: b for b in table.hand_box.children if hasattr(b, "on_click")}


def legal_card(table: PlayTable) -> str:
    return next(m.card.symbol for m in table.state.legal_moves() if hasattr(m, "card"))


def test_a_click_while_the_bots_think_is_refused_and_a_stale_one_dropped() -> None:
    gate = threading.Event()
    table = slow_table(gate)
    assert not table.busy and table.status.value == ""
    first = legal_card(table)
    old_buttons = card_buttons(table)
    old_buttons[first].click()
    assert table.busy and "B is thinking…" in table.status.value
    controls = [*table.hand_box.children[1:], *table.move_box.children, table.hint_button,
                table.new_button, table.opponents_menu, table.seed_box]  # fmt: skip
    assert controls and all(control.disabled for control in controls)
    assert not table.language.disabled
    thinking, position = table.state, table.position
    # A click on a button drawn for this position, made while the bots think: refused.
    now = card_buttons(table)
    next(iter(now.values())).click()
    assert WAIT in table.message.value and table.state is thinking
    assert table.position == position
    table.hint_button.click()
    assert table.hint.value == "" and table.state is thinking
    # A click on a button drawn before the learner's move: dropped.
    next(iter(old_buttons.values())).click()
    assert STALE in table.message.value and table.state is thinking
    gate.set()
    assert table.wait(30)
    assert not table.busy and table.status.value == ""
    assert int(table.state.current_player) == 0 or table.state.is_over
    settled, position = table.state, table.position
    assert position > 1
    # After the bots moved, the buttons of the earlier position are stale.
    for button in [*old_buttons.values(), *now.values()]:
        button.click()
        assert STALE in table.message.value
        assert table.state is settled and table.position == position
    # The same game without the extra clicks.
    plain = PlayTable("skitgubbe", seed=7)
    plain.play_card(first)
    moves = [s.last_move for s in table.state.history()]
    assert [s.last_move for s in plain.state.history()] == moves
    assert plain.state.to_text() == table.state.to_text()
    assert [str(s) for s in plain.news] == [str(s) for s in table.news]


def test_the_hint_of_an_old_position_is_never_shown_for_a_new_one() -> None:
    gate = threading.Event()
    table = slow_table(gate)
    table.hint_button.click()
    assert table.busy and "Working out the hint…" in table.status.value
    assert table.hint.value == ""
    table.new_deal(8)  # a newer position: the old hint's answer is ignored
    gate.set()
    assert table.wait(30)
    assert table.hint.value == "" and table.hint_explanation is None
    assert not table.busy
    # Asked for the position that stands, the hint is shown once it is worked out.
    table.hint_button.click()
    assert table.wait(30)
    assert table.hint.value.count("Hint: ") == 1 and table.hint_explanation is not None
    assert not table.busy and not table.hint_button.disabled


def test_a_failing_bot_is_reported_and_the_table_stays_live() -> None:
    class Failing:
        def choose(self, state: Any) -> Any:
            raise RuntimeError("no move")

        def explain(self, state: Any) -> Any:
            raise RuntimeError("no words")

    table = PlayTable("skitgubbe", seed=7, background=True)
    table.bots = {1: Failing(), 2: Failing()}
    before = table.state
    card_buttons(table)[legal_card(table)].click()
    assert table.wait(30)
    assert "The bot failed: no move" in table.message.value
    assert not table.busy and table.state is not before
    assert not table.hint_button.disabled


def test_without_background_every_call_returns_with_the_answer() -> None:
    table = PlayTable("skitgubbe", seed=7)
    assert table.background is False
    table.play_card(legal_card(table))
    assert not table.busy and int(table.state.current_player) == 0
    assert table.show_hint()
