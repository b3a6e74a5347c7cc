"""Skitgubbe: the chance that a phase-1 trick bounces (a stunsa), seen by the player to answer.

Model: every card the answering player has not seen (the leader's hand, the other hands, the
stock, cards removed unseen) is equally likely to be any of them; so an unknown lead, or the stock's
top card, is a uniformly random unseen card. Two random cards of the 52 bounce with chance
3/51 = 1/17.

>>> stunsa_chance()
Fraction(1, 17)
>>> chance = bounce_chance("H9 S9 DK", led="C9")
>>> chance.from_hand, chance.turn_up          # holds a nine; 1 nine among 48 unseen
(Fraction(1, 1), Fraction(1, 48))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction

from cardlib.cards import FULL_DECK, Card
from cardlib.errors import CardlibError
from cardlib.probability.core import read_cards

__all__ = ["BounceChance", "bounce_chance", "stunsa_chance"]


def stunsa_chance(pack: Collection[Card] = FULL_DECK) -> Fraction:
    """The chance that two random cards of ``pack`` have the same rank.

    >>> from cardlib import SKAT_DECK
    >>> stunsa_chance(), stunsa_chance(SKAT_DECK)
    (Fraction(1, 17), Fraction(3, 31))
    """
    ranks = Counter(card.rank for card in pack)
    n = sum(ranks.values())
    if n < 2:
        raise CardlibError(f"stunsa_chance: a pack of {n} cards has no two cards to compare")
    return Fraction(sum(k * (k - 1) for k in ranks.values()), n * (n - 1))


@dataclass(frozen=True, slots=True)
class BounceChance:
    """What the player to answer can expect.

    ``from_hand``: the chance they hold a card of the led rank (1 or 0 once the lead is known);
    ``turn_up``: the chance that turning up the stock's top card bounces; ``random_answer``: the
    chance that a uniformly random card from hand bounces."""

    hand: tuple[Card, ...]
    led: Card | None
    unseen: int
    from_hand: Fraction
    turn_up: Fraction
    random_answer: Fraction

    def __str__(self) -> str:
        lead = f"{self.led.symbol} led" if self.led else "the lead still unknown"
        rows = [
            ("holds a card of the led rank", self.from_hand),
            ("turning up the stock's top card bounces", self.turn_up),
            ("a random card from hand bounces", self.random_answer),
        ]
        lines = [
            f"answering with {' '.join(c.symbol for c in self.hand) or 'no cards'}, {lead}, "
            f"{self.unseen} cards unseen"
        ]
        lines += [f"  {text:<40} {p!s:>8}  {float(p) * 100:6.2f}%" for text, p in rows]
        return "\n".join(lines)


def bounce_chance(
    hand: str | Iterable[Card | str] = (),
    seen: str | Iterable[Card | str] = (),
    led: Card | str | None = None,
    *,
    pack: Collection[Card] = FULL_DECK,
) -> BounceChance:
    """The stunsa chances of the player to answer a phase-1 trick, from the cards they hold, the
    cards they have seen played (and any other they know), and the led card if it is on the table.

    >>> print(bounce_chance("HA S9 D9", seen="CA SA"))
    answering with ♥A ♠9 ♦9, the lead still unknown, 47 cards unseen
      holds a card of the led rank                 3/47    6.38%
      turning up the stock's top card bounces   67/1081    6.20%
      a random card from hand bounces             5/141    3.55%
    """
    call = f"bounce_chance({hand!r}, seen={seen!r}, led={led!r})"
    held = read_cards(hand, call)
    known = read_cards(seen, call)
    lead = read_cards([led], call)[0] if led is not None else None
    everything = (*held, *known, *([lead] if lead else []))
    read_cards(everything, call, pack)  # each card once, all from the pack
    unseen_ranks = Counter(card.rank for card in pack if card not in set(everything))
    unseen = sum(unseen_ranks.values())
    if lead is not None:
        if unseen < 1:
            raise CardlibError(f"{call}: no unseen card is left to turn up")
        matching = sum(card.rank == lead.rank for card in held)
        return BounceChance(
            held,
            lead,
            unseen,
            Fraction(1 if matching else 0),
            Fraction(unseen_ranks[lead.rank], unseen),
            Fraction(matching, len(held)) if held else Fraction(0),
        )
    if unseen < 2:
        raise CardlibError(f"{call}: fewer than two unseen cards: no unknown lead and stock card")
    hand_ranks = set(card.rank for card in held)
    pairs = sum(k * (k - 1) for k in unseen_ranks.values())
    return BounceChance(
        held,
        None,
        unseen,
        Fraction(sum(unseen_ranks[rank] for rank in hand_ranks), unseen),
        Fraction(pairs, unseen * (unseen - 1)),
        Fraction(sum(unseen_ranks[card.rank] for card in held), unseen * len(held))
        if held
        else Fraction(0),
    )
