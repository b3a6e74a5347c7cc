"""Null: which suits are safe, and the exact chance that the defenders can force a trick.

In a Null game the declarer must take no trick. A suit is **safe** when the defenders cannot make
the declarer win a trick in it however its cards lie; otherwise it has a **hole**, and whether
the defenders can use it depends on how the suit's other cards lie between them.

The model looks at one suit at a time. The defenders lead the suit when they like, from either
hand (they pass the lead to each other through another suit); a defender without the suit throws
a card of another suit; the declarer must follow suit and plays under whenever possible. The
declarer never leads the suit (never on lead once a defender has won a trick). The skat's two
cards take no part in the play. Two versions bracket real play: by default the defenders
keep their cards of the suit until they play them to a trick of it (the suit alone); with
``discards=True`` they may also throw cards of it away on another suit whenever they like, to
make themselves short (the most they could do). Over whole deals the double-dummy solver's answer
lies between the two, lie by lie, whenever the defenders can pass the lead to each other (tested).
A suit without a hole is safe in both.

>>> suit = null_suit("H7 H9 HJ")                 # gaps at the 8 and the 10, yet safe
>>> suit.safe, suit.forced
(True, Fraction(0, 1))
>>> null_suit("H8").forced                       # a blank 8: the 7 led, the partner void
Fraction(1, 323)
>>> can_force("H8", "H7", "")                    # the 7 led, the partner void: forced
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from cardlib.cards import SKAT_DECK, Card, Suit
from cardlib.display.width import columns, ljust
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.probability.core import Distribution, quote_cards, read_cards
from cardlib.skat.engine.facts import NULL_RANKS

__all__ = [
    "NullHandOdds",
    "NullLie",
    "NullSuitOdds",
    "can_force",
    "holes",
    "null_hand",
    "null_suit",
    "null_text",
]

_PACK = frozenset(SKAT_DECK)
_STRENGTH = {rank: len(NULL_RANKS) - 1 - i for i, rank in enumerate(NULL_RANKS)}  # 7 -> 0, A -> 7


def _strength(card: Card) -> int:
    return _STRENGTH[card.rank]


def null_text(cards: Iterable[Card]) -> str:
    """Cards of one or more suits in Null order, low to high, by their printed symbols.

    >>> from cardlib import parse_cards
    >>> null_text(parse_cards("HJ H7 HT"))
    '♥7 ♥10 ♥J'
    """
    return " ".join(
        card.symbol for card in sorted(cards, key=lambda c: (c.suit.value, _strength(c)))
    )


def _suit_cards(cards: str | Iterable[Card | str], call: str) -> tuple[Card, ...]:
    return tuple(sorted(read_cards(cards, call, _PACK), key=_strength))


Ranks = tuple[int, ...]


@cache
def _force(declarer: Ranks, left: Ranks, right: Ranks, shed: bool = False) -> bool:
    """Can the defenders make the declarer win a trick? Ranks are Null strengths (7 = 0).
    With ``shed`` a defender may also throw away a card of the suit before any trick."""
    if not declarer:
        return False
    if _lead_left(declarer, left, right, shed) or _lead_right(declarer, left, right, shed):
        return True
    return shed and (
        any(_force(declarer, _without(left, card), right, shed) for card in left)
        or any(_force(declarer, left, _without(right, card), shed) for card in right)
    )


def _without(cards: Ranks, card: int) -> Ranks:
    return tuple(c for c in cards if c != card)


def _answers(cards: Ranks) -> Sequence[int | None]:
    """A defender's possible plays to a trick in the suit: any card of it, or a discard."""
    return cards if cards else (None,)


def _lead_left(declarer: Ranks, left: Ranks, right: Ranks, shed: bool) -> bool:
    # left leads, right plays second, the declarer last (seeing both cards).
    for lead in left:
        for second in _answers(right):
            top = lead if second is None else max(lead, second)
            rest = _without(right, second) if second is not None else right
            if all(
                card > top or _force(_without(declarer, card), _without(left, lead), rest, shed)
                for card in declarer
            ):
                return True
    return False


def _lead_right(declarer: Ranks, left: Ranks, right: Ranks, shed: bool) -> bool:
    # right leads, the declarer plays second, left last (seeing the declarer's card).
    for lead in right:
        forced_every_way = True
        for card in declarer:
            after = _without(declarer, card)
            rest = _without(right, lead)
            if card > lead and (not left or min(left) < card):
                continue  # left plays under (or throws another suit): the declarer wins it
            # left must play a card of the suit, all above the declarer's, or the card is lower
            if not any(
                _force(after, _without(left, third) if third is not None else left, rest, shed)
                for third in _answers(left)
            ):
                forced_every_way = False
                break
        if forced_every_way:
            return True
    return False


