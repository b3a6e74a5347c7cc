"""Quick bot games (``cardlib.skat.bot_game``): the scripted bidding, then the heuristic player.

The script is cardlib's own decision for studies that need many deals fast: the declarer bids
18 and the others pass, so the expected values below follow from the rules of bidding (seed 004
rules 1-10) and from the heuristic player's own moves, replayed step by step here.
"""

from __future__ import annotations

import pytest

from cardlib.errors import RulesError
from cardlib.skat import Declaration, Declare, GameType, HeuristicBot, new_deal, new_game
from cardlib.skat.engine.facts import order_key
from cardlib.skat.players.bot_games import bot_game, strongest_seat


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_the_declarer_wins_the_bidding_at_18_and_picks_up(seed: int, declarer: int) -> None:
    state = bot_game(seed, declarer)
    assert state.declarer == declarer
    assert state.bid == 18
    assert state.phase == "play" and not state.tricks and not state.trick
    assert [len(hand) for hand in state.hands] == [10, 10, 10]
    assert state.skat is not None and len(state.skat) == 2  # laid away after picking up


@pytest.mark.parametrize("seed", range(8))
def test_the_default_declarer_holds_the_most_jacks(seed: int) -> None:
    hands = new_deal(seed).hands
    jacks = [sum(card.rank.name == "JACK" for card in hand) for hand in hands]
    seat = strongest_seat(new_game(new_deal(seed)))
    assert jacks[seat] == max(jacks)
    assert bot_game(seed).declarer == seat


def test_the_heuristic_player_plays_the_tricks_it_is_asked_for() -> None:
    state = bot_game(3, tricks=4)
    replay = bot_game(3)
    bot = HeuristicBot(rng=3)
    while len(replay.tricks) < 4:
        replay = replay.play(bot.choose(replay))
    assert state.tricks == replay.tricks and state.hands == replay.hands
    assert len(state.tricks) == 4


@pytest.mark.parametrize("game", [GameType.GRAND, GameType.NULL, GameType.HEARTS])
def test_a_game_given_is_declared(game: GameType) -> None:
    state = bot_game(5, declarer=1, game=game)
    assert state.declaration == Declaration(game)
    assert state.last_move == Declare(Declaration(game))


def test_a_null_declarer_lays_away_the_two_highest_cards() -> None:
    state = bot_game(7, declarer=2, game=GameType.NULL)
    twelve = [*new_deal(7).hands[2], *new_deal(7).skat]
    kept = max(order_key(card, GameType.NULL) for card in state.hands[2])
    assert all(order_key(card, GameType.NULL) >= kept for card in state.skat)
    assert sorted(map(str, [*state.hands[2], *state.skat])) == sorted(map(str, twelve))


@pytest.mark.parametrize(
    ("arguments", "named"),
    [({"declarer": 3}, "declarer=3"), ({"game": "G"}, "game='G'"), ({"tricks": 11}, "tricks=11")],
)
def test_bad_arguments_are_refused_by_name(arguments: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        bot_game(1, **arguments)  # type: ignore[arg-type]
