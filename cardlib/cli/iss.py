"""``python -m cardlib iss [FILE...]``: replay ISS records and compare each result with the server.

Without a file it replays the sample records that ship with cardlib (``cardlib.data``).

Records are streamed one line at a time, so files of millions of records run in constant
memory; only counts and a few examples per reason are kept. A progress bar shows when the output
is a terminal; Ctrl-C prints the summary of what was replayed so far, labelled as such. A
compressed file that is cut short or damaged is read up to the break: the summary counts what it
held before, names the file, the byte and the line where it broke, and the exit status is 1.

``--workers N`` replays on ``N`` local processes and ``--scheduler ADDRESS`` on a Dask cluster
(``cardlib[cluster]``), in chunks of lines (``--chunk``), a few chunks per worker at a time: the
memory stays constant and the summary is the one a replay in this process prints.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import io
import os
import re
import sys
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from cardlib.cli import arguments
from cardlib.i18n import N_, Msg, Plural, _

HELP = N_("replay ISS game records and compare each result with the server's")
_MAX_REASONS = 40
_OTHER_REASONS = N_("other reasons")

Outcome = tuple[str, str, str, "str | Msg"]
"""What one record gave: ``(kind, ending, reason, example)``, kind ``agrees``, ``differs`` (the
reason names the fields that differ) or ``error`` (a record cardlib cannot accept: no ending).
The example is worded when it is shown."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=_(
            "files of ISS records, one per line (.gz/.bz2 too; - for stdin); "
            "default: the 11 sample records that ship with cardlib"
        ),
    )
    parser.add_argument(
        "--examples", type=arguments.whole(0), default=3, metavar="N",
        help=_("game ids shown per reason (default 3)"),
    )  # fmt: skip
    parser.add_argument("--no-progress", action="store_true",
                        help=_("never show a progress bar"))  # fmt: skip
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=arguments.workers, metavar="N",
                       help=_("replay on N local processes"))  # fmt: skip
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=_(
            "replay on the Dask cluster of this scheduler (tcp://host:8786); "
            "needs cardlib[cluster] here and on the workers"
        ),
    )
    parser.add_argument(
        "--chunk",
        type=arguments.whole(1),
        default=200,
        metavar="LINES",
        help=_("lines sent to a worker at once (default 200)"),
    )


@dataclass
class Summary:
    """Counts of a replay run, with a few examples per reason (bounded memory)."""

    examples: int = 3
    games: int = 0
    agreements: int = 0
    disagreements: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    shown: dict[str, list[str | Msg]] = field(default_factory=dict)
    endings: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False
    broken: list[Broken] = field(default_factory=list)

    def add(self, outcome: Outcome | None) -> None:
        """Count what one record gave (``None``: a blank line, not a record)."""
        if outcome is None:
            return
        kind, ending, reason, example = outcome
        self.games += 1
        if kind == "error":
            self.note(self.errors, reason, example)
            return
        self.endings[ending] += 1
        if kind == "agrees":
            self.agreements += 1
        else:
            self.note(self.disagreements, reason, example)

    def note(self, counter: Counter[str], reason: str, example: str | Msg) -> None:
        if reason not in counter and len(counter) >= _MAX_REASONS:
            reason = _OTHER_REASONS
        counter[reason] += 1
        examples = self.shown.setdefault(reason, [])
        if len(examples) < self.examples:
            examples.append(example)

    def to_text(self) -> str:
        """The summary in the current language."""
        lines: list[str | Msg] = []
        if self.interrupted:
            lines.append(
                Plural("interrupted: the summary covers the first {n} records only",
                       "interrupted: the summary covers the first {n} records only", self.games)
            )  # fmt: skip
        for broken in self.broken:
            lines.append(broken.text)
        lines.append(Msg("games: {n}", n=self.games))
        if self.endings:
            from cardlib.skat.iss_words import ENDINGS

            endings = sorted(self.endings.items())
            lines.append("  " + _(", ").join(f"{n} {ENDINGS.get(e, e)}" for e, n in endings))
        lines.append(Msg("agreements: {n}", n=self.agreements))
        for title, counter, fields in (
            (
                Msg("disagreements: {n}", n=sum(self.disagreements.values())),
                self.disagreements,
                True,
            ),
            (
                Msg("records cardlib cannot accept: {n}", n=sum(self.errors.values())),
                self.errors,
                False,
            ),
        ):
            lines.append(title)
            for reason, count in counter.most_common():
                if reason == _OTHER_REASONS:
                    said: str | Msg = _(reason)
                else:
                    said = Msg("fields {names}", names=reason) if fields else reason
                lines.append(f"  {count} × {said}")
                lines.extend(f"      {example}" for example in self.shown[reason])
        return "\n".join(str(line) for line in lines)


