"""Probability, estimates and pictures in every language: every title, table heading, summary and
plot label is worded when it is shown (a shouting catalog puts every marked text in capitals),
and an object made in one language reads in another."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from gettext import NullTranslations
from typing import Any

import pytest

from cardlib import display, i18n
from cardlib.cards import parse_cards
from cardlib.estimates import (
    SimulationResult,
    binomial_test,
    chi_square_test,
    difference,
    mean,
    proportion,
)
from cardlib.i18n import language
from cardlib.probability import (
    bounce_chance,
    coin_split,
    compare_reports,
    hand_report,
    hypergeometric,
    null_hand,
    null_suit,
    patterns,
    seat_knowledge,
    simulate_games,
    skat_finding_table,
    skat_outlook,
    split_distribution,
    trump_split,
)
from cardlib.probability.plots import bar_chart, compare_chart, interval_chart
from cardlib.skat import GameType, Trick, pictures, play_position
from cardlib.skitgubbe import RandomBot, Rules

HAND = "CJ HJ CA CT C9 SA ST H7 D8 D7"
# Words the games give these texts (Skat's game names and matadors, the Skitgubbe rules'
# description): their own modules' business.
ENGINE_WORDS = {"clubs", "spades", "hearts", "diamonds", "grand", "with", "without", "players"}


def unmarked(text: str) -> set[str]:
    """Lower-case words left in a text shouted by the catalog (HTML tags and styles aside)."""
    text = re.sub(r"<[^>]*>", " ", text)
    return set(re.findall(r"\b[a-z][a-z-]+\b", text)) - ENGINE_WORDS


def knowledge() -> Any:
    state = play_position(
        ["CJ SJ CA CT CK SA ST S9 S8", "HJ DJ C9 C8 DA DT DK DQ D9",
         "C7 CQ HT HK HQ H9 H8 H7 SK SQ"],
        GameType.CLUBS, declarer=0, trick=["HA", "D7"], leader=0, skat="S7 D8",
    )  # fmt: skip
    return seat_knowledge(state.view(0))


def made() -> list[Any]:
    """One of every object that shows itself in words."""
    a, b = proportion("a", 30, 100), proportion("b", 20, 100)
    return [
        hypergeometric(22, 4, 2),
        split_distribution(1, (10, 10, 2)),
        patterns(coin_split(3, (10, 10))),
        trump_split(HAND, "C", model="coin"),
        skat_finding_table(range(1, 3)),
        skat_outlook(HAND),
        skat_outlook(HAND).finding("CJ SJ"),
        knowledge(),
        knowledge().where("HT"),
        knowledge().split("HT HK"),
        null_suit("H9"),
        null_suit("H7 HT", discards=True),
        null_suit("H9").picture("H7 HA"),
        null_suit("H8").by_split(),
        null_hand("C7 C9 CJ S7 S8 H7 H9 HJ D8 DT", skat="CA SA"),
        bounce_chance("H9 S9 DK", led="C9"),
        bounce_chance("HA S9 D9", seen="CA SA"),
        hand_report(HAND, "C"),
        a,
        mean("m", [1, 2, 3]),
        difference(a, b),
        difference(mean("x", [1, 2, 2, 3]), mean("y", [0, 1, 2, 2])),
        binomial_test("heads", 62, 100, Fraction(1, 2)),
        chi_square_test("seats", [30, 42, 28], [Fraction(1, 3)] * 3),
        SimulationResult("run", 10, 4, (a,), interrupted=True, model="x"),
        simulate_games(RandomBot, Rules(players=2), 3, rng=1, progress=False),
    ]


def test_every_text_and_table_is_marked(shouting: Callable[[str], str]) -> None:
    for thing in made():
        shown = [str(thing)]
        if hasattr(thing, "_repr_html_"):
            shown.append(thing._repr_html_())
        if hasattr(thing, "_repr_mimebundle_"):
            shown.append(thing._repr_mimebundle_()["image/svg+xml"])
        for text in shown:
            assert unmarked(text) <= {"a", "b", "df", "heads", "m", "run", "seats", "x", "y"}, (
                type(thing).__name__,
                text,
            )
    report = compare_reports(hand_report(HAND, "C"), hand_report(HAND.replace("D7", "SJ"), "C"))
    assert "BEFORE" in report and "AFTER" in report and unmarked(report) <= ENGINE_WORDS


def test_objects_made_in_one_language_read_in_another(request: pytest.FixtureRequest) -> None:
    with language("en"):
        distribution = split_distribution(2, (10, 10))
        result = simulate_games(RandomBot, Rules(players=2), 3, rng=1, progress=False)
        english = str(distribution), str(result)
    request.getfixturevalue("shouting")
    assert str(distribution.title) == "2 CARDS AMONG HOLDERS OF 10-10 UNSEEN CARDS"
    assert (str(distribution), str(result)) != english
    assert "STUNSAS PER GAME" in str(result)


def test_a_simulated_estimate_is_found_by_its_english_label(
    shouting: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    loud = i18n._catalog
    monkeypatch.setattr(
        i18n, "_catalog", lambda lang: NullTranslations() if lang == "en" else loud(lang)
    )
    result = simulate_games(RandomBot, Rules(players=2), 4, rng=1, progress=False)
    with language("de"):
        assert result.labels()[0] == "STUNSAS PER GAME"
        assert result["loser is A"] is result["LOSER IS A"]
        with pytest.raises(KeyError, match="STUNSAS PER GAME"):
            result["no such estimate"]


def test_the_plots_are_labelled_in_the_current_language(shouting: Callable[[str], str]) -> None:
    ax = bar_chart(hypergeometric(22, 4, 2))
    assert ax.get_title() == "SPECIAL CARDS AMONG 2 DRAWN FROM 22 OF WHICH 4 ARE SPECIAL"
    ax = interval_chart([("run 1", proportion("p", 5, 80))], exact=1 / 17)
    assert ax.get_legend().get_texts()[0].get_text() == "EXACT 0.0588"
    ax = compare_chart([("a", {0: Fraction(1)})], title="t")
    assert ax.get_title() == "t"


def test_card_names_and_trick_pictures_are_marked(shouting: Callable[[str], str]) -> None:
    assert display.card_name(parse_cards("HT")[0]) == "TEN OF HEARTS"
    assert display.card_name(None) == "FACE-DOWN CARD"
    picture = pictures.tricks_picture(
        [Trick(0, parse_cards("HA H9 H7"), 0)], declarer=2, running_score=True, start=(10, 0)
    )
    assert str(picture).splitlines() == [
        "RH IS THE DECLARER; FH AND MH DEFEND.",
        "SCORE: CARD POINTS SO FAR, DECLARER : DEFENDERS.",
        "THE SCORE STARTS AT 10 : 0.",
        "TRICK 1: FH LEADS ♥A, MH ♥9, RH ♥7; FH WINS 11 POINTS (SCORE 10 : 11)",
    ]
    assert unmarked(picture.svg) == set() and "ACE OF HEARTS, WINS THE TRICK" in picture.svg
    assert unmarked(pictures.tricks_svg([])) == set()
    assert unmarked(display.table_svg([("Skat", [None, None])], notes=[])) == set()
    assert pictures.phase_name("pass on") == "PASS ON"
