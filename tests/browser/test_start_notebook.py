"""The start notebook in a real browser: its headings, card pictures and folded solutions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from playwright.sync_api import expect

# Voilà's page template links Font Awesome from a CDN; nothing of cardlib's leaves the machine.
VOILA_TEMPLATE_URLS = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free"

HEADINGS = [
    "Start here: cardlib",
    "Skat in five minutes",
    "Skitgubbe in five minutes",
    "Your first questions",
    "Words in four languages",
    "Cards and notation",
    "Three tracks",
]
TRACKS = [
    "Learn the rules (Skat)",
    "Learn the rules (Skitgubbe)",
    "Teach probability",
    "Ask what if",
]
# Every picture the notebook draws once it has run: the deal, the declarer's hand, two tricks,
# the stunsa, the hand of the first question, the trick of the second, the ten, two hands, the pack.
PICTURES_AFTER_RUN = 11


def card_images(page: Any) -> list[dict[str, Any]]:
    """The SVG pictures on the page (JupyterLab and Voilà show SVG output as an ``img``)."""
    result: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('img[src^="data:image/svg+xml"]')].map(img => ({
            src: img.getAttribute('src'), width: img.naturalWidth, height: img.naturalHeight,
            shown: img.getBoundingClientRect().width}))"""
    )
    for image in result:
        image["svg"] = unquote(image.pop("src").split(",", 1)[1])
    return result


def test_voila_shows_the_start_notebook_with_its_cards(
    voila: Callable[[str], Any], page: Any, console: Any, save_screenshot: Callable[[str], Path]
) -> None:
    server = voila("notebooks/00_start_here.ipynb")
    page.goto(server.url + "/")
    expect(page.get_by_role("heading", name=HEADINGS[0])).to_be_visible(timeout=90_000)
    for name in HEADINGS[1:] + TRACKS:
        expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible(timeout=60_000)
    expect(page.locator('img[src^="data:image/svg+xml"]').first).to_be_visible()
    save_screenshot("voila_start_here")

    images = card_images(page)
    assert len(images) == PICTURES_AFTER_RUN
    ten = next(image for image in images if 'aria-label="Card[♥10]"' in image["svg"])
    assert (ten["width"], ten["height"]) == (50, 70)
    assert ten["shown"] > 0
    hand = next(image for image in images if "Hand[♣J ♠J ♥A ♥10 ♥9" in image["svg"])
    assert hand["svg"].count("<g>") == 10
    assert any("#1a7f37" in image["svg"] for image in images), "the four-colour hand is missing"
    assert any("Middlehand (MH)" in image["svg"] for image in images), "the deal is missing"
    tricks = [image for image in images if "FH leads" in image["svg"]]
    assert len(tricks) == 3, "a trick picture is missing"
    assert any("FH takes the trick (21 points)" in image["svg"] for image in tricks)
    assert any("stunsa" in image["svg"] for image in images), "the stunsa picture is missing"

    # The solutions stay folded until the reader opens them.
    solutions = page.locator("details")
    expect(solutions).to_have_count(2)
    secret = page.get_by_text("You see 10 cards, so 22 are unseen")
    expect(secret).to_be_hidden()
    solutions.first.locator("summary").click()
    expect(secret).to_be_visible()

    # The contents at the top lead to the sections.
    page.get_by_role("link", name="Three tracks", exact=True).click()
    expect(page.get_by_role("heading", name="Three tracks", exact=True)).to_be_in_viewport()
    assert all(url.startswith(VOILA_TEMPLATE_URLS) for url in console.external), console.external


def test_jupyterlab_shows_stored_cards_then_runs_the_notebook(
    jupyterlab: Callable[[], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    server = jupyterlab()
    page.goto(server.url + "/lab/tree/notebooks/00_start_here.ipynb")
    outputs = page.locator(".jp-OutputArea-output")
    # A fresh clone is not trusted: JupyterLab shows the stored PNG of each picture, not its SVG.
    expect(outputs.locator('img[src^="data:image/png"]').first).to_be_visible(timeout=90_000)
    assert outputs.locator('img[src^="data:image/svg+xml"]').count() == 0
    expect(page.get_by_role("heading", name="Skat in five minutes", exact=True)).to_be_visible()
    save_screenshot("lab_start_here_stored")
    svg = outputs.locator('img[src^="data:image/svg+xml"]')
    for _attempt in range(3):  # the first Run All is sometimes ignored while the kernel starts
        page.get_by_text("Run", exact=True).first.click()
        page.locator("li[data-command='runmenu:run-all']").click()
        try:
            expect(svg.first).to_be_visible(timeout=30_000)
            break
        except AssertionError:
            continue
    expect(svg).to_have_count(PICTURES_AFTER_RUN, timeout=30_000)
    save_screenshot("lab_start_here_run")
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
                        ).count() == 0  # fmt: skip
