"""The error contract of the public API: whatever a caller passes, only a :class:`CardlibError`
escapes, and its message names the call or the input.

Hypothesis draws the arguments, in order and by keyword (the callable's own keywords and unknown
ones), from values of every wrong type and value a caller might pass: nothing, numbers small,
negative, huge and not a number, text that is and is not cards, bytes, lists, dictionaries, cards
and game types in the wrong place. Every function and class in the ``__all__`` of the facades
(``cardlib``, ``cardlib.skat``, ``cardlib.skat.iss``, ``cardlib.skitgubbe``,
``cardlib.probability``) is called. A call the engine takes and starts working on (a well-formed
question that needs seconds) is stopped after a second: it took its input, which is all this test
asks. The command line's own contract is ``tests/cli/test_arguments.py``.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import math
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import matplotlib.pyplot  # noqa: F401  (imported before the clock runs: see the fixture below)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import Card, CardlibError, Suit, get_language, language, set_language
from cardlib.errors import CallError, shown
from cardlib.skat import GameType, Rules, trumps

FACADES = (
    "cardlib",
    "cardlib.skat",
    "cardlib.skat.iss",
    "cardlib.skitgubbe",
    "cardlib.probability",
)


def public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    for facade in FACADES:
        module = importlib.import_module(facade)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                if issubclass(obj, BaseException) or getattr(obj, "_is_protocol", False):
                    continue
            elif not inspect.isfunction(obj):
                continue
            yield f"{facade}.{name}", obj


CALLABLES = dict(public_callables())

WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(min_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["CJ", "H7 H8", "CJ SJ HJ DJ", "x", "", "1" * 5000, "grand", "²", "H2"]),
    st.binary(max_size=4),
    st.lists(st.integers(-3, 40), max_size=3),
    st.lists(st.sampled_from(["CJ", "H7", "x", ""]), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from([object(), Card("CJ"), GameType.GRAND, Suit.HEARTS, math.nan, (), {}]),
)


DRAWS = settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
"""The same draws in every run (``derandomize``): a failure found once is found again."""


class _Working(BaseException):
    """Raised in a call that took its input and is still at work after a second."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Working


def _keywords(obj: Callable[..., Any]) -> list[str]:
    try:
        return [*inspect.signature(obj).parameters, "bogus"]
    except (TypeError, ValueError):
        return ["bogus"]


def _names_the_input(text: str, name: str, obj: Callable[..., Any], values: list[Any]) -> bool:
    if f"{name.rsplit('.', 1)[1]}(" in text:
        return True
    pieces = _keywords(obj)[:-1]
    pieces += [piece for value in values for piece in (shown(value)[:12], str(value)[:12])]
    pieces += [repr(part) for value in values if isinstance(value, str) for part in value.split()]
    pieces += [repr(part) for value in values if isinstance(value, str) for part in value]
    return any(len(piece) >= 2 and piece in text for piece in pieces) or any(
        repr(value) in text for value in values
    )


@pytest.fixture(autouse=True)
def _english_and_a_clock() -> Iterator[None]:
    """English, and a one-second clock each call arms. The plotting library is imported above,
    once: the clock stopping a call in the middle of its first, lazy import would leave the
    library half loaded for every later test."""
    spoken = get_language()
    before = signal.signal(signal.SIGALRM, _stop)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, before)
    set_language(spoken)


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_only_a_cardlib_error_escapes_and_it_names_the_input(name: str) -> None:
    obj = CALLABLES[name]
    keyword = st.sampled_from(_keywords(obj))

    @DRAWS
    @given(args=st.lists(WRONG, max_size=4), kwargs=st.dictionaries(keyword, WRONG, max_size=2))
    def call(args: list[Any], kwargs: dict[str, Any]) -> None:
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        try:
            with language("en"):
                obj(*args, **kwargs)
        except CardlibError as error:
            assert str(error), (name, args, kwargs)
            values = [*args, *kwargs.values(), *kwargs]
            values += [part for value in values if isinstance(value, list | dict | bytes)
                       for part in value]  # fmt: skip
            assert _names_the_input(str(error), name, obj, values), (str(error), args, kwargs)
        except _Working:
            pass
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    call()


def test_the_facades_export_more_than_a_hundred_callables() -> None:
    """The test above covers the public API: were the facades not read, it would test nothing."""
    assert len(CALLABLES) > 100
    assert {
        "cardlib.skat.trumps",
        "cardlib.skitgubbe.runs",
        "cardlib.probability.hypergeometric",
        "cardlib.skat.Rules",
        "cardlib.Card",
        "cardlib.skat.iss.read",
    } <= set(CALLABLES)


