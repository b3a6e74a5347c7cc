"""The search inside the double-dummy solver: two alpha-beta searches over bit tables.

Cards are bits ordered by trick-taking strength for the game (bit 31 the strongest, trumps on
top; :mod:`cardlib.skat.solver._bit_tables`), so "who wins the trick" is a table lookup.
:class:`PointSearch` is a fail-soft null-window search on card points: one call per trick, a
transposition table of lower and upper bounds at trick boundaries and a second one per shape of
the hands (:mod:`cardlib.skat.solver._shapes`), one card searched per run of interchangeable
cards, windows bounded by the points still in play, moves ordered by the trick situation.
:class:`TrickSearch` answers "can the declarer lose (null) or win (Schwarz) every trick?". The
public API is :mod:`cardlib.skat.solver.solve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.players.deadline import Deadline, SolveInterrupted, active
from cardlib.skat.engine.facts import GameType
from cardlib.skat.solver._bit_tables import Tables, tables
from cardlib.skat.solver._shapes import PROFILE_SHIFT, Shapes

try:
    from cardlib.skat.solver._native import PointCore
except ImportError:  # installed without a C compiler: every search runs in Python
    PointCore = None  # type: ignore[assignment, misc]

__all__ = [
    "COMPILED",
    "TABLE_ENTRIES",
    "CompiledPointSearch",
    "CompiledTrickSearch",
    "PointQuestions",
    "PointSearch",
    "SearchStats",
    "Tables",
    "TrickSearch",
    "point_search",
    "shapes",
    "tables",
    "trick_search",
]

ALIKE = 4  # bounds kept per shape: the last positions of that shape searched

TABLE_ENTRIES = 1 << 19
"""The most entries a search's transposition table (and its table of shapes) holds. A table
is a cache of proven bounds: when it is full it is emptied and filled again, which costs time
and never changes an answer."""

_NEVER = 1 << 62
_HANDS = (1 << 96) - 1  # the three hands of a key or a shape
_NO_KEY: tuple[tuple[int, ...], int] = ((), 0)  # a single reply: no order to keep


@cache
def shapes(game: GameType) -> Shapes:
    """The shape tables of a game type, built once."""
    return Shapes(tables(game))


def _winner(tab: Tables, trick: Sequence[int], leader: int) -> int:
    """The seat that wins a complete trick of card bits led by ``leader``."""
    win = 0
    for i in (1, 2):
        if tab.beats[trick[i] * 32 + trick[win]]:
            win = i
    return (leader + win) % 3


def _remember(alike: list[tuple[int, int, int]], bounds: tuple[int, int, int]) -> None:
    """Keep ``(profile, lo, hi)`` among the bounds of one shape: the same profile is replaced,
    else the oldest of :data:`ALIKE` entries goes."""
    for i, known in enumerate(alike):
        if known[0] == bounds[0]:
            alike[i] = bounds
            return
    if len(alike) >= ALIKE:
        del alike[0]
    alike.append(bounds)


def _front(order: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``order`` with ``card`` moved to the front (the card that ended a search last time)."""
    return (card, *(x for x in order if x != card))


def _won_first(tab: Tables, leads: tuple[int, ...], b: int, c: int, r: int) -> tuple[int, ...]:
    """The leads whose trick the leader's side wins whatever the others play, highest points
    first, then the rest in the order given; ``r`` is the declarer's seat after the leader."""
    beats = tab.beats
    group = tab.group
    won: list[int] = []
    lost: list[int] = []
    for lead in leads:
        grp = group[lead]
        hb = (b & grp or b).bit_length() - 1  # the strongest card each follower may play
        hc = (c & grp or c).bit_length() - 1
        if r == 0:
            sure = not beats[hb * 32 + lead] and not beats[hc * 32 + lead]
        elif r == 1:
            sure = not beats[hb * 32 + lead] or beats[hc * 32 + hb]
        else:
            sure = not beats[hc * 32 + (hb if beats[hb * 32 + lead] else lead)]
        (won if sure else lost).append(lead)
    if not won or not lost:
        return leads
    won.sort(key=tab.give.__getitem__)
    return (*won, *lost)


