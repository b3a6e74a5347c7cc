"""``python -m cardlib odds``: the tables it prints and how it refuses bad questions."""

from __future__ import annotations

import pytest

from cardlib.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["odds", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_skat_outlook_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "skat", "CJ HJ CA CT C9 SA ST H7 D8 D7")
    assert status == 0
    assert "190/231" in out and "expected points in the skat: 74/11" in out
    assert "skat-finding table" in out and "41/231" in out
    assert "the skat changes the matadors with chance 1/11" in out


def test_split_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "split", "5", "--sizes", "13", "13")
    assert status == 0 and "78/115" in out and "13/46" in out and "9/230" in out
    status, out, _ = run(capsys, "split", "--seen", "CJ HJ CA CT C9 SA ST H7 D8 D7 SK DK",
                         "--game", "C", "--coin")  # fmt: skip
    assert status == 0 and "coin (wrong)" in out and "37.15%" in out
    status, out, _ = run(capsys, "tables")
    assert out.count("[after the skat]") == 12 and out.count("[Hand, skat unknown]") == 12


def test_stunsa_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "stunsa", "HA S9 D9", "--seen", "CA SA")
    assert status == 0 and "67/1081" in out and "3/47" in out
    status, out, _ = run(capsys, "stunsa", "--led", "SA")
    assert status == 0 and "♠A led" in out and "3/51" not in out and "1/17" in out


def test_what_if_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hand", "CJ SJ CA CT CK C9 C8 SA HA D7")
    assert status == 0 and "clubs (♣)" in out and "36 (Hand: 48)" in out
    status, out, _ = run(capsys, "hand", "CJ SJ CA CT CK C9 C8 SA HA D7", "--compare",
                         "CJ SJ HJ CA CT CK C9 C8 SA HA")  # fmt: skip
    assert status == 0 and "* 48 (Hand: 60)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("skat", "CJ CJ HJ CA CT C9 SA ST H7 D8"), "CJ is given twice"),
        (("skat", "CJ HJ CA CT C9 SA ST H7 D8 D7 DA"), "has 11"),
        (("split", "25", "--sizes", "10", "10", "2"), "25 outstanding cards"),
        (("split",), "give --seen"),
        (("stunsa", "HA", "--led", "HA"), "HA is given twice"),
        (("hand", "CJ SJ", "--game", "C"), "has 2"),
    ],
)
def test_bad_questions_are_explained(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err
