"""The sampling bot: it deals out only the cards its seat has not seen, finds a move that is best
in every world it could be in, decides the same however the hidden cards lie, keeps to its time
budget, repeats itself when seeded, gives the same numbers on any number of workers, and plays
whole games at every table size and with every rule option."""

from __future__ import annotations

import random
import time
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cardlib import FULL_DECK, Card, Seat
from cardlib.errors import RulesError
from cardlib.estimates import chi_square_test, proportion
from cardlib.i18n import Msg
from cardlib.players import Budget, Explanation, Pool
from cardlib.skitgubbe import (
    HeuristicBot,
    PhaseOne,
    PhaseTwo,
    PickUp,
    Play,
    Rules,
    SamplingBot,
    State,
    TurnUp,
    new_game,
    phase_two_position,
)
from cardlib.skitgubbe.bots import repeated_position
from cardlib.skitgubbe.sampling import MoveOdds, SamplingReport, knowledge

TABLES = {
    "two": Rules(players=2),
    "two, everyone plays, runs, 10 removed, owner sees trumps, skip empty": Rules(
        players=2, phase_one="all", sequences=True, removed_for_two=10,
        trump_visibility="owner", phase_one_end="skip_empty",
    ),
    "two, runs, 44 removed, trumps seen by all": Rules(
        players=2, sequences=True, removed_for_two=44, trump_visibility="all"
    ),
    "three": Rules(players=3),
    "three, everyone plays, runs, owner sees trumps, skip empty": Rules(
        players=3, phase_one="all", sequences=True, trump_visibility="owner",
        phase_one_end="skip_empty",
    ),
    "three, runs, trumps seen by all": Rules(players=3, sequences=True, trump_visibility="all"),
    "four": Rules(players=4),
    "four, everyone plays, owner sees trumps, skip empty": Rules(
        players=4, phase_one="all", trump_visibility="owner", phase_one_end="skip_empty"
    ),
    "four, runs, trumps seen by all": Rules(players=4, sequences=True, trump_visibility="all"),
}  # fmt: skip
"""Every table size, and every value of every rule option at each size."""


def pack(seed: int) -> list[Card]:
    cards = list(FULL_DECK)
    random.Random(seed).shuffle(cards)
    return cards


def heuristic_game(rules: Rules, seed: int) -> list[State]:
    """Every state of a seeded game between heuristic bots."""
    bot = HeuristicBot(seed)
    state: State = new_game(rules, deck=pack(seed))
    states = [state]
    while not state.is_over:
        state = state.play(bot.choose(state))
        states.append(state)
    return states


def redealt(state: State, deck: list[Card], rng: random.Random) -> State | None:
    """The same moves from a pack in which the cards the player to move has not seen are
    shuffled among their places; ``None`` if a move is then refused."""
    seat = state.current_player
    assert seat is not None
    seen = state.seen_by(seat)
    places = [i for i, card in enumerate(deck) if card not in seen]
    unseen = [deck[i] for i in places]
    rng.shuffle(unseen)
    other = deck[:]
    for place, card in zip(places, unseen, strict=True):
        other[place] = card
    first = state.history()[0]
    replayed: State = new_game(state.rules, dealer=first.dealer, deck=other)
    for mover, move in state.moves():
        if not replayed.is_legal(move, mover):
            return None
        replayed = replayed.play(move)
    return replayed


def decisions(rules: Rules, seed: int, count: int) -> list[State]:
    """``count`` positions with a choice to make from a seeded game, phase 1 and phase 2."""
    states = [s for s in heuristic_game(rules, seed) if len(s.legal_moves()) > 1]
    rng = random.Random(seed)
    ones = [s for s in states if s.phase == 1]
    twos = [s for s in states if s.phase == 2]
    half = count // 2
    return rng.sample(ones, min(half, len(ones))) + rng.sample(twos, min(half, len(twos)))


