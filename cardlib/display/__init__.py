"""Pictures of cards, hands and tables: SVG drawn by cardlib, PNG through matplotlib, plain text.

This package knows cards, not games: each game draws its own pictures from these (Skat's tricks
are in :mod:`cardlib.skat.pictures`). :mod:`~cardlib.display.layout` holds the shapes and how a
picture is written out, :mod:`~cardlib.display.palette` the colours, :mod:`~cardlib.display.faces`
the card faces and rows, :mod:`~cardlib.display.pictures` the pictures shown, and
:mod:`~cardlib.display.tables` the HTML tables.

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

from cardlib.display.faces import CARD_HEIGHT, CARD_WIDTH, card_name
from cardlib.display.palette import COLOUR_SCHEMES, FONT_FAMILY, ColourScheme
from cardlib.display.pictures import (
    card_svg,
    cards_svg,
    fit_width,
    mimebundle,
    png,
    svg_bundle,
    table_svg,
)

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "COLOUR_SCHEMES",
    "FONT_FAMILY",
    "ColourScheme",
    "card_name",
    "card_svg",
    "cards_svg",
    "fit_width",
    "mimebundle",
    "png",
    "svg_bundle",
    "table_svg",
]
