"""A page's link (``PlayTable.from_link``): a bad value opens the table on the default with a
one-line note naming the value and what was used instead, in the language spoken; seeds are
held to what a web page holds exactly.

The seed bound is ECMAScript's ``Number.MAX_SAFE_INTEGER`` = 2**53 - 1 (ECMA-262, 21.1.2.6): a
number in the browser is an IEEE 754 double, and 2**53 + 1 is the first whole number it cannot
hold (``float(2**53 + 1) == 2**53``, checked below). The defaults (deal 1, seat 0, the beginner
(heuristic), the language spoken) are those the apps' pages document (notebooks/apps)."""

from __future__ import annotations

from typing import Any

import pytest

from cardlib.errors import CardlibError
from cardlib.i18n import get_language, language, set_language
from cardlib.widgets import PlayTable
from cardlib.widgets.links import MAX_SEED, read_link

SEATS = ["A", "B", "C"]
SEED_NOTE = "The link's seed={value} is not a whole number from 0 to 9007199254740991: deal 1 is shown instead."  # noqa: E501


@pytest.fixture(autouse=True)
def english() -> Any:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def notes(query: str, seats: list[str] = SEATS) -> list[str]:
    return [str(note) for note in read_link(query, seats).notes]


def test_the_largest_seed_is_the_largest_whole_number_a_double_holds_exactly() -> None:
    assert MAX_SEED == 9007199254740991 == 2**53 - 1
    assert float(MAX_SEED) == MAX_SEED and float(MAX_SEED + 2) != MAX_SEED + 2


@pytest.mark.parametrize(
    ("value", "seed"),
    [("0", 0), ("7", 7), ("007", 7), (" 12 ", 12), ("9007199254740991", MAX_SEED)],
)
def test_a_good_seed_is_read_without_a_note(value: str, seed: int) -> None:
    link = read_link(f"seed={value}", SEATS)
    assert link.seed == seed and link.notes == ()


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        ("abc", "abc"),
        ("-1", "-1"),  # not deal -1 (which deals as deal 1 in some games)
        ("9007199254740992", "9007199254740992"),  # 2**53: a page would round 2**53 + 1 to it
        ("18446744073709551616", "18446744073709551616"),
        ("1e3", "1e3"),
        ("%2B7", "+7"),
        ("1_000", "1_000"),  # Python's int() reads it; a link should not
        ("٣", "٣"),  # an Arabic-Indic three: int() reads it too
        ("1" * 5000, "1" * 23 + "…"),  # longer than int() converts; quoted shortened
    ],
)
def test_a_bad_seed_deals_1_with_a_note_naming_it(value: str, quoted: str) -> None:
    link = read_link(f"seed={value}", SEATS)
    assert link.seed == 1
    assert [str(note) for note in link.notes] == [SEED_NOTE.format(value=quoted.strip())]


def test_every_bad_value_has_its_own_note_in_the_order_of_the_link_keys() -> None:
    assert notes("lang=xx&opponents=evil&seat=3&seed=abc&colour=red") == [
        SEED_NOTE.format(value="abc"),
        "The link's seat=3 is not a seat from 0 to 2: you are A instead.",
        "The link's opponents=evil is neither sampling nor heuristic: the beginner (heuristic) "
        "plays instead.",
        "The link's lang=xx is not a language cardlib speaks (en, ko, de, ru): the language stays "
        "English.",
    ]
    assert notes("seat=1", ["A", "B"]) == [] and notes("seat=2", ["A", "B"]) != []
    # cardlib's own decisions: an empty value counts as left out; of a key given twice the last.
    assert notes("seed=&seat=") == [] and read_link("seed=3&seed=4", SEATS).seed == 4


def test_the_notes_are_worded_in_the_language_spoken_from_the_catalogs() -> None:
    link = read_link("seed=abc&seat=x&opponents=evil&lang=xx", SEATS)
    expected = {
        "ko": [
            "링크의 seed=abc: 0부터 9007199254740991까지의 정수가 아니므로 대신 1번 딜을 "
            "보여 줍니다.",
            "링크의 seat=x: 0부터 2까지의 자리가 아니므로 대신 내 자리는 A입니다.",
            "링크의 opponents=evil: sampling도 heuristic도 아니므로 대신 초보(휴리스틱) 플레이어가 "
            "상대합니다.",
            "링크의 lang=xx: cardlib이 지원하는 언어(en, ko, de, ru)가 아니므로 표시 언어는 그대로 "
            "English입니다.",
        ],
        "de": [
            "Im Link ist seed=abc keine ganze Zahl von 0 bis 9007199254740991: stattdessen wird "
            "Spiel 1 gezeigt.",
            "Im Link ist seat=x kein Platz von 0 bis 2: stattdessen bist du A.",
            "Im Link ist opponents=evil weder sampling noch heuristic: stattdessen spielt der "
            "Anfänger (heuristisch).",
            "Im Link ist lang=xx keine Sprache, die cardlib spricht (en, ko, de, ru): die Sprache "
            "bleibt English.",
        ],
        "ru": [
            "В ссылке seed=abc — не целое число от 0 до 9007199254740991: вместо этого показана "
            "сдача 1.",
            "В ссылке seat=x — не место от 0 до 2: вместо этого ты — A.",
            "В ссылке opponents=evil — ни sampling, ни heuristic: вместо этого играет новичок "
            "(эвристика).",
            "В ссылке lang=xx — не язык, который знает cardlib (en, ko, de, ru): язык остаётся "
            "прежним, English.",
        ],
    }
    for lang, lines in expected.items():
        with language(lang):
            assert [str(note) for note in link.notes] == lines


