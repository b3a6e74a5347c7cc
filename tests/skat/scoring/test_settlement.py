"""Settlements against known results: the rules' facts and more worked out by hand."""

from __future__ import annotations

import random

import pytest

from cardlib import CardlibError, parse_cards
from cardlib.skat import new_deal, new_game, play_position
from cardlib.skat.engine.facts import BID_VALUES, Declaration, GameType, next_bid
from cardlib.skat.scoring.settlement import matadors, settle

G, C, S, H, D, N = (GameType.GRAND, GameType.CLUBS, GameType.SPADES, GameType.HEARTS,
                    GameType.DIAMONDS, GameType.NULL)  # fmt: skip

# Twelve cards each (ten dealt + skat), chosen for their matadors.
GRAND_WITH_1 = "CJ HJ CA CT CK SA ST HA H7 D7 D8 D9"  # ♣J, ♥J, no ♠J
GRAND_WITH_2 = "CJ SJ CA CT CK SA ST HA H7 D7 D8 D9"
GRAND_WITH_4 = "CJ SJ HJ DJ CA CT SA ST HA H7 D7 D8"
CLUBS_WITHOUT_4 = "CA CT CK CQ SA ST HA H7 D7 D8 D9 S7"  # ♣A but no jack
CLUBS_WITH_1 = "CJ HJ CA CT CK SA ST HA H7 D7 D8 D9"
CLUBS_WITHOUT_11 = "SA ST SK SQ S9 HA HT HK DA DT DK D7"
SPADES_WITH_3 = "CJ SJ HJ SA ST SK SQ S9 S8 HA HT D7"
DIAMONDS_WITHOUT_1 = "SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8"
NULL_CARDS = "C7 C8 C9 S7 S8 S9 H7 H8 H9 D7 D8 D9"


def decl(game: GameType, **flags: bool) -> Declaration:
    if flags.get("ouvert"):
        return Declaration.ouvert_game(game, hand=flags.get("hand", True))
    return Declaration(game, **flags)


# (declaration, cards, card points, tricks, bid, kontra, value, matadors, multiplier, overbid)
KNOWN = [
    # The facts in the rules.
    (decl(G), GRAND_WITH_1, 61, 5, 18, 0, 48, 1, 2, False),
    (decl(G), GRAND_WITH_1, 60, 5, 18, 0, -96, 1, 2, False),
    (decl(C), CLUBS_WITHOUT_4, 61, 5, 18, 0, 60, -4, 5, False),
    (decl(C), CLUBS_WITH_1, 90, 7, 18, 0, 36, 1, 3, False),
    (decl(C), CLUBS_WITH_1, 120, 10, 18, 0, 48, 1, 4, False),
    (
        decl(G, hand=True, schneider=True, schwarz=True),
        GRAND_WITH_1,
        120,
        10,
        18,
        0,
        168,
        1,
        7,
        False,
    ),
    (decl(G), GRAND_WITH_4, 61, 6, 18, 0, 120, 4, 5, False),
    (decl(N), NULL_CARDS, 0, 0, 18, 0, 23, 0, 0, False),
    (decl(N, hand=True), NULL_CARDS, 10, 1, 18, 0, -70, 0, 0, False),
    (decl(N, hand=True, ouvert=True), NULL_CARDS, 0, 0, 18, 0, 59, 0, 0, False),
    (
        decl(S, hand=True, schneider=True, schwarz=True),
        SPADES_WITH_3,
        120,
        10,
        18,
        0,
        99,
        3,
        9,
        False,
    ),
    (decl(D), DIAMONDS_WITHOUT_1, 89, 6, 22, 0, -54, -1, 2, True),
    (decl(D), DIAMONDS_WITHOUT_1, 90, 7, 22, 0, 27, -1, 3, False),
    # Worked out by hand.
    (decl(H, hand=True), "CJ SJ HA HT HK HQ H9 S7 S8 S9 D7 D8", 75, 6, 40, 0, 40, 2, 4, False),
    (decl(C), CLUBS_WITHOUT_11, 61, 5, 18, 0, 144, -11, 12, False),
    (decl(G), GRAND_WITH_2, 30, 3, 18, 0, -192, 2, 4, False),  # lost, schneider
    (decl(G), GRAND_WITH_1, 0, 0, 18, 0, -192, 1, 4, False),  # lost schwarz: 1+1+1+1
    (
        decl(S, hand=True, schneider=True),
        "SJ CA SA ST SK SQ S9 S8 HA HT D7 D8",
        85,
        8,
        18,
        0,
        -110,
        -1,
        5,
        False,
    ),  # announced schneider missed: without 1, game, hand, schneider, announced
    (
        decl(S, hand=True, schneider=True, schwarz=True),
        "CJ CA SA ST SK SQ S9 S8 HA HT D7 D8",
        110,
        9,
        18,
        0,
        -154,
        1,
        7,
        False,
    ),  # announced schwarz missed
    (decl(D), DIAMONDS_WITHOUT_1, 40, 3, 22, 0, -54, -1, 2, True),  # overbid, lost on points too
    (decl(D), DIAMONDS_WITHOUT_1, 30, 2, 22, 0, -54, -1, 3, False),  # schneider lifts it to 27
    (decl(G), GRAND_WITH_1, 61, 5, 18, 1, 96, 1, 2, False),  # Kontra
    (decl(G), GRAND_WITH_1, 61, 5, 18, 2, 192, 1, 2, False),  # Kontra and Re
    (decl(G), GRAND_WITH_1, 60, 5, 18, 2, -384, 1, 2, False),
    (decl(N, ouvert=True, hand=False), NULL_CARDS, 4, 1, 46, 0, -92, 0, 0, False),
    (decl(N), NULL_CARDS, 0, 0, 23, 1, 46, 0, 0, False),
    (decl(H), "DJ HA HT HK HQ H9 S7 S8 S9 D7 D8 D9", 70, 6, 60, 0, -120, -3, 4, True),  # 40 < 60
    (decl(G, hand=True), GRAND_WITH_2, 98, 8, 96, 0, 120, 2, 5, False),  # schneider: 5 × 24
]


