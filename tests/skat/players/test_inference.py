"""Reading the bidding and the play: the model of P(action | hand), the weighted deals, and the
inference player that uses them."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardlib.cards import SKAT_DECK, Card, Hand
from cardlib.players import Pool
from cardlib.skat import Bid, GameType, HeuristicBot, Hold, Pass, new_deal, new_game
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.engine.moves import Play
from cardlib.skat.players import bots
from cardlib.skat.players.evidence import Evidence, Said, bid_limit, evidence_of, margins, said_in
from cardlib.skat.players.hidden_null import null_won
from cardlib.skat.players.inference import InferenceBot
from cardlib.skat.players.sampling_bidding import GameOption, GameQuestion, solve_games
from cardlib.skat.players.sampling_deals import SampledDeal, fitting_deals, unseen_of
from cardlib.skat.players.sampling_play import play_question, solve_candidates
from cardlib.skat.players.weighted_deals import weighted_deals
from cardlib.skat.solver.solve import solve_null


def random_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(SKAT_DECK, 10)) for _ in range(count)]


def heuristic_until(seed: int, stop):  # type: ignore[no-untyped-def]
    state = new_game(new_deal(seed))
    bot = HeuristicBot()
    while not stop(state):
        state = state.play(bot.choose(state))
    return state


# -- the model ------------------------------------------------------------------------------------
def test_the_quick_margins_are_the_simple_players_margins() -> None:
    """An independent computation: the simple player's own ``margin`` for every game."""
    for hand in random_hands(300, 1):
        quick = margins(hand)
        for game in (*GameType.__members__.values(),):
            if game is GameType.NULL or game not in quick:
                continue
            assert abs(quick[game][0] - bots.margin(hand, game)) < 1e-9, (Hand(hand), game)


def test_the_bid_limit_follows_the_simple_players_bidding() -> None:
    """The model's limit is the simple player's own limit (``bots._bid_limit``) but for the
    rare hand where the two ways of counting a game's matadors part (cardlib's model counts a
    hand "without" as without 1: the skat may hold the missing jack)."""
    hands = random_hands(400, 2)
    same = sum(bid_limit(hand) == bots._bid_limit(hand)[0] for hand in hands)
    assert same >= 390


def test_the_simple_players_bids_lie_where_the_model_puts_their_limits() -> None:
    """In self-play the model's limit of each bidder lies inside what it said (cardlib's own
    check of the bidding model against the players it is built from)."""
    checked = 0
    for seed in range(60):
        state = heuristic_until(seed, lambda s: s.phase != "bidding")
        for seat, said in said_in(state.view(0)).items():
            limit = bid_limit(tuple(state.dealt_hand(seat)))
            assert said.low <= limit and (said.high is None or limit < said.high), (seed, said)
            checked += 1
    assert checked > 100


def test_what_the_bidding_said_of_each_seat() -> None:
    """A pass after a bid refuses that bid; a pass instead of the next bid refuses the next
    value (the bidding of rules/bidding: the listener holds or passes, the bidder bids on or
    passes)."""
    state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
    said = said_in(state.view(2))
    assert said == {0: Said(0, 18, 20), 1: Said(1, 20, None)}
    state = state.play(Bid(22)).play(Pass())  # RH bids 22 to MH, MH refuses it
    assert said_in(state.view(0))[1] == Said(1, 20, 22)
    assert said_in(state.view(0))[2] == Said(2, 22, None)


def test_everyone_hears_the_same_auction() -> None:
    state = heuristic_until(7, lambda s: s.phase == "play")
    auctions = {state.view(seat).auction for seat in range(3)}
    assert len(auctions) == 1
    (auction,) = auctions
    assert [move for _, move in auction] == [
        m for m in state.moves() if isinstance(m, Bid | Hold | Pass)
    ][: len(auction)]


