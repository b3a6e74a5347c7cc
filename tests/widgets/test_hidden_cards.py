"""The widgets show a seat only what it may know: PlayTable always, Stepper with a viewer.

Whole deals are played through ``PlayTable`` as every seat and stepped through with
``Stepper(viewer=seat)``; at each step everything the widget shows (the table picture, its text
alternative, the news, the hint, the messages, the buttons, the static snapshot) may name only
cards the seat's views have shown it so far. Once the deal is over the skat and the cards laid
away are shown; without a viewer the stepper shows every card, for a teacher.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.skat import (
    Bid,
    Declare,
    HeuristicBot,
    Hold,
    Pass,
    Rules,
    SkatState,
    new_deal,
    new_game,
)
from cardlib.skat.scoring.ramsch import RamschRules
from cardlib.skitgubbe import HeuristicBot as SkitgubbeBot
from cardlib.skitgubbe import Rules as SkitgubbeRules
from cardlib.skitgubbe import new_game as new_skitgubbe
from cardlib.widgets import PlayTable, Stepper

RAMSCH = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))


class Eager:
    """Bids eagerly up to 24, then declares ``game`` as a Hand game (Null Ouvert Hand lays the
    hand open) when it may; else plays as the heuristic player."""

    def __init__(self, game: str = "N", ouvert: bool = True) -> None:
        self.bot = HeuristicBot(1)
        self.declare = Declare(game, hand=True, ouvert=ouvert)

    def choose(self, state: Any) -> Any:
        legal = state.legal_moves()
        if state.phase == "bidding":
            bids = [m for m in legal if isinstance(m, Bid) and m.value <= 24]
            return Hold() if Hold() in legal else bids[0] if bids else Pass()
        return self.declare if self.declare in legal else self.bot.choose(state)

    def explain(self, state: Any) -> str:
        return self.bot.explain(state)


def shown(table: PlayTable) -> str:
    """Everything the table widget shows: pictures, texts, buttons and their tooltips."""
    parts = [table.header.value, table.table.value, table.message.value, table.hint.value,
             table.events.value, table.result.value, repr(table)]  # fmt: skip
    for box in (table.hand_box, table.move_box):
        for child in box.children:
            parts += [str(getattr(child, name, "")) for name in ("value", "description", "tooltip")]
    parts += [str(option) for option in table.choice.options]
    picture = table.snapshot()
    return "\n".join([*parts, picture.text, picture.svg, *picture.events])


def play_through(table: PlayTable, knowledge: Any, choose: Any) -> list[str]:
    """Play the learner's seat with ``choose`` to the end; returns what leaked on the way."""
    known = knowledge(table.seat)
    leaks = []
    while True:
        table.show_hint()
        if table.state.is_over:
            return leaks
        known.see_all(table.state)
        unknown = known.unknown_in(shown(table))
        if unknown:
            leaks.append(f"{table.state!r}: {sorted(map(str, unknown))}")
        assert table.play(choose(table.state))


SKAT_TABLES = [
    *[("heuristic", seed, Rules(), None, None) for seed in (1, 2, 3, 10, 11, 16)],
    *[("learner plays Hand", seed, Rules(), None, ("C", False)) for seed in (1, 2)],
    *[("against Null Ouvert Hand", seed, Rules(), ("N", True), None) for seed in (1, 2)],
    *[("Schieberamsch", seed, RAMSCH, None, None) for seed in range(1, 5)],
]


@pytest.mark.parametrize("seat", [0, 1, 2], ids=["FH", "MH", "RH"])
@pytest.mark.parametrize(
    ("kind", "seed", "rules", "others", "mine"),
    SKAT_TABLES,
    ids=[f"{t[0]}-{t[1]}" for t in SKAT_TABLES],
)
def test_the_skat_play_table_shows_the_learners_view(
    kind: str, seed: int, rules: Rules, others: Any, mine: Any, seat: int, knowledge: Any,
    named: Any,
) -> None:  # fmt: skip
    table, learner = skat_table(seed, rules, others, mine, seat)
    assert play_through(table, knowledge, learner.choose) == []
    final: SkatState = table.state
    declaration = final.declaration
    if final.declarer is not None or kind == "Schieberamsch":
        # at the end the skat (and what was laid away or passed on) is turned face up
        assert set(final.deal.skat) <= named(table.table.value)
        assert set(final.skat or ()) <= named(table.table.value)
    if declaration is not None and declaration.ouvert and final.declarer != seat:
        # the defenders saw the open hand from the first card on
        first = next(s for s in final.history() if s.phase == "play")
        open_hand = first.view(seat).open_hands[final.declarer]
        assert open_hand is not None and set(open_hand) == set(final.dealt_hand(final.declarer))


