"""Post-mortems of played games, and the win chance of a hand."""

from __future__ import annotations

import random

import pytest

from cardlib import SKAT_DECK, CardlibError
from cardlib.skat import GameType, Play, new_deal, new_game, play_position, post_mortem, solve
from cardlib.skat.solver.winchance import sample_deals, win_chance, win_chances


def random_game(seed: int, game: GameType, size: int = 4, taken: tuple[int, int] = (0, 0)):
    rng = random.Random(seed)
    deck = list(SKAT_DECK)
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(3)]
    start = play_position(hands, game, declarer=rng.randrange(3), card_points=taken)
    state = start
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return start, state


@pytest.mark.parametrize("seed", range(6))
def test_reviews_chain_from_the_solved_start_to_the_actual_result(seed: int) -> None:
    start, end = random_game(seed, GameType.SPADES, taken=(40, 30))
    review = post_mortem(end)
    assert len(review.cards) == len(end.history()) - 1
    assert review.start_value == solve(start)
    for card in review.cards:
        gain = card.best - card.value if card.player == end.declarer else card.value - card.best
        assert gain == card.lost >= 0
        assert card.card in card.best_cards or card.lost > 0
    for before, after in zip(review.cards, review.cards[1:], strict=False):
        assert before.value == after.best and before.won_after == after.won_before
    last = review.cards[-1]
    assert last.value == end.card_points[0]
    assert last.won_after == (end.card_points[0] >= 61)
    assert review.turning_points == tuple(c for c in review.cards if c.won_before != c.won_after)
    assert review.lost_by_declarer + review.lost_by_defenders == sum(c.lost for c in review.cards)


def test_a_turning_point_is_found_and_named() -> None:
    found = []
    for seed in range(40):
        _, end = random_game(seed, GameType.HEARTS, taken=(45, 30))
        review = post_mortem(end)
        if review.turning_points:
            found.append(review)
    assert found, "random play throws away some won game among 40"
    turn = found[0].turning_points[0]
    assert turn.lost > 0 and "'s slip: " in str(turn)
    assert "turning points: " in str(found[0])


def test_null_post_mortem() -> None:
    state = play_position(["HA H7", "H8 S7", "H9 S8"], GameType.NULL, declarer=0)
    for card in ("HA", "H8", "H9"):
        state = state.play(Play(card))
    review = post_mortem(state)
    first = review.cards[0]
    assert first.value is False and first.best is True and first.lost == 1
    assert first.is_turning_point and review.start_won
    assert "declarer's slip: now the declarer takes a trick (best ♥7 kept the null)" in str(first)
    assert str(review).startswith("Null by FH, must take no trick: perfect play from the first")


def test_a_defenders_slip_in_null_hands_the_game_back() -> None:
    # FH leads ♦J; MH's ♦10 would duck under it and leave FH the trick, MH's ♦Q takes it
    state = play_position(["S7 DJ", "DT DQ", "H8 HQ"], GameType.NULL, declarer=0)
    for card in ("DJ", "DQ", "HQ", "DT", "H8", "S7"):
        state = state.play(Play(card))
    review = post_mortem(state)
    assert not review.start_won and review.turning_points == review.mistakes()
    assert str(review.cards[1]) == (
        "trick 1, MH ♦Q: defender's slip: now the null is safe (best ♦10 would have broken it)"
    )


def test_slips_are_told_in_a_players_words() -> None:
    # FH (clubs) leads ♣7 instead of ♣J; RH, leading trick 2, gives FH ♠Q (3 points) where ♠8
    # would give nothing: a defender's slip, worth 3 to the declarer
    state = play_position(["CJ C7 D9", "HT HJ C9", "CA SQ S8"], GameType.CLUBS, declarer=0)
    for card in ("C7", "C9", "CA", "SQ", "D9", "HT", "S8", "CJ", "HJ"):
        state = state.play(Play(card))
    review = post_mortem(state)
    text = str(review)
    assert text.startswith("♣ by FH, needs 61: perfect play from the first card gives the declarer")
    assert "card points)" not in text and ": lost" not in text
    assert "trick 2, RH ♠Q: defender's slip: +3 for the declarer (ends with 15; ♠8" in text
    assert "trick 1, FH ♣7: declarer's slip: −11 for the declarer (ends with 12; ♣J" in text
    slips = review.mistakes()
    assert len(slips) == 3
    for slip in slips:
        sign = "−" if slip.player == 0 else "+"
        side = "declarer's" if slip.player == 0 else "defender's"
        assert f"{side} slip: {sign}{slip.lost} for the declarer" in str(slip)
        assert slip.declarer == (slip.player == 0)


