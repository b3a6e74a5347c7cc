"""Pictures of cards, hands and tables: SVG drawn by cardlib, PNG through matplotlib, plain text.

Every picture is laid out once, as a short list of rectangles, polygons and text, and that layout is
written out as SVG (always) or drawn with matplotlib's Agg renderer as PNG (on request, imported
only then). The SVG uses presentation attributes only (no ``<style>``, no ``id``), names its fonts,
carries a ``<title>`` and an ``aria-label`` for screen readers, and is byte-for-byte deterministic,
so notebooks that store it compare equal on every run. Card faces are white with a grey border and
tables sit on a light panel, so both stay readable in dark themes.

>>> from cardlib import Card, parse_cards
>>> svg = card_svg(Card.parse("HT"))
>>> svg.startswith("<svg") and "ten of hearts" in svg
True
>>> "#1a7f37" in cards_svg(parse_cards("CJ"), colours="four")   # green clubs
True
>>> "#a16c00" in cards_svg(parse_cards("DJ"), colours="ispa")   # amber diamonds
True
>>> sorted(svg_bundle(svg, "Card[♥10]"))
['image/svg+xml', 'text/plain']

Three colour schemes, chosen per picture with ``colours=``: ``"two"`` (the default: ♣ ♠ black,
♥ ♦ red), ``"four"`` (♣ green, ♠ black, ♥ red, ♦ blue; ``four_colour=True`` says the same) and
``"ispa"``, the colours of the tournament pack of the International Skat Players Association
(♣ black, ♠ green, ♥ red, ♦ amber for its yellow). Every colour has at least 4.5:1 contrast on the
white face (docs/cards.md gives the numbers).
"""

from __future__ import annotations

import base64
import functools
import io
import textwrap
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any, Literal

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import CardlibError, InvalidCardError
from cardlib.i18n import Msg, Plural, Term, _, joined

__all__ = [
    "COLOUR_SCHEMES",
    "ColourScheme",
    "card_name",
    "card_svg",
    "cards_svg",
    "mimebundle",
    "phase_name",
    "png",
    "svg_bundle",
    "table_svg",
]

FONT_FAMILY = "'DejaVu Sans', Verdana, Arial, sans-serif"
CARD_WIDTH = 50
CARD_HEIGHT = 70
_GAP = 4
_MIN_STEP = 24
_MAX_ROW_WIDTH = 640
_PAD = 8
_ROW_FONT = 14
_NOTE_FONT = 13
_LINE = 19
_NOTE_COLUMNS = 80

_INK = "#111111"
_RED = "#c8102e"
_GREEN = "#1a7f37"
_BLUE = "#0b57d0"
_AMBER = "#a16c00"  # the ISPA pack's yellow, dark enough for 4.5:1 on white

ColourScheme = Literal["two", "four", "ispa"]
COLOUR_SCHEMES: Mapping[ColourScheme, Mapping[Suit, str]] = MappingProxyType(
    {
        "two": {Suit.CLUBS: _INK, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED},
        "four": {Suit.CLUBS: _GREEN, Suit.SPADES: _INK, Suit.HEARTS: _RED, Suit.DIAMONDS: _BLUE},
        "ispa": {Suit.CLUBS: _INK, Suit.SPADES: _GREEN, Suit.HEARTS: _RED, Suit.DIAMONDS: _AMBER},
    }
)
"""The suit colours of each scheme, by name (``colours=`` of every picture function)."""

_FACE = "#ffffff"
_BORDER = "#5f6368"
_BACK = "#234e8c"
_BACK_PATTERN = "#5c86c4"
_PANEL = "#f4f5f0"
_PANEL_BORDER = "#b9bcb3"


def _scheme(colours: ColourScheme | None, four_colour: bool) -> ColourScheme:
    """The scheme a picture asked for: ``colours`` by name, or the older ``four_colour`` flag.

    >>> _scheme(None, False), _scheme(None, True), _scheme("ispa", False)
    ('two', 'four', 'ispa')
    """
    if colours is None:
        return "four" if four_colour else "two"
    if colours not in COLOUR_SCHEMES:
        expected = ", ".join(repr(name) for name in COLOUR_SCHEMES)
        raise CardlibError(
            f"colours={colours!r} is not a colour scheme: expected one of {expected}"
        )
    if four_colour and colours != "four":
        raise CardlibError(f"four_colour=True asks for 'four', colours={colours!r}: give only one")
    return colours


