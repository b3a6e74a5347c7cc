"""Perfect-information (double-dummy) Skat: optimal play when every hand is known.

The declarer maximises their card points, the two defenders minimise them, each seeing all cards.
Positions start at a trick boundary or inside a trick (``trick`` lists the cards already played
in it, from ``leader`` on); seats 0, 1, 2 play in that order.

>>> from cardlib.skat.engine.facts import GameType
>>> hands = ("CJ SA", "SJ ST", "HA S7")
>>> solve_position(hands, leader=0, game=GameType.CLUBS)
36
>>> solve_position(hands, leader=0, game=GameType.CLUBS, threshold=61)
False
>>> solve_null(("D7 H8", "DA HA", "DK HK"), leader=0)
True

How it works (:mod:`cardlib.skat.solver._search`, ``docs/solver.md``): cards are bits ordered by
trick-taking strength, a fail-soft null-window alpha-beta search walks one trick per call with a
transposition table at trick boundaries; exact values come from a sequence of null-window probes,
questions such as "does the declarer reach 61?" need a single probe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from cardlib.cards import Card, CardsLike, as_cards
from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.players.deadline import Deadline
from cardlib.skat.engine.facts import GameType
from cardlib.skat.engine.moves import Play
from cardlib.skat.solver._search import (
    TABLE_ENTRIES,
    PointQuestions,
    SearchStats,
    TrickSearch,
    point_search,
    tables,
    trick_search,
)

__all__ = [
    "DealSearch",
    "MoveValue",
    "SearchStats",
    "best_moves",
    "perfect_line",
    "solve",
    "solve_null",
    "solve_position",
    "solve_schwarz",
    "wins_every_trick",
]

if TYPE_CHECKING:
    from cardlib.skat.engine.play import PlayState
    from cardlib.skat.engine.states import SkatState


def skat_cards(value: CardsLike, what: str | Msg) -> tuple[Card, ...]:
    """Cards of the Skat pack from a string or an iterable, refused by ``what`` they are."""
    return as_cards(value, name=what, pack="skat")


@dataclass(frozen=True)
class _Position:
    hands: list[int]
    leader: int
    trick: tuple[int, ...]
    skat_points: int


def _position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int,
    skat: CardsLike,
    trick: CardsLike,
) -> _Position:
    if not isinstance(game, GameType):
        raise CardlibError(Msg("{game} is not a GameType", game=repr(game)))
    if isinstance(hands, str) or len(hands) != 3:
        raise CardlibError(
            Msg("expected three hands for seats 0, 1, 2, got {hands}", hands=repr(hands))
        )
    for name, seat in (("leader", leader), ("declarer", declarer)):
        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise CardlibError(
                Msg("{name} must be seat 0, 1 or 2, got {seat}", name=name, seat=repr(seat))
            )
    held = [skat_cards(hand, Msg("seat {seat}'s hand", seat=i)) for i, hand in enumerate(hands)]
    played = skat_cards(trick, Msg("the trick"))
    kept = skat_cards(skat, Msg("the skat"))
    shown = " | ".join(" ".join(map(str, h)) for h in held)
    trick_text = " ".join(map(str, played))
    where = (Msg("hands {hands}, trick {trick}", hands=shown, trick=trick_text) if played
             else Msg("hands {hands}", hands=shown))  # fmt: skip
    seen: set[Card] = set()
    for card in (*[c for h in held for c in h], *played, *kept):
        if card in seen:
            raise CardlibError(
                Msg(
                    "{card} appears twice in {where}, skat {skat}",
                    card=str(card),
                    where=where,
                    skat=list(map(str, kept)),
                )
            )
        seen.add(card)
    if len(played) > 2:
        raise CardlibError(Msg("a trick in progress holds at most 2 cards: {where}", where=where))
    if len(kept) > 2:
        raise CardlibError(
            Msg(
                "the skat holds at most 2 cards, got {count}: {where}",
                count=len(kept),
                where=where,
            )
        )
    size = len(held[leader]) + (1 if played else 0)
    expected = [size - (1 if (seat - leader) % 3 < len(played) else 0) for seat in range(3)]
    if [len(hand) for hand in held] != expected:
        raise CardlibError(
            Msg(
                "the hands hold {items} cards, which does not fit a trick led by seat "
                "{leader} with {played} card(s) played (expected {expected}): {where}",
                items=", ".join(str(len(h)) for h in held),
                leader=leader,
                played=len(played),
                expected=", ".join(map(str, expected)),
                where=where,
            )
        )
    if size > 10:
        raise CardlibError(Msg("a Skat hand holds at most 10 cards: {where}", where=where))
    if size == 0:
        raise CardlibError(Msg("there is nothing left to play: every hand is empty"))
    tab = tables(game)
    return _Position(
        [tab.mask(h) for h in held],
        leader,
        tuple(tab.bit[card] for card in played),
        tab.score(tab.mask(kept)),
    )


@overload
def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: None = None,
    stats: SearchStats | None = None,
) -> int: ...


@overload
def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: int,
    stats: SearchStats | None = None,
) -> bool: ...


def solve_position(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    skat: CardsLike = (),
    *,
    trick: CardsLike = (),
    threshold: int | None = None,
    stats: SearchStats | None = None,
) -> int | bool:
    """The declarer's card points under perfect play by all three sides, plus the skat's points.

    ``hands`` are the cards of seats 0, 1, 2 (cards or text); ``leader`` led (or leads) the
    current trick and ``trick`` lists the cards already played to it. With ``threshold`` the
    answer is whether the declarer reaches that many points (61 wins, 90 Schneider), found by a
    single null-window search. ``stats`` (optional) receives the search's node count.

    >>> solve_position(("CJ SJ", "HA HT", "DA DT"), 0, GameType.GRAND, skat="SA S7")
    57
    >>> solve_position(("CJ", "HA", "DA"), 0, GameType.NULL)
    Traceback (most recent call last):
    ...
    cardlib.errors.CardlibError: a null game has no card points to solve: use solve_null
    """
    if game is GameType.NULL:
        raise CardlibError(Msg("a null game has no card points to solve: use solve_null"))
    pos = _position(hands, leader, game, declarer, skat, trick)
    search = point_search(game, declarer)
    try:
        if threshold is not None:
            return search.reaches(pos.hands, leader, pos.trick, threshold - pos.skat_points)
        return pos.skat_points + search.value(pos.hands, leader, pos.trick)
    finally:
        if stats is not None:
            stats.nodes += search.stats.nodes
            stats.probes += search.stats.probes


def solve_null(
    hands: Sequence[CardsLike],
    leader: int,
    declarer: int = 0,
    *,
    trick: CardsLike = (),
    stats: SearchStats | None = None,
) -> bool:
    """Whether the declarer of a null game can avoid taking any trick, whatever the defenders do.

    >>> solve_null(("HA", "H7", "H8"), leader=1)
    False
    """
    pos = _position(hands, leader, GameType.NULL, declarer, (), trick)
    search = trick_search(GameType.NULL, declarer, declarer_wins=False)
    try:
        return search.partial(pos.hands, leader, pos.trick)
    finally:
        if stats is not None:
            stats.nodes += search.stats.nodes


def wins_every_trick(
    hands: Sequence[CardsLike],
    leader: int,
    game: GameType,
    declarer: int = 0,
    *,
    trick: CardsLike = (),
) -> bool:
    """Whether the declarer of a suit or grand game can take every remaining trick (Schwarz).

    >>> wins_every_trick(("CJ SJ", "HA HT", "DA DT"), 0, GameType.GRAND)
    True
    """
    if game is GameType.NULL:
        raise CardlibError(Msg("a null game is not won by taking tricks: use solve_null"))
    pos = _position(hands, leader, game, declarer, (), trick)
    return trick_search(game, declarer, declarer_wins=True).partial(pos.hands, leader, pos.trick)


class DealSearch:
    """Every question of one decision about one deal, answered from the same tables.

    Positions are given as to :func:`solve_position` (the hands of seats 0, 1, 2, the leader,
    the cards of the trick so far); the skat and the declarer are the deal's. The exact value,
    each candidate card, the thresholds 31, 61 and 90 and Schwarz or Null are asked of one
    search each, whose transposition tables keep what earlier questions proved: an answer is
    the same as a fresh search's, only found sooner. The searches stop at ``deadline`` (by
    default the one active, :mod:`cardlib.players.deadline`) with
    :class:`~cardlib.players.deadline.SolveInterrupted`; ``entries`` bounds each table.

    >>> deal = DealSearch(GameType.CLUBS, declarer=0)
    >>> hands = ("CJ SA", "SJ ST", "HA S7")
    >>> deal.value(hands, 0), deal.reaches(hands, 0, 61)
    (36, False)
    >>> deal.value(("SA", "SJ ST", "HA S7"), 0, trick="CJ")        # after ♣J, the best card
    36
    >>> deal.stats.nodes > 0
    True
    """

    def __init__(
        self, game: GameType, declarer: int = 0, skat: CardsLike = (), *,
        deadline: Deadline | None = None, entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        if not isinstance(game, GameType):
            raise CardlibError(Msg("{game} is not a GameType", game=repr(game)))
        self.game = game
        self.declarer = declarer
        self.skat = skat_cards(skat, "the skat")
        self.deadline = deadline
        self.entries = entries
        self._points: PointQuestions | None = None
        self._tricks: dict[bool, TrickSearch] = {}
        self._done = SearchStats()

    @property
    def stats(self) -> SearchStats:
        """The nodes and probes of every search so far."""
        total = SearchStats(self._done.nodes, self._done.probes, self._done.interrupted)
        for search in (self._points, *self._tricks.values()):
            if search is not None:
                total.nodes += search.stats.nodes
                total.probes += search.stats.probes
                total.interrupted += search.stats.interrupted
        return total

    def _point_search(self) -> PointQuestions:
        if self.game is GameType.NULL:
            raise CardlibError(Msg("a null game has no card points to solve: use no_trick"))
        if self._points is None:
            self._points = point_search(
                self.game, self.declarer, deadline=self.deadline, entries=self.entries
            )
        return self._points

    def _trick_search(self, declarer_wins: bool) -> TrickSearch:
        search = self._tricks.get(declarer_wins)
        if search is None:
            search = self._tricks[declarer_wins] = trick_search(
                self.game, self.declarer, declarer_wins, deadline=self.deadline,
                entries=self.entries,
            )  # fmt: skip
        return search

    def _at(self, hands: Sequence[CardsLike], leader: int, trick: CardsLike) -> _Position:
        return _position(hands, leader, self.game, self.declarer, self.skat, trick)

    def value(self, hands: Sequence[CardsLike], leader: int, trick: CardsLike = ()) -> int:
        """The declarer's card points from here under perfect play, plus the skat's."""
        search = self._point_search()
        pos = self._at(hands, leader, trick)
        return pos.skat_points + search.value(pos.hands, leader, pos.trick)

    def reaches(
        self, hands: Sequence[CardsLike], leader: int, target: int, trick: CardsLike = ()
    ) -> bool:
        """Whether the declarer's card points from here, plus the skat's, reach ``target``."""
        search = self._point_search()
        pos = self._at(hands, leader, trick)
        return search.reaches(pos.hands, leader, pos.trick, target - pos.skat_points)

    def every_trick(self, hands: Sequence[CardsLike], leader: int, trick: CardsLike = ()) -> bool:
        """Whether the declarer of a suit or grand game takes every remaining trick."""
        if self.game is GameType.NULL:
            raise CardlibError(Msg("a null game is not won by taking tricks: use no_trick"))
        pos = self._at(hands, leader, trick)
        return self._trick_search(True).partial(pos.hands, leader, pos.trick)

    def no_trick(self, hands: Sequence[CardsLike], leader: int, trick: CardsLike = ()) -> bool:
        """Whether the declarer of a null game can avoid taking any remaining trick."""
        if self.game is not GameType.NULL:
            raise CardlibError(Msg("no_trick asks of a null game, not {game}", game=self.game))
        pos = self._at(hands, leader, trick)
        return self._trick_search(False).partial(pos.hands, leader, pos.trick)


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A legal card and what it keeps under perfect play from then on.

    ``value`` is the declarer's final card points (skat and earlier tricks included); in a null
    game it is ``True`` when the declarer still takes no trick. ``cost`` is what the card gives
    away against the best card for the player to move: points, or 1 for a null game thrown away.
    """

    card: Card
    value: int
    cost: int

    def __str__(self) -> str:
        return str(self.message())

    def message(self) -> Msg:
        """The card and what it keeps, in words worded when read."""
        if isinstance(self.value, bool):
            if self.value and not self.cost:
                # Translators: a card and what it keeps under perfect play.
                return Msg("{card}: the declarer takes no trick (best)", card=self.card)
            if self.value:
                return Msg("{card}: the declarer takes no trick (loses)", card=self.card)
            if not self.cost:
                return Msg("{card}: the declarer takes a trick (best)", card=self.card)
            return Msg("{card}: the declarer takes a trick (loses)", card=self.card)
        if not self.cost:
            return Msg(
                "{card}: declarer ends with {value} (best)", card=self.card, value=self.value
            )
        return Msg(
            "{card}: declarer ends with {value} (costs {cost})",
            card=self.card,
            value=self.value,
            cost=self.cost,
        )


