"""Ramsch with every hand known: how few card points can one player be held to?

In a Ramsch everyone plays for themselves and the card points count against the one who takes
them. This search answers it for one player, ``me``, the cautious way: ``me`` plays to take as few
points as possible while the other two play to give ``me`` as many as they can (the "paranoid"
model, which makes three-handed play a two-sided game and lets alpha-beta prune). The skat's
points go where :class:`~cardlib.skat.RamschRules` ``skat_to`` says (:func:`skat_receiver`): to
the winner of the last trick (the default), to the player with the most card points without it
(on a tie, ``skat_tie``), or to nobody. With ``"most_points"`` the value of a position depends
on the points each player took before it, so the search is told them and its table keeps them.

Cards are bits ordered by trick-taking strength as in a grand (the four jacks on top: the tables
of :mod:`cardlib.skat.solver._bit_tables`), a transposition table keeps bounds at trick
boundaries, and runs of interchangeable cards (neighbours in strength with nothing left between
them and worth the same) are searched once, as in the point search.

>>> ramsch_points(("CJ HA", "SJ H7", "DJ HK"), leader=0, me=0)      # FH cannot escape a trick
21
>>> ramsch_points(("CJ HA", "SJ H7", "DJ HK"), leader=0, me=1)      # MH throws ♠J under ♣J
0
>>> ramsch_points(("CA", "C7", "C8"), leader=1, me=0, skat="HT")            # the skat to FH
21
>>> ramsch_points(("CA", "C7", "C8"), leader=1, me=0, skat="HT", skat_to="nobody")
11
>>> ramsch_points(("CA", "C7", "C8"), leader=1, me=0, skat="HT", skat_to="most_points",
...               taken=(0, 40, 0))                                    # MH has the most
11
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.cards import CardsLike, as_cards
from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.players.deadline import Deadline
from cardlib.skat.engine.facts import CARD_POINTS, GameType
from cardlib.skat.solver._bit_tables import Tables
from cardlib.skat.solver._search import TABLE_ENTRIES, Limits, tables

__all__ = ["RamschSearch", "Tables", "bits", "grand_tables", "ramsch_points", "skat_receiver"]


def grand_tables() -> Tables:
    """The bit tables of a grand, which a Ramsch plays by (the jacks alone are trumps)."""
    return tables(GameType.GRAND)


_GAME = GameType.GRAND
_SKAT_TO = ("last_trick", "most_points", "nobody")
_SKAT_TIE = ("last_trick", "nobody")


def skat_receiver(
    points: Sequence[int], last: int, skat_to: str = "last_trick", skat_tie: str = "last_trick"
) -> int | None:
    """Who gets the skat's points at the end of a Ramsch (``None``: nobody), from each seat's
    card points without it and the winner of the last trick, as ``skat_to`` and ``skat_tie``
    of :class:`~cardlib.skat.RamschRules` say.

    >>> skat_receiver((50, 40, 30), 2), skat_receiver((50, 40, 30), 2, "most_points")
    (2, 0)
    >>> skat_receiver((50, 50, 20), 2, "most_points"), skat_receiver((50, 50, 20), 2, "nobody")
    (2, None)
    """
    if skat_to == "last_trick":
        return last
    if skat_to == "nobody":
        return None
    top = max(points)
    leaders = [seat for seat in range(3) if points[seat] == top]
    if len(leaders) == 1:
        return leaders[0]
    return last if skat_tie == "last_trick" else None


def _check_skat_rule(skat_to: str, skat_tie: str, name: str) -> None:
    if skat_to not in _SKAT_TO:
        raise CardlibError(
            Msg(
                "{name}(skat_to={skat_to}): expected one of {items}",
                name=name,
                skat_to=repr(skat_to),
                items=", ".join(_SKAT_TO),
            )
        )
    if skat_tie not in _SKAT_TIE:
        raise CardlibError(
            Msg(
                "{name}(skat_tie={skat_tie}): expected one of {items}",
                name=name,
                skat_tie=repr(skat_tie),
                items=", ".join(_SKAT_TIE),
            )
        )


class RamschSearch(Limits):
    """The fewest card points ``me`` can be held to from a position, the others against ``me``
    (one search object per deal: its table is shared between questions). The skat's
    ``skat_points`` go as ``skat_to`` and ``skat_tie`` say (:func:`skat_receiver`). The bit
    tables and the runs of interchangeable cards are the point search's (a grand's order); the
    table holds at most ``entries`` positions and the search stops at its ``deadline`` as the
    others do."""

    def __init__(
        self, me: int, skat_points: int = 0, *, skat_to: str = "last_trick",
        skat_tie: str = "last_trick", deadline: Deadline | None = None,
        entries: int = TABLE_ENTRIES,
    ) -> None:  # fmt: skip
        if me not in (0, 1, 2):
            raise CardlibError(Msg("RamschSearch(me={me}): expected seat 0, 1 or 2", me=repr(me)))
        _check_skat_rule(skat_to, skat_tie, "RamschSearch")
        super().__init__(deadline, entries)
        self.t = tables(_GAME)
        self.me = me
        self.skat_to = skat_to
        self.skat_tie = skat_tie
        self.skat_points = 0 if skat_to == "nobody" else skat_points
        self._others = ((me + 1) % 3, (me + 2) % 3)
        self._by_points = skat_to == "most_points"
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}

    @property
    def nodes(self) -> int:
        """Positions searched at a trick boundary."""
        return self.stats.nodes

    def value(
        self, hands: Sequence[int], leader: int, trick: tuple[int, ...] = (),
        taken: Sequence[int] = (0, 0, 0),
    ) -> int:  # fmt: skip
        """The points ``me`` takes from here (the cards on the table included, and the skat if
        it goes to ``me``) under this play; ``taken``: each seat's card points so far."""
        rest = sum(self.t.points[b] for h in hands for b in bits(h))
        rest += sum(self.t.points[b] for b in trick) + self.skat_points
        ahead = None
        if self._by_points:
            a, b = self._others
            ahead = (taken[self.me] - taken[a], taken[self.me] - taken[b])
        return self._search(list(hands), leader, trick, -1, rest + 1, rest, ahead)

    def _skat_to_me(self, winner: int, ahead: tuple[int, int] | None) -> bool:
        """Whether the skat goes to ``me``, the last trick won by ``winner``, ``me`` ahead of the
        other two by ``ahead`` card points (``None``: the points do not decide)."""
        if ahead is None:
            return winner == self.me
        points = [0, 0, 0]
        a, b = self._others
        points[a], points[b] = -ahead[0], -ahead[1]
        return skat_receiver(points, winner, self.skat_to, self.skat_tie) == self.me

    def _search(
        self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int,
        rest: int, ahead: tuple[int, int] | None,
    ) -> int:  # fmt: skip
        if beta <= 0:
            return 0
        if alpha >= rest:
            return rest
        t = self.t
        if len(trick) == 3:
            win = 0
            for i in (1, 2):
                if t.beats[trick[i] * 32 + trick[win]]:
                    win = i
            winner = (leader + win) % 3
            pts = t.points[trick[0]] + t.points[trick[1]] + t.points[trick[2]]
            mine = pts if winner == self.me else 0
            if ahead is not None:
                if winner == self.me:
                    ahead = (ahead[0] + pts, ahead[1] + pts)
                elif winner == self._others[0]:
                    ahead = (ahead[0] - pts, ahead[1])
                else:
                    ahead = (ahead[0], ahead[1] - pts)
            if not hands[0]:  # the last trick
                return mine + (self.skat_points if self._skat_to_me(winner, ahead) else 0)
            rest -= pts
            return mine + self._search(hands, winner, (), alpha - mine, beta - mine, rest, ahead)
        key: tuple[object, ...] = (hands[0], hands[1], hands[2], leader)
        if ahead is not None:  # the skat goes to whoever has the most: the points so far count
            key = (*key, ahead)
        if not trick:
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
            nodes = self.stats.nodes = self.stats.nodes + 1
            if nodes >= self.check_at:
                self.check()
        a0, b0 = alpha, beta
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        held = hands[0] | hands[1] | hands[2]
        for played in trick:
            held |= 1 << played
        playable = hand & t.group[trick[0]] if trick else 0
        cards: Sequence[int] = t.moves(playable or hand, held)
        minimise = seat == self.me
        if len(cards) > 1:
            cards = sorted(cards, key=lambda b: self._order(b, trick, leader, minimise))
        best = 999 if minimise else -1
        for card in cards:
            hands[seat] = hand ^ 1 << card
            g = self._search(hands, leader, (*trick, card), alpha, beta, rest, ahead)
            hands[seat] = hand
            if minimise:
                if g < best:
                    best = g
                    beta = min(beta, g)
            elif g > best:
                best = g
                alpha = max(alpha, g)
            if alpha >= beta:
                break
        if not trick:
            lo, hi = self.tt.get(key, (0, rest))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            if len(self.tt) >= self.entries:
                self.tt.clear()
            self.tt[key] = (lo, hi)
        return best

    def _order(self, card: int, trick: tuple[int, ...], leader: int, minimise: bool) -> int:
        """Cheap, sensible cards first: ``me`` ducks and sheds points where it is not winning."""
        t = self.t
        points = t.points[card]
        if not trick:
            return card if minimise else -points
        top = trick[0]
        for other in trick[1:]:
            if t.beats[other * 32 + top]:
                top = other
        winning = t.beats[card * 32 + top]
        if minimise:
            return 1000 + card if winning else -points * 40 - card
        return -points - (100 if not winning else 0)


