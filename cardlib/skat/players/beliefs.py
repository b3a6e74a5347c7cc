"""What one seat believes of the others' hidden cards: where each card it has not seen lies.

:func:`belief_of` reads one seat's view (``state.view(seat)``, nothing more) and gives each card
that seat has not seen the chance that it lies with each other player and in the skat, twice:

- **play only**: every deal that fits the play equally likely, counted exactly
  (:func:`~cardlib.probability.inference.seat_knowledge`: the seat's own cards, the cards played,
  who showed out of what);
- **weighing what the others did**: the deals drawn uniformly among those that fit and weighed by
  how likely the others' bids, holds, passes, game and card plays are with the cards each deal
  gives them (:func:`~cardlib.skat.players.weighted_deals.weighted_deals`, the model of
  :mod:`~cardlib.skat.players.evidence`). That is an estimate from ``candidates`` deals (exact in
  the model when no more deals fit), and it comes with how many of them count.

When nothing the others did says anything yet, or the model fits none of the deals drawn (a real
player who bid as cardlib's simple player never would), the weighted figures are the play-only
ones and :attr:`Belief.fallback` says why. Everything random is drawn from the one ``rng``.

>>> from cardlib.skat import new_deal, new_game, Bid, Hold, Pass
>>> state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
>>> belief = belief_of(state.view(2), rng=3)          # RH heard MH bid 20 and FH pass
>>> [str(name) for name in belief.holder_names()], len(belief.cards), belief.fallback
(['FH', 'MH', 'Skat'], 22, None)
>>> uniform, weighted = belief.chance(belief.cards[0], 1)   # the first card with MH
>>> uniform, 0.0 <= weighted <= 1.0
(Fraction(5, 11), True)
>>> print(belief.summaries()[1])
MH (10 cards): jacks 1.4 → 1.7, card points 29 → 30
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlib.cards import Card, Rank
from cardlib.display.width import columns, ljust
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.randomness import as_rng
from cardlib.skat.engine.facts import CARD_POINTS, GameType, is_trump, sort_hand
from cardlib.skat.engine.rules import position_term
from cardlib.skat.knowledge import GONE, SKAT, knowledge_of

if TYPE_CHECKING:
    from cardlib.skat.engine.views import SkatView
    from cardlib.skat.players.weighted_deals import WeightedDeals

__all__ = [
    "CANDIDATES",
    "CHANGED",
    "COUNT",
    "EMPTY",
    "SEEN",
    "UNFIT",
    "Belief",
    "belief_of",
    "holder_name",
]

CANDIDATES = 60
"""Deals drawn uniformly and weighed for one belief (see :mod:`cardlib.skat.widgets.beliefs`
for what that costs)."""
COUNT = 10
"""Deals :func:`~cardlib.skat.players.weighted_deals.weighted_deals` resamples (the belief reads
the weighed candidates themselves, so this changes nothing shown)."""

EMPTY = "empty"
"""Fallback: nothing the others did says anything of their cards yet."""
UNFIT = "unfit"
"""Fallback: the model of the others' play fits none of the deals drawn."""
SEEN = "seen"
"""Fallback: the seat has seen every card (the deal is over)."""
CHANGED = 0.10
"""A weighted chance must differ from the play-only one by this much to stand out."""


def holder_name(holder: int) -> Msg | str:
    """A holder's name, worded when read: a position's, the skat's, the cards played before."""
    if holder < 3:
        return position_term(holder)
    if holder == SKAT:
        return Msg("Skat")
    # Translators: the cards played before a position set up card by card, as a holder.
    return Msg("played before")


