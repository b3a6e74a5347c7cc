"""Skitgubbe for the widgets and the command line: the one place there that knows its moves.

The registry (:mod:`cardlib.games`) finds this adapter as ``game("skitgubbe")``.

>>> from cardlib.games import game
>>> gubbe = game("skitgubbe")
>>> state = gubbe.new_game(7)
>>> [gubbe.seat_name(seat) for seat in state.players]
['A', 'B', 'C']
>>> gubbe.parse_move(state.view(0), "C4"), gubbe.move_words(gubbe.parse_move(None, "turn"))
(Play('C4'), 'turn')

The table a learner plays at (``PlayTable``) and a stepper (``Stepper``) over a Skitgubbe game:

>>> from cardlib.widgets import PlayTable, Stepper
>>> table = PlayTable("skitgubbe", seed=7)
>>> table
PlayTable(Skitgubbe, deal 7, you are A: A to move)
>>> table.play_card("♥2")          # not in A's hand
False
>>> "Not allowed: ♥2 is not in A's hand" in table.message.value
True
>>> table.play_card("♣4"), table.state.phase
(True, <Phase.ONE: 1>)
>>> before = table.state
>>> table.opponents_menu.value = "sampling"
>>> table.opponents, table.state is before, type(table.bots[1]).__name__
('sampling', True, 'SamplingBot')
>>> PlayTable("skitgubbe", opponents="expert")
Traceback (most recent call last):
cardlib.errors.CardlibError: PlayTable: opponents='expert', expected 'sampling' or 'heuristic'
>>> PlayTable.from_link("skitgubbe", "seed=7&opponents=heuristic")
PlayTable(Skitgubbe, deal 7, you are A: A to move)
>>> from cardlib.skitgubbe import Rules, new_game
>>> state = new_game(Rules(players=3), rng=7)
>>> stepper = Stepper([state, state.play(state.legal_moves()[0])])
>>> stepper
Stepper(2 states of a Skitgubbe game, at step 0)
>>> stepper.next_button.click(); stepper.index
1
>>> print(stepper.snapshot(1).events[0])
A leads ♠10 and draws from the stock (42 left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card
from cardlib.errors import CardlibError, RulesError
from cardlib.games import KINDS, Bot, Buttons, Click, DealScore, MoveButton
from cardlib.i18n import Msg, Plural, Term, _

if TYPE_CHECKING:
    from cardlib.skitgubbe.moves import Move
    from cardlib.skitgubbe.state import State
    from cardlib.skitgubbe.views import StateView

__all__ = ["ADAPTER", "SkitgubbeAdapter"]

Rows = list[tuple[str, list[Card | None]]]


class SkitgubbeAdapter:
    """Skitgubbe behind :class:`cardlib.games.GameAdapter`."""

    name = "skitgubbe"
    cli_module: str | None = "cardlib.cli.skitgubbe"
    widgets: Mapping[str, str] = {}

    @property
    def title(self) -> Term:
        return Term("game", "Skitgubbe")

    def new_game(self, seed: int, rules: Any = None, seats: int | None = None) -> State:
        """A game dealt from ``seed``: ``rules`` (default: three players, or ``seats``)."""
        from cardlib.skitgubbe import Rules, new_game

        if rules is None:
            rules = Rules(players=3 if seats is None else seats)
        return new_game(rules, rng=seed)

    def owns(self, state: object) -> bool:
        from cardlib.skitgubbe import State

        return isinstance(state, State)

    def seats(self, state: State) -> int:
        return len(state.players)

    def seat_name(self, seat: int | None) -> str:
        """The seat's letter, ``'A'`` to ``'D'``."""
        return "-" if seat is None else "ABCD"[int(seat)]

    def player_kinds(self) -> Mapping[str, object]:
        return {kind: _(KINDS[kind]) for kind in ("sampling", "heuristic", "random")}

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Bot:
        from cardlib.skitgubbe import HeuristicBot, RandomBot, SamplingBot

        if kind == "sampling":
            if budget is None:
                return SamplingBot(rng=rng)
            return SamplingBot(rng=rng, budget=budget)
        if kind == "random":
            return RandomBot(rng)
        if kind == "heuristic":
            return HeuristicBot(rng)
        raise CardlibError(
            Msg("Skitgubbe has no player {kind}: sampling, heuristic or random", kind=repr(kind))
        )

    def check_viewer(self, viewer: int | None) -> None:
        """Any seat, or an onlooker (``None``) who sees every hand face down."""

    def rows(self, state: State, view: StateView | None) -> Rows:
        rows: Rows = list(view.rows() if view is not None else state.rows(None))
        return rows

    def seat_rows(self, state: State, view: StateView) -> Rows:
        return self.rows(state, view)

    def notes(self, state: State, view: StateView | None) -> list[str]:
        """The position's one line: the phase, the stock or the trick, whose turn."""
        return [state.heading()]

    def clickable(self, view: StateView) -> set[Card]:
        from cardlib.skitgubbe import Play

        return {
            move.cards[0]
            for move in view.legal_moves()
            if isinstance(move, Play) and len(move.cards) == 1
        }

    def click(self, view: StateView, card: Card, selected: Sequence[Card]) -> Click:
        from cardlib.skitgubbe import Play

        return Click(move=Play(card))

    def buttons(self, view: StateView, selected: Sequence[Card]) -> Buttons:
        """Turning up the stock's card, picking up, and the runs of several cards."""
        from cardlib.skitgubbe import PickUp, TurnUp

        shown = []
        for move in view.legal_moves():
            if _one_card(move):
                continue
            if isinstance(move, TurnUp):
                words: object = _("turn up the stock's top card")
            elif isinstance(move, PickUp):
                words = _("pick up the top card")
            else:
                words = Msg("play {move}", move=self.move_words(move))
            shown.append(MoveButton(words, move))
        return Buttons(shown)

    def move_words(self, move: Move) -> str:
        return str(getattr(move, "symbol", None) or move)

    def parse_move(self, view: StateView, text: str) -> Move:
        from cardlib.skitgubbe import parse_move

        return parse_move(text)

    def step_words(self, states: Sequence[State], index: int, viewer: int | None) -> object | None:
        """Every Skitgubbe move is made face up: the generic title serves."""
        return None

    def states_words(self, count: int, index: int) -> object:
        return Plural(
            "{n} state of a Skitgubbe game, at step {index}",
            "{n} states of a Skitgubbe game, at step {index}",
            count,
            index=index,
        )

    def replay(self, record: str) -> list[State] | None:
        """The states of a Skitgubbe record."""
        from cardlib.skitgubbe import replay

        return list(replay(record))

    def scorings(self) -> Sequence[object]:
        return (Term("scoring", "games lost"),)

    def deal_score(self, state: State, seat: int) -> DealScore:
        """A finished game: the skitgubbe (the loser) counts one game lost; everyone else won.

        >>> state, bots = ADAPTER.new_game(3), [ADAPTER.player("heuristic", s) for s in range(3)]
        >>> while not state.is_over:
        ...     state = state.play(bots[int(state.current_player)].choose(state))
        >>> print(state.result)
        A is the skitgubbe; out: C first, then B
        >>> ADAPTER.deal_score(state, 0), ADAPTER.deal_score(state, 1).won
        (DealScore(won=False, scores=((1, 0, 0),)), True)
        """
        result = state.result
        if result is None:
            raise RulesError(
                Msg("deal_score: the game is not over yet ({state})", state=repr(state))
            )
        lost = tuple(-score for score in result.returns())
        return DealScore(seat != result.loser, (lost,))


def _one_card(move: Any) -> bool:
    return hasattr(move, "card") and len(getattr(move, "cards", (move.card,))) == 1


ADAPTER = SkitgubbeAdapter()
"""Skitgubbe's adapter, registered as ``"skitgubbe"``."""
