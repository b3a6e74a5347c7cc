"""Skat for the widgets and the command line: the one place there that knows Skat's moves.

The registry (:mod:`cardlib.games`) finds this adapter as ``game("skat")``. It says how a deal
starts, what its table shows, which cards a click plays, which buttons the seat has (bids, a
declaration, two cards laid away), and which players sit at the other seats.

>>> from cardlib.games import game
>>> skat = game("skat")
>>> state = skat.new_game(7)
>>> [skat.seat_name(seat) for seat in range(3)], skat.move_words(state.legal_moves()[1])
(['FH', 'MH', 'RH'], '18')
>>> buttons = skat.buttons(state.view(1), ())
>>> [str(button.label) for button in buttons.shown], str(buttons.more_label)
(['pass', 'say 18', 'say 20', 'say 22', 'say 23'], 'say it')

The table a learner plays at (``PlayTable``, with Skat's deal 7 and the heuristic bots):

>>> from cardlib.widgets import PlayTable
>>> table = PlayTable("skat", seed=7, opponents="heuristic")
>>> table
PlayTable(Skat, deal 7, you are FH: FH to move)
>>> print(PlayTable.from_link("skat", "?seed=seven&opponents=heuristic").link.notes[0])
The link's seed=seven is not a whole number from 0 to 9007199254740991: deal 1 is shown instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.games import KINDS, Bot, Buttons, Click, DealScore, MoveButton
from cardlib.i18n import Msg, Plural, Term, _
from cardlib.skat.pictures import phase_name

if TYPE_CHECKING:
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.states import SkatState
    from cardlib.skat.engine.views import SkatView

__all__ = ["ADAPTER", "SkatAdapter"]

Rows = list[tuple[str, list[Card | None]]]

MAX_BID_BUTTONS = 4
"""Bids shown as buttons; higher ones are in the menu."""


class SkatAdapter:
    """Skat behind :class:`cardlib.games.GameAdapter`."""

    name = "skat"
    cli_module: str | None = "cardlib.cli.skat"
    widgets: Mapping[str, str] = {
        "HandPicker": "cardlib.skat.widgets.picker:HandPicker",
        "SplitExplorer": "cardlib.skat.widgets.explorer:SplitExplorer",
        "DeclarationBuilder": "cardlib.skat.widgets.declaration:DeclarationBuilder",
        "BeliefStepper": "cardlib.skat.widgets.beliefs:BeliefStepper",
        "belief_stepper": "cardlib.skat.widgets.beliefs:belief_stepper",
    }

    @property
    def title(self) -> Term:
        return Term("game", "Skat")

    def new_game(self, seed: int, rules: Any = None, seats: int | None = None) -> SkatState:
        """A deal from ``seed``; Skat has three seats."""
        from cardlib.skat import new_deal, new_game

        if seats not in (None, 3):
            raise CardlibError(Msg("Skat has 3 seats, not {seats}", seats=repr(seats)))
        return new_game(new_deal(seed), rules)

    def owns(self, state: object) -> bool:
        from cardlib.skat import SkatState

        return isinstance(state, SkatState)

    def seats(self, state: SkatState) -> int:
        return 3

    def seat_name(self, seat: int | None) -> str:
        """``'FH'``/``'MH'``/``'RH'`` in the current language."""
        if seat is None:
            return "-"
        from cardlib.skat.engine.rules import position_term

        return str(position_term(int(seat)))

    def player_kinds(self) -> Mapping[str, object]:
        return {kind: _(KINDS[kind]) for kind in ("sampling", "heuristic", "random")}

    def player(self, kind: str, rng: Any = None, *, budget: float | None = None) -> Bot:
        from cardlib.skat import HeuristicBot, InferenceBot, RandomBot

        if kind == "sampling":  # the strong player: sampled deals, weighted by the evidence
            sampler: Bot = (
                InferenceBot(rng=rng) if budget is None else InferenceBot(rng=rng, budget=budget)
            )
            return sampler
        if kind == "random":
            chance: Bot = RandomBot(rng)
            return chance
        if kind == "heuristic":
            bot: Bot = HeuristicBot(rng)
            return bot
        raise CardlibError(
            Msg("Skat has no player {kind}: sampling, heuristic or random", kind=repr(kind))
        )

    def check_viewer(self, viewer: int | None) -> None:
        if viewer is None:
            raise CardlibError(
                Msg(
                    "a Skat table with hidden hands is drawn for a seat: give viewer=0 (FH), "
                    "1 (MH) or 2 (RH), or open_hands=True for the all-seeing table"
                )
            )

    # --- the table -------------------------------------------------------------------------
    def rows(self, state: SkatState, view: SkatView | None) -> Rows:
        """The hands (face down where the seat cannot know them), the skat, the cards laid away
        (once the seat may see them), the trick or the trick just won. A seat's table comes from
        its view alone; only the all-seeing table (``view=None``) reads the state."""
        shown: Any = state if view is None else view
        result: Rows = []
        for position in range(3):
            if view is None:
                cards: list[Card | None] = list(state.hands[position])
            else:
                hand = view.open_hands[position]
                cards = list(hand) if hand is not None else [None] * view.hand_sizes[position]
            label = _seat_label(
                self.seat_name(position), position == shown.declarer,
                position == shown.current_player,
            )  # fmt: skip
            result.append((label, cards))
        if view is None:
            skat = state.skat
            if skat is None:
                try:
                    skat = state.deal.skat
                except CardlibError:  # a position set up card by card has no deal
                    skat = None
        else:
            skat = view.skat
        result.append((_("Skat"), [None, None] if skat is None else list(skat)))
        if view is not None and view.discards is not None and view.discards != view.skat:
            result.append((_("Laid away"), list(view.discards)))
        last = _last_trick(state) if view is None else _trick_just_won(view)
        if shown.trick:
            result.append((_("Trick"), list(shown.trick)))
        elif last is not None:
            winner = self.seat_name(last.winner)
            result.append((str(Msg("Trick won by {who}", who=winner)), list(last.cards)))
        else:
            result.append((_("Trick"), []))
        return result

    def seat_rows(self, state: SkatState, view: SkatView) -> Rows:
        """:meth:`rows`, and while a trick is on the table the trick before it."""
        rows = self.rows(state, view)
        if view.tricks and view.trick:
            last = view.tricks[-1]
            label = Msg("Last trick ({who})", who=self.seat_name(last.winner))
            rows.append((str(label), list(last.cards)))
        return rows

    def notes(self, state: SkatState, view: SkatView | None) -> list[str]:
        """The game so far, the card points as the seat counts them, whose turn or the result."""
        seat = ""
        shown: Any
        if view is None:
            shown = state
            headline = state.to_text().splitlines()[0]
            points, tricks = state.card_points, state.tricks_won
        else:
            shown = view
            seat = self.seat_name(view.seat)
            headline = str(Msg("{headline} (as {seat} sees it)", headline=self._headline(view),
                               seat=seat))  # fmt: skip
            points = view.card_points
            won = sum(trick.winner == view.declarer for trick in view.tricks)
            tricks = (won, len(view.tricks) - won)
        notes = [headline]
        if shown.declaration is not None:
            numbers = {"declarer": points[0], "defenders": points[1], "won": tricks[0],
                       "lost": tricks[1]}  # fmt: skip
            if view is None or view.is_over:
                counted = Msg("Card points {declarer}:{defenders}, tricks {won}:{lost} "
                              "(declarer:defenders)", **numbers)  # fmt: skip
            else:
                counted = Msg("Card points {declarer}:{defenders}, tricks {won}:{lost} "
                              "(declarer:defenders, as {seat} counts them)",
                              seat=seat, **numbers)  # fmt: skip
            notes.append(str(counted))
        if shown.result is not None:
            notes.append(str(shown.result))
        elif shown.current_player is not None:
            who = self.seat_name(shown.current_player)
            notes.append(str(Msg("{who} to move ({phase})", who=who,
                                 phase=phase_name(shown.phase))))  # fmt: skip
        return notes

    def _headline(self, view: SkatView) -> str:
        """The view's game line, as the state's: ``'Skat, play, declarer MH, bid 20, ♣'``."""
        parts = [str(self.title), phase_name(view.phase)]
        if view.declarer is not None:
            parts.append(str(Msg("declarer {who}", who=self.seat_name(view.declarer))))
        if view.bid:
            parts.append(str(Msg("bid {bid}", bid=view.bid)))
        if view.declaration is not None:
            parts.append(str(view.declaration))
        return _(", ").join(parts)

    # --- the seat's moves ------------------------------------------------------------------
    def clickable(self, view: SkatView) -> set[Card]:
        """The cards one may play; while laying two away, every card of the hand."""
        if _discarding(view):
            return set(view.hand)
        from cardlib.skat import Play

        return {move.card for move in view.legal_moves() if isinstance(move, Play)}

    def click(self, view: SkatView, card: Card, selected: Sequence[Card]) -> Click:
        """Play the card; while laying two cards away, select it (or let it go again)."""
        from cardlib.skat import Discard, Play

        hand = view.hand
        if not _discarding(view):
            return Click(move=Play(card))
        chosen = list(selected)
        if card in chosen:
            chosen.remove(card)
        elif card in hand:
            chosen = [*chosen[-1:], card]
        else:  # not among the twelve: the engine says so
            return Click(move=Discard(card, hand[0]))
        return Click(selected=tuple(chosen), note=_discard_note(chosen))

    def buttons(self, view: SkatView, selected: Sequence[Card]) -> Buttons:
        """Up to four bids and the other moves as buttons; higher bids and announced
        declarations in the menu; the two cards selected to lay away."""
        from cardlib.skat import Bid, Declare, Discard
        from cardlib.skat.engine.moves import move_name

        moves = [move for move in view.legal_moves() if not _one_card(move)]
        if not moves:
            return Buttons()
        shown: list[MoveButton] = []
        more: list[MoveButton] = []
        bids = [move for move in moves if isinstance(move, Bid)]
        for move in moves:
            if isinstance(move, Discard):
                continue
            if isinstance(move, Bid):
                words = Msg("say {bid}", bid=move.value)
                if bids.index(move) >= MAX_BID_BUTTONS:
                    more.append(MoveButton(words, move))
                    continue
                shown.append(MoveButton(words, move))
            elif isinstance(move, Declare) and _announced(move):
                more.append(MoveButton(move.declaration, move))
            else:
                shown.append(MoveButton(move_name(move), move))
        if len(selected) == 2:
            discard = Discard(*selected)
            shown.append(MoveButton(move_name(discard), discard, "warning"))
        label = "" if not more else _("say it") if isinstance(more[0].move, Bid) else _("declare")
        return Buttons(shown, more, label)

    def move_words(self, move: Move) -> str:
        return str(getattr(move, "symbol", None) or move)

    def parse_move(self, view: SkatView, text: str) -> Move:
        from cardlib.skat import parse_move

        return parse_move(text)

    # --- stepping through a deal -----------------------------------------------------------
    def step_words(
        self, states: Sequence[SkatState], index: int, viewer: int | None
    ) -> object | None:
        """A step laying cards face down, as a seat that may not see them is told it."""
        from cardlib.skat import Discard

        state, parent, last = states[index], states[index - 1], len(states) - 1
        if viewer is None or not isinstance(state.last_move, Discard):
            return None
        if state.view(viewer).events == state.events:
            return None
        game, who = str(self.title), self.seat_name(parent.current_player)
        if parent.phase == "pass on":
            return Msg("{game}, step {index} of {last}: {who} passes two cards on, face down",
                       game=game, index=index, last=last, who=who)  # fmt: skip
        return Msg("{game}, step {index} of {last}: {who} lays two cards away, face down",
                   game=game, index=index, last=last, who=who)  # fmt: skip

    def states_words(self, count: int, index: int) -> object:
        return Plural(
            "{n} state of a Skat deal, at step {index}",
            "{n} states of a Skat deal, at step {index}",
            count,
            index=index,
        )

    def replay(self, record: str) -> list[SkatState] | None:
        """Skat records are read by :mod:`cardlib.skat.iss`, not from plain text here."""
        return None

    def scorings(self) -> Sequence[object]:
        return (Term("scoring", "list"), Term("scoring", "Seeger-Fabian"))

    def deal_score(self, state: SkatState, seat: int) -> DealScore:
        """The list's and Seeger-Fabian's scores of a finished deal; ``won``: the declarer made
        the game, or the defenders beat it (a Ramsch is lost by whoever scores below 0).

        >>> state, bots = ADAPTER.new_game(7), [ADAPTER.player("heuristic", s) for s in range(3)]
        >>> while not state.is_over:
        ...     state = state.play(bots[int(state.current_player)].choose(state))
        >>> print(state.result.summary())
        MH made ♠ (bid 18): 99:21 card points, 9:1 tricks
        >>> ADAPTER.deal_score(state, 1), ADAPTER.deal_score(state, 0).won
        (DealScore(won=True, scores=((0, 66, 0), (0, 116, 0))), False)
        """
        from cardlib.skat.scoring.sheet import ScoreSheet

        result = state.result
        if result is None:
            raise CardlibError(
                Msg("deal_score: the deal is not over yet ({state})", state=repr(state))
            )
        scores = tuple(
            ScoreSheet(3, system=system).add(state).rows[-1].changes
            for system in ("list", "seeger_fabian")
        )
        if result.declarer is None:
            own = result.scores[seat]
            return DealScore(None if own == 0 else own > 0, scores)
        return DealScore(bool(result.made) == (seat == result.declarer), scores)


def _seat_label(who: str, declarer: bool, to_move: bool) -> str:
    """A seat's row: ``'MH (declarer) to move'``."""
    if declarer and to_move:
        return str(Msg("{who} (declarer) to move", who=who))
    if declarer:
        return str(Msg("{who} (declarer)", who=who))
    if to_move:
        return str(Msg("{who} to move", who=who))
    return who


