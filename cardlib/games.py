"""The registry of games: every widget and the command line find a game here by its name.

Like OpenSpiel's ``register_game``, a game registers an adapter (:class:`GameAdapter`) under its
name, or a ``"module:attribute"`` path to one, imported on first use: ``import cardlib`` imports no
game and no widget. The built-in games are registered by path; more come from
``register_game(...)`` or from the environment variable ``CARDLIB_GAMES``, a comma-separated list
of ``module:attribute`` (an adapter) or ``module`` (imported, it registers its games itself),
read when a game is first looked up.

>>> "skitgubbe" in game_names()
True
>>> game("chess")
Traceback (most recent call last):
cardlib.games.UnknownGameError: no game 'chess': the registered games are skat, skitgubbe
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg

__all__ = [
    "ENVIRONMENT",
    "KINDS",
    "Bot",
    "Buttons",
    "Click",
    "DealScore",
    "GameAdapter",
    "MoveButton",
    "UnknownGameError",
    "built_in_names",
    "game",
    "game_names",
    "game_of",
    "register_game",
    "unregister_game",
    "widget",
]

ENVIRONMENT = "CARDLIB_GAMES"
"""The environment variable naming more games: ``module:attribute`` or ``module``, by commas."""

KINDS: Mapping[str, str] = {
    "sampling": N_("strong (sampling)"),
    "heuristic": N_("beginner (heuristic)"),
    "random": N_("random"),
}
"""The kinds of player a game may offer, with their menu labels (message ids)."""

_BUILT_IN = {
    "skat": "cardlib.skat.adapter:ADAPTER",
    "skitgubbe": "cardlib.skitgubbe.adapter:ADAPTER",
}
_registered: dict[str, AnyGame | str] = dict(_BUILT_IN)
_environment_read: list[str] = []


class UnknownGameError(CardlibError, LookupError):
    """A game name nobody registered."""


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` a legal move, ``explain`` why (its ``str()`` the words)."""

    def choose(self, state: Any) -> Any: ...

    def explain(self, state: Any) -> Any: ...


@dataclass(frozen=True)
class MoveButton:
    """A button the table shows: its words (worded when read) and the move it makes."""

    label: object
    move: Any
    style: str = "info"


@dataclass(frozen=True)
class Buttons:
    """The buttons for the seat's moves now; ``more`` go in a menu with a ``more_label`` button."""

    shown: Sequence[MoveButton] = ()
    more: Sequence[MoveButton] = ()
    more_label: object = ""


@dataclass(frozen=True)
class Click:
    """What a click on a card does: play ``move``, or (no move) select ``selected``, which the
    table then describes with ``note``."""

    move: Any = None
    selected: tuple[Card, ...] = field(default=())
    note: object = None


@dataclass(frozen=True)
class DealScore:
    """How a finished deal counts for one seat: ``won`` (``None``: neither, as for a deal passed
    in) and, for each of the game's scorings (:meth:`GameAdapter.scorings`), what every seat
    scores, in seat order."""

    won: bool | None
    scores: tuple[tuple[int, ...], ...]


StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", contravariant=True)
MoveT = TypeVar("MoveT")


