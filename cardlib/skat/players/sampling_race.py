"""Games raced across sampled deals: the book one seat keeps from its first bid to its declaration.

Deciding about games (how far to bid, whether to pick up the skat, which two cards to lay away,
which game to declare) means solving each candidate game in sampled deals
(:func:`~cardlib.skat.players.sampling_bidding.solve_games`). Most candidates are soon clearly out
of the running, so a :class:`GameBook` stops solving those and spends the time on the rest:

- one game at a time is solved in its next deal, the most promising one
  (:meth:`GameBook.next_game`: the top of its interval reaches highest), so a game that keeps
  winning is solved until the answer is clear and the time goes where it decides; each game's
  tally covers the first deals in order (no deal is left out for being slow to solve);
- a game is out once the 95% Wilson interval of its win chance lies below the threshold (three
  deals lost in three, at 60%); where the expected score decides (the discard, the declaration),
  once a game that covers the bid scores better even at the top of this one's interval and the
  bottom of its own, and only then: when every game is likely lost, the least bad one is found;
- a decision ends as soon as its answer is clear (:meth:`GameBook.bid_is_clear`), when every deal
  is solved, or when its time is up; the book keeps what it solved, so the next step of the same
  auction starts where this one ended.

With no time limit the same seed gives the same book, step by step.

>>> from cardlib.skat import GameType, new_deal, new_game
>>> from cardlib.skat.players.sampling_bidding import plausible_games
>>> from cardlib.skat.players.sampling_deals import sample_deals, unseen_of
>>> view = new_game(new_deal(7)).view(1)
>>> options = tuple(plausible_games(tuple(view.hand)))
>>> book = GameBook(1, options, sample_deals(unseen_of(view), 6, 1))
>>> race = book.race(Clock(None), bid=18, threshold=0.6)
>>> race.solved, race.out_of_time, book.solved     # 27 solves: a game in a deal each
(27, False, 6)
>>> [(str(t.option), t.samples, t.wins) for t in book.tallies(18, 0.6)]   # Grand: out after 3
[('♠', 6, 6), ('♠ Hand', 6, 6), ('♣', 6, 6), ('♣ Hand', 6, 6), ('Grand', 3, 0)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card
from cardlib.estimates import Estimate, proportion
from cardlib.players import Clock, Pool, solve_worlds
from cardlib.players.driver import Progress, listening
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.players.sampling_bidding import (
    GameOption,
    GameQuestion,
    bid_limit,
    ceiling,
    expected_score,
    score_at,
    solve_games,
    solve_key,
)
from cardlib.skat.players.sampling_deals import SampledDeal

__all__ = ["GameBook", "GameTally", "Race"]

OUT_AFTER = 3
"""The fewest deals a game is solved in before it may be ruled out of the running."""


@dataclass(frozen=True)
class GameTally:
    """One game (with its discard, if chosen) across the deals it was solved in: ``wins`` of
    ``samples``, ``chance`` with its Wilson 95% interval, ``value`` (the least it is worth in
    them), ``limit`` (the highest bid it covers at the threshold) and ``score`` (the expected
    Seeger-Fabian score at the current bid)."""

    option: GameOption
    samples: int
    wins: int
    chance: Estimate
    value: int
    limit: int
    score: float

    @property
    def declaration(self) -> Declaration:
        return self.option.declaration

    def rescored(self, bid: int) -> GameTally:
        """The same tally with its expected score at ``bid``."""
        score = expected_score(self.wins, self.samples, self.value, bid)
        return GameTally(self.option, self.samples, self.wins, self.chance, self.value,
                         self.limit, score)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Race:
    """What one decision added to a book: ``solved`` solves (one game in one deal each),
    whether the time ended it (``out_of_time``) and whether its answer became clear first."""

    solved: int
    out_of_time: bool
    clear: bool


class GameBook:
    """The candidate games of one seat and the sampled deals they are solved in (see the module
    docstring): ``outcomes[i]`` holds game ``i``'s ``(won, value)`` in the first deals, in order;
    ``hidden_null``: see :class:`~cardlib.skat.players.sampling_bidding.GameQuestion`.

    Given the seat's ``cards``, each game's :func:`ceiling` (the most it can be worth) is known
    before any solve: a game that cannot be worth the bid is never solved for it, and a bid no
    game can be worth is clear at once (while some game can, a race by score solves only those).
    """

    def __init__(
        self, seat: int, options: tuple[GameOption, ...], deals: Sequence[SampledDeal],
        cards: Sequence[Card] | None = None, *, hidden_null: bool = False,
    ) -> None:  # fmt: skip
        self.seat = seat
        self.hidden_null = hidden_null
        self.options = options
        self.deals = list(deals)
        self.outcomes: list[list[tuple[bool, int]]] = [[] for _ in options]
        self.seconds = [0.0] * len(options)  # the time its solves took, shared within a group
        self.running = [True] * len(options)
        self.ceilings: tuple[int, ...] | None = (
            None if cards is None else tuple(ceiling(o.declaration, cards) for o in options)
        )

    def reaches(self, i: int, bid: int) -> bool:
        """Whether game ``i`` can be worth ``bid`` (always, when the book has no ceilings)."""
        return self.ceilings is None or self.ceilings[i] >= bid

    def _worth_solving(self, i: int, bid: int, by_score: bool) -> bool:
        """A race by score still solves a game worth less than the bid when no game reaches it
        (the least bad overbid is then chosen)."""
        if self.reaches(i, bid):
            return True
        return by_score and not any(self.reaches(j, bid) for j in range(len(self.options)))

    @property
    def planned(self) -> int:
        """The deals sampled for this book."""
        return len(self.deals)

    @property
    def solved(self) -> int:
        """The deals the book has reached: the most any game was solved in."""
        return max((len(column) for column in self.outcomes), default=0)

    def race(
        self,
        clock: Clock,
        *,
        bid: int,
        threshold: float,
        by_score: bool = False,
        clear: Callable[[GameBook], bool] | None = None,
        pool: Pool | None = None,
        focus: int = 0,
    ) -> Race:
        """Solve the most promising game still running in its next deals (:meth:`next_game`),
        with any game that one solve answers too (:func:`solve_key`: a Null's Ouvert), again
        and again within ``clock``'s budget (its count: the most deals a game is solved in),
        until ``clear(book)`` says the answer is clear. ``by_score``: games are promising,
        and ruled out, by expected score at ``bid``. A deal whose solve the deadline stopped
        counts for no game. ``focus``: when the time left holds no more solves than the leader
        (the running game of the best expected score, solved at least once) needs to reach
        ``focus`` deals, the rest of the time goes to it (:meth:`leader`), so that a choice
        made in time rests on as many deals as the time allows."""
        count = clock.budget.count if clock.budget is not None else None
        last = len(self.deals) if count is None else min(len(self.deals), count)
        batch = 1 if pool is None or pool.serial else pool.workers
        listener = listening()
        timed = clock.budget is not None and clock.budget.limits_time
        added = 0
        out_of_time = False
        while True:
            if clear is not None and clear(self):
                break
            i = None
            if timed and focus and added:
                i = self.focused(bid, focus, last, clock)
            i = self.next_game(bid, threshold, by_score, last) if i is None else i
            if i is None:
                break
            done = len(self.outcomes[i])
            first = self.solved == 0
            key = solve_key(self.options[i], self.hidden_null)
            group = [i, *(j for j, option in enumerate(self.options) if j != i
                          and self.running[j] and len(self.outcomes[j]) == done
                          and solve_key(option, self.hidden_null) == key)]  # fmt: skip
            question = GameQuestion(self.seat, tuple(self.options[j] for j in group), bid,
                                    self.hidden_null)  # fmt: skip
            progress = None if listener is None else _Offset(listener, done, last)
            began = time.perf_counter()
            run = solve_worlds(
                solve_games, question, self.deals[done : min(last, done + batch)],
                clock=clock, pool=pool, minimum=1 if first else 0, grace=first,
                progress=progress,
            )  # fmt: skip
            for row in run.outcomes:
                for j, outcome in zip(group, row, strict=True):
                    self.outcomes[j].append(outcome)
            for j in group:
                self.seconds[j] += time.perf_counter() - began
            added += run.solved
            self._rule_out(bid, threshold, by_score)
            if run.out_of_time or (run.stopped and run.solved < run.planned):
                out_of_time = True
                break
            if timed and not clock.fits(began=clock.start, solved=max(added, 1)):
                out_of_time = self.next_game(bid, threshold, by_score, last) is not None
                break
        return Race(added, out_of_time, clear is not None and clear(self))

    def leader(self, bid: int) -> int | None:
        """The running game with the best expected score at ``bid`` (solved at least once)."""
        best: tuple[bool, float, int] | None = None
        chosen = None
        for i, column in enumerate(self.outcomes):
            if not self.running[i] or not column:
                continue
            wins = sum(won for won, _ in column)
            value = min(v for _, v in column)
            key = (value >= bid, expected_score(wins, len(column), value, bid), len(column))
            if best is None or key > best:
                best, chosen = key, i
        return chosen

    def focused(self, bid: int, focus: int, last: int, clock: Clock) -> int | None:
        """The leader (:meth:`leader`), when the time left on ``clock``, at the pace of the
        leader's own solves so far, holds no more solves than it needs to reach ``focus`` deals
        (of the first ``last``); else ``None``: the race goes on by :meth:`next_game`. The
        leader's pace, not the race's: the games still close to the bid are the slow ones."""
        i = self.leader(bid)
        if i is None:
            return None
        done = len(self.outcomes[i])
        assert clock.budget is not None and clock.budget.seconds is not None
        left = (clock.budget.seconds - clock.elapsed()) / max(self.seconds[i] / done, 1e-9)
        return i if done < min(focus, last) and done + left <= focus else None

    def next_game(self, bid: int, threshold: float, by_score: bool, last: int) -> int | None:
        """The game to solve next: of those still running and not yet solved in ``last``
        deals, the one whose 95% interval reaches highest (its share of deals won and worth
        ``bid``, or ``by_score`` its expected score at ``bid``), then the one solved in more
        deals, then the likelier option; ``None`` when none is left.

        Optimism in the face of uncertainty: a game that keeps winning is solved until its
        answer is clear, and another is tried only once the leader's interval falls below
        what that one might still reach.
        """
        best: tuple[float, int, int] | None = None
        chosen = None
        for i, column in enumerate(self.outcomes):
            if not self.running[i] or len(column) >= last:
                continue
            if not self._worth_solving(i, bid, by_score):
                continue
            top = _optimistic(column, bid, by_score)
            key = (top, len(column), -i)
            if best is None or key > best:
                best, chosen = key, i
        return chosen

    def _rule_out(self, bid: int, threshold: float, by_score: bool) -> None:
        tallies = self._tallies(bid, threshold)
        if not by_score:
            for i, tally in enumerate(tallies):
                if tally is not None and tally.samples >= OUT_AFTER:
                    self.running[i] = self.running[i] and tally.chance.high >= threshold
            return
        best = max(
            (score_at(t.chance.low, t.value, bid) for t in tallies
             if t is not None and t.samples >= OUT_AFTER and t.value >= bid),
            default=None,
        )  # fmt: skip
        if best is None:
            return
        for i, tally in enumerate(tallies):
            if (
                tally is not None
                and self.running[i]
                and tally.samples >= OUT_AFTER
                and (tally.value < bid or score_at(tally.chance.high, tally.value, bid) < best)
            ):
                self.running[i] = False

    def tallies(self, bid: int, threshold: float) -> list[GameTally]:
        """Each game solved in at least one deal, with its tally at ``bid``, in the order of the
        options."""
        return [t for t in self._tallies(bid, threshold) if t is not None]

    def _tallies(self, bid: int, threshold: float) -> list[GameTally | None]:
        found: list[GameTally | None] = []
        for option, column in zip(self.options, self.outcomes, strict=True):
            if not column:
                found.append(None)
                continue
            wins = sum(won for won, _ in column)
            value = min(v for _, v in column)
            found.append(GameTally(
                option, len(column), wins, proportion(str(option), wins, len(column)), value,
                bid_limit(column, threshold), expected_score(wins, len(column), value, bid),
            ))  # fmt: skip
        return found

    def bid_is_clear(self, bid: int, threshold: float) -> bool:
        """Whether saying ``bid`` (or holding it) is clearly right or clearly wrong: some game
        covers it in so many deals that the bottom of the 95% interval is at the threshold, or
        no game still running can (every game's interval lies below it)."""
        shares = [
            proportion("", sum(won and value >= bid for won, value in column), len(column))
            if column else None
            for column in self.outcomes
        ]  # fmt: skip
        if any(share is not None and share.low >= threshold for share in shares):
            return True
        return not any(
            running and self.reaches(i, bid) and (share is None or share.high >= threshold)
            for i, (running, share) in enumerate(zip(self.running, shares, strict=True))
        )


def _optimistic(column: Sequence[tuple[bool, int]], bid: int, by_score: bool) -> float:
    """The top of a game's 95% interval: of its share of deals won and worth ``bid``, or of its
    expected score at ``bid``. A game never solved may reach anything: a share of 1, and any
    score, so a race by score solves each game once before it leaves one behind."""
    if not column:
        return float("inf") if by_score else 1.0
    if by_score:
        wins = sum(won for won, _ in column)
        value = min(v for _, v in column)
        return score_at(proportion("", wins, len(column)).high, value, bid)
    hits = sum(won and value >= bid for won, value in column)
    return float(proportion("", hits, len(column)).high)


@dataclass(frozen=True, slots=True)
class _Offset:
    """A round's progress told as the book's: ``(done + solved, last)``."""

    listener: Progress
    done: int
    last: int

    def __call__(self, solved: int, planned: int) -> None:
        self.listener(self.done + solved, self.last)
