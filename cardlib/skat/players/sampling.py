"""The sampling player: perfect-information Monte Carlo, as strong Skat programs play.

At each decision the player deals the cards it has not seen at random, many times, in every way
that fits what its seat knows (:mod:`.sampling_deals`: its hand, the cards played, who showed
out of which suit, the skat when it has seen it, an Ouvert hand). Each sampled deal is solved with
every hand known (:mod:`cardlib.skat.solver`), once for each candidate move, and the move that
does best across the deals is chosen: in the play, the card that makes (or, for a defender,
beats) the game in the most deals, then the one with the better card points; in the bidding and
at the skat, the game that wins in enough deals and scores best (:mod:`.sampling_bidding`). In a
Ramsch the card that leaves the fewest card points (:mod:`.sampling_ramsch`).

It decides from ``state.view(seat)`` only, works within a ``budget`` (seconds, or a
:class:`~cardlib.players.Budget` of seconds and/or deals; the deals solved so far decide when the
time is up, and the explanation says how many), runs on :mod:`cardlib.players`' driver (here or
on a :class:`~cardlib.players.Pool`), and explains itself with the numbers:
:meth:`SamplingBot.explain` returns an :class:`Explanation` (the one of :mod:`cardlib.players`)
whose ``candidates`` hold each move's tally with a 95% interval, and whose text says it in a
sentence; :meth:`SamplingBot.hint` says it as one lazy message.

>>> from cardlib.skat import GameType, play_position
>>> state = play_position(["CJ HA", "SJ H7", "DJ SK"], GameType.GRAND, declarer=0, skat="SA ST",
...                       card_points=(30, 10))      # FH needs 10 more; who holds the jacks?
>>> bot = SamplingBot(samples=8, rng=1, budget=None)
>>> bot.choose(state)
Play('CJ')
>>> print(bot.explain(state))
♣J wins in 8 of 8 sampled deals (100%, 95% interval 68–100%); ♥A in 6 of 8.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.estimates import proportion
from cardlib.i18n import Msg, Plural, joined
from cardlib.limits import check_size
from cardlib.players import (
    Budget,
    Clock,
    Explanation,
    Pool,
    Run,
    pool_for,
    solve_worlds,
)
from cardlib.randomness import as_rng
from cardlib.skat.engine.facts import (
    CARD_POINTS,
    WIN_POINTS,
    GameType,
    is_trump,
)
from cardlib.skat.engine.moves import (
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Move,
    Pass,
    PickUpSkat,
    Play,
    Re,
    move_name,
)
from cardlib.skat.engine.states import SkatState
from cardlib.skat.engine.views import SkatView
from cardlib.skat.players.bots import mover_view
from cardlib.skat.players.sampling_bidding import (
    GameOption,
    discard_options,
    plausible_games,
)
from cardlib.skat.players.sampling_deals import SampledDeal, sample_deals, unseen_of
from cardlib.skat.players.sampling_play import (
    MoveTally,
    PlayQuestion,
    by_steps,
    card_classes,
    card_key,
    play_question,
    play_text,
    rank_cards,
    solve_candidates,
    step_note,
    tally_cards,
)
from cardlib.skat.players.sampling_race import GameBook, GameTally, Race

__all__ = [
    "DEFAULT_BUDGET",
    "Explanation",
    "GameTally",
    "MoveTally",
    "SamplingBot",
    "play_question",
]

DEFAULT_BUDGET = 0.6
"""Seconds a decision may take by default (the searches look at the clock as they go)."""

WORDS_DEALS = 10
"""The deals a discard or declaration is solved in, when time allows, before it is settled; one
resting on fewer (and on fewer than ``min_deals``) is the simple player's instead, unless fewer
deals fit what the seat has seen."""

I = TypeVar("I")  # noqa: E741
T = TypeVar("T")


class SamplingBot:
    """A Skat player by perfect-information Monte Carlo (see the module docstring).

    ``samples``: deals sampled per decision, at most :data:`~cardlib.limits.MAX_BOT_SAMPLES`
    (100,000); ``rng``: a seed or ``random.Random`` (the same seed
    gives the same choices); ``budget``: seconds per decision, or a :class:`~cardlib.players.Budget`
    (``None``: no limit; at least one deal is always solved); ``workers``, ``executor`` or
    ``pool``: solve the deals on other processes (a :class:`~cardlib.players.Pool` given is shared
    and left open; ``workers=N`` makes one of its own that :meth:`close` shuts down; the result is
    the same whatever their number); ``threshold``: the
    win chance a game needs before the player bids it; ``exact_cards``: from how few cards in
    hand the card points are solved exactly in the play; ``step_cards``: from how few cards in
    hand the cards that win as often are told apart by the next step (90 or 31 card points;
    earlier in the deal those searches are slow, and the simple player's choice decides);
    ``min_deals``: a bid made on fewer deals solved in time is the simple player's bid instead
    (a discard or declaration needs at least :data:`WORDS_DEALS` as well).
    """

    _hidden_null = False
    """Whether a plain Null is played out with the declarer's hand hidden (the inference
    player's way) rather than solved as one with a Null Ouvert."""

    def __init__(
        self,
        samples: int = 20,
        rng: random.Random | int | None = None,
        budget: float | Budget | None = DEFAULT_BUDGET,
        *,
        workers: int | None = None,
        executor: object = None,
        pool: Pool | None = None,
        threshold: float = 0.6,
        exact_cards: int = 5,
        step_cards: int = 7,
        min_deals: int = 4,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise CardlibError(
                Msg(
                    "SamplingBot(samples={samples}): expected a whole number >= 1",
                    samples=repr(samples),
                )
            )
        check_size(f"SamplingBot(samples={samples!r})", samples, "MAX_BOT_SAMPLES")
        self._budget = Budget.of(budget, "SamplingBot")
        if not 0 < threshold <= 1:
            raise CardlibError(
                Msg(
                    "SamplingBot(threshold={threshold}): expected 0 < threshold <= 1",
                    threshold=repr(threshold),
                )
            )
        self._pool, self._owns_pool = pool_for("SamplingBot", workers, executor, pool)
        self.samples = samples
        self.budget = budget
        self.threshold = threshold
        self.exact_cards = exact_cards
        self.step_cards = step_cards
        self.min_deals = min_deals
        self.seed = as_rng(rng).getrandbits(64)
        self.workers = workers
        self._books: dict[tuple[Any, ...], GameBook | None] = {}
        self._plans: dict[tuple[Any, ...], tuple[list[GameTally], int, int, float, bool]] = {}

    # -- the public face ------------------------------------------------------------------------
    def choose(self, state: SkatState | SkatView) -> Move:
        """The move this player makes here, from what the seat to move knows."""
        return self.explain(state).move

    def hint(self, state: SkatState | SkatView) -> Msg:
        """:meth:`explain` in words, as one lazy message worded when read."""
        return self.explain(state).hint()

    def explain(self, state: SkatState | SkatView) -> Explanation[Move]:
        """The move this player makes here, with the tallies behind it and a sentence."""
        view = mover_view(state)
        phase = view.phase
        if phase == "bidding":
            return self._bid(view)
        if phase == "skat":
            return self._skat(view)
        if phase == "discard":
            return self._discard(view)
        if phase == "declare":
            return self._declare(view)
        if phase == "kontra":
            return self._kontra(view)
        if phase == "push":
            text = Msg(
                "Ramsch: take up the skat: two more cards to choose from, and two to pass on."
            )
            return Explanation(PickUpSkat(), "rule", text)
        if phase == "pass on":
            return self._pass_on(view)
        return self._play(view)

    @property
    def pool(self) -> Pool | None:
        """The pool the deals are solved on (``None``: in this process)."""
        return self._pool

    def close(self) -> None:
        """Shut down the worker processes this player started (``workers=N``); a pool given to
        it stays open for its owner to close. A closed player starts new processes if used."""
        if self._owns_pool and self._pool is not None:
            self._pool.close()
            self._pool = Pool(self._pool.workers)

    def __enter__(self) -> SamplingBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SamplingBot(samples={self.samples}, budget={self.budget})"

    # -- running the deals ----------------------------------------------------------------------
    def _rng(self, view: SkatView, *extra: object) -> random.Random:
        """The generator of one decision: from the seed and what the seat knows, nothing else,
        so the same view gives the same deals (and ``choose`` agrees with ``explain``)."""
        key = (
            self.seed, int(view.seat), view.phase, tuple(view.hand), view.hand_sizes,
            tuple((t.leader, t.cards) for t in view.tricks), view.trick, view.bid,
            str(view.declaration), view.skat, view.discards, view.open_hands, *extra,
        )  # fmt: skip
        digest = hashlib.sha256(repr(key).encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def _deals(self, view: SkatView, *extra: object) -> list[SampledDeal]:
        """The deals of one decision: ``samples`` of the seat's unseen cards, each deal that
        fits what it has seen as likely as the next."""
        return sample_deals(unseen_of(view), self.samples, self._rng(view, *extra))

    def _run(
        self, trial: Callable[[I, Any], T], question: object, deals: Sequence[I], start: float,
        share: float = 1.0, needs_one: bool = True,
    ) -> Run[T]:  # fmt: skip
        """The trial on the deals in order within ``share`` of the budget: at least one deal
        (when the deadline stopped the first, it is solved again without one) unless not
        ``needs_one``."""
        clock = Clock(self._budget, start)
        run = solve_worlds(trial, question, deals, clock=clock, share=share, pool=self._pool)
        if needs_one and not run.outcomes and run.interrupted:
            again = solve_worlds(trial, question, deals[:1], pool=self._pool)
            run = Run(again.outcomes, run.planned, True, True, run.interrupted)
        return run

    def _late(self, stopped: bool, used: int, planned: int) -> tuple[Msg, ...]:
        """The note that the time ran out, when it did (not when a count of deals was reached)."""
        count = self._budget.count if self._budget is not None else None
        if not stopped or (count is not None and used >= min(count, planned)):
            return ()
        if used >= planned:  # the choice rests on every deal; the others did not get so far
            return (Plural(
                "The time ran out before the other choices were solved in the {n} sampled deal.",
                "The time ran out before the other choices were solved in all {n} sampled deals.",
                planned,
            ),)  # fmt: skip
        return (_stopped(used, planned),)

    # -- the play -------------------------------------------------------------------------------
    def _play(self, view: SkatView) -> Explanation[Move]:
        start = time.perf_counter()
        legal = [m.card for m in view.legal_moves() if isinstance(m, Play)]
        if len(legal) == 1:
            only = Msg("{card} is the only card that may be played.", card=legal[0])
            return Explanation(Play(legal[0]), "rule", only)
        unseen = unseen_of(view)
        out = set(unseen.cards) | set(view.trick)
        for position, hand in enumerate(view.open_hands):
            if hand is not None and position != view.seat:
                out |= set(hand)
        game = view.declaration.game if view.declaration is not None else None
        classes = card_classes(legal, out, game)
        if len(classes) == 1:
            card = self._heuristic_card(view, legal)
            return Explanation(Play(card), "rule", Msg(
                "Every legal card does the same here ({cards}): {card}.",
                cards=joined(list(legal)), card=card))  # fmt: skip
        question = play_question(view, [run[0] for run in classes])
        deals = self._deals(view)
        small = len(view.hand) <= self.exact_cards
        first = question.asking(
            "exact" if small and game is not None else None, question.candidates
        )
        run = self._run(solve_candidates, first, deals, start, 0.75)
        found, stopped = run.outcomes, run.stopped
        if not found:
            card = self._heuristic_card(view, legal)
            return Explanation(Play(card), "rule", _stopped(0, len(deals)), (), 0, len(deals),
                               time.perf_counter() - start, True)  # fmt: skip
        tallies = tally_cards(first, classes, found)
        ranked = rank_cards(tallies, first, view)
        top = [t for t in ranked if card_key(t, first, view) == card_key(ranked[0], first, view)]
        steps_text: Msg | None = None
        if len(top) > 1 and game not in (None, GameType.NULL) and not small and \
                first.goal == "points" and len(view.hand) <= self.step_cards:  # fmt: skip
            second = question.asking("level", [t.same[0] for t in top])
            levels = self._run(solve_candidates, second, deals[: len(found)], start,
                               needs_one=False).outcomes  # fmt: skip
            stopped = stopped or len(levels) < len(found)
            counted = by_steps(top, levels, question, view)
            top = [t for t in counted if t.steps == counted[0].steps]
            ranked = counted + [t for t in ranked if t.same[0] not in {c.same[0] for c in counted}]
            if len(top) < len(counted):
                steps_text = step_note(top[0], question, view)
        if len(top) > 1:
            preferred = self._heuristic_card(view, [c for t in top for c in t.same])
            best = next(t for t in top if preferred in t.same)
            ranked = [best] + [t for t in ranked if t is not best]
            tie: Msg | None = Msg(
                "The best of them are tied; {card} is the simple player's choice among them.",
                card=preferred,
            )
            chosen = preferred
        else:
            tie = None
            chosen = ranked[0].same[0]
        notes = [note for note in (steps_text, tie) if note is not None]
        if len(ranked[0].same) > 1:
            notes.append(
                Msg("{cards} are interchangeable here.", cards=joined(list(ranked[0].same)))
            )
        notes.extend(self._late(stopped, len(found), len(deals)))
        return Explanation(
            Play(chosen), "play", play_text(ranked, chosen, question, view), tuple(ranked),
            len(found), len(deals), time.perf_counter() - start, stopped, tuple(notes),
        )  # fmt: skip

    def _heuristic_card(self, view: SkatView, among: Sequence[Card]) -> Card:
        """The simple player's card if it is among ``among``, else the cheapest of them."""
        from cardlib.skat.players.bots import HeuristicBot

        move = HeuristicBot().choose(view)
        if isinstance(move, Play) and move.card in among:
            return move.card
        game = view.declaration.game if view.declaration is not None else GameType.GRAND
        return min(among, key=lambda c: CARD_POINTS[c.rank] + 15 * is_trump(c, game))

    # -- bidding and the skat -------------------------------------------------------------------
    def _book(
        self, key: tuple[Any, ...], view: SkatView, options: Callable[[], list[GameOption]],
        *extra: object,
    ) -> GameBook | None:  # fmt: skip
        """The seat's book for ``key``, made with the deals of this view when first asked
        (``None`` when there is no game worth solving)."""
        if key not in self._books:
            found = options()
            cards = (*view.hand, *(view.discards or ()))
            self._books[key] = GameBook(
                int(view.seat), tuple(found),
                self._deals(view, *extra),
                cards, hidden_null=self._hidden_null,
            ) if found else None  # fmt: skip
        return self._books[key]

    def _bidding_book(self, view: SkatView) -> GameBook | None:
        hand = tuple(view.hand)
        return self._book(("bidding", int(view.seat), hand), view,
                          lambda: plausible_games(hand), "bidding")  # fmt: skip

    def _racing(
        self, book: GameBook, start: float, bid: int, *, by_score: bool = False,
        clear: Callable[[GameBook], bool] | None = None,
    ) -> Race:  # fmt: skip
        return book.race(Clock(self._budget, start), bid=bid, threshold=self.threshold,
                         by_score=by_score, clear=clear, pool=self._pool,
                         focus=WORDS_DEALS if by_score else 0)  # fmt: skip

    def _bid(self, view: SkatView) -> Explanation[Move]:
        start = time.perf_counter()
        legal = view.legal_moves()
        book = self._bidding_book(view)
        if book is None:
            return Explanation(
                Pass(), "bid", Msg("Pass: no game looks worth solving with this hand.")
            )
        bids = [m for m in legal if isinstance(m, Bid)]
        asked = view.bid if Hold() in legal else bids[0].value if bids else view.bid
        race = self._racing(book, start, asked,
                            clear=lambda b: b.bid_is_clear(asked, self.threshold))  # fmt: skip
        tallies = book.tallies(view.bid, self.threshold)
        best = max(tallies, key=lambda t: (t.limit, t.chance.value, t.value), default=None)
        used = best.samples if best is not None else 0
        planned, seconds = book.planned, time.perf_counter() - start
        stopped = race.out_of_time
        if best is None and race.clear:
            beyond = Msg(
                "Pass: no game this hand can play is worth {bid}, whatever the skat holds.",
                bid=asked,
            )
            return Explanation(Pass(), "bid", beyond, (), 0, planned, seconds, stopped)
        if best is None or (not race.clear and used < min(self.min_deals, planned)):
            from cardlib.skat.players.bots import HeuristicBot

            simple = HeuristicBot().choose(view)
            fallback = Plural(
                "{move}: only {used} of {n} sampled deal could be solved in time, too few to go "
                "by; this is the simple player's bid.",
                "{move}: only {used} of {n} sampled deals could be solved in time, too few to go "
                "by; this is the simple player's bid.",
                planned, move=move_name(simple), used=used,
            )  # fmt: skip
            return Explanation(
                simple, "bid", fallback, tuple(tallies), used, planned, seconds, stopped
            )
        ranked = tuple(sorted(tallies, key=lambda t: (-t.limit, -t.chance.value)))
        limit = best.limit
        move: Move
        if Hold() in legal:
            move = Hold() if view.bid <= limit else Pass()
        elif bids and bids[0].value <= limit:
            move = bids[0]
        else:
            move = Pass()
        args = {
            "move": move_name(move),
            "game": best.declaration.name,
            "wins": best.wins,
            "limit": limit,
        }
        if limit:
            text: Msg = Plural(
                "{move}: you win {game} in {wins} of {n} sampled deal: bid to {limit}.",
                "{move}: you win {game} in {wins} of {n} sampled deals: bid to {limit}.",
                best.samples, **args,
            )  # fmt: skip
        else:
            text = Plural(
                "{move}: no game wins often enough; the best, {game}, wins in {wins} of {n} "
                "sampled deal.",
                "{move}: no game wins often enough; the best, {game}, wins in {wins} of {n} "
                "sampled deals.",
                best.samples, **args,
            )  # fmt: skip
        notes = self._late(stopped, used, planned)
        return Explanation(move, "bid", text, ranked, used, planned, seconds, stopped, notes)

    def _skat(self, view: SkatView) -> Explanation[Move]:
        start = time.perf_counter()
        book = self._bidding_book(view)
        tallies: list[GameTally] = []
        stopped = False
        if book is not None:
            stopped = self._racing(book, start, view.bid).out_of_time
            tallies = book.tallies(view.bid, self.threshold)
        used = book.solved if book is not None else 0
        planned = book.planned if book is not None else 0
        seconds = time.perf_counter() - start
        legal = view.legal_moves()
        hand_games = [t for t in tallies if t.declaration.hand and Declare(t.declaration) in legal]
        picked = [t for t in tallies if not t.declaration.hand]
        best_hand = max(hand_games, key=lambda t: t.score, default=None)
        best_pick = max(picked, key=lambda t: t.score, default=None)
        notes = self._late(stopped, used, planned)
        ranked = tuple(sorted(tallies, key=lambda t: -t.score))
        if (
            best_hand is not None
            and best_hand.samples >= min(self.min_deals, planned)
            and best_hand.chance.value >= self.threshold
            and (best_pick is None or best_hand.score > best_pick.score)
        ):
            text: Msg = Plural(
                "Play {game} without the skat: it wins in {wins} of {n} sampled deal and is "
                "worth {value}.",
                "Play {game} without the skat: it wins in {wins} of {n} sampled deals and is "
                "worth {value}.",
                best_hand.samples, game=best_hand.declaration.name, wins=best_hand.wins,
                value=best_hand.value,
            )  # fmt: skip
            return Explanation(Declare(best_hand.declaration), "skat", text, ranked, used,
                               planned, seconds, stopped, notes)  # fmt: skip
        if best_pick is None:
            text = Msg("Pick up the skat: two more cards may make a game.")
        else:
            text = Plural(
                "Pick up the skat: with it, {game} wins in {wins} of {n} sampled deal.",
                "Pick up the skat: with it, {game} wins in {wins} of {n} sampled deals.",
                best_pick.samples, game=best_pick.declaration.name, wins=best_pick.wins,
            )  # fmt: skip
        return Explanation(PickUpSkat(), "skat", text, ranked, used, planned, seconds, stopped,
                           notes)  # fmt: skip

    def _chosen(self, book: GameBook, bid: int) -> tuple[GameTally, list[GameTally]]:
        """The best game of a book raced by score (among those still running, solved in at least
        :data:`WORDS_DEALS` deals where any is), and every tally best first."""
        tallies = book.tallies(bid, self.threshold)
        running = {book.options[i] for i, r in enumerate(book.running) if r}
        enough = min(self._game_deals, book.planned)
        ranked = sorted(tallies, key=lambda t: (t.option in running, t.samples >= enough,
                                                *_game_key(t, bid)), reverse=True)  # fmt: skip
        return ranked[0], ranked

    @property
    def _game_deals(self) -> int:
        """The fewest deals a discard or declaration may rest on (of those that fit)."""
        return max(self.min_deals, WORDS_DEALS)

    def _settled(self, book: GameBook) -> bool:
        """Whether a race by score is over: one game left, solved in enough deals to say so."""
        running = [i for i, r in enumerate(book.running) if r]
        return len(running) == 1 and len(book.outcomes[running[0]]) >= min(
            WORDS_DEALS, book.planned
        )

    def _too_few(
        self, view: SkatView, used: int, planned: int, seconds: float
    ) -> Explanation[Move]:
        """The simple player's discard or declaration, when too few deals were solved in time."""
        from cardlib.skat.players.bots import HeuristicBot

        simple = HeuristicBot().choose(view)
        text = Plural(
            "{move}: only {used} of {n} sampled deal could be solved in time, too few to go by; "
            "this is the simple player's choice.",
            "{move}: only {used} of {n} sampled deals could be solved in time, too few to go by; "
            "this is the simple player's choice.",
            planned, move=move_name(simple), used=used,
        )  # fmt: skip
        return Explanation(simple, "rule", text, (), used, planned, seconds, True)

    def _discard(self, view: SkatView) -> Explanation[Move]:
        start = time.perf_counter()
        twelve = tuple(view.hand)
        book = self._book(("discard", int(view.seat), twelve), view,
                          lambda: discard_options(twelve))  # fmt: skip
        if book is None:  # nothing plausible: keep the strongest suit game anyway
            from cardlib.skat.players.bots import HeuristicBot

            move = HeuristicBot().choose(view)
            return Explanation(move, "rule", Msg(
                "No game looks strong: lay away as the simple player does."))  # fmt: skip
        race = self._racing(book, start, view.bid, by_score=True, clear=self._settled)
        seconds = time.perf_counter() - start
        tallies = book.tallies(view.bid, self.threshold)
        if not tallies:
            return self._too_few(view, 0, book.planned, seconds)
        best, ranked = self._chosen(book, view.bid)
        used, planned, stopped = best.samples, book.planned, race.out_of_time
        if used < min(self._game_deals, planned):
            return self._too_few(view, used, planned, seconds)
        pair = best.option.discard
        assert pair is not None
        ten = tuple(c for c in twelve if c not in pair)
        self._plans[(int(view.seat), frozenset(ten), frozenset(pair))] = (
            [t for t in tallies if t.option.discard == pair], used, planned, seconds, stopped,
        )  # fmt: skip
        text = Plural(
            "Lay away {first} and {second} for {game}: it wins in {wins} of {n} sampled deal, "
            "worth {value}.",
            "Lay away {first} and {second} for {game}: it wins in {wins} of {n} sampled deals, "
            "worth {value}.",
            best.samples, first=pair[0], second=pair[1], game=best.declaration.name,
            wins=best.wins, value=best.value,
        )  # fmt: skip
        notes = self._late(stopped, used, planned)
        return Explanation(Discard(*pair), "discard", text, tuple(ranked), used, planned,
                           seconds, stopped, notes)  # fmt: skip

    def _declare(self, view: SkatView) -> Explanation[Move]:
        legal = [m for m in view.legal_moves() if isinstance(m, Declare)]
        discards = tuple(view.discards or ())
        ten = tuple(view.hand)
        plan = self._plans.get((int(view.seat), frozenset(ten), frozenset(discards)))
        if plan is not None:
            tallies, used, planned, seconds, stopped = plan
            tallies = [t.rescored(view.bid) for t in tallies]
        else:
            start = time.perf_counter()
            pair = (discards[0], discards[1])

            def options() -> list[GameOption]:
                found = [GameOption(o.declaration, pair)
                         for o in plausible_games((*ten, *discards), hand_games=False)]  # fmt: skip
                return found or [GameOption(m.declaration, pair) for m in legal
                                 if m.declaration.game is not GameType.NULL]  # fmt: skip

            book = self._book(("declare", int(view.seat), ten, discards), view, options)
            assert book is not None
            race = self._racing(book, start, view.bid, by_score=True, clear=self._settled)
            seconds, stopped = time.perf_counter() - start, race.out_of_time
            tallies = book.tallies(view.bid, self.threshold)
            used, planned = (self._chosen(book, view.bid)[0].samples if tallies else 0,
                             book.planned)  # fmt: skip
        allowed = [t for t in tallies if Declare(t.declaration) in legal]
        if not allowed:
            move = legal[0]
            return Explanation(move, "rule", Msg("No game covers the bid; declare {game}.",
                                                 game=move.declaration.name))  # fmt: skip
        best = max(allowed, key=lambda t: _game_key(t, view.bid))
        if best.samples < min(self._game_deals, planned):
            return self._too_few(view, best.samples, planned, seconds)
        text = Plural(
            "Declare {game}: it wins in {wins} of {n} sampled deal, worth {value}.",
            "Declare {game}: it wins in {wins} of {n} sampled deals, worth {value}.",
            best.samples, game=best.declaration.name, wins=best.wins, value=best.value,
        )  # fmt: skip
        notes = self._late(stopped, used, planned)
        ranked = tuple(sorted(allowed, key=lambda t: _game_key(t, view.bid), reverse=True))
        return Explanation(Declare(best.declaration), "declare", text, ranked, best.samples,
                           planned, seconds, stopped, notes)  # fmt: skip

    def _kontra(self, view: SkatView) -> Explanation[Move]:
        start = time.perf_counter()
        legal = view.legal_moves()
        declaration = view.declaration
        assert declaration is not None and view.declarer is not None
        deals = self._deals(view)
        leader = 0
        question = PlayQuestion(declaration.game, int(view.declarer), leader, leader, (), (),
                                0)  # fmt: skip
        run = self._run(_declarer_wins, question, deals, start)
        found, stopped = run.outcomes, run.stopped
        wins = sum(found)
        n = len(found)
        chance = wins / n
        if Kontra() in legal and chance < 1 / 3:
            move: Move = Kontra()
            text: Msg = Plural("Kontra: the declarer wins in only {wins} of {n} sampled deal.",
                               "Kontra: the declarer wins in only {wins} of {n} sampled deals.",
                               n, wins=wins)  # fmt: skip
        elif Re() in legal and chance >= 0.8:
            move = Re()
            text = Plural(
                "Re: the game wins in {wins} of {n} sampled deal.",
                "Re: the game wins in {wins} of {n} sampled deals.",
                n, wins=wins,
            )  # fmt: skip
        else:
            move = Pass()
            text = Plural("No doubling: the declarer wins in {wins} of {n} sampled deal.",
                          "No doubling: the declarer wins in {wins} of {n} sampled deals.",
                          n, wins=wins)  # fmt: skip
        estimate = proportion("declarer wins", wins, n)
        tally = GameTally(GameOption(declaration), n, wins, estimate, 0, 0, 0.0)
        return Explanation(move, "kontra", text, (tally,), n, len(deals),
                           time.perf_counter() - start, stopped)  # fmt: skip

    def _pass_on(self, view: SkatView) -> Explanation[Move]:
        legal = [m for m in view.legal_moves() if isinstance(m, Discard)]

        def danger(card: Card) -> tuple[int, int]:
            return (card.rank.name == "JACK", CARD_POINTS[card.rank])

        move = max(legal, key=lambda m: sum(danger(c)[0] * 20 + danger(c)[1] for c in m.cards))
        first, second = move.cards
        return Explanation(move, "rule", Msg(
            "Ramsch: pass on {first} and {second}, the cards likeliest to take points.",
            first=first, second=second))  # fmt: skip


def _declarer_wins(deal: SampledDeal, q: PlayQuestion) -> bool:
    """Whether the declarer wins the declared game in one sampled deal, from the first trick."""
    hands, skat = deal
    game = q.game
    assert game is not None and q.declarer is not None
    from cardlib.skat.solver.solve import solve_null, solve_position

    if game is GameType.NULL:
        return solve_null(hands, 0, q.declarer)
    return solve_position(hands, 0, game, q.declarer, skat, threshold=WIN_POINTS)


def _game_key(tally: GameTally, bid: int) -> tuple[bool, float, float]:
    """Games that cover the bid first, then by expected score, then by win chance."""
    return (tally.value >= bid, tally.score, float(tally.chance.value))


def _stopped(used: int, planned: int) -> Msg:
    return Plural(
        "The time ran out after {used} of {n} sampled deal.",
        "The time ran out after {used} of {n} sampled deals.",
        planned, used=used,
    )  # fmt: skip
