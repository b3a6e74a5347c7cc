"""What every Skat state shares: the protocol, events, the result, and how a state is shown.

Each phase has its own state class (bidding, skat and declaration, Kontra, play); all of them
implement this protocol, so a widget or a transcript can step through a deal without knowing the
phase:

- ``current_player`` (0 FH, 1 MH, 2 RH; ``None`` when the deal is over), ``phase``,
  ``legal_moves()``, ``why_illegal(move) -> Ruling | None``, ``is_legal(move)``,
  ``play(move) -> new state`` (``IllegalMoveError`` carrying the ruling; the state is unchanged),
  ``is_over``, ``result``, ``events`` (built on request), ``to_text()``, ``_repr_mimebundle_``;
- ``parent`` (the state before, ``None`` at the start), ``last_move``, ``history()`` (states from
  the start), ``moves()`` (moves from the start);
- ``deal``, ``rules``, ``hands`` (by position, sorted for the game), ``skat`` (``None`` while hidden
  from the table), ``declarer``, ``bid``, ``declaration``, ``trick``, ``trick_leader``, ``tricks``,
  ``card_points``, ``tricks_won``, ``end_reason``, ``dealt_hand(position)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card, Hand
from cardlib.errors import IllegalMoveError, RulesError
from cardlib.i18n import Msg, _, language
from cardlib.rulings import Ruling
from cardlib.skat.engine.facts import Declaration
from cardlib.skat.engine.names import phase_name
from cardlib.skat.engine.rules import POSITION_NAMES, Position, Rules, position_term

if TYPE_CHECKING:
    from cardlib.skat.engine.deal import Deal
    from cardlib.skat.engine.moves import Move
    from cardlib.skat.engine.views import SkatView
    from cardlib.skat.scoring.settlement import Settlement

__all__ = ["END_REASONS", "Event", "Result", "SkatState", "Trick", "reason_text"]

PASSED_IN = "passed in"
ALL_TRICKS = "all tricks played"
NULL_TRICK = "null: the declarer took a trick"
SCHWARZ_BROKEN = "schwarz announced: the defenders took a trick"
END_REASONS = (PASSED_IN, ALL_TRICKS, NULL_TRICK, SCHWARZ_BROKEN)
"""Why a deal ends: passed in, all tricks played, or one of the two early ends.

These are codes (compare with them); :class:`Result` words them for people."""
RULE_ORDER = Msg("skat: order of play")
_REASONS = {
    PASSED_IN: Msg("passed in"),
    ALL_TRICKS: Msg("all tricks played"),
    NULL_TRICK: Msg("null: the declarer took a trick"),
    SCHWARZ_BROKEN: Msg("schwarz announced: the defenders took a trick"),
    "ramsch: all tricks played": Msg("ramsch: all tricks played"),
}


def reason_text(end_reason: str) -> Msg | str:
    """Why a deal ended (one of ``END_REASONS``), in words worded when read."""
    return _REASONS.get(end_reason, end_reason)


EVERYONE = frozenset({0, 1, 2})


@dataclass(frozen=True, slots=True)
class Event:
    """Something a move caused, with the ruling that explains it, and who may know what.

    ``player`` is the position that moved (``None`` for what the rules do by themselves, such as a
    trick being won). ``ruling`` is what an onlooker who sees every card is told; when the event
    involves hidden cards (the skat picked up, the two cards laid away, the cards passed on in
    Schieberamsch), only the positions in ``known_by`` are told that, and everyone else is told
    ``table``: what the table sees ("MH lays two cards away"). :meth:`told_to` gives the event as
    one position hears it; once the deal is over every card is shown and everyone is told all.
    """

    player: int | None
    move: Move | None
    ruling: Ruling
    table: Ruling | None = None
    known_by: frozenset[int] = EVERYONE

    @property
    def code(self) -> str:
        return self.ruling.code

    def is_known_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may be told everything (``None``: an all-seeing onlooker)."""
        return seat is None or self.table is None or seat in self.known_by

    def told_to(self, seat: int | None) -> Event:
        """The event as ``seat`` hears it: hidden cards left out, the hidden move withheld."""
        if self.is_known_to(seat) or self.table is None:
            return self
        return Event(self.player, None, self.table)

    def __str__(self) -> str:
        return self.ruling.explanation


