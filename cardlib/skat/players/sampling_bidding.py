"""Bidding, the skat and the declaration for the sampling player: games solved in sampled deals.

Before the skat is seen, each sampled deal gives the skat and the opponents' hands; for each
candidate game the declarer takes the skat and lays two cards away (by a quick rule), or plays
Hand, and the deal is solved with every hand known: does the declarer reach 61 (or, in Null, take
no trick)? The share of deals won estimates the game's win chance, and the matadors of the
twelve cards give its value in each deal. A game covers a bid when it is won **and** worth at
least the bid in enough deals (:func:`bid_limit`). Later, with the skat in hand, the same is done
for each discard worth considering, and with the two cards laid away for each game.

Only games a quick look at the hand finds plausible are solved (:func:`plausible_games`): a hand
with no plausible game passes without sampling.

>>> from cardlib import parse_cards
>>> from cardlib.skat import GameType
>>> [str(option) for option in plausible_games(parse_cards("CJ SJ HJ CA CT CK C9 SA HA D7"))]
['Grand', 'Grand Hand', '♣', '♣ Hand', '♦', '♦ Hand']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cardlib.cards import SKAT_DECK, Card, Rank
from cardlib.skat.engine.facts import (
    BID_VALUES,
    CARD_POINTS,
    WIN_POINTS,
    Declaration,
    GameType,
    is_trump,
    matadors,
    trumps,
)
from cardlib.skat.players.bots import margin, null_risks
from cardlib.skat.players.hidden_null import null_won
from cardlib.skat.players.sampling_deals import SampledDeal
from cardlib.skat.scoring.value import Doubling, seeger_fabian
from cardlib.skat.scoring.value import value as value_of
from cardlib.skat.solver.solve import solve_null, solve_position

__all__ = [
    "GameOption",
    "GameQuestion",
    "bid_limit",
    "ceiling",
    "discard_options",
    "expected_score",
    "heuristic_discards",
    "plausible_games",
    "score_at",
    "solve_games",
]

_SUITS = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
_NULL_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
               Rank.ACE)  # fmt: skip
PLAUSIBLE_MARGIN = -3.5
"""How far below the heuristic player's bar a suit or grand game may be and still be solved."""


@dataclass(frozen=True)
class GameOption:
    """A game to try: the declaration, and the two cards to lay away (``None``: chosen in each
    deal by a quick rule once the skat is known; a Hand game lays nothing away)."""

    declaration: Declaration
    discard: tuple[Card, Card] | None = None

    def __str__(self) -> str:
        return str(self.declaration)


@dataclass(frozen=True)
class GameQuestion:
    """The trial's options: the declarer's seat, the games to solve and the bid to cover;
    ``hidden_null``: a plain Null is played out against defenders who cannot see the
    declarer's hand (:func:`~cardlib.skat.players.hidden_null.null_won`), not solved as one
    with a Null Ouvert."""

    seat: int
    options: tuple[GameOption, ...]
    bid: int = 0
    hidden_null: bool = False


def plausible_games(cards: Sequence[Card], *, hand_games: bool = True) -> list[GameOption]:
    """The games worth solving for these ten (or twelve) cards, the likeliest first.

    The two best suits and the Grand by the heuristic player's measure of strength, if they
    come within :data:`PLAUSIBLE_MARGIN` of its bar; Null if at most two suits have a hole
    (Null Ouvert too: under perfect play every hand is known anyway). Hand versions are added for
    ten-card hands strong enough as they are (``hand_games``).
    """
    options: list[tuple[float, GameOption]] = []
    suits = sorted(_SUITS, key=lambda g: -margin(cards, g))[:2]
    for game in (*suits, GameType.GRAND):
        score = margin(cards, game)
        if score < PLAUSIBLE_MARGIN:
            continue
        options.append((score, GameOption(Declaration(game))))
        if hand_games and len(cards) == 10 and score >= 0:
            options.append((score - 0.01, GameOption(Declaration(game, hand=True))))
    risks = null_risks(cards)
    if risks <= 2:
        score = -1.5 * risks
        options.append((score, GameOption(Declaration(GameType.NULL))))
        options.append((score - 0.02, GameOption(Declaration(GameType.NULL, ouvert=True))))
        if hand_games and len(cards) == 10 and risks == 0:
            options.append((score - 0.01, GameOption(Declaration(GameType.NULL, hand=True))))
            options.append(
                (score - 0.03, GameOption(Declaration(GameType.NULL, hand=True, ouvert=True)))
            )
    options.sort(key=lambda pair: -pair[0])
    return [option for _, option in options]


