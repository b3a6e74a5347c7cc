"""The learner's language: every ruling, result and prompt in English, Korean, German or Russian.

English is the source language; the others come from gettext catalogs in ``cardlib/locale``.
The language is chosen, from strongest to weakest, by :func:`language` (a ``with`` block),
:func:`set_language`, the ``CARDLIB_LANG`` environment variable and the system locale. What
cannot be spoken is said once, as a :class:`LanguageWarning`, and the texts stay in English: a
``CARDLIB_LANG`` cardlib does not speak, a catalog that is missing or damaged.

Messages are *lazy*: a :class:`Msg` keeps its message and arguments and is worded in the language
current when it is read, so an event recorded in English reads in Korean after a switch. Cards
in a message are shown by their symbols (♥10).

>>> seats = joined(["A", "B", "C"])
>>> with language("en"):
...     print(seats)
A, B and C
>>> with language("de"):
...     print(seats)
A, B und C

Korean messages attach particles to arguments with a format spec naming the pair, so the
particle agrees with how the argument is read aloud (``{who:은/는}`` gives 중견은 but A는):

>>> from cardlib.cards import Card
>>> render("{who:이/가} {card:을/를} 냅니다.", who="B", card=Card("HT"))
'B가 ♥10을 냅니다.'
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardlib.errors import CardlibError, word_with

if TYPE_CHECKING:
    import gettext as _gettext

__all__ = [
    "LANGUAGES",
    "N_",
    "LanguageWarning",
    "Msg",
    "Plural",
    "ShownBySymbol",
    "Term",
    "UnknownLanguageError",
    "_",
    "catalogs",
    "get_language",
    "joined",
    "language",
    "ngettext",
    "pgettext",
    "render",
    "set_language",
]

LANGUAGES: Mapping[str, str] = {"en": "English", "ko": "한국어", "de": "Deutsch", "ru": "Русский"}
"""The languages cardlib speaks, each with its own name for itself."""

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "cardlib"


class ShownBySymbol:
    """A value that messages show by its symbol, a suit sign then a rank's label (a card: ♥10,
    ♣J), and whose Korean particle follows the rank's name (♣J이, ♥Q을).

    :class:`cardlib.cards.Card` is one; the cards lie above the catalogs, so that their own
    refusals are catalog messages too.
    """

    __slots__ = ()

    @property
    def symbol(self) -> str:
        raise NotImplementedError


class UnknownLanguageError(CardlibError, ValueError):
    """A language cardlib has no catalog for."""


class LanguageWarning(UserWarning):
    """A language cardlib was asked to speak and cannot: the texts are in English instead.

    Its text is English: it is said when no catalog can word it.
    """


def _known(lang: str) -> str:
    code = lang.replace("-", "_").split("_")[0].split(".")[0].lower()
    if code not in LANGUAGES:
        known = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
        raise UnknownLanguageError(
            Msg("cardlib does not speak {lang}; it speaks {known}", lang=repr(lang), known=known)
        )
    return code


def _from_environment() -> str:
    """``CARDLIB_LANG`` if set, else the system locale when cardlib speaks it, else English (and
    a :class:`LanguageWarning` for a ``CARDLIB_LANG`` cardlib does not speak)."""
    chosen = os.environ.get("CARDLIB_LANG")
    if chosen:
        try:
            return _known(chosen)
        except UnknownLanguageError as error:
            said = error.args[0]  # in English: no language is chosen yet to word it in
            _warn(f"CARDLIB_LANG={chosen!r}: {render(said.message, **said.args)}; speaking English")
            return "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value and value not in ("C", "POSIX"):
            try:
                return _known(value)
            except UnknownLanguageError:
                return "en"
    import locale

    system = locale.getlocale()[0]
    if system:
        try:
            return _known(system)
        except UnknownLanguageError:
            pass
    return "en"


def _warn(text: str) -> None:
    warnings.warn(text, LanguageWarning, stacklevel=4)


_default: str | None = None  # read from the environment when first needed
_override: ContextVar[str | None] = ContextVar("cardlib_language", default=None)


def get_language() -> str:
    """The language texts are worded in now: ``'en'``, ``'ko'``, ``'de'`` or ``'ru'``."""
    global _default
    spoken = _override.get() or _default
    if spoken is None:
        spoken = _default = _from_environment()
    return spoken


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on (``'ko'``, ``'de'``, ``'ru'``, ``'en'``; ``'ko_KR'`` works too).

    >>> set_language("klingon")
    Traceback (most recent call last):
    cardlib.i18n.UnknownLanguageError: cardlib does not speak 'klingon'; it speaks en (English), ko (한국어), de (Deutsch), ru (Русский)
    """  # noqa: E501
    global _default
    _default = _known(lang)
    _fonts_for(_default)


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside a ``with`` block, then go back to what was spoken before."""
    token = _override.set(_known(lang))
    _fonts_for(get_language())
    try:
        yield get_language()
    finally:
        _override.reset(token)


def _fonts_for(lang: str) -> None:
    """Korean needs a Hangul font in matplotlib's pictures; add it once matplotlib is in use."""
    if lang == "ko" and "matplotlib" in sys.modules:
        from cardlib.fonts import use_fonts

        use_fonts()


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang``; English (and one :class:`LanguageWarning`) when it is
    missing or cannot be read."""
    import gettext as _gettext

    if lang == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as file:
            return _gettext.GNUTranslations(file)
    except FileNotFoundError:
        problem = "is missing"
    except Exception as error:  # a damaged file fails in many ways: bad magic, struct, encoding
        problem = f"cannot be read ({type(error).__name__}: {error})"
    _warn(f"the {LANGUAGES[lang]} catalog {path} {problem}; speaking English")
    return _gettext.NullTranslations()


def catalogs() -> tuple[Any, ...]:
    """The catalog of every language as now in use: what a text worded in all of them depends
    on (the key of a cache of such texts, so that a catalog replaced is read anew)."""
    return tuple(_catalog(lang) for lang in LANGUAGES)


def _(message: str) -> str:
    """``message`` in the current language (now, not lazily)."""
    return _catalog(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that agrees with ``n``, in the current language."""
    return _catalog(get_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message that means different things in different places (``context`` tells which)."""
    return _catalog(get_language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (for constants worded later)."""
    return message


class Msg:
    """A message and its arguments, worded in the current language each time it is read.

    Arguments may be messages themselves (worded in turn), cards, numbers or plain strings.
    Messages compare by message id and arguments (:meth:`key`), never by how they read now.

    >>> from cardlib.cards import Card
    >>> str(Msg("{card} wins the trick.", card=Card("CJ")))
    '♣J wins the trick.'
    """

    __slots__ = ("args", "message")

    def __init__(self, message: str, /, **args: Any) -> None:
        self.message = message
        self.args = args

    def template(self) -> str:
        """The message in the current language, before the arguments are put in."""
        return _(self.message)

    def __str__(self) -> str:
        return render(self.template(), **self.args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        args = "".join(f", {key}={value!r}" for key, value in self.args.items())
        return f"{type(self).__name__}({self.message!r}{args})"

    def key(self) -> tuple[Any, ...]:
        """What identifies the message in every language: its kind, id, arguments and whatever
        else a kind of message holds (a context, a plural, parts).

        Two messages are equal when their keys are, whatever the current language makes of them.
        Arguments compare by value; messages among them by their keys; an argument that has no
        equality of its own (it would be equal only to itself) by its type and ``repr``.

        >>> Msg("passed in") == Msg("passed in"), Msg("{n} won", n=1) == Msg("{n} won", n=2)
        (True, False)
        >>> Term("position", "FH") == Msg("FH"), Term("position", "FH") == Term("game", "FH")
        (False, False)
        """
        args = tuple((name, _comparable(value)) for name, value in sorted(self.args.items()))
        extra = tuple(_comparable(getattr(self, slot)) for slot in _held(type(self)))
        return (type(self), self.message, args, *extra)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return self.key() == other.key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_hashable(self.key()))

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)


