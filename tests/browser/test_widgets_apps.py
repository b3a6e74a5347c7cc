"""The two play apps in Voilà with a real Chromium: a card click plays, an illegal one is ruled on.

What the page must show is computed here, in the test process, by the same widget with the same
seed: the bots are seeded from the deal, so the kernel behind the page makes the same moves. The
apps play the sampling player by default, which thinks against the clock and so may vary its
moves; the tests that mirror the bots open the page with ``?opponents=heuristic``, the mirror's
own default.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cardlib.cards import Card
from cardlib.i18n import language
from cardlib.skat import Play as SkatPlay
from cardlib.widgets import PlayTable

LOAD = 90_000


HEURISTIC = "/?opponents=heuristic"


def open_app(voila: Callable[..., Any], page: Any, notebook: str) -> None:
    """Open ``notebook`` in Voilà against the heuristic bots, as the mirror plays."""
    server = voila(notebook)
    page.goto(server.url + HEURISTIC)
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


def table_label(table: PlayTable) -> str:
    """The text alternative of the table picture the page should show now."""
    found = re.search(r'aria-label="([^"]*)"', table.table.value)
    assert found is not None
    return html.unescape(found.group(1))


def same_table(page: Any, table: PlayTable) -> None:
    """Wait until the page's table picture is the one the mirrored widget draws."""
    page.wait_for_function(
        """label => [...document.querySelectorAll('.widget-html svg[aria-label]')]
            .some(svg => svg.getAttribute('aria-label') === label)""",
        arg=table_label(table),
        timeout=30_000,
    )


def click(page: Any, table: PlayTable, words: str) -> None:
    """Click a move button on the page and the same button of the mirrored widget."""
    page.get_by_role("button", name=words, exact=True).click()
    found = [b for b in table.move_box.children if getattr(b, "description", None) == words]
    found[0].click()
    same_table(page, table)


def click_card(page: Any, table: PlayTable, card: Card) -> None:
    page.get_by_role("button", name=card.symbol, exact=True).click()
    table.play_card(card)


def next_action(page: Any, table: PlayTable) -> Card | None:
    """Play on towards a position where the learner must follow suit; return a refused card."""
    state = table.state
    words = [getattr(b, "description", "") for b in table.move_box.children]
    if state.is_over:
        page.get_by_role("button", name="new deal").click()
        table.new_deal(table.seed_box.value)
        same_table(page, table)
    elif state.phase == "bidding":
        click(page, table, "say 18" if "say 18" in words else "pass")
    elif "pick up the skat" in words:
        click(page, table, "pick up the skat")
    elif len(state.hands[0]) == 12:
        for card in state.hands[0][-2:]:
            click_card(page, table, card)
        buttons = [getattr(b, "description", "") for b in table.move_box.children]
        click(page, table, next(w for w in buttons if w.startswith("discard")))
    elif state.phase != "play":
        click(page, table, next(w for w in words if w.startswith("declare")))
    else:
        legal = {move.card for move in state.legal_moves()}
        refused = [card for card in state.hands[0] if card not in legal]
        if refused:
            return refused[0]
        click_card(page, table, min(legal))
        same_table(page, table)
    return None


