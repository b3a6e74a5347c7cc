"""``python -m cardlib <game>`` for a game without a command of its own: play or ``--watch``.

Everything comes from the game's adapter (:mod:`cardlib.games`): the deal (``--seed``), the seat's
view (``state.view(seat)``), the typed moves (``adapter.parse_move``) and the bots for the other
seats (``--opponents``; ``--bots`` with ``--watch``). So a newly registered game plays at the
terminal with no edit here. :class:`GameCommand` is such a command for one game.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from cardlib.cli import arguments
from cardlib.cli.commands import command
from cardlib.errors import CardlibError
from cardlib.games import AnyGame, game
from cardlib.i18n import N_, Msg, _

__all__ = ["BUDGET", "GameCommand", "play_seat", "watch"]

BUDGET = 0.6
"""Seconds a sampling player thinks per move at the terminal."""

# Translators: the player may type these English words or your language's (cardlib/cli/commands.py).
INSTRUCTIONS = N_("Type a move, 'moves' for your legal moves, 'hint' for advice, 'quit' to stop.")


class GameCommand:
    """The command ``python -m cardlib <name>`` of a registered game, from its adapter."""

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def adapter(self) -> AnyGame:
        return game(self.name)

    @property
    def HELP(self) -> Msg:
        return Msg("play {game} against bots at the terminal, or --watch bots play",
                   game=self.adapter.title)  # fmt: skip

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """``--seed``, ``--watch``, ``--seat``, ``--opponents`` and ``--bots``."""
        kinds = list(self.adapter.player_kinds())
        parser.add_argument("--seed", type=arguments.seed, default=None,
                            help=_("the same seed gives the same game"))  # fmt: skip
        parser.add_argument("--watch", action="store_true", help=_("watch bots play a whole game"))
        parser.add_argument("--seat", type=arguments.whole(0), default=0,
                            help=_("your seat (default 0)"))  # fmt: skip
        parser.add_argument("--opponents", choices=kinds, default=kinds[0],
                            help=_("who plays the other seats and gives the hint"))  # fmt: skip
        parser.add_argument("--bots", choices=kinds, default=kinds[0],
                            help=_("how the bots play with --watch"))  # fmt: skip

    def deal(self, seed: int | None) -> str:
        """The seeded deal as text."""
        text: str = self.adapter.new_game(_seed(seed)).to_text()
        return text

    def run(
        self,
        args: argparse.Namespace,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> int:
        """Watch bots play (``--watch``) or play ``--seat`` against them; the exit status."""
        adapter, seed = self.adapter, _seed(args.seed)
        state = adapter.new_game(seed)
        seats = adapter.seats(state)
        kind = args.bots if args.watch else args.opponents
        bots = {
            seat: adapter.player(kind, seed * 10 + seat, budget=BUDGET) for seat in range(seats)
        }
        write(str(Msg("{game}, seed {seed}", game=adapter.title, seed=seed)))
        if args.watch:
            watch(adapter, state, bots, write)
            return 0
        if not 0 <= args.seat < seats:
            raise CardlibError(
                Msg("--seat {seat}: this game has seats 0-{last}", seat=args.seat, last=seats - 1)
            )
        hint = adapter.player(args.opponents, seed, budget=BUDGET)
        return play_seat(adapter, state, args.seat, bots, read, write, hint=hint)


def _seed(seed: int | None) -> int:
    return random.Random().randrange(1, 10_000) if seed is None else seed


def _line(adapter: AnyGame, before: Any, after: Any, viewer: int | None) -> str:
    """What the move caused, as ``viewer`` is told it (else ``'B: ♠10'``)."""
    who = adapter.seat_name(before.current_player)
    events = after.events if viewer is None else after.view(viewer).events
    said = [str(event.ruling.text) for event in events]
    return "  ".join(said) if said else f"{who}: {adapter.move_words(after.last_move)}"


def _result(state: Any) -> str:
    result = state.result
    text = result.text if result is not None and hasattr(result, "text") else result
    return str(Msg("Result: {result}.", result=text))


def watch(adapter: AnyGame, state: Any, bots: dict[int, Any], write: Callable[[str], None]) -> Any:
    """Let ``bots`` play ``state`` out, every move and ruling open; returns the last state."""
    write(state.to_text())
    while not state.is_over:
        player = int(state.current_player)
        after = state.play(bots[player].choose(state.view(player)))
        write(_line(adapter, state, after, None))
        state = after
    write(_result(state))
    return state


def play_seat(
    adapter: AnyGame,
    state: Any,
    seat: int,
    bots: dict[int, Any],
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    *,
    hint: Any = None,
) -> int:
    """Play ``seat`` from the keyboard against ``bots``; every refusal is explained."""
    you = Msg("You are seat {seat}.", seat=adapter.seat_name(seat))
    write(f"{you} {_(INSTRUCTIONS)}")
    shown = None
    while not state.is_over:
        player = int(state.current_player)
        if player != seat:
            after = state.play(bots[player].choose(state.view(player)))
            write(_line(adapter, state, after, seat))
            state = after
            continue
        view = state.view(seat)
        if shown is not state:
            write("")
            write(view.to_text())
            shown = state
        try:
            text = read("> ").strip()
        except EOFError:
            write("\n" + _("Game abandoned."))
            return 1
        word = command(text)
        if word == "quit":
            write(_("Game abandoned."))
            return 1
        if word in ("moves", "help", "hand"):
            legal = ", ".join(adapter.move_words(move) for move in view.legal_moves())
            write(str(Msg("Your legal moves: {moves}", moves=legal)))
            continue
        if word == "hint" and hint is not None:
            write(str(Msg("Hint: {hint}", hint=str(hint.explain(view)))))
            continue
        try:
            move = adapter.parse_move(view, text)
        except CardlibError as error:
            write(str(Msg("Not allowed: {reason} Try again.", reason=str(error))))
            continue
        ruling = state.why_illegal(move)
        if ruling is not None:
            write(str(Msg("Not allowed: {reason} Try again.", reason=ruling.explanation)))
            continue
        after = state.play(move)
        write(_line(adapter, state, after, seat))
        state = after
    write(_result(state))
    return 0
