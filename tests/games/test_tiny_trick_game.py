"""A game the widgets and the command line never heard of plays in them through the registry."""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from cardlib import games
from cardlib.errors import CardlibError
from cardlib.games import GameAdapter
from cardlib.protocol import GameEvent, GameResult, GameState, GameView

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture
def tiny() -> Iterator[ModuleType]:
    """The tiny game's module, registered for the test and forgotten after it."""
    sys.path.insert(0, str(HERE))
    try:
        module = importlib.import_module("tiny_trick_game")
        games.register_game(module.NAME, module.ADAPTER)
        yield module
    finally:
        games.unregister_game("tiny")
        sys.path.remove(str(HERE))


def test_the_examples_in_its_docstring(tiny: ModuleType) -> None:
    tried = doctest.testmod(tiny)
    assert tried.attempted > 0 and tried.failed == 0


def test_the_tiny_game_satisfies_the_protocol(tiny: ModuleType) -> None:
    state = tiny.new_game(3)
    assert isinstance(state, GameState) and isinstance(state.view(0), GameView)
    while not state.is_over:
        state = state.play(state.legal_moves()[-1])
        assert all(isinstance(event, GameEvent) for event in state.events)
    assert isinstance(state.result, GameResult)
    assert sorted(state.returns()) in ([-1, 1], [0, 0])
    assert len(state.all_events()) == 12 + 6  # a card each move, a trick won every second


def test_a_refused_move_names_why_and_changes_nothing(tiny: ModuleType) -> None:
    state = tiny.new_game(1)  # A holds ♣9 ♣A ♥9 ♥10 ♥J ♥A; B ♣10 ♣J ♣Q ♣K ♥Q ♥K
    after = state.play(tiny.Play(tiny.Card("HJ")))
    assert str(after.why_illegal(tiny.Play(tiny.Card("CK")))) == "B must follow suit"
    with pytest.raises(CardlibError):
        after.play(tiny.Play(tiny.Card("CK")))
    assert after.hands[1] == tiny.Hand("CT CJ CQ CK HQ HK")


def test_the_registry_finds_it_and_every_adapter_satisfies_the_protocol(tiny: ModuleType) -> None:
    assert games.game_names() == ["skat", "skitgubbe", "tiny"]
    for name in games.game_names():
        assert isinstance(games.game(name), GameAdapter), name
    assert games.game_of(tiny.new_game(1)) is tiny.ADAPTER


def test_an_unknown_game_is_refused_with_the_names_registered(tiny: ModuleType) -> None:
    with pytest.raises(CardlibError, match="no game 'go': the registered games are skat, "
                       "skitgubbe, tiny"):  # fmt: skip
        games.game("go")


def test_it_plays_to_the_end_in_a_play_table_by_clicks(tiny: ModuleType) -> None:
    from cardlib.widgets import PlayTable

    table = PlayTable("tiny", seat=0, seed=1)
    assert repr(table) == "PlayTable(Tiny trick game, deal 1, you are A: A to move)"
    clicks = 0
    while not table.state.is_over:
        legal = table.adapter.clickable(table.view)
        button = next(b for b in table.hand_box.children[1:] if b.description in
                      {card.symbol for card in legal})  # fmt: skip
        button.click()  # the widget's own click handler
        clicks += 1
    assert clicks == 6  # the bot answered every card
    assert repr(table) == "PlayTable(Tiny trick game, deal 1, you are A: over)"
    assert table.state.returns() in ((1, -1), (-1, 1), (0, 0))
    assert "tricks" in table.result.value


def test_a_refused_click_shows_the_ruling_and_changes_nothing(tiny: ModuleType) -> None:
    from cardlib.widgets import PlayTable

    table = PlayTable("tiny", seat=1, seed=1)  # the bot at A has led; B holds both suits
    led = table.state.trick[0].suit
    other = next(card for card in table.view.hand if card.suit != led)
    before = table.state
    assert table.play_card(other) is False
    assert table.state is before
    assert "Not allowed: B must follow suit" in table.message.value


def test_it_steps_through_a_finished_game(tiny: ModuleType) -> None:
    from cardlib.widgets import Stepper

    state = tiny.new_game(1)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    stepper = Stepper(state)
    assert repr(stepper) == "Stepper(13 states of a tiny game, at step 0)"
    stepper.last_button.click()
    assert stepper.index == 12
    assert stepper.snapshot().text.splitlines()[-1] == "B wins, 2:4 tricks"
    assert stepper.snapshot(1).events == ("A plays ♣9",)
    seen = Stepper(state, viewer=0).snapshot(0).text.splitlines()
    assert seen[:2] == ["A: ♣9 ♣A ♥9 ♥10 ♥J ♥A", "B: ?? ?? ?? ?? ?? ??"]


def _cardlib(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
        "CARDLIB_GAMES": "tiny_trick_game:ADAPTER",
        "CARDLIB_LANG": "en",
    }
    return subprocess.run(
        [sys.executable, "-m", "cardlib", *args],
        input=stdin, env=environment, capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip


def test_it_is_watched_on_the_command_line() -> None:
    finished = _cardlib("tiny", "--watch", "--seed", "1")
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert lines[0] == "Tiny trick game, seed 1"
    assert lines[2:4] == ["A: ♣9 ♣A ♥9 ♥10 ♥J ♥A", "B: ♣10 ♣J ♣Q ♣K ♥Q ♥K"]
    assert sum("wins the trick" in line for line in lines) == 6
    assert lines[-1].startswith("Result: ") and lines[-1].endswith("tricks.")


def test_it_is_played_on_the_command_line_from_stdin() -> None:
    # A's cards with seed 1 (see the watched game), over and over: each turn one of the next six
    # is legal, and every refused one is answered and asked again
    tries = "\n".join(["moves", "zz", *"C9 CA H9 HT HJ HA".split() * 6]) + "\n"
    finished = _cardlib("tiny", "--seed", "1", stdin=tries)
    assert finished.returncode == 0, finished.stderr
    out = finished.stdout
    assert "Your legal moves: ♣9, ♣A, ♥9, ♥10, ♥J, ♥A" in out
    assert "Not allowed: 'zz' is not a card" in out
    assert "B: ?? ?? ?? ?? ?? ??" in out and "B: ♣10" not in out
    assert out.splitlines()[-1].startswith("Result: ")


def test_deal_and_help_list_it() -> None:
    finished = _cardlib("deal", "tiny", "--seed", "1")
    assert finished.stdout.splitlines()[1] == "A: ♣9 ♣A ♥9 ♥10 ♥J ♥A"
    assert "tiny" in _cardlib("--help").stdout
