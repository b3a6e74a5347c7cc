"""Card faces: one card (or its back, or an empty place) as shapes, rows of them, their names.

>>> card_name(Card.parse("HT")), card_name(None)
('ten of hearts', 'face-down card')
>>> row_layout(3)  # positions, width, height
([(0, 0.0), (54, 0.0), (108, 0.0)], 158, 70.0)
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterable, Sequence
from typing import Any

from cardlib.cards import Card, Rank, Suit
from cardlib.display.layout import Group, Picture, Polygon, Rect, Shape, Text
from cardlib.display.palette import BACK, BACK_PATTERN, BORDER, COLOUR_SCHEMES, FACE, ColourScheme
from cardlib.errors import InvalidCardError
from cardlib.i18n import Msg, Term, _

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_name",
    "card_shapes",
    "card_tile",
    "cards_picture",
    "check_cards",
    "default_label",
    "empty_slot",
    "row_groups",
    "row_layout",
    "row_png",
]

CARD_WIDTH = 50
CARD_HEIGHT = 70
GAP = 4
MIN_STEP = 24
MAX_ROW_WIDTH = 640

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


def card_shapes(card: Card | None, x: float, y: float, scheme: ColourScheme) -> tuple[Shape, ...]:
    """One card's face (or, for ``None``, its back) with its top left corner at ``x``, ``y``."""
    face = Rect(x + 0.5, y + 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 5, FACE, BORDER)
    if card is None:
        inner = Rect(x + 4, y + 4, CARD_WIDTH - 8, CARD_HEIGHT - 8, 3, BACK)
        diamonds = tuple(
            Polygon(((cx, cy - 4), (cx + 4, cy), (cx, cy + 4), (cx - 4, cy)), BACK_PATTERN)
            for cy in range(int(y) + 11, int(y) + CARD_HEIGHT - 8, 8)
            for cx in range(int(x) + 11, int(x) + CARD_WIDTH - 8, 8)
        )
        return (face, inner, *diamonds)
    colour = COLOUR_SCHEMES[scheme][card.suit]
    rank, suit = card.rank.label, card.suit.symbol
    return (
        face,
        Text(x + 12, y + 17, rank, 14, colour, bold=True),
        Text(x + 12, y + 31, suit, 13, colour),
        Text(x + 30, y + 49, suit, 28, colour),
        Text(x + CARD_WIDTH - 12, y + CARD_HEIGHT - 17, rank, 14, colour, True, upside_down=True),
    )


def empty_slot(x: float, y: float) -> Rect:
    """The dashed outline of a place where a card will lie."""
    return Rect(x + 0.5, y + 0.5, CARD_WIDTH - 1, CARD_HEIGHT - 1, 5, "none", BORDER, dashed=True)


def row_layout(count: int) -> tuple[list[tuple[float, float]], float, float]:
    """Card positions, width and height: side by side, fanned when long, wrapped when very long."""
    if count <= 1:
        return [(0.0, 0.0)], float(CARD_WIDTH), float(CARD_HEIGHT)
    per_line = int((MAX_ROW_WIDTH - CARD_WIDTH) // MIN_STEP) + 1
    lines = -(-count // per_line)
    per_line = -(-count // lines)
    step = min(CARD_WIDTH + GAP, (MAX_ROW_WIDTH - CARD_WIDTH) / (per_line - 1))
    positions = [
        ((i % per_line) * step, (i // per_line) * float(CARD_HEIGHT + GAP)) for i in range(count)
    ]
    width = (min(count, per_line) - 1) * step + CARD_WIDTH
    return positions, width, float(lines * CARD_HEIGHT + (lines - 1) * GAP)


def row_groups(
    cards: Sequence[Card | None], x: float, y: float, scheme: ColourScheme
) -> tuple[list[Group], float, float]:
    """A row of cards at ``x``, ``y``, one group (titled with the card's name) per card, and the
    row's width and height; no cards: an empty place."""
    if not cards:
        return [Group(_("no cards"), (empty_slot(x, y),))], CARD_WIDTH, CARD_HEIGHT
    positions, width, height = row_layout(len(cards))
    groups = [
        Group(card_name(card), card_shapes(card, x + dx, y + dy, scheme))
        for card, (dx, dy) in zip(cards, positions, strict=True)
    ]
    return groups, width, height


def default_label(cards: Sequence[Card | None]) -> str:
    """The cards in words, for a picture's text alternative: ``'ten of hearts, jack of clubs'``."""
    return _(", ").join(card_name(card) for card in cards) if cards else _("no cards")


def cards_picture(cards: Sequence[Card | None], scheme: ColourScheme, label: str | None) -> Picture:
    """A row of cards as a picture, labelled ``label`` (default: the cards in words)."""
    cards = list(cards)
    check_cards(cards)
    groups, width, height = row_groups(cards, 0, 0, scheme)
    text = label if label is not None else default_label(cards)
    return Picture(width, height, text, tuple(groups))


def check_cards(cards: Iterable[object]) -> None:
    """Refuse anything that is neither a :class:`~cardlib.cards.Card` nor ``None`` (face down).

    >>> check_cards([Card.parse("HT"), "HT"])
    Traceback (most recent call last):
    cardlib.errors.InvalidCardError: 'HT' is not a Card (or None for a face-down card)
    """
    for card in cards:
        if card is not None and not isinstance(card, Card):
            raise InvalidCardError(
                Msg("{card} is not a Card (or None for a face-down card)", card=repr(card))
            )


@functools.lru_cache(maxsize=512)
def card_tile(card: Card | None, scheme: ColourScheme, scale: float, empty: bool = False) -> Any:
    """One card (or an empty place) drawn at the origin; each is drawn once and reused."""
    shapes = (empty_slot(0, 0),) if empty else card_shapes(card, 0, 0, scheme)
    return Picture(CARD_WIDTH, CARD_HEIGHT, "", (Group("", shapes),)).rgba(scale)


def row_png(cards: Sequence[Card | None], scheme: ColourScheme, scale: float) -> bytes:
    """A row of cards as PNG: the cached card tiles laid over each other as in the SVG."""
    from PIL import Image

    if cards:
        positions = row_layout(len(cards))[0]
        tiles = [
            (card_tile(card, scheme, scale), xy) for card, xy in zip(cards, positions, strict=True)
        ]
    else:
        tiles = [(card_tile(None, scheme, scale, empty=True), (0.0, 0.0))]
    placed = [(picture, (round(x * scale), round(y * scale))) for picture, (x, y) in tiles]
    width = max(x + picture.width for picture, (x, _) in placed)
    height = max(y + picture.height for picture, (_, y) in placed)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for picture, spot in placed:
        image.alpha_composite(picture, dest=spot)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
