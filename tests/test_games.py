"""The registry of games: lookups, lazy registration, the environment, and the built-in adapters."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib import games
from cardlib.errors import CardlibError
from cardlib.games import GameAdapter, UnknownGameError

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["skat", "skitgubbe"])
def test_the_built_in_adapters_satisfy_the_protocol(name: str) -> None:
    adapter = games.game(name)
    assert isinstance(adapter, GameAdapter)
    assert adapter.name == name
    state = adapter.new_game(1)
    assert adapter.owns(state) and games.game_of(state) is adapter
    view = state.view(int(state.current_player))
    assert adapter.clickable(view) <= set(view.hand)
    assert set(adapter.player_kinds()) == {"sampling", "heuristic", "random"}
    bot = adapter.player("random", 1)
    assert bot.choose(state) in state.legal_moves()


def test_an_unknown_name_is_refused_in_the_current_language() -> None:
    from cardlib.i18n import language

    with pytest.raises(UnknownGameError) as refused:
        games.game("go")
    assert str(refused.value) == "no game 'go': the registered games are skat, skitgubbe"
    with language("de"), pytest.raises(CardlibError, match="'go'"):
        games.game("go")


def test_a_game_registered_by_path_is_imported_on_first_use() -> None:
    games.register_game("again", "cardlib.skitgubbe.adapter:ADAPTER")
    try:
        assert "again" in games.game_names()
        assert games.game("again").name == "skitgubbe"
    finally:
        games.unregister_game("again")
    assert "again" not in games.game_names()


def test_a_bad_path_names_itself() -> None:
    games.register_game("broken", "cardlib.no_such_module:ADAPTER")
    try:
        with pytest.raises(
            CardlibError, match=re.escape("'cardlib.no_such_module:ADAPTER': cannot")
        ):
            games.game("broken")
    finally:
        games.unregister_game("broken")


def test_import_cardlib_imports_no_game_adapter_and_no_widget() -> None:
    code = "import sys, cardlib\nprint(any('adapter' in m or 'widgets' in m for m in sys.modules))"
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=ROOT, check=True)  # fmt: skip
    assert finished.stdout.strip() == "False"


def test_game_widgets_are_found_through_the_registry() -> None:
    from cardlib.skat.widgets.picker import HandPicker
    from cardlib.widgets import HandPicker as Found

    assert Found is HandPicker
    with pytest.raises(AttributeError):
        games.widget("NoSuchWidget")
