"""Settling a Skat game: the game value, won or lost, overbid, and the working as lines.

>>> from cardlib import parse_cards
>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> cards = parse_cards("CJ HJ CA CT CK SA ST HA H7 D7 D8 D9")
>>> s = settle(Declaration(GameType.GRAND), cards, card_points=61, declarer_tricks=5, bid=18)
>>> s.value, s.won, s.matadors, s.multiplier
(48, True, 1, 2)
>>> print(s)
Grand: base value 24
with 1
game 1
= 2 × 24 = 48
won with 61 card points: +48

The value is the list value: positive when won, minus twice the value when lost. Matadors are
counted over the declarer's ten dealt cards plus the skat (twelve cards), even in a Hand game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from cardlib.cards import SKAT_DECK, Card, CardsLike, as_cards
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural
from cardlib.skat.engine.facts import (
    BID_VALUES,
    CARD_POINTS,
    SCHNEIDER_POINTS,
    SCHNEIDERED_POINTS,
    WIN_POINTS,
    Declaration,
    GameType,
    matadors,
    matadors_msg,
)
from cardlib.skat.engine.names import game_name
from cardlib.skat.scoring.value import Doubling, GameValue, list_score, value

if TYPE_CHECKING:
    from cardlib.skat.engine.table_protocol import SkatTable

__all__ = ["Settlement", "matadors", "settle", "settle_state"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled game: the signed list ``value`` and every step that led to it.

    ``matadors`` is signed (+n "with n", −n "without n", 0 in Null); ``multiplier`` is the factor
    the base was multiplied by (0 in Null); ``game_value`` the unsigned value the result is based on
    (after an overbid, the smallest multiple of the base that reaches the bid); ``schneider`` and
    ``schwarz`` say whether they happened in play (by points, by tricks), announced or not;
    ``kontra`` is the :class:`~cardlib.skat.engine.doubling.Doubling`.
    ``working`` holds the steps as lazy messages; ``lines`` words them in the current language.
    """

    declaration: Declaration
    value: int
    won: bool
    matadors: int
    multiplier: int
    base: int
    game_value: int
    overbid: bool
    schneider: bool
    schwarz: bool
    bid: int
    card_points: int
    declarer_tricks: int
    kontra: Doubling
    working: tuple[Msg, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        """The working, one step a line, in the current language."""
        return tuple(str(line) for line in self.working)

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def to_text(self) -> str:
        """The working, one step a line."""
        return str(self)

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(f"<div>{escape(line)}</div>" for line in self.lines)
        return f'<div style="font-family:monospace">{rows}</div>'


def settle(
    declaration: Declaration,
    declarer_cards: CardsLike,
    card_points: int,
    declarer_tricks: int,
    bid: int,
    kontra: Doubling | int = Doubling.NONE,
) -> Settlement:
    """Settle a finished game.

    ``declarer_cards`` are the declarer's ten dealt cards plus the skat; ``card_points`` the
    declarer's card points including the skat; ``declarer_tricks`` the tricks the declarer took
    (0–10; a game ended early counts the tricks credited to each side); ``bid`` the final bid;
    ``kontra`` the doubling: a :class:`~cardlib.skat.engine.doubling.Doubling`, or its level 0,
    1 (Kontra) or 2 (Kontra and Re), each doubling the value. The numbers come from
    :func:`~cardlib.skat.scoring.value.value`; this adds the working.

    >>> cards = "SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8"
    >>> s = settle(Declaration(GameType.DIAMONDS), cards, 89, 6, bid=22)
    >>> s.value, s.overbid
    (-54, True)
    >>> settle(Declaration(GameType.DIAMONDS), cards, 90, 7, bid=22).value
    27
    """
    cards = _check(declaration, declarer_cards, card_points, declarer_tricks, bid, kontra)
    doubling = Doubling.of(kontra)
    worked_out = value(
        declaration, cards, card_points=card_points, declarer_tricks=declarer_tricks, bid=bid,
        doubling=doubling,
    )  # fmt: skip
    if declaration.game is GameType.NULL:
        return _settle_null(worked_out, card_points, declarer_tricks, bid)
    game = declaration.game
    base = worked_out.base
    mats = worked_out.matadors
    schneider = card_points >= SCHNEIDER_POINTS or card_points <= SCHNEIDERED_POINTS
    schwarz = declarer_tricks in (0, 10)
    # An announced Schwarz (or an Ouvert) stops at the first trick the defenders take.
    stopped = worked_out.stopped
    lines: list[Msg] = [
        # Translators: the first line of a settlement: the game and its base value.
        Msg("{game}: base value {base}", game=game_name(game), base=base),
        matadors_msg(mats),
    ]
    lines += _levels(declaration, card_points, declarer_tricks, stopped)
    multiplier, worth = worked_out.multiplier, worked_out.worth
    # Translators: the game value worked out: "= 3 × 12 = 36".
    worked = Msg("= {multiplier} × {base} = {value}", multiplier=multiplier, base=base, value=worth)
    lines.append(worked)
    if stopped:
        trick = declarer_tricks + 1
        if declaration.ouvert:
            text = Msg(
                "Ouvert: the declarer must take every trick, but the defenders took trick "
                "{trick}, where play stopped: lost",
                trick=trick,
            )
        else:
            text = Msg(
                "Schwarz announced, but the defenders took trick {trick}, where play stopped: lost",
                trick=trick,
            )
        lines.append(text)
    elif declaration.schneider and card_points < SCHNEIDER_POINTS:
        text = Plural(
            "Schneider announced, but the declarer has only {n} card point ({needed} needed): lost",
            "Schneider announced, but the declarer has only {n} card points ({needed} needed): "
            "lost",
            card_points,
            needed=SCHNEIDER_POINTS,
        )
        lines.append(text)
    overbid, game_value, won = worked_out.overbid, worked_out.game_value, worked_out.won
    if overbid:
        text = Msg(
            "{value} is less than the bid {bid}: overbid, valued at {game_value} ({times} × "
            "{base}, the smallest multiple of the base value {base} that reaches the bid {bid})",
            value=worth,
            bid=bid,
            game_value=game_value,
            times=game_value // base,
            base=base,
        )
        lines.append(text)
    lines += _KONTRA[:doubling]
    amount = _amount(game_value, doubling, won)
    if won:
        # Translators: the last line of a settlement: {amount} is the score worked out, "+48".
        text = Plural(
            "won with {n} card point: {amount}",
            "won with {n} card points: {amount}",
            card_points,
            amount=amount,
        )
    elif overbid:
        text = Msg("lost (overbid): {amount}", amount=amount)
    elif card_points < WIN_POINTS and not stopped:
        text = Plural(
            "lost with {n} card point: {amount}",
            "lost with {n} card points: {amount}",
            card_points,
            amount=amount,
        )
    else:
        text = Msg("lost: {amount}", amount=amount)
    lines.append(text)
    return Settlement(
        declaration, worked_out.score, won, mats, multiplier, base, game_value, overbid,
        schneider, schwarz, bid, card_points, declarer_tricks, doubling, tuple(lines),
    )  # fmt: skip


def _amount(game_value: int, doubling: Doubling, won: bool) -> str:
    """The list value worked out: ``+48``, ``48 × 2 = +96``, ``−2 × 48 = −96``."""
    factor = doubling.factor
    doubled = f"{game_value} × {factor}" if factor > 1 else f"{game_value}"
    score = abs(list_score(game_value, won, doubling))
    if won:
        return f"{doubled} = +{score}" if factor > 1 else f"+{score}"
    return f"−2 × {doubled} = −{score}"


# Translators: a doubling in a settlement: "Kontra: × 2".
_KONTRA = [Msg("Kontra: × 2"), Msg("Re: × 2")]


def _levels(declaration: Declaration, points: int, tricks: int, stopped: bool) -> list[Msg]:
    """The levels that raise the multiplier past the matadors, one line each ("game 1", ...)."""
    # Translators: a level of the game value that adds 1 to the multiplier; {reason} says why.
    levels = [Msg("game 1")]
    if declaration.hand:
        levels.append(Msg("hand 1"))
    reason = _schneider_reason(declaration, points, stopped)
    if reason is not None:
        levels.append(Msg("schneider ({reason}) 1", reason=reason))
    if declaration.schneider:
        implied = _implied(declaration, "schneider")
        if implied is None:
            levels.append(Msg("schneider announced 1"))
        else:
            levels.append(Msg("schneider announced ({reason}) 1", reason=implied))
    reason = _schwarz_reason(declaration, tricks, stopped)
    if reason is not None:
        levels.append(Msg("schwarz ({reason}) 1", reason=reason))
    if declaration.schwarz:
        implied = _implied(declaration, "schwarz")
        if implied is None:
            levels.append(Msg("schwarz announced 1"))
        else:
            levels.append(Msg("schwarz announced ({reason}) 1", reason=implied))
    if declaration.ouvert:
        levels.append(Msg("ouvert 1"))
    return levels


def _implied(declaration: Declaration, level: str) -> Msg | None:
    """Why an announced level counts when it was not announced as such (``None``: it was)."""
    if declaration.ouvert:
        return Msg("implied by Ouvert")
    if level == "schneider" and declaration.schwarz:
        return Msg("implied by Schwarz announced")
    return None


def _counted(declaration: Declaration, level: str) -> Msg:
    """Why a Schneider or Schwarz level the play did not reach counts all the same."""
    if declaration.ouvert:
        return Msg("counted with Ouvert")
    if level == "schneider" and declaration.schwarz:
        return Msg("counted with Schwarz announced")
    return Msg("counted as announced")


def _schneider_reason(declaration: Declaration, points: int, stopped: bool) -> Msg | None:
    """Which side is Schneider, or why the level counts anyway; ``None`` when it does not."""
    if points >= SCHNEIDER_POINTS:
        return Plural(
            "the defenders have {limit} or fewer: {n} card point",
            "the defenders have {limit} or fewer: {n} card points",
            120 - points,
            limit=SCHNEIDERED_POINTS,
        )
    if points <= SCHNEIDERED_POINTS and not stopped:
        return Plural(
            "the declarer has {limit} or fewer: {n} card point",
            "the declarer has {limit} or fewer: {n} card points",
            points,
            limit=SCHNEIDERED_POINTS,
        )
    return _counted(declaration, "schneider") if declaration.schneider else None


def _schwarz_reason(declaration: Declaration, tricks: int, stopped: bool) -> Msg | None:
    """Which side is Schwarz, or why the level counts anyway; ``None`` when it does not."""
    if tricks == 10:
        return Msg("the defenders took no trick")
    if stopped:
        return _counted(declaration, "schwarz")
    return Msg("the declarer took no trick") if tricks == 0 else None


def _settle_null(worked_out: GameValue, card_points: int, tricks: int, bid: int) -> Settlement:
    declaration, won, doubling = worked_out.declaration, worked_out.won, worked_out.doubling
    null_value = worked_out.worth
    # Translators: the first line of a Null settlement: the game and its fixed value.
    lines = [Msg("{game}: fixed value {value}", game=declaration.name, value=null_value)]
    lines += _KONTRA[:doubling]
    amount = _amount(null_value, doubling, won)
    if won:
        lines.append(Msg("won: the declarer took no trick: {amount}", amount=amount))
    else:
        lines.append(Msg("lost: the declarer took a trick: {amount}", amount=amount))
    return Settlement(
        declaration, worked_out.score, won, 0, 0, null_value, null_value, False, False, False,
        bid, card_points, tricks, doubling, tuple(lines),
    )  # fmt: skip


def settle_state(state: SkatTable) -> Settlement | None:
    """The settlement of a finished declared game (``state.settlement`` calls this).

    ``None`` while the game goes on, for a passed-in deal or a Ramsch, and for a position set up
    without a deal (its declarer's twelve cards are unknown). The declarer's card points include
    the skat, in Null too (as the ISS counts them; they do not decide a Null).
    """
    declarer, declaration = state.declarer, state.declaration
    if not state.is_over or declarer is None or declaration is None:
        return None
    try:
        deal = state.deal
    except CardlibError:  # a position set up card by card has no deal
        return None
    points = state.card_points[0]
    if declaration.game is GameType.NULL and state.skat is not None:
        points += sum(CARD_POINTS[card.rank] for card in state.skat)
    cards = tuple(deal.hands[declarer]) + tuple(deal.skat)
    return settle(declaration, cards, points, state.tricks_won[0], state.bid, state.doubling)


_PACK = frozenset(SKAT_DECK)


@cache
def _reachable() -> tuple[frozenset[int], ...]:
    """``_reachable()[k]``: every point total some k cards of the pack can have."""
    sums: list[set[int]] = [set() for _ in range(33)]
    sums[0].add(0)
    for card in SKAT_DECK:
        points = CARD_POINTS[card.rank]
        for k in range(31, -1, -1):
            sums[k + 1].update(total + points for total in sums[k])
    return tuple(frozenset(s) for s in sums)


def _check(
    declaration: Declaration,
    declarer_cards: CardsLike,
    card_points: int,
    tricks: int,
    bid: int,
    kontra: object,
) -> tuple[Card, ...]:
    if not isinstance(declaration, Declaration):
        raise CardlibError(Msg("{declaration} is not a Declaration", declaration=repr(declaration)))
    problem = declaration.problem()
    if problem:
        raise CardlibError(
            Msg(
                "{declaration} cannot be settled: {problem}",
                declaration=repr(declaration),
                problem=problem,
            )
        )
    cards = as_cards(declarer_cards, name="declarer's cards")

    def shown() -> str:
        return " ".join(str(card) for card in cards)

    if len(cards) != 12 or not all(isinstance(card, Card) for card in cards):
        raise CardlibError(
            Msg(
                "declarer's cards {cards}: expected 12 cards (the 10 dealt plus the "
                "skat), got {count}",
                cards=repr(shown()),
                count=len(cards),
            )
        )
    if len(set(cards)) != 12:
        twice = sorted({str(card) for card in cards if cards.count(card) > 1})
        raise CardlibError(
            Msg(
                "declarer's cards {cards}: {items} given twice",
                cards=repr(shown()),
                items=" ".join(twice),
            )
        )
    if not _PACK.issuperset(cards):
        raise CardlibError(
            Msg("declarer's cards {cards}: not all from the 32-card Skat pack", cards=repr(shown()))
        )
    for name, number, top in (("card points", card_points, 120), ("tricks", tricks, 10)):
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= top:
            raise CardlibError(
                Msg(
                    "{name} {number}: expected a whole number from 0 to {top}",
                    name=name,
                    number=repr(number),
                    top=top,
                )
            )
    if bid not in BID_VALUES or isinstance(bid, bool):
        raise CardlibError(
            Msg("bid {bid} is not on the bid ladder (18, 20, 22, … 264)", bid=repr(bid))
        )
    Doubling.of(kontra)
    if tricks == 10 and card_points != 120:
        raise CardlibError(
            Msg(
                "{card_points} card points with all 10 tricks: the declarer then has all 120",
                card_points=card_points,
            )
        )
    if tricks == 0:
        pairs = {CARD_POINTS[a.rank] + CARD_POINTS[b.rank] for a in cards for b in cards if a != b}
        if card_points not in pairs:
            raise CardlibError(
                Msg(
                    "{card_points} card points with no trick: only the skat counts, and no "
                    "two of the declarer's cards {cards} are worth that",
                    card_points=card_points,
                    cards=repr(shown()),
                )
            )
    elif card_points not in _reachable()[3 * tricks + 2]:
        raise CardlibError(
            Msg(
                "{card_points} card points cannot go with {tricks} tricks: no {value} "
                "cards plus a skat of 2 add up to that",
                card_points=card_points,
                tricks=tricks,
                value=3 * tricks,
            )
        )
    return cards
