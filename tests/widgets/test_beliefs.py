"""The belief stepper without a browser: the chances it shows are the weighted deals of the seat's
own view, swapping cards the seat has not seen changes nothing it shows, the buttons and the seat
selector move it, a step is worked out off the click in a kernel, and bad arguments are named."""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from cardlib import data
from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.i18n import get_language, set_language
from cardlib.probability.inference import seat_knowledge
from cardlib.skat import Deal, GameType, HeuristicBot, SkatState, iss, new_deal, new_game
from cardlib.skat.engine.facts import follow_group
from cardlib.skat.players.beliefs import CANDIDATES, COUNT, EMPTY, SEEN, UNFIT, belief_of
from cardlib.skat.players.weighted_deals import weighted_deals
from cardlib.skat.widgets import beliefs as widget_module
from cardlib.widgets import belief_stepper
from cardlib.widgets.language_menu import LanguageSelector


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def played(seed: int) -> SkatState:
    bot, state = HeuristicBot(1), new_game(new_deal(seed))
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


@pytest.fixture(scope="module")
def deal5() -> SkatState:
    """MH plays ♠ (bid 18); FH passed at once."""
    return played(5)


def step_of(states: list[SkatState], phase: str, tricks: int = 0) -> int:
    return next(i for i, s in enumerate(states) if s.phase == phase and len(s.tricks) >= tricks)


def weighted_means(view: Any, index: int, seat: int, seed: int = 0) -> dict[Card, list[float]]:
    """Each unseen card's weighted chance with each holder, from weighted_deals on the view."""
    sample = weighted_deals(
        view, COUNT, rng=widget_module.step_seed(seed, index, seat), candidates=CANDIDATES
    )
    holders = seat_knowledge(view).holders
    found: dict[Card, list[float]] = {}
    for (hands, skat), weight in zip(sample.pool, sample.weights, strict=True):
        for holder, name in enumerate(holders):
            held = skat if name == "skat" else hands[("FH", "MH", "RH").index(name)]
            for card in held:
                found.setdefault(card, [0.0] * len(holders))[holder] += weight
    return found


def test_the_chances_shown_are_the_weighted_deals_of_the_seats_view(deal5: SkatState) -> None:
    stepper = belief_stepper(deal5, seat=2)
    states = stepper.states
    for index in (3, step_of(states, "play", 3)):
        stepper.show(index)
        view = states[index].view(2)
        belief = stepper.belief()
        assert belief.fallback is None and belief.sample is not None
        expected = weighted_means(view, index, 2)
        knowledge = seat_knowledge(view)
        assert set(belief.cards) == set(knowledge.unseen)
        for card in belief.cards:
            shown = belief.weighted[card]
            wanted = expected.get(card, [0.0] * len(shown))
            assert all(
                math.isclose(a, b, abs_tol=1e-12) for a, b in zip(shown, wanted, strict=True)
            )
            where = knowledge.where(card)
            assert belief.uniform[card] == tuple(
                where.get(h, Fraction(0)) for h in knowledge.holders
            )
            assert math.isclose(sum(shown), 1.0) and sum(belief.uniform[card]) == 1
        card = belief.cards[0]
        cell = f"{belief.weighted[card][0] * 100:.0f}%"
        assert cell in stepper.panel.value and str(belief.sample.note()) in stepper.panel.value


