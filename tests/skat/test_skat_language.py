"""Every text a person reads from a Skat deal is marked for translation and worded when read.

No catalog translates the Skat texts yet, so a stand-in language shouts: its catalog returns every
message in capitals (placeholders untouched). A deal is played and its texts are collected once in
English; read again under the shouting language, every text must come out as the English in
capitals. A text built eagerly (worded when the deal was played) or left unmarked would stay in
English, or in part, and the card symbols and numbers it names must all still be there.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

import cardlib.i18n
from cardlib.i18n import language
from cardlib.skat import Doubling, RamschRules, Rules, SkatState, new_deal, new_game
from cardlib.skat.engine.facts import GameType

PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
CARD = re.compile(r"[♣♠♥♦](?:10|[7-9JQKA])")
NUMBER = re.compile(r"\d+")


def shout(message: str) -> str:
    """The message in capitals, its ``{placeholders}`` as they are."""
    parts = PLACEHOLDER.split(message)
    return "".join(part if PLACEHOLDER.fullmatch(part) else part.upper() for part in parts)


class Shouting(gettext.NullTranslations):
    """A catalog that translates every message into capitals."""

    def gettext(self, message: str) -> str:
        return shout(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return shout(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return shout(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return shout(singular if n == 1 else plural)


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """German stands in for the shouting language while the test runs."""
    english = gettext.NullTranslations()

    def catalog(lang: str) -> gettext.NullTranslations:
        return Shouting() if lang == "de" else english

    monkeypatch.setattr(cardlib.i18n, "_catalog", catalog)
    yield "de"


def play(rules: Rules, seed: int, bidding: str = "modest") -> SkatState:
    """A deal played to the end by random moves. In the bidding everyone passes
    (``bidding="pass"``), says the next value or passes (``"modest"``), or says any value."""
    rng = random.Random(seed)
    state = new_game(new_deal(seed), rules)
    while not state.is_over:
        moves = state.legal_moves()
        if state.phase == "bidding" and bidding != "random":
            moves = moves[:1] if bidding == "pass" else moves[:2]  # pass, then yes or the next
        state = state.play(rng.choice(moves))
    return state


def first(rules: Rules, wanted: Callable[[Any], bool], bidding: str = "modest") -> SkatState:
    """The first seeded deal (from seed 0 on) that ends the way ``wanted`` says."""
    for seed in range(2000):
        state = play(rules, seed, bidding)
        if wanted(state):
            return state
    raise AssertionError("no seed below 2000 gives such a deal")  # pragma: no cover


def game(state: Any) -> GameType | None:
    return None if state.declaration is None else state.declaration.game


KINDS: dict[str, Callable[[], SkatState]] = {
    "suit": lambda: first(
        Rules(),
        lambda s: (
            game(s) in (GameType.CLUBS, GameType.HEARTS)
            and not s.declaration.hand
            and not s.result.overbid
        ),
    ),
    "grand": lambda: first(Rules(), lambda s: game(s) is GameType.GRAND and not s.declaration.hand),
    "null": lambda: first(Rules(), lambda s: game(s) is GameType.NULL and not s.declaration.ouvert),
    "ouvert": lambda: first(
        Rules(),
        lambda s: game(s) is not None and s.declaration.ouvert and game(s) is not GameType.NULL,
    ),
    "null ouvert": lambda: first(
        Rules(), lambda s: game(s) is GameType.NULL and s.declaration.ouvert
    ),
    "hand": lambda: first(
        Rules(),
        lambda s: (
            game(s) is not None
            and s.declaration.hand
            and not s.declaration.ouvert
            and not s.declaration.schneider
        ),
    ),
    "schwarz announced": lambda: first(
        Rules(),
        lambda s: game(s) is not None and s.declaration.schwarz and not s.declaration.ouvert,
    ),
    "overbid": lambda: first(
        Rules(), lambda s: s.result is not None and s.result.overbid, bidding="random"
    ),
    "kontra and re": lambda: first(Rules(kontra=True), lambda s: s.doubling is Doubling.RE),
    "passed in": lambda: play(Rules(), 1, bidding="pass"),
    "ramsch": lambda: play(Rules(ramsch="passed"), 2, bidding="pass"),
    "schieberamsch": lambda: first(
        Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True, pass_jacks=False)),
        lambda s: s.pushes == 1,
    ),
    "ramsch, fixed and halved": lambda: first(
        Rules(
            ramsch="always",
            ramsch_rules=RamschRules(
                skat_to="most_points", scoring="fixed", tie="half", schieberamsch=True
            ),
        ),
        lambda s: s.ramsch.jungfrauen,
    ),
    "four players": lambda: play(Rules(players=4), 3),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_text_of_a_deal_is_worded_when_read(
    kind: str, shouting: str, skat_texts: ModuleType
) -> None:
    with language("en"):
        final = KINDS[kind]()
        collected = skat_texts.collect(final)
        english = skat_texts.read(collected)
    with language(shouting):
        shouted = skat_texts.read(collected)
    with language("en"):
        again = skat_texts.read(collected)
    assert again == english
    assert len(english) > 50
    for name, text in english.items():
        said = shouted[name]
        assert said == text.upper(), (
            f"{kind}, {name}: not all of it was translated:\n{text}\n{said}"
        )
        if any(letter.islower() for letter in text):
            assert said != text, f"{kind}, {name}"
        assert CARD.findall(said) == CARD.findall(text), f"{kind}, {name}"
        assert NUMBER.findall(said) == NUMBER.findall(text), f"{kind}, {name}"


@pytest.mark.parametrize("lang", ["ko", "de", "ru"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_text_of_a_deal_reads_in_each_language(
    kind: str, lang: str, skat_texts: ModuleType, untranslated: Any
) -> None:
    """The real catalogs: no English sentence is left in any text of the deal, and the cards and
    numbers are the ones the English names."""
    with language("en"):
        final = KINDS[kind]()
        collected = skat_texts.collect(final)
        english = skat_texts.read(collected)
    with language(lang):
        translated = skat_texts.read(collected)
    for name, text in translated.items():
        assert untranslated(text, lang) == [], f"{kind}, {name} in {lang}:\n{text}"
        assert set(CARD.findall(text)) == set(CARD.findall(english[name])), f"{kind}, {name}"


def test_the_kinds_of_deal_are_what_they_say() -> None:
    """The seeds found above really give those deals (so each kind's texts are scanned)."""
    passed, ramsch = KINDS["passed in"](), KINDS["ramsch"]()
    assert passed.result is not None and passed.result.passed_in
    assert ramsch.phase == "over" and ramsch.ramsch is not None
    schieberamsch = KINDS["schieberamsch"]()
    assert schieberamsch.pushes == 1 and schieberamsch.rules.ramsch_rules.schieberamsch
    four = KINDS["four players"]()
    assert four.rules.players == 4 and four.is_over
