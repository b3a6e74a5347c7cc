"""Every text a person reads from a finished Skat deal, to scan in any language.

:func:`collect` gathers, once, every object of a deal whose words a person reads: each event's
ruling (and what the table is told instead), the refusals of moves tried at every step, the
table and each seat's view as text, the bots' advice, the result, the settlement or the Ramsch
result, the tricks, the dealt hands' analyses and the score sheet. :func:`read` words them all in
the current language, by name, so the same collection can be read in English and then in
another language; :func:`human_texts` does both at once.

>>> from cardlib.skat import HeuristicBot, new_deal, new_game
>>> state = new_game(new_deal(7))
>>> bot = HeuristicBot(rng=7)
>>> while not state.is_over:
...     state = state.play(bot.choose(state))
>>> texts = human_texts(state)
>>> texts["result"]
'MH made ♠ (bid 18): 99:21 card points, 9:1 tricks; all tricks played'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from cardlib import SKAT_DECK
from cardlib.skat import (
    Bid,
    Declare,
    Discard,
    HeuristicBot,
    Hold,
    Kontra,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Re,
    ScoreSheet,
    SkatState,
)
from cardlib.skat.players.analysis import analyse

Item = tuple[str, Callable[[], str]]
TAG = re.compile(r"<[^>]*>")


def visible(markup: str) -> str:
    """The text of an HTML picture as a person reads it: tags dropped, one line per element."""
    return html.unescape(TAG.sub("\n", markup)).strip()


def probes(state: SkatState) -> list[Any]:
    """Moves to try in ``state``: one of each kind, and cards held, not held and out of turn."""
    moves: list[Any] = [
        Pass(), Hold(), Bid(18), Bid(19), Bid(264), PickUpSkat(), Push(), Kontra(), Re(),
        Declare("C"), Declare("CH"), Declare("CS"), Declare("NH"), Declare("N"), Declare("NOH"),
    ]  # fmt: skip
    player = state.current_player
    held = list(state.hands[player]) if player is not None else []
    others = [card for card in SKAT_DECK if card not in held]
    moves += [Play(card) for card in held] + [Play(others[0])]
    if len(held) >= 2:
        moves += [Discard(held[0], held[1]), Discard(held[0], others[0])]
    return moves


def collect(final: SkatState, bot: HeuristicBot | None = None) -> list[Item]:
    """Everything a person reads from the deal that ended in ``final``, gathered once.

    Each item is a name and a function that words the object now (the objects themselves are
    built here, so a text built eagerly shows up when it is read in another language).
    """
    bot = HeuristicBot(rng=1) if bot is None else bot
    items: list[Item] = []

    def ruling(name: str, value: Any) -> None:
        items.append((f"{name} explanation", lambda: value.explanation))
        items.append((f"{name} rule", lambda: value.rule))

    for step, state in enumerate(final.history()):
        for number, event in enumerate(state.events):
            name = f"step {step} event {number} {event.code}"
            ruling(name, event.ruling)
            if event.table is not None:
                ruling(f"{name} told the table", event.table)
        for move in probes(state):
            refusal = state.why_illegal(move)
            if refusal is not None:
                ruling(f"step {step} refusal of {move!r} ({refusal.code})", refusal)
        items.append((f"step {step} table", state.to_text))
        for seat in range(3):
            items.append((f"step {step} view {seat}", state.view(seat).to_text))
        if state.current_player is not None:
            advice = bot.hint(state)
            items.append((f"step {step} advice", lambda advice=advice: str(advice)))
    result = final.result
    if result is not None:
        items.append(("result", lambda: str(result)))
        items.append(("summary", result.summary))
    for number, trick in enumerate(final.tricks):
        items.append((f"trick {number + 1}", lambda trick=trick: str(trick)))
    settlement = final.settlement
    if settlement is not None:
        for number in range(len(settlement.lines)):
            items.append((f"settlement line {number}", lambda n=number: settlement.lines[n]))
        items.append(("settlement html", lambda: visible(settlement._repr_html_())))
    ramsch = getattr(final, "ramsch", None)
    if ramsch is not None:
        for number in range(len(ramsch.lines)):
            items.append((f"ramsch line {number}", lambda n=number: ramsch.lines[n]))
        ruling("ramsch", ramsch.ruling)
    try:
        hands = final.deal.hands
    except Exception:  # a position set up card by card has no deal
        hands = ()
    for position, hand in enumerate(hands):
        analysis = analyse(hand)
        items.append((f"analysis {position}", analysis.to_text))
        for row in analysis.rows:
            items.append((f"analysis {position} {row.game.name}", lambda row=row: row.explanation))
    if final.is_over:
        sheet = ScoreSheet(final.rules.players).add(final)
        items.append(("sheet", sheet.to_text))
        items.append(("sheet html", lambda: visible(sheet._repr_html_())))
    return items


def read(items: list[Item]) -> dict[str, str]:
    """Every collected text, worded in the current language, by name."""
    return {name: word() for name, word in items}


def human_texts(final: SkatState) -> dict[str, str]:
    """Every text a person reads from the deal that ended in ``final``, in the current language."""
    return read(collect(final))
