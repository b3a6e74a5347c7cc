"""What the other players' actions say about their hidden cards: a model of P(action | hand).

A seat that has heard the bidding and seen the declaration and the play knows more than which
cards are left: a player who said 44 holds a hand that carries a game worth 44, a declarer who
chose ♠ holds spades, a defender who threw ♦7 on its partner's ace had nothing better to give.
This module puts a number on it: :meth:`Evidence.likelihood` of one deal of the unseen cards is
the probability that the players, holding the cards that deal gives them, would have made the
moves they made. :mod:`.weighted_deals` draws deals in proportion to it.

The model is cardlib's own simple player (:class:`~cardlib.skat.players.bots.HeuristicBot`), its
choices softened so that no deal that fits the play is ruled out by the model alone:

- **Bidding** (bids, holds, passes): a hand's *limit* is the value of the best game its strength
  carries (:func:`bid_limit`: the heuristic's strength and margins, the game's value counted
  from the hand's matadors; a safe-looking Null 23; 0 if no game is playable). A player's actual
  limit lies around it on the ladder of bid values: ``k`` steps away with weight
  ``exp(-k / SPREAD)`` (passing at once is the step below 18). What the bidding said of a seat
  is an interval: it said or held ``low`` and refused ``high`` (:class:`Said`); its probability
  is the mass of that interval. The declarer's hand at the bidding, seen by a defender, is ten of
  its twelve cards (its hand, the cards it played, the two laid away) unless it played Hand: the
  probability is the mean over the 66 ways the skat could have been two of them.
- **Picking up or playing Hand**: the simple player always picks up, so in this model the choice
  says nothing by itself (a constant, which moves no deal's weight); a Hand game is read through
  its bid and its game, with the ten cards known to be the hand as dealt.
- **The game declared**: a choice among the games by their margins (:func:`margin`), a softmax
  with temperature ``GAME_TEMPERATURE``, a game whose value (its matadors counted over the twelve
  cards) does not cover the bid ``UNDERBID`` lower. Null and Null Ouvert are one choice here (the
  hand decides whether it is a Null, not whether it is laid open).
- **The cards laid away**, seen by a defender only in the deals it samples: each pair with weight
  ``exp(score)``, the score of a card ``-TRUMP_KEPT`` for a trump (the simple player keeps its
  trumps) and ``+POINTS_LAID`` per 10 card points (it buries points), in the declared game.
- **Card plays** of the last ``PLAY_TRICKS`` tricks: the card the simple player would have played
  with that deal's hand gets ``1 - SLIP`` more of the probability, the other legal cards share
  ``SLIP``; a card that was the only legal one says nothing.

The parameters were set by hand and checked by ``benchmarks/calibration.py``: in self-play, the
probabilities of the weighted deals (where each card lies) against the observed frequencies, and
their Brier score against uniform deals' (docs/players.md, "Reading the bidding").

>>> from cardlib import parse_cards
>>> bid_limit(parse_cards("CJ SJ HJ CA CT CK CQ C9 S7 H7"))   # with 3, clubs: 4 x 12
48
>>> bid_limit(parse_cards("D7 D8 D9 H7 H8 S7 S8 ST HA CK"))   # nothing to play
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from cardlib.cards import Card, Hand, Rank, Suit
from cardlib.i18n import Msg
from cardlib.skat.engine.facts import (
    BID_VALUES,
    CARD_POINTS,
    Declaration,
    GameType,
    follow_group,
    is_trump,
    next_bid,
)
from cardlib.skat.engine.moves import Bid, Hold, Pass, Play
from cardlib.skat.engine.names import declaration_name
from cardlib.skat.engine.rules import position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.views import SkatView
    from cardlib.skat.players.sampling_deals import SampledDeal

__all__ = [
    "GAME_TEMPERATURE",
    "LADDER",
    "PLAY_TRICKS",
    "POINTS_LAID",
    "SLIP",
    "SPREAD",
    "TRUMP_KEPT",
    "UNDERBID",
    "Evidence",
    "Said",
    "bid_limit",
    "bidding_probability",
    "evidence_of",
    "ladder_weights",
    "margins",
    "mask_of",
    "signed_run",
]

SPREAD = 1.5
"""How far (in steps of the bid ladder) a player's limit strays from the model's: weight
``exp(-steps / SPREAD)``."""
GAME_TEMPERATURE = 1.0
"""The softmax temperature of the game chosen, in units of the heuristic's strength margin."""
UNDERBID = 3.0
"""How much lower (in margin units) a game that does not cover the bid is scored."""
TRUMP_KEPT = 2.0
"""A trump laid away scores this much lower (the simple player keeps its trumps)."""
POINTS_LAID = 0.5
"""Each 10 card points laid away score this much higher (the simple player buries points)."""
SLIP = 0.3
"""The share of a card play's probability that the cards other than the model's share."""
PLAY_TRICKS = 3
"""The card plays of the last this many tricks (and the trick on the table) count as evidence."""