def test_a_call_error_is_a_type_error_too_and_speaks_the_readers_language() -> None:
    with pytest.raises(
        TypeError, match=r"trumps\(\): game='grand' has type str; expected GameType"
    ):
        trumps("grand")  # type: ignore[arg-type]
    with language("ko"), pytest.raises(CallError) as refused:
        Rules(bogus=1)  # type: ignore[call-arg]
    assert "'bogus'" in str(refused.value) and "players" in str(refused.value)
    assert any("\uac00" <= letter <= "\ud7a3" for letter in str(refused.value))


def test_the_compiled_shallow_check_agrees_with_fits() -> None:
    """The guard checks a call's arguments after it returned through hints compiled once into
    ``isinstance`` classes (``_Checks.fit``); it must find a misfit exactly where the slower
    ``misfit(..., deep=False)`` (which names it) does, for every public callable's parameters and
    values of every kind, right and wrong."""
    import random
    from fractions import Fraction

    from cardlib.calls import _Checks
    from cardlib.skat import new_deal, new_game

    values = [None, True, 0, -5, 10**20, 1.5, math.nan, 2j, "", "CJ", b"x", [1], ["CJ"], (),
              ("CJ",), {}, {"a": 1}, {1, 2}, frozenset(), object(), Card("CJ"), GameType.GRAND,
              Suit.HEARTS, Fraction(1, 2), random.Random(1), Rules(), new_deal(1),
              new_game(new_deal(1)), trumps, int, len]  # fmt: skip
    compared = 0
    for name, obj in CALLABLES.items():
        func = obj.__init__ if inspect.isclass(obj) else inspect.unwrap(obj)
        try:
            signature = inspect.signature(obj)
        except (TypeError, ValueError):
            continue
        checks = _Checks(name, func, signature)
        names = list(signature.parameters)
        for value in values:
            for count in range(1, len(names) + 1):
                args = (value,) * count
                assert checks.fit(args, {}) == (checks.misfit(args, {}, deep=False) is None), (
                    name, count, value)  # fmt: skip
            for keyword in names:
                kwargs = {keyword: value}
                assert checks.fit((), kwargs) == (checks.misfit((), kwargs, deep=False) is None), (
                    name, keyword, value)  # fmt: skip
                compared += 1
    assert compared > 1000


def _states() -> dict[str, Any]:
    from cardlib import skat, skitgubbe

    bidding = skat.new_game(skat.new_deal(1))
    play = skat.play_position(["CJ HA", "SJ H7", "DJ HK"], GameType.HEARTS, declarer=0)
    phase_one = skitgubbe.new_game(skitgubbe.Rules(players=3), rng=1)
    return {"skat bidding": bidding, "skat play": play, "skitgubbe": phase_one}


STATES = _states()
METHODS = sorted(
    (kind, name)
    for kind, state in STATES.items()
    for name in dir(type(state))
    if not name.startswith("_") and inspect.isfunction(getattr(type(state), name))
)


@pytest.mark.parametrize(("kind", "method"), METHODS)
def test_a_states_methods_keep_the_contract_and_the_state(kind: str, method: str) -> None:
    """The same for the values a state's methods are given (``view``, ``play``, ``why_illegal``,
    …), and the state is unchanged by whatever it refused. A method called with the wrong number
    of arguments is Python's own ``TypeError``, as for any object (cardlib's decision: a guard on
    every method would slow each move of the engine); the facades' callables guard that too."""
    state = STATES[kind]
    before = repr(state)
    bound = getattr(state, method)
    parameters = [p for p in inspect.signature(bound).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]  # fmt: skip
    fewest = sum(p.default is p.empty for p in parameters)

    @DRAWS
    @given(args=st.lists(WRONG, min_size=fewest, max_size=len(parameters)))
    def call(args: list[Any]) -> None:
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        try:
            with language("en"):
                bound(*args)
        except CardlibError as error:
            assert str(error), (method, args)
        except _Working:
            pass
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    call()
    assert repr(state) == before


def test_the_errors_page_shows_what_the_code_answers() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "errors.md"
    with language("en"):
        failed, tried = doctest.testfile(
            str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
        )
    assert tried >= 3 and failed == 0
