"""A Skitgubbe player that deals out the cards it cannot see, plays every move out, and counts.

:class:`SamplingBot` decides by determinised rollouts. It takes what the seat to move knows
(:func:`knowledge`): its own hand, every card played face up and where it went since (a collected
pile, a hand that picked it up, the discard pile), the sizes of the other hands and of the stock,
the trump card when that seat may see it. It deals the cards it has not seen at random among the
places it cannot see (the other hands, the stock in any order, a hidden trump card, cards set
aside), each such world equally likely, then plays each legal move in each world and the game out
with the heuristic bot in every seat. It picks the move that left it the skitgubbe least often;
ties go to fewer cards left at the end, then to going out earlier, then to the heuristic bot's
move.

Skitgubbe never forces a play (no duty to follow suit or to beat, turning up and picking up are
always allowed), so no play shows what a player does not hold: every deal of the unseen cards
that fits the places is possible.

>>> from cardlib import FULL_DECK
>>> from cardlib.skitgubbe import phase_two_position
>>> kept = "SA SK SQ SJ H2 D3 D4 C5 C6".split()
>>> state = phase_two_position(hands=["SA SK SQ SJ", "D3 D4 C5", "C6"], trumps="S", turn=0,
...     trick=[(2, "H2")], trick_size=3,
...     discard=[card for card in FULL_DECK if str(card) not in kept])
>>> HeuristicBot().choose(state)  # keeps its trumps for later
PickUp()
>>> report = SamplingBot(samples=20, rng=1).explain(state)
>>> report.choice, report.worlds
(Play('SJ'), 20)
>>> print(report)  # doctest: +NORMALIZE_WHITESPACE
♠J leaves you the skitgubbe in 0 of 20 sampled games (0%, 95% interval 0–16%); ♠Q in 0 of 20;
♠K in 0 of 20; ♠A in 0 of 20; picking up in 15 of 20. The sampled games cannot tell it from ♠Q;
it gives up the lower card and keeps the higher one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from cardlib.cards import FULL_DECK, Card, Seat, Suit
from cardlib.errors import RulesError
from cardlib.estimates import Estimate, proportion
from cardlib.i18n import Msg, Plural, Term
from cardlib.limits import check_size
from cardlib.players import (
    Budget,
    Clauses,
    Clock,
    Explanation,
    Pool,
    interval,
    pool_for,
    seeded_worlds,
    solve_worlds,
)
from cardlib.randomness import as_rng
from cardlib.skitgubbe.bots import HeuristicBot, playable_view
from cardlib.skitgubbe.game import phase_one_position, phase_two_position
from cardlib.skitgubbe.moves import Move, Play, TurnUp, parse_move
from cardlib.skitgubbe.phase_one import PhaseOne
from cardlib.skitgubbe.phase_two import PhaseTwo
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.rules import Rules
from cardlib.skitgubbe.state import State
from cardlib.skitgubbe.views import StateView

__all__ = ["Knowledge", "MoveOdds", "SamplingBot", "SamplingReport", "knowledge"]

SAMPLES = 40
"""Worlds a :class:`SamplingBot` samples per decision unless told otherwise."""

Outcome = tuple[int, int, int]
"""One game played out, for the seat that decided: ``(lost, cards left at the end, place)``;
``lost`` is 1 for the skitgubbe, ``place`` 1 for the first out and the table size for the
skitgubbe."""


# -- what the seat to move knows --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything one seat knows of a position, and all a sampled world must agree with.

    ``known[seat]``: the cards known to be in that hand (for the seat itself, its whole hand);
    ``sizes[seat]``: how many cards that hand holds; ``unseen``: the cards whose place the seat
    does not know, in pack order; they fill the rest of the other hands, the stock
    (``stock_size``), a trump card drawn but not shown to the seat, and the cards set aside.
    Phase 1 adds the collected piles, the table and who plays the round; phase 2 the trumps,
    the plays on the trick, its size, the discard pile and who went out.
    """

    rules: Rules
    seat: Seat
    phase: Phase
    turn: Seat
    dealer: Seat
    known: tuple[tuple[Card, ...], ...]
    sizes: tuple[int, ...]
    unseen: tuple[Card, ...]
    stock_size: int = 0
    trump_card: Card | None = None
    trump_owner: Seat | None = None
    collected: tuple[tuple[Card, ...], ...] = ()
    table: tuple[tuple[Seat, Card], ...] = ()
    round_players: tuple[Seat, ...] = ()
    trumps: Suit | None = None
    plays: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    trick_size: int = 0
    discard: tuple[Card, ...] = ()
    out_order: tuple[Seat, ...] = ()

    @property
    def hidden_trump(self) -> bool:
        """Whether a trump card lies face down where this seat may not look (phase 1)."""
        return self.trump_owner is not None and self.trump_card is None

    def deal(self, rng: random.Random) -> State:
        """One world that fits: the unseen cards shuffled into the places the seat cannot see.

        >>> from cardlib.skitgubbe import new_game
        >>> state = new_game(rng=5)
        >>> world = knowledge(state).deal(random.Random(1))
        >>> world.hand(0) == state.hand(0), world.hand(1) == state.hand(1)
        (True, False)
        """
        cards = list(self.unseen)
        rng.shuffle(cards)
        taken = 0

        def take(count: int) -> tuple[Card, ...]:
            nonlocal taken
            taken += count
            return tuple(cards[taken - count : taken])

        hands = [
            known + take(size - len(known))
            for known, size in zip(self.known, self.sizes, strict=True)
        ]
        if self.phase is Phase.ONE:
            stock = take(self.stock_size)
            trump = take(1)[0] if self.hidden_trump else self.trump_card
            assert len(cards) - taken == self.rules.removed_for_two
            return phase_one_position(
                self.rules, hands=hands, stock=stock, collected=self.collected,
                trump_card=trump, trump_owner=self.trump_owner, table=self.table,
                leader=self.round_players[0], turn=self.turn, round_players=self.round_players,
                dealer=self.dealer,
            )  # fmt: skip
        assert self.trumps is not None and len(cards) - taken == self.rules.removed_for_two
        return phase_two_position(
            self.rules, hands=hands, trumps=self.trumps, turn=self.turn, trick=self.plays,
            trick_size=self.trick_size, discard=self.discard, out_order=self.out_order,
            trump_card=self.trump_card, trump_owner=self.trump_owner,
        )  # fmt: skip


