"""Skat's trick pictures: well-formed SVG, a text alternative per card, the running score."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from cardlib import CardlibError, parse_cards
from cardlib.display import card_name
from cardlib.skat.pictures import phase_name, tricks_picture, tricks_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(SVG + "text")]


def played_deal(seed: int = 8) -> object:
    from cardlib.skat import HeuristicBot, new_deal, new_game

    bot, state = HeuristicBot(), new_game(new_deal(seed))
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def test_tricks_of_a_deal_are_well_formed_svg_with_a_label_per_card() -> None:
    state: Any = played_deal()
    svg = tricks_svg(state, running_score=True)
    root = parse_svg(svg)
    assert root.get("role") == "img"
    assert "<style" not in svg and "class=" not in svg
    assert not [element for element in root.iter() if "id" in element.attrib]
    titles = [group.findtext(SVG + "title") for group in root.iter(SVG + "g")]
    cards = [title for title in titles if title]
    assert len(cards) == 30
    assert sum(title.endswith(", wins the trick") for title in cards) == 10
    first = state.tricks[0]
    leader = ("FH", "MH", "RH")[first.leader]
    assert cards[0].startswith(f"{leader} leads: {card_name(first.cards[0])}")
    label = root.get("aria-label", "")
    assert label.startswith("RH is the declarer; FH and MH defend.")
    assert "Trick 10: " in label and "♥" not in label  # the cards in words
    assert svg == tricks_svg(state, running_score=True)


def test_the_running_score_ends_at_the_states_card_points() -> None:
    state: Any = played_deal()
    picture = tricks_picture(state, running_score=True)
    declarer, defenders = state.card_points
    assert picture.text.splitlines()[-1].endswith(f"(score {declarer} : {defenders})")
    assert "The score starts at 4 : 0 because the cards in the skat count" in picture.text
    assert f"score {declarer} : {defenders}" in texts(parse_svg(picture.svg))
    assert picture._repr_mimebundle_() == {"image/svg+xml": picture.svg, "text/plain": picture.text}
    plain = tricks_picture(state.tricks)
    assert "score" not in plain.text and "declarer" not in plain.text
    assert len(plain.text.splitlines()) == 10


def test_a_ramsch_scores_each_player_and_a_trick_in_play_shows_empty_places() -> None:
    import random

    from cardlib.skat import Pass, Rules, new_deal, new_game

    state: Any = new_game(new_deal(0), Rules(ramsch="passed"))
    state = state.play(Pass()).play(Pass()).play(Pass())
    rng = random.Random(0)
    while len(state.tricks) < 2 or len(state.trick) < 1:
        state = state.play(rng.choice(state.legal_moves()))
    picture = tricks_picture(state, running_score=True)
    points = state.player_points
    last = picture.text.splitlines()[-1]
    assert last.startswith("Trick 3: ") and "in play" in last
    assert last.endswith(f"(FH {points[0]} · MH {points[1]} · RH {points[2]})")
    root = parse_svg(picture.svg)
    assert len(root.findall(f".//{SVG}rect[@stroke-dasharray]")) == 2
    assert "not played yet" in picture.svg
    assert "declarer" not in picture.text


def test_a_seat_view_and_a_fresh_play_show_what_they_know() -> None:
    state: Any = played_deal()
    view = state.view(0)
    assert tricks_picture(view).text == tricks_picture(state).text
    start = next(s for s in state.history() if s.phase == "play")
    assert tricks_picture(start).text.endswith("No trick yet.")
    assert parse_svg(tricks_svg([])).get("aria-label") == "No trick yet."


def test_trick_names_are_escaped_and_bad_input_refused() -> None:
    from cardlib.skat import Trick

    trick = Trick(2, parse_cards("CJ C7 CA"), 2)
    names = ("<A>", "B & C", "D")
    svg = tricks_svg([trick], names=names, declarer=0, four_colour=True)
    root = parse_svg(svg)
    assert "<A> is the declarer; B & C and D defend." in texts(root)
    assert {"D leads", "<A>", "B & C"} <= set(texts(root))
    assert "#1a7f37" in svg
    with pytest.raises(CardlibError, match="three names"):
        tricks_svg([trick], names=("A", "B"))
    with pytest.raises(CardlibError, match="declarer"):
        tricks_svg([trick], declarer=3)
    with pytest.raises(CardlibError, match="start"):
        tricks_svg([trick], declarer=0, start=(1, 2, 3))
    with pytest.raises(CardlibError, match="three different cards"):  # no such trick is made
        tricks_svg([Trick(0, ("CJ", "C7", "CA"), 0)])  # type: ignore[arg-type]


def test_a_phase_is_named_in_words() -> None:
    assert phase_name("pass on") == "pass on" and phase_name("bidding") == "bidding"
    assert phase_name(2) == "2"
