"""The random and the heuristic player: always legal, seeded, sensible, and explained."""

from __future__ import annotations

import itertools
import random

import pytest

from cardlib import SKAT_DECK, Card, parse_cards
from cardlib.errors import RulesError
from cardlib.skat import (
    Bid,
    Deal,
    Discard,
    GameType,
    Hold,
    Move,
    Pass,
    PickUpSkat,
    Play,
    RamschRules,
    Rules,
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
    assert "MH's hand looks strong enough to win" in bot.explain(state)
    answering = state.play(Bid(18))
    assert bot.choose(answering) == Pass()  # FH is weak
    weak = bot.explain(answering)  # value and strength are told apart
    assert weak.startswith("Pass: FH's hand is too weak to win a game; a Grand would be worth")
    assert "if won, but these cards are unlikely to win it" in weak and "limit of 0" not in weak
    high = state.play(Bid(100))
    assert bot.choose(high) == Pass()
    strong_fh = new_game(Deal.parse(f"{STRONG} | {WEAK} | HT DA DT D7 SK SQ S7 ST H9 CQ | H8 DJ"))
    assert bot.choose(strong_fh.play(Bid(18))) == Hold()
    assert bot.explain(strong_fh.play(Bid(18))).startswith(
        "Yes (hold): FH's hand looks strong enough to win a Grand; with 3, game 4 × 24 = 96"
    )
    overbid = bot.explain(strong_fh.play(Bid(100)))
    assert overbid.startswith("Pass: 100 would overbid FH's game, worth 96 if won: FH's hand")


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


# --- a bot decides from what its seat may know --------------------------------------------------
GAMES_PER_RULES = 6
"""Seeded games per table option in the test below; each gives every state before the play and
``PLAY_STATES`` states of the play."""
PLAY_STATES = 8
PERMUTATIONS = 3
"""Different deals of the unknown cards tried per state."""

TABLES = {
    "plain": Rules(),
    "kontra": Rules(kontra=True),
    "ramsch when all pass": Rules(ramsch="passed", kontra=True),
    "ramsch": Rules(ramsch="always"),
    "schieberamsch": Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True)),
    "schieberamsch, no jacks passed": Rules(
        ramsch="always", ramsch_rules=RamschRules(schieberamsch=True, pass_jacks=False)
    ),
}


def seeded_game(seed: int, rules: Rules) -> list[SkatState]:
    """Every state of a game; in odd seeds a random player sits in, so that Hand, Null, Ouvert
    and Schneider games, and Kontra, come up too."""
    bots: list[RandomBot | HeuristicBot] = [HeuristicBot(), HeuristicBot(), HeuristicBot()]
    if seed % 2:
        bots[seed % 3] = RandomBot(seed)
    state: SkatState = new_game(new_deal(seed), rules)
    states = [state]
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state = state.play(bots[player].choose(state))
        states.append(state)
    return states


def known_to(history: list[SkatState], seat: int) -> set[Card]:
    """The cards ``seat`` has seen by the last state, counted from the moves (not from a view):
    its own cards as dealt, every card played, the skat it picked up, the cards it laid away or
    passed on, and an Ouvert declarer's hand laid open."""
    last = history[-1]
    known = set(last.deal.hands[seat]) | set(last.trick)
    for trick in last.tricks:
        known |= set(trick.cards)
    for before, after in itertools.pairwise(history):
        if before.current_player != seat:
            continue
        if isinstance(after.last_move, PickUpSkat):
            known |= set(after.hands[seat]) - set(before.hands[seat])
        if isinstance(after.last_move, Discard):
            known |= set(after.last_move.cards)
    declaration, declarer = last.declaration, last.declarer
    ouvert = declaration is not None and declaration.ouvert and last.phase in ("play", "kontra")
    if ouvert and declarer is not None:
        known |= set(last.hands[declarer])
    return known


