"""The card play of the sampling player: each candidate card solved in one sampled deal.

A :class:`PlayQuestion` holds what the seat to move knows of the trick and the game (nothing
hidden); :func:`solve_candidates` plays each candidate card in one sampled deal and solves the
rest with every hand known (the trial that :mod:`cardlib.parallel` hands to workers). Suit and
grand games ask the declarer's goal first (61 card points, 90 with Schneider announced, every
trick with Schwarz announced or Ouvert); the detail asked next tells the best of the cards that
win as often apart: the declarer's exact card points in small positions, else whether they reach
90 (a won game) or 31 (a lost one). Null asks whether the declarer still takes no trick. Ramsch
asks how many card points the player to move ends with, the skat going where the table's
``skat_to`` says (:mod:`.sampling_ramsch`; early in the deal, where that search is slow, a quick
play-out by simple rules). :func:`play_question` asks it from a view; :func:`tally_cards`,
:func:`rank_cards` and :func:`play_text` say what the sampled deals answered, as
:class:`MoveTally` values and a sentence; when the deals solved are every deal that fits the
view, the sentence says that its figures are exact.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from cardlib.cards import Card
from cardlib.estimates import Estimate, mean, proportion
from cardlib.i18n import Msg, Plural
from cardlib.players import chained, interval
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
from cardlib.skat.engine.moves import Play
from cardlib.skat.engine.views import SkatView
from cardlib.skat.knowledge import knowledge_of
from cardlib.skat.players.sampling_deals import SampledDeal
from cardlib.skat.players.sampling_ramsch import (
    BitTables,
    RamschSearch,
    bit_tables,
    bits,
    skat_receiver,
)
from cardlib.skat.solver.solve import DealSearch

__all__ = [
    "MoveTally",
    "Outcome",
    "PlayQuestion",
    "by_steps",
    "card_classes",
    "card_key",
    "play_question",
    "play_text",
    "rank_cards",
    "solve_candidates",
    "step_note",
    "tally_cards",
]

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
    ``ramsch_exact`` cards, else by a play-out; the skat goes as ``skat_to`` and ``skat_tie``
    say (those of :class:`~cardlib.skat.RamschRules`), and ``each_taken`` are each position's
    card points so far (the mover's are ``taken``). ``fitting`` is how many deals fit what the
    mover knows: a tally over that many deals is over all of them, and exact.
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
    skat_to: str = "last_trick"
    skat_tie: str = "last_trick"
    each_taken: tuple[int, int, int] = (0, 0, 0)
    fitting: int | None = None

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
    """Each candidate card of ``q`` played in ``deal``, then perfect play by all (the trial).

    One search per deal answers the position as it is and every candidate, sharing its tables;
    it stops at the deadline active (:mod:`cardlib.players.deadline`) by raising
    :class:`~cardlib.players.deadline.SolveInterrupted`, and then the deal gives no outcome."""
    hands, skat = deal
    if q.game is None:
        t = bit_tables()
        skat_points = sum(CARD_POINTS[c.rank] for c in skat)
        ramsch = RamschSearch(q.mover, skat_points, skat_to=q.skat_to, skat_tie=q.skat_tie)
        exact = len(hands[q.mover]) <= q.ramsch_exact
        return tuple((None, _ramsch(hands, q, card, t, skat_points, ramsch if exact else None))
                     for card in q.candidates)  # fmt: skip
    assert q.declarer is not None
    search = DealSearch(q.game, q.declarer, skat)
    if q.detail is None and len(q.candidates) > 1:
        # the position as it is first: if the mover's side cannot win it, no card does
        won = _root(search, hands, q)
        if won != (q.mover == q.declarer):
            return tuple((won, None) for _ in q.candidates)
    return tuple(_declared(search, hands, skat, q, card) for card in q.candidates)


def _root(search: DealSearch, hands: Sequence[tuple[Card, ...]], q: PlayQuestion) -> bool:
    """Whether the declarer makes the game from the position as it is, the mover to move."""
    if q.game is GameType.NULL:
        return search.no_trick(hands, q.leader, q.trick)
    if q.goal == "schwarz":
        return search.every_trick(hands, q.leader, q.trick)
    if q.target - q.taken <= 0:
        return True
    return search.reaches(hands, q.leader, q.target - q.taken, q.trick)


def _declared(
    search: DealSearch, hands: Sequence[tuple[Card, ...]], skat: tuple[Card, ...],
    q: PlayQuestion, card: Card,
) -> Outcome:  # fmt: skip
    game = q.game
    assert game is not None and q.declarer is not None
    after, leader, trick, winner, points = _after(hands, q, card)
    over = not after[leader] and not trick
    if game is GameType.NULL:
        if winner == q.declarer:
            return False, None
        return (True if over else search.no_trick(after, leader, trick)), None
    if q.goal == "schwarz":
        if winner is not None and winner != q.declarer:
            return False, None
        return (True if over else search.every_trick(after, leader, trick)), None
    declarer = q.declarer
    taken = q.taken + (points if winner == declarer else 0)
    skat_points = sum(CARD_POINTS[c.rank] for c in skat)

    def reaches(target: int) -> bool:
        if over:
            return taken + skat_points >= target
        if target - taken <= 0:
            return True
        return search.reaches(after, leader, target - taken, trick)

    if q.detail == "exact":
        final = taken + (skat_points if over else search.value(after, leader, trick))
        return final >= q.target, final
    won = reaches(q.target)
    if q.detail == "level":
        if won:
            return won, 3 if reaches(SCHNEIDER_POINTS) else 2
        return won, 1 if reaches(SCHNEIDERED_POINTS + 1) else 0
    return won, None


def _ramsch(
    hands: Sequence[tuple[Card, ...]], q: PlayQuestion, card: Card, t: BitTables,
    skat_points: int, search: RamschSearch | None,
) -> int:  # fmt: skip
    """The mover's card points after ``card``: by ``search`` (the deal's), else a play-out."""
    after, leader, trick, winner, points = _after(hands, q, card)
    taken = list(q.each_taken)
    taken[q.mover] = q.taken
    if winner is not None:
        taken[winner] += points
        if not after[0]:  # the last trick
            return taken[q.mover] + _skat_share(taken, winner, q, skat_points)
    masks = [t.mask(hand) for hand in after]
    bits = tuple(t.bit[c] for c in trick)
    if search is not None:
        return taken[q.mover] + search.value(masks, leader, bits, taken)
    return _play_out(masks, leader, bits, q, skat_points, taken)


def _skat_share(taken: Sequence[int], last: int, q: PlayQuestion, skat_points: int) -> int:
    """The skat's points if they go to the mover at the end (``taken``: without them)."""
    receiver = skat_receiver(taken, last, q.skat_to, q.skat_tie)
    return skat_points if receiver == q.mover else 0


