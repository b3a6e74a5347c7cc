"""Deals of the unseen cards drawn in proportion to what the other players' actions say.

:func:`weighted_deals` draws ``candidates`` deals uniformly among those that fit the seat's view
(:func:`~cardlib.skat.players.sampling_deals.sample_deals`, every one of them when there are
fewer), weighs each by :meth:`~cardlib.skat.players.evidence.Evidence.likelihood` and resamples
``count`` of them in proportion to the weights (systematic resampling: the deals kept are as
spread as the weights allow). The effective number of deals, ``(sum w)^2 / sum w^2``, says how
many of the candidates the evidence leaves; when every weight is negligible (the evidence does
not fit the model) the uniform deals are used, with a note. Everything is drawn from the one
``rng``, so the same seed gives the same deals, and the weighing runs here, before any deal is
handed to a worker: the result is the same whatever the number of workers.

>>> from cardlib.skat import new_deal, new_game, Bid, Hold, Pass
>>> state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
>>> sample = weighted_deals(state.view(2), 10, rng=3)      # RH has heard MH bid 20, FH pass
>>> len(sample.deals), sample.candidates, sample.uniform
(10, 40, False)
>>> 1 <= sample.effective <= sample.candidates
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlib.i18n import Msg
from cardlib.randomness import as_rng
from cardlib.skat.players.evidence import Evidence, evidence_of
from cardlib.skat.players.sampling_deals import SampledDeal, sample_deals, unseen_of

if TYPE_CHECKING:
    from cardlib.skat.engine.views import SkatView

__all__ = ["CANDIDATES_PER_DEAL", "EVERY_DEAL", "NEGLIGIBLE", "WeightedDeals", "weighted_deals"]

CANDIDATES_PER_DEAL = 4
"""Uniform candidates drawn for each deal kept (at least :data:`MIN_CANDIDATES`)."""
MIN_CANDIDATES = 40
EVERY_DEAL = 150
"""When at most this many deals fit the seat's view, every one of them is weighed: the weights
are then exact."""
NEGLIGIBLE = 1e-300
"""Weights that sum to no more than this have vanished: the evidence does not fit the model in
any deal drawn, and the deals are drawn uniformly instead."""


@dataclass(frozen=True)
class WeightedDeals:
    """The deals kept, and what the weighing did: ``candidates`` drawn uniformly, of which
    ``effective`` count in the weighted mean; ``uniform`` when the evidence was set aside;
    ``weights`` of the candidates, in order, summing to 1, and the candidates themselves.
    """

    deals: list[SampledDeal]
    candidates: int
    effective: float
    uniform: bool
    evidence: Evidence
    pool: list[SampledDeal]
    weights: list[float]
    exhaustive: bool

    def note(self) -> Msg | None:
        """What the explanation says of the weighing (``None`` when there was nothing to weigh)."""
        if self.evidence.empty:
            return None
        if self.uniform:
            return Msg(
                "What the others did ({evidence}) does not fit cardlib's model of their play in "
                "any of the {n} deals drawn: the deals are weighted equally.",
                evidence=self.evidence.words(),
                n=self.candidates,
            )
        if self.exhaustive:
            return Msg(
                "{evidence}: weighted by how likely that makes each, the {n} deals that fit the "
                "play count as {effective}.",
                evidence=self.evidence.words(), n=self.candidates,
                effective=f"{self.effective:.1f}",
            )  # fmt: skip
        return Msg(
            "{evidence}: weighted by how likely that makes each, {n} deals drawn among those "
            "that fit the play count as {effective}.",
            evidence=self.evidence.words(), n=self.candidates,
            effective=f"{self.effective:.1f}",
        )  # fmt: skip


def weighted_deals(
    view: SkatView,
    count: int,
    rng: random.Random | int | None = None,
    candidates: int | None = None,
    evidence: Evidence | None = None,
) -> WeightedDeals:
    """``count`` deals that fit ``view``, drawn in proportion to the evidence (see the module).

    ``candidates`` (default ``max(CANDIDATES_PER_DEAL * count, MIN_CANDIDATES)``, or every deal
    when no more than :data:`EVERY_DEAL` fit) are drawn uniformly first; when fewer deals fit,
    all of them are weighed, and the weights are exact.
    """
    generator = as_rng(rng)
    found = evidence if evidence is not None else evidence_of(view)
    unseen = unseen_of(view)
    wanted = candidates or max(CANDIDATES_PER_DEAL * count, MIN_CANDIDATES)
    if candidates is None and unseen.count() <= EVERY_DEAL:
        wanted = EVERY_DEAL
    pool = sample_deals(unseen, wanted, generator)
    exhaustive = len(pool) < wanted or unseen.count() <= wanted
    if found.empty:
        size = len(pool)
        return WeightedDeals(pool[:count], size, float(size), False, found, pool,
                             [1 / size] * size, exhaustive)  # fmt: skip
    raw = [found.likelihood(deal) for deal in pool]
    total = sum(raw)
    effective = total * total / sum(w * w for w in raw) if total > 0 else 0.0
    if total <= NEGLIGIBLE:
        size = len(pool)
        return WeightedDeals(pool[:count], size, float(size), True, found, pool,
                             [1 / size] * size, exhaustive)  # fmt: skip
    weights = [w / total for w in raw]
    step = 1.0 / count
    point = generator.random() * step
    kept: list[SampledDeal] = []
    running = 0.0
    for deal, weight in zip(pool, weights, strict=True):
        running += weight
        while point < running and len(kept) < count:
            kept.append(deal)
            point += step
    while len(kept) < count:  # rounding at the very end
        kept.append(pool[max(range(len(pool)), key=weights.__getitem__)])
    return WeightedDeals(kept, len(pool), effective, False, found, pool, weights, exhaustive)
