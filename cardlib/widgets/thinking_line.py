"""The line a play table shows while it thinks: who is thinking (or that the hint is being
worked out), the sampled deals solved once the player reports them, and the seconds so far.

>>> line = ThinkingLine()
>>> line.start(bot_words("MH")); line.text()
'MH is thinking…'
>>> line.words = bot_words("MH", 7, 20); line.tick(1.2); line.text()
'MH is thinking… 7 of 20 deals (1 s)'
>>> line.stop(); line.busy, line.status.value
(False, '')
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import ipywidgets as widgets

from cardlib.i18n import Msg, Plural
from cardlib.players.driver import Progress
from cardlib.widgets.table_text import status_html
from cardlib.widgets.thinking import PROGRESS_EVERY, Throttle

__all__ = ["ThinkingLine", "Words", "bot_words", "hint_words"]

Words = Callable[[], str]
"""A text worded when read, in the language spoken then."""


def bot_words(who: object, done: int | None = None, planned: int = 0) -> Words:
    """``who`` is thinking, with the deals solved of ``planned`` once ``done`` is known."""
    said = Msg("{who} is thinking…", who=who) if done is None else Plural(
        "{who} is thinking… {done} of {n} deal", "{who} is thinking… {done} of {n} deals",
        planned, who=who, done=done,
    )  # fmt: skip
    return lambda: str(said)


def hint_words(done: int | None = None, planned: int = 0) -> Words:
    """The hint is being worked out, with the deals solved of ``planned`` once ``done`` is
    known.

    >>> hint_words(1, 1)()
    'Working out the hint… 1 of 1 deal'
    """
    said = Msg("Working out the hint…") if done is None else Plural(
        "Working out the hint… {done} of {n} deal", "Working out the hint… {done} of {n} deals",
        planned, done=done,
    )  # fmt: skip
    return lambda: str(said)


class ThinkingLine:
    """The thinking line (``status``, a live region) and what it says: ``words`` while the
    table thinks (``None`` while it waits for the learner), with the ``seconds`` so far."""

    def __init__(self) -> None:
        self.status = widgets.HTML()
        self.words: Words | None = None
        self.seconds: float | None = None

    @property
    def busy(self) -> bool:
        """Whether the table is thinking."""
        return self.words is not None

    def start(self, words: Words) -> None:
        """The thinking begins: say ``words``, no seconds yet."""
        self.words, self.seconds = words, None
        self.show()

    def stop(self) -> None:
        """The thinking has ended: the line goes blank."""
        self.words = self.seconds = None
        self.show()

    def tick(self, seconds: float) -> None:
        """The seconds thought so far."""
        self.seconds = seconds
        self.show()

    def text(self) -> str:
        """What the line says now, in the language spoken."""
        if self.words is None:
            return ""
        if self.seconds is None:
            return self.words()
        return str(Msg("{doing} ({seconds} s)", doing=self.words(), seconds=f"{self.seconds:.0f}"))

    def show(self) -> None:
        """Set the line's widget to :meth:`text` (from any thread: ipywidgets sends it on)."""
        self.status.value = status_html(self.text()) if self.busy else ""

    def reporter(
        self,
        lock: threading.RLock,
        current: Callable[[], bool],
        words: Callable[[int, int], Words],
        every: float = PROGRESS_EVERY,
    ) -> Progress:
        """What a sampling player in the worker reports to (:func:`~cardlib.players.driver.
        reporting`): the deals solved, worded by ``words(done, planned)``, shown at most every
        ``every`` seconds under ``lock`` while ``current()`` and the table still thinks.

        >>> line = ThinkingLine(); line.start(hint_words())
        >>> report = line.reporter(threading.RLock(), lambda: True, hint_words, every=0.0)
        >>> report(3, 20); line.text()
        'Working out the hint… 3 of 20 deals'
        """
        throttle = Throttle(every)

        def report(done: int, planned: int) -> None:
            if throttle.ready():
                with lock:
                    if current() and self.busy:
                        self.words = words(done, planned)
                        self.show()

        return report
