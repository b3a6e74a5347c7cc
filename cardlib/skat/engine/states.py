"""What every Skat state shares: the protocol, and how a state is shown.

Each phase has its own state class (bidding, skat and declaration, Kontra, play, Ramsch); all of
them derive from :class:`SkatState`, which implements :class:`cardlib.GameState`, so a widget or a
transcript can step through a deal without knowing the phase:

- ``current_player`` (0 FH, 1 MH, 2 RH; ``None`` when the deal is over), ``phase`` (a
  :class:`~cardlib.skat.engine.phases.Phase`), ``legal_moves()``,
  ``why_illegal(move) -> Ruling | None``, ``is_legal(move)``, ``play(move) -> new state``
  (``IllegalMoveError`` carrying the ruling; the state is unchanged), ``is_over``, ``result``,
  ``returns()``, ``events`` (built on request), ``to_text()``, ``view(seat)``,
  ``_repr_mimebundle_``;
- ``parent`` (the state before, ``None`` at the start), ``last_move``, ``history()`` (states from
  the start), ``moves()`` (moves from the start);
- ``deal``, ``rules``, ``hands`` (by position, sorted for the game), ``skat`` (``None`` while hidden
  from the table), ``declarer``, ``bid``, ``declaration``, ``doubling``, ``trick``,
  ``trick_leader``, ``tricks``, ``card_points``, ``tricks_won``, ``end_reason``,
  ``dealt_hand(position)``.

>>> from cardlib import GameState
>>> from cardlib.skat.engine.bidding import new_game
>>> from cardlib.skat.engine.deal import new_deal
>>> state = new_game(new_deal(1))
>>> isinstance(state, GameState), state.phase is Phase.BIDDING, state.seat_count, state.returns()
(True, True, 3, (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card, Hand
from cardlib.errors import IllegalMoveError, RulesError
from cardlib.i18n import Msg, _, language
from cardlib.protocol import StateBase
from cardlib.rulings import Ruling
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.ends import (
    ALL_TRICKS,
    END_REASONS,
    NULL_TRICK,
    PASSED_IN,
    SCHWARZ_BROKEN,
    reason_text,
)
from cardlib.skat.engine.events import EVERYONE, Event, Trick
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.engine.headlines import headline, position_label
from cardlib.skat.engine.names import phase_name
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import POSITION_NAMES, Position, Rules, position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.deal import Deal
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.views import SkatView
    from cardlib.skat.scoring.settlement import Settlement

__all__ = [
    "ALL_TRICKS",
    "END_REASONS",
    "EVERYONE",
    "NULL_TRICK",
    "PASSED_IN",
    "SCHWARZ_BROKEN",
    "Event",
    "Result",
    "SkatState",
    "Trick",
    "headline",
    "position_label",
    "reason_text",
]

RULE_ORDER = Msg("skat: order of play")


class ByIdentity:
    """Equality by identity for the states built on tuples (a tuple would compare by fields):
    two states are equal only if they are the same state, as for every other state."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __hash__(self) -> int:
        return id(self)


