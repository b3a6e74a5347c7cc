"""Score sheets: a session's games, the rotating dealer, running totals, and the pot.

A sheet is immutable: ``add`` returns a new sheet with one more deal, so a session's history is
simply the list of sheets. The dealer rotates to the left after every deal (passed-in deals
included); at a four-player table the dealer sits the deal out.

>>> from cardlib import parse_cards
>>> from cardlib.skat.engine.facts import Declaration, GameType
>>> from cardlib.skat.scoring.settlement import settle
>>> won = settle(Declaration(GameType.DIAMONDS), parse_cards("SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8"),
...              card_points=70, declarer_tricks=6, bid=18)
>>> sheet = ScoreSheet(3, system="seeger_fabian").add(won, declarer=0).add(None)
>>> sheet.totals
(68, 0, 0)
>>> print(sheet)
  # dealer game      declarer value |      A      B      C
  1 C      ♦         A          +18 |     68      0      0
  2 A      passed in                |     68      0      0
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from cardlib.cards import Seat
from cardlib.display.width import columns, ljust, rjust
from cardlib.errors import CardlibError
from cardlib.i18n import Msg, Plural, _
from cardlib.skat.scoring.settlement import Settlement

__all__ = ["ScoreSheet", "SheetRow"]

System = Literal["list", "seeger_fabian"]
_ALIGN = {True: "left", False: "right"}


class _RamschLike(Protocol):
    @property
    def scores(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One deal on the sheet: who dealt, what was played, and what each player scored.

    ``changes`` and ``totals`` have one entry per player (seat A first); ``pot_changes`` is each
    player's payment (−) or takings (+) from the pot in this deal, ``pot`` what the pot holds after.
    ``label`` names the game in words worded when read (``str(row.label)``).
    """

    number: int
    dealer: Seat
    kind: Literal["game", "passed", "ramsch"]
    label: Msg
    declarer: Seat | None
    value: int | None
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    pot_changes: tuple[int, ...]
    pot: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A list of deals at a table of 3 or 4, scored as a plain list or by Seeger-Fabian.

    ``pot_stake`` switches on the pot (seed section 6): every player pays the stake into the pot
    at the start; a declarer who wins a Grand takes the pot (then everyone pays a fresh stake);
    one who loses a Grand pays in as much as the pot holds. The pot is its own balance, apart
    from the game points.
    """

    players: int = 3
    system: System = "list"
    pot_stake: int | None = None
    names: tuple[str, ...] = ()
    first_dealer: Seat | None = None
    rows: tuple[SheetRow, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise CardlibError(
                Msg(
                    "players={players}: a Skat table has 3 or 4 players", players=repr(self.players)
                )
            )
        if self.system not in ("list", "seeger_fabian"):
            raise CardlibError(
                Msg("system={system}: expected 'list' or 'seeger_fabian'", system=repr(self.system))
            )
        if self.pot_stake is not None and (
            not isinstance(self.pot_stake, int) or self.pot_stake <= 0
        ):
            raise CardlibError(
                Msg(
                    "pot_stake={pot_stake}: expected a positive whole number",
                    pot_stake=repr(self.pot_stake),
                )
            )
        if self.names and len(self.names) != self.players:
            raise CardlibError(
                Msg(
                    "names={names}: expected {players} names",
                    names=repr(self.names),
                    players=self.players,
                )
            )
        if any(not isinstance(name, str) or not name.strip() for name in self.names):
            raise CardlibError(
                Msg("names={names}: each name is a non-empty text", names=repr(self.names))
            )
        if self.first_dealer is not None and not 0 <= int(self.first_dealer) < self.players:
            raise CardlibError(
                Msg(
                    "first_dealer={first_dealer}: no such seat at this table",
                    first_dealer=repr(self.first_dealer),
                )
            )

    # -- the table ----------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        """The players' names, seat A first (the seat letters unless names were given)."""
        return self.names or tuple(str(Seat(i)) for i in range(self.players))

    @property
    def dealer(self) -> Seat:
        """Who deals the next deal (the first dealer is the last seat, so A leads first)."""
        first = self.players - 1 if self.first_dealer is None else int(self.first_dealer)
        return Seat((first + len(self.rows)) % self.players)

    def seat_of(self, position: int) -> Seat:
        """The player in ``position`` (0 forehand, 1 middlehand, 2 rearhand) of the next deal."""
        if not 0 <= int(position) <= 2:
            raise CardlibError(
                Msg(
                    "position {position}: expected 0 (FH), 1 (MH) or 2 (RH)",
                    position=repr(position),
                )
            )
        return Seat((int(self.dealer) + 1 + int(position)) % self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running total, seat A first."""
        return self.rows[-1].totals if self.rows else (0,) * self.players

    @property
    def pot(self) -> int:
        """What the pot holds now (0 without a pot)."""
        if self.pot_stake is None:
            return 0
        return self.rows[-1].pot if self.rows else self.pot_stake * self.players

    @property
    def pot_balances(self) -> tuple[int, ...]:
        """Each player's pot balance: takings minus stakes and payments, seat A first."""
        start = -(self.pot_stake or 0)
        return tuple(
            start + sum(row.pot_changes[i] for row in self.rows) for i in range(self.players)
        )

    # -- adding deals -------------------------------------------------------------------------

    def add(self, game: Any, declarer: int | None = None) -> ScoreSheet:
        """The sheet with one more deal.

        ``game`` is a :class:`Settlement` (with ``declarer``, the declarer's position in the deal:
        0 forehand, 1 middlehand, 2 rearhand), a finished game state (its ``settlement`` and
        ``declarer`` are used), a Ramsch result (``scores`` per position), or ``None`` for a
        passed-in deal.
        """
        settlement = game
        if game is not None and not isinstance(game, Settlement) and hasattr(game, "is_over"):
            players = getattr(getattr(game, "rules", None), "players", self.players)
            if players != self.players:
                raise CardlibError(
                    Msg(
                        "a game of a {players}-player table cannot go on this sheet of "
                        "{sheet_players} players",
                        players=players,
                        sheet_players=self.players,
                    )
                )
            if not game.is_over:
                raise CardlibError(
                    Msg("the game is not over yet: only finished deals go on the sheet")
                )
            settlement = getattr(game, "settlement", None)
            if settlement is None and getattr(game, "ramsch", None) is not None:
                settlement = game.ramsch
            if declarer is None and isinstance(settlement, Settlement):
                declarer = int(game.declarer)
        zero = (0,) * self.players
        if settlement is None:
            # Translators: a deal on the score sheet that all players passed.
            return self._with("passed", Msg("passed in"), None, None, zero, zero)
        if isinstance(settlement, Settlement):
            if declarer is None:
                raise CardlibError(
                    Msg("a settlement goes on the sheet with its declarer's position")
                )
            return self._add_game(settlement, self.seat_of(declarer))
        if hasattr(settlement, "scores"):
            return self._add_ramsch(settlement)
        raise CardlibError(Msg("{game} cannot go on a score sheet", game=repr(game)))

    def _add_game(self, s: Settlement, declarer: Seat) -> ScoreSheet:
        changes = [0] * self.players
        changes[declarer] = s.value
        if self.system == "seeger_fabian":
            changes[declarer] += 50 if s.won else -50
            if not s.won:
                bonus = 40 if self.players == 3 else 30
                for seat in range(self.players):
                    if seat != declarer:
                        changes[seat] += bonus
        pot_changes = [0] * self.players
        if self.pot_stake is not None and s.declaration.game.value == "G":
            if s.won:
                pot_changes = [-self.pot_stake] * self.players
                pot_changes[declarer] += self.pot
            else:
                pot_changes[declarer] = -self.pot
        return self._with(
            "game", s.declaration.name, declarer, s.value, tuple(changes), tuple(pot_changes)
        )

    def _add_ramsch(self, ramsch: _RamschLike) -> ScoreSheet:
        scores = tuple(ramsch.scores)
        if len(scores) != 3:
            raise CardlibError(
                Msg(
                    "a Ramsch result has 3 scores, one per position: got {scores}",
                    scores=repr(scores),
                )
            )
        changes = [0] * self.players
        for position, score in enumerate(scores):
            changes[self.seat_of(position)] += score
        zero = (0,) * self.players
        # Translators: a Ramsch deal on the score sheet.
        return self._with("ramsch", Msg("Ramsch"), None, None, tuple(changes), zero)

    def _with(
        self,
        kind: Literal["game", "passed", "ramsch"],
        label: Msg,
        declarer: Seat | None,
        value: int | None,
        changes: tuple[int, ...],
        pot_changes: tuple[int, ...],
    ) -> ScoreSheet:
        totals = tuple(t + c for t, c in zip(self.totals, changes, strict=True))
        pot = self.pot - sum(pot_changes) if self.pot_stake is not None else 0
        row = SheetRow(
            len(self.rows) + 1, self.dealer, kind, label, declarer, value, changes, totals,
            pot_changes, pot,
        )  # fmt: skip
        return ScoreSheet(
            self.players, self.system, self.pot_stake, self.names, self.first_dealer,
            (*self.rows, row),
        )  # fmt: skip

    # -- output ------------------------------------------------------------------------------

    def _cells(self, row: SheetRow) -> list[str]:
        names = self.player_names
        value = "" if row.value is None else f"{row.value:+d}"
        declarer = "" if row.declarer is None else names[row.declarer]
        return [str(row.number), names[row.dealer], str(row.label), declarer, value]

    def _header(self) -> list[str]:
        """The column headings, in the current language."""
        # Translators: the column headings of a score sheet.
        words = ["#", _("dealer"), _("game"), _("declarer"), _("value")]
        return [*words, *self.player_names] + ([_("pot")] if self.pot_stake is not None else [])

    def to_text(self) -> str:
        """The sheet as a text table: one line per deal with each player's running total."""
        names = self.player_names
        width = max(6, *(columns(name) for name in names))
        cells = [self._cells(row) for row in self.rows]
        words = self._header()[:5]
        widths = [
            max(least, columns(word)) for least, word in zip((3, 6, 9, 8, 5), words, strict=True)
        ]
        for column in (1, 2, 3):
            widths[column] = max([widths[column], *(columns(c[column]) for c in cells)])
        head = " ".join(
            (ljust if column in (1, 2, 3) else rjust)(word, widths[column])
            for column, word in enumerate(words)
        )
        head += " |" + "".join(" " + rjust(name, width) for name in names)
        if self.pot_stake is not None:
            pot = _("pot")
            head += " | " + rjust(pot, 5)
        lines = [head]
        for row, row_cells in zip(self.rows, cells, strict=True):
            line = " ".join(
                (ljust if column in (1, 2, 3) else rjust)(cell, widths[column])
                for column, cell in enumerate(row_cells)
            )
            line += " |" + "".join(f" {total:>{width}}" for total in row.totals)
            if self.pot_stake is not None:
                line += f" | {row.pot:>5}"
            lines.append(line)
        if self.pot_stake is not None:
            balance = "  ".join(
                f"{n} {b:+d}" for n, b in zip(names, self.pot_balances, strict=True)
            )
            lines.append(str(Msg("pot balances: {balances}", balances=balance)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        from html import escape

        def tr(cells: Sequence[object], tag: str = "td") -> str:
            line = ";border-bottom:1px solid #999" if tag == "th" else ""
            inner = "".join(
                f'<{tag} style="padding:2px 8px;text-align:{_ALIGN[i in (1, 2, 3)]}{line}">'
                f"{escape(str(cell))}</{tag}>"
                for i, cell in enumerate(cells)
            )
            return f"<tr>{inner}</tr>"

        body = [tr(self._header(), "th")]
        for row in self.rows:
            extra = [row.pot] if self.pot_stake is not None else []
            body.append(tr([*self._cells(row), *row.totals, *extra]))
        if self.system == "seeger_fabian":
            caption = Plural(
                "{n} player, Seeger-Fabian scoring",
                "{n} players, Seeger-Fabian scoring",
                self.players,
            )
        else:
            caption = Plural("{n} player, list scoring", "{n} players, list scoring", self.players)
        foot = ""
        if self.pot_stake is not None:
            foot = tr(["", "", _("pot balances"), "", "", *self.pot_balances, ""])
        return (
            f'<table style="border-collapse:collapse;font-family:monospace">'
            f"<caption>{escape(str(caption))}</caption>"
            f"{''.join(body)}{foot}</table>"
        )

    def to_csv(self) -> str:
        """The sheet as CSV: one row per deal, each player's change and running total.

        >>> print(ScoreSheet(3).add(None).to_csv().splitlines()[0])
        deal,dealer,game,declarer,value,A change,B change,C change,A total,B total,C total
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        names = self.player_names
        header = ["deal", "dealer", "game", "declarer", "value"]
        header += [f"{name} change" for name in names] + [f"{name} total" for name in names]
        if self.pot_stake is not None:
            header += [f"{name} pot" for name in names] + ["pot"]
        writer.writerow(header)
        for row in self.rows:
            cells: list[object] = [*self._cells(row), *row.changes, *row.totals]
            if self.pot_stake is not None:
                cells += [*row.pot_changes, row.pot]
            writer.writerow(cells)
        return out.getvalue()
