"""Game records of the International Skat Server (ISS): read, write, replay, compare.

One game a line: ``(;GM[Skat]...ID[541932]...P0[fh]P1[mh]P2[rh]...MV[moves]R[result] ;)``.
:func:`read` turns a line into a :class:`Record` and :func:`write` gives the line back exactly.
A line that cannot be read raises :class:`~cardlib.errors.RecordError` naming the game id, the
move number (0 before the first move) and the reason.

>>> line = ("(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[7]DT[2011]P0[a]P1[b]P2[c]"
...         "R0[]R1[]R2[]MV[w C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.ST.HJ."
...         "C7.H8.S7.DA.CJ.CT.D8.H9.CA.HA 1 p 2 p 0 p ]R[passed] ;)")
>>> record = read(line)
>>> record.game_id, record.players, record.is_passed
('7', ('a', 'b', 'c'), True)
>>> record.deal[3]
(Card('CA'), Card('HA'))
>>> write(record) == line
True
>>> replayed = replay(record)
>>> replayed.ending, replayed.fields, replayed.agrees
('passed', {'outcome': 'passed'}, True)
>>> print(replayed.comparison)
  field  cardlib  server
outcome   passed  passed  ✓
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from cardlib.calls import guard_names
from cardlib.cards import SKAT_DECK, Card
from cardlib.errors import CardlibError, RecordError
from cardlib.i18n import Msg
from cardlib.skat.engine.facts import Declaration, GameType
from cardlib.skat.engine.moves import Bid, Hold, Pass, PickUpSkat, Play
from cardlib.skat.iss_words import ENDINGS, FieldTable
from cardlib.skat.scoring.settlement import Settlement, settle
from cardlib.skat.scoring.value import value as value_of

if TYPE_CHECKING:
    from cardlib.skat.engine.states import SkatState

__all__ = [
    "IssMove",
    "Record",
    "Replay",
    "ServerValue",
    "Spacing",
    "parse_declaration",
    "read",
    "records",
    "replay",
    "result_fields",
    "server_value",
    "write",
]

MoveKind = Literal[
    "deal",
    "bid",
    "hold",
    "pass",
    "pickup",
    "skat",
    "declare",
    "discard",
    "play",
    "hidden",
    "claim",
    "resign",
    "leave",
    "timeout",
]

_PROPERTY = re.compile(r"([A-Z][A-Z0-9]*)\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_DECLARATION = re.compile(r"[GCSHDN][OHSZ]*")
_CARDS = {str(card): card for card in SKAT_DECK}
_SEATS = frozenset("012")
_RESULT_WORDS = {
    "win": "outcome",
    "loss": "outcome",
    "penalty": "outcome",
    "passed": "outcome",
    "bidok": "bid",
    "overbid": "bid",
}


@dataclass(frozen=True, slots=True)
class IssMove:
    """One move of ``MV[...]``: who (``'w'`` the server, ``'0' '1' '2'`` a seat) and the text.

    ``kind`` says what it is; ``cards`` holds the cards it names (the deal, the skat shown,
    discards, a card played, the cards shown with a claim or an ouvert declaration).
    """

    who: str
    text: str
    kind: MoveKind
    cards: tuple[Card, ...] = ()

    @property
    def seat(self) -> int:
        """The seat (0 FH, 1 MH, 2 RH) that moved; for ``LE.n``/``TI.n``, the seat n."""
        if self.kind in ("leave", "timeout"):
            return int(self.text[3])
        return int(self.who) if self.who != "w" else -1

    def __str__(self) -> str:
        return f"{self.who} {self.text}"


@dataclass(frozen=True, slots=True)
class Spacing:
    """The whitespace of a line as read, so that :func:`write` gives it back byte for byte.

    ``outside``: before ``(;`` and after ``;)``; ``properties``: before each header property,
    then before ``MV`` and before ``R``; ``moves``: before, between and after the words of ``MV``
    (two words a move); ``result``: before, between and after the tokens of ``R``; ``end``: before
    ``;)``.
    """

    outside: tuple[str, str]
    properties: tuple[str, ...]
    moves: tuple[str, ...]
    result: tuple[str, ...]
    end: str

    def fits(self, record: Record) -> bool:
        """Whether there is a gap for every property, move word and result token of ``record``."""
        return (
            len(self.properties) == len(record.properties) + 2
            and len(self.moves) == 2 * len(record.moves) + 1
            and len(self.result) == len(record.result) + 1
        )

    @classmethod
    def of(cls, record: Record) -> Spacing:
        """The server's own spacing: ``MV[w ... 2 HT ]R[d:2 loss ...] ;)``."""
        words = 2 * len(record.moves)
        tokens = len(record.result)
        return cls(
            ("", ""),
            ("",) * (len(record.properties) + 2),
            ("",) + (" ",) * words,
            ("",) + (" ",) * (tokens - 1) + ("",) * min(tokens, 1),
            " ",
        )