def test_skat_app_shows_the_ruling_of_an_illegal_card(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    table = PlayTable("skat", seat=0, seed=1)
    card = table.state.hands[0][0]
    ruling = table.state.why_illegal(SkatPlay(card))
    assert ruling is not None, "the app's first position should refuse a card"
    offered = [b.description for b in table.move_box.children if hasattr(b, "description")]
    open_app(voila, page, "notebooks/apps/play_skat.ipynb")
    same_table(page, table)
    for words in offered:
        if words:
            expect(page.get_by_role("button", name=words, exact=True)).to_be_visible()
    page.get_by_role("button", name=card.symbol, exact=True).click()
    expect(page.get_by_text("Not allowed: " + ruling.explanation)).to_be_visible(timeout=30_000)
    expect(page.get_by_text("rule: " + ruling.rule)).to_be_visible()
    # Play on to the first card the learner may not play because of following suit.
    refused = None
    for _ in range(40):
        refused = next_action(page, table)
        if refused is not None:
            break
    assert refused is not None, "no refused card within 40 actions"
    ruling = table.state.why_illegal(SkatPlay(refused))
    assert ruling is not None and ruling.code != "wrong_phase"
    click_card(page, table, refused)
    expect(page.get_by_text("Not allowed: " + ruling.explanation)).to_be_visible(timeout=30_000)
    save_screenshot("app_skat")


def page_text(page: Any) -> str:
    """What the page shows: its text, and every picture's text alternative (the table names its
    cards there in words)."""
    labels = page.locator("svg[aria-label]").evaluate_all(
        "svgs => svgs.map(svg => svg.getAttribute('aria-label'))"
    )
    return page.locator("body").inner_text() + "\n" + "\n".join(labels)


def test_skat_app_keeps_the_skat_face_down_for_a_defender_until_the_end(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path], knowledge: Any
) -> None:
    """The learner's deal: seed 1, FH passes; MH picks up ♥A ♦7 and lays ♠Q ♦10 away."""
    table = PlayTable("skat", seat=0, seed=1)
    skat, known = table.state.deal.skat, knowledge(0)
    open_app(voila, page, "notebooks/apps/play_skat.ipynb")
    same_table(page, table)
    click(page, table, "pass")
    final = table.state
    assert final.declarer == 1 and final.phase == "play" and final.skat is not None
    hidden = [*skat, *final.skat]
    news = page.locator(".widget-html:has(ul)").first
    expect(news).to_contain_text("MH lays two cards away, face down")
    assert not any(card.symbol in (news.text_content() or "") for card in hidden)
    save_screenshot("app_skat_defender")
    steps = 0
    while not table.state.is_over:
        known.see_all(table.state)
        unknown = known.unknown_in(page_text(page))
        assert not unknown, f"{table.state!r}: the page names {sorted(map(str, unknown))}"
        steps += 1
        card = min(move.card for move in table.state.legal_moves())
        click_card(page, table, card)
        same_table(page, table)
    assert steps == 10
    label = table_label(table)
    words = [f"{c.rank.name.lower()} of {c.suit.name.lower()}" for c in hidden]
    assert f"Skat: {words[0]}, {words[1]}; Laid away: {words[2]}, {words[3]}" in label
    outcome = table.state.result
    assert outcome is not None
    result = page.get_by_role("listitem").filter(has_text=outcome.summary())
    expect(result.first).to_be_visible()
    save_screenshot("app_skat_defender_end")


def test_skitgubbe_app_names_only_cards_seat_a_has_seen(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path], knowledge: Any
) -> None:
    from cardlib.skitgubbe import HeuristicBot, PickUp, TurnUp

    table = PlayTable("skitgubbe", seat=0, seed=1)
    learner, known = HeuristicBot(1), knowledge(0)
    open_app(voila, page, "notebooks/apps/play_skitgubbe.ipynb")
    same_table(page, table)
    phases = set()
    for _ in range(16):  # into phase 2, where A holds the trump card
        if table.state.is_over:
            break
        phases.add(table.state.phase)
        known.see(table.state)
        unknown = known.unknown_in(page_text(page))
        assert not unknown, f"{table.state!r}: the page names {sorted(map(str, unknown))}"
        move = learner.choose(table.state)
        if isinstance(move, TurnUp):
            click(page, table, "turn up the stock's top card")
        elif isinstance(move, PickUp):
            click(page, table, "pick up the top card")
        else:
            click_card(page, table, move.card)
            same_table(page, table)
    assert phases == {1, 2}
    save_screenshot("app_skitgubbe_seen")


def header(table: PlayTable, lang: str) -> str:
    """The heading the mirrored widget shows in ``lang``."""
    with language(lang):
        table._render()
        found = re.search(r"<h3>(.*)</h3>", table.header.value)
    assert found is not None
    return html.unescape(found.group(1))