_TRUMP_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS,
                GameType.GRAND)  # fmt: skip
LADDER = (0, *BID_VALUES)
"""The steps a player's limit may take: no game (0), then the bid values."""
_STEP = {value: i for i, value in enumerate(LADDER)}


@cache
def _limit_index(limit: int) -> int:
    """The ladder step of a limit (the highest bid value not above it)."""
    index = 0
    for i, value in enumerate(LADDER):
        if value <= limit:
            index = i
    return index


_NULL_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
               Rank.ACE)  # fmt: skip
_PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
_SUIT_GAME = {Suit.DIAMONDS: GameType.DIAMONDS, Suit.HEARTS: GameType.HEARTS,
              Suit.SPADES: GameType.SPADES, Suit.CLUBS: GameType.CLUBS}  # fmt: skip


@dataclass(frozen=True)
class _Suit:
    """One suit of a hand, for the quick evaluation (the simple player's measures)."""

    jack: bool
    plain: tuple[bool, ...]  # A 10 K Q 9 8 7 held
    count: int  # cards other than the jack
    null_risk: bool


_BY_BIT = (Rank.JACK, *_PLAIN_ORDER)
"""A hand is a 32-bit mask here: a byte for each suit (clubs lowest), in each the jack and then
the plain cards from the ace down."""
_BIT = {Card(suit, rank): 1 << (8 * i + j) for i, suit in enumerate(_SUITS)
        for j, rank in enumerate(_BY_BIT)}  # fmt: skip


def _suit_of(byte: int) -> _Suit:
    ranks = [rank for j, rank in enumerate(_BY_BIT) if byte >> j & 1]
    plain = tuple(rank in ranks for rank in _PLAIN_ORDER)
    mine = sorted(_NULL_ORDER.index(rank) for rank in ranks)
    return _Suit(bool(byte & 1), plain, sum(plain),
                 any(rank > 2 * i for i, rank in enumerate(mine)))  # fmt: skip


_BYTES = tuple(_suit_of(byte) for byte in range(256))
_CACHE_SIZE = 1 << 17


def mask_of(cards: Sequence[Card]) -> int:
    """The cards as a mask (see ``_BY_BIT``)."""
    return sum(_BIT[card] for card in cards)


def signed_run(held: Sequence[bool]) -> int:
    """The run of an order of cards given as held or not, top first: how many from the top are
    held (``+``) or missing (``-``), as matadors are counted.

    >>> signed_run([True, True, False]), signed_run([False, True])
    (2, -1)
    """
    top = held[0]
    count = 0
    for card in held:
        if card != top:
            break
        count += 1
    return count if top else -count


def margins(cards: Sequence[Card]) -> dict[GameType, tuple[float, int]]:
    """Each game's margin (the simple player's :func:`~cardlib.skat.players.bots.margin`) and
    matadors with these cards (0 for Null), computed at once.

    >>> from cardlib import parse_cards
    >>> margin, count = margins(parse_cards("CJ SJ HJ CA CT CK CQ C9 S7 H7"))[GameType.CLUBS]
    >>> round(margin, 2), count
    (3.2, 3)
    """
    return _margins(mask_of(cards))


_MARGINS: dict[int, dict[GameType, tuple[float, int]]] = {}


def _grand_part(suit: _Suit) -> float:
    if not suit.plain[0]:
        return 0.0
    return 2.0 + (1.5 if suit.plain[1] else 0.0) + 0.3 * max(suit.count - 2, 0)


