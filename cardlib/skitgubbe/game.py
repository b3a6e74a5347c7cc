"""Starting a game of Skitgubbe: a shuffled or given deal, or any phase-1 or phase-2 position.

>>> state = new_game(Rules(players=3), rng=7)
>>> state.current_player, state.phase, state.stock_size, [len(hand) for hand in state.hands]
(Seat.A, <Phase.ONE: 1>, 43, [3, 3, 3])
>>> state = state.play(state.legal_moves()[0])
>>> print(state.events[0].ruling)
A leads ♠10 and draws from the stock (42 left).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

from cardlib.cards import FULL_DECK, Card, Seat, Suit, parse_cards
from cardlib.errors import InvalidCardError, RulesError
from cardlib.i18n import Msg, joined
from cardlib.randomness import as_rng
from cardlib.skitgubbe.phase_one import PhaseOne, start_round
from cardlib.skitgubbe.phase_two import PhaseTwo, beat_masks, beats, is_run, start_phase_two
from cardlib.skitgubbe.rules import HAND_SIZE, Rules
from cardlib.skitgubbe.state import Game

__all__ = ["new_game", "phase_one_position", "phase_two_position"]

CardsLike = str | Card | Iterable[Card | str]


def _cards(cards: object, what: str) -> tuple[Card, ...]:
    """Cards from text (``'HT HJ'``), one card, or an iterable of cards and card texts."""
    if isinstance(cards, Card):
        return (cards,)
    try:
        if isinstance(cards, str):
            return parse_cards(cards)
        if not isinstance(cards, Iterable):
            raise InvalidCardError(
                Msg(
                    "{cards} is not a list of cards: expected text such as 'HT HJ' or a list "
                    "such as ['HT', 'HJ']",
                    cards=repr(cards),
                )
            )
        return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)
    except InvalidCardError as error:
        raise InvalidCardError(Msg("{what}: {error}", what=what, error=error)) from None


def _rules(rules: object) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise RulesError(
            Msg(
                "rules={rules}: expected a Rules object, such as Rules(players=3)",
                rules=repr(rules),
            )
        )
    return rules


def _list(value: object, what: str) -> list[Any]:
    """A list or tuple given for ``what`` (not text, not a single value)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(
            Msg("{what}={value}: expected a list or a tuple", what=what, value=repr(value))
        )
    return list(value)


def _pair(entry: object, what: str) -> tuple[Any, Any]:
    if isinstance(entry, str) or not isinstance(entry, Sequence) or len(entry) != 2:
        raise RulesError(
            Msg("{what}: {entry} is not a (seat, cards) pair", what=what, entry=repr(entry))
        )
    return entry[0], entry[1]


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
    rules = _rules(rules)
    players = rules.players
    dealer = players - 1 if dealer is None else _seat(dealer, players, "dealer")
    if deck is None:
        order = list(FULL_DECK)
        as_rng(rng).shuffle(order)
        pack = tuple(order)
    else:
        pack = _cards(deck, "deck")
        if len(pack) != 52 or len(set(pack)) != 52:
            missing = [str(card) for card in FULL_DECK if card not in pack]
            raise RulesError(
                Msg(
                    "deck of {count} cards: a Skitgubbe deal needs all 52 cards once each "
                    "(missing {missing})",
                    count=len(pack),
                    missing=" ".join(missing),
                )
                if missing
                else Msg(
                    "deck of {count} cards: a Skitgubbe deal needs all 52 cards once each (a card "
                    "is given twice)",
                    count=len(pack),
                )
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
        game,
        None,
        None,
        (),
        tuple(hands),
        leader,
        stock,
        0,
        None,
        None,
        empty,
        (),
        round_,
        0,
        0,
        (),
    )


def _check_pack(rules: Rules, groups: Sequence[tuple[Msg, Sequence[Card]]]) -> tuple[Card, ...]:
    """Every card at most once; the missing cards are the removed ones, as many as the rules say."""
    where: dict[Card, Msg] = {}
    for what, cards in groups:
        for card in cards:
            if card in where:
                raise RulesError(
                    Msg(
                        "position: {card} is given twice ({where} and {what}); each card of the "
                        "pack appears exactly once",
                        card=str(card),
                        where=where[card],
                        what=what,
                    )
                )
            where[card] = what
    missing = tuple(card for card in FULL_DECK if card not in where)
    if len(missing) != rules.removed_for_two:
        raise RulesError(
            Msg(
                "position: {given} cards given, {count} missing ({missing}); the pack needs "
                "{size} cards ({removed} removed)",
                given=len(where),
                count=len(missing),
                missing=" ".join(map(str, missing)),
                size=rules.pack_size,
                removed=rules.removed_for_two,
            )
            if rules.removed_for_two
            else Msg(
                "position: {given} cards given, {count} missing ({missing}); the pack needs "
                "{size} cards",
                given=len(where),
                count=len(missing),
                missing=" ".join(map(str, missing)),
                size=rules.pack_size,
            )
        )
    return missing


