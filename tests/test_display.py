"""Card pictures: well-formed, deterministic SVG with text alternatives; the PNG draws the same."""

from __future__ import annotations

import base64
import io
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardlib import FULL_DECK, Card, CardlibError, Hand, InvalidCardError, Suit, parse_cards
from cardlib.display import (
    CARD_HEIGHT,
    CARD_WIDTH,
    COLOUR_SCHEMES,
    ColourScheme,
    card_name,
    card_svg,
    cards_svg,
    mimebundle,
    png,
    svg_bundle,
    table_svg,
)

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(SVG + "text")]


def fills(root: ET.Element, tag: str = "text") -> set[str]:
    return {element.get("fill", "") for element in root.iter(SVG + tag)}


@pytest.mark.parametrize("card", [*FULL_DECK, None], ids=str)
@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_is_well_formed_svg_with_a_text_alternative(
    card: Card | None, four_colour: bool
) -> None:
    svg = card_svg(card, four_colour=four_colour)
    root = parse_svg(svg)
    name = card_name(card)
    assert root.get("role") == "img"
    assert root.get("aria-label") == name
    assert root[0].tag == SVG + "title" and root[0].text == name
    assert "DejaVu Sans" in root.get("font-family", "")
    assert (float(root.get("width", 0)), float(root.get("height", 0))) == (CARD_WIDTH, CARD_HEIGHT)
    assert "<style" not in svg and "class=" not in svg
    assert not [element for element in root.iter() if "id" in element.attrib]
    if card is None:
        assert texts(root) == []
    else:
        assert texts(root).count(card.rank.label) == 2
        assert texts(root).count(card.suit.symbol) == 2
    assert svg == card_svg(card, four_colour=four_colour)


def test_the_face_is_white_with_a_border_so_it_reads_on_dark_backgrounds() -> None:
    face = parse_svg(card_svg(Card.parse("SA"))).find(f"{SVG}g/{SVG}rect")
    assert face is not None
    assert (face.get("fill"), face.get("stroke")) == ("#ffffff", "#5f6368")


def test_four_colour_changes_clubs_and_diamonds_only() -> None:
    colour = {
        (text, four): fills(parse_svg(card_svg(Card.parse(text), four_colour=four)))
        for text in ("CA", "SA", "HA", "DA")
        for four in (False, True)
    }
    assert colour["CA", False] == colour["SA", False] == colour["SA", True] == {"#111111"}
    assert colour["HA", False] == colour["DA", False] == colour["HA", True] == {"#c8102e"}
    assert colour["CA", True] == {"#1a7f37"}
    assert colour["DA", True] == {"#0b57d0"}
    hand = parse_cards("CJ SJ HJ DJ")
    assert cards_svg(hand) != cards_svg(hand, four_colour=True)


def test_the_ispa_scheme_is_the_tournament_pack_black_green_red_amber() -> None:
    ispa = {
        suit: fills(parse_svg(card_svg(Card.parse(suit.letter + "A"), colours="ispa")))
        for suit in Suit
    }
    assert ispa == {
        Suit.CLUBS: {"#111111"},
        Suit.SPADES: {"#1a7f37"},
        Suit.HEARTS: {"#c8102e"},
        Suit.DIAMONDS: {"#a16c00"},
    }
    hand = parse_cards("CJ SJ HJ DJ")
    assert len({cards_svg(hand, colours=name) for name in ("two", "four", "ispa")}) == 3


@pytest.mark.parametrize("name", ["two", "four", "ispa"])
def test_each_scheme_draws_its_own_colours_in_every_picture(name: ColourScheme) -> None:
    hand = parse_cards("CA SA HA DA")
    expected = set(COLOUR_SCHEMES[name].values())
    for svg in (
        cards_svg(hand, colours=name),
        table_svg([("A", hand)], colours=name),
        mimebundle(hand, "Hand", colours=name)["image/svg+xml"],
    ):
        assert fills(parse_svg(svg)) >= expected
        other = set().union(*COLOUR_SCHEMES.values()) - expected
        assert not other & fills(parse_svg(svg))


