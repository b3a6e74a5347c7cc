"""The kinds of numbers the commands take, each refused in one line that names what was typed.

argparse puts the argument's name before the reason (``argument --examples: expected a whole
number 0 or more, got -1``), so a refusal says which argument and why, in the current language.

>>> whole(0)("3"), whole(1, 120)("61"), seed("-7")
(3, 61, -7)
>>> whole(0)("-1")
Traceback (most recent call last):
argparse.ArgumentTypeError: expected a whole number 0 or more, got -1
>>> whole(1, 120)("121")
Traceback (most recent call last):
argparse.ArgumentTypeError: expected a whole number from 1 to 120, got 121
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cardlib.i18n import Msg

__all__ = ["SEED_DIGITS", "seed", "whole", "workers"]

SEED_DIGITS = 100
"""The most digits a seed may have (any seed of them gives its own deal)."""

_SHOWN = 40


def _shown(text: str) -> str:
    """What was typed, cut short when it is long (a line must stay a line)."""
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}… ({len(text)} characters)"


def _number(text: str, digits: int = SEED_DIGITS) -> int:
    """``text`` as a whole number (an optional sign, then at most ``digits`` digits)."""
    plain = text.strip()
    unsigned = plain[1:] if plain[:1] in "+-" else plain
    if not (unsigned.isascii() and unsigned.isdigit()):
        raise argparse.ArgumentTypeError(
            str(Msg("expected a whole number, got {text}", text=repr(_shown(text))))
        )
    if len(unsigned) > digits:
        raise argparse.ArgumentTypeError(
            str(Msg("expected a whole number of at most {most} digits, got {digits} digits",
                    most=digits, digits=len(unsigned)))
        )  # fmt: skip
    return int(plain)


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """A whole number ``least`` or more (and at most ``most``)."""

    def number(text: str) -> int:
        value = _number(text)
        if most is not None and not least <= value <= most:
            raise argparse.ArgumentTypeError(
                str(Msg("expected a whole number from {least} to {most}, got {text}",
                        least=least, most=most, text=_shown(text.strip())))
            )  # fmt: skip
        if value < least:
            raise argparse.ArgumentTypeError(
                str(Msg("expected a whole number {least} or more, got {text}",
                        least=least, text=_shown(text.strip())))
            )  # fmt: skip
        return value

    number.__name__ = "whole number"
    return number


def seed(text: str) -> int:
    """A seed: any whole number of at most :data:`SEED_DIGITS` digits."""
    return _number(text)


def workers(text: str) -> int:
    """A number of local worker processes: 1 up to :func:`cardlib.parallel.worker_limit`."""
    from cardlib.parallel import WORKERS_PER_CORE, worker_limit

    value = _number(text)
    limit = worker_limit()
    if not 1 <= value <= limit:
        raise argparse.ArgumentTypeError(
            str(Msg("expected a whole number from 1 to {most} ({per} per core here), got {text}",
                    most=limit, per=WORKERS_PER_CORE, text=_shown(text.strip())))
        )  # fmt: skip
    return value
