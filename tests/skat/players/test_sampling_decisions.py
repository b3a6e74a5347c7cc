"""The sampling player decides from all that its seat knows and by the table's rules: the two cards
it passed on in a Schieberamsch, where the skat goes at the end of a Ramsch, the card points a
position set up card by card was given, and, when few deals fit, every one of them.

The expected choices come from an account independent of the player: every deal the seat cannot
tell from the real one (the cards it has not seen swapped among their places in every way that
keeps the moves legal), each played out by the engine with perfect play (the mover taking as few
card points as it can in a Ramsch, the others giving it as many; in a suit game the declarer as
many as it can), and the engine's own settlement of the end.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest

from cardlib import SKAT_DECK, Card, parse_cards
from cardlib.skat import (
    Deal,
    Discard,
    GameType,
    HeuristicBot,
    PickUpSkat,
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
from cardlib.skat.engine.facts import card_points
from cardlib.skat.players.sampling import play_question
from cardlib.skat.players.sampling_ramsch import ramsch_points, skat_receiver

# -- the account of what a seat cannot tell apart --------------------------------------------------


def history(deal: Deal, moves: Sequence[str], rules: Rules | None = None) -> list[SkatState]:
    state = new_game(deal, rules)
    states = [state]
    for text in moves:
        state = state.play(parse_move(text))
        states.append(state)
    return states


def known_cards(states: Sequence[SkatState], seat: int) -> set[Card]:
    """What ``seat`` knows, counted from the moves: its cards, the cards played, the skat it took
    up and the cards it laid away or passed on."""
    last = states[-1]
    known = set(last.deal.hands[seat]) | set(last.trick)
    for trick in last.tricks:
        known |= set(trick.cards)
    for before, after in itertools.pairwise(states):
        if before.current_player != seat:
            continue
        if isinstance(after.last_move, PickUpSkat):
            known |= set(after.hands[seat]) - set(before.hands[seat])
        if isinstance(after.last_move, Discard):
            known |= set(after.last_move.cards)
    return known


def replayed(states: Sequence[SkatState], swap: dict[Card, Card]) -> SkatState | None:
    """The same moves on the deal with cards swapped; ``None`` if they are not legal there."""
    deal = states[0].deal
    state = new_game(
        Deal(*([swap.get(c, c) for c in part] for part in (*deal.hands, deal.skat))),
        states[0].rules,
    )
    for after in states[1:]:
        move = after.last_move
        if isinstance(move, Discard):
            move = Discard(*(swap.get(c, c) for c in move.cards))
        assert move is not None
        if not state.is_legal(move):
            return None
        state = state.play(move)
    return state


def indistinguishable(states: Sequence[SkatState], seat: int) -> list[SkatState]:
    """Every state ``seat`` cannot tell from the last one, each deal once."""
    unknown = set(SKAT_DECK) - known_cards(states, seat)
    discarded = {c for s in states if isinstance(s.last_move, Discard) for c in s.last_move.cards}
    deal = states[0].deal
    # the unknown cards' places: each part of the deal, those laid away apart from the rest
    places = [
        [c for c in part if c in unknown and (c in discarded) == away]
        for part in (*deal.hands, deal.skat)
        for away in (False, True)
    ]

    def swaps(i: int, rest: frozenset[Card]) -> Iterator[dict[Card, Card]]:
        if i == len(places):
            yield {}
            return
        for chosen in itertools.combinations(sorted(rest), len(places[i])):
            for swap in swaps(i + 1, rest - set(chosen)):
                yield dict(zip(places[i], chosen, strict=True)) | swap

    found: dict[object, SkatState] = {}
    for swap in swaps(0, frozenset(unknown)):
        state = replayed(states, swap)
        if state is not None:
            skat = state.skat if state.declarer is not None else state.deal.skat
            found.setdefault((state.hands, skat), state)
    return list(found.values())


def ramsch_end(state: SkatState, me: int) -> int:
    """``me``'s card points at the end of a Ramsch as the engine settles it, ``me`` taking as few
    as it can and the others giving it as many as they can."""
    if state.is_over:
        return state.ramsch.card_points[me]  # type: ignore[attr-defined,no-any-return]
    values = [ramsch_end(state.play(move), me) for move in state.legal_moves()]
    return min(values) if state.current_player == me else max(values)


def declarer_end(state: SkatState) -> int:
    """The declarer's card points at the end of a suit game (the skat included), the declarer
    taking as many as it can and the defenders as few."""
    if state.is_over:
        return state.card_points[0]
    values = [declarer_end(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.current_player == state.declarer else min(values)


def ramsch_means(states: Sequence[SkatState]) -> dict[Card, float]:
    """Each legal card of the mover: its card points at the end, on average over every deal that
    it cannot tell from the real one."""
    me = int(states[-1].current_player)  # type: ignore[arg-type]
    worlds = indistinguishable(states, me)
    cards = [move.card for move in states[-1].legal_moves()]  # type: ignore[attr-defined]
    return {
        card: sum(ramsch_end(world.play(Play(card)), me) for world in worlds) / len(worlds)
        for card in cards
    }


# -- Schieberamsch: the seat knows the two cards it passed on -------------------------------------

SCHIEBERAMSCH = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))
SCHIEBE_DEAL = Deal.parse(
    "CA ST SK S8 S7 HA HQ H8 H7 D9 | CJ HJ DJ CK C9 SA HT HK DQ D8 "
    "| SJ CT C8 C7 SQ S9 DA DT DK D7 | H9 CQ"
)
# FH and MH push; RH takes up ♥9 ♣Q and passes ♠J ♦A on, so they are the skat; seven tricks
# later RH leads from ♣10 ♣Q ♦10.
SCHIEBE_MOVES = [
    "push", "push", "s", "SJ DA", "S7", "SA", "SQ", "D8", "D7", "D9", "H7", "HK", "H9", "C9",
    "C8", "CA", "S8", "HT", "S9", "C7", "HA", "CK", "DQ", "DK", "ST",
]  # fmt: skip


def test_in_schieberamsch_the_player_knows_the_cards_it_passed_on_lie_in_the_skat() -> None:
    states = history(SCHIEBE_DEAL, SCHIEBE_MOVES, SCHIEBERAMSCH)
    state = states[-1]
    means = ramsch_means(states)
    best = min(means, key=means.__getitem__)
    # ♦A lies in the skat, so ♦10 takes its trick: ♣Q leaves RH about 6 points fewer
    assert best == Card("CQ") and means[Card("DT")] - means[best] > 6
    assert SamplingBot(samples=6, rng=1, budget=None).choose(state) == Play(best)
    view = state.view(2)
    assert view.discards == parse_cards("SJ DA") and view.skat == parse_cards("H9 CQ")


# -- Ramsch: the skat goes where the rules say ----------------------------------------------------

SKAT_RULES = [
    ("last_trick", "last_trick"),
    ("most_points", "last_trick"),
    ("most_points", "nobody"),
    ("nobody", "last_trick"),
]


@pytest.mark.parametrize(("skat_to", "skat_tie"), SKAT_RULES)
def test_the_ramsch_search_ends_as_the_engine_settles_the_skat(skat_to: str, skat_tie: str) -> None:
    options = RamschRules(skat_to=skat_to, skat_tie=skat_tie)  # type: ignore[arg-type]
    rules = Rules(ramsch="always", ramsch_rules=options)
    bot = HeuristicBot()
    compared = 0
    for seed in range(6):
        state = new_game(new_deal(seed), rules)
        deal = state.deal
        while not state.is_over:
            if len(state.hands[state.current_player]) <= 3:  # type: ignore[index]
                leader = state.trick_leader
                assert leader is not None
                for me in range(3):
                    got = ramsch_points(
                        state.hands, leader, me, trick=state.trick, skat=deal.skat,
                        skat_to=skat_to, skat_tie=skat_tie,
                        taken=state.player_points,  # type: ignore[attr-defined]
                    )  # fmt: skip
                    assert got == ramsch_end(state, me), (seed, me, state.to_text())
                    compared += 1
            state = state.play(bot.choose(state))
    assert compared > 50


def test_the_skat_goes_where_the_rule_text_says() -> None:
    # seed section 5 (docs/rules/skat-scoring.md): to the winner of the last trick, to the player
    # with the most card points without it (on a tie, the fall-back), or to nobody
    assert skat_receiver((40, 50, 30), 0) == 0
    assert skat_receiver((40, 50, 30), 0, "most_points") == 1
    assert skat_receiver((50, 50, 20), 2, "most_points", "last_trick") == 2
    assert skat_receiver((50, 50, 20), 2, "most_points", "nobody") is None
    assert skat_receiver((40, 50, 30), 0, "nobody") is None


RAMSCH_DEAL = new_deal(62)
RAMSCH_MOVES = [
    "S7", "S9", "S8", "C7", "CQ", "C9", "H8", "H7", "CA", "D8", "D7", "DT", "CK", "SK", "C8",
    "CT", "HK", "HA", "SA", "SQ", "ST", "DA",
]  # fmt: skip


def test_in_ramsch_the_player_plays_for_the_skat_as_the_rules_give_it() -> None:
    # RH follows the ♦A from ♣J ♥J ♥9; the skat counts for nobody, so taking the last trick
    # costs nothing more, and ♥9 does best (with the skat to the last trick's winner, ♣J would)
    nobody = Rules(ramsch="always", ramsch_rules=RamschRules(skat_to="nobody"))
    states = history(RAMSCH_DEAL, RAMSCH_MOVES, nobody)
    means = ramsch_means(states)
    best = min(means, key=means.__getitem__)
    assert best == Card("H9") and means[Card("CJ")] - means[best] > 5
    last = history(RAMSCH_DEAL, RAMSCH_MOVES, Rules(ramsch="always"))
    assert min(ramsch_means(last).items(), key=lambda item: item[1])[0] == Card("CJ")
    assert SamplingBot(samples=20, rng=0, budget=None).choose(states[-1]) == Play(best)


# -- a position set up card by card keeps the points taken before it ------------------------------


def set_up(state: SkatState) -> SkatState:
    """The position of a real deal's ``state`` set up card by card: the hands, the trick, the
    skat and the card points taken in the tricks before it, as the record shows them."""
    declaration = state.declaration
    assert declaration is not None and state.declarer is not None
    skat = state.deal.skat if declaration.hand else state.skat
    assert skat is not None
    before = state.card_points[0] - card_points(skat)
    return play_position(
        state.hands, declaration, int(state.declarer), leader=state.trick_leader or 0,
        trick=state.trick, skat=skat, card_points=(before, state.card_points[1]),
        tricks_won=state.tricks_won, bid=state.bid,
    )  # fmt: skip


@pytest.mark.parametrize("hand", [False, True])
def test_a_set_up_position_counts_the_points_taken_before_it_for_every_seat(hand: bool) -> None:
    # FH holds the strong grand hand; heuristic play to the sixth trick
    deal = Deal.parse(
        "CJ SJ HJ DJ CA CT CK SA ST HA | CQ SK SQ HK HQ HT DA DT D9 C7 "
        "| C8 C9 S7 S8 S9 H7 H8 H9 D7 DK | D8 DQ"
    )
    start = ["18", "y", "p", "p", "GH"] if hand else ["18", "y", "p", "p", "s", "D8 DQ", "G"]
    state = history(deal, start)[-1]
    bot = HeuristicBot()
    while len(state.tricks) < 5 or state.current_player == state.declarer:
        state = state.play(bot.choose(state))
    again = set_up(state)
    assert again.card_points == state.card_points
    for seat in range(3):
        assert again.view(seat).card_points == state.view(seat).card_points, seat
    mover = int(state.current_player)  # type: ignore[arg-type]
    assert mover != state.declarer
    cards = [Card("CJ")]
    asked, real = play_question(again.view(mover), cards), play_question(state.view(mover), cards)
    assert (asked.taken, asked.target) == (real.taken, real.target)
    assert real.taken == state.view(mover).card_points[0] > 0


def test_a_defender_plays_for_the_points_the_declarer_already_has() -> None:
    # The declarer (FH) took 57 card points before; RH led ♥8 and FH put ♥K on it. If MH plays
    # ♥7 the declarer takes the trick and has 57 + 4 = 61, so wins (seed rule: 61 card points
    # win), whatever the skat and the last trick hold: ♥7 beats the game in no deal.
    state = play_position(
        ["CJ", "HA H7", "D7"], GameType.GRAND, declarer=0, leader=2, trick=["H8", "HK"],
        card_points=(57, 30),
    )  # fmt: skip
    explanation = SamplingBot(samples=8, rng=1, budget=None).explain(state)
    tallies = {tally.same[0]: tally for tally in explanation.candidates}
    assert tallies[Card("H7")].wins == 0  # type: ignore[union-attr]
    assert explanation.move == Play("HA")


# -- few deals fit: every one of them, and the answer is exact ------------------------------------


FEW_DEAL = Deal.parse(
    "DJ CK C9 SA HA HK H7 DA DK D7 | CJ HJ C8 S7 HT H9 DT DQ D9 D8 "
    "| CA CT CQ C7 ST SK SQ S8 HQ H8 | S9 SJ"
)
# MH plays diamonds; after eight tricks RH, a defender, leads from ♣A ♠K
FEW_MOVES = [
    "18", "p", "p", "s", "HT H9", "D", "SA", "S7", "ST", "HA", "D8", "H8", "CJ", "C7", "D7",
    "SJ", "S8", "DJ", "HJ", "CQ", "DK", "D9", "SQ", "DA", "H7", "DQ", "HQ", "C8", "CT", "CK",
]  # fmt: skip


def few_left() -> list[SkatState]:
    """A diamonds game two tricks before the end: 18 deals fit what RH knows."""
    return history(FEW_DEAL, FEW_MOVES)


def test_when_few_deals_fit_the_player_solves_each_once_and_says_it_is_exact() -> None:
    states = few_left()
    state = states[-1]
    mover = int(state.current_player)  # type: ignore[arg-type]
    assert mover != state.declarer  # a defender: it wins where the declarer ends below 61
    worlds = indistinguishable(states, mover)
    assert 1 < len(worlds) <= 20
    explanation = SamplingBot(samples=20, rng=1, budget=None).explain(state)
    assert explanation.deals == explanation.planned == len(worlds)
    for tally in explanation.candidates:
        card = tally.same[0]  # type: ignore[union-attr]
        wins = sum(declarer_end(world.play(Play(card))) < 61 for world in worlds)
        assert tally.wins == wins  # type: ignore[union-attr]
    text = str(explanation)
    n = len(worlds)
    assert f" of {n} deals that fit (all of them, so " in text and "% is exact)" in text
    assert "sampled" not in text and "interval" not in text


def test_a_ramsch_over_every_deal_that_fits_is_exact() -> None:
    states = history(SCHIEBE_DEAL, SCHIEBE_MOVES, SCHIEBERAMSCH)
    means = ramsch_means(states)
    explanation = SamplingBot(samples=20, rng=1, budget=None).explain(states[-1])
    assert explanation.deals == explanation.planned == 10
    for tally in explanation.candidates:
        assert tally.points.value == pytest.approx(means[tally.same[0]])  # type: ignore[union-attr]
    assert "on average over the 10 deals that fit (all of them, so this is exact)" in str(
        explanation
    )


def test_more_deals_fit_than_samples_still_sampled() -> None:
    states = few_left()
    explanation = SamplingBot(samples=2, rng=1, budget=None).explain(states[-1])
    assert explanation.deals == explanation.planned == 2
    assert "of 2 sampled deals" in str(explanation)