def test_a_bad_language_keeps_the_one_spoken_and_names_it() -> None:
    set_language("de")
    assert notes("lang=klingon") == [
        "Im Link ist lang=klingon keine Sprache, die cardlib spricht (en, ko, de, ru): die "
        "Sprache bleibt Deutsch."
    ]
    assert read_link("lang=ko_KR", SEATS).lang == "ko" and get_language() == "de"


@pytest.mark.parametrize(
    ("query", "seed", "seat", "opponents"),
    [
        ("?seed=abc", 1, 0, "heuristic"),
        ("?seed=-1&opponents=heuristic", 1, 0, "heuristic"),
        ("?seed=9007199254740993&opponents=heuristic", 1, 0, "heuristic"),
        ("?seat=5&seed=3&opponents=heuristic", 3, 0, "heuristic"),
        ("?seat=one&seed=4&opponents=heuristic", 4, 0, "heuristic"),
        ("?opponents=evil&seed=2", 2, 0, "heuristic"),
        ("?lang=xx&seed=5&seat=1&opponents=heuristic", 5, 1, "heuristic"),
    ],
)
def test_from_link_opens_the_table_on_the_default_with_a_visible_note(
    query: str, seed: int, seat: int, opponents: str
) -> None:
    table = PlayTable.from_link("skitgubbe", query)
    assert (table.seed, table.seat, table.opponents) == (seed, seat, opponents)
    assert table.link is not None and len(table.link.notes) == 1
    note = str(table.link.notes[0])
    assert note in table.link_note.value and 'class="cardlib-link-note"' in table.link_note.value
    assert note.startswith("The link's " + query.lstrip("?").split("&")[0])
    assert table.link_note in table.children and get_language() == "en"
    same = PlayTable("skitgubbe", seat, seed=seed, opponents="heuristic")
    if opponents == "heuristic":
        assert table.state.to_text() == same.state.to_text()


def test_a_good_link_shows_no_note_and_the_note_follows_the_language_menu() -> None:
    good = PlayTable.from_link("skitgubbe", "?seed=3&opponents=heuristic")
    assert good.link is not None and good.link.notes == () and good.link_note.value == ""
    table = PlayTable.from_link("skitgubbe", "?seed=x&lang=xx&opponents=heuristic")
    assert table.link_note.value.count("<br>") == 1  # two notes, one line each
    table.language.value = "de"
    try:
        assert "Im Link ist seed=x keine ganze Zahl" in table.link_note.value
    finally:
        table.language.value = "en"
    assert "The link's seed=x" in table.link_note.value


def test_a_value_in_a_note_is_shown_as_text_never_as_html() -> None:
    table = PlayTable.from_link("skitgubbe", "?seed=%3Cb%3Ebold%3C/b%3E&opponents=heuristic")
    assert "seed=&lt;b&gt;bold&lt;/b&gt;" in table.link_note.value
    assert "<b>bold" not in table.link_note.value


def test_the_table_and_its_seed_box_hold_seeds_from_0_to_the_largest() -> None:
    for bad in (-1, MAX_SEED + 1, 1.5, True):
        with pytest.raises(CardlibError, match=r"PlayTable\(seed=.*0 to 9007199254740991"):
            PlayTable("skitgubbe", seed=bad, opponents="heuristic")  # type: ignore[arg-type]
    table = PlayTable("skitgubbe", seed=MAX_SEED, opponents="heuristic")
    assert table.seed == MAX_SEED and f"deal {MAX_SEED}," in table.header.value
    assert (table.seed_box.min, table.seed_box.max) == (0, MAX_SEED)
    # cardlib's own decision: after the largest seed, the next deal is deal 0.
    assert table.seed_box.value == 0
    table.seed_box.value = MAX_SEED + 10  # typed beyond the bound: the box holds the largest
    assert table.seed_box.value == MAX_SEED
    table.new_button.click()
    assert table.seed == MAX_SEED and table.seed_box.value == 0
    with pytest.raises(CardlibError, match=r"PlayTable.new_deal\(seed=-1\)"):
        table.new_deal(-1)
    assert table.seed == MAX_SEED


def test_in_a_kernel_voila_heated_the_link_is_read_once_the_page_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Voilà's pre-heated kernels run the notebook before a page asks; voila.utils'
    ``wait_for_request`` blocks until it does and then puts the request (``QUERY_STRING``) in
    the environment (Voilà 0.5's documented way, ``voila/utils.py``)."""
    import voila.utils

    asked: list[str] = []

    def page_asks() -> None:
        asked.append("asked")
        monkeypatch.setenv("QUERY_STRING", "seed=12&opponents=heuristic")

    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(voila.utils, "wait_for_request", page_asks)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    table = PlayTable.from_link("skitgubbe")
    assert asked == ["asked"] and (table.seed, table.opponents) == (12, "heuristic")
    assert PlayTable.from_link("skitgubbe", "?seed=5&opponents=heuristic").seed == 5
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert PlayTable.from_link("skitgubbe").seed == 12
    assert asked == ["asked"]  # with a query given, or in a kernel not heated, nothing waits