def test_the_default_is_two_colours_and_four_colour_true_still_means_four() -> None:
    hand = parse_cards("CJ SJ HJ DJ")
    assert cards_svg(hand) == cards_svg(hand, colours="two")
    assert cards_svg(hand, four_colour=True) == cards_svg(hand, colours="four")
    assert cards_svg(hand, four_colour=True, colours="four") == cards_svg(hand, colours="four")
    assert png(hand) == png(hand, colours="two")
    assert table_svg([("A", hand)]) == table_svg([("A", hand)], colours="two")


def test_an_unknown_or_contradictory_scheme_is_refused() -> None:
    with pytest.raises(CardlibError, match="'green' is not a colour scheme: expected one of"):
        cards_svg(parse_cards("CJ"), colours="green")  # type: ignore[arg-type]
    with pytest.raises(CardlibError, match="give only one"):
        png(parse_cards("CJ"), four_colour=True, colours="ispa")


def relative_luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("name", ["two", "four", "ispa"])
def test_every_suit_colour_reads_on_the_white_face(name: ColourScheme) -> None:
    # WCAG 2 contrast: 3:1 for large text (the big suit sign), 4.5:1 for the small corner index,
    # which is all a fanned hand shows of most cards.
    for colour in COLOUR_SCHEMES[name].values():
        contrast = (1.0 + 0.05) / (relative_luminance(colour) + 0.05)
        assert contrast >= 4.5, (name, colour, round(contrast, 2))


def test_a_row_has_one_titled_group_per_card_and_fans_out_when_long() -> None:
    hand = Hand("CJ SJ HA HT")
    root = parse_svg(cards_svg(hand, label=f"Hand[{hand.symbol}]"))
    assert root.get("aria-label") == "Hand[♣J ♠J ♥A ♥10]"
    titles = [group.findtext(SVG + "title") for group in root.iter(SVG + "g")]
    assert titles == ["jack of clubs", "jack of spades", "ace of hearts", "ten of hearts"]
    assert float(root.get("width", 0)) == 4 * CARD_WIDTH + 3 * 4
    default = parse_svg(cards_svg([Card.parse("HT"), None]))
    assert default.get("aria-label") == "ten of hearts, face-down card"
    fan = parse_svg(cards_svg(FULL_DECK[:25]))
    assert len(fan.findall(SVG + "g")) == 25
    assert float(fan.get("width", 0)) == 640
    assert float(fan.get("height", 0)) == CARD_HEIGHT
    two_lines = parse_svg(cards_svg(FULL_DECK[:26]))
    assert float(two_lines.get("width", 0)) == 640
    assert float(two_lines.get("height", 0)) == 2 * CARD_HEIGHT + 4
    three_lines = parse_svg(cards_svg(FULL_DECK))
    assert float(three_lines.get("height", 0)) == 3 * CARD_HEIGHT + 2 * 4
    empty = parse_svg(cards_svg([]))
    assert empty.get("aria-label") == "no cards"
    assert float(empty.get("width", 0)) == CARD_WIDTH


def test_a_table_labels_its_rows_and_escapes_its_text() -> None:
    svg = table_svg(
        [("A <forehand>", parse_cards("CJ HT")), ("Trick", []), ("Skat", [None, None])],
        notes=["A leads ♣J & wins", "Score: 61 > 60"],
    )
    root = parse_svg(svg)
    assert {"A <forehand>", "Trick", "Skat", "A leads ♣J & wins", "Score: 61 > 60"} <= set(
        texts(root)
    )
    label = root.get("aria-label", "")
    assert label.startswith("A <forehand>: jack of clubs, ten of hearts; Trick: no cards;")
    assert label.endswith("Score: 61 > 60")
    assert svg == table_svg(
        [("A <forehand>", parse_cards("CJ HT")), ("Trick", []), ("Skat", [None, None])],
        notes=["A leads ♣J & wins", "Score: 61 > 60"],
    )
    assert "#1a7f37" in table_svg([("A", parse_cards("C7"))], four_colour=True)
    assert parse_svg(table_svg([], notes=["nothing dealt"])).get("aria-label") == "nothing dealt"


