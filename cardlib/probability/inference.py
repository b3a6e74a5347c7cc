"""What the play reveals: from one seat's view of a Skat deal, where the unseen cards may be.

A seat knows its own cards, every card played, the skat when it may see it, and one more thing
the play gives away: a player who does not follow suit has **no card of that suit** (a defender
who "shows out"). Every deal of the unseen cards that fits all of that is equally likely (the
model: the play tells nothing more, which real players' choices may), so any question is
answered exactly by counting those deals, either one by one (:meth:`SeatKnowledge.deals`) or by
the vacant-places formula that groups them (:meth:`SeatKnowledge.split`).

What a seat knows is the one model of :mod:`cardlib.skat.knowledge`, the one the sampling player
draws its deals from: the declared game's follow groups (a Ramsch's are the grand's), the skat a
holder of the cards the seat has not seen there, and in a position set up card by card the cards
played before it one more holder, ``gone``. Before a game is declared nobody has shown out:
the seat knows its hand (and the skat once it took it up), nothing more.

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
from cardlib.display.width import ljust
from cardlib.errors import CardlibError
from cardlib.i18n import N_, Msg, Plural, _
from cardlib.probability.core import Distribution, quote_cards, read_cards
from cardlib.skat.engine.facts import GameType, follow_group
from cardlib.skat.engine.names import game_label
from cardlib.skat.engine.rules import POSITIONS, position_term
from cardlib.skat.knowledge import knowledge_of, shown_out

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
    """A holder's name for people: a position's, the skat's, or the cards played before."""
    if holder in _NAMES:
        return str(position_term(_NAMES.index(holder)))
    if holder == "gone":
        # Translators: the cards played before a position set up card by card, as a holder.
        return _("played before")
    return _("Skat")


@dataclass(frozen=True, slots=True, repr=False)
class SeatKnowledge:
    """What one seat knows, ready for counting: the cards it has not seen, who may hold them
    (``holders`` with their ``places``: the unknown cards each still holds; ``"skat"`` while the
    skat or the cards laid away are hidden from this seat; ``"gone"`` for the cards played before
    a position set up card by card) and the follow groups each holder has shown out of
    (``voids``). ``game`` gives the follow groups (a grand's in a Ramsch, ``ramsch`` then
    ``True``; ``None`` before a game is declared, when nobody has shown out yet). ``bound``: the
    unseen cards only some holders may hold (by holder number: the cards this seat passed on in
    a Schieberamsch, which only the skat and those who took it up later may hold)."""

    seat: Position
    game: GameType | None
    unseen: tuple[Card, ...]
    holders: tuple[str, ...]
    places: tuple[int, ...]
    voids: tuple[frozenset[str], ...]
    ramsch: bool = False
    bound: tuple[tuple[Card, frozenset[int]], ...] = ()

    def group(self, card: Card) -> str:
        """What ``card`` follows as in this game: ``'trump'`` or its suit letter.

        Before a game is declared nobody has shown out, so any division serves for counting:
        the grand's follow groups are used.
        """
        return follow_group(card, self.game or GameType.GRAND)

    def allowed(self, card: Card, holder: int) -> bool:
        """Whether holder number ``holder`` may hold ``card``: not in a group it showed out of,
        and among the holders a bound card is bound to."""
        if self.group(card) in self.voids[holder]:
            return False
        return all(holder in holders for c, holders in self.bound if c == card)

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
        # Group the unseen cards by (target or not, the holders that may hold it): a holder takes
        # some of each group it may hold, in every way (a product of binomials), filling its
        # vacant places.
        n = len(self.holders)
        groups: dict[tuple[bool, tuple[int, ...]], int] = {}
        for card in self.unseen:
            key = (card in targets, tuple(h for h in range(n) if self.allowed(card, h)))
            groups[key] = groups.get(key, 0) + 1
        states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {(self.places, (0,) * n): 1}
        for (is_target, open_to), size in groups.items():
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
            raise CardlibError(
                Msg(
                    "{call}: method must be 'count' or 'enumerate', got {method}",
                    call=call,
                    method=repr(method),
                )
            )
        total = sum(counts.values())
        if not total:
            raise CardlibError(
                Msg("{call}: no deal fits what {seat} has seen", call=call, seat=self.seat)
            )
        title = Plural("how the {n} card lies ({holders})", "how the {n} cards lie ({holders})",
                       len(wanted), holders=_Holders(self.holders))  # fmt: skip
        return Distribution({k: Fraction(v, total) for k, v in counts.items()}, title)

    def where(self, card: Card | str) -> Distribution[str]:
        """Who holds ``card``: the chance of each holder (in proportion to its vacant places
        unless a void rules it out).
        """
        (found,) = read_cards([card], f"where({card!r})", _PACK)
        if found not in self.unseen:
            raise CardlibError(
                Msg(
                    "where({card}): {seat} has seen {found}; ask about another",
                    card=repr(card),
                    seat=self.seat,
                    found=found,
                )
            )
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
        if self.game is None:
            return str(
                Msg("what {seat} knows before a game is declared: {seen} cards seen, {unseen} "
                    "unseen", seat=position_term(self.seat), seen=32 - len(self.unseen),
                    unseen=len(self.unseen))
            )  # fmt: skip
        return str(
            Msg("what {seat} knows in {game}: {seen} cards seen, {unseen} unseen",
                seat=position_term(self.seat),
                game=Msg("Ramsch") if self.ramsch else game_label(self.game),
                seen=32 - len(self.unseen), unseen=len(self.unseen))
        )  # fmt: skip

    def __str__(self) -> str:
        lines = [self._head()]
        lines += [
            "  " + str(Plural("{holder} holds {n:>2} unknown card; shown out of: {groups}",
                              "{holder} holds {n:>2} unknown cards; shown out of: {groups}",
                              int(places), holder=ljust(name, 5), groups=shown))
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
    cards laid away) is a holder while this seat has not seen it, and so are the cards played
    before a position set up card by card (``gone``). See :mod:`cardlib.skat.knowledge`.
    """
    known = knowledge_of(view)
    index = {seat: h for h, seat in enumerate(known.holder_seats)}
    bound = tuple(
        (card, frozenset(index[s] for s in seats if s in index)) for card, seats in known.bound
    )
    return SeatKnowledge(
        POSITIONS[known.seat], known.game, known.cards, known.holders, known.places, known.voids,
        ramsch=known.game is not None and view.declaration is None, bound=bound,
    )  # fmt: skip
