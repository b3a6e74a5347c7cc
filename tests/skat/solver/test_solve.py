"""The double-dummy solver against a plain minimax over cards, on small random positions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import SKAT_DECK, Card, CardlibError, parse_cards
from cardlib.skat.engine.facts import GameType, card_points, follow_group, trick_winner
from cardlib.skat.solver.solve import SearchStats, solve_null, solve_position, wins_every_trick

POINT_GAMES = [g for g in GameType if g is not GameType.NULL]


def legal(hand: Sequence[Card], trick: Sequence[Card], game: GameType) -> list[Card]:
    if not trick:
        return list(hand)
    led = follow_group(trick[0], game)
    following = [card for card in hand if follow_group(card, game) == led]
    return following or list(hand)


def minimax(
    hands: list[tuple[Card, ...]], leader: int, trick: tuple[Card, ...], game: GameType, decl: int
) -> int:
    """Declarer's card points from here, by brute force over every legal card."""
    if len(trick) == 3:
        winner = (leader + trick_winner(trick, game)) % 3
        gained = card_points(trick) if winner == decl else 0
        if not hands[winner]:
            return gained
        return gained + minimax(hands, winner, (), game, decl)
    seat = (leader + len(trick)) % 3
    values = []
    for card in legal(hands[seat], trick, game):
        after = list(hands)
        after[seat] = tuple(c for c in hands[seat] if c != card)
        values.append(minimax(after, leader, (*trick, card), game, decl))
    return max(values) if seat == decl else min(values)


def all_tricks(
    hands: list[tuple[Card, ...]],
    leader: int,
    trick: tuple[Card, ...],
    game: GameType,
    decl: int,
    declarer_wins: bool,
) -> bool:
    """Whether the declarer can make every trick go their way (all won, or all lost in null)."""
    if len(trick) == 3:
        winner = (leader + trick_winner(trick, game)) % 3
        if (winner == decl) != declarer_wins:
            return False
        return not hands[winner] or all_tricks(hands, winner, (), game, decl, declarer_wins)
    seat = (leader + len(trick)) % 3
    results = []
    for card in legal(hands[seat], trick, game):
        after = list(hands)
        after[seat] = tuple(c for c in hands[seat] if c != card)
        results.append(all_tricks(after, leader, (*trick, card), game, decl, declarer_wins))
    return any(results) if seat == decl else all(results)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int]:
    """Hands of up to 4 cards, a leader, a trick in progress (0-2 cards), a declarer, a seed."""
    size = draw(st.integers(1, 4))
    played = draw(st.integers(0, 2))
    leader = draw(st.integers(0, 2))
    declarer = draw(st.integers(0, 2))
    deck = draw(st.permutations(SKAT_DECK))
    hands: list[tuple[Card, ...]] = [(), (), ()]
    trick = []
    position = 0
    for i in range(3):
        seat = (leader + i) % 3
        hands[seat] = tuple(deck[position : position + size])
        position += size
        if i < played:
            trick.append(hands[seat][0])
            hands[seat] = hands[seat][1:]
    return hands, leader, tuple(trick), declarer, position


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(POINT_GAMES))
def test_points_agree_with_minimax(
    pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int], game: GameType
) -> None:
    hands, leader, trick, declarer, _ = pos
    expected = minimax(hands, leader, trick, game, declarer)
    assert solve_position(hands, leader, game, declarer, trick=trick) == expected
    for threshold in (expected, expected + 1, 0, 1):
        reached = solve_position(hands, leader, game, declarer, trick=trick, threshold=threshold)
        assert reached == (expected >= threshold)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_null_agrees_with_minimax(
    pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int],
) -> None:
    hands, leader, trick, declarer, _ = pos
    expected = all_tricks(hands, leader, trick, GameType.NULL, declarer, declarer_wins=False)
    assert solve_null(hands, leader, declarer, trick=trick) == expected


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from(POINT_GAMES))
def test_schwarz_agrees_with_minimax(
    pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int], game: GameType
) -> None:
    hands, leader, trick, declarer, _ = pos
    expected = all_tricks(hands, leader, trick, game, declarer, declarer_wins=True)
    assert wins_every_trick(hands, leader, game, declarer, trick=trick) == expected


def test_skat_points_are_added() -> None:
    hands = ("CJ SJ", "HA HT", "DA DT")
    without = solve_position(hands, 0, GameType.GRAND)
    assert without == 46
    assert solve_position(hands, 0, GameType.GRAND, skat="SA ST") == 67
    assert solve_position(hands, 0, GameType.GRAND, skat="SA ST", threshold=61) is True


def test_jack_trumps_ruling_decides_the_last_trick() -> None:
    # ♥J is a trump in clubs: it cannot follow the heart lead and beats it.
    assert solve_position(("HA", "HJ", "H7"), 0, GameType.CLUBS, declarer=1) == 13
    # In null the jack is a plain heart below the ace.
    assert solve_null(("HA", "HJ", "H7"), 0, declarer=1) is True


