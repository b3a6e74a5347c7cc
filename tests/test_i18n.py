"""Languages: choosing one, lazy messages, Korean particles, and catalogs that are complete."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import cardlib
import cardlib.errors
from cardlib import Ruling
from cardlib.i18n import (
    LANGUAGES,
    Msg,
    Plural,
    Term,
    UnknownLanguageError,
    get_language,
    joined,
    language,
    particle,
    render,
    set_language,
)

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardlib" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
KEYWORDS = {
    "_": None,
    "N_": None,
    "worded": None,
    "Msg": None,
    "ngettext": (1, 2),
    "Plural": (1, 2),
    "pgettext": ((1, "c"), 2),
    "Term": ((1, "c"), 2),
}


def catalog(lang: str) -> object:
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlib.po", "rb") as file:
        return read_po(file, locale=lang)


def placeholders(text: str) -> set[str]:
    """The argument names in a message, without Korean particle specs: ``{who:이/가}`` -> who."""
    return {match.split(":")[0].split("!")[0] for match in re.findall(r"{([^{}]*)}", text)}


def test_choosing_a_language() -> None:
    before = get_language()
    try:
        set_language("ko_KR.UTF-8")
        assert get_language() == "ko"
        with language("de") as spoken:
            assert spoken == get_language() == "de"
            with language("ru"):
                assert get_language() == "ru"
            assert get_language() == "de"
        assert get_language() == "ko"
    finally:
        set_language(before)


def test_an_unknown_language_is_refused_and_changes_nothing() -> None:
    before = get_language()
    with pytest.raises(UnknownLanguageError, match=r"'xx'.*ko \(한국어\)"):
        set_language("xx")
    with pytest.raises(cardlib.CardlibError), language("tlh"):
        pass
    assert get_language() == before


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"CARDLIB_LANG": "ru"}, "ru"),
        ({"CARDLIB_LANG": "de", "LANG": "ko_KR.UTF-8"}, "de"),
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LC_ALL": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
    ],
)
def test_the_environment_chooses_the_default(environment: dict[str, str], expected: str) -> None:
    clean = {k: v for k, v in os.environ.items() if k not in ("CARDLIB_LANG", "LC_ALL", "LANG")}
    clean.pop("LC_MESSAGES", None)
    result = subprocess.run(
        [sys.executable, "-c", "import cardlib.i18n as i; print(i.get_language())"],
        env={**clean, **environment, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == expected


def test_messages_are_worded_when_read() -> None:
    message = Msg("{items} and {last}", items="A", last=Term("position", "RH"))
    with language("en"):
        assert str(message) == "A and RH"
    with language("de"):
        assert str(message) == "A und HH"
    with language("ko"):
        assert str(message) == "A와 대장"
    assert pickle.loads(pickle.dumps(message)) == message
    plural = Plural("{n} card", "{n} cards", 3, who="A")
    copy = pickle.loads(pickle.dumps(plural))
    assert (copy.message, copy.plural, copy.n, copy.args) == (
        "{n} card",
        "{n} cards",
        3,
        plural.args,
    )


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_messages_compare_by_id_and_arguments_in_every_language(lang: str) -> None:
    with language(lang):
        assert Msg("passed in") in {Msg("passed in")}
        assert Msg("{who} wins", who="A") == Msg("{who} wins", who="A")
        assert Msg("{who} wins", who="A") != Msg("{who} wins", who="B")
        assert Term("position", "RH") in {Term("position", "RH")}
        assert Plural("{n} card", "{n} cards", 2) == Plural("{n} card", "{n} cards", 2)
        assert Plural("{n} card", "{n} cards", 2) != Plural("{n} card", "{n} cards", 3)
        nested = [Msg("{a} and {b}", a="A", b=Term("position", "RH")) for _ in range(2)]
        assert nested[0] == nested[1] and hash(nested[0]) == hash(nested[1])
        assert joined(["A", "B", "C"]) == joined(["A", "B", "C"])
        assert joined(["A", "B", "C"]) != joined(["A", "B", "D"])


def test_rulings_built_in_one_language_are_found_in_another() -> None:
    with language("en"):
        rulings = {
            Ruling("passed_in", Msg("passed in")),
            Ruling("lead", Msg("{who} wins", who=Term("position", "MH")), Msg("skat: play")),
        }
    with language("ko"):
        assert Ruling("passed_in", Msg("passed in")) in rulings
        assert Ruling("lead", Msg("{who} wins", who=Term("position", "MH")), Msg("skat: play")) in (
            rulings
        )
        assert Ruling("lead", Msg("{who} wins", who=Term("position", "FH"))) not in rulings


class Words(Msg):
    """A kind of message that holds its parts outside its arguments (as the games' own do)."""

    __slots__ = ("words",)

    def __init__(self, words: tuple[str, ...]) -> None:
        super().__init__("")
        self.words = words

    def __str__(self) -> str:
        return " ".join(self.words)


class Bare:
    """An argument with no equality of its own, shown by its repr."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Bare({self.text!r})"

    def __str__(self) -> str:
        return self.text


def test_messages_compare_by_what_their_kind_holds_and_by_bare_arguments_repr() -> None:
    assert Words(("Grand", "Hand")) == Words(("Grand", "Hand"))
    assert Words(("Grand", "Hand")) != Words(("Grand",)) and Words(("Grand",)) != Msg("")
    assert len({Words(("Grand",)), Words(("Grand",)), Words(("Null",))}) == 2
    assert Msg("not {cards}", cards=Bare("♥7")) == Msg("not {cards}", cards=Bare("♥7"))
    assert Msg("not {cards}", cards=Bare("♥7")) != Msg("not {cards}", cards=Bare("♥9"))
    assert hash(Msg("{x}", x=[1, Bare("a")])) == hash(Msg("{x}", x=[1, Bare("a")]))
    assert Msg("{x}", x=[1, 2]) != Msg("{x}", x=(1, 2))


def test_a_ruling_in_plain_english_equals_the_one_with_the_message() -> None:
    worded = Ruling("passed_in", Msg("{who} passed", who="A"), "skat: bidding")
    plain = Ruling("passed_in", "A passed", "skat: bidding")
    with language("ko"):
        assert worded == plain and hash(worded) == hash(plain)
        assert Ruling("passed_in", "B passed", "skat: bidding") != worded


def test_messages_that_read_alike_in_one_language_are_still_different() -> None:
    # German words both the move "Bid" and the phase "bidding" as "Reizen" (the project's catalog).
    move, phase = Term("move", "Bid"), Term("phase", "bidding")
    with language("de"):
        assert str(move) == str(phase) == "Reizen"
        assert move != phase and len({move, phase}) == 2
    # Korean words "Declarer" and "declarer" alike.
    with language("ko"):
        assert str(Msg("Declarer")) == str(Msg("declarer"))
        assert Msg("Declarer") != Msg("declarer")
    # A message is not the text it reads as.
    assert Msg("passed in") != "passed in"


def test_lists() -> None:
    with language("en"):
        assert [str(joined(items)) for items in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == [
            "",
            "A",
            "A and B",
            "A, B and C",
        ]
    with language("ko"):
        assert str(joined(["선봉", "대장"])) == "선봉과 대장"
    with language("ru"):
        assert str(joined(["A", "B", "C"])) == "A, B и C"


@pytest.mark.parametrize(
    ("word", "pair", "expected"),
    [
        ("선봉", "은/는", "은"),
        ("대장", "이/가", "이"),
        ("A", "이/가", "가"),
        ("C", "을/를", "를"),
        ("18", "을/를", "을"),
        ("20", "을/를", "을"),
        ("22", "을/를", "를"),
        ("24", "으로/로", "로"),
        ("27", "으로/로", "로"),
        ("30", "으로/로", "으로"),
        ("100", "이/가", "이"),
        ("1000", "이/가", "이"),
        ("그랜드", "을/를", "를"),
        ("눌", "으로/로", "로"),
        ("(중견)", "과/와", "과"),
        ("?!", "이/가", "이(가)"),
    ],
)
def test_korean_particles_follow_the_spoken_word(word: str, pair: str, expected: str) -> None:
    assert particle(None, word, pair) == expected


def test_korean_particles_after_cards() -> None:
    cards = cardlib.parse_cards("HA HK HQ HJ HT H9 H8 H7")
    said = [render("{card:을/를}", card=card) for card in cards]
    assert said == ["♥A를", "♥K을", "♥Q을", "♥J을", "♥10을", "♥9를", "♥8을", "♥7을"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_keeps_its_placeholders(lang: str) -> None:
    untranslated, changed = [], []
    for message in catalog(lang):  # type: ignore[attr-defined]
        if not message.id:
            continue
        assert not message.fuzzy, f"{lang}: fuzzy translation of {message.id!r}"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            untranslated.append(ids[0])
            continue
        wanted = set().union(*(placeholders(text) for text in ids))
        for text in strings:
            if placeholders(text) - wanted or (len(strings) == 1 and placeholders(text) != wanted):
                changed.append((ids[0], text))
    assert untranslated == [], f"{lang}: {len(untranslated)} untranslated, first {untranslated[:5]}"
    assert changed == [], f"{lang}: placeholders changed in {changed[:5]}"


def test_the_catalogs_hold_every_message_in_the_code() -> None:
    """``make messages`` was run after the last change to a message in the code."""
    extracted = {
        (context, message if isinstance(message, str) else message[0])
        for _, _, message, _, context in extract_from_dir(
            str(ROOT / "cardlib"), keywords=KEYWORDS, comment_tags=("Translators:",)
        )
    }
    for lang in TRANSLATED:
        held = {(message.context, message.id if isinstance(message.id, str) else message.id[0])
                for message in catalog(lang) if message.id}  # type: ignore[attr-defined]  # fmt: skip
        assert extracted - held == set(), f"{lang} lacks messages; run `make messages`"
        assert held - extracted == set(), f"{lang} holds messages the code no longer has"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogs_match_their_sources(lang: str) -> None:
    def key(message: Any) -> tuple[Any, ...]:
        ids, strings = message.id, message.string
        return (message.context, tuple(ids) if isinstance(ids, list | tuple) else ids,
                tuple(strings) if isinstance(strings, list | tuple) else strings)  # fmt: skip

    source = {key(m) for m in catalog(lang) if m.id}  # type: ignore[attr-defined]
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlib.mo", "rb") as file:
        compiled = {key(m) for m in read_mo(file) if m.id}
    assert compiled == source, f"{lang}: run `make messages` to compile the catalog"


def test_no_message_is_written_inside_an_f_string() -> None:
    """The extractor cannot see a message inside an f-string, so it would never be translated."""
    import ast

    found = []
    for path in sorted((ROOT / "cardlib").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                            and call.func.id in KEYWORDS and call.args
                            and isinstance(call.args[0], ast.Constant)):  # fmt: skip
                        found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert found == []


KOREAN_WORDING = {
    "트릭을 모두 침": "끝까지 진행",
    "당신은": "내 자리: …",
    "클레임": "남은 트릭 선언",
    "단순한 플레이어": "초보(휴리스틱) 플레이어",
    "플레이가 {n}번": "카드가 {n}번 놓이면",
    "예로 받": "예라고 답하다",
}
"""Wordings a Korean reader asked to replace (the project's decision, cardlib/locale/ko/TERMS.md),
and what is written instead."""


def test_the_korean_catalog_keeps_the_wordings_a_korean_reader_asked_for() -> None:
    for message in catalog("ko"):  # type: ignore[attr-defined]
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for old, new in KOREAN_WORDING.items():
                assert old not in text, f"{old!r} (write {new!r}) in {text!r}"
            assert ";" not in text, f"a semicolon where Korean writes a comma: {text!r}"


def test_a_suit_game_is_announced_in_words_in_german_and_russian() -> None:
    from cardlib.skat import Declaration, GameType
    from cardlib.skat.engine.declaration import declared_ruling

    ruling = declared_ruling(1, Declaration(GameType.SPADES))
    with language("de"):
        assert str(ruling.text).startswith("MH sagt Pik an"), str(ruling.text)
    with language("ru"):
        assert "объявляет пики" in str(ruling.text), str(ruling.text)
    with language("en"):
        assert str(ruling.text).startswith("MH declares ♠:"), str(ruling.text)


def test_korean_names_null_ouvert_as_the_korean_rules_do() -> None:
    """Seed 004 writes 오픈 눌 and 오픈 눌 핸드 (docs/rules/terms.md)."""
    from cardlib.skat import Declaration, GameType

    with language("ko"):
        assert str(Declaration(GameType.NULL, ouvert=True)) == "오픈 눌"
        assert str(Declaration(GameType.NULL, hand=True, ouvert=True)) == "오픈 눌 핸드"
    with language("en"):
        assert str(Declaration(GameType.NULL, hand=True, ouvert=True)) == "Null Hand Ouvert"


def test_no_refusal_is_written_in_plain_english() -> None:
    """A cardlib error raised with a bare string or an f-string would never be translated: every
    refusal is a catalog message (``Msg``), which the tests above find in every catalog."""
    import ast

    kinds = {"CardlibError", "ArgumentTypeError"} | {
        kind.__name__ for kind in _error_kinds(cardlib.errors.CardlibError)
    }
    found = []
    for path in sorted((ROOT / "cardlib").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                func, text = node.exc.func, node.exc.args[0]
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                plain = isinstance(text, ast.Constant) and isinstance(text.value, str)
                if name in kinds and (plain or isinstance(text, ast.JoinedStr)):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def _error_kinds(base: type) -> list[type]:
    import cardlib.games  # noqa: F401  (its UnknownGameError)

    return [kind for sub in base.__subclasses__() for kind in (sub, *_error_kinds(sub))]