@pytest.mark.parametrize(
    ("declaration", "cards", "points", "tricks", "bid", "kontra", "value", "mats", "mult", "over"),
    KNOWN,
)
def test_known_settlements(
    declaration: Declaration, cards: str, points: int, tricks: int, bid: int, kontra: int,
    value: int, mats: int, mult: int, over: bool,
) -> None:  # fmt: skip
    s = settle(declaration, parse_cards(cards), points, tricks, bid, kontra)
    assert (s.value, s.matadors, s.multiplier, s.overbid) == (value, mats, mult, over)
    assert s.won == (value > 0)
    assert s.lines[-1].endswith(("+" if value > 0 else "−") + str(abs(value)))


def test_seed_matadors_count_the_skat_even_in_hand() -> None:
    """♥J the highest held, ♣J in the skat: with 1, not without 2."""
    cards = parse_cards("HJ DJ HA HT HK HQ H9 H8 H7 SA") + parse_cards("CJ S7")
    assert matadors(cards, H) == 1
    s = settle(Declaration(H, hand=True), cards, 70, 6, 18)
    assert s.matadors == 1 and s.value == 3 * 10


def test_lines_show_the_working() -> None:
    s = settle(decl(C), parse_cards("CJ SJ CA CT CK SA ST HA H7 D7 D8 D9"), 95, 8, 18)
    assert s.lines == (
        "♣: base value 12", "with 2", "game 1",
        "schneider (the defenders have 30 or fewer: 25 card points) 1", "= 4 × 12 = 48",
        "won with 95 card points: +48",
    )  # fmt: skip
    over = settle(decl(C), parse_cards(CLUBS_WITH_1), 70, 6, 50)
    assert over.lines[-2:] == (
        "24 is less than the bid 50: overbid, valued at 60 (5 × 12, the smallest multiple of the "
        "base value 12 that reaches the bid 50)",
        "lost (overbid): −2 × 60 = −120",
    )
    assert over.game_value == 60 and over.value == -120
    assert str(over).splitlines() == list(over.lines)
    null = settle(decl(N, hand=True), parse_cards(NULL_CARDS), 10, 1, 18)
    assert null.lines == (
        "Null Hand: fixed value 35",
        "lost: the declarer took a trick: −2 × 35 = −70",
    )


