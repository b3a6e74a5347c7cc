"""PlayTable in the background: the bots think in a worker thread, the controls are disabled
meanwhile, the thinking line counts the deals solved, and a click meant for another position is
dropped. The slow bots here wait on a gate, or for permits, the test gives, so nothing depends
on timing."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from cardlib.games import game, game_names
from cardlib.i18n import get_language, set_language
from cardlib.players.budget import Budget
from cardlib.players.driver import reporting, solve_worlds
from cardlib.widgets import PlayTable
from cardlib.widgets.card_buttons import KEPT

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
    # A click on a button drawn before the learner's move, made while the bots think: refused.
    table.message.value = ""
    next(iter(old_buttons.values())).click()
    assert WAIT in table.message.value and table.state is thinking
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


WORLDS = 5


class Sampling:
    """The heuristic bot's moves after solving :data:`WORLDS` worlds through the sampling
    driver, as the sampling players do, each world once the test gives a permit. ``entered[w]``
    is set when world ``w`` starts, which is after world ``w - 1`` was reported."""

    def __init__(self, bot: Any, permits: threading.Semaphore) -> None:
        self.bot, self.permits = bot, permits
        self.entered = [threading.Event() for _ in range(WORLDS)]

    def _score(self, world: int, question: None) -> int:
        self.entered[world].set()
        assert self.permits.acquire(timeout=30)
        return world

    def choose(self, state: Any) -> Any:
        solve_worlds(self._score, None, range(WORLDS))
        return self.bot.choose(state)

    def explain(self, state: Any) -> Any:
        solve_worlds(self._score, None, range(WORLDS))
        return self.bot.explain(state)


class SamplingAdapter(SlowAdapter):
    """A game's adapter whose players are :class:`Sampling`, kept in ``players``."""

    def __init__(self, name: str, permits: threading.Semaphore) -> None:
        self.inner, self.permits = game(name), permits
        self.players: list[Sampling] = []

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Any:
        self.players.append(Sampling(self.inner.player("heuristic", rng), self.permits))
        return self.players[-1]


def sampling_table(every: float) -> tuple[PlayTable, SamplingAdapter, threading.Semaphore]:
    permits = threading.Semaphore(0)
    table = PlayTable("skitgubbe", seed=7, background=True)
    adapter = SamplingAdapter("skitgubbe", permits)
    table.adapter = adapter
    table.progress_every = every
    table.new_deal(7)  # the learner, A, leads: nobody thinks yet
    return table, adapter, permits


def finish(table: PlayTable, permits: threading.Semaphore) -> None:
    permits.release(10_000)
    assert table.wait(30)
    assert not table.busy and table.status.value == ""


def test_the_thinking_line_counts_the_deals_the_bot_has_solved() -> None:
    table, adapter, permits = sampling_table(every=0.0)
    card_buttons(table)[legal_card(table)].click()
    assert table.busy and "B is thinking…" in table.status.value
    bot = adapter.players[1]  # the players of A, B and C
    assert bot.entered[0].wait(30) and "of 5 deals" not in table.status.value
    permits.release(1)
    assert bot.entered[1].wait(30)
    assert "B is thinking… 1 of 5 deals" in table.status.value
    permits.release(2)
    assert bot.entered[3].wait(30)
    assert "B is thinking… 3 of 5 deals" in table.status.value
    table.language.value = "de"  # the line is worded anew, from the catalog
    try:
        assert "B denkt nach… 3 von 5 Zufallsverteilungen" in table.status.value
    finally:
        table.language.value = "en"
    finish(table, permits)
    assert [player.entered[-1].is_set() for player in adapter.players] == [False, True, True]


def test_the_progress_is_shown_at_most_every_progress_every_seconds() -> None:
    table, adapter, permits = sampling_table(every=3600.0)
    card_buttons(table)[legal_card(table)].click()
    bot = adapter.players[1]
    permits.release(3)
    assert bot.entered[3].wait(30)  # worlds 1 to 3 reported, only the first shown
    assert "B is thinking… 1 of 5 deals" in table.status.value
    finish(table, permits)


def test_the_hint_being_worked_out_counts_the_deals_too() -> None:
    table, adapter, permits = sampling_table(every=0.0)
    table.hint_button.click()
    assert table.busy and table.hint_button.disabled
    hinting = adapter.players[-1]  # the hint's player, made for the question
    permits.release(2)
    assert hinting.entered[2].wait(30)
    assert "Working out the hint… 2 of 5 deals" in table.status.value
    finish(table, permits)
    assert table.hint.value.count("Hint: ") == 1


def late_position(name: str) -> Any:
    """The first position of a heuristic game (of seed 1, 2, …) where the seat to move holds
    three cards: a sampling player decides there quickly."""
    adapter = game(name)
    for seed in range(1, 20):
        state, heuristic = adapter.new_game(seed), adapter.player("heuristic", seed)
        while not state.is_over and len(state.view(state.current_player).hand) > 3:
            state = state.play(heuristic.choose(state))
        if not state.is_over:
            return state
    raise AssertionError(f"no {name} deal of seeds 1-19 reaches three cards in hand")


@pytest.mark.parametrize("name", game_names())
def test_the_sampling_players_report_to_the_driver_knowing_no_table(name: str) -> None:
    adapter = game(name)
    state = late_position(name)
    seen: list[tuple[int, int]] = []
    bot = adapter.player("sampling", 1, budget=Budget(count=3))  # type: ignore[arg-type]
    with reporting(lambda done, planned: seen.append((done, planned))):
        bot.choose(state)
    assert seen and all(0 < done <= planned <= 3 for done, planned in seen), seen


def test_the_page_can_tell_when_a_click_is_answered_and_old_buttons_are_closed() -> None:
    gate = threading.Event()
    table = slow_table(gate)
    start = table.position
    assert table._dom_classes == ("cardlib-table", "cardlib-ready", f"cardlib-position-{start}")
    before = card_buttons(table)
    played = legal_card(table)
    before[played].click()
    assert "cardlib-busy" in table._dom_classes
    # While the bots think the hand's buttons are kept (disabled), not made anew.
    kept = card_buttons(table)  # (the learner drew a card from the stock: a new button)
    shared = [card for card in kept if card in before]
    assert played not in kept and shared
    assert all(kept[card] is before[card] for card in shared)
    assert all(button.disabled for button in kept.values())
    gate.set()
    assert table.wait(30)
    assert table._dom_classes[:2] == ("cardlib-table", "cardlib-ready")
    assert table._dom_classes[2] == f"cardlib-position-{table.position}" and table.position > start
    # Ready at a new position, every button is new: none carries an older position.
    fresh = card_buttons(table)
    assert not {id(button) for button in fresh.values()} & {id(b) for b in before.values()}
    assert all(button.comm is not None for button in before.values())  # a late click is answered
    for _ in range(KEPT - 1):
        card_buttons(table)[legal_card(table)].click()
        assert table.wait(30)
    assert all(button.comm is not None for button in before.values())
    card_buttons(table)[legal_card(table)].click()  # KEPT positions later they leave the page
    assert table.wait(30)
    assert all(button.comm is None for button in before.values())
    assert all(button.comm is not None for button in card_buttons(table).values())