class Analyser:
    """Solves the states of one game, sharing the transposition tables between questions."""

    def __init__(self, game: GameType, declarer: int) -> None:
        self.game = game
        self.declarer = declarer
        self.tab = tables(game)
        self.points = point_search(game, declarer) if game is not GameType.NULL else None
        self.null = trick_search(game, declarer, declarer_wins=False)
        self.schwarz = trick_search(game, declarer, declarer_wins=True)

    def split(self, state: PlayState) -> tuple[list[int], int, tuple[int, ...]]:
        tab = self.tab
        hands = [tab.mask(hand) for hand in state.hands]
        return hands, state.trick_leader, tuple(tab.bit[card] for card in state.trick)

    def value(self, state: PlayState, threshold: int | None = None) -> int:
        """The declarer's final points (or, with ``threshold``, whether they reach it)."""
        if self.points is None:
            if threshold is not None:
                raise CardlibError(
                    Msg(
                        "a null game has no points to reach: threshold={threshold}",
                        threshold=threshold,
                    )
                )
            return self.null_kept(state)
        taken = state.card_points[0]
        if state.is_over:
            return taken if threshold is None else taken >= threshold
        hands, leader, trick = self.split(state)
        if threshold is None:
            return taken + self.points.value(hands, leader, trick)
        return self.points.reaches(hands, leader, trick, threshold - taken)

    def null_kept(self, state: PlayState) -> bool:
        if state.tricks_won[0]:
            return False
        if state.is_over:
            return True
        return self.null.partial(*self.split(state))

    def schwarz_kept(self, state: PlayState) -> bool:
        if state.tricks_won[1]:
            return False
        if state.is_over:
            return True
        return self.schwarz.partial(*self.split(state))

    def moves(self, state: PlayState) -> list[MoveValue]:
        """Every legal card with its value and cost, in the order of ``legal_moves()``."""
        if state.is_over:
            return []
        mover = state.current_player
        cards = [move.card for move in state.legal_moves() if isinstance(move, Play)]
        values = [(card, self.value(state.play(Play(card)))) for card in cards]
        numbers = [int(value) for _, value in values]
        target = max(numbers) if mover == self.declarer else min(numbers)
        return [MoveValue(card, value, abs(target - int(value))) for card, value in values]

    def keeps(self, after: PlayState, best: int, declarer_moved: bool) -> bool:
        """Whether the position after a card still has the value ``best`` (null-window probes)."""
        if self.points is None:
            return self.null_kept(after) == best
        if declarer_moved:
            return bool(self.value(after, best))
        return not self.value(after, best + 1)

    def keepers(self, state: PlayState, best: int) -> list[Card]:
        """The legal cards that keep the position's value ``best``."""
        mover = state.current_player == self.declarer
        cards = [move.card for move in state.legal_moves() if isinstance(move, Play)]
        return [card for card in cards if self.keeps(state.play(Play(card)), best, mover)]


