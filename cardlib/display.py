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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any, Literal

from cardlib.cards import Card, Suit
from cardlib.errors import CardlibError, InvalidCardError

__all__ = [
    "COLOUR_SCHEMES",
    "ColourScheme",
    "card_name",
    "card_svg",
    "cards_svg",
    "mimebundle",
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


def card_name(card: Card | None) -> str:
    """The card in words, for text alternatives.

    >>> card_name(Card.parse("HT")), card_name(Card.parse("CJ")), card_name(None)
    ('ten of hearts', 'jack of clubs', 'face-down card')
    """
    if card is None:
        return "face-down card"
    return f"{card.rank.name.lower()} of {card.suit.name.lower()}"


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
        return [_Group("no cards", (_empty_slot(x, y),))], CARD_WIDTH, CARD_HEIGHT
    positions, width, height = _row_layout(len(cards))
    groups = [
        _Group(card_name(card), _card_shapes(card, x + dx, y + dy, scheme))
        for card, (dx, dy) in zip(cards, positions, strict=True)
    ]
    return groups, width, height


def _default_label(cards: Sequence[Card | None]) -> str:
    return ", ".join(card_name(card) for card in cards) if cards else "no cards"


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
    return len(text) * size * 0.62


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
