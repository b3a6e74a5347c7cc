"""The command line, the text record and the bots."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import pytest

from cardlib import RecordError, Seat
from cardlib.cli import main
from cardlib.cli import skitgubbe as cli
from cardlib.skitgubbe import HeuristicBot, Play, RandomBot, Rules, new_game, replay


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return parser.parse_args(argv)


def test_watch_prints_a_whole_game_with_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skitgubbe", "--players", "3", "--seed", "7", "--watch"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Skitgubbe: 3 players, seed 7")
    assert "draws from the stock" in out and "are trumps, and" in out
    assert out.rstrip().splitlines()[-1].startswith("Result: ")
    again = capsys.readouterr().out
    assert main(["skitgubbe", "--players", "3", "--seed", "7", "--watch"]) == 0
    assert capsys.readouterr().out == out and again == ""


def scripted(lines: list[str]) -> tuple[object, list[str]]:
    feed: Iterator[str] = iter(lines)
    shown: list[str] = []

    def read(prompt: str) -> str:
        shown.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, shown


def test_bad_entries_are_explained_and_asked_again() -> None:
    read, _ = scripted(["XX", "S2", "pick", "hint", "moves", "turn"])
    out: list[str] = []
    status = cli.run(parse("--seed", "7", "--opponents", "heuristic"), read=read, write=out.append)  # type: ignore[arg-type]
    text = "\n".join(out)
    assert status == 0
    assert "Not allowed: 'XX' is not a move" in text
    assert "Not allowed: ♠2 is not in A's hand. A holds" in text  # the stock stays secret
    assert "Not allowed: There is no picking up in phase 1" in text
    assert "Hint: Lead" in text and "Your legal moves:" in text
    assert "A turns up the stock's top card" in text
    assert text.endswith("Game abandoned.")


def test_ctrl_c_exits_cleanly() -> None:
    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []  # the game is left, and the status is Ctrl-C's, as a shell reports it
    assert cli.run(parse("--seed", "1"), read=read, write=out.append) == 130
    assert out[-1].endswith("Game abandoned.")


def test_a_human_game_runs_to_the_end() -> None:
    out: list[str] = []
    asked = [0]

    def read(prompt: str) -> str:
        asked[0] += 1
        if asked[0] % 2:
            return "moves"
        legal = next(line for line in reversed(out) if line.startswith("Your legal moves"))
        return legal.split(": ", 1)[1].split(", ")[0]

    args = parse("--seed", "5", "--players", "2", "--removed", "10", "--bots", "random")
    assert cli.rules_from(args) == Rules(players=2, removed_for_two=10)
    wrapped: list[str] = []

    def write(text: str) -> None:
        wrapped.append(text)
        out.extend(text.splitlines())

    assert cli.run(args, read=read, write=write) == 0
    assert wrapped[-1].startswith("Result: ") and "skitgubbe" in wrapped[-1]
    assert not any(line.startswith("Not allowed") for line in out)


def test_bad_options_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skitgubbe", "--players", "3", "--removed", "4"]) == 2
    assert "only with two players" in capsys.readouterr().err


def test_deal_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "skitgubbe", "--seed", "7"]) == 0
    assert capsys.readouterr().out.startswith("phase 1, 3 players, stock 43, A to play")


def test_record_round_trips_and_reports_bad_lines() -> None:
    rng = random.Random(2)
    state = new_game(Rules(players=4, sequences=True, phase_one="all"), rng)
    bot = RandomBot(rng)
    while not state.is_over:
        state = state.play(bot.choose(state))
    text = state.record()
    states = replay(text)
    assert [s.to_text() for s in states] == [s.to_text() for s in state.history()]
    assert replay(text)[-1].record() == text
    lines = text.splitlines()
    moves_at = lines.index("moves")
    broken = [*lines[: moves_at + 1], "B HT"]
    with pytest.raises(RecordError, match=r"line \d+, 'B HT'"):
        replay("\n".join(broken))
    with pytest.raises(RecordError, match="line 1"):
        replay("not a record")
    with pytest.raises(RecordError, match="header"):
        replay(text.replace("players 4", "players 9"))


def test_positions_have_no_record() -> None:
    from cardlib import FULL_DECK
    from cardlib.skitgubbe import phase_two_position

    state = phase_two_position(hands=["H7", "H9", "D6"], trumps="S", discard=[
        card for card in FULL_DECK if str(card) not in ("H7", "H9", "D6")])  # fmt: skip
    with pytest.raises(RecordError, match="set-up position"):
        state.record()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_only_legal_moves_and_explain_them(players: int) -> None:
    for seed in range(3):
        state = new_game(Rules(players=players, sequences=seed == 1), seed)
        bot = HeuristicBot(seed)
        while not state.is_over:
            move = bot.choose(state)
            assert move in state.legal_moves()
            hint = bot.explain(state)
            assert hint and hint[0].isupper()
            state = state.play(move)


def test_heuristic_beats_cheaply_and_keeps_trumps() -> None:
    from cardlib import FULL_DECK
    from cardlib.skitgubbe import PickUp, phase_two_position

    kept = ["H7", "D5", "H9", "HQ", "S9", "HK", "S3"]
    state = phase_two_position(hands=["H7 D5", "H9 HQ S9", "HK S3"], trumps="S",
                               discard=[c for c in FULL_DECK if str(c) not in kept])  # fmt: skip
    state = state.play(Play("H7"))
    assert HeuristicBot().choose(state) == Play("H9")
    state = state.play(Play("H9")).play(PickUp())
    assert state.current_player is Seat.A


def test_heuristic_is_stronger_than_random() -> None:
    losses = 0
    for seed in range(40):
        state = new_game(Rules(players=2), seed)
        bots = {Seat.A: HeuristicBot(seed), Seat.B: RandomBot(seed)}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state = state.play(bots[seat].choose(state))
        losses += state.loser is Seat.A
    assert losses <= 6  # about 2% of games in a run of 200
