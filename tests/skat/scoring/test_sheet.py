"""Score sheets: list and Seeger-Fabian at three and four players, the rotating dealer, the pot."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import dataclass

import pytest

from cardlib import CardlibError, Seat, parse_cards
from cardlib.skat import (
    Declaration,
    GameType,
    Pass,
    Rules,
    ScoreSheet,
    Settlement,
    new_deal,
    new_game,
    settle,
)

DIAMONDS = parse_cards("SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8")  # without 1: 2 × 9 = 18
GRAND = parse_cards("CJ HJ CA CT CK SA ST HA H7 D7 D8 D9")  # with 1: 2 × 24 = 48


def diamonds(points: int, bid: int = 18) -> Settlement:
    return settle(Declaration(GameType.DIAMONDS), DIAMONDS, points, 6 if points > 60 else 3, bid)


def grand(points: int) -> Settlement:
    return settle(Declaration(GameType.GRAND), GRAND, points, 6 if points > 60 else 3, 18)


@dataclass(frozen=True)
class Ramsch:
    scores: tuple[int, ...]


def test_seeger_fabian_three_players() -> None:
    sheet = ScoreSheet(3, "seeger_fabian").add(diamonds(70), 0)
    assert sheet.rows[0].changes == (68, 0, 0)  # +18 → 68
    sheet = sheet.add(diamonds(50), 1)  # dealer A now: B is forehand, so MH is C
    assert sheet.rows[1].dealer is Seat.A and sheet.rows[1].declarer is Seat.C
    assert sheet.rows[1].changes == (40, 40, -86)  # −36 → −86, each opponent 40
    assert sheet.totals == (108, 40, -86)


def test_seeger_fabian_four_players_dealer_sits_out() -> None:
    sheet = ScoreSheet(4, "seeger_fabian")
    assert sheet.dealer is Seat.D and [sheet.seat_of(p) for p in range(3)] == [
        Seat.A,
        Seat.B,
        Seat.C,
    ]
    sheet = sheet.add(diamonds(50), 2)  # C declares and loses; the three others get 30 each
    assert sheet.rows[0].changes == (30, 30, -86, 30)
    assert sheet.dealer is Seat.A and [sheet.seat_of(p) for p in range(3)] == [
        Seat.B,
        Seat.C,
        Seat.D,
    ]
    sheet = sheet.add(diamonds(70), 2)  # D in rearhand now
    assert sheet.rows[1].changes == (0, 0, 0, 68)
    assert sheet.totals == (30, 30, -86, 98)


def test_list_scoring_and_rotation() -> None:
    sheet = ScoreSheet(3)
    dealers = []
    for position in (0, 1, 2, 0):
        dealers.append(sheet.dealer)
        sheet = sheet.add(grand(61), position)
    assert dealers == [Seat.C, Seat.A, Seat.B, Seat.C]
    # FH of C's deal is A; MH of A's deal is C; RH of B's deal is B, the dealer; FH again A
    assert [row.declarer for row in sheet.rows] == [Seat.A, Seat.C, Seat.B, Seat.A]
    assert sheet.totals == (96, 48, 48)


def test_passed_in_and_ramsch_rows() -> None:
    sheet = ScoreSheet(3, "seeger_fabian").add(None).add(Ramsch((-20, 0, 0)))
    assert sheet.rows[0].kind == "passed" and sheet.rows[0].changes == (0, 0, 0)
    # The second deal is dealt by A, so forehand is B.
    assert sheet.rows[1].kind == "ramsch" and sheet.rows[1].changes == (0, -20, 0)
    assert ScoreSheet(4).add(Ramsch((0, 120, 0))).rows[0].changes == (0, 120, 0, 0)


def test_pot() -> None:
    sheet = ScoreSheet(3, pot_stake=5)
    assert sheet.pot == 15 and sheet.pot_balances == (-5, -5, -5)
    sheet = sheet.add(grand(50), 0)  # A loses a Grand: pays in as much as the pot holds
    assert sheet.pot == 30 and sheet.pot_balances == (-20, -5, -5)
    sheet = sheet.add(diamonds(70), 0)  # not a Grand: the pot is untouched
    assert sheet.pot == 30
    sheet = sheet.add(grand(61), 0)  # dealer B, FH is C: C takes 30, everyone pays 5 again
    assert sheet.pot == 15 and sheet.pot_balances == (-25, -10, 20)
    assert sum(sheet.pot_balances) + sheet.pot == 0
    assert sheet.totals == (-96, 18, 48)


def test_text_html_csv() -> None:
    sheet = ScoreSheet(3, "seeger_fabian", pot_stake=1, names=("Ann", "Bo", "Cy"))
    sheet = sheet.add(grand(61), 0).add(None)
    text = sheet.to_text().splitlines()
    assert text[1].split() == ["1", "Cy", "Grand", "Ann", "+48", "|", "98", "0", "0", "|", "3"]
    assert text[-1] == "pot balances: Ann +1  Bo -2  Cy -2"
    html = sheet._repr_html_()
    assert html.count("<tr>") == 4 and "<td" in html and "Seeger-Fabian" in html
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    assert rows[0][:6] == ["deal", "dealer", "game", "declarer", "value", "Ann change"]
    assert rows[1][:5] == ["1", "Cy", "Grand", "Ann", "+48"]
    assert rows[1][5:11] == ["98", "0", "0", "98", "0", "0"]
    assert rows[2][2] == "passed in"


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 2}, {"system": "bierlachs"}, {"pot_stake": 0}, {"names": ("a", "b")},
     {"first_dealer": Seat.D}],
)  # fmt: skip
def test_bad_options(kwargs: dict[str, object]) -> None:
    with pytest.raises(CardlibError):
        ScoreSheet(**kwargs)  # type: ignore[arg-type]


def test_bad_entries() -> None:
    with pytest.raises(CardlibError, match="declarer's position"):
        ScoreSheet().add(grand(61))
    with pytest.raises(CardlibError, match="position 3"):
        ScoreSheet().add(grand(61), 3)
    with pytest.raises(CardlibError, match="cannot go on a score sheet"):
        ScoreSheet().add("grand")


def test_finished_states_go_on_the_sheet() -> None:
    rng = random.Random(5)
    sheet = ScoreSheet(4, "seeger_fabian")
    for seed in range(8):
        state = new_game(new_deal(seed), Rules(players=4))
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        position = state.declarer
        before = sheet
        sheet = sheet.add(state)
        row = sheet.rows[-1]
        if position is None:
            assert row.kind == "passed" and row.changes == (0, 0, 0, 0)
            continue
        s = state.settlement
        assert s is not None and row.declarer == before.seat_of(position)
        assert row.changes[row.declarer] == s.value + (50 if s.won else -50)
        assert row.dealer not in (before.seat_of(p) for p in range(3))
    with pytest.raises(CardlibError, match="not over yet"):
        sheet.add(new_game(new_deal(0), Rules(players=4)))


def test_a_game_of_another_table_size_is_refused_and_changes_nothing() -> None:
    state = new_game(new_deal(1)).play(Pass()).play(Pass()).play(Pass())
    sheet = ScoreSheet(4)
    with pytest.raises(CardlibError, match="3-player table cannot go on this sheet of 4"):
        sheet.add(state)
    assert sheet.rows == () and ScoreSheet(3).add(state).rows[-1].kind == "passed"
