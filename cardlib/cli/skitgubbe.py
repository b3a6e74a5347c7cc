"""``python -m cardlib skitgubbe``: play seat A against bots at the terminal, or ``--watch`` bots.

You play against ``--opponents``: ``sampling`` (the default, the sampling player, which plays
sampled games out within 0.6 s a move) or ``heuristic`` (the beginner's rules of thumb); ``hint``
asks the same kind of player. ``--watch`` shows ``--bots`` play (``heuristic`` by default, so the
same seed gives the same narration; ``random`` or ``sampling`` too).

>>> print(deal(7).splitlines()[0])
phase 1, 3 players, stock 43, A to play
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from typing import Literal, Protocol

from cardlib.cards import Seat
from cardlib.cli import arguments
from cardlib.cli.commands import command
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, _
from cardlib.skitgubbe import (
    HeuristicBot,
    Move,
    RandomBot,
    Rules,
    SamplingBot,
    State,
    new_game,
    parse_move,
)

__all__ = ["BUDGET", "HELP", "add_arguments", "deal", "make_bot", "play_seat", "run"]

BUDGET = 0.6
"""Seconds the sampling player thinks per move at the terminal."""

HELP = N_("play Skitgubbe against bots at the terminal (you are seat A), or --watch bots play")

# Translators: the player may type the English words ('turn', 'pick', 'moves', 'hint', 'quit')
# or your language's (the moves' words as printed, the commands in cardlib/cli/commands.py);
# keep the card notation (HT, H10) as it is.
INSTRUCTIONS = N_(
    "Enter a card (HT or H10 or ♥10), a run with the sequences option (HT HJ HQ), 'turn' to "
    "turn up the stock's top card, 'pick' to pick up, 'moves' for your legal moves, 'hint' for "
    "advice, 'quit' to stop."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's options: the table, the seed, watching, and every rule variant."""
    parser.add_argument(
        "--players", type=arguments.whole(2, 4), default=3, help=_("2 to 4 players (default 3)")
    )
    parser.add_argument("--seed", type=arguments.seed, default=None,
                        help=_("the same seed gives the same game"))  # fmt: skip
    parser.add_argument("--watch", action="store_true", help=_("watch bots play a whole game"))
    parser.add_argument(
        "--opponents", choices=("sampling", "heuristic"), default="sampling",
        help=_("who plays the other seats and gives the hint when you play: sampling (strong, "
               "the default) or heuristic (a beginner)"),
    )  # fmt: skip
    parser.add_argument("--bots", choices=("heuristic", "random", "sampling"),
                        default="heuristic",
                        help=_("how the bots play with --watch (default heuristic)"))  # fmt: skip
    parser.add_argument("--phase-one", choices=("pairs", "all"), default="pairs",
                        help=_("tricks of two (default) or everyone plays in phase 1"))  # fmt: skip
    parser.add_argument("--sequences", action="store_true", help=_("allow runs in phase 2"))
    parser.add_argument("--removed", type=arguments.whole(0), default=0, metavar="N",
                        help=_("two players: remove N cards unseen before the deal"))  # fmt: skip
    parser.add_argument("--trump-visibility", choices=("hidden", "owner", "all"), default="hidden",
                        help=_("who sees the trump card during phase 1"))  # fmt: skip
    parser.add_argument("--phase-one-end", choices=("first_empty", "skip_empty"),
                        default="first_empty", help=_("when phase 1 ends"))  # fmt: skip


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the options ask for (``RulesError`` if they do not fit together)."""
    return Rules(
        players=args.players,
        phase_one=args.phase_one,
        sequences=args.sequences,
        removed_for_two=args.removed,
        trump_visibility=args.trump_visibility,
        phase_one_end=args.phase_one_end,
    )


def deal(seed: int | None) -> str:
    """A seeded three-player deal as text."""
    return new_game(Rules(), seed).to_text()


def _describe_move(before: State, after: State, viewer: Seat | None = None) -> str:
    """The move and its events, as ``viewer`` is told them (``None``: an onlooker who sees
    every card, as ``--watch``)."""
    seat = before.current_player
    assert seat is not None and after.last_move is not None
    events = after.events if viewer is None else after.view(viewer).events
    lines = [f"{seat.name}: {after.last_move.symbol}"]
    lines.extend(f"  {event.ruling.explanation}" for event in events)
    return "\n".join(lines)


Kind = Literal["heuristic", "random", "sampling"]


def make_bot(kind: Kind | str, seed: int | None) -> Bot:
    """A player of ``kind`` seeded with ``seed``; the sampling player thinks ``BUDGET`` seconds.

    >>> type(make_bot("sampling", 7)).__name__, make_bot("sampling", 7).budget
    ('SamplingBot', 0.6)
    """
    if kind == "sampling":
        return SamplingBot(rng=seed, budget=BUDGET)
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    raise CardlibError(
        Msg("make_bot({kind}): expected 'heuristic', 'random' or 'sampling'", kind=repr(kind))
    )


def run(
    args: argparse.Namespace,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Play or watch one game; returns the exit status."""
    rules = rules_from(args)
    seed = args.seed
    state: State = new_game(rules, seed)
    kind = args.bots if args.watch else getattr(args, "opponents", "sampling")
    bots = {
        seat: make_bot(kind, None if seed is None else seed * 10 + seat) for seat in state.players
    }
    if seed is None:
        write(str(Msg("Skitgubbe: {rules}", rules=rules.describe())))
    else:
        write(str(Msg("Skitgubbe: {rules}, seed {seed}", rules=rules.describe(), seed=seed)))
    if args.watch:
        write(state.to_text())
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            after = state.play(bots[seat].choose(state))
            write(_describe_move(state, after))
            state = after
        write(str(Msg("Result: {result}.", result=state.result)))
        return 0
    return play_seat(state, bots, read, write, hint=make_bot(kind, seed))


