"""What the play reveals: from one seat's view of a Skat deal, where the unseen cards may be.

A seat knows its own cards, every card played, the skat when it may see it, and one more thing
the play gives away: a player who does not follow suit has **no card of that suit** (a defender
who "shows out"). Every deal of the unseen cards that fits all of that is equally likely (the
model: the play tells nothing more, which real players' choices may), so any question is
answered exactly by counting those deals, either one by one (:meth:`SeatKnowledge.deals`) or by
the vacant-places formula that groups them (:meth:`SeatKnowledge.split`).

>>> from cardlib.skat import GameType, play_position
>>> state = play_position(                      # the first trick: FH leads ♥A, MH throws ♦7
...     ["CJ SJ CA CT CK SA ST S9 S8", "HJ DJ C9 C8 DA DT DK DQ D9",
...      "C7 CQ HT HK HQ H9 H8 H7 SK SQ"],
...     GameType.CLUBS, declarer=0, trick=["HA", "D7"], leader=0, skat="S7 D8")
>>> knowledge = seat_knowledge(state.view(0))   # what FH, the declarer, knows
>>> print(knowledge)
what FH knows in clubs: 13 cards seen, 19 unseen
  MH    holds  9 unknown cards; shown out of: ♥
  RH    holds 10 unknown cards; shown out of: -
>>> knowledge.where("HT")                       # MH has no hearts: the ♥10 is with RH
where ♥10 is
  outcome  probability       %
  RH                 1  100.00
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from cardlib.cards import SKAT_DECK, Card
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, Plural, _
from cardlib.probability.core import Distribution, quote_cards, read_cards
from cardlib.skat.engine.facts import GameType, follow_group
from cardlib.skat.engine.names import game_label
from cardlib.skat.engine.rules import position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.rules import Position
    from cardlib.skat.engine.views import SkatView

__all__ = ["SeatKnowledge", "seat_knowledge", "shown_out"]

_PACK = frozenset(SKAT_DECK)
_GROUP_NAMES = {"trump": N_("trumps"), "C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_NAMES = ("FH", "MH", "RH")


class _Holders:
    """Holders' names joined by hyphens, worded when read (``MH-RH-Skat``, ``중견-대장-Skat``)."""

    def __init__(self, holders: tuple[str, ...]) -> None:
        self.holders = holders

    def __str__(self) -> str:
        return "-".join(_holder_name(holder) for holder in self.holders)


def _holder_name(holder: str) -> str:
    """A holder's name for people: a position's, or the skat's."""
    return str(position_term(_NAMES.index(holder))) if holder in _NAMES else _("Skat")


def shown_out(view: SkatView) -> dict[int, set[str]]:
    """Which follow groups (``'trump'`` or a suit letter) each seat has shown out of: it did not
    follow when that group was led, in a finished trick or the trick on the table.

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["", "", "HT"], GameType.CLUBS, declarer=0,
    ...                       trick=["HA", "D7"], leader=0)
    >>> shown_out(state.view(2))                  # MH threw ♦7 on the ♥A
    {1: {'H'}}
    """
    declaration = view.declaration
    if declaration is None:
        raise CardlibError("shown_out: the game is not declared yet, so nobody can show out")
    game = declaration.game
    voids: dict[int, set[str]] = {}
    plays = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick and view.trick_leader is not None:
        plays.append((int(view.trick_leader), view.trick))
    for leader, cards in plays:
        led = follow_group(cards[0], game)
        for i, card in enumerate(cards[1:], start=1):
            if follow_group(card, game) != led:
                voids.setdefault((leader + i) % 3, set()).add(led)
    return voids