# -- what the seat knows ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", TABLES.values(), ids=TABLES.keys())
def test_the_bot_knows_exactly_what_its_seat_has_seen(rules: Rules) -> None:
    """The cards it treats as unseen are those its seat has not seen; the cards it places in the
    other hands are there; a dealt world keeps everything the seat knows."""
    rng = random.Random(repr(rules))
    checked = placed = 0
    for seed in range(12):  # three games, or more when games are short
        if checked >= 40 and seed >= 3:
            break
        for state in heuristic_game(rules, seed)[:-1]:
            seat = state.current_player
            assert seat is not None
            known = knowledge(state)
            assert set(known.unseen) == set(FULL_DECK) - state.seen_by(seat)
            assert known.sizes == tuple(len(hand) for hand in state.hands)
            for other, cards in enumerate(known.known):
                assert set(cards) <= set(state.hand(other))
                placed += len(cards) if other != seat else 0
            world = known.deal(rng)
            assert world.current_player == seat and world.phase == state.phase
            assert world.hand(seat) == state.hand(seat)
            assert set(world.legal_moves()) == set(state.legal_moves())
            assert [len(hand) for hand in world.hands] == list(known.sizes)
            for other, cards in enumerate(known.known):
                assert set(cards) <= set(world.hand(other))
            assert world.trick == state.trick and world.stock_size == state.stock_size
            assert world.discard == state.discard
            checked += 1
    assert checked >= 40 and placed > 0


def test_a_dealt_world_puts_each_unseen_card_anywhere_with_the_right_chance() -> None:
    """At the first lead of three players, an unseen card lies in B's hand, C's hand or the
    stock as often as those places hold cards: 3, 3 and 43 of 49."""
    known = knowledge(new_game(Rules(players=3), rng=4))
    card = known.unseen[0]
    rng = random.Random(1)
    places: Counter[str] = Counter()
    for _ in range(1500):
        world = known.deal(rng)
        assert isinstance(world, PhaseOne)
        place = "B" if card in world.hand(1) else "C" if card in world.hand(2) else "stock"
        assert place != "stock" or card in world.stock
        places[place] += 1
    shares = [Fraction(3, 49), Fraction(3, 49), Fraction(43, 49)]
    test = chi_square_test("where", [places["B"], places["C"], places["stock"]], shares)
    assert not test.significant(0.001), test


def test_a_hidden_trump_card_is_dealt_like_any_unseen_card() -> None:
    state: State = new_game(Rules(players=3), rng=2)
    bot = HeuristicBot(2)
    while state.trump_card is None:
        state = state.play(bot.choose(state))
    seat = state.current_player
    assert seat is not None and not state.trump_visible_to(seat)
    known = knowledge(state)
    assert known.hidden_trump and known.trump_card is None
    assert state.trump_card in known.unseen
    trumps = {known.deal(random.Random(seed)).trump_card for seed in range(12)}
    assert len(trumps) > 3


# -- it finds what is best everywhere ---------------------------------------------------------

# Trumps ♦. C led ♦5; A holds ♦9 ♦7 ♠7 ♥J and must beat it or pick it up. B holds one card and
# C three of ♦Q ♦J ♣K ♠2, A cannot tell which: four worlds.
CLEAR = {"A": "D9 D7 S7 HJ", "B": "DQ", "C": "DJ CK S2", "lead": "D5", "trumps": "D"}


def clear_position(b: str, c: str) -> State:
    kept = " ".join([CLEAR["A"], b, c, CLEAR["lead"]]).split()
    return phase_two_position(
        Rules(players=3), hands=[CLEAR["A"], b, c], trumps=CLEAR["trumps"], turn=Seat.A,
        trick=[(Seat.C, CLEAR["lead"])], trick_size=3,
        discard=[card for card in FULL_DECK if str(card) not in kept],
    )  # fmt: skip


def played_out(state: State, seat: Seat) -> bool:
    """Whether ``seat`` ends as the skitgubbe when heuristic bots play ``state`` out."""
    bot = HeuristicBot(0)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state.loser == seat


