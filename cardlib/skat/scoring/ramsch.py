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

from cardlib.cards import Card
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural, Term, joined
from cardlib.rulings import Ruling

__all__ = ["RamschResult", "RamschRules", "settle_ramsch", "skat_sentence"]

RULE = Msg("skat: Ramsch (seed section 5)")
_NAMES = (Term("position", "FH"), Term("position", "MH"), Term("position", "RH"))


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
                    Msg(
                        "RamschRules({name}={value}): expected one of {items}",
                        name=name,
                        value=repr(value),
                        items=", ".join(allowed),
                    )
                )
        for name in ("schieberamsch", "pass_jacks", "jungfrau", "durchmarsch"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    Msg(
                        "RamschRules({name}={value}): expected a bool",
                        name=name,
                        value=repr(getattr(self, name)),
                    )
                )

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
    took no trick; ``factor`` the doubling from Jungfrauen and pushes; ``working`` the steps
    as lazy messages, which ``lines`` words in the current language.
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
    working: tuple[Msg, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        """The working, one step a line, in the current language."""
        return tuple(str(line) for line in self.working)

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _skat_receiver(
    points: Sequence[int],
    last_trick: int,
    skat_points: int,
    rules: RamschRules,
    cards: tuple[Card, ...] | None = None,
) -> tuple[int | None, Msg]:
    """Who gets the skat, and the line that says so (with ``cards``: the sentence that names
    them, for the ruling at the end of the play)."""
    facts: dict[str, object] = {"last": _NAMES[last_trick]}
    if cards is not None:
        facts["cards"] = " ".join(card.symbol for card in cards)
    top = max(points)
    leaders = [p for p in range(3) if points[p] == top]
    if rules.skat_to == "nobody":
        return None, _skat_text("nobody", skat_points, facts)
    if rules.skat_to == "last_trick":
        return last_trick, _skat_text("last_trick", skat_points, facts)
    if len(leaders) == 1:
        facts["who"] = _NAMES[leaders[0]]
        return leaders[0], _skat_text("most_points", skat_points, facts)
    facts["tied"] = joined([_NAMES[p] for p in leaders])
    facts["top"] = top
    if rules.skat_tie == "nobody":
        return None, _skat_text("tie_nobody", skat_points, facts)
    return last_trick, _skat_text("tie_last_trick", skat_points, facts)


def _skat_text(kind: str, n: int, facts: dict[str, object]) -> Msg:
    """The line (or, when ``facts`` name the cards, the sentence) saying where the skat goes."""
    if "cards" in facts:
        return _skat_sentence(kind, n, facts)
    if kind == "nobody":
        return Plural(
            "the skat ({n} point) counts for nobody",
            "the skat ({n} points) counts for nobody",
            n,
            **facts,
        )
    if kind == "last_trick":
        return Plural(
            "the skat ({n} point) goes to {last}, who won the last trick",
            "the skat ({n} points) goes to {last}, who won the last trick",
            n,
            **facts,
        )
    if kind == "most_points":
        return Plural(
            "the skat ({n} point) goes to {who}, who has the most card points",
            "the skat ({n} points) goes to {who}, who has the most card points",
            n,
            **facts,
        )
    # Translators: {tied} are two positions ("FH and MH"), {top} their card points.
    if kind == "tie_nobody":
        return Plural(
            "{tied} are tied with the most card points ({top}), so the skat ({n} point) counts "
            "for nobody",
            "{tied} are tied with the most card points ({top}), so the skat ({n} points) counts "
            "for nobody",
            n,
            **facts,
        )
    return Plural(
        "{tied} are tied with the most card points ({top}), so the skat ({n} point) goes to "
        "{last}, who won the last trick",
        "{tied} are tied with the most card points ({top}), so the skat ({n} points) goes to "
        "{last}, who won the last trick",
        n,
        **facts,
    )


def _skat_sentence(kind: str, n: int, facts: dict[str, object]) -> Msg:
    # Translators: {cards} are the two skat cards, {n} their card points.
    if kind == "nobody":
        return Plural(
            "The skat ({cards}, {n} point) counts for nobody.",
            "The skat ({cards}, {n} points) counts for nobody.",
            n,
            **facts,
        )
    if kind == "last_trick":
        return Plural(
            "The skat ({cards}, {n} point) goes to {last}, who won the last trick.",
            "The skat ({cards}, {n} points) goes to {last}, who won the last trick.",
            n,
            **facts,
        )
    if kind == "most_points":
        return Plural(
            "The skat ({cards}, {n} point) goes to {who}, who has the most card points.",
            "The skat ({cards}, {n} points) goes to {who}, who has the most card points.",
            n,
            **facts,
        )
    if kind == "tie_nobody":
        return Plural(
            "{tied} are tied with the most card points ({top}), so the skat ({cards}, {n} point) "
            "counts for nobody.",
            "{tied} are tied with the most card points ({top}), so the skat ({cards}, {n} "
            "points) counts for nobody.",
            n,
            **facts,
        )
    return Plural(
        "{tied} are tied with the most card points ({top}), so the skat ({cards}, {n} point) "
        "goes to {last}, who won the last trick.",
        "{tied} are tied with the most card points ({top}), so the skat ({cards}, {n} points) "
        "goes to {last}, who won the last trick.",
        n,
        **facts,
    )


def skat_sentence(
    card_points: Sequence[int], last_trick: int, skat: tuple[Card, ...], rules: RamschRules
) -> Msg:
    """Where the skat goes at the end of a Ramsch, as a sentence that shows its cards.

    ``card_points`` are each position's points before the skat goes anywhere.

    >>> from cardlib import parse_cards
    >>> print(skat_sentence((50, 40, 20), 2, parse_cards("S7 H8"), RamschRules()))
    The skat (♠7 ♥8, 0 points) goes to RH, who won the last trick.
    """
    from cardlib.skat.engine.facts import card_points as points_of

    skat_points = points_of(skat)
    return _skat_receiver(card_points, last_trick, skat_points, rules, tuple(skat))[1]


def _pushed(pushes: int) -> Msg:
    """How often the skat was pushed on: ``'pushed once'``, ``'pushed twice'``."""
    if pushes == 1:
        # Translators: Schieberamsch: how often the skat was pushed on unseen.
        return Msg("pushed once")
    if pushes == 2:
        return Msg("pushed twice")
    return Msg("pushed {n} times", n=pushes)


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
    each: dict[str, object] = {"fh": _NAMES[0], "mh": _NAMES[1], "rh": _NAMES[2]}
    each |= {"fh_points": final[0], "mh_points": final[1], "rh_points": final[2]}
    lines = [skat_line]
    if receiver is not None:
        # Translators: each position with its card points: "FH 70, MH 50, RH 0".
        lines.append(
            Msg(
                "card points with the skat: {fh} {fh_points}, {mh} {mh_points}, {rh} {rh_points}",
                **each,
            )
        )
    else:
        lines.append(
            Msg(
                "card points (the skat counts for nobody): {fh} {fh_points}, "
                "{mh} {mh_points}, {rh} {rh_points}",
                **each,
            )
        )
    jungfrauen = tuple(p for p in range(3) if taken[p] == 0)
    push_factor = 2**pushes
    pushed = _pushed(pushes)
    if pushes:
        # Translators: {pushed} says how often the skat was pushed: "pushed twice: × 4".
        lines.append(Msg("{pushed}: × {factor}", pushed=pushed, factor=push_factor))
    base = (final, taken, receiver, jungfrauen, pushes)
    marcher = next((p for p in range(3) if taken[p] == 10), None)
    if marcher is not None and rules.durchmarsch:
        score = 120 * push_factor
        scores = tuple(score if p == marcher else 0 for p in range(3))
        if pushes:
            text = Msg(
                "{who} took every trick: a Durchmarsch, +120, × {factor} as the skat was "
                "{pushed}: +{score}.",
                who=_NAMES[marcher],
                factor=push_factor,
                pushed=pushed,
                score=score,
            )
        else:
            text = Msg("{who} took every trick: a Durchmarsch, +120.", who=_NAMES[marcher])
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
        text = Plural(
            "All three have {n} card point: nobody loses.",
            "All three have {n} card points: nobody loses.",
            top,
        )
        lines.append(text)
        ruling = Ruling("ramsch_all_tied", text, RULE)
        return RamschResult(
            *base[:3], (0, 0, 0), (), jungfrauen, None, pushes, push_factor, ruling, tuple(lines)
        )
    count = len(jungfrauen) if rules.jungfrau else 0
    what: Msg
    if rules.scoring == "fixed":
        amount, jungfrau_factor = (10, 15, 20)[count], 1
        # Translators: what a Ramsch loser loses with fixed scoring ("loses a fixed 15 (...)").
        what = (
            Msg("a fixed {amount}", amount=amount),
            Msg("a fixed {amount} (one Jungfrau)", amount=amount),
            Msg("a fixed {amount} (two Jungfrauen)", amount=amount),
        )[count]
    else:
        # Translators: what a Ramsch loser loses: their card points ("loses them").
        amount, jungfrau_factor, what = top, 2**count, Msg("them")
    factor = jungfrau_factor * push_factor
    total = amount * factor
    half = len(losers) == 2 and rules.tie == "half"
    loss = -(-total // 2) if half else total
    scores = tuple(-loss if p in losers else 0 for p in range(3))
    facts = {
        "who": joined([_NAMES[p] for p in losers]),
        "top": top,
        "what": what,
        "factors": _factors(jungfrau_factor, count, jungfrauen, push_factor, pushed, pushes),
    }
    worked = f"{amount} × {factor} = {total}" if factor > 1 else f"{amount}"
    score = "−" + worked.replace(" = ", " = −")
    if len(losers) == 1:
        # Translators: {what} is "them" (the card points) or "a fixed 10"; {factors} doublings.
        text = Msg(
            "{who} has the most card points ({top}) and loses {what}{factors}: {score}.",
            score=score,
            **facts,
        )
    elif not half:
        text = Msg(
            "{who} are tied with the most card points ({top}) and both lose {what}{factors}: "
            "{score} each.",
            score=score,
            **facts,
        )
    elif total % 2:
        text = Msg(
            "{who} are tied with the most card points ({top}) and each loses half of "
            "{what}{factors}: −{loss} each (half of {worked}, rounded up).",
            loss=loss,
            worked=worked,
            **facts,
        )
    else:
        text = Msg(
            "{who} are tied with the most card points ({top}) and each loses half of "
            "{what}{factors}: −{loss} each (half of {worked}).",
            loss=loss,
            worked=worked,
            **facts,
        )
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


def _factors(
    jungfrau_factor: int,
    count: int,
    jungfrauen: tuple[int, ...],
    push_factor: int,
    pushed: Msg,
    pushes: int,
) -> Msg | str:
    """The doublings of a Ramsch loss, as a clause after what is lost ("" when there are none)."""
    names = joined([_NAMES[p] for p in jungfrauen])
    facts = {"jungfrau": jungfrau_factor, "names": names, "push": push_factor, "pushed": pushed}
    if jungfrau_factor > 1 and pushes:
        if count == 1:
            # Translators: a clause after "loses them": the doublings, each with its reason.
            return Msg(
                ", × {jungfrau} as {names} took no trick (Jungfrau), × {push} as the skat "
                "was {pushed}",
                **facts,
            )
        return Msg(
            ", × {jungfrau} as {names} took no trick (two Jungfrauen), × {push} as the "
            "skat was {pushed}",
            **facts,
        )
    if jungfrau_factor > 1:
        if count == 1:
            return Msg(", × {jungfrau} as {names} took no trick (Jungfrau)", **facts)
        return Msg(", × {jungfrau} as {names} took no trick (two Jungfrauen)", **facts)
    if pushes:
        return Msg(", × {push} as the skat was {pushed}", **facts)
    return ""


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
            Msg(
                "Ramsch: expected 3 card points and 3 trick counts, got {card_points} and {tricks}",
                card_points=repr(card_points),
                tricks=repr(tricks),
            )
        )
    if any(not isinstance(v, int) or v < 0 for v in (*points, *taken, skat_points, pushes)):
        raise RulesError(
            Msg("Ramsch: card points, tricks, skat points and pushes are whole numbers ≥ 0")
        )
    if sum(taken) != 10:
        raise RulesError(Msg("Ramsch: the tricks {taken} do not add up to 10", taken=repr(taken)))
    if sum(points) + skat_points != 120 or skat_points > 22:
        raise RulesError(
            Msg(
                "Ramsch: card points {points} and skat {skat_points} do not add up to 120",
                points=repr(points),
                skat_points=skat_points,
            )
        )
    if last_trick not in (0, 1, 2) or taken[last_trick] == 0:
        raise RulesError(
            Msg(
                "Ramsch: position {last_trick} cannot have won the last trick",
                last_trick=repr(last_trick),
            )
        )
    if pushes > 3:
        raise RulesError(
            Msg("Ramsch: {pushes} pushes; at most the three players push", pushes=pushes)
        )
    if any(points[p] and not taken[p] for p in range(3)):
        raise RulesError(
            Msg("Ramsch: a player with no trick has card points: {points}", points=repr(points))
        )
    return points, (taken[0], taken[1], taken[2])
