"""Skat's own pictures: the tricks of a deal, one row of three cards each; and its phases in words.

Drawn from the game-free primitives of :mod:`cardlib.display`; card points, the positions' names
and the phases' words are Skat's.

>>> from cardlib.skat import Trick
>>> from cardlib import parse_cards
>>> print(tricks_picture([Trick(0, parse_cards("CJ C7 CA"), 0)]))
Trick 1: FH leads ♣J, MH ♣7, RH ♣A; FH wins 13 points
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card
from cardlib.display.faces import (
    CARD_HEIGHT,
    CARD_WIDTH,
    card_name,
    card_shapes,
    check_cards,
    empty_slot,
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
    Shape,
    Text,
    text_width,
    wrap,
)
from cardlib.display.palette import PANEL, PANEL_BORDER, WIN_HALO, ColourScheme, scheme_of
from cardlib.display.pictures import svg_bundle
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _, joined
from cardlib.skat.engine.facts import card_points
from cardlib.skat.engine.names import phase_name as phase_term
from cardlib.skat.engine.rules import position_term

__all__ = ["TricksPicture", "phase_name", "tricks_picture", "tricks_svg"]


def phase_name(phase: object) -> str:
    """A Skat phase (``state.phase``) in the current language; anything else as it is.

    >>> phase_name("bidding"), phase_name(2)
    ('bidding', '2')
    """
    return str(phase_term(phase)) if isinstance(phase, str) else str(phase)


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
    score = list(start)
    rows = []
    for number, trick in enumerate(tricks, 1):
        cards = tuple(trick.cards)
        check_cards(cards)
        points = card_points(cards)
        winner = int(trick.winner)
        score[(0 if winner == declarer else 1) if declarer is not None else winner] += points
        rows.append(_TrickRow(number, int(trick.leader), cards, winner, points, tuple(score)))
    if current and leader is not None:
        cards = tuple(current)
        check_cards(cards)
        rows.append(
            _TrickRow(len(rows) + 1, int(leader), cards, None, card_points(cards), tuple(score))
        )
    return rows


def _position_names() -> list[str]:
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
) -> tuple[Picture, list[str]]:
    groups: list[Group] = []
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
    y = float(PAD)
    width = 0.0
    for text in head:
        y += LINE
        groups.append(Group("", (Text(PAD, y - 5, text, NOTE_FONT, anchor="start"),)))
        width = max(width, PAD + text_width(text, NOTE_FONT))
    lines.extend(head)
    if head:
        y += 6
    label_width = text_width(_trick_label(max((r.number for r in rows), default=1)), ROW_FONT)
    cards_x = PAD + label_width + 14
    text_x = cards_x + 2 * _TRICK_STEP + CARD_WIDTH + 16
    for row in rows:
        card_y = y + 15
        label = _trick_label(row.number)
        middle = card_y + CARD_HEIGHT / 2 + 5
        number = Text(PAD, middle, label, ROW_FONT, bold=True, anchor="start")
        groups.append(Group("", (number,)))
        for i in range(3):
            x = cards_x + i * _TRICK_STEP
            player = (row.leader + i) % 3
            caption = str(Msg("{who} leads", who=names[player])) if i == 0 else names[player]
            shapes: list[Shape] = [
                Text(x + CARD_WIDTH / 2, card_y - 4, caption, _CAPTION_FONT, bold=i == 0)
            ]
            if i >= len(row.cards):
                shapes.append(empty_slot(x, card_y))
                unplayed = Msg("{who}: not played yet", who=names[player])
                groups.append(Group(str(unplayed), tuple(shapes)))
                continue
            card = row.cards[i]
            title = str(Msg("{caption}: {card}", caption=caption, card=card_name(card)))
            if player == row.winner:
                shapes.append(Rect(x - 4, card_y - 4, CARD_WIDTH + 8, CARD_HEIGHT + 8, 8, WIN_HALO))
                title = str(Msg("{caption}: {card}, wins the trick", caption=caption,
                                card=card_name(card)))  # fmt: skip
            shapes.extend(card_shapes(card, x, card_y, scheme))
            groups.append(Group(title, tuple(shapes)))
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
        top = middle - (len(said) - 1) * LINE / 2
        texts = tuple(
            Text(text_x, top + k * LINE, text, NOTE_FONT, bold=k == 0, anchor="start")
            for k, text in enumerate(said)
        )
        groups.append(Group("", texts))
        width = max(width, text_x + max(text_width(t, NOTE_FONT) for t in said))
        width = max(width, cards_x + 2 * _TRICK_STEP + CARD_WIDTH + 4)
        lines.append(_trick_sentence(row, names, points, running, words=False))
        y += _TRICK_ROW
    if not rows:
        y += LINE
        nothing = Text(PAD, y - 5, _("No trick yet."), NOTE_FONT, anchor="start")
        groups.append(Group("", (nothing,)))
        lines.append(_("No trick yet."))
    for note in notes:
        for line in wrap(note, NOTE_COLUMNS):
            y += LINE
            groups.append(Group("", (Text(PAD, y - 5, line, NOTE_FONT, anchor="start"),)))
            width = max(width, PAD + text_width(line, NOTE_FONT))
        lines.append(" ".join(note.split()))
    width, height = max(width, 2 * PAD + CARD_WIDTH) + PAD, y + PAD
    panel = Group("", (Rect(0.5, 0.5, width - 1, height - 1, 6, PANEL, PANEL_BORDER),))
    label = "; ".join(
        [*head, *(_trick_sentence(r, names, points, "", words=True) for r in rows), *notes]
    )
    return Picture(width, height, label or _("No trick yet."), (panel, *groups)), lines


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
        raise CardlibError(
            Msg("names={names}: expected three names, one per position", names=repr(names))
        )
    if declarer is not None and int(declarer) not in (0, 1, 2):
        raise CardlibError(
            Msg(
                "declarer={declarer}: expected 0 (FH), 1 (MH), 2 (RH) or None",
                declarer=repr(declarer),
            )
        )
    declarer = None if declarer is None else int(declarer)
    size = 2 if declarer is not None else 3
    begin = tuple(start) if start is not None else (0,) * size
    if len(begin) != size:
        raise CardlibError(
            Msg("start={start}: expected {size} numbers", start=repr(start), size=size)
        )
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
        scheme=scheme_of(colours, four_colour),
        notes=notes,
        start_note=start_note,
    )
    return TricksPicture(picture.svg(), "\n".join(lines))


def _points_before_the_tricks(state: Any, tricks: Sequence[Any], declarer: int) -> tuple[int, int]:
    """The state's card points (declarer, defenders) less those taken in its tricks: the skat."""
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
