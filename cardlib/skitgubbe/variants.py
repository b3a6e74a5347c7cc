"""The heuristic player with one rule of thumb changed: the variants Skitgubbe lesson 5 measures.

Each variant plays as :class:`HeuristicBot` except in the one decision its name says, and reads
only its own seat's view. Lesson 5 seats one of them in seat A against two heuristic players;
``tools/skitgubbe_simulations.py`` stores those runs, so the lesson reads them at once.

>>> from cardlib.skitgubbe import Rules, new_game
>>> state = new_game(Rules(players=3), rng=4)
>>> HeuristicBot(rng=1).choose(state), TakeEverything(rng=1).choose(state)
(Play('H3'), Play('HQ'))
"""

from __future__ import annotations

from cardlib.skitgubbe.bots import HeuristicBot, playable_view
from cardlib.skitgubbe.moves import Move, PickUp, Play
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.state import State
from cardlib.skitgubbe.views import StateView

__all__ = [
    "VARIANTS",
    "AlwaysBeat",
    "AlwaysStunsa",
    "HighestFirst",
    "LowestEvenTrumps",
    "NeverStunsa",
    "RandomCollector",
    "TakeEverything",
    "TakeNothing",
]


def _answering(view: StateView) -> bool:
    """Phase 1, and the seat answers a lead."""
    return view.phase is Phase.ONE and view.current_player != view.leader


def _plays(view: StateView) -> list[Play]:
    return [move for move in view.legal if isinstance(move, Play)]


def _rank(move: Play) -> int:
    return int(move.card.rank)


class RandomCollector(HeuristicBot):
    """Phase 1 at random; phase 2 as the heuristic player."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        return self.rng.choice(seen.legal) if seen.phase is Phase.ONE else super().choose(seen)


class TakeEverything(HeuristicBot):
    """Phase 1: lead the highest card, win every lead it can with its cheapest winner."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        plays = _plays(seen)
        if seen.phase is Phase.ONE and plays:
            if not _answering(seen):
                return max(plays, key=_rank)
            winners = [m for m in plays if m.card.rank > seen.table[-1][1].rank]
            if winners:
                return min(winners, key=_rank)
        return super().choose(seen)


class TakeNothing(HeuristicBot):
    """Phase 1: let every lead go that it can (with its lowest card below the lead)."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        if _answering(seen):
            losers = [m for m in _plays(seen) if m.card.rank < seen.table[-1][1].rank]
            if losers:
                return min(losers, key=_rank)
        return super().choose(seen)


class AlwaysStunsa(HeuristicBot):
    """Phase 1: bounce whenever it holds a card of the led rank."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        if _answering(seen):
            for move in _plays(seen):
                if move.card.rank == seen.table[-1][1].rank:
                    return move
        return super().choose(seen)


class NeverStunsa(HeuristicBot):
    """Phase 1: never bounce while another card may answer (then its lowest such card)."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        move = super().choose(seen)
        if _answering(seen) and isinstance(move, Play) and move.card.rank == seen.table[-1][1].rank:
            others = [m for m in _plays(seen) if m.card.rank != move.card.rank]
            if others:
                return min(others, key=_rank)
        return move


class HighestFirst(HeuristicBot):
    """Phase 2: lead the highest card that is not a trump."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        if seen.phase is Phase.TWO and seen.top_card is None:
            side = [m for m in _plays(seen) if len(m.cards) == 1 and m.card.suit is not seen.trumps]
            if side:
                return max(side, key=_rank)
        return super().choose(seen)


class LowestEvenTrumps(HeuristicBot):
    """Phase 2: lead the lowest card, trump or not."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        if seen.phase is Phase.TWO and seen.top_card is None:
            single = [m for m in _plays(seen) if len(m.cards) == 1]
            if single:
                return min(single, key=_rank)
        return super().choose(seen)


class AlwaysBeat(HeuristicBot):
    """Phase 2: beat with the cheapest card whenever one beats; pick up only when none does."""

    def choose(self, view: StateView | State) -> Move:
        seen = playable_view(view, type(self).__name__)
        move = super().choose(seen)
        beats = [m for m in _plays(seen) if len(m.cards) == 1]
        if seen.phase is Phase.TWO and isinstance(move, PickUp) and beats:
            return min(beats, key=lambda m: (m.card.suit is seen.trumps, _rank(m)))
        return move


VARIANTS: tuple[type[HeuristicBot], ...] = (
    RandomCollector, TakeEverything, TakeNothing, AlwaysStunsa, NeverStunsa, HighestFirst,
    LowestEvenTrumps, AlwaysBeat,
)  # fmt: skip
"""Every variant, in the order lesson 5 measures them."""
