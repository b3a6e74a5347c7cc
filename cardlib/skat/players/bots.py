"""Players for the engine: a random one and a heuristic one that explains itself to a learner.

Both decide from ``state.view(seat)`` for the seat to move (a :class:`SkatView`, which may also be
passed in directly): their own cards, the bidding, the cards played and (as the declarer who
picked it up) the skat; the other hands and a skat they have not seen never reach them.

>>> from cardlib.skat import new_deal, new_game
>>> state = new_game(new_deal(7))
>>> bot = HeuristicBot()
>>> bot.choose(state)
Bid(18)
>>> import textwrap
>>> print(textwrap.fill(bot.explain(state), 80))
Bid 18: MH's hand looks strong enough to win a ♠ game; with 4, game 5 × 11 = 55:
a won spades game is worth 55 (66 with Hand), so it covers bids up to 55; with
the right skat it could be with 9; the next bid, 18, is covered
>>> RandomBot(1).choose(state) in state.legal_moves()
True
>>> bot.choose(state.view(1))
Bid(18)
>>> bot.choose(state.view(0))
Traceback (most recent call last):
...
cardlib.errors.RulesError: <SkatView FH bidding>: MH is to move, not FH
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from cardlib.cards import SKAT_DECK, Card, Rank, Suit
from cardlib.errors import RulesError
from cardlib.i18n import Msg, Plural
from cardlib.skat.engine.deal import as_rng
from cardlib.skat.engine.facts import (
    CARD_POINTS,
    Declaration,
    GameType,
    follow_group,
    is_trump,
    matadors_msg,
    order_key,
    trick_winner,
    trumps,
)
from cardlib.skat.engine.moves import (
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Move,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Re,
)
from cardlib.skat.engine.names import game_label, game_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.rules import position_term
from cardlib.skat.engine.states import SkatState
from cardlib.skat.engine.views import SkatView
from cardlib.skat.players.analysis import analyse
from cardlib.skat.scoring.value import value as value_of

__all__ = ["HeuristicBot", "RandomBot"]

_TRUMPS = {game: trumps(game) for game in GameType}
_TRUMP_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS,
                GameType.GRAND)  # fmt: skip
_NULL_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
               Rank.ACE)  # fmt: skip


class RandomBot:
    """Chooses uniformly among the legal moves (seeded: ``RandomBot(7)``)."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = as_rng(rng)

    def choose(self, state: SkatState | SkatView) -> Move:
        return self.rng.choice(mover_view(state).legal_moves())

    def explain(self, state: SkatState | SkatView) -> str:
        return str(self.hint(state))

    def hint(self, state: SkatState | SkatView) -> Msg:
        """:meth:`explain` as a lazy message, worded when read."""
        mover_view(state)
        return Msg("A random legal move.")


def mover_view(state: object) -> SkatView:
    """What the seat to move knows: ``state.view(current_player)``, or the view given."""
    if isinstance(state, SkatView):
        view = state
    elif isinstance(state, SkatState):
        if state.current_player is None:
            raise RulesError(Msg("{state}: the deal is over, nobody is to move", state=repr(state)))
        return state.view(state.current_player)
    else:
        raise RulesError(
            Msg(
                "{state} is not a Skat state: a Skat player chooses in a Skat deal",
                state=repr(state),
            )
        )
    if view.current_player is None:
        raise RulesError(Msg("{view}: the deal is over, nobody is to move", view=repr(view)))
    if view.current_player != view.seat:
        raise RulesError(
            Msg(
                "{view}: {current_player} is to move, not {seat}",
                view=repr(view),
                current_player=view.current_player,
                seat=view.seat,
            )
        )
    return view


# --- hand evaluation -----------------------------------------------------------------------------
def strength(cards: Sequence[Card], game: GameType) -> float:
    """A rough count of the tricks' worth of a hand in a suit or grand game (higher is better)."""
    jacks = [c for c in cards if c.rank is Rank.JACK]
    score = 0.0
    if game is GameType.GRAND:
        score += 2.0 * len(jacks) + (1.0 if Card(Suit.CLUBS, Rank.JACK) in cards else 0.0)
        for suit in Suit:
            suited = [c.rank for c in cards if c.suit is suit and c.rank is not Rank.JACK]
            if Rank.ACE in suited:
                score += 2.0 + (1.5 if Rank.TEN in suited else 0.0) + 0.3 * max(len(suited) - 2, 0)
        return score
    trumps = [c for c in cards if is_trump(c, game)]
    score += 1.0 * len(trumps) + 0.6 * len(jacks)
    score += 0.5 if Card(Suit.CLUBS, Rank.JACK) in cards else 0.0
    for suit in Suit:
        if suit is game.trump_suit:
            continue
        suited = [c.rank for c in cards if c.suit is suit and c.rank is not Rank.JACK]
        if Rank.ACE in suited:
            score += 1.2 + (0.8 if Rank.TEN in suited else 0.0)
        elif not suited:
            score += 0.4  # a void lets the trumps in
    return score


