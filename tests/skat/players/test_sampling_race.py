"""The race of candidate games in the bidding, at the skat and at the discard.

The expected tallies come from :func:`solve_games` called deal by deal on the same sampled deals,
outside the race: a race may only leave games out, never change what a deal says of a game.
"""

from __future__ import annotations

from cardlib.estimates import proportion
from cardlib.players import Budget, Clock
from cardlib.skat import Bid, Deal, Discard, Pass, PickUpSkat, SamplingBot, new_deal, new_game
from cardlib.skat.players.sampling_bidding import (
    GameQuestion,
    discard_options,
    plausible_games,
    solve_games,
)
from cardlib.skat.players.sampling_deals import sample_deals, unseen_of
from cardlib.skat.players.sampling_race import OUT_AFTER, GameBook


def book_for(deal: int, seat: int, samples: int) -> GameBook:
    view = new_game(new_deal(deal)).view(seat)
    options = tuple(plausible_games(tuple(view.hand)))
    return GameBook(seat, options, sample_deals(unseen_of(view), samples, deal))


def test_each_game_is_solved_in_the_first_deals_in_order_and_agrees_with_a_plain_solve() -> None:
    book = book_for(7, 1, 8)
    book.race(Clock(None), bid=18, threshold=0.6)
    direct = [solve_games(deal, GameQuestion(1, book.options, 18)) for deal in book.deals]
    for i, column in enumerate(book.outcomes):
        assert column == [row[i] for row in direct[: len(column)]]
    assert book.solved == 8


def test_a_game_whose_interval_lies_below_the_threshold_is_out_of_the_running() -> None:
    ruled_out = 0
    for deal in range(7, 12):
        book = book_for(deal, 1, 8)
        book.race(Clock(None), bid=18, threshold=0.6)
        for i, column in enumerate(book.outcomes):
            if len(column) < book.solved:  # left out early: its interval fell below 60%
                ruled_out += 1
                assert not book.running[i] and len(column) >= OUT_AFTER
                assert proportion("", sum(w for w, _ in column), len(column)).high < 0.6
            else:
                assert len(column) == book.solved
    assert ruled_out  # the race left some game out in these deals


# FH holds all four jacks and the top clubs: saying 18 is clear after a few deals.
STRONG = Deal("CJ SJ HJ DJ CA CT CK SA ST HA", "CQ SK SQ HK HQ HT DA DT D9 C7",
              "C8 C9 S7 S8 S9 H7 H8 H9 D7 DK", "D8 DQ")  # fmt: skip


def test_a_clear_bid_ends_the_race_and_the_next_step_starts_from_the_book() -> None:
    view = new_game(STRONG).play(Bid(18)).view(0)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(0, options, sample_deals(unseen_of(view), 20, 1))
    race = book.race(Clock(None), bid=18, threshold=0.6, clear=lambda b: b.bid_is_clear(18, 0.6))
    assert race.clear and race.solved < 20  # no need for all twenty deals
    again = book.race(Clock(None), bid=18, threshold=0.6, clear=lambda b: b.bid_is_clear(18, 0.6))
    assert (again.solved, again.clear) == (0, True)


def test_a_count_budget_caps_the_deals_of_a_book() -> None:
    book = book_for(7, 1, 12)
    race = book.race(Clock(Budget(count=5)), bid=18, threshold=0.6)
    assert (book.solved, race.out_of_time) == (5, False)
    assert race.solved == sum(len(column) for column in book.outcomes)
    assert all(len(column) == 5 for i, column in enumerate(book.outcomes) if book.running[i])


def test_without_a_time_limit_an_auction_repeats_exactly() -> None:
    def auction(seed: int) -> list[str]:
        state = new_game(new_deal(21))
        bots = [SamplingBot(samples=6, rng=seed + i, budget=None) for i in range(3)]
        said = []
        while state.phase == "bidding":
            explanation = bots[int(state.current_player)].explain(state)  # type: ignore[arg-type]
            said.append(f"{explanation.move} {explanation}")
            state = state.play(explanation.move)
        return said

    first = auction(3)
    assert first == auction(3)
    assert len(first) >= 2