def redealt(history: list[SkatState], rng: random.Random) -> SkatState | None:
    """The same moves from a deal in which the cards the seat to move cannot know are dealt anew
    among their places (other hands, the skat); the cards others laid away or passed on unseen
    are the new cards in their places. ``None`` if the moves could not have been played so,
    since then the seat could tell the difference (a player who showed out of a suit, say)."""
    seat = history[-1].current_player
    assert seat is not None
    unknown = sorted(set(SKAT_DECK) - known_to(history, seat))
    shuffled = unknown[:]
    rng.shuffle(shuffled)
    swap = dict(zip(unknown, shuffled, strict=True))
    deal = history[0].deal
    state = new_game(
        Deal(*([swap.get(card, card) for card in part] for part in (*deal.hands, deal.skat))),
        history[0].rules,
    )
    for after in history[1:]:
        move: Move | None = after.last_move
        if isinstance(move, Discard):
            move = Discard(*(swap.get(card, card) for card in move.cards))
        assert move is not None
        if not state.is_legal(move):
            return None
        state = state.play(move)
    return state


def sample(states: list[SkatState], rng: random.Random) -> list[list[SkatState]]:
    """Histories up to every state before the play and a few states of the play."""
    moving = [i for i, state in enumerate(states) if not state.is_over]
    play = [i for i in moving if states[i].phase == "play"]
    chosen = [i for i in moving if states[i].phase != "play"]
    chosen += rng.sample(play, min(PLAY_STATES, len(play)))
    return [states[: i + 1] for i in sorted(chosen)]


@pytest.mark.parametrize("rules", TABLES.values(), ids=TABLES.keys())
def test_bots_choose_and_explain_alike_whatever_the_unseen_cards(rules: Rules) -> None:
    rng = random.Random(repr(rules))
    phases: set[str] = set()
    compared = moved = played = 0
    for seed in range(GAMES_PER_RULES):
        for history in sample(seeded_game(seed, rules), rng):
            state = history[-1]
            seat = state.current_player
            assert seat is not None
            for _ in range(PERMUTATIONS):
                other = redealt(history, rng)
                if other is None:
                    continue
                assert other.current_player == seat and other.phase == state.phase
                moved += other.hands != state.hands or other.deal.skat != state.deal.skat
                heuristic = HeuristicBot()
                assert heuristic.choose(other) == heuristic.choose(state), (seed, state)
                assert heuristic.explain(other) == heuristic.explain(state), (seed, state)
                assert RandomBot(seed).choose(other) == RandomBot(seed).choose(state)
                phases.add(state.phase)
                compared += 1
                played += state.phase == "play"
    assert compared >= 6 * GAMES_PER_RULES and moved >= compared * 3 // 4
    assert played >= 3 * GAMES_PER_RULES
    expected = {"play"}
    if rules.ramsch != "always":
        expected |= {"bidding", "skat", "discard", "declare"}
    if rules.kontra:
        expected.add("kontra")
    if rules.ramsch_rules.schieberamsch:
        expected |= {"push", "pass on"}
    assert phases >= expected


def test_bots_take_the_view_of_the_seat_to_move() -> None:
    states = seeded_game(3, Rules(kontra=True))
    for state in states[:-1]:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        bot = HeuristicBot()
        assert bot.choose(view) == bot.choose(state)
        assert bot.explain(view) == bot.explain(state)
        assert RandomBot(1).choose(view) == RandomBot(1).choose(state)
        for other in {0, 1, 2} - {seat}:
            with pytest.raises(RulesError, match="is to move, not"):
                bot.choose(state.view(other))
            with pytest.raises(RulesError, match="is to move, not"):
                RandomBot(1).explain(state.view(other))
    with pytest.raises(RulesError, match="the deal is over"):
        HeuristicBot().choose(states[-1].view(0))
    with pytest.raises(RulesError, match="not a Skat state"):
        RandomBot(1).choose("FH to move")  # type: ignore[arg-type]
