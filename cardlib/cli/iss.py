"""``python -m cardlib iss [FILE]``: replay every ISS record in a file and compare with the server.

Without a file it replays the sample records that ship with cardlib (``cardlib.data``).

Records are streamed one line at a time, so a file of millions of records runs in constant
memory; only counts and a few examples per reason are kept. A progress bar shows when the output
is a terminal; Ctrl-C prints the summary of what was replayed so far, labelled as such.
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

HELP = "replay ISS game records and compare each result with the server's"
_MAX_REASONS = 40


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        help="a file of ISS records, one per line (.gz/.bz2 too; - for stdin); "
        "default: the 11 sample records that ship with cardlib",
    )
    parser.add_argument(
        "--examples", type=int, default=3, metavar="N", help="game ids shown per reason (default 3)"
    )
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")


@dataclass
class Summary:
    """Counts of a replay run, with a few examples per reason (bounded memory)."""

    examples: int = 3
    games: int = 0
    agreements: int = 0
    disagreements: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    shown: dict[str, list[str]] = field(default_factory=dict)
    endings: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False

    def note(self, counter: Counter[str], reason: str, example: str) -> None:
        if reason not in counter and len(counter) >= _MAX_REASONS:
            reason = "other reasons"
        counter[reason] += 1
        examples = self.shown.setdefault(reason, [])
        if len(examples) < self.examples:
            examples.append(example)

    def to_text(self) -> str:
        lines = []
        if self.interrupted:
            lines.append(f"interrupted: the summary covers the first {self.games} records only")
        lines.append(f"games: {self.games}")
        if self.endings:
            lines.append("  " + ", ".join(f"{n} {e}" for e, n in sorted(self.endings.items())))
        lines.append(f"agreements: {self.agreements}")
        for title, counter in (
            ("disagreements", self.disagreements),
            ("records cardlib cannot accept", self.errors),
        ):
            lines.append(f"{title}: {sum(counter.values())}")
            for reason, count in counter.most_common():
                lines.append(f"  {count} × {reason}")
                lines.extend(f"      {example}" for example in self.shown[reason])
        return "\n".join(lines)


def _general(reason: str) -> str:
    """A reason with its specifics masked, so that like errors count together."""
    reason = re.sub(r"^ISS game \S+, move \d+: ", "", reason)
    reason = re.sub(r"'[^']*'", "'…'", reason)
    return re.sub(r"\b[CSHD][AKQJT987]\b|\d+", "#", reason)[:120]


def replay_lines(lines: Iterator[str], summary: Summary) -> Summary:
    """Replay each record line into ``summary`` (Ctrl-C stops early, marking it interrupted)."""
    from cardlib.errors import RecordError
    from cardlib.skat.iss import read, replay

    try:
        for line in lines:
            if not line.strip():
                continue
            summary.games += 1
            try:
                result = replay(read(line))
            except RecordError as error:
                summary.note(summary.errors, _general(str(error)), str(error))
                continue
            summary.endings[result.ending] += 1
            differing = result.disagreements
            if not differing:
                summary.agreements += 1
                continue
            reason = "fields " + ", ".join(key for key, _, _ in differing)
            detail = "; ".join(
                f"{k}: cardlib {ours}, server {theirs}" for k, ours, theirs in differing
            )
            summary.note(summary.disagreements, reason, f"game {result.record.game_id}: {detail}")
    except KeyboardInterrupt:
        summary.interrupted = True
    return summary


def _open(path: str) -> IO[str]:
    if path == "-":
        return sys.stdin
    opener: Any = {".gz": gzip.open, ".bz2": bz2.open}.get(os.path.splitext(path)[1], open)
    try:
        handle: IO[str] = opener(path, "rt", encoding="utf-8", errors="replace")
    except OSError as error:
        from cardlib.errors import RecordError

        raise RecordError(f"cannot open {path!r}: {error.strerror}") from None
    return handle


def _with_progress(handle: IO[str], path: str, show: bool) -> Iterator[str]:
    if not show:
        yield from handle
        return
    from tqdm import tqdm

    total = os.path.getsize(path) if path != "-" and not path.endswith((".gz", ".bz2")) else None
    with tqdm(total=total, unit="B", unit_scale=True, desc="replaying", file=sys.stderr) as bar:
        for line in handle:
            bar.update(len(line.encode("utf-8")))
            yield line


def run(args: argparse.Namespace) -> int:
    """Replay the file and print the summary; exit status 0 only if every record agrees."""
    if args.file is None:
        from cardlib import data

        args.file = str(data.path("iss/sample-records.sgf"))
        print(f"Replaying the sample records that ship with cardlib ({args.file})")
    handle = _open(args.file)
    show = not args.no_progress and sys.stderr.isatty()
    try:
        summary = replay_lines(_with_progress(handle, args.file, show), Summary(args.examples))
    finally:
        if handle is not sys.stdin:
            handle.close()
    print(summary.to_text())
    if summary.interrupted:
        return 130
    return 0 if summary.agreements == summary.games else 1