def _play_out(
    hands: list[int], leader: int, trick: tuple[int, ...], q: PlayQuestion, skat: int,
    taken: list[int],
) -> int:  # fmt: skip
    """The points the mover ends with when everyone plays by simple rules: lead the lowest
    plain card, stay under the trick with the highest card that does, else throw the fewest
    points (``taken``: each position's points so far)."""
    t = bit_tables()
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
                if t.beats[other * 32 + top]:
                    top = other
            under = [b for b in bits(legal) if not t.beats[b * 32 + top]]
            if under:
                card = max(under, key=lambda b: (t.points[b], b))
            else:
                card = min(bits(legal), key=lambda b: (t.points[b], b))
        hands[seat] = hand ^ 1 << card
        trick_list.append(card)
        if len(trick_list) == 3:
            win = 0
            for i in (1, 2):
                if t.beats[trick_list[i] * 32 + trick_list[win]]:
                    win = i
            winner = (leader + win) % 3
            taken[winner] += sum(t.points[b] for b in trick_list)
            if not hands[0]:
                return taken[q.mover] + _skat_share(taken, winner, q, skat)
            leader, trick_list = winner, []


# -- what the sampled deals say of the cards ------------------------------------------------------


@dataclass(frozen=True)
class MoveTally:
    """One candidate card across the sampled deals.

    ``wins``: deals in which it makes the game for the mover's side (for a defender: beats it;
    ``None`` in a Ramsch), with ``chance``, its Wilson 95% interval; ``points``: the mean card
    points it leads to (the declarer's in a suit or grand game, the mover's own in a Ramsch) with
    a Student t interval, when they were solved exactly; ``steps``: in how many of ``step_samples``
    deals it reached the next step (90 in a won game, 31 in a lost one; ``None`` if not asked);
    ``same``: the cards interchangeable with it here.
    """

    move: Play
    same: tuple[Card, ...]
    samples: int
    wins: int | None
    chance: Estimate | None
    points: Estimate | None
    steps: int | None = None
    step_samples: int = 0


def _one_place(value: object) -> str:
    return format(float(value), ".1f")  # type: ignore[arg-type]