def knowledge(state: State | StateView, seat: int | None = None) -> Knowledge:
    """What ``seat`` (default: the player to move) knows of ``state``, read only from its view
    (``state.view(seat)``, or ``state`` itself when it is a view): its hand, the cards face up,
    the piles and hands they went to, the sizes of the hands and of the stock, and the trump card
    when the rules show it to that seat.

    >>> from cardlib.skitgubbe import new_game
    >>> known = knowledge(new_game(rng=5))
    >>> known.seat, known.sizes, len(known.unseen), known.stock_size
    (Seat.A, (3, 3, 3), 49, 43)
    """
    if isinstance(state, StateView):
        view = state
        if seat is not None and seat != view.seat:
            raise RulesError(
                Msg(
                    "knowledge: this view is seat {seat}'s, not {other}'s",
                    seat=repr(view.seat),
                    other=repr(seat),
                )
            )
    elif isinstance(state, PhaseOne | PhaseTwo):
        if seat is None:
            if state.current_player is None:
                raise RulesError(
                    Msg(
                        "knowledge: nobody is to move, the game is over [{summary}]",
                        summary=state.summary_message(),
                    )
                )
            seat = state.current_player
        view = state.view(seat)
    else:
        raise RulesError(
            Msg("knowledge: expected a Skitgubbe state or view, not {state}", state=repr(state))
        )
    me = view.seat
    if me is None:
        raise RulesError(Msg("knowledge: an onlooker's view has no seat to know for"))
    turn = view.current_player
    sizes = view.hand_sizes
    located: set[Card] = set(view.hand)
    if view.phase is Phase.ONE:
        trump = view.trump_card
        for pile in view.collected:
            located.update(pile)
        located.update(card for _, card in view.table)
        if trump is not None:
            located.add(trump)
        return Knowledge(
            view.rules, me, Phase.ONE, turn if turn is not None else me, view.dealer,
            view.known_hands, sizes, _unseen(located), stock_size=view.stock_size, trump_card=trump,
            trump_owner=view.trump_owner, collected=view.collected, table=view.table,
            round_players=view.round_players,
        )  # fmt: skip
    for cards in view.known_hands:
        located.update(cards)
    located.update(card for _, cards in view.plays for card in cards)
    located.update(view.discard)
    return Knowledge(
        view.rules, me, Phase.TWO, turn if turn is not None else me, view.dealer,
        view.known_hands, sizes, _unseen(located), trump_card=view.trump_card,
        trump_owner=view.trump_owner, trumps=view.trumps, plays=view.plays,
        trick_size=view.trick_size, discard=view.discard, out_order=view.out_order,
    )  # fmt: skip


def _unseen(located: set[Card]) -> tuple[Card, ...]:
    return tuple(card for card in FULL_DECK if card not in located)


