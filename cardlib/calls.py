"""One error contract for the public API: a call that does not fit raises a :class:`CallError`.

Every name a facade exports (``cardlib``, ``cardlib.skat``, ``cardlib.skat.iss``,
``cardlib.skitgubbe``, ``cardlib.probability``) is guarded here, in one place, from its type
hints. A function's own refusals speak first; what is left over (Python raising inside it, or an
argument of the wrong type that it took without a word) becomes a :class:`CallError` naming the
argument and the type expected. A class turns a call its constructor cannot take (an unknown
keyword, a missing or surplus argument) into a ``CallError`` naming the keyword and the ones
accepted; an enum names its choices (:mod:`cardlib.choices`). The values themselves (a bid of
-1, a card given twice) are the functions' own to refuse, each with its own
:class:`CardlibError`.

A ``CallError`` is a :class:`CardlibError` and a :class:`TypeError`, so both ``except`` clauses
keep working, and its text is in the reader's language:

>>> from cardlib.skat import Rules, trumps
>>> trumps("grand")
Traceback (most recent call last):
...
cardlib.errors.CallError: trumps(): game='grand' has type str; expected GameType
>>> Rules(bogus=1)
Traceback (most recent call last):
...
cardlib.errors.CallError: Rules(): no keyword 'bogus'; it takes players, ramsch, kontra, ramsch_rules
>>> from cardlib.skat import GameType
>>> GameType("X")
Traceback (most recent call last):
...
cardlib.errors.CallError: 'X' is not a GameType: expected one of DIAMONDS, HEARTS, SPADES, CLUBS, GRAND, NULL
"""  # noqa: E501

from __future__ import annotations

import ast
import collections.abc
import functools
import importlib
import inspect
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import EnumType
from typing import Any

from cardlib.errors import CallError, CardlibError, shown
from cardlib.i18n import _

__all__ = ["CallError", "describe", "fits", "guard", "guard_names", "shown"]

_ELEMENTS = 64
"""Elements of a list, tuple or set whose types are checked against the element hint."""


def _is_protocol(hint: type) -> bool:
    return bool(getattr(hint, "_is_protocol", False))


def fits(value: Any, hint: Any, deep: bool = True) -> bool:
    """Whether ``value`` fits the type ``hint`` as far as can be told without running anything:
    a class, ``None``, a union, a literal, and (``deep``) the elements of a list, tuple, set, dict
    or text. A hint it cannot read (a type variable, a forward reference, a protocol) fits
    anything.

    >>> from collections.abc import Sequence
    >>> fits(["CJ", 5], Sequence[str]), fits(3, float), fits(None, int | None)
    (False, True, True)
    """
    if hint is Any or hint is None or hint is type(None):
        return hint is Any or value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, arg, deep) for arg in args)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if origin is typing.Annotated:
        return fits(value, args[0], deep)
    if origin is collections.abc.Callable:
        return callable(value)
    if origin is type:
        return isinstance(value, type)
    if isinstance(origin, type):
        return _fits_generic(value, origin, args if deep else ())
    if isinstance(hint, type):
        if hint is float:
            return isinstance(value, int | float)
        if hint is complex:
            return isinstance(value, int | float | complex)
        if _is_protocol(hint) and not getattr(hint, "_is_runtime_protocol", False):
            return True
        return isinstance(value, hint)
    supertype = getattr(hint, "__supertype__", None)
    return supertype is None or fits(value, supertype, deep)


def _fits_generic(value: Any, origin: type, args: tuple[Any, ...]) -> bool:
    if _is_protocol(origin) and not getattr(origin, "_is_runtime_protocol", False):
        return True
    if not isinstance(value, origin):
        return False
    if not args or not isinstance(value, list | tuple | set | frozenset | dict | str | bytes):
        return True
    if isinstance(value, dict):
        if len(args) == 1:
            return all(fits(key, args[0]) for key in list(value)[:_ELEMENTS])
        if len(args) != 2:
            return True
        items = list(value.items())[:_ELEMENTS]
        return all(fits(key, args[0]) and fits(item, args[1]) for key, item in items)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return len(value) == len(args) and all(map(fits, value, args))
    return all(fits(item, args[0]) for item in list(value)[:_ELEMENTS])


