"""Every text of a Skitgubbe game is a message worded when it is read, in the current language.

Seeded random games at two, three and four seats, with every rules option, are read in English,
then through a catalog that upper-cases every message (but not the placeholders), then in
English again. Every text must change, down to its last word, while the cards and numbers in it
stay as they are: nothing a person reads is glued together outside a message, and nothing is
worded before it is read.
"""

from __future__ import annotations

import gettext
import re
from collections import Counter
from typing import Any

import pytest

from cardlib import i18n
from cardlib.i18n import language
from cardlib.skitgubbe import RandomBot, Rules, State, new_game
from cardlib.skitgubbe.events import Event
from tests.skitgubbe.texts import Text, game_texts

# Each option's every value at every table size it allows.
RULES = [
    Rules(players=2),
    Rules(players=2, removed_for_two=10, sequences=True, trump_visibility="owner"),
    Rules(players=2, phase_one="all", phase_one_end="skip_empty", trump_visibility="all"),
    Rules(players=3),
    Rules(players=3, phase_one="all", sequences=True, trump_visibility="all"),
    Rules(players=3, phase_one_end="skip_empty", trump_visibility="owner"),
    Rules(players=3, phase_one="all", phase_one_end="skip_empty", sequences=True),
    Rules(players=4),
    Rules(players=4, phase_one="all", trump_visibility="owner"),
    Rules(players=4, phase_one_end="skip_empty", sequences=True, trump_visibility="all"),
    Rules(players=4, phase_one="all", phase_one_end="skip_empty", sequences=True),
]
SEEDS = (1, 2)

CARD = re.compile(r"[♣♠♥♦](?:10|[2-9JQKA])")
NUMBER = re.compile(r"\d+")
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
LABEL = re.compile(r"(?<=\d)[ab]\b")
"""The letter of a rule's part, as in rule 4a: a label, the same in every language."""


def shout(message: str) -> str:
    """``message`` upper-cased outside its placeholders: ``'{who} LEADS.'``."""
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else part.upper() for part in PLACEHOLDER.split(message)
    )


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


def play_randomly(rules: Rules, seed: int) -> State:
    state: State = new_game(rules, seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def read_all(texts: list[Text]) -> list[str]:
    return [text.read() for text in texts]


def test_shout_keeps_placeholders_and_their_format() -> None:
    assert shout("{who:이/가} leads {card}; {n} left.") == "{who:이/가} LEADS {card}; {n} LEFT."


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe().replace(" ", ""))
def test_every_text_is_a_message_worded_when_read(rules: Rules, monkeypatch: Any) -> None:
    for seed in SEEDS:
        with language("en"):
            texts = game_texts(play_randomly(rules, seed))
            english = read_all(texts)
        with monkeypatch.context() as patch:
            patch.setattr(i18n, "_catalog", lambda lang: Shouting())
            shouted = read_all(texts)
        with language("en"):
            assert read_all(texts) == english, "a text kept the wording of the fake catalog"
        for text, plain, loud in zip(texts, english, shouted, strict=True):
            where = f"seed {seed}, {text.where}: {plain!r} -> {loud!r}"
            assert plain and loud != plain, where
            assert not re.search(r"[a-z]", LABEL.sub("", loud)), f"words outside a message: {where}"
            assert "{" not in plain and "Card(" not in plain and "Msg(" not in plain, where
            assert Counter(CARD.findall(loud)) == Counter(CARD.findall(plain)), where
            assert Counter(NUMBER.findall(loud)) == Counter(NUMBER.findall(plain)), where


@pytest.mark.parametrize("lang", ["ko", "de", "ru"])
@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe().replace(" ", ""))
def test_every_text_reads_in_each_language(rules: Rules, lang: str, untranslated: Any) -> None:
    """The real catalogs: no English sentence is left, the cards are the ones the English names."""
    with language("en"):
        texts = game_texts(play_randomly(rules, SEEDS[0]))
        english = read_all(texts)
    with language(lang):
        translated = read_all(texts)
    for text, plain, said in zip(texts, english, translated, strict=True):
        where = f"{text.where} in {lang}: {said!r}"
        assert untranslated(said, lang) == [], where
        # The same cards, though a translation may name one twice where English says "it".
        assert set(CARD.findall(said)) == set(CARD.findall(plain)), where


def test_the_games_read_every_kind_of_event_and_many_refusals() -> None:
    """The games above are not too few: they hold every event and the common refusals."""
    kinds: set[str] = set()
    with language("en"):
        for rules in RULES:
            kinds |= {text.kind for text in game_texts(play_randomly(rules, SEEDS[0]))}
    assert {f"event {code}" for code in Event.KINDS} <= kinds
    refusals = {kind.removeprefix("illegal ") for kind in kinds if kind.startswith("illegal ")}
    assert refusals >= {
        "not_a_move", "not_a_seat", "out_of_turn", "not_in_hand", "pick_up_phase_one",
        "turn_up_last", "one_card", "turn_up_phase_two", "pick_up_empty", "runs_not_allowed",
        "does_not_beat", "game_over",
    }  # fmt: skip
    assert {"rules", "heading", "prompt", "row", "hint", "result"} <= kinds
