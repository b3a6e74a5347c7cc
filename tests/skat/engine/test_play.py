"""Following and trick winners in suit, grand and null games; early ends; refusals."""

from __future__ import annotations

import pytest

from cardlib import Card
from cardlib.errors import IllegalMoveError, RulesError
from cardlib.skat import (
    Bid,
    Declaration,
    Declare,
    Discard,
    GameType,
    Pass,
    PickUpSkat,
    Play,
    RandomBot,
    Result,
    SkatState,
    new_deal,
    new_game,
    play_position,
)
from cardlib.skat.engine.play import PlayState

CLUBS, HEARTS, GRAND, NULL = GameType.CLUBS, GameType.HEARTS, GameType.GRAND, GameType.NULL


def legal(state: PlayState) -> list[str]:
    return [str(m.card) for m in state.legal_moves()]  # type: ignore[union-attr]


def after_lead(game: GameType, lead: str, mh: str) -> PlayState:
    """FH (declarer) has led ``lead``; MH holds ``mh`` and must answer."""
    size = len(mh.split())
    used = {lead, *mh.split()}
    pool = [c for c in "S7 S8 S9 SQ SK D7 D8 D9 DQ DK".split() if c not in used]
    rh, fh = pool[:size], pool[size : 2 * size - 1]
    state = play_position([fh, mh, rh], game, declarer=0, trick=[lead], leader=0)
    assert state.current_player == 1
    return state


def refusal(state: PlayState, card: object) -> str:
    move = Play(card) if isinstance(card, str) else card
    ruling = state.why_illegal(move)
    assert ruling is not None
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)  # type: ignore[arg-type]
    assert error.value.ruling == ruling
    return ruling.code + ": " + ruling.explanation


# --- suit games --------------------------------------------------------------------------------
def test_a_jack_does_not_follow_its_printed_suit_in_a_suit_game() -> None:
    state = after_lead(CLUBS, "HA", "HJ H9")
    assert legal(state) == ["H9"]
    assert refusal(state, "HJ") == (
        "jack_is_trump: ♥J is a trump in a clubs game: it does not follow hearts, "
        "and with ♥9 in hand MH must play ♥9"
    )


def test_a_jack_may_trump_when_void_in_the_led_suit() -> None:
    state = after_lead(CLUBS, "HA", "HJ S9")
    assert legal(state) == ["HJ", "S9"]
    state = state.play(Play("HJ")).play(Play("S7"))
    assert state.tricks[-1].winner == 1
    assert "♥J wins: the only trump" in str(state.events[-1])


def test_a_led_jack_asks_for_trumps_in_a_suit_game() -> None:
    state = after_lead(HEARTS, "CJ", "HA CA")
    assert legal(state) == ["HA"]
    assert refusal(state, "CA").startswith(
        "must_follow_trump: ♣J led: a jack is a trump in a hearts game, so the lead asks for trumps"
    )
    state = after_lead(CLUBS, "CJ", "C7 HA DJ")
    assert legal(state) == ["DJ", "C7"]


def test_a_led_trump_card_asks_for_jacks_too() -> None:
    state = after_lead(CLUBS, "CA", "DJ DA")
    assert legal(state) == ["DJ"]
    assert "must_follow_trump" in refusal(state, "DA")


def test_no_card_of_the_suit_means_any_card() -> None:
    state = after_lead(CLUBS, "SA", "HA DA CJ")
    assert legal(state) == ["CJ", "HA", "DA"]


@pytest.mark.parametrize(
    ("game", "cards", "winner"),
    [
        (CLUBS, "SJ CJ HJ", 1),  # ♣J the highest trump
        (CLUBS, "HA DJ HT", 1),  # the lowest jack beats the ace of a plain suit
        (CLUBS, "CA DJ C7", 1),  # a jack beats the trump ace
        (CLUBS, "HT HA SA", 1),  # the highest of the led suit; ♠A did not follow
        (CLUBS, "HK SA DA", 0),  # nobody followed: the lead wins
        (CLUBS, "H7 C7 HA", 1),  # the smallest trump beats the led ace
        (HEARTS, "HJ HA DJ", 0),  # ♥J is a jack, ranks above ♦J and the trump ace
        (CLUBS, "CT CK CA", 2),  # trump suit order A 10 K
    ],
)
def test_trick_winners_in_suit_games(game: GameType, cards: str, winner: int) -> None:
    first, second, third = cards.split()
    state = play_position([f"{first} S8", f"{second} S9", f"{third} ST"], game, declarer=0)
    for card in (first, second, third):
        state = state.play(Play(card))
    assert state.tricks[0].winner == winner
    assert state.trick_leader == winner


