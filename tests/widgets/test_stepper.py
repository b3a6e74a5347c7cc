"""The Stepper without a browser: buttons, slider, events and the static snapshot."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from cardlib.errors import CardlibError
from cardlib.skat import new_deal, new_game
from cardlib.skitgubbe import HeuristicBot, Rules
from cardlib.skitgubbe import new_game as new_skitgubbe
from cardlib.widgets import Stepper, states_of


def skat_deal(seed: int = 7) -> object:
    rng = random.Random(seed)
    state = new_game(new_deal(seed))
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def skitgubbe_game(seed: int = 7) -> object:
    state = new_skitgubbe(Rules(players=3), rng=seed)
    bot = HeuristicBot(seed)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def test_import_cardlib_does_not_import_ipywidgets() -> None:
    code = "import sys, cardlib.skat, cardlib.display\nprint('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_buttons_move_through_the_deal_and_stop_at_the_ends() -> None:
    final = skat_deal()
    stepper = Stepper(final)
    count = len(final.history())
    assert stepper.index == 0 and stepper.first_button.disabled and stepper.previous_button.disabled
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.index == 2 and stepper.state is final.history()[2]
    stepper.previous_button.click()
    assert stepper.index == 1
    stepper.last_button.click()
    assert stepper.index == count - 1 and stepper.next_button.disabled
    stepper.next_button.click()
    assert stepper.index == count - 1
    stepper.first_button.click()
    assert stepper.index == 0


def test_play_control_is_linked_to_the_slider_on_the_kernel_side() -> None:
    stepper = Stepper(skitgubbe_game())
    stepper.player.value = 5
    assert stepper.slider.value == 5 and stepper.index == 5
    stepper.slider.value = 3
    assert stepper.player.value == 3
    assert stepper.player.max == stepper.slider.max == len(stepper.states) - 1


def test_the_trick_shown_changes_with_each_card_and_events_name_the_rulings() -> None:
    final = skat_deal()
    stepper = Stepper(final)
    states = final.history()
    first_play = next(i for i, s in enumerate(states) if s.phase == "play")
    stepper.show(first_play + 1)
    picture = stepper.snapshot()
    card = states[first_play + 1].last_move.card
    assert f"Trick: {card.symbol}" in picture.text
    assert any(card.symbol in line for line in picture.events)
    before = stepper.table.value
    stepper.next_button.click()
    assert stepper.table.value != before
    assert states[first_play + 2].last_move.card.symbol in stepper.events.value


def test_snapshot_is_a_static_picture_with_text_and_the_step_events() -> None:
    stepper = Stepper(skitgubbe_game())
    picture = stepper.snapshot(1)
    bundle = picture._repr_mimebundle_()
    assert sorted(bundle) == ["image/svg+xml", "text/plain"]
    assert bundle["image/svg+xml"].startswith("<svg")
    assert "step 1 of" in bundle["text/plain"]
    assert picture.events == tuple(e.ruling.explanation for e in stepper.states[1].events)
    assert stepper.snapshot(1).svg == picture.svg  # deterministic
    assert stepper.index == 0  # a snapshot does not move the stepper
    with pytest.raises(CardlibError, match="steps 0 to"):
        stepper.snapshot(len(stepper.states))


def test_hidden_hands_show_only_the_viewer() -> None:
    final = skat_deal()
    stepper = Stepper(final, open_hands=False, viewer=0)
    text = stepper.snapshot(0).text
    lines = text.splitlines()
    assert "??" not in lines[0] and "??" in lines[1] and "??" in lines[2]


def test_repr_is_short_and_widget_bundle_uses_it() -> None:
    stepper = Stepper(skitgubbe_game())
    assert repr(stepper) == f"Stepper({len(stepper.states)} states of a Skitgubbe game, at step 0)"
    assert stepper._repr_mimebundle_()["text/plain"] == repr(stepper)


def test_states_of_accepts_records_states_and_replays_and_refuses_the_rest() -> None:
    final = skitgubbe_game()
    assert len(states_of(final.record())) == len(final.history())
    assert states_of(final.history()) == final.history()

    class Replayed:
        state = final

    assert len(states_of(Replayed())) == len(final.history())
    with pytest.raises(CardlibError, match="expected a game state"):
        states_of(42)


def test_a_replayed_iss_game_steps_through_every_card() -> None:
    from cardlib import data
    from cardlib.skat.iss import read, replay

    line = data.path("iss/sample-records.sgf").read_text().splitlines()[0]
    replayed = replay(read(line))
    stepper = Stepper(replayed)
    assert stepper.states[-1] is replayed.state
    stepper.last_button.click()
    picture = stepper.snapshot()
    assert str(replayed.state.result) in picture.text and "lost" in str(replayed.state.result)
    assert picture.events[-1] == replayed.state.events[-1].ruling.explanation
    assert repr(stepper).startswith(
        f"Stepper({len(replayed.state.history())} states of a Skat deal"
    )
