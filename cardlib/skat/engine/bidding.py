"""The bidding dialogue (seed rules 1–10) and the end of a deal that all three pass.

Bidding is always between two players. The one with lower priority *says* a value from the ladder,
higher than the bid so far; the one with priority (FH > MH > RH) answers *yes* (``Hold``, matching
it) or passes. MH says to FH first; when one of them has passed, RH says to the survivor. If MH and
RH both pass without a bid, FH may bid 18 or pass; three passes and the deal is passed in.

>>> from cardlib.skat.engine.deal import new_deal
>>> from cardlib.skat.engine.moves import Bid, Hold, Pass
>>> state = new_game(new_deal(7))
>>> state.current_player, [m.symbol for m in state.legal_moves()[:3]]
(Position.MH, ['pass', '18', '20'])
>>> state = state.play(Bid(18)).play(Hold()).play(Pass()).play(Bid(20)).play(Pass())
>>> state.phase, state.declarer, state.bid
('skat', Position.RH, 20)
>>> print(state.events[-1])
FH passes at 20: RH wins the bidding and is the declarer at 20.
"""

from __future__ import annotations

from typing import Any

from cardlib.cards import Hand
from cardlib.errors import RulesError
from cardlib.i18n import Msg
from cardlib.rulings import Ruling
from cardlib.skat.engine.deal import Deal
from cardlib.skat.engine.declaration import start_skat_phase
from cardlib.skat.engine.ends import PASSED_IN
from cardlib.skat.engine.events import Event
from cardlib.skat.engine.facts import BID_VALUES
from cardlib.skat.engine.moves import Bid, Hold, Move, Pass, move_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import FH, MH, POSITIONS, RH, Position, Rules, position_term
from cardlib.skat.engine.states import ByIdentity, SkatState
from cardlib.skat.engine.table import Table

__all__ = ["BiddingState", "PassedInState", "all_passed", "new_game"]

RULE = Msg("skat: bidding (seed rules 1-10)")
_BID_MOVES = {value: Bid(value) for value in BID_VALUES}
_PASS, _HOLD = Pass(), Hold()
_BID_SET = frozenset(BID_VALUES)
_DEFAULT_RULES = Rules()
_LADDER_TAIL = {
    value: [_BID_MOVES[v] for v in BID_VALUES if v > value] for value in [0, *BID_VALUES]
}


def new_game(deal: Deal, rules: Rules | None = None) -> SkatState:
    """Start a deal: the bidding, with MH to say a value to FH.

    >>> from cardlib.skat.engine.deal import new_deal
    >>> new_game(new_deal(1)).phase
    'bidding'
    """
    if not isinstance(deal, Deal):
        raise RulesError(
            Msg("new_game({deal}): expected a Deal (see Deal.parse and new_deal)", deal=repr(deal))
        )
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(Msg("new_game(rules={rules}): expected a Rules object", rules=repr(rules)))
    if rules.ramsch == "always":
        from cardlib.skat.engine.ramsch_play import start_ramsch

        return start_ramsch(deal, rules)
    return _new(BiddingState, (Table(deal, rules), None, None, 0, 0))


_FH, _MH, _RH = (position_term(p) for p in (FH, MH, RH))


def _name(position: int) -> Msg:
    return position_term(position)


_NODES: tuple[tuple[int, int, int, bool], ...] = (
    (0, MH, FH, False),
    (0, MH, FH, True),
    (1, RH, FH, False),
    (1, RH, FH, True),
    (1, RH, MH, False),
    (1, RH, MH, True),
    (2, FH, FH, False),
)
"""The places of the dialogue: (stage, asker, hearer, answering); a state holds the index."""
_NODE = {node: i for i, node in enumerate(_NODES)}
_STAGE = tuple(stage for stage, _, _, _ in _NODES)
_ANSWERING = tuple(answering for _, _, _, answering in _NODES)
_TO_MOVE: tuple[Position, ...] = tuple(
    POSITIONS[hearer if answering else asker] for _, asker, hearer, answering in _NODES
)
_RAISED = tuple(
    _NODE[stage, asker, hearer, True] if stage < 2 and not answering else None
    for stage, asker, hearer, answering in _NODES
)
"""The place after a bid said there, ``None`` where no higher bid may be said."""
_HELD = tuple(_NODE[stage, asker, hearer, False] for stage, asker, hearer, _ in _NODES)
_SURVIVOR = tuple(asker if answering else hearer for _, asker, hearer, answering in _NODES)
"""Who is left of the two after a pass."""
_TO_RH = tuple(_NODE[1, RH, survivor, False] for survivor in _SURVIVOR[:2])
"""After a pass between MH and FH: RH says to the survivor."""
_LAST_CHANCE = _NODE[2, FH, FH, False]
_new = tuple.__new__


