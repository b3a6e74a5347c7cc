"""Agreement with expert play: how often each Skat player chooses the card played in real games.

Run by hand from the repository root:

    PYTHONPATH=. python benchmarks/expert_agreement.py [--records FILE ...] [--seed S]
                                                       [--samples N] [--players NAME ...]
                                                       [--without NAME ...]

Every record of the ISS files (default: the bundled ``cardlib/data/iss/sample-records.sgf``)
whose card play is recorded is replayed through the engine. At each card the record plays
where the seat had more than one legal card, the seat's view (``state.view(seat)``: its own
hand, the cards played, an Ouvert hand; never the full state) goes to each player:

- ``heuristic``: :class:`~cardlib.skat.players.HeuristicBot`;
- ``sampling``: :class:`~cardlib.skat.players.SamplingBot` at its default budget (0.6 s) with
  the seed ``--seed``; its choices may depend on the machine's speed and load;
- ``no-budget``: ``SamplingBot(budget=None)`` with the same seed: every sampled deal solved, so
  its choices depend on the seed alone;
- ``inference``: :class:`~cardlib.skat.players.InferenceBot` at the default budget with the same
  seed: the sampling player with its deals weighted by the bidding, the game and the cards the
  others played (the record's auction is replayed, so the seat has heard it).

Counted, split by declarer and defender with 95% Wilson intervals
(:func:`cardlib.estimates.proportion`): how often each player picks the card the expert played;
how often the expert's card, and each player's, is among the double-dummy best cards
(:func:`cardlib.skat.best_moves` on the full state: the cards that keep the best value with
every hand known); how often the heuristic and the sampling players pick the same card, the
sampling and the inference player, and the sampling player with and without its budget (a
difference shows a decision the budget cut short). For scale, ``random`` is what a legal card
drawn at random scores on average (exact: the sum over the decisions of 1 / legal cards, and of
best cards / legal cards).

The "expert" is whoever sat in the seat on the server, computer players included;
``--without xskat kermit`` leaves out the seats whose player's name starts so. Only the cards
played before the record's first claim, resignation, departure or time-out (or hidden card)
count: after a claim the play is no longer in earnest. A card counts as the expert's only if it
is the very card played, so two cards of equal use (♣7 or ♣8 in a run) count as a disagreement.
The first line of the output records the command; nothing printed depends on the clock except
the ``sampling`` figures.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Protocol

from cardlib import data
from cardlib.cards import Card
from cardlib.estimates import proportion
from cardlib.skat import (
    HeuristicBot,
    InferenceBot,
    Move,
    Phase,
    Play,
    SamplingBot,
    SkatState,
    best_moves,
)
from cardlib.skat.engine.views import SkatView
from cardlib.skat.iss import Record, records, replay

PLAYERS = ("heuristic", "sampling", "no-budget", "inference")
"""The players compared, in the order of the table's columns."""
ROLES = ("declarer", "defender")
ENDINGS = frozenset({"claim", "resign", "leave", "timeout", "hidden"})
"""Moves after which a record's card play no longer counts."""


class Player(Protocol):
    """Anything that chooses a move from a seat's view."""

    def choose(self, state: SkatView) -> Move: ...


@dataclass(frozen=True)
class Decision:
    """One card the expert played where the seat had more than one legal card.

    ``state`` is the full state before the card (for the double-dummy values only); ``view`` is
    what the seat to move knows, the only thing a player is given.
    """

    game_id: str
    number: int
    seat: int
    player: str
    role: str
    state: SkatState
    view: SkatView
    expert: Card
    legal: int


def expert_plays(record: Record) -> int:
    """How many of the record's cards were played in earnest: those before its first claim,
    resignation, departure, time-out or hidden card."""
    count = 0
    for move in record.moves:
        if move.kind in ENDINGS:
            break
        count += move.kind == "play"
    return count


def decisions(record: Record) -> Iterator[Decision]:
    """The record's card-play decisions: each card played in earnest with more than one legal
    card, in the order played."""
    earnest = expert_plays(record)
    if not earnest:
        return
    history = replay(record).state.history()
    played = 0
    for before, after in pairwise(history):
        move = after.last_move
        if not isinstance(move, Play) or before.phase is not Phase.PLAY:
            continue
        played += 1
        if played > earnest:
            return
        seat = before.current_player
        assert seat is not None
        legal = before.legal_moves()
        if len(legal) < 2:
            continue
        role = "declarer" if seat == before.declarer else "defender"
        yield Decision(record.game_id, played, int(seat), record.players[seat], role, before,
                       before.view(seat), move.card, len(legal))  # fmt: skip