# -- playing the sampled worlds out -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Task:
    """What every sampled world of one decision shares (it travels to worker processes)."""

    knowledge: Knowledge
    moves: tuple[str, ...]


def _play_out(seed: int, task: _Task) -> tuple[Outcome, ...]:
    """Deal one world from ``seed`` and play each move out in it with the heuristic bot in every
    seat (the same bot seed after each move, so that the moves are compared on equal terms)."""
    rng = random.Random(seed)
    world = task.knowledge.deal(rng)
    rollout = rng.getrandbits(64)
    seat = task.knowledge.seat
    results = []
    for text in task.moves:
        bot = HeuristicBot(rollout)
        state = world.play(parse_move(text))
        while not state.is_over:
            state = state.play(bot.choose(state))
        results.append(_outcome(state, seat))
    return tuple(results)


def _outcome(state: State, seat: Seat) -> Outcome:
    if state.loser == seat:
        return (1, len(state.hand(seat)), len(state.players))
    return (0, 0, state.out_order.index(seat) + 1)


# -- what the sampled games say ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveOdds:
    """How one legal move fared in the sampled games: ``skitgubbe`` times the skitgubbe in
    ``games``, with ``cards_left`` and ``places`` summed over the games (the tie-breaks)."""

    move: Move
    skitgubbe: int
    games: int
    cards_left: int = 0
    places: int = 0

    @property
    def estimate(self) -> Estimate:
        """The chance of ending as the skitgubbe after this move, with its 95% interval."""
        label = str(Msg("the skitgubbe after {move}", move=_move_name(self.move)))
        return proportion(label, self.skitgubbe, self.games)

    @property
    def mean_cards_left(self) -> Fraction:
        """Cards left in hand at the end, on average (0 whenever the seat went out)."""
        return Fraction(self.cards_left, self.games)

    @property
    def mean_place(self) -> Fraction:
        """The place going out on average: 1 for first, the table size for the skitgubbe."""
        return Fraction(self.places, self.games)

    def key(self) -> tuple[int, int, int]:
        """The order of preference: fewer skitgubbe games, fewer cards left, earlier out."""
        return (self.skitgubbe, self.cards_left, self.places)


Reason = Literal["sampled", "only", "repeated", "no_time"]
Tie = Literal["", "cards", "place", "usual", "cheaper", "order"]


class SamplingReport(Explanation[Move]):
    """Why a :class:`SamplingBot` chose its move: the :class:`~cardlib.players.Explanation` both
    games' sampling players give, made from Skitgubbe's numbers and read by its names too.

    ``choice`` is the move; ``odds`` holds one :class:`MoveOdds` per legal move, best first;
    ``worlds`` is how many sampled worlds it used (of ``samples`` asked; fewer when the
    ``budget`` ran out). ``reason``: ``"sampled"``; ``"only"`` (a single legal move, nothing to
    sample); ``"repeated"`` (a repeated position: the move is varied at random to break the
    cycle); ``"no_time"`` (no world fitted in the budget: the heuristic bot's move). ``tie``
    says what decided between the best move and the next when they ended as the skitgubbe
    equally often. ``str(report)`` is the explanation in words, in the current language
    (``sentences()`` one sentence at a time).
    """

    def __init__(
        self, choice: Move, seat: Seat, reason: Reason, odds: tuple[MoveOdds, ...] = (),
        worlds: int = 0, samples: int = 0, budget: float | None = None,
        usual: Move | None = None, tie: Tie = "", seconds: float = 0.0,
        stopped: bool | None = None,
    ) -> None:  # fmt: skip
        text, *notes = _sentences(choice, reason, odds, tie, budget)
        if stopped is None:
            stopped = reason == "no_time" or (reason == "sampled" and worlds < samples)
        super().__init__(
            choice, reason, text, tuple(odds), worlds, samples, seconds, stopped, tuple(notes),
            seat=seat, budget=budget, usual=usual, tie=tie,
        )  # fmt: skip