@dataclass(frozen=True, slots=True)
class Trick:
    """A complete trick: who led, the three cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def __str__(self) -> str:
        return str(self.message())

    def message(self) -> Msg:
        """The trick in words (``'FH led ♣J ♠7 ♥A: FH wins'``), worded when read."""
        cards = " ".join(card.symbol for card in self.cards)
        # Translators: a trick: who led, the three cards, who won it.
        return Msg(
            "{leader} led {cards}: {winner} wins",
            leader=position_term(self.leader),
            cards=cards,
            winner=position_term(self.winner),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: who declared what, the card points and tricks, and whether it was made.

    ``made`` says whether the declarer made the game: in play 61+ card points (90+ with Schneider
    announced, every trick with Schwarz announced or Ouvert) or no trick in Null, with a game worth
    at least the bid; ``None`` for a passed-in deal. ``overbid`` says the game as played is worth
    (``worth``: base value × multiplier, or a Null's fixed value) less than the bid: it is lost
    then, whatever the card points. A position set up card by card without a deal has no
    settlement, so its ``worth`` is ``None`` and it is never reported overbid.

    >>> import textwrap
    >>> from cardlib.skat.engine.facts import GameType
    >>> result = Result(ALL_TRICKS, 0, Declaration(GameType.DIAMONDS), 22, (87, 33), (6, 4),
    ...                 made=False, overbid=True, worth=18)
    >>> print(textwrap.fill(str(result), 90))
    FH lost ♦ (bid 22): 87:33 card points, 6:4 tricks, but the game is worth only 18, less
    than the bid 22: overbid; all tricks played
    """

    end_reason: str
    declarer: int | None = None
    declaration: Declaration | None = None
    bid: int = 0
    card_points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    made: bool | None = None
    overbid: bool = False
    worth: int | None = None

    @property
    def passed_in(self) -> bool:
        return self.end_reason == PASSED_IN

    def __str__(self) -> str:
        return str(self.message())

    def summary(self) -> str:
        """Who made or lost what, with the card points and tricks (declarer:defenders) and, for an
        overbid game, its value; ``str(result)`` adds why the deal ended. In Null only the tricks
        count, so no card points are given."""
        return str(self.summary_message())

    def message(self) -> Msg:
        """``str(result)`` as a lazy message, worded when it is read."""
        if self.declarer is None or self.declaration is None:
            if self.passed_in:
                return Msg("Passed in: all three passed.")
            return Msg("Ramsch: all tricks played.")
        summary = self.summary_message()
        if self.end_reason == ALL_TRICKS:
            # Translators: {summary} is a game's result, such as "FH made ♠ (bid 18): ...".
            return Msg("{summary}; all tricks played", summary=summary)
        if self.end_reason == NULL_TRICK:
            return Msg("{summary}; null: the declarer took a trick", summary=summary)
        if self.end_reason == SCHWARZ_BROKEN:
            return Msg("{summary}; schwarz announced: the defenders took a trick", summary=summary)
        return Msg("{summary}; {reason}", summary=summary, reason=reason_text(self.end_reason))

    def summary_message(self) -> Msg:
        """:meth:`summary` as a lazy message, worded when it is read."""
        if self.declarer is None or self.declaration is None:
            return self.message()
        facts = {
            "who": position_term(self.declarer),
            "game": self.declaration.name,
            "bid": self.bid,
            "points": self.card_points[0],
            "defenders_points": self.card_points[1],
            "tricks": self.tricks_won[0],
            "defenders_tricks": self.tricks_won[1],
        }
        if self.declaration.game.is_null:
            if self.made:
                # Translators: tricks (and card points) are given as declarer:defenders, e.g. 6:4.
                return Msg(
                    "{who} made {game} (bid {bid}): {tricks}:{defenders_tricks} tricks", **facts
                )
            return Msg("{who} lost {game} (bid {bid}): {tricks}:{defenders_tricks} tricks", **facts)
        if self.overbid:
            from cardlib.skat.engine.play import made_in_play

            if made_in_play(self.declaration, self.end_reason, self.card_points, self.tricks_won):
                return Msg(
                    "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
                    "{tricks}:{defenders_tricks} tricks, but the game is worth only {worth}, "
                    "less than the bid {bid}: overbid",
                    worth=self.worth,
                    **facts,
                )
            return Msg(
                "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
                "{tricks}:{defenders_tricks} tricks; overbid as well: the game is worth only "
                "{worth}, less than the bid {bid}",
                worth=self.worth,
                **facts,
            )
        if self.made:
            return Msg(
                "{who} made {game} (bid {bid}): {points}:{defenders_points} card points, "
                "{tricks}:{defenders_tricks} tricks",
                **facts,
            )
        return Msg(
            "{who} lost {game} (bid {bid}): {points}:{defenders_points} card points, "
            "{tricks}:{defenders_tricks} tricks",
            **facts,
        )