def skat_table(seed: int, rules: Rules, others: Any, mine: Any, seat: int) -> tuple[PlayTable, Any]:
    bots = {p: Eager(*others) for p in range(3) if p != seat} if others else None
    table = PlayTable("skat", seat=seat, seed=seed, rules=rules, bots=bots)
    return table, Eager(*mine) if mine else HeuristicBot(seed)


def test_the_tables_give_the_learner_every_role() -> None:
    """The deals above are not all alike: declarer, defender, Hand, an open hand, Ramsch."""
    roles: dict[str, set[str]] = {}
    for kind, seed, rules, others, mine in SKAT_TABLES:
        for seat in (0, 1, 2):
            # the same deal as the table's: its bots are seeded from the deal, seed * 10 + seat
            players = {
                p: Eager(*others) if others else HeuristicBot(seed * 10 + p) for p in (0, 1, 2)
            }
            players[seat] = Eager(*mine) if mine else HeuristicBot(seed)
            final = new_game(new_deal(seed), rules)
            while not final.is_over:
                final = final.play(players[final.current_player].choose(final))
            declaration = final.declaration
            roles.setdefault(kind, set()).add(
                "passed in" if final.result is not None and final.result.passed_in
                else "ramsch" if declaration is None
                else ("declarer" if final.declarer == seat else "defender")
                + (" hand" if declaration.hand else "") + (" ouvert" if declaration.ouvert else "")
            )  # fmt: skip
    assert roles["heuristic"] == {"declarer", "defender", "passed in"}
    assert "declarer hand" in roles["learner plays Hand"]
    assert roles["against Null Ouvert Hand"] == {"defender hand ouvert"}
    assert roles["Schieberamsch"] == {"ramsch"}


def test_the_learners_deal_shows_no_skat_card_and_no_skat_points_to_forehand() -> None:
    """Seed 1, FH passes: MH picks up ♥A ♦7 and lays ♠Q ♦10 (13 points) away, face down."""
    table = PlayTable("skat", seat=0, seed=1)
    table.play(Pass())
    assert table.state.phase == "play" and table.state.declarer == 1
    assert table.news[-3:-1] == [
        "MH picks up the skat and will lay two cards away, face down.",
        "MH lays two cards away, face down; they are shown after the game.",
    ]
    text = shown(table)
    assert not {"♥A", "♦7", "♠Q", "♦10"} & set(text.replace(",", " ").replace("<", " ").split())
    assert "Card points 0:0, tricks 0:0 (declarer:defenders, as FH counts them)" in text
    assert "13:0" not in text and "Skat: face-down card, face-down card" in table.table.value


def test_a_hand_declarer_sees_no_skat_points_beside_the_face_down_skat() -> None:
    class Passer:
        def choose(self, state: Any) -> Any:
            return Pass() if Pass() in state.legal_moves() else state.legal_moves()[0]

        def explain(self, state: Any) -> str:
            return "passes"

    table = PlayTable("skat", seat=1, seed=1, bots={0: Passer(), 2: Passer()})
    table.play(Bid(18))
    table.play(Declare("C", hand=True))
    assert table.state.card_points == (11, 0)  # the skat's ♥A ♦7 count for MH in the end
    assert "Card points 0:0, tricks 0:0 (declarer:defenders, as MH counts them)" in shown(table)
    assert "Skat: face-down card, face-down card" in table.table.value


def skat_deal(seed: int, rules: Rules | None = None) -> SkatState:
    bot = HeuristicBot(seed)
    state = new_game(new_deal(seed), rules)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def stepper_shows(stepper: Stepper, index: int) -> str:
    picture = stepper.snapshot(index)
    return "\n".join([picture.text, picture.svg, *picture.events])


STEPPED = [(seed, Rules()) for seed in range(1, 7)] + [(seed, RAMSCH) for seed in (1, 2)]