def test_a_full_deal_is_the_same_seen_from_any_seat() -> None:
    rng = random.Random(8)
    deck = list(SKAT_DECK)
    rng.shuffle(deck)
    hands = [tuple(deck[i * 5 : i * 5 + 5]) for i in range(3)]
    value = solve_position(hands, 1, GameType.SPADES, declarer=2)
    rotated = [hands[1], hands[2], hands[0]]
    assert solve_position(rotated, 0, GameType.SPADES, declarer=1) == value


def test_stats_count_the_work() -> None:
    stats = SearchStats()
    hands = ("CJ SJ HA", "HT H9 DA", "DT SA S7")
    solve_position(hands, 0, GameType.HEARTS, stats=stats)
    assert stats.nodes > 0 and stats.probes > 0


BAD_INPUTS = [
    ((("CJ", "SJ"), 0, GameType.CLUBS), "three hands"),
    (
        (("CJ SJ", "HA", "DA"), 0, GameType.CLUBS),
        "hold 2, 1, 1 cards, which does not fit a trick led by seat 0",
    ),
    ((("CJ", "CJ", "DA"), 0, GameType.CLUBS), "CJ appears twice"),
    ((("CJ", "HA", "DA"), 0, GameType.NULL), "use solve_null"),
    ((("CJ", "HA", "DA"), 3, GameType.CLUBS), "leader must be seat 0, 1 or 2"),
    ((("CJ", "HA", "C2"), 0, GameType.CLUBS), "not in the 32-card Skat pack"),
    ((("", "", ""), 0, GameType.CLUBS), "nothing left to play"),
    ((("CJ", "HA", "DA"), 0, "clubs"), "is not a GameType"),
]


@pytest.mark.parametrize(("args", "message"), BAD_INPUTS)
def test_bad_input_is_refused_clearly(args: tuple[object, ...], message: str) -> None:
    hands, leader, game = args
    with pytest.raises(CardlibError, match=message):
        solve_position(hands, leader, game)  # type: ignore[arg-type]


def test_bad_trick_and_skat_are_refused() -> None:
    with pytest.raises(CardlibError, match=r"expected 0, 1, 1\): hands  \| HA \| , trick CJ"):
        solve_position(("", "HA", ""), 0, GameType.CLUBS, trick="CJ")
    assert solve_position(("", "HA", "DA"), 0, GameType.CLUBS, trick="CJ") == 24
    with pytest.raises(CardlibError, match="DA appears twice"):
        solve_position(("CJ", "HA", "DA"), 0, GameType.CLUBS, skat="DA S7")
    with pytest.raises(CardlibError, match="the skat holds at most 2 cards"):
        solve_position(("CJ", "HA", "DA"), 0, GameType.CLUBS, skat="S7 S8 S9")
    with pytest.raises(CardlibError, match="declarer must be seat 0, 1 or 2"):
        solve_null(("CJ", "HA", "DA"), 0, declarer=5)
    with pytest.raises(CardlibError, match="use solve_null"):
        wins_every_trick(("CJ", "HA", "DA"), 0, GameType.NULL)


def test_cards_may_be_given_as_card_objects() -> None:
    hands = [parse_cards("CJ SA"), parse_cards("SJ ST"), parse_cards("HA S7")]
    assert solve_position(hands, 0, GameType.CLUBS) == 36


# --- game states ------------------------------------------------------------------------------


def state_from(pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int], game: GameType):
    from cardlib.skat import play_position

    hands, leader, trick, declarer, _ = pos
    return play_position(hands, game, declarer, leader=leader, trick=trick)


@settings(max_examples=30, deadline=None)
@given(positions(), st.sampled_from(list(GameType)))
def test_states_mid_trick_agree_with_minimax(
    pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int], game: GameType
) -> None:
    from cardlib.skat import best_moves, solve

    hands, leader, trick, declarer, _ = pos
    state = state_from(pos, game)
    moves = best_moves(state)
    assert [m.card for m in moves] == [move.card for move in state.legal_moves()]
    if game is GameType.NULL:
        expected = all_tricks(hands, leader, trick, game, declarer, declarer_wins=False)
        assert solve(state) is expected
        combine = any if state.current_player == declarer else all
        assert combine(m.value for m in moves) == expected
    else:
        expected = minimax(hands, leader, trick, game, declarer)
        assert solve(state) == expected
        assert solve(state, threshold=expected) and not solve(state, threshold=expected + 1)
        target = max if state.current_player == declarer else min
        assert target(m.value for m in moves) == expected
        for move in moves:
            assert move.cost == abs(expected - move.value)


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from(POINT_GAMES))
def test_every_card_keeps_its_minimax_value(
    pos: tuple[list[tuple[Card, ...]], int, tuple[Card, ...], int, int], game: GameType
) -> None:
    """Values of every legal card, and so the set of best cards, as by brute force."""
    from cardlib.skat import best_moves

    hands, leader, trick, declarer, _ = pos
    state = state_from(pos, game)
    seat = state.current_player
    assert seat is not None
    for move in best_moves(state):
        after = list(hands)
        after[seat] = tuple(card for card in hands[seat] if card != move.card)
        expected = minimax(after, leader, (*trick, move.card), game, declarer)
        assert move.value == expected


