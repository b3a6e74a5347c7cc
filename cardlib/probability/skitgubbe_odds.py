"""Skitgubbe: the chance that a phase-1 trick bounces (a stunsa), seen by the player to answer.

Model: every card the answering player has not seen (the leader's hand, the other hands, the
stock, cards removed unseen) is equally likely to be any of them; so an unknown lead, or the stock's
top card, is a uniformly random unseen card. Two random cards of the 52 bounce with chance
3/51 = 1/17.

>>> stunsa_chance()
Fraction(1, 17)
>>> chance = bounce_chance("H9 S9 DK", led="C9")
>>> chance.from_hand, chance.turn_up          # holds a nine; 1 nine among 48 unseen
(Fraction(1, 1), Fraction(1, 48))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlib.cards import FULL_DECK, Card, Seat
from cardlib.display.width import ljust
from cardlib.errors import CardlibError
from cardlib.estimates import Progress, SimulationResult, mean, proportion
from cardlib.i18n import N_, Msg, Plural, _
from cardlib.parallel import run_seeded
from cardlib.probability.core import quote_cards, read_cards

if TYPE_CHECKING:
    from cardlib.skitgubbe import Move, Rules, State

__all__ = [
    "BounceChance",
    "GameStats",
    "bounce_chance",
    "bounce_chance_in",
    "game_stats",
    "play_seeded_game",
    "simulate_games",
    "stunsa_chance",
    "summarize_games",
]


def stunsa_chance(pack: Collection[Card] = FULL_DECK) -> Fraction:
    """The chance that two random cards of ``pack`` have the same rank.

    >>> from cardlib import SKAT_DECK
    >>> stunsa_chance(), stunsa_chance(SKAT_DECK)
    (Fraction(1, 17), Fraction(3, 31))
    """
    ranks = Counter(card.rank for card in pack)
    n = sum(ranks.values())
    if n < 2:
        raise CardlibError(
            Msg("stunsa_chance: a pack of {n} cards has no two cards to compare", n=n)
        )
    return Fraction(sum(k * (k - 1) for k in ranks.values()), n * (n - 1))


@dataclass(frozen=True, slots=True, repr=False)
class BounceChance:
    """What the player to answer can expect.

    ``from_hand``: the chance they hold a card of the led rank (1 or 0 once the lead is known);
    ``turn_up``: the chance that turning up the stock's top card bounces; ``random_answer``: the
    chance that a uniformly random card from hand bounces.

    >>> chance = bounce_chance("HA S9 D4", led="C9")
    >>> chance.from_hand, chance.random_answer, chance.turn_up
    (Fraction(1, 1), Fraction(1, 3), Fraction(1, 24))
    """

    hand: tuple[Card, ...]
    led: Card | None
    unseen: int
    from_hand: Fraction
    turn_up: Fraction
    random_answer: Fraction
    turn_up_allowed: bool = True

    def _rows(self) -> list[tuple[str, Fraction]]:
        return [
            (_("holds a card of the led rank"), self.from_hand),
            (
                _("turning up the stock's top card bounces")
                if self.turn_up_allowed
                else _("(turning up not allowed: stock below 2)"),
                self.turn_up,
            ),
            (_("a random card from hand bounces"), self.random_answer),
        ]

    def _head(self) -> str:
        cards = " ".join(c.symbol for c in self.hand) or _("no cards")
        if self.led:
            return str(Plural("answering with {cards}, {card} led, {n} card unseen",
                              "answering with {cards}, {card} led, {n} cards unseen",
                              self.unseen, cards=cards, card=self.led))  # fmt: skip
        return str(Plural("answering with {cards}, the lead still unknown, {n} card unseen",
                          "answering with {cards}, the lead still unknown, {n} cards unseen",
                          self.unseen, cards=cards))  # fmt: skip

    def __str__(self) -> str:
        lines = [self._head()]
        lines += [
            f"  {ljust(text, 40)} {p!s:>8}  {float(p) * 100:6.2f}%" for text, p in self._rows()
        ]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.probability.tables import html_table, percent

        rows = [[text, str(p), percent(p)] for text, p in self._rows()]
        return html_table([_("chance"), _("exact"), "%"], rows, caption=self._head())


def bounce_chance(
    hand: str | Iterable[Card | str] = (),
    seen: str | Iterable[Card | str] = (),
    led: Card | str | None = None,
    *,
    pack: Collection[Card] = FULL_DECK,
) -> BounceChance:
    """The stunsa chances of the player to answer a phase-1 trick, from the cards they hold, the
    cards they have seen played (and any other they know), and the led card if it is on the table.

    >>> print(bounce_chance("HA S9 D9", seen="CA SA"))
    answering with ♥A ♠9 ♦9, the lead still unknown, 47 cards unseen
      holds a card of the led rank                 3/47    6.38%
      turning up the stock's top card bounces   67/1081    6.20%
      a random card from hand bounces             5/141    3.55%
    """
    call = f"bounce_chance({quote_cards(hand)}, seen={quote_cards(seen)}, led={led!r})"
    held = read_cards(hand, call)
    known = read_cards(seen, call)
    lead = read_cards([led], call)[0] if led is not None else None
    everything = (*held, *known, *([lead] if lead else []))
    read_cards(everything, call, pack)  # each card once, all from the pack
    unseen_ranks = Counter(card.rank for card in pack if card not in set(everything))
    unseen = sum(unseen_ranks.values())
    if lead is not None:
        if unseen < 1:
            raise CardlibError(Msg("{call}: no unseen card is left to turn up", call=call))
        matching = sum(card.rank == lead.rank for card in held)
        return BounceChance(
            held,
            lead,
            unseen,
            Fraction(1 if matching else 0),
            Fraction(unseen_ranks[lead.rank], unseen),
            Fraction(matching, len(held)) if held else Fraction(0),
        )
    if unseen < 2:
        raise CardlibError(
            Msg("{call}: fewer than two unseen cards: no unknown lead and stock card", call=call)
        )
    hand_ranks = set(card.rank for card in held)
    pairs = sum(k * (k - 1) for k in unseen_ranks.values())
    return BounceChance(
        held,
        None,
        unseen,
        Fraction(sum(unseen_ranks[rank] for rank in hand_ranks), unseen),
        Fraction(pairs, unseen * (unseen - 1)),
        Fraction(sum(unseen_ranks[card.rank] for card in held), unseen * len(held))
        if held
        else Fraction(0),
    )


def bounce_chance_in(state: State) -> BounceChance:
    """:func:`bounce_chance` for the player to answer in a phase-1 position, from exactly what that
    player holds and has seen (``state.seen_by``). Before the lead, the player to answer is the
    leader's opponent and the lead is unknown; after it, the led card is on the table.

    >>> from cardlib.skitgubbe import Rules, new_game
    >>> state = new_game(Rules(players=3), rng=7)
    >>> before = bounce_chance_in(state)            # A to lead, B to answer
    >>> before.led is None, before.unseen, before.hand == state.hand(1)
    (True, 49, True)
    >>> after = bounce_chance_in(state.play(state.legal_moves()[0]))
    >>> after.led, after.unseen
    (Card('ST'), 48)
    """
    from cardlib.skitgubbe import PhaseOne

    if not isinstance(state, PhaseOne) or state.is_over:
        raise CardlibError(
            Msg(
                "bounce_chance_in: stunsas happen in phase 1; this position is in phase {phase}",
                phase=state.phase,
            )
        )
    if state.rules.phase_one != "pairs":
        raise CardlibError(
            Msg(
                "bounce_chance_in: the chances assume tricks of two (phase_one='pairs'); "
                "with phase_one={phase_one} everyone plays and several cards can tie",
                phase_one=repr(state.rules.phase_one),
            )
        )
    leader = state.leader
    answerer: Seat = state.round_players[1]
    led: Card | None = None
    if state.current_player != leader:
        led = next(card for seat, card in reversed(state.table) if seat == leader)
    hand = tuple(state.hand(answerer))
    known = state.seen_by(answerer) - set(hand) - ({led} if led else set())
    chance = bounce_chance(hand, sorted(known), led)
    if state.stock_size < 2:
        return replace(chance, turn_up_allowed=False)
    return chance


@dataclass(frozen=True, slots=True)
class GameStats:
    """What one finished game showed: stunsas, whether the first trick bounced, trumps held by
    each seat when phase 2 began, moves in phase 2, the loser, all moves.

    >>> GameStats(2, False, (5, 4, 4), 60, 1, 150).trumps_at_phase_two
    (5, 4, 4)
    """

    stunsas: int
    first_trick_bounced: bool
    trumps_at_phase_two: tuple[int, ...]
    phase_two_moves: int
    loser: int
    moves: int


def game_stats(
    state: State, choose: Sequence[Callable[[State], Move]], limit: int = 20_000
) -> GameStats:
    """Play ``state`` to the end, seat ``i`` choosing with ``choose[i]``, and count.

    >>> from cardlib.skitgubbe import RandomBot, Rules, new_game
    >>> bots = [RandomBot(rng=seat) for seat in range(3)]
    >>> stats = game_stats(new_game(Rules(players=3), rng=5), [b.choose for b in bots])
    >>> stats.loser in (0, 1, 2), stats.moves > stats.phase_two_moves
    (True, True)
    """
    stunsas = moves = phase_two_moves = 0
    first: bool | None = None
    trumps: tuple[int, ...] = ()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        in_phase_one = state.phase == 1
        state = state.play(choose[seat](state))
        moves += 1
        if state.phase == 2:
            if not trumps:
                suit = state.trumps
                trumps = tuple(sum(c.suit is suit for c in hand) for hand in state.hands)
                phase_two_moves = -1
            phase_two_moves += 1
        for event in state.events if in_phase_one else ():
            if event.code == "stunsa":
                stunsas += 1
                first = True if first is None else first
            elif event.code == "trick" and first is None:
                first = False
        if moves > limit:
            raise CardlibError(
                Msg(
                    "a game passed {limit} moves without ending: {summary}",
                    limit=limit,
                    summary=state.summary_message(),
                )
            )
    loser = state.loser
    assert loser is not None
    return GameStats(stunsas, bool(first), trumps, max(phase_two_moves, 0), int(loser), moves)


def _chooser(bot: object) -> Callable[[State], Move]:
    choose = getattr(bot, "choose", None)
    if not callable(choose):
        raise CardlibError(Msg("simulate_games: {bot} has no choose(state) method", bot=repr(bot)))
    return choose  # type: ignore[no-any-return]


def play_seeded_game(seed: int, setup: tuple[Rules, Sequence[Callable[..., object]]]) -> GameStats:
    """One game of :func:`simulate_games`, from its seed alone: the bots (made afresh, each with a
    generator drawn from the seed) and the deal. The trial that workers run.

    >>> from cardlib.skitgubbe import RandomBot, Rules
    >>> setup = (Rules(players=2), (RandomBot, RandomBot))
    >>> play_seeded_game(5, setup) == play_seeded_game(5, setup)
    True
    """
    from cardlib.skitgubbe import new_game

    table, factories = setup
    generator = random.Random(seed)
    choosers = [_chooser(factory(rng=random.Random(generator.getrandbits(64))))
                for factory in factories]  # fmt: skip
    return game_stats(new_game(table, rng=generator.getrandbits(64)), choosers)


def simulate_games(
    bots: Callable[..., object] | Sequence[Callable[..., object]],
    rules: Rules | None = None,
    games: int = 1000,
    *,
    rng: random.Random | int | None = None,
    progress: Progress = "auto",
    workers: int | None = None,
    executor: object = None,
) -> SimulationResult:
    """Play ``games`` seeded games with the given bots and estimate, with 95% intervals: stunsas
    per game, the chance that the first trick bounces, trumps held at the start of phase 2 by
    seat, moves in phase 2, and each seat's chance to be the skitgubbe.

    ``bots`` is a bot class (or any factory taking ``rng=``) for every seat, or one per seat. Each
    game has its own seed drawn from ``rng`` and makes its bots afresh from it (see
    :func:`play_seeded_game`), so a seed repeats the whole run, game by game.
    ``progress`` as in :func:`~cardlib.estimates.run_trials` (``"auto"``: a bar only where someone
    watches); Ctrl-C returns the games played so far, marked interrupted.

    ``workers=N`` plays on ``N`` local processes, ``executor=`` on any
    :class:`concurrent.futures.Executor` or Dask client (see :mod:`cardlib.parallel`): the same
    numbers, sooner. The bots must then be classes or functions defined at module level (in a
    notebook too, on Linux).

    >>> from cardlib.skitgubbe import RandomBot, Rules
    >>> result = simulate_games(RandomBot, Rules(players=2), 20, rng=1, progress=False)
    >>> result.completed, result["loser is A"].n, result["loser is A"].method
    (20, 20, 'Wilson')
    >>> result == simulate_games(RandomBot, Rules(players=2), 20, rng=1, progress=False, workers=2)
    True
    """
    from cardlib.skitgubbe import Rules

    table = rules if rules is not None else Rules()
    players = table.players
    factories = tuple(bots) if isinstance(bots, Sequence) else (bots,) * players
    if len(factories) != players:
        raise CardlibError(
            Msg(
                "simulate_games: {count} bots for a table of {players} players",
                count=len(factories),
                players=players,
            )
        )
    for factory in factories:  # a bot without choose fails here, not in game 1 on a worker
        _chooser(factory(rng=random.Random(0)))
    outcomes, interrupted = run_seeded(
        play_seeded_game, games, options=(table, factories), rng=rng, description=N_("games"),
        progress=progress, workers=workers, executor=executor,
    )  # fmt: skip
    names = [getattr(factory, "__name__", repr(factory)) for factory in factories]
    return summarize_games(outcomes, table, names, games, interrupted)


def summarize_games(
    outcomes: Sequence[GameStats], rules: Rules, bots: Sequence[str], requested: int,
    interrupted: bool = False,
) -> SimulationResult:  # fmt: skip
    """The estimates of :func:`simulate_games` from games already played: ``outcomes`` in the
    order of their seeds, ``bots`` the names of the seats' bots, ``requested`` the games asked for.

    >>> from cardlib.skitgubbe import RandomBot, Rules
    >>> setup = (Rules(players=2), (RandomBot, RandomBot))
    >>> from cardlib.parallel import seeds
    >>> played = [play_seeded_game(seed, setup) for seed in seeds(20, rng=1)]
    >>> summarize_games(played, Rules(players=2), ["RandomBot"] * 2, 20) == simulate_games(
    ...     RandomBot, Rules(players=2), 20, rng=1, progress=False)
    True
    """
    table, games, players = rules, requested, rules.players
    label = Msg(
        "{rules}; bots: {names}", rules=table.describe(), names=", ".join(sorted(set(bots)))
    )
    if not outcomes:
        return SimulationResult(label, games, 0, (), interrupted)
    seats = [Seat(seat).name for seat in range(players)]
    n = len(outcomes)
    estimates = [
        mean(Msg("stunsas per game"), [o.stunsas for o in outcomes]),
        proportion(
            Msg("first trick bounces"), sum(o.first_trick_bounced for o in outcomes), len(outcomes)
        ),
        *(
            mean(Msg("trumps at phase 2, {seat}", seat=name),
                 [o.trumps_at_phase_two[i] for o in outcomes])
            for i, name in enumerate(seats)
        ),
        mean(Msg("moves in phase 2"), [o.phase_two_moves for o in outcomes]),
        *(
            proportion(Msg("loser is {seat}", seat=name), sum(o.loser == i for o in outcomes), n)
            for i, name in enumerate(seats)
        ),
    ]  # fmt: skip
    return SimulationResult(
        label, games, len(outcomes), tuple(estimates), interrupted,
        Msg("seeded games; proportions with 95% Wilson and means with 95% Student t intervals"),
    )  # fmt: skip
