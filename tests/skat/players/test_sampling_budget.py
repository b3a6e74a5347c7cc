"""What lets the sampling player decide within its budget: ceilings and the leader's focus.

The ceilings are checked against an independent computation: the game's value with every skat
the other 22 cards could make (:func:`game_value`, 231 skats per hand). The race's tallies are
checked against :func:`solve_games` called deal by deal outside the race.
"""

from __future__ import annotations

import time
from functools import partial
from itertools import combinations

from cardlib.cards import SKAT_DECK
from cardlib.players import Budget, Clock
from cardlib.skat import Bid, Deal, GameType, Pass, SamplingBot, new_deal, new_game
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.players.sampling_bidding import (
    GameOption,
    GameQuestion,
    ceiling,
    game_value,
    plausible_games,
    solve_games,
)
from cardlib.skat.players.sampling_deals import sample_deals, unseen_of
from cardlib.skat.players.sampling_race import OUT_AFTER, GameBook


def test_a_ceiling_is_the_most_a_game_is_worth_over_every_skat() -> None:
    for deal in range(6):
        state = new_game(new_deal(deal))
        for seat in range(3):
            ten = tuple(state.view(seat).hand)
            others = [card for card in SKAT_DECK if card not in ten]
            for game in GameType:
                for hand in (False, True):
                    declaration = Declaration(game, hand=hand)
                    every = max(game_value(declaration, (*ten, *pair))
                                for pair in combinations(others, 2))  # fmt: skip
                    assert ceiling(declaration, ten) == every
                    pair = tuple(others[:2])
                    twelve = (*ten, *pair)
                    assert ceiling(declaration, twelve) == game_value(declaration, twelve)


# cardlib's own case: FH holds no jack and a thin diamond suit; its games are worth little.
WEAK = Deal("DA DT DK DQ D9 SA S7 H7 H8 C7", "CJ SJ HJ DJ CA CT CK SK ST HA",
            "CQ C9 C8 SQ S9 S8 HK HQ HT H9", "D8 D7")  # fmt: skip


# FH holds all four jacks and the top clubs (as in test_sampling_race.py).
STRONG = Deal("CJ SJ HJ DJ CA CT CK SA ST HA", "CQ SK SQ HK HQ HT DA DT D9 C7",
              "C8 C9 S7 S8 S9 H7 H8 H9 D7 DK", "D8 DQ")  # fmt: skip


def test_a_game_that_cannot_be_worth_the_bid_is_never_solved_for_it() -> None:
    view = new_game(WEAK).view(0)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(0, options, sample_deals(unseen_of(view), 8, 1), view.hand)
    # ♦ 45, ♥ 100, Null 23, Null Ouvert 46, Grand 120 ("without 4" and a Hand, if no jack lies
    # in the skat): what the brute force over every skat gives too
    assert book.ceilings == (45, 100, 23, 46, 120)
    race = book.race(Clock(None), bid=121, threshold=0.6,
                     clear=lambda b: b.bid_is_clear(121, 0.6))  # fmt: skip
    assert (race.solved, race.clear) == (0, True)
    book.race(Clock(None), bid=100, threshold=0.6)  # only ♥ and Grand can be worth 100
    for i, column in enumerate(book.outcomes):
        assert bool(column) == (book.ceilings[i] >= 100)
        direct = [solve_games(d, GameQuestion(0, (options[i],), 100))[0]
                  for d in book.deals[: len(column)]]  # fmt: skip
        assert column == direct


def test_the_player_passes_a_bid_no_game_can_be_worth_without_solving() -> None:
    state = new_game(WEAK).play(Bid(121))  # FH's games are worth 120 at most
    explanation = SamplingBot(samples=8, rng=1, budget=None).explain(state)
    assert explanation.move == Pass() and explanation.deals == 0
    assert (
        str(explanation)
        == "Pass: no game this hand can play is worth 121, whatever the skat holds."
    )


