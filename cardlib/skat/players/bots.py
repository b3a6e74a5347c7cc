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

from cardlib.cards import SKAT_DECK, Card, Rank, Suit
from cardlib.errors import RulesError
from cardlib.skat import (
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
    SkatState,
)
from cardlib.skat.engine.deal import as_rng
from cardlib.skat.engine.facts import (
    CARD_POINTS,
    GameType,
    follow_group,
    is_trump,
    matadors,
    order_key,
    trick_winner,
    trumps,
)
from cardlib.skat.engine.rules import POSITION_NAMES
from cardlib.skat.engine.views import SkatView
from cardlib.skat.players.analysis import analyse

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
        return self.rng.choice(_mover_view(state).legal_moves())

    def explain(self, state: SkatState | SkatView) -> str:
        _mover_view(state)
        return "A random legal move."


def _mover_view(state: object) -> SkatView:
    """What the seat to move knows: ``state.view(current_player)``, or the view given."""
    if isinstance(state, SkatView):
        view = state
    elif isinstance(state, SkatState):
        if state.current_player is None:
            raise RulesError(f"{state!r}: the deal is over, nobody is to move")
        return state.view(state.current_player)
    else:
        raise RulesError(f"{state!r} is not a Skat state: a Skat bot chooses in a Skat deal")
    if view.current_player is None:
        raise RulesError(f"{view!r}: the deal is over, nobody is to move")
    if view.current_player != view.seat:
        raise RulesError(f"{view!r}: {view.current_player} is to move, not {view.seat}")
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
                value = game.base_value * (abs(matadors(cards, game)) + 1)
            options.append((value, margin(cards, game), game))
    if playable(cards, GameType.NULL):
        options.append((23, 0.0, GameType.NULL))
    if not options:
        return None
    value, _, game = max(options, key=lambda o: (o[0] >= max(bid, 18), o[1], o[0]))
    return game, value


