"""Skitgubbe's values: repr evaluates back, str is the notation, bad input is a CardlibError."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import pytest

import cardlib
import cardlib.skitgubbe
from cardlib import Card, CardlibError, InvalidCardError, RulesError, Ruling, Seat
from cardlib.errors import InvalidMoveError
from cardlib.skitgubbe import (
    Event,
    HeuristicBot,
    Phase,
    PickUp,
    Play,
    RandomBot,
    Result,
    Rules,
    SeenPlay,
    StateView,
    TurnUp,
    new_game,
    parse_move,
)

VIEW = new_game(rng=7).view(1)

# ``repr(Card)`` prints ``Card('HT')`` and ``Card('HT')`` does not construct yet, so the names
# map Card to Card.parse. Switch to the plain namespace once Card('HT') constructs.
NAMES: dict[str, Any] = {**vars(cardlib), **vars(cardlib.skitgubbe), "Card": Card.parse}


def round_trip(value: object) -> object:
    return eval(repr(value), dict(NAMES))


MOVES = [
    Play("HT"),
    Play(Card.parse("C2")),
    Play("HQ", "HT", "HJ"),
    Play("HK", "HA"),  # the ace is high
    TurnUp(),
    PickUp(),
]


@pytest.mark.parametrize("move", MOVES, ids=repr)
def test_a_moves_repr_evaluates_back_and_str_is_its_notation(move: Any) -> None:
    assert round_trip(move) == move
    assert hash(round_trip(move)) == hash(move)
    assert parse_move(str(move)) == move
    assert isinstance(move.symbol, str) and move.symbol


def test_the_symbol_is_for_people_and_str_for_the_record() -> None:
    assert str(Play("HT", "HJ")) == "HT HJ" and Play("HT", "HJ").symbol == "♥10 ♥J"
    assert str(TurnUp()) == "turn" and str(PickUp()) == "pick"
    assert repr(Play("HJ", "HT")) == "Play('HT', 'HJ')"


def test_turn_up_and_pick_up_are_one_value_each() -> None:
    assert TurnUp() is TurnUp() and PickUp() is PickUp()
    assert TurnUp() != PickUp()


RULES = [
    Rules(),
    Rules(players=2, removed_for_two=10),
    Rules(players=4, phase_one="all", sequences=True),
    Rules(trump_visibility="all", phase_one_end="skip_empty"),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_rules_repr_shows_the_changed_options_and_evaluates_back(rules: Rules) -> None:
    assert round_trip(rules) == rules
    defaults = Rules()
    for name in ("phase_one", "sequences", "removed_for_two", "trump_visibility"):
        assert (f"{name}=" in repr(rules)) is (getattr(rules, name) != getattr(defaults, name))


def test_rules_repr_is_short() -> None:
    assert repr(Rules()) == "Rules()"
    assert repr(Rules(players=4, sequences=True)) == "Rules(players=4, sequences=True)"


def finished_game(seed: int, rules: Rules) -> Any:
    state = new_game(rules, seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state = state.play(bot.choose(state))
    return state


def test_results_events_and_rulings_evaluate_back() -> None:
    state = finished_game(3, Rules(players=4, sequences=True, phase_one="all"))
    result = state.result
    assert isinstance(result, Result) and round_trip(result) == result
    assert repr(result).startswith("Result(loser=Seat.")
    events = [event for current in state.history() for event in current.events]
    assert {event.code for event in events} >= {"play", "trick", "trumps", "beat", "loser"}
    for event in events:
        again = round_trip(event)
        assert again == event and hash(again) == hash(event)
        assert str(again) == str(event)
        assert round_trip(event.ruling) == event.ruling


def test_an_event_shows_its_ruling_in_ipython() -> None:
    from IPython.lib.pretty import pretty

    event = new_game(rng=7).play(Play("ST")).events[0]
    assert pretty(event) == f"<play: {event.ruling.explanation}>"
    assert pretty([event]) == f"[<play: {event.ruling.explanation}>]"


BAD_CALLS: list[tuple[str, Any, type[CardlibError], str]] = [
    ("Play(42)", lambda: Play(42), InvalidCardError, "Play(42): 42 is not a card"),
    ("Play(None)", lambda: Play(None), InvalidCardError, "Play(None)"),
    ("Play()", lambda: Play(), InvalidCardError, "Play() needs a card"),
    ("Play(['HT'])", lambda: Play(["HT"]), InvalidCardError, "Play(['HT'])"),
    ("Play twice", lambda: Play("HT", "HT"), InvalidCardError, "given twice"),
    ("Play(card=)", lambda: Play(card="HT"), RulesError, "Play(card='HT')"),
    # The rules (sequences, seed 002): several cards are a run of one suit, A high, no wrap-around.
    ("mixed suits", lambda: Play("H7", "S8"), InvalidMoveError, "Play('H7', 'S8'): ♥7 ♠8 is not"),
    ("a gap", lambda: Play("H7", "H9"), InvalidMoveError, "Play('H7', 'H9'): ♥7 ♥9 is not a run"),
    ("wrap-around", lambda: Play("HA", "H2"), InvalidMoveError, "Play('H2', 'HA')"),
    ("parse a gap", lambda: parse_move("HT HQ"), InvalidMoveError, "Play('HT', 'HQ')"),
    ("TurnUp(1)", lambda: TurnUp(1), RulesError, "TurnUp(1)"),
    ("PickUp(x=1)", lambda: PickUp(x=1), RulesError, "PickUp(x=1)"),
    ("players='3'", lambda: Rules(players="3"), RulesError, "Rules(players='3')"),
    ("players=True", lambda: Rules(players=True), RulesError, "Rules(players=True)"),
    ("players=3.0", lambda: Rules(players=3.0), RulesError, "Rules(players=3.0)"),
    ("players=None", lambda: Rules(players=None), RulesError, "Rules(players=None)"),
    ("players=5", lambda: Rules(players=5), RulesError, "Rules(players=5)"),
    ("phase_one=[]", lambda: Rules(phase_one=[]), RulesError, "Rules(phase_one=[])"),
    ("sequences=1", lambda: Rules(sequences=1), RulesError, "Rules(sequences=1)"),
    ("unknown option", lambda: Rules(sequence=True), RulesError, "Rules(sequence=True)"),
    ("too many", lambda: Rules(3, "pairs", False, 0, "hidden", "first_empty", 1), RulesError,
     "Rules(3, "),
    ("twice", lambda: Rules(3, players=3), RulesError, "Rules(3, players=3)"),
    ("Result('C')", lambda: Result("C", ()), RulesError, "Result(loser='C')"),
    ("Result(C)", lambda: Result(Seat.C), RulesError, "Result(Seat.C)"),
    ("Result out", lambda: Result(Seat.C, (Seat.C,)), RulesError, "not the loser"),
    ("Event code", lambda: Event.make("x", ()), RulesError, "Event.make('x', ())"),
    ("Event args", lambda: Event.make("lead", [0]), RulesError, "Event.make('lead', [0])"),
    ("parse_move(42)", lambda: parse_move(42), InvalidCardError, "42 is not a move"),
    ("parse_move twice", lambda: parse_move("HT HT"), InvalidCardError, "'HT HT'"),
    ("bot rng", lambda: HeuristicBot("x"), RulesError, "rng='x'"),
    ("StateView(None, 0)", lambda: StateView(None, 0), RulesError, "StateView(None, 0): dealer"),
    ("view rules", lambda: replace(VIEW, rules=0), RulesError, "StateView(rules=0)"),
    ("view seat", lambda: replace(VIEW, seat=3), RulesError, "StateView(seat=3)"),
    ("view sizes", lambda: replace(VIEW, hand_sizes=(3, 3)), RulesError, "hand_sizes=(3, 3)"),
    ("view hand", lambda: replace(VIEW, hand_sizes=(3, 2, 3)), RulesError,
     "Seat.B holds 3 cards, not 2"),
    ("view stock", lambda: replace(VIEW, stock_size=-1), RulesError, "StateView(stock_size=-1)"),
    ("view turn", lambda: replace(VIEW, current_player=None), RulesError, "phase 1 never ends"),
    ("SeenPlay seat", lambda: SeenPlay(None, Phase.ONE, PickUp(), ()), RulesError,
     "SeenPlay(seat=None)"),
    ("SeenPlay move", lambda: SeenPlay(Seat.A, Phase.ONE, "HT", ()), RulesError,
     "SeenPlay(move='HT')"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "call", "error", "text"), BAD_CALLS,
                         ids=[case[0] for case in BAD_CALLS])  # fmt: skip
def test_bad_input_is_a_cardlib_error_naming_it(
    label: str, call: Any, error: type[CardlibError], text: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert text in str(caught.value), label


def test_a_view_survives_pickling_and_replace() -> None:
    assert pickle.loads(pickle.dumps(VIEW)) == VIEW
    assert replace(VIEW, events=()).hand == VIEW.hand


def test_rules_from_a_record_still_read_every_option() -> None:
    rules = Rules(players=2, removed_for_two=10, sequences=True, trump_visibility="owner")
    options = dict(line.split(" ", 1) for line in rules.to_lines())
    assert Rules.from_options(options) == rules


def test_a_result_takes_seat_numbers() -> None:
    assert Result(2, [0, 1]) == Result(Seat.C, (Seat.A, Seat.B))
    assert Result(2, [0, 1]).out_order == (Seat.A, Seat.B)


def test_a_ruling_is_a_value_too() -> None:
    ruling = Ruling("stunsa", "A and B both played a 7.", "skitgubbe phase 1, rule 4")
    assert round_trip(ruling) == ruling


def test_moves_of_random_games_round_trip() -> None:
    rng = random.Random(5)
    state = new_game(Rules(players=3, sequences=True), rng)
    bot = RandomBot(rng)
    while not state.is_over:
        for move in state.legal_moves():
            assert round_trip(move) == move and parse_move(str(move)) == move
        state = state.play(bot.choose(state))


MORE_BAD_CALLS: list[tuple[str, Any, str]] = [
    ("new_game rules", lambda: new_game("3"), "rules='3'"),
    ("new_game dealer", lambda: new_game(dealer="A"), "dealer='A'"),
    ("new_game dealer 1.5", lambda: new_game(dealer=1.5), "dealer=1.5"),
    ("new_game dealer True", lambda: new_game(dealer=True), "dealer=True"),
    ("new_game deck", lambda: new_game(deck=42), "deck: 42"),
    ("new_game rng", lambda: new_game(rng="x"), "rng='x'"),
    ("hand of seat 7", lambda: new_game().hand(7), "7 is not a seat at this table"),
    ("view of seat 7", lambda: new_game().view(7), "7 is not a seat at this table"),
    ("seen by seat D", lambda: new_game().seen_by(Seat.D), "Seat.D is not a seat"),
    ("replay(42)", lambda: cardlib.skitgubbe.replay(42), "42 is not a game record"),
    ("bot on text", lambda: HeuristicBot().choose("x"), "not 'x'"),
    ("random bot on text", lambda: RandomBot().choose(None), "not None"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "call", "text"), MORE_BAD_CALLS,
                         ids=[case[0] for case in MORE_BAD_CALLS])  # fmt: skip
def test_bad_arguments_to_games_and_bots_are_cardlib_errors(
    label: str, call: Any, text: str
) -> None:
    with pytest.raises(CardlibError) as caught:
        call()
    assert text in str(caught.value), label


@pytest.mark.parametrize("bot", [HeuristicBot(1), RandomBot(1)], ids=lambda bot: type(bot).__name__)
def test_a_bot_asked_to_move_in_a_finished_game_says_the_game_is_over(bot: Any) -> None:
    state = finished_game(1, Rules(players=3))
    assert state.is_over
    for ask in (bot.choose, bot.explain):
        with pytest.raises(RulesError) as caught:
            ask(state)
        message = str(caught.value)
        assert f"{type(bot).__name__} has no move to choose: the game is over" in message
        assert state.summary() in message and "skitgubbe" in message
