"""A Skat deal: three hands of ten and a skat of two, from a shuffled 32-card pack.

>>> deal = new_deal(7)
>>> deal == Deal.parse(str(deal))
True
>>> len(deal.fh), len(deal.skat)
(10, 2)
>>> Deal.parse("CJ SJ | HJ | DJ | CA")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlib.errors.RulesError: a Skat deal has 10 cards per hand and 2 in the skat: FH has 2, ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import starmap
from typing import Any

from cardlib.cards import SKAT_DECK, Card, Hand, as_cards
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.randomness import as_rng
from cardlib.skat.engine._tables import CARDS, cards_of, mask_of
from cardlib.skat.engine.facts import sort_hand

_DISPLAY_KEY = {card: i for i, card in enumerate(sort_hand(SKAT_DECK))}

__all__ = ["Deal", "as_rng", "new_deal"]


@dataclass(frozen=True, slots=True, init=False)
class Deal:
    """The cards of FH, MH and RH (ten each, in the game's display order) and the skat.

    Built from cards or text; checked: 32 distinct Skat cards, 10/10/10/2, else ``RulesError``.

    >>> Deal("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 SA ST SK SQ S9 S8 S7 HA HT",
    ...      "HK HQ H9 H8 H7 DA DT DK DQ D9", "D8 D7").fh
    Hand('CJ SJ HJ DJ CA CT CK CQ C9 C8')
    """

    fh: Hand
    mh: Hand
    rh: Hand
    skat: Hand
    _masks: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """The three hands as bitmasks, for the engine's play (``_tables``)."""

    def __init__(
        self,
        fh: Iterable[Card | str] | str,
        mh: Iterable[Card | str] | str,
        rh: Iterable[Card | str] | str,
        skat: Iterable[Card | str] | str,
    ) -> None:
        parts = [
            as_cards(cards, name=name)
            for cards, name in ((fh, "fh"), (mh, "mh"), (rh, "rh"), (skat, "skat"))
        ]
        problem = _problem(parts)
        if problem is not None:
            given = " | ".join(" ".join(map(str, part)) for part in parts)
            raise RulesError(Msg("{problem} in {given}", problem=problem, given=repr(given)))
        _fill(self, parts)

    @classmethod
    def _trusted(cls, parts: list[list[Card]]) -> Deal:
        """A deal from cards known to be a valid split of the pack (no checks)."""
        deal = object.__new__(cls)
        _fill(deal, parts)
        return deal

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read ``"FH cards | MH cards | RH cards | skat"``, the form ``str(deal)`` writes."""
        parts = text.split("|") if isinstance(text, str) else []
        if len(parts) != 4:
            raise RulesError(
                Msg(
                    "{text} is not a deal: expected 'FH cards | MH cards | RH cards | skat'",
                    text=repr(text),
                )
            )
        return cls(*parts)

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        """The three hands by position (FH, MH, RH)."""
        return (self.fh, self.mh, self.rh)

    def hand(self, position: int) -> Hand:
        """The ten cards dealt to a position (0 FH, 1 MH, 2 RH)."""
        return self.hands[position]

    def to_iss(self) -> str:
        """The 32 cards as the ISS writes them: FH's 10, MH's 10, RH's 10, the skat's 2."""
        return ".".join(str(card) for part in (*self.hands, self.skat) for card in part)

    def __str__(self) -> str:
        return " | ".join(str(part) for part in (*self.hands, self.skat))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def to_text(self) -> str:
        """One line per hand, with suit symbols."""
        from cardlib.i18n import _
        from cardlib.skat.engine.rules import POSITION_TERMS

        names = (*POSITION_TERMS, _("Skat"))
        rows = zip(names, (*self.hands, self.skat), strict=True)
        return "\n".join(f"{name:4} {' '.join(c.symbol for c in part)}" for name, part in rows)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from cardlib import display

        return display.mimebundle([*self.fh, *self.mh, *self.rh, *self.skat], label=self.to_text())


_PACKETS = (
    ((0, 3), (11, 15), (23, 26)),
    ((3, 6), (15, 19), (26, 29)),
    ((6, 9), (19, 23), (29, 32)),
)
"""The packets of FH, MH and RH in the pack: 3 each, then (after 2 to the skat) 4 each, 3 each."""


def new_deal(rng: random.Random | int | None = None) -> Deal:
    """Shuffle the 32 cards and deal them as the dealer does: 3 each, 2 to the skat, 4 each, 3 each.

    The shuffle sorts the pack on random keys (a uniform random order, and faster than
    ``random.shuffle`` in Python).

    >>> new_deal(7) == new_deal(random.Random(7))
    True
    """
    random_key = as_rng(rng).random
    keys = list(starmap(random_key, _NO_ARGUMENTS))  # one key per card of SKAT_DECK
    order = sorted(range(32), key=keys.__getitem__)  # the pack, as positions in SKAT_DECK
    # Who receives each card, by bit from the highest down: 0 FH, 1 MH, 2 RH, 3 the skat.
    receivers = _DECK_OF_BIT.translate(bytes.maketrans(bytes(order), _RECEIVERS))[::-1]
    fh = int(receivers.translate(_DIGITS[0]), 2)  # each hand's mask, read as a binary number
    mh = int(receivers.translate(_DIGITS[1]), 2)
    rh = int(receivers.translate(_DIGITS[2]), 2)
    deck = SKAT_DECK
    deal = object.__new__(Deal)
    setattr_ = object.__setattr__
    setattr_(deal, "fh", _new_hand(Hand, cards_of(fh)))  # the bits run in the display order
    setattr_(deal, "mh", _new_hand(Hand, cards_of(mh)))
    setattr_(deal, "rh", _new_hand(Hand, cards_of(rh)))
    setattr_(deal, "skat", _new_hand(Hand, (deck[order[9]], deck[order[10]])))
    setattr_(deal, "_masks", (fh, mh, rh))
    return deal


_NO_ARGUMENTS = ((),) * 32
_RECEIVERS = bytes(
    next(hand for hand, packets in enumerate(_PACKETS) if any(a <= j < b for a, b in packets))
    if not 9 <= j < 11
    else 3
    for j in range(32)
)
"""Who receives the card at each place in the pack: FH, MH, RH (0, 1, 2) or the skat (3)."""
_DECK_OF_BIT = bytes(SKAT_DECK.index(card) for card in CARDS)
"""The place in SKAT_DECK of each card bit."""
_DIGITS = tuple(bytes(49 if i == hand else 48 for i in range(256)) for hand in range(3))
"""Receivers to binary digits: ``"1"`` for the cards of one hand, ``"0"`` for the others."""
assert sort_hand(SKAT_DECK) == CARDS


def _deal_in_packets(pack: list[Card]) -> Deal:
    """FH, MH, RH get 3 each, the skat 2, then 4 each, then 3 each."""
    return Deal._trusted(
        [
            pack[0:3] + pack[11:15] + pack[23:26],
            pack[3:6] + pack[15:19] + pack[26:29],
            pack[6:9] + pack[19:23] + pack[29:32],
            pack[9:11],
        ]
    )


_PACK = frozenset(SKAT_DECK)
_new_hand = tuple.__new__


def _problem(parts: list[tuple[Card, ...]]) -> Msg | None:
    low = [str(card) for part in parts for card in part if card not in _PACK]
    if low:
        return Msg("{cards} not in the 32-card Skat pack", cards=" ".join(low))
    sizes = [len(p) for p in parts]
    if sizes != [10, 10, 10, 2]:
        return Msg(
            "a Skat deal has 10 cards per hand and 2 in the skat: FH has {fh}, MH has {mh}, "
            "RH has {rh}, the skat has {skat}",
            fh=sizes[0], mh=sizes[1], rh=sizes[2], skat=sizes[3],
        )  # fmt: skip
    seen: set[Card] = set()
    for card in (card for part in parts for card in part):
        if card in seen:
            return Msg("{card} is dealt twice", card=str(card))
        seen.add(card)
    return None


def _fill(deal: Deal, parts: Sequence[Sequence[Card]]) -> None:
    key = _DISPLAY_KEY.__getitem__
    setattr_ = object.__setattr__
    setattr_(deal, "fh", _new_hand(Hand, sorted(parts[0], key=key)))
    setattr_(deal, "mh", _new_hand(Hand, sorted(parts[1], key=key)))
    setattr_(deal, "rh", _new_hand(Hand, sorted(parts[2], key=key)))
    setattr_(deal, "skat", _new_hand(Hand, parts[3]))
    setattr_(deal, "_masks", (mask_of(deal.fh), mask_of(deal.mh), mask_of(deal.rh)))