def _null_rank(card: Card) -> int:
    return _NULL_ORDER.index(card.rank)


def heuristic_discards(cards: Sequence[Card], game: GameType) -> list[tuple[Card, Card]]:
    """Every pair of the twelve cards to lay away, best first by a quick rule: for a suit or
    grand game keep the trumps and the strength, lay away points and make voids; for Null
    leave as few suits with holes as possible, laying away the highest cards.

    >>> from cardlib import parse_cards
    >>> twelve = parse_cards("CJ SJ HJ CA CT CK C9 SA HA D7 DT S8")
    >>> [" ".join(map(str, pair)) for pair in heuristic_discards(twelve, GameType.CLUBS)[:2]]
    ['D7 DT', 'HA DT']
    """
    scored: list[tuple[float, tuple[Card, Card]]] = []
    for first, second in combinations(cards, 2):
        rest = [c for c in cards if c is not first and c is not second]
        if game is GameType.NULL:
            score = -10.0 * null_risks(rest) + 0.1 * (_null_rank(first) + _null_rank(second))
        else:
            trumps = sum(is_trump(c, game) for c in (first, second))
            kept = {c.suit for c in rest if not is_trump(c, game)}
            voids = sum(1 for c in (first, second) if c.suit not in kept)
            points = CARD_POINTS[first.rank] + CARD_POINTS[second.rank]
            score = margin(rest, game) + 0.05 * points + 0.3 * voids - 5.0 * trumps
        scored.append((score, (first, second)))
    scored.sort(key=lambda pair: -pair[0])
    return [pair for _, pair in scored]


def discard_options(cards: Sequence[Card], per_game: int = 2) -> list[GameOption]:
    """With twelve cards: the plausible games, each with its ``per_game`` best discards."""
    options = []
    for option in plausible_games(cards, hand_games=False):
        game = option.declaration.game
        if option.declaration.ouvert:
            continue  # the same discards as the plain Null
        for pair in heuristic_discards(cards, game)[:per_game]:
            options.append(GameOption(option.declaration, pair))
            if game is GameType.NULL:
                options.append(GameOption(Declaration(GameType.NULL, ouvert=True), pair))
    return options


def game_value(declaration: Declaration, twelve: Sequence[Card]) -> int:
    """What a won game is worth with these twelve cards (the declarer's ten and the skat).

    >>> from cardlib import parse_cards
    >>> game_value(Declaration(GameType.GRAND, hand=True), parse_cards("CJ SJ HA HT"))
    96
    """
    return value_of(declaration, twelve).worth


def ceiling(declaration: Declaration, cards: Sequence[Card]) -> int:
    """The most ``declaration`` can be worth when won, for a declarer who holds ``cards``: with
    twelve cards (the skat taken up) exactly what it is worth; with ten, the most over every
    skat the other 22 cards could make (the skat's trumps can lengthen a run "with" matadors).
    A game whose ceiling is below a bid can never cover it, so it is not solved for that bid.

    >>> from cardlib import parse_cards
    >>> ten = parse_cards("CJ HJ CA CT CK C9 SA HA D7 D8")   # with 1; ♠J and ♦J in the skat: with 7
    >>> ceiling(Declaration(GameType.CLUBS), ten), game_value(Declaration(GameType.CLUBS), ten)
    (96, 24)
    >>> ceiling(Declaration(GameType.CLUBS), (*ten, *parse_cards("S7 S8")))
    24
    """
    if len(cards) != 10 or declaration.game is GameType.NULL:
        return game_value(declaration, cards)
    game = declaration.game
    held = set(cards)
    missing = [card for card in trumps(game) if card not in held]
    spare = [card for card in SKAT_DECK if card not in held and not is_trump(card, game)][:2]
    run = max(
        abs(matadors((*cards, *pair), game))
        for pair in combinations([*missing[:3], *spare], 2)
    )  # fmt: skip
    base = game_value(declaration, cards) - abs(matadors(cards, game)) * game.base_value
    return base + run * game.base_value


