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
from typing import Any

from cardlib.cards import SKAT_DECK, Card, CardsLike, as_cards
from cardlib.errors import CardlibError
from cardlib.skat.engine.facts import (
    BID_VALUES,
    CARD_POINTS,
    SCHNEIDER_POINTS,
    SCHNEIDERED_POINTS,
    WIN_POINTS,
    Declaration,
    GameType,
    matadors,
)

__all__ = ["Settlement", "matadors", "settle", "settle_state"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled game: the signed list ``value`` and every step that led to it.

    ``matadors`` is signed (+n "with n", −n "without n", 0 in Null); ``multiplier`` is the factor
    the base was multiplied by (0 in Null); ``game_value`` the unsigned value the result is based on
    (after an overbid, the smallest multiple of the base that reaches the bid); ``schneider`` and
    ``schwarz`` say whether they happened in play (by points, by tricks), announced or not.
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
    kontra: int
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def to_text(self) -> str:
        """The working, one step a line."""
        return str(self)

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(f"<div>{escape(line)}</div>" for line in self.lines)
        return f'<div style="font-family:monospace">{rows}</div>'


def _sign(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def settle(
    declaration: Declaration,
    declarer_cards: CardsLike,
    card_points: int,
    declarer_tricks: int,
    bid: int,
    kontra: int = 0,
) -> Settlement:
    """Settle a finished game.

    ``declarer_cards`` are the declarer's ten dealt cards plus the skat; ``card_points`` the
    declarer's card points including the skat; ``declarer_tricks`` the tricks the declarer took
    (0–10; a game ended early counts the tricks credited to each side); ``bid`` the final bid;
    ``kontra`` 0, 1 (Kontra) or 2 (Kontra and Re), each doubling the value.

    >>> cards = "SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8"
    >>> s = settle(Declaration(GameType.DIAMONDS), cards, 89, 6, bid=22)
    >>> s.value, s.overbid
    (-54, True)
    >>> settle(Declaration(GameType.DIAMONDS), cards, 90, 7, bid=22).value
    27
    """
    cards = _check(declaration, declarer_cards, card_points, declarer_tricks, bid, kontra)
    if declaration.game is GameType.NULL:
        return _settle_null(declaration, card_points, declarer_tricks, bid, kontra)
    game = declaration.game
    base = game.base_value
    mats = matadors(cards, game)
    schneider = card_points >= SCHNEIDER_POINTS or card_points <= SCHNEIDERED_POINTS
    schwarz = declarer_tricks in (0, 10)
    won = card_points >= WIN_POINTS
    lines = [
        f"{game.symbol}: base value {base}",
        f"{'with' if mats > 0 else 'without'} {abs(mats)}",
    ]
    steps = [("game", True), ("hand", declaration.hand)]
    steps += [
        ("schneider", schneider or declaration.schneider),
        ("schneider announced", declaration.schneider),
        ("schwarz", schwarz or declaration.schwarz),
        ("schwarz announced", declaration.schwarz),
        ("ouvert", declaration.ouvert),
    ]
    multiplier = abs(mats)
    for name, counts in steps:
        if counts:
            multiplier += 1
            lines.append(f"{name} 1")
    value = multiplier * base
    lines.append(f"= {multiplier} × {base} = {value}")
    if declaration.schneider and card_points < SCHNEIDER_POINTS:
        won = False
        lines.append(f"Schneider announced but only {card_points} card points: lost")
    if declaration.schwarz and declarer_tricks < 10:
        won = False
        lines.append(f"Schwarz announced but only {declarer_tricks} tricks: lost")
    overbid = value < bid
    game_value = value
    if overbid:
        game_value = -(-bid // base) * base
        won = False
    factor = 2**kontra
    signed = game_value * factor if won else -2 * game_value * factor
    for name in ("Kontra", "Re")[:kontra]:
        lines.append(f"{name}: × 2")
    if overbid:
        lines.append(
            f"bid {bid} not reached: overbid, valued at {game_value}, lost: {_sign(signed)}"
        )
    elif won:
        lines.append(f"won with {card_points} card points: {_sign(signed)}")
    else:
        reason = f"lost with {card_points} card points" if card_points <= 60 else "lost"
        lines.append(f"{reason}: −2 × {game_value * factor} = {_sign(signed)}")
    return Settlement(
        declaration, signed, won, mats, multiplier, base, game_value, overbid, schneider,
        schwarz, bid, card_points, declarer_tricks, kontra, tuple(lines),
    )  # fmt: skip


def _settle_null(
    declaration: Declaration, card_points: int, tricks: int, bid: int, kontra: int
) -> Settlement:
    value = declaration.null_value
    if value < bid:
        raise CardlibError(
            f"{declaration} is worth {value}, less than the bid {bid}: a Null game below the bid "
            "cannot be declared, so it cannot be settled"
        )
    won = tricks == 0
    factor = 2**kontra
    signed = value * factor if won else -2 * value * factor
    lines = [f"{declaration}: fixed value {value}"]
    lines += [f"{name}: × 2" for name in ("Kontra", "Re")[:kontra]]
    if won:
        lines.append(f"won: the declarer took no trick: {_sign(signed)}")
    else:
        lines.append(f"lost: the declarer took a trick: −2 × {value * factor} = {_sign(signed)}")
    return Settlement(
        declaration, signed, won, 0, 0, value, value, False, False, False, bid, card_points,
        tricks, kontra, tuple(lines),
    )  # fmt: skip


def settle_state(state: Any) -> Settlement | None:
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
    kontra = {1: 0, 2: 1, 4: 2}[getattr(state, "kontra", 1)]
    cards = tuple(deal.hands[declarer]) + tuple(deal.skat)
    return settle(declaration, cards, points, state.tricks_won[0], state.bid, kontra)


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
    kontra: int,
) -> tuple[Card, ...]:
    if not isinstance(declaration, Declaration):
        raise CardlibError(f"{declaration!r} is not a Declaration")
    problem = declaration.problem()
    if problem:
        raise CardlibError(f"{declaration!r} cannot be settled: {problem}")
    cards = as_cards(declarer_cards, name="declarer's cards")

    def shown() -> str:
        return " ".join(str(card) for card in cards)

    if len(cards) != 12 or not all(isinstance(card, Card) for card in cards):
        raise CardlibError(
            f"declarer's cards {shown()!r}: expected 12 cards (the 10 dealt plus the skat), "
            f"got {len(cards)}"
        )
    if len(set(cards)) != 12:
        twice = sorted({str(card) for card in cards if cards.count(card) > 1})
        raise CardlibError(f"declarer's cards {shown()!r}: {' '.join(twice)} given twice")
    if not _PACK.issuperset(cards):
        raise CardlibError(f"declarer's cards {shown()!r}: not all from the 32-card Skat pack")
    for name, number, top in (("card points", card_points, 120), ("tricks", tricks, 10)):
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= top:
            raise CardlibError(f"{name} {number!r}: expected a whole number from 0 to {top}")
    if bid not in BID_VALUES or isinstance(bid, bool):
        raise CardlibError(f"bid {bid!r} is not on the bid ladder (18, 20, 22, … 264)")
    if kontra not in (0, 1, 2) or isinstance(kontra, bool):
        raise CardlibError(f"kontra {kontra!r}: expected 0 (none), 1 (Kontra) or 2 (Re)")
    if tricks == 10 and card_points != 120:
        raise CardlibError(
            f"{card_points} card points with all 10 tricks: the declarer then has all 120"
        )
    if tricks == 0:
        pairs = {CARD_POINTS[a.rank] + CARD_POINTS[b.rank] for a in cards for b in cards if a != b}
        if card_points not in pairs:
            raise CardlibError(
                f"{card_points} card points with no trick: only the skat counts, and no two of "
                f"the declarer's cards {shown()!r} are worth that"
            )
    elif card_points not in _reachable()[3 * tricks + 2]:
        raise CardlibError(
            f"{card_points} card points cannot go with {tricks} tricks: no {3 * tricks} cards "
            "plus a skat of 2 add up to that"
        )
    return cards