def play_state(state: SkatState, what: str) -> PlayState:
    """``state`` if it is in the play of the cards; else refused, naming ``what`` asked."""
    from cardlib.skat.engine.play import PlayState

    if not isinstance(state, PlayState):
        phase = getattr(state, "phase", type(state).__name__)
        raise CardlibError(
            Msg(
                "{what} needs a state in the play of the cards, got phase {phase}",
                what=what,
                phase=repr(phase),
            )
        )
    return state


def _analyser(state: PlayState) -> Analyser:
    return Analyser(state.declaration.game, state.declarer)


@overload
def solve(state: SkatState, threshold: None = None) -> int: ...


@overload
def solve(state: SkatState, threshold: int) -> bool: ...


def solve(state: SkatState, threshold: int | None = None) -> int | bool:
    """Perfect play from a state of the play, mid-trick included.

    Suit and grand: the declarer's card points at the end (earlier tricks and the skat included,
    the remaining cards played out); with ``threshold``, whether they reach it (61 wins, 90 makes
    the defenders Schneider, 31 escapes Schneider), by one null-window search. Null: ``True``
    when the declarer can still avoid every trick.

    >>> from cardlib.skat.engine.positions import play_position
    >>> state = play_position(["CJ SA", "SJ ST", "HA S7"], GameType.CLUBS, declarer=0)
    >>> solve(state), solve(state, threshold=61)
    (36, False)
    >>> solve(play_position(["D7 H8", "DA HA", "DK HK"], GameType.NULL, declarer=0))
    True
    >>> solve(state, threshold=121)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlib.errors.CardlibError: solve(threshold=121): a threshold is a whole number of ... 0 to 120
    """
    if threshold is not None and not (
        isinstance(threshold, int) and not isinstance(threshold, bool) and 0 <= threshold <= 120
    ):
        raise CardlibError(
            Msg(
                "solve(threshold={threshold}): a threshold is a whole number of card "
                "points from 0 to 120",
                threshold=repr(threshold),
            )
        )
    return _analyser(state := play_state(state, "solve")).value(state, threshold)


