"""The two play apps in Voilà with a real Chromium: a card click plays, an illegal one is ruled on.

What the page must show is computed here, in the test process, by the same widget with the same
seed: the bots are seeded from the deal, so the kernel behind the page makes the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cardlib.skat.moves import Play as SkatPlay
from cardlib.widgets import PlayTable

LOAD = 90_000


def open_app(voila: Callable[[str], Any], page: Any, notebook: str) -> None:
    server = voila(notebook)
    page.goto(server.url + "/")
    expect(page.get_by_role("button", name="hint")).to_be_visible(timeout=LOAD)


def test_skitgubbe_app_plays_a_card_when_it_is_clicked(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    table = PlayTable("skitgubbe", seat=0, seed=1)
    card = next(m.card for m in table.state.legal_moves() if hasattr(m, "card"))
    open_app(voila, page, "notebooks/apps/play_skitgubbe.ipynb")
    expect(page.get_by_text("Skitgubbe: deal 1, you are A")).to_be_visible()
    save_screenshot("app_skitgubbe_start")
    page.get_by_role("button", name=card.symbol, exact=True).click()
    table.play_card(card)
    first = table.news[0]
    assert card.symbol in first
    expect(page.get_by_text(first, exact=True)).to_be_visible(timeout=30_000)
    for line in table.news[1:]:
        expect(page.get_by_text(line, exact=True)).to_be_visible()
    page.get_by_role("button", name="hint").click()
    expect(page.get_by_text("Hint: " + table.show_hint())).to_be_visible(timeout=30_000)
    save_screenshot("app_skitgubbe")


def test_skat_app_shows_the_ruling_of_an_illegal_card(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    table = PlayTable("skat", seat=0, seed=1)
    card = table.state.hands[0][0]
    ruling = table.state.why_illegal(SkatPlay(card))
    assert ruling is not None, "the app's first position should refuse a card"
    offered = [b.description for b in table.move_box.children if hasattr(b, "description")]
    open_app(voila, page, "notebooks/apps/play_skat.ipynb")
    for words in offered:
        if words:
            expect(page.get_by_role("button", name=words, exact=True)).to_be_visible()
    page.get_by_role("button", name=card.symbol, exact=True).click()
    expect(page.get_by_text("Not allowed: " + ruling.explanation)).to_be_visible(timeout=30_000)
    expect(page.get_by_text("rule: " + ruling.rule)).to_be_visible()
    save_screenshot("app_skat")