def describe(hint: Any) -> str:
    """A type hint as a reader would name it.

    >>> from collections.abc import Sequence
    >>> describe(Sequence[str] | None)
    'Sequence[str] or None'
    """
    if hint is None or hint is type(None):
        return "None"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(describe(arg) for arg in args)
    if origin is typing.Literal:
        return " or ".join(repr(arg) for arg in args)
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        inner = ", ".join("..." if arg is Ellipsis else describe(arg) for arg in args)
        return f"{name}[{inner}]" if inner else name
    return str(getattr(hint, "__name__", hint))


@functools.cache
def _deferred_names(module: str) -> dict[str, Any]:
    """What ``module`` imports under ``if TYPE_CHECKING:``, imported now that the package is
    loaded, so that hints naming those types can be read."""
    loaded = sys.modules.get(module)
    try:
        tree = ast.parse(inspect.getsource(loaded)) if loaded is not None else None
    except (OSError, TypeError):
        tree = None
    names: dict[str, Any] = {}
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imported in node.body:
                if isinstance(imported, ast.ImportFrom) and imported.module and not imported.level:
                    source = importlib.import_module(imported.module)
                    for alias in imported.names:
                        if hasattr(source, alias.name):
                            names[alias.asname or alias.name] = getattr(source, alias.name)
    return names


def _hints(func: Callable[..., Any], signature: inspect.Signature) -> dict[str, Any]:
    """The readable type hints of ``func``'s parameters; one it cannot resolve is left out."""
    namespace = dict(getattr(func, "__globals__", {}))
    namespace.update(_deferred_names(getattr(func, "__module__", "") or ""))
    hints = {}
    for name, parameter in signature.parameters.items():
        hint = parameter.annotation
        if isinstance(hint, str):
            try:
                hint = eval(hint, namespace)
            except Exception:
                continue
        if hint is not inspect.Parameter.empty:
            hints[name] = hint
    return hints


_Shallow = tuple[type, ...] | None
"""A hint compiled for the shallow check: the classes ``isinstance`` takes for it, or ``None``
where only :func:`fits` can tell."""


def _shallow(hint: Any) -> _Shallow:
    """The classes a value must be an instance of to fit ``hint`` without looking inside it
    (``fits(value, hint, deep=False)`` as one ``isinstance``), ``None`` if that is not so simple.

    >>> _shallow(int | None), _shallow(float), _shallow(list[str]), _shallow(Any)
    ((<class 'int'>, <class 'NoneType'>), (<class 'int'>, <class 'float'>), (<class 'list'>,), (<class 'object'>,))
    """  # noqa: E501
    if hint is Any:
        return (object,)
    if hint is None or hint is type(None):
        return (type(None),)
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_shallow(arg) for arg in typing.get_args(hint)]
        if any(part is None for part in parts):
            return None
        return tuple(t for part in parts if part is not None for t in part)
    if origin is type:
        return (type,)
    cls: Any = origin if origin is not None else hint
    if not isinstance(cls, type) or cls is collections.abc.Callable:
        return None
    if _is_protocol(cls) and not getattr(cls, "_is_runtime_protocol", False):
        return (object,)
    return {float: (int, float), complex: (int, float, complex)}.get(cls, (cls,))