def _last_trick(state: Any) -> Any | None:
    """The trick the last move completed, if it completed one."""
    if state.trick or not state.tricks or state.last_move is None:
        return None
    parent = state.parent
    if parent is None or len(getattr(parent, "trick", ())) != 2:
        return None
    return state.tricks[-1]


def _trick_just_won(view: SkatView) -> Any | None:
    """The trick the last move completed, as the seat's view tells it (its ruling says so)."""
    if view.trick or not view.tricks:
        return None
    if not any(event.ruling.code == "trick" for event in view.events):
        return None
    return view.tricks[-1]


def _one_card(move: Any) -> bool:
    return hasattr(move, "card") and len(getattr(move, "cards", (move.card,))) == 1


def _discarding(view: Any) -> bool:
    """Whether the seat is laying two cards away (its legal moves are discards)."""
    from cardlib.skat import Discard

    moves = view.legal_moves()
    return bool(moves) and isinstance(moves[0], Discard)


def _announced(move: Any) -> bool:
    d = move.declaration
    return bool(d.schneider or d.schwarz or d.ouvert)


def _discard_note(selected: Sequence[Card]) -> Msg:
    cards = " ".join(card.symbol for card in selected)
    if len(selected) < 2:
        return Msg("Discard: {cards} (choose one more)", cards=cards)
    return Msg("Discard: {cards}", cards=cards)


ADAPTER = SkatAdapter()
"""Skat's adapter, registered as ``"skat"``."""