def play_question(view: SkatView, candidates: Sequence[Card]) -> PlayQuestion:
    """What the seat to move asks of each sampled deal about ``candidates``: the game, the
    trick, the declarer's points so far and the goal (nothing hidden goes in).

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["CJ HA", "SJ H7", "DJ SK"], GameType.GRAND, declarer=0,
    ...                       skat="SA ST", card_points=(30, 10))
    >>> question = play_question(state.view(0), [Card.parse("CJ")])
    >>> question.goal, question.target, question.taken
    ('points', 61, 30)
    """
    declaration = view.declaration
    leader = int(view.trick_leader) if view.trick_leader is not None else int(view.seat)
    fitting = knowledge_of(view).count()
    if declaration is None:  # a Ramsch: each player's points so far, the skat as the rules say
        each = [0, 0, 0]
        for trick in view.tricks:
            each[trick.winner] += sum(CARD_POINTS[c.rank] for c in trick.cards)
        options = view.rules.ramsch_rules
        return PlayQuestion(
            None, None, int(view.seat), leader, view.trick, tuple(candidates), each[view.seat],
            goal="ramsch", skat_to=options.skat_to, skat_tie=options.skat_tie,
            each_taken=(each[0], each[1], each[2]), fitting=fitting,
        )  # fmt: skip
    declarer = view.declarer
    assert declarer is not None
    # the declarer's points from earlier tricks (a position set up mid-deal says them only
    # in its count, which holds the skat's points where this seat has seen the skat)
    laid = view.discards if declaration.game is not GameType.NULL else None
    taken = view.card_points[0] - sum(CARD_POINTS[c.rank] for c in laid or ())
    goal, target = "points", WIN_POINTS
    if declaration.game is GameType.NULL:
        goal = "null"
    elif declaration.schwarz:
        goal = "schwarz"
    elif declaration.schneider:
        target = SCHNEIDER_POINTS
    return PlayQuestion(declaration.game, int(declarer), int(view.seat), leader, view.trick,
                        tuple(candidates), taken, goal, target, fitting=fitting)  # fmt: skip


def tally_cards(
    q: PlayQuestion, classes: list[tuple[Card, ...]], found: list[tuple[Outcome, ...]]
) -> list[MoveTally]:
    """Each run of interchangeable cards across the deals solved (``found[deal][run]``): the
    deals it wins for the mover's side with their Wilson interval, the card points with theirs."""
    n = len(found)
    tallies = []
    for i, run in enumerate(classes):
        column = [row[i] for row in found]
        if q.game is None:
            points = [int(detail or 0) for _, detail in column]
            tallies.append(MoveTally(Play(run[0]), run, n, None, None,
                                     mean(f"{run[0].symbol} card points", points)))  # fmt: skip
            continue
        mine = q.mover == q.declarer
        wins = sum(bool(won) == mine for won, _ in column)
        exact = [d for _, d in column if d is not None]
        tallies.append(MoveTally(
            Play(run[0]), run, n, wins, proportion(run[0].symbol, wins, n),
            mean(f"{run[0].symbol} card points", exact) if len(exact) == n and q.detail == "exact"
            else None,
        ))  # fmt: skip
    return tallies


def card_key(t: MoveTally, q: PlayQuestion, view: SkatView) -> tuple[float, ...]:
    """Bigger is better for the mover."""
    if q.game is None:
        assert t.points is not None
        return (-float(t.points.value),)
    points = float(t.points.value) if t.points is not None else 0.0
    sign = 1 if view.seat == q.declarer else -1
    return (float(t.wins or 0), sign * points)


def rank_cards(tallies: list[MoveTally], q: PlayQuestion, view: SkatView) -> list[MoveTally]:
    """The tallies best first for the mover (:func:`card_key`)."""
    return sorted(tallies, key=lambda t: tuple(-x for x in card_key(t, q, view)))


def by_steps(
    top: list[MoveTally], levels: list[tuple[Outcome, ...]], q: PlayQuestion, view: SkatView
) -> list[MoveTally]:
    """The tied cards with the steps they reach, best first (the declarer wants more steps)."""
    sign = 1 if view.seat == q.declarer else -1
    counted = []
    for i, t in enumerate(top):
        steps = sum((level or 0) in (1, 3) for _, level in (row[i] for row in levels))
        counted.append(MoveTally(t.move, t.same, t.samples, t.wins, t.chance, t.points, steps,
                                 len(levels)))  # fmt: skip
    counted.sort(key=lambda t: -sign * (t.steps or 0))
    return counted


