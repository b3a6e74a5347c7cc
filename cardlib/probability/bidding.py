"""What the bidding reveals: the chance of a hidden hand's features, before and after the auction.

A player who said 24 and then passed holds a hand the bidding model of
:mod:`cardlib.skat.players.evidence` finds worth about 24: it plays cardlib's simple player, whose
*limit* (:func:`~cardlib.skat.players.evidence.bid_limit`) is the value of the best game its ten
cards carry, softened so that a real player's limit may lie a few steps of the bid ladder away.
By Bayes' rule, the chance of a feature (``"jacks"``, ``"aces"``, ``"trumps in ♣"``, ...) given
what was said is its chance before (the *prior*, hypergeometric) times the chance of saying it
with such a hand (the *likelihood*), divided by the chance of saying it at all:
:func:`bidding_posterior` works out all three.

**Exact, by classes of hands.** The likelihood depends on a hand only through its limit, and the
limit only through a few measures of each suit (its count of plain cards, ace, ten, the run of
top cards, whether a Null could be caught in it) and which jacks it holds. Hands alike in those
fall into one class, and one hand of the class stands for it when the limit is worked out; the
classes of the 64,512,240 hands of the full pack are counted suit by suit (products of
binomials, never hand by hand), and the run of top cards is looked at only where it changes a
playable game's value (no jacks or all four). The full pack's 57,456 classes take a few seconds,
once; then every auction is a sum over some 20 limits. A view of a seat narrows the cards the
hand may hold, which makes the count faster. So the named features are exact (the prior
exactly, the posterior exactly up to the model's likelihoods, which are floats: an exponential).

**Sampled, with intervals**, where classes do not serve: a feature given as a function of the
ten cards (over more than :data:`EXACT_HANDS` hands), or a view in which someone has shown out
(the hidden hand is then not a uniform draw from the unseen cards, and deals are drawn as the
sampling player draws them, every fitting deal once when there are at most ``samples``). The
hands are drawn at random and each is *kept* when the model's bidder, holding it, says what was
said (probability: the likelihood): the kept hands are draws from the posterior, so each share
gets a Wilson 95% interval, with the number of hands drawn and kept.

>>> result = bidding_posterior("24 then passed")          # ten random cards, said 24 then passed
>>> result.exact, result.deals
(True, 64512240)
>>> result.prior[0]                                       # no jack: C(28, 10) / C(32, 10)
Fraction(1463, 7192)
>>> print(result)
jacks, before and after "MH bid 24 and passed at 27"
  jacks      prior  prior %  P(said | jacks)  posterior %
  0      1463/7192    20.34           0.0199         8.42
  1        385/899    42.83           0.0379        33.74
  2      2079/7192    28.91           0.0769        46.17
  3         66/899     7.34           0.0765        11.67
  4        21/3596     0.58           0.0003         0.00
  exact: every one of the 64512240 hands counted
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from cardlib.cards import SKAT_DECK, Card, Rank, Suit
from cardlib.errors import CardlibError
from cardlib.estimates import Estimate, proportion
from cardlib.i18n import Msg, _
from cardlib.probability.core import Distribution
from cardlib.randomness import as_rng
from cardlib.skat.engine.facts import BID_VALUES, GameType, next_bid
from cardlib.skat.engine.rules import position_term
from cardlib.skat.players.evidence import (
    LADDER,
    Said,
    bid_limit,
    ladder_weights,
    margins,
    signed_run,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from cardlib.skat.engine.views import SkatView

__all__ = ["EXACT_HANDS", "FEATURES", "BiddingPosterior", "bidding_posterior", "model_says"]

EXACT_HANDS = 20_000
"""A feature given as a function of the cards is counted hand by hand up to this many hands."""
FEATURES = ("jacks", "aces", "trumps in ♣", "trumps in ♠", "trumps in ♥", "trumps in ♦",
            "longest suit", "limit")  # fmt: skip
"""The named features (``"trumps in clubs"`` and ``"trumps in C"`` name ``"trumps in ♣"``)."""

_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
_PLAIN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_SUIT_WORDS = {
    **{s.symbol: s for s in _SUITS},
    **{s.name.lower(): s for s in _SUITS},
    **{s.value: s for s in _SUITS},
}
_SUIT_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
_POSITIONS = ("FH", "MH", "RH")
_SAID = re.compile(
    r"(?:(?P<seat>FH|MH|RH)\s+)?(?:"
    r"(?P<once>passed(?:\s+at\s+once)?)"
    r"|passed\s+at\s+(?P<refused>\d+)"
    r"|(?:(?:bid|said|held)\s+)?(?P<low>\d+)"
    r"(?:\s*(?:,|and|then)\s*passed(?:\s+at\s+(?P<high>\d+))?(?P<passed>))?"
    r")",
    re.I,
)

Key = tuple[int, int, int, tuple[int, int, int, int]]
"""A class of hands for counting: limit, jacks, aces, plain cards of each suit (♣ ♠ ♥ ♦)."""


@dataclass(frozen=True)
class _Feature:
    """A feature of a hand: its name, and how to read it from a class or from the cards."""

    name: str
    label: Msg | str
    of_class: Callable[[Key], Hashable] | None
    of_cards: Callable[[tuple[Card, ...]], Hashable]


def _trumps(suit: Suit) -> _Feature:
    index = _SUITS.index(suit)
    return _Feature(
        f"trumps in {suit.symbol}",
        Msg("trumps in {suit}", suit=suit.symbol),
        lambda key: key[1] + key[3][index],
        lambda cards: sum(c.rank is Rank.JACK or c.suit is suit for c in cards),
    )


_NAMED: dict[str, _Feature] = {
    "jacks": _Feature("jacks", Msg("jacks"), lambda key: key[1],
                      lambda cards: sum(c.rank is Rank.JACK for c in cards)),
    "aces": _Feature("aces", Msg("aces"), lambda key: key[2],
                     lambda cards: sum(c.rank is Rank.ACE for c in cards)),
    "longest suit": _Feature(
        "longest suit", Msg("longest suit"), lambda key: max(key[3]),
        lambda cards: max(sum(c.suit is s and c.rank is not Rank.JACK for c in cards)
                          for s in _SUITS),
    ),
    "limit": _Feature("limit", Msg("limit"), lambda key: key[0], lambda cards: bid_limit(cards)),
    **{f"trumps in {suit.symbol}": _trumps(suit) for suit in _SUITS},
}  # fmt: skip


def _feature(feature: str | Callable[[tuple[Card, ...]], Hashable]) -> _Feature:
    if callable(feature):
        name = getattr(feature, "__name__", "feature")
        return _Feature(name, name, None, feature)
    if isinstance(feature, str):
        words = " ".join(feature.split()).lower()
        trumps = re.fullmatch(r"trumps in (\S+)", words)
        if trumps and trumps.group(1) in _SUIT_WORDS:
            words = f"trumps in {_SUIT_WORDS[trumps.group(1)].symbol}"
        elif trumps and trumps.group(1).upper() in _SUIT_WORDS:
            words = f"trumps in {_SUIT_WORDS[trumps.group(1).upper()].symbol}"
        if words in _NAMED:
            return _NAMED[words]
    raise CardlibError(
        Msg(
            "bidding_posterior: {feature} is not a feature of a hand; name one of {names} or give "
            "a function of the ten cards",
            feature=repr(feature),
            names=", ".join(FEATURES),
        )
    )


def _read_said(said: Said | str, view: SkatView | None) -> Said:
    """``said`` as a :class:`Said`: one, or a text such as ``"MH 24 then passed"``."""
    if isinstance(said, Said):
        found = said
    elif isinstance(said, str):
        match = _SAID.fullmatch(" ".join(said.split()))
        if match is None:
            raise CardlibError(
                Msg(
                    "bidding_posterior: cannot read what was said from {text}; write it like "
                    "'24 then passed', 'MH bid 24', '18, passed at 24' or 'passed at once'",
                    text=repr(said),
                )
            )
        seat = match["seat"]
        if seat is None and view is not None:
            raise CardlibError(
                Msg(
                    "bidding_posterior: {text} names no seat; with a view, say whose bidding "
                    "it is, as in 'MH 24 then passed'",
                    text=repr(said),
                )
            )
        position = 1 if seat is None else _POSITIONS.index(seat.upper())
        high: int | None
        if match["once"] is not None:
            low, high = 0, 18
        elif match["refused"] is not None:
            low, high = 0, int(match["refused"])
        else:
            low = int(match["low"])
            high = int(match["high"]) if match["high"] else None
            if match["passed"] is not None and high is None and low in BID_VALUES[:-1]:
                high = next_bid(low)
        found = Said(position, low, high)
    else:
        raise CardlibError(
            Msg("bidding_posterior: {said} is neither a Said nor a text", said=repr(said))
        )
    if found.low not in LADDER or (found.high is not None and (
            found.high not in BID_VALUES or found.high <= found.low)) \
            or found.seat not in (0, 1, 2):  # fmt: skip
        raise CardlibError(
            Msg(
                "bidding_posterior: {said} is not a bidding: a seat said or held a bid value "
                "(or nothing, 0) and refused a higher one (or none)",
                said=repr(said),
            )
        )
    return found


@dataclass(frozen=True)
class BiddingPosterior:
    """A feature of one seat's hidden hand, before the bidding (``prior``) and after what it
    said (``posterior``), with the chance of saying it given each value (``likelihood``).

    ``exact``: every hand counted (``deals`` of them), the prior in exact fractions, the
    posterior exact up to the model's float likelihoods; ``limits[value]`` is then the
    distribution of the hand's :func:`~cardlib.skat.players.evidence.bid_limit` among hands
    with that value. Sampled: ``deals`` hands drawn, ``kept`` of them bid as said; the prior and
    the posterior are shares of those, each posterior share with its 95% interval
    (``intervals``).
    """

    said: Said
    feature: str
    label: Msg | str
    prior: Distribution[Any]
    posterior: Distribution[Any]
    likelihood: Mapping[Any, float]
    exact: bool
    deals: int
    kept: int | None = None
    intervals: Mapping[Any, Estimate] = field(default_factory=dict)
    limits: Mapping[Any, Distribution[int]] = field(default_factory=dict)

    @property
    def chance(self) -> float:
        """The chance, before the bidding, that the seat says what it said (Bayes' divisor)."""
        if not self.exact:
            return (self.kept or 0) / self.deals
        return sum(float(p) * self.likelihood[value] for value, p in self.prior.items())

    def _title(self) -> str:
        return str(Msg('{feature}, before and after "{said}"', feature=self.label,
                       said=self.said.text()))  # fmt: skip

    def _note(self) -> str:
        if self.exact:
            return str(Msg("exact: every one of the {n} hands counted", n=self.deals))
        return str(
            Msg(
                "estimated: {kept} of {n} hands drawn bid so (95% intervals, Wilson)",
                kept=self.kept,
                n=self.deals,
            )
        )

    def _rows(self) -> list[list[str]]:
        from cardlib.display.tables import key_text

        rows = []
        for value, p in self.prior.items():
            after = self.posterior.get(value, Fraction(0))
            likely = self.likelihood.get(value, 0.0)
            row = [key_text(value), str(p), f"{float(p) * 100:.2f}", f"{likely:.4f}",
                   f"{float(after) * 100:.2f}"]  # fmt: skip
            if self.intervals:
                found = self.intervals.get(value)
                row.append(f"{found.low * 100:.1f}–{found.high * 100:.1f}" if found else "-")
            rows.append(row)
        return rows

    def _headers(self) -> list[str]:
        said = str(Msg("P(said | {feature})", feature=self.label))
        heads = [str(self.label), _("prior"), _("prior %"), said, _("posterior %")]
        return heads + ([_("95% interval")] if self.intervals else [])

    def __str__(self) -> str:
        from cardlib.display.width import columns, ljust, rjust

        heads, rows = self._headers(), self._rows()
        widths = [max(map(columns, column)) for column in zip(heads, *rows, strict=True)]
        lines = [self._title()]
        for row in (heads, *rows):
            cells = [ljust(row[0], widths[0])]
            cells += [rjust(text, width) for text, width in zip(row[1:], widths[1:], strict=True)]
            lines.append("  " + "  ".join(cells).rstrip())
        lines.append("  " + self._note())
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.display.tables import html_table

        return html_table(self._headers(), self._rows(), caption=self._title(),
                          notes=[self._note()])  # fmt: skip

    def plot(self, ax: Axes | None = None) -> Axes:
        """Bars of the prior against the posterior (with the 95% intervals when sampled).

        >>> ax = bidding_posterior("24 then passed").plot()
        >>> len(ax.patches)
        10
        """
        from cardlib.probability.plots import compare_chart

        chart = compare_chart(
            [(_("before the bidding"), self.prior), (_("after it"), self.posterior)],
            ax,
            xlabel=str(self.label),
            title=self._title(),
        )
        if self.intervals:
            keys = list(self.prior)
            xs = [i + 0.2 for i, key in enumerate(keys) if key in self.intervals]
            found = [self.intervals[key] for key in keys if key in self.intervals]
            mids = [float(self.posterior.get(key, 0)) * 100 for key in keys
                    if key in self.intervals]  # fmt: skip
            pairs = list(zip(mids, found, strict=True))
            chart.errorbar(xs, mids, yerr=[[m - e.low * 100 for m, e in pairs],
                                           [e.high * 100 - m for m, e in pairs]],
                           fmt="none", ecolor="black", capsize=3)  # fmt: skip
        return chart


def bidding_posterior(
    said: Said | str,
    feature: str | Callable[[tuple[Card, ...]], Hashable] = "jacks",
    *,
    view: SkatView | None = None,
    samples: int = 4000,
    rng: random.Random | int | None = None,
) -> BiddingPosterior:
    """The chance of each value of ``feature`` of a hand whose bidder said ``said``.

    ``said``: a :class:`~cardlib.skat.players.evidence.Said` (``said_in(view)`` gives them) or
    a text: ``"24 then passed"`` (said or held 24, refused the next bid), ``"18, passed at 24"``,
    ``"bid 24"`` (and won the bidding, or has not passed yet), ``"passed at once"``, each with
    the seat in front if it matters (``"MH 24 then passed"``). ``feature``: one of
    :data:`FEATURES` or a function of the ten cards. Without a ``view`` the hand is ten cards
    dealt at random from the 32; with one (a seat's view in a deal: ``state.view(seat)``) it is
    the said seat's hand at the bidding as that view may know it: the cards it played, and the
    rest from the cards the view has not seen. ``samples`` hands (seeded by ``rng``) are drawn
    where counting does not serve (see the module).

    >>> from cardlib.skat import new_deal, new_game, Bid, Hold, Pass
    >>> state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
    >>> from cardlib.skat.players.evidence import said_in
    >>> fh = said_in(state.view(2))[0]                    # RH heard FH hold 18 and pass at 20
    >>> seen = bidding_posterior(fh, "aces", view=state.view(2))
    >>> seen.exact, seen.deals, round(float(seen.posterior.mean()), 2)
    (True, 646646, 0.44)
    """
    told = _read_said(said, view)
    chosen = _feature(feature)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardlibError(
            Msg("bidding_posterior: samples must be a whole number 1 or more, got {samples}",
                samples=repr(samples))
        )  # fmt: skip
    if view is None:
        return _from_cards(told, chosen, (), SKAT_DECK, 10, samples, rng)
    return _from_view(told, chosen, view, samples, rng)


def model_says(hand: Sequence[Card], rng: random.Random | int | None = None, seat: int = 1) -> Said:
    """What the model's bidder holding ``hand`` says against a bidder who holds every bid: its
    limit drawn around the hand's :func:`~cardlib.skat.players.evidence.bid_limit` on the bid
    ladder (``k`` steps away with weight ``exp(-k / SPREAD)``), it says the highest bid value
    within the limit and passes at the next (or at once, below 18). The simulation behind
    :attr:`Said.probability <cardlib.skat.players.evidence.Said.probability>`.

    >>> from cardlib import parse_cards
    >>> model_says(parse_cards("CJ SJ HJ CA CT CK CQ C9 S7 H7"), rng=1)
    Said(seat=1, low=45, high=46)
    """
    generator = as_rng(rng)
    drawn = generator.choices(range(len(LADDER)), ladder_weights(bid_limit(hand)))[0]
    if drawn == 0:
        return Said(seat, 0, 18)
    high = LADDER[drawn + 1] if drawn + 1 < len(LADDER) else None
    return Said(seat, LADDER[drawn], high)


def _from_view(told: Said, chosen: _Feature, view: SkatView, samples: int,
               rng: random.Random | int | None) -> BiddingPosterior:  # fmt: skip
    from cardlib.skat.engine.phases import Phase
    from cardlib.skat.knowledge import knowledge_of

    seat = told.seat
    if seat == int(view.seat):
        raise CardlibError(
            Msg("bidding_posterior: {seat} knows its own hand; ask about another seat's",
                seat=position_term(seat))
        )  # fmt: skip
    hand_game = view.declaration is not None and view.declaration.hand
    if seat == view.declarer and view.phase not in (Phase.BIDDING, Phase.SKAT) and not hand_game:
        raise CardlibError(
            Msg(
                "bidding_posterior: {seat} took up the skat, so which ten of its cards it bid "
                "with is not known; ask before it took the skat up",
                seat=position_term(seat),
            )
        )
    known = knowledge_of(view)
    if "gone" in known.holders:
        raise CardlibError(
            Msg("bidding_posterior: this position was set up card by card; the cards played "
                "before it, and so the hands at the bidding, are not recorded")
        )  # fmt: skip
    played = tuple(
        card
        for leader, cards in [(t.leader, t.cards) for t in view.tricks]
        + ([(int(view.trick_leader), view.trick)] if view.trick_leader is not None else [])
        for i, card in enumerate(cards)
        if (leader + i) % 3 == seat
    )
    open_hand = known.known[seat]
    if open_hand is not None:
        return _from_cards(told, chosen, (*open_hand, *played), (), 0, samples, rng)
    holder = known.holder_seats.index(seat)
    if not any(known.voids) and not known.bound:  # the hand: a uniform draw from the unseen
        return _from_cards(told, chosen, played, known.cards, known.places[holder], samples, rng)
    from cardlib.skat.players.sampling_deals import sample_deals

    generator = as_rng(rng)
    deals = sample_deals(known, samples, generator)
    hands = [tuple(deal[0][seat]) + played for deal in deals]
    if len(deals) == known.count():
        return _counted(told, chosen, hands)
    return _sampled(told, chosen, hands, generator)


def _from_cards(told: Said, chosen: _Feature, known: tuple[Card, ...],
                available: Sequence[Card], draw: int, samples: int,
                rng: random.Random | int | None) -> BiddingPosterior:  # fmt: skip
    """Hands of the ``known`` cards and ``draw`` of the ``available`` ones, all equally likely."""
    pool = tuple(available)
    if chosen.of_class is not None:
        return _by_classes(told, chosen, tuple(known), pool, draw)
    if math.comb(len(pool), draw) <= EXACT_HANDS:
        return _counted(told, chosen, [(*known, *more) for more in combinations(pool, draw)])
    generator = as_rng(rng)
    return _sampled(told, chosen,
                    [(*known, *generator.sample(pool, draw)) for _ in range(samples)],
                    generator)  # fmt: skip


def _result(told: Said, chosen: _Feature, counts: Mapping[tuple[Hashable, int], int],
            deals: int) -> BiddingPosterior:  # fmt: skip
    """The exact result from the number of hands of each (value, limit)."""
    by_value: dict[Any, dict[int, int]] = {}
    for (value, limit), count in counts.items():
        inner = by_value.setdefault(value, {})
        inner[limit] = inner.get(limit, 0) + count
    total = sum(counts.values())
    mass = {limit: told.probability(limit) for limit in {limit for _, limit in counts}}
    weighted = {value: sum(count * Fraction(mass[limit]) for limit, count in inner.items())
                for value, inner in by_value.items()}  # fmt: skip
    whole = sum(weighted.values(), Fraction(0))
    prior = {value: Fraction(sum(inner.values()), total) for value, inner in by_value.items()}
    return BiddingPosterior(
        told, chosen.name, chosen.label,
        Distribution(prior, chosen.label),
        Distribution({value: w / whole for value, w in weighted.items()}, chosen.label),
        {value: float(weighted[value] / sum(inner.values())) for value, inner in by_value.items()},
        True, deals,
        limits={value: Distribution({limit: Fraction(n, sum(inner.values()))
                                     for limit, n in inner.items()}, Msg("limit"))
                for value, inner in by_value.items()},
    )  # fmt: skip


def _counted(told: Said, chosen: _Feature, hands: Iterable[tuple[Card, ...]]) -> BiddingPosterior:
    counts: dict[tuple[Hashable, int], int] = {}
    n = 0
    for hand in hands:
        ordered = tuple(sorted(hand, key=SKAT_DECK.index))
        key = (chosen.of_cards(ordered), bid_limit(ordered))
        counts[key] = counts.get(key, 0) + 1
        n += 1
    return _result(told, chosen, counts, n)


def _sampled(told: Said, chosen: _Feature, hands: Sequence[tuple[Card, ...]],
             generator: random.Random) -> BiddingPosterior:  # fmt: skip
    drawn: dict[Any, int] = {}
    kept: dict[Any, int] = {}
    for hand in hands:
        ordered = tuple(sorted(hand, key=SKAT_DECK.index))
        value = chosen.of_cards(ordered)
        drawn[value] = drawn.get(value, 0) + 1
        if generator.random() < told.probability(bid_limit(ordered)):
            kept[value] = kept.get(value, 0) + 1
    n, k = len(hands), sum(kept.values())
    if not k:
        raise CardlibError(
            Msg(
                "bidding_posterior: none of the {n} hands drawn bid as {said}; draw more "
                "(samples=)",
                n=n,
                said=told.text(),
            )
        )
    return BiddingPosterior(
        told, chosen.name, chosen.label,
        Distribution({value: Fraction(m, n) for value, m in drawn.items()}, chosen.label),
        Distribution({value: Fraction(kept.get(value, 0), k) for value in drawn}, chosen.label),
        {value: kept.get(value, 0) / m for value, m in drawn.items()},
        False, n, k,
        intervals={value: proportion(f"{chosen.name} = {value}", kept.get(value, 0), k)
                   for value in drawn},
    )  # fmt: skip


# Counting by classes ---------------------------------------------------------------------------


@dataclass
class _Group:
    """The ways a suit's share of a hand can look alike to the model: a size (cards drawn from
    the available ones), a plain count, ace, ten (``key``); per run of top cards the ways, and
    the ways safe for a Null without the suit's jack and with it (``runs``); ``ways`` the same
    summed over the runs; and a set of plain ranks that stands for each (run, jack, safe)."""

    count: int
    ace: bool
    runs: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    ways: tuple[int, int, int] = (0, 0, 0)
    held: dict[tuple[int | None, bool, bool | None], tuple[Card, ...]] = field(default_factory=dict)

    def add(self, run: int, held: tuple[Card, ...], safe: bool, safe_with_jack: bool) -> None:
        """One more way, with this run of top cards (``held``: its plain cards)."""
        ways, plain, jack = self.runs.get(run, (0, 0, 0))
        self.runs[run] = (ways + 1, plain + safe, jack + safe_with_jack)
        self.ways = (self.ways[0] + 1, self.ways[1] + safe, self.ways[2] + safe_with_jack)
        for jack_held, is_safe in ((False, safe), (True, safe_with_jack)):
            for key in ((run, jack_held, is_safe), (run, jack_held, None),
                        (None, jack_held, is_safe), (None, jack_held, None)):  # fmt: skip
                self.held.setdefault(key, held)

    def stand_in(self, run: int | None, jack: bool, safe: bool | None) -> tuple[Card, ...] | None:
        """Plain cards of this group (with that run, if given; safe or not, if given)."""
        return self.held.get((run, jack, safe))


def _lead_run(held: frozenset[Rank]) -> int:
    """The signed run of top cards of a suit's plain cards: +2 for A 10 held, -1 for the ace
    missing and the ten held."""
    return signed_run([rank in held for rank in _PLAIN])


def _groups(suit: Suit, known: frozenset[Rank], available: tuple[Rank, ...]) -> (
    dict[int, list[_Group]]
):  # fmt: skip
    """A suit's groups by size, for a hand that holds the ``known`` plain ranks of it and may
    hold the ``available`` ones."""
    from cardlib.skat.players.bots import null_risks

    found: dict[tuple[int, int, bool, bool], _Group] = {}
    jack = Card(suit, Rank.JACK)
    for size in range(len(available) + 1):
        for chosen in combinations(available, size):
            held = known | frozenset(chosen)
            ace, ten = Rank.ACE in held, Rank.TEN in held
            group = found.setdefault((size, len(held), ace, ace and ten),
                                     _Group(len(held), ace))  # fmt: skip
            cards = tuple(Card(suit, rank) for rank in held)
            group.add(_lead_run(held), cards, not null_risks(cards),
                      not null_risks([*cards, jack]))  # fmt: skip
    by_size: dict[int, list[_Group]] = {}
    for (size, *_shape), group in found.items():
        by_size.setdefault(size, []).append(group)
    return by_size


@lru_cache(maxsize=16)
def _classes(known: tuple[Card, ...], available: tuple[Card, ...], draw: int) -> dict[Key, int]:
    """The hands of the ``known`` cards and ``draw`` of the ``available`` ones, counted by
    class: limit, jacks, aces and plain cards of each suit."""
    have = frozenset(known)
    free = frozenset(available)
    groups = [
        _groups(s, frozenset(c.rank for c in have if c.suit is s and c.rank is not Rank.JACK),
                tuple(r for r in _PLAIN if Card(s, r) in free))
        for s in _SUITS
    ]  # fmt: skip
    jacks_known = [Card(s, Rank.JACK) in have for s in _SUITS]
    jacks_free = [i for i, s in enumerate(_SUITS) if Card(s, Rank.JACK) in free]
    counts: dict[Key, int] = {}
    for size in range(min(draw, len(jacks_free)) + 1):
        for taken in combinations(jacks_free, size):
            jacks = tuple(jacks_known[i] or i in taken for i in range(4))
            _count_jacks(jacks, groups, draw - size, counts)
    return counts


def _count_jacks(jacks: tuple[bool, ...], groups: list[dict[int, list[_Group]]], left: int,
                 counts: dict[Key, int]) -> None:  # fmt: skip
    """Count the hands with these jacks and ``left`` more cards from the suits' groups."""
    run_counts = sum(jacks) in (0, 4)  # only then does the run of top cards reach a game's value
    sizes = [sorted(g) for g in groups]
    for a in sizes[0]:
        for b in sizes[1]:
            for c in sizes[2]:
                d = left - a - b - c
                if d < 0 or d not in groups[3]:
                    continue
                for four in product(groups[0][a], groups[1][b], groups[2][c], groups[3][d]):
                    _count_class(jacks, four, run_counts, counts)


_JACKS = tuple(Card(suit, Rank.JACK) for suit in _SUITS)


def _hand(jacks: tuple[bool, ...], held: Sequence[tuple[Card, ...] | None]) -> list[Card]:
    cards = [jack for jack, is_held in zip(_JACKS, jacks, strict=True) if is_held]
    for plain in held:
        cards += plain or ()
    return cards


def _count_class(jacks: tuple[bool, ...], four: tuple[_Group, ...], run_counts: bool,
                 counts: dict[Key, int]) -> None:  # fmt: skip
    """Count the hands of one class (four suits' groups), by limit: each limit is the simple
    player's, of a hand that stands for the class. The run of top cards of a suit is told apart
    only where it sets the value of a suit game the hand may play (with all four jacks, or none,
    the matadors run on into the suit)."""
    n_jacks = sum(jacks)
    aces = four[0].ace + four[1].ace + four[2].ace + four[3].ace
    plain = (four[0].count, four[1].count, four[2].count, four[3].count)
    rows: list[list[tuple[tuple[int, int, int], int | None]]] = [[(g.ways, None)] for g in four]
    if run_counts:
        some = [g.stand_in(None, j, None) for g, j in zip(four, jacks, strict=True)]
        found = margins(_hand(jacks, some))
        for i, game in enumerate(_SUIT_GAMES):
            if found[game][0] >= 0 and len(four[i].runs) > 1:
                rows[i] = [(ways, run) for run, ways in four[i].runs.items()]
    for choice in product(*rows):
        ways, safe = 1, 1
        for ((w, plain_safe, jack_safe), _run), jack in zip(choice, jacks, strict=True):
            ways *= w
            safe *= jack_safe if jack else plain_safe
        runs = [run for _, run in choice]
        limit = None
        if ways > safe:
            risky = next(i for i, (g, r, j) in enumerate(zip(four, runs, jacks, strict=True))
                         if g.stand_in(r, j, False) is not None)  # fmt: skip
            held = [g.stand_in(r, j, False if i == risky else None)
                    for i, (g, r, j) in enumerate(zip(four, runs, jacks, strict=True))]  # fmt: skip
            limit = bid_limit(_hand(jacks, held))
            key = (limit, n_jacks, aces, plain)
            counts[key] = counts.get(key, 0) + ways - safe
        if safe:
            # A safe-looking Null (23) is one option more: it is chosen over no game (limit 0),
            # never over a game worth 23 or more; over 18 to 22 only when that game's margin is
            # nothing, which the hand itself decides.
            if limit is None or limit in (18, 20, 22):
                held = [g.stand_in(r, j, True) for g, r, j in zip(four, runs, jacks, strict=True)]
                limit = bid_limit(_hand(jacks, held))
            elif limit == 0:
                limit = 23
            key = (limit, n_jacks, aces, plain)
            counts[key] = counts.get(key, 0) + safe


def _by_classes(told: Said, chosen: _Feature, known: tuple[Card, ...],
                available: tuple[Card, ...], draw: int) -> BiddingPosterior:  # fmt: skip
    assert chosen.of_class is not None
    read = chosen.of_class
    counts: dict[tuple[Hashable, int], int] = {}
    for key, n in _classes(known, available, draw).items():
        found = (read(key), key[0])
        counts[found] = counts.get(found, 0) + n
    return _result(told, chosen, counts, math.comb(len(available), draw))
