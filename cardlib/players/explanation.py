"""Why a sampling player chose its move: one :class:`Explanation` for both games.

It holds the chosen ``move``, the ``kind`` of decision (each game's own words: Skat's
``"play"``, ``"bid"``, ``"rule"``…, Skitgubbe's ``"sampled"``, ``"only"``…), the tallies best
first (``candidates``), how many sampled worlds were solved (``deals``) of the ``planned``, the
``seconds`` it took and whether the budget ``stopped`` it, and the sentences: ``text`` and the
``notes`` after it. ``str()`` gives the words in the current language; :meth:`Explanation.hint`
the same as one lazy message. Skitgubbe's names for the same fields (``choice``, ``reason``,
``odds``, ``worlds``, ``samples``, ``sentences()``) read them too.

>>> from cardlib.i18n import Msg
>>> why = Explanation("♥A", "play", Msg("{card} wins.", card="♥A"), deals=20, planned=20,
...                   notes=(Msg("Well played."),))
>>> print(why)
♥A wins. Well played.
>>> why.choice, why.worlds, why.samples, str(why.hint())
('♥A', 20, 20, '♥A wins. Well played.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Generic, TypeVar

from cardlib.i18n import Msg
from cardlib.players.wording import Sentences

__all__ = ["Explanation"]

M = TypeVar("M")


@dataclass(frozen=True)
class Explanation(Generic[M]):
    """The move, the numbers behind it and the sentences (see the module docstring).

    ``seat`` is the seat that decided (when the game tells it), ``budget`` the seconds it was
    given, ``usual`` the simple player's move where it was asked, ``tie`` what told the best move
    from the next when they scored the same (a game's own word; ``""`` when nothing had to).
    """

    move: M
    kind: str
    text: Msg
    candidates: tuple[Any, ...] = ()
    deals: int = 0
    planned: int = 0
    seconds: float = field(default=0.0, compare=False)
    stopped: bool = False
    notes: tuple[Msg, ...] = ()
    seat: IntEnum | None = None
    budget: float | None = None
    usual: M | None = None
    tie: str = ""

    def sentences(self) -> tuple[Msg, ...]:
        """The explanation as whole sentences, each worded when read."""
        return (self.text, *self.notes)

    def hint(self) -> Msg:
        """The words as one lazy message, worded when read."""
        return self.text if not self.notes else Sentences(self.sentences())

    @property
    def choice(self) -> M:
        """The chosen move (Skitgubbe's name for ``move``)."""
        return self.move

    @property
    def reason(self) -> str:
        """What kind of decision it was (Skitgubbe's name for ``kind``)."""
        return self.kind

    @property
    def odds(self) -> tuple[Any, ...]:
        """The tallies, best first (Skitgubbe's name for ``candidates``)."""
        return self.candidates

    @property
    def tallies(self) -> tuple[Any, ...]:
        """The tallies, best first."""
        return self.candidates

    @property
    def worlds(self) -> int:
        """The sampled worlds solved (Skitgubbe's name for ``deals``)."""
        return self.deals

    @property
    def samples(self) -> int:
        """The worlds sampled (Skitgubbe's name for ``planned``)."""
        return self.planned

    def __str__(self) -> str:
        return " ".join(str(part) for part in self.sentences())

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))