def test_lines_name_the_side_that_is_schneider_or_schwarz() -> None:
    """Schneider and Schwarz count one level whichever side they hit; the line names the side."""
    grand = parse_cards(GRAND_WITH_1)
    defenders = settle(decl(G), grand, 120, 10, 18)
    assert defenders.lines[3:5] == (
        "schneider (the defenders have 30 or fewer: 0 card points) 1",
        "schwarz (the defenders took no trick) 1",
    )
    declarer = settle(decl(G), grand, 2, 0, 18)  # only the skat's 2 points
    assert declarer.lines[3:5] == (
        "schneider (the declarer has 30 or fewer: 2 card points) 1",
        "schwarz (the declarer took no trick) 1",
    )
    assert declarer.lines[-1] == "lost with 2 card points: −2 × 96 = −192"
    schneidered = settle(decl(G), grand, 30, 2, 18)
    assert schneidered.lines[3] == "schneider (the declarer has 30 or fewer: 30 card points) 1"
    assert not any(line.startswith("schwarz") for line in schneidered.lines)
    assert settle(decl(G), grand, 31, 2, 18).lines[3] == "= 2 × 24 = 48"


def test_missed_and_broken_announcements_say_why_they_count_and_lost() -> None:
    grand = parse_cards(GRAND_WITH_1)
    missed = settle(decl(G, hand=True, schneider=True), grand, 85, 8, 18)
    assert missed.lines[4:] == (
        "schneider (counted as announced) 1",
        "schneider announced 1",
        "= 5 × 24 = 120",
        "Schneider announced, but the declarer has only 85 card points (90 needed): lost",
        "lost: −2 × 120 = −240",
    )
    broken = settle(decl(G, hand=True, schwarz=True), grand, 40, 3, 18)
    assert broken.lines[4:] == (
        "schneider (counted with Schwarz announced) 1",
        "schneider announced (implied by Schwarz announced) 1",
        "schwarz (counted as announced) 1",
        "schwarz announced 1",
        "= 7 × 24 = 168",
        "Schwarz announced, but the defenders took trick 4, where play stopped: lost",
        "lost: −2 × 168 = −336",
    )
    first = settle(decl(G, hand=True, schwarz=True), grand, 4, 0, 18)  # the skat's 4 points
    assert first.value == -336
    assert "the defenders took trick 1, where play stopped" in first.lines[-2]
    assert "schneider (counted with Schwarz announced) 1" in first.lines
    ouvert = settle(decl(G, ouvert=True), grand, 40, 3, 18)
    assert ouvert.lines[4:] == (
        "schneider (counted with Ouvert) 1",
        "schneider announced (implied by Ouvert) 1",
        "schwarz (counted with Ouvert) 1",
        "schwarz announced (implied by Ouvert) 1",
        "ouvert 1",
        "= 8 × 24 = 192",
        "Ouvert: the declarer must take every trick, but the defenders took trick 4, where play "
        "stopped: lost",
        "lost: −2 × 192 = −384",
    )


def test_kontra_and_re_are_worked_out_in_the_last_line() -> None:
    grand = parse_cards(GRAND_WITH_1)
    assert settle(decl(G), grand, 61, 5, 18, kontra=1).lines[-2:] == (
        "Kontra: × 2",
        "won with 61 card points: 48 × 2 = +96",
    )
    assert settle(decl(G), grand, 60, 5, 18, kontra=2).lines[-3:] == (
        "Kontra: × 2",
        "Re: × 2",
        "lost with 60 card points: −2 × 48 × 4 = −384",
    )
    over = settle(decl(D), parse_cards(DIAMONDS_WITHOUT_1), 89, 6, 22, kontra=1)
    assert over.lines[-3:] == (
        "18 is less than the bid 22: overbid, valued at 27 (3 × 9, the smallest multiple of the "
        "base value 9 that reaches the bid 22)",
        "Kontra: × 2",
        "lost (overbid): −2 × 27 × 2 = −108",
    )
    null = settle(decl(N, hand=True), parse_cards(NULL_CARDS), 0, 0, 18, kontra=1)
    assert null.lines[-1] == "won: the declarer took no trick: 35 × 2 = +70"


def test_schwarz_is_by_tricks_not_points() -> None:
    """A trick of three zero-point cards makes the defenders escape schwarz."""
    s = settle(decl(G), parse_cards(GRAND_WITH_1), 120, 9, 18)
    assert s.schneider and not s.schwarz and s.multiplier == 3
    lost = settle(decl(G), parse_cards(GRAND_WITH_1), 0, 1, 18)  # a trick of 7s, no points
    assert not lost.schwarz and lost.schneider and lost.value == -2 * 3 * 24