NEEDED = {GameType.GRAND: 9.5, GameType.NULL: 0.0}
"""The strength a game needs before the heuristic plays it (other games: ``SUIT_NEEDED``)."""
SUIT_NEEDED = 7.5


def margin(cards: Sequence[Card], game: GameType) -> float:
    """How far a hand is above (positive) or below what ``game`` needs."""
    if game is GameType.NULL:
        return -float(null_risks(cards))
    return strength(cards, game) - NEEDED.get(game, SUIT_NEEDED)


def playable(cards: Sequence[Card], game: GameType) -> bool:
    """Whether the heuristic would dare to play ``game`` with these (ten or twelve) cards."""
    return margin(cards, game) >= 0


def null_risks(cards: Sequence[Card]) -> int:
    """Suits in which a Null declarer could be forced to take a trick (0: a safe-looking Null)."""
    risks = 0
    for suit in Suit:
        mine = sorted(_NULL_RANKS.index(c.rank) for c in cards if c.suit is suit)
        # the i-th lowest card must lie below enough others to duck under every lead
        if any(rank > 2 * i for i, rank in enumerate(mine)):
            risks += 1
    return risks


def _best_game(cards: Sequence[Card], bid: int = 0) -> tuple[GameType, int] | None:
    """The playable game with the highest safe value (and that value), or ``None``."""
    analysis = analyse(cards[:10]) if len(cards) == 10 else None
    options: list[tuple[int, float, GameType]] = []
    for game in _TRUMP_GAMES:
        if playable(cards, game):
            if analysis is not None:
                value = analysis.row(game).value
            else:
                value = value_of(Declaration(game), cards).worth
            options.append((value, margin(cards, game), game))
    if playable(cards, GameType.NULL):
        options.append((23, 0.0, GameType.NULL))
    if not options:
        return None
    value, _, game = max(options, key=lambda o: (o[0] >= max(bid, 18), o[1], o[0]))
    return game, value


@lru_cache(maxsize=512)
def _bid_limit(cards: tuple[Card, ...]) -> tuple[int, str, tuple[tuple[str, Any], ...]]:
    """How high the hand bids, and why: the kind of reason and its facts (see :func:`_hand`)."""
    best = _best_game(cards)
    analysis = analyse(cards)
    if best is None:
        top = analysis.best
        return 0, "weak", (("game", top.game), ("value", top.value))
    game, value = best
    if game is GameType.NULL:
        return 23, "null", ()
    return value, "strong", (("game", game), ("analysis", analysis.row(game).reason))


def _hand(who: Msg, kind: str, facts: tuple[tuple[str, Any], ...]) -> Msg:
    """What a bidder's hand is good for, in a learner's words."""
    known = dict(facts)
    if kind == "null":
        return Msg(
            "{who}'s hand looks like a safe Null, worth 23 if won: every suit has low cards to "
            "duck with",
            who=who,
        )
    game = known["game"]
    if kind == "weak":
        if game is GameType.GRAND:
            return Msg(
                "{who}'s hand is too weak to win a game; a Grand would be worth at least {value} "
                "if won, but these cards are unlikely to win it",
                who=who,
                value=known["value"],
            )
        # Translators: {game} is a suit game, such as "clubs".
        return Msg(
            "{who}'s hand is too weak to win a game; a {game} game would be worth at least "
            "{value} if won, but these cards are unlikely to win it",
            who=who,
            game=game_label(game),
            value=known["value"],
        )
    if game is GameType.GRAND:
        # Translators: {analysis} tells the game's matadors and value: "with 2, game 3 × 24 ...".
        return Msg(
            "{who}'s hand looks strong enough to win a Grand; {analysis}",
            who=who,
            analysis=known["analysis"],
        )
    # Translators: {game} is the trump suit's symbol, such as ♠.
    return Msg(
        "{who}'s hand looks strong enough to win a {game} game; {analysis}",
        who=who,
        game=game.symbol,
        analysis=known["analysis"],
    )