class SkatState(StateBase["Move"]):
    """The state protocol shared by every phase (see the module docstring)."""

    __slots__ = ()

    # Provided by each phase class.
    parent: SkatState | None
    last_move: Move | None

    @property
    def seat_count(self) -> int:
        """Three players sit at a Skat table."""
        return 3

    @property
    def phase(self) -> Phase:
        raise NotImplementedError

    @property
    def current_player(self) -> Position | None:
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def why_illegal(self, move: object) -> Ruling | None:
        raise NotImplementedError

    def play(self, move: Move) -> SkatState:
        raise NotImplementedError

    @property
    def deal(self) -> Deal:
        raise NotImplementedError

    @property
    def rules(self) -> Rules:
        raise NotImplementedError

    @property
    def hands(self) -> tuple[Hand, Hand, Hand]:
        raise NotImplementedError

    @property
    def skat(self) -> Hand | None:
        raise NotImplementedError

    def _own_events(self) -> list[Event]:
        """The events of the move that made this state (empty at the start)."""
        raise NotImplementedError

    # Defaults for the phases before the play.
    @property
    def declarer(self) -> Position | None:
        return None

    @property
    def bid(self) -> int:
        return 0

    @property
    def declaration(self) -> Declaration | None:
        return None

    @property
    def doubling(self) -> Doubling:
        """Kontra and Re so far (``Doubling.NONE`` before the Kontra phase or without it)."""
        return Doubling.NONE

    @property
    def trick(self) -> tuple[Card, ...]:
        return ()

    @property
    def trick_leader(self) -> int | None:
        return None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return ()

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points of (declarer, defenders) so far; the declarer's include the skat where it
        counts (suit and grand games)."""
        return (0, 0)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by (declarer, defenders)."""
        return (0, 0)

    @property
    def end_reason(self) -> str | None:
        """One of ``END_REASONS`` once the deal is over, else ``None``."""
        return None

    @property
    def result(self) -> Result | None:
        """The :class:`Result` once the deal is over, else ``None``."""
        return None

    def returns(self) -> tuple[int, int, int]:
        """What each position scores for the deal, in seat order (FH, MH, RH): the declarer the
        settled list value (+ won, − lost), the defenders 0; all 0 when passed in, for a set-up
        position without a settlement, and while the deal goes on; a Ramsch as
        ``settle_ramsch`` scores it."""
        result = self.result
        return (0, 0, 0) if result is None else result.returns()

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once a declared game is over: value, won, matadors and the working."""
        from cardlib.skat.scoring.settlement import settle_state

        return settle_state(self)

    # The shared protocol.
    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def dealt_hand(self, position: int) -> Hand:
        """The ten cards dealt to a position, as dealt (before any skat exchange)."""
        if position not in (0, 1, 2):
            raise RulesError(
                Msg(
                    "position {position}: expected 0 (FH), 1 (MH) or 2 (RH)",
                    position=repr(position),
                )
            )
        return self.deal.hands[position]

    def moves(self) -> list[Move]:
        """Every move from the start of the deal to this state."""
        return [s.last_move for s in self.history() if s.last_move is not None]

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state caused, each event with its ruling (on request)."""
        return tuple(self._own_events())

    def _refuse(self, move: object) -> IllegalMoveError:
        ruling = self.why_illegal(move)
        if ruling is None:  # pragma: no cover - play() calls this only for refused moves
            ruling = Ruling(
                "illegal", Msg("{move} cannot be played now", move=repr(move)), RULE_ORDER
            )
        return IllegalMoveError(ruling, self._summary())

    def _summary(self) -> str:
        player = self.current_player
        phase = phase_name(self.phase)
        if player is None:
            return str(Msg("skat {phase}", phase=phase))
        return str(Msg("skat {phase}, {who} to move", phase=phase, who=POSITION_NAMES[player]))

    def _wrong_phase(self, move: object, expected: Msg) -> Ruling:
        return Ruling(
            "wrong_phase",
            # Translators: {move} is a move such as "Play (♥J)"; {expected} says what is done now.
            Msg(
                "{move} is not a move of the {phase} phase: {expected}",
                move=_describe(move),
                phase=phase_name(self.phase),
                expected=expected,
            ),
            RULE_ORDER,
        )

    def view(self, seat: int) -> SkatView:
        """This state as ``seat`` (0 FH, 1 MH, 2 RH) may know it: see :mod:`.views`."""
        from cardlib.skat.engine.views import view_of

        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1, 2):
            raise RulesError(
                Msg("view({seat}): expected a position, 0 (FH), 1 (MH) or 2 (RH)", seat=repr(seat))
            )
        return view_of(self, seat)

    def to_text(self) -> str:
        """A readable picture of the table: phase, hands, skat, trick, points, last event."""
        lines = [self._headline()]
        for position, hand in enumerate(self.hands):
            mark = "*" if position == self.declarer else " "
            turn = ">" if position == self.current_player else " "
            cards = " ".join(card.symbol for card in hand) or "-"
            lines.append(f"{turn}{position_term(position)}{mark} {cards}")
        skat = self.skat
        shown_skat = " ".join(c.symbol for c in skat) if skat is not None else "?? ??"
        skat_line = Msg("Skat {cards}", cards=shown_skat)
        lines.append(f"  {skat_line}")
        if self.trick:
            trick = " ".join(card.symbol for card in self.trick)
            trick_line = Msg("Trick {cards}", cards=trick)
            lines.append(f"  {trick_line}")
        if self.declaration is not None:
            points, tricks = self.card_points, self.tricks_won
            if self.declaration.game.is_null:  # in Null only the tricks count
                shown = Msg(
                    "Tricks {tricks}:{defenders_tricks} (declarer:defenders)",
                    tricks=tricks[0],
                    defenders_tricks=tricks[1],
                )
            else:
                shown = Msg(
                    "Points {points}:{defenders_points}, tricks {tricks}:{defenders_tricks} "
                    "(declarer:defenders)",
                    points=points[0],
                    defenders_points=points[1],
                    tricks=tricks[0],
                    defenders_tricks=tricks[1],
                )
            lines.append(f"  {shown}")
        own = self._own_events()
        if own:
            lines.append("  " + own[-1].ruling.explanation)
        result = self.result
        if result is not None and not (own and result.summary() in own[-1].ruling.explanation):
            lines.append("  " + str(result))  # unless the last ruling said it already
        return "\n".join(lines)

    def _headline(self) -> str:
        return str(headline(self.phase, self.declarer, self.bid, self.declaration))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from cardlib import display

        text = self.to_text()
        table_svg = getattr(display, "table_svg", None)
        svg_bundle = getattr(display, "svg_bundle", None)
        if table_svg is None or svg_bundle is None:
            return display.mimebundle([], label=text)
        rows: list[tuple[str, Sequence[Card | None]]] = [
            (position_label(p, p == self.declarer), hand) for p, hand in enumerate(self.hands)
        ]
        skat = self.skat
        rows.append((_("Skat"), list(skat) if skat is not None else [None, None]))
        if self.trick:
            rows.append((_("Trick"), list(self.trick)))
        own = self._own_events()
        notes = [self._headline()] + ([own[-1].ruling.explanation] if own else [])
        bundle: dict[str, str] = svg_bundle(table_svg(rows, notes=notes), text)
        return bundle

    def __repr__(self) -> str:
        with language("en"):
            return f"<{type(self).__name__} {self._headline()}>"


def _describe(move: object) -> Msg | str:
    from cardlib.skat.engine.moves import move_kind

    return move_kind(move)
