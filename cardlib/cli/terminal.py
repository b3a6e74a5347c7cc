"""What the command line needs from the terminal it runs in, whatever that terminal is.

:func:`prepared` wraps a run of the command line:

- A terminal that cannot show the suit symbols (``PYTHONIOENCODING=ascii``, an old Windows console)
  gets the letters cardlib reads instead: ♥10 is written ``H10``, ♣J ``CJ``; a few signs become
  their ASCII look-alikes and any other character it cannot show a ``?``. Typed text it cannot
  decode reads as ``?`` too, never as a crash.
- ``SIGTERM`` ends the run as Ctrl-C does, cleaning up (worker processes included), with exit
  status 143.
- A :class:`~cardlib.i18n.LanguageWarning` (a catalog that cannot be read, a ``CARDLIB_LANG``
  cardlib does not speak) is one line on standard error.

>>> import io
>>> print(PlainText(io.StringIO(), "ascii").translated("♥10 ♣J × 2 — …"))
H10 CJ x 2 - ...
"""

from __future__ import annotations

import codecs
import contextlib
import signal
import sys
import threading
import warnings
from collections.abc import Iterator
from typing import IO, Any

from cardlib.i18n import LanguageWarning

__all__ = ["SUITS", "TERMINATED", "PlainText", "prepared", "shows"]

SUITS = "♣♠♥♦"
TERMINATED = 128 + signal.SIGTERM
"""The exit status after ``SIGTERM`` (143), as a shell reports a process ended by it."""

_LOOK_ALIKES = str.maketrans(
    {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "×": "x", "−": "-", "–": "-", "—": "-", "…": "...",
     "→": "->", "·": ".", "\u00a0": " ", "≈": "~", "≤": "<=", "≥": ">="}
)  # fmt: skip


def shows(stream: object, text: str = SUITS) -> bool:
    """Whether ``stream`` can write ``text`` (by default the suit symbols) as it is.

    >>> import io
    >>> shows(io.TextIOWrapper(io.BytesIO(), encoding="ascii")), shows(io.StringIO())
    (False, True)
    """
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        codecs.lookup(encoding)
        text.encode(encoding)
    except (LookupError, UnicodeError):
        return False
    return True


class PlainText:
    """A text stream that writes to ``stream`` only what its ``encoding`` can show (and hands
    anything else a stream is asked for to ``stream``)."""

    def __init__(self, stream: IO[str], encoding: str) -> None:
        self.stream = stream
        self.encoding = encoding
        self.errors = "replace"  # how input() writes its prompt to a terminal through us

    def translated(self, text: str) -> str:
        """``text`` as this stream writes it."""
        plain = text.translate(_LOOK_ALIKES)
        return plain.encode(self.encoding, "replace").decode(self.encoding)

    def write(self, text: str) -> int:
        self.stream.write(self.translated(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def prepared(prog: str) -> Iterator[None]:
    """Run the command line in this block with plain streams where needed, ``SIGTERM`` handled
    and language warnings as single lines; everything is put back afterwards."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(_plain_streams())
        stack.enter_context(_sigterm_ends())
        stack.enter_context(_warnings_as_lines(prog))
        yield


@contextlib.contextmanager
def _plain_streams() -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not shows(stream):
            setattr(sys, name, PlainText(stream, stream.encoding))
    errors = _lenient_input()
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        if errors is not None:
            with contextlib.suppress(Exception):
                sys.stdin.reconfigure(errors=errors)  # type: ignore[union-attr]


def _lenient_input() -> str | None:
    """Let standard input read what it cannot decode as ``?``; the errors setting it had."""
    stdin: Any = sys.stdin
    errors = getattr(stdin, "errors", None)
    if not callable(getattr(stdin, "reconfigure", None)) or errors in (None, "replace"):
        return None
    try:
        stdin.reconfigure(errors="replace")
    except Exception:
        return None
    return str(errors)


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(TERMINATED)


@contextlib.contextmanager
def _sigterm_ends() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def _warnings_as_lines(prog: str) -> Iterator[None]:
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Any, category: type[Warning], *args: Any, **kwargs: Any) -> None:
            if issubclass(category, LanguageWarning):
                print(f"{prog}: warning: {message}", file=sys.stderr)
            else:
                shown(message, category, *args, **kwargs)

        warnings.showwarning = show
        warnings.simplefilter("default", LanguageWarning)
        yield
