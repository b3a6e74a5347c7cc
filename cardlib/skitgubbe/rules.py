"""Skitgubbe's rule options: the seed's game by default, every variant a field.

>>> Rules().describe()
'3 players'
>>> Rules(players=2, removed_for_two=10).pack_size
42
>>> Rules(players=3, removed_for_two=10)
Traceback (most recent call last):
...
cardlib.errors.RulesError: Rules(removed_for_two=10): cards are removed only with two players, not 3

The repr shows the options that differ from the defaults, and evaluates back to equal rules:

>>> Rules(players=4, sequences=True)
Rules(players=4, sequences=True)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Literal

from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural
from cardlib.skitgubbe.wording import SEMICOLON, Joined

__all__ = ["HAND_SIZE", "Rules", "check_call"]

HAND_SIZE = 3
PhaseOne = Literal["pairs", "all"]
Visibility = Literal["hidden", "owner", "all"]
PhaseOneEnd = Literal["first_empty", "skip_empty"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "phase_one": ("pairs", "all"),
    "trump_visibility": ("hidden", "owner", "all"),
    "phase_one_end": ("first_empty", "skip_empty"),
}


_SIGNATURES: dict[Callable[..., Any], inspect.Signature] = {}


def check_call(
    name: str, init: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    """Refuse arguments that do not fit ``init`` with ``RulesError`` rather than ``TypeError``.

    ``name`` is the class as the message shows it; the message repeats the call.

    >>> check_call("Rules", Rules.__init__, (), {"player": 3})
    Traceback (most recent call last):
    ...
    cardlib.errors.RulesError: Rules(player=3): got an unexpected keyword argument 'player'
    """
    signature = _SIGNATURES.get(init)
    if signature is None:
        signature = _SIGNATURES[init] = inspect.signature(init)
    try:
        signature.bind(None, *args, **kwargs)
    except TypeError as error:
        shown = [repr(arg) for arg in args] + [f"{key}={value!r}" for key, value in kwargs.items()]
        raise RulesError(
            Msg("{name}({items}): {error}", name=name, items=", ".join(shown), error=error)
        ) from None


@dataclass(frozen=True, slots=True, repr=False)
class Rules:
    """The options of one Skitgubbe table.

    - ``players``: 2 to 4.
    - ``phase_one``: ``"pairs"`` (the seed: tricks of two, leader against the player on the left) or
      ``"all"`` (everyone holding cards plays to each trick; only the tied players replay a stunsa).
    - ``sequences``: in phase 2 a run of consecutive cards of one suit may be played as one play.
    - ``removed_for_two``: with two players, this many cards are set aside unseen before the deal.
    - ``trump_visibility``: who sees the trump card during phase 1: ``"hidden"`` (nobody),
      ``"owner"`` (the player who drew it) or ``"all"``.
    - ``phase_one_end``: ``"first_empty"`` (phase 1 ends when the player due has no card) or
      ``"skip_empty"`` (empty players are skipped; it ends when no two players can make a trick).
    """

    players: int = 3
    phase_one: PhaseOne = "pairs"
    sequences: bool = False
    removed_for_two: int = 0
    trump_visibility: Visibility = "hidden"
    phase_one_end: PhaseOneEnd = "first_empty"

    def __new__(cls, *args: Any, **kwargs: Any) -> Rules:
        check_call("Rules", cls.__init__, args, kwargs)
        return object.__new__(cls)

    def __post_init__(self) -> None:
        players = self.players
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(
                Msg(
                    "Rules(players={players}): expected a whole number, 2 to 4",
                    players=repr(players),
                )
            )
        if not 2 <= players <= 4:
            raise RulesError(
                Msg(
                    "Rules(players={players}): Skitgubbe is played by 2 to 4 players",
                    players=repr(players),
                )
            )
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise RulesError(
                    Msg(
                        "Rules({name}={value}): expected one of {items}",
                        name=name,
                        value=repr(value),
                        items=", ".join(choices),
                    )
                )
        if not isinstance(self.sequences, bool):
            raise RulesError(
                Msg(
                    "Rules(sequences={sequences}): expected True or False",
                    sequences=repr(self.sequences),
                )
            )
        removed = self.removed_for_two
        if not isinstance(removed, int) or isinstance(removed, bool) or removed < 0:
            raise RulesError(
                Msg(
                    "Rules(removed_for_two={removed}): expected a whole number 0 or more",
                    removed=repr(removed),
                )
            )
        if removed and players != 2:
            raise RulesError(
                Msg(
                    "Rules(removed_for_two={removed}): cards are removed only with two "
                    "players, not {players}",
                    removed=removed,
                    players=players,
                )
            )
        if removed > self.max_removed:
            raise RulesError(
                Msg(
                    "Rules(removed_for_two={removed}): at most {max_removed} cards can be "
                    "removed, so that the stock keeps at least two cards after the deal",
                    removed=removed,
                    max_removed=self.max_removed,
                )
            )

    def __repr__(self) -> str:
        """Only the options that differ from the defaults: ``Rules(players=4)``."""
        changed = [
            f"{field.name}={getattr(self, field.name)!r}"
            for field in fields(self)
            if getattr(self, field.name) != field.default
        ]
        return f"Rules({', '.join(changed)})"

    @property
    def max_removed(self) -> int:
        """The most cards that can be removed: the stock must keep two cards after the deal."""
        return 52 - HAND_SIZE * self.players - 2

    @property
    def pack_size(self) -> int:
        """Cards in play: 52 minus those removed for two players."""
        return 52 - self.removed_for_two

    def describe(self) -> str:
        """The options that differ from the default, in words.

        >>> Rules(sequences=True, phase_one="all").describe()
        '3 players; everyone plays in phase 1; runs allowed in phase 2'
        """
        return str(self.description)

    @property
    def description(self) -> Msg:
        """:meth:`describe` as a message worded in the language current when it is read."""
        parts: list[Msg] = [Plural("{n} player", "{n} players", self.players)]
        if self.phase_one == "all":
            parts.append(Msg("everyone plays in phase 1"))
        if self.sequences:
            parts.append(Msg("runs allowed in phase 2"))
        if self.removed_for_two:
            parts.append(
                Plural("{n} card removed unseen", "{n} cards removed unseen", self.removed_for_two)
            )
        if self.trump_visibility == "owner":
            parts.append(Msg("the trump card is seen by its owner"))
        elif self.trump_visibility == "all":
            parts.append(Msg("the trump card is seen by everyone"))
        if self.phase_one_end == "skip_empty":
            parts.append(Msg("empty players are skipped in phase 1"))
        return Joined(parts, SEMICOLON)

    def to_lines(self) -> list[str]:
        """One ``name value`` line per option, as in a game record."""
        lines = []
        for field in fields(self):
            value = getattr(self, field.name)
            text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            lines.append(f"{field.name} {text}")
        return lines

    @classmethod
    def from_options(cls, options: dict[str, str]) -> Rules:
        """Rules from ``name -> text`` pairs as written by :meth:`to_lines`."""
        values: dict[str, object] = {}
        known = {field.name for field in fields(cls)}
        for name, text in options.items():
            if name not in known:
                raise RulesError(
                    Msg(
                        "{name} is not a Skitgubbe option: expected one of {known}",
                        name=repr(name),
                        known=known,
                    )
                )
            if name in ("players", "removed_for_two"):
                try:
                    values[name] = int(text)
                except ValueError:
                    raise RulesError(
                        Msg("{name} {text}: expected a whole number", name=name, text=repr(text))
                    ) from None
            elif name == "sequences":
                if text not in ("yes", "no"):
                    raise RulesError(Msg("sequences {text}: expected yes or no", text=repr(text)))
                values[name] = text == "yes"
            else:
                values[name] = text
        return cls(**values)  # type: ignore[arg-type]
