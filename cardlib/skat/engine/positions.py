"""Positions set up card by card: start directly in the play (for the solver, lessons, tests).

>>> from cardlib.skat import GameType, play_position
>>> state = play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, declarer=0)
>>> state.phase, state.current_player, state.declarer
('play', Position.FH, Position.FH)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.cards import Card, CardsLike, as_cards
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.skat.engine._tables import BIT, POINTS, mask_of
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.facts import BID_VALUES, Declaration, GameType
from cardlib.skat.engine.play import PlayContext, PlayState
from cardlib.skat.engine.rules import FH, POSITION_NAMES, Rules

__all__ = ["play_position"]


def _cards(value: CardsLike, name: str) -> tuple[Card, ...]:
    return as_cards(value, name=name, pack="skat")


def _whole(value: object, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _check_counts(bid: object, card_points: object, tricks_won: object) -> None:
    """Refuse a bid, points or tricks no deal can have: bids 0 to 264, 120 points, 10 tricks."""
    if not _whole(bid, BID_VALUES[-1]):
        raise RulesError(
            Msg("play_position(bid={bid}): a bid is a whole number from 0 to 264", bid=repr(bid))
        )
    for name, pair, total in (("card_points", card_points, 120), ("tricks_won", tricks_won, 10)):
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and all(_whole(part, total) for part in pair)
            and sum(pair) <= total
        ):
            raise RulesError(
                Msg(
                    "play_position({name}={pair}): expected (declarer, defenders), whole "
                    "numbers adding up to at most {total}",
                    name=name,
                    pair=repr(pair),
                    total=total,
                )
            )


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
    >>> [m.symbol for m in state.legal_moves()]
    ['♣J', '♥A']
    """
    if isinstance(declaration, GameType):
        declaration = Declaration(declaration)
    if not isinstance(declaration, Declaration):
        raise RulesError(
            Msg(
                "play_position: {declaration} is not a Declaration or GameType",
                declaration=repr(declaration),
            )
        )
    problem = declaration.problem()
    if problem is not None:
        raise RulesError(
            Msg("play_position: {declaration}: {problem}", declaration=declaration, problem=problem)
        )
    _check_counts(bid, card_points, tricks_won)
    if declarer not in (0, 1, 2) or leader not in (0, 1, 2):
        raise RulesError(
            Msg(
                "play_position: declarer={declarer}, leader={leader}: use 0, 1 or 2",
                declarer=repr(declarer),
                leader=repr(leader),
            )
        )
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 3:
        raise RulesError(
            Msg(
                "play_position: hands={hands}: expected three hands (FH, MH, RH)", hands=repr(hands)
            )
        )
    held = [_cards(hand, POSITION_NAMES[p]) for p, hand in enumerate(hands)]
    on_table = _cards(trick, "trick")
    skat_cards = _cards(skat, "skat")
    every = [card for part in (*held, on_table, skat_cards) for card in part]
    twice = sorted({str(card) for card in every if every.count(card) > 1})
    if twice:
        raise RulesError(Msg("play_position: {items} given twice", items=" ".join(twice)))
    if len(on_table) > 2:
        raise RulesError(
            Msg("play_position: at most two cards can lie on the table (a trick has 3)")
        )
    played = {(leader + i) % 3 for i in range(len(on_table))}
    sizes = [len(hand) + (1 if p in played else 0) for p, hand in enumerate(held)]
    if len(set(sizes)) != 1 or sizes[0] > 10:
        raise RulesError(
            Msg(
                "play_position: the hands do not fit together: with {count} "
                "card(s) on the table led by {leader}, FH, MH and RH hold "
                "{items} cards",
                count=len(on_table),
                leader=POSITION_NAMES[leader],
                items=", ".join(str(len(h)) for h in held),
            )
        )
    if sizes[0] == 0:
        raise RulesError(Msg("play_position: the hands are empty; there is nothing left to play"))
    rules = Rules() if rules is None else rules
    context = PlayContext(
        None, rules, declaration, declarer, bid, skat_cards,
        picked_up=not declaration.hand, doubling=Doubling.NONE,
    )  # fmt: skip
    points = card_points[0]
    if context.skat_counts:
        points += sum(POINTS[BIT[card]] for card in skat_cards)
    masks = (mask_of(held[0]), mask_of(held[1]), mask_of(held[2]))
    return PlayState(
        context, None, None, masks, tuple(BIT[c] for c in on_table), leader,
        (leader + len(on_table)) % 3, points, card_points[1], tricks_won[0], tricks_won[1], None,
        False,
    )  # fmt: skip
