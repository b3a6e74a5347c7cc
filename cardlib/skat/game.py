"""A whole Skat deal from the shuffle to the last trick: the public entry points.

>>> from cardlib.skat.game import new_deal, new_game, Bid, Hold, Pass, PickUpSkat, Discard
>>> state = new_game(new_deal(7))
>>> state.phase, state.current_player
('bidding', 1)

Start directly in the play (for the solver, notebooks and tests) with :func:`play_position`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.cards import Card
from cardlib.errors import RulesError
from cardlib.skat._tables import BIT, POINTS, mask_of
from cardlib.skat.bidding import BiddingState, PassedInState, all_passed, new_game
from cardlib.skat.deal import Deal, as_rng, new_deal
from cardlib.skat.declare import DeclarationState, KontraState
from cardlib.skat.games import Declaration, GameType
from cardlib.skat.moves import (
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Move,
    Pass,
    PickUpSkat,
    Play,
    Re,
    parse_move,
)
from cardlib.skat.play import PlayContext, PlayState
from cardlib.skat.rules import FH, MH, POSITION_NAMES, RH, Rules
from cardlib.skat.state import END_REASONS, Event, Outcome, SkatState, Trick

__all__ = [
    "END_REASONS",
    "FH",
    "MH",
    "RH",
    "Bid",
    "BiddingState",
    "Deal",
    "DeclarationState",
    "Declare",
    "Discard",
    "Event",
    "Hold",
    "Kontra",
    "KontraState",
    "Move",
    "Outcome",
    "Pass",
    "PassedInState",
    "PickUpSkat",
    "Play",
    "PlayState",
    "Re",
    "Rules",
    "SkatState",
    "Trick",
    "all_passed",
    "as_rng",
    "new_deal",
    "new_game",
    "parse_move",
    "play_position",
]


def _cards(value: Iterable[Card | str] | str, name: str) -> tuple[Card, ...]:
    from cardlib.skat.deal import _cards as read

    cards = read(value, name)
    for card in cards:
        if card not in BIT:
            raise RulesError(f"{name}: {card} is not in the 32-card Skat pack")
    return cards


def play_position(
    hands: Sequence[Iterable[Card | str] | str],
    declaration: Declaration | GameType,
    declarer: int,
    *,
    leader: int = FH,
    trick: Iterable[Card | str] | str = (),
    skat: Iterable[Card | str] | str = (),
    card_points: tuple[int, int] = (0, 0),
    tricks_won: tuple[int, int] = (0, 0),
    bid: int = 18,
    rules: Rules | None = None,
) -> PlayState:
    """A position in the play, set up card by card.

    ``hands`` are the cards still held by FH, MH, RH; ``trick`` the cards already on the table,
    led by ``leader``; ``skat`` the declarer's skat (its points count for the declarer in suit and
    grand games); ``card_points`` and ``tricks_won`` what (declarer, defenders) took in earlier
    tricks. Such a state has no ``deal`` and its ``tricks`` start here.

    >>> state = play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, declarer=FH)
    >>> [str(m) for m in state.legal_moves()]
    ['♣J', '♥A']
    """
    if isinstance(declaration, GameType):
        declaration = Declaration(declaration)
    if not isinstance(declaration, Declaration):
        raise RulesError(f"play_position: {declaration!r} is not a Declaration or GameType")
    problem = declaration.problem()
    if problem is not None:
        raise RulesError(f"play_position: {declaration}: {problem}")
    if declarer not in (0, 1, 2) or leader not in (0, 1, 2):
        raise RulesError(f"play_position: declarer={declarer!r}, leader={leader!r}: use 0, 1 or 2")
    if len(hands) != 3:
        raise RulesError(f"play_position: expected three hands (FH, MH, RH), got {len(hands)}")
    held = [_cards(hand, POSITION_NAMES[p]) for p, hand in enumerate(hands)]
    on_table = _cards(trick, "trick")
    skat_cards = _cards(skat, "skat")
    every = [card for part in (*held, on_table, skat_cards) for card in part]
    twice = sorted({str(card) for card in every if every.count(card) > 1})
    if twice:
        raise RulesError(f"play_position: {' '.join(twice)} given twice")
    if len(on_table) > 2:
        raise RulesError("play_position: at most two cards can lie on the table (a trick has 3)")
    played = {(leader + i) % 3 for i in range(len(on_table))}
    sizes = [len(hand) + (1 if p in played else 0) for p, hand in enumerate(held)]
    if len(set(sizes)) != 1 or sizes[0] > 10:
        raise RulesError(
            "play_position: the hands do not fit together: with "
            f"{len(on_table)} card(s) on the table led by {POSITION_NAMES[leader]}, FH, MH and RH "
            f"hold {', '.join(str(len(h)) for h in held)} cards"
        )
    if sizes[0] == 0:
        raise RulesError("play_position: the hands are empty; there is nothing left to play")
    rules = Rules() if rules is None else rules
    context = PlayContext(
        None, rules, declaration, declarer, bid, skat_cards,
        picked_up=not declaration.hand, kontra=1,
    )  # fmt: skip
    points = card_points[0]
    if context.skat_counts:
        points += sum(POINTS[BIT[card]] for card in skat_cards)
    masks = tuple(mask_of(hand) for hand in held)
    return PlayState(
        (context, None, None, masks, tuple(BIT[c] for c in on_table), leader,
         (leader + len(on_table)) % 3, points, card_points[1], tricks_won[0], tricks_won[1],
         None)
    )  # fmt: skip
