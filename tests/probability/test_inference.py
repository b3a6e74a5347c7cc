"""What the play reveals: counting deals that fit a seat's view, against listing them all."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from cardlib.errors import CardlibError
from cardlib.probability import seat_knowledge, shown_out, split_distribution
from cardlib.skat import GameType, HeuristicBot, new_deal, new_game, play_position, trumps

FIRST_TRICK = play_position(
    ["CJ SJ CA CT CK SA ST S9 S8", "HJ DJ C9 C8 DA DT DK DQ D9", "C7 CQ HT HK HQ H9 H8 H7 SK SQ"],
    GameType.CLUBS,
    declarer=0,
    trick=["HA", "D7"],
    leader=0,
    skat="S7 D8",
)


def played_until_someone_shows_out(seed: int, extra: int = 0):  # type: ignore[no-untyped-def]
    """A seeded deal played by the bots until a defender has shown out, then ``extra`` moves."""
    state = new_game(new_deal(seed))
    bot = HeuristicBot(rng=seed)
    while not state.is_over:
        if state.phase == "play" and state.declaration.game is not GameType.NULL:  # type: ignore[union-attr]
            declarer = state.declarer
            voids = shown_out(state.view(declarer))  # type: ignore[arg-type]
            if any(seat != declarer for seat in voids):
                break
        state = state.play(bot.choose(state))
    for _ in range(extra):
        state = state.play(bot.choose(state))
    return state


def test_the_first_trick_example() -> None:
    knowledge = seat_knowledge(FIRST_TRICK.view(0))
    assert knowledge.holders == ("MH", "RH") and knowledge.places == (9, 10)
    assert knowledge.voids == (frozenset({"H"}), frozenset())
    missing = [card for card in trumps(GameType.CLUBS) if card in knowledge.unseen]
    assert len(missing) == 6
    counted = knowledge.split(missing)
    assert counted == knowledge.split(missing, method="enumerate")
    # Bayes by hand. Unseen: 6 trumps, 6 hearts, 7 other cards. Before the news the trumps
    # split by vacant places; given k trumps with MH, MH's other 9 - k cards avoid the hearts
    # with chance C(7, 9 - k) / C(13, 9 - k).
    prior = split_distribution(6, (9, 10))
    weights = {
        k: prior[k] * Fraction(math.comb(7, 9 - k[0]), math.comb(13, 9 - k[0])) for k in prior
    }
    total = sum(weights.values())
    assert counted == {k: w / total for k, w in weights.items() if w}


@pytest.mark.parametrize(("seed", "extra"), [(1, 0), (1, 4), (13, 0), (25, 3), (27, 0)])
def test_counting_agrees_with_listing_every_deal(seed: int, extra: int) -> None:
    state = played_until_someone_shows_out(seed, extra)
    declarer = state.declarer
    knowledge = seat_knowledge(state.view(declarer))
    assert "skat" not in knowledge.holders  # the declarer has seen the skat
    assert knowledge.deal_count() == sum(1 for _ in knowledge.deals())
    missing = [c for c in trumps(state.declaration.game) if c in knowledge.unseen]
    assert knowledge.split(missing) == knowledge.split(missing, method="enumerate")
    for deal in knowledge.deals():
        for holder, part in enumerate(deal):
            assert all(knowledge.allowed(card, holder) for card in part)
            assert len(part) == knowledge.places[holder]
        break


def test_a_defender_late_in_the_deal_counts_the_skat_as_a_holder() -> None:
    state = played_until_someone_shows_out(1, 18)
    seat = next(s for s in range(3) if s != state.declarer)
    knowledge = seat_knowledge(state.view(seat))
    assert knowledge.holders[-1] == "skat" and knowledge.places[-1] == 2
    game = state.declaration.game
    missing = [c for c in trumps(game) if c in knowledge.unseen]
    assert knowledge.split(missing) == knowledge.split(missing, method="enumerate")
    assert sum(knowledge.where(knowledge.unseen[0]).values()) == 1


def test_without_voids_the_split_is_the_vacant_places_formula() -> None:
    state = new_game(new_deal(1))
    bot = HeuristicBot(rng=1)
    while state.phase != "play":
        state = state.play(bot.choose(state))
    knowledge = seat_knowledge(state.view(state.declarer))
    assert not any(knowledge.voids)
    missing = [c for c in trumps(state.declaration.game) if c in knowledge.unseen]
    assert knowledge.split(missing) == split_distribution(len(missing), knowledge.places)
    defender = seat_knowledge(state.view((state.declarer + 1) % 3))
    assert defender.places == (10, 10, 2) and defender.holders[-1] == "skat"


def test_texts_and_refusals() -> None:
    knowledge = seat_knowledge(FIRST_TRICK.view(0))
    assert repr(knowledge) == str(knowledge) and "Card(" not in repr(knowledge)
    assert 'nowrap">what FH knows in clubs' in knowledge._repr_html_()
    with pytest.raises(CardlibError, match="has seen"):
        knowledge.where("CJ")
    with pytest.raises(CardlibError, match="method"):
        knowledge.split("HT", method="guess")
    bidding = seat_knowledge(new_game(new_deal(1)).view(0))  # its own ten cards, nothing more
    assert bidding.game is None and bidding.places == (10, 10, 2) and not any(bidding.voids)
    assert str(bidding).startswith("what FH knows before a game is declared: 10 cards seen")
    short = play_position(["HA", "D7", "HT"], GameType.CLUBS, declarer=0)
    gone = seat_knowledge(short.view(0))  # the 27 cards played before the position set up
    assert gone.holders == ("gone", "MH", "RH", "skat") and gone.places == (27, 1, 1, 2)
    assert "played before holds 27 unknown cards" in str(gone)
