"""A play app's page opened with a bad link in Voilà with a real Chromium: the table opens on
the defaults with a note per bad value, not Voilà's error; the largest seed is shown whole, in
the heading and the seed box alike. The notes the page must show are read here from the same
link by the same reader (:func:`cardlib.widgets.links.read_link`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cardlib.i18n import language
from cardlib.widgets.links import MAX_SEED, read_link

LOAD = 90_000
BAD = "?seed=-1&seat=9&opponents=evil&lang=xx"


def test_a_bad_link_opens_the_defaults_with_a_note_naming_each_value(
    voila: Callable[..., Any], page: Any, console: Any, save_screenshot: Callable[[str], Path]
) -> None:
    # Leaving a Voilà page, its script asks the server to shut that page's kernel down, and
    # this Voilà answers 403; the second link is opened in the same page, so that one error is
    # expected (the first kernel stops with the server).
    console.ignore(r"403 \(Forbidden\) \(http://127\.0\.0\.1:\d+/voila/api/shutdown/")
    server = voila("notebooks/apps/play_skitgubbe.ipynb")
    page.goto(server.url + "/" + BAD)
    expect(page.get_by_role("button", name="hint")).to_be_visible(timeout=LOAD)
    expect(page.get_by_text("Skitgubbe: deal 1, you are A", exact=True)).to_be_visible()
    note = page.locator(".cardlib-link-note")
    with language("en"):
        lines = [str(line) for line in read_link(BAD, ["A", "B", "C"]).notes]
    assert len(lines) == 4
    expect(note).to_have_count(1)
    for line in lines:
        expect(note).to_contain_text(line)
    assert note.inner_text().splitlines() == lines  # one line each
    assert page.get_by_text("There was an error").count() == 0
    expect(page.get_by_role("spinbutton", name="seed")).to_have_value("2")
    save_screenshot("app_skitgubbe_bad_link")
    page.goto(server.url + f"/?seed={MAX_SEED}&opponents=heuristic")
    heading = f"Skitgubbe: deal {MAX_SEED}, you are A"
    expect(page.get_by_text(heading, exact=True)).to_be_visible(timeout=LOAD)
    expect(page.get_by_role("spinbutton", name="seed")).to_have_value("0")
    expect(page.locator(".cardlib-link-note")).to_have_count(0)
