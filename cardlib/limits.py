"""Limits on the size of a request: what would fill the memory or never end is refused up front.

Each limit is a named constant here, and the error names the request, the limit and its value.
Every lesson and test asks for far less; a request near a limit that runs long (sampled deals
solved one by one) shows progress and stops on Ctrl-C with what it has.

>>> check_size("hypergeometric(10**9, 5, 10)", 10**9, "MAX_POPULATION")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.errors.CardlibError: hypergeometric(...): 1,000,000,000 is above MAX_POPULATION = 10,000
>>> check_size("win_chance(samples=200)", 200, "MAX_SAMPLES")
"""

from __future__ import annotations

from cardlib.errors import CardlibError

__all__ = [
    "MAX_BOT_SAMPLES",
    "MAX_HOLDERS",
    "MAX_OUTCOMES",
    "MAX_POPULATION",
    "MAX_SAMPLES",
    "check_size",
]

MAX_OUTCOMES = 100_000
"""Outcomes an exact distribution may list (``split_distribution``, ``coin_split``): each is an
exact fraction kept in memory. The lessons list at most a few hundred."""

MAX_HOLDERS = 100
"""Holders an exact split distribution may have (four at a bridge table is the most a lesson
uses)."""

MAX_POPULATION = 10_000
"""Cards a ``hypergeometric`` population may hold: its binomial coefficients grow with it (a
pack of 52 is the largest a lesson uses)."""

MAX_SAMPLES = 1_000_000
"""Deals ``sample_deals``, ``win_chance`` and ``win_chances`` may sample: the deals are made one
at a time as they are solved, and a run this long shows progress and stops on Ctrl-C."""

MAX_BOT_SAMPLES = 100_000
"""Worlds a sampling player (Skat or Skitgubbe) may sample per decision: they are drawn before
its budget is looked at."""

_LIMITS = {
    "MAX_BOT_SAMPLES": MAX_BOT_SAMPLES,
    "MAX_HOLDERS": MAX_HOLDERS,
    "MAX_OUTCOMES": MAX_OUTCOMES,
    "MAX_POPULATION": MAX_POPULATION,
    "MAX_SAMPLES": MAX_SAMPLES,
}


def check_size(
    call: str, size: int, limit: str, error: type[CardlibError] = CardlibError, what: str = ""
) -> None:
    """Raise ``error`` naming ``call``, the limit and its value when ``size`` is above it
    (``what``: the words before the size, such as ``"outcomes, at least"``)."""
    if size > _LIMITS[limit]:
        said = f"{what} {size:,}" if what else f"{size:,}"
        raise error(f"{call}: {said} is above {limit} = {_LIMITS[limit]:,}")
