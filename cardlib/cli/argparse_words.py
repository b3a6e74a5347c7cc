"""argparse's own error words in the reader's language.

argparse words its errors in English before cardlib sees them; :func:`worded` recognizes each
kind it can give and says it again as a catalog message, keeping the names and values argparse
quoted. Anything else is left as argparse said it.

>>> from cardlib.i18n import language
>>> with language("ko"):
...     print(worded("argument --seat: invalid choice: 'zz' (choose from 'FH', 'MH')"))
인자 --seat: 고를 수 없는 값입니다: 'zz' ('FH', 'MH' 가운데에서 고르세요)
>>> print(worded("the following arguments are required: game"))
the following arguments are required: game
"""

from __future__ import annotations

import re

from cardlib.i18n import N_, Msg

__all__ = ["worded"]

_KINDS = (
    (r"the following arguments are required: (?P<names>.+)",
     N_("the following arguments are required: {names}")),
    (r"unrecognized arguments: (?P<args>.+)", N_("unrecognized arguments: {args}")),
    (r"argument (?P<name>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
     N_("argument {name}: invalid choice: {value} (choose from {choices})")),
    (r"argument (?P<name>\S+): expected one argument",
     N_("argument {name}: expected one argument")),
    (r"argument (?P<name>\S+): invalid (?P<kind>\S+) value: (?P<value>.+)",
     N_("argument {name}: invalid {kind} value: {value}")),
    (r"argument (?P<name>\S+): not allowed with argument (?P<other>\S+)",
     N_("argument {name}: not allowed with argument {other}")),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
     N_("ambiguous option: {option} could match {matches}")),
    (r"argument (?P<name>\S+): (?P<message>.+)", N_("argument {name}: {message}")),
)  # fmt: skip
_PATTERNS = tuple((re.compile(pattern, re.S), message) for pattern, message in _KINDS)


def worded(message: str) -> Msg | str:
    """argparse's ``message`` as a lazy catalog message (as it came when it is no known kind)."""
    for pattern, template in _PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            return Msg(template, **found.groupdict())
    return message
