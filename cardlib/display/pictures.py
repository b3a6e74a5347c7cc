"""The pictures cardlib shows: a card, a row of cards, a table of labelled rows, their bundles.

>>> svg = card_svg(Card.parse("HT"))
>>> svg.startswith("<svg") and "ten of hearts" in svg
True
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence

from cardlib.cards import Card
from cardlib.display.faces import (
    CARD_HEIGHT,
    CARD_WIDTH,
    GAP,
    card_name,
    cards_picture,
    check_cards,
    default_label,
    row_groups,
    row_png,
)
from cardlib.display.layout import (
    LINE,
    NOTE_COLUMNS,
    NOTE_FONT,
    PAD,
    ROW_FONT,
    Group,
    Picture,
    Rect,
    Text,
    text_width,
    wrap,
)
from cardlib.display.palette import PANEL, PANEL_BORDER, ColourScheme, scheme_of

__all__ = [
    "card_svg",
    "cards_svg",
    "fit_width",
    "mimebundle",
    "png",
    "svg_bundle",
    "table_picture",
    "table_svg",
]


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
    return cards_picture([card], scheme_of(colours, four_colour), card_name(card)).svg()


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
    return cards_picture(cards, scheme_of(colours, four_colour), label).svg()


def table_picture(
    rows: Sequence[tuple[str, Sequence[Card | None]]], scheme: ColourScheme, notes: Sequence[str]
) -> Picture:
    label_width = max((text_width(name, ROW_FONT) for name, _ in rows), default=0.0)
    cards_x = PAD + (label_width + 10 if label_width else 0)
    groups: list[Group] = []
    width = 0.0
    y = float(PAD)
    alternative = []
    for name, cards in rows:
        cards = list(cards)
        check_cards(cards)
        row = [Text(PAD, y + CARD_HEIGHT / 2 + 5, name, ROW_FONT, anchor="start", bold=True)]
        groups.append(Group("", tuple(row)))
        cards_groups, row_width, row_height = row_groups(cards, cards_x, y, scheme)
        groups.extend(cards_groups)
        width = max(width, cards_x + row_width)
        alternative.append(f"{name}: {default_label(cards)}")
        y += row_height + GAP + 4
    if notes:
        y += 4
    columns = max(NOTE_COLUMNS, int((width - PAD) / text_width("x", NOTE_FONT)))
    for note in notes:
        alternative.append(" ".join(note.split()))
        for line in wrap(note, columns):
            y += LINE
            groups.append(Group("", (Text(PAD, y - 5, line, NOTE_FONT, anchor="start"),)))
            width = max(width, PAD + text_width(line, NOTE_FONT))
    width, height = max(width + PAD, 2 * PAD + CARD_WIDTH), y + PAD - 4
    panel = Group("", (Rect(0.5, 0.5, width - 1, height - 1, 6, PANEL, PANEL_BORDER),))
    return Picture(width, height, "; ".join(alternative), (panel, *groups))


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
    return table_picture(rows, scheme_of(colours, four_colour), notes).svg()


def fit_width(svg: str) -> str:
    """``svg`` shrunk in proportion to a page narrower than it (a phone's), never drawn larger:
    for a widget's HTML (a stored picture keeps its size).

    >>> fit_width('<svg width="600" height="90"></svg>')
    '<svg style="max-width:100%;height:auto" width="600" height="90"></svg>'
    """
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


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
    check_cards(cards)
    return row_png(cards, scheme_of(colours, four_colour), scale)


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
    cards, scheme = list(cards), scheme_of(colours, four_colour)
    return {
        "image/svg+xml": cards_picture(cards, scheme, label).svg(),
        "image/png": base64.b64encode(row_png(cards, scheme, 1)).decode("ascii"),
        "text/plain": label,
    }