# --- the heuristic player ------------------------------------------------------------------------
class HeuristicBot:
    """Bids from the hand analysis and plays sensibly; :meth:`explain` gives the reason.

    Bidding: up to the value of its best playable game. Skat: always picks up, discards to keep
    the strongest game and to bury points. Play: trumps drawn by a strong declarer, aces cashed,
    tricks won as cheaply as possible, points given to a partner who is winning, the least
    valuable card thrown otherwise.
    """

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = as_rng(rng)

    def choose(self, state: SkatState | SkatView) -> Move:
        """The move this bot makes here, from what the seat to move knows."""
        return self._decide(mover_view(state))[0]

    def explain(self, state: SkatState | SkatView) -> str:
        """The move this bot would make here, and why."""
        return str(self.hint(state))

    def hint(self, state: SkatState | SkatView) -> Msg:
        """:meth:`explain` as a lazy message, worded when read."""
        move, reason = self._decide(mover_view(state))
        # Translators: a bot's advice: the move ("Play ♥9"), then why.
        return Msg("{move}: {reason}", move=_move_text(move), reason=reason)

    def _decide(self, view: SkatView) -> tuple[Move, Msg]:
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bid(view)
        if phase is Phase.SKAT:
            return PickUpSkat(), Msg("two more cards to build the best game from")
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.DECLARE:
            return self._declare(view)
        if phase is Phase.KONTRA:
            return self._kontra(view)
        if view.declaration is None:  # a Ramsch: everyone for themselves
            if phase is Phase.PLAY:
                return self._play_ramsch(view)
            return view.legal_moves()[0], Msg("Ramsch: keep it simple and take the first choice")
        return self._play(view)

    # bidding
    def _bid(self, view: SkatView) -> tuple[Move, Msg]:
        limit, kind, facts = _bid_limit(tuple(view.hand))  # as dealt: nobody has moved cards
        who = position_term(view.seat)
        hand = _hand(who, kind, facts)
        legal = view.legal_moves()
        if not limit:
            return Pass(), hand
        # Translators: {hand} says what the bidder's hand is good for: "MH's hand looks ...".
        if Hold() in legal:
            if view.bid <= limit:
                return Hold(), Msg("{hand}; {bid} is covered", hand=hand, bid=view.bid)
            return Pass(), Msg(
                "{bid} would overbid {who}'s game, worth {limit} if won: {hand}",
                bid=view.bid,
                who=who,
                limit=limit,
                hand=hand,
            )
        bids = [m for m in legal if isinstance(m, Bid)]
        if bids and bids[0].value <= limit:
            return bids[0], Msg(
                "{hand}; the next bid, {bid}, is covered", hand=hand, bid=bids[0].value
            )
        return Pass(), Msg("{hand}, and the bidding has gone past {limit}", hand=hand, limit=limit)

    # skat and declaration
    def _discard(self, view: SkatView) -> tuple[Move, Msg]:
        cards = list(view.hand)
        if playable(cards, GameType.NULL):
            high = sorted(cards, key=lambda c: -_NULL_RANKS.index(c.rank))[:2]
            return Discard(*high), Msg("lay away the two highest cards for a Null")
        game = max(_TRUMP_GAMES, key=lambda g: margin(cards, g))
        best: tuple[float, tuple[Card, Card]] | None = None
        for pair in combinations(cards, 2):
            if any(is_trump(c, game) for c in pair):
                continue
            rest = [c for c in cards if c not in pair]
            kept_suits = {c.suit for c in rest if not is_trump(c, game)}
            voids = sum(1 for c in pair if c.suit not in kept_suits)
            score = margin(rest, game) + 0.05 * sum(CARD_POINTS[c.rank] for c in pair)
            score += 0.3 * voids
            if best is None or score > best[0]:
                best = (score, (pair[0], pair[1]))
        if best is None:  # twelve trumps: lay away the two lowest
            pair = (cards[-1], cards[-2])
            return Discard(*pair), Msg("every card is a trump: lay away the two lowest")
        pair = best[1]
        # Translators: {game} is a game such as ♠ or Grand; {n} the card points laid away.
        return Discard(*pair), Plural(
            "keeps the strongest hand for {game} and lays away {n} point that counts for the "
            "declarer",
            "keeps the strongest hand for {game} and lays away {n} points that count for the "
            "declarer",
            sum(CARD_POINTS[c.rank] for c in pair),
            game=game_name(game),
        )

    def _declare(self, view: SkatView) -> tuple[Move, Msg]:
        bid = view.bid
        hand = list(view.hand)
        # the declarer picked the skat up: its ten cards and the two laid away are the twelve
        # that were dealt to it and to the skat, which decide the matadors
        twelve = hand + list(view.discards or ())
        legal = [m for m in view.legal_moves() if isinstance(m, Declare)]
        options: list[tuple[bool, float, Declare, Msg]] = []
        for move in legal:
            game = move.declaration.game
            if game is GameType.NULL:
                risks = null_risks(hand)
                options.append((risks == 0, -risks - 0.5, move, Msg("no suit can force a trick")))
                continue
            worked = value_of(move.declaration, twelve)
            count, value = worked.matadors, worked.worth
            covers = value >= bid
            score = margin(hand, game)
            # Translators: {matadors} is "with 2" or "without 3".
            why = Msg("{matadors}, worth {value} if won", matadors=matadors_msg(count), value=value)
            options.append((covers, score, move, why))
        covers, _, move, why = max(options, key=lambda o: (o[0], o[1]))
        # Translators: {why} says what the game is worth ("with 2, worth 36 if won").
        if covers:
            return move, Msg("the strongest game that covers the bid: {why}", why=why)
        return move, Msg(
            "the strongest game that covers the bid: {why}; no game reaches the bid of {bid}, "
            "this one comes closest",
            why=why,
            bid=bid,
        )

    def _kontra(self, view: SkatView) -> tuple[Move, Msg]:
        game = view.declaration.game if view.declaration else GameType.GRAND
        hand = list(view.hand)
        if view.seat == view.declarer:
            return Pass(), Msg("the declarer keeps the stakes as they are")
        strong = game is not GameType.NULL and sum(is_trump(c, game) for c in hand) >= 5
        legal = view.legal_moves()
        if strong and Kontra() in legal:
            return Kontra(), Msg("five trumps against the declarer: double the game")
        if Re() in legal:
            return Pass(), Msg("no Re")
        return Pass(), Msg("not strong enough to double the game")

    # play
    def _play(self, view: SkatView) -> tuple[Move, Msg]:
        declaration = view.declaration
        assert declaration is not None
        game = declaration.game
        player = view.seat
        legal = [m.card for m in view.legal_moves() if isinstance(m, Play)]
        trick = list(view.trick)
        declarer = view.declarer
        if game is GameType.NULL:
            return self._play_null(view, legal, trick)
        seen = {c for t in view.tricks for c in t.cards} | set(trick) | set(view.hand)
        seen |= set(view.discards or ())  # the declarer's two laid away, when it knows them
        if not trick:
            return self._lead(view, legal, seen, game)
        leader = view.trick_leader
        assert leader is not None
        winning = _winning(trick, game)
        winner = (leader + winning) % 3
        partner_wins = player != declarer and winner != declarer
        last = len(trick) == 2
        points = sum(CARD_POINTS[c.rank] for c in trick)
        winners = [c for c in legal if _beats(c, trick[winning], trick[0], game)]
        if partner_wins and (last or _safe_winner(trick[winning], game, seen)):
            card = max(legal, key=lambda c: (CARD_POINTS[c.rank] * (c.rank is not Rank.JACK)
                                             - 20 * is_trump(c, game)))  # fmt: skip
            return Play(card), Msg("partner wins the trick: add points with {card}", card=card)
        if winners and (last or points >= 10 or _safe_winner(max(winners, key=_key(game)), game,
                                                               seen | set(legal))):  # fmt: skip
            card = min(winners, key=lambda c: (_cheapness(c, game), order_key(c, game)))
            return Play(card), Plural(
                "win the trick ({n} point so far) as cheaply as possible",
                "win the trick ({n} points so far) as cheaply as possible",
                points,
            )
        card = min(legal, key=lambda c: (_cheapness(c, game), order_key(c, game)))
        return Play(card), Msg(
            "cannot win this trick cheaply: throw the least valuable {card}", card=card
        )

    def _play_ramsch(self, view: SkatView) -> tuple[Move, Msg]:
        game = GameType.GRAND  # in Ramsch only the jacks are trumps, as in a grand
        legal = [m.card for m in view.legal_moves() if isinstance(m, Play)]
        trick = list(view.trick)
        if not trick:
            card = min(legal, key=_key(game))
            return Play(card), Msg("Ramsch: lead a low card, so that someone else takes the trick")
        top = trick[_winning(trick, game)]
        under = [c for c in legal if not _beats(c, top, trick[0], game)]
        if under:
            card = max(under, key=lambda c: (CARD_POINTS[c.rank], order_key(c, game)))
            return Play(card), Msg(
                "Ramsch: stay under {top} and give away {card}", top=top, card=card
            )
        card = min(legal, key=lambda c: (CARD_POINTS[c.rank], order_key(c, game)))
        return Play(card), Msg(
            "Ramsch: this trick cannot be avoided; add as few points as possible"
        )

    def _lead(
        self, view: SkatView, legal: list[Card], seen: set[Card], game: GameType
    ) -> tuple[Move, Msg]:
        player, declarer = view.seat, view.declarer
        trumps_out = [c for c in _all_trumps(game) if c not in seen]
        mine = [c for c in legal if is_trump(c, game)]
        if player == declarer and mine and trumps_out:
            top = max(mine, key=_key(game))
            if all(order_key(top, game) > order_key(c, game) for c in trumps_out):
                return Play(top), Msg("draw trumps with the highest one left, {card}", card=top)
            if len(mine) >= 3:
                low = min(mine, key=_key(game))
                return Play(low), Msg("draw trumps: lead the low trump {card}", card=low)
        aces = [c for c in legal if c.rank is Rank.ACE and not is_trump(c, game)]
        if aces:
            return Play(aces[0]), Msg("cash the ace {card} before it can be trumped", card=aces[0])
        plain = [c for c in legal if not is_trump(c, game)]
        pool = plain or legal
        card = min(pool, key=lambda c: (_cheapness(c, game), order_key(c, game)))
        return Play(card), Msg("lead a low card, {card}, and keep the strong ones", card=card)

    def _play_null(self, view: SkatView, legal: list[Card], trick: list[Card]) -> tuple[Move, Msg]:
        game = GameType.NULL
        if view.seat != view.declarer:
            if trick and view.trick_leader is not None:
                winning = _winning(trick, game)
                winner = (view.trick_leader + winning) % 3
                if winner == view.declarer:
                    card = min(legal, key=_key(game))
                    return Play(card), Msg("the declarer is taking this trick: stay below")
            card = max(legal, key=_key(game)) if trick else min(legal, key=_key(game))
            return Play(card), Msg("make the declarer take a trick")
        if not trick:
            card = min(legal, key=_key(game))
            return Play(card), Msg("Null: lead the lowest card")
        top = trick[_winning(trick, game)]
        under = [c for c in legal if not _beats(c, top, trick[0], game)]
        if under:
            card = max(under, key=_key(game))
            return Play(card), Msg(
                "Null: duck under {top} with the highest card that does", top=top
            )
        card = min(legal, key=_key(game))
        return Play(card), Msg("Null: every card wins this trick; the game is lost")


