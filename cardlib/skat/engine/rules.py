"""The rule options of a Skat table, and the three positions of a deal.

Positions are numbered as the deal sees them: :class:`Position` ``FH`` (0, forehand, left of the
dealer, leads first and bids with the highest priority), ``MH`` (1, middlehand), ``RH`` (2,
rearhand). At a four-player table the dealer sits the deal out and the other three are FH, MH and
RH; :meth:`Rules.active_seats` maps positions to seats.

>>> Position.MH, str(Position.MH), Position.MH == 1, Position.MH.next
(Position.MH, 'MH', True, Position.RH)

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
from enum import IntEnum

from cardlib.cards import Seat
from cardlib.choices import ChoiceType
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Term
from cardlib.skat.scoring.ramsch import RamschRules

__all__ = ["FH", "MH", "POSITIONS", "POSITION_NAMES", "RH", "Position", "Rules", "position_name"]


class Position(IntEnum, metaclass=ChoiceType):
    """The three positions of a deal; equal to 0, 1, 2 and printed as ``FH``, ``MH``, ``RH``."""

    FH = 0
    MH = 1
    RH = 2

    @property
    def next(self) -> Position:
        """The position on this one's left, who plays next in a trick."""
        return POSITIONS[(self + 1) % 3]

    @classmethod
    def _missing_(cls, value: object) -> Position:
        raise RulesError(
            Msg("{value} is not a position: expected 0 (FH), 1 (MH) or 2 (RH)", value=repr(value))
        )

    def __repr__(self) -> str:
        return f"Position.{self.name}"

    def __str__(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        """The position's name in the current language (``str`` stays ``'FH'``).

        >>> from cardlib.i18n import language
        >>> with language("ko"):
        ...     Position.RH.label, str(Position.RH)
        ('대장', 'RH')
        """
        return str(position_term(self))

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)


FH, MH, RH = Position.FH, Position.MH, Position.RH
POSITIONS = (FH, MH, RH)
"""The positions by number: ``POSITIONS[i]`` is fast where ``Position(i)`` is not."""
POSITION_NAMES = ("FH", "MH", "RH")
POSITION_TERMS = (Term("position", "FH"), Term("position", "MH"), Term("position", "RH"))
"""The positions' names in the current language (FH/MH/RH, VH/MH/HH, 선봉/중견/대장, ...)."""
RAMSCH_OPTIONS = ("off", "passed", "always")


def position_name(position: int) -> str:
    """``'FH'``, ``'MH'`` or ``'RH'``."""
    return POSITION_NAMES[position]


def position_term(position: int) -> Term:
    """A position's name, worded in the language current when it is read: ``'FH'``, ``'VH'``, ...

    >>> from cardlib.i18n import language
    >>> with language("ko"):
    ...     print(position_term(0))
    선봉
    """
    return POSITION_TERMS[position]


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a Skat table; the defaults are the seed's rules.

    - ``players``: 3 or 4 (at four the dealer sits each deal out).
    - ``ramsch``: what an all-pass leads to. ``"off"`` (default): the deal is passed in and the
      game ends with the result ``"passed in"`` (the next deal is a fresh one). ``"passed"``: a
      Ramsch is played when all pass; ``"always"``: every deal is a Ramsch, without bidding (see
      :mod:`cardlib.skat.engine.ramsch_play`). The engine sends an all-pass through one place,
      ``bidding.all_passed``.
    - ``kontra``: if True, the defenders may say Kontra and the declarer Re before the first card,
      each doubling the value (moves :class:`~cardlib.skat.engine.moves.Kontra` and
      :class:`~cardlib.skat.engine.moves.Re`).
    - ``ramsch_rules``: the Ramsch variants (:class:`~cardlib.skat.scoring.ramsch.RamschRules`):
      Schieberamsch, where the skat goes, Augenramsch or fixed, ties, Jungfrau, Durchmarsch.
    """

    players: int = 3
    ramsch: str = "off"
    kontra: bool = False
    ramsch_rules: RamschRules = field(default_factory=RamschRules)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (3, 4):
            raise RulesError(
                Msg(
                    "Rules(players={players}): Skat is played by 3 or 4 players",
                    players=repr(self.players),
                )
            )
        if self.ramsch not in RAMSCH_OPTIONS:
            raise RulesError(
                Msg(
                    "Rules(ramsch={ramsch}): expected one of {items}",
                    ramsch=repr(self.ramsch),
                    items=", ".join(RAMSCH_OPTIONS),
                )
            )
        if not isinstance(self.ramsch_rules, RamschRules):
            raise RulesError(
                Msg(
                    "Rules(ramsch_rules={ramsch_rules}): expected a RamschRules object",
                    ramsch_rules=repr(self.ramsch_rules),
                )
            )
        if not isinstance(self.kontra, bool):
            raise RulesError(
                Msg("Rules(kontra={kontra}): expected True or False", kontra=repr(self.kontra))
            )

    def active_seats(self, dealer: Seat | int) -> tuple[Seat, Seat, Seat]:
        """The seats of FH, MH and RH when ``dealer`` deals (FH sits on the dealer's left).

        >>> Rules().active_seats(dealer=Seat.C)
        (Seat.A, Seat.B, Seat.C)
        """
        dealer = Seat(dealer)
        if dealer >= self.players:
            raise RulesError(
                Msg(
                    "dealer {dealer} is not at a table of {players}",
                    dealer=dealer,
                    players=self.players,
                )
            )
        fh = dealer.next(self.players)
        mh = fh.next(self.players)
        return fh, mh, mh.next(self.players)