def test_skat_app_language_menu_rewords_the_table_and_keeps_the_deal(
    voila: Callable[..., Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    table = PlayTable("skat", seat=0, seed=1)
    open_app(voila, page, "notebooks/apps/play_skat.ipynb")
    same_table(page, table)
    menu = page.get_by_role("combobox", name="Language")
    expect(menu).to_be_visible()
    expect(page.get_by_text("Skat: deal 1, you are FH")).to_be_visible()
    menu.select_option(label="Deutsch")  # the positions are VH, MH, HH in German
    german = header(table, "de")
    assert "VH" in german
    expect(page.get_by_text(german, exact=True)).to_be_visible(timeout=30_000)
    for card in table.view.hand:  # the same deal, the same hand
        expect(page.get_by_role("button", name=card.symbol, exact=True)).to_be_visible()
    save_screenshot("app_skat_deutsch")


def test_skat_app_in_korean_from_the_first_page(
    voila: Callable[..., Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    """A kernel started with CARDLIB_LANG=ko draws the app in Korean; a card refused is ruled on
    in Korean, in the words the engine uses."""
    table = PlayTable("skat", seat=0, seed=1)
    server = voila("notebooks/apps/play_skat.ipynb", CARDLIB_LANG="ko")
    page.goto(server.url + "/")
    korean = header(table, "ko")
    assert "선봉" in korean
    expect(page.get_by_text(korean, exact=True)).to_be_visible(timeout=LOAD)
    with language("ko"):
        hint, menu = table.hint_button.description, table.language.description
    assert re.search("[가-힣]", hint) and re.search("[가-힣]", menu)
    expect(page.get_by_role("button", name=hint, exact=True)).to_be_visible()
    expect(page.get_by_role("combobox", name=menu)).to_be_visible()
    save_screenshot("app_skat_korean")


def test_skitgubbe_app_link_chooses_deal_language_and_the_sampling_player(
    voila: Callable[..., Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    """``?seed=7&lang=de&opponents=sampling``: deal 7 in German against the sampling player, whose
    hint has numbers."""
    table = PlayTable("skitgubbe", seat=0, seed=7, opponents="sampling")
    server = voila("notebooks/apps/play_skitgubbe.ipynb")
    page.goto(server.url + "/?seed=7&lang=de&opponents=sampling")
    german = header(table, "de")
    assert "7" in german
    expect(page.get_by_text(german, exact=True)).to_be_visible(timeout=LOAD)
    with language("de"):
        hint, menu = table.hint_button.description, table.opponents_menu.description
        strong = table.opponents_menu.options[0][0]
    chosen = page.get_by_role("combobox", name=menu).evaluate(
        "select => select.options[select.selectedIndex].text"
    )
    assert chosen.replace("\xa0", " ") == strong  # the page keeps spaces with no-break ones
    page.get_by_role("button", name=hint, exact=True).click()
    said = page.get_by_text(re.compile(r"^Tipp: .*\d+.*\d+"))
    expect(said).to_be_visible(timeout=30_000)
    save_screenshot("app_skitgubbe_link_de")


def test_the_skat_app_fits_a_phone_and_shows_the_widget_not_its_stored_picture(
    voila: Callable[..., Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    """At a phone's width (390 px, an iPhone 12-15's CSS width) nothing of the table lies past the
    right edge: the picture shrinks, the cards and buttons wrap. The static picture the notebook
    stores for viewers without a kernel is not drawn beside the live table."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(voila, page, "notebooks/apps/play_skat.ipynb")
    expect(page.locator(".cardlib-table.cardlib-ready")).to_have_count(1, timeout=LOAD)
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.cardlib-table *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390, right
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".jp-OutputArea-output img").count() == 0
    assert page.locator(".cardlib-table svg[role=img]").count() == 1
    save_screenshot("app_skat_phone")
