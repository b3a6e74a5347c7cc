"""``--opponents`` at the terminal: the sampling player (the default) or the heuristic bot plays
the other seats and gives the hint; ``--watch`` stays with the heuristic players."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from cardlib.cli import main
from cardlib.cli import skitgubbe as gubbe_cli
from cardlib.errors import CardlibError
from cardlib.i18n import language
from cardlib.skat import HeuristicBot as SkatHeuristic
from cardlib.skat import new_deal, new_game
from cardlib.skitgubbe import HeuristicBot, SamplingBot
from cardlib.skitgubbe import Rules as GubbeRules
from cardlib.skitgubbe import new_game as new_gubbe


def session(monkeypatch: pytest.MonkeyPatch, *answers: str) -> None:
    """Type ``answers`` at the prompts, then end the input."""
    feed: Iterator[str] = iter(answers)

    def read(prompt: str = "") -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)


def play_skitgubbe(*argv: str) -> str:
    """A scripted session of ``python -m cardlib skitgubbe ARGV``: ``hint``, then ``quit``."""
    parser = argparse.ArgumentParser()
    gubbe_cli.add_arguments(parser)
    answers = iter(["hint", "quit"])
    out: list[str] = []
    with language("en"):
        assert gubbe_cli.run(parser.parse_args(argv), lambda _: next(answers), out.append) == 0
    return "\n".join(out)


def test_skat_hint_from_the_sampling_player_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session(monkeypatch, "hint", "quit")
    assert main(["--lang", "en", "skat", "--seed", "7", "--seat", "mh"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\b\d+ of \d+ sampled deals", out), out
    assert "Goodbye: the deal was left unfinished." in out


def test_skat_explain_in_korean_gives_the_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``explain`` is ``hint`` by another name; in Korean it counts 표본 딜 (sampled deals)."""
    session(monkeypatch, "explain", "quit")
    assert main(["--lang", "ko", "skat", "--seed", "7", "--seat", "mh"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"표본 딜 \d+판", out), out


def test_skat_hint_from_the_heuristic_bot_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session(monkeypatch, "hint", "quit")
    argv = ["--lang", "en", "skat", "--seed", "7", "--seat", "mh", "--opponents", "heuristic"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    advice = SkatHeuristic(7).explain(new_game(new_deal(7)))
    assert advice.startswith("Bid 18: MH's hand looks strong enough") and advice in out
    assert "sampled" not in out


def test_skat_watch_stays_heuristic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "skat", "--seed", "7", "--watch"]) == 0
    first = capsys.readouterr().out
    assert main(["--lang", "en", "skat", "--seed", "7", "--watch", "--opponents", "heuristic"]) == 0
    assert capsys.readouterr().out == first and "sampled" not in first


def test_skitgubbe_hint_from_the_sampling_player_by_default() -> None:
    out = play_skitgubbe("--seed", "3")
    found = re.search(r"Hint: .* in \d+ of \d+ sampled games? \(\d+%, 95% interval \d+–\d+%\)", out)
    assert found, out
    assert out.rstrip().endswith("Game abandoned.")


def test_skitgubbe_hint_from_the_heuristic_bot_when_asked() -> None:
    out = play_skitgubbe("--seed", "3", "--opponents", "heuristic")
    advice = HeuristicBot(3).explain(new_gubbe(GubbeRules(), 3))
    assert f"Hint: {advice}" in out and "sampled" not in out


def test_skitgubbe_bots_for_watching_include_the_sampling_player() -> None:
    assert isinstance(gubbe_cli.make_bot("sampling", 1), SamplingBot)
    assert isinstance(gubbe_cli.make_bot("heuristic", 1), HeuristicBot)
    with pytest.raises(CardlibError, match="'clever'"):
        gubbe_cli.make_bot("clever", 1)
