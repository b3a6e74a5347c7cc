"""Starting a game of Skitgubbe: a shuffled or given deal, or any phase-1 or phase-2 position.

>>> state = new_game(Rules(players=3), rng=7)
>>> state.current_player, state.phase, state.stock_size, [len(hand) for hand in state.hands]
(Seat.A, 1, 43, [3, 3, 3])
>>> state = state.play(state.legal_moves()[0])
>>> print(state.events[0].ruling)
A leads ♠10 and draws from the stock (42 left).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import pairwise

from cardlib.cards import FULL_DECK, Card, Seat, Suit, parse_cards
from cardlib.errors import RulesError
from cardlib.randomness import as_rng
from cardlib.skitgubbe.phase_one import PhaseOne, start_round
from cardlib.skitgubbe.phase_two import PhaseTwo, beat_masks, beats
from cardlib.skitgubbe.rules import HAND_SIZE, Rules
from cardlib.skitgubbe.state import Game

__all__ = ["new_game", "phase_one_position", "phase_two_position"]

CardsLike = str | Iterable[Card | str]


def _cards(cards: CardsLike, what: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)


def new_game(
    rules: Rules | None = None,
    rng: random.Random | int | None = None,
    *,
    dealer: int | None = None,
    deck: CardsLike | None = None,
) -> PhaseOne:
    """Deal a new game: a shuffled pack (``rng``: a Random, a seed or ``None``) or ``deck``, all
    52 cards top first. Three cards go to each player one at a time from the dealer's left; with
    ``removed_for_two`` the pack's bottom cards are set aside unseen; the rest is the stock.

    The dealer defaults to the last seat, so that seat A leads first.
    """
    rules = rules if rules is not None else Rules()
    players = rules.players
    dealer = players - 1 if dealer is None else int(dealer)
    if not 0 <= dealer < players:
        raise RulesError(f"dealer={dealer}: expected a seat 0-{players - 1} ({players} players)")
    if deck is None:
        order = list(FULL_DECK)
        as_rng(rng).shuffle(order)
        pack = tuple(order)
    else:
        pack = _cards(deck, "deck")
        if len(pack) != 52 or len(set(pack)) != 52:
            missing = [str(card) for card in FULL_DECK if card not in pack]
            raise RulesError(
                f"deck of {len(pack)} cards: a Skitgubbe deal needs all 52 cards once each"
                + (f" (missing {' '.join(missing)})" if missing else " (a card is given twice)")
            )
    removed = pack[52 - rules.removed_for_two :] if rules.removed_for_two else ()
    dealt = HAND_SIZE * players
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    for i, card in enumerate(pack[:dealt]):
        seat = (dealer + 1 + i) % players
        hands[seat] += (card,)
    stock = pack[dealt : 52 - rules.removed_for_two]
    game = Game(rules, dealer, pack, removed, "deal")
    leader = (dealer + 1) % players
    round_, _ = start_round(rules, tuple(hands), len(stock), leader, None)
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(players))
    return PhaseOne.make(
        game, None, None, (), tuple(hands), leader, stock, 0, None, None, empty, (), round_, 0, 0
    )


def _check_pack(rules: Rules, groups: Sequence[tuple[str, Sequence[Card]]]) -> tuple[Card, ...]:
    """Every card at most once; the missing cards are the removed ones, as many as the rules say."""
    where: dict[Card, str] = {}
    for what, cards in groups:
        for card in cards:
            if card in where:
                raise RulesError(
                    f"position: {card} is given twice ({where[card]} and {what}); each card of "
                    "the pack appears exactly once"
                )
            where[card] = what
    missing = tuple(card for card in FULL_DECK if card not in where)
    if len(missing) != rules.removed_for_two:
        raise RulesError(
            f"position: {len(where)} cards given, {len(missing)} missing "
            f"({' '.join(map(str, missing))}); the pack needs {rules.pack_size} cards"
            + (f" ({rules.removed_for_two} removed)" if rules.removed_for_two else "")
        )
    return missing


def _seat(value: int, players: int, what: str) -> int:
    seat = int(value)
    if not 0 <= seat < players:
        raise RulesError(f"{what}={value!r}: expected a seat 0-{players - 1} ({players} players)")
    return seat


def _hands(rules: Rules, hands: Sequence[CardsLike]) -> tuple[tuple[Card, ...], ...]:
    if len(hands) != rules.players:
        raise RulesError(f"position: {len(hands)} hands given for {rules.players} players")
    return tuple(_cards(hand, "hand") for hand in hands)


def phase_one_position(
    rules: Rules | None = None,
    *,
    hands: Sequence[CardsLike],
    stock: CardsLike = (),
    collected: Sequence[CardsLike] | None = None,
    trump_card: Card | str | None = None,
    trump_owner: int | None = None,
    table: Sequence[tuple[int, Card | str]] = (),
    leader: int = Seat.A,
    turn: int | None = None,
    round_players: Sequence[int] | None = None,
    dealer: int | None = None,
) -> PhaseOne:
    """Set up a phase-1 position for teaching or tests.

    ``hands`` per seat; ``stock`` top first; ``collected`` piles per seat; the ``trump_card``
    and its ``trump_owner`` once the stock is gone; ``table``: the cards on the table as
    ``(seat, card)`` bottom first (bounced cards included); ``leader`` of the current round,
    ``turn`` (default: the leader), ``round_players`` (default: leader and the player on the
    left, or everyone with ``phase_one="all"``). Cards not given are the removed ones.

    >>> from cardlib import FULL_DECK
    >>> from cardlib.skitgubbe import Play
    >>> rest = [card for card in FULL_DECK if str(card) not in "H7 CA S7 DK HA D2".split()]
    >>> state = phase_one_position(hands=["H7 CA", "S7 DK", "HA"], collected=[rest, [], []],
    ...     trump_card="D2", trump_owner=1, leader=0)
    >>> state = state.play(Play("H7")).play(Play("S7"))
    >>> [event.code for event in state.events], state.current_player, state.trick
    (['play', 'stunsa'], Seat.A, (Card('H7'), Card('S7')))
    """
    rules = rules if rules is not None else Rules()
    players = rules.players
    held = _hands(rules, hands)
    stock_cards = _cards(stock, "stock")
    piles = tuple(_cards(pile, "collected") for pile in (collected or [()] * players))
    if len(piles) != players:
        raise RulesError(f"position: {len(piles)} collected piles for {players} players")
    trump = None if trump_card is None else _cards([trump_card], "trump card")[0]
    on_table = tuple((_seat(seat, players, "table seat"), _cards([card], "table")[0])
                     for seat, card in table)  # fmt: skip
    groups: list[tuple[str, Sequence[Card]]]
    groups = [(f"{Seat(i).name}'s hand", hand) for i, hand in enumerate(held)]
    groups += [("the stock", stock_cards), ("the table", [card for _, card in on_table])]
    groups += [(f"{Seat(i).name}'s collected pile", pile) for i, pile in enumerate(piles)]
    groups += [("the trump card", [trump] if trump is not None else [])]
    removed = _check_pack(rules, groups)
    if stock_cards:
        if trump is not None or trump_owner is not None:
            raise RulesError("position: the trump card is the last stock card; it is drawn only "
                             "when the stock is empty")  # fmt: skip
        short = [Seat(i).name for i, hand in enumerate(held) if len(hand) != HAND_SIZE]
        if short:
            raise RulesError(f"position: {', '.join(short)} must hold {HAND_SIZE} cards while the "
                             "stock lasts (everyone draws after playing)")  # fmt: skip
    elif trump is None or trump_owner is None:
        raise RulesError("position: with the stock empty, give the trump card and its owner")
    owner = None if trump_owner is None else _seat(trump_owner, players, "trump_owner")
    lead = _seat(leader, players, "leader")
    round_: tuple[int, ...]
    if round_players is None:
        if rules.phase_one == "pairs":
            round_ = (lead, (lead + 1) % players)
        else:
            round_ = tuple((lead + step) % players for step in range(players))
    else:
        round_ = tuple(_seat(seat, players, "round_players") for seat in round_players)
        if len(set(round_)) != len(round_) or len(round_) < 2 or round_[0] != lead:
            raise RulesError(f"round_players={round_players!r}: two or more different seats, "
                             "the leader first")  # fmt: skip
    due = lead if turn is None else _seat(turn, players, "turn")
    if due not in round_:
        raise RulesError(f"turn={turn!r}: {Seat(due).name} does not play in this round")
    index = round_.index(due)
    played = tuple(seat for seat, _ in on_table[len(on_table) - index :]) if index else ()
    if len(on_table) < index or played != round_[:index]:
        raise RulesError(
            f"position: with {Seat(due).name} to play, the table must end with the cards of "
            f"{', '.join(Seat(seat).name for seat in round_[:index])} in this round"
        )
    if not held[due] and len(stock_cards) < 2:
        raise RulesError(f"position: {Seat(due).name} is due but has no card, so phase 1 is over")
    game = Game(
        rules, (lead - 1) % players if dealer is None else dealer, None, removed, "position"
    )
    stunsas = 1 if len(on_table) > index else 0
    return PhaseOne.make(
        game, None, None, (), held, due, stock_cards, 0, trump, owner, piles, on_table, round_,
        index, stunsas,
    )  # fmt: skip


def phase_two_position(
    rules: Rules | None = None,
    *,
    hands: Sequence[CardsLike],
    trumps: Suit | str,
    turn: int = Seat.A,
    trick: Sequence[tuple[int, Card | str | Sequence[Card | str]]] = (),
    trick_size: int | None = None,
    discard: CardsLike = (),
    out_order: Sequence[int] | None = None,
    trump_card: Card | str | None = None,
    trump_owner: int | None = None,
) -> PhaseTwo:
    """Set up a phase-2 position: ``hands``, ``trumps``, whose ``turn``, the ``trick`` as
    ``(seat, card or run)`` bottom first, its ``trick_size`` (default: the players holding
    cards, plus those who went out during this trick), the ``discard`` pile, the ``out_order``.
    Cards not given are the removed ones.

    >>> state = phase_two_position(hands=["H7 S9", "H9 SA", "HK D2"], trumps="S", discard=[
    ...     card for card in FULL_DECK if str(card) not in "H7 S9 H9 SA HK D2".split()])
    >>> state.trick_size, state.current_player, state.legal_moves()
    (3, Seat.A, [Play('H7'), Play('S9')])
    """
    rules = rules if rules is not None else Rules()
    players = rules.players
    held = _hands(rules, hands)
    suit = trumps if isinstance(trumps, Suit) else Suit.parse(trumps)
    plays: list[tuple[int, tuple[Card, ...]]] = []
    for seat, cards in trick:
        run = _cards([cards] if isinstance(cards, Card | str) else cards, "trick")
        if len(run) > 1:
            run = tuple(sorted(run, key=lambda card: (card.rank, card.index)))
        plays.append((_seat(seat, players, "trick seat"), run))
    dead = _cards(discard, "discard")
    groups: list[tuple[str, Sequence[Card]]]
    groups = [(f"{Seat(i).name}'s hand", hand) for i, hand in enumerate(held)]
    groups += [("the trick", [card for _, run in plays for card in run]), ("the discard", dead)]
    removed = _check_pack(rules, groups)
    for (_, below), (seat, run) in pairwise(plays):
        if not beats(run[0], below[-1], suit):
            raise RulesError(f"position: {Seat(seat).name}'s {run[0]} on the trick does not beat "
                             f"{below[-1]}")  # fmt: skip
    holders = [seat for seat in range(players) if held[seat]]
    if out_order is None:
        out = tuple(seat for seat in range(players) if not held[seat])
    else:
        out = tuple(_seat(seat, players, "out_order") for seat in out_order)
        if sorted(out) != [seat for seat in range(players) if not held[seat]]:
            raise RulesError(f"out_order={out_order!r}: list every player without cards, once")
    size = trick_size
    if size is None:
        size = len(holders) + sum(1 for seat in {seat for seat, _ in plays} if not held[seat])
    if not 2 <= size <= players or len(plays) >= size:
        raise RulesError(f"trick_size={size}: expected 2-{players} and more than the "
                         f"{len(plays)} plays on the trick")  # fmt: skip
    trump = None if trump_card is None else _cards([trump_card], "trump card")[0]
    owner = None if trump_owner is None else _seat(trump_owner, players, "trump_owner")
    game = Game(rules, (int(turn) - 1) % players, None, removed, "position")
    game.masks = beat_masks(suit)
    if len(holders) <= 1:
        loser = holders[0] if holders else None
        if loser is None:
            raise RulesError("position: nobody holds cards; one player always does")
        return PhaseTwo.make(
            game, None, None, (), held, None, suit, trump, owner, tuple(plays), size, out,
            dead, loser,
        )  # fmt: skip
    due = _seat(turn, players, "turn")
    if not held[due]:
        raise RulesError(f"turn={turn!r}: {Seat(due).name} holds no cards and cannot be due")
    return PhaseTwo.make(
        game, None, None, (), held, due, suit, trump, owner, tuple(plays), size, out, dead, None
    )