def can_force(
    declarer: str | Iterable[Card | str],
    left: str | Iterable[Card | str],
    right: str | Iterable[Card | str],
    *,
    discards: bool = False,
) -> bool:
    """Whether the defenders can make the declarer win a trick in one suit, with these cards of it.

    ``left`` sits after the declarer (when left leads, the declarer plays last); ``right`` sits
    before them (when right leads, the declarer plays second and left sees that card). With
    ``discards`` the defenders may also throw cards of the suit away (on another suit they lack)
    whenever they like, to make themselves short in it.

    >>> can_force("H7 H9 HJ", "H8 HT", "HQ HK HA")
    False
    >>> can_force("H9", "H7 HA", "H8"), can_force("H9", "H7 HA", "HT")
    (True, False)
    >>> can_force("H7 HT", "H8 HJ HQ HK", "H9 HA", discards=True)   # left throws J, Q, K away
    True
    """
    call = f"can_force({quote_cards(declarer)}, {quote_cards(left)}, {quote_cards(right)})"
    hands = [_suit_cards(cards, call) for cards in (declarer, left, right)]
    every = [card for hand in hands for card in hand]
    if len(set(every)) != len(every):
        raise CardlibError(Msg("{call}: a card is given twice", call=call))
    if len({card.suit for card in every}) > 1:
        raise CardlibError(Msg("{call}: give the cards of one suit", call=call))
    d, l_, r = (tuple(_strength(card) for card in hand) for hand in hands)
    return _force(d, l_, r, discards)


def holes(holding: str | Iterable[Card | str], outside: str | Iterable[Card | str] = ()) -> int:
    """How many of the declarer's cards are not covered: the declarer's ``i``-th lowest card must
    lie below the defenders' ``i``-th lowest card of the suit for every ``i``; each card that does
    not is a hole. ``outside`` defaults to every other card of the suit.

    A suit with no hole is safe however its cards lie (each defender's lead finds a card to play
    under); a suit with a hole can be forced when the cards lie badly.

    >>> holes("H7 H9 HJ"), holes("H8"), holes("H7 HT"), holes("H8 HT")
    (0, 1, 1, 2)
    """
    call = f"holes({quote_cards(holding)})"
    held = _suit_cards(holding, call)
    if not held:
        return 0
    suit = held[0].suit
    others = (
        _suit_cards(outside, call) if outside else tuple(c for c in _suit_of(suit) if c not in held)
    )
    theirs = [_strength(card) for card in others]
    return sum(i < len(theirs) and _strength(card) > theirs[i] for i, card in enumerate(held))


def _suit_of(suit: Suit) -> tuple[Card, ...]:
    return tuple(sorted((card for card in SKAT_DECK if card.suit is suit), key=_strength))


def _lie_weight(counts: Sequence[int], sizes: Sequence[int]) -> Fraction:
    """The chance that given cards lie exactly so (``counts`` of them with each holder), when the
    unseen cards fill holders of ``sizes`` places, every deal equally likely."""
    rest = [size - count for size, count in zip(sizes, counts, strict=True)]
    return Fraction(_multinomial(rest), _multinomial(sizes))


def _multinomial(sizes: Sequence[int]) -> int:
    return math.factorial(sum(sizes)) // math.prod(math.factorial(size) for size in sizes)