def _side_part(suit: _Suit) -> float:
    if suit.plain[0]:
        return 1.2 + (0.8 if suit.plain[1] else 0.0)
    return 0.0 if suit.count else 0.4


_GRAND_PART = tuple(_grand_part(suit) for suit in _BYTES)
_SIDE_PART = tuple(_side_part(suit) for suit in _BYTES)
_RUNS = tuple(signed_run([bool(order >> (10 - k) & 1) for k in range(11)]) for order in range(2048))
"""The signed matadors of an 11-card trump order as bits, top card highest."""
_JACK_RUNS = tuple(signed_run([bool(order >> (3 - k) & 1) for k in range(4)])
                   for order in range(16))  # fmt: skip
"""The signed matadors of the grand's four trumps."""
_PLAIN_BITS = tuple(sum(1 << (6 - k) for k in range(7) if byte >> (k + 1) & 1)
                    for byte in range(256))  # fmt: skip
_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)


def _margins(mask: int) -> dict[GameType, tuple[float, int]]:
    found = _MARGINS.get(mask)
    if found is not None:
        return found
    parts = [mask >> (8 * i) & 0xFF for i in range(4)]
    jack_bits = (parts[0] & 1) << 3 | (parts[1] & 1) << 2 | (parts[2] & 1) << 1 | (parts[3] & 1)
    n_jacks = (parts[0] & 1) + (parts[1] & 1) + (parts[2] & 1) + (parts[3] & 1)
    top = parts[0] & 1
    out: dict[GameType, tuple[float, int]] = {}
    grand = 2.0 * n_jacks + top + sum(_GRAND_PART[b] for b in parts)
    out[GameType.GRAND] = (round(grand - 9.5, 9), _JACK_RUNS[jack_bits])
    side = sum(_SIDE_PART[b] for b in parts)
    base = 1.6 * n_jacks + 0.5 * top - 7.5
    for game, byte in zip(_GAMES, parts, strict=True):
        margin = _BYTES[byte].count + base + side - _SIDE_PART[byte]
        out[game] = (round(margin, 9), _RUNS[jack_bits << 7 | _PLAIN_BITS[byte]])
    out[GameType.NULL] = (-float(sum(_BYTES[b].null_risk for b in parts)), 0)
    if len(_MARGINS) >= _CACHE_SIZE:
        _MARGINS.clear()
    _MARGINS[mask] = out
    return out


def bid_limit(cards: Sequence[Card]) -> int:
    """How high the simple player's model of a bidder goes with these ten cards: as
    :class:`~cardlib.skat.players.bots.HeuristicBot` bids, the game it would choose among the
    playable ones (worth 18 or more first, then the widest margin, then the value), worth its
    matadors from these cards (a hand "without" counted as without 1, as the skat may hold the
    missing top jack); 23 for a safe-looking Null; 0 when no game is playable.

    >>> from cardlib import parse_cards
    >>> bid_limit(parse_cards("HJ DJ HA HT HK HQ H9 SA ST C7"))  # without 2, hearts: 2 x 10
    20
    """
    return _limit(mask_of(cards))


_LIMITS: dict[int, int] = {}


def _limit(mask: int) -> int:
    found = _LIMITS.get(mask)
    if found is not None:
        return found
    options: list[tuple[bool, float, int]] = []
    for game, (margin, count) in _margins(mask).items():
        if margin < 0:
            continue
        if game is GameType.NULL:
            options.append((True, 0.0, 23))
        else:
            value = game.base_value * (count + 1 if count > 0 else 2)
            options.append((value >= 18, margin, value))
    limit = max(options)[2] if options else 0
    if len(_LIMITS) >= _CACHE_SIZE:
        _LIMITS.clear()
    _LIMITS[mask] = limit
    return limit


@cache
def ladder_weights(limit: int) -> tuple[float, ...]:
    """The weight of each step of :data:`LADDER` as the actual limit of a player whose hand's
    :func:`bid_limit` is ``limit``: ``exp(-k / SPREAD)`` for a step ``k`` steps away."""
    step = _limit_index(limit)
    return tuple(math.exp(-abs(i - step) / SPREAD) for i in range(len(LADDER)))


