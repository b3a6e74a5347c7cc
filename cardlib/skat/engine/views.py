"""What one player may know of a Skat deal: the one place that decides it.

At a real table the skat lies face down, the declarer lays two cards away face down, and the
defenders see both only after the game. A :class:`SkatView` holds what ``seat`` knows now: its own
hand, the sizes of the others (and an Ouvert declarer's hand, laid open), every card played and who
led the trick on the table, the skat and the discards only when that seat may know them (in a
Schieberamsch: the skat it took up and the two cards it passed on), who took the skat up there,
the table's rules, and the card points it can count (a position set up card by card keeps the
points it was given for the tricks before it).

>>> from cardlib.skat import Bid, Pass, PickUpSkat, new_deal, new_game
>>> state = new_game(new_deal(7)).play(Pass()).play(Pass()).play(Bid(18))
>>> state = state.play(PickUpSkat())
>>> state.declarer, state.view(state.declarer).skat, state.view(1).skat
(Position.FH, Hand('CK DT'), None)
>>> state.view(1).hand_sizes, state.view(1).open_hands[0]
((12, 10, 10), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card, Hand
from cardlib.display.width import ljust
from cardlib.errors import RulesError
from cardlib.i18n import Msg, _
from cardlib.skat.engine._tables import BIT, POINTS
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.engine.moves import Discard, PickUpSkat
from cardlib.skat.engine.names import phase_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.rules import POSITIONS, Position, Rules, position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.events import Event, Trick
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.result import Result
    from cardlib.skat.engine.table_protocol import SkatTable as SkatState

__all__ = ["SkatView", "view_of"]


@dataclass(frozen=True, slots=True)
class SkatView:
    """A deal as ``seat`` may know it (immutable; built by ``state.view(seat)``).

    ``skat`` is the skat as this seat saw it (a declarer who picked it up; in a Schieberamsch, the
    skat it took up), ``discards`` the two cards it laid away or passed on; both ``None`` when it
    has not seen them, and everything once the deal is over. ``took_up`` names the players who
    took the skat up in a Schieberamsch, in turn (everyone hears that; which cards they passed on,
    only they know). ``rules`` are the table's rules, which everyone agreed to. ``auction`` is
    the bidding as everyone heard it, each bid, hold and pass with who said it, in order.

    >>> from cardlib.skat import GameType, play_position
    >>> state = play_position(["D7", "HA HT", "H7"], GameType.CLUBS, declarer=0,
    ...                       trick=["H8", "HK"], leader=2)
    >>> view = state.view(1)
    >>> view.hand, view.trick, view.trick_leader, view.hand_sizes
    (Hand('HA HT'), (Card('H8'), Card('HK')), Position.RH, (1, 2, 1))
    """

    seat: Position
    phase: Phase
    current_player: Position | None
    hand: Hand
    hand_sizes: tuple[int, int, int]
    open_hands: tuple[Hand | None, Hand | None, Hand | None]
    declarer: Position | None
    bid: int
    declaration: Declaration | None
    trick: tuple[Card, ...]
    trick_leader: Position | None
    tricks: tuple[Trick, ...]
    skat: Hand | None
    discards: Hand | None
    card_points: tuple[int, int]
    result: Result | None
    events: tuple[Event, ...]
    took_up: tuple[Position, ...]
    rules: Rules
    _legal: tuple[Move, ...]
    auction: tuple[tuple[Position, Move], ...] = ()

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self) -> list[Move]:
        """The legal moves when it is this seat's turn, else none."""
        return list(self._legal)

    def rows(self) -> list[tuple[str, list[Card | None]]]:
        """Labelled rows of cards for a picture; cards this seat cannot know are ``None``.

        The labels are in the current language; the first three rows are FH, MH and RH.
        """
        from cardlib.skat.engine.headlines import position_label

        rows: list[tuple[str, list[Card | None]]] = []
        for position in POSITIONS:
            cards = self.open_hands[position]
            label = position_label(position, position == self.declarer)
            shown: list[Card | None] = (
                list(cards) if cards is not None else [None] * self.hand_sizes[position]
            )
            rows.append((label, shown))
        rows.append((_("Skat"), list(self.skat) if self.skat is not None else [None, None]))
        if self.discards is not None and self.discards != self.skat:
            rows.append((_("Laid away"), list(self.discards)))
        if self.trick:
            rows.append((_("Trick"), list(self.trick)))
        return rows

    def notes(self) -> list[str]:
        """The lines under the picture: the game, the points as counted here, the news."""
        seen = Msg(
            "Skat, {phase}, as {who} sees it",
            phase=phase_name(self.phase),
            who=position_term(self.seat),
        )
        notes = [str(seen)]
        if self.declaration is not None and self.declarer is not None:
            played = Msg(
                "{who} plays {game} (bid {bid})",
                who=position_term(self.declarer),
                game=self.declaration.name,
                bid=self.bid,
            )
            points = self.card_points
            counted = Msg(
                "Points {points}:{defenders_points} (declarer:defenders, as counted here)",
                points=points[0],
                defenders_points=points[1],
            )
            notes += [str(played), str(counted)]
        notes += [event.ruling.explanation for event in self.events]
        if self.result is not None:
            notes.append(str(self.result))
        return notes

    def to_text(self) -> str:
        """The table as this seat sees it; cards it cannot know are ``??``."""
        lines = []
        for row, (label, cards) in enumerate(self.rows()):
            turn = ">" if row < 3 and row == self.current_player else " "
            shown = " ".join("??" if card is None else card.symbol for card in cards)
            lines.append(f"{turn}{ljust(label, 15)} {shown or '-'}")
        notes = self.notes()
        return "\n".join([notes[0], *lines, *("  " + n for n in notes[1:])])

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from cardlib import display

        picture = display.table_svg(self.rows(), notes=self.notes())
        bundle: dict[str, str] = display.svg_bundle(picture, self.to_text())
        return bundle

    def __repr__(self) -> str:
        return f"<SkatView {self.seat} {self.phase}>"


