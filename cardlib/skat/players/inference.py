"""The inference player: the sampling player, its deals weighted by what the others' actions say.

:class:`InferenceBot` decides as :class:`~cardlib.skat.players.sampling.SamplingBot` does
(perfect-information Monte Carlo over sampled deals, the same budget, workers and seeds), with
one difference: its deals are not drawn uniformly among those that fit what its seat has seen,
but in proportion to how likely each makes the other players' bids, passes, game and cards
(:mod:`.evidence`, :mod:`.weighted_deals`), as Kermit (Buro, Long, Furtak and Sturtevant, 2009)
and policy-based inference (Rebstock, Solinas, Buro and Sturtevant, 2019) do. The weighing runs
before any deal goes to a worker, so the result is the same whatever their number.

Its bidding book is made anew whenever the auction it has heard grows (a bid of 44 says more
than one of 18), and a plain Null is judged apart from a Null Ouvert: in the deals where the
declarer loses a Null with every hand known, the Null is played out with each defender choosing
its cards from deals of its own (:mod:`.hidden_null`), as the defenders of a plain Null cannot
see the declarer's hand.

:meth:`InferenceBot.explain` says what the evidence did: how many deals it leaves in effect,
and in the play the chosen card's figure over the same seat's uniform deals, for comparison
(those are solved for the explanation only, in up to half the budget more; :meth:`choose`
does not solve them).

>>> from cardlib.skat import new_deal, new_game, Bid, Hold, Pass
>>> state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20))
>>> bot = InferenceBot(samples=6, rng=1, budget=None)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cardlib.estimates import proportion
from cardlib.i18n import Msg
from cardlib.players import Clock, Explanation, interval, solve_worlds
from cardlib.skat.engine.moves import Move, Play
from cardlib.skat.players.bots import mover_view
from cardlib.skat.players.sampling import SamplingBot
from cardlib.skat.players.sampling_bidding import plausible_games
from cardlib.skat.players.sampling_play import play_question, solve_candidates
from cardlib.skat.players.weighted_deals import WeightedDeals, weighted_deals

if TYPE_CHECKING:
    from cardlib.skat.engine.states import SkatState
    from cardlib.skat.engine.views import SkatView
    from cardlib.skat.players.sampling_deals import SampledDeal
    from cardlib.skat.players.sampling_race import GameBook

__all__ = ["InferenceBot"]


class InferenceBot(SamplingBot):
    """The sampling player with weighted deals (see the module docstring); the same arguments
    as :class:`~cardlib.skat.players.sampling.SamplingBot`."""

    _hidden_null = True

    _weighing: WeightedDeals | None = None
    """The weighing behind the decision being made (set as its deals are drawn)."""

    @cached_property
    def _weighings(self) -> dict[tuple[Any, ...], WeightedDeals | None]:
        """The weighing behind each book of games, by the book's key."""
        return {}

    def __repr__(self) -> str:
        return f"InferenceBot(samples={self.samples}, budget={self.budget})"

    def choose(self, state: SkatState | SkatView) -> Move:
        """The move this player makes here (without the comparison :meth:`explain` adds)."""
        return self._decide(state, compare=False).move

    def explain(self, state: SkatState | SkatView) -> Explanation[Move]:
        """The move, the tallies behind it and the sentences, with what the evidence did."""
        return self._decide(state, compare=True)

    def _decide(self, state: SkatState | SkatView, *, compare: bool) -> Explanation[Move]:
        view = mover_view(state)
        self._weighing = None
        explanation = super().explain(view)
        weighed = self._weighing
        if weighed is None or explanation.kind == "rule":
            return explanation
        notes: list[Msg] = []
        note = weighed.note()
        if note is not None:
            notes.append(note)
        if compare and isinstance(explanation.move, Play) and explanation.kind == "play":
            notes.extend(self._without(view, explanation, weighed))
        if not notes:
            return explanation
        return replace(explanation, notes=(*explanation.notes, *notes))

    # -- the deals ------------------------------------------------------------------------------
    def _deals(self, view: SkatView, *extra: object) -> list[SampledDeal]:
        weighed = weighted_deals(view, self.samples, self._rng(view, *extra))
        self._weighing = weighed
        return weighed.deals

    def _book(self, key: tuple[Any, ...], view: SkatView, options: Any, *extra: object
              ) -> GameBook | None:  # fmt: skip
        fresh = key not in self._books
        book = super()._book(key, view, options, *extra)
        if fresh:
            self._weighings[key] = self._weighing if book is not None else None
        self._weighing = self._weighings.get(key)
        return book

    def _bidding_book(self, view: SkatView) -> GameBook | None:
        hand = tuple(view.hand)
        return self._book(("bidding", int(view.seat), hand, view.auction), view,
                          lambda: plausible_games(hand), "bidding", view.auction)  # fmt: skip

    # -- the comparison -------------------------------------------------------------------------
    def _without(
        self, view: SkatView, explanation: Explanation[Move], weighed: WeightedDeals
    ) -> tuple[Msg, ...]:
        """The chosen card's figure over the seat's uniform deals (the first of the candidates,
        as many as the decision solved), within half the budget."""
        if weighed.uniform or weighed.evidence.empty or not explanation.deals or \
                view.declaration is None:  # fmt: skip
            return ()
        move = explanation.move
        assert isinstance(move, Play)
        question = play_question(view, [move.card])
        first = question.asking(None, question.candidates)
        deals = weighed.pool[: explanation.deals]
        clock = Clock(self._budget, time.perf_counter())
        run = solve_worlds(solve_candidates, first, deals, clock=clock, share=0.5,
                           pool=self._pool)  # fmt: skip
        found = run.outcomes
        if not found:
            return ()
        mine = question.mover == question.declarer
        wins = sum(bool(row[0][0]) == mine for row in found)
        args = {"card": move.card, "wins": wins,
                **interval(proportion("", wins, len(found)))}  # fmt: skip
        if view.seat == question.declarer:
            return (Msg(
                "Without that, every deal that fits the play counted alike: {card} wins in "
                "{wins} of {n} ({percent}%).",
                n=len(found), **args,
            ),)  # fmt: skip
        return (Msg(
            "Without that, every deal that fits the play counted alike: {card} beats the game "
            "in {wins} of {n} ({percent}%).",
            n=len(found), **args,
        ),)  # fmt: skip