def test_trick_ruling_names_the_winner_and_why() -> None:
    state = play_position(["SJ", "CJ", "HJ"], CLUBS, declarer=0)
    for card in ("SJ", "CJ", "HJ"):
        state = state.play(Play(card))
    trick_event = next(e for e in state.events if e.ruling.code == "trick")
    assert str(trick_event) == "♣J wins: the highest trump. MH takes the trick (6 points)."


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("HT HA SA", "♥A wins: the highest heart; no trump was played (♠A did not follow hearts, "
                     "so it cannot win). MH takes the trick (32 points)."),
        ("HK SA DA", "♥K wins: the highest heart; no trump was played (♠A ♦A did not follow "
                     "hearts, so they cannot win). FH takes the trick (26 points)."),
    ],
)  # fmt: skip
def test_trick_ruling_says_which_suit_was_not_followed(cards: str, text: str) -> None:
    first, second, third = cards.split()
    state = play_position([f"{first} S8", f"{second} S9", f"{third} ST"], CLUBS, declarer=0)
    for card in (first, second, third):
        state = state.play(Play(card))
    assert str(state.events[-1]) == text


# --- grand -------------------------------------------------------------------------------------
def test_in_grand_a_led_jack_asks_for_jacks() -> None:
    state = after_lead(GRAND, "CJ", "DJ CA")
    assert legal(state) == ["DJ"]
    assert refusal(state, "CA") == (
        "must_follow_trump: grand: only the four jacks are trumps, so a led jack asks for jacks; "
        "MH holds ♦J and must play ♦J"
    )


def test_in_grand_the_suits_are_not_trumps() -> None:
    state = after_lead(GRAND, "CA", "CJ C7")
    assert legal(state) == ["C7"]
    assert refusal(state, "CJ").startswith("jack_is_trump: ♣J is a trump in a grand")
    state = after_lead(GRAND, "CA", "CJ H7")
    assert legal(state) == ["CJ", "H7"]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [("CA DJ CT", 1), ("DJ CJ SJ", 1), ("HA HT H7", 0), ("C7 CA DA", 1), ("H7 CA DA", 0)],
)
def test_trick_winners_in_grand(cards: str, winner: int) -> None:
    first, second, third = cards.split()
    state = play_position([f"{first} S8", f"{second} S9", f"{third} ST"], GRAND, declarer=0)
    for card in (first, second, third):
        state = state.play(Play(card))
    assert state.tricks[0].winner == winner


# --- null --------------------------------------------------------------------------------------
def test_in_null_jacks_belong_to_their_suit() -> None:
    state = after_lead(NULL, "HA", "HJ SA")
    assert legal(state) == ["HJ"]
    text = refusal(state, "SA")
    assert text.startswith("must_follow_suit: hearts led: MH holds ♥J, so MH must follow hearts")
    assert "(in Null the jacks belong to their printed suits)" in text


def test_in_null_a_led_jack_asks_for_its_suit() -> None:
    state = after_lead(NULL, "CJ", "C7 SJ")
    assert legal(state) == ["C7"]
    state = after_lead(NULL, "CJ", "HJ SJ")
    assert legal(state) == ["SJ", "HJ"]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [("HT HJ H7", 1), ("HQ HK HJ", 1), ("H7 H8 CA", 1), ("CJ CT C7", 0), ("DJ SA CJ", 0)],
)
def test_trick_winners_in_null(cards: str, winner: int) -> None:
    first, second, third = cards.split()
    state = play_position([f"{first} S8", f"{second} S9", f"{third} ST"], NULL, declarer=1)
    for card in (first, second, third):
        state = state.play(Play(card))
    assert state.tricks[0].winner == winner


