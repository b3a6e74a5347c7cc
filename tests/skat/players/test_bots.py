"""The random and the heuristic player: always legal, seeded, sensible, and explained."""

from __future__ import annotations

from cardlib import parse_cards
from cardlib.skat import (
    Bid,
    Deal,
    GameType,
    Hold,
    Pass,
    Play,
    SkatState,
    new_deal,
    new_game,
    play_position,
)
from cardlib.skat.players.bots import HeuristicBot, RandomBot, null_risks, playable

STRONG = "CJ SJ HJ CA CT CK C9 C8 SA HA"
WEAK = "C7 S8 S9 H7 HQ HK D8 D9 DQ DK"


def play_out(seed: int, bots: list[RandomBot | HeuristicBot]) -> SkatState:
    state: SkatState = new_game(new_deal(seed))
    while not state.is_over:
        player = state.current_player
        assert player is not None
        move = bots[player].choose(state)
        assert state.is_legal(move)
        state = state.play(move)
    return state


def test_random_bot_is_legal_and_seeded() -> None:
    first = play_out(3, [RandomBot(1), RandomBot(2), RandomBot(3)])
    again = play_out(3, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert first.moves() == again.moves()


def test_heuristic_bots_play_whole_deals_and_mostly_make_their_games() -> None:
    made = declared = passed = 0
    for seed in range(30):
        state = play_out(seed, [HeuristicBot(), HeuristicBot(), HeuristicBot()])
        result = state.result
        assert result is not None
        if result.passed_in:
            passed += 1
            continue
        declared += 1
        made += bool(result.made)
    assert declared >= 20 and passed <= 10
    assert made / declared >= 0.6


def test_heuristic_beats_random_defenders() -> None:
    made = declared = 0
    for seed in range(20):
        bots: list[RandomBot | HeuristicBot] = [RandomBot(seed), RandomBot(seed + 1), RandomBot(7)]
        state: SkatState = new_game(new_deal(seed))
        declarer_bot = HeuristicBot()
        while not state.is_over:
            player = state.current_player
            assert player is not None
            bot = declarer_bot if state.phase != "bidding" and player == state.declarer else None
            if state.phase == "bidding":
                bot = declarer_bot if player == 0 else None
                move = bot.choose(state) if bot else Pass()
            else:
                move = (bot or bots[player]).choose(state)
            state = state.play(move)
        if state.result is not None and not state.result.passed_in:
            declared += 1
            made += bool(state.result.made)
    assert declared >= 8 and made / declared >= 0.7


def test_bidding_follows_the_hand() -> None:
    deal = Deal.parse(f"{WEAK} | {STRONG} | HT DA DT D7 SK SQ S7 ST H9 CQ | H8 DJ")
    bot = HeuristicBot()
    state = new_game(deal)
    assert bot.choose(state) == Bid(18)  # MH is strong
    assert "MH's hand can play" in bot.explain(state)
    answering = state.play(Bid(18))
    assert bot.choose(answering) == Pass()  # FH is weak
    assert bot.explain(answering).startswith("Pass: 18 is more than FH's limit of 0")
    high = state.play(Bid(100))
    assert bot.choose(high) == Pass()
    strong_fh = new_game(Deal.parse(f"{STRONG} | {WEAK} | HT DA DT D7 SK SQ S7 ST H9 CQ | H8 DJ"))
    assert bot.choose(strong_fh.play(Bid(18))) == Hold()


def test_hand_evaluation() -> None:
    assert playable(parse_cards(STRONG), GameType.CLUBS)
    assert not playable(parse_cards(WEAK), GameType.CLUBS)
    assert null_risks(parse_cards("C7 C9 S7 S8 H7 H9 HJ D7 D8 D9")) == 0
    assert null_risks(parse_cards("CA C9 S7 S8 H7 H9 HJ D7 D8 D9")) == 1


def test_play_choices_are_sensible_and_explained() -> None:
    bot = HeuristicBot()
    # the last defender wins a trick the declarer is taking, as cheaply as possible
    state = play_position(["D7", "HA HT", "H7"], GameType.CLUBS, declarer=0, trick=["H8", "HK"],
                          leader=2)  # fmt: skip
    assert state.current_player == 1
    assert bot.choose(state) == Play("HT")
    assert "as cheaply as possible" in bot.explain(state)
    # a defender whose partner wins the trick adds points
    state = play_position(["D7", "HT H8", "H9"], GameType.CLUBS, declarer=0, trick=["HA", "H7"],
                          leader=2)  # fmt: skip
    assert bot.choose(state) == Play("HT")
    assert "partner wins the trick" in bot.explain(state)
    # a Null declarer ducks under the trick
    null = play_position(["HK H9", "HA C7", "C8"], GameType.NULL, declarer=0,
                         trick=["HQ"], leader=2)  # fmt: skip
    assert null.current_player == 0
    assert bot.choose(null) == Play("H9")
    assert bot.explain(null).startswith("Play ♥9: Null: duck under ♥Q")


def test_heuristic_bot_also_plays_a_ramsch() -> None:
    from cardlib.skat import Rules

    state: SkatState = new_game(new_deal(3), Rules(ramsch="always"))
    bot = HeuristicBot()
    while not state.is_over:
        move = bot.choose(state)
        assert state.is_legal(move) and bot.explain(state)
        state = state.play(move)
    assert state.result is not None