def _key(game: GameType) -> Callable[[Card], int]:
    return lambda card: order_key(card, game) + (1000 if is_trump(card, game) else 0)


def _all_trumps(game: GameType) -> tuple[Card, ...]:
    return _TRUMPS[game]


def _beats(card: Card, best: Card, led: Card, game: GameType) -> bool:
    if is_trump(card, game) and not is_trump(best, game):
        return True
    if follow_group(card, game) != follow_group(best, game):
        return False
    return order_key(card, game) > order_key(best, game)


def _winning(trick: list[Card], game: GameType) -> int:
    return trick_winner(trick, game)


def _safe_winner(card: Card, game: GameType, seen: set[Card]) -> bool:
    """No unseen card can beat ``card`` (so it wins the trick for sure)."""
    return not any(_beats(other, card, card, game) for other in SKAT_DECK if other not in seen)


def _cheapness(card: Card, game: GameType) -> int:
    return CARD_POINTS[card.rank] + (15 if is_trump(card, game) else 0)


def _move_text(move: Move) -> Msg:
    """A move at the head of an advice: ``'Bid 18'``, ``'Play ♥9'``, ``'Pick up the skat'``."""
    # Translators: a move at the start of a bot's advice ("Play ♥9: ...").
    if isinstance(move, Bid):
        return Msg("Bid {bid}", bid=move.value)
    if isinstance(move, Play):
        return Msg("Play {card}", card=move.card)
    if isinstance(move, Discard):
        return Msg("Discard {cards}", cards=" ".join(card.symbol for card in move.cards))
    if isinstance(move, Declare):
        return Msg("Declare {game}", game=move.declaration.name)
    return _MOVE_WORDS[type(move)]


_MOVE_WORDS: dict[type, Msg] = {
    Hold: Msg("Yes (hold)"),
    Pass: Msg("Pass"),
    PickUpSkat: Msg("Pick up the skat"),
    Push: Msg("Push the skat on"),
    Kontra: Msg("Kontra"),
    Re: Msg("Re"),
}
