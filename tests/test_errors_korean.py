"""Refusals in Korean: every kind of error cardlib raises, and the mistakes a learner makes most
(a card mistyped, a hand of the wrong size, a move the rules forbid, a bid that is no bid, an
argument the command line cannot read), read in Korean hold no English sentence.

English is what ``tests/test_no_english_in_korean.py`` finds in a Korean notebook; what a
refusal may keep is the learner's own input, which it quotes (``'CJ SJ H1'``), and the names of
the code it was called as (``skat_outlook(...)``, ``Rules(players=7)``), which are removed first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cardlib.errors
import cardlib.games
import cardlib.i18n
from cardlib import Card
from cardlib.cards import parse_cards
from cardlib.cli import main
from cardlib.errors import CardlibError
from cardlib.i18n import language, set_language
from tests.loading import load

english: Callable[[str], list[str]] = load(
    Path(__file__).parent / "test_no_english_in_korean.py", "no_english_in_korean"
).english

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_CODE = re.compile(r"[A-Za-z_][\w.]*(?:\([^()가-힣]*\)|=\S+)|\b[A-Za-z_]+_[\w.]*")


_GAMES = re.compile(r"\b(?:skat|skitgubbe)\b(?=,|$)")
"""The registered games' names where a refusal lists them for the learner to type."""


def english_in(message: str) -> list[str]:
    """The English runs of a refusal, after the input it quotes and the code it names.

    >>> english_in("skat_outlook('CJ SJ'): 스카트 손패는 10장인데 이 손패는 2장입니다")
    []
    >>> english_in("skat_outlook('CJ SJ'): a Skat hand has 10 cards, this has 2")
    ['a Skat hand has', 'cards, this has']
    """
    return english(_GAMES.sub(" ", _CODE.sub(" ", _QUOTED.sub(" ", message))))


def _skat_state() -> Any:
    from cardlib.skat import new_deal, new_game

    return new_game(new_deal(7))


def _skat_in_play() -> Any:
    from cardlib.skat import Declaration, GameType, play_position

    return play_position("CJ CA CT", "SJ SA ST", "HJ HA HT", Declaration(GameType.CLUBS))


def _bid_too_low() -> None:
    from cardlib.skat import Bid

    state = _skat_state().play(Bid(20))
    state.play(Bid(18))


def _play_out_of_hand() -> None:
    from cardlib.skat import Play

    _skat_in_play().play(Play("DA"))


def _revoke() -> None:
    from cardlib.skat import Play

    state = _skat_in_play().play(Play("CA"))
    state.play(Play("SA"))


def _skitgubbe_play_out_of_turn() -> None:
    from cardlib.skitgubbe import Play, new_game

    state = new_game(seed=3)
    hand = state.view(1).hand
    state.play(Play(hand[0]))


def _record() -> None:
    from cardlib.skitgubbe.record import replay

    replay("players 3\nsomething else")


def _suit() -> None:
    from cardlib.cards import Suit

    Suit("Q")


def _rules() -> None:
    from cardlib.skitgubbe import Rules

    Rules(players=7)


def _outlook() -> None:
    from cardlib.probability import skat_outlook

    skat_outlook("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7")


def _trump_split() -> None:
    from cardlib.probability import trump_split

    trump_split("CJ CJ", "C")


def _solve_null() -> None:
    from cardlib.skat import Declaration, GameType, play_position, solve

    solve(play_position("CA CT", "SA ST", "HA HT", Declaration(GameType.NULL)))


def _empty_trick() -> None:
    from cardlib.skat import GameType
    from cardlib.skat.engine.facts import trick_winner

    trick_winner([], GameType.CLUBS)


def _settle() -> None:
    from cardlib.skat import Declaration, GameType, settle

    settle(Declaration(GameType.CLUBS), "CJ SJ", 61)


def _deal() -> None:
    from cardlib.skat import Deal

    Deal.parse("CJ SJ | HJ | DJ | CA")


MISTAKES: dict[str, Callable[[], object]] = {
    "a card mistyped": lambda: Card.parse("H1"),
    "a list of cards with a word that is no card": lambda: parse_cards("CJ SJ H1"),
    "a card given twice": lambda: parse_cards("CJ CJ", unique=True),
    "a card that is not text": lambda: Card(7),  # type: ignore[call-overload]
    "a suit that is none": _suit,
    "a Skat hand of 11 cards": _outlook,
    "a card given twice to the odds": _trump_split,
    "a deal of the wrong size": _deal,
    "a bid below the last one": _bid_too_low,
    "a bid that is no number": lambda: __import__("cardlib.skat").skat.Bid("18"),
    "a card not in the hand": _play_out_of_hand,
    "a card of another suit while holding the suit led": _revoke,
    "a Skitgubbe card out of turn": _skitgubbe_play_out_of_turn,
    "Skitgubbe rules for seven players": _rules,
    "a record that is no record": _record,
    "a null game solved for card points": _solve_null,
    "the winner of an empty trick": _empty_trick,
    "a settlement of two cards": _settle,
    "a language cardlib does not speak": lambda: set_language("klingon"),
    "a game cardlib does not know": lambda: cardlib.games.game("chess"),
}
"""The mistakes, each made through the API a learner calls (cardlib's own choice of cases)."""


@pytest.fixture(autouse=True)
def korean() -> Iterator[None]:
    with language("ko"):
        yield


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_mistake_is_refused_in_korean(mistake: str) -> None:
    with pytest.raises(CardlibError) as refused:
        MISTAKES[mistake]()
    message = str(refused.value)
    assert re.search("[가-힣]", message), message
    assert english_in(message) == [], message


def _kinds(base: type) -> Iterator[type]:
    for kind in base.__subclasses__():
        yield kind
        yield from _kinds(kind)


def test_every_kind_of_error_is_among_the_mistakes() -> None:
    raised = set()
    for make in MISTAKES.values():
        try:
            make()
        except CardlibError as error:
            raised.add(type(error))
    kinds = {kind for kind in _kinds(CardlibError) if kind.__module__.startswith("cardlib")}
    assert {CardlibError, *kinds} - raised == set()


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "skat", "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"],
        ["odds", "skat", "CJ SJ H1"],
        ["odds", "split", "--seen", "CJ CJ"],
        ["deal", "skat", "--seed", "x"],
        ["deal", "chess"],
    ],
)
def test_the_command_line_refuses_in_korean(argv: list[str], capsys: Any) -> None:
    try:
        status = main(["--lang", "ko", *argv])
    except SystemExit as exit:  # argparse's refusals end the program
        status = exit.code
    assert status not in (0, None)
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert re.search("[가-힣]", said), said
    assert english_in(said.split(": ", 1)[1]) == [], said


def test_english_stays_the_default_wording() -> None:
    with language("en"), pytest.raises(CardlibError, match="a Skat hand has 10 cards, this has 11"):
        _outlook()
