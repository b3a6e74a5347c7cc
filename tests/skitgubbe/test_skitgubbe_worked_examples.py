"""The worked examples of the rules (phase 2, seed 000: three players A, B, C, trick size 3)."""

from __future__ import annotations

from cardlib import FULL_DECK, Card, Seat, parse_cards
from cardlib.skitgubbe import PickUp, Play, phase_two_position

TRUMPS = "S"


def position(a: str, b: str, c: str):  # type: ignore[no-untyped-def]
    held = set(parse_cards(f"{a} {b} {c}"))
    return phase_two_position(
        hands=[a, b, c],
        trumps=TRUMPS,
        turn=Seat.A,
        discard=[card for card in FULL_DECK if card not in held],
    )


def hands(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(hand) for hand in state.hands]


def discard_of(state) -> set[Card]:  # type: ignore[no-untyped-def]
    return set(state.discard)


def test_beaten_twice_completes_the_trick_and_the_last_player_leads() -> None:
    start = position("H7 D2 D3", "H9 D4 D5", "HK D6 D7")
    assert start.trick_size == 3
    state = start.play(Play("H7")).play(Play("H9")).play(Play("HK"))
    assert state.current_player is Seat.C
    assert state.trick == ()
    assert state.trick_size == 3
    assert hands(state) == ["D3 D2", "D5 D4", "D7 D6"]
    assert discard_of(state) - discard_of(start) == set(parse_cards("H7 H9 HK"))
    assert [event.code for event in state.events] == ["beat", "trick_complete"]
    assert "C played the last (highest) card and leads next" in str(state.events[-1])


def test_a_pick_up_makes_the_leader_beat_his_own_card() -> None:
    start = position("H7 HT D2", "H9 HQ D4", "D6 D7")
    state = start.play(Play("H7")).play(Play("H9")).play(PickUp())
    assert state.current_player is Seat.A
    assert state.top_card == Card.parse("H7")
    assert hands(state) == ["HT D2", "HQ D4", "H9 D7 D6"]
    assert "A must now beat ♥7, the card on top (A's own card)" in str(state.events[0])
    state = state.play(Play("HT")).play(Play("HQ"))
    assert state.current_player is Seat.B
    assert state.trick == () and state.trick_size == 3
    assert hands(state) == ["D2", "D4", "H9 D7 D6"]
    assert discard_of(state) - discard_of(start) == set(parse_cards("H7 HT HQ"))


def test_every_card_picked_up_passes_the_lead_to_the_left_of_the_last_picker() -> None:
    start = position("H7 D2", "H9 D4", "D6 D7")
    state = start.play(Play("H7")).play(Play("H9")).play(PickUp()).play(PickUp())
    assert state.current_player is Seat.B
    assert state.trick == () and state.trick_size == 3
    assert hands(state) == ["H7 D2", "D4", "H9 D7 D6"]
    assert discard_of(state) == discard_of(start)
    assert state.events[0].code == "trick_emptied"


def test_a_player_out_mid_trick_keeps_its_size_and_shrinks_the_next() -> None:
    start = position("H7", "H9 HT D4", "HK D6")
    state = start.play(Play("H7"))
    assert state.out_order == (Seat.A,)
    assert [event.code for event in state.events] == ["lead", "out"]
    state = state.play(Play("H9")).play(PickUp())
    assert state.current_player is Seat.B  # A is out: B must beat A's ♥7 again
    assert state.top_card == Card.parse("H7")
    state = state.play(Play("HT"))
    assert state.current_player is Seat.C
    assert state.trick_size == 3 and len(state.trick) == 2
    state = state.play(Play("HK"))
    assert state.current_player is Seat.C
    assert state.trick == () and state.trick_size == 2
    assert hands(state) == ["", "D4", "H9 D6"]
    assert discard_of(state) - discard_of(start) == set(parse_cards("H7 HT HK"))
    assert not state.is_over