class SkatState:
    """The state protocol shared by every phase (see the module docstring)."""

    __slots__ = ()

    # Provided by each phase class.
    parent: SkatState | None
    last_move: Move | None

    @property
    def phase(self) -> str:
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

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once a declared game is over: value, won, matadors and the working."""
        from cardlib.skat.scoring.settlement import settle_state

        return settle_state(self)

    # The shared protocol.
    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def is_legal(self, move: object) -> bool:
        """``why_illegal(move) is None``: the two never disagree."""
        return self.why_illegal(move) is None

    def dealt_hand(self, position: int) -> Hand:
        """The ten cards dealt to a position, as dealt (before any skat exchange)."""
        if position not in (0, 1, 2):
            raise RulesError(f"position {position!r}: expected 0 (FH), 1 (MH) or 2 (RH)")
        return self.deal.hands[position]

    def history(self) -> list[SkatState]:
        """Every state from the start of the deal to this one."""
        states: list[SkatState] = []
        state: SkatState | None = self
        while state is not None:
            states.append(state)
            state = state.parent
        states.reverse()
        return states

    def moves(self) -> list[Move]:
        """Every move from the start of the deal to this state."""
        return [s.last_move for s in self.history() if s.last_move is not None]

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state caused, each event with its ruling (on request)."""
        return tuple(self._own_events())

    def all_events(self) -> tuple[Event, ...]:
        """Every event from the start of the deal to this state."""
        return tuple(event for state in self.history() for event in state._own_events())

    def _refuse(self, move: object) -> IllegalMoveError:
        ruling = self.why_illegal(move)
        if ruling is None:  # pragma: no cover - play() calls this only for refused moves
            ruling = Ruling(
                "illegal", Msg("{move} cannot be played now", move=repr(move)), RULE_ORDER
            )
        return IllegalMoveError(ruling, self._summary())

    def _summary(self) -> str:
        player = self.current_player
        who = f", {POSITION_NAMES[player]} to move" if player is not None else ""
        return f"skat {self.phase}{who}"

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

        if seat not in (0, 1, 2) or isinstance(seat, bool):
            raise RulesError(f"view({seat!r}): expected a position, 0 (FH), 1 (MH) or 2 (RH)")
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


def position_label(position: int, declarer: bool) -> str:
    """A row label of a table picture: ``'FH'``, or ``'FH (declarer)'``."""
    if declarer:
        # Translators: a row label of the table: the declarer's position.
        return str(Msg("{who} (declarer)", who=position_term(position)))
    return str(position_term(position))


def headline(phase: str, declarer: int | None, bid: int, declaration: Declaration | None) -> Msg:
    """The game line of a table: ``'Skat, play, declarer MH, bid 20, ♣'``, worded when read."""
    facts: dict[str, object] = {"phase": phase_name(phase), "bid": bid}
    if declarer is not None:
        facts["who"] = position_term(declarer)
    if declaration is not None:
        facts["game"] = declaration.name
    if declarer is None:
        if bid:
            return Msg("Skat, {phase}, bid {bid}", **facts)
        # Translators: the game line above a table: the phase, the declarer, the bid, the game.
        return Msg("Skat, {phase}", **facts)
    if declaration is None:
        if bid:
            return Msg("Skat, {phase}, declarer {who}, bid {bid}", **facts)
        return Msg("Skat, {phase}, declarer {who}", **facts)
    if bid:
        return Msg("Skat, {phase}, declarer {who}, bid {bid}, {game}", **facts)
    return Msg("Skat, {phase}, declarer {who}, {game}", **facts)


def _describe(move: object) -> Msg | str:
    from cardlib.skat.engine.moves import move_kind

    return move_kind(move)