@dataclass(frozen=True, slots=True)
class Record:
    """A read ISS game record.

    ``properties`` keeps every ``KEY[value]`` except ``MV`` and ``R`` in the order read;
    ``moves`` are the moves of ``MV``; ``result`` the tokens of the server's ``R[...]``.
    ``spacing`` is the whitespace of the line read, so that :func:`write` gives the line back
    byte for byte; it takes no part in comparing records (a record made by hand, or one whose
    spacing no longer fits, is written in the server's own spacing).
    """

    properties: tuple[tuple[str, str], ...]
    moves: tuple[IssMove, ...]
    result: tuple[str, ...]
    spacing: Spacing | None = field(default=None, compare=False, repr=False)

    def get(self, key: str, default: str = "") -> str:
        """The value of a header property such as ``"ID"`` or ``"P0"``."""
        for name, value in self.properties:
            if name == key:
                return value
        return default

    @property
    def game_id(self) -> str:
        return self.get("ID", "?")

    @property
    def players(self) -> tuple[str, str, str]:
        """The players' names: forehand (P0), middlehand (P1), rearhand (P2)."""
        return (self.get("P0"), self.get("P1"), self.get("P2"))

    @property
    def deal(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The dealt cards: forehand, middlehand, rearhand (10 each) and the skat (2)."""
        cards = self.moves[0].cards
        return (cards[0:10], cards[10:20], cards[20:30], cards[30:32])

    def _of(self, *kinds: str) -> tuple[IssMove, ...]:
        return tuple(move for move in self.moves if move.kind in kinds)

    @property
    def bidding(self) -> tuple[IssMove, ...]:
        """The bids, holds and passes, in order."""
        return self._of("bid", "hold", "pass")

    @property
    def skat_moves(self) -> tuple[IssMove, ...]:
        """Taking the skat (``s``) and the server showing it."""
        return self._of("pickup", "skat")

    @property
    def declaration_move(self) -> IssMove | None:
        moves = self._of("declare")
        return moves[0] if moves else None

    @property
    def declaration(self) -> Declaration | None:
        """What was declared (``Z`` implies ``S``, as the server writes ``CHZ``)."""
        move = self.declaration_move
        return None if move is None else parse_declaration(move.text.split(".")[0])

    @property
    def declarer(self) -> int | None:
        move = self.declaration_move
        return None if move is None else int(move.who)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The two cards the declarer put away (none in a Hand game)."""
        move = self.declaration_move
        if move is None:
            return ()
        split = self._of("discard")
        if split:
            return split[0].cards
        declaration = self.declaration
        return () if declaration is None or declaration.hand else move.cards[:2]

    @property
    def plays(self) -> tuple[IssMove, ...]:
        """The cards played (``??`` where the server hid one)."""
        return self._of("play", "hidden")

    @property
    def claims(self) -> tuple[IssMove, ...]:
        return self._of("claim")

    @property
    def resigns(self) -> tuple[IssMove, ...]:
        return self._of("resign")

    @property
    def leaves(self) -> tuple[IssMove, ...]:
        return self._of("leave")

    @property
    def timeouts(self) -> tuple[IssMove, ...]:
        return self._of("timeout")

    @property
    def is_passed(self) -> bool:
        """All three passed: nobody declared and nobody left."""
        return self.declaration_move is None and not self.leaves and not self.timeouts

    @property
    def server_result(self) -> dict[str, str]:
        """The server's ``R[...]`` by field: ``d v m p t s z p0 p1 p2 l to r`` as written,
        ``outcome`` (``win loss penalty passed``) and ``bid`` (``bidok overbid``)."""
        fields: dict[str, str] = {}
        for token in self.result:
            key, colon, value = token.partition(":")
            if colon:
                fields[key] = value
            else:
                fields[_RESULT_WORDS[token]] = token
        return fields


def parse_declaration(text: str) -> Declaration:
    """An ISS game letter with flags, read by :meth:`Declaration.parse_iss` (the one parser).

    ``Z`` (Schwarz announced) implies ``S``, and a suit or grand Ouvert implies ``H S Z``.

    >>> parse_declaration("CHZ")
    Declaration(GameType.CLUBS, hand=True, schneider=True, schwarz=True)
    """
    return Declaration.parse_iss(text)


def _error(game_id: str, move: int, reason: str) -> RecordError:
    return RecordError(f"ISS game {game_id}, move {move}: {reason}")


def _cards(text: str, game_id: str, number: int) -> tuple[Card, ...]:
    cards = []
    for word in text.split("."):
        card = _CARDS.get(word)
        if card is None:
            raise _error(game_id, number, f"{word!r} in {text!r} is not a Skat card")
        cards.append(card)
    if len(set(cards)) != len(cards):
        raise _error(game_id, number, f"{text!r} names a card twice")
    return tuple(cards)


def _move(who: str, text: str, number: int, game_id: str) -> IssMove:
    card = _CARDS.get(text)
    if card is not None and who in _SEATS and number > 1:  # the common case: a card played
        return IssMove(who, text, "play", (card,))
    if who not in ("w", "0", "1", "2"):
        raise _error(game_id, number, f"{who!r} is not a mover: expected w, 0, 1 or 2")
    if who == "w":
        if number == 1:
            cards = _cards(text, game_id, number)
            if len(cards) != 32:
                raise _error(game_id, number, f"the deal {text!r} has {len(cards)} cards, not 32")
            return IssMove(who, text, "deal", cards)
        if re.fullmatch(r"LE\.[012]", text):
            return IssMove(who, text, "leave")
        if re.fullmatch(r"TI\.[012]", text):
            return IssMove(who, text, "timeout")
        if text == "??.??":
            return IssMove(who, text, "skat")
        cards = _cards(text, game_id, number)
        if len(cards) != 2:
            raise _error(game_id, number, f"the server shows a skat of 2 cards, not {text!r}")
        return IssMove(who, text, "skat", cards)
    if number == 1:
        raise _error(game_id, number, f"the record must start with the deal, not {who} {text!r}")
    simple: dict[str, MoveKind] = {
        "y": "hold",
        "p": "pass",
        "s": "pickup",
        "RE": "resign",
        "??": "hidden",
        "SC": "claim",
    }
    if text in simple:
        return IssMove(who, text, simple[text])
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return IssMove(who, text, "bid")
    head, _, rest = text.partition(".")
    if head == "SC":
        return IssMove(who, text, "claim", _cards(rest, game_id, number))
    if head in _CARDS:
        cards = _cards(text, game_id, number)
        if len(cards) == 1:
            return IssMove(who, text, "play", cards)
        if len(cards) == 2:
            return IssMove(who, text, "discard", cards)
        raise _error(game_id, number, f"{text!r}: a play is one card, a discard two")
    if _DECLARATION.fullmatch(head):
        try:
            declaration = parse_declaration(head)
        except RecordError:
            raise
        except Exception as error:  # RulesError from Declaration.parse_iss
            raise _error(game_id, number, str(error)) from None
        cards = _cards(rest, game_id, number) if rest else ()
        allowed = (0, 10) if declaration.hand else (0, 2, 12)
        if len(cards) not in allowed:
            raise _error(
                game_id,
                number,
                f"{text!r}: a {'Hand' if declaration.hand else 'skat'} declaration lists "
                f"{' or '.join(map(str, allowed))} cards, not {len(cards)}",
            )
        return IssMove(who, text, "declare", cards)
    raise _error(game_id, number, f"{who} {text!r} is not an ISS move")


_GAPS = re.compile(r"(\S+)")


def _split(text: str) -> tuple[list[str], tuple[str, ...]]:
    """The words of ``text`` and the whitespace around them (one more gap than words)."""
    parts = _GAPS.split(text)
    return parts[1::2], tuple(parts[0::2])


def read(line: str) -> Record:
    """Read one ISS record line; ``write(read(line)) == line``, whitespace and all.

    Whitespace may surround the line, stand between properties and before ``;)``, and separate
    (and surround) the words of ``MV[...]`` and ``R[...]`` in any amount; the record keeps it.

    >>> line = (" (;GM[Skat]ID[727]P0[a]P1[b]P2[c]"
    ...     "MV[w HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8.D9.DK.SJ."
    ...     "D8.CQ.DA.DQ.S7  1 p\\t2 p 0 18 0 GO 0 CJ 0 SC 1 RE 1 H9 2 RE ]R[d:0 win v:192 ] ;)\\n")
    >>> record = read(line)
    >>> write(record) == line, [str(m) for m in record.moves[1:3]], record.result
    (True, ['1 p', '2 p'], ('d:0', 'win', 'v:192'))
    """
    if not isinstance(line, str):
        raise RecordError(Msg("ISS game ?, move 0: {line} is not a line of text", line=repr(line)))
    text = line.strip()
    before = line[: len(line) - len(line.lstrip())]
    after = line[len(before) + len(text) :]
    found = re.search(r"ID\[([^\]]*)\]", text)
    game_id = found.group(1) if found else "?"
    if not text.startswith("(;"):
        raise _error(game_id, 0, f"a record starts with '(;', this one with {text[:12]!r}")
    if len(text) < 4 or not text.endswith(";)"):
        raise _error(game_id, 0, "the line does not end with ';)': truncated?")
    body = text[2:-2]
    properties: list[tuple[str, str]] = []
    gaps: list[str] = []
    moves_text: str | None = None
    result_text: str | None = None
    position = 0
    while True:
        start = position
        while position < len(body) and body[position].isspace():
            position += 1
        gaps.append(body[start:position])
        if position == len(body):
            break
        match = _PROPERTY.match(body, position)
        if match is None:
            raise _error(
                game_id,
                0,
                f"cannot read a property at character {position + 2}: "
                f"{body[position : position + 20]!r}",
            )
        key, value = match.groups()
        if result_text is not None:
            raise _error(game_id, 0, f"property {key} after R: the result comes last")
        if key == "MV":
            if moves_text is not None:
                raise _error(game_id, 0, "the moves MV[...] are given twice")
            moves_text = value
        elif key == "R":
            result_text = value
        elif moves_text is not None:
            raise _error(game_id, 0, f"property {key} after MV: only R may follow the moves")
        else:
            properties.append((key, value))
        position = match.end()
    keys = [key for key, _ in properties]
    for needed in ("ID", "P0", "P1", "P2"):
        if needed not in keys:
            raise _error(game_id, 0, f"the record has no {needed}[...]")
    if len(set(keys)) != len(keys):
        raise _error(game_id, 0, "a property is given twice")
    if moves_text is None:
        raise _error(game_id, 0, "the record has no moves MV[...]")
    if result_text is None:
        raise _error(game_id, 0, "the record has no result R[...]")
    words, move_gaps = _split(moves_text)
    if len(words) % 2:
        raise _error(game_id, len(words) // 2 + 1, f"{words[-1]!r} has no move: truncated?")
    moves = tuple(
        _move(words[i], words[i + 1], i // 2 + 1, game_id) for i in range(0, len(words), 2)
    )
    if not moves or moves[0].kind != "deal":
        raise _error(game_id, 1, "the moves do not start with the deal")
    tokens, result_gaps = _split(result_text)
    for token in tokens:
        key, colon, value = token.partition(":")
        if (colon and not re.fullmatch(r"[a-z][a-z0-9]*", key)) or (
            not colon and token not in _RESULT_WORDS
        ):
            raise _error(game_id, len(moves), f"{token!r} in R[{result_text}] is not a result")
    spacing = Spacing((before, after), tuple(gaps[:-1]), move_gaps, result_gaps, gaps[-1])
    return Record(tuple(properties), moves, tuple(tokens), spacing)


def write(record: Record) -> str:
    """The record as one ISS line (the inverse of :func:`read`, byte for byte).

    A record read from a line gives that line back, its whitespace included; otherwise the line
    is spaced as the server writes it.
    """
    spacing = record.spacing
    if spacing is None or not spacing.fits(record):
        spacing = Spacing.of(record)
    gaps = iter(spacing.properties)
    head = "".join(f"{next(gaps)}{key}[{value}]" for key, value in record.properties)
    words = [word for move in record.moves for word in (move.who, move.text)]
    moves = spacing.moves[0] + "".join(map(str.__add__, words, spacing.moves[1:]))
    result = spacing.result[0] + "".join(map(str.__add__, record.result, spacing.result[1:]))
    before, after = spacing.outside
    return f"{before}(;{head}{next(gaps)}MV[{moves}]{next(gaps)}R[{result}]{spacing.end};){after}"


def records(lines: Iterator[str] | list[str]) -> Iterator[Record]:
    """Read records one by one from lines (a file), skipping blank lines.

    The line end belongs to the file, not to the record: each line is read without it.
    """
    for line in lines:
        if line.strip():
            yield read(line.removesuffix("\n").removesuffix("\r"))


# -- replay -----------------------------------------------------------------------------------

_ENDINGS = ("claim", "resign", "leave", "timeout")


@dataclass(frozen=True, slots=True)
class Replay:
    """A record run through the engine.

    ``state`` is the last state the engine reached (after the last card the record plays);
    ``ending`` says how the game ended: ``"passed"``, ``"played"`` (to its natural end),
    ``"claimed"``, ``"resigned"``, ``"left"``, ``"timed out"`` or ``"penalty"`` (a player left
    before anyone declared). ``declarer_points`` and ``declarer_tricks`` include the tricks credited
    when a game ends by claim, resignation, leaving or a timeout, and the skat (as the server
    counts them, also in Null). ``settlement`` is cardlib's own settlement (the ISkO's, with the
    working), ``None`` when there was no game; ``fields`` are the result as the server writes it
    (see :func:`server_value`: for a game lost with Schneider or Schwarz announced, or lost before
    the first trick was complete, the server's value differs from the settlement's).
    """

    record: Record
    state: SkatState
    ending: str
    declarer_points: int
    declarer_tricks: int
    settlement: Settlement | None
    fields: dict[str, str]

    @property
    def disagreements(self) -> list[tuple[str, str, str]]:
        """``(field, cardlib's value, the server's value)`` for each field the two disagree on."""
        server = self.record.server_result
        return [
            (key, self.fields.get(key, "—"), value)
            for key, value in server.items()
            if self.fields.get(key) != value
        ]

    @property
    def agrees(self) -> bool:
        """Every field of the server's ``R[...]`` is what cardlib computes."""
        return not self.disagreements

    @property
    def ending_label(self) -> Msg:
        """How the game ended, in the reader's words (:attr:`ending` is its code)."""
        return ENDINGS[self.ending]

    @property
    def comparison(self) -> FieldTable:
        """Each field of the server's ``R[...]`` beside cardlib's value, as a table whose
        headers are worded in the reader's language (the fields and values are the server's)."""
        server = self.record.server_result
        return FieldTable(tuple((key, self.fields.get(key, "—"), server[key]) for key in server))


_SIMPLE_MOVES: dict[str, Any] = {"hold": Hold(), "pass": Pass(), "pickup": PickUpSkat()}
_PLAYS = {card: Play(card) for card in SKAT_DECK}


def _engine_move(move: IssMove) -> Any:
    if move.kind == "bid":
        return Bid(int(move.text))
    if move.kind == "play":
        return _PLAYS[move.cards[0]]
    return _SIMPLE_MOVES[move.kind]


def replay(record: Record) -> Replay:
    """Run a record through the engine: every bid, the skat, the declaration and every card.

    Raises :class:`RecordError` (game id, move number, reason) for a move cardlib refuses.
    """
    from cardlib.skat.engine.bidding import new_game
    from cardlib.skat.engine.deal import Deal
    from cardlib.skat.engine.moves import Declare, Discard

    game_id = record.game_id
    try:
        fh, mh, rh, skat = record.deal
        state: Any = new_game(Deal(fh, mh, rh, skat))
    except CardlibError as error:
        raise _error(game_id, 1, str(error)) from None
    ended: list[IssMove] = []
    hidden = False
    moves = record.moves
    skip: set[int] = set()
    for index in range(1, len(moves)):
        move, number = moves[index], index + 1
        if index in skip:
            continue
        try:
            if move.kind in _ENDINGS:
                ended.append(move)
            elif move.kind == "skat":
                if move.cards and tuple(sorted(move.cards)) != tuple(sorted(skat)):
                    raise _error(
                        game_id, number, f"the skat shown, {move.text}, is not the skat dealt"
                    )
            elif hidden or state.is_over:
                why = "after a hidden card" if hidden else "after the game is over"
                raise _error(game_id, number, f"{move} comes {why}")
            elif move.kind == "hidden":
                hidden = True
            elif move.kind == "declare":
                declaration = parse_declaration(move.text.split(".")[0])
                if state.declarer != move.seat:
                    raise _error(game_id, number, f"{move}: seat {move.seat} is not the declarer")
                if not declaration.hand:
                    discards = move.cards[:2]
                    if not discards:
                        later = next(
                            (i for i in range(index + 1, len(moves)) if moves[i].kind == "discard"),
                            None,
                        )
                        if later is None:
                            raise _error(game_id, number, f"{move}: the discards are missing")
                        skip.add(later)
                        discards = moves[later].cards
                    state = state.play(Discard(*discards))
                state = state.play(Declare(declaration))
                shown = move.cards if declaration.hand else move.cards[2:]
                if shown and set(shown) != set(state.hands[move.seat]):
                    raise _error(game_id, number, f"{move}: the cards shown are not the hand")
            elif move.kind == "discard":
                raise _error(game_id, number, f"{move}: a discard without a declaration before")
            else:
                turn = state.current_player
                if move.seat != turn:
                    whose = "nobody's turn" if turn is None else f"seat {int(turn)}'s turn"
                    raise _error(game_id, number, f"{move}: it is {whose}")
                state = state.play(_engine_move(move))
        except RecordError:
            raise
        except CardlibError as error:
            raise _error(game_id, number, f"{move}: {error}") from None
    return _finish(record, state, ended, len(moves))


def _finish(record: Record, state: Any, ended: list[IssMove], count: int) -> Replay:
    from cardlib.skat.engine.facts import card_points

    game_id = record.game_id
    left = next((m.seat for m in ended if m.kind == "leave"), -1)
    timed_out = next((m.seat for m in ended if m.kind == "timeout"), -1)
    resigned = any(m.kind == "resign" for m in ended)
    declarer = state.declarer
    if declarer is None or state.declaration is None:
        if state.is_over:
            return Replay(record, state, "passed", 0, 0, None, {"outcome": "passed"})
        gone = left if left >= 0 else timed_out
        if gone < 0:
            raise _error(game_id, count, "the record ends before anyone declared")
        fields = _fields(-1, "penalty", 0, 0, False, 0, 0, False, False, left, timed_out, resigned)
        fields.update({f"p{seat}": str(int(seat == gone)) for seat in range(3)})
        return Replay(record, state, "penalty", 0, 0, None, fields)
    declaration = state.declaration
    skat_cards = tuple(state.context.skat)
    done = state.tricks
    won_cards = [card for trick in done if trick.winner == declarer for card in trick.cards]
    points = card_points(won_cards) + card_points(skat_cards)
    tricks = sum(1 for trick in done if trick.winner == declarer)
    ending = "played"
    if not state.is_over:
        to_declarer = _conceded_to_declarer(ended, declarer)
        if to_declarer is None:
            raise _error(game_id, count, "the record ends before the game is over")
        ending = _ending_name(ended)
        remaining = 10 - len(done)
        played = {card for trick in done for card in trick.cards}
        rest = [
            card
            for card in record.deal[0] + record.deal[1] + record.deal[2] + record.deal[3]
            if card not in played and card not in skat_cards
        ]
        null = declaration.game.value == "N"
        if to_declarer != null:  # the declarer takes the rest (in Null: when conceding)
            points += card_points(rest)
            tricks += remaining
    dealt = record.deal[declarer] + record.deal[3]
    try:
        settlement = settle(declaration, dealt, points, tricks, state.bid, state.doubling)
    except CardlibError as error:
        raise _error(game_id, count, f"cannot settle the game: {error}") from None
    server = server_value(declaration, dealt, points, tricks, state.bid, len(done))
    fields = _fields(
        declarer,
        "win" if server.value > 0 else "loss",
        server.value,
        server.matadors,
        server.overbid,
        points,
        tricks,
        server.schneider,
        server.schwarz,
        left,
        timed_out,
        resigned,
    )
    return Replay(record, state, ending, points, tricks, settlement, fields)


@dataclass(frozen=True, slots=True)
class ServerValue:
    """A declared game as the server values it: the fields ``v m bidok|overbid s z`` of ``R``."""

    value: int
    matadors: int
    overbid: bool
    schneider: bool
    schwarz: bool


def server_value(
    declaration: Declaration,
    declarer_cards: Iterable[Card],
    card_points: int,
    declarer_tricks: int,
    bid: int,
    tricks_played: int,
) -> ServerValue:
    """The server's value of a finished game, and its Schneider and Schwarz flags.

    ``declarer_cards`` are the declarer's ten dealt cards and the skat; ``card_points`` and
    ``declarer_tricks`` the declarer's, with the skat and the tricks credited at an early end;
    ``tricks_played`` the tricks completed at the table.

    The flags ``s`` and ``z`` are the Schneider and Schwarz levels play reached; the value also
    counts the levels an announcement names (``S``, ``Z`` and Ouvert), reached or not:

    - won: ``s`` with 90 or more card points, ``z`` (and ``s``) with all ten tricks;
    - lost: ``s`` when the declarer is schneider (30 or less), ``z`` (and ``s``) when the
      declarer took no trick, but only for a level not announced (it counts already) and only
      once a trick was completed (resigning in the first trick costs no Schneider);
    - Null: neither.

    ISS game 13577, a Clubs Ouvert with 1 lost in the first trick, is worth 8 × 12 (the game,
    with 1, Hand, Schneider, Schneider announced, Schwarz, Schwarz announced, Ouvert), −192,
    ``s:0 z:0``, as the server wrote it:

    >>> from cardlib import parse_cards
    >>> cards = parse_cards("CJ HJ DJ CA HA HQ H7 SA HT H8 DQ S7")
    >>> server_value(Declaration.parse_iss("CO"), cards, 3, 0, 18, 1)
    ServerValue(value=-192, matadors=1, overbid=False, schneider=False, schwarz=False)
    >>> server_value(Declaration.parse_iss("C"), cards, 3, 0, 18, 1)   # not announced
    ServerValue(value=-96, matadors=1, overbid=False, schneider=True, schwarz=True)
    """
    if declaration.game is GameType.NULL:
        null = value_of(declaration, card_points=card_points, declarer_tricks=declarer_tricks,
                     reading="iss")  # fmt: skip
        return ServerValue(null.score, 0, False, False, False)
    server = value_of(
        declaration, tuple(declarer_cards), card_points=card_points,
        declarer_tricks=declarer_tricks, bid=bid, reading="iss", tricks_played=tricks_played,
    )  # fmt: skip
    schneider, schwarz = server.schneider_level, server.schwarz_level
    return ServerValue(server.score, server.matadors, server.overbid, schneider or schwarz, schwarz)


def _conceded_to_declarer(ended: list[IssMove], declarer: int) -> bool | None:
    """Who the remaining tricks go to: the declarer (True), the defenders (False), or unknown."""
    for move in ended:
        if move.kind in ("leave", "timeout"):
            return move.seat != declarer
    if any(m.kind == "resign" and m.seat == declarer for m in ended):
        return False
    if any(m.kind == "claim" and m.seat == declarer for m in ended):
        return True
    if any(m.kind == "resign" and m.seat != declarer for m in ended):
        return True
    return None


def _ending_name(ended: list[IssMove]) -> str:
    kinds = [move.kind for move in ended]
    for kind, name in (("leave", "left"), ("timeout", "timed out"), ("claim", "claimed")):
        if kind in kinds:
            return name
    return "resigned"


def _fields(
    declarer: int,
    outcome: str,
    value: int,
    mats: int,
    overbid: bool,
    points: int,
    tricks: int,
    schneider: bool,
    schwarz: bool,
    left: int,
    timed_out: int,
    resigned: bool,
) -> dict[str, str]:
    return {
        "d": str(int(declarer)),
        "outcome": outcome,
        "v": str(value),
        "m": str(mats),
        "bid": "overbid" if overbid else "bidok",
        "p": str(points),
        "t": str(tricks),
        "s": str(int(schneider)),
        "z": str(int(schwarz)),
        "p0": "0",
        "p1": "0",
        "p2": "0",
        "l": str(left),
        "to": str(timed_out),
        "r": str(int(resigned)),
    }


def result_fields(record: Record | Replay) -> dict[str, str]:
    """The result in the server's own terms, as cardlib computes it by replaying the record.

    Keys as :attr:`Record.server_result`: ``d outcome v m bid p t s z p0 p1 p2 l to r``
    (``{"outcome": "passed"}`` for a passed-in deal).
    """
    return (record if isinstance(record, Replay) else replay(record)).fields


guard_names(globals(), __all__)