def bits(mask: int) -> Iterable[int]:
    """The bits set in ``mask``, lowest first.

    >>> list(bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def ramsch_points(
    hands: Sequence[CardsLike],
    leader: int,
    me: int,
    *,
    trick: CardsLike = (),
    skat: CardsLike = (),
    skat_to: str = "last_trick",
    skat_tie: str = "last_trick",
    taken: Sequence[int] = (0, 0, 0),
) -> int:
    """The card points ``me`` ends with if it takes as few as it can and the other two give it as
    many as they can, every hand known; ``skat`` goes where ``skat_to`` and ``skat_tie`` say
    (:func:`skat_receiver`); ``taken`` are each seat's card points from the tricks before (``me``'s
    count in the result, and under ``"most_points"`` they decide where the skat goes).

    >>> ramsch_points(("CA", "C7", "C8"), leader=1, me=0, skat="HT", taken=(5, 0, 0))
    26
    """
    if isinstance(hands, str) or len(hands) != 3:
        raise CardlibError(
            Msg(
                "ramsch_points: expected three hands for seats 0, 1, 2, got {hands}",
                hands=repr(hands),
            )
        )
    if me not in (0, 1, 2) or leader not in (0, 1, 2):
        raise CardlibError(
            Msg(
                "ramsch_points: me={me}, leader={leader}: use 0, 1 or 2",
                me=repr(me),
                leader=repr(leader),
            )
        )
    _check_skat_rule(skat_to, skat_tie, "ramsch_points")
    if (
        isinstance(taken, str)
        or len(taken) != 3
        or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 120 for p in taken)
    ):
        raise CardlibError(
            Msg(
                "ramsch_points(taken={taken}): expected three card points from 0 to 120",
                taken=repr(taken),
            )
        )
    held = [as_cards(hand, name=f"seat {i}'s hand", pack="skat") for i, hand in enumerate(hands)]
    played = as_cards(trick, name="the trick", pack="skat")
    kept = as_cards(skat, name="the skat", pack="skat")
    every = [card for part in (*held, played, kept) for card in part]
    if len(set(every)) != len(every):
        raise CardlibError(
            Msg("ramsch_points: a card is given twice in {items}", items=" ".join(map(str, every)))
        )
    sizes = {len(h) + (1 if (i - leader) % 3 < len(played) else 0) for i, h in enumerate(held)}
    if len(sizes) != 1 or len(played) > 2 or (not held[leader] and not played):
        raise CardlibError(
            Msg(
                "ramsch_points: hands of {items} cards do not fit a trick led by seat "
                "{leader} with {played} card(s) played",
                items=", ".join(str(len(h)) for h in held),
                leader=leader,
                played=len(played),
            )
        )
    t = tables(_GAME)
    points = sum(CARD_POINTS[card.rank] for card in kept)
    search = RamschSearch(me, points, skat_to=skat_to, skat_tie=skat_tie)
    masks = [t.mask(h) for h in held]
    return taken[me] + search.value(masks, leader, tuple(t.bit[c] for c in played), taken)
