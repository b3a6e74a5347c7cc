"""Exact probability for card players: counting, distributions, and the questions of each game.

Every answer is an exact :class:`~fractions.Fraction`; sympy is used only to show formulas, and
simulations report their sample size and 95% intervals.

>>> from cardlib.probability import hypergeometric, patterns, split_distribution
>>> hypergeometric(32, 4, 2)[0]                      # no jack among two random cards
Fraction(189, 248)
>>> patterns(split_distribution(4, (10, 10)))
patterns: 4 cards among holders of 10-10 unseen cards
  outcome  probability       %
  2-2          135/323   41.80
  3-1          160/323   49.54
  4-0           28/323    8.67
"""

from cardlib.calls import guard_names
from cardlib.estimates import (
    Comparison,
    Estimate,
    SimulationResult,
    binomial_test,
    chi_square_test,
    difference,
    mean,
    proportion,
    run_trials,
    t_quantile,
)
from cardlib.parallel import run_each, run_seeded
from cardlib.probability.bidding import BiddingPosterior, bidding_posterior, model_says
from cardlib.probability.core import (
    Distribution,
    P,
    all_deals,
    coin_split,
    deal_count,
    hypergeometric,
    patterns,
    split_distribution,
)
from cardlib.probability.formulas import (
    as_fraction,
    coin_formula,
    hypergeometric_formula,
    split_formula,
)
from cardlib.probability.inference import SeatKnowledge, seat_knowledge, shown_out
from cardlib.probability.null_odds import (
    NullHandOdds,
    NullLie,
    NullSuitOdds,
    can_force,
    holes,
    null_hand,
    null_suit,
    null_text,
)
from cardlib.probability.skat_odds import (
    FindingTable,
    SkatOutlook,
    matadors,
    sample_trump_split,
    skat_finding_table,
    skat_outlook,
    trump_split,
)
from cardlib.probability.skitgubbe_odds import (
    BounceChance,
    GameStats,
    bounce_chance,
    bounce_chance_in,
    game_stats,
    simulate_games,
    stunsa_chance,
)
from cardlib.probability.what_if import HandReport, compare_reports, hand_report

__all__ = [
    "BiddingPosterior",
    "BounceChance",
    "Comparison",
    "Distribution",
    "Estimate",
    "FindingTable",
    "GameStats",
    "HandReport",
    "NullHandOdds",
    "NullLie",
    "NullSuitOdds",
    "P",
    "SeatKnowledge",
    "SimulationResult",
    "SkatOutlook",
    "all_deals",
    "as_fraction",
    "bidding_posterior",
    "binomial_test",
    "bounce_chance",
    "bounce_chance_in",
    "can_force",
    "chi_square_test",
    "coin_formula",
    "coin_split",
    "compare_reports",
    "deal_count",
    "difference",
    "game_stats",
    "hand_report",
    "holes",
    "hypergeometric",
    "hypergeometric_formula",
    "matadors",
    "mean",
    "model_says",
    "null_hand",
    "null_suit",
    "null_text",
    "patterns",
    "proportion",
    "run_each",
    "run_seeded",
    "run_trials",
    "sample_trump_split",
    "seat_knowledge",
    "shown_out",
    "simulate_games",
    "skat_finding_table",
    "skat_outlook",
    "split_distribution",
    "split_formula",
    "stunsa_chance",
    "t_quantile",
    "trump_split",
]

guard_names(globals(), __all__)