def view_of(state: SkatState, seat: int) -> SkatView:
    """What ``seat`` knows of ``state``."""
    position = POSITIONS[seat]
    over = state.is_over
    hands = state.hands
    declarer = state.declarer
    declaration = state.declaration
    open_ouvert = (
        declarer is not None
        and declaration is not None
        and declaration.ouvert
        and state.phase in ("play", "kontra", "over")
    )
    open_hands = tuple(
        hands[p] if over or p == position or (open_ouvert and p == declarer) else None
        for p in POSITIONS
    )
    skat, discards = _skat_and_discards(state, position)
    took_up: tuple[Position, ...] = ()
    if declarer is None and state.rules.ramsch_rules.schieberamsch:
        picked, passed, took_up = _skat_round(state, position)
        if not over:
            skat, discards = picked, passed
    card_points = state.card_points
    if declarer is not None and not over and discards is None:  # the skat unseen: not counted
        card_points = _without_the_skat(state)
    legal = tuple(state.legal_moves()) if state.current_player == position else ()
    events = state.events if over else tuple(event.told_to(position) for event in state.events)
    leader = state.trick_leader
    return SkatView(
        position, state.phase, state.current_player, hands[position],
        (len(hands[0]), len(hands[1]), len(hands[2])),
        (open_hands[0], open_hands[1], open_hands[2]),
        declarer, state.bid, declaration, state.trick,
        None if leader is None else POSITIONS[leader], state.tricks, skat, discards,
        card_points, state.result, events, took_up, state.rules, legal, _auction(state),
    )  # fmt: skip


def _auction(state: SkatState) -> tuple[tuple[Position, Move], ...]:
    """The bidding as everyone heard it: each bid, hold and pass with who made it, in order;
    read back from the states before this one (``parent``)."""
    said: list[tuple[Position, Move]] = []
    after: Any = state
    before: Any = getattr(state, "parent", None)
    while before is not None:
        if before.phase == Phase.BIDDING and after.last_move is not None:
            said.append((POSITIONS[before.current_player], after.last_move))
        after, before = before, getattr(before, "parent", None)
    return tuple(reversed(said))


def _skat_and_discards(state: SkatState, seat: Position) -> tuple[Hand | None, Hand | None]:
    dealt = _dealt_skat(state)
    if state.is_over:
        return dealt, state.skat
    if state.declarer is None:  # bidding, or a Ramsch: whoever holds the skat now sees it
        if state.phase == "pass on" and state.current_player == seat:
            return state.skat, None
        return None, None
    if seat != state.declarer or state.phase == "skat":
        return None, None
    declaration = state.declaration
    if declaration is not None and declaration.hand:
        return None, None
    if state.phase == "discard":
        return state.skat, None
    return dealt, state.skat


def _skat_round(
    state: SkatState, seat: Position
) -> tuple[Hand | None, Hand | None, tuple[Position, ...]]:
    """In a Schieberamsch: the skat ``seat`` took up, the two cards it passed on, and who took
    the skat up, in turn; read back from the states before this one (``parent``)."""
    picked: Hand | None = None
    passed: Hand | None = None
    took_up: list[Position] = []
    after: Any = state
    before: Any = getattr(state, "parent", None)
    while before is not None and before.phase in _RAMSCH_PHASES:
        move, mover = after.last_move, before.current_player
        if isinstance(move, PickUpSkat):
            took_up.append(mover)
            if mover == seat:
                picked = after.skat
        elif isinstance(move, Discard) and mover == seat:
            passed = Hand(move.cards)
        after, before = before, getattr(before, "parent", None)
    return picked, passed, tuple(reversed(took_up))


_RAMSCH_PHASES = (Phase.PUSH, Phase.PASS_ON, Phase.PLAY)


def _dealt_skat(state: SkatState) -> Hand | None:
    try:
        return state.deal.skat
    except RulesError:  # a position set up card by card has no deal
        return None


def _without_the_skat(state: SkatState) -> tuple[int, int]:
    """The card points as a seat that has not seen the skat counts them: the state's count
    without the skat's points (which it holds where the skat counts for the declarer), so the
    points a position set up card by card was given for the tricks before it stay."""
    context: Any = getattr(state, "context", None)  # the play's: its skat, and if it counts
    if context is None:  # before the play: no trick taken yet
        return (0, 0)
    hidden = sum(POINTS[BIT[card]] for card in context.skat) if context.skat_counts else 0
    points = state.card_points
    return (points[0] - hidden, points[1])