def step_note(best: MoveTally, q: PlayQuestion, view: SkatView) -> Msg:
    """The sentence on the next step (90 or 31 card points) that told the tied cards apart."""
    if view.seat == q.declarer:
        return Plural(
            "Of the cards that win as often, {card} reaches the next step (90 card points in a "
            "won game, 31 in a lost one) in {steps} of {n} deal.",
            "Of the cards that win as often, {card} reaches the next step (90 card points in a "
            "won game, 31 in a lost one) in {steps} of {n} deals.",
            best.step_samples, card=best.same[0], steps=best.steps,
        )  # fmt: skip
    return Plural(
        "Of the cards that beat the game as often, {card} lets the declarer reach the next step "
        "(90 card points in a won game, 31 in a lost one) in only {steps} of {n} deal.",
        "Of the cards that beat the game as often, {card} lets the declarer reach the next step "
        "(90 card points in a won game, 31 in a lost one) in only {steps} of {n} deals.",
        best.step_samples, card=best.same[0], steps=best.steps,
    )  # fmt: skip


def play_text(ranked: list[MoveTally], chosen: Card, q: PlayQuestion, view: SkatView) -> Msg:
    """The sentence of a card chosen: its tally with the interval, then the other cards'; when
    the deals were every deal that fits (``q.fitting``), its exact figure instead."""
    best = next(t for t in ranked if chosen in t.same)
    others = [t for t in ranked if t is not best]
    exact = q.fitting is not None and best.samples == q.fitting
    if q.game is None:
        assert best.points is not None
        head = _ramsch_head(best, chosen, exact)
        parts = [head]
        for t in others:
            if t.points is not None:
                shown = _one_place(t.points.value)
                parts.append(Msg("{card} {points}", card=t.same[0], points=shown))
        return Msg("{text}.", text=chained(parts))
    assert best.chance is not None
    args = {"card": chosen, "wins": best.wins, **interval(best.chance)}
    if exact:
        head = _exact_head(best, view.seat == q.declarer, args)
    elif view.seat == q.declarer:
        head = Plural(
            "{card} wins in {wins} of {n} sampled deal ({percent}%, 95% interval {low}–{high}%)",
            "{card} wins in {wins} of {n} sampled deals ({percent}%, 95% interval {low}–{high}%)",
            best.samples, **args,
        )  # fmt: skip
    else:
        head = Plural(
            "{card} beats the game in {wins} of {n} sampled deal ({percent}%, 95% interval "
            "{low}–{high}%)",
            "{card} beats the game in {wins} of {n} sampled deals ({percent}%, 95% interval "
            "{low}–{high}%)",
            best.samples, **args,
        )  # fmt: skip
    parts = [head] + [
        Msg("{card} in {wins} of {n}", card=t.same[0], wins=t.wins, n=t.samples) for t in others
    ]
    return Msg("{text}.", text=chained(parts))


def _exact_head(best: MoveTally, declarer: bool, args: Mapping[str, object]) -> Msg:
    """The tally of the card chosen over every deal that fits: an exact share, no interval."""
    if declarer:
        return Plural(
            "{card} wins in {wins} of {n} deal that fits (the only one, so {percent}% is exact)",
            "{card} wins in {wins} of {n} deals that fit (all of them, so {percent}% is exact)",
            best.samples, **args,
        )  # fmt: skip
    return Plural(
        "{card} beats the game in {wins} of {n} deal that fits (the only one, so {percent}% is "
        "exact)",
        "{card} beats the game in {wins} of {n} deals that fit (all of them, so {percent}% is "
        "exact)",
        best.samples, **args,
    )  # fmt: skip


def _ramsch_head(best: MoveTally, chosen: Card, exact: bool) -> Msg:
    """A Ramsch card's mean card points: over every deal that fits (exact), else sampled (with
    the interval)."""
    assert best.points is not None
    points = _one_place(best.points.value)
    if exact:
        return Plural(
            "{card} leaves you {points} card points in the {n} deal that fits (the only one, so "
            "this is exact)",
            "{card} leaves you {points} card points on average over the {n} deals that fit (all "
            "of them, so this is exact)",
            best.samples, card=chosen, points=points,
        )  # fmt: skip
    low, high = best.points.low, best.points.high
    low_text = "–∞" if low == float("-inf") else format(low, ".0f")
    high_text = "∞" if high == float("inf") else format(high, ".0f")
    return Plural(
        "{card} leaves you {points} card points on average in {n} sampled deal "
        "(95% interval {low}–{high})",
        "{card} leaves you {points} card points on average in {n} sampled deals "
        "(95% interval {low}–{high})",
        best.samples, card=chosen, points=points, low=low_text, high=high_text,
    )  # fmt: skip