def test_the_move_that_is_best_in_every_world_is_found() -> None:
    """Picking up saves A in each of the four worlds A could be in; beating loses in each. The
    heuristic bot beats (its cheapest card that does); the sampling bot picks up."""
    state = clear_position(CLEAR["B"], CLEAR["C"])
    unseen = (CLEAR["B"] + " " + CLEAR["C"]).split()
    worlds = [clear_position(b, " ".join(card for card in unseen if card != b)) for b in unseen]
    for world in worlds:
        assert knowledge(world) == knowledge(state)
        for move in world.legal_moves():
            assert played_out(world.play(move), Seat.A) == (move != PickUp())
    assert HeuristicBot().choose(state) == Play("D7")
    report = SamplingBot(samples=16, rng=3).explain(state)
    assert report.choice == PickUp() and report.reason == "sampled" and report.worlds == 16
    assert [(odds.move, odds.skitgubbe, odds.games) for odds in report.odds] == [
        (PickUp(), 0, 16), (Play("D7"), 16, 16), (Play("D9"), 16, 16),
    ]  # fmt: skip
    assert report.tie == "" and report.usual == Play("D7")
    assert str(report) == (
        "Picking up leaves you the skitgubbe in 0 of 16 sampled games (0%, 95% interval "
        "0–19%); ♦7 in 16 of 16; ♦9 in 16 of 16."
    )


# -- it decides from what its seat may know -------------------------------------------------------


@pytest.mark.parametrize(
    "rules", [TABLES["three"], TABLES["two, runs, 44 removed, trumps seen by all"],
              TABLES["four, everyone plays, owner sees trumps, skip empty"]],
    ids=["three", "two", "four"],
)  # fmt: skip
def test_the_choice_does_not_depend_on_where_the_hidden_cards_are(rules: Rules) -> None:
    """Deal the cards the player to move has not seen differently, consistently with what it
    saw: what it knows, its choice and its numbers stay the same."""
    rng = random.Random(5)
    compared = moved = 0
    for seed in range(2):
        for state in decisions(rules, seed, 6):
            other = redealt(state, pack(seed), rng)
            if other is None:
                continue
            assert knowledge(other) == knowledge(state)
            report = SamplingBot(samples=3, rng=seed).explain(state)
            assert SamplingBot(samples=3, rng=seed).explain(other) == report
            compared += 1
            moved += other.hands != state.hands
    assert compared >= 8 and moved >= compared // 2


class Peeking(AssertionError):
    """The bot looked at something its seat may not see."""