class BiddingState(ByIdentity, tuple[Any, ...], SkatState):
    """The bidding (phase ``"bidding"``): ``stage`` 0 MH↔FH, 1 RH↔survivor, 2 FH's last chance.

    A small tuple (for speed): the table, the state before, the last move, the bid so far, and the
    place in the dialogue (an index into ``_NODES``).
    """

    __slots__ = ()

    @property
    def parent(self) -> SkatState | None:  # type: ignore[override]
        parent: SkatState | None = self[1]
        return parent

    @property
    def last_move(self) -> Move | None:  # type: ignore[override]
        move: Move | None = self[2]
        return move

    @property
    def _table(self) -> Table:
        table: Table = self[0]
        return table

    @property
    def _bid(self) -> int:
        bid: int = self[3]
        return bid

    @property
    def _node(self) -> int:
        node: int = self[4]
        return node

    @property
    def _stage(self) -> int:
        return _STAGE[self._node]

    @property
    def _asker(self) -> int:
        return _NODES[self._node][1]

    @property
    def _hearer(self) -> int:
        return _NODES[self._node][2]

    @property
    def _answering(self) -> bool:
        return _ANSWERING[self._node]

    @property
    def phase(self) -> Phase:
        return Phase.BIDDING

    is_over = False
    """The bidding never ends the deal by itself (a class attribute: read on every move)."""

    @property
    def current_player(self) -> Position:
        player: Position = _TO_MOVE[self[4]]
        return player

    @property
    def deal(self) -> Deal:
        return self._table.deal

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        return self._table.deal.hands

    @property
    def skat(self) -> Hand | None:
        return None

    @property
    def bid(self) -> int:
        """The highest value said so far (0 before the first bid)."""
        return self._bid

    def legal_moves(self) -> list[Move]:
        node = self[4]
        if _ANSWERING[node]:
            return [_PASS, _HOLD]
        if node == _LAST_CHANCE:
            return [_PASS, _BID_MOVES[18]]
        return [_PASS, *_LADDER_TAIL[self[3]]]

    def why_illegal(self, move: object) -> Ruling | None:
        if isinstance(move, Pass):
            return None
        player = _name(self.current_player)
        if isinstance(move, Hold):
            if self._answering:
                return None
            if self._stage == 2:
                text = Msg("{who} has nothing to hold: bid 18 or pass", who=player)
                return Ruling("hold_nothing", text, RULE)
            # Translators: {next} is the lowest bid allowed, or "nothing (264 is the top)".
            text = Msg(
                "{who} says a value to {hearer}: there is no bid to answer yes to; say {next} or "
                "pass",
                who=player,
                hearer=_name(self._hearer),
                next=self._next_bid(),
            )
            return Ruling("hold_nothing", text, RULE)
        if isinstance(move, Bid):
            if self._answering:
                # Translators: {asker}'s {bid}: the value the other player said, e.g. "MH's 20".
                text = Msg(
                    "{who} answers {asker}'s {bid}: say yes (hold) or pass; the player with "
                    "priority does not raise",
                    who=player,
                    asker=_name(self._asker),
                    bid=self._bid,
                )
                return Ruling("answer_only", text, RULE)
            if move.value not in _BID_MOVES:
                above = [v for v in BID_VALUES if v > move.value][:3] if isinstance(
                    move.value, int) else []  # fmt: skip
                if above:
                    text = Msg(
                        "{value} is not on the bidding ladder (18 20 22 23 24 27 … 264: every "
                        "value a game can have); the next values above are {above}",
                        value=repr(move.value),
                        above=", ".join(map(str, above)),
                    )
                else:
                    text = Msg(
                        "{value} is not on the bidding ladder (18 20 22 23 24 27 … 264: every "
                        "value a game can have)",
                        value=repr(move.value),
                    )
                return Ruling("not_a_bid", text, RULE)
            if self._stage == 2:
                if move.value == 18:
                    return None
                text = Msg(
                    "{mh} and {rh} have passed: {fh} may bid only 18 (or pass), not {value}",
                    mh=_MH,
                    rh=_RH,
                    fh=_FH,
                    value=move.value,
                )
                return Ruling("fh_eighteen", text, RULE)
            if move.value <= self._bid:
                text = Msg(
                    "{who} must say more than {bid}: the lowest bid allowed is {next}",
                    who=player,
                    bid=self._bid,
                    next=self._next_bid(),
                )
                return Ruling("bid_too_low", text, RULE)
            return None
        return self._wrong_phase(move, Msg("bid a value, hold (yes) or pass"))

    def _next_bid(self) -> int | Msg:
        higher = [v for v in BID_VALUES if v > self._bid]
        return higher[0] if higher else Msg("nothing (264 is the top)")

    def play(self, move: Move) -> SkatState:
        """Apply a bid, hold or pass; the last one leads to the skat phase or a passed-in deal."""
        table, _, _, bid, node = self
        kind = type(move)
        if kind is Pass:
            stage = _STAGE[node]
            if stage == 0:
                return _new(BiddingState, (table, self, move, bid, _TO_RH[node]))
            if stage == 2:
                return all_passed(self, move)
            if bid == 0:
                return _new(BiddingState, (table, self, move, 0, _LAST_CHANCE))
            return start_skat_phase(table, self, move, _SURVIVOR[node], bid)
        if kind is Bid:
            value = move.value  # type: ignore[union-attr]
            raised = _RAISED[node]
            if raised is not None and value in _BID_SET and value > bid:
                return _new(BiddingState, (table, self, move, value, raised))
            if node == _LAST_CHANCE and value == 18:
                return start_skat_phase(table, self, move, FH, 18)
        elif kind is Hold and _ANSWERING[node]:
            return _new(BiddingState, (table, self, move, bid, _HELD[node]))
        elif self.why_illegal(move) is None:  # a subclass of a move: its ruling decides
            return self._slow_play(move)
        raise self._refuse(move)

    def _slow_play(self, move: Move) -> SkatState:
        step = self._step(move)
        if step[0] == "continues":
            bid, stage, asker, hearer, answering = step[1:]
            return _new(
                BiddingState, (self[0], self, move, bid, _NODE[stage, asker, hearer, answering])
            )
        if step[0] == "declarer":
            return start_skat_phase(self[0], self, move, step[1], step[2])
        return all_passed(self, move)

    def __repr__(self) -> str:
        return SkatState.__repr__(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text: the table, not the tuple (IPython prints a tuple subclass by
        its own rule, ahead of ``_repr_mimebundle_``'s text)."""
        printer.text(self.to_text())

    def _step(self, move: Move) -> tuple[Any, ...]:
        """Where a legal move leads: ``("continues", bid, stage, asker, hearer, answering)``,
        ``("declarer", position, bid)`` or ``("passed",)``."""
        bid, stage, asker, hearer = self._bid, self._stage, self._asker, self._hearer
        if isinstance(move, Bid):
            if stage == 2:
                return ("declarer", FH, 18)
            return ("continues", move.value, stage, asker, hearer, True)
        if isinstance(move, Hold):
            return ("continues", bid, stage, asker, hearer, False)
        # a pass
        if stage == 2:
            return ("passed",)
        survivor = asker if self._answering else hearer
        if stage == 0:
            return ("continues", bid, 1, RH, survivor, False)
        if bid == 0:
            return ("continues", 0, 2, FH, FH, False)
        return ("declarer", survivor, bid)

    def _explain(self, move: Move) -> list[Event]:
        """The events of ``move`` played in this state."""
        player = self.current_player
        who = _name(player)
        step = self._step(move)
        text: Msg
        if isinstance(move, Bid):
            if self._stage == 2:
                text = Msg(
                    "{mh} and {rh} passed: {fh} bids 18 and is the declarer at 18.",
                    mh=_MH,
                    rh=_RH,
                    fh=_FH,
                )
            else:
                text = Msg(
                    "{who} says {bid} to {hearer}.",
                    who=who,
                    bid=move.value,
                    hearer=_name(self._hearer),
                )
            return [Event(player, move, Ruling("bid", text, RULE))]
        if isinstance(move, Hold):
            text = Msg(
                "{who} says yes to {bid}; {asker} may go higher or pass.",
                who=who,
                bid=self._bid,
                asker=_name(self._asker),
            )
            return [Event(player, move, Ruling("hold", text, RULE))]
        if step[0] == "passed":
            if self.rules.ramsch != "off":  # a Ramsch follows: its first ruling says so
                text = Msg("{fh} passes too: nobody has bid.", fh=_FH)
                return [Event(player, move, Ruling("all_passed", text, RULE))]
            text = Msg("{fh} passes too: all three passed, the deal is passed in.", fh=_FH)
            return [Event(player, move, Ruling("passed_in", text, RULE))]
        if step[0] == "declarer":
            text = Msg(
                "{who} passes at {bid}: {declarer} wins the bidding and is the declarer at "
                "{value}.",
                who=who,
                bid=self._bid,
                declarer=_name(step[1]),
                value=step[2],
            )
            return [Event(player, move, Ruling("bidding_won", text, RULE))]
        if step[2] == 2:
            text = Msg(
                "{who} passes: {mh} and {rh} have passed without a bid, so {fh} may bid 18 or "
                "pass.",
                who=who,
                mh=_MH,
                rh=_RH,
                fh=_FH,
            )
        elif self._bid:
            text = Msg(
                "{who} passes at {bid}: {rh} now bids to {hearer}.",
                who=who,
                bid=self._bid,
                rh=_RH,
                hearer=_name(step[4]),
            )
        else:
            text = Msg(
                "{who} passes: {rh} now bids to {hearer}.", who=who, rh=_RH, hearer=_name(step[4])
            )
        return [Event(player, move, Ruling("pass", text, RULE))]

    def _own_events(self) -> list[Event]:
        parent = self.parent
        if isinstance(parent, BiddingState) and self.last_move is not None:
            return parent._explain(self.last_move)
        return []


def all_passed(state: BiddingState, move: Move) -> SkatState:
    """What an all-pass leads to: with ``ramsch="off"`` the deal is passed in.

    This is the one place a Ramsch variant hooks into (``Rules.ramsch``).
    """
    if state.rules.ramsch != "off":
        from cardlib.skat.engine.ramsch_play import start_ramsch

        return start_ramsch(state.deal, state.rules, state, move)
    return PassedInState(state._table, state, move)


class PassedInState(SkatState):
    """The end of a deal that all three passed (phase ``"over"``, result ``"passed in"``)."""

    __slots__ = ("_table", "last_move", "parent")

    def __init__(self, table: Table, parent: BiddingState, last_move: Move) -> None:
        self._table = table
        self.parent = parent
        self.last_move = last_move

    @property
    def phase(self) -> Phase:
        return Phase.OVER

    @property
    def current_player(self) -> None:
        return None

    @property
    def deal(self) -> Deal:
        return self._table.deal

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        return self._table.deal.hands

    @property
    def skat(self) -> Hand:
        return self._table.deal.skat

    @property
    def end_reason(self) -> str:
        return PASSED_IN

    @property
    def result(self) -> Result:
        return Result(PASSED_IN)

    def legal_moves(self) -> list[Move]:
        return []

    def why_illegal(self, move: object) -> Ruling | None:
        # Translators: {move} is a move as people say it: "pass", "18", "♥J".
        text = Msg("the deal was passed in: no {move} now", move=_describe(move))
        return Ruling("game_over", text, RULE)

    def play(self, move: Move) -> SkatState:
        raise self._refuse(move)

    def _own_events(self) -> list[Event]:
        parent = self.parent
        assert isinstance(parent, BiddingState) and self.last_move is not None
        return parent._explain(self.last_move)


def _describe(move: object) -> Msg | str:
    return move_name(move)