def test_post_mortem_needs_cards_played() -> None:
    with pytest.raises(CardlibError, match="no card has been played"):
        post_mortem(play_position(["HA", "H8", "H9"], GameType.NULL, declarer=0))
    with pytest.raises(CardlibError, match="needs a state in the play"):
        post_mortem(new_game(new_deal(1)))


STRONG = "CJ SJ HJ DJ CA CT CK CQ C9 C8"


def test_a_hand_with_every_trump_wins_its_suit_game_always() -> None:
    result = win_chance(STRONG, GameType.CLUBS, samples=3, rng=2, progress=False)
    assert result["win"].value == 1 and result.completed == 3 and not result.interrupted
    assert "hand only" in str(result) and "Wilson" in str(result)


def test_win_chance_is_seeded_and_uses_the_same_deals_for_every_game() -> None:
    one = win_chances(
        STRONG, games=(GameType.CLUBS, GameType.NULL), samples=2, rng=5, progress=False
    )
    two = win_chances(
        STRONG, games=(GameType.CLUBS, GameType.NULL), samples=2, rng=5, progress=False
    )
    assert [str(r) for r in one.values()] == [str(r) for r in two.values()]
    assert one[GameType.NULL]["win"].value == 0  # four jacks and a long suit lose a null
    assert sample_deals(STRONG, samples=3, rng=5) == sample_deals(STRONG, samples=3, rng=5)


def test_known_skat_is_kept_and_counted() -> None:
    deals = sample_deals(STRONG, "C7 SA", declarer=2, samples=3, rng=1)
    for hands, skat in deals:
        assert [str(c) for c in skat] == ["C7", "SA"]
        assert tuple(hands[2]) == tuple(sample_deals(STRONG, samples=1)[0][0][0])
        assert len({c for h in hands for c in h} | set(skat)) == 32
    result = win_chance(
        STRONG, GameType.CLUBS, "C7 SA", declarer=2, samples=2, rng=1, progress=False
    )
    assert "hand and skat" in str(result) and "20 unseen" in str(result)


def test_interrupting_returns_what_was_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardlib.skat.solver.winchance as module

    calls = []

    def stop_on_third(*args: object, **kwargs: object) -> bool:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(module, "solve_position", stop_on_third)
    result = win_chance(STRONG, GameType.GRAND, samples=5, rng=1, progress=False)
    assert result.interrupted and result.completed == 1 and "INTERRUPTED" in str(result)


@pytest.mark.parametrize(
    ("hand", "skat", "message"),
    [
        ("CJ SJ", None, "must hold 10 cards"),
        (STRONG, "C7", "skat holds 2 cards"),
        (STRONG, "CJ C7", "given twice"),
    ],
)
def test_win_chance_bad_input(hand: str, skat: str | None, message: str) -> None:
    with pytest.raises(CardlibError, match=message):
        win_chance(hand, GameType.CLUBS, skat, samples=1, progress=False)


def test_a_review_may_start_at_a_later_trick() -> None:
    _, end = random_game(2, GameType.CLUBS, size=5)
    whole = post_mortem(end)
    later = post_mortem(end, first_trick=3)
    assert later.cards[0].trick == 3
    assert later.cards == tuple(c for c in whole.cards if c.trick >= 3)
    with pytest.raises(CardlibError, match="first_trick must be 1 or more"):
        post_mortem(end, first_trick=0)
    with pytest.raises(CardlibError, match="no card has been played"):
        post_mortem(end, first_trick=9)