def test_a_deal_that_fits_the_play_is_never_ruled_out_by_the_model() -> None:
    state = heuristic_until(8, lambda s: s.phase == "play" and len(s.tricks) == 3)
    seat = (int(state.declarer) + 1) % 3  # type: ignore[arg-type]
    evidence = evidence_of(state.view(seat))
    assert not evidence.empty
    sample = weighted_deals(state.view(seat), 10, rng=1)
    assert all(weight > 0 for weight in sample.weights)
    assert abs(sum(sample.weights) - 1) < 1e-9


# -- the weighted deals ---------------------------------------------------------------------------
def test_the_same_seed_gives_the_same_weighted_deals() -> None:
    state = heuristic_until(5, lambda s: s.phase == "play" and len(s.tricks) == 2)
    view = state.view((int(state.declarer) + 1) % 3)  # type: ignore[arg-type]
    first, again = weighted_deals(view, 12, rng=7), weighted_deals(view, 12, rng=7)
    assert (first.deals, first.weights) == (again.deals, again.weights)
    other = weighted_deals(view, 12, rng=8)
    assert other.deals != first.deals


def test_when_few_deals_fit_every_one_is_weighed() -> None:
    state = heuristic_until(5, lambda s: s.phase == "play" and len(s.tricks) == 7)
    view = state.view((int(state.declarer) + 1) % 3)  # type: ignore[arg-type]
    fitting = sorted(fitting_deals(unseen_of(view)))
    sample = weighted_deals(view, 20, rng=1)
    assert sample.exhaustive and sorted(sample.pool) == fitting
    assert f"the {len(fitting)} deals that fit the play count as" in str(sample.note())


def test_a_seat_that_has_seen_every_card_gets_the_one_deal_it_knows() -> None:
    state = heuristic_until(5, lambda s: s.is_over)
    view = state.view(0)
    assert unseen_of(view).count() == 1
    sample = weighted_deals(view, 5, rng=1)
    assert sample.exhaustive and len(sample.pool) == 1 and sample.weights == [1.0]


@dataclass(frozen=True)
class _Nothing(Evidence):
    """Evidence that no deal explains."""

    def likelihood(self, deal: SampledDeal) -> float:
        return 0.0


def test_evidence_the_model_cannot_explain_falls_back_to_uniform_deals() -> None:
    state = heuristic_until(5, lambda s: s.phase == "play" and len(s.tricks) == 2)
    view = state.view((int(state.declarer) + 1) % 3)  # type: ignore[arg-type]
    found = evidence_of(view)
    nothing = _Nothing(found.seat, found.said, found.declarer, found.declaration, found.bid)
    sample = weighted_deals(view, 10, rng=1, evidence=nothing)
    assert sample.uniform and sample.deals == sample.pool[:10]
    assert "does not fit" in str(sample.note())


# -- a bid that rules out most deals --------------------------------------------------------------
def test_a_bid_that_rules_out_most_deals_moves_the_card_and_the_odds() -> None:
    """Cardlib's own position, found by playing seeded deals with the simple player: after
    FH held to 24 and RH bid 27 and declared hearts, MH (a defender) holds ♣K ♦9 ♦8 with 55
    deals fitting the play. The exact chance of each card, weighted over all 55, is computed
    here by enumeration; the inference player, which resamples 20 of them, must choose the
    card that is best by it and quote a figure whose interval holds it."""
    state = heuristic_until(390, lambda s: len(s.moves()) == 37)
    view = state.view(state.current_player)  # type: ignore[arg-type]
    assert view.hand == Hand("CK D9 D8") and view.bid == 27
    deals = list(fitting_deals(unseen_of(view)))
    evidence = evidence_of(view)
    weights = [evidence.likelihood(deal) for deal in deals]
    legal = [Card.parse(c) for c in ("CK", "D9")]
    question = play_question(view, legal).asking(None, legal)
    beats = [[not won for (won, _) in solve_candidates(deal, question)] for deal in deals]
    weighted = [sum(w * b[i] for w, b in zip(weights, beats, strict=True)) / sum(weights)
                for i in range(2)]  # fmt: skip
    uniform = [sum(b[i] for b in beats) / len(deals) for i in range(2)]
    assert len(deals) == 55 and sum(weights) ** 2 / sum(w * w for w in weights) < 55 / 10
    assert weighted[1] > 0.9 > 0.6 > weighted[0] and abs(uniform[1] - uniform[0]) < 0.1
    explanation = InferenceBot(rng=1, budget=None).explain(state)
    assert explanation.move in (Play(Card.parse("D9")), Play(Card.parse("D8")))
    best = explanation.candidates[0]
    assert best.chance.low <= weighted[1] <= best.chance.high
    text = str(explanation)
    assert "RH bid 27 and declared ♥" in text and "the 55 deals that fit the play" in text
    assert "Without that, every deal that fits the play counted alike: ♦9 beats the game" in text