def test_grand_matadors_stop_at_four() -> None:
    assert matadors(parse_cards(GRAND_WITH_4), G) == 4
    assert matadors(parse_cards(GRAND_WITH_4), C) == 6  # jacks, ♣A, ♣10; ♣K missing
    assert matadors(parse_cards("CA CT CK CQ C9 C8 C7 SA ST SK SQ S9"), C) == -4
    assert matadors(parse_cards(NULL_CARDS), N) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((decl(G), GRAND_WITH_1[:-3], 61, 5, 18), "expected 12 cards"),
        ((decl(G), GRAND_WITH_1 + " S7", 61, 5, 18), "expected 12 cards"),
        ((decl(G), GRAND_WITH_1.replace("D9", "D8"), 61, 5, 18), "D8 given twice"),
        ((decl(G), GRAND_WITH_1.replace("D9", "D2"), 61, 5, 18), "32-card Skat pack"),
        ((decl(G), GRAND_WITH_1, 121, 5, 18), "card points 121"),
        ((decl(G), GRAND_WITH_1, -1, 5, 18), "card points -1"),
        ((decl(G), GRAND_WITH_1, 61, 11, 18), "tricks 11"),
        ((decl(G), GRAND_WITH_1, 61, -1, 18), "tricks -1"),
        ((decl(G), GRAND_WITH_1, 100, 10, 18), "all 10 tricks"),
        ((decl(G), GRAND_WITH_1, 50, 0, 18), "no trick"),
        ((decl(G), GRAND_WITH_1, 1, 3, 18), "cannot go with 3 tricks"),
        ((decl(G), GRAND_WITH_1, 119, 9, 18), "cannot go with 9 tricks"),
        ((decl(G), GRAND_WITH_1, 61, 5, 19), "bid 19"),
        ((decl(G), GRAND_WITH_1, 61, 5, 265), "bid 265"),
        ((decl(G), GRAND_WITH_1, 61, 5, 18, 3), "kontra 3"),
        ((Declaration(G, schneider=True), GRAND_WITH_1, 61, 5, 18), "only in a Hand game"),
        ((decl(N), NULL_CARDS, 0, 0, 24), "less than the bid 24"),
    ],
)
def test_invalid_input_raises(args: tuple[object, ...], message: str) -> None:
    declaration, cards, *rest = args
    with pytest.raises(CardlibError, match=message):
        settle(declaration, parse_cards(str(cards)), *rest)  # type: ignore[arg-type]


def test_overbid_is_the_smallest_multiple_reaching_the_bid() -> None:
    for bid in BID_VALUES:
        s = settle(decl(D), parse_cards(DIAMONDS_WITHOUT_1), 70, 6, bid)
        if bid <= 18:
            assert not s.overbid and s.value == 18
        else:
            assert s.overbid and s.game_value % 9 == 0 and s.game_value - 9 < bid <= s.game_value
            assert s.value == -2 * s.game_value


def test_bid_ladder_is_every_game_value_of_18_or_more() -> None:
    values = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    values |= {24 * m for m in range(2, 12)} | {23, 35, 46, 59}
    assert tuple(sorted(v for v in values if 18 <= v <= 264)) == BID_VALUES
    assert len(BID_VALUES) == 63 and (BID_VALUES[0], BID_VALUES[-1]) == (18, 264)
    assert [next_bid(v) for v in BID_VALUES[:-1]] == list(BID_VALUES[1:])


@pytest.mark.parametrize("seed", range(40))
def test_state_settlement_of_random_games(seed: int) -> None:
    """A finished game's state settles itself; won and overbid agree with the result."""
    rng = random.Random(seed)
    state = new_game(new_deal(seed))
    assert state.settlement is None
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    s = state.settlement
    if state.declarer is None:
        assert s is None and state.result is not None and state.result.passed_in
        return
    assert s is not None and state.result is not None
    assert s.won == state.result.made and s.overbid == state.result.overbid
    assert s.declaration == state.declaration and s.bid == state.bid
    assert s.declarer_tricks == state.tricks_won[0]
    assert (s.value > 0) == s.won and s.lines[-1].endswith(str(abs(s.value)))


def test_a_position_without_a_deal_has_no_settlement() -> None:
    state = play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, declarer=0)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    assert state.is_over and state.settlement is None
