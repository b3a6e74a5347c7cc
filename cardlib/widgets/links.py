"""What a web page's link asks a play table for: ``?seed=7&seat=1&opponents=heuristic&lang=ko``.

A bad value never stops the page: the table opens on the default instead, and a one-line note
names the value and what was used (:attr:`Link.notes`, lazy messages, so a change of language
words them anew). Seeds are whole numbers from 0 to :data:`MAX_SEED`, the largest a web page
holds exactly (a number in the browser is a double: 2**53 + 1 would come back as 2**53).

>>> link = read_link("?seed=-1&opponents=evil&x=y", ["A", "B", "C"])
>>> link.seed, link.seat, link.opponents, link.lang
(1, 0, 'heuristic', None)
>>> for note in link.notes:
...     print(note)
The link's seed=-1 is not a whole number from 0 to 9007199254740991: deal 1 is shown instead.
The link's opponents=evil is neither sampling nor heuristic: the beginner (heuristic) plays instead.
>>> read_link("seed=7&seat=2&lang=de_DE", ["A", "B", "C"])
Link(seed=7, seat=2, opponents='heuristic', lang='de', notes=())
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs

from cardlib.errors import CardlibError
from cardlib.i18n import LANGUAGES, Msg, UnknownLanguageError, get_language, language
from cardlib.widgets.opponents import DEFAULT_OPPONENTS, OPPONENTS

__all__ = ["MAX_SEED", "Link", "check_seed", "read_link"]

MAX_SEED = 2**53 - 1
"""The largest seed: the largest whole number a web page's numbers hold exactly."""

_SHOWN = 24  # characters of a bad value a note quotes
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class Link:
    """What a link asks for, bad values replaced by the defaults: the deal's ``seed``, the
    learner's ``seat``, the ``opponents`` and the language (``lang``, a code cardlib speaks, or
    ``None`` to keep the one spoken); ``notes``: one for each bad value."""

    seed: int = 1
    seat: int = 0
    opponents: str = DEFAULT_OPPONENTS
    lang: str | None = None
    notes: tuple[Msg, ...] = ()


def check_seed(seed: object, where: str) -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED`, else a refusal naming
    ``where`` it was given.

    >>> check_seed(2**53, "PlayTable")
    Traceback (most recent call last):
    cardlib.errors.CardlibError: PlayTable(seed=9007199254740992): expected a whole number from 0 to 9007199254740991
    """  # noqa: E501
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise CardlibError(
            Msg(
                "{where}(seed={seed}): expected a whole number from 0 to {most}",
                where=where,
                seed=repr(seed),
                most=MAX_SEED,
            )
        )
    return seed


def read_link(query: str, seats: Sequence[object]) -> Link:
    """The values of ``query`` (the part of the link after ``?``) for a table whose seats are
    named ``seats``. Unknown keys are ignored, so are empty values; of a key given twice the
    last counts."""
    fields = {key: values[-1].strip() for key, values in parse_qs(query.lstrip("?")).items()}
    notes: list[Msg] = []
    seed, seat, opponents, lang = Link.seed, Link.seat, Link.opponents, None
    if "seed" in fields:
        number = _whole(fields["seed"], MAX_SEED)
        if number is None:
            notes.append(Msg(
                "The link's seed={value} is not a whole number from 0 to {most}: deal {seed} is "
                "shown instead.", value=_quoted(fields["seed"]), most=MAX_SEED, seed=seed,
            ))  # fmt: skip
        else:
            seed = number
    if "seat" in fields:
        number = _whole(fields["seat"], len(seats) - 1)
        if number is None:
            notes.append(Msg(
                "The link's seat={value} is not a seat from 0 to {last}: you are {you} instead.",
                value=_quoted(fields["seat"]), last=len(seats) - 1, you=seats[seat],
            ))  # fmt: skip
        else:
            seat = number
    if "opponents" in fields:
        if fields["opponents"] in OPPONENTS:
            opponents = fields["opponents"]
        else:
            notes.append(Msg(
                "The link's opponents={value} is neither sampling nor heuristic: the beginner "
                "(heuristic) plays instead.", value=_quoted(fields["opponents"]),
            ))  # fmt: skip
    if "lang" in fields:
        lang = _language(fields["lang"])
        if lang is None:
            notes.append(Msg(
                "The link's lang={value} is not a language cardlib speaks ({known}): the "
                "language stays {name}.", value=_quoted(fields["lang"]),
                known=", ".join(LANGUAGES), name=LANGUAGES[get_language()],
            ))  # fmt: skip
    return Link(seed, seat, opponents, lang, tuple(notes))


def _whole(text: str, most: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits, if it is at most ``most``."""
    if not _DIGITS.fullmatch(text) or len(text.lstrip("0")) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def _language(text: str) -> str | None:
    """The code of the language ``text`` names (``ko``, ``de_DE``), if cardlib speaks it."""
    try:
        with language(text) as code:
            return code
    except UnknownLanguageError:
        return None


def _quoted(text: str) -> str:
    """A bad value as a note quotes it: at most :data:`_SHOWN` characters, on one line."""
    flat = " ".join(text.split())
    return flat if len(flat) <= _SHOWN else flat[: _SHOWN - 1] + "…"