def solve_schwarz(state: SkatState) -> bool:
    """Whether the declarer of a suit or grand game can still take every trick.

    >>> from cardlib.skat.engine.positions import play_position
    >>> solve_schwarz(play_position(["CJ SJ", "HA HT", "DA DT"], GameType.GRAND, declarer=0))
    True
    """
    play = play_state(state, "solve_schwarz")
    if play.declaration.game is GameType.NULL:
        raise CardlibError(Msg("a null game is not won by taking tricks: use solve(state)"))
    return _analyser(play).schwarz_kept(play)


def best_moves(state: SkatState) -> list[MoveValue]:
    """Every legal card with the value it keeps under perfect play, and what it costs.

    >>> from cardlib.skat.engine.positions import play_position
    >>> state = play_position(["DJ H9 HK", "SQ H7 DQ", "S9 SA CA"], GameType.CLUBS, declarer=0)
    >>> for move in best_moves(state):
    ...     print(move)
    ♦J: declarer ends with 34 (best)
    ♥K: declarer ends with 19 (costs 15)
    ♥9: declarer ends with 23 (costs 11)
    """
    return _analyser(state := play_state(state, "best_moves")).moves(state)


def perfect_line(state: SkatState) -> list[PlayState]:
    """The states of one optimal continuation to the end (the first best card at each turn).

    >>> from cardlib.skat.engine.positions import play_position
    >>> line = perfect_line(play_position(["DJ H9 HK", "SQ H7 DQ", "S9 SA CA"], GameType.CLUBS, 0))
    >>> " ".join(s.last_move.symbol for s in line if s.last_move), line[-1].card_points
    ('♦J ♠Q ♣A ♥K ♥7 ♠A ♥9 ♦Q ♠9', (34, 0))
    """
    play = play_state(state, "perfect_line")
    analyser = _analyser(play)
    value = analyser.value(play)
    line = []
    while not play.is_over:
        mover = play.current_player == analyser.declarer
        for move in play.legal_moves():
            after = play.play(move)
            if analyser.keeps(after, value, mover):
                break
        play = after
        line.append(play)
    return line