@lru_cache(maxsize=512)
def _bid_limit(cards: tuple[Card, ...]) -> tuple[int, str]:
    """How high the hand bids, and why (in a learner's words)."""
    best = _best_game(cards)
    analysis = analyse(cards)
    if best is None:
        top = analysis.best
        name = "a Grand" if top.game is GameType.GRAND else f"a {top.game.label} game"
        return 0, (
            f"hand is too weak to win a game; {name} would be worth at least {top.value} if "
            "won, but these cards are unlikely to win it"
        )
    game, value = best
    if game is GameType.NULL:
        return 23, (
            "hand looks like a safe Null, worth 23 if won: every suit has low cards to duck with"
        )
    row = analysis.row(game)
    name = "a Grand" if game is GameType.GRAND else f"a {game.symbol} game"
    return value, f"hand looks strong enough to win {name}; {row.explanation}"


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
        return self._decide(_mover_view(state))[0]

    def explain(self, state: SkatState | SkatView) -> str:
        """The move this bot would make here, and why."""
        move, reason = self._decide(_mover_view(state))
        return f"{_move_text(move)}: {reason}"

    def _decide(self, view: SkatView) -> tuple[Move, str]:
        phase = view.phase
        if phase == "bidding":
            return self._bid(view)
        if phase == "skat":
            return PickUpSkat(), "two more cards to build the best game from"
        if phase == "discard":
            return self._discard(view)
        if phase == "declare":
            return self._declare(view)
        if phase == "kontra":
            return self._kontra(view)
        if view.declaration is None:  # a Ramsch: everyone for themselves
            if phase == "play":
                return self._play_ramsch(view)
            return view.legal_moves()[0], "Ramsch: keep it simple and take the first choice"
        return self._play(view)

    # bidding
    def _bid(self, view: SkatView) -> tuple[Move, str]:
        limit, why = _bid_limit(tuple(view.hand))  # the hand as dealt: nobody has moved cards
        who = POSITION_NAMES[view.seat]
        legal = view.legal_moves()
        if not limit:
            return Pass(), f"{who}'s {why}"
        if Hold() in legal:
            if view.bid <= limit:
                return Hold(), f"{who}'s {why}; {view.bid} is covered"
            return Pass(), (
                f"{view.bid} would overbid {who}'s game, worth {limit} if won: {who}'s {why}"
            )
        bids = [m for m in legal if isinstance(m, Bid)]
        if bids and bids[0].value <= limit:
            return bids[0], f"{who}'s {why}; the next bid, {bids[0].value}, is covered"
        return Pass(), f"{who}'s {why}, and the bidding has gone past {limit}"

    # skat and declaration
    def _discard(self, view: SkatView) -> tuple[Move, str]:
        cards = list(view.hand)
        if playable(cards, GameType.NULL):
            high = sorted(cards, key=lambda c: -_NULL_RANKS.index(c.rank))[:2]
            return Discard(*high), "lay away the two highest cards for a Null"
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
            return Discard(*pair), "every card is a trump: lay away the two lowest"
        pair = best[1]
        return Discard(*pair), (
            f"keeps the strongest hand for {game.symbol} and lays away "
            f"{sum(CARD_POINTS[c.rank] for c in pair)} points that count for the declarer"
        )

    def _declare(self, view: SkatView) -> tuple[Move, str]:
        bid = view.bid
        hand = list(view.hand)
        # the declarer picked the skat up: its ten cards and the two laid away are the twelve
        # that were dealt to it and to the skat, which decide the matadors
        twelve = hand + list(view.discards or ())
        legal = [m for m in view.legal_moves() if isinstance(m, Declare)]
        options: list[tuple[bool, float, Declare, str]] = []
        for move in legal:
            game = move.declaration.game
            if game is GameType.NULL:
                risks = null_risks(hand)
                options.append((risks == 0, -risks - 0.5, move, "no suit can force a trick"))
                continue
            count = matadors(twelve, game)
            value = game.base_value * (abs(count) + 1)
            covers = value >= bid
            score = margin(hand, game)
            why = f"{'with' if count > 0 else 'without'} {abs(count)}, worth {value} if won"
            options.append((covers, score, move, why))
        covers, _, move, why = max(options, key=lambda o: (o[0], o[1]))
        note = "" if covers else f"; no game reaches the bid of {bid}, this one comes closest"
        return move, f"the strongest game that covers the bid: {why}{note}"

    def _kontra(self, view: SkatView) -> tuple[Move, str]:
        game = view.declaration.game if view.declaration else GameType.GRAND
        hand = list(view.hand)
        if view.seat == view.declarer:
            return Pass(), "the declarer keeps the stakes as they are"
        strong = game is not GameType.NULL and sum(is_trump(c, game) for c in hand) >= 5
        legal = view.legal_moves()
        if strong and Kontra() in legal:
            return Kontra(), "five trumps against the declarer: double the game"
        if Re() in legal:
            return Pass(), "no Re"
        return Pass(), "not strong enough to double the game"

    # play
    def _play(self, view: SkatView) -> tuple[Move, str]:
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
            return Play(card), f"partner wins the trick: add points with {card.symbol}"
        if winners and (last or points >= 10 or _safe_winner(max(winners, key=_key(game)), game,
                                                               seen | set(legal))):  # fmt: skip
            card = min(winners, key=lambda c: (_cheapness(c, game), order_key(c, game)))
            return Play(card), f"win the trick ({points} points so far) as cheaply as possible"
        card = min(legal, key=lambda c: (_cheapness(c, game), order_key(c, game)))
        return Play(card), f"cannot win this trick cheaply: throw the least valuable {card.symbol}"

    def _play_ramsch(self, view: SkatView) -> tuple[Move, str]:
        game = GameType.GRAND  # in Ramsch only the jacks are trumps, as in a grand
        legal = [m.card for m in view.legal_moves() if isinstance(m, Play)]
        trick = list(view.trick)
        if not trick:
            card = min(legal, key=_key(game))
            return Play(card), "Ramsch: lead a low card, so that someone else takes the trick"
        top = trick[_winning(trick, game)]
        under = [c for c in legal if not _beats(c, top, trick[0], game)]
        if under:
            card = max(under, key=lambda c: (CARD_POINTS[c.rank], order_key(c, game)))
            return Play(card), f"Ramsch: stay under {top.symbol} and give away {card.symbol}"
        card = min(legal, key=lambda c: (CARD_POINTS[c.rank], order_key(c, game)))
        return Play(card), "Ramsch: this trick cannot be avoided; add as few points as possible"

    def _lead(
        self, view: SkatView, legal: list[Card], seen: set[Card], game: GameType
    ) -> tuple[Move, str]:
        player, declarer = view.seat, view.declarer
        trumps_out = [c for c in _all_trumps(game) if c not in seen]
        mine = [c for c in legal if is_trump(c, game)]
        if player == declarer and mine and trumps_out:
            top = max(mine, key=_key(game))
            if all(order_key(top, game) > order_key(c, game) for c in trumps_out):
                return Play(top), f"draw trumps with the highest one left, {top.symbol}"
            if len(mine) >= 3:
                low = min(mine, key=_key(game))
                return Play(low), f"draw trumps: lead the low trump {low.symbol}"
        aces = [c for c in legal if c.rank is Rank.ACE and not is_trump(c, game)]
        if aces:
            return Play(aces[0]), f"cash the ace {aces[0].symbol} before it can be trumped"
        plain = [c for c in legal if not is_trump(c, game)]
        pool = plain or legal
        card = min(pool, key=lambda c: (_cheapness(c, game), order_key(c, game)))
        return Play(card), f"lead a low card, {card.symbol}, and keep the strong ones"

    def _play_null(self, view: SkatView, legal: list[Card], trick: list[Card]) -> tuple[Move, str]:
        game = GameType.NULL
        if view.seat != view.declarer:
            if trick and view.trick_leader is not None:
                winning = _winning(trick, game)
                winner = (view.trick_leader + winning) % 3
                if winner == view.declarer:
                    card = min(legal, key=_key(game))
                    return Play(card), "the declarer is taking this trick: stay below"
            card = max(legal, key=_key(game)) if trick else min(legal, key=_key(game))
            return Play(card), "make the declarer take a trick"
        if not trick:
            card = min(legal, key=_key(game))
            return Play(card), "Null: lead the lowest card"
        top = trick[_winning(trick, game)]
        under = [c for c in legal if not _beats(c, top, trick[0], game)]
        if under:
            card = max(under, key=_key(game))
            return Play(card), f"Null: duck under {top.symbol} with the highest card that does"
        card = min(legal, key=_key(game))
        return Play(card), "Null: every card wins this trick; the game is lost"


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


def _move_text(move: Move) -> str:
    if isinstance(move, Bid):
        return f"Bid {move.value}"
    if isinstance(move, Hold):
        return "Yes (hold)"
    if isinstance(move, Play):
        return f"Play {move.card.symbol}"
    text = move.symbol
    return text[0].upper() + text[1:]