def _second_order(
    tab: Tables, cards: tuple[int, ...], lead: int, third: int, r: int
) -> tuple[int, ...]:
    """The order the second seat tries ``cards`` on ``lead``, ``third`` the strongest card the
    last seat may play: the leader's partner plays cheap; a defender beats the declarer's lead
    with the most points, else gives points when the partner can win, else plays cheap; the
    declarer wins with the most points where the last defender cannot overtake, else plays
    cheap."""
    beats, points = tab.beats, tab.points
    if r == 2:  # the leader's partner: the cheapest first
        return tuple(sorted(cards, key=points.__getitem__))

    def key(x: int) -> int:
        wins = beats[x * 32 + lead]
        if r == 1:
            wins = wins and not beats[third * 32 + x]
        elif not wins and beats[third * 32 + lead]:
            return -points[x]
        return -100 - points[x] if wins else points[x]

    return tuple(sorted(cards, key=key))


def _rotate(hands: Sequence[int], seat: int) -> tuple[int, int, int]:
    return hands[seat], hands[(seat + 1) % 3], hands[(seat + 2) % 3]


@dataclass
class SearchStats:
    """What a search did: ``nodes`` counts positions searched at a trick boundary, ``probes``
    the null-window searches, ``interrupted`` the solves its deadline stopped."""

    nodes: int = 0
    probes: int = 0
    interrupted: int = 0


class Limits:
    """What every search shares: its :class:`~cardlib.players.deadline.Deadline` (the one
    active when it is made unless given), the bound on its tables, and its node count."""

    def __init__(self, deadline: Deadline | None, entries: int) -> None:
        if isinstance(entries, bool) or not isinstance(entries, int) or entries < 1:
            raise CardlibError(
                Msg("entries={entries}: expected a whole number 1 or more", entries=repr(entries))
            )
        self.deadline = deadline if deadline is not None else active()
        self.entries = entries
        self.stats = SearchStats()
        self.check_at = _NEVER if self.deadline is None else self.deadline.next_check(0)
        self.core: PointCore | None = None  # the compiled search's, where it is one

    def set_deadline(self, deadline: Deadline | None) -> None:
        """Search on under another deadline (``None``: none), the tables kept; a node budget
        counts from the nodes searched so far."""
        self.deadline = deadline
        nodes = self.stats.nodes
        self.check_at = _NEVER if deadline is None else deadline.next_check(nodes)
        if self.core is not None:
            self.core.check_at = self.check_at

    def _compiled(self, game: GameType, declarer: int, entries: int) -> PointCore:
        """The compiled search's core for ``game`` and ``declarer``, watching this deadline."""
        tab = tables(game)
        core = PointCore(
            beats=tab.beats, group=tab.group, points=tab.points, cls=tab.cls,
            lead_key=tab.lead_key, defence_key=tab.defence_key, trumps=tab.trumps,
            runs=sum(1 << low for low, _, _ in shapes(game).runs), declarer=declarer,
            entries=entries,
        )  # fmt: skip
        core.check_at = self.check_at
        return core

    def _checked(self) -> int:
        """What the compiled core calls at ``check_at``: :meth:`check`, then the next one."""
        assert self.core is not None
        self.stats.nodes = self.core.nodes
        self.check()
        return self.check_at

    def check(self) -> None:
        """Raise :class:`SolveInterrupted` when the deadline has passed, else look again later."""
        deadline = self.deadline
        assert deadline is not None
        nodes = self.stats.nodes
        if deadline.passed(nodes):
            self.stats.interrupted += 1
            raise SolveInterrupted(f"the deadline passed after {nodes} nodes")
        self.check_at = deadline.next_check(nodes)


