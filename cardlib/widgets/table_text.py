"""The texts a play table shows around its picture, as HTML: the thinking line, the coloured
notes (a refusal, a selection, a hint), the news and how a finished deal came out.

>>> print(status_html("B is thinking…"))
<div class="cardlib-thinking" role="status" style="color:#0b57d0;font-weight:bold">B is thinking…</div>
>>> "rule: 3.2" in note_html("Not allowed", REFUSED, "3.2")
True
>>> news_html(["A leads ♠10 & wins."]), news_html([])
('<ul><li>A leads ♠10 &amp; wins.</li></ul>', '')
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from cardlib.i18n import Msg
from cardlib.widgets.seat_view import step_events

__all__ = [
    "HINT",
    "NOTE",
    "REFUSED",
    "RESULT",
    "news_html",
    "note_html",
    "settlement_lines",
    "status_html",
]

REFUSED, NOTE, HINT, RESULT = "#fdecea", "#eef3fb", "#eef7ee", "#fff7dd"
"""The background colours of a refusal, a note, a hint and the result."""


def settlement_lines(state: Any) -> list[str]:
    """How a finished deal came out, with the working: the settlement's lines (when the
    state carries one) or the result and the rulings of the last move."""
    if state.result is None:
        return []
    settlement = getattr(state, "settlement", None)
    lines = [str(state.result)]
    if settlement is not None:
        lines += list(settlement.lines)
    else:
        lines += [line for line in step_events(state) if line not in lines]
    return lines


def status_html(text: str) -> str:
    """The line that says who is thinking (a live region, so a screen reader announces it)."""
    return (
        '<div class="cardlib-thinking" role="status" style="color:#0b57d0;font-weight:bold">'
        f"{escape(text, quote=False)}</div>"
    )


def note_html(text: str, colour: str, rule: str = "", *, raw: bool = False, name: str = "") -> str:
    """``text`` in a box of ``colour``, with the ``rule`` it applies (``raw``: ``text`` is
    HTML already; ``name``: the box's class, for a page's script or style to find it)."""
    body = text if raw else escape(text, quote=False)
    cited = Msg("rule: {rule}", rule=rule)
    source = f"<br><small>{escape(str(cited))}</small>" if rule else ""
    named = f' class="{escape(name)}"' if name else ""
    return (
        f'<div{named} style="background:{colour};color:#111;padding:6px 10px;border-radius:6px;'
        f'max-width:760px">{body}{source}</div>'
    )


def news_html(lines: Iterable[str], earlier: Sequence[str] = ()) -> str:
    """The news as a list (nothing when there is none), after what the seat was told
    ``earlier`` in the deal, folded away.

    >>> news_html(["RH says 18."], earlier=["MH passes."])  # doctest: +NORMALIZE_WHITESPACE
    '<details><summary>earlier in this deal (1)</summary><ul><li>MH passes.</li></ul></details>\
<ul><li>RH says 18.</li></ul>'
    """
    items = "".join(f"<li>{escape(line, quote=False)}</li>" for line in lines)
    news = f"<ul>{items}</ul>" if items else ""
    if not earlier:
        return news
    before = "".join(f"<li>{escape(line, quote=False)}</li>" for line in earlier)
    summary = escape(str(Msg("earlier in this deal ({n})", n=len(earlier))), quote=False)
    return f"<details><summary>{summary}</summary><ul>{before}</ul></details>{news}"