class _Checks:
    """The parameters of one callable, in order, with their hints: read on the first call."""

    def __init__(self, label: str, func: Callable[..., Any], signature: inspect.Signature) -> None:
        self.label, self.func, self.signature = label, func, signature
        self._order: list[tuple[str, Any]] | None = None
        self._named: dict[str, Any] = {}
        self._quick: list[tuple[Any, _Shallow]] | None = None
        self._quick_named: dict[str, tuple[Any, _Shallow]] = {}
        self.exact: tuple[frozenset[type], ...] | None = None
        """Once compiled, if every positional hint compiles to classes: each one's classes, for a
        check of exact types (a subclass, or a hint of ``Any``, is left to :meth:`fit`)."""

    def fit(self, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> bool:
        """Whether every argument fits its hint shallowly (``misfit(..., deep=False)`` finds
        nothing), each hint compiled once into the classes ``isinstance`` takes."""
        quick = self._quick
        if quick is None:
            quick = self._compile()
        for (hint, classes), value in zip(quick, args, strict=False):
            if not (isinstance(value, classes) if classes else fits(value, hint, deep=False)):
                return False
        for name, value in kwargs.items():
            hint, classes = self._quick_named.get(name, (Any, (object,)))
            if not (isinstance(value, classes) if classes else fits(value, hint, deep=False)):
                return False
        return True

    def _compile(self) -> list[tuple[Any, _Shallow]]:
        order = self._read()
        self._quick_named = {name: (hint, _shallow(hint)) for name, hint in self._named.items()}
        self._quick = [(hint, _shallow(hint)) for _name, hint in order]
        compiled = [classes for _hint, classes in self._quick]
        if all(classes is not None and object not in classes for classes in compiled):
            self.exact = tuple(frozenset(classes or ()) for classes in compiled)
        return self._quick

    def _read(self) -> list[tuple[str, Any]]:
        if self._order is None:
            hints = _hints(self.func, self.signature)
            kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
            self._order = [
                (name, hints.get(name, Any))
                for name, parameter in self.signature.parameters.items()
                if parameter.kind in kinds
            ]
            self._named = {
                name: hints[name]
                for name, parameter in self.signature.parameters.items()
                if name in hints
                and parameter.kind != inspect.Parameter.POSITIONAL_ONLY
                and parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
            }
        return self._order

    def misfit(
        self, args: tuple[Any, ...], kwargs: Mapping[str, Any], deep: bool = True
    ) -> CallError | None:
        """The :class:`CallError` of the first argument whose type does not fit (``deep``: its
        elements included), or ``None``."""
        order = self._read()
        given = [(name, hint, value) for (name, hint), value in zip(order, args, strict=False)]
        given += [(name, self._named[name], value) for name, value in kwargs.items()
                  if name in self._named]  # fmt: skip
        for name, hint, value in given:
            if hint is Any or fits(value, hint, deep):
                continue
            template = (
                _("{call}(): {name}={value} holds values that do not fit {expected}")
                if fits(value, hint, deep=False)
                else _("{call}(): {name}={value} has type {got}; expected {expected}")
            )
            return _words(
                template,
                call=self.label,
                name=name,
                value=shown(value),
                got=type(value).__name__,
                expected=describe(hint),
            )
        return None

    def binding(self, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> CallError | None:
        """The :class:`CallError` of a call the signature cannot bind, or ``None``."""
        kind = inspect.Parameter
        parameters = list(self.signature.parameters.values())
        by_keyword = [p.name for p in parameters
                      if p.kind in (kind.POSITIONAL_OR_KEYWORD, kind.KEYWORD_ONLY)]  # fmt: skip
        in_order = [p.name for p in parameters
                    if p.kind in (kind.POSITIONAL_ONLY, kind.POSITIONAL_OR_KEYWORD)]  # fmt: skip
        if not any(p.kind == kind.VAR_KEYWORD for p in parameters):
            for name in kwargs:
                if name not in by_keyword:
                    return _words(
                        _("{call}(): no keyword {keyword}; it takes {accepted}"),
                        call=self.label,
                        keyword=shown(name),
                        accepted=", ".join(by_keyword) or "-",
                    )
        if len(args) > len(in_order) and not any(p.kind == kind.VAR_POSITIONAL for p in parameters):
            return _words(
                _("{call}(): takes at most {count} values in order; {given} were given"),
                call=self.label,
                count=len(in_order),
                given=len(args),
            )
        twice = [name for name in in_order[: len(args)] if name in kwargs]
        if twice:
            return _words(
                _("{call}(): {name} is given twice, in order and by keyword"),
                call=self.label,
                name=twice[0],
            )
        given = set(in_order[: len(args)]) | set(kwargs)
        missing = [p.name for p in parameters
                   if p.default is kind.empty and p.name not in given
                   and p.kind not in (kind.VAR_POSITIONAL, kind.VAR_KEYWORD)]  # fmt: skip
        if missing:
            return _words(
                _("{call}(): no value for {names}"), call=self.label, names=", ".join(missing)
            )
        return None


_RAW = (TypeError, AttributeError, ValueError, LookupError, OverflowError)
"""What Python raises when a value does not fit the code it reaches."""


def _diagnose(checks: _Checks, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """After Python raised inside a call: the :class:`CallError` of a call that does not bind or
    of an argument that does not fit, if there is one (else the caller re-raises Python's)."""
    misfit = checks.binding(args, kwargs) or checks.misfit(args, kwargs)
    if misfit is not None:
        raise misfit from None


def _signature(obj: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        return None


def _guard_function(func: Callable[..., Any], module: str, name: str) -> Callable[..., Any]:
    signature = _signature(func)
    if signature is None:
        return func
    checks = _Checks(name, func, signature)

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            answer = func(*args, **kwargs)
        except _RAW as error:
            if isinstance(error, CardlibError):
                raise
            _diagnose(checks, args, kwargs)
            raise
        exact = checks.exact  # the common case first: positional arguments of the exact types
        if (
            exact is not None
            and not kwargs
            and len(args) <= len(exact)
            and all(map(frozenset.__contains__, exact, map(type, args)))
        ):
            return answer
        if not checks.fit(args, kwargs):
            misfit = checks.misfit(args, kwargs, deep=False)
            if misfit is not None:
                raise misfit
        return answer

    call.__module__, call.__qualname__ = module, name
    call.__guarded__ = True  # type: ignore[attr-defined]
    return call


def _guard_class(cls: type) -> type:
    if (
        isinstance(cls, EnumType)
        or issubclass(cls, BaseException)
        or _is_protocol(cls)
        or cls.__dict__.get("__guarded__")
    ):
        return cls
    if cls.__init__ is object.__init__ and cls.__new__ is object.__new__:
        return _guard_bare(cls)
    signature = _signature(cls)
    if signature is None:
        return cls
    target = "__new__" if "__new__" in cls.__dict__ else "__init__"
    original = getattr(cls, target)
    checks = _Checks(cls.__name__, original, signature)

    @functools.wraps(original)
    def construct(*args: Any, **kwargs: Any) -> Any:
        try:
            return original(*args, **kwargs)
        except _RAW as error:
            mine = args[0] is cls if target == "__new__" else type(args[0]) is cls
            if isinstance(error, CardlibError) or not mine:
                raise
            _diagnose(checks, args[1:], kwargs)
            raise

    setattr(cls, target, staticmethod(construct) if target == "__new__" else construct)
    cls.__guarded__ = True  # type: ignore[attr-defined]
    return cls


def _guard_bare(cls: type) -> type:
    """A class with Python's own constructor takes no arguments: saying so in an ``__init__``
    leaves its subclasses' constructors as they are (one that has an ``__init__`` of its own, as
    each Skat state has, does not even pass through it)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if type(self) is cls and (args or kwargs):
            raise _words(_("{call}(): takes no values"), call=cls.__name__)

    cls.__init__ = __init__  # type: ignore[misc]
    cls.__guarded__ = True  # type: ignore[attr-defined]
    return cls


def _words(template: str, **values: Any) -> CallError:
    return CallError(template.format(**values))


def guard(obj: Any, module: str, name: str) -> Any:
    """``obj`` under the contract: a function wrapped (named as ``module.name``, so that it
    pickles), a class guarded in place, anything else as it is."""
    if isinstance(obj, type):
        return _guard_class(obj)
    if inspect.isfunction(obj) and not getattr(obj, "__guarded__", False):
        return _guard_function(obj, module, name)
    return obj


def guard_names(namespace: dict[str, Any], names: Iterable[str]) -> None:
    """Guard each of ``names`` that ``namespace`` (a facade's ``globals()``) holds."""
    module = namespace["__name__"]
    for name in names:
        if name in namespace:
            namespace[name] = guard(namespace[name], module, name)