def test_a_discard_on_too_few_deals_is_the_simple_players_and_says_so() -> None:
    state = new_game(new_deal(5))
    while state.phase != "discard":
        state = state.play(SamplingBot(samples=4, rng=1, budget=None).choose(state))
    seat = int(state.current_player)  # type: ignore[arg-type]
    twelve = tuple(state.view(seat).hand)
    assert discard_options(twelve)  # there is a game worth solving
    bot = SamplingBot(samples=10, rng=1, budget=Budget(count=2), min_deals=4)
    explanation = bot.explain(state)
    assert isinstance(explanation.move, Discard) and explanation.kind == "rule"
    assert "only 2 of 10 sampled deals" in str(explanation)
    assert "simple player's choice" in str(explanation)
    # a discard needs ten deals whatever min_deals says (cardlib's own guard: never "4 of 4")
    eight = SamplingBot(samples=10, rng=1, budget=Budget(count=8), min_deals=4).explain(state)
    assert eight.kind == "rule" and "only 8 of 10 sampled deals" in str(eight)
    enough = SamplingBot(samples=10, rng=1, budget=Budget(count=10), min_deals=4).explain(state)
    assert enough.kind == "discard" and enough.deals == 10


def test_the_most_promising_game_is_solved_first_and_the_others_wait() -> None:
    # The strong hand above: its likeliest game keeps winning, so it alone is solved until
    # saying 18 is clear; the games listed after it are never solved.
    view = new_game(STRONG).play(Bid(18)).view(0)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(0, options, sample_deals(unseen_of(view), 20, 1))
    race = book.race(Clock(None), bid=18, threshold=0.6, clear=lambda b: b.bid_is_clear(18, 0.6))
    lengths = [len(column) for column in book.outcomes]
    assert race.clear and race.solved == sum(lengths)
    assert lengths[0] == book.solved and 0 in lengths[1:]


def test_a_bid_is_clear_from_any_game_not_only_the_first_listed() -> None:
    view = new_game(STRONG).play(Bid(18)).view(0)
    options = tuple(reversed(plausible_games(tuple(view.hand))))
    book = GameBook(0, options, sample_deals(unseen_of(view), 20, 1))
    race = book.race(Clock(None), bid=18, threshold=0.6, clear=lambda b: b.bid_is_clear(18, 0.6))
    assert race.clear and race.solved < len(options) * 20
    covering = [column for column in book.outcomes
                if proportion("", sum(w and v >= 18 for w, v in column), len(column) or 1).low
                >= 0.6]  # fmt: skip
    assert covering  # the bid is clear because some game covers it at the bottom of its interval


def test_next_game_leaves_a_game_that_lost_for_one_not_yet_solved() -> None:
    book = book_for(7, 1, 8)
    assert book.next_game(18, 0.6, False, 8) == 0
    book.outcomes[0].append((False, 24))
    assert book.next_game(18, 0.6, False, 8) == 1
    book.outcomes[1].append((True, 24))
    assert book.next_game(18, 0.6, False, 8) == 1  # a game that keeps winning goes on


def test_a_null_and_its_ouvert_share_every_solve() -> None:
    # Deal 52: MH holds a Null hand (lesson 15). Under perfect play the two games win in the same
    # deals, so one solve answers both and their tallies cover the same deals (before they were
    # shared, the race left the Ouvert at 6 of 9 while the Null went on to 15 of 18).
    bidding = SamplingBot(samples=20, rng=1, budget=None).explain(new_game(new_deal(52)))
    tallies = {str(t.declaration): (t.wins, t.samples) for t in bidding.candidates}
    assert tallies["Null"] == tallies["Null Ouvert"]


def test_when_every_game_is_likely_lost_the_discard_is_the_least_bad() -> None:
    """MH won the bid at 18 and found ♦9 ♦7 in the skat: no game wins in most deals. A race by
    expected score rules a game out only when another scores better, so the discard chosen is
    never a game that another, solved in as many deals, beats (cardlib's own position, from
    `benchmarks/decisions.py`'s tenth deal; the expected scores are the race's own tallies)."""
    state = new_game(Deal("HJ CQ SQ S7 HK H7 DA DT DK DQ", "CJ DJ CA CK C8 C7 SA S8 HQ H8",
                          "SJ CT C9 ST SK S9 HA HT H9 D8", "D9 D7"))  # fmt: skip
    state = state.play(Bid(18)).play(Pass()).play(Pass()).play(PickUpSkat())
    explanation = SamplingBot(samples=20, rng=38, budget=None).explain(state)
    chosen, *others = explanation.candidates
    assert isinstance(explanation.move, Discard) and chosen.chance.value < 0.5
    assert not [t for t in others if t.samples >= chosen.samples and t.score > chosen.score]
