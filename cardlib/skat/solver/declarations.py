"""Every declaration of one hand, solved in the same sampled deals: its worth, how often it wins.

Before the skat is seen, the declarer weighs games (♣ … Grand, Null), Hand or not, and the
announcements of a Hand game (Schneider, Schwarz, Ouvert). :func:`declaration_odds` deals the 22
unseen cards ``samples`` times (:func:`~cardlib.skat.solver.winchance.sample_deals`) and solves
each deal double-dummy for each game, played Hand (the skat untouched, its points the declarer's)
and picked up (the two cards laid away by the sampling player's quick rule,
:func:`~cardlib.skat.players.sampling_bidding.heuristic_discards`). For a suit or grand game it
records how far the declarer gets: 61 card points, 90, every trick. Every declaration's chance is
then a count over the same deals, so a widget can answer a click without solving anything.

Under double-dummy play every hand is open, so an Ouvert game plays as the same game with Schwarz
announced, and Null Ouvert as Null.

>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> odds = declaration_odds("CJ SJ HJ CA CT CK SA ST HA H7", samples=6, rng=1,
...                         games=(GameType.GRAND,))
>>> odds.wins(Declaration(GameType.GRAND, hand=True)), odds.samples
(6, 6)
>>> odds.chance(Declaration(GameType.GRAND, hand=True, schwarz=True))
Fraction(0, 1)
>>> odds.reaches(Declaration(GameType.GRAND), SCHWARZ)   # picked up: every trick in 5 deals
5
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from cardlib.cards import Card, CardsLike
from cardlib.errors import CardlibError
from cardlib.i18n import Msg
from cardlib.skat.engine.facts import SCHNEIDER_POINTS, WIN_POINTS, Declaration, GameType
from cardlib.skat.scoring.value import list_score, value
from cardlib.skat.solver.solve import DealSearch, skat_cards
from cardlib.skat.solver.winchance import sample_deals

__all__ = ["LOST", "SCHNEIDER", "SCHWARZ", "WON", "DeclarationOdds", "declaration_odds", "needs"]

LOST, WON, SCHNEIDER, SCHWARZ = 0, 1, 2, 3
"""How far a declarer gets in a deal: lost, 61 card points, 90, every trick (Null: 1, no trick)."""


def needs(declaration: Declaration) -> int:
    """What ``declaration`` must reach to be won: :data:`WON`, :data:`SCHNEIDER` when Schneider
    is announced, :data:`SCHWARZ` when Schwarz is (Ouvert included).

    >>> needs(Declaration(GameType.CLUBS, hand=True, schneider=True)), needs(Declaration("N"))
    (2, 1)
    """
    if declaration.schwarz:
        return SCHWARZ
    return SCHNEIDER if declaration.schneider else WON


@dataclass(frozen=True)
class DeclarationOdds:
    """What each declaration of ``hand`` reached in each of the same sampled deals.

    ``skats`` are the sampled skats, one per deal (they decide the matadors a Hand game counts);
    ``reached[(game, hand)]`` how far that game got in each deal, Hand or picked up.
    """

    hand: tuple[Card, ...]
    declarer: int
    skats: tuple[tuple[Card, ...], ...]
    reached: Mapping[tuple[GameType, bool], tuple[int, ...]]

    @property
    def samples(self) -> int:
        """The number of sampled deals."""
        return len(self.skats)

    @property
    def games(self) -> tuple[GameType, ...]:
        """The games solved, in the order asked."""
        return tuple(dict.fromkeys(game for game, _ in self.reached))

    def _levels(self, declaration: Declaration) -> tuple[int, ...]:
        key = (declaration.game, declaration.hand)
        if key not in self.reached:
            raise CardlibError(Msg(
                "{declaration} was not solved here: the games are {games}",
                declaration=str(declaration), games=", ".join(g.label for g in self.games),
            ))  # fmt: skip
        return self.reached[key]

    def wins(self, declaration: Declaration) -> int:
        """In how many of the sampled deals ``declaration`` is won (its announcements made)."""
        goal = needs(declaration)
        return sum(level >= goal for level in self._levels(declaration))

    def reaches(self, declaration: Declaration, level: int) -> int:
        """In how many deals the game reaches ``level`` (say :data:`SCHNEIDER`) as declared."""
        return sum(reached >= level for reached in self._levels(declaration))

    def chance(self, declaration: Declaration) -> Fraction:
        """The share of the sampled deals in which ``declaration`` is won, exactly."""
        return Fraction(self.wins(declaration), self.samples)

    def worths(self, declaration: Declaration) -> Counter[int]:
        """What the game is worth if won, over the sampled skats: worth → number of deals."""
        return Counter(value(declaration, (*self.hand, *skat)).worth for skat in self.skats)

    def scores(self, declaration: Declaration, bid: int = 0) -> tuple[int, ...]:
        """The list score in each deal: the declared value if won, −2 × it if lost, an overbid
        lost whatever the play (levels play reaches beyond the announced ones are not counted)."""
        goal = needs(declaration)
        out = []
        for skat, level in zip(self.skats, self._levels(declaration), strict=True):
            valued = value(declaration, (*self.hand, *skat), bid=bid)
            won = level >= goal and not valued.overbid
            out.append(valued.score if won or valued.overbid else list_score(valued.worth, False))
        return tuple(out)

    def average_score(self, declaration: Declaration, bid: int = 0) -> Fraction:
        """The mean of :meth:`scores`, exactly."""
        return Fraction(sum(self.scores(declaration, bid)), self.samples)


def _reached(game: GameType, search: DealSearch, hands: tuple[tuple[Card, ...], ...]) -> int:
    if game is GameType.NULL:
        return WON if search.no_trick(hands, 0) else LOST
    if not search.reaches(hands, 0, WIN_POINTS):
        return LOST
    if not search.reaches(hands, 0, SCHNEIDER_POINTS):
        return WON
    return SCHWARZ if search.every_trick(hands, 0) else SCHNEIDER


def declaration_odds(
    hand: CardsLike,
    *,
    declarer: int = 0,
    samples: int = 30,
    rng: random.Random | int | None = None,
    games: Iterable[GameType] = tuple(GameType),
) -> DeclarationOdds:
    """Solve each of ``games``, Hand and picked up, in ``samples`` sampled deals (see the module).

    ``declarer`` is the declarer's position (FH, 0, leads the first trick).

    >>> odds = declaration_odds("CJ SJ HJ DJ CA CT CK SA ST HA", samples=2, rng=1,
    ...                         games=(GameType.CLUBS,))
    >>> odds.reached[(GameType.CLUBS, True)]
    (3, 3)
    """
    from cardlib.skat.players.sampling_bidding import heuristic_discards

    own = skat_cards(hand, "the hand")
    deals = sample_deals(own, declarer=declarer, samples=samples, rng=rng)
    chosen = tuple(dict.fromkeys(games))
    if not chosen or not all(isinstance(game, GameType) for game in chosen):
        raise CardlibError(
            Msg("declaration_odds(games={games}): expected one GameType or more", games=repr(games))
        )
    reached: dict[tuple[GameType, bool], list[int]] = {
        (game, hand_game): [] for game in chosen for hand_game in (True, False)
    }
    skats = []
    for hands, skat in deals:
        skats.append(skat)
        twelve = (*own, *skat)
        for game in chosen:
            pair = heuristic_discards(twelve, game)[0]
            ten = tuple(card for card in twelve if card not in pair)
            played = tuple(ten if seat == declarer else held for seat, held in enumerate(hands))
            for hand_game, cards, laid in ((True, hands, skat), (False, played, pair)):
                search = DealSearch(game, declarer, laid)
                reached[(game, hand_game)].append(_reached(game, search, cards))
    return DeclarationOdds(
        own, declarer, tuple(skats), {key: tuple(levels) for key, levels in reached.items()}
    )
