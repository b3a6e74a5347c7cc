"""What a move caused, and the ruling that explains it, written only when someone reads it.

A state keeps its events as compact tuples ``(code, args)``; :class:`Event` turns one into a
:class:`~cardlib.rulings.Ruling` on access, so fast play never pays for text nobody reads.

>>> from cardlib import Card, Seat
>>> event = Event("stunsa", ((0, 1), 7, 1, 4, 0, (1,), 0, ((0, "drew"), (1, "turned"))))
>>> event.ruling.code, event.ruling.rule
('stunsa', 'skitgubbe phase 1, rule 4')
>>> print(event.ruling.explanation)  # doctest: +NORMALIZE_WHITESPACE
A and B both played a 7: stunsa, the cards bounce and stay on the table. A has already drawn
after playing; B turned up the stock's top card, so B does not draw. A leads again, to B.
Whoever wins the replay takes every card on the table (4 so far).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardlib.cards import Card, Rank, Seat, Suit
from cardlib.errors import RulesError
from cardlib.rulings import Ruling

__all__ = ["Event", "illegal"]

RULE_PREFIX = "skitgubbe"


def name(seat: int) -> str:
    """A seat's letter."""
    return Seat(seat).name


def names(seats: Sequence[int]) -> str:
    """``'A'``, ``'A and B'``, ``'A, B and C'``."""
    return joined([name(seat) for seat in seats])


def verb(seats: Sequence[int], singular: str, plural: str) -> str:
    """The verb form that agrees with ``seats``: ``verb((0,), "has", "have") == "has"``."""
    return singular if len(seats) == 1 else plural


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as printed, separated by spaces."""
    return " ".join(card.symbol for card in cards)


def play_text(cards: Sequence[Card]) -> str:
    """One play in words: ``'♥9'`` or ``'the run ♥9 ♥10'``."""
    return f"the run {cards_text(cards)}" if len(cards) > 1 else cards[0].symbol


def joined(items: Sequence[str]) -> str:
    """``'x'``, ``'x and y'``, ``'x, y and z'``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")


