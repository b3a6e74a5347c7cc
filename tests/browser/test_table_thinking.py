"""The Skat app against the sampling players in Voilà: while the bots think the table says so and
its controls are disabled, and fast double clicks never play a card into a position the learner
did not see (each double click plays one card, the one clicked).

Deal 30 is played because its card play does not hang on how many deals the bots solve in time:
RH holds all four jacks with ♣10 9, ♠A 10 Q and ♦A (the simple player bids up to 120 on it), so
whether the sampling player solves many deals in time or none and falls back, RH plays a game
(with the learner passing: a Grand Hand at a 0.6 s budget, a Diamonds game at 0.01 s) and the
learner, in forehand, leads to the first trick."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

LOAD = 90_000
CARD = re.compile(r"^(♣|♠|♥|♦)(10|[2-9JQKA])$")

# The table marks itself ready after it has drawn the hand and the buttons for the position; the
# thinking line alone can be gone before the hand is drawn again (the bots answer in tens of ms).
IDLE = """() => !document.querySelector('.cardlib-thinking')
    && !!document.querySelector('.cardlib-table.cardlib-ready')"""
COUNT = """([pattern, before]) => [...document.querySelectorAll('button.widget-button')]
    .filter(b => new RegExp(pattern).test(b.textContent.trim())).length < before"""


def hand(page: Any) -> list[str]:
    """The learner's card buttons: their symbols after ``-`` (disabled), ``+`` (a card one may
    play: the green border, 2 px) or ``.`` (enabled, but not playable now)."""
    found: list[str] = page.locator("button.widget-button").evaluate_all(
        """bs => bs.map(b => (b.disabled ? '-' : getComputedStyle(b).borderTopWidth === '2px'
            ? '+' : '.') + b.textContent.trim())"""
    )
    return [text for text in found if CARD.match(text[1:])]


def test_the_table_says_who_thinks_disables_its_controls_and_drops_extra_clicks(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    server = voila("notebooks/apps/play_skat.ipynb")
    page.goto(server.url + "/?seed=30&opponents=sampling")
    expect(page.get_by_role("button", name="hint")).to_be_visible(timeout=LOAD)
    page.wait_for_function(IDLE, timeout=60_000)
    # FH passes; MH and RH bid on, thinking, and the table says so at once.
    page.get_by_role("button", name="pass", exact=True).click()
    expect(page.locator(".cardlib-thinking")).to_contain_text("is thinking…", timeout=2_000)
    expect(page.get_by_role("button", name="hint")).to_be_disabled(timeout=2_000)
    cards = hand(page)
    assert cards and all(card.startswith("-") for card in cards), cards
    page.get_by_role("button", name=cards[0][1:], exact=True).dblclick(force=True)
    page.wait_for_function(IDLE, timeout=60_000)
    assert len(hand(page)) == 10, "a click made while the bots thought was played"
    played = 0
    for _turn in range(3):
        page.wait_for_function(IDLE, timeout=60_000)
        legal = [card[1:] for card in hand(page) if card.startswith("+")]
        if not legal:
            break
        before = len(hand(page))
        page.get_by_role("button", name=legal[0], exact=True).dblclick()
        played += 1
        page.wait_for_function(COUNT, arg=[CARD.pattern, before], timeout=30_000)
        page.wait_for_function(IDLE, timeout=60_000)
        after = hand(page)
        assert len(after) == before - 1, f"one double click played {before - len(after)} cards"
        assert legal[0] not in [card[1:] for card in after]
    assert played >= 1
    save_screenshot("app_skat_thinking")
