"""Ramsch: every option of the settlement (seed section 5), each outcome with its ruling."""

from __future__ import annotations

import random

import pytest

from cardlib import Card, Hand, IllegalMoveError, RulesError
from cardlib.skat import (
    Bid,
    Deal,
    Discard,
    HeuristicBot,
    Pass,
    PickUpSkat,
    Play,
    RamschRules,
    Rules,
    ScoreSheet,
    SkatState,
    new_deal,
    new_game,
    settle_ramsch,
)
from cardlib.skat.engine.facts import card_points
from cardlib.skat.engine.ramsch_play import Push, RamschState


def test_loser_loses_own_points() -> None:
    r = settle_ramsch((50, 40, 20), (4, 4, 2), 10, last_trick=2)
    assert r.card_points == (50, 40, 30) and r.skat_to == 2
    assert r.scores == (-50, 0, 0) and r.loser == (0,) and r.ruling.code == "ramsch_loser"


def test_skat_to_last_trick_can_make_the_loser() -> None:
    r = settle_ramsch((45, 40, 20), (4, 4, 2), 15, last_trick=1)
    assert r.card_points == (45, 55, 20) and r.scores == (0, -55, 0)
    assert r.lines[:2] == (
        "the skat (15 points) goes to MH, who won the last trick",
        "card points with the skat: FH 45, MH 55, RH 20",
    )


def test_skat_to_most_points_and_its_tie_fallbacks() -> None:
    most = RamschRules(skat_to="most_points")
    r = settle_ramsch((45, 40, 20), (4, 4, 2), 15, last_trick=1, rules=most)
    assert r.skat_to == 0 and r.scores == (-60, 0, 0)
    tied = settle_ramsch((45, 45, 20), (4, 4, 2), 10, last_trick=2, rules=most)
    assert tied.skat_to == 2 and tied.card_points == (45, 45, 30)
    assert tied.scores == (-45, -45, 0) and tied.ruling.code == "ramsch_tie"
    nobody = RamschRules(skat_to="most_points", skat_tie="nobody")
    r = settle_ramsch((45, 45, 20), (4, 4, 2), 10, last_trick=2, rules=nobody)
    assert r.skat_to is None and r.card_points == (45, 45, 20)


def test_skat_to_nobody() -> None:
    r = settle_ramsch(
        (50, 40, 20), (4, 4, 2), 10, last_trick=0, rules=RamschRules(skat_to="nobody")
    )
    assert r.skat_to is None and r.card_points == (50, 40, 20) and r.scores == (-50, 0, 0)


def test_two_tied_both_or_half_and_three_tied() -> None:
    both = settle_ramsch((45, 45, 30), (4, 3, 3), 0, last_trick=0)
    assert both.scores == (-45, -45, 0) and both.loser == (0, 1)
    half = settle_ramsch((45, 45, 30), (4, 3, 3), 0, last_trick=0, rules=RamschRules(tie="half"))
    assert half.scores == (-23, -23, 0)  # half of 45, rounded up
    assert "each loses half" in str(half.ruling)
    nobody = settle_ramsch((40, 40, 40), (4, 3, 3), 0, last_trick=0)
    assert (
        nobody.scores == (0, 0, 0)
        and nobody.loser == ()
        and nobody.ruling.code == ("ramsch_all_tied")
    )


def test_jungfrau_doubles() -> None:
    r = settle_ramsch((70, 50, 0), (6, 4, 0), 0, last_trick=0)
    assert r.jungfrauen == (2,) and r.scores == (-140, 0, 0) and r.factor == 2
    assert "RH took no trick (Jungfrau)" in str(r.ruling)
    off = settle_ramsch((70, 50, 0), (6, 4, 0), 0, last_trick=0, rules=RamschRules(jungfrau=False))
    assert off.scores == (-70, 0, 0)


def test_durchmarsch() -> None:
    r = settle_ramsch((110, 0, 0), (10, 0, 0), 10, last_trick=0)
    assert r.durchmarsch == 0 and r.scores == (120, 0, 0) and r.ruling.code == "durchmarsch"
    assert r.jungfrauen == (1, 2)
    off = settle_ramsch((110, 0, 0), (10, 0, 0), 10, last_trick=0,
                        rules=RamschRules(durchmarsch=False))  # fmt: skip
    assert off.durchmarsch is None and off.scores == (-480, 0, 0)  # 120 × 2 × 2


