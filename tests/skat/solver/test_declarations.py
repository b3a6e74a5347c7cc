"""declaration_odds against the solver asked deal by deal, and the values the rules give."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardlib.errors import CardlibError
from cardlib.skat import Declaration, GameType, sample_deals, value
from cardlib.skat.players.sampling_bidding import heuristic_discards
from cardlib.skat.solver.declarations import SCHNEIDER, SCHWARZ, declaration_odds, needs
from cardlib.skat.solver.solve import solve_null, solve_position, wins_every_trick

HAND = "SJ HJ CA CT C9 SA ST SQ HT DT"
GAMES = (GameType.CLUBS, GameType.GRAND, GameType.NULL)


@pytest.fixture(scope="module")
def odds():
    return declaration_odds(HAND, samples=5, rng=3, games=GAMES)


def test_each_deal_is_what_the_solver_says_of_it(odds) -> None:
    deals = sample_deals(HAND, samples=5, rng=3)
    for index, (hands, skat) in enumerate(deals):
        assert odds.skats[index] == skat
        twelve = (*hands[0], *skat)
        for game in GAMES:
            pair = heuristic_discards(twelve, game)[0]
            ten = tuple(card for card in twelve if card not in pair)
            for hand_game, cards, laid in ((True, hands, skat), (False, (ten, *hands[1:]), pair)):
                level = odds.reached[(game, hand_game)][index]
                if game is GameType.NULL:
                    assert level == solve_null(cards, 0, 0)
                    continue
                points = solve_position(cards, 0, game, 0, laid)
                assert (level >= 1) == (points >= 61)
                assert (level >= SCHNEIDER) == (points >= 90)
                assert (level == SCHWARZ) == wins_every_trick(cards, 0, game)


def test_a_declaration_needs_what_it_announces() -> None:
    # the seed rules: announced Schneider needs 90, announced Schwarz every trick, Ouvert is Schwarz
    assert needs(Declaration(GameType.SPADES)) == 1
    assert needs(Declaration(GameType.SPADES, hand=True, schneider=True)) == SCHNEIDER
    assert needs(Declaration(GameType.SPADES, hand=True, schwarz=True)) == SCHWARZ
    assert needs(Declaration.ouvert_game(GameType.SPADES)) == SCHWARZ
    assert needs(Declaration(GameType.NULL, ouvert=True)) == 1


def test_chances_and_scores_are_counts_over_the_same_deals(odds) -> None:
    grand = Declaration(GameType.GRAND, hand=True)
    levels = odds.reached[(GameType.GRAND, True)]
    assert odds.wins(grand) == sum(level >= 1 for level in levels)
    assert odds.chance(grand) == Fraction(odds.wins(grand), 5)
    schneider = Declaration(GameType.GRAND, hand=True, schneider=True)
    assert odds.wins(schneider) == odds.reaches(grand, SCHNEIDER)
    for skat, level, score in zip(odds.skats, levels, odds.scores(grand, 20), strict=True):
        worth = value(grand, (*odds.hand, *skat)).worth
        assert score == (worth if level >= 1 else -2 * worth)
    assert odds.average_score(grand, 20) == Fraction(sum(odds.scores(grand, 20)), 5)


def test_an_overbid_game_is_lost_whatever_the_play(odds) -> None:
    # ♣ without 1, game 2: worth 24 unless the skat holds ♣J. At bid 30 that is overbid: the
    # smallest multiple of 12 reaching 30 is 36, lost: −72 (the seed's overbid rule)
    clubs = Declaration(GameType.CLUBS)
    levels = odds.reached[(GameType.CLUBS, False)]
    worths = [value(clubs, (*odds.hand, *skat)).worth for skat in odds.skats]
    assert 24 in worths
    for worth, level, score in zip(worths, levels, odds.scores(clubs, 30), strict=True):
        assert score == (-72 if worth < 30 else worth if level else -2 * worth)


def test_a_game_not_solved_and_bad_games_are_refused(odds) -> None:
    with pytest.raises(CardlibError, match="was not solved here"):
        odds.wins(Declaration(GameType.HEARTS))
    with pytest.raises(CardlibError, match="expected one GameType"):
        declaration_odds(HAND, samples=1, games=("clubs",))
