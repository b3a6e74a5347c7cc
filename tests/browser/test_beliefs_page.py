"""The belief stepper in a real Chromium, served by Voilà from a one-cell notebook: a click on
next or on a seat shows the new step's title at once and, once worked out, the seat's belief."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cardlib.skat import HeuristicBot, new_deal, new_game
from cardlib.widgets import belief_stepper

LOAD = 90_000
START = 14
CELL = f"""\
from cardlib.skat import HeuristicBot, new_deal, new_game
from cardlib.widgets import belief_stepper

bot, state = HeuristicBot(1), new_game(new_deal(5))
while not state.is_over:
    state = state.play(bot.choose(state))
stepper = belief_stepper(state)
stepper.show({START})
stepper
"""


def notebook(folder: Path) -> str:
    """A notebook of one cell, the stepper at step ``START``, written to ``folder``."""
    cell: dict[str, object] = {"cell_type": "code", "execution_count": None, "id": "beliefs",
                               "metadata": {}, "outputs": [], "source": CELL}  # fmt: skip
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    document = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    path = folder / "beliefs.ipynb"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_voila_belief_stepper_follows_a_click_on_next_and_on_a_seat(
    voila: Callable[[str], Any],
    page: Any,
    save_screenshot: Callable[[str], Path],
    tmp_path: Path,
    knowledge: Any,
) -> None:
    bot, state = HeuristicBot(1), new_game(new_deal(5))
    while not state.is_over:
        state = state.play(bot.choose(state))
    mirror = belief_stepper(state)
    server = voila(notebook(tmp_path))
    page.goto(server.url + "/")
    panel = page.locator(".cardlib-belief")
    expect(panel).to_contain_text("What RH believes of the cards it has not seen", timeout=LOAD)
    expect(page.get_by_text(f"step {START} of").first).to_be_visible()
    page.get_by_role("button", name="next ▶").click()
    mirror.show(START + 1)
    expect(page.get_by_text(f"step {START + 1} of").first).to_be_visible(timeout=30_000)
    expect(page.locator(".cardlib-thinking")).to_have_count(0, timeout=30_000)
    summary = str(mirror.belief().summaries()[0])
    expect(panel).to_contain_text(summary, timeout=30_000)
    known = knowledge(2)
    known.see_all(mirror.states[START + 1])
    label = page.locator(".widget-html svg[aria-label]").first.get_attribute("aria-label") or ""
    assert "(as RH sees it)" in label and not known.unknown_in(label)
    folder = save_screenshot("voila_belief_stepper").parent
    panel.screenshot(path=str(folder / "voila_belief_panel.png"))  # the words under the table
    page.get_by_role("button", name="FH", exact=True).click()
    expect(panel).to_contain_text("What FH believes of the cards it has not seen", timeout=30_000)
    mirror.show(START + 1, seat=0)
    expect(panel).to_contain_text(str(mirror.belief().summaries()[0]), timeout=30_000)
    save_screenshot("voila_belief_stepper_fh")
