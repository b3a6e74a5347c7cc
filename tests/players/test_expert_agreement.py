"""``benchmarks/expert_agreement.py``: the decisions it finds in a real ISS record, what its
players are given, and its counts.

The expected counts come from the record itself, walked here move by move through the engine
(the bids, the skat and the declaration written out by hand from the record's move list), not
from the benchmark's own replay.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from cardlib import Card, data
from cardlib.skat import (
    Bid,
    Deal,
    Declaration,
    Declare,
    Discard,
    HeuristicBot,
    Move,
    Pass,
    PickUpSkat,
    Play,
    SamplingBot,
    SkatState,
    new_game,
)
from cardlib.skat.engine.views import SkatView
from cardlib.skat.iss import Record, read
from tests.loading import load

ROOT = Path(__file__).resolve().parents[2]
bench = load(ROOT / "benchmarks" / "expert_agreement.py")

LINES = [line for line in data.path("iss/sample-records.sgf").read_text().splitlines() if line]
BY_ID = {read(line).game_id: read(line) for line in LINES}
GAME = BY_ID["541932"]
"""A Diamonds game played out: ``1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8``, then 30 cards."""


def _start_of_play(record: Record) -> SkatState:
    """Game 541932 up to its first card, its bidding and skat moves written out by hand."""
    fh, mh, rh, skat = record.deal
    state = new_game(Deal(fh, mh, rh, skat))
    for move in (Pass(), Bid(18), Pass(), PickUpSkat(), Discard("ST", "H8")):
        state = state.play(move)
    return state.play(Declare(Declaration.parse_iss("D")))


def _walk(record: Record) -> list[tuple[SkatState, Card]]:
    """Each state before a card of the record with more than one legal card, and that card."""
    state = _start_of_play(record)
    found = []
    for move in record.moves:
        if move.kind != "play":
            continue
        card = move.cards[0]
        if len(state.legal_moves()) > 1:
            found.append((state, card))
        state = state.play(Play(card))
    assert state.is_over
    return found


def _view(state: SkatState) -> SkatView:
    seat = state.current_player
    assert seat is not None
    return state.view(seat)


def test_the_decisions_of_a_record_are_its_cards_played_with_a_choice() -> None:
    expected = _walk(GAME)
    found = list(bench.decisions(GAME))
    assert 0 < len(found) < len(GAME.plays) == 30
    assert len(found) == len(expected)
    assert [d.expert for d in found] == [card for _, card in expected]
    assert [d.seat for d in found] == [state.current_player for state, _ in expected]
    declarer = [d for d in found if d.role == "declarer"]
    assert all(d.seat == 2 for d in declarer)  # RH declared Diamonds
    assert len(declarer) == sum(state.current_player == 2 for state, _ in expected)
    for decision, (state, _) in zip(found, expected, strict=True):
        assert decision.legal == len(state.legal_moves())


def test_the_cards_played_after_a_claim_do_not_count() -> None:
    record = BY_ID["727"]  # 0 GO 0 CJ 0 SC 1 RE 1 H9 2 RE: one card before the claim
    assert [move.text for move in record.plays] == ["CJ", "H9"]
    assert [d.expert for d in bench.decisions(record)] == [Card("CJ")]
    assert bench.expert_plays(record) == 1


class Spy:
    """A player that notes what it is given, checks that nothing hidden is in it, and plays the
    heuristic player's card."""

    def __init__(self) -> None:
        self.given: list[object] = []
        self.heuristic = HeuristicBot()

    def choose(self, view: SkatView) -> Move:
        self.given.append(view)
        return self.heuristic.choose(view)


def test_the_players_are_given_the_seats_view_and_see_no_hidden_card() -> None:
    spy = Spy()
    found = list(bench.choices([GAME], {"spy": spy}))
    assert len(spy.given) == len(found) == len(_walk(GAME))
    for choice, given in zip(found, spy.given, strict=True):
        state = choice.decision.state
        assert isinstance(given, SkatView) and not isinstance(given, SkatState)
        assert not hasattr(given, "hands")
        seat = given.seat
        assert seat == state.current_player and given.hand == state.hands[seat]
        hidden = {card for other in range(3) if other != seat for card in state.hands[other]}
        seen = set(given.hand) | set(given.trick)
        seen |= {card for trick in given.tricks for card in trick.cards}
        seen |= {card for hand in given.open_hands if hand is not None for card in hand}
        seen |= set(given.skat or ()) | set(given.discards or ())
        assert not seen & hidden
        assert given.open_hands[(seat + 1) % 3] is None and given.open_hands[(seat + 2) % 3] is None
        if seat != state.declarer:
            assert given.skat is None and given.discards is None


def test_the_heuristic_players_agreement_on_a_record_is_reproducible() -> None:
    bot = HeuristicBot()
    expected = sum(bot.choose(_view(state)) == Play(card) for state, card in _walk(GAME))
    counts = []
    for _ in range(2):
        players = bench.make_players(["heuristic"], 1, 20)
        found = list(bench.choices([GAME], players))
        counts.append(sum(choice.cards["heuristic"] == choice.expert for choice in found))
    assert counts == [expected, expected]
    assert 0 < expected < len(_walk(GAME))


def test_the_double_dummy_best_cards_are_legal_and_the_report_adds_up() -> None:
    found = list(bench.choices([GAME], bench.make_players(["heuristic"], 1, 20)))
    for choice in found:
        legal = {move.card for move in choice.decision.state.legal_moves()}
        assert choice.best and choice.best <= legal
    lines = bench.report([GAME], found, ["heuristic"], 20, 1)
    agree = sum(choice.cards["heuristic"] == choice.expert for choice in found)
    best = sum(choice.expert in choice.best for choice in found)
    row = next(line for line in lines if line.split()[:1] == ["541932"])
    assert row.split()[-2:] == [f"{agree}/{len(found)}", f"{best}/{len(found)}"]
    assert any(line.startswith(f"  heuristic  all     : {agree}/{len(found)} = ") for line in lines)
    chance = sum(Fraction(1, len(state.legal_moves())) for state, _ in _walk(GAME))
    assert f"  random     all     : {float(chance):.1f}/{len(found)} = " in "\n".join(lines)


def test_the_sampling_player_without_a_budget_gives_the_same_report_twice() -> None:
    late = [d for d in bench.decisions(GAME) if len(d.view.hand) <= 4]
    assert late
    reports = []
    for _ in range(2):
        with SamplingBot(2, rng=5, budget=None) as player:
            found = [bench.choice_at(decision, {"no-budget": player}) for decision in late]
        reports.append(bench.report([GAME], found, ["no-budget"], 2, 5))
    assert reports[0] == reports[1]
    assert any(line.startswith("  no-budget  all     : ") for line in reports[0])


def test_the_seats_of_players_left_out_are_not_counted() -> None:
    assert GAME.players == ("zoot", "kermit", "foo")
    players = bench.make_players(["heuristic"], 1, 20)
    found = list(bench.choices([GAME], players, without=("kermit",)))
    assert len(found) == sum(state.current_player != 1 for state, _ in _walk(GAME))
    assert {choice.decision.player for choice in found} == {"zoot", "foo"}