@dataclass(frozen=True)
class _Rect:
    x: float
    y: float
    width: float
    height: float
    radius: float
    fill: str
    stroke: str = "none"
    dashed: bool = False


@dataclass(frozen=True)
class _Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str


@dataclass(frozen=True)
class _Text:
    x: float
    y: float
    text: str
    size: float
    fill: str = _INK
    bold: bool = False
    anchor: str = "middle"
    upside_down: bool = False


_Shape = _Rect | _Polygon | _Text


@dataclass(frozen=True)
class _Group:
    title: str
    shapes: tuple[_Shape, ...]


@dataclass(frozen=True)
class _Picture:
    width: float
    height: float
    label: str
    groups: tuple[_Group, ...]

    def svg(self) -> str:
        size = f'width="{_num(self.width)}" height="{_num(self.height)}"'
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
            f'viewBox="0 0 {_num(self.width)} {_num(self.height)}" role="img" '
            f'aria-label="{escape(self.label)}" font-family="{FONT_FAMILY}">',
            f"<title>{escape(self.label, quote=False)}</title>",
        ]
        for group in self.groups:
            title = f"<title>{escape(group.title, quote=False)}</title>" if group.title else ""
            parts.append("<g>" + title + "".join(_svg_shape(s) for s in group.shapes) + "</g>")
        parts.append("</svg>")
        return "".join(parts)

    def rgba(self, scale: float) -> Any:
        """The same layout drawn by matplotlib's Agg renderer: a PIL image, 1 unit = ``scale`` px.

        Shapes go straight onto the figure through one transform (no axes), which is what keeps
        this fast; units are points, so font sizes and line widths match the SVG's.
        """
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.patches import FancyBboxPatch, Polygon
        from matplotlib.transforms import Affine2D
        from PIL import Image

        figure = Figure(figsize=(self.width / 72, self.height / 72), dpi=72 * scale)
        canvas = FigureCanvasAgg(figure)
        figure.patch.set_alpha(0)
        to_pixels = Affine2D().scale(scale, -scale).translate(0, self.height * scale)
        for group in self.groups:
            for shape in group.shapes:
                if isinstance(shape, _Rect):
                    figure.add_artist(
                        FancyBboxPatch(
                            (shape.x, shape.y),
                            shape.width,
                            shape.height,
                            boxstyle=f"round,pad=0,rounding_size={shape.radius}",
                            facecolor=shape.fill,
                            edgecolor=shape.stroke,
                            linewidth=1,
                            linestyle=(0, (4, 3)) if shape.dashed else "solid",
                            transform=to_pixels,
                        )
                    )
                elif isinstance(shape, _Polygon):
                    points = shape.points
                    figure.add_artist(Polygon(points, facecolor=shape.fill, transform=to_pixels))
                else:
                    figure.text(
                        shape.x,
                        shape.y,
                        shape.text,
                        fontsize=shape.size,
                        color=shape.fill,
                        fontweight="bold" if shape.bold else "normal",
                        fontfamily="DejaVu Sans",
                        ha="center" if shape.anchor == "middle" else "left",
                        va="baseline",
                        rotation=180 if shape.upside_down else 0,
                        rotation_mode="anchor",
                        transform=to_pixels,
                    )
        canvas.draw()  # type: ignore[no-untyped-call]
        pixels = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
        return Image.frombuffer("RGBA", canvas.get_width_height(), pixels).copy()


@functools.lru_cache(maxsize=512)
def _tile(card: Card | None, scheme: ColourScheme, scale: float, empty: bool = False) -> Any:
    """One card (or an empty place) drawn at the origin; each is drawn once and reused."""
    shapes = (_empty_slot(0, 0),) if empty else _card_shapes(card, 0, 0, scheme)
    return _Picture(CARD_WIDTH, CARD_HEIGHT, "", (_Group("", shapes),)).rgba(scale)