def _general(reason: str) -> str:
    """A reason with its specifics masked, so that like errors count together."""
    reason = re.sub(r"^ISS game \S+, move \d+: ", "", reason)
    reason = re.sub(r"'[^']*'", "'…'", reason)
    return re.sub(r"\b[CSHD][AKQJT987]\b|\d+", "#", reason)[:120]


def replay_record(line: str, options: object = None) -> Outcome | None:
    """Replay one record line and say what it gave, for :meth:`Summary.add` (``None`` for a blank
    line). The trial that workers run; ``options`` is not used.

    >>> from cardlib import data
    >>> line = data.path("iss/sample-records.sgf").read_text().splitlines()[0]
    >>> replay_record(line)[:2], replay_record("  ")
    (('agrees', 'played'), None)
    """
    from cardlib.errors import RecordError
    from cardlib.skat.iss import read, replay

    if not line.strip():
        return None
    try:
        result = replay(read(line))
    except RecordError as error:
        return "error", "", _general(str(error)), str(error)
    differing = result.disagreements
    if not differing:
        return "agrees", result.ending, "", ""
    reason = ", ".join(key for key, _, _ in differing)
    details = [Msg("{field}: cardlib {ours}, server {theirs}", field=key, ours=ours, theirs=theirs)
               for key, ours, theirs in differing]  # fmt: skip
    example = Msg("game {game}: {details}", game=result.record.game_id, details=_Details(details))
    return "differs", result.ending, reason, example


class _Details:
    """Details of a record, separated by semicolons when they are read."""

    __slots__ = ("items",)

    def __init__(self, items: list[Msg]) -> None:
        self.items = items

    def __str__(self) -> str:
        return "; ".join(str(item) for item in self.items)


def replay_lines(lines: Iterable[str], summary: Summary) -> Summary:
    """Replay each record line into ``summary`` (Ctrl-C stops early, marking it interrupted)."""
    try:
        for line in lines:
            summary.add(replay_record(line))
    except KeyboardInterrupt:
        summary.interrupted = True
    return summary


@dataclass(frozen=True)
class Broken:
    """Where a file could not be read further: its path, the byte of the file the reader had
    reached, and the line it could not read."""

    path: str
    offset: int
    line: int

    @property
    def text(self) -> Msg:
        """What broke, in the current language."""
        return Msg(
            "{path} is cut short or damaged at byte {offset}, line {line}: "
            "the records before it are counted, the rest of the file is not",
            path=self.path, offset=self.offset, line=self.line,
        )  # fmt: skip


_OPENERS: dict[str, Any] = {
    ".gz": lambda raw: gzip.GzipFile(fileobj=raw, mode="rb"),
    ".bz2": lambda raw: bz2.BZ2File(raw, mode="rb"),
}