def test_nothing_to_weigh_and_a_model_that_does_not_fit_show_the_play_only_chances(
    deal5: SkatState, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = belief_stepper(deal5, seat=0).belief(0)
    assert first.fallback == EMPTY and first.weighted == {
        card: tuple(float(p) for p in chances) for card, chances in first.uniform.items()
    }
    assert set(first.uniform.values()) == {(Fraction(5, 11), Fraction(5, 11), Fraction(1, 11))}
    from cardlib.skat.players.evidence import Evidence

    monkeypatch.setattr(Evidence, "likelihood", lambda self, deal: 0.0)  # fits no deal drawn
    stepper = belief_stepper(played(8), seat=0)
    stepper.show(24)
    unfit = stepper.belief()
    assert unfit.fallback == UNFIT and not unfit.weighed
    assert all(unfit.weighted[c] == tuple(map(float, unfit.uniform[c])) for c in unfit.cards)
    assert "does not fit cardlib's model" in stepper.panel.value
    assert "every deal that fits the play equally likely" in stepper.panel.value
    stepper.last_button.click()
    assert stepper.belief().fallback == SEEN and "FH has seen every card." in stepper.panel.value


def swapped(states: list[SkatState], index: int, seat: int, skat: bool = False) -> SkatState:
    """The same moves up to step ``index`` from a deal in which one card of each other player
    (or, with ``skat``, of the first other player and the skat, during the bidding) changes
    place: cards of one follow group, neither played nor laid away by then, so every move stays
    legal and ``seat`` sees exactly what it saw."""
    state = states[index]
    one, two = (p for p in range(3) if p != seat)
    game = state.declaration.game if state.declaration is not None else GameType.GRAND
    deal = states[0].deal
    dealt = [list(deal.fh), list(deal.mh), list(deal.rh), list(deal.skat)]
    if skat:
        two = 3
    for x in state.hands[one]:
        for y in dealt[two] if skat else state.hands[two]:
            fits = follow_group(x, game) == follow_group(y, game) or skat
            if x in dealt[one] and y in dealt[two] and fits:
                dealt[one][dealt[one].index(x)] = y
                dealt[two][dealt[two].index(y)] = x
                other = new_game(Deal(*dealt))
                for step in states[1 : index + 1]:
                    assert step.last_move is not None
                    other = other.play(step.last_move)
                return other
    raise AssertionError("no two cards to swap")


@pytest.mark.parametrize(
    ("phase", "tricks", "seat", "skat"),
    [("bidding", 0, 0, False), ("bidding", 0, 1, True), ("play", 4, 2, False)],
)
def test_swapping_cards_the_seat_has_not_seen_changes_nothing_it_is_shown(
    deal5: SkatState, phase: str, tricks: int, seat: int, skat: bool
) -> None:
    states = deal5.history()
    index = step_of(states, phase, tricks) + 1
    other = swapped(states, index, seat, skat)
    before = states[index]
    assert (other.hands, other.deal.skat) != (before.hands, before.deal.skat)
    assert other.view(seat).hand == before.view(seat).hand
    shown = []
    for state in (before, other):
        stepper = belief_stepper(state, seat=seat)
        stepper.show(index)
        belief = stepper.belief()
        shown.append((belief.uniform, belief.weighted, belief.text(), stepper.panel.value,
                      stepper.table.value, stepper.title.value))  # fmt: skip
    assert shown[0] == shown[1]


def test_buttons_the_slider_and_the_seat_selector_move_the_belief(deal5: SkatState) -> None:
    stepper = belief_stepper(deal5, seat=2)
    last = len(stepper.states) - 1
    assert stepper.index == 0 and stepper.previous_button.disabled and stepper.first_button.disabled
    start = stepper.panel.value
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.index == 2 and "step 2 of" in stepper.title.value
    assert stepper.panel.value != start and stepper.is_ready(2) and not stepper.is_ready(3)
    stepper.previous_button.click()
    assert stepper.index == 1 and stepper.is_ready(1)
    stepper.slider.value = 5
    assert stepper.index == 5 and stepper.is_ready(5)
    stepper.seat_buttons.value = 1
    assert stepper.seat == 1 and "What MH believes" in stepper.panel.value
    assert repr(stepper) == f"BeliefStepper(MH's belief, step 5 of {last})"
    stepper.first_button.click()
    assert stepper.index == 0
    stepper.last_button.click()
    assert stepper.index == last and stepper.next_button.disabled and stepper.last_button.disabled
    picture = stepper.snapshot(5, 2)
    assert picture._repr_mimebundle_()["text/plain"] == picture.text
    assert picture.text.startswith("Skat, step 5 of") and "What RH believes:" in picture.text
    assert stepper.belief(5, 2) is stepper.belief(5, 2)  # worked out once


def test_a_replayed_iss_game_and_its_line_can_be_stepped_through() -> None:
    lines = data.path("iss/sample-records.sgf").read_text().splitlines()
    line = next(text for text in lines if text and iss.read(text).declaration is not None)
    replayed = iss.replay(iss.read(line))
    stepper = belief_stepper(replayed)
    declarer = replayed.state.declarer
    assert declarer is not None and stepper.seat == (int(declarer) + 1) % 3
    assert len(stepper.states) == len(replayed.state.history())
    assert len(belief_stepper(line, seat=0).states) == len(stepper.states)
    stepper.show(4)
    assert "What " in stepper.panel.value


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda s: belief_stepper(42), "belief_stepper(42)"),
        (lambda s: belief_stepper(s, seat=3), "seat=3"),
        (lambda s: belief_stepper(s, seat="MH"), "seat='MH'"),
        (lambda s: belief_stepper(s, seed=-1), "seed=-1"),
        (lambda s: belief_stepper(s, candidates=0), "candidates=0"),
        (lambda s: belief_stepper([]), "belief_stepper([])"),
        (lambda s: belief_stepper(s).snapshot(99), "snapshot(99)"),
        (lambda s: belief_stepper(s).belief(0, seat=5), "belief(seat=5)"),
        (lambda s: belief_stepper(s).show(0, seat=-1), "show(seat=-1)"),
        (lambda s: belief_of(s.view(0), candidates=0), "belief_of(candidates=0)"),
        (lambda s: belief_of(s.view(0)).chance("CJ", 9), "chance('CJ', 9)"),
    ],
)
def test_a_bad_argument_is_refused_by_name(call: Any, named: str) -> None:
    state = new_game(new_deal(3))
    with pytest.raises(CardlibError) as refused:
        call(state)
    assert named in str(refused.value)