def test_long_notes_wrap_and_keep_every_word() -> None:
    note = "The defenders took a trick: the announced Schwarz is lost. " * 4
    root = parse_svg(table_svg([("A", parse_cards("CJ"))], notes=[note, "two\nlines"]))
    lines = texts(root)[texts(root).index("A") + 5 :]
    assert " ".join(lines[:-2]).split() == note.split()
    assert lines[-2:] == ["two", "lines"]
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) > 4
    assert root.get("aria-label", "").endswith("Schwarz is lost.; two lines")


@pytest.mark.parametrize("bad", [["HT"], [Card.parse("HT"), 7], "CJ"])
def test_things_that_are_not_cards_are_refused(bad: list[object]) -> None:
    with pytest.raises(InvalidCardError, match="is not a Card"):
        cards_svg(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="is not a Card"):
        table_svg([("A", bad)])  # type: ignore[list-item]


def test_the_svg_is_the_same_in_another_process() -> None:
    code = "from cardlib import FULL_DECK; from cardlib.display import cards_svg; "
    code += "print(cards_svg(list(FULL_DECK[:10]) + [None], four_colour=True), end='')"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
    )
    expected = cards_svg([*FULL_DECK[:10], None], four_colour=True)
    assert result.stdout.decode("utf-8") == expected


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_mimebundle_has_svg_png_and_text() -> None:
    hand = Hand("CJ SJ HA HT")
    bundle = mimebundle(hand, f"Hand[{hand.symbol}]")
    assert bundle["text/plain"] == "Hand[♣J ♠J ♥A ♥10]"
    assert bundle["image/svg+xml"] == cards_svg(hand, label="Hand[♣J ♠J ♥A ♥10]")
    data = base64.b64decode(bundle["image/png"])
    assert png_size(data) == (4 * CARD_WIDTH + 3 * 4, CARD_HEIGHT)
    assert hand._repr_mimebundle_() == bundle
    card = Card.parse("HT")
    assert card._repr_mimebundle_()["text/plain"] == "Card[♥10]"
    assert svg_bundle("<svg/>", "x") == {"image/svg+xml": "<svg/>", "text/plain": "x"}


def colours_in(data: bytes) -> set[tuple[int, int, int]]:
    from matplotlib.image import imread

    pixels = imread(io.BytesIO(data), format="png")
    opaque = pixels[pixels[..., 3] > 0.99][:, :3]
    return {tuple(round(float(v) * 255) for v in pixel) for pixel in opaque}  # type: ignore[misc]


def test_the_png_draws_the_same_colours_as_the_svg() -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    hand = [*parse_cards("CJ SJ HJ DJ CA HT D9 S7"), None]
    two, four, ispa = png(hand), png(hand, four_colour=True), png(hand, colours="ispa")
    (ARTIFACTS / "hand.png").write_bytes(two)
    (ARTIFACTS / "hand_four_colour.png").write_bytes(four)
    (ARTIFACTS / "hand_ispa.png").write_bytes(ispa)
    two_colours, four_colours = colours_in(two), colours_in(four)
    red, green, blue, back = (200, 16, 46), (26, 127, 55), (11, 87, 208), (35, 78, 140)
    amber = (161, 108, 0)
    assert {red, back, (255, 255, 255)} <= two_colours
    assert green not in two_colours and blue not in two_colours and amber not in two_colours
    assert {red, green, blue, back} <= four_colours and amber not in four_colours
    assert {red, green, amber, back} <= colours_in(ispa) and blue not in colours_in(ispa)
    assert png(hand, four_colour=True) == png(hand, colours="four")
    assert png_size(png([], scale=1)) == (CARD_WIDTH, CARD_HEIGHT)
    assert png_size(png(FULL_DECK[:26], scale=1)) == (640, 2 * CARD_HEIGHT + 4)
    assert png(hand) == two


def test_the_pictures_load_no_game() -> None:
    code = (
        "import sys, cardlib.display; from cardlib import Hand; Hand('CJ')._repr_mimebundle_(); "
        "print(sorted(m for m in sys.modules if m.startswith(('cardlib.skat', 'cardlib.skitg'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
        text=True,
    )
    assert result.stdout.strip() == "[]"