@cache
def _interval_mass(limit: int, low: int, high: int | None) -> float:
    """P(the actual limit of a hand limited ``limit`` lies in [low, high)): ``low`` said,
    ``high`` refused."""
    weights = ladder_weights(limit)
    top = len(LADDER) if high is None else _STEP[high]
    return sum(weights[_STEP[low] : top]) / sum(weights)


@dataclass(frozen=True)
class Said:
    """What the bidding said of one seat: it said or held ``low`` (0: nothing) and would not say
    or hold ``high`` (``None``: it never passed), in the model: its limit lies in [low, high)."""

    seat: int
    low: int = 0
    high: int | None = None

    def probability(self, limit: int) -> float:
        """The model's probability that a player whose hand's :func:`bid_limit` is ``limit``
        bids as this says (its actual limit lies in [low, high)).

        >>> round(Said(1, 24, 27).probability(24), 3), round(Said(1, 24, 27).probability(48), 4)
        (0.325, 0.0004)
        """
        return _interval_mass(limit, self.low, self.high)

    def text(self, declared: object = None) -> Msg:
        """In words: "MH bid 44 and passed at 45"; with the game it ``declared``, "MH bid 44 and
        declared ♠"."""
        who = position_term(self.seat)
        if declared is not None:
            if self.low:
                return Msg("{who} bid {low} and declared {game}", who=who, low=self.low,
                           game=declared)  # fmt: skip
            return Msg("{who} declared {game}", who=who, game=declared)
        if self.high is None:
            if self.low:
                return Msg("{who} bid {low}", who=who, low=self.low)
            return Msg("{who} did not bid", who=who)
        if self.low:
            return Msg("{who} bid {low} and passed at {high}", who=who, low=self.low,
                       high=self.high)  # fmt: skip
        return Msg("{who} passed at once", who=who)


def bidding_probability(said: Said, hand: Sequence[Card]) -> float:
    """The model's probability that a player dealt ``hand`` (ten cards) bids as ``said`` says.

    >>> from cardlib import parse_cards
    >>> strong = parse_cards("CJ SJ HJ CA CT CK CQ C9 S7 H7")      # limit 48
    >>> round(bidding_probability(Said(1, 44, None), strong), 3)   # bid 44 and won the bidding
    0.954
    >>> round(bidding_probability(Said(1, 48, 50), strong), 3)     # said 48, refused 50
    0.322
    >>> f"{bidding_probability(Said(1, 0, 18), strong):.1e}"      # passed at once: unlikely
    '1.5e-05'
    """
    return said.probability(bid_limit(hand))


def said_in(view: SkatView) -> dict[int, Said]:
    """What the bidding said of each seat, from the auction everyone heard (``view.auction``).

    >>> from cardlib.skat import new_deal, new_game, Bid, Hold, Pass
    >>> state = new_game(new_deal(11)).play(Bid(18)).play(Hold()).play(Bid(20)).play(Pass())
    >>> [str(said.text()) for said in said_in(state.view(2)).values()]
    ['FH bid 18 and passed at 20', 'MH bid 20']
    """
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    bid = 0
    last: object = None
    for position, move in view.auction:
        player = int(position)
        if isinstance(move, Bid):
            bid = move.value
            low[player] = bid
        elif isinstance(move, Hold):
            low[player] = bid
        elif isinstance(move, Pass):
            high[player] = bid if isinstance(last, Bid) else next_bid(bid)
        last = move
    seats = set(low) | set(high)
    return {seat: Said(seat, low.get(seat, 0), high.get(seat)) for seat in sorted(seats)}


def game_probability(declaration: Declaration, bid: int, hand: Sequence[Card],
                     twelve: Sequence[Card]) -> float:  # fmt: skip
    """P(the declarer chooses ``declaration``'s game | its ten cards after the skat, ``twelve``
    with the two laid away): a softmax over the games' margins, a game under the bid lower."""
    scores: dict[GameType, float] = {}
    counted = margins(twelve)
    for game, (margin, _) in margins(hand).items():
        value = 23 if game is GameType.NULL else game.base_value * (abs(counted[game][1]) + 1)
        score = margin - (0.0 if value >= bid else UNDERBID)
        scores[game] = score / GAME_TEMPERATURE
    top = max(scores.values())
    total = sum(math.exp(s - top) for s in scores.values())
    return math.exp(scores[declaration.game] - top) / total


