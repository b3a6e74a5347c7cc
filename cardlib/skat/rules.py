"""The rule options of a Skat table, and the three positions of a deal.

Positions are numbered as the deal sees them: 0 forehand (FH, left of the dealer, leads first and
bids with the highest priority), 1 middlehand (MH), 2 rearhand (RH). At a four-player table the
dealer sits the deal out and the other three are FH, MH and RH; :meth:`Rules.active_seats` maps
positions to seats.

>>> Rules()
Rules(players=3, ramsch='off', kontra=False, ramsch_rules=RamschRules())
>>> Rules(players=4).active_seats(dealer=3)
(Seat.A, Seat.B, Seat.C)
>>> Rules(players=5)
Traceback (most recent call last):
...
cardlib.errors.RulesError: Rules(players=5): Skat is played by 3 or 4 players
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlib.cards import Seat
from cardlib.errors import RulesError
from cardlib.skat.ramsch import RamschRules

__all__ = ["FH", "MH", "POSITION_NAMES", "RH", "Rules", "position_name"]

FH, MH, RH = 0, 1, 2
POSITION_NAMES = ("FH", "MH", "RH")
RAMSCH_OPTIONS = ("off", "passed", "always")


def position_name(position: int) -> str:
    """``'FH'``, ``'MH'`` or ``'RH'``."""
    return POSITION_NAMES[position]


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a Skat table; the defaults are the seed's rules.

    - ``players``: 3 or 4 (at four the dealer sits each deal out).
    - ``ramsch``: what an all-pass leads to. ``"off"`` (default): the deal is passed in and the
      game ends with the result ``"passed in"`` (the next deal is a fresh one). ``"passed"``: a
      Ramsch is played when all pass; ``"always"``: every deal is a Ramsch, without bidding (see
      :mod:`cardlib.skat.ramsch_play`). The engine sends an all-pass through one place,
      ``bidding.all_passed``.
    - ``kontra``: if True, the defenders may say Kontra and the declarer Re before the first card,
      each doubling the value (moves :class:`~cardlib.skat.moves.Kontra` and
      :class:`~cardlib.skat.moves.Re`).
    - ``ramsch_rules``: the Ramsch variants (:class:`~cardlib.skat.ramsch.RamschRules`):
      Schieberamsch, where the skat goes, Augenramsch or fixed, ties, Jungfrau, Durchmarsch.
    """

    players: int = 3
    ramsch: str = "off"
    kontra: bool = False
    ramsch_rules: RamschRules = field(default_factory=RamschRules)

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise RulesError(f"Rules(players={self.players!r}): Skat is played by 3 or 4 players")
        if self.ramsch not in RAMSCH_OPTIONS:
            raise RulesError(
                f"Rules(ramsch={self.ramsch!r}): expected one of {', '.join(RAMSCH_OPTIONS)}"
            )
        if not isinstance(self.ramsch_rules, RamschRules):
            raise RulesError(
                f"Rules(ramsch_rules={self.ramsch_rules!r}): expected a RamschRules object"
            )
        if not isinstance(self.kontra, bool):
            raise RulesError(f"Rules(kontra={self.kontra!r}): expected True or False")

    def active_seats(self, dealer: Seat | int) -> tuple[Seat, Seat, Seat]:
        """The seats of FH, MH and RH when ``dealer`` deals (FH sits on the dealer's left).

        >>> Rules().active_seats(dealer=Seat.C)
        (Seat.A, Seat.B, Seat.C)
        """
        dealer = Seat(dealer)
        if dealer >= self.players:
            raise RulesError(f"dealer {dealer} is not at a table of {self.players}")
        fh = dealer.next(self.players)
        mh = fh.next(self.players)
        return fh, mh, mh.next(self.players)