@dataclass(frozen=True)
class Belief:
    """What ``seat`` believes of the cards it has not seen (see the module).

    ``holders``: who may hold them, by holder number (the other seats, then
    :data:`~cardlib.skat.knowledge.SKAT` while the skat is hidden from this seat, and
    :data:`~cardlib.skat.knowledge.GONE` in a position set up card by card), each with
    ``places`` cards; ``cards``: the unseen cards in the game's display order; ``uniform`` and
    ``weighted``: for each card, its chance with each holder (in the order of ``holders``);
    ``sample``: the weighed deals (``None`` when every card is seen); ``fallback``: why the
    weighted chances are the play-only ones (:data:`EMPTY`, :data:`UNFIT`, :data:`SEEN`), or
    ``None``; ``open_hands``: the other seats' hands laid open (counted as known).
    """

    seat: int
    game: GameType | None
    holders: tuple[int, ...]
    places: tuple[int, ...]
    cards: tuple[Card, ...]
    uniform: dict[Card, tuple[Fraction, ...]]
    weighted: dict[Card, tuple[float, ...]]
    sample: WeightedDeals | None
    fallback: str | None
    open_hands: tuple[tuple[Card, ...] | None, ...]

    def holder_names(self) -> list[Msg | str]:
        """The holders' names, in the order of :attr:`holders`."""
        return [holder_name(holder) for holder in self.holders]

    def chance(self, card: Card | str, holder: int) -> tuple[Fraction, float]:
        """The chance that ``card`` lies with ``holder``: play only (exact), and weighted."""
        found = Card.parse(card) if isinstance(card, str) else card
        if found not in self.uniform or holder not in self.holders:
            raise CardlibError(
                Msg(
                    "chance({card}, {holder}): {seat} has not seen that card with that holder; "
                    "it has not seen {cards} and the holders are {holders}",
                    card=repr(card), holder=repr(holder), seat=position_term(self.seat),
                    cards=" ".join(c.symbol for c in self.cards) or "-",
                    holders=", ".join(str(h) for h in self.holders),
                )
            )  # fmt: skip
        column = self.holders.index(holder)
        return self.uniform[found][column], self.weighted[found][column]

    def expected(self, holder: int, which: Callable[[Card], int]) -> tuple[Fraction, float]:
        """The expected sum of ``which(card)`` over the cards ``holder`` holds (a count with
        ``which`` giving 1 or 0, card points with the points): play only, and weighted."""
        column = self.holders.index(holder)
        uniform = sum((p[column] * which(c) for c, p in self.uniform.items()), Fraction(0))
        weighted = math.fsum(p[column] * which(c) for c, p in self.weighted.items())
        return uniform, weighted

    @property
    def weighed(self) -> bool:
        """Whether the weighted chances come from weighing deals (no fallback)."""
        return self.fallback is None

    def summaries(self) -> list[Msg]:
        """One line a holder: its expected jacks (and trumps in a suit game) and card points,
        play only → weighted (one figure when there is nothing to weigh)."""
        lines = []
        game = self.game if self.game is not None and self.game.is_suit else None

        def trump(card: Card) -> int:
            return int(game is not None and is_trump(card, game))

        for holder, places in zip(self.holders, self.places, strict=True):
            if holder == GONE:
                continue
            figures = {
                "jacks": self._figure(holder, lambda c: int(c.rank is Rank.JACK), 1),
                "points": self._figure(holder, lambda c: CARD_POINTS[c.rank], 0),
            }
            who = Plural("{who} ({n} card)", "{who} ({n} cards)", places,
                         who=holder_name(holder))  # fmt: skip
            if game is not None:
                figures["trumps"] = self._figure(holder, trump, 1)
                lines.append(Msg("{who}: jacks {jacks}, trumps {trumps}, card points {points}",
                                 who=who, **figures))  # fmt: skip
            else:
                lines.append(Msg("{who}: jacks {jacks}, card points {points}", who=who, **figures))
        return lines

    def _figure(self, holder: int, which: Callable[[Card], int], digits: int) -> str:
        uniform, weighted = self.expected(holder, which)
        if self.fallback is not None:
            return f"{float(uniform):.{digits}f}"
        return f"{float(uniform):.{digits}f} → {weighted:.{digits}f}"

    @property
    def margin(self) -> float | None:
        """About how far (in percentage points, 95%) a weighted chance may stray from the
        model's own by the luck of the deals drawn: ``196 * sqrt(1/4 / effective)``; ``None``
        when the chances are exact (nothing weighed, or every deal that fits weighed)."""
        if self.sample is None or self.fallback is not None or self.sample.exhaustive:
            return None
        return 196 * math.sqrt(0.25 / max(self.sample.effective, 1.0))

    def stands_out(self, card: Card | str, holder: int) -> int:
        """``1`` (or ``-1``) when weighing makes ``card`` likelier (or less likely) with
        ``holder`` by more than :data:`CHANGED` and by more than the luck of the deals drawn
        explains (twice the spread ``sqrt(p (1 - p) / effective)`` of the weighted chance if
        the evidence said nothing); else ``0``."""
        uniform, weighted = self.chance(card, holder)
        if self.fallback is not None:
            return 0
        p = float(uniform)
        luck = 0.0
        if self.sample is not None and not self.sample.exhaustive:
            luck = 1.96 * math.sqrt(p * (1 - p) / max(self.sample.effective, 1.0))
        change = weighted - p
        if abs(change) < max(CHANGED, luck):
            return 0
        return 1 if change > 0 else -1

    def words(self) -> list[Msg | str]:
        """What the belief rests on, in words: what the seat saw the others do, how the deals
        were weighed, and how exact the weighted chances are."""
        if self.fallback == SEEN:
            return [Msg("{who} has seen every card.", who=position_term(self.seat))]
        assert self.sample is not None
        said: list[Msg | str] = []
        if self.fallback == EMPTY:
            said.append(Msg("Nothing the others did says anything of their cards yet: every "
                            "deal that fits the play is equally likely."))  # fmt: skip
        note = self.sample.note()
        if note is not None:
            said.append(note)
        margin = self.margin
        if margin is not None:
            said.append(Msg("The weighted chances are estimates from {n} deals drawn: each may "
                            "be off by about {margin} percentage points (95%).",
                            n=self.sample.candidates, margin=f"±{margin:.0f}"))  # fmt: skip
        elif self.fallback is None:
            said.append(Plural("The only deal that fits was weighed: the weighted chances are "
                               "exact in the model.",
                               "All {n} deals that fit were weighed: the weighted chances are "
                               "exact in the model.", self.sample.candidates))  # fmt: skip
        return said

    def text(self) -> str:
        """The belief as plain text: a line a card (play only → weighted, per holder), the
        summaries and the words."""
        head = [_("card"), *(str(name) for name in self.holder_names())]
        rows = [head]
        for card in self.cards:
            rows.append([card.symbol] + [
                _percent(u) if self.fallback is not None else f"{_percent(u)} → {_percent(w)}"
                for u, w in zip(self.uniform[card], self.weighted[card], strict=True)
            ])  # fmt: skip
        widths = [max(columns(row[i]) for row in rows) for i in range(len(head))]
        lines = [str(Msg("What {who} believes:", who=position_term(self.seat)))]
        if self.cards:
            lines += ["  ".join(ljust(cell, width) for cell, width in zip(row, widths, strict=True))
                      .rstrip() for row in rows]  # fmt: skip
        lines += [str(line) for line in self.summaries()]
        lines += [str(line) for line in self.words()]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _percent(p: float | Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def belief_of(
    view: SkatView,
    rng: random.Random | int | None = None,
    candidates: int = CANDIDATES,
) -> Belief:
    """What ``view``'s seat believes of the cards it has not seen (see the module): the exact
    play-only chances and the chances of ``candidates`` deals weighed, drawn from ``rng``."""
    from cardlib.probability.inference import seat_knowledge
    from cardlib.skat.players.weighted_deals import weighted_deals

    if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
        raise CardlibError(
            Msg("belief_of(candidates={candidates}): expected a whole number 1 or more",
                candidates=repr(candidates))
        )  # fmt: skip
    known = knowledge_of(view)
    generator = as_rng(rng)
    seat = int(view.seat)
    game = view.declaration.game if view.declaration is not None else None
    opened = tuple(
        None if hand is None or position == seat else tuple(hand)
        for position, hand in enumerate(view.open_hands)
    )
    holders, places = known.holder_seats, known.places
    cards = sort_hand(known.cards, game) if known.cards else ()
    if not cards:
        return Belief(seat, game, (), (), (), {}, {}, None, SEEN, opened)
    counted = seat_knowledge(view)
    names = counted.holders
    uniform: dict[Card, tuple[Fraction, ...]] = {}
    for card in cards:
        where = counted.where(card)
        uniform[card] = tuple(where.get(name, Fraction(0)) for name in names)
    sample = weighted_deals(view, COUNT, generator, candidates=candidates)
    fallback = EMPTY if sample.evidence.empty else UNFIT if sample.uniform else None
    if fallback is not None:
        weighted = {card: tuple(float(p) for p in uniform[card]) for card in cards}
    else:
        weighted = _weighted(cards, holders, sample)
    return Belief(seat, game, holders, places, cards, uniform, weighted, sample, fallback, opened)


def _weighted(
    cards: Sequence[Card], holders: Sequence[int], sample: WeightedDeals
) -> dict[Card, tuple[float, ...]]:
    """Each card's weighted chance with each holder, over the weighed candidates."""
    column = {holder: i for i, holder in enumerate(holders)}
    sums = {card: [0.0] * len(holders) for card in cards}
    for (hands, skat), weight in zip(sample.pool, sample.weights, strict=True):
        placed: set[Card] = set()
        for holder, held in [*enumerate(hands), (SKAT, skat)]:
            if holder not in column:
                continue
            for card in held:
                if card in sums:
                    sums[card][column[holder]] += weight
                    placed.add(card)
        if GONE in column:
            for card in sums:
                if card not in placed:
                    sums[card][column[GONE]] += weight
    return {card: tuple(values) for card, values in sums.items()}
