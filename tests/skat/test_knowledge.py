"""What a Skat seat knows: the sampler and the counting read one model, and the voids it shows
are those the rules give (a seat that did not follow holds none of that group in this game)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from cardlib.cards import parse_cards
from cardlib.errors import CardlibError
from cardlib.probability import seat_knowledge
from cardlib.skat import (
    Deal,
    GameType,
    RamschRules,
    Rules,
    SkatState,
    new_game,
    parse_move,
    play_position,
)
from cardlib.skat.knowledge import follow_game, knowledge_of, shown_out
from cardlib.skat.players.sampling_deals import sample_deal, unseen_of

# FH holds no jack; MH holds all four jacks and no other club; RH holds no heart and no spade.
DEAL = (
    "CA CT CK SA ST SK HA HT HK DA | CJ SJ HJ DJ H7 H8 H9 S7 S8 S9 "
    "| C7 C8 C9 CQ D7 D8 D9 DQ DK DT | SQ HQ"
)
# MH passes at 18, RH passes: FH declares, picks up the skat and lays it away again.
BIDDING = ["18", "y", "p", "p"]
TAKEN_UP = [*BIDDING, "s", "SQ HQ"]

# The same cards mean other news in other games. Trick 1: FH leads ♣A, MH ♣J, RH ♣7; trick 2:
# MH leads ♥7, RH ♦7, FH ♥A; then FH leads ♦A and MH throws ♠7 (the trick on the table).
# - grand: ♣A is a club and ♣J a trump, so MH shows out of clubs; RH shows out of hearts; on the
#   ♦A MH (whose ♦J is a trump) shows out of diamonds.
# - clubs: ♣A, ♣J and ♣7 are all trumps, so trick 1 says nothing; RH shows out of hearts.
# - spades: ♣A is a plain club, ♣J a trump: MH shows out of clubs; RH of hearts.
# - null: ♣J is a club and follows; FH leads ♣10 (MH's ♣J takes it), MH leads ♠9 and RH throws
#   ♦7: RH shows out of spades.
# - Ramsch (only the jacks are trumps, as in a grand): as in the spades game.
GAMES: dict[str, tuple[list[str], dict[int, frozenset[str]]]] = {
    "grand": (
        [*TAKEN_UP, "G", "CA", "CJ", "C7", "H7", "D7", "HA", "DA", "S7"],
        {1: frozenset("CD"), 2: frozenset("H")},
    ),
    "clubs": ([*TAKEN_UP, "C", "CA", "CJ", "C7", "H7", "D7", "HA"], {2: frozenset("H")}),
    "spades": (
        [*TAKEN_UP, "S", "CA", "CJ", "C7", "H7", "D7", "HA"],
        {1: frozenset("C"), 2: frozenset("H")},
    ),
    "null": ([*TAKEN_UP, "N", "CT", "CJ", "C7", "S9", "D7"], {2: frozenset("S")}),
    "grand hand": (
        [*BIDDING, "GH", "CA", "CJ", "C7", "H7", "D7", "HA"],
        {1: frozenset("C"), 2: frozenset("H")},
    ),
}


SCHIEBERAMSCH = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))
# FH takes up the skat (♠Q ♥Q) and passes ♣A ♥A on; MH takes them up and passes ♣A ♥7 on; RH
# pushes. Then FH leads ♣10, MH ♣J, RH ♣7.
PASSED_ON = ["s", "CA HA", "s", "CA H7", "push"]
# FH and MH push; RH takes up the skat and passes ♦K ♦10 on.
PASSED_LAST = ["push", "push", "s", "DK DT"]


def replay(moves: Sequence[str], rules: Rules | None = None) -> SkatState:
    state = new_game(Deal.parse(DEAL), rules)
    for text in moves:
        state = state.play(parse_move(text))
    return state


def positions() -> list[tuple[str, SkatState]]:
    """Whole deals of several games, a Ramsch, set-up positions, before and after declaring."""
    found = [(f"bidding {n}", replay(BIDDING[:n])) for n in range(len(BIDDING) + 1)]
    found += [("skat taken up", replay(TAKEN_UP[:5])), ("laid away", replay(TAKEN_UP))]
    for name, (moves, _) in GAMES.items():
        found += [
            (f"{name} declared", replay(moves[: moves.index("CA" if "CA" in moves else "CT")]))
        ]
        found += [(f"{name} {n} cards played", replay(moves[: len(moves) - n])) for n in (0, 1, 3)]
    ramsch = ["CA", "CJ", "C7", "H7", "D7", "HA"]
    found += [(f"ramsch {n}", replay(ramsch[:n], Rules(ramsch="always"))) for n in (0, 4, 6)]
    for n in range(1, len(PASSED_ON) + 1):
        found.append((f"schieberamsch {n}", replay(PASSED_ON[:n], SCHIEBERAMSCH)))
    found += [
        ("schieberamsch played", replay([*PASSED_ON, "CT", "CJ", "C7"], SCHIEBERAMSCH)),
        ("schieberamsch passed last", replay([*PASSED_LAST, "CT"], SCHIEBERAMSCH)),
    ]
    found += [
        ("set up", play_position(["HA", "D7", "HT"], GameType.CLUBS, declarer=0)),
        ("set up with skat", play_position(["CJ SJ", "HA", "DA"], GameType.GRAND, declarer=0,
                                           trick=["H7", "D7"], leader=1, skat="SA S7")),
    ]  # fmt: skip
    return found


@pytest.mark.parametrize(("name", "state"), positions(), ids=[n for n, _ in positions()])
def test_the_sampler_and_the_counting_read_one_model(name: str, state: SkatState) -> None:
    for seat in range(3):
        view = state.view(seat)
        drawn, counted = unseen_of(view), seat_knowledge(view)
        assert counted.game == drawn.game == follow_game(view)
        assert counted.holders == drawn.holders
        assert counted.places == drawn.places
        assert counted.voids == drawn.voids
        assert counted.unseen == drawn.cards
        assert counted.deal_count() == drawn.count()
        for holder, void in zip(drawn.holder_seats, drawn.voids, strict=True):
            assert void == shown_out(view).get(holder, frozenset()) or holder > 2


@pytest.mark.parametrize("game", list(GAMES))
def test_the_voids_shown_are_those_the_rules_give(game: str) -> None:
    moves, expected = GAMES[game]
    state = replay(moves)
    for seat in range(3):
        view = state.view(seat)
        assert shown_out(view) == expected
        known = knowledge_of(view)
        for holder, void in zip(known.holder_seats, known.voids, strict=True):
            assert void == expected.get(holder, frozenset())
        hands, _ = sample_deal(known, seat)
        for holder, groups in expected.items():
            assert not any(known.group(card) in groups for card in hands[holder])


def test_a_ramsch_follows_as_a_grand() -> None:
    state = replay(["CA", "CJ", "C7", "H7", "D7", "HA"], Rules(ramsch="always"))
    assert state.declaration is None
    assert shown_out(state.view(0)) == {1: frozenset("C"), 2: frozenset("H")}
    knowledge = seat_knowledge(state.view(0))
    assert knowledge.game is GameType.GRAND and knowledge.ramsch
    # FH still holds 8 cards and saw 6 played; MH and RH hold 8 each, the skat 2
    assert str(knowledge).startswith("what FH knows in Ramsch: 14 cards seen, 18 unseen")
    assert knowledge.places == (8, 8, 2)


def test_before_the_declaration_no_game_and_no_voids() -> None:
    for moves in (BIDDING[:2], TAKEN_UP[:5], TAKEN_UP):
        state = replay(moves)
        for seat in range(3):
            known = knowledge_of(state.view(seat))
            assert known.game is None and not any(known.voids) and shown_out(state.view(seat)) == {}
    # FH before taking up: 22 unseen cards, 10 and 10 with MH and RH, 2 in the skat
    fh = knowledge_of(replay(BIDDING).view(0))
    assert (fh.holders, fh.places) == (("MH", "RH", "skat"), (10, 10, 2))
    assert fh.count() == math.comb(22, 10) * math.comb(12, 10)
    # having taken up and laid away, FH knows the skat: 20 cards, 10 and 10
    fh = knowledge_of(replay(TAKEN_UP).view(0))
    assert (fh.holders, fh.places) == (("MH", "RH"), (10, 10))
    assert sorted(map(str, fh.skat)) == ["HQ", "SQ"] and fh.count() == math.comb(20, 10)


def test_a_set_up_position_puts_the_cards_played_before_it_aside() -> None:
    # FH holds ♥A, MH and RH one card each; FH laid nothing known away: of the 31 unseen cards
    # 1 + 1 are in the hands, 2 in the skat, and 27 were played before the position.
    state = play_position(["HA", "D7", "HT"], GameType.CLUBS, declarer=0)
    known = knowledge_of(state.view(0))
    assert (known.holders, known.places) == (("gone", "MH", "RH", "skat"), (27, 1, 1, 2))
    ways = math.factorial(31) // (math.factorial(27) * math.factorial(2))
    assert known.count() == seat_knowledge(state.view(0)).deal_count() == ways
    assert "played before" in str(seat_knowledge(state.view(0)))


def test_in_schieberamsch_the_last_to_pass_on_knows_the_skat() -> None:
    # The rules (docs/rules/skat.md): whoever takes up the skat sees it and passes two cards on
    # face down. Nobody took it up after RH, so the two cards RH passed on are the skat.
    view = replay(PASSED_LAST, SCHIEBERAMSCH).view(2)
    assert view.discards == parse_cards("DK DT") and view.skat == parse_cards("SQ HQ")
    known = knowledge_of(view)
    assert known.skat == tuple(parse_cards("DK DT"))
    assert (known.holders, known.places) == (("FH", "MH"), (10, 10))
    assert known.count() == seat_knowledge(view).deal_count() == math.comb(20, 10)


def test_in_schieberamsch_cards_passed_on_stay_with_those_who_took_the_skat_up_later() -> None:
    state = replay(PASSED_ON, SCHIEBERAMSCH)
    fh = state.view(0)
    known = knowledge_of(fh)
    # ♣A and ♥A went to MH, who kept them or passed them on; RH pushed without looking. With
    # k of them in the skat, MH holds 2 - k of them and 8 + k of the other 20 unseen cards.
    ways = sum(
        math.comb(2, k)
        * math.factorial(20)
        // (math.factorial(8 + k) * math.factorial(10) * math.factorial(2 - k))
        for k in range(3)
    )
    assert known.count() == seat_knowledge(fh).deal_count() == ways
    assert known.holders == ("MH", "RH", "skat") and known.skat == ()
    assert fh.took_up == (0, 1) and fh.discards == parse_cards("CA HA")
    counted = seat_knowledge(fh)
    for card in ("CA", "HA"):
        assert set(counted.where(card)) == {"MH", "skat"}
    for draw in range(50):
        hands, _ = sample_deal(known, draw)
        assert not set(parse_cards("CA HA")) & set(hands[2])
    # MH took the skat up last: it knows the skat, ♣A ♥7; RH has seen nothing of it.
    assert knowledge_of(state.view(1)).skat == tuple(parse_cards("CA H7"))
    rh = knowledge_of(state.view(2))
    assert rh.holders == ("FH", "MH", "skat") and rh.bound == () and rh.skat == ()


def test_not_a_view_is_refused() -> None:
    with pytest.raises(CardlibError, match="expected a SkatView"):
        knowledge_of(replay([]))  # type: ignore[arg-type]