def best_cards(state: SkatState) -> frozenset[Card]:
    """The cards that keep the best value under perfect play with every hand known."""
    return frozenset(move.card for move in best_moves(state) if move.cost == 0)


def chosen_card(player: Player, view: SkatView) -> Card:
    """The card ``player`` plays from ``view``, given the view alone."""
    move = player.choose(view)
    if not isinstance(move, Play):
        raise TypeError(f"{move!r} is not a card played")
    return move.card


@dataclass
class Tally:
    """The counts of one group of decisions (a game, or a role over all games)."""

    n: int = 0
    agree: dict[str, int] = field(default_factory=dict)
    best: dict[str, int] = field(default_factory=dict)
    same: dict[str, int] = field(default_factory=dict)
    chance: Fraction = Fraction(0)
    """A random legal card's expected agreements with the expert: the sum of 1 / legal cards."""
    chance_best: Fraction = Fraction(0)
    """A random legal card's expected double-dummy best cards: the sum of best / legal cards."""

    def add(self, choice: Choice) -> None:
        """Count one decision."""
        self.n += 1
        self.best["expert"] = self.best.get("expert", 0) + (choice.expert in choice.best)
        for name, card in choice.cards.items():
            self.agree[name] = self.agree.get(name, 0) + (card == choice.expert)
            self.best[name] = self.best.get(name, 0) + (card in choice.best)
        for one, other in pairs(choice.cards):
            key = f"{one}={other}"
            self.same[key] = self.same.get(key, 0) + (choice.cards[one] == choice.cards[other])
        self.chance += Fraction(1, choice.decision.legal)
        self.chance_best += Fraction(len(choice.best), choice.decision.legal)


@dataclass(frozen=True)
class Choice:
    """One decision with the card each player chose and the double-dummy best cards."""

    decision: Decision
    cards: dict[str, Card]
    best: frozenset[Card]

    @property
    def expert(self) -> Card:
        return self.decision.expert


def pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of players compared with each other, among the players named: the heuristic
    player beside each sampling player, the sampling player with and without its budget, and
    the sampling player beside the inference player."""
    present = set(names)
    wanted = [("heuristic", "sampling"), ("heuristic", "no-budget"), ("sampling", "no-budget"),
              ("sampling", "inference")]  # fmt: skip
    return [(one, other) for one, other in wanted if one in present and other in present]


def make_players(names: Iterable[str], seed: int, samples: int) -> dict[str, Player]:
    """The players by name: ``heuristic``, ``sampling`` (default budget), ``no-budget``,
    ``inference`` (default budget)."""
    made: dict[str, Player] = {}
    for name in names:
        if name == "heuristic":
            made[name] = HeuristicBot(rng=seed)
        elif name == "sampling":
            made[name] = SamplingBot(samples, rng=seed)
        elif name == "no-budget":
            made[name] = SamplingBot(samples, rng=seed, budget=None)
        elif name == "inference":
            made[name] = InferenceBot(samples, rng=seed)
        else:
            raise ValueError(f"unknown player {name!r}: expected one of {', '.join(PLAYERS)}")
    return made


def choices(
    games: Iterable[Record],
    players: dict[str, Player],
    progress: Callable[[Decision], None] | None = None,
    without: Sequence[str] = (),
) -> Iterator[Choice]:
    """Each decision of ``games`` with every player's card (each given the view alone) and the
    double-dummy best cards (from the full state); the decisions of seats whose name starts
    with one of ``without`` are left out."""
    for record in games:
        for decision in decisions(record):
            if decision.player.startswith(tuple(without)):
                continue
            yield choice_at(decision, players)
            if progress is not None:
                progress(decision)


def choice_at(decision: Decision, players: dict[str, Player]) -> Choice:
    """Every player's card at one decision (each given the view alone) and the double-dummy
    best cards (from the full state)."""
    cards = {name: chosen_card(player, decision.view) for name, player in players.items()}
    return Choice(decision, cards, best_cards(decision.state))


def read_records(paths: Sequence[Path]) -> list[Record]:
    """Every record of the files, in order."""
    found: list[Record] = []
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            found.extend(records(iter(lines)))
    return found


def _share(count: int, n: int) -> str:
    return f"{count}/{n}" if n else "-"


def _interval(label: str, count: int, n: int) -> str:
    if not n:
        return f"  {label}: no decisions"
    estimate = proportion(label, count, n)
    return (f"  {label}: {count}/{n} = {float(estimate.value):.1%} "
            f"(95% CI {estimate.low:.1%} to {estimate.high:.1%}; Wilson)")  # fmt: skip


def _expected(label: str, expected: Fraction, n: int) -> str:
    if not n:
        return f"  {label}: no decisions"
    return f"  {label}: {float(expected):.1f}/{n} = {float(expected / n):.1%} (expected, exact)"


def report(
    games: Sequence[Record], found: Sequence[Choice], names: Sequence[str], samples: int, seed: int
) -> list[str]:
    """The table per game and the totals with their intervals, as lines of text."""
    by_game: dict[str, Tally] = {}
    by_role = {role: Tally() for role in ROLES}
    total = Tally()
    for choice in found:
        by_game.setdefault(choice.decision.game_id, Tally()).add(choice)
        by_role[choice.decision.role].add(choice)
        total.add(choice)
    lines = [
        f"{len(games)} records, {sum(1 for r in games if expert_plays(r))} with card play; "
        f"{total.n} decisions (cards played with more than one legal card)",
        f"players: {', '.join(names)}; sampling players: samples={samples}, seed={seed}",
        "",
        "agreement with the expert's card, per game (DD: the expert's card is double-dummy best)",
    ]
    columns = [*names, "DD"]
    head = f"{'game':>9} {'declared':<9}{'ending':<9}{'decl':>5}{'def':>5}"
    lines.append(head + "".join(f"{name:>11}" for name in columns))
    for record in games:
        tally = by_game.get(record.game_id)
        if tally is None:
            continue
        roles = [c.decision.role for c in found if c.decision.game_id == record.game_id]
        move = record.declaration_move
        declared = "" if move is None else move.text.split(".")[0]
        ending = replay(record).ending
        cells = [tally.agree.get(name, 0) for name in names] + [tally.best.get("expert", 0)]
        lines.append(f"{record.game_id:>9} {declared:<9}{ending:<9}{roles.count('declarer'):>5}"
                     f"{roles.count('defender'):>5}"
                     + "".join(f"{_share(c, tally.n):>11}" for c in cells))  # fmt: skip
    cells = [total.agree.get(name, 0) for name in names] + [total.best.get("expert", 0)]
    lines.append(f"{'all':>9} {'':<18}{by_role['declarer'].n:>5}{by_role['defender'].n:>5}"
                 + "".join(f"{_share(c, total.n):>11}" for c in cells))  # fmt: skip
    groups = [(role, by_role[role]) for role in ROLES] + [("all", total)]
    lines += ["", "agreement with the expert's card"]
    for name in names:
        for group, tally in groups:
            lines.append(_interval(f"{name:<10} {group:<8}", tally.agree.get(name, 0), tally.n))
    for group, tally in groups:
        lines.append(_expected(f"{'random':<10} {group:<8}", tally.chance, tally.n))
    lines += ["", "the card is among the double-dummy best cards (full state, every hand known)"]
    for name in ("expert", *names):
        for group, tally in groups:
            lines.append(_interval(f"{name:<10} {group:<8}", tally.best.get(name, 0), tally.n))
    for group, tally in groups:
        lines.append(_expected(f"{'random':<10} {group:<8}", tally.chance_best, tally.n))
    same = [f"{one}={other}" for one, other in pairs(names)]
    if same:
        lines += ["", "two players choose the same card"]
        for pair in same:
            for group, tally in groups:
                count = tally.same.get(pair, 0)
                lines.append(_interval(f"{pair:<20} {group:<8}", count, tally.n))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=Path, nargs="+",
                        default=[data.path("iss/sample-records.sgf")],
                        help="ISS record files (default: the bundled samples)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="the sampling players' seed")
    parser.add_argument("--samples", type=int, default=20, help="the sampling players' deals")
    parser.add_argument("--players", nargs="+", choices=PLAYERS, default=list(PLAYERS))
    parser.add_argument("--without", nargs="+", default=[], metavar="NAME",
                        help="leave out the seats whose name starts with NAME")  # fmt: skip
    args = parser.parse_args(argv)
    command = shlex.join(sys.argv[1:] if argv is None else argv)
    print(f"$ PYTHONPATH=. python benchmarks/expert_agreement.py {command}".rstrip())
    games = read_records(args.records)
    names = [name for name in PLAYERS if name in args.players]
    players = make_players(names, args.seed, args.samples)

    def progress(decision: Decision) -> None:
        print(f"  game {decision.game_id}, card {decision.number}", end="\r", file=sys.stderr)

    try:
        found = list(choices(games, players, progress, args.without))
    finally:
        for player in players.values():
            if isinstance(player, SamplingBot):
                player.close()
    lines = report(games, found, names, args.samples, args.seed)
    if args.without:
        lines.insert(1, f"left out: the seats whose name starts with {', '.join(args.without)}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
