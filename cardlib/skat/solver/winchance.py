"""How often does a hand win? Deal the unseen cards at random and solve each deal double-dummy.

The player knows their ten cards (and, having picked it up, the skat they put away); the other
22 (or 20) cards are dealt at random to the two opponents (and the skat) many times, and each deal
is solved with perfect play by everyone. The share of won deals estimates the win chance, with a
Wilson 95% interval and the sample count. The same sampled deals serve every game type, so the
game types are compared on equal terms.

Double-dummy play is an optimistic model: every player sees every hand. Real defenders guess,
and so does the declarer; the estimate says what the cards allow, not what a table will do.

>>> from cardlib.skat.engine.facts import SCHNEIDER_POINTS, WIN_POINTS, GameType
>>> result = win_chance("CJ SJ HJ DJ CA CT CK SA ST HA", GameType.GRAND, samples=4, rng=1,
...                     progress=False)
>>> print(result)
Grand, declarer FH, hand only: estimates from 4 samples
  (random deals of the 22 unseen cards; each solved double-dummy; 95% Wilson intervals)
  win: 1.0000 (95% CI 0.5101 to 1.0000; Wilson, n=4)
  schneider: 1.0000 (95% CI 0.5101 to 1.0000; Wilson, n=4)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload

from cardlib.cards import SKAT_DECK, Card, CardsLike
from cardlib.errors import CardlibError
from cardlib.estimates import Progress, SimulationResult, as_rng, progress_bar, proportion
from cardlib.i18n import Msg
from cardlib.limits import check_size
from cardlib.parallel import outcomes
from cardlib.skat.engine.facts import SCHNEIDER_POINTS, WIN_POINTS, GameType
from cardlib.skat.engine.names import game_label, game_name
from cardlib.skat.engine.rules import position_term
from cardlib.skat.solver.solve import skat_cards, solve_null, solve_position

__all__ = ["SampledDeals", "sample_deals", "solve_deal", "win_chance", "win_chances"]

Deal = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]


def sample_deals(
    hand: CardsLike,
    skat: CardsLike | None = None,
    *,
    declarer: int = 0,
    samples: int = 100,
    rng: random.Random | int | None = None,
) -> SampledDeals:
    """Random deals consistent with what the declarer knows: (hands FH MH RH, skat) each.

    The deals are a lazy sequence: each is dealt when it is read, the same ones every time it is
    read, so a million of them take no memory. More than :data:`~cardlib.limits.MAX_SAMPLES`
    (1,000,000) are refused.

    >>> deals = sample_deals("CJ SJ HJ DJ CA CT CK SA ST HA", samples=2, rng=7)
    >>> [len(h) for h in deals[0][0]], len(deals[0][1]), len(deals)
    ([10, 10, 10], 2, 2)
    """
    own = skat_cards(hand, "the hand")
    known = skat_cards(skat, "the skat") if skat is not None else ()
    if len(own) != 10:
        raise CardlibError(
            Msg(
                "the hand must hold 10 cards, got {count}: {items}",
                count=len(own),
                items=" ".join(map(str, own)),
            )
        )
    if skat is not None and len(known) != 2:
        raise CardlibError(
            Msg(
                "the skat holds 2 cards, got {count}: {items}",
                count=len(known),
                items=" ".join(map(str, known)),
            )
        )
    if len(set(own) | set(known)) != len(own) + len(known):
        raise CardlibError(
            Msg("a card is given twice in {items}", items=" ".join(map(str, own + known)))
        )
    if declarer not in (0, 1, 2):
        raise CardlibError(
            Msg(
                "declarer must be 0 (FH), 1 (MH) or 2 (RH), got {declarer}", declarer=repr(declarer)
            )
        )
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise CardlibError(
            Msg("samples must be a whole number 1 or more, got {samples}", samples=repr(samples))
        )
    check_size(f"sample_deals(samples={samples!r})", samples, "MAX_SAMPLES")
    return SampledDeals(own, known, declarer, samples, as_rng(rng).getstate())


class SampledDeals(Sequence[Deal]):
    """The deals :func:`sample_deals` draws, dealt one by one as they are read (from the random
    generator's state when they were asked for), the same ones on every reading. Equal to any
    sequence of the same deals."""

    def __init__(
        self,
        own: tuple[Card, ...],
        known: tuple[Card, ...],
        declarer: int,
        samples: int,
        state: tuple[Any, ...],
    ) -> None:
        self._own, self._known, self._declarer = own, known, declarer
        self._samples, self._state = samples, state

    def __len__(self) -> int:
        return self._samples

    def __iter__(self) -> Iterator[Deal]:
        own, known, declarer = self._own, self._known, self._declarer
        unseen = [card for card in SKAT_DECK if card not in own and card not in known]
        generator = random.Random()
        generator.setstate(self._state)
        for _ in range(self._samples):
            generator.shuffle(unseen)
            others = iter((tuple(unseen[:10]), tuple(unseen[10:20])))
            hands = tuple(own if seat == declarer else next(others) for seat in range(3))
            yield hands, known or tuple(unseen[20:22])

    @overload
    def __getitem__(self, index: int) -> Deal: ...

    @overload
    def __getitem__(self, index: slice) -> list[Deal]: ...

    def __getitem__(self, index: int | slice) -> Deal | list[Deal]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._samples)
            if step > 0:
                return list(islice(iter(self), start, stop, step))
            return [self[i] for i in range(start, stop, step)]
        position = index + self._samples if index < 0 else index
        if not 0 <= position < self._samples:
            raise IndexError(f"sampled deal {index} of {self._samples}")
        return next(islice(iter(self), position, None))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or len(other) != len(self):
            return NotImplemented if not isinstance(other, Sequence) else False
        return all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self._samples} sampled deals>"


def solve_deal(deal: Deal, setup: tuple[GameType, int]) -> tuple[bool, bool]:
    """Whether the declarer wins one sampled deal under perfect play, and wins Schneider:
    ``setup = (game, declarer)``. The trial that workers run.

    >>> deal = sample_deals("CJ SJ HJ DJ CA CT CK CQ C9 C8", samples=1, rng=3)[0]
    >>> solve_deal(deal, (GameType.CLUBS, 0))
    (True, True)
    """
    game, declarer = setup
    hands, skat = deal
    if game is GameType.NULL:
        return solve_null(hands, 0, declarer), False
    won = solve_position(hands, 0, game, declarer, skat, threshold=WIN_POINTS)
    schneider = won and solve_position(hands, 0, game, declarer, skat, threshold=SCHNEIDER_POINTS)
    return won, schneider


def _deal_label(position: int, deal: Deal) -> str:
    return str(Msg("sampled deal {n}", n=position))


def win_chance(
    hand: CardsLike,
    game: GameType,
    skat: CardsLike | None = None,
    *,
    declarer: int = 0,
    samples: int = 100,
    rng: random.Random | int | None = None,
    progress: Progress = True,
    deals: Sequence[Deal] | None = None,
    workers: int | None = None,
    executor: object = None,
) -> SimulationResult:
    """The chance that ``hand`` wins ``game`` (and Schneider) under perfect play.

    Without ``skat`` the skat is unknown and dealt at random too; its points count for the
    declarer, as in a Hand game. With ``skat`` (the two cards put away) only the opponents' hands
    are sampled. ``declarer`` is the declarer's position (FH leads the first trick). Ctrl-C stops
    early and returns the estimates so far, marked as interrupted.

    The deals are sampled here from ``rng`` (:func:`sample_deals`), then each is solved
    (:func:`solve_deal`): here one after another, or on ``workers=N`` local processes, or on any
    ``executor=`` (a Dask client too; see :mod:`cardlib.parallel`), with the same result.

    >>> hand = "CJ SJ HJ CA CT CK SA ST HA HT"
    >>> here = win_chance(hand, GameType.CLUBS, samples=6, rng=4, progress=False)
    >>> here == win_chance(hand, GameType.CLUBS, samples=6, rng=4, progress=False, workers=2)
    True
    """
    if not isinstance(game, GameType):
        raise CardlibError(Msg("{game} is not a GameType", game=repr(game)))
    if deals is None:
        deals = sample_deals(hand, skat, declarer=declarer, samples=samples, rng=rng)
    # The texts of a SimulationResult are plain strings: worded now, in the current language.
    facts = {"game": game_name(game), "who": position_term(declarer)}
    if skat is None:
        # Translators: what a win chance was estimated from: the hand alone, or hand and skat.
        label = str(Msg("{game}, declarer {who}, hand only", **facts))
    else:
        label = str(Msg("{game}, declarer {who}, hand and skat", **facts))
    if not deals:
        raise CardlibError(Msg("win_chance: no deals to solve"))
    solved, wins, schneiders, interrupted = _count_wins(
        deals, (game, declarer), game_label(game), progress, workers, executor
    )
    if not solved:
        return SimulationResult(label, len(deals), 0, (), interrupted)
    unseen = 20 if skat is not None else 22
    estimates = [proportion("win", wins, solved)]
    if game is not GameType.NULL:
        estimates.append(proportion("schneider", schneiders, solved))
    return SimulationResult(
        label,
        len(deals),
        solved,
        tuple(estimates),
        interrupted,
        str(
            Msg(
                "random deals of the {n} unseen cards; each solved double-dummy; 95% Wilson "
                "intervals",
                n=unseen,
            )
        ),
    )


def _count_wins(
    deals: Sequence[Deal],
    setup: tuple[GameType, int],
    name: object,
    progress: Progress,
    workers: int | None,
    executor: object,
) -> tuple[int, int, int, bool]:
    """Solve ``deals`` under one progress bar, counting as they come (nothing is kept per deal):
    how many were solved, won and won Schneider, and whether Ctrl-C cut the run short."""
    solved = wins = schneiders = 0
    bar = progress_bar(len(deals), str(Msg("{game} deals solved", game=name)), progress)
    stream = outcomes(solve_deal, deals, options=setup, label=_deal_label, total=len(deals),
                      workers=workers, executor=executor)  # fmt: skip
    try:
        for _, chunk in stream:
            solved += len(chunk)
            wins += sum(won for won, _ in chunk)
            schneiders += sum(schneider for _, schneider in chunk)
            bar.update(len(chunk))
    except KeyboardInterrupt:
        return solved, wins, schneiders, True
    finally:
        stream.close()
        bar.close()
    return solved, wins, schneiders, False


def win_chances(
    hand: CardsLike,
    skat: CardsLike | None = None,
    *,
    games: Iterable[GameType] = tuple(GameType),
    declarer: int = 0,
    samples: int = 100,
    rng: random.Random | int | None = None,
    progress: Progress = True,
    workers: int | None = None,
    executor: object = None,
) -> dict[GameType, SimulationResult]:
    """:func:`win_chance` for several game types on the same sampled deals.

    An interruption stops at the game type being solved; the ones not reached are left out.
    ``workers`` and ``executor`` as in :func:`win_chance`.
    """
    deals = sample_deals(hand, skat, declarer=declarer, samples=samples, rng=rng)
    results = {}
    for game in games:
        result = win_chance(hand, game, skat, declarer=declarer, progress=progress, deals=deals,
                            workers=workers, executor=executor)  # fmt: skip
        results[game] = result
        if result.interrupted:
            break
    return results
