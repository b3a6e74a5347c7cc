"""Ramsch with every hand known, for the sampling player: the search lives in
:mod:`cardlib.skat.solver.ramsch` (on the point search's bit tables); the names stay here.

>>> ramsch_points(("CJ HA", "SJ H7", "DJ HK"), leader=0, me=0)      # FH cannot escape a trick
21
>>> t = bit_tables()
>>> str(t.cards[31]), t.beats[31 * 32 + 30]                          # ♣J beats ♠J
('CJ', True)
"""

from __future__ import annotations

from cardlib.skat.solver.ramsch import (
    RamschSearch,
    Tables,
    bits,
    grand_tables,
    ramsch_points,
    skat_receiver,
)

__all__ = ["BitTables", "RamschSearch", "bit_tables", "bits", "ramsch_points", "skat_receiver"]

BitTables = Tables
"""The bit tables of a grand, which a Ramsch plays by (the jacks alone are trumps)."""


def bit_tables() -> Tables:
    """The tables the Ramsch search and the quick play-out count with (a grand's, built once)."""
    return grand_tables()