def discard_probability(pair: Sequence[Card], twelve: Sequence[Card], game: GameType) -> float:
    """P(the declarer lays away ``pair`` of its ``twelve`` cards in ``game``)."""

    def score(card: Card) -> float:
        trump = game is not GameType.NULL and is_trump(card, game)
        return -TRUMP_KEPT * trump + POINTS_LAID * CARD_POINTS[card.rank] / 10

    weights = [math.exp(score(card)) for card in twelve]
    total = (sum(weights) ** 2 - sum(w * w for w in weights)) / 2
    return math.exp(score(pair[0]) + score(pair[1])) / total


@dataclass(frozen=True)
class Evidence:
    """What one seat has seen the others do, and how likely each deal makes it.

    ``said``: the bidding of each other seat; ``declarer``, ``declaration``, ``bid`` and
    ``picked_up``: the game (``None`` before it is declared); ``plays``: the other seats' card
    plays that count (:data:`PLAY_TRICKS`), each with what was public when it was made.
    """

    seat: int
    said: tuple[Said, ...] = ()
    declarer: int | None = None
    declaration: Declaration | None = None
    bid: int = 0
    picked_up: bool = False
    discards_hidden: bool = False
    plays: tuple[_PlayMade, ...] = ()
    played: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    _known: dict[tuple[int, int, int], float] = field(
        default_factory=dict, compare=False, repr=False
    )  # a card play's probability, by the play and the hand and discards it was made with

    @property
    def empty(self) -> bool:
        """Whether nothing here moves any deal's weight."""
        return not self.said and self.declaration is None and not self.plays

    def words(self) -> Msg | str:
        """What the seat heard, in words: "FH passed at once, MH bid 44 and declared ♠"."""
        parts: list[Msg] = []
        declared = self.declaration is not None and self.declarer is not None
        for said in self.said:
            if declared and said.seat == self.declarer:
                assert self.declaration is not None
                parts.append(said.text(declaration_name(self.declaration)))
            else:
                parts.append(said.text())
        if declared and all(said.seat != self.declarer for said in self.said):
            assert self.declaration is not None and self.declarer is not None
            parts.append(Msg("{who} declared {game}", who=position_term(self.declarer),
                             game=declaration_name(self.declaration)))  # fmt: skip
        if not parts:
            return ""
        words: Msg = parts[0]
        for part in parts[1:]:
            words = Msg("{earlier}, {later}", earlier=words, later=part)
        return words

    def bidding_hands(self, seat: int, deal: SampledDeal) -> list[int]:
        """The hands ``seat`` may have bid with in ``deal`` (as masks, see :func:`mask_of`):
        one, or the 66 of a declarer who took up a skat this seat has not seen."""
        hands, skat = deal
        held = mask_of((*hands[seat], *self.played.get(seat, ())))
        if seat == self.declarer and self.picked_up and self.discards_hidden:
            twelve = held | mask_of(skat)
            bits = [bit for bit in _BIT.values() if twelve & bit]
            return [twelve ^ a ^ b for a, b in combinations(bits, 2)]
        if seat == self.declarer and self.picked_up:  # this seat knows the skat and the discards
            return []
        return [held]

    def likelihood(self, deal: SampledDeal) -> float:
        """P(the other players' actions | ``deal``), in the model (never 0 for a deal that fits
        the play; the same deal always gets the same number)."""
        p = 1.0
        for said in self.said:
            hands = self.bidding_hands(said.seat, deal)
            if hands:
                p *= sum(said.probability(_limit(h)) for h in hands) / len(hands)
        if self.declaration is not None and self.declarer is not None \
                and self.declarer != self.seat:  # fmt: skip
            hands_now, skat = deal
            hand = tuple(hands_now[self.declarer]) + self.played.get(self.declarer, ())
            twelve = hand + tuple(skat)
            p *= game_probability(self.declaration, self.bid, hand, twelve)
            if self.picked_up and self.discards_hidden:
                p *= discard_probability(tuple(skat), twelve, self.declaration.game)
        for index, play in enumerate(self.plays):
            p *= self._play_probability(deal, index, play)
        return p

    def _play_probability(self, deal: SampledDeal, index: int, play: _PlayMade) -> float:
        hands, skat = deal
        hand = tuple(hands[play.seat]) + play.later
        discards = tuple(skat) if play.seat == self.declarer else ()
        key = (index, mask_of(hand), mask_of(discards))
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._card_probability(play, hand, discards)
        return known

    def _card_probability(self, play: _PlayMade, hand: tuple[Card, ...],
                          discards: tuple[Card, ...]) -> float:  # fmt: skip
        led = play.trick[0] if play.trick else None
        game = play.view.declaration.game if play.view.declaration is not None else None
        if led is not None and game is not None:
            group = follow_group(led, game)
            legal = [c for c in hand if follow_group(c, game) == group] or list(hand)
        else:
            legal = list(hand)
        if len(legal) == 1:
            return 1.0
        return _card_probability(play, hand, tuple(legal), discards or None)