@dataclass(frozen=True, slots=True, repr=False)
class SeatKnowledge:
    """What one seat knows, ready for counting: the cards it has not seen, who may hold them
    (``holders`` with their ``places``: the unknown cards each still holds; ``"skat"`` while the
    skat or the cards laid away are hidden from this seat) and the follow groups each holder has
    shown out of (``voids``)."""

    seat: Position
    game: GameType
    unseen: tuple[Card, ...]
    holders: tuple[str, ...]
    places: tuple[int, ...]
    voids: tuple[frozenset[str], ...]

    def group(self, card: Card) -> str:
        """What ``card`` follows as in this game: ``'trump'`` or its suit letter."""
        return follow_group(card, self.game)

    def allowed(self, card: Card, holder: int) -> bool:
        """Whether holder number ``holder`` may hold ``card``: not in a group it showed out of."""
        return self.group(card) not in self.voids[holder]

    def deals(self) -> Iterator[tuple[tuple[Card, ...], ...]]:
        """Every deal of the unseen cards to the holders that fits what the seat knows, one by
        one (each equally likely). There can be many: ask :meth:`deal_count` first."""

        def place(holder: int, rest: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
            if holder == len(self.holders) - 1:
                if all(self.allowed(card, holder) for card in rest):
                    yield (rest,)
                return
            candidates = [card for card in rest if self.allowed(card, holder)]
            for chosen in combinations(candidates, self.places[holder]):
                taken = set(chosen)
                remaining = tuple(card for card in rest if card not in taken)
                for others in place(holder + 1, remaining):
                    yield (chosen, *others)

        return place(0, self.unseen)

    def _counted(self, targets: frozenset[Card]) -> dict[tuple[int, ...], int]:
        # Group the unseen cards by (target or not, follow group): a holder takes some of each
        # group it may hold, in every way (a product of binomials), filling its vacant places.
        groups: dict[tuple[bool, str], int] = {}
        for card in self.unseen:
            key = (card in targets, self.group(card))
            groups[key] = groups.get(key, 0) + 1
        n = len(self.holders)
        states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {(self.places, (0,) * n): 1}
        for (is_target, group), size in groups.items():
            open_to = [h for h in range(n) if group not in self.voids[h]]
            following: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
            for (free, found), ways in states.items():
                for parts in _parts(size, [free[h] for h in open_to]):
                    share = [0] * n
                    for h, k in zip(open_to, parts, strict=True):
                        share[h] = k
                    count = ways * _multinomial(parts)
                    state = (
                        tuple(f - s for f, s in zip(free, share, strict=True)),
                        tuple(f + s * is_target for f, s in zip(found, share, strict=True)),
                    )
                    following[state] = following.get(state, 0) + count
            states = following
        done = (0,) * n
        return {found: ways for (free, found), ways in states.items() if free == done}

    def deal_count(self) -> int:
        """How many deals fit what the seat knows (by the counting formula, not one by one)."""
        return sum(self._counted(frozenset()).values())

    def split(
        self, cards: str | Iterable[Card | str], *, method: str = "count"
    ) -> Distribution[tuple[int, ...]]:
        """How many of ``cards`` (those this seat has not seen) each holder has, exactly.

        ``method="count"`` groups the deals by the vacant-places formula (fast);
        ``method="enumerate"`` lists every deal (slow, for checking).
        """
        call = f"split({quote_cards(cards)})"
        wanted = frozenset(read_cards(cards, call, _PACK)) & frozenset(self.unseen)
        if method == "count":
            counts = self._counted(wanted)
        elif method == "enumerate":
            counts = {}
            for deal in self.deals():
                key = tuple(len(wanted.intersection(part)) for part in deal)
                counts[key] = counts.get(key, 0) + 1
        else:
            raise CardlibError(f"{call}: method must be 'count' or 'enumerate', got {method!r}")
        total = sum(counts.values())
        if not total:
            raise CardlibError(f"{call}: no deal fits what {self.seat} has seen")
        title = Plural("how the {n} card lies ({holders})", "how the {n} cards lie ({holders})",
                       len(wanted), holders=_Holders(self.holders))  # fmt: skip
        return Distribution({k: Fraction(v, total) for k, v in counts.items()}, title)

    def where(self, card: Card | str) -> Distribution[str]:
        """Who holds ``card``: the chance of each holder (in proportion to its vacant places
        unless a void rules it out).
        """
        (found,) = read_cards([card], f"where({card!r})", _PACK)
        if found not in self.unseen:
            raise CardlibError(f"where({card!r}): {self.seat} has seen {found}; ask about another")
        split = self.split([found])
        return Distribution(
            {self.holders[key.index(1)]: p for key, p in split.items()},
            Msg("where {card} is", card=found),
        )

    def _rows(self) -> list[tuple[str, str, str]]:
        rows = []
        for name, places, void in zip(self.holders, self.places, self.voids, strict=True):
            shown = _(", ").join(_(_GROUP_NAMES[g]) for g in sorted(void)) or "-"
            rows.append((_holder_name(name), str(places), shown))
        return rows

    def _head(self) -> str:
        from cardlib.skat.engine.rules import position_term

        return str(
            Msg("what {seat} knows in {game}: {seen} cards seen, {unseen} unseen",
                seat=position_term(self.seat), game=game_label(self.game),
                seen=32 - len(self.unseen), unseen=len(self.unseen))
        )  # fmt: skip

    def __str__(self) -> str:
        lines = [self._head()]
        lines += [
            "  " + str(Plural("{holder} holds {n:>2} unknown card; shown out of: {groups}",
                              "{holder} holds {n:>2} unknown cards; shown out of: {groups}",
                              int(places), holder=name.ljust(5), groups=shown))
            for name, places, shown in self._rows()
        ]  # fmt: skip
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table

        return html_table(
            [_("holder"), _("unknown cards"), _("shown out of")], self._rows(),
            caption=self._head(), align="lrl",
        )  # fmt: skip


def _parts(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    if not caps:
        if total == 0:
            yield ()
        return
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    for first in range(min(total, caps[0]) + 1):
        for rest in _parts(total - first, caps[1:]):
            yield (first, *rest)


def _multinomial(parts: Sequence[int]) -> int:
    return math.factorial(sum(parts)) // math.prod(math.factorial(k) for k in parts)


def seat_knowledge(view: SkatView) -> SeatKnowledge:
    """What ``view``'s seat knows of where the unseen cards are, from ``state.view(seat)``.

    The seat has seen its own hand, every card played, the skat if it may see it and any hand
    laid open (Ouvert). The other two players hold their remaining cards; the skat (or the two
    cards laid away) is a third holder while this seat has not seen it.
    """
    declaration = view.declaration
    if declaration is None or view.phase not in ("play", "over"):
        raise CardlibError(
            f"seat_knowledge: the view is in the {view.phase} phase; ask once the play has begun"
        )
    seen: set[Card] = set(view.hand)
    for trick in view.tricks:
        seen.update(trick.cards)
    seen.update(view.trick)
    for part in (view.skat, view.discards):
        if part is not None:
            seen.update(part)
    holders: list[str] = []
    places: list[int] = []
    seats: list[int | None] = []
    for position in range(3):
        if position == view.seat:
            continue
        hand = view.open_hands[position]
        if hand is not None:
            seen.update(hand)
            continue
        holders.append(_NAMES[position])
        places.append(view.hand_sizes[position])
        seats.append(position)
    unseen = tuple(card for card in SKAT_DECK if card not in seen)
    known_skat = set(view.skat or ()) | set(view.discards or ())
    if (view.skat is None and view.discards is None) or len(known_skat) < 2:
        holders.append("skat")
        places.append(2 - len(known_skat))
        seats.append(None)
    if len(unseen) != sum(places):
        raise CardlibError(
            f"seat_knowledge: {view.seat} has not seen {len(unseen)} cards but the hands and the "
            f"skat hold {sum(places)} unknown cards; a position set up mid-deal does not say "
            "which cards were played before it (start from a deal, or give full hands)"
        )
    voids = shown_out(view)
    return SeatKnowledge(
        view.seat,
        declaration.game,
        unseen,
        tuple(holders),
        tuple(places),
        tuple(frozenset(voids.get(s, set())) if s is not None else frozenset() for s in seats),
    )
