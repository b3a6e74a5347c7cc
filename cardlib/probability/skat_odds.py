"""Skat from one player's seat: what the skat may hold and how the missing trumps split.

>>> outlook = skat_outlook("CJ HJ CA CT C9 SA ST H7 D8 D7")
>>> outlook.jacks                       # ♠J and ♦J are missing
jacks in the skat
  outcome  probability       %
  0            190/231   82.25
  1             40/231   17.32
  2              1/231    0.43
>>> outlook.chance("SJ"), outlook.chance("CJ")
(Fraction(1, 11), Fraction(0, 1))
>>> split = trump_split("CJ HJ CA CT C9 SA ST H7 D8 D7 SK DK", "C")   # skat SK DK: 6 out
>>> patterns(split)[(3, 3)], patterns(split)[(4, 2)]
(Fraction(120, 323), Fraction(315, 646))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from cardlib.cards import SKAT_DECK, Card
from cardlib.display.width import columns, rjust
from cardlib.errors import CardlibError
from cardlib.estimates import Progress, SimulationResult, proportion
from cardlib.i18n import N_, Msg, Plural, _
from cardlib.parallel import run_seeded
from cardlib.probability.core import (
    Distribution,
    coin_split,
    hypergeometric,
    key_text,
    patterns,
    quote_cards,
    read_cards,
    split_distribution,
)
from cardlib.skat.engine import facts as games
from cardlib.skat.engine.facts import JACKS, GameType, card_points, trumps
from cardlib.skat.engine.names import game_label

__all__ = [
    "FindingTable",
    "SkatOutlook",
    "deal_trump_split",
    "matadors",
    "sample_trump_split",
    "skat_finding_table",
    "skat_outlook",
    "trump_split",
]

_PACK = frozenset(SKAT_DECK)


def read_game(game: GameType | str, call: str, trumps_needed: bool = True) -> GameType:
    """A game type from itself or its letter; a null game refused where trumps are asked about.

    >>> read_game("C", "matadors").label
    'clubs'
    """
    chosen = game if isinstance(game, GameType) else GameType.parse(game)
    if trumps_needed and chosen is GameType.NULL:
        raise CardlibError(
            Msg("{call}: a null game has no trumps; ask about a suit game or grand", call=call)
        )
    return chosen


def matadors(cards: Iterable[Card], game: GameType | str) -> int:
    """Matadors over ``cards`` (the declarer's ten plus the skat): ``+n`` with, ``-n`` without.

    >>> from cardlib import parse_cards
    >>> matadors(parse_cards("CJ SJ DJ CA"), "C"), matadors(parse_cards("HJ CA"), "C")
    (2, -2)
    """
    chosen = read_game(game, f"matadors(..., {game!r})")
    return games.matadors(cards, chosen)


@dataclass(frozen=True, slots=True, repr=False)
class FindingTable:
    """The skat-finding table: wanting any of ``n`` cards, the chance the skat holds at least one
    of them, and both (two of them).

    >>> print(skat_finding_table(range(1, 3)))
    skat-finding table (22 unseen cards, 2 in the skat)
      wanted     at least one            both
           1      1/11   9.1%        0   0.0%
           2    41/231  17.7%    1/231   0.4%
    """

    unseen: int
    rows: tuple[tuple[int, Fraction, Fraction], ...]

    def _title(self) -> str:
        title = Plural(
            "skat-finding table ({n} unseen card, 2 in the skat)",
            "skat-finding table ({n} unseen cards, 2 in the skat)",
            self.unseen,
        )
        return str(title)  # fmt: skip

    def __str__(self) -> str:
        heads = [_("wanted"), _("at least one"), _("both")]
        rows = [
            [
                str(wanted),
                f"{one!s:>7} {float(one) * 100:5.1f}%",
                f"{both!s:>6} {float(both) * 100:5.1f}%",
            ]
            for wanted, one, both in self.rows
        ]
        widths = [max(columns(row[i]) for row in [heads, *rows]) for i in range(3)]
        lines = [self._title()]
        lines += ["  " + "   ".join(rjust(cell, w) for cell, w in zip(row, widths, strict=True))
                  for row in [heads, *rows]]  # fmt: skip
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table, percent

        rows = [[wanted, one, percent(one, 1), both, percent(both, 1)]
                for wanted, one, both in self.rows]  # fmt: skip
        return html_table(
            [_("wanted cards"), _("at least one in the skat"), "%", _("two in the skat"), "%"],
            rows,
            caption=self._title(),
        )


def skat_finding_table(wanted: Iterable[int] = range(1, 9), unseen: int = 22) -> FindingTable:
    """For each number of wanted cards: P(at least one lies in the skat), P(two of them do).

    >>> table = skat_finding_table(range(1, 3))
    >>> table.rows
    ((1, Fraction(1, 11), Fraction(0, 1)), (2, Fraction(41, 231), Fraction(1, 231)))
    """
    rows = []
    for n in wanted:
        found = hypergeometric(unseen, n, 2)
        rows.append((n, 1 - found.get(0, Fraction(0)), found.get(2, Fraction(0))))
    return FindingTable(unseen, tuple(rows))


@dataclass(frozen=True, slots=True, repr=False)
class SkatOutlook:
    """What the two skat cards may be, seen from a 10-card hand (every pair of the 22 unseen cards
    equally likely: 231 skats).

    >>> outlook = skat_outlook("HJ CA CT C9 SA ST H7 D8 D7 DA")     # 55 points; 3 jacks out
    >>> len(outlook.skats()), outlook.jacks[0], outlook.points.mean()
    (231, Fraction(57, 77), Fraction(65, 11))
    >>> outlook.chance("CJ"), outlook.any_of("CJ SJ"), outlook.both_of("CJ SJ")
    (Fraction(1, 11), Fraction(41, 231), Fraction(1, 231))
    >>> outlook.finding("CJ SJ DJ")
    wanted cards in the skat
      outcome  probability       %
      0              57/77   74.03
      1              19/77   24.68
      2               1/77    1.30
    >>> outlook.matadors("C")[1], outlook.matadors_change("C")     # ♣J but no ♠J: with 1
    (Fraction(20, 231), Fraction(41, 231))
    """

    hand: tuple[Card, ...]
    unseen: tuple[Card, ...]

    def skats(self) -> list[tuple[Card, Card]]:
        """All 231 equally likely skats."""
        return list(combinations(self.unseen, 2))

    @property
    def jacks(self) -> Distribution[int]:
        """How many jacks the skat holds."""
        missing = sum(jack not in self.hand for jack in JACKS)
        return Distribution(hypergeometric(22, missing, 2), Msg("jacks in the skat"))

    @property
    def points(self) -> Distribution[int]:
        """The card points in the skat (0 to 22)."""
        counts = Counter(card_points(skat) for skat in self.skats())
        points = {k: Fraction(v, 231) for k, v in counts.items()}
        return Distribution(points, Msg("points in the skat"))

    def chance(self, card: Card | str) -> Fraction:
        """The chance that one given card lies in the skat: 1/11 unless you hold it."""
        (found,) = read_cards([card], f"chance({card!r})", _PACK)
        return Fraction(0) if found in self.hand else Fraction(1, 11)

    def finding(self, cards: str | Iterable[Card | str]) -> Distribution[int]:
        """How many of the wanted ``cards`` lie in the skat."""
        wanted = read_cards(cards, f"finding({quote_cards(cards)})", _PACK)
        missing = sum(card not in self.hand for card in wanted)
        return Distribution(hypergeometric(22, missing, 2), Msg("wanted cards in the skat"))

    def any_of(self, cards: str | Iterable[Card | str]) -> Fraction:
        """The chance that at least one of ``cards`` lies in the skat."""
        return 1 - self.finding(cards).get(0, Fraction(0))

    def both_of(self, cards: str | Iterable[Card | str]) -> Fraction:
        """The chance that two of ``cards`` lie in the skat (for two cards: both of them)."""
        return self.finding(cards).get(2, Fraction(0))

    def matadors(self, game: GameType | str) -> Distribution[int]:
        """Matadors over hand and skat (+n with, -n without), over the 231 skats."""
        chosen = read_game(game, f"matadors({game!r})")
        counts = Counter(matadors((*self.hand, *skat), chosen) for skat in self.skats())
        return Distribution(
            {k: Fraction(v, 231) for k, v in counts.items()},
            Msg("matadors in {game}", game=game_label(chosen)),
        )

    def matadors_change(self, game: GameType | str) -> Fraction:
        """The chance the skat makes the matadors differ from what the hand alone shows."""
        own = matadors(self.hand, read_game(game, f"matadors_change({game!r})"))
        return 1 - self.matadors(game).get(own, Fraction(0))

    def _lines(self) -> list[tuple[str, str]]:
        jacks = self.jacks
        mean = self.points.mean()
        return [
            (_("jacks in the skat"), _(", ").join(f"{k}: {p}" for k, p in jacks.items())),
            (_("expected points in the skat"), f"{mean} = {float(mean):.2f}"),
            (_("each unseen card lies there with chance"), f"1/11 = {100 / 11:.2f}%"),
        ]

    def _title(self) -> str:
        cards = " ".join(card.symbol for card in self.hand)
        return str(Msg("skat outlook for {cards}", cards=cards))

    def __str__(self) -> str:
        lines = [self._title()]
        lines += [f"  {question}: {answer}" for question, answer in self._lines()]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table

        return html_table(
            [_("question"), _("answer")], self._lines(), caption=self._title(), align="ll"
        )


def skat_outlook(hand: str | Iterable[Card | str]) -> SkatOutlook:
    """The skat seen from a 10-card hand: jacks, points, single cards, matadors.

    >>> skat_outlook("CJ SJ HJ DJ CA CT CK CQ C9 C8").points.mean()   # 84 points in 22 cards
    Fraction(84, 11)
    """
    call = f"skat_outlook({quote_cards(hand)})"
    cards = read_cards(hand, call, _PACK)
    if len(cards) != 10:
        raise CardlibError(
            Msg(
                "{call}: a Skat hand has 10 cards, this has {count}",
                call=call,
                count=len(cards),
            )
        )
    held = frozenset(cards)
    return SkatOutlook(cards, tuple(card for card in SKAT_DECK if card not in held))


def _split_setup(
    cards_seen: str | Iterable[Card | str], game: GameType | str, sizes: Sequence[int] | None
) -> tuple[GameType, tuple[Card, ...], tuple[Card, ...], tuple[int, ...]]:
    call = f"trump_split({quote_cards(cards_seen)}, {game!r})"
    chosen = read_game(game, call)
    seen = read_cards(cards_seen, call, _PACK)
    if sizes is None:
        if len(seen) not in (10, 12):
            raise CardlibError(
                Msg(
                    "{call}: give 10 cards (your hand, skat unknown) or 12 (hand and skat), "
                    "not {count}; or give the holders' sizes",
                    call=call,
                    count=len(seen),
                )
            )
        sizes = (10, 10, 2) if len(seen) == 10 else (10, 10)
    places = tuple(sizes)
    if sum(places) != 32 - len(seen):
        raise CardlibError(
            Msg(
                "{call}: {unseen} cards are unseen but the holders' sizes {places} add up to "
                "{total}",
                call=call,
                unseen=32 - len(seen),
                places=places,
                total=sum(places),
            )
        )
    held = set(seen)
    missing = tuple(card for card in trumps(chosen) if card not in held)
    unseen = tuple(card for card in SKAT_DECK if card not in held)
    return chosen, missing, unseen, places


def trump_split(
    cards_seen: str | Iterable[Card | str],
    game: GameType | str,
    *,
    sizes: Sequence[int] | None = None,
    model: str = "exact",
) -> Distribution[tuple[int, ...]]:
    """How the trumps you have not seen lie: ``(left, right)`` opponents after you know the skat
    (12 cards seen), ``(left, right, skat)`` in a Hand game (10 seen). ``sizes`` sets the vacant
    places of each holder for other moments of the game. ``model="coin"`` gives the independent-
    coin approximation, for comparison only.

    >>> hand = "CJ SJ HJ CA CT CK CQ C9 SA HA"     # Hand: ♦J, ♣8, ♣7 out
    >>> trump_split(hand, "C")[(1, 1, 1)], trump_split(hand, "C")[(2, 1, 0)]
    (Fraction(10, 77), Fraction(45, 154))
    """
    chosen, missing, _unseen, places = _split_setup(cards_seen, game, sizes)
    if model == "exact":
        split = split_distribution(len(missing), places)
    elif model == "coin":
        split = coin_split(len(missing), places)
    else:
        raise CardlibError(Msg("model must be 'exact' or 'coin', got {model}", model=repr(model)))
    who = _HOLDERS.get(len(places), _BY_HOLDER)
    out, unseen = len(missing), key_text(places)
    if model == "coin":
        title = Plural("{game}: {n} trump out, among {sizes} unseen cards ({holders}), coin "
                       "approximation", "{game}: {n} trumps out, among {sizes} unseen cards "
                       "({holders}), coin approximation", out, game=game_label(chosen),
                       sizes=unseen, holders=who)  # fmt: skip
    else:
        title = Plural("{game}: {n} trump out, among {sizes} unseen cards ({holders})",
                       "{game}: {n} trumps out, among {sizes} unseen cards ({holders})", out,
                       game=game_label(chosen), sizes=unseen, holders=who)  # fmt: skip
    return Distribution(split, title)


_HOLDERS = {2: Msg("left-right"), 3: Msg("left-right-skat")}
_BY_HOLDER = Msg("by holder")


def deal_trump_split(seed: int, setup: tuple[int, tuple[int, ...], int]) -> tuple[int, ...]:
    """One random deal of :func:`sample_trump_split`, from its seed: how many of the ``missing``
    trumps each holder gets, when place ``i`` of the unseen cards belongs to ``holder_of[i]``
    (``setup = (missing, holder_of, holders)``). The trial that workers run.

    >>> deal_trump_split(3, (2, (0, 0, 1, 1), 2)) == deal_trump_split(3, (2, (0, 0, 1, 1), 2))
    True
    >>> sum(deal_trump_split(3, (2, (0, 0, 1, 1), 2)))
    2
    """
    missing, holder_of, holders = setup
    # A random deal puts the missing trumps on random distinct places of the unseen cards.
    counts = [0] * holders
    for place in random.Random(seed).sample(range(len(holder_of)), missing):
        counts[holder_of[place]] += 1
    return tuple(counts)


def sample_trump_split(
    cards_seen: str | Iterable[Card | str],
    game: GameType | str,
    samples: int = 10_000,
    *,
    rng: random.Random | int | None = None,
    sizes: Sequence[int] | None = None,
    progress: Progress = "auto",
    workers: int | None = None,
    executor: object = None,
) -> SimulationResult:
    """Estimate :func:`trump_split` by dealing the unseen cards at random ``samples`` times, each
    deal from its own seed drawn from ``rng``.

    ``progress`` as in :func:`~cardlib.estimates.run_trials`: ``"auto"`` shows a bar only where
    someone watches (a terminal, a live notebook), never in a notebook executed headless.
    ``workers=N`` or ``executor=`` deal on other processes (see :mod:`cardlib.parallel`), with
    the same result.

    >>> seen = "CJ SJ CA CT CK C9 SA ST HA DA HK DK"      # 5 trumps out
    >>> result = sample_trump_split(seen, "C", 200, rng=1, progress=False)
    >>> result.completed, result["3-2"].covers(trump_split(seen, "C")[(3, 2)])
    (200, True)
    """
    chosen, missing, _unseen, places = _split_setup(cards_seen, game, sizes)
    exact = trump_split(cards_seen, chosen, sizes=places)
    holder_of = tuple(i for i, size in enumerate(places) for _place in range(size))
    outcomes, interrupted = run_seeded(
        deal_trump_split, samples, options=(len(missing), holder_of, len(places)), rng=rng,
        description=N_("dealing"), progress=progress, workers=workers, executor=executor,
    )  # fmt: skip
    tally = Counter(outcomes)
    estimates = (
        tuple(proportion(key_text(key), tally[key], len(outcomes)) for key in exact)
        if outcomes
        else ()
    )
    return SimulationResult(
        Msg("{title}, simulated", title=exact.title), samples, len(outcomes), estimates,
        interrupted, Msg("random deals of the unseen cards; proportions with 95% Wilson intervals"),
    )  # fmt: skip


__all__ += ["patterns"]
