"""Exact distributions: counting, the hypergeometric law, how special cards split among holders.

Every probability is a :class:`~fractions.Fraction`. A :class:`Distribution` is a read-only mapping
from outcomes to their probabilities that shows itself as a table (text, or HTML in Jupyter) and
draws itself as a bar chart.

>>> hypergeometric(22, 4, 2)          # jacks in the skat when you hold none of the four
special cards among 2 drawn from 22 of which 4 are special
  outcome  probability       %
  0              51/77   66.23
  1              24/77   31.17
  2               2/77    2.60
>>> split_distribution(2, (10, 10))
2 cards among holders of 10-10 unseen cards
  outcome  probability       %
  0-2             9/38   23.68
  1-1            10/19   52.63
  2-0             9/38   23.68
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

from cardlib.display.tables import key_text
from cardlib.display.width import columns, ljust, rjust
from cardlib.errors import CardlibError, shown
from cardlib.i18n import Msg, Plural, _
from cardlib.limits import MAX_OUTCOMES, check_size

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "Distribution",
    "P",
    "all_deals",
    "coin_split",
    "deal_count",
    "hypergeometric",
    "key_text",
    "patterns",
    "split_distribution",
]

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)
T = TypeVar("T")


class Distribution(Mapping[K, Fraction]):
    """Outcomes and their exact probabilities; read-only, shows itself as a table (text, and
    HTML in Jupyter). The ``title`` may be a :class:`~cardlib.i18n.Msg`, worded when shown.

    Equal to any mapping with the same items, so it compares with a plain ``dict``.

    >>> d = Distribution({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}, "heads")
    >>> d[1], d.mean(), d.prob(lambda k: k >= 1)
    (Fraction(1, 2), Fraction(1, 1), Fraction(3, 4))
    >>> print(d)
    heads
      outcome  probability       %
      0                1/4   25.00
      1                1/2   50.00
      2                1/4   25.00
    """

    __slots__ = ("_probs", "title")

    def __init__(
        self, probs: Mapping[K, Fraction] | Iterable[tuple[K, Fraction]], title: str | Msg = ""
    ):
        items = dict(probs)
        try:
            keys: list[K] = sorted(items)  # type: ignore[type-var]
        except TypeError:
            keys = list(items)
        self._probs: dict[K, Fraction] = {key: Fraction(items[key]) for key in keys}
        self.title = title

    def __getitem__(self, key: K) -> Fraction:
        return self._probs[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "title"):
            raise AttributeError(f"a Distribution is read-only: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def total(self) -> Fraction:
        """The sum of all probabilities: exactly 1 for every distribution cardlib computes.

        >>> hypergeometric(32, 4, 10).total()
        Fraction(1, 1)
        """
        return sum(self._probs.values(), Fraction(0))

    def prob(self, event: Callable[[K], bool] | Collection[K]) -> Fraction:
        """The probability of an event: a test on outcomes or a collection of outcomes.

        >>> jacks = hypergeometric(22, 4, 2)
        >>> jacks.prob(lambda k: k > 0), jacks.prob({1, 2})
        (Fraction(26, 77), Fraction(26, 77))
        """
        test = event if callable(event) else event.__contains__
        return sum((p for key, p in self._probs.items() if test(key)), Fraction(0))

    def mean(self) -> Fraction:
        """The expected value of numeric outcomes.

        >>> hypergeometric(22, 4, 2).mean()      # 2 cards x 4/22
        Fraction(4, 11)
        """
        return sum((Fraction(key) * p for key, p in self._probs.items()), Fraction(0))  # type: ignore[call-overload]

    def map(self, function: Callable[[K], J], title: str | Msg | None = None) -> Distribution[J]:
        """Group outcomes by ``function`` and add their probabilities (the distribution of f(X)).

        >>> split_distribution(2, (10, 10)).map(lambda k: max(k), "the longer part")
        the longer part
          outcome  probability       %
          1              10/19   52.63
          2               9/19   47.37
        """
        grouped: dict[J, Fraction] = {}
        for key, p in self._probs.items():
            image = function(key)
            grouped[image] = grouped.get(image, Fraction(0)) + p
        return Distribution(grouped, self.title if title is None else title)

    def table(self, outcome: str | None = None) -> str:
        """The text table: outcome (or what ``outcome`` calls it), exact probability, percent.

        >>> print(hypergeometric(22, 1, 2).table("♣J in the skat"))
        special cards among 2 drawn from 22 of which 1 is special
          ♣J in the skat  probability       %
          0                     10/11   90.91
          1                      1/11    9.09
        """
        outcome = _("outcome") if outcome is None else outcome
        probability = _("probability")
        keys = [key_text(key) for key in self._probs]
        exact = [str(p) for p in self._probs.values()]
        kw = max([columns(outcome), *map(columns, keys)])
        ew = max([columns(probability), *map(len, exact)])
        lines = [str(self.title)] if self.title else []
        lines.append(f"  {ljust(outcome, kw)}  {rjust(probability, ew)}  {'%':>6}")
        for key, text, p in zip(keys, exact, self._probs.values(), strict=True):
            lines.append(f"  {ljust(key, kw)}  {text:>{ew}}  {float(p) * 100:6.2f}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        """The table as HTML, for Jupyter: outcome, exact probability, percent."""
        from cardlib.display.tables import html_table, percent

        rows = [[key_text(key), str(p), percent(p)] for key, p in self._probs.items()]
        return html_table([_("outcome"), _("probability"), "%"], rows, caption=str(self.title))

    def plot(self, ax: Axes | None = None, *, xlabel: str = "", color: str = "tab:blue") -> Axes:
        """A bar chart of the distribution (matplotlib, imported only here).

        >>> ax = hypergeometric(22, 4, 2).plot(xlabel="jacks in the skat")
        >>> [round(float(bar.get_height()), 2) for bar in ax.patches]      # percent
        [66.23, 31.17, 2.6]
        """
        from cardlib.probability.plots import bar_chart

        return bar_chart(self, ax=ax, xlabel=xlabel, color=color)


def _count(value: object, name: str, call: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CardlibError(
            Msg(
                "{call}: {name} must be a whole number 0 or more, got {value}",
                call=call,
                name=name,
                value=repr(value),
            )
        )
    return value


def hypergeometric(population: int, successes: int, draws: int) -> Distribution[int]:
    """How many special cards ``draws`` cards drawn from ``population`` contain, when
    ``successes`` of the population are special: ``C(K,k) C(N-K,n-k) / C(N,n)``.

    >>> hypergeometric(22, 1, 2)          # a given unseen card is in the skat with chance 1/11
    special cards among 2 drawn from 22 of which 1 is special
      outcome  probability       %
      0              10/11   90.91
      1               1/11    9.09
    >>> hypergeometric(51, 3, 1)[1]       # a second card matches the first's rank: 1/17
    Fraction(1, 17)

    A population above :data:`~cardlib.limits.MAX_POPULATION` (10,000 cards) is refused.
    """
    call = f"hypergeometric({population!r}, {successes!r}, {draws!r})"
    n = _count(population, "population", call)
    k = _count(successes, "successes", call)
    d = _count(draws, "draws", call)
    check_size(call, n, "MAX_POPULATION")
    if k > n or d > n:
        raise CardlibError(
            Msg(
                "{call}: cannot have or draw more than the {n} cards of the population",
                call=call,
                n=n,
            )
        )
    total = math.comb(n, d)
    return Distribution(
        {
            i: Fraction(math.comb(k, i) * math.comb(n - k, d - i), total)
            for i in range(max(0, d - (n - k)), min(d, k) + 1)
        },
        Plural("special cards among {drawn} drawn from {population} of which {n} is special",
               "special cards among {drawn} drawn from {population} of which {n} are special",
               k, drawn=d, population=n),
    )  # fmt: skip


def _sizes(sizes: Sequence[int], call: str) -> tuple[int, ...]:
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence) or not sizes:
        raise CardlibError(
            Msg("{call}: sizes must be a non-empty sequence of hand sizes", call=call)
        )
    check_size(call, len(sizes), "MAX_HOLDERS")
    places = tuple(_count(size, "every size", call) for size in sizes)
    check_size(call, sum(places), "MAX_POPULATION")
    return places


def _check_outcomes(call: str, total: int, caps: Sequence[int | None]) -> None:
    """Refuse before any is listed when ``total`` cards split more ways among holders with
    ``caps`` places (``None``: no cap) than :data:`~cardlib.limits.MAX_OUTCOMES`."""
    if all(cap is None for cap in caps):
        check_size(call, math.comb(total + len(caps) - 1, len(caps) - 1), "MAX_OUTCOMES")
        return
    ways = [1] + [0] * total  # ways[m]: the splits of m cards among the holders so far
    left = sum(cap for cap in caps if cap is not None)
    for cap in caps:
        assert cap is not None
        left -= cap
        running, summed = 0, []
        for m in range(total + 1):
            running += ways[m] - (ways[m - cap - 1] if m > cap else 0)
            summed.append(running)
        ways = summed
        # The holders still to come can take any 0 to ``left`` cards: a floor for the end.
        floor = max(ways[total - left :]) if left < total else max(ways)
        if floor > MAX_OUTCOMES:
            break
    check_size(call, floor, "MAX_OUTCOMES", what="outcomes, at least")


def _compositions(total: int, caps: Sequence[int | None]) -> Iterator[tuple[int, ...]]:
    if len(caps) == 1:
        if caps[0] is None or total <= caps[0]:
            yield (total,)
        return
    cap = total if caps[0] is None else min(total, caps[0])
    rest_caps = caps[1:]
    # The others take at most what they have room for: start where they can take the rest.
    room = None if None in rest_caps else sum(c for c in rest_caps if c is not None)
    low = 0 if room is None else max(0, total - room)
    for first in range(low, cap + 1):
        for rest in _compositions(total - first, rest_caps):
            yield (first, *rest)


def split_distribution(outstanding: int, sizes: Sequence[int]) -> Distribution[tuple[int, ...]]:
    """How ``outstanding`` special cards lie among unseen holders with ``sizes`` vacant places.

    Every unseen card is held by one of them, each deal equally likely, so the chance of
    ``(k1, k2, ...)`` is ``C(s1,k1) C(s2,k2) ... / C(s1+s2+..., outstanding)``.

    >>> split_distribution(1, (10, 10, 2))   # one card: chance in proportion to vacant places
    1 card among holders of 10-10-2 unseen cards
      outcome  probability       %
      0-0-1           1/11    9.09
      0-1-0           5/11   45.45
      1-0-0           5/11   45.45
    """
    call = f"split_distribution({outstanding!r}, {sizes!r})"
    places = _sizes(sizes, call)
    n = _count(outstanding, "outstanding", call)
    unseen = sum(places)
    if n > unseen:
        raise CardlibError(
            Msg(
                "{call}: {n} outstanding cards cannot lie among holders with only {unseen} places",
                call=call,
                n=n,
                unseen=unseen,
            )
        )
    _check_outcomes(call, n, places)
    total = math.comb(unseen, n)
    probs = {}
    for split in _compositions(n, places):
        ways = math.prod(math.comb(size, k) for size, k in zip(places, split, strict=True))
        probs[split] = Fraction(ways, total)
    title = Plural(
        "{n} card among holders of {sizes} unseen cards",
        "{n} cards among holders of {sizes} unseen cards",
        n,
        sizes=key_text(places),
    )
    return Distribution(probs, title)  # fmt: skip


def coin_split(outstanding: int, sizes: Sequence[int]) -> Distribution[tuple[int, ...]]:
    """The independent-coin approximation: each card goes to holder i with chance size_i / total,
    independently of the others (a multinomial). Wrong, kept as a teaching contrast: it ignores
    that a card taking a place leaves one fewer place for the next, and it even lets more cards
    lie with a holder than it has places.

    >>> coin_split(2, (10, 10))
    coin approximation: 2 cards, holders of 10-10
      outcome  probability       %
      0-2              1/4   25.00
      1-1              1/2   50.00
      2-0              1/4   25.00
    """
    call = f"coin_split({outstanding!r}, {sizes!r})"
    places = _sizes(sizes, call)
    n = _count(outstanding, "outstanding", call)
    unseen = sum(places)
    if n > unseen:
        raise CardlibError(
            Msg(
                "{call}: {n} outstanding cards cannot lie among holders with only {unseen} places",
                call=call,
                n=n,
                unseen=unseen,
            )
        )
    _check_outcomes(call, n, [None] * len(places))
    chances = [Fraction(size, unseen) for size in places]
    probs = {}
    for split in _compositions(n, [None] * len(places)):
        ways = math.factorial(n) // math.prod(math.factorial(k) for k in split)
        p = ways * math.prod((c**k for c, k in zip(chances, split, strict=True)), start=Fraction(1))
        if p:
            probs[split] = p
    title = Plural(
        "coin approximation: {n} card, holders of {sizes}",
        "coin approximation: {n} cards, holders of {sizes}",
        n,
        sizes=key_text(places),
    )
    return Distribution(probs, title)  # fmt: skip


def patterns(distribution: Mapping[tuple[int, ...], Fraction]) -> Distribution[tuple[int, ...]]:
    """Fold a split between two players into patterns regardless of who holds the longer part:
    ``(3, 2)`` and ``(2, 3)`` both count as the ``3-2`` pattern. A third count (the skat) is kept.

    >>> patterns(split_distribution(5, (13, 13)))     # the bridge table
    patterns: 5 cards among holders of 13-13 unseen cards
      outcome  probability       %
      3-2           78/115   67.83
      4-1            13/46   28.26
      5-0            9/230    3.91
    """
    title = getattr(distribution, "title", "")
    return Distribution(distribution).map(
        lambda key: (max(key[:2]), min(key[:2]), *key[2:]),
        Msg("patterns: {title}", title=title) if title else "",
    )


def deal_count(sizes: Sequence[int]) -> int:
    """The number of distinct deals of ``sum(sizes)`` cards into hands of the given sizes.

    >>> deal_count((10, 10, 10, 2))                # Skat: C(32,10) C(22,10) C(12,10)
    2753294408504640
    """
    places = _sizes(sizes, f"deal_count({sizes!r})")
    return math.factorial(sum(places)) // math.prod(math.factorial(size) for size in places)


def all_deals(cards: Sequence[T], sizes: Sequence[int]) -> Iterator[tuple[tuple[T, ...], ...]]:
    """Every way to deal ``cards`` into hands of ``sizes`` (all cards dealt), for brute force.

    >>> [tuple("".join(hand) for hand in deal) for deal in all_deals("abc", (1, 2))]
    [('a', 'bc'), ('b', 'ac'), ('c', 'ab')]
    """
    call = f"all_deals({cards!r}, {sizes!r})"
    places = _sizes(sizes, call)
    pool = tuple(cards)
    if sum(places) != len(pool):
        raise CardlibError(
            Msg(
                "{call}: {count} cards cannot fill hands of {total} cards",
                call=call,
                count=len(pool),
                total=sum(places),
            )
        )

    def deal(rest: tuple[T, ...], hands: tuple[int, ...]) -> Iterator[tuple[tuple[T, ...], ...]]:
        if len(hands) == 1:
            yield (rest,)
            return
        for chosen in combinations(range(len(rest)), hands[0]):
            picked = set(chosen)
            hand = tuple(rest[i] for i in chosen)
            remaining = tuple(card for i, card in enumerate(rest) if i not in picked)
            for others in deal(remaining, hands[1:]):
                yield (hand, *others)

    return deal(pool, places)


def P(event: Callable[[T], bool] | Collection[T], space: Iterable[T]) -> Fraction:
    """The probability of an event in a space of equally likely outcomes, by counting them all.

    ``event`` is a test or a collection of outcomes; ``space`` any finite iterable (a
    :class:`Distribution` is weighted by its probabilities instead).

    >>> P(lambda pair: pair[0][1] == pair[1][1], combinations(["CA", "SA", "C7", "D7"], 2))
    Fraction(1, 3)
    """
    if isinstance(space, Distribution):
        return space.prob(event)
    test = event if callable(event) else event.__contains__
    favourable = total = 0
    for outcome in space:
        total += 1
        try:
            favourable += bool(test(outcome))
        except TypeError:
            if callable(event):
                raise
            raise CardlibError(
                _(
                    "P(event, space): the outcome {outcome} cannot be looked up in event={event}"
                ).format(outcome=shown(outcome), event=shown(event))
            ) from None
    if not total:
        raise CardlibError(Msg("P(event, space): the space is empty, so nothing has a probability"))
    return Fraction(favourable, total)


def quote_cards(cards: object) -> str:
    """Cards as the user gave them, for error messages: text quoted as given, cards in notation.

    >>> from cardlib import parse_cards
    >>> quote_cards("CJ HT"), quote_cards(parse_cards("CJ HT")), quote_cards(None)
    ("'CJ HT'", "'CJ HT'", 'None')
    """
    if isinstance(cards, str) or cards is None:
        return repr(cards)
    try:
        return repr(" ".join(str(card) for card in cards))  # type: ignore[attr-defined]
    except TypeError:
        return repr(cards)


def read_cards(
    cards: str | Iterable[object], call: str, pack: Collection[object] | None = None
) -> tuple[Any, ...]:
    """Cards from text or an iterable of cards/texts; each once, and (if given) from ``pack``.

    >>> read_cards("CJ HT", "example")
    (Card('CJ'), Card('HT'))
    >>> read_cards(["CJ", "CJ"], "example")
    Traceback (most recent call last):
    ...
    cardlib.errors.CardlibError: example: CJ is given twice; each card exists once
    """
    from cardlib.cards import Card, as_cards

    result = as_cards(cards, name=call)  # type: ignore[arg-type]
    seen: set[Card] = set()
    for card in result:
        if card in seen:
            raise CardlibError(
                Msg(
                    "{call}: {card} is given twice; each card exists once",
                    call=call,
                    card=str(card),
                )
            )
        seen.add(card)
        if pack is not None and card not in pack:
            raise CardlibError(
                Msg(
                    "{call}: {card} is not in the 32-card Skat pack (A K Q J 10 9 8 7)",
                    call=call,
                    card=str(card),
                )
            )
    return result