@pytest.mark.parametrize("viewer", [0, 1, 2], ids=["FH", "MH", "RH"])
@pytest.mark.parametrize(("seed", "rules"), STEPPED, ids=[f"{s}-{r.ramsch}" for s, r in STEPPED])
def test_the_stepper_with_a_viewer_shows_that_seats_view_at_every_step(
    seed: int, rules: Rules, viewer: int, knowledge: Any, named: Any
) -> None:
    final = skat_deal(seed, rules)
    stepper = Stepper(final, viewer=viewer)
    known = knowledge(viewer)
    for index, state in enumerate(stepper.states):
        if state.is_over:
            break
        known.see_all(state)
        unknown = known.unknown_in(stepper_shows(stepper, index))
        assert not unknown, f"step {index}: {sorted(map(str, unknown))}"
    stepper.last_button.click()
    assert set(final.deal.skat) <= named(stepper.table.value)


def test_the_stepper_widget_itself_keeps_the_skat_face_down(knowledge: Any) -> None:
    """The title, the table and the events panel, as a learner clicks through the deal."""
    final = skat_deal(1)
    assert final.declarer == 1 and final.skat is not None
    stepper = Stepper(final, viewer=0)
    known = knowledge(0)
    titles = []
    while not stepper.next_button.disabled:
        if not stepper.state.is_over:
            known.see_all(stepper.state)
            texts = stepper.title.value + stepper.table.value + stepper.events.value
            assert not known.unknown_in(texts), stepper.index
        titles.append(stepper.title.value)
        stepper.next_button.click()
    assert "<b>Skat, step 7 of 38: MH lays two cards away, face down</b>" in titles
    assert "♠Q" in Stepper(final).snapshot(7).text  # the teacher's stepper names them


def test_without_a_viewer_or_with_open_hands_the_stepper_shows_every_card(named: Any) -> None:
    final = skat_deal(1)
    every = set(final.deal.fh) | set(final.deal.mh) | set(final.deal.rh) | set(final.deal.skat)
    assert named(Stepper(final).snapshot(0).text) == every
    assert named(Stepper(final, viewer=2, open_hands=True).snapshot(0).text) == every
    assert named(Stepper(final, viewer=2).snapshot(0).text) == set(final.deal.rh)
    with pytest.raises(CardlibError, match="give viewer=0"):
        Stepper(final, open_hands=False)


def test_a_skitgubbe_onlooker_sees_the_cards_played_and_no_hand(named: Any) -> None:
    state = new_skitgubbe(SkitgubbeRules(players=3), rng=2)
    bot = SkitgubbeBot(1)
    for _ in range(5):
        state = state.play(bot.choose(state))
    onlooker = Stepper(state, open_hands=False)
    face_up: set[Card] = set()
    for index, step in enumerate(onlooker.states):
        face_up |= set(step.trick) | set(getattr(step.last_move, "cards", ()))  # played face up
        assert named(onlooker.snapshot(index).text) <= face_up
    assert "A: ?? ?? ??" in onlooker.snapshot(3).text


SKITGUBBE = [SkitgubbeRules(players=3), SkitgubbeRules(players=4, trump_visibility="owner")]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", SKITGUBBE, ids=["3 players", "4 players, owner sees trump"])
def test_skitgubbe_widgets_show_only_what_the_seat_has_seen(
    rules: SkitgubbeRules, seed: int, knowledge: Any
) -> None:
    table = PlayTable("skitgubbe", seat=0, seed=seed, rules=rules)
    assert play_through(table, knowledge, SkitgubbeBot(seed).choose) == []
    state = new_skitgubbe(rules, rng=seed)
    bot = SkitgubbeBot(seed)
    while not state.is_over:
        state = state.play(bot.choose(state))
    stepper = Stepper(state, viewer=1)
    for index, step in enumerate(stepper.states):
        if step.is_over:
            break
        seen = step.seen_by(1)
        unknown = knowledge(1).unknown_in(stepper_shows(stepper, index)) - seen
        assert not unknown, f"step {index}: {sorted(map(str, unknown))}"


def test_the_play_table_reads_the_learners_cards_from_the_view() -> None:
    table = PlayTable("skat", seat=2, seed=3)
    assert table.view.hand == table.state.hands[2]
    buttons = [b.description for b in table.hand_box.children[1:]]
    assert buttons == [Card.parse(str(c)).symbol for c in table.view.hand]