def test_the_bot_never_looks_at_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the bot decides, reading another player's hand, the stock or a trump card hidden
    from the player to move fails (in the real state and in every sampled world)."""
    hand = State.hand
    trump_card = PhaseOne.trump_card

    def guarded_hand(self: State, seat: int) -> Any:
        if not self.is_over and seat != self.current_player:
            raise Peeking(f"the hand of {seat} read with {self.current_player} to move")
        return hand(self, seat)

    def guarded_stock(self: PhaseOne) -> Any:
        raise Peeking("the stock read")

    def guarded_trump(self: PhaseOne) -> Any:
        if self._trump is not None and not self.trump_visible_to(self.current_player):
            raise Peeking("a hidden trump card read")
        return trump_card.fget(self)  # type: ignore[attr-defined]

    states = decisions(Rules(players=3), 7, 8)
    late = heuristic_game(Rules(players=3), 7)
    states += [s for s in late if s.phase == 1 and s.trump_card is not None][:2]
    monkeypatch.setattr(State, "hand", guarded_hand)
    monkeypatch.setattr(PhaseOne, "stock", property(guarded_stock))
    monkeypatch.setattr(PhaseOne, "trump_card", property(guarded_trump))
    for state in states:
        if state.current_player is None:
            continue
        report = SamplingBot(samples=2, rng=1).explain(state)
        assert report.choice in state.legal_moves()
    first = states[0]
    assert first.current_player is not None
    with pytest.raises(Peeking):
        first.hand((first.current_player + 1) % 3)  # the guard works


# -- time, seeds and workers --------------------------------------------------------------------


class TickingClock:
    """A clock that moves on ``tick`` seconds each time it is read. Put in place of
    ``time.perf_counter``, it is the clock of the player's budget and of the test alike, and
    time is then the work done (each world's clock readings), the same on an idle machine and on
    a loaded one. The wall-clock time of a decision is measured in ``benchmarks/budgets.py``."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_the_time_budget_is_kept_and_the_worlds_used_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(time, "perf_counter", TickingClock(0.02))
    state = new_game(Rules(players=3), rng=9)
    bot = SamplingBot(samples=100_000, rng=1, budget=0.3)
    start = time.perf_counter()
    report = bot.explain(state)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.3 + 0.2, elapsed
    monkeypatch.undo()
    assert 1 <= report.worlds < 100_000 and report.samples == 100_000
    assert sum(odds.games for odds in report.odds) == report.worlds * len(state.legal_moves())
    # the worlds it used are the first of its seeds: the same numbers as a run asked for them
    again = SamplingBot(samples=report.worlds, rng=1).explain(state)
    assert again.odds == report.odds


def test_no_time_for_a_single_world_gives_the_heuristic_move() -> None:
    state = new_game(Rules(players=3), rng=9)
    report = SamplingBot(rng=1, budget=1e-9).explain(state)
    assert report.reason == "no_time" and report.worlds == 0
    assert report.choice == HeuristicBot().choose(state)
    assert "time budget of 1e-09 s" in str(report)


def test_seeded_bots_repeat_exactly_and_seeds_matter() -> None:
    reports = []
    for seed in (4, 4, 5):
        bot = SamplingBot(samples=2, rng=seed)
        state: State = new_game(Rules(players=3), rng=2)
        played: list[SamplingReport] = []
        while not state.is_over and len(played) < 15:
            played.append(bot.explain(state))
            assert bot.choose(state) == played[-1].choice  # choose explains the same decision
            state = state.play(played[-1].choice)
        reports.append(played)
    assert reports[0] == reports[1]
    assert reports[0] != reports[2]


def test_workers_give_the_same_numbers() -> None:
    state = decisions(Rules(players=3), 3, 2)[-1]
    serial = SamplingBot(samples=6, rng=8).explain(state)
    assert SamplingBot(samples=6, rng=8, workers=2).explain(state) == serial
    timed = SamplingBot(samples=6, rng=8, workers=2, budget=30).explain(state)
    assert timed.odds == serial.odds and timed.worlds == 6
    with Pool(2) as pool, SamplingBot(samples=6, rng=8, pool=pool) as shared:
        assert shared.explain(state) == serial
    assert pool.closed


def test_a_budget_of_worlds_uses_the_first_seeds_and_says_so_in_numbers() -> None:
    state = new_game(Rules(players=3), rng=9)
    counted = SamplingBot(samples=40, rng=1, budget=Budget(count=3)).explain(state)
    assert (counted.worlds, counted.samples, counted.stopped) == (3, 40, True)
    assert counted.odds == SamplingBot(samples=3, rng=1).explain(state).odds
    assert SamplingBot(samples=3, rng=1).explain(state).stopped is False


def test_the_hint_is_the_explanation_as_one_message() -> None:
    state = clear_position(CLEAR["B"], CLEAR["C"])
    bot = SamplingBot(samples=16, rng=3)
    hint = bot.hint(state)
    assert isinstance(hint, Msg) and str(hint) == str(bot.explain(state))
    assert isinstance(bot.explain(state), Explanation)


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", TABLES.values(), ids=TABLES.keys())
def test_whole_games_with_the_sampling_bot_in_every_seat(rules: Rules) -> None:
    state: State = new_game(rules, rng=11)
    bots = [SamplingBot(samples=1, rng=seat) for seat in range(rules.players)]
    reasons: Counter[str] = Counter()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        report = bots[seat].explain(state)
        assert report.choice in state.legal_moves() and str(report)
        reasons[report.reason] += 1
        state = state.play(report.choice)
    assert state.result is not None and reasons["sampled"] >= 5


# -- the explanation ----------------------------------------------------------------------------


def test_the_explanation_gives_counts_rates_and_intervals() -> None:
    odds = (MoveOdds(Play("H9"), 2, 40, 3, 70), MoveOdds(Play("CK"), 9, 40, 20, 80))
    report = SamplingReport(Play("H9"), Seat.A, "sampled", odds, worlds=40, samples=40)
    assert str(report) == (
        "♥9 leaves you the skitgubbe in 2 of 40 sampled games (5%, 95% interval 1–17%); "
        "♣K in 9 of 40."
    )
    estimate = odds[0].estimate
    assert estimate.value == Fraction(2, 40) and estimate.n == 40
    assert (estimate.low, estimate.high) == (
        proportion("x", 2, 40).low,
        proportion("x", 2, 40).high,
    )
    assert odds[0].mean_cards_left == Fraction(3, 40) and odds[0].mean_place == Fraction(7, 4)
    single = (MoveOdds(TurnUp(), 1, 1, 4, 3), MoveOdds(Play("HT", "HJ"), 1, 1, 5, 3))
    tied = SamplingReport(TurnUp(), Seat.B, "sampled", single, worlds=1, samples=1, tie="cards")
    assert str(tied) == (
        "Turning up leaves you the skitgubbe in 1 of 1 sampled game (100%, 95% interval "
        "21–100%); the run ♥10–♥J in 1 of 1. It ends as the skitgubbe as often as the run "
        "♥10–♥J, but leaves you fewer cards at the end on average (4 against 5)."
    )


def test_a_single_legal_move_and_a_repeated_position_need_no_sampling() -> None:
    state = phase_two_position(
        Rules(players=3), hands=["H2 C3", "SA", "D4"], trumps="S", turn=Seat.A,
        trick=[(Seat.C, "HK")], trick_size=3,
        discard=[c for c in FULL_DECK if str(c) not in "H2 C3 SA D4 HK".split()],
    )  # fmt: skip
    report = SamplingBot(rng=1).explain(state)
    assert report.reason == "only" and report.choice == PickUp() and report.worlds == 0
    assert str(report) == "Picking up is the only legal move."
    # four players, A out, hearts trumps: the only trump goes round (as in the cycle tests)
    kept = "C8 C7 ST D3 CA CQ S9 H9 C9 D7".split()
    cycle: State = phase_two_position(
        Rules(players=4), hands=["", "C8 C7 ST D3", "CA CQ S9 H9", "C9 D7"], trumps="H",
        turn=Seat.B, out_order=[Seat.A],
        discard=[card for card in FULL_DECK if str(card) not in kept],
    )  # fmt: skip
    for move in [Play("D3"), Play("H9"), PickUp(), PickUp(), Play("S9"), Play("H9"), PickUp(),
                 PickUp(), Play("D7"), Play("H9"), PickUp(), PickUp()]:  # fmt: skip
        cycle = cycle.play(move)
    assert isinstance(cycle, PhaseTwo) and repeated_position(cycle)
    choices = {SamplingBot(rng=seed).explain(cycle).choice for seed in range(8)}
    assert len(choices) > 1 and choices <= set(cycle.legal_moves())
    assert SamplingBot(rng=0).explain(cycle).reason == "repeated"


def test_bad_settings_and_finished_games_are_refused() -> None:
    for settings in ({"samples": 0}, {"samples": 2.5}, {"budget": 0}, {"budget": "1"},
                     {"workers": 2, "executor": object()}):  # fmt: skip
        with pytest.raises(RulesError, match="SamplingBot"):
            SamplingBot(**settings)  # type: ignore[arg-type]
    over = phase_two_position(hands=["", "H9", ""], trumps="S", out_order=[0, 2],
                              discard=[c for c in FULL_DECK if str(c) != "H9"])  # fmt: skip
    with pytest.raises(RulesError, match="game is over"):
        SamplingBot().choose(over)
    with pytest.raises(RulesError, match="Skitgubbe states"):
        SamplingBot().choose("HT")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="not a seat"):
        knowledge(new_game(rng=1), 5)
