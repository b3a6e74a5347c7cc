"""The Stepper and the HandPicker inside their notebooks, in Voilà and JupyterLab."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from cardlib.skitgubbe import HeuristicBot, Rules, new_game
from cardlib.widgets import HandPicker, Stepper

LOAD = 90_000
DEAL_NOTEBOOK = "notebooks/skitgubbe/01_phase_one_and_stunsa.ipynb"
PICKER_NOTEBOOK = "notebooks/skat/09_what_if.ipynb"


def phase_one_stepper() -> Stepper:
    """The notebook's stepper, rebuilt here: seed 7, one heuristic bot, phase 1."""
    bot = HeuristicBot(rng=1)
    bot.explain(new_game(Rules(players=3), rng=7))  # the notebook asks for a hint first
    history = [new_game(Rules(players=3), rng=7)]
    while history[-1].phase == 1:
        history.append(history[-1].play(bot.choose(history[-1])))
    return Stepper(history)


def trick_shown(page: Any) -> str:
    """The text alternative of the stepper's table picture (it names every card shown)."""
    label: str = page.locator(".widget-html svg[aria-label]").first.get_attribute("aria-label")
    return label


def test_voila_stepper_next_button_changes_the_trick_shown(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    stepper = phase_one_stepper()
    server = voila(DEAL_NOTEBOOK)
    page.goto(server.url + "/")
    next_button = page.get_by_role("button", name="next ▶")
    expect(next_button).to_be_visible(timeout=LOAD)
    expect(page.get_by_text(stepper.title.value[3:-4]).first).to_be_visible()
    before = trick_shown(page)
    assert "table: no cards" in before
    next_button.click()
    stepper.next_button.click()
    step = stepper.title.value[3:-4]
    expect(page.get_by_text(step).first).to_be_visible(timeout=30_000)
    after = trick_shown(page)
    card = stepper.state.last_move.card
    assert (
        after != before and f"table: {card.rank.name.lower()} of {card.suit.name.lower()}" in after
    )
    expect(page.get_by_text(stepper.snapshot().events[0], exact=True).first).to_be_visible()
    save_screenshot("voila_stepper")


def test_voila_picker_numbers_change_when_a_card_is_toggled(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    picker = HandPicker(hand="CJ SJ CA CT CK C9 C8 SA HA D7")  # the notebook's hand
    server = voila(PICKER_NOTEBOOK)
    page.goto(server.url + "/")
    clubs = picker.report()[1].strip()
    expect(page.get_by_text(clubs).first).to_be_visible(timeout=LOAD)
    page.get_by_role("button", name="♣J", exact=True).click()
    picker.toggle("CJ")
    expect(page.get_by_text("Pick ten cards for the hand (9 so far)").first).to_be_visible(
        timeout=30_000
    )
    page.get_by_role("button", name="♥J", exact=True).click()
    picker.toggle("HJ")
    changed = picker.report()[1].strip()
    assert changed != clubs
    expect(page.get_by_text(changed).first).to_be_visible(timeout=30_000)
    expect(page.get_by_text(picker.report()[-1].strip()).first).to_be_visible()
    save_screenshot("voila_picker")


def menu(page: Any, name: str, command: str) -> None:
    page.get_by_text(name, exact=True).first.click()
    page.locator(f"li[data-command='{command}']").click()


def run_all(page: Any, server: Any, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, clear the stored outputs and run every cell (retrying a
    first Run All that is lost)."""
    page.goto(f"{server.url}/lab/tree/{notebook}")
    panel = page.locator(".jp-NotebookPanel:visible")
    prompt = panel.locator(".jp-CodeCell .jp-InputPrompt").first
    expect(prompt).to_be_visible(timeout=LOAD)
    expect(page.get_by_text("Python 3 (ipykernel) | Idle").first).to_be_visible(timeout=LOAD)
    menu(page, "Edit", "editmenu:clear-all")
    expect(prompt).not_to_contain_text("1", timeout=30_000)
    for _ in range(5):
        menu(page, "Run", "runmenu:run-all")
        try:
            expect(prompt).to_contain_text("[1]", timeout=20_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    raise AssertionError(f"Run All did not start in {notebook}")


def test_jupyterlab_runs_the_deal_notebook_and_the_stepper_renders(
    jupyterlab: Callable[[], Any], page: Any, save_screenshot: Callable[[str], Path]
) -> None:
    # The start notebook's own JupyterLab run is tests/browser/test_start_notebook.py.
    server = jupyterlab()
    run_all(page, server, DEAL_NOTEBOOK)
    next_button = page.get_by_role("button", name="next ▶")
    expect(next_button).to_be_visible(timeout=LOAD)
    next_button.scroll_into_view_if_needed()
    before = trick_shown(page)
    next_button.click()
    expect(page.get_by_text("Skitgubbe, step 1 of").first).to_be_visible(timeout=30_000)
    assert trick_shown(page) != before
    save_screenshot("lab_stepper")


STEPPER_NOTEBOOK = "notebooks/skat/03_a_deal_step_by_step.ipynb"


def test_voila_stepper_with_a_viewer_keeps_the_skat_face_down(
    voila: Callable[[str], Any], page: Any, save_screenshot: Callable[[str], Path], knowledge: Any
) -> None:
    """Notebook 3's second stepper follows deal 8 as FH saw it: RH picks up ♠7 ♣9 and lays
    ♦K ♦8 away; FH sees neither pair until the last step (or until RH plays the card)."""
    from cardlib.skat import HeuristicBot, new_deal, new_game

    bot, state = HeuristicBot(), new_game(new_deal(8))
    while not state.is_over:
        state = state.play(bot.choose(state))
    mirror = Stepper(state, viewer=0)
    known, last = knowledge(0), len(mirror.states) - 1
    first_card = next(i for i, s in enumerate(mirror.states) if s.phase == "play") + 1
    server = voila(STEPPER_NOTEBOOK)
    page.goto(server.url + "/")
    steppers = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name="next ▶"))
    expect(steppers.nth(1)).to_be_visible(timeout=LOAD)
    as_fh = steppers.nth(1)
    as_fh.scroll_into_view_if_needed()

    def shown() -> str:
        label = as_fh.locator("svg[aria-label]").first.get_attribute("aria-label") or ""
        assert "(as FH sees it)" in label
        text: str = as_fh.inner_text()
        return text + "\n" + label

    for index in range(first_card + 1):
        if index:
            as_fh.get_by_role("button", name="next ▶").click()
        expect(as_fh.get_by_text(f"step {index} of {last}").first).to_be_visible(timeout=30_000)
        known.see_all(mirror.states[index])
        unknown = known.unknown_in(shown())
        assert not unknown, f"step {index}: the page names {sorted(map(str, unknown))}"
        if mirror.states[index].phase == "declare":
            expect(as_fh).to_contain_text("RH lays two cards away, face down")
            save_screenshot("voila_stepper_as_fh_laid_away")
    as_fh.get_by_role("button", name="last ▶▶").click()
    expect(as_fh.get_by_text(f"step {last} of {last}").first).to_be_visible(timeout=30_000)
    assert "Skat: seven of spades, nine of clubs; Laid away: king of diamonds, eight of" in shown()
    save_screenshot("voila_stepper_as_fh_end")