def test_fixed_scoring() -> None:
    fixed = RamschRules(scoring="fixed")
    assert settle_ramsch((50, 40, 30), (4, 4, 2), 0, 0, rules=fixed).scores == (-10, 0, 0)
    one = settle_ramsch((70, 50, 0), (6, 4, 0), 0, 0, rules=fixed)
    assert one.scores == (-15, 0, 0) and "a fixed 15 (one Jungfrau)" in str(one.ruling)
    two = RamschRules(scoring="fixed", durchmarsch=False)
    assert settle_ramsch((120, 0, 0), (10, 0, 0), 0, 0, rules=two).scores == (-20, 0, 0)
    half = RamschRules(scoring="fixed", tie="half")
    assert settle_ramsch((45, 45, 30), (4, 3, 3), 0, 0, rules=half).scores == (-5, -5, 0)


def test_pushes_double() -> None:
    r = settle_ramsch((50, 40, 30), (4, 4, 2), 0, 0, pushes=2)
    assert r.scores == (-200, 0, 0) and r.factor == 4 and "pushed twice: × 4" in r.lines
    assert str(r.ruling) == (
        "FH has the most card points (50) and loses them, × 4 as the skat was pushed twice: "
        "−50 × 4 = −200."
    )
    j = settle_ramsch((70, 50, 0), (6, 4, 0), 0, 0, pushes=1)
    assert j.scores == (-280, 0, 0)
    d = settle_ramsch((110, 0, 0), (10, 0, 0), 10, 0, pushes=1)
    assert d.scores == (240, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((50, 40), (4, 4, 2), 30, 0), "expected 3"),
        (((50, 40, 20), (4, 4, 1), 10, 0), "add up to 10"),
        (((50, 40, 20), (4, 4, 2), 11, 0), "add up to 120"),
        (((50, 40, 20), (4, 4, 2), 10, 3), "cannot have won the last trick"),
        (((60, 40, 20), (6, 4, 0), 0, 2), "cannot have won the last trick"),
        (((60, 40, 20), (6, 4, 0), 0, 0), "no trick has card points"),
        (((50, 40, 20), (4, 4, 2), -10, 0), "whole numbers"),
    ],
)
def test_bad_input(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        settle_ramsch(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs", [{"skat_to": "dealer"}, {"skat_tie": "most_points"}, {"scoring": "bock"},
               {"tie": "third"}, {"jungfrau": 1}],
)  # fmt: skip
def test_bad_options(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        RamschRules(**kwargs)  # type: ignore[arg-type]


# -- the play -----------------------------------------------------------------------------------

# FH holds every jack and six clubs: leading them from the top, FH takes every trick.
MARCH = Deal.parse(
    "CJ SJ HJ DJ CA CT CK CQ C9 C8 | C7 SA ST SK SQ S9 S8 S7 HA HT | "
    "HK HQ H9 H8 H7 DA DT DK DQ D9 | D8 D7"
)


def _play_out(state: SkatState, rng: random.Random) -> SkatState:
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _three_passes(deal: Deal, rules: Rules) -> SkatState:
    return new_game(deal, rules).play(Pass()).play(Pass()).play(Pass())


def test_all_pass_leads_to_ramsch() -> None:
    state = _three_passes(new_deal(4), Rules(ramsch="passed"))
    assert isinstance(state, RamschState) and state.phase == "play" and state.current_player == 0
    assert state.events[-1].ruling.code == "ramsch" and "All three passed" in str(state.events[-1])
    assert state.skat is None and state.settlement is None
    assert _three_passes(new_deal(4), Rules()).result.passed_in  # type: ignore[union-attr]


def test_always_ramsch_skips_the_bidding() -> None:
    state = new_game(new_deal(4), Rules(ramsch="always"))
    assert isinstance(state, RamschState) and state.phase == "play"
    assert "Every deal is a Ramsch" in str(state.events[0])


@pytest.mark.parametrize("seed", range(12))
def test_random_ramsch_invariants(seed: int) -> None:
    rng = random.Random(seed)
    options = RamschRules(
        schieberamsch=rng.random() < 0.5, pass_jacks=rng.random() < 0.5,
        skat_to=rng.choice(["last_trick", "most_points", "nobody"]),
        scoring=rng.choice(["points", "fixed"]), tie=rng.choice(["both", "half"]),
    )  # fmt: skip
    state = _play_out(_three_passes(new_deal(seed), Rules(ramsch="passed", ramsch_rules=options)),
                      rng)  # fmt: skip
    assert isinstance(state, RamschState)
    cards = [card for trick in state.tricks for card in trick.cards] + list(state.skat or ())
    assert len(cards) == 32 and len(set(cards)) == 32
    assert sum(state.player_points) + card_points(state.skat or ()) == 120
    assert sum(state.player_tricks) == 10
    result = state.ramsch
    assert result is not None
    skat = card_points(state.skat or ())
    winner = state.tricks[-1].winner
    expected = settle_ramsch(
        state.player_points, state.player_tricks, skat, winner, state.pushes, options
    )
    assert result == expected and state.events[-1].ruling == result.ruling
    assert state.legal_moves() == [] and state.why_illegal(Play("CJ")) is not None
    assert ScoreSheet().add(state).rows[0].changes == (result.scores[0], result.scores[1],
                                                         result.scores[2])  # fmt: skip


def test_durchmarsch_in_play() -> None:
    state = new_game(MARCH, Rules(ramsch="always"))
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[0])  # FH leads from the top; the others play their first card
    assert state.player_tricks == (10, 0, 0)  # type: ignore[attr-defined]
    result = state.ramsch  # type: ignore[attr-defined]
    assert result.scores == (120, 0, 0) and result.ruling.code == "durchmarsch"
    assert str(state.events[-1]) == "FH took every trick: a Durchmarsch, +120."


