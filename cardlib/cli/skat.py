"""``python -m cardlib skat``: watch a deal with every ruling, or play one seat at the terminal.

``python -m cardlib skat --seed 7 --watch`` prints a whole deal played by the heuristic players,
every card open (the same seed, the same narration); without ``--watch`` you play one seat
(``--seat fh|mh|rh``) against ``--opponents``: ``sampling`` (the default, the sampling player
that reads the bidding, :class:`~cardlib.skat.players.inference.InferenceBot`, which plays
sampled deals out within 0.6 s a move) or ``heuristic`` (the beginner's rules of
thumb), and see only what that seat may know (``state.view(seat)``) until the deal is over.
Type a move (``18``, ``y``, ``p``, ``s``, ``S7 H8`` to discard, ``G`` / ``CH`` / ``null`` to
declare, a card such as ``HJ`` to play), ``hint`` for the opponents' kind of advice, ``help``, or
``quit``.
``python -m cardlib deal skat --seed 7`` prints the seeded deal.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from cardlib.cli import arguments
from cardlib.cli.commands import command
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, _
from cardlib.skat import HeuristicBot, InferenceBot, SkatState, new_deal, new_game, parse_move
from cardlib.skat.engine.rules import Rules, position_term
from cardlib.skat.pictures import phase_name

if TYPE_CHECKING:
    from cardlib.cards import Card
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.views import SkatView

__all__ = ["BUDGET", "HELP", "MOVES_HELP", "Player", "add_arguments", "deal", "play_seat", "run",
           "watch"]  # fmt: skip

BUDGET = 0.6
"""Seconds the sampling player thinks per move at the terminal."""

HELP = N_("watch a Skat deal with every ruling (--watch), or play one seat at the terminal")

# Translators: keep the notation of moves and cards (18, y, p, s, S7 H8, C S H D G N with H S Z O,
# HJ) as it is; the player may also type the moves' words as printed and the commands (hint,
# hand, help, quit) in English or in your language (cardlib/cli/commands.py).
MOVES_HELP = N_(
    "Moves: a bid (18), y (yes, hold), p (pass), s (pick up the skat), two cards to discard "
    "(S7 H8), a game to declare (C S H D G N, with H for Hand, S Schneider, Z Schwarz, O Ouvert: "
    "CH, GHSZ, NO), a card to play (HJ or ♥J). Also: hint, hand, help, quit."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m cardlib skat``."""
    parser.add_argument("--seed", type=arguments.seed, default=None,
                        help=_("the same seed gives the same deal"))  # fmt: skip
    parser.add_argument("--watch", action="store_true",
                        help=_("let the players play; print rulings"))  # fmt: skip
    parser.add_argument(
        "--seat", choices=["fh", "mh", "rh"], default="fh", help=_("your seat (default fh)")
    )
    parser.add_argument("--kontra", action="store_true", help=_("allow Kontra and Re"))
    parser.add_argument(
        "--opponents", choices=["sampling", "heuristic"], default="sampling",
        help=_("who plays the other seats and gives the hint when you play: sampling (strong, "
               "the default) or heuristic (a beginner); --watch always shows the heuristic "
               "players"),
    )  # fmt: skip


class Player(Protocol):
    """A player for the other seats and the hint."""

    def choose(self, state: SkatState) -> Any: ...

    def explain(self, state: SkatState) -> object: ...


def deal(seed: int | None) -> str:
    """The seeded deal, one line per hand.

    >>> print(deal(7).splitlines()[1])
    FH   ♣A ♣8 ♠A ♠7 ♥A ♥9 ♥7 ♦Q ♦9 ♦8
    """
    title = Msg("Skat deal (seed {seed})", seed=seed)
    return f"{title}\n{new_deal(seed).to_text()}"


def run(args: argparse.Namespace) -> int:
    """Watch or play one deal; returns the exit status."""
    rules = Rules(kontra=bool(getattr(args, "kontra", False)))
    state = new_game(new_deal(args.seed), rules)
    if args.watch:
        with contextlib.suppress(BrokenPipeError):  # the reader stopped (e.g. `| head`)
            watch(state, print)
        return 0
    seat = ("fh", "mh", "rh").index(getattr(args, "seat", "fh") or "fh")
    bot: Player = HeuristicBot(args.seed)
    if getattr(args, "opponents", "sampling") == "sampling":
        bot = InferenceBot(rng=args.seed, budget=BUDGET)
    return play_seat(state, seat, input, print, bot)


def watch(
    state: SkatState, write: Callable[[str], None], moves: Iterable[Move | str] = ()
) -> SkatState:
    """Play the deal out with heuristic players, writing each event and its ruling; ``moves``
    (moves, or text as :func:`parse_move` reads it) are played first, so that a narration can
    show what the heuristic players never choose (a Null, a Hand game, an overbid, a Kontra).

    >>> lines: list[str] = []
    >>> end = watch(new_game(new_deal(7)), lines.append, ["18", "p", "p", "NH"])
    >>> print(lines[4][:26])
    MH: MH declares Null Hand:
    >>> print(end.result)
    MH lost Null Hand (bid 18): 1:0 tricks; Null: the declarer took a trick
    """
    bot = HeuristicBot()
    write(state.deal.to_text())
    scripted = [parse_move(move) if isinstance(move, str) else move for move in moves]
    while not state.is_over:
        state = state.play(scripted.pop(0) if scripted else bot.choose(state))
        for event in state.events:
            write(_event_line(event.player, event.ruling.explanation))
    _write_result(state, write)
    return state