def _sentences(
    choice: Move, reason: Reason, odds: Sequence[MoveOdds], tie: Tie, budget: float | None
) -> tuple[Msg, ...]:
    """The explanation as whole sentences, each worded when read."""
    if reason == "only":
        return (Msg("{move} is the only legal move.", move=_move_name(choice, start=True)),)
    if reason == "repeated":
        return (
            Msg(
                "This position has come up before since a card last reached the discard "
                "pile, so the play varies at random to break the cycle: {move}.",
                move=_move_name(choice),
            ),
        )
    if reason == "no_time":
        return (
            Msg(
                "No sampled game fitted in the time budget of {seconds} s, so the choice is "
                "the heuristic player's move: {move}.",
                seconds=_decimal(budget or 0.0),
                move=_move_name(choice),
            ),
        )
    best, *others = odds
    head = Plural(
        "{move} leaves you the skitgubbe in {count} of {n} sampled game ({rate}%, 95% "
        "interval {low}–{high}%)",
        "{move} leaves you the skitgubbe in {count} of {n} sampled games ({rate}%, 95% "
        "interval {low}–{high}%)",
        best.games,
        move=_move_name(best.move, start=True),
        count=best.skitgubbe,
        **interval(best.estimate, "rate"),
    )
    rest = [
        Msg("{move} in {count} of {n}", move=_move_name(odds.move), count=odds.skitgubbe,
            n=odds.games)
        for odds in others
    ]  # fmt: skip
    # Translators: the best move's odds, then the other moves' odds separated by "; ".
    sentences: list[Msg] = [Msg("{best}; {others}.", best=head, others=Clauses(rest))]
    if tie:
        sentences.append(_tie_sentence(tie, best, others[0]))
    return tuple(sentences)


def _tie_sentence(tie: Tie, best: MoveOdds, other: MoveOdds) -> Msg:
    name = _move_name(other.move)
    if tie == "cards":
        return Msg(
            "It ends as the skitgubbe as often as {other}, but leaves you fewer cards at the "
            "end on average ({cards} against {other_cards}).",
            other=name,
            cards=_decimal(best.mean_cards_left),
            other_cards=_decimal(other.mean_cards_left),
        )
    if tie == "place":
        return Msg(
            "It ends as the skitgubbe as often as {other} and leaves as many cards, but you "
            "go out earlier on average (place {place} against {other_place}).",
            other=name,
            place=_decimal(best.mean_place),
            other_place=_decimal(other.mean_place),
        )
    if tie == "usual":
        return Msg(
            "The sampled games cannot tell it from {other}; it is the heuristic player's move.",
            other=name,
        )
    if tie == "cheaper":
        return Msg(
            "The sampled games cannot tell it from {other}; it gives up the lower card and "
            "keeps the higher one.",
            other=name,
        )
    return Msg("The sampled games cannot tell it from {other}; either will do.", other=name)


def _move_name(move: Move, *, start: bool = False) -> Msg | Card:
    """A move as a sentence names it: its card, its run, turning up or picking up."""
    if isinstance(move, Play):
        cards = move.cards
        if len(cards) == 1:
            return cards[0]
        if start:
            return Msg("The run {low}–{high}", low=cards[0], high=cards[-1])
        return Msg("the run {low}–{high}", low=cards[0], high=cards[-1])
    if isinstance(move, TurnUp):
        if start:
            return Term("skitgubbe move", "Turning up")
        return Term("skitgubbe move", "turning up")
    if start:
        return Term("skitgubbe move", "Picking up")
    return Term("skitgubbe move", "picking up")


def _cost(move: Move, trumps: Suit | None) -> tuple[int, int, int]:
    """How much a move gives up, for ties: a card before a turn-up or pick-up, a non-trump
    before a trump, a low card before a high one, a longer run before a shorter one.

    >>> _cost(Play("H9"), Suit.SPADES) < _cost(Play("S2"), Suit.SPADES) < _cost(TurnUp(), None)
    True
    """
    if not isinstance(move, Play):
        return (1, 0, 0)
    low = move.cards[0]
    return (0, int(low.suit is trumps), int(low.rank) - 2 * len(move.cards))


def _pack_order(move: Move) -> tuple[int, ...]:
    return tuple(card.index for card in move.cards) if isinstance(move, Play) else ()


def _decimal(value: Fraction | float) -> str:
    """A number as a sentence shows it: ``'1.25'``, ``'0.3'``, ``'1e-09'``."""
    return f"{float(value):.3g}"


# -- the player -----------------------------------------------------------------------------------