def _seat(value: object, players: int, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return int(value)
    last = Seat(players - 1).name
    raise RulesError(
        Msg(
            "{what}={value}: expected a seat, Seat.A to Seat.{last} (0-{last_index}), at "
            "this table of {players} players",
            what=what,
            value=repr(value),
            last=last,
            last_index=players - 1,
            players=players,
        )
    )


def _hands(rules: Rules, hands: object) -> tuple[tuple[Card, ...], ...]:
    given = _list(hands, "hands")
    if len(given) != rules.players:
        raise RulesError(
            Msg(
                "position: {count} hands given for {players} players",
                count=len(given),
                players=rules.players,
            )
        )
    return tuple(_cards(hand, f"{Seat(i).name}'s hand") for i, hand in enumerate(given))


def _bounced_rounds(
    rules: Rules, bounced: tuple[tuple[int, Card], ...]
) -> list[tuple[tuple[int, Card], ...]]:
    """The rounds that bounced, oldest first: each a stunsa (the highest rank tied).

    A round ends where a seat plays again (a replay starts with one of the tied players), or
    after two cards with ``phase_one="pairs"``.
    """
    rounds: list[tuple[tuple[int, Card], ...]] = []
    current: list[tuple[int, Card]] = []
    for seat, card in bounced:
        full = rules.phase_one == "pairs" and len(current) == 2
        if full or any(seat == other for other, _ in current):
            rounds.append(tuple(current))
            current = []
        current.append((seat, card))
    rounds.append(tuple(current))
    for round_ in rounds:
        best = max(card.rank for _, card in round_)
        if sum(1 for _, card in round_ if card.rank == best) < 2:
            cards = joined([Msg("{name}'s {card}", name=Seat(seat).name, card=str(card))
                            for seat, card in round_])  # fmt: skip
            raise RulesError(
                Msg(
                    "position: the table holds {cards} below the current round, but they are "
                    "not a stunsa: cards stay on the table only when the highest rank is tied",
                    cards=cards,
                )
            )
    return rounds


def _names(seats: Sequence[int]) -> Msg | str:
    return joined([Seat(seat).name for seat in seats])


def _tied(round_: tuple[tuple[int, Card], ...]) -> tuple[int, ...]:
    best = max(card.rank for _, card in round_)
    return tuple(seat for seat, card in round_ if card.rank == best)


def phase_one_position(
    rules: Rules | None = None,
    *,
    hands: Sequence[CardsLike],
    stock: CardsLike = (),
    collected: Sequence[CardsLike] | None = None,
    trump_card: Card | str | None = None,
    trump_owner: int | None = None,
    table: Sequence[tuple[int, Card | str]] = (),
    leader: int | None = None,
    turn: int | None = None,
    round_players: Sequence[int] | None = None,
    dealer: int | None = None,
) -> PhaseOne | PhaseTwo:
    """Set up a phase-1 position for teaching or tests.

    ``hands`` per seat; ``stock`` top first; ``collected`` piles per seat; the ``trump_card``
    and its ``trump_owner`` once the stock is gone; ``table``: the cards on the table as
    ``(seat, card)`` bottom first (bounced cards of stunsas first, then the current round);
    ``leader`` of the current round (default: seat A, or after a stunsa the first tied player),
    ``turn`` (default: the leader), ``round_players`` (default: as the rules choose them: leader
    and the player on the left, everyone with ``phase_one="all"``, the tied players after a
    stunsa, players without cards skipped with ``phase_one_end="skip_empty"``). Cards not given
    are the removed ones; cards already played to the current round count as played from hand.

    If phase 1 is already over (the player due has no card and cannot turn up, or with
    ``"skip_empty"`` fewer than two players can play), the position returned is the start of
    phase 2, which is over at once when only one player then holds cards. A set-up the rules
    cannot produce raises ``RulesError``.

    >>> from cardlib import FULL_DECK
    >>> from cardlib.skitgubbe import Play
    >>> rest = [card for card in FULL_DECK if str(card) not in "H7 CA S7 DK HA D2".split()]
    >>> state = phase_one_position(hands=["H7 CA", "S7 DK", "HA"], collected=[rest, [], []],
    ...     trump_card="D2", trump_owner=1, leader=0)
    >>> state = state.play(Play("H7")).play(Play("S7"))
    >>> [event.code for event in state.events], state.current_player, state.trick
    (['play', 'stunsa'], Seat.A, (Card('H7'), Card('S7')))
    >>> pile = rest + [Card.parse(card) for card in "H7 CA S7 DK".split()]
    >>> over = phase_one_position(hands=["", "", "HA"], collected=[[], [], pile],
    ...     trump_card="D2", trump_owner=2)
    >>> over.is_over, over.loser
    (True, Seat.C)
    """
    rules = _rules(rules)
    players = rules.players
    held = _hands(rules, hands)
    stock_cards = _cards(stock, "stock")
    given_piles = [()] * players if collected is None else _list(collected, "collected")
    piles = tuple(
        _cards(pile, f"{Seat(i).name}'s collected pile") for i, pile in enumerate(given_piles)
    )
    if len(piles) != players:
        raise RulesError(
            Msg(
                "position: {count} collected piles for {players} players",
                count=len(piles),
                players=players,
            )
        )
    trump = None if trump_card is None else _cards([trump_card], "trump card")[0]
    on_table: list[tuple[int, Card]] = []
    for entry in _list(table, "table"):
        seat, card = _pair(entry, "table")
        cards = _cards(card, "table")
        if len(cards) != 1:
            raise RulesError(
                Msg(
                    "table: {entry} is not one card; in phase 1 each play is a single card",
                    entry=repr(entry),
                )
            )
        on_table.append((_seat(seat, players, "table seat"), cards[0]))
    first = Seat.A if leader is None else _seat(leader, players, "leader")
    due_given = None if turn is None else _seat(turn, players, "turn")
    owner = None if trump_owner is None else _seat(trump_owner, players, "trump_owner")
    dealt = (first - 1) % players if dealer is None else _seat(dealer, players, "dealer")
    groups: list[tuple[Msg, Sequence[Card]]]
    groups = [(Msg("{name}'s hand", name=Seat(i).name), hand) for i, hand in enumerate(held)]
    groups += [(Msg("the stock"), stock_cards), (Msg("the table"), [c for _, c in on_table])]
    groups += [(Msg("{name}'s collected pile", name=Seat(i).name), pile)
               for i, pile in enumerate(piles)]  # fmt: skip
    groups += [(Msg("the trump card"), [trump] if trump is not None else [])]
    removed = _check_pack(rules, groups)
    if stock_cards:
        if trump is not None or trump_owner is not None:
            raise RulesError(
                Msg(
                    "position: the trump card is the last stock card; it is drawn only when "
                    "the stock is empty"
                )
            )
        short = [Seat(i).name for i, hand in enumerate(held) if len(hand) != HAND_SIZE]
        if short:
            raise RulesError(
                Msg(
                    "position: {items} must hold {size} cards while the stock lasts "
                    "(everyone draws after playing)",
                    items=", ".join(short),
                    size=HAND_SIZE,
                )
            )
    elif trump is None or trump_owner is None:
        raise RulesError(Msg("position: with the stock empty, give the trump card and its owner"))
    left = len(stock_cards)
    skip = rules.phase_one_end == "skip_empty"
    game = Game(rules, dealt, None, removed, "position")

    def phase_over(reason: tuple[int | None, str]) -> PhaseTwo:
        assert trump is not None and owner is not None  # the stock is empty
        return start_phase_two(game, None, None, [], held, piles, tuple(on_table), trump, owner,
                               reason)  # fmt: skip

    # The current round follows the bounced cards of any stunsas; the rules pick its players.
    round_: tuple[int, ...]
    if round_players is not None:
        round_ = tuple(_seat(seat, players, "round_players")
                       for seat in _list(round_players, "round_players"))  # fmt: skip
        if len(set(round_)) != len(round_) or len(round_) < 2:
            raise RulesError(
                Msg(
                    "round_players={round_players}: two or more different seats, the leader first",
                    round_players=repr(round_players),
                )
            )
        if leader is not None and round_[0] != first:
            raise RulesError(
                Msg(
                    "round_players={round_players}: the leader, {name}, comes first",
                    round_players=repr(round_players),
                    name=Seat(first).name,
                )
            )
        due = round_[0] if due_given is None else due_given
    elif due_given is None or due_given == first:
        tied = _tied(_bounced_rounds(rules, tuple(on_table))[-1]) if on_table else None
        if tied is not None and leader is not None and first != tied[0] and not skip:
            raise RulesError(
                Msg(
                    "leader={leader}: after the stunsa of {names}, {name} leads the replay",
                    leader=repr(leader),
                    names=_names(tied),
                    name=Seat(tied[0]).name,
                )
            )
        round_, end = start_round(rules, held, left, first, tied)
        if end is not None:
            return phase_over(end)
        due = round_[0]
    else:
        due = due_given
        seats = [seat for seat, _ in on_table]
        if first not in seats:
            raise RulesError(
                Msg(
                    "position: with {name} to play, the lead of leader={leader} must be on "
                    "the table",
                    name=Seat(due).name,
                    leader=repr(leader),
                )
            )
        start = len(seats) - 1 - seats[::-1].index(first)
        tied = _tied(_bounced_rounds(rules, tuple(on_table[:start]))[-1]) if start else None
        if tied is not None:
            round_ = tied
        elif rules.phase_one == "pairs":
            round_ = (first, (first + 1) % players)
        else:
            round_ = tuple((first + step) % players for step in range(players))
    if due not in round_:
        raise RulesError(
            Msg(
                "turn={turn}: {name} does not play in this round",
                turn=repr(turn),
                name=Seat(due).name,
            )
        )
    index = round_.index(due)
    played = tuple(seat for seat, _ in on_table[len(on_table) - index :]) if index else ()
    if len(on_table) < index or played != round_[:index]:
        raise RulesError(
            Msg(
                "position: with {name} to play, the table must end with the cards of "
                "{items} in this round",
                name=Seat(due).name,
                items=", ".join(Seat(seat).name for seat in round_[:index]),
            )
        )
    bounced = tuple(on_table[: len(on_table) - index])
    rounds = _bounced_rounds(rules, bounced) if bounced else []
    if rounds and not skip and round_ != _tied(rounds[-1]):
        raise RulesError(
            Msg(
                "position: after the stunsa of {names}, only they replay, not {others}",
                names=_names(_tied(rounds[-1])),
                others=_names(round_),
            )
        )
    if skip:
        idle = [Seat(seat).name for seat in round_[index:] if not held[seat] and left < 2]
        if idle:
            raise RulesError(
                Msg(
                    "position: {items} cannot play (no cards, and the stock cannot be turned "
                    "up), so with phase_one_end='skip_empty' the round skips them",
                    items=", ".join(idle),
                )
            )
    if not held[due] and left < 2:
        role = "lead" if index == 0 else ("answer" if rules.phase_one == "pairs" else "play")
        return phase_over((due, role))
    drew = "drew" if left else "empty"
    return PhaseOne.make(
        game, None, None, (), held, due, stock_cards, 0, trump, owner, piles, tuple(on_table),
        round_, index, len(rounds), tuple((seat, drew) for seat in round_[:index]),
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
    cards, plus those who went out during this trick), the ``discard`` pile, the ``out_order``
    (default: the players without cards, those with a play on the trick last).
    Cards not given are the removed ones. When only one player holds cards, the game is over:
    that player is the loser. A set-up the rules cannot produce raises ``RulesError``.

    >>> state = phase_two_position(hands=["H7 S9", "H9 SA", "HK D2"], trumps="S", discard=[
    ...     card for card in FULL_DECK if str(card) not in "H7 S9 H9 SA HK D2".split()])
    >>> state.trick_size, state.current_player, state.legal_moves()
    (3, Seat.A, [Play('H7'), Play('S9')])
    >>> over = phase_two_position(hands=["", "H9", ""], trumps="S", out_order=[0, 2],
    ...     discard=[card for card in FULL_DECK if str(card) != "H9"])
    >>> over.is_over, str(over.result)
    (True, 'B is the skitgubbe; out: A first, then C')
    """
    rules = _rules(rules)
    players = rules.players
    held = _hands(rules, hands)
    if isinstance(trumps, Suit):
        suit = trumps
    elif isinstance(trumps, str):
        suit = Suit.parse(trumps)
    else:
        raise RulesError(
            Msg("trumps={trumps}: expected a suit such as 'S' or Suit.SPADES", trumps=repr(trumps))
        )
    plays: list[tuple[int, tuple[Card, ...]]] = []
    for entry in _list(trick, "trick"):
        seat, cards = _pair(entry, "trick")
        run = _cards(cards, "trick")
        if not run:
            raise RulesError(Msg("trick: {entry} plays no card", entry=repr(entry)))
        if len(run) > 1:
            run = tuple(sorted(run, key=lambda card: (card.rank, card.index)))
        plays.append((_seat(seat, players, "trick seat"), run))
    dead = _cards(discard, "discard")
    due = _seat(turn, players, "turn")
    owner = None if trump_owner is None else _seat(trump_owner, players, "trump_owner")
    trump = None if trump_card is None else _cards([trump_card], "trump card")[0]
    if trump is not None and trump.suit is not suit:
        raise RulesError(
            Msg(
                "trump_card={trump_card}: the trump card's suit is trumps, so it cannot "
                "be {symbol} when {trumps} are trumps",
                trump_card=repr(trump_card),
                symbol=trump.symbol,
                trumps=suit.symbol,
            )
        )
    groups: list[tuple[Msg, Sequence[Card]]]
    groups = [(Msg("{name}'s hand", name=Seat(i).name), hand) for i, hand in enumerate(held)]
    groups += [(Msg("the trick"), [card for _, run in plays for card in run])]
    groups += [(Msg("the discard"), dead)]
    removed = _check_pack(rules, groups)
    for seat, run in plays:
        if len(run) == 1:
            continue
        what = f"position: {Seat(seat).name}'s {' '.join(map(str, run))} on the trick"
        if not rules.sequences:
            raise RulesError(
                Msg(
                    "{what} is a play of {count} cards; runs need Rules(sequences=True)",
                    what=what,
                    count=len(run),
                )
            )
        if not is_run(run):
            raise RulesError(
                Msg(
                    "{what} is not a run: a run is two or more consecutive cards of one suit",
                    what=what,
                )
            )
    for (_, below), (seat, run) in pairwise(plays):
        if not beats(run[0], below[-1], suit):
            raise RulesError(
                Msg(
                    "position: {name}'s {run} on the trick does not beat {below}",
                    name=Seat(seat).name,
                    run=run[0],
                    below=below[-1],
                )
            )
    holders = [seat for seat in range(players) if held[seat]]
    empty = [seat for seat in range(players) if not held[seat]]
    on_trick = {seat for seat, _ in plays}
    if out_order is None:  # those who played to this trick went out last
        out = tuple(sorted(empty, key=lambda seat: seat in on_trick))
    else:
        out = tuple(_seat(seat, players, "out_order") for seat in _list(out_order, "out_order"))
        if sorted(out) != empty or len(set(out)) != len(out):
            raise RulesError(
                Msg(
                    "out_order={out_order}: list every player without cards, once",
                    out_order=repr(out_order),
                )
            )
    if not holders:
        raise RulesError(Msg("position: nobody holds cards; one player always does"))
    # Whoever went out after playing to this trick held cards when it began, and so did
    # everyone who went out after them.
    since = min((i for i, seat in enumerate(out) if seat in on_trick), default=len(out))
    least = len(holders) + len(out) - since
    if trick_size is None:
        size = least
    elif isinstance(trick_size, int) and not isinstance(trick_size, bool):
        size = trick_size
    else:
        raise RulesError(
            Msg(
                "trick_size={trick_size}: expected a whole number of plays",
                trick_size=repr(trick_size),
            )
        )
    game = Game(rules, (due - 1) % players, None, removed, "position")
    game.masks = beat_masks(suit)
    if len(holders) == 1:
        return PhaseTwo.make(
            game, None, None, (), held, None, suit, trump, owner, tuple(plays), size, out,
            dead, holders[0],
        )  # fmt: skip
    if not plays and size != len(holders):
        raise RulesError(
            Msg(
                "trick_size={size}: a trick not yet led needs one play per player "
                "holding cards ({holders})",
                size=size,
                holders=len(holders),
            )
        )
    if size < least:
        gone = out[since:]
        raise RulesError(
            Msg(
                "trick_size={size}: {count} players hold cards and {names} went out during this "
                "trick, so it began with {least} players holding cards",
                size=size,
                count=len(holders),
                names=_names(gone),
                least=least,
            )
            if gone
            else Msg(
                "trick_size={size}: {count} players hold cards, so it began with {least} players "
                "holding cards",
                size=size,
                count=len(holders),
                least=least,
            )
        )
    if size > players:
        raise RulesError(
            Msg(
                "trick_size={size}: a trick has at most one play per player ({players})",
                size=size,
                players=players,
            )
        )
    if len(plays) >= size:
        raise RulesError(
            Msg(
                "trick_size={size}: the {count} plays on the trick would have completed it",
                size=size,
                count=len(plays),
            )
        )
    if not held[due]:
        raise RulesError(
            Msg(
                "turn={turn}: {name} holds no cards and cannot be due",
                turn=repr(turn),
                name=Seat(due).name,
            )
        )
    return PhaseTwo.make(
        game, None, None, (), held, due, suit, trump, owner, tuple(plays), size, out, dead, None
    )