def _row_png(cards: Sequence[Card | None], scheme: ColourScheme, scale: float) -> bytes:
    """A row of cards as PNG: the cached card tiles laid over each other as in the SVG."""
    from PIL import Image

    if cards:
        positions = _row_layout(len(cards))[0]
        tiles = [
            (_tile(card, scheme, scale), xy) for card, xy in zip(cards, positions, strict=True)
        ]
    else:
        tiles = [(_tile(None, scheme, scale, empty=True), (0.0, 0.0))]
    placed = [(tile, (round(x * scale), round(y * scale))) for tile, (x, y) in tiles]
    width = max(x + tile.width for tile, (x, _) in placed)
    height = max(y + tile.height for tile, (_, y) in placed)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for tile, spot in placed:
        image.alpha_composite(tile, dest=spot)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _svg_shape(shape: _Shape) -> str:
    if isinstance(shape, _Rect):
        stroke = f' stroke="{shape.stroke}" stroke-width="1"' if shape.stroke != "none" else ""
        dash = ' stroke-dasharray="4 3"' if shape.dashed else ""
        return (
            f'<rect x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.width)}" '
            f'height="{_num(shape.height)}" rx="{_num(shape.radius)}" fill="{shape.fill}"'
            f"{stroke}{dash}/>"
        )
    if isinstance(shape, _Polygon):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in shape.points)
        return f'<polygon points="{points}" fill="{shape.fill}"/>'
    anchor = "middle" if shape.anchor == "middle" else "start"
    weight = ' font-weight="bold"' if shape.bold else ""
    turn = f' transform="rotate(180 {_num(shape.x)} {_num(shape.y)})"' if shape.upside_down else ""
    return (
        f'<text x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.size)}" '
        f'fill="{shape.fill}" text-anchor="{anchor}"{weight}{turn}>'
        f"{escape(shape.text, quote=False)}</text>"
    )


_RANK_NAMES = {
    # Translators: the ranks and suits as they are put together in a card's name, "{rank} of
    # {suit}" ("ten of hearts"): choose the forms that this needs (Russian: "десятка червей").
    Rank.TWO: Term("rank in a card's name", "two"),
    Rank.THREE: Term("rank in a card's name", "three"),
    Rank.FOUR: Term("rank in a card's name", "four"),
    Rank.FIVE: Term("rank in a card's name", "five"),
    Rank.SIX: Term("rank in a card's name", "six"),
    Rank.SEVEN: Term("rank in a card's name", "seven"),
    Rank.EIGHT: Term("rank in a card's name", "eight"),
    Rank.NINE: Term("rank in a card's name", "nine"),
    Rank.TEN: Term("rank in a card's name", "ten"),
    Rank.JACK: Term("rank in a card's name", "jack"),
    Rank.QUEEN: Term("rank in a card's name", "queen"),
    Rank.KING: Term("rank in a card's name", "king"),
    Rank.ACE: Term("rank in a card's name", "ace"),
}
_SUIT_NAMES = {
    Suit.CLUBS: Term("suit in a card's name", "clubs"),
    Suit.SPADES: Term("suit in a card's name", "spades"),
    Suit.HEARTS: Term("suit in a card's name", "hearts"),
    Suit.DIAMONDS: Term("suit in a card's name", "diamonds"),
}


def card_name(card: Card | None) -> str:
    """The card in words, in the current language, for text alternatives and tooltips.

    >>> card_name(Card.parse("HT")), card_name(Card.parse("CJ")), card_name(None)
    ('ten of hearts', 'jack of clubs', 'face-down card')
    """
    if card is None:
        return _("face-down card")
    return str(Msg("{rank} of {suit}", rank=_RANK_NAMES[card.rank], suit=_SUIT_NAMES[card.suit]))


def phase_name(phase: object) -> str:
    """A Skat phase (``state.phase``) in the current language; anything else as it is.

    >>> phase_name("bidding"), phase_name(2)
    ('bidding', '2')
    """
    from cardlib.skat.engine.names import phase_name as skat_phase

    return str(skat_phase(phase)) if isinstance(phase, str) else str(phase)


def _card_shapes(card: Card | None, x: float, y: float, scheme: ColourScheme) -> tuple[_Shape, ...]:
    face = _Rect(x + 0.5, y + 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 5, _FACE, _BORDER)
    if card is None:
        inner = _Rect(x + 4, y + 4, CARD_WIDTH - 8, CARD_HEIGHT - 8, 3, _BACK)
        diamonds = tuple(
            _Polygon(((cx, cy - 4), (cx + 4, cy), (cx, cy + 4), (cx - 4, cy)), _BACK_PATTERN)
            for cy in range(int(y) + 11, int(y) + CARD_HEIGHT - 8, 8)
            for cx in range(int(x) + 11, int(x) + CARD_WIDTH - 8, 8)
        )
        return (face, inner, *diamonds)
    colour = COLOUR_SCHEMES[scheme][card.suit]
    rank, suit = card.rank.label, card.suit.symbol
    return (
        face,
        _Text(x + 12, y + 17, rank, 14, colour, bold=True),
        _Text(x + 12, y + 31, suit, 13, colour),
        _Text(x + 30, y + 49, suit, 28, colour),
        _Text(x + CARD_WIDTH - 12, y + CARD_HEIGHT - 17, rank, 14, colour, True, upside_down=True),
    )


