"""The Skat command line: the seeded deal, a watched deal, and a seat played at the terminal."""

from __future__ import annotations

import argparse

import pytest

from cardlib.cli import main
from cardlib.cli import skat as cli
from cardlib.skat import new_deal, new_game


def test_deal_command_prints_the_seeded_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "skat", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Skat deal (seed 7)"
    assert out.splitlines()[1] == "FH   " + " ".join(c.symbol for c in new_deal(7).fh)


def test_watch_prints_every_ruling_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skat", "--seed", "7", "--watch"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[4] == "MH: MH says 18 to FH."
    assert any("wins: the highest" in line for line in lines)
    result = lines.index("Settlement:") - 1
    assert lines[result].startswith("MH made ♠ (bid 18)")
    assert lines[result + 1 :] == [
        "Settlement:",
        "  ♠: base value 11",
        "  with 4",
        "  game 1",
        "  schneider (the defenders have 30 or fewer: 21 card points) 1",
        "  = 6 × 11 = 66",
        "  won with 99 card points: +66",
    ]


def run_seat(*answers: str, seat: int = 1) -> tuple[int, str]:
    feed = iter(answers)
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    status = cli.play_seat(new_game(new_deal(7)), seat, read, out.append)
    return status, "\n".join(out)


def test_bad_entries_are_explained_and_asked_again() -> None:
    status, out = run_seat("19", "foo", "HJ", "18")
    assert status == 0
    assert "Not allowed: 19 is not on the bidding ladder" in out
    assert "Not understood: 'foo' is not a Skat move" in out
    assert "Not allowed: Play (♥J) is not a move of the bidding phase" in out
    assert "MH: MH says 18 to FH." in out
    assert out.endswith("Goodbye: the deal was left unfinished.")


def test_hint_help_and_quit() -> None:
    status, out = run_seat("hint", "help", "quit")
    assert status == 0
    assert "Bid 18: MH's hand can play ♠" in out
    assert "Moves: a bid (18)" in out


def test_a_whole_deal_at_the_terminal() -> None:
    watched = cli.watch(new_game(new_deal(7)), lambda text: None)
    mine = [s.last_move for s in watched.history()[1:] if s.parent.current_player == 1]  # type: ignore[union-attr]
    status, out = run_seat(*(move.to_iss() for move in mine if move is not None))
    assert status == 0
    assert watched.settlement is not None
    assert out.endswith(
        str(watched.result)
        + "\nSettlement:\n"
        + "\n".join(f"  {line}" for line in watched.settlement.lines)
    )
    assert "Goodbye" not in out


def test_run_with_watch_and_parser() -> None:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    args = parser.parse_args(["--seed", "3", "--watch", "--kontra"])
    assert args.watch and args.kontra and args.seed == 3