def test_a_skitgubbe_game_is_refused() -> None:
    from cardlib.skitgubbe import Rules
    from cardlib.skitgubbe import new_game as new_skitgubbe

    with pytest.raises(CardlibError, match=r"expected a Skat state"):
        belief_stepper(new_skitgubbe(Rules(players=3), rng=1))


class Gate:
    """belief_of, answering only once the gate is open."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.calls: list[int] = []

    def __call__(self, view: Any, rng: Any, candidates: int) -> Any:
        self.calls.append(rng)
        assert self.open.wait(30)
        return belief_of(view, rng, candidates)


def test_in_a_kernel_a_step_is_worked_out_off_the_click(
    deal5: SkatState, monkeypatch: pytest.MonkeyPatch
) -> None:
    stepper = belief_stepper(deal5, seat=2)  # step 0 drawn at once, before the gate
    stepper.background = True
    gate = Gate()
    monkeypatch.setattr(widget_module, "belief_of", gate)
    stepper.next_button.click()  # returns while the step is held at the gate: worked out off it
    stepper.next_button.click()  # a second click while the first step is worked out
    assert "Working out what RH believes" in stepper.status.value
    assert "opacity:0.45" in stepper.panel.value and stepper.index == 2
    gate.open.set()
    assert stepper.wait(30)
    assert stepper.status.value == "" and "step 2 of" in stepper.title.value
    assert stepper.panel.value == widget_module.belief_html(stepper.belief(2), heading=False)
    assert stepper.is_ready(1)  # the step passed over was kept, not drawn
    stepper.previous_button.click()  # kept: shown at once, nothing worked out
    calls = len(gate.calls)
    assert stepper.status.value == "" and len(gate.calls) == calls


def test_every_text_is_translated_when_the_language_changes(
    deal5: SkatState, request: pytest.FixtureRequest
) -> None:
    stepper = belief_stepper(deal5, seat=2)
    stepper.show(step_of(stepper.states, "play", 2))
    request.getfixturevalue("shouting")
    stepper.language.value = "de"
    labels = [
        each.description
        for each in (
            stepper.first_button,
            stepper.next_button,
            stepper.seat_buttons,
            stepper.slider,
        )
    ]
    assert all(label == label.upper() for label in labels)
    panel = stepper.panel.value
    for text in ("WHAT RH BELIEVES OF THE CARDS IT HAS NOT SEEN", "EACH CARD'S CHANCE",
                 "JACKS", "CARD POINTS", "PERCENTAGE POINTS"):  # fmt: skip
        assert text in panel
    assert "believes" not in panel and "chance" not in panel
    assert repr(stepper).startswith("BeliefStepper(RH'S BELIEF, STEP")
    assert any(isinstance(each, LanguageSelector) for each in stepper.children[1].children)