def solve_key(option: GameOption, hidden_null: bool = False) -> tuple[object, ...]:
    """What one solve of ``option`` answers for: Null and Null Ouvert play alike under perfect
    play (every hand is known), so they share a key, unless a plain Null is played out with
    its hand hidden (``hidden_null``)."""
    declaration = option.declaration
    apart = hidden_null and declaration.game is GameType.NULL and declaration.ouvert
    return (declaration.game, declaration.hand, option.discard, apart)


def solve_games(deal: SampledDeal, q: GameQuestion) -> tuple[tuple[bool, int], ...]:
    """For each option of ``q``, in one sampled deal: is it won under perfect play, and what is
    it worth (the trial that :mod:`cardlib.parallel` hands to workers)? FH leads the first trick.
    """
    hands, skat = deal
    own = hands[q.seat]
    twelve = (*own, *skat)
    out = []
    solved: dict[tuple[object, ...], bool] = {}
    for option in q.options:
        declaration = option.declaration
        game = declaration.game
        value = game_value(declaration, twelve)
        key = solve_key(option, q.hidden_null)
        if key in solved:
            out.append((solved[key], value))
            continue
        if declaration.hand:
            ten, laid = own, skat
        else:
            pair = option.discard or heuristic_discards(twelve, game)[0]
            ten = tuple(c for c in twelve if c not in pair)
            laid = pair
        played = list(hands)
        played[q.seat] = ten
        if game is GameType.NULL and q.hidden_null and not declaration.ouvert:
            won = null_won(played, q.seat, laid)
        elif game is GameType.NULL:
            won = solve_null(played, 0, q.seat)
        else:
            won = solve_position(played, 0, game, q.seat, laid, threshold=WIN_POINTS)
        solved[key] = bool(won)
        out.append((bool(won), value))
    return tuple(out)


def expected_score(
    wins: int, samples: int, value: int, bid: int = 0, doubling: Doubling = Doubling.NONE
) -> float:
    """The declarer's expected Seeger-Fabian score: value + 50 if won, −2 × value − 50 if lost,
    the value times the doubling (a game worth less than the bid is lost, valued at the bid).

    >>> expected_score(3, 4, 24)         # 3/4 × 74 − 1/4 × 98
    31.0
    >>> expected_score(3, 4, 24, doubling=Doubling.KONTRA)   # 3/4 × 98 − 1/4 × 146
    37.0
    """
    return score_at(wins / samples, value, bid, doubling)


def score_at(chance: float, value: int, bid: int = 0, doubling: Doubling = Doubling.NONE) -> float:
    """The declarer's expected Seeger-Fabian score if the game wins with ``chance`` (see
    :func:`expected_score`).

    >>> score_at(0.75, 24)
    31.0
    """
    if value < bid:
        return float(seeger_fabian(bid, False, doubling))
    won, lost = seeger_fabian(value, True, doubling), seeger_fabian(value, False, doubling)
    return chance * won + (1 - chance) * lost


def bid_limit(outcomes: Sequence[tuple[bool, int]], threshold: float) -> int:
    """The highest bid that the game is won **and** worth in at least ``threshold`` of the
    deals (0: none).

    >>> bid_limit([(True, 48), (True, 24), (False, 48), (True, 48)], 0.6)
    24
    >>> bid_limit([(True, 48), (True, 48), (True, 48), (False, 48), (True, 24)], 0.6)
    48
    """
    if not outcomes:
        return 0
    needed = threshold * len(outcomes)
    best = 0
    for bid in BID_VALUES:
        if sum(won and value >= bid for won, value in outcomes) >= needed:
            best = bid
        else:
            break
    return best