def test_grand_trumps_and_following() -> None:
    state = new_game(MARCH, Rules(ramsch="always")).play(Play("C8"))  # a club led
    assert [m.card for m in state.legal_moves()] == [Card.parse("C7")]  # type: ignore[attr-defined]
    ruling = state.why_illegal(Play("SA"))
    assert ruling is not None and ruling.code == "must_follow"
    assert str(ruling) == "♣8 was led, so MH must follow with a club: ♣7"
    jack = new_game(MARCH, Rules(ramsch="always")).play(Play("DJ"))
    assert len(jack.legal_moves()) == 10  # MH has no jack: anything goes
    state = jack.play(Play("HT")).play(Play("HK"))
    assert state.tricks[0].winner == 0 and "♦J: the only jack in the trick" in str(state.events[-1])


def test_schieberamsch_push_pick_up_and_jacks() -> None:
    rules = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True, pass_jacks=False))
    state = new_game(MARCH, rules)
    assert state.phase == "push" and state.legal_moves() == [PickUpSkat(), Push()]
    state = state.play(Push())
    assert state.pushes == 1 and state.current_player == 1  # type: ignore[attr-defined]
    assert "the score doubles (× 2 now)" in str(state.events[-1])
    state = state.play(PickUpSkat())
    assert state.phase == "pass on" and state.skat == Hand("D8 D7")
    assert len(state.hands[1]) == 12 and len(state.legal_moves()) == 66
    state = state.play(Discard("SA", "ST"))
    assert state.current_player == 2 and state.skat is None
    state = state.play(PickUpSkat())
    twice = state.why_illegal(Discard("HK", "HK"))
    assert twice is not None and twice.code == "two_cards"
    refused = state.why_illegal(Discard("CA", "HK"))  # ♣A is FH's
    assert refused is not None and refused.code == "not_held"
    state = new_game(MARCH, rules).play(PickUpSkat())
    assert all(Card.parse("CJ") not in m.cards for m in state.legal_moves())  # type: ignore[attr-defined]
    ruling = state.why_illegal(Discard("CJ", "C8"))
    assert ruling is not None and ruling.code == "ramsch_no_jacks"
    with pytest.raises(IllegalMoveError, match="jacks may not be passed on"):
        state.play(Discard("CJ", "C8"))
    free = new_game(MARCH, Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True)))
    assert free.play(PickUpSkat()).is_legal(Discard("CJ", "C8"))


def test_all_push_quadruples_and_more() -> None:
    rules = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))
    state = new_game(MARCH, rules).play(Push()).play(Push()).play(Push())
    assert state.phase == "play" and state.pushes == 3  # type: ignore[attr-defined]
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    assert state.ramsch.scores == (960, 0, 0)  # type: ignore[attr-defined]
    assert "Durchmarsch" in state.to_text() and "pushed 3×" in state.to_text()


def test_ramsch_refuses_other_moves() -> None:
    state = new_game(MARCH, Rules(ramsch="always"))
    for move in (Bid(18), PickUpSkat(), Push(), Play("HA")):
        with pytest.raises(IllegalMoveError):
            state.play(move)  # type: ignore[arg-type]
    assert state.phase == "play" and len(state.hands[0]) == 10


def test_bad_rules() -> None:
    with pytest.raises(RulesError):
        Rules(ramsch="sometimes")
    with pytest.raises(RulesError):
        Rules(ramsch="passed", ramsch_rules="schiebe")  # type: ignore[arg-type]


# -- the rulings read as a player would say them ------------------------------------------------


def _bots_play(seed: int, rules: Rules) -> SkatState:
    state = new_game(new_deal(seed), rules)
    bots = [HeuristicBot(rng=seed) for _ in range(3)]
    while not state.is_over:
        state = state.play(bots[state.current_player or 0].choose(state))
    return state


