"""The public API: one facade per game, one state protocol, values whose repr types back."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

import cardlib
from cardlib import Card, CardlibError, GameState, Hand, InvalidMoveError, skat, skitgubbe
from cardlib.skat import (
    Bid,
    Declaration,
    Declare,
    Discard,
    GameType,
    Hold,
    Kontra,
    Pass,
    PickUpSkat,
    Play,
    Position,
    Push,
    RamschRules,
    Re,
    Rules,
    parse_move,
)

PROMISED = (
    "new_deal new_game Deal Rules Position Bid Hold Pass PickUpSkat Discard Declare Play Kontra "
    "Re Push GameType Declaration parse_move settle Settlement ScoreSheet RamschRules "
    "settle_ramsch HeuristicBot RandomBot play_position solve solve_position best_moves "
    "win_chance post_mortem iss"
).split()


@pytest.mark.parametrize("name", PROMISED)
def test_the_skat_facade_has_every_everyday_name(name: str) -> None:
    assert name in skat.__all__
    assert getattr(skat, name) is not None


def test_every_name_in_all_resolves_in_both_facades() -> None:
    for module in (cardlib, skat, skitgubbe):
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert missing == [], module.__name__
    with pytest.raises(AttributeError, match="no attribute 'solver_cli'"):
        skat.solver_cli  # noqa: B018


def test_importing_the_facade_leaves_the_solver_and_bots_unloaded() -> None:
    code = (
        "import sys, cardlib.skat\n"
        "print(sorted(m for m in sys.modules if m.startswith(('cardlib.skat.solver', "
        "'cardlib.skat.players', 'cardlib.skat.iss', 'cardlib.probability'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_skat_no_longer_imports_probability() -> None:
    code = (
        "import sys, cardlib.skat as s\n"
        "s.win_chance; s.post_mortem; s.HeuristicBot; s.iss\n"
        "print('cardlib.probability' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def skat_states() -> list[object]:
    state = skat.new_game(skat.new_deal(4))
    bot = skat.HeuristicBot(rng=4)
    states = [state]
    while not state.is_over:
        state = state.play(bot.choose(state))
        states.append(state)
    return states


def skitgubbe_states() -> list[object]:
    state = skitgubbe.new_game(skitgubbe.Rules(players=3), rng=4)
    bot = skitgubbe.HeuristicBot(rng=4)
    states = [state]
    while not state.is_over:
        state = state.play(bot.choose(state))
        states.append(state)
    return states


@pytest.mark.parametrize("states", [skat_states(), skitgubbe_states()], ids=["skat", "skitgubbe"])
def test_every_state_of_both_games_satisfies_the_protocol(states: list[GameState]) -> None:
    for state in states:
        assert isinstance(state, GameState)
        player = state.current_player
        assert player is None or type(player) in (Position, cardlib.Seat)
    last = states[-1]
    assert last.is_over and last.result is not None and last.current_player is None
    assert list(last.history()) == states
    every = [event.ruling.explanation for event in last.all_events()]
    assert every == [event.ruling.explanation for s in states for event in s.events]
    for before, after in itertools.pairwise(states):
        assert after.parent is before and after.last_move is not None
        assert all(event.ruling.explanation for event in after.events)


def test_positions_are_int_enums_that_print_as_their_names() -> None:
    assert list(Position) == [Position.FH, Position.MH, Position.RH] == [0, 1, 2]
    assert (str(Position.MH), repr(Position.MH), f"{Position.RH:>3}") == (
        "MH",
        "Position.MH",
        " RH",
    )
    state = skat.new_game(skat.new_deal(7))
    assert state.current_player is Position.MH


NAMESPACE = {name: getattr(skat, name) for name in skat.__all__} | {"Card": Card, "Hand": Hand}
VALUES = [
    Card("HT"),
    Hand("CJ SJ HA"),
    Bid(18),
    Hold(),
    Pass(),
    PickUpSkat(),
    Push(),
    Kontra(),
    Re(),
    Play("HJ"),
    Discard("S7", "H8"),
    Declare("CH"),
    Declare(GameType.NULL, ouvert=True),
    Declaration(GameType.GRAND, hand=True, schneider=True),
    GameType.DIAMONDS,
    Position.RH,
    Rules(),
    Rules(players=4, ramsch="passed", kontra=True),
    RamschRules(schieberamsch=True),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_repr_evaluates_back_to_an_equal_value(value: object) -> None:
    again = eval(repr(value), NAMESPACE)
    assert again == value and type(again) is type(value)


GAMES = ("G", "C", "SH", "HHS", "DHSZ", "GOHSZ", "N", "NH", "NO", "NOH")
MOVES = [Bid(18), Hold(), Pass(), PickUpSkat(), Push(), Kontra(), Re(), Play("HJ"),
         Discard("S7", "H8"), *(Declare(Declaration.parse_iss(t)) for t in GAMES)]  # fmt: skip


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_str_is_the_notation_parse_move_reads_and_symbol_is_for_people(move: object) -> None:
    assert parse_move(str(move)) == move
    assert isinstance(move.symbol, str) and move.symbol  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Bid(18.0),
        lambda: Bid("18"),
        lambda: Bid(True),
        lambda: Bid(None),
        lambda: Play(42),
        lambda: Play("H1"),
        lambda: Discard("S7", 3),
        lambda: Declare(42),
        lambda: Declare("X"),
        lambda: Declare("C", hand="yes"),
        lambda: parse_move("h7x"),
        lambda: parse_move(18),
    ],
    ids=range(12),
)
def test_invalid_moves_are_their_own_error_never_a_type_error(make: object) -> None:
    with pytest.raises(InvalidMoveError):
        make()  # type: ignore[operator]


def test_bots_refuse_a_finished_deal_with_a_cardlib_error() -> None:
    final = skat_states()[-1]
    for bot in (skat.HeuristicBot(rng=1), skat.RandomBot(1)):
        with pytest.raises(CardlibError, match="the deal is over"):
            bot.choose(final)  # type: ignore[arg-type]


def test_settle_reads_text_cards_like_every_entry_point() -> None:
    cards = "SJ HJ DA DT DK DQ D9 SA S7 C7 H7 H8"
    by_text = skat.settle(Declaration(GameType.DIAMONDS), cards, 90, 7, bid=22)
    by_cards = skat.settle(Declaration(GameType.DIAMONDS), Hand(cards), 90, 7, bid=22)
    assert by_text == by_cards and by_text.value == 27
    with pytest.raises(CardlibError, match="declarer's cards"):
        skat.settle(Declaration(GameType.DIAMONDS), "SJ HJ DA", 90, 7, bid=22)


def test_ruling_codes_are_in_one_style_in_both_games() -> None:
    codes: set[str] = set()
    for states in (skat_states(), skitgubbe_states()):
        for state in states:
            codes |= {event.ruling.code for event in state.events}  # type: ignore[attr-defined]
    refused = skat.new_game(skat.new_deal(4)).why_illegal(Play("HJ"))
    assert refused is not None
    codes.add(refused.code)
    assert len(codes) > 10
    assert all(code.replace("_", "").isalpha() and code.islower() for code in codes), codes


@pytest.mark.parametrize(
    "make",
    [
        lambda: Declaration(42),  # type: ignore[arg-type]
        lambda: Declaration(GameType.CLUBS, hand="yes"),  # type: ignore[arg-type]
        lambda: GameType.parse(5),  # type: ignore[arg-type]
        lambda: Position(5),
        lambda: skat.play_position(5, GameType.CLUBS, 0),  # type: ignore[arg-type]
        lambda: skat.play_position("CJ SJ HJ", GameType.CLUBS, 0),
        lambda: Rules(players="3"),  # type: ignore[arg-type]
        lambda: Rules(kontra="yes"),  # type: ignore[arg-type]
        lambda: RamschRules(scoring=1),  # type: ignore[arg-type]
        lambda: skat.Deal(1, 2, 3, 4),  # type: ignore[arg-type]
        lambda: skat.ScoreSheet("3"),  # type: ignore[arg-type]
        lambda: skat.new_game(5),  # type: ignore[arg-type]
        lambda: skat.new_deal("x"),  # type: ignore[arg-type]
        lambda: skat.settle(1, "CJ", 1, 1, 18),  # type: ignore[arg-type]
        lambda: skat.new_game(skat.new_deal(1)).view("x"),  # type: ignore[arg-type]
        lambda: skitgubbe.Rules(players="3"),  # type: ignore[arg-type]
        lambda: Hand(5),  # type: ignore[arg-type]
    ],
    ids=range(17),
)
def test_constructors_refuse_bad_values_with_a_cardlib_error(make: object) -> None:
    with pytest.raises(CardlibError):
        make()  # type: ignore[operator]


def test_a_declaration_reads_a_game_letter() -> None:
    assert Declaration("C", hand=True) == Declaration(GameType.CLUBS, hand=True)  # type: ignore[arg-type]
