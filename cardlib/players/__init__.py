"""What both games' strong players share: the sampling driver, its budget, pool and explanation.

A sampling player decides by dealing the cards its seat cannot see in many ways that fit what it
knows, scoring each candidate move in each such world, and choosing by the tallies. Each game
gives two functions ("sample worlds that fit this view", "score these moves in this world");
the rest is here once:

- :class:`Budget` (seconds and/or a count of worlds; ``None``: reproducible by the seed alone)
  and the :class:`Clock` of one decision;
- :func:`solve_worlds`: the scores in order within the budget, here or on a :class:`Pool` of
  worker processes that any player can be given, that outlives a decision and that
  :meth:`Pool.close` (or a ``with`` block) shuts down;
- :class:`Tally` and :func:`tallies` with Wilson intervals (:mod:`cardlib.estimates`);
- :class:`Explanation`, the one explanation type, and the wording of its numbers
  (:mod:`cardlib.players.wording`).

>>> import operator
>>> found = solve_worlds(operator.mod, 2, [4, 5, 6, 7]).outcomes    # 1: an odd world
>>> tallies(["odd"], [(x,) for x in found], bool)[0].estimate().value
Fraction(1, 2)
"""

from cardlib.players.budget import Budget, Clock
from cardlib.players.driver import Run, Tally, seeded_worlds, solve_worlds, tallies
from cardlib.players.explanation import Explanation
from cardlib.players.pool import Pool, pool_for
from cardlib.players.wording import Clauses, Sentences, chained, interval, percent

__all__ = [
    "Budget",
    "Clauses",
    "Clock",
    "Explanation",
    "Pool",
    "Run",
    "Sentences",
    "Tally",
    "chained",
    "interval",
    "percent",
    "pool_for",
    "seeded_worlds",
    "solve_worlds",
    "tallies",
]