def test_the_wrong_leader_example_follows_rule_4b_and_skips_the_empty_player() -> None:
    """The seed says "B leads"; B has no cards, so the lead passes on to C."""
    start = position("H7 D2", "H9", "D6 D7")
    state = start.play(Play("H7")).play(Play("H9"))
    assert state.out_order == (Seat.B,)
    state = state.play(PickUp()).play(PickUp())
    assert state.current_player is Seat.C
    assert state.trick == () and state.trick_size == 2
    assert hands(state) == ["H7 D2", "", "H9 D7 D6"]
    assert discard_of(state) == discard_of(start)
    ruling = state.events[-1].ruling
    assert ruling.code == "trick_emptied"
    assert "the lead passes to A's left, B, who has no cards, so on to C" in ruling.explanation
    assert ruling.rule == "skitgubbe phase 2, rule 4b"


def test_the_last_player_holding_cards_loses_at_once_even_mid_trick() -> None:
    start = position("H7", "H9", "D6 D7")
    state = start.play(Play("H7")).play(Play("H9"))
    assert state.is_over and state.current_player is None
    assert state.loser is Seat.C
    assert state.out_order == (Seat.A, Seat.B)
    assert str(state.result) == "C is the skitgubbe; out: A first, then B"
    assert state.legal_moves() == []
    assert state.events[-1].code == "loser"


def test_a_trump_beats_any_plain_card_but_only_a_higher_trump_beats_a_trump() -> None:
    start = position("H7 S3", "S2 HA", "S4 D6")
    state = start.play(Play("H7"))
    assert Play("S2") in state.legal_moves()
    state = state.play(Play("S2"))
    assert "♠ are trumps and ♥7 is not" in str(state.events[0])
    assert state.legal_moves() == [Play("S4"), PickUp()]


def test_the_rules_allow_a_cycle_that_never_ends_and_the_bot_breaks_it() -> None:
    from cardlib.skitgubbe import HeuristicBot, Rules

    kept = "S6 HK HJ H7 CJ DK D8 CA SQ SJ S9 S8 S5 S4 S3 HA HQ D3 SK SA"
    state = phase_two_position(
        Rules(players=4),
        hands=["S6 HK HJ H7", "CJ DK D8", "CA SQ SJ S9 S8 S5 S4 S3 HA HQ D3", ""],
        trumps="C",
        turn=Seat.C,
        trick=[(Seat.D, "SK"), (Seat.A, "SA")],
        trick_size=4,
        out_order=[Seat.D],
        discard=[card for card in FULL_DECK if str(card) not in kept.split()],
    )

    def greedy(current):  # type: ignore[no-untyped-def]
        moves = current.legal_moves()
        plays = [move for move in moves if isinstance(move, Play)]
        return min(plays, key=lambda move: move.card.rank) if plays else PickUp()

    seen = {}
    current = state
    for step in range(40):
        key = (current.hands, current.trick, current.current_player)
        if key in seen:
            break
        seen[key] = step
        current = current.play(greedy(current))
    else:
        raise AssertionError("no repetition")
    assert not current.is_over and len(current.discard) == len(state.discard)
    bot = HeuristicBot(1)
    current = state
    for _ in range(500):
        if current.is_over:
            break
        current = current.play(bot.choose(current))
    assert current.is_over


def test_a_cycle_across_tricks_is_broken_by_the_bot() -> None:
    from cardlib.skitgubbe import HeuristicBot, Rules

    kept = "C8 C7 ST D3 CA CQ S9 H9 C9 D7"
    start = phase_two_position(
        Rules(players=4),
        hands=["", "C8 C7 ST D3", "CA CQ S9 H9", "C9 D7"],
        trumps="H",
        turn=Seat.B,
        out_order=[Seat.A],
        discard=[card for card in FULL_DECK if str(card) not in kept.split()],
    )
    cycle = [Play("D3"), Play("H9"), PickUp(), PickUp(), Play("S9"), Play("H9"), PickUp(),
             PickUp(), Play("D7"), Play("H9"), PickUp(), PickUp()]  # fmt: skip
    state = start
    for move in cycle:
        state = state.play(move)
    assert state.hands == start.hands and state.current_player is Seat.B
    assert state.trick == () and state.discard == start.discard
    bot = HeuristicBot(2)
    for _ in range(300):
        if state.is_over:
            break
        state = state.play(bot.choose(state))
    assert state.is_over
