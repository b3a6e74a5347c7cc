"""Shapes of positions: the same shape exactly when every run lies in the same hands in order."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import SKAT_DECK, Card, Rank, Suit, parse_cards
from cardlib.skat.engine.facts import CARD_POINTS, NULL_RANKS, SUIT_RANKS, GameType
from cardlib.skat.engine.play import PlayState
from cardlib.skat.engine.positions import play_position
from cardlib.skat.solver._search import PointSearch, shapes, tables

POINT_GAMES = [g for g in GameType if g is not GameType.NULL]
Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def run_of(card: Card, game: GameType) -> str:
    """The run a card belongs to: the jacks (trumps outside null), else its suit."""
    if card.rank is Rank.JACK and game is not GameType.NULL:
        return "jacks"
    return card.suit.name


def strength(card: Card, game: GameType) -> int:
    """Order inside a run, strongest first (jacks by suit, other cards by rank)."""
    if game is GameType.NULL:
        return NULL_RANKS.index(card.rank)
    if card.rank is Rank.JACK:
        return list(Suit).index(card.suit)
    return SUIT_RANKS.index(card.rank)


def runs(hands: Hands, game: GameType) -> dict[str, list[tuple[int, int]]]:
    """Per run, (owner, points) of the cards still held, strongest first."""
    held = sorted(
        (
            (run_of(card, game), strength(card, game), owner, CARD_POINTS[card.rank])
            for owner, hand in enumerate(hands)
            for card in hand
        )
    )
    result: dict[str, list[tuple[int, int]]] = {}
    for run, _, owner, points in held:
        result.setdefault(run, []).append((owner, points))
    return result


def shape_of(hands: Hands, game: GameType) -> tuple[int, int]:
    tab = tables(game)
    return shapes(game).shape(*(tab.mask(hand) for hand in hands))


def deal(rng: random.Random, sizes: tuple[int, int, int]) -> Hands:
    deck = list(SKAT_DECK)
    rng.shuffle(deck)
    a, b = sizes[0], sizes[0] + sizes[1]
    return tuple(deck[:a]), tuple(deck[a:b]), tuple(deck[b : b + sizes[2]])


def same_shape(hands: Hands, game: GameType, rng: random.Random) -> Hands:
    """Other cards in the same hands in the same order, run by run (a random choice)."""
    result: list[list[Card]] = [[], [], []]
    by_run: dict[str, list[Card]] = {}
    for card in SKAT_DECK:
        by_run.setdefault(run_of(card, game), []).append(card)
    held = {run: [owner for owner, _ in cards] for run, cards in runs(hands, game).items()}
    for run, owners in held.items():
        chosen = sorted(rng.sample(by_run[run], len(owners)), key=lambda card: strength(card, game))
        for owner, card in zip(owners, chosen, strict=True):
            result[owner].append(card)
    return tuple(result[0]), tuple(result[1]), tuple(result[2])


sizes = st.tuples(st.integers(0, 10), st.integers(0, 10), st.integers(0, 10))


@settings(max_examples=200, deadline=None)
@given(sizes, sizes, st.integers(0, 2**32), st.sampled_from(list(GameType)), st.integers(0, 2))
def test_equal_shapes_are_equal_runs(
    one: tuple[int, int, int], two: tuple[int, int, int], seed: int, game: GameType, how: int
) -> None:
    """Against a fresh deal, a deal of the same shape, or one with a card moved to another hand."""
    rng = random.Random(seed)
    first = deal(rng, one)
    if how == 0:
        second = deal(rng, two)
    else:
        hands = [list(hand) for hand in same_shape(first, game, rng)]
        if how == 2 and any(hands):
            giver = rng.choice([i for i in range(3) if hands[i]])
            card = hands[giver].pop(rng.randrange(len(hands[giver])))
            hands[(giver + rng.choice((1, 2))) % 3].append(card)
        second = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
    alike = {run: [owner for owner, _ in cards] for run, cards in runs(first, game).items()}
    other = {run: [owner for owner, _ in cards] for run, cards in runs(second, game).items()}
    assert (shape_of(first, game)[0] == shape_of(second, game)[0]) == (alike == other)
    if how == 1:
        assert alike == other


@settings(max_examples=150, deadline=None)
@given(sizes, st.integers(0, 2**32), st.sampled_from(POINT_GAMES))
def test_the_profile_counts_the_points_a_card_loses_or_gains(
    size: tuple[int, int, int], seed: int, game: GameType
) -> None:
    rng = random.Random(seed)
    first = deal(rng, size)
    second = same_shape(first, game, rng)
    (shape1, profile1), (shape2, profile2) = shape_of(first, game), shape_of(second, game)
    assert shape1 == shape2
    lost = gained = 0
    before, after = runs(first, game), runs(second, game)
    for run, cards in before.items():
        for (_, old), (_, new) in zip(cards, after[run], strict=True):
            lost += max(0, old - new)
            gained += max(0, new - old)
    tool = shapes(game)
    assert (tool.loss(profile1, profile2), tool.loss(profile2, profile1)) == (lost, gained)


def test_moving_one_card_to_another_hand_changes_the_shape() -> None:
    hands: Hands = (tuple(map(Card.parse, ("SA", "S9"))), (Card.parse("SK"),), ())
    moved: Hands = ((Card.parse("SA"),), (Card.parse("SK"), Card.parse("S9")), ())
    for game in GameType:
        assert shape_of(hands, game)[0] != shape_of(moved, game)[0]


def test_a_trump_jack_and_a_plain_jack() -> None:
    # In a suit game the jacks are one run above the trump suit; in null each jack is in its suit.
    jack: Hands = ((Card.parse("CJ"),), (), ())
    ten: Hands = ((Card.parse("CT"),), (), ())
    assert shape_of(jack, GameType.CLUBS)[0] != shape_of(ten, GameType.CLUBS)[0]
    assert shape_of(jack, GameType.NULL)[0] == shape_of(ten, GameType.NULL)[0]


# --- the search: bounds shared between positions of one shape --------------------------------


def engine_value(state: PlayState) -> int:
    """The declarer's final card points by brute force over the rules engine's legal moves."""
    if state.is_over:
        return state.card_points[0]
    values = [engine_value(state.play(move)) for move in state.legal_moves()]
    return max(values) if state.current_player == state.declarer else min(values)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 4), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2**32),
    st.sampled_from(POINT_GAMES),
)  # fmt: skip
def test_one_search_for_positions_of_one_shape_stays_exact(
    size: int, leader: int, declarer: int, seed: int, game: GameType
) -> None:
    """Solve a position, then others of its shape with the same search (bounds carried over)."""
    rng = random.Random(seed)
    first = deal(rng, (size, size, size))
    positions = [first] + [same_shape(first, game, rng) for _ in range(3)]
    tab, tool = tables(game), shapes(game)
    search = PointSearch(game, declarer)
    values = []
    for hands in positions:
        masks = [tab.mask(hand) for hand in hands]
        state = play_position(hands, game, declarer, leader=leader)
        expected = engine_value(state)
        values.append(expected)
        for threshold in (expected, expected + 1, rng.randrange(0, expected + 2)):
            assert search.reaches(masks, leader, (), threshold) == (expected >= threshold)
        assert search.value(masks, leader, ()) == expected
    # the bound the search relies on: values differ by at most the points the cards lose or gain
    _, profile = shape_of(first, game)
    for hands, value in zip(positions[1:], values[1:], strict=True):
        _, other = shape_of(hands, game)
        assert (
            values[0] - tool.loss(profile, other) <= value <= values[0] + tool.loss(other, profile)
        )


def test_a_position_of_a_known_shape_needs_fewer_nodes() -> None:
    game = GameType.SPADES
    tab = tables(game)
    hands = ("SJ SA S9 HA H7", "CJ ST SK HT H9", "S8 S7 HK D7 DA")
    # the same shape: ♥K becomes ♥Q (a point less), ♥9 and ♦7 become ♥8 and ♦8 (no points)
    alike = ("SJ SA S9 HA H7", "CJ ST SK HT H8", "S8 S7 HQ D8 DA")
    first = [tab.mask(parse_cards(hand)) for hand in hands]
    second = [tab.mask(parse_cards(hand)) for hand in alike]
    tool = shapes(game)
    (shape1, profile1), (shape2, profile2) = tool.shape(*first), tool.shape(*second)
    assert shape1 == shape2
    assert (tool.loss(profile1, profile2), tool.loss(profile2, profile1)) == (1, 0)
    fresh = PointSearch(game, 0)
    fresh.value(second, 0, ())
    shared = PointSearch(game, 0)
    shared.value(first, 0, ())
    before = shared.stats.nodes
    assert shared.value(second, 0, ()) == fresh.value(second, 0, ())
    assert shared.stats.nodes - before < fresh.stats.nodes
