"""The sampling player: deals that fit the view, clear choices found, hidden cards never read,
budgets kept, seeded runs repeated, workers changing nothing, and whole deals of every game."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from cardlib.cards import SKAT_DECK, Card, parse_cards
from cardlib.errors import CardlibError, RulesError
from cardlib.i18n import Msg
from cardlib.players import Budget, Pool
from cardlib.players import Explanation as SharedExplanation
from cardlib.probability import seat_knowledge
from cardlib.skat import (
    Bid,
    Deal,
    GameType,
    HeuristicBot,
    Hold,
    Pass,
    Play,
    RamschRules,
    Rules,
    SamplingBot,
    SkatState,
    new_deal,
    new_game,
    parse_move,
    play_position,
)
from cardlib.skat.engine.facts import card_points, follow_group, trick_winner
from cardlib.skat.players.sampling import Explanation, GameTally, MoveTally, play_question
from cardlib.skat.players.sampling_deals import SKAT, Unseen, sample_deal, unseen_of
from cardlib.skat.players.sampling_play import PlayQuestion, solve_candidates
from cardlib.skat.players.sampling_ramsch import ramsch_points


def replay(deal: str, moves: Sequence[str], rules: Rules | None = None) -> SkatState:
    state = new_game(Deal.parse(deal), rules)
    for text in moves:
        state = state.play(parse_move(text))
    return state


def heuristic_until(seed: int, stop: object, rules: Rules | None = None) -> SkatState:
    """The heuristic players' first deal from ``seed`` on that reaches a state where
    ``stop(state)``, up to that state."""
    bot = HeuristicBot()
    for number in range(seed, seed + 50):
        state = new_game(new_deal(number), rules)
        while not state.is_over and not stop(state):  # type: ignore[operator]
            state = state.play(bot.choose(state))
        if not state.is_over:
            return state
    raise AssertionError(f"no deal from {seed} on reaches the state asked for")


def every_deal(unseen: Unseen) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every deal of the unseen cards that fits (small positions), one by one."""

    def place(i: int, rest: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        allowed = [c for c in rest if follow_group(c, unseen.game) not in unseen.voids[i]]
        if i == len(unseen.places) - 1:
            if len(allowed) == len(rest):
                yield (rest,)
            return
        for chosen in itertools.combinations(allowed, unseen.places[i]):
            left = tuple(c for c in rest if c not in chosen)
            for others in place(i + 1, left):
                yield (chosen, *others)

    for parts in place(0, unseen.cards):
        hands = list(unseen.known)
        skat = list(unseen.skat)
        for holder, cards in zip(unseen.holder_seats, parts, strict=True):
            if holder < 3:
                hands[holder] = cards
            elif holder == SKAT:
                skat += cards
        yield (hands[0] or (), hands[1] or (), hands[2] or ()), tuple(skat)


# -- the deals sampled -------------------------------------------------------------------------


def test_sampled_deals_fit_the_view_and_are_counted_as_the_inference_counts_them() -> None:
    state = heuristic_until(5, lambda s: s.phase == "play" and len(s.tricks) == 4)
    for seat in range(3):
        view = state.view(seat)
        unseen = unseen_of(view)
        assert unseen.count() == seat_knowledge(view).deal_count()
        voids = {h: v for h, v in zip(unseen.holder_seats, unseen.voids, strict=True)}
        rng = random.Random(seat)
        for _ in range(50):
            hands, skat = sample_deal(unseen, rng)
            assert hands[seat] == tuple(view.hand)
            assert [len(h) for h in hands] == list(view.hand_sizes)
            everything = [*hands[0], *hands[1], *hands[2], *skat]
            played = [c for t in view.tricks for c in t.cards]
            assert sorted(map(str, everything + played)) == sorted(map(str, SKAT_DECK))
            for holder, void in voids.items():
                if holder < 3:
                    game = unseen.game
                    assert not any(follow_group(c, game) in void for c in hands[holder])


def test_every_fitting_deal_is_drawn_equally_often() -> None:
    state = heuristic_until(11, lambda s: s.phase == "play" and len(s.tricks) == 7)
    view = state.view(state.current_player)  # type: ignore[arg-type]
    unseen = unseen_of(view)
    fitting = {(h, s) for h, s in every_deal(unseen)}
    assert len(fitting) == unseen.count()
    draws = 200 * len(fitting)
    rng = random.Random(3)
    seen = Counter(sample_deal(unseen, rng) for _ in range(draws))
    assert set(seen) == fitting
    chi2 = sum((count - 200) ** 2 / 200 for count in seen.values())
    df = len(fitting) - 1
    assert chi2 < df + 4 * math.sqrt(2 * df)  # far inside the chi-square's spread


# -- clear choices --------------------------------------------------------------------------------


def clear_choice(state: SkatState) -> Card | None:
    """The card that does at least as well as every other in each deal that fits the mover's
    view, and better than each other card in at least half of them; None if there is none."""
    view = state.view(state.current_player)  # type: ignore[arg-type]
    legal = [m.card for m in view.legal_moves() if isinstance(m, Play)]
    question = play_question(view, legal).asking("exact", legal)
    rows = [solve_candidates(deal, question) for deal in every_deal(unseen_of(view))]
    sign = 1 if view.seat == view.declarer else -1
    values = [[sign * int(row[i][1] or 0) for row in rows] for i in range(len(legal))]
    for i, card in enumerate(legal):
        if all(
            all(a >= b for a, b in zip(values[i], values[j], strict=True))
            and 2 * sum(a > b for a, b in zip(values[i], values[j], strict=True)) >= len(rows)
            for j in range(len(legal))
            if j != i
        ):
            return card
    return None


POSITION_SEEDS = (24, 46, 59)


@pytest.mark.parametrize("seed", POSITION_SEEDS)
def test_the_player_finds_the_card_that_is_best_in_every_deal_that_fits(seed: int) -> None:
    state = heuristic_until(
        seed, lambda s: s.phase == "play" and len(s.hands[0]) == 4 and not s.trick
    )
    assert len(state.hands[0]) == 4 and not state.trick
    best = clear_choice(state)
    assert best is not None
    bot = SamplingBot(samples=30, rng=seed, budget=None)
    assert bot.choose(state) == Play(best)
    explanation = bot.explain(state)
    assert explanation.candidates[0].same[0] == best or best in explanation.candidates[0].same


# -- hidden cards ---------------------------------------------------------------------------------


def _rebuilt(state: SkatState, seat: int, rng: random.Random) -> SkatState:
    """The same moves on another deal that the mover (``seat``, the declarer who picked up the
    skat) cannot tell apart: the defenders' unplayed cards dealt anew as the view allows."""
    view = state.view(seat)
    hands, _ = sample_deal(unseen_of(view), rng)
    played: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            played[(trick.leader + i) % 3].append(card)
    if state.trick:
        for i, card in enumerate(state.trick):
            played[(state.trick_leader + i) % 3].append(card)  # type: ignore[operator]
    deal = state.deal
    dealt = [list(deal.hands[p]) if p == seat else [*hands[p], *played[p]] for p in range(3)]
    rebuilt = Deal(dealt[0], dealt[1], dealt[2], deal.skat)
    again = new_game(rebuilt)
    for move in state.moves():
        again = again.play(move)
    return again


def test_the_choice_does_not_depend_on_where_the_hidden_cards_really_are() -> None:
    state = heuristic_until(2, lambda s: s.phase == "play" and len(s.tricks) == 5)
    while state.current_player != state.declarer:
        state = state.play(HeuristicBot().choose(state))
    seat = int(state.declarer)  # type: ignore[arg-type]
    bot = SamplingBot(samples=10, rng=4, budget=None)
    first = bot.explain(state)
    rng = random.Random(9)
    others = [_rebuilt(state, seat, rng) for _ in range(3)]
    assert any(o.hands != state.hands for o in others)
    for other in others:
        assert other.view(seat) == state.view(seat)
        again = bot.explain(other)
        assert again.move == first.move
        assert str(again) == str(first)
        assert again.candidates == first.candidates


def test_in_the_bidding_the_other_hands_and_the_skat_may_lie_anywhere() -> None:
    deal = new_deal(21)
    state = new_game(deal)
    bot = SamplingBot(samples=4, rng=1, budget=None)
    first = bot.explain(state)
    rest = [*deal.fh, *deal.rh, *deal.skat]
    random.Random(2).shuffle(rest)
    other = new_game(Deal(rest[:10], deal.mh, rest[10:20], rest[20:]))
    again = SamplingBot(samples=4, rng=1, budget=None).explain(other)
    assert (again.move, str(again)) == (first.move, str(first))


def test_the_player_decides_from_a_view_and_never_from_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardlib.skat.engine.play import PlayState

    state = heuristic_until(4, lambda s: s.phase == "play" and len(s.tricks) == 6)
    view = state.view(state.current_player)  # type: ignore[arg-type]
    expected = SamplingBot(samples=8, rng=3, budget=None).explain(state)
    with pytest.raises(RulesError, match="is to move"):
        SamplingBot().choose(state.view((int(view.seat) + 1) % 3))

    def hidden(self: object) -> None:
        raise AssertionError("the player read the state")

    monkeypatch.setattr(PlayState, "hands", property(hidden))
    monkeypatch.setattr(PlayState, "deal", property(hidden))
    got = SamplingBot(samples=8, rng=3, budget=None).explain(view)
    assert (got.move, str(got)) == (expected.move, str(expected))


# -- budgets, seeds, workers ----------------------------------------------------------------------


class TickingClock:
    """A clock that moves on ``tick`` seconds each time it is read. Put in place of
    ``time.perf_counter``, it is the clock of the budget, the deadline inside each search (read
    every few hundred nodes) and the test alike: time is then the work done, the same on an idle
    machine and on a loaded one. Wall-clock decision times: ``benchmarks/budgets.py``."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_a_small_budget_stops_early_and_says_how_many_deals_it_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = heuristic_until(1, lambda s: s.phase == "play" and len(s.tricks) == 1 and not s.trick)
    clock = TickingClock(0.001)
    monkeypatch.setattr(time, "perf_counter", clock)
    bot = SamplingBot(samples=200, rng=1, budget=0.05)
    explanation = bot.explain(state)
    assert clock.now < 0.05 * 2  # the budget held, give or take the last deal's search
    monkeypatch.undo()
    assert explanation.stopped
    assert 1 <= explanation.deals < explanation.planned == 200
    assert f"after {explanation.deals} of 200 sampled deals" in str(explanation)
    assert all(t.samples == explanation.deals for t in explanation.candidates)
    unlimited = SamplingBot(samples=4, rng=1, budget=None).explain(state)
    assert not unlimited.stopped and unlimited.deals == 4


def test_seeded_players_repeat_a_whole_deal_exactly() -> None:
    start = heuristic_until(8, lambda s: s.phase == "play" and len(s.tricks) == 4)

    def run(seed: int) -> list[str]:
        bots = [SamplingBot(samples=4, rng=seed + i, budget=None) for i in range(3)]
        state = start
        texts = []
        while not state.is_over:
            explanation = bots[state.current_player].explain(state)  # type: ignore[index]
            texts.append(f"{explanation.move} {explanation}")
            state = state.play(explanation.move)
        return texts

    assert run(1) == run(1)


def test_workers_change_nothing_but_the_speed() -> None:
    state = heuristic_until(6, lambda s: s.phase == "play" and len(s.tricks) == 5)
    alone = SamplingBot(samples=6, rng=5, budget=None).explain(state)
    with SamplingBot(samples=6, rng=5, budget=None, workers=2) as bot:
        shared = bot.explain(state)
        assert bot.explain(state).candidates == shared.candidates
    assert (shared.move, str(shared), shared.candidates) == (
        alone.move, str(alone), alone.candidates,
    )  # fmt: skip
    with Pool(2) as pool:
        for _ in range(2):  # one pool, two players, one after another
            given = SamplingBot(samples=6, rng=5, budget=None, pool=pool).explain(state)
            assert (given.move, str(given), given.candidates) == (
                alone.move, str(alone), alone.candidates,
            )  # fmt: skip


def test_a_budget_of_deals_stops_after_that_many_without_saying_the_time_ran_out() -> None:
    state = heuristic_until(3, lambda s: s.phase == "play" and len(s.tricks) == 6 and not s.trick)
    counted = SamplingBot(samples=10, rng=1, budget=Budget(count=3)).explain(state)
    assert (counted.deals, counted.planned, counted.stopped) == (3, 10, True)
    assert all(t.samples == 3 for t in counted.candidates)
    assert "time ran out" not in str(counted)
    again = SamplingBot(samples=10, rng=1, budget=Budget(count=3)).explain(state)
    assert (again.move, str(again), again.candidates) == (
        counted.move, str(counted), counted.candidates,
    )  # fmt: skip


def test_the_hint_is_the_explanation_as_one_message() -> None:
    state = heuristic_until(3, lambda s: s.phase == "play" and len(s.tricks) == 6 and not s.trick)
    view = state.view(state.current_player)  # type: ignore[arg-type]
    bot = SamplingBot(samples=6, rng=1, budget=None)
    hint = bot.hint(view)
    assert isinstance(hint, Msg) and str(hint) == str(bot.explain(view))
    assert Explanation is SharedExplanation


# -- explanations ---------------------------------------------------------------------------------


def test_a_play_is_explained_with_tallies_intervals_and_a_sentence() -> None:
    state = heuristic_until(3, lambda s: s.phase == "play" and len(s.tricks) == 6 and not s.trick)
    explanation = SamplingBot(samples=10, rng=1, budget=None).explain(state)
    assert isinstance(explanation, Explanation) and explanation.kind == "play"
    best = explanation.candidates[0]
    assert isinstance(best, MoveTally) and best.chance is not None
    assert best.chance.low - 1e-9 <= best.chance.value <= best.chance.high + 1e-9
    assert best.points is not None  # five cards or fewer: card points solved exactly
    assert f"in {best.wins} of 10 sampled deals" in str(explanation)
    assert str(explanation).split()[0] == explanation.move.symbol  # type: ignore[attr-defined]
    assert explanation.deals == explanation.planned == 10 and not explanation.stopped


def test_a_strong_hand_bids_and_says_how_often_it_wins() -> None:
    deal = Deal("CJ SJ HJ DJ CA CT CK SA ST HA", "CQ SK SQ HK HQ HT DA DT D9 C7",
                "C8 C9 S7 S8 S9 H7 H8 H9 D7 DK", "D8 DQ")  # fmt: skip
    state = new_game(deal).play(Bid(18))  # MH says 18; FH (the strong hand) answers
    explanation = SamplingBot(samples=8, rng=1, budget=None).explain(state)
    assert explanation.move == Hold()
    assert "Grand" in str(explanation) and "bid to" in str(explanation)
    best = max(explanation.candidates, key=lambda t: t.limit)  # type: ignore[union-attr]
    assert isinstance(best, GameTally) and best.limit >= 72
    weak = new_game(deal).play(Bid(18)).play(Hold())  # MH, the weak hand, may go on
    assert SamplingBot(samples=4, rng=1, budget=None).choose(weak) == Pass()


# -- whole deals ----------------------------------------------------------------------------------

STRONG = {
    GameType.CLUBS: "CA CT CK CQ C9 C8 C7 SA HA DA",
    GameType.SPADES: "SA ST SK SQ S9 S8 S7 CA HA DA",
    GameType.HEARTS: "HA HT HK HQ H9 H8 H7 CA SA DA",
    GameType.DIAMONDS: "DA DT DK DQ D9 D8 D7 CA SA HA",
    GameType.GRAND: "CJ SJ HJ DJ CA CT CK SA ST HA",
    GameType.NULL: "C7 C8 C9 S7 S8 S9 H7 H8 D7 D8",
}


@pytest.mark.parametrize("game", list(STRONG))
def test_whole_deals_of_every_game_type_are_played_to_the_end(game: GameType) -> None:
    fh = parse_cards(STRONG[game])
    rest = [c for c in SKAT_DECK if c not in fh]  # the others get a little of every suit
    state: SkatState = new_game(Deal(fh, rest[0:20:2], rest[1:20:2], rest[20:]))
    bots = [SamplingBot(samples=6, rng=i, budget=1.0, min_deals=2) for i in range(3)]
    while not state.is_over:
        move = bots[state.current_player].choose(state)  # type: ignore[index]
        assert state.is_legal(move)
        state = state.play(move)
    assert state.declarer == 0
    assert state.declaration is not None and state.declaration.game is game
    assert state.result is not None and state.result.made is not None


@pytest.mark.parametrize("schieberamsch", [False, True])
def test_ramsch_deals_are_played_to_the_end(schieberamsch: bool) -> None:
    rules = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=schieberamsch))
    state: SkatState = new_game(new_deal(4), rules)
    bots = [SamplingBot(samples=6, rng=i, budget=1.0) for i in range(3)]
    while not state.is_over:
        explanation = bots[state.current_player].explain(state)  # type: ignore[index]
        assert state.is_legal(explanation.move)
        state = state.play(explanation.move)
    assert state.ramsch is not None  # type: ignore[attr-defined]


def test_in_ramsch_the_player_keeps_the_fewest_card_points() -> None:
    state = new_game(new_deal(4), Rules(ramsch="always"))
    bot = HeuristicBot()
    while state.phase == "play" and not (len(state.trick) == 1 and len(state.hands[0]) >= 5):
        state = state.play(bot.choose(state))
    explanation = SamplingBot(samples=8, rng=1, budget=None).explain(state)
    assert explanation.kind == "play"
    points = [t.points for t in explanation.candidates]  # type: ignore[union-attr]
    assert all(p is not None for p in points) and len(points) > 1
    assert points[0].value == min(p.value for p in points)  # type: ignore[union-attr]
    assert explanation.move == explanation.candidates[0].move
    assert "card points on average in 8 sampled deals" in str(explanation)


def test_the_ramsch_search_agrees_with_a_plain_minimax() -> None:
    game = GameType.GRAND

    def plain(hands: list[list[Card]], leader: int, me: int, skat: Sequence[Card]) -> int:
        def search(leader: int, trick: list[Card]) -> int:
            if len(trick) == 3:
                winner = (leader + trick_winner(trick, game)) % 3
                last = not hands[0]
                points = card_points(trick) + (card_points(skat) if last else 0)
                mine = points if winner == me else 0
                return mine if last else mine + search(winner, [])
            seat = (leader + len(trick)) % 3
            hand = hands[seat]
            led = [
                c for c in hand if trick and follow_group(c, game) == follow_group(trick[0], game)
            ]
            values = []
            for card in led or list(hand):
                hand.remove(card)
                values.append(search(leader, [*trick, card]))
                hand.append(card)
            return min(values) if seat == me else max(values)

        return search(leader, [])

    rng = random.Random(5)
    for seed in range(60):
        deal = new_deal(seed)
        size = rng.randint(1, 4)
        hands = [list(h)[:size] for h in deal.hands]
        leader, me = rng.randrange(3), rng.randrange(3)
        expected = plain([list(h) for h in hands], leader, me, deal.skat)
        assert ramsch_points(hands, leader, me, skat=deal.skat) == expected


def test_bad_settings_and_finished_deals_are_refused() -> None:
    for bad in ({"samples": 0}, {"budget": 0}, {"threshold": 1.5}, {"workers": 0}):
        with pytest.raises(CardlibError):
            SamplingBot(**bad)  # type: ignore[arg-type]
    over = play_position(["CJ", "SJ", "HJ"], GameType.GRAND, declarer=0)
    over = over.play(Play("CJ")).play(Play("SJ")).play(Play("HJ"))
    with pytest.raises(RulesError, match="over"):
        SamplingBot().choose(over)
    question = PlayQuestion(GameType.NULL, 0, 0, 0, (), parse_cards("H7 HA"))
    deal = ((parse_cards("H7 HA"), parse_cards("H8 D8"), parse_cards("H9 D9")), ())
    assert solve_candidates(deal, question) == ((True, None), (False, None))
