"""Shared by the tests of every surface: what one seat may know of a deal, and the cards a text
names, so that a test can say which named cards that seat could not know."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cardlib import i18n
from cardlib.cards import Card, Rank, Suit

CARD = re.compile(r"[♣♠♥♦](?:10|[2-9JQKA])")
"""A card as the surfaces name it: ``♥10``, ``♣J`` (a suit alone, ``♣ are trumps``, is no card)."""
WORDS = re.compile(
    rf"\b({'|'.join(r.name.lower() for r in Rank)}) of ({'|'.join(s.name.lower() for s in Suit)})\b"
)
"""A card as a picture's text alternative names it: ``ten of hearts``."""


def cards_named(text: str) -> set[Card]:
    """Every card ``text`` names, by its symbol or in words."""
    cards = {Card.parse(symbol) for symbol in CARD.findall(text)}
    return cards | {
        Card(Suit[suit.upper()], Rank[rank.upper()]) for rank, suit in WORDS.findall(text)
    }


class Knowledge:
    """The cards one seat may know so far: everything its views have shown it, step by step.

    A Skat seat knows what ``state.view(seat)`` has shown it at any step of the deal so far: its
    hand, an open hand, the cards played, the skat and the discards when the view holds them. A
    Skitgubbe seat knows ``state.seen_by(seat)``. Knowledge only grows: a card passed on in
    Schieberamsch stays known to whoever held it.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cards: set[Card] = set()
        self._seen: dict[int, Any] = {}

    def see(self, state: Any) -> set[Card]:
        """Learn what the seat may know at ``state`` (call it for every state in turn, or use
        :meth:`see_all`); returns the cards known so far."""
        if hasattr(state, "seen_by"):
            self.cards |= state.seen_by(self.seat)
            return self.cards
        view = state.view(self.seat)
        self.cards |= set(view.hand) | set(view.trick)
        self.cards |= {card for hand in view.open_hands if hand for card in hand}
        self.cards |= {card for trick in view.tricks for card in trick.cards}
        self.cards |= set(view.skat or ()) | set(view.discards or ())
        return self.cards

    def see_all(self, state: Any) -> set[Card]:
        """Learn what the seat may know at every step from the deal up to ``state``."""
        for step in state.history():
            if id(step) not in self._seen:
                self._seen[id(step)] = step  # kept alive, so that the id stays this state's
                self.see(step)
        return self.cards

    def unknown_in(self, text: str) -> set[Card]:
        """The cards ``text`` names that the seat may not know."""
        return cards_named(text) - self.cards


@pytest.fixture
def korean() -> Iterator[None]:
    """Korean is cardlib's language while the test runs (``usefixtures("korean")``)."""
    before = i18n.get_language()
    i18n.set_language("ko")
    yield
    i18n.set_language(before)


@pytest.fixture
def knowledge() -> type[Knowledge]:
    """``knowledge(seat)``: a :class:`Knowledge` to follow one seat through a deal."""
    return Knowledge


@pytest.fixture
def named() -> Any:
    """``named(text)``: the cards a text names."""
    return cards_named


_PLACEHOLDER = re.compile(r"({[^{}]*})")


def shout(message: str) -> str:
    """A message in capitals, its placeholders kept: ``'{who} passes.'`` -> ``'{who} PASSES.'``."""
    return "".join(
        part if _PLACEHOLDER.fullmatch(part) else part.upper()
        for part in _PLACEHOLDER.split(message)
    )


class Shouting(gettext.NullTranslations):
    """A catalog that "translates" every message into capitals: a text that is marked for
    translation and worded when it is shown reads in capitals, one that is not stays as it was."""

    def gettext(self, message: str) -> str:
        return shout(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return shout(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return shout(message)


@pytest.fixture
def shouting(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every language's catalog is :class:`Shouting` while the test runs; returns :func:`shout`."""
    monkeypatch.setattr(i18n, "_catalog", lambda lang: Shouting())
    return shout


LATIN_TERMS = frozenset(
    "grand null hand ouvert schneider schwarz ramsch schieberamsch augenramsch kontra skat "
    "skitgubbe stunsa seeger fabian jungfrau durchmarsch iss".split()
)
"""Words the translations may keep in Latin letters, as the Korean and Russian rule texts do."""


def _words(texts: Any) -> set[str]:
    return {word.lower() for text in texts for word in re.findall(r"[A-Za-z]{3,}", text)}


def english_left(text: str, lang: str) -> list[str]:
    """The English words in ``text`` that ``lang``'s catalog never uses: untranslated English.

    The English of the source messages, less every word the translations themselves contain
    (German keeps Grand, Hand and Null; Korean the seat letters) and the Latin terms every
    language keeps.
    """
    return [word for word in re.findall(r"[A-Za-z]{3,}", text) if word.lower() in _foreign(lang)]


_FOREIGN: dict[str, frozenset[str]] = {}


def _foreign(lang: str) -> frozenset[str]:
    if lang not in _FOREIGN:
        from pathlib import Path

        from babel.messages.pofile import read_po

        path = Path(i18n.__file__).parent / "locale" / lang / "LC_MESSAGES" / "cardlib.po"
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang)
        english, translated = [], []
        for message in catalog:
            if message.id:
                english += message.id if isinstance(message.id, tuple) else [message.id]
                strings = message.string
                translated += strings if isinstance(strings, tuple) else [strings]
        _FOREIGN[lang] = frozenset(_words(english) - _words(translated) - LATIN_TERMS)
    return _FOREIGN[lang]


@pytest.fixture
def untranslated() -> Any:
    """:func:`english_left`: the English words a text in a language should not contain."""
    return english_left