def _open(path: str) -> tuple[IO[str], IO[bytes] | None]:
    """The file as text, and the raw file under it (``None`` for stdin), whose position says how
    far the reader got."""
    if path == "-":
        return sys.stdin, None
    try:
        raw: IO[bytes] = open(path, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as error:
        from cardlib.errors import RecordError

        raise RecordError(
            Msg("cannot open {path}: {reason}", path=repr(path), reason=error.strerror)
        ) from None
    opener = _OPENERS.get(os.path.splitext(path)[1])
    binary: IO[bytes] = raw if opener is None else opener(raw)
    return io.TextIOWrapper(binary, encoding="utf-8", errors="replace"), raw


def _lines(
    paths: Sequence[str], broken: list[Broken] | None = None
) -> Iterator[tuple[str, int, str]]:
    """Every line of every file as ``(path, line number, line)``, one file open at a time.

    A file whose compressed data ends early or is damaged stops there: what it held before is
    read, the break goes into ``broken`` and the next file is read.
    """
    for path in paths:
        handle, raw = _open(path)
        number = 0
        try:
            for number, line in enumerate(handle, 1):
                yield path, number, line
        except (EOFError, OSError, zlib.error) as error:
            offset = raw.tell() if raw is not None and not raw.closed else 0
            where = Broken(path, offset, number + 1)
            if broken is None:
                from cardlib.errors import RecordError

                raise RecordError(str(where.text)) from error
            broken.append(where)
        finally:
            if raw is not None:
                handle.close()


def _replay_item(item: tuple[str, int, str], options: object) -> Outcome | None:
    return replay_record(item[2])


def _where(position: int, item: tuple[str, int, str]) -> str:
    return f"{item[0]}, line {item[1]}"


def _bar(paths: Sequence[str], show: bool) -> Any:
    from cardlib.estimates import NoBar

    if not show:
        return NoBar()
    from tqdm import tqdm

    sized = all(path != "-" and not path.endswith((".gz", ".bz2")) for path in paths)
    total = sum(os.path.getsize(path) for path in paths) if sized else None
    return tqdm(total=total, unit="B", unit_scale=True, desc=_("replaying"), file=sys.stderr)


def _executor(address: str) -> Any:
    from cardlib.errors import CardlibError

    try:
        from distributed import Client
    except ImportError:
        raise CardlibError(
            Msg("--scheduler needs Dask's distributed scheduler: pip install 'cardlib[cluster]'")
        ) from None
    try:
        return Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as error:  # unreachable or malformed
        raise CardlibError(
            Msg("cannot reach the Dask scheduler at {address}: {error}", address=repr(address),
                error=str(error))
        ) from None  # fmt: skip


def replay_files(
    paths: Sequence[str],
    summary: Summary,
    *,
    workers: int | None = None,
    executor: object = None,
    chunk: int = 200,
    show: bool = False,
) -> Summary:
    """Replay every record of the files into ``summary``: here, on ``workers`` local processes or
    on an ``executor`` (see :mod:`cardlib.parallel`); the summary is the same. Ctrl-C stops early,
    marking it interrupted.

    >>> from cardlib import data
    >>> samples = str(data.path("iss/sample-records.sgf"))
    >>> summary = replay_files([samples, samples], Summary(), workers=2, chunk=5)
    >>> summary.games, summary.agreements, summary.interrupted
    (22, 22, False)
    """
    from cardlib.parallel import outcomes

    for path in paths:
        if path != "-" and not os.path.isfile(path):
            _open(path)[0].close()  # names the file and why it cannot be read
    lines = _lines(paths, summary.broken)
    stream = outcomes(_replay_item, lines, options=None, label=_where, workers=workers,
                      executor=executor, chunk_size=chunk)  # fmt: skip
    bar = _bar(paths, show)
    try:
        for items, results in stream:
            for outcome in results:
                summary.add(outcome)
            bar.update(sum(len(line.encode("utf-8")) for _, _, line in items))
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        stream.close()
        bar.close()
    return summary


def run(args: argparse.Namespace) -> int:
    """Replay the files and print the summary; exit status 0 only if every record agrees."""
    if not args.files:
        from cardlib import data

        args.files = [str(data.path("iss/sample-records.sgf"))]
        print(
            Msg("Replaying the sample records that ship with cardlib ({path})", path=args.files[0])
        )
    show = not args.no_progress and sys.stderr.isatty()
    client = _executor(args.scheduler) if args.scheduler else None
    try:
        summary = replay_files(args.files, Summary(args.examples), workers=args.workers,
                               executor=client, chunk=args.chunk, show=show)  # fmt: skip
    finally:
        if client is not None:
            client.close()
    print(summary.to_text())
    if summary.interrupted:
        return 130
    return 0 if summary.agreements == summary.games and not summary.broken else 1
