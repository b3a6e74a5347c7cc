"""The skat, the discard and the declaration: what is allowed and every forbidden combination."""

from __future__ import annotations

import pytest

from cardlib import Card
from cardlib.errors import CardlibError, IllegalMoveError, RulesError
from cardlib.skat import (
    Bid,
    Deal,
    Declaration,
    Declare,
    Discard,
    Doubling,
    GameType,
    Hold,
    Kontra,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Re,
    Rules,
    SkatState,
    new_game,
)

DEAL = Deal.parse(
    "CJ SJ HJ DJ CA CT CK CQ C9 C8 | C7 SA ST SK SQ S9 S8 S7 HA HT | "
    "HK HQ H9 H8 H7 DA DT DK DQ D9 | D8 DJ".replace("DJ CA", "D8 CA").replace("D8 DJ", "DJ D7")
)


def fh_declarer(bid: int = 18, rules: Rules | None = None) -> SkatState:
    state: SkatState = new_game(DEAL, rules)
    if bid == 18:
        moves: list[object] = [Pass(), Pass(), Bid(18)]
    else:
        moves = [Bid(bid), Hold(), Pass(), Pass()]
    for move in moves:
        state = state.play(move)  # type: ignore[arg-type]
    assert state.declarer == 0 and state.bid == bid
    return state


def code(state: SkatState, move: object) -> str | None:
    ruling = state.why_illegal(move)
    return None if ruling is None else ruling.code


def test_skat_phase_offers_pick_up_and_hand_games() -> None:
    state = fh_declarer()
    assert state.phase == "skat" and state.current_player == 0
    assert state.skat is None
    moves = state.legal_moves()
    assert moves[0] == PickUpSkat()
    assert Declare(GameType.CLUBS, hand=True) in moves
    assert Declare(Declaration.ouvert_game(GameType.GRAND)) in moves
    assert Declare(GameType.NULL, hand=True, ouvert=True) in moves
    assert Declare(GameType.CLUBS) not in moves
    assert all(state.is_legal(move) for move in moves)


def test_pick_up_then_discard_then_declare() -> None:
    state = fh_declarer().play(PickUpSkat())
    assert state.phase == "discard" and len(state.hands[0]) == 12
    assert state.skat == DEAL.skat
    assert len(state.legal_moves()) == 66
    state = state.play(Discard("D7", "C8"))
    assert state.phase == "declare" and len(state.hands[0]) == 10
    assert state.skat is not None and set(state.skat) == {Card.parse("D7"), Card.parse("C8")}
    assert Declare(GameType.NULL) in state.legal_moves()
    play = state.play(Declare(GameType.CLUBS))
    assert play.phase == "play" and play.declaration == Declaration(GameType.CLUBS)
    assert play.current_player == 0
    assert Card.parse("DJ") in play.hands[0] and Card.parse("D7") not in play.hands[0]


def test_discards_count_for_the_declarer_in_suit_and_grand_not_null() -> None:
    picked = fh_declarer().play(PickUpSkat()).play(Discard("CA", "CT"))
    assert picked.play(Declare("G")).card_points == (21, 0)
    assert picked.play(Declare("N")).card_points == (0, 0)
    hand = fh_declarer().play(Declare(GameType.SPADES, hand=True))
    assert hand.card_points == (2, 0)  # the untouched skat ♦J ♦7
    assert hand.skat is None  # hidden in a Hand game until the end


def test_implied_announcements_are_filled_in_not_refused() -> None:
    state = fh_declarer()
    schwarz = Declaration(GameType.CLUBS, hand=True, schwarz=True)  # Schneider implied
    assert state.why_illegal(Declare(schwarz)) is None
    assert state.play(Declare(schwarz)).declaration == Declaration.parse_iss("CHSZ")
    ouvert = Declaration(GameType.HEARTS, ouvert=True)  # Hand, Schneider, Schwarz implied
    assert state.play(Declare(ouvert)).declaration == Declaration.ouvert_game(GameType.HEARTS)
    picked = state.play(PickUpSkat()).play(Discard("D7", "C8"))
    ruling = picked.why_illegal(Declare(ouvert))
    assert ruling is not None and "a Hand game is no longer possible" in ruling.explanation


def test_discard_rulings() -> None:
    state = fh_declarer().play(PickUpSkat())
    assert code(state, Discard("HA", "D7")) == "discard_not_held"
    assert code(state, Discard("D7", "D7")) == "discard_twice"
    assert code(state, Declare("G")) == "wrong_phase"
    assert Discard("D7", "C8") == Discard("C8", "D7")


@pytest.mark.parametrize(
    ("declaration", "fragment"),
    [
        (Declaration(GameType.CLUBS, schwarz=True), "Schneider and Schwarz can be announced only"),
        (Declaration(GameType.GRAND, hand=False, schneider=True), "only in a Hand game"),
    ],
)
def test_forbidden_declarations_are_refused_with_the_rule(
    declaration: Declaration, fragment: str
) -> None:
    state = fh_declarer()
    ruling = state.why_illegal(Declare(declaration))
    assert ruling is not None and ruling.code == "forbidden_declaration"
    assert fragment in ruling.explanation
    with pytest.raises(IllegalMoveError) as error:
        state.play(Declare(declaration))
    assert error.value.ruling == ruling
    assert state.phase == "skat"


@pytest.mark.parametrize(
    ("flags", "iss"),
    [
        ({"schneider": True}, "NS"),
        ({"schwarz": True}, "NZ"),
        ({"hand": True, "schneider": True}, "NHS"),
    ],
)
def test_a_null_with_announcements_is_no_move_at_all(flags: dict[str, bool], iss: str) -> None:
    # The seed rules: a Null has a fixed value and no Schneider or Schwarz levels.
    with pytest.raises(
        RulesError, match=r"Declaration\(GameType\.NULL.*cannot be announced in a Null"
    ):
        Declare(GameType.NULL, **flags)
    with pytest.raises(CardlibError, match=rf"Declare\('{iss}'\).*cannot be announced in a Null"):
        Declare(iss)