def test_ramsch_rulings_of_a_seeded_game() -> None:
    """Seed 1, every deal a Ramsch, heuristic bots: each card, trick, the skat and the loser."""
    state = _bots_play(1, Rules(ramsch="always"))
    events = state.all_events()
    texts = [str(event) for event in events]
    assert texts[0] == (
        "Every deal is a Ramsch: everyone plays for themselves, only the jacks are trumps, and the "
        "player with the most card points loses."
    )
    assert not any("::" in text or ": a Ramsch is played" in text for text in texts)
    cards = [e for e in events if e.ruling.code in ("lead", "follow", "trump_in", "discard")]
    assert len(cards) == 30 and all(e.player is not None and e.move is not None for e in cards)
    assert texts[1] == "FH leads ♠7: the others must follow spades."
    by_rules = [e for e in events if e.ruling.code not in ("lead", "follow", "trump_in", "discard")]
    assert [e.player for e in by_rules] == [None] * len(by_rules)
    assert [e.ruling.code for e in events[-2:]] == ["ramsch_skat", "ramsch_loser"]
    assert texts[-2:] == [
        "The skat (♥A ♦7, 11 points) goes to FH, who won the last trick.",
        "RH has the most card points (53) and loses them: −53.",
    ]
    assert "MH takes the trick with ♥J: the only jack in the trick (13 points)." in texts
    assert str(state.result) == "Ramsch: all tricks played."
    ramsch = state.ramsch  # type: ignore[attr-defined]
    assert ramsch.lines == (
        "the skat (11 points) goes to FH, who won the last trick",
        "card points with the skat: FH 40, MH 27, RH 53",
        "RH has the most card points (53) and loses them: −53.",
    )


def test_schieberamsch_and_passed_ramsch_open_with_one_sentence_each() -> None:
    schiebe = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))
    state = _bots_play(2, schiebe)
    first = str(state.all_events()[0])
    assert first.endswith(
        "loses. Schieberamsch: from FH on, each player may take up the skat and pass two cards on, "
        "or push it on unseen (each push doubles the score)."
    )
    assert str(state.all_events()[-2]) == (
        "The skat (♠J ♥J, 4 points) goes to RH, who won the last trick."
    )
    assert str(state.all_events()[-1]) == (
        "RH has the most card points (98) and loses them, × 2 as MH took no trick (Jungfrau): "
        "−98 × 2 = −196."
    )
    passed = _three_passes(new_deal(4), Rules(ramsch="passed"))
    events = passed.events
    assert [(e.player, e.ruling.code) for e in events] == [(0, "all_passed"), (None, "ramsch")]
    assert str(events[0]) == "FH passes too: nobody has bid."
    assert str(events[1]).startswith("All three passed, so a Ramsch is played: everyone plays")
    plain = _three_passes(new_deal(4), Rules())
    assert str(plain.events[-1]) == "FH passes too: all three passed, the deal is passed in."


def test_ramsch_cards_say_what_they_do() -> None:
    state = new_game(MARCH, Rules(ramsch="always")).play(Play("CJ"))
    assert str(state.events[-1]) == "FH leads ♣J, a trump: the others must play jacks."
    state = state.play(Play("C7"))
    assert str(state.events[-1]) == "MH has no jack and plays ♣7."
    state = new_game(MARCH, Rules(ramsch="always")).play(Play("CA")).play(Play("C7"))
    assert str(state.events[-1]) == "MH follows clubs with ♣7."
    state = state.play(Play("HK"))
    assert str(state.events[0]) == "RH has no clubs and throws ♥K."
    assert state.events[0].player == 2 and state.events[1].player is None


def test_skat_and_tie_lines_name_the_points_and_players() -> None:
    most = RamschRules(skat_to="most_points")
    tied = settle_ramsch((45, 45, 20), (4, 4, 2), 10, last_trick=2, rules=most)
    assert tied.lines[0] == (
        "FH and MH are tied with the most card points (45), so the skat (10 points) goes to RH, "
        "who won the last trick"
    )
    assert tied.lines[-1] == (
        "FH and MH are tied with the most card points (45) and both lose them: −45 each."
    )
    nobody = settle_ramsch((50, 40, 20), (4, 4, 2), 10, 0, rules=RamschRules(skat_to="nobody"))
    assert nobody.lines[:2] == (
        "the skat (10 points) counts for nobody",
        "card points (the skat counts for nobody): FH 50, MH 40, RH 20",
    )
    half = settle_ramsch((45, 45, 30), (4, 3, 3), 0, 0, rules=RamschRules(tie="half"))
    assert str(half.ruling).endswith("each loses half of them: −23 each (half of 45, rounded up).")
    marched = settle_ramsch((110, 0, 0), (10, 0, 0), 10, 0, pushes=1)
    assert str(marched.ruling) == (
        "FH took every trick: a Durchmarsch, +120, × 2 as the skat was pushed once: +240."
    )