class SamplingBot:
    """A Skitgubbe player that samples the unseen cards and plays each move out.

    ``samples``: worlds per decision, at most :data:`~cardlib.limits.MAX_BOT_SAMPLES` (100,000;
    each legal move is played out in every world, so the moves are compared on the same deals).
    ``rng``: a ``random.Random``, a seed or ``None``; each
    decision draws ``samples`` seeds from it, so seeded bots repeat exactly. ``budget``: seconds
    per decision, a :class:`~cardlib.players.Budget` (seconds and/or worlds) or ``None``; with
    seconds the bot stops before a world that would not fit (judged by the worlds so far) and
    reports how many it used. ``workers``, ``executor`` or ``pool``: play the worlds on other
    processes (a :class:`~cardlib.players.Pool` given is shared and left open; ``workers=N``
    makes one of the bot's own, kept across its decisions, that :meth:`close` shuts down); the
    outcomes are the same.

    ``choose(state)`` gives the move; ``explain(state)`` a :class:`SamplingReport` with the
    numbers behind it (right after ``choose`` on the same state, the report of that choice);
    ``hint(state)`` its words as one lazy message.
    """

    def __init__(
        self,
        samples: int = SAMPLES,
        rng: random.Random | int | None = None,
        budget: float | Budget | None = None,
        workers: int | None = None,
        executor: object = None,
        *,
        pool: Pool | None = None,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise RulesError(
                Msg(
                    "SamplingBot(samples={samples}): expected a whole number 1 or more",
                    samples=repr(samples),
                )
            )
        check_size(f"SamplingBot(samples={samples!r})", samples, "MAX_BOT_SAMPLES", RulesError)
        self._budget = Budget.of(budget, "SamplingBot", RulesError)
        self._pool, self._owns_pool = pool_for("SamplingBot", workers, executor, pool, RulesError)
        self.samples = samples
        self.rng = as_rng(rng)
        self.budget = self._budget.seconds if self._budget is not None else None
        self.workers = workers
        self.executor = executor
        self._last: tuple[StateView | State, SamplingReport] | None = None

    def choose(self, state: StateView | State) -> Move:
        """The move that left the player to move the skitgubbe least often in the samples."""
        return self.explain(state).choice

    def explain(self, state: StateView | State) -> SamplingReport:
        """The choice for the player to move in ``state`` (a state, or the view of the seat to
        move; a state's view is taken at once) and the numbers behind it."""
        if self._last is not None and self._last[0] is state:
            return self._last[1]
        report = self._decide(state)
        self._last = (state, report)
        return report

    def hint(self, state: StateView | State) -> Msg:
        """:meth:`explain` in words, as one lazy message worded when read."""
        return self.explain(state).hint()

    @property
    def pool(self) -> Pool | None:
        """The pool the worlds are played on (``None``: in this process)."""
        return self._pool

    def close(self) -> None:
        """Shut down the worker processes this bot started (``workers=N``); a pool given to it
        stays open for its owner to close. A closed bot starts new processes if used."""
        if self._owns_pool and self._pool is not None:
            self._pool.close()
            self._pool = Pool(self._pool.workers)

    def __enter__(self) -> SamplingBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _decide(self, given: StateView | State) -> SamplingReport:
        start = time.perf_counter()
        view = playable_view(given, "SamplingBot")
        seat = view.seat
        assert seat is not None
        legal = view.legal_moves()
        worlds = seeded_worlds(self.samples, self.rng)

        def report(choice: Move, reason: Reason, **more: Any) -> SamplingReport:
            return SamplingReport(
                choice, seat, reason, samples=self.samples, budget=self.budget,
                seconds=time.perf_counter() - start, **more,
            )  # fmt: skip

        if len(legal) == 1:
            return report(legal[0], "only")
        if view.repeated:
            return report(self.rng.choice(legal), "repeated")
        usual = HeuristicBot(0).choose(view)
        task = _Task(knowledge(view), tuple(str(move) for move in legal))
        run = solve_worlds(_play_out, task, worlds, clock=Clock(self._budget, start),
                           pool=self._pool, minimum=0)  # fmt: skip
        results = run.outcomes
        if not results:
            return report(usual, "no_time", usual=usual, stopped=True)
        odds = [
            MoveOdds(
                move,
                sum(result[i][0] for result in results),
                len(results),
                sum(result[i][1] for result in results),
                sum(result[i][2] for result in results),
            )
            for i, move in enumerate(legal)
        ]
        trumps = view.trumps
        order = sorted(
            range(len(legal)),
            key=lambda i: (
                *odds[i].key(),
                legal[i] != usual,
                _cost(legal[i], trumps),
                _pack_order(legal[i]),
            ),
        )
        ranked = tuple(odds[i] for i in order)
        best, second = ranked[0], ranked[1]
        tie: Tie = ""
        if best.skitgubbe == second.skitgubbe:
            if best.cards_left != second.cards_left:
                tie = "cards"
            elif best.places != second.places:
                tie = "place"
            elif best.move == usual:
                tie = "usual"
            elif _cost(best.move, trumps) != _cost(second.move, trumps):
                tie = "cheaper"
            else:
                tie = "order"
        return report(best.move, "sampled", odds=ranked, worlds=len(results), usual=usual,
                      tie=tie, stopped=run.stopped)  # fmt: skip
