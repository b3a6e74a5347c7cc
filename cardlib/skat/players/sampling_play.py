"""The card play of the sampling player: each candidate card solved in one sampled deal.

A :class:`PlayQuestion` holds what the seat to move knows of the trick and the game (nothing
hidden); :func:`solve_candidates` plays each candidate card in one sampled deal and solves the
rest with every hand known (the trial that :mod:`cardlib.parallel` hands to workers). Suit and
grand games ask the declarer's goal first (61 card points, 90 with Schneider announced, every
trick with Schwarz announced or Ouvert); the detail asked next tells the best of the cards that
win as often apart: the declarer's exact card points in small positions, else whether they reach
90 (a won game) or 31 (a lost one). Null asks whether the declarer still takes no trick. Ramsch
asks how many card points the player to move ends with (:mod:`.sampling_ramsch`; early in the
deal, where that search is slow, a quick play-out by simple rules).

>>> from cardlib import parse_cards
>>> from cardlib.skat import GameType
>>> question = PlayQuestion(GameType.GRAND, declarer=0, mover=0, leader=0, trick=(),
...                         candidates=parse_cards("CJ HA"), taken=50)
>>> deal = ((parse_cards("CJ HA"), parse_cards("SJ H7"), parse_cards("DJ SK")), ())
>>> solve_candidates(deal, question)          # ♣J draws both jacks; RH trumps ♥A with ♦J
((True, None), (False, None))
>>> solve_candidates(deal, question.asking("exact", question.candidates))
((True, 71), (False, 58))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardlib.cards import Card
from cardlib.skat.engine.facts import (
    CARD_POINTS,
    SCHNEIDER_POINTS,
    SCHNEIDERED_POINTS,
    WIN_POINTS,
    GameType,
    follow_group,
    order_key,
    trick_winner,
)
from cardlib.skat.players.sampling_deals import SampledDeal
from cardlib.skat.players.sampling_ramsch import RamschSearch, bit_tables, bits
from cardlib.skat.solver.solve import solve_null, solve_position, wins_every_trick

__all__ = ["Outcome", "PlayQuestion", "card_classes", "solve_candidates"]

Outcome = tuple[bool | None, int | None]
"""One candidate in one deal: whether the declarer makes the game (``None`` in Ramsch), and the
detail asked (the declarer's card points or level, a Ramsch player's card points; else None)."""

LEVELS = (SCHNEIDERED_POINTS + 1, WIN_POINTS, SCHNEIDER_POINTS)
"""The card points that change a suit or grand game's score: 31 (not Schneider), 61, 90."""


@dataclass(frozen=True)
class PlayQuestion:
    """What the seat to move asks of each sampled deal (no hidden card in it).

    ``game`` is ``None`` in a Ramsch. ``taken`` is the card points the declarer (in a Ramsch: the
    mover) took in the tricks before this one. ``goal`` is ``"points"`` (reach ``target``),
    ``"schwarz"`` (take every trick) or ``"null"``; ``detail`` is ``None`` (the goal only),
    ``"exact"`` (exact card points) or ``"level"`` (0–3: below 31, 31–60, 61–89, 90 and more).
    A Ramsch always asks for the mover's card points, exactly when the hands hold at most
    ``ramsch_exact`` cards, else by a play-out; ``skat_to_last`` says the skat goes to the
    winner of the last trick.
    """

    game: GameType | None
    declarer: int | None
    mover: int
    leader: int
    trick: tuple[Card, ...]
    candidates: tuple[Card, ...]
    taken: int = 0
    goal: str = "points"
    target: int = WIN_POINTS
    detail: str | None = None
    ramsch_exact: int = 5
    skat_to_last: bool = True

    def asking(self, detail: str | None, candidates: Sequence[Card]) -> PlayQuestion:
        """The same question about fewer cards, with another detail."""
        return replace(self, detail=detail, candidates=tuple(candidates))


def card_classes(
    cards: Sequence[Card], unplayed: set[Card], game: GameType | None
) -> list[tuple[Card, ...]]:
    """The candidate cards in runs of interchangeable ones: neighbours in strength in the same
    group, with no card still out (``unplayed``, the cards on the table included) between them,
    worth the same points (in Null points do not matter). Each run gives the same result in every
    deal, so one card of it is solved.

    >>> from cardlib import parse_cards
    >>> classes = card_classes(parse_cards("C9 C8 C7 CA"), set(parse_cards("CT")), GameType.HEARTS)
    >>> [" ".join(map(str, run)) for run in classes]
    ['C9 C8 C7', 'CA']
    """
    shown = game or GameType.GRAND
    every = sorted(
        set(cards) | unplayed, key=lambda c: (follow_group(c, shown), order_key(c, shown))
    )
    mine = set(cards)
    runs: list[list[Card]] = []
    previous: Card | None = None
    for card in every:
        if card not in mine:
            previous = None
            continue
        same = (
            previous is not None
            and follow_group(previous, shown) == follow_group(card, shown)
            and (game is GameType.NULL or CARD_POINTS[previous.rank] == CARD_POINTS[card.rank])
        )
        if same:
            runs[-1].append(card)
        else:
            runs.append([card])
        previous = card
    position = {card: i for i, card in enumerate(cards)}
    ordered = [sorted(run, key=position.__getitem__) for run in runs]
    return [tuple(run) for run in sorted(ordered, key=lambda run: position[run[0]])]