def _empty_slot(x: float, y: float) -> _Rect:
    return _Rect(x + 0.5, y + 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 5, "none", _BORDER, dashed=True)


def _row_layout(count: int) -> tuple[list[tuple[float, float]], float, float]:
    """Card positions, width and height: side by side, fanned when long, wrapped when very long."""
    if count <= 1:
        return [(0.0, 0.0)], float(CARD_WIDTH), float(CARD_HEIGHT)
    per_line = int((_MAX_ROW_WIDTH - CARD_WIDTH) // _MIN_STEP) + 1
    lines = -(-count // per_line)
    per_line = -(-count // lines)
    step = min(CARD_WIDTH + _GAP, (_MAX_ROW_WIDTH - CARD_WIDTH) / (per_line - 1))
    positions = [
        ((i % per_line) * step, (i // per_line) * float(CARD_HEIGHT + _GAP)) for i in range(count)
    ]
    width = (min(count, per_line) - 1) * step + CARD_WIDTH
    return positions, width, float(lines * CARD_HEIGHT + (lines - 1) * _GAP)


def _row_groups(
    cards: Sequence[Card | None], x: float, y: float, scheme: ColourScheme
) -> tuple[list[_Group], float, float]:
    if not cards:
        return [_Group(_("no cards"), (_empty_slot(x, y),))], CARD_WIDTH, CARD_HEIGHT
    positions, width, height = _row_layout(len(cards))
    groups = [
        _Group(card_name(card), _card_shapes(card, x + dx, y + dy, scheme))
        for card, (dx, dy) in zip(cards, positions, strict=True)
    ]
    return groups, width, height


def _default_label(cards: Sequence[Card | None]) -> str:
    return _(", ").join(card_name(card) for card in cards) if cards else _("no cards")


def _cards_picture(
    cards: Sequence[Card | None], scheme: ColourScheme, label: str | None
) -> _Picture:
    cards = list(cards)
    _check_cards(cards)
    groups, width, height = _row_groups(cards, 0, 0, scheme)
    text = label if label is not None else _default_label(cards)
    return _Picture(width, height, text, tuple(groups))


def _check_cards(cards: Iterable[object]) -> None:
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise InvalidCardError(f"{card!r} is not a Card (or None for a face-down card)")


def card_svg(
    card: Card | None, *, four_colour: bool = False, colours: ColourScheme | None = None
) -> str:
    """One card as SVG; ``None`` draws the back of a face-down card.

    ``colours`` names the colour scheme (``"two"``, ``"four"`` or ``"ispa"``); ``four_colour=True``
    is the same as ``colours="four"``.

    >>> from cardlib import Card
    >>> svg = card_svg(Card.parse("SA"))
    >>> svg.count("<text"), 'aria-label="ace of spades"' in svg
    (4, True)
    >>> "face-down card" in card_svg(None)
    True
    """
    return _cards_picture([card], _scheme(colours, four_colour), card_name(card)).svg()


def cards_svg(
    cards: Sequence[Card | None],
    *,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
    label: str | None = None,
) -> str:
    """A row of cards as SVG: side by side, fanned when there are many, in two lines past 25.

    ``label`` is the text alternative (default: the cards in words); ``None`` entries are face down.
    ``colours`` names the colour scheme, as for ``card_svg``.

    >>> from cardlib import parse_cards
    >>> svg = cards_svg(parse_cards("CJ SJ HA HT"), label="Hand[J♣ J♠ A♥ 10♥]")
    >>> svg.count("<g>"), "<title>Hand[J♣ J♠ A♥ 10♥]</title>" in svg
    (4, True)
    """
    return _cards_picture(cards, _scheme(colours, four_colour), label).svg()


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn: Hangul and other wide letters take a whole em.

    >>> _text_width("MH", 10), _text_width("중견", 10)
    (12.4, 20.0)
    """
    wide = sum(1 for char in text if unicodedata.east_asian_width(char) in "WF")
    return (len(text) - wide) * size * 0.62 + wide * size


def _wrap(note: str, columns: int) -> list[str]:
    lines = [
        wrapped
        for paragraph in note.splitlines()
        for wrapped in (textwrap.wrap(paragraph, columns, break_on_hyphens=False) or [""])
    ]
    return lines or [""]


def _table_picture(
    rows: Sequence[tuple[str, Sequence[Card | None]]], scheme: ColourScheme, notes: Sequence[str]
) -> _Picture:
    label_width = max((_text_width(name, _ROW_FONT) for name, _ in rows), default=0.0)
    cards_x = _PAD + (label_width + 10 if label_width else 0)
    groups: list[_Group] = []
    width = 0.0
    y = float(_PAD)
    alternative = []
    for name, cards in rows:
        cards = list(cards)
        _check_cards(cards)
        row = [_Text(_PAD, y + CARD_HEIGHT / 2 + 5, name, _ROW_FONT, anchor="start", bold=True)]
        groups.append(_Group("", tuple(row)))
        row_groups, row_width, row_height = _row_groups(cards, cards_x, y, scheme)
        groups.extend(row_groups)
        width = max(width, cards_x + row_width)
        alternative.append(f"{name}: {_default_label(cards)}")
        y += row_height + _GAP + 4
    if notes:
        y += 4
    columns = max(_NOTE_COLUMNS, int((width - _PAD) / _text_width("x", _NOTE_FONT)))
    for note in notes:
        alternative.append(" ".join(note.split()))
        for line in _wrap(note, columns):
            y += _LINE
            groups.append(_Group("", (_Text(_PAD, y - 5, line, _NOTE_FONT, anchor="start"),)))
            width = max(width, _PAD + _text_width(line, _NOTE_FONT))
    width, height = max(width + _PAD, 2 * _PAD + CARD_WIDTH), y + _PAD - 4
    panel = _Group("", (_Rect(0.5, 0.5, width - 1, height - 1, 6, _PANEL, _PANEL_BORDER),))
    return _Picture(width, height, "; ".join(alternative), (panel, *groups))


def table_svg(
    rows: Sequence[tuple[str, Sequence[Card | None]]],
    *,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
    notes: Sequence[str] = (),
) -> str:
    """Labelled rows of cards (hands, the trick, the skat) and lines of text, on a light panel.

    Long notes wrap at the width of the cards (at least 80 characters).

    >>> from cardlib import parse_cards
    >>> svg = table_svg([("A", parse_cards("CJ HT")), ("Skat", [None, None])], notes=["A leads"])
    >>> svg.count("<g><title>"), "Skat: face-down card, face-down card" in svg
    (4, True)
    """
    return _table_picture(rows, _scheme(colours, four_colour), notes).svg()


def svg_bundle(svg: str, text: str) -> dict[str, str]:
    """The Jupyter representation of a ready-made SVG picture and its text form.

    There is no PNG here: turning arbitrary SVG into pixels needs an SVG renderer, which cardlib
    does not depend on (``mimebundle`` draws its PNG from the layout instead).

    >>> svg_bundle("<svg/>", "Hand[J♣]")
    {'image/svg+xml': '<svg/>', 'text/plain': 'Hand[J♣]'}
    """
    return {"image/svg+xml": svg, "text/plain": text}


def png(
    cards: Sequence[Card | None],
    *,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
    scale: float = 2.0,
) -> bytes:
    """A row of cards as PNG bytes, drawn by matplotlib (imported on the first call).

    >>> from cardlib import parse_cards
    >>> png(parse_cards("CJ HT"))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    cards = list(cards)
    _check_cards(cards)
    return _row_png(cards, _scheme(colours, four_colour), scale)


def mimebundle(
    cards: Iterable[Card | None],
    label: str,
    *,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
) -> dict[str, str]:
    """The Jupyter representation of a row of cards: SVG, PNG (base64) and ``label`` as text.

    Front ends show the SVG; the PNG is what JupyterLab shows for a notebook it does not trust yet
    (a fresh clone) and what exporters use. It has one pixel per SVG unit, so both appear the same
    size; ``png(cards, scale=3)`` gives a sharper picture to save.

    >>> from cardlib import Hand
    >>> bundle = mimebundle(Hand("CJ SJ"), "Hand[J♣ J♠]")
    >>> sorted(bundle), bundle["text/plain"]
    (['image/png', 'image/svg+xml', 'text/plain'], 'Hand[J♣ J♠]')
    """
    cards, scheme = list(cards), _scheme(colours, four_colour)
    return {
        "image/svg+xml": _cards_picture(cards, scheme, label).svg(),
        "image/png": base64.b64encode(_row_png(cards, scheme, 1)).decode("ascii"),
        "text/plain": label,
    }


# -- tricks, one row each ---------------------------------------------------------------------

__all__ += ["TricksPicture", "tricks_picture", "tricks_svg"]

_WIN_HALO = "#f2b705"
_TRICK_STEP = CARD_WIDTH + 18
_CAPTION_FONT = 11
_TRICK_ROW = 15 + CARD_HEIGHT + 14


@dataclass(frozen=True)
class _TrickRow:
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    points: int
    score: tuple[int, ...]


def _trick_rows(
    tricks: Sequence[Any],
    current: Sequence[Card],
    leader: int | None,
    declarer: int | None,
    start: Sequence[int],
) -> list[_TrickRow]:
    from cardlib.skat.engine.facts import card_points

    score = list(start)
    rows = []
    for number, trick in enumerate(tricks, 1):
        cards = tuple(trick.cards)
        _check_cards(cards)
        points = card_points(cards)
        winner = int(trick.winner)
        score[(0 if winner == declarer else 1) if declarer is not None else winner] += points
        rows.append(_TrickRow(number, int(trick.leader), cards, winner, points, tuple(score)))
    if current and leader is not None:
        cards = tuple(current)
        _check_cards(cards)
        rows.append(
            _TrickRow(len(rows) + 1, int(leader), cards, None, card_points(cards), tuple(score))
        )
    return rows


def _position_names() -> list[str]:
    from cardlib.skat.engine.rules import position_term

    return [str(position_term(position)) for position in range(3)]


def _score_numbers(score: Sequence[int], declarer: int | None, names: Sequence[str]) -> str:
    if declarer is not None:
        return f"{score[0]} : {score[1]}"
    return " · ".join(f"{names[p]} {score[p]}" for p in range(3))


def _score_text(score: Sequence[int], declarer: int | None, names: Sequence[str]) -> str:
    numbers = _score_numbers(score, declarer, names)
    return str(Msg("score {score}", score=numbers)) if declarer is not None else numbers


def _trick_sentence(
    row: _TrickRow, names: Sequence[str], points: bool, running: str, words: bool
) -> str:
    def say(card: Card) -> str:
        return card_name(card) if words else card.symbol

    played = [
        str(
            Msg(
                "{who} leads {card}", who=names[row.leader], card=card_name(card) if words else card
            )
        )
        if i == 0
        else f"{names[(row.leader + i) % 3]} {say(card)}"
        for i, card in enumerate(row.cards)
    ]
    if row.winner is None:
        end = _("in play")
    elif points:
        end = str(Plural("{who} wins {n} point", "{who} wins {n} points", row.points,
                         who=names[row.winner]))  # fmt: skip
    else:
        end = str(Msg("{who} wins", who=names[row.winner]))
    plays = _(", ").join(played)
    if running:
        return str(Msg("Trick {number}: {plays}; {end} ({score})", number=row.number,
                       plays=plays, end=end, score=running))  # fmt: skip
    return str(Msg("Trick {number}: {plays}; {end}", number=row.number, plays=plays, end=end))


def _trick_label(number: int) -> str:
    return str(Msg("Trick {number}", number=number))


def _tricks_layout(
    rows: Sequence[_TrickRow],
    *,
    declarer: int | None,
    names: Sequence[str],
    points: bool,
    running_score: bool,
    scheme: ColourScheme,
    notes: Sequence[str],
    start_note: str,
) -> tuple[_Picture, list[str]]:
    groups: list[_Group] = []
    lines: list[str] = []
    head = []
    if declarer is not None:
        defenders = joined([names[p] for p in range(3) if p != declarer])
        head.append(str(Msg("{declarer} is the declarer; {defenders} defend.",
                            declarer=names[declarer], defenders=defenders)))  # fmt: skip
    if running_score:
        head.append(
            _("Score: card points so far, declarer : defenders.")
            if declarer is not None
            else _("Score: card points each player has taken so far.")
        )
        if start_note:
            head.append(start_note)
    y = float(_PAD)
    width = 0.0
    for text in head:
        y += _LINE
        groups.append(_Group("", (_Text(_PAD, y - 5, text, _NOTE_FONT, anchor="start"),)))
        width = max(width, _PAD + _text_width(text, _NOTE_FONT))
    lines.extend(head)
    if head:
        y += 6
    label_width = _text_width(_trick_label(max((r.number for r in rows), default=1)), _ROW_FONT)
    cards_x = _PAD + label_width + 14
    text_x = cards_x + 2 * _TRICK_STEP + CARD_WIDTH + 16
    for row in rows:
        card_y = y + 15
        label = _trick_label(row.number)
        middle = card_y + CARD_HEIGHT / 2 + 5
        number = _Text(_PAD, middle, label, _ROW_FONT, bold=True, anchor="start")
        groups.append(_Group("", (number,)))
        for i in range(3):
            x = cards_x + i * _TRICK_STEP
            player = (row.leader + i) % 3
            caption = str(Msg("{who} leads", who=names[player])) if i == 0 else names[player]
            shapes: list[_Shape] = [
                _Text(x + CARD_WIDTH / 2, card_y - 4, caption, _CAPTION_FONT, bold=i == 0)
            ]
            if i >= len(row.cards):
                shapes.append(_empty_slot(x, card_y))
                unplayed = Msg("{who}: not played yet", who=names[player])
                groups.append(_Group(str(unplayed), tuple(shapes)))
                continue
            card = row.cards[i]
            title = str(Msg("{caption}: {card}", caption=caption, card=card_name(card)))
            if player == row.winner:
                shapes.append(
                    _Rect(x - 4, card_y - 4, CARD_WIDTH + 8, CARD_HEIGHT + 8, 8, _WIN_HALO)
                )
                title = str(Msg("{caption}: {card}, wins the trick", caption=caption,
                                card=card_name(card)))  # fmt: skip
            shapes.extend(_card_shapes(card, x, card_y, scheme))
            groups.append(_Group(title, tuple(shapes)))
        running = _score_text(row.score, declarer, names) if running_score else ""
        if row.winner is None:
            said = [_("in play")]
        elif points:
            said = [str(Plural("{who} wins, {n} point", "{who} wins, {n} points", row.points,
                               who=names[row.winner]))]  # fmt: skip
        else:
            said = [str(Msg("{who} wins", who=names[row.winner]))]
        if running:
            said.append(running)
        top = middle - (len(said) - 1) * _LINE / 2
        texts = tuple(
            _Text(text_x, top + k * _LINE, text, _NOTE_FONT, bold=k == 0, anchor="start")
            for k, text in enumerate(said)
        )
        groups.append(_Group("", texts))
        width = max(width, text_x + max(_text_width(t, _NOTE_FONT) for t in said))
        width = max(width, cards_x + 2 * _TRICK_STEP + CARD_WIDTH + 4)
        lines.append(_trick_sentence(row, names, points, running, words=False))
        y += _TRICK_ROW
    if not rows:
        y += _LINE
        nothing = _Text(_PAD, y - 5, _("No trick yet."), _NOTE_FONT, anchor="start")
        groups.append(_Group("", (nothing,)))
        lines.append(_("No trick yet."))
    for note in notes:
        for line in _wrap(note, _NOTE_COLUMNS):
            y += _LINE
            groups.append(_Group("", (_Text(_PAD, y - 5, line, _NOTE_FONT, anchor="start"),)))
            width = max(width, _PAD + _text_width(line, _NOTE_FONT))
        lines.append(" ".join(note.split()))
    width, height = max(width, 2 * _PAD + CARD_WIDTH) + _PAD, y + _PAD
    panel = _Group("", (_Rect(0.5, 0.5, width - 1, height - 1, 6, _PANEL, _PANEL_BORDER),))
    label = "; ".join(
        [*head, *(_trick_sentence(r, names, points, "", words=True) for r in rows), *notes]
    )
    return _Picture(width, height, label or _("No trick yet."), (panel, *groups)), lines


@dataclass(frozen=True)
class TricksPicture:
    """The tricks of a deal as a picture: ``svg`` for the eye, ``text`` one line per trick.

    Jupyter shows the SVG (and ``text`` where pictures are not shown); ``str()`` is the text.
    """

    svg: str
    text: str

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return svg_bundle(self.svg, self.text)

    def __str__(self) -> str:
        return self.text


def tricks_picture(
    tricks: Any,
    *,
    declarer: int | None = None,
    names: Sequence[str] | None = None,
    points: bool = True,
    running_score: bool = False,
    start: Sequence[int] | None = None,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
    notes: Sequence[str] = (),
) -> TricksPicture:
    """Skat tricks, one row of three cards each: who led, who won (the gold card), the points.

    ``tricks`` is a sequence of tricks (anything with ``leader``, ``cards`` in play order and
    ``winner``, such as :class:`cardlib.skat.Trick`) or a Skat state: then its ``tricks``, the
    trick in play (empty places for the cards still to come), its ``declarer`` and, for the
    running score, the points that count before the first trick (the skat laid away) are used.

    ``running_score`` adds the card points so far after each trick: declarer : defenders when
    there is a declarer, else each player's (Ramsch). ``start`` is where that score starts.
    ``names`` are the three positions' names (FH, MH, RH in the current language unless given).

    >>> from cardlib.skat import Trick
    >>> from cardlib import parse_cards
    >>> picture = tricks_picture([Trick(0, parse_cards("HA H9 H7"), 0)], declarer=2)
    >>> print(picture)
    RH is the declarer; FH and MH defend.
    Trick 1: FH leads ♥A, MH ♥9, RH ♥7; FH wins 11 points
    >>> picture.svg.startswith("<svg") and "FH leads: ace of hearts, wins the trick" in picture.svg
    True
    """
    current: Sequence[Card] = ()
    leader = None
    from_state = False
    if hasattr(tricks, "tricks") and hasattr(tricks, "trick"):
        state = tricks
        tricks = state.tricks
        current, leader = state.trick, state.trick_leader
        if declarer is None:
            declarer = state.declarer
        if start is None and declarer is not None:
            start = _points_before_the_tricks(state, tricks, declarer)
            from_state = True
    tricks = list(tricks)
    names = _position_names() if names is None else names
    if len(names) != 3:
        raise CardlibError(f"names={names!r}: expected three names, one per position")
    if declarer is not None and int(declarer) not in (0, 1, 2):
        raise CardlibError(f"declarer={declarer!r}: expected 0 (FH), 1 (MH), 2 (RH) or None")
    declarer = None if declarer is None else int(declarer)
    size = 2 if declarer is not None else 3
    begin = tuple(start) if start is not None else (0,) * size
    if len(begin) != size:
        raise CardlibError(f"start={start!r}: expected {size} numbers")
    rows = _trick_rows(tricks, current, leader, declarer, begin)
    start_note = ""
    if any(begin):
        where = _score_numbers(begin, declarer, names)
        start_note = str(
            Msg("The score starts at {score} because the cards in the skat count for the "
                "declarer.", score=where)
            if from_state
            else Msg("The score starts at {score}.", score=where)
        )  # fmt: skip
    picture, lines = _tricks_layout(
        rows,
        declarer=declarer,
        names=names,
        points=points,
        running_score=running_score,
        scheme=_scheme(colours, four_colour),
        notes=notes,
        start_note=start_note,
    )
    return TricksPicture(picture.svg(), "\n".join(lines))


def _points_before_the_tricks(state: Any, tricks: Sequence[Any], declarer: int) -> tuple[int, int]:
    """The state's card points (declarer, defenders) less those taken in its tricks: the skat."""
    from cardlib.skat.engine.facts import card_points

    taken = [0, 0]
    for trick in tricks:
        taken[0 if trick.winner == declarer else 1] += card_points(trick.cards)
    total = state.card_points
    return (max(total[0] - taken[0], 0), max(total[1] - taken[1], 0))


def tricks_svg(
    tricks: Any,
    *,
    declarer: int | None = None,
    names: Sequence[str] | None = None,
    points: bool = True,
    running_score: bool = False,
    start: Sequence[int] | None = None,
    four_colour: bool = False,
    colours: ColourScheme | None = None,
    notes: Sequence[str] = (),
) -> str:
    """The SVG of :func:`tricks_picture` (the same arguments): one row of three cards per trick.

    >>> from cardlib.skat import Trick
    >>> from cardlib import parse_cards
    >>> svg = tricks_svg([Trick(1, parse_cards("SA ST SJ"), 0)], running_score=True)
    >>> "FH wins, 23 points" in svg and "FH 23 · MH 0 · RH 0" in svg
    True
    """
    return tricks_picture(
        tricks,
        declarer=declarer,
        names=names,
        points=points,
        running_score=running_score,
        start=start,
        four_colour=four_colour,
        colours=colours,
        notes=notes,
    ).svg
