"""Interactive front ends (ipywidgets 8): step through deals, play against bots, and the widgets
a game contributes of its own.

Importing this package imports ipywidgets; nothing else in cardlib imports it, so ``import cardlib``
stays light. Each widget also has a static view (a picture and text) for notebooks read without a
kernel, e.g. ``Stepper.snapshot(i)``. The widgets know no game: each game's adapter
(:mod:`cardlib.games`) says what its table shows. A game's own widgets (its adapter's
``widgets``) are found here by name too, imported on first use.
"""

from typing import Any

from cardlib.widgets.stepper import Stepper, states_of
from cardlib.widgets.table import PlayTable

__all__ = ["PlayTable", "Stepper", "states_of"]


def __getattr__(name: str) -> Any:
    """A widget a registered game contributes (``from cardlib.widgets import <name>``)."""
    if name.startswith("__"):
        raise AttributeError(f"module 'cardlib.widgets' has no attribute {name!r}")
    from cardlib.games import widget

    found = widget(name)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    from cardlib.games import game, game_names

    contributed = [name for each in game_names() for name in game(each).widgets]
    return sorted({*globals(), *contributed})
