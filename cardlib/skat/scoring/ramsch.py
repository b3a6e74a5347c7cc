"""Ramsch: when all pass (or always), everyone plays for themselves and card points count against.

Trumps are as in a grand (only the four jacks). In Schieberamsch each player in turn may take
the skat and pass two cards on, or push it on unseen, each push doubling the score. At the end the
skat goes to a player (or nobody) as the options say, and the player with the most card points
loses. Every outcome carries a :class:`~cardlib.rulings.Ruling` that explains it.

This module holds the options and the settlement; :mod:`cardlib.skat.engine.ramsch_play` the play.

>>> result = settle_ramsch(card_points=(50, 40, 20), tricks=(4, 4, 2), skat_points=10,
...                        last_trick=2)
>>> result.scores, result.loser
((-50, 0, 0), (0,))
>>> print(result.ruling)
FH has the most card points (50) and loses them: −50.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardlib.errors import RulesError
from cardlib.rulings import Ruling

__all__ = ["RamschResult", "RamschRules", "settle_ramsch"]

RULE = "skat: Ramsch (seed section 5)"
_NAMES = ("FH", "MH", "RH")


@dataclass(frozen=True, slots=True, repr=False)
class RamschRules:
    """The Ramsch options (seed section 5); the defaults are the plainest Ramsch.

    - ``schieberamsch``: from FH on, each player may take the skat and pass two cards on, or push
      it on unseen; each push doubles the score.
    - ``pass_jacks``: in Schieberamsch, whether jacks may be among the two cards passed on.
    - ``skat_to``: who gets the skat's card points at the end: ``"last_trick"`` (the winner of the
      last trick), ``"most_points"`` (the player with the most card points without it; on a tie,
      ``skat_tie``), or ``"nobody"``.
    - ``skat_tie``: the fall-back for ``"most_points"`` on a tie: ``"last_trick"`` or ``"nobody"``.
    - ``scoring``: ``"points"`` (Augenramsch: the loser loses their card points) or ``"fixed"``
      (10, 15 with one Jungfrau, 20 with two).
    - ``tie``: two players tied with the most points: ``"both"`` lose in full, or ``"half"`` each
      lose half (rounded up to a whole point).
    - ``jungfrau``: a player who took no trick doubles the loser's minus (in ``"points"``
      scoring each Jungfrau doubles; in ``"fixed"`` the table 10/15/20 applies).
    - ``durchmarsch``: a player who took every trick gains 120 instead of anyone losing.
    """

    schieberamsch: bool = False
    pass_jacks: bool = True
    skat_to: Literal["last_trick", "most_points", "nobody"] = "last_trick"
    skat_tie: Literal["last_trick", "nobody"] = "last_trick"
    scoring: Literal["points", "fixed"] = "points"
    tie: Literal["both", "half"] = "both"
    jungfrau: bool = True
    durchmarsch: bool = True

    def __post_init__(self) -> None:
        choices = {
            "skat_to": ("last_trick", "most_points", "nobody"),
            "skat_tie": ("last_trick", "nobody"),
            "scoring": ("points", "fixed"),
            "tie": ("both", "half"),
        }
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(
                    f"RamschRules({name}={value!r}): expected one of {', '.join(allowed)}"
                )
        for name in ("schieberamsch", "pass_jacks", "jungfrau", "durchmarsch"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"RamschRules({name}={getattr(self, name)!r}): expected a bool")

    def __repr__(self) -> str:
        """Only the options that differ from the defaults: ``RamschRules(schieberamsch=True)``."""
        default = RamschRules()
        changed = [
            f"{name}={getattr(self, name)!r}"
            for name in self.__dataclass_fields__
            if getattr(self, name) != getattr(default, name)
        ]
        return f"RamschRules({', '.join(changed)})"


@dataclass(frozen=True, slots=True)
class RamschResult:
    """The end of a Ramsch: each position's score and why.

    ``card_points`` are after the skat went where the options say (``skat_to`` names the position
    or is ``None``); ``scores`` is what each position writes on the sheet (minus for a loser,
    +120 for a Durchmarsch); ``loser`` the losing positions; ``jungfrauen`` the positions that
    took no trick; ``factor`` the doubling from Jungfrauen and pushes.
    """

    card_points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    skat_to: int | None
    scores: tuple[int, int, int]
    loser: tuple[int, ...]
    jungfrauen: tuple[int, ...]
    durchmarsch: int | None
    pushes: int
    factor: int
    ruling: Ruling
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _skat_receiver(
    points: Sequence[int], last_trick: int, skat_points: int, rules: RamschRules
) -> tuple[int | None, str]:
    skat = f"the skat ({skat_points} points)"
    if rules.skat_to == "nobody":
        return None, f"{skat} counts for nobody"
    if rules.skat_to == "last_trick":
        return last_trick, f"{skat} goes to {_NAMES[last_trick]}, who won the last trick"
    top = max(points)
    leaders = [p for p in range(3) if points[p] == top]
    if len(leaders) == 1:
        return leaders[0], f"{skat} goes to {_NAMES[leaders[0]]}, who has the most card points"
    tied = " and ".join(_NAMES[p] for p in leaders)
    if rules.skat_tie == "nobody":
        return (
            None,
            f"{tied} are tied with the most card points ({top}), so {skat} counts for nobody",
        )
    return last_trick, (
        f"{tied} are tied with the most card points ({top}), so {skat} goes to "
        f"{_NAMES[last_trick]}, who won the last trick"
    )


def settle_ramsch(
    card_points: Sequence[int],
    tricks: Sequence[int],
    skat_points: int,
    last_trick: int,
    pushes: int = 0,
    rules: RamschRules | None = None,
) -> RamschResult:
    """Settle a Ramsch from each position's card points and tricks (without the skat).

    ``skat_points`` are the points of the final skat, ``last_trick`` the position that won the
    last trick, ``pushes`` how many players pushed the skat on unseen (Schieberamsch).

    >>> result = settle_ramsch((70, 50, 0), (6, 4, 0), 0, last_trick=0, pushes=1)
    >>> for line in result.lines[:3]:
    ...     print(line)
    the skat (0 points) goes to FH, who won the last trick
    card points with the skat: FH 70, MH 50, RH 0
    pushed once: × 2
    >>> result.scores, result.ruling.explanation.split(": ")[-1]
    ((-280, 0, 0), '−70 × 4 = −280.')
    """
    rules = RamschRules() if rules is None else rules
    points, taken = _check(card_points, tricks, skat_points, last_trick, pushes)
    receiver, skat_line = _skat_receiver(points, last_trick, skat_points, rules)
    if receiver is not None:
        points[receiver] += skat_points
    final = (points[0], points[1], points[2])
    with_skat = "with the skat" if receiver is not None else "(the skat counts for nobody)"
    lines = [skat_line]
    lines.append(
        f"card points {with_skat}: " + ", ".join(f"{_NAMES[p]} {final[p]}" for p in range(3))
    )
    jungfrauen = tuple(p for p in range(3) if taken[p] == 0)
    push_factor = 2**pushes
    pushed = f"pushed {_times(pushes)}"
    if pushes:
        lines.append(f"{pushed}: × {push_factor}")
    base = (final, taken, receiver, jungfrauen, pushes)
    marcher = next((p for p in range(3) if taken[p] == 10), None)
    if marcher is not None and rules.durchmarsch:
        score = 120 * push_factor
        scores = tuple(score if p == marcher else 0 for p in range(3))
        text = f"{_NAMES[marcher]} took every trick: a Durchmarsch, +120"
        text += f", × {push_factor} as the skat was {pushed}: +{score}." if pushes else "."
        lines.append(text)
        ruling = Ruling("durchmarsch", text, RULE)
        return RamschResult(
            *base[:3],
            _three(scores),
            (),
            jungfrauen,
            marcher,
            pushes,
            push_factor,
            ruling,
            tuple(lines),
        )
    top = max(final)
    losers = tuple(p for p in range(3) if final[p] == top)
    if len(losers) == 3:
        text = f"All three have {top} card points: nobody loses."
        lines.append(text)
        ruling = Ruling("ramsch_all_tied", text, RULE)
        return RamschResult(
            *base[:3], (0, 0, 0), (), jungfrauen, None, pushes, push_factor, ruling, tuple(lines)
        )
    count = len(jungfrauen) if rules.jungfrau else 0
    if rules.scoring == "fixed":
        amount, jungfrau_factor = (10, 15, 20)[count], 1
        what = f"a fixed {amount}" + (
            f" ({_count(count)} Jungfrau{'en' * (count > 1)})" if count else ""
        )
    else:
        amount, jungfrau_factor, what = top, 2**count, "them"
    factor = jungfrau_factor * push_factor
    total = amount * factor
    half = len(losers) == 2 and rules.tie == "half"
    loss = -(-total // 2) if half else total
    scores = tuple(-loss if p in losers else 0 for p in range(3))
    who = " and ".join(_NAMES[p] for p in losers)
    if len(losers) == 1:
        text = f"{who} has the most card points ({top}) and loses {what}"
    elif half:
        text = f"{who} are tied with the most card points ({top}) and each loses half of {what}"
    else:
        text = f"{who} are tied with the most card points ({top}) and both lose {what}"
    if jungfrau_factor > 1:  # Augenramsch: each Jungfrau doubles
        names = " and ".join(_NAMES[p] for p in jungfrauen)
        took = "took no trick (Jungfrau)" if count == 1 else "took no trick (two Jungfrauen)"
        text += f", × {jungfrau_factor} as {names} {took}"
    if pushes:
        text += f", × {push_factor} as the skat was {pushed}"
    worked = f"{amount} × {factor} = {total}" if factor > 1 else f"{amount}"
    if half:
        rounded = ", rounded up" if total % 2 else ""
        text += f": −{loss} each (half of {worked}{rounded})."
    elif len(losers) == 2:
        text += f": −{worked.replace(' = ', ' = −')} each."
    else:
        text += f": −{worked.replace(' = ', ' = −')}."
    lines.append(text)
    code = "ramsch_loser" if len(losers) == 1 else "ramsch_tie"
    return RamschResult(
        *base[:3],
        _three(scores),
        losers,
        jungfrauen,
        None,
        pushes,
        factor,
        Ruling(code, text, RULE),
        tuple(lines),
    )


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _count(n: int) -> str:
    return ("no", "one", "two")[n]


def _three(values: Sequence[int]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])


def _check(
    card_points: Sequence[int],
    tricks: Sequence[int],
    skat_points: int,
    last_trick: int,
    pushes: int,
) -> tuple[list[int], tuple[int, int, int]]:
    points = list(card_points)
    taken = tuple(tricks)
    if len(points) != 3 or len(taken) != 3:
        raise RulesError(
            f"Ramsch: expected 3 card points and 3 trick counts, got {card_points!r} and {tricks!r}"
        )
    if any(not isinstance(v, int) or v < 0 for v in (*points, *taken, skat_points, pushes)):
        raise RulesError(
            "Ramsch: card points, tricks, skat points and pushes are whole numbers ≥ 0"
        )
    if sum(taken) != 10:
        raise RulesError(f"Ramsch: the tricks {taken!r} do not add up to 10")
    if sum(points) + skat_points != 120 or skat_points > 22:
        raise RulesError(
            f"Ramsch: card points {points!r} and skat {skat_points} do not add up to 120"
        )
    if last_trick not in (0, 1, 2) or taken[last_trick] == 0:
        raise RulesError(f"Ramsch: position {last_trick!r} cannot have won the last trick")
    if pushes > 3:
        raise RulesError(f"Ramsch: {pushes} pushes; at most the three players push")
    if any(points[p] and not taken[p] for p in range(3)):
        raise RulesError(f"Ramsch: a player with no trick has card points: {points!r}")
    return points, (taken[0], taken[1], taken[2])