# --- early ends --------------------------------------------------------------------------------
def test_null_ends_at_the_declarers_first_trick() -> None:
    state = play_position(["HA S7", "H7 S8", "H8 S9"], NULL, declarer=0)
    state = state.play(Play("HA")).play(Play("H7")).play(Play("H8"))
    assert state.is_over and state.end_reason == "null: the declarer took a trick"
    assert state.current_player is None and state.legal_moves() == []
    assert len(state.hands[0]) == 1  # the rest is not played
    assert state.result is not None and state.result.made is False
    assert state.events[-1].ruling.code == "null_lost"
    assert str(state.events[-1]) == (
        "FH, the declarer, took a trick: a Null game is lost at once, and the rest is not played. "
        "FH lost Null (bid 18): 1:0 tricks."
    )
    assert str(state.result) == "FH lost Null (bid 18): 1:0 tricks; Null: the declarer took a trick"
    assert "  Tricks 1:0 (declarer:defenders)" in state.to_text().splitlines()
    assert "Points" not in state.to_text()
    assert refusal(state, "S7").startswith("game_over")


def test_null_won_when_the_declarer_takes_no_trick() -> None:
    state = play_position(["H7", "HA", "H8"], NULL, declarer=0)
    for card in ("H7", "HA", "H8"):
        state = state.play(Play(card))
    assert state.end_reason == "all tricks played"
    assert state.result is not None and state.result.made is True


@pytest.mark.parametrize(
    "declaration",
    [
        Declaration(GameType.SPADES, hand=True, schneider=True, schwarz=True),
        Declaration.ouvert_game(GameType.GRAND),
    ],
)
def test_schwarz_announced_ends_at_the_defenders_first_trick(declaration: Declaration) -> None:
    state = play_position(["CJ D7", "SJ D8", "HJ D9"], declaration, declarer=0)
    state = state.play(Play("D7")).play(Play("D8")).play(Play("D9"))
    assert state.end_reason == "schwarz announced: the defenders took a trick"
    assert state.result is not None and state.result.made is False
    assert state.events[-1].ruling.code == "schwarz_lost"
    game = "an Ouvert game" if declaration.ouvert else "a game with Schwarz announced"
    assert str(state.events[-1]) == (
        f"RH took a trick for the defenders: FH had to take every trick in {game}, so it is lost "
        f"and play stops here. {state.result.summary()}."
    )
    assert state.to_text().count("FH lost") == 1  # the last ruling says it; not twice


def test_without_schwarz_announced_the_play_goes_on() -> None:
    state = play_position(["CJ D7", "SJ D8", "HJ D9"], GameType.SPADES, declarer=0)
    state = state.play(Play("D7")).play(Play("D8")).play(Play("D9"))
    assert not state.is_over and state.current_player == 2


# --- a whole deal ------------------------------------------------------------------------------
def played_out(seed: int) -> SkatState:
    state: SkatState = new_game(new_deal(seed))
    for move in (Pass(), Pass(), Bid(18), PickUpSkat()):
        state = state.play(move)
    cards = state.hands[0]
    state = state.play(Discard(cards[-1], cards[-2])).play(Declare("G"))
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    return state


def test_a_whole_deal_plays_ten_tricks() -> None:
    state = played_out(5)
    assert isinstance(state, PlayState)
    assert state.end_reason == "all tricks played" and len(state.tricks) == 10
    assert sum(state.card_points) == 120 and sum(state.tricks_won) == 10
    assert state.skat is not None and len(state.skat) == 2
    leaders = [trick.leader for trick in state.tricks]
    assert leaders[0] == 0
    assert leaders[1:] == [trick.winner for trick in state.tricks[:-1]]
    assert state.result is not None
    assert state.result.made == (state.card_points[0] >= 61)
    assert str(state.events[-1]) == f"All ten tricks are played. {state.result.summary()}."
    assert state.dealt_hand(0) == new_deal(5).fh