class Plural(Msg):
    """A message with a singular and a plural, chosen by ``n`` (also given to the message as ``n``).

    >>> str(Plural("{n} card left", "{n} cards left", 1)), str(Plural("{n} card left", "{n} cards left", 5))
    ('1 card left', '5 cards left')
    """  # noqa: E501

    __slots__ = ("n", "plural")

    def __init__(self, singular: str, plural: str, n: int, /, **args: Any) -> None:
        super().__init__(singular, n=n, **args)
        self.plural = plural
        self.n = n

    def template(self) -> str:
        return ngettext(self.message, self.plural, self.n)


class Term(Msg):
    """A short word that needs its ``context`` to be translated: ``Term("position", "MH")``.

    >>> with language("de"):
    ...     print(Term("position", "RH"))
    HH
    """

    __slots__ = ("context",)

    def __init__(self, context: str, message: str, /, **args: Any) -> None:
        super().__init__(message, **args)
        self.context = context

    def template(self) -> str:
        return pgettext(self.context, self.message)

    def __repr__(self) -> str:
        return f"Term({self.context!r}, {self.message!r})"


def joined(items: list[Any] | tuple[Any, ...]) -> Msg | str:
    """Items as a list in words: ``'A'``, ``'A and B'``, ``'A, B and C'`` in the current language.

    >>> str(joined(["A", "B", "C"]))
    'A, B and C'
    >>> with language("ko"):
    ...     print(joined(["A", "B", "C"]))
    A, B와 C
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0] if isinstance(items[0], Msg) else str(items[0])
    head = Listed(items[:-1])
    return Msg("{items} and {last}", items=head, last=items[-1])


class Listed:
    """Items separated as the current language separates them (``A, B``), worded when read;
    cards by their symbols.

    >>> from cardlib.cards import Card
    >>> str(Listed(["Null Hand (35)", "Null Ouvert (46)"])), str(joined([Card("CJ"), Card("HT")]))
    ('Null Hand (35), Null Ouvert (46)', '♣J and ♥10')
    """

    __slots__ = ("items",)

    def __init__(self, items: list[Any] | tuple[Any, ...]) -> None:
        self.items = tuple(items)

    def __str__(self) -> str:
        # Translators: the separator between the items of a list: "A, B and C".
        return _(", ").join(str(_plain(item)) for item in self.items)

    def __format__(self, spec: str) -> str:
        return str(_formatter().format_field(str(self), spec))

    def __repr__(self) -> str:
        return f"Listed({list(self.items)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listed):
            return self.items == other.items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_hashable(self.items))


_HELD: dict[type[Msg], tuple[str, ...]] = {}


def _held(kind: type[Msg]) -> tuple[str, ...]:
    """What a kind of message holds beyond its id and arguments (its classes' ``__slots__``).

    >>> _held(Msg), _held(Plural), _held(Term)
    ((), ('n', 'plural'), ('context',))
    """
    if kind not in _HELD:
        slots = {
            slot
            for klass in kind.__mro__
            if klass is not Msg and issubclass(klass, Msg)
            for slot in _names(klass.__dict__.get("__slots__", ()))
        }
        _HELD[kind] = tuple(sorted(slots))
    return _HELD[kind]


def _names(slots: str | Iterable[str]) -> tuple[str, ...]:
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _comparable(value: Any) -> Any:
    """``value`` as messages compare it: itself, or by type and ``repr`` when it has no equality
    of its own; the items of tuples and lists the same way."""
    if isinstance(value, tuple | list):
        return (type(value), tuple(_comparable(item) for item in value))
    equality: Any = type(value).__eq__
    if equality is object.__eq__:
        return ("repr", type(value), repr(value))
    return value


def _hashable(value: Any) -> int:
    """A hash of ``value`` that agrees with ``==``, for values holding unhashable parts (lists).

    >>> _hashable(("a", [1, 2])) == _hashable(("a", [1, 2]))
    True
    """
    if isinstance(value, tuple | list):
        return hash(tuple(_hashable(item) for item in value))
    try:
        return hash(value)
    except TypeError:
        return hash(type(value).__name__)


# Korean particles: the form after a final consonant, then the form after a vowel.
_PARTICLES = {
    "이/가": ("이", "가"),
    "은/는": ("은", "는"),
    "을/를": ("을", "를"),
    "과/와": ("과", "와"),
    "이나/나": ("이나", "나"),
    "이라/라": ("이라", "라"),
    "이에요/예요": ("이에요", "예요"),
    "으로/로": ("으로", "로"),
    "이다/다": ("이다", "다"),
    "아/야": ("아", "야"),
}
_DIGIT_ENDS = {"0": "영", "1": "일", "2": "이", "3": "삼", "4": "사", "5": "오", "6": "육"}
_DIGIT_ENDS |= {"7": "칠", "8": "팔", "9": "구"}
_TENS_ENDS = {1: "십", 2: "백", 3: "천", 4: "만"}
_LETTER_ENDS = {
    "A": "이", "B": "비", "C": "씨", "D": "디", "E": "이", "F": "프", "G": "지", "H": "치",
    "I": "이", "J": "이", "K": "이", "L": "엘", "M": "엠", "N": "엔", "O": "오", "P": "피",
    "Q": "큐", "R": "알", "S": "스", "T": "티", "U": "유", "V": "이", "W": "유", "X": "스",
    "Y": "이", "Z": "트",
}  # fmt: skip
_RANK_ENDS = {"A": "스", "K": "킹", "Q": "퀸", "J": "잭"}
_WORD_ENDS = (("le", "블"), ("er", "어"), ("ot", "봇"))
"""How a Latin word (not a code in capitals) ends when read aloud, where its last letter's
name would mislead: Table 테이블, Schneider 슈나이더, Bot 봇."""


def _spoken_end(value: Any, text: str) -> str:
    """The last syllable of ``value`` as a Korean reader says it (for choosing a particle)."""
    if isinstance(value, ShownBySymbol):
        label = value.symbol[1:]
        return _RANK_ENDS.get(label) or _spoken_end(None, label)
    stripped = text.rstrip(" )]}\"'.·…%")
    if not stripped:
        return "가"
    last = stripped[-1]
    if last in _DIGIT_ENDS:
        digits = stripped[len(stripped.rstrip("0123456789")) :]
        zeros = len(digits) - len(digits.rstrip("0"))
        if zeros and digits.strip("0"):
            return _TENS_ENDS.get(zeros, "만")
        return _DIGIT_ENDS[last]
    if last.upper() in _LETTER_ENDS and last.isascii():
        if not stripped.isupper():
            lower = stripped.lower()
            for suffix, end in _WORD_ENDS:
                if lower.endswith(suffix):
                    return end
        return _LETTER_ENDS[last.upper()]
    return last


def particle(value: Any, text: str, pair: str) -> str:
    """The particle of ``pair`` (``'이/가'``) that follows ``text`` (``value`` worded) in Korean.

    >>> particle(None, "선봉", "은/는"), particle(None, "A", "은/는"), particle(None, "18", "을/를")
    ('은', '는', '을')
    >>> particle(None, "서울", "으로/로"), particle(None, "10", "으로/로")
    ('로', '으로')
    >>> particle(None, "HeuristicBot", "은/는"), particle(None, "Schneider", "이/가")
    ('은', '가')
    """
    after_consonant, after_vowel = _PARTICLES[pair]
    end = _spoken_end(value, text)
    if not "가" <= end <= "힣":
        return f"{after_consonant}({after_vowel})"
    final = (ord(end) - ord("가")) % 28
    if pair == "으로/로" and final in (0, 8):
        return after_vowel
    return after_vowel if final == 0 else after_consonant


@cache
def _formatter() -> Any:
    import string

    class Formatter(string.Formatter):
        def format_field(self, value: Any, format_spec: str) -> str:
            return _format_field(value, format_spec) or super().format_field(value, format_spec)

    return Formatter()


def _format_field(value: Any, format_spec: str) -> str | None:
    if format_spec in _PARTICLES:
        text = value.symbol if isinstance(value, ShownBySymbol) else str(value)
        return text + particle(value, text, format_spec)
    if isinstance(value, Msg | Listed):
        return format(str(value), format_spec)
    if isinstance(value, ShownBySymbol):
        return format(value.symbol, format_spec)
    return None


def render(template: str, /, **args: Any) -> str:
    """Put ``args`` into an already translated ``template`` (Korean particles understood)."""
    if _has_particles(template):
        return str(_formatter().vformat(template, (), args))
    return template.format_map({key: _plain(value) for key, value in args.items()})


def _plain(value: Any) -> Any:
    """An argument as ``str.format`` can show it: cards by symbol, messages worded."""
    if isinstance(value, ShownBySymbol):
        return value.symbol
    if isinstance(value, Msg | Listed):
        return str(value)
    return value


@cache
def _has_particles(template: str) -> bool:
    """Whether ``template`` attaches a Korean particle to an argument (``{who:은/는}``)."""
    return "/" in template and any(
        spec in _PARTICLES for _, _, spec, _ in _formatter().parse(template) if spec
    )


word_with(_)