def _lies(
    cards: Sequence[Card], sizes: Sequence[int]
) -> Iterator[tuple[tuple[tuple[Card, ...], ...], Fraction]]:
    """Every way to place ``cards`` among holders of ``sizes`` places, with its chance."""
    holders = len(sizes)

    def place(i: int, rest: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if i == holders - 1:
            yield (rest,)
            return
        for size in range(min(len(rest), sizes[i]) + 1):
            for chosen in combinations(rest, size):
                left = tuple(card for card in rest if card not in chosen)
                for others in place(i + 1, left):
                    yield (chosen, *others)

    for lie in place(0, tuple(cards)):
        counts = [len(part) for part in lie]
        if all(c <= s for c, s in zip(counts, sizes, strict=True)):
            yield lie, _lie_weight(counts, sizes)


@dataclass(frozen=True, slots=True, repr=False)
class NullLie:
    """One way a suit can lie in a Null game, as a picture: the declarer's cards, each defender's
    (left plays after the declarer, right before), the skat's, and whether the defenders can
    force a trick."""

    declarer: tuple[Card, ...]
    left: tuple[Card, ...]
    right: tuple[Card, ...]
    skat: tuple[Card, ...] | None
    forced: bool
    chance: Fraction

    def rows(self) -> list[tuple[str, list[Card | None]]]:
        """Labelled rows of cards for the picture, lowest card first."""
        rows: list[tuple[str, list[Card | None]]] = [
            (_("Declarer"), list(self.declarer)),
            (_("Left (after the declarer)"), list(self.left)),
            (_("Right (before the declarer)"), list(self.right)),
        ]
        if self.skat is not None:
            rows.append((_("Skat"), list(self.skat)))
        return rows

    def verdict(self) -> str:
        """What this lie allows, and how likely it is, in the current language."""
        percent = f"{float(self.chance) * 100:.2f}%"
        if self.forced:
            return str(Msg("the defenders can force a trick; this lie has chance {chance} = "
                           "{percent}", chance=self.chance, percent=percent))  # fmt: skip
        return str(Msg("the declarer is safe; this lie has chance {chance} = {percent}",
                       chance=self.chance, percent=percent))  # fmt: skip

    def __str__(self) -> str:
        rows = self.rows()
        width = max(19, *(columns(label) + 1 for label, _cards in rows))
        lines = [
            f"  {ljust(label, width)} {null_text(c for c in cards if c) or '-'}"
            for label, cards in rows
        ]
        return "\n".join([_("Null lie:"), *lines, f"  {self.verdict()}"])

    __repr__ = __str__

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from cardlib import display

        picture = display.table_svg(self.rows(), notes=[self.verdict()])
        bundle: dict[str, str] = display.svg_bundle(picture, str(self))
        return bundle


@dataclass(frozen=True, slots=True, repr=False)
class NullSuitOdds:
    """One suit of a Null hand: the declarer's cards, the suit's cards the declarer has not seen,
    and, over every way those can lie (``lies``: cards with left, right and, in a Hand game, the
    skat; its chance; whether the defenders can force a trick), the chance of being forced."""

    holding: tuple[Card, ...]
    outside: tuple[Card, ...]
    sizes: tuple[int, ...]
    lies: tuple[tuple[tuple[tuple[Card, ...], ...], Fraction, bool], ...]
    discards: bool = False

    @property
    def suit(self) -> Suit | None:
        cards = self.holding or self.outside
        return cards[0].suit if cards else None

    @property
    def forced(self) -> Fraction:
        """The chance that the defenders can force the declarer to take a trick in this suit."""
        return sum((chance for _lie, chance, forced in self.lies if forced), Fraction(0))

    @property
    def safe(self) -> bool:
        """Safe whatever the lie: no way of placing the outside cards lets the defenders force."""
        return not any(forced for _lie, _chance, forced in self.lies)

    @property
    def holes(self) -> int:
        """The declarer's cards not covered by the defenders' cards (see :func:`holes`)."""
        return holes(self.holding, self.outside) if self.holding and self.outside else 0

    def by_split(self) -> Distribution[tuple[int, ...]]:
        """For each split of the outside cards (how many with left, right, skat): the chance that
        the cards lie so AND the defenders can force."""
        table: dict[tuple[int, ...], Fraction] = {}
        for lie, chance, forced in self.lies:
            key = tuple(len(part) for part in lie)
            table[key] = table.get(key, Fraction(0)) + (chance if forced else Fraction(0))
        title = Plural(
            "forced, by split of the {n} outside card",
            "forced, by split of the {n} outside cards",
            len(self.outside),
        )
        return Distribution(table, title)  # fmt: skip

    def forcing_lies(self) -> list[tuple[tuple[Card, ...], ...]]:
        """The lies of the outside cards that let the defenders force a trick."""
        return [lie for lie, _chance, forced in self.lies if forced]

    def picture(
        self,
        left: str | Iterable[Card | str],
        right: str | Iterable[Card | str] | None = None,
    ) -> NullLie:
        """One lie as a picture: the outside cards with ``left``; with ``right`` (default: all the
        rest); in a Hand game whatever neither holds is in the skat.

        >>> print(null_suit("H9").picture("H7 HA"))
        Null lie:
          Declarer                     ♥9
          Left (after the declarer)    ♥7 ♥A
          Right (before the declarer)  ♥8 ♥10 ♥J ♥Q ♥K
          the defenders can force a trick; this lie has chance 9/1292 = 0.70%
        """
        call = f"picture({quote_cards(left)}, {quote_cards(right)})"
        with_left = set(_suit_cards(left, call))
        if right is None:
            with_right = set(self.outside) - with_left
        else:
            with_right = set(_suit_cards(right, call))
        for lie, chance, forced in self.lies:
            if set(lie[0]) == with_left and set(lie[1]) == with_right:
                skat = lie[2] if len(lie) == 3 else None
                return NullLie(self.holding, lie[0], lie[1], skat, forced, chance)
        raise CardlibError(
            Msg(
                "{call}: not a way the outside cards {outside} can lie",
                call=call,
                outside=null_text(self.outside),
            )
        )

    def _verdict(self) -> str:
        if self.safe:
            return _("safe however the cards lie")
        chance, percent = self.forced, f"{float(self.forced) * 100:.2f}%"
        if self.discards:
            return str(Msg("forced with chance {chance} = {percent} (defenders may throw cards of "
                           "it away)", chance=chance, percent=percent))  # fmt: skip
        return str(Msg("forced with chance {chance} = {percent}", chance=chance, percent=percent))

    def __str__(self) -> str:
        held = null_text(self.holding) or _("none")
        outside = Plural("{n} outside card", "{n} outside cards", len(self.outside))
        lies = Plural("{n} lie", "{n} lies", len(self.lies))
        return str(Msg("Null, {held}: {verdict} ({outside}, {lies})", held=held,
                       verdict=self._verdict(), outside=outside, lies=lies))  # fmt: skip

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table

        rows = [
            [_("declarer holds"), null_text(self.holding) or _("none")],
            [_("outside cards"), null_text(self.outside) or _("none")],
            [_("holes"), str(self.holes)],
            [_("ways they can lie"), str(len(self.lies))],
            [_("defenders can force a trick"), self._verdict()],
        ]
        return html_table(["", _("Null suit")], rows, align="ll")


def null_suit(
    holding: str | Iterable[Card | str],
    *,
    known: str | Iterable[Card | str] = (),
    suit: Suit | str | None = None,
    sizes: Sequence[int] = (10, 10),
    discards: bool = False,
) -> NullSuitOdds:
    """Every way the suit's other cards can lie, whether each lets the defenders force the declarer
    to take a trick, and the exact chance of that.

    ``holding``: the declarer's cards of the suit (give ``suit`` when they hold none); ``known``:
    cards of the suit known to be out of play (laid away in the skat). ``sizes``: the unseen
    cards each holder has, left and right and (in a Hand game) the skat: ``(10, 10)`` after
    picking up the skat, ``(10, 10, 2)`` in a Hand game. ``discards``: whether the defenders may
    also throw cards of the suit away (see the module's model).

    >>> suit = null_suit("H7 HT")                        # the 8 and the 9 against the 10
    >>> suit.holes, suit.forced
    (1, Fraction(21, 646))
    >>> null_suit("H7 HT", discards=True).forced        # a defender can become short
    Fraction(...)
    """
    call = f"null_suit({quote_cards(holding)})"
    held = _suit_cards(holding, call)
    out = _suit_cards(known, call)
    places = tuple(sizes)
    if len(places) not in (2, 3) or any(isinstance(s, bool) or s < 0 for s in places):
        raise CardlibError(
            Msg("{call}: sizes are the unseen cards of left, right (and the skat)", call=call)
        )
    if suit is not None:
        chosen = suit if isinstance(suit, Suit) else Suit.parse(suit)
    elif held or out:
        chosen = (held or out)[0].suit
    else:
        raise CardlibError(
            Msg("{call}: name the suit when the declarer holds none of it", call=call)
        )
    if any(card.suit is not chosen for card in (*held, *out)):
        raise CardlibError(
            Msg("{call}: give cards of one suit ({symbol})", call=call, symbol=chosen.symbol)
        )
    if set(held) & set(out):
        raise CardlibError(Msg("{call}: a card cannot be held and laid away", call=call))
    outside = tuple(card for card in _suit_of(chosen) if card not in held and card not in out)
    if len(outside) > sum(places):
        raise CardlibError(
            Msg(
                "{call}: {count} outside cards do not fit in {places}",
                call=call,
                count=len(outside),
                places=places,
            )
        )
    mine = tuple(_strength(card) for card in held)
    lies = []
    for lie, chance in _lies(outside, places):
        left, right = (tuple(_strength(card) for card in part) for part in lie[:2])
        lies.append((lie, chance, _force(mine, left, right, discards)))
    return NullSuitOdds(held, outside, places, tuple(lies), discards)


@dataclass(frozen=True, slots=True, repr=False)
class NullHandOdds:
    """A whole Null hand: each suit's odds, and the chance that no suit can be forced (the suits
    lie together: one defender's ten cards are shared among them)."""

    hand: tuple[Card, ...]
    known: tuple[Card, ...]
    suits: tuple[NullSuitOdds, ...]
    safe_chance: Fraction

    @property
    def safe(self) -> bool:
        """Safe however the cards lie."""
        return all(suit.safe for suit in self.suits)

    def _rows(self) -> list[list[str]]:
        rows = []
        for odds in self.suits:
            symbol = odds.suit.symbol if odds.suit else "?"
            rows.append([symbol, null_text(odds.holding) or "-", str(odds.holes), odds._verdict()])
        return rows

    def _title(self) -> str:
        return str(Msg("Null hand {cards}", cards=null_text(self.hand)))

    def _safe_line(self) -> str:
        percent = f"{float(self.safe_chance) * 100:.2f}%"
        return str(Msg("no suit can be forced: {chance} = {percent}", chance=self.safe_chance,
                       percent=percent))  # fmt: skip

    def __str__(self) -> str:
        lines = [self._title()]
        lines += [
            f"  {s}  {held:<22} " + str(Msg("holes {n}: {verdict}", n=h, verdict=verdict))
            for s, held, h, verdict in self._rows()
        ]
        lines.append(f"  {self._safe_line()}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table

        return html_table(
            [_("suit"), _("declarer holds"), _("holes"), _("defenders can force")],
            self._rows(),
            caption=self._title(),
            align="llrl",
            notes=[self._safe_line()],
        )


def null_hand(
    hand: str | Iterable[Card | str],
    skat: str | Iterable[Card | str] | None = None,
    *,
    discards: bool = False,
) -> NullHandOdds:
    """Each suit of a 10-card Null hand, and the exact chance that no suit can be forced.

    With ``skat`` (the two cards laid away after picking up) the 20 other cards lie 10-10 with the
    defenders; without it (a Hand game) 10-10-2 with the skat.

    >>> odds = null_hand("C7 C9 CJ S7 S8 H7 H9 HJ D8 DT", skat="CA SA")
    >>> [suit.holes for suit in odds.suits], odds.safe_chance
    ([0, 0, 0, 2], Fraction(281, 323))
    """
    call = f"null_hand({quote_cards(hand)})"
    held = read_cards(hand, call, _PACK)
    if len(held) != 10:
        raise CardlibError(
            Msg(
                "{call}: a Skat hand has 10 cards, this has {count}",
                call=call,
                count=len(held),
            )
        )
    laid = read_cards(skat, call, _PACK) if skat is not None else ()
    if skat is not None and len(laid) != 2:
        raise CardlibError(
            Msg("{call}: the skat holds 2 cards, got {count}", call=call, count=len(laid))
        )
    if set(held) & set(laid):
        raise CardlibError(Msg("{call}: a card is both in the hand and in the skat", call=call))
    sizes = (10, 10) if skat is not None else (10, 10, 2)
    suits = tuple(
        null_suit(
            [c for c in held if c.suit is suit],
            known=[c for c in laid if c.suit is suit],
            suit=suit,
            sizes=sizes,
            discards=discards,
        )
        for suit in Suit
        if any(card.suit is suit for card in SKAT_DECK)
    )
    return NullHandOdds(held, laid, suits, _safe_together(suits, sizes))


def _safe_together(suits: Sequence[NullSuitOdds], sizes: tuple[int, ...]) -> Fraction:
    # For each suit: how many specific lies with given counts per holder leave it unforced. The
    # suits' outside cards are all the unseen cards, so a deal is one lie per suit whose counts
    # add up to the holders' sizes exactly; every deal is equally likely.
    ways: dict[tuple[int, ...], int] = {tuple(0 for _size in sizes): 1}
    for odds in suits:
        fine: dict[tuple[int, ...], int] = {}
        for lie, _chance, forced in odds.lies:
            if not forced:
                key = tuple(len(part) for part in lie)
                fine[key] = fine.get(key, 0) + 1
        combined: dict[tuple[int, ...], int] = {}
        for used, count in ways.items():
            for key, n in fine.items():
                total = tuple(a + b for a, b in zip(used, key, strict=True))
                if all(t <= s for t, s in zip(total, sizes, strict=True)):
                    combined[total] = combined.get(total, 0) + count * n
        ways = combined
    return Fraction(ways.get(sizes, 0), _multinomial(sizes))