def _write_result(state: SkatState, write: Callable[[str], None]) -> None:
    write(str(state.result))
    if state.settlement is not None:
        lines = "\n".join(f"  {line}" for line in state.settlement.lines)
        write(_("Settlement:") + "\n" + lines)


def _event_line(player: int | None, text: str) -> str:
    if player is None:
        return f"    {text}"
    # Translators: one event of a watched deal: who moved, then what happened.
    return str(Msg("{who}: {event}", who=position_term(player), event=text))


def play_seat(
    state: SkatState,
    seat: int,
    read: Callable[[str], str],
    write: Callable[[str], None],
    bot: Player | None = None,
) -> int:
    """Play ``seat`` from the terminal against ``bot`` (default: the heuristic players), which
    also gives the ``hint``; EOF ends cleanly (status 0), Ctrl-C too (status 130).

    Until the deal is over, everything written comes from ``state.view(seat)``: the table, the
    news as that seat is told it (the skat picked up and the cards laid away without the cards),
    the card points as that seat can count them. At the end the skat and the cards laid away
    are shown.
    """
    bot = bot if bot is not None else HeuristicBot()
    you = Msg("You play {who}.", who=position_term(seat))
    write(f"{you} {_(MOVES_HELP)}")
    try:
        while not state.is_over:
            player = state.current_player
            assert player is not None
            if player != seat:
                state = state.play(bot.choose(state))
                _write_news(state, seat, write)
                continue
            state = _human_move(state, seat, bot, read, write)
    except EOFError:
        write("\n" + _("Goodbye: the deal was left unfinished."))
        return 0
    except KeyboardInterrupt:
        write("\n" + _("Goodbye: the deal was left unfinished."))
        return 130
    _write_shown(state, seat, write)
    _write_result(state, write)
    return 0


def _write_news(state: SkatState, seat: int, write: Callable[[str], None]) -> None:
    """The events of the last move as ``seat`` is told them."""
    for event in state.view(seat).events:
        write(_event_line(event.player, event.ruling.explanation))


def _write_shown(state: SkatState, seat: int, write: Callable[[str], None]) -> None:
    """After the game: the skat as dealt and the cards laid away, turned face up."""
    view = state.view(seat)
    if view.skat:
        write(str(Msg("Skat: {cards}", cards=_cards(view.skat))))
    if view.discards and view.discards != view.skat:
        write(str(Msg("Laid away: {cards}", cards=_cards(view.discards))))


def _human_move(
    state: SkatState,
    seat: int,
    bot: Player,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> SkatState:
    view = state.view(seat)
    write(_table(view))
    while True:
        text = read(f"{position_term(seat)} ({phase_name(view.phase)})> ").strip()
        word = command(text)
        if word == "quit":
            raise EOFError
        if word == "help" or not text:
            write(_(MOVES_HELP))
            continue
        if word == "hint":
            write(str(bot.explain(state)))
            continue
        if word in ("hand", "moves"):
            write(_table(view))
            continue
        try:
            move = parse_move(text)
        except CardlibError as error:
            write(str(Msg("Not understood: {error}", error=str(error))))
            continue
        ruling = state.why_illegal(move)
        if ruling is not None:
            write(str(Msg("Not allowed: {reason}", reason=ruling.explanation)))
            continue
        state = state.play(move)
        _write_news(state, seat, write)
        return state


def _table(view: SkatView) -> str:
    """What the seat to move knows: its cards, the skat and the cards laid away if it has seen
    them, the bid, the game, the card points as it counts them, the trick, its legal moves."""
    lines = [Msg("Your cards: {cards}", cards=_cards(view.hand))]
    if view.skat is not None:
        lines.append(Msg("Skat: {cards}", cards=_cards(view.skat)))
    if view.discards is not None and view.discards != view.skat:
        lines.append(Msg("Laid away: {cards}", cards=_cards(view.discards)))
    if view.bid:
        lines.append(Msg("Bid: {bid}", bid=view.bid))
    if view.declaration is not None and view.declarer is not None:
        declarer = position_term(view.declarer)
        lines.append(Msg("Game: {game} by {declarer}", game=view.declaration, declarer=declarer))
        for position, hand in enumerate(view.open_hands):
            if hand is not None and position != view.seat:
                who = position_term(position)
                lines.append(Msg("Open hand of {who}: {cards}", who=who, cards=_cards(hand)))
        declarer_points, defender_points = view.card_points
        lines.append(
            Msg("Card points {declarer}:{defenders} (declarer:defenders, as you count them)",
                declarer=declarer_points, defenders=defender_points)
        )  # fmt: skip
    if view.trick:
        lines.append(Msg("On the table: {cards}", cards=_cards(view.trick)))
    moves = view.legal_moves()
    shown = ", ".join(m.symbol for m in moves[:12]) + (" …" if len(moves) > 12 else "")
    lines.append(Msg("Legal: {moves}", moves=shown))
    return "\n".join(str(line) for line in lines)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)