def test_announcements_need_hand_even_after_pick_up() -> None:
    state = fh_declarer().play(PickUpSkat()).play(Discard("D7", "C8"))
    assert code(state, Declare(GameType.CLUBS, schneider=True)) == "forbidden_declaration"
    assert code(state, Declare(GameType.CLUBS, hand=True)) == "skat_taken"
    assert code(state, Declare(GameType.NULL, ouvert=True)) is None


def test_a_game_without_hand_needs_the_skat_picked_up() -> None:
    assert code(fh_declarer(), Declare(GameType.CLUBS)) == "pick_up_first"
    assert code(fh_declarer(), Play("CJ")) == "wrong_phase"


def test_null_below_the_bid_names_the_null_games_that_cover_it() -> None:
    state = fh_declarer(bid=30)
    ruling = state.why_illegal(Declare(GameType.NULL, hand=False, ouvert=False))
    assert ruling is not None
    # before the pick-up every Null that reaches 30 may still be declared
    hand_ruling = state.why_illegal(Declare(GameType.NULL, hand=True))
    assert hand_ruling is None
    picked = state.play(PickUpSkat()).play(Discard("D7", "C8"))
    ruling = picked.why_illegal(Declare(GameType.NULL))
    assert ruling is not None and ruling.code == "null_below_bid"
    assert "worth 23, less than the bid of 30" in ruling.explanation
    assert "Null Ouvert (46)" in ruling.explanation and "Hand" not in ruling.explanation
    assert Declare(GameType.NULL, ouvert=True) in picked.legal_moves()
    high = fh_declarer(bid=60)
    assert all(m.game is not GameType.NULL for m in high.legal_moves() if isinstance(m, Declare))
    ruling = high.why_illegal(Declare(GameType.NULL, hand=True, ouvert=True))
    assert ruling is not None and "none is left" in ruling.explanation


def test_declaration_events() -> None:
    state = fh_declarer().play(PickUpSkat()).play(Discard("D7", "C8")).play(Declare("H"))
    events = state.all_events()[-3:]
    texts = [str(event) for event in events]
    assert texts[0] == "FH picks up the skat (♦J ♦7) and will lay two cards away."
    assert texts[1].startswith("FH lays ♣8 ♦7 away (0 points")
    assert texts[2] == (
        "FH declares ♥: trumps, high to low: the four jacks (clubs, spades, hearts, diamonds), "
        "then hearts from the ace down."
    )
    told = [str(event.told_to(1)) for event in events]
    assert told[:2] == [
        "FH picks up the skat and will lay two cards away, face down.",
        "FH lays two cards away, face down; they are shown after the game.",
    ]
    assert [event.told_to(0) for event in events] == list(events)
    assert events[1].told_to(2).move is None and events[1].move == Discard("D7", "C8")


def test_kontra_and_re_double_before_the_first_card() -> None:
    rules = Rules(kontra=True)
    state = fh_declarer(rules=rules).play(Declare(GameType.CLUBS, hand=True))
    assert state.phase == "kontra" and state.current_player == 1
    assert state.legal_moves() == [Pass(), Kontra()]
    assert code(state, Re()) == "wrong_phase"
    state = state.play(Pass())
    assert state.current_player == 2
    state = state.play(Kontra())
    assert state.current_player == 0 and state.legal_moves() == [Pass(), Re()]
    play = state.play(Re())
    assert play.phase is Phase.PLAY and play.doubling is Doubling.RE and play.doubling.factor == 4
    assert [str(e).split(":")[0] for e in play.all_events()[-3:]] == [
        "MH passes (no Kontra).",
        "RH says Kontra",
        "FH says Re",
    ]
    quiet = fh_declarer(rules=rules).play(Declare("G", hand=True)).play(Pass()).play(Pass())
    assert quiet.phase is Phase.PLAY and quiet.doubling is Doubling.NONE
    assert quiet.doubling.factor == 1


def test_rules_reject_bad_options() -> None:
    with pytest.raises(RulesError):
        Rules(kontra="yes")  # type: ignore[arg-type]


def _every_declaration() -> list[Declare]:
    """Every declaration ``Declaration`` accepts (it refuses, say, Schwarz without Schneider)."""
    found = []
    for game in GameType:
        for flags in range(16):
            hand, schneider, schwarz, ouvert = (bool(flags >> i & 1) for i in range(4))
            try:
                declaration = Declaration(game, hand, schneider, schwarz, ouvert)
            except RulesError:
                continue
            found.append(Declare(declaration))
    return found


@pytest.mark.parametrize("bid", [18, 23, 24, 35, 36, 46, 48, 59, 60, 264])
def test_the_moves_listed_per_bid_are_the_moves_the_rules_allow(bid: int) -> None:
    """The skat phase's and the declaration's moves are listed once per bid, and a listed move is
    played without a ruling: each listed move has none, each move left out has one."""
    state = new_game(DEAL).play(Bid(bid)).play(Hold()).play(Pass()).play(Pass())
    for phase_state in (state, state.play(PickUpSkat()).play(Discard("C8", "C9"))):
        listed = phase_state.legal_moves()
        candidates = [PickUpSkat(), *_every_declaration()]
        assert [m for m in candidates if phase_state.why_illegal(m) is None] == [
            m for m in candidates if m in listed
        ]
        assert all(m in candidates for m in listed)
        assert len(listed) == len(set(map(repr, listed)))
