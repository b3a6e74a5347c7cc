"""What a deal's states share before the play: the deal and the rules (one object per deal)."""

from __future__ import annotations

from cardlib.skat.engine.deal import Deal
from cardlib.skat.engine.rules import Rules

__all__ = ["Table"]


class Table:
    """The deal and the rules, shared by the bidding and declaration states of one deal."""

    __slots__ = ("deal", "rules")

    def __init__(self, deal: Deal, rules: Rules) -> None:
        self.deal = deal
        self.rules = rules
