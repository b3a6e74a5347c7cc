"""Pictures laid out once, as a short list of rectangles, polygons and text, then written out.

A :class:`Picture` is written as SVG (always: presentation attributes only, no ``<style>`` or
``id``, a ``<title>`` and an ``aria-label``, byte-for-byte deterministic) or drawn with
matplotlib's Agg renderer (imported only then) as pixels.

>>> Picture(10, 10, "a dot", (Group("", (Rect(0, 0, 10, 10, 2, "#000000"),)),)).svg()[:57]
'<svg xmlns="http://www.w3.org/2000/svg" width="10" height'
"""

from __future__ import annotations

import textwrap
import unicodedata
from dataclasses import dataclass
from html import escape
from typing import Any

from cardlib.display.palette import FONT_FAMILY, INK

__all__ = [
    "LINE",
    "NOTE_COLUMNS",
    "NOTE_FONT",
    "PAD",
    "ROW_FONT",
    "Group",
    "Picture",
    "Polygon",
    "Rect",
    "Shape",
    "Text",
    "num",
    "svg_shape",
    "text_width",
    "wrap",
]

PAD = 8
ROW_FONT = 14
NOTE_FONT = 13
LINE = 19
NOTE_COLUMNS = 80


@dataclass(frozen=True)
class Rect:
    """A rectangle with rounded corners, filled, with an optional (dashed) outline."""

    x: float
    y: float
    width: float
    height: float
    radius: float
    fill: str
    stroke: str = "none"
    dashed: bool = False


@dataclass(frozen=True)
class Polygon:
    """A filled polygon."""

    points: tuple[tuple[float, float], ...]
    fill: str


@dataclass(frozen=True)
class Text:
    """A line of text at its baseline: centred on ``x`` or (``anchor="start"``) starting there."""

    x: float
    y: float
    text: str
    size: float
    fill: str = INK
    bold: bool = False
    anchor: str = "middle"
    upside_down: bool = False


Shape = Rect | Polygon | Text


@dataclass(frozen=True)
class Group:
    """Shapes drawn together under one ``title`` (what a screen reader says of them)."""

    title: str
    shapes: tuple[Shape, ...]


@dataclass(frozen=True)
class Picture:
    """A whole picture: its size, its text alternative and its groups of shapes."""

    width: float
    height: float
    label: str
    groups: tuple[Group, ...]

    def svg(self) -> str:
        """The picture as SVG."""
        size = f'width="{num(self.width)}" height="{num(self.height)}"'
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
            f'viewBox="0 0 {num(self.width)} {num(self.height)}" role="img" '
            f'aria-label="{escape(self.label)}" font-family="{FONT_FAMILY}">',
            f"<title>{escape(self.label, quote=False)}</title>",
        ]
        for group in self.groups:
            title = f"<title>{escape(group.title, quote=False)}</title>" if group.title else ""
            parts.append("<g>" + title + "".join(svg_shape(s) for s in group.shapes) + "</g>")
        parts.append("</svg>")
        return "".join(parts)

    def rgba(self, scale: float) -> Any:
        """The same layout drawn by matplotlib's Agg renderer: a PIL image, 1 unit = ``scale`` px.

        Shapes go straight onto the figure through one transform (no axes), which is what keeps
        this fast; units are points, so font sizes and line widths match the SVG's.
        """
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.patches import FancyBboxPatch
        from matplotlib.patches import Polygon as PolygonPatch
        from matplotlib.transforms import Affine2D
        from PIL import Image

        figure = Figure(figsize=(self.width / 72, self.height / 72), dpi=72 * scale)
        canvas = FigureCanvasAgg(figure)
        figure.patch.set_alpha(0)
        to_pixels = Affine2D().scale(scale, -scale).translate(0, self.height * scale)
        for group in self.groups:
            for shape in group.shapes:
                if isinstance(shape, Rect):
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
                elif isinstance(shape, Polygon):
                    patch = PolygonPatch(shape.points, facecolor=shape.fill, transform=to_pixels)
                    figure.add_artist(patch)
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


def num(value: float) -> str:
    """A length as SVG writes it: at most two decimals, no trailing zeros.

    >>> num(12.5), num(3.0), num(1 / 3)
    ('12.5', '3', '0.33')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def svg_shape(shape: Shape) -> str:
    """One shape as an SVG element."""
    if isinstance(shape, Rect):
        stroke = f' stroke="{shape.stroke}" stroke-width="1"' if shape.stroke != "none" else ""
        dash = ' stroke-dasharray="4 3"' if shape.dashed else ""
        return (
            f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.width)}" '
            f'height="{num(shape.height)}" rx="{num(shape.radius)}" fill="{shape.fill}"'
            f"{stroke}{dash}/>"
        )
    if isinstance(shape, Polygon):
        points = " ".join(f"{num(x)},{num(y)}" for x, y in shape.points)
        return f'<polygon points="{points}" fill="{shape.fill}"/>'
    anchor = "middle" if shape.anchor == "middle" else "start"
    weight = ' font-weight="bold"' if shape.bold else ""
    turn = f' transform="rotate(180 {num(shape.x)} {num(shape.y)})"' if shape.upside_down else ""
    return (
        f'<text x="{num(shape.x)}" y="{num(shape.y)}" font-size="{num(shape.size)}" '
        f'fill="{shape.fill}" text-anchor="{anchor}"{weight}{turn}>'
        f"{escape(shape.text, quote=False)}</text>"
    )


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn: Hangul and other wide letters take a whole em.

    >>> text_width("MH", 10), text_width("중견", 10)
    (12.4, 20.0)
    """
    wide = sum(1 for char in text if unicodedata.east_asian_width(char) in "WF")
    return (len(text) - wide) * size * 0.62 + wide * size


def wrap(note: str, columns: int) -> list[str]:
    """``note`` in lines of at most ``columns`` characters, its own line breaks kept.

    >>> wrap("one two three", 8)
    ['one two', 'three']
    """
    lines = [
        wrapped
        for paragraph in note.splitlines()
        for wrapped in (textwrap.wrap(paragraph, columns, break_on_hyphens=False) or [""])
    ]
    return lines or [""]