def _after(
    hands: Sequence[tuple[Card, ...]], q: PlayQuestion, card: Card
) -> tuple[list[list[Card]], int, tuple[Card, ...], int | None, int]:
    """The position after the mover plays ``card``: hands, leader, trick, and if the trick is
    complete, its winner and its points."""
    after = [list(hand) for hand in hands]
    after[q.mover].remove(card)
    trick = (*q.trick, card)
    if len(trick) < 3:
        return after, q.leader, trick, None, 0
    game = q.game or GameType.GRAND
    winner = (q.leader + trick_winner(trick, game)) % 3
    return after, winner, (), winner, sum(CARD_POINTS[c.rank] for c in trick)


def solve_candidates(deal: SampledDeal, q: PlayQuestion) -> tuple[Outcome, ...]:
    """Each candidate card of ``q`` played in ``deal``, then perfect play by all (the trial)."""
    hands, skat = deal
    if q.game is None:
        return tuple((None, _ramsch(hands, skat, q, card)) for card in q.candidates)
    if q.detail is None and len(q.candidates) > 1:
        # one search of the position as it is: if the mover's side cannot win it, no card does
        won = _root(hands, skat, q)
        if won != (q.mover == q.declarer):
            return tuple((won, None) for _ in q.candidates)
    return tuple(_declared(hands, skat, q, card) for card in q.candidates)


def _root(hands: Sequence[tuple[Card, ...]], skat: tuple[Card, ...], q: PlayQuestion) -> bool:
    """Whether the declarer makes the game from the position as it is, the mover to move."""
    game = q.game
    assert game is not None and q.declarer is not None
    if game is GameType.NULL:
        return solve_null(hands, q.leader, q.declarer, trick=q.trick)
    if q.goal == "schwarz":
        return wins_every_trick(hands, q.leader, game, q.declarer, trick=q.trick)
    if q.target - q.taken <= 0:
        return True
    return solve_position(hands, q.leader, game, q.declarer, skat, trick=q.trick,
                          threshold=q.target - q.taken)  # fmt: skip


def _declared(
    hands: Sequence[tuple[Card, ...]], skat: tuple[Card, ...], q: PlayQuestion, card: Card
) -> Outcome:
    game = q.game
    assert game is not None and q.declarer is not None
    after, leader, trick, winner, points = _after(hands, q, card)
    over = not after[leader] and not trick
    if game is GameType.NULL:
        if winner == q.declarer:
            return False, None
        return (True if over else solve_null(after, leader, q.declarer, trick=trick)), None
    if q.goal == "schwarz":
        if winner is not None and winner != q.declarer:
            return False, None
        return (
            True if over else wins_every_trick(after, leader, game, q.declarer, trick=trick)
        ), None
    declarer = q.declarer
    taken = q.taken + (points if winner == declarer else 0)
    skat_points = sum(CARD_POINTS[c.rank] for c in skat)

    def reaches(target: int) -> bool:
        if over:
            return taken + skat_points >= target
        if target - taken <= 0:
            return True
        return solve_position(
            after, leader, game, declarer, skat, trick=trick, threshold=target - taken
        )

    if q.detail == "exact":
        final = taken + (skat_points if over else solve_position(after, leader, game, q.declarer,
                                                                 skat, trick=trick))  # fmt: skip
        return final >= q.target, final
    won = reaches(q.target)
    if q.detail == "level":
        if won:
            return won, 3 if reaches(SCHNEIDER_POINTS) else 2
        return won, 1 if reaches(SCHNEIDERED_POINTS + 1) else 0
    return won, None


def _ramsch(
    hands: Sequence[tuple[Card, ...]], skat: tuple[Card, ...], q: PlayQuestion, card: Card
) -> int:
    after, leader, trick, winner, points = _after(hands, q, card)
    skat_points = sum(CARD_POINTS[c.rank] for c in skat) if q.skat_to_last else 0
    mine = q.taken
    if winner is not None:
        last = not after[0]
        if winner == q.mover:
            mine += points + (skat_points if last else 0)
        if last:
            return mine
    t = bit_tables()
    masks = [t.mask(hand) for hand in after]
    bits = tuple(t.bit[c] for c in trick)
    if len(hands[q.mover]) <= q.ramsch_exact:
        return mine + RamschSearch(q.mover, skat_points).value(masks, leader, bits)
    return mine + _play_out(masks, leader, bits, q.mover, skat_points)


def _play_out(hands: list[int], leader: int, trick: tuple[int, ...], me: int, skat: int) -> int:
    """The points ``me`` takes when everyone plays by simple rules: lead the lowest plain card,
    stay under the trick with the highest card that does, else throw the fewest points."""
    t = bit_tables()
    mine = 0
    trick_list = list(trick)
    while True:
        seat = (leader + len(trick_list)) % 3
        hand = hands[seat]
        if not trick_list:
            plain = hand & ~t.trumps
            pool = plain or hand
            card = min(bits(pool), key=lambda b: (t.points[b], b))
        else:
            legal = hand & t.group[trick_list[0]] or hand
            top = trick_list[0]
            for other in trick_list[1:]:
                if t.beats(other, top):
                    top = other
            under = [b for b in bits(legal) if not t.beats(b, top)]
            if under:
                card = max(under, key=lambda b: (t.points[b], b))
            else:
                card = min(bits(legal), key=lambda b: (t.points[b], b))
        hands[seat] = hand ^ 1 << card
        trick_list.append(card)
        if len(trick_list) == 3:
            win = 0
            for i in (1, 2):
                if t.beats(trick_list[i], trick_list[win]):
                    win = i
            winner = (leader + win) % 3
            points = sum(t.points[b] for b in trick_list)
            last = not hands[0]
            if winner == me:
                mine += points + (skat if last else 0)
            if last:
                return mine
            leader, trick_list = winner, []