def test_an_overbid_game_is_reported_lost_whatever_the_card_points() -> None:
    """Random bots, seed 190: RH plays ♥ Hand without 1 (worth 30) at a bid of 45 and takes 61."""
    state: SkatState = new_game(new_deal(190))
    bots = [RandomBot(190) for _ in range(3)]
    while not state.is_over:
        state = state.play(bots[state.current_player or 0].choose(state))
    result, settlement = state.result, state.settlement
    assert result is not None and settlement is not None
    assert (result.declarer, result.bid, result.card_points) == (2, 45, (61, 59))
    assert result.made is False and result.overbid is True and result.worth == 30
    assert settlement.overbid and settlement.value == -100
    expected = (
        "RH lost ♥ Hand (bid 45): 61:59 card points, 6:4 tricks, but the game is worth only 30, "
        "less than the bid 45: overbid"
    )
    assert str(result) == expected + "; all tricks played"
    assert str(state.events[-1]) == f"All ten tricks are played. {expected}."
    assert settlement.lines[-2:] == (
        "30 is less than the bid 45: overbid, valued at 50 (5 × 10, the smallest multiple of the "
        "base value 10 that reaches the bid 45)",
        "lost (overbid): −2 × 50 = −100",
    )


def test_a_result_knows_the_game_value_when_the_state_has_a_deal() -> None:
    made = played_out(5).result
    assert made is not None and made.overbid is False and made.worth is not None
    assert made.worth % 24 == 0 and "overbid" not in str(made)
    state = play_position(["CJ D7", "SJ D8", "HJ D9"], CLUBS, declarer=0, bid=60)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    result = state.result  # no deal: no settlement, so nothing is known about the value
    assert result is not None and result.worth is None and result.overbid is False


def test_overbid_and_lost_on_points_says_both() -> None:
    result = Result(
        "all tricks played", 0, Declaration(GameType.DIAMONDS), 22, (40, 80), (3, 7),
        made=False, overbid=True, worth=18,
    )  # fmt: skip
    assert str(result) == (
        "FH lost ♦ (bid 22): 40:80 card points, 3:7 tricks; overbid as well: the game is worth "
        "only 18, less than the bid 22; all tricks played"
    )


def test_refusals_name_the_card_and_change_nothing() -> None:
    state = play_position(["CJ D7", "SJ D8", "HJ D9"], CLUBS, declarer=0)
    assert refusal(state, "SJ") == ("not_held: ♠J is not in FH's hand; FH holds ♣J ♦7")
    assert refusal(state, "H2").startswith("not_held: ♥2 is not in FH's hand")
    assert refusal(state, "HA").startswith("not_held")
    assert "wrong_phase" in refusal(state, Bid(18))
    assert state.trick == () and state.current_player == 0


def test_play_position_is_checked() -> None:
    with pytest.raises(RulesError, match="given twice"):
        play_position(["CJ", "CJ", "HJ"], CLUBS, declarer=0)
    with pytest.raises(RulesError, match="do not fit together"):
        play_position(["CJ D7", "SJ", "HJ"], CLUBS, declarer=0)
    with pytest.raises(RulesError, match="Schneider and Schwarz can be announced only in a Hand"):
        play_position(["CJ", "SJ", "HJ"], Declaration(CLUBS, schwarz=True), 0)
    with pytest.raises(RulesError, match="no deal"):
        _ = play_position(["CJ", "SJ", "HJ"], CLUBS, declarer=0).deal


def test_play_position_counts_the_skat_and_earlier_tricks() -> None:
    state = play_position(
        ["CJ SA", "SJ", "HJ S7"], CLUBS, declarer=2, skat=["CA", "S8"], card_points=(50, 47),
        tricks_won=(4, 4), leader=1, trick=["DA"],
    )  # fmt: skip
    assert state.card_points == (61, 47) and state.tricks_won == (4, 4)
    assert state.current_player == 2 and state.trick == (Card.parse("DA"),)
    state = state.play(Play("HJ")).play(Play("CJ"))
    assert state.tricks_won == (4, 5) and state.card_points == (61, 62)
    assert state.current_player == 0 and not state.is_over