def test_best_moves_name_the_cost_of_a_card() -> None:
    from cardlib.skat import best_moves, play_position

    state = play_position(["DJ H9 HK", "SQ H7 DQ", "S9 SA CA"], GameType.CLUBS, declarer=0)
    costs = {str(move.card): move.cost for move in best_moves(state)}
    assert costs == {"DJ": 0, "HK": 15, "H9": 11}


def test_solve_counts_tricks_already_taken_and_the_skat() -> None:
    from cardlib.skat import play_position, solve

    state = play_position(
        ["CJ SJ", "HA HT", "DA DT"], GameType.GRAND, 0, skat="S7 SK", card_points=(40, 20)
    )
    assert solve(state) == 40 + 4 + 46
    assert solve(state, threshold=90) is True and solve(state, threshold=91) is False


def test_perfect_line_reaches_the_solved_value() -> None:
    from cardlib.skat import perfect_line, play_position, solve

    rng = random.Random(4)
    deck = list(SKAT_DECK)
    rng.shuffle(deck)
    state = play_position([deck[0:4], deck[4:8], deck[8:12]], GameType.HEARTS, declarer=1)
    line = perfect_line(state)
    assert line[-1].is_over and line[-1].card_points[0] == solve(state)


def test_null_state_after_a_trick_taken_is_lost() -> None:
    from cardlib.skat import Play, best_moves, play_position, solve

    state = play_position(["HA H7", "H8 S7", "H9 S8"], GameType.NULL, declarer=0)
    assert solve(state) is True  # ♥7 first, then ♥A is never forced to win
    assert [(str(m.card), m.value) for m in best_moves(state)] == [("HA", False), ("H7", True)]
    after = state.play(Play("HA")).play(Play("H8")).play(Play("H9"))
    assert solve(after) is False
    with pytest.raises(CardlibError, match="null game has no points"):
        solve(state, threshold=61)


def test_solve_schwarz_on_states() -> None:
    from cardlib.skat import play_position
    from cardlib.skat.solver.solve import solve_schwarz

    assert solve_schwarz(play_position(["CJ SJ", "HA HT", "DA DT"], GameType.GRAND, 0))
    assert not solve_schwarz(play_position(["CJ H7", "HA HT", "DA DT"], GameType.GRAND, 0))
    with pytest.raises(CardlibError, match="null game"):
        solve_schwarz(play_position(["CJ H7", "HA HT", "DA DT"], GameType.NULL, 0))


def test_states_before_the_play_are_refused() -> None:
    from cardlib.skat import best_moves, new_deal, new_game, solve

    state = new_game(new_deal(3))
    with pytest.raises(CardlibError, match="needs a state in the play of the cards"):
        solve(state)
    with pytest.raises(CardlibError, match="phase 'bidding'"):
        best_moves(state)


# --- command line -----------------------------------------------------------------------------


def test_command_line_prints_the_value_and_the_first_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardlib.cli import main

    status = main(["solve", "DJ H9 HK | SQ H7 DQ | S9 SA CA", "--game", "clubs"])
    out = capsys.readouterr().out
    assert status == 0
    assert "perfect play: the declarer ends with 34 card points (lost)" in out
    assert "♥K: declarer ends with 19 (costs 15)" in out
    assert (
        main(["solve", "DJ H9 HK | SQ H7 DQ | S9 SA CA", "--game", "C", "--threshold", "30"]) == 0
    )
    assert "does the declarer reach 30? yes" in capsys.readouterr().out


def test_command_line_null_and_positions(capsys: pytest.CaptureFixture[str]) -> None:
    from cardlib.cli import main

    assert main(["solve", "HA H7 | H8 S7 | H9 S8", "--game", "null", "--declarer", "FH"]) == 0
    out = capsys.readouterr().out
    assert "the declarer takes no trick (won)" in out and "♥7: the declarer takes no trick" in out
    assert main(["solve", "SA HA | ST HT | S7 H7 | D7 D8", "--game", "G", "--leader", "MH"]) == 0
    assert "Grand, declarer FH, MH leads" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "CJ | CJ | D7", "--game", "grand"], "CJ given twice"),
        (["solve", "CJ | SJ", "--game", "grand"], "is not a deal"),
        (["solve", "CJ | SJ | D7", "--game", "bridge"], "is not a Skat game"),
        (["solve", "CJ | SJ | D7", "--game", "G", "--declarer", "XX"], "--declarer 'XX'"),
        (["solve", "CJ | SJ | D7", "--game", "N", "--threshold", "61"], "null game has none"),
    ],
)
def test_command_line_refuses_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardlib.cli import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err