class PointQuestions(Limits):
    """What a point search answers about positions of one deal, by its :meth:`probe`: the
    declarer's points from inside a trick (:meth:`partial`), whether they reach a target
    (:meth:`reaches`) and their exact value (:meth:`value`)."""

    t: Tables
    declarer: int
    last: dict[int, int]  # points in play: the last exact value found

    def probe(self, a: int, b: int, c: int, leader: int, t: int, rest: int) -> int:
        """A bound on the declarer's points from here: ``>= t`` means at least, else at most.

        ``a b c`` are the hands of the leader and the next two seats; ``rest`` their points.
        """
        raise NotImplementedError

    def partial(
        self, hands: list[int], leader: int, trick: tuple[int, ...], t: int, rest: int
    ) -> int:
        """:meth:`probe` from inside a trick: ``hands`` by seat, ``rest`` counts ``trick`` too."""
        tab = self.t
        if len(trick) == 3:
            seat = _winner(tab, trick, leader)
            pts = sum(tab.points[x] for x in trick)
            x, y, z = _rotate(hands, seat)
            if not x:
                return pts if seat == self.declarer else 0
            if seat == self.declarer:
                return pts + self.probe(x, y, z, seat, t - pts, rest - pts)
            return self.probe(x, y, z, seat, t, rest - pts)
        if not trick:
            x, y, z = _rotate(hands, leader)
            return self.probe(x, y, z, leader, t, rest) if x else 0
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        rem = hands[0] | hands[1] | hands[2]
        for x in trick:
            rem |= 1 << x
        maximise = seat == self.declarer
        best = -1 if maximise else 999
        for card in tab.moves(hand & tab.group[trick[0]] or hand, rem):
            after = list(hands)
            after[seat] = hand ^ (1 << card)
            g = self.partial(after, leader, (*trick, card), t, rest)
            if maximise:
                if g > best:
                    best = g
                    if g >= t:
                        break
            elif g < best:
                best = g
                if g < t:
                    break
        return best

    def reaches(self, hands: list[int], leader: int, trick: tuple[int, ...], t: int) -> bool:
        """Whether the declarer takes at least ``t`` of the points still in play."""
        self.stats.probes += 1
        return self.partial(hands, leader, trick, t, self.rest(hands, trick)) >= t

    def rest(self, hands: list[int], trick: tuple[int, ...]) -> int:
        return self.t.score(hands[0] | hands[1] | hands[2]) + sum(self.t.points[x] for x in trick)

    def value(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
        """The exact points the declarer takes from here, by null-window probes (MTD(f)).

        The first probe asks for the last value found with as many points in play (another
        card of the same trick: its value is usually close), then the steps double away from
        it until the value is bracketed; without such a value, and once bracketed, bisection.
        """
        rest = self.rest(hands, trick)
        lo, hi = 0, rest
        guess = self.last.get(rest)
        bracketed = guess is None
        t = (rest + 1) // 2 if guess is None else min(max(guess, 1), rest)
        step = 1
        while lo < hi:
            self.stats.probes += 1
            g = self.partial(hands, leader, trick, t, rest)
            if g >= t:
                bracketed = bracketed or hi < rest
                lo = g
                t = min(lo + step, hi)
            else:
                bracketed = bracketed or lo > 0
                hi = g
                t = max(hi - step + 1, lo + 1)
            step *= 2
            if bracketed:
                t = (lo + hi + 1) // 2
        self.last[rest] = lo
        return lo


class PointSearch(PointQuestions):
    """Fail-soft null-window search on card points for one suit or grand deal (shared tables).

    ``tt`` holds bounds per position, ``alike`` per shape of the hands: up to :data:`ALIKE`
    ``(profile, lo, hi)`` of positions of that shape, which bound a new position of the same
    shape once shifted by the points its cards lose or gain. Both hold at most ``entries``
    (:data:`TABLE_ENTRIES`); ``orders`` keeps the order the leads and replies of a trick are
    tried in, per set of cards and trick situation, the card that last ended such a search first.
    One search answers any number of questions about positions of one deal: every answer
    comes from bounds proven in it, whatever was asked before.
    """

    def __init__(
        self, game: GameType, declarer: int, *, deadline: Deadline | None = None,
        entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        super().__init__(deadline, entries)
        self.t = tables(game)
        self.declarer = declarer
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.shapes = shapes(game)
        self.runs = self.shapes.runs
        self.alike: dict[int, list[tuple[int, int, int]]] = {}
        self.orders: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
        self.last: dict[int, int] = {}  # points in play: the last exact value found

    def probe(self, a: int, b: int, c: int, leader: int, t: int, rest: int) -> int:
        """A bound on the declarer's points from here: ``>= t`` means at least, else at most.

        ``a b c`` are the hands of the leader and the next two seats; ``rest`` their points.
        """
        if t <= 0:
            return 0
        if t > rest:
            return rest
        if not a & (a - 1):  # the last trick: no table, no shape
            beats = self.t.beats
            c0, c1, c2 = a.bit_length() - 1, b.bit_length() - 1, c.bit_length() - 1
            w = 0
            win = c0
            if beats[c1 * 32 + win]:
                w, win = 1, c1
            if beats[c2 * 32 + win]:
                w = 2
            return rest if w == (self.declarer - leader) % 3 else 0
        key = a | b << 32 | c << 64 | leader << 96
        tt = self.tt
        entry = tt.get(key)
        if entry is not None:
            lo, hi, best = entry
            if lo >= t:
                return lo
            if hi < t:
                return hi
        else:
            lo, hi, best = 0, rest, -1
        # positions of the same shape bound this one, shifted by the points that differ
        both = 0
        for low, mask, table in self.runs:  # Shapes.shape, inline
            both |= table[key >> low & mask]
        shape = both & _HANDS | leader << 96
        profile = both >> PROFILE_SHIFT
        alike = self.alike.get(shape)
        if alike is not None:
            for other, other_lo, other_hi in alike:
                bound = other_lo - (other & ~profile).bit_count()
                if bound > lo:
                    lo = bound
                bound = other_hi + (profile & ~other).bit_count()
                if bound < hi:
                    hi = bound
            if lo >= t or hi < t:
                if len(tt) >= self.entries:
                    tt.clear()
                tt[key] = (lo, hi, best)
                return lo if lo >= t else hi
        nodes = self.stats.nodes = self.stats.nodes + 1
        if nodes >= self.check_at:
            self.check()
        tab = self.t
        points = tab.points
        group = tab.group
        beats = tab.beats
        r = (self.declarer - leader) % 3
        rem = a | b | c
        high = rem & tab.trumps
        # another hand holding the top trump leaves nothing to cash
        run = 0 if high and not a >> (high.bit_length() - 1) & 1 else tab.sure(a, b | c, rem)
        if run:
            k = run.bit_count()
            cashed = tab.score(run) + tab.cheapest(b, k) + tab.cheapest(c, k)
            if r == 0 and cashed >= t:
                if len(tt) >= self.entries:
                    tt.clear()
                tt[key] = (max(lo, cashed), hi, best)
                return cashed
            if r != 0 and rest - cashed < t:
                if len(tt) >= self.entries:
                    tt.clear()
                tt[key] = (lo, min(hi, rest - cashed), best)
                return rest - cashed
        probe = self.probe
        moves = tab.moves
        d0, d1, d2 = r == 0, r == 1, r == 2
        same01 = d0 == d1
        give, take = tab.give, tab.take
        orders = self.orders
        if len(orders) >= self.entries:
            orders.clear()
        led = moves(a, rem)
        lkey = (led, -1 - d0)
        first = orders.get(lkey)
        if first is None:
            key_of = (tab.lead_key if d0 else tab.defence_key).__getitem__
            first = orders[lkey] = tuple(sorted(led, key=key_of))
        if len(first) > 1:
            first = _won_first(tab, first, b, c, r)
        if best >= 0 and best != first[0] and best in first:
            first = _front(first, best)
        g0 = -1 if d0 else 999
        cut = -1
        replies: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        for c0 in first:
            grp = group[c0]
            na = a ^ (1 << c0)
            g1 = -1 if d1 else 999
            pair = replies.get(grp)
            if pair is None:
                pair = replies[grp] = moves(b & grp or b, rem), moves(c & grp or c, rem)
            second = pair[0]
            third = pair[1]
            okey1 = _NO_KEY
            if len(second) > 1:
                hc = third[0]
                if same01:
                    okey1 = okey = (second, -3)
                else:
                    over = beats[hc * 32 + c0] if r == 0 else hc
                    okey1 = okey = (second, 32 | c0 | over << 6)
                known = orders.get(okey)
                if known is None:
                    known = orders[okey] = _second_order(tab, second, c0, hc, r)
                second = known
            for c1 in second:
                nb = b ^ (1 << c1)
                if beats[c1 * 32 + c0]:
                    w1, win1 = 1, c1
                else:
                    w1, win1 = 0, c0
                p01 = points[c0] + points[c1]
                g2 = -1 if d2 else 999
                okey2 = _NO_KEY
                if len(third) > 1:
                    okey2 = okey = (third, -4 if (w1 == r) == d2 else win1)
                    order = orders.get(okey)
                    if order is None:
                        order = orders[okey] = tuple(
                            sorted(third, key=(give if okey[1] == -4 else take[win1]).__getitem__)
                        )
                else:
                    order = third
                for c2 in order:
                    nc = c ^ (1 << c2)
                    pts = p01 + points[c2]
                    w = 2 if beats[c2 * 32 + win1] else w1
                    left = rest - pts
                    need = t - pts if w == r else t
                    if need <= 0:
                        g = 0
                    elif need > left:
                        g = left
                    elif w == 0:
                        g = probe(na, nb, nc, leader, need, left)
                    elif w == 1:
                        g = probe(nb, nc, na, leader + 1 if leader < 2 else 0, need, left)
                    else:
                        g = probe(nc, na, nb, leader - 1 if leader else 2, need, left)
                    if w == r:
                        g += pts
                    if d2:
                        if g > g2:
                            g2 = g
                            if g >= t:
                                if c2 != order[0]:
                                    orders[okey2] = _front(order, c2)
                                break
                    elif g < g2:
                        g2 = g
                        if g < t:
                            if c2 != order[0]:
                                orders[okey2] = _front(order, c2)
                            break
                if d1:
                    if g2 > g1:
                        g1 = g2
                        if g2 >= t:
                            if c1 != second[0]:
                                orders[okey1] = _front(second, c1)
                            break
                elif g2 < g1:
                    g1 = g2
                    if g2 < t:
                        if c1 != second[0]:
                            orders[okey1] = _front(second, c1)
                        break
            if d0:
                if g1 > g0:
                    g0 = g1
                    cut = c0
                    if g1 >= t:
                        break
            elif g1 < g0:
                g0 = g1
                cut = c0
                if g1 < t:
                    break
        if (g0 >= t) == d0 and cut >= 0 and len(led) > 1:
            known = orders.get(lkey, first)
            if known[0] != cut:
                orders[lkey] = _front(known, cut)
        if g0 >= t:
            lo = max(lo, g0)
        else:
            hi = min(hi, g0)
        if len(tt) >= self.entries:
            tt.clear()
        tt[key] = (lo, hi, cut)
        if alike is None:
            if len(self.alike) >= self.entries:
                self.alike.clear()
            self.alike[shape] = [(profile, lo, hi)]
        else:
            _remember(alike, (profile, lo, hi))
        return g0


class CompiledPointSearch(PointQuestions):
    """:class:`PointSearch`'s search compiled (:mod:`cardlib.skat.solver._native`): the same
    null-window search, move generation, cash-out bound, bounds per shape and move orders, at a
    small fraction of the cost per node. Its tables are fixed when it is made: ``entries``
    rounded down to a power of two for the positions (16 bytes each, two ways per slot, the one
    with more cards kept first; 8 MiB by default), an eighth as many shapes (152 bytes each, the
    last :data:`ALIKE` positions of that shape; 9.5 MiB by default) and 384 KiB of move orders;
    a new entry replaces an old one in its slot. It searches without holding the GIL, so other
    threads (a table's page) go on meanwhile.

    >>> from cardlib import parse_cards
    >>> search = CompiledPointSearch(GameType.GRAND, 0)
    >>> t = search.t
    >>> hands = [t.mask(parse_cards(h)) for h in ("CJ SJ", "HA HT", "DA DT")]
    >>> search.value(hands, 0, ()), search.core.slots
    (46, 524288)
    """

    def __init__(
        self, game: GameType, declarer: int, *, deadline: Deadline | None = None,
        entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        super().__init__(deadline, entries)
        self.t = tables(game)
        self.declarer = declarer
        self.last = {}
        self.native = self.core = self._compiled(game, declarer, entries)

    def probe(self, a: int, b: int, c: int, leader: int, t: int, rest: int) -> int:
        try:
            return self.native.probe(a, b, c, leader, t, rest, self._checked)
        finally:
            self.stats.nodes = self.native.nodes


COMPILED = PointCore is not None
"""Whether the compiled point search is built (else :func:`point_search` gives the Python one)."""


def point_search(
    game: GameType, declarer: int, *, deadline: Deadline | None = None,
    entries: int = TABLE_ENTRIES,
) -> PointQuestions:  # fmt: skip
    """The point search the solver uses: the compiled one where it is built."""
    if COMPILED:
        return CompiledPointSearch(game, declarer, deadline=deadline, entries=entries)
    return PointSearch(game, declarer, deadline=deadline, entries=entries)


class TrickSearch(Limits):
    """Can the declarer lose every trick (null) or win every trick (Schwarz)? Boolean search."""

    def __init__(
        self, game: GameType, declarer: int, declarer_wins: bool, *,
        deadline: Deadline | None = None, entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        super().__init__(deadline, entries)
        self.t = tables(game)
        self.declarer = declarer
        self.declarer_wins = declarer_wins
        self.tt: dict[int, bool] = {}

    def probe(self, a: int, b: int, c: int, leader: int) -> bool:
        """Whether the declarer keeps the goal with the hands ``a b c`` from ``leader`` on."""
        if not a:
            return True
        key = a | b << 32 | c << 64 | leader << 96
        tt = self.tt
        known = tt.get(key)
        if known is not None:
            return known
        nodes = self.stats.nodes = self.stats.nodes + 1
        if nodes >= self.check_at:
            self.check()
        tab = self.t
        group = tab.group
        beats = tab.beats
        moves = tab.moves
        r = (self.declarer - leader) % 3
        goal = self.declarer_wins
        rem = a | b | c
        probe = self.probe
        d0, d1, d2 = r == 0, r == 1, r == 2
        result0 = not d0
        for c0 in moves(a, rem):
            grp = group[c0]
            na = a ^ (1 << c0)
            result1 = not d1
            third = moves(c & grp or c, rem)
            for c1 in moves(b & grp or b, rem):
                nb = b ^ (1 << c1)
                if beats[c1 * 32 + c0]:
                    w1, win1 = 1, c1
                else:
                    w1, win1 = 0, c0
                result2 = not d2
                for c2 in third:
                    nc = c ^ (1 << c2)
                    w = 2 if beats[c2 * 32 + win1] else w1
                    if (w == r) != goal:
                        ok = False
                    elif w == 0:
                        ok = probe(na, nb, nc, leader)
                    elif w == 1:
                        ok = probe(nb, nc, na, leader + 1 if leader < 2 else 0)
                    else:
                        ok = probe(nc, na, nb, leader - 1 if leader else 2)
                    if ok == d2:
                        result2 = d2
                        break
                if result2 == d1:
                    result1 = d1
                    break
            if result1 == d0:
                result0 = d0
                break
        if len(tt) >= self.entries:
            tt.clear()
        tt[key] = result0
        return result0

    def partial(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> bool:
        """Like :meth:`probe` from inside a trick; ``hands`` by seat."""
        tab = self.t
        if len(trick) == 3:
            seat = _winner(tab, trick, leader)
            if (seat == self.declarer) != self.declarer_wins:
                return False
            return self.probe(*_rotate(hands, seat), seat)
        if not trick:
            return self.probe(*_rotate(hands, leader), leader)
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        rem = hands[0] | hands[1] | hands[2]
        for x in trick:
            rem |= 1 << x
        mine = seat == self.declarer
        for card in tab.moves(hand & tab.group[trick[0]] or hand, rem):
            after = list(hands)
            after[seat] = hand ^ (1 << card)
            if self.partial(after, leader, (*trick, card)) == mine:
                return mine
        return not mine


class CompiledTrickSearch(TrickSearch):
    """:class:`TrickSearch` compiled (:meth:`PointCore.trick_probe
    <cardlib.skat.solver._native.PointCore>`): the same boolean search over the same moves, in
    a table as :class:`CompiledPointSearch` keeps (its entries marked apart), without the GIL.

    >>> from cardlib import parse_cards
    >>> search = CompiledTrickSearch(GameType.NULL, 0, declarer_wins=False)
    >>> t = search.t
    >>> hands = [t.mask(parse_cards(h)) for h in ("H7 S8", "HA SA", "HK SK")]
    >>> search.partial(hands, 0, ()), search.stats.nodes
    (True, 2)
    """

    def __init__(
        self, game: GameType, declarer: int, declarer_wins: bool, *,
        deadline: Deadline | None = None, entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        super().__init__(game, declarer, declarer_wins, deadline=deadline, entries=entries)
        self.native = self.core = self._compiled(game, declarer, entries)

    def probe(self, a: int, b: int, c: int, leader: int) -> bool:
        try:
            return self.native.trick_probe(a, b, c, leader, self.declarer_wins, self._checked)
        finally:
            self.stats.nodes = self.native.nodes


def trick_search(
    game: GameType, declarer: int, declarer_wins: bool, *, deadline: Deadline | None = None,
    entries: int = TABLE_ENTRIES,
) -> TrickSearch:  # fmt: skip
    """The trick search the solver uses: the compiled one where it is built."""
    if COMPILED:
        return CompiledTrickSearch(game, declarer, declarer_wins, deadline=deadline,
                                   entries=entries)  # fmt: skip
    return TrickSearch(game, declarer, declarer_wins, deadline=deadline, entries=entries)