@dataclass(frozen=True)
class _PlayMade:
    """One card another seat played: the public situation then, and what that seat played
    after it (still to be added back to a deal's hand of now)."""

    seat: int
    card: Card
    trick: tuple[Card, ...]
    later: tuple[Card, ...]
    view: SkatView


def _card_probability(play: _PlayMade, hand: tuple[Card, ...], legal: tuple[Card, ...],
                      discards: tuple[Card, ...] | None) -> float:  # fmt: skip
    """P(``play.card`` | ``hand``): the simple player's card ``1 - SLIP``, the rest ``SLIP``."""
    from cardlib.skat.players.bots import HeuristicBot

    view = replace(play.view, hand=Hand(hand), _legal=tuple(Play(c) for c in legal),
                   discards=Hand(discards) if discards else None)  # fmt: skip
    model = HeuristicBot().choose(view)
    if not isinstance(model, Play) or model.card not in legal:
        return 1.0 / len(legal)
    if play.card == model.card:
        return 1.0 - SLIP + SLIP / len(legal)
    return SLIP / len(legal)


def evidence_of(view: SkatView) -> Evidence:
    """The evidence ``view``'s seat has of the others' hands."""
    said = tuple(s for s in said_in(view).values() if s.seat != view.seat)
    played: dict[int, list[Card]] = {}
    for trick in view.tricks:
        for i, card in enumerate(trick.cards):
            played.setdefault((trick.leader + i) % 3, []).append(card)
    if view.trick and view.trick_leader is not None:
        for i, card in enumerate(view.trick):
            played.setdefault((int(view.trick_leader) + i) % 3, []).append(card)
    declarer = None if view.declarer is None else int(view.declarer)
    declaration = view.declaration
    plays = _plays_of(view) if declaration is not None else ()
    picked_up = declaration is not None and not declaration.hand
    return Evidence(
        int(view.seat), said, declarer, declaration, view.bid, picked_up,
        view.discards is None, plays, {seat: tuple(cards) for seat, cards in played.items()},
    )  # fmt: skip


def _plays_of(view: SkatView) -> tuple[_PlayMade, ...]:
    """The other seats' card plays in the last :data:`PLAY_TRICKS` tricks and the trick on the
    table, each with the public situation it was made in."""
    from cardlib.skat.engine.phases import Phase
    from cardlib.skat.engine.rules import Position

    tricks = list(view.tricks)
    rows = [(t.leader, t.cards) for t in tricks]
    if view.trick and view.trick_leader is not None:
        rows.append((int(view.trick_leader), view.trick))
    first = max(0, len(tricks) - PLAY_TRICKS)
    out: list[_PlayMade] = []
    for index in range(first, len(rows)):
        leader, cards = rows[index]
        for i, card in enumerate(cards):
            seat = (leader + i) % 3
            if seat == view.seat or (view.open_hands[seat] is not None):
                continue
            later = tuple(
                c for j in range(index, len(rows))
                for k, c in enumerate(rows[j][1])
                if (rows[j][0] + k) % 3 == seat and (j > index or k >= i)
            )  # fmt: skip
            public = replace(
                view, seat=Position(seat), phase=Phase.PLAY, current_player=Position(seat),
                tricks=tuple(tricks[:index]), trick=tuple(cards[:i]),
                trick_leader=Position(leader), skat=None, result=None, events=(),
            )  # fmt: skip
            out.append(_PlayMade(seat, card, tuple(cards[:i]), later, public))
    return tuple(out)