class Bot(Protocol):
    """A player for the other seats, or for the hint."""

    def choose(self, state: State) -> Move: ...

    def explain(self, state: State) -> object: ...


def play_seat(
    state: State,
    bots: Mapping[Seat, Bot],
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    seat: Seat = Seat.A,
    hint: Bot | None = None,
) -> int:
    """Play ``seat`` against ``bots`` from the terminal; ``hint`` (default: the heuristic bot)
    gives the advice. Until the game is over the table is ``state.view(seat)``: the other hands
    face down, the trump card as the rules let that seat see it; every Skitgubbe event names
    only cards that lie face up."""
    you = Msg("You are seat {seat}.", seat=seat.name)
    write(f"{you} {_(INSTRUCTIONS)}")
    hint = hint if hint is not None else HeuristicBot()
    try:
        while not state.is_over:
            turn = state.current_player
            assert turn is not None
            if turn is not seat:
                after = state.play(bots[turn].choose(state))
                write(_describe_move(state, after, seat))
                state = after
                continue
            write("")
            write(state.view(seat).to_text())
            text = read(_("Your move:") + " ").strip()
            word = command(text)
            if word == "quit":
                write(_("Game abandoned."))
                return 0
            if word in ("moves", "help", "hand") or not text:
                legal = ", ".join(move.symbol for move in state.view(seat).legal_moves())
                write(_(INSTRUCTIONS) + "\n" + str(Msg("Your legal moves: {moves}", moves=legal)))
                continue
            if word == "hint":
                write(str(Msg("Hint: {hint}", hint=str(hint.explain(state)))))
                continue
            try:
                after = state.play(parse_move(text), seat)
            except CardlibError as error:
                reason = getattr(error, "ruling", error)
                write(str(Msg("Not allowed: {reason} Try again.", reason=str(reason))))
                continue
            write(_describe_move(state, after, seat))
            state = after
    except EOFError:
        write("\n" + _("Game abandoned."))
        return 0
    except KeyboardInterrupt:
        write("\n" + _("Game abandoned."))
        return 130
    write(str(Msg("Result: {result}.", result=state.result)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    parser = argparse.ArgumentParser(description=_(HELP))
    add_arguments(parser)
    sys.exit(run(parser.parse_args()))