@runtime_checkable
class GameAdapter(Protocol[StateT, ViewT, MoveT]):
    """What the widgets and the command line need of a game, and nothing more; generic over the
    game's states, views and moves (the widgets hold ``AnyGame``, an adapter of any game).

    ``view`` is ``state.view(seat)``; a table drawn for every seat (for teachers, ``view=None``)
    reads the state. Texts are lazy messages or worded when asked for.
    """

    @property
    def name(self) -> str:
        """The registered name (``python -m cardlib <name>``)."""

    @property
    def title(self) -> object:
        """The game's name for people, a lazy ``Term``."""

    @property
    def cli_module(self) -> str | None:
        """The game's own command-line module, or ``None`` for the generic one."""

    @property
    def widgets(self) -> Mapping[str, str]:
        """The game's own widgets, ``{name: "module:attribute"}`` (``cardlib.widgets.<name>``)."""

    def new_game(self, seed: int, rules: Any = None, seats: int | None = None) -> StateT:
        """A new game dealt from ``seed`` with the game's ``rules`` (or its defaults)."""

    def owns(self, state: object) -> bool:
        """Whether ``state`` is one of this game's states."""

    def seats(self, state: StateT) -> int:
        """How many seats play ``state``'s game."""

    def seat_name(self, seat: int | None) -> str:
        """A seat's name in the current language (``'-'`` for none)."""

    def player_kinds(self) -> Mapping[str, object]:
        """The kinds of player offered (keys of :data:`KINDS`), with their labels."""

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Bot:
        """A player of ``kind`` seeded with ``rng`` (``budget``: seconds a sampler may think)."""

    def check_viewer(self, viewer: int | None) -> None:
        """Refuse a viewer the game cannot draw a hidden table for (``CardlibError``)."""

    def rows(self, state: StateT, view: ViewT | None) -> list[tuple[str, list[Card | None]]]:
        """The table's labelled card rows (hidden cards ``None``); the seats' rows come first,
        in seat order."""

    def notes(self, state: StateT, view: ViewT | None) -> list[str]:
        """The lines under the table."""

    def seat_rows(self, state: StateT, view: ViewT) -> list[tuple[str, list[Card | None]]]:
        """The rows of the table a player sits at (``rows`` and what else the game shows)."""

    def clickable(self, view: ViewT) -> set[Card]:
        """The cards in the seat's hand that a click may play or select now."""

    def click(self, view: ViewT, card: Card, selected: Sequence[Card]) -> Click:
        """What clicking ``card`` does, given the cards already selected."""

    def buttons(self, view: ViewT, selected: Sequence[Card]) -> Buttons:
        """The buttons for the seat's moves that are not one card's click."""

    def move_words(self, move: MoveT) -> str:
        """A move as it is written (``♠10``, ``18``, ``pass``)."""

    def parse_move(self, view: ViewT, text: str) -> MoveT:
        """A typed move (``CardlibError`` naming the text if it is none)."""

    def step_words(self, states: Sequence[StateT], index: int, viewer: int | None) -> object | None:
        """The step's title when the game words it itself (a move made face down), else None."""

    def states_words(self, count: int, index: int) -> object:
        """``'41 states of a deal, at step 3'`` in the game's words."""

    def replay(self, record: str) -> list[StateT] | None:
        """The states of a record written as text, or ``None`` if the game reads no such text."""

    def scorings(self) -> Sequence[object]:
        """The ways the game keeps score over many deals, as lazy terms (Skat: the list
        and Seeger-Fabian); a table's score sheet has a column group for each."""

    def deal_score(self, state: StateT, seat: int) -> DealScore:
        """How the finished ``state`` counts for ``seat``, under each of :meth:`scorings`."""


AnyGame = GameAdapter[Any, Any, Any]
"""An adapter of any registered game, as the widgets and the command line hold one."""


def register_game(name: str, adapter: AnyGame | str) -> None:
    """Register ``adapter`` (or a ``"module:attribute"`` path to it) as the game ``name``.

    >>> register_game("skat", "cardlib.skat.adapter:ADAPTER")
    """
    if not isinstance(name, str) or not name.strip():
        raise CardlibError(Msg("register_game({name}): a game's name is a word", name=repr(name)))
    _registered[name] = adapter


def unregister_game(name: str) -> None:
    """Forget the game ``name`` (a game registered for a while, as tests do)."""
    _registered.pop(name, None)


def game_names() -> list[str]:
    """The registered games' names, the built-in ones first."""
    _read_environment()
    return list(_registered)


def built_in_names() -> list[str]:
    """The games cardlib comes with."""
    return list(_BUILT_IN)


def game(name: str) -> AnyGame:
    """The adapter of the game ``name`` (imported on first use)."""
    _read_environment()
    entry = _registered.get(name)
    if entry is None:
        names = ", ".join(_registered)
        said = Msg("no game {name}: the registered games are {names}", name=repr(name), names=names)
        raise UnknownGameError(said)
    if isinstance(entry, str):
        entry = _load(entry)
        _registered[name] = entry
    return entry


def game_of(state: object) -> AnyGame:
    """The adapter of the game ``state`` belongs to."""
    for name in game_names():
        adapter = game(name)
        if adapter.owns(state):
            return adapter
    raise UnknownGameError(
        Msg("{state:.60}: not a state of any registered game", state=repr(state))
    )


def _load(path: str) -> Any:
    module, _colon, attribute = path.partition(":")
    try:
        loaded: Any = importlib.import_module(module)
        for part in filter(None, attribute.split(".")):
            loaded = getattr(loaded, part)
    except (ImportError, AttributeError) as error:
        raise CardlibError(
            Msg("{path}: cannot load it ({error})", path=repr(path), error=error)
        ) from None
    return loaded


def _read_environment() -> None:
    """Register the games ``CARDLIB_GAMES`` names (once for each value it takes)."""
    value = os.environ.get(ENVIRONMENT, "")
    if not value or value in _environment_read:
        return
    _environment_read.append(value)
    for entry in filter(None, (part.strip() for part in value.split(","))):
        loaded = _load(entry)
        if ":" in entry:
            register_game(loaded.name, loaded)


def widget(name: str) -> Any:
    """The widget ``name`` a registered game contributes (``AttributeError`` if none does)."""
    for each in game_names():
        path = game(each).widgets.get(name)
        if path is not None:
            return _load(path)
    raise AttributeError(f"module 'cardlib.widgets' has no attribute {name!r}")
