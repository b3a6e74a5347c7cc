"""cardlib's enums answer a value they do not have with a :class:`CallError` naming their choices.

>>> from enum import Enum
>>> class Colour(Enum, metaclass=ChoiceType):
...     RED = "r"
...     BLUE = "b"
>>> Colour("g")
Traceback (most recent call last):
...
cardlib.errors.CallError: 'g' is not a Colour: expected one of RED, BLUE
"""

from __future__ import annotations

from enum import EnumType
from typing import Any

from cardlib.errors import CallError, CardlibError, shown
from cardlib.i18n import Msg

__all__ = ["ChoiceType"]


class ChoiceType(EnumType):
    """The type of cardlib's enums: a value that is not one of them is a :class:`CallError`
    naming the choices, and so is a call with the wrong arguments."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except CardlibError:
            raise
        except (ValueError, TypeError):
            if len(args) != 1 or kwargs:
                raise CallError(
                    Msg(
                        "{call}(): takes one value, one of {choices}",
                        call=cls.__name__,
                        choices=", ".join(cls.__members__),
                    )
                ) from None
            raise CallError(
                Msg(
                    "{value} is not a {enum}: expected one of {choices}",
                    value=shown(args[0]),
                    enum=cls.__name__,
                    choices=", ".join(cls.__members__),
                )
            ) from None