def test_the_leader_gets_the_solves_left_once_it_needs_them_all() -> None:
    view = new_game(new_deal(7)).view(1)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(1, options, sample_deals(unseen_of(view), 20, 1), view.hand)
    book.race(Clock(None), bid=18, threshold=0.6, by_score=True, clear=lambda b: b.solved >= 3)
    leader = book.leader(18)
    assert leader is not None
    done = len(book.outcomes[leader])
    book.seconds[leader] = 0.1 * done  # the leader's own pace: 0.1 s a solve

    def clock(solves_left: float) -> Clock:  # a budget of 10 s with that many solves left
        return Clock(Budget(seconds=10.0), start=time.perf_counter() - 10.0 + 0.1 * solves_left)

    assert book.focused(18, 10, 20, clock(10 - done - 0.5)) == leader
    assert book.focused(18, 10, 20, clock(10 - done + 0.5)) is None  # time for more than it needs
    assert book.focused(18, done, 20, clock(0)) is None  # it has its deals already


def test_the_leaders_pace_is_its_own_solves_not_the_races() -> None:
    """cardlib's own decision: the games still close to the bid are the slow ones, so the time
    a game's solves took, not the race's average, says how many more it can have."""
    view = new_game(new_deal(7)).view(1)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(1, options, sample_deals(unseen_of(view), 20, 1), view.hand)
    book.race(Clock(None), bid=18, threshold=0.6, by_score=True, clear=lambda b: b.solved >= 3)
    assert all(
        seconds > 0 for seconds, column in zip(book.seconds, book.outcomes, strict=True) if column
    )
    leader = book.leader(18)
    assert leader is not None
    done = len(book.outcomes[leader])
    left = Clock(Budget(seconds=10.0), start=time.perf_counter() - 9.0)  # 1 s left
    book.seconds[leader] = 1.0 * done  # 1 s a solve: one more solve is all it gets
    assert book.focused(18, done + 1, 20, left) == leader
    book.seconds[leader] = 0.01 * done  # 0.01 s a solve: time for a hundred more
    assert book.focused(18, done + 1, 20, left) is None


def test_a_race_by_score_leaves_out_games_worth_less_than_the_bid_when_others_reach_it() -> None:
    view = new_game(new_deal(7)).view(1)
    options = (GameOption(Declaration(GameType.DIAMONDS)), GameOption(Declaration(GameType.GRAND)))
    book = GameBook(1, options, sample_deals(unseen_of(view), 6, 1), view.hand)
    assert book.ceilings == (63, 120)
    book.race(Clock(None), bid=66, threshold=0.6, by_score=True)
    assert not book.outcomes[0] and len(book.outcomes[1]) >= OUT_AFTER
    # when no game reaches the bid, the race by score still solves them (the least bad overbid)
    book = GameBook(1, options, sample_deals(unseen_of(view), 6, 1), view.hand)
    book.race(Clock(None), bid=121, threshold=0.6, by_score=True)
    assert book.outcomes[0] and book.outcomes[1]


def clear_at(bid: int, book: GameBook) -> bool:
    return book.bid_is_clear(bid, 0.6)


def test_the_steps_of_an_auction_never_solve_a_game_in_a_deal_twice() -> None:
    view = new_game(STRONG).view(0)
    options = tuple(plausible_games(tuple(view.hand)))
    book = GameBook(0, options, sample_deals(unseen_of(view), 12, 3), view.hand)
    solves = 0
    for bid in (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48):
        race = book.race(Clock(None), bid=bid, threshold=0.6, clear=partial(clear_at, bid))
        solves += race.solved
    # every solve added one (game, deal) to the book, and every entry is a fresh solve's answer
    assert solves == sum(len(column) for column in book.outcomes)
    for i, column in enumerate(book.outcomes):
        direct = [solve_games(d, GameQuestion(0, (options[i],), 48))[0]
                  for d in book.deals[: len(column)]]  # fmt: skip
        assert column == direct
