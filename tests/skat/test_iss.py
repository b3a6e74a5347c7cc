"""ISS records: exact round trip on every sample, malformed lines, mutated lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import Card, RecordError
from cardlib.skat.games import GameType
from cardlib.skat.iss import read, write

SAMPLES = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "iss"
LINES = [line.rstrip("\n") for line in (SAMPLES / "sample-records.sgf").open() if line.strip()]
BY_ID = {read(line).game_id: line for line in LINES}


def test_there_are_eleven_samples() -> None:
    assert len(LINES) == 11


@pytest.mark.parametrize("line", LINES, ids=list(BY_ID))
def test_round_trip(line: str) -> None:
    record = read(line)
    assert write(record) == line
    assert read(write(record)) == record
    deal = record.deal
    assert [len(part) for part in deal] == [10, 10, 10, 2]
    assert len({card for part in deal for card in part}) == 32


def test_fields_of_a_played_game() -> None:
    r = read(BY_ID["541932"])
    assert r.players == ("zoot", "kermit", "foo") and r.get("SE") == "24072"
    assert [m.text for m in r.bidding] == ["p", "18", "p"]
    assert [m.kind for m in r.skat_moves] == ["pickup", "skat"]
    assert r.declarer == 2 and r.declaration is not None
    assert r.declaration.game is GameType.DIAMONDS
    assert r.discards == (Card.parse("ST"), Card.parse("H8"))
    assert len(r.plays) == 30 and r.plays[0].seat == 0 and r.plays[0].cards == (Card.parse("SA"),)
    assert r.server_result["v"] == "-54" and r.server_result["outcome"] == "loss"


def test_old_format_split_declaration_and_endings() -> None:
    split = read(BY_ID["596891"])  # "2 D" then "2 D9.DQ"
    declare = next(i for i, m in enumerate(split.moves) if m.kind == "declare")
    assert [str(m) for m in split.moves[declare : declare + 2]] == ["2 D", "2 D9.DQ"]
    assert split.discards == (Card.parse("D9"), Card.parse("DQ"))
    schwarz = read(BY_ID["26496"])  # "CHZ": Schwarz announced implies Schneider
    assert schwarz.declaration is not None and schwarz.declaration.schneider
    assert "CO" not in [key for key, _ in read(BY_ID["727"]).properties]
    ouvert = read(BY_ID["727"])
    assert ouvert.declaration is not None and ouvert.declaration.ouvert
    assert [str(m) for m in ouvert.claims + ouvert.resigns] == ["0 SC", "1 RE", "2 RE"]
    assert read(BY_ID["756788"]).is_passed
    left = read(BY_ID["30"])
    assert [m.seat for m in left.leaves] == [2] and not left.is_passed
    assert read(BY_ID["18358"]).plays[0].kind == "hidden"


BROKEN = [
    ("", r"starts with '\(;'"),
    (LINES[0][:-3], "truncated"),
    (LINES[0][: len(LINES[0]) // 2], "truncated"),
    (LINES[0].replace("ID[541932]", ""), r"game \?, move 0: the record has no ID"),
    (LINES[0][: LINES[0].index("R[d:")] + " ;)", "no result"),
    (LINES[0].replace("MV[w ", "XX[w "), "property XX after|no moves"),
    (LINES[0].replace(" 0 SA 1 S7", " 0 SA 1 S1"), r"541932, move 9: 1 'S1' is not an ISS move"),
    (LINES[0].replace(" 0 SA 1 S7", " 0 SA 3 S7"), r"541932, move 9: '3' is not a mover"),
    (LINES[0].replace(" 0 SA 1 S7", " 0 SA 1 SA.S7.S8"), "move 9: 'SA.S7.S8': a play is one card"),
    (LINES[0].replace(" 0 SA 1 S7", " 0 SA 1 XYZ"), "move 9: 1 'XYZ' is not an ISS move"),
    (LINES[0].replace("w HA.SK.", "w HA.HA."), "541932, move 1: .* names a card twice"),
    (LINES[0].replace("w HA.SK.", "w "), "541932, move 1: the deal .* has 30 cards"),
    (LINES[0].replace("MV[w ", "MV[0 p w "), "move 1: the record must start with the deal"),
    (LINES[0].replace("2 D.ST.H8", "2 D.ST"), "move 7: 'D.ST': a skat declaration lists"),
    (LINES[0].replace(" 2 HT ]", " 2 ]"), "move 37: '2' has no move"),
    (LINES[0].replace("loss v:", "lost v:"), "'lost' in R"),
]


@pytest.mark.parametrize(("line", "message"), BROKEN)
def test_malformed_records_raise_record_error(line: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read(line)


def _mutate(line: str, data: st.DataObject) -> str:
    kind = data.draw(st.sampled_from(["delete", "insert", "replace", "truncate", "swap"]))
    i = data.draw(st.integers(0, len(line) - 1))
    if kind == "truncate":
        return line[:i]
    if kind == "delete":
        j = data.draw(st.integers(i, min(len(line), i + 8)))
        return line[:i] + line[j:]
    text = data.draw(st.text(alphabet="[];().: 0123wpySCHDGNOZJAKQT789?LEIR\\x", max_size=4))
    if kind == "insert":
        return line[:i] + text + line[i:]
    if kind == "replace":
        return line[:i] + text + line[i + len(text) :]
    words = line.split(" ")
    a = data.draw(st.integers(0, len(words) - 1))
    b = data.draw(st.integers(0, len(words) - 1))
    words[a], words[b] = words[b], words[a]
    return " ".join(words)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LINES), st.data())
def test_mutated_records_raise_only_record_error(line: str, data: st.DataObject) -> None:
    mutated = _mutate(line, data)
    try:
        record = read(mutated)
    except RecordError as error:
        assert "ISS game" in str(error) and "move" in str(error)
    else:
        assert read(write(record)) == record