def rank_name(rank: int) -> str:
    """``'7'``, ``'10'``, ``'queen'``."""
    return {11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(rank, Rank(rank).label)


def article(rank: int) -> str:
    """``'an'`` before ace and 8, else ``'a'``."""
    return "an" if rank in (8, 14) else "a"


def _play(seat: int, card: Card, how: str, drew: bool, left: int) -> tuple[str, str]:
    verb = {"lead": "leads", "answer": "answers with", "play": "plays"}[how]
    text = f"{name(seat)} {verb} {card.symbol}"
    if drew:
        text += f" and draws from the stock ({left} left)"
    elif left == 0:
        text += "; the stock is empty, so there is nothing to draw"
    return text + ".", "phase 1, rules 1-2"


def _turn_up(seat: int, card: Card, how: str, left: int) -> tuple[str, str]:
    return (
        f"{name(seat)} turns up the stock's top card, {card.symbol}, and plays it instead of a "
        f"hand card. It never enters the hand, so {name(seat)} does not draw ({left} left in "
        "the stock).",
        "phase 1, rule 5",
    )


def _trump_card(seat: int, card: Card, visibility: str) -> tuple[str, str]:
    who = name(seat)
    if visibility == "all":
        drawn = f"the last card of the stock, {card.symbol}"
        where = f"it lies face up beside {who} for everyone to see"
        suit = f"its suit, {card.suit.symbol},"
    else:
        drawn = "the last card of the stock"
        seen = "nobody may look at it" if visibility == "hidden" else f"only {who} may look at it"
        where = f"it lies face down beside {who} ({seen})"
        suit = "its suit"
    return (
        f"{who} draws {drawn}. It does not go into the hand: {where} until phase 1 ends, and "
        f"{suit} will be trumps in phase 2. {who} plays on with one card fewer.",
        "phase 1, rule 6",
    )


def _trick(
    winner: int, card: Card, others: tuple[tuple[int, Card], ...], taken: int,
    leader: int | None, follower: int | None, round_leader: int, skipped: tuple[int, ...],
) -> tuple[str, str]:  # fmt: skip
    """``leader`` is ``None`` when phase 1 ends with this trick; ``skipped``: players passed
    over because they cannot play."""
    beaten = joined([f"{name(seat)}'s {other.symbol}" for seat, other in others])
    text = (
        f"{name(winner)}'s {card.symbol} is higher than {beaten}: {name(winner)} wins the "
        f"trick and puts {taken} cards face down on {name(winner)}'s collected pile for phase 2."
    )
    if leader is None:
        return text, "phase 1, rule 3"
    again = "again" if leader == round_leader else "next"
    lead = f"{name(leader)} leads {again}" + ("" if follower is None else f", to {name(follower)}")
    if skipped:
        who = name(skipped[0]) if len(skipped) == 1 else "they"
        lead += (
            f" ({names(skipped)} {verb(skipped, 'has', 'have')} no cards and the stock cannot be "
            f"turned up, so {who} {verb(skipped, 'is', 'are')} skipped)"
        )
    return f"{text} {lead}.", "phase 1, rule 3"


def _draws(draws: tuple[tuple[int, str], ...]) -> str:
    """Who drew after playing to a round, who turned up instead, and who found the stock empty."""
    drew = [seat for seat, how in draws if how == "drew"]
    turned = [seat for seat, how in draws if how == "turned"]
    empty = [seat for seat, how in draws if how == "empty"]
    parts = []
    if drew:
        parts.append(f"{names(drew)} {verb(drew, 'has', 'have')} already drawn after playing")
    if len(turned) == 1:
        who = name(turned[0])
        parts.append(f"{who} turned up the stock's top card, so {who} does not draw")
    elif turned:
        parts.append(f"{names(turned)} turned up cards from the stock, so they do not draw")
    if empty and len(empty) == len(draws):
        parts.append("nobody draws: the stock is empty")
    elif empty:
        parts.append(f"{names(empty)} {verb(empty, 'does', 'do')} not draw: the stock is empty")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


def _stunsa(
    tied: tuple[int, ...], rank: int, count: int, on_table: int, leader: int | None,
    others: tuple[int, ...], round_leader: int, draws: tuple[tuple[int, str], ...],
) -> tuple[str, str]:  # fmt: skip
    """``draws``: each play of the round as ``(seat, "drew" | "turned" | "empty")``;
    ``leader`` is ``None`` when phase 1 ends before the replay."""
    kind = {1: "stunsa", 2: "double stunsa"}.get(count, f"stunsa number {count} in a row")
    everyone = "both" if len(tied) == 2 else "all"
    text = (
        f"{names(tied)} {everyone} played {article(rank)} {rank_name(rank)}: {kind}, the cards "
        f"bounce and stay on the table. {_draws(draws)}"
    ).rstrip()
    if leader is None:
        return text + " A replay is due.", "phase 1, rule 4"
    missing = [seat for seat in tied if seat != leader and seat not in others]
    again = "again" if leader == round_leader else "the replay"
    lead = f"{name(leader)} leads {again}, to {names(others)}"
    if missing:
        lead = f"{names(missing)} {verb(missing, 'has', 'have')} no cards, so {lead}"
    text += f" {lead}. Whoever wins the replay takes every card on the table ({on_table} so far)."
    return text, "phase 1, rule 4"


def _phase_one_end(
    seat: int | None, role: str, returned: tuple[tuple[int, tuple[Card, ...]], ...]
) -> tuple[str, str]:
    if seat is None:
        text = "Fewer than two players hold cards, so no trick can be completed: phase 1 ends."
    else:
        text = f"{name(seat)} is due to {role} but has no card: phase 1 ends."
    if returned:
        back = "; ".join(f"{name(s)} takes back {cards_text(cards)}" for s, cards in returned)
        text += f" The unfinished trick goes back: {back}."
    return text, "phase 1, rules 7-8"


def _trumps(owner: int, card: Card) -> tuple[str, str]:
    return (
        "Phase 2: everyone takes up their collected pile and any cards left in hand. "
        f"{name(owner)} adds the trump card, {card.symbol}, to the hand: {card.suit.symbol} are "
        f"trumps, and {name(owner)} leads.",
        "phase 2, rule 1",
    )


def _out(seat: int, position: int, at_start: bool) -> tuple[str, str]:
    when = "starts phase 2 without cards" if at_start else "has no cards left"
    return (
        f"{name(seat)} {when} and is out, safe from losing ({ordinal(position)} out).",
        "phase 2, rule 5",
    )


def _loser(seat: int) -> tuple[str, str]:
    return (
        f"Only {name(seat)} still holds cards: {name(seat)} is the skitgubbe and loses.",
        "phase 2, rule 6",
    )


def _lead(seat: int, cards: tuple[Card, ...], size: int) -> tuple[str, str]:
    what = f"the run {cards_text(cards)}" if len(cards) > 1 else cards[0].symbol
    return (
        f"{name(seat)} leads {what}; this trick is complete after {size} plays.",
        "phase 2, rule 2",
    )


def beat_reason(card: Card, top: Card, trumps: Suit) -> str:
    """Why ``card`` beats ``top`` (assumes it does)."""
    if card.suit is top.suit:
        if card.suit is trumps:
            return f"a higher trump than {top.symbol}"
        return f"a higher {card.suit.symbol} than {top.symbol}"
    return f"{card.suit.symbol} are trumps and {top.symbol} is not"


def _beat(seat: int, cards: tuple[Card, ...], top: Card, trumps: Suit) -> tuple[str, str]:
    low = cards[0]
    if len(cards) > 1:
        text = (
            f"{name(seat)} beats {top.symbol} with the run {cards_text(cards)}: its lowest card "
            f"{low.symbol} beats it ({beat_reason(low, top, trumps)}), and {cards[-1].symbol} is "
            "now on top."
        )
        return text, "variants: sequences"
    return (
        f"{name(seat)} beats {top.symbol} with {low.symbol}: {beat_reason(low, top, trumps)}.",
        "phase 2, rule 2",
    )


def _taken(seat: int, owner: int, cards: tuple[Card, ...]) -> str:
    """``"B's ♥9"``, ``"B's own run ♥9 ♥10"``: a play as the player who picks it up sees it."""
    whose = f"{name(seat)}'s own" if owner == seat else f"{name(owner)}'s"
    return f"{whose} {'run ' if len(cards) > 1 else ''}{cards_text(cards)}"


def top_text(cards: Sequence[Card]) -> str:
    """The card to beat in words: ``'♥10'`` or ``'♥10, the top card of the run ♥9 ♥10'``."""
    if len(cards) > 1:
        return f"{cards[-1].symbol}, the top card of the run {cards_text(cards)}"
    return cards[-1].symbol


def _pick_up(
    seat: int, owner: int, cards: tuple[Card, ...], top_owner: int, top: tuple[Card, ...],
    nxt: int, skipped: tuple[int, ...],
) -> tuple[str, str]:  # fmt: skip
    """``top``: the play now on top of the trick; ``skipped``: players passed over without cards."""
    run = len(top) > 1
    mine = "own run" if run else "own card"
    whose = f"{name(nxt)}'s {mine}" if top_owner == nxt else f"played by {name(top_owner)}"
    which = top_text(top) if run else f"{top[-1].symbol}, the card on top"
    also = "the run up" if run else "it up"
    text = f"{name(seat)} picks up {_taken(seat, owner, cards)} instead of beating it. "
    if skipped:
        text += f"{names(skipped)} {verb(skipped, 'has', 'have')} no cards, so "
        text += f"{name(nxt)} must now beat {which}"
    else:
        text += f"{name(nxt)} must now beat {which}"
    text += f" ({whose}), or pick {also}."
    return text, "phase 2, rule 3"


def _trick_done(
    seat: int, plays: int, leader: int, size: int, skipped: tuple[int, ...]
) -> tuple[str, str]:
    """``skipped``: the player of the last card and any further players passed over, when the
    last player has just gone out."""
    text = f"The trick has its {plays} plays: its cards go to the discard pile. "
    if skipped:
        others = skipped[1:]
        either = (
            f", and {names(others)} {verb(others, 'has', 'have')} none either" if others else ""
        )
        text += (
            f"{name(seat)} played the last card but has no cards left{either}, so the lead "
            f"passes on to {name(leader)}. "
        )
    else:
        text += f"{name(seat)} played the last (highest) card and leads next. "
    return text + f"The next trick needs {size} plays.", "phase 2, rule 4a"


def _trick_emptied(
    seat: int, owner: int, cards: tuple[Card, ...], leader: int, skipped: tuple[int, ...],
    size: int,
) -> tuple[str, str]:  # fmt: skip
    last = "play" if len(cards) > 1 else "card"
    text = (
        f"{name(seat)} picks up {_taken(seat, owner, cards)}, the last {last} of the trick: the "
        f"trick is emptied, so the lead passes to {name(seat)}'s left, "
    )
    if skipped:
        text += (
            f"{names(skipped)}, who {verb(skipped, 'has', 'have')} no cards, so on to "
            f"{name(leader)}. "
        )
    else:
        text += f"{name(leader)}. "
    return text + f"The next trick needs {size} plays.", "phase 2, rule 4b"


_EXPLAIN: dict[str, Callable[..., tuple[str, str]]] = {
    "play": _play,
    "turn_up": _turn_up,
    "trump_card": _trump_card,
    "trick": _trick,
    "stunsa": _stunsa,
    "phase_one_end": _phase_one_end,
    "trumps": _trumps,
    "out": _out,
    "loser": _loser,
    "lead": _lead,
    "beat": _beat,
    "pick_up": _pick_up,
    "trick_complete": _trick_done,
    "trick_emptied": _trick_emptied,
}


class Event:
    """Something a move caused; ``ruling`` explains it in plain words (built on first access).

    An event is a value: its ``code`` and its ``args`` (seats as numbers, cards, ranks, suits).
    ``repr`` evaluates back to an equal event; notebooks show the ruling instead.

    >>> from cardlib import Card
    >>> event = Event("lead", (0, (Card.parse("H7"),), 3))
    >>> event
    Event('lead', (0, (Card('H7'),), 3))
    >>> print(event)
    A leads ♥7; this trick is complete after 3 plays.
    """

    __slots__ = ("_ruling", "args", "code")
    code: str
    args: tuple[Any, ...]

    def __init__(self, code: str, args: tuple[Any, ...]) -> None:
        if not isinstance(code, str) or code not in _EXPLAIN:
            raise RulesError(
                f"Event({code!r}, {args!r}): {code!r} is not an event code; expected one of "
                f"{', '.join(_EXPLAIN)}"
            )
        if not isinstance(args, tuple):
            raise RulesError(f"Event({code!r}, {args!r}): the arguments must be a tuple")
        self.code = code
        self.args = args
        self._ruling: Ruling | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (other.code, other.args) == (self.code, self.args)

    def __hash__(self) -> int:
        return hash((self.code, self.args))

    @property
    def ruling(self) -> Ruling:
        """The ruling: code, explanation naming the cards and players, rule reference."""
        if self._ruling is None:
            text, rule = _EXPLAIN[self.code](*self.args)
            self._ruling = Ruling(self.code, text, f"{RULE_PREFIX} {rule}")
        return self._ruling

    def __str__(self) -> str:
        return self.ruling.explanation

    def __repr__(self) -> str:
        return f"Event({self.code!r}, {self.args!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython shows the ruling, which is what a reader wants to see."""
        printer.text(f"<{self.code}: {self.ruling.explanation}>")


def illegal(code: str, text: str, rule: str) -> Ruling:
    """The ruling that refuses a move."""
    return Ruling(code, text, f"{RULE_PREFIX} {rule}")