# -- the plain Null ----------------------------------------------------------------------------
def test_a_plain_null_is_never_judged_worse_than_an_open_one() -> None:
    """With every hand known the defenders can only know more: a Null won so is won."""
    rng = random.Random(3)
    for _ in range(40):
        deck = list(SKAT_DECK)
        rng.shuffle(deck)
        hands = [tuple(deck[0:10]), tuple(deck[10:20]), tuple(deck[20:30])]
        if solve_null(hands, 0, 0):
            assert null_won(hands, 0, tuple(deck[30:]))


def test_the_inference_player_solves_null_and_null_ouvert_apart() -> None:
    """Cardlib's own position (found by search): with every hand known both lose (the
    solver's answer); played out with the hand hidden, the plain Null is won, which is
    cardlib's model of defenders who cannot see it (``hidden_null``), not a published figure."""
    hands = ("C8 CJ CK S7 S9 ST SK H8 HJ HQ", "CT CQ SA SJ S8 HT H9 H7 DQ D9",
             "CA C9 C7 SQ HA HK DA DK D8 D7")  # fmt: skip
    deal: SampledDeal = (tuple(Hand(h) for h in hands), Hand("DT DJ"))  # type: ignore[assignment]
    options = (GameOption(Declaration(GameType.NULL, hand=True)),
               GameOption(Declaration(GameType.NULL, hand=True, ouvert=True)))  # fmt: skip
    fused = solve_games(deal, GameQuestion(0, options, 23))
    apart = solve_games(deal, GameQuestion(0, options, 23, hidden_null=True))
    assert [won for won, _ in fused] == [False, False]
    assert [won for won, _ in apart] == [True, False]


# -- the player -----------------------------------------------------------------------------------
def test_the_explanation_says_what_the_evidence_did() -> None:
    state = heuristic_until(12, lambda s: s.phase == "play" and len(s.tricks) == 3)
    text = str(InferenceBot(samples=8, rng=1, budget=None).explain(state))
    assert "weighted by how likely that makes each" in text
    assert "Without that, every deal that fits the play counted alike" in text


def test_workers_change_nothing_for_the_inference_player() -> None:
    state = heuristic_until(12, lambda s: s.phase == "play" and len(s.tricks) == 2)
    alone = InferenceBot(samples=6, rng=5, budget=None).explain(state)
    with Pool(2) as pool:
        shared = InferenceBot(samples=6, rng=5, budget=None, pool=pool).explain(state)
    assert (shared.move, str(shared), shared.candidates) == (
        alone.move, str(alone), alone.candidates,
    )  # fmt: skip


def test_the_inference_player_plays_whole_deals() -> None:
    state = new_game(new_deal(21))
    players = [InferenceBot(samples=4, rng=seat, budget=None) for seat in range(3)]
    while not state.is_over:
        move = players[int(state.current_player)].choose(state)  # type: ignore[arg-type]
        assert move in state.legal_moves()
        state = state.play(move)
    assert state.result is not None or state.end_reason is not None


def test_the_strong_opponents_read_the_bidding_and_say_so_in_korean() -> None:
    from cardlib.games import game
    from cardlib.i18n import language

    assert isinstance(game("skat").player("sampling", 1), InferenceBot)
    state = heuristic_until(390, lambda s: len(s.moves()) == 37)
    explanation = InferenceBot(rng=1, budget=None).explain(state)
    with language("ko"):
        text = str(explanation)
    assert "대장은 27까지 부르고 ♥ 선언" in text and "그것을 빼고" in text
