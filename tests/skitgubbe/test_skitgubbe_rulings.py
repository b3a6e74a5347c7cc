"""Rulings say exactly what happened: who drew, who leads and why, runs called runs."""

from __future__ import annotations

from typing import Any

from cardlib import FULL_DECK, Card, Seat, parse_cards
from cardlib.skitgubbe import (
    HeuristicBot,
    PickUp,
    Play,
    Rules,
    TurnUp,
    new_game,
    phase_one_position,
    phase_two_position,
)


def rest(*used: str) -> list[Card]:
    taken = set(parse_cards(" ".join(used)))
    return [card for card in FULL_DECK if card not in taken]


def deck(first: str) -> list[Card]:
    top = list(parse_cards(first))
    return top + [card for card in FULL_DECK if card not in top]


def ruling(state: Any, code: str) -> str:
    texts = [str(event) for event in state.events if event.code == code]
    assert len(texts) == 1, [event.code for event in state.events]
    return texts[0]


# A gets H7 H9 HA, B gets S7 S9 C2, C gets D3 D4 D5; the stock starts C3 C7 C5 ...
DEAL = "H7 S7 D3 H9 S9 D4 HA C2 D5 C3 C7 C5"


def test_a_stunsa_says_both_players_have_drawn_while_the_stock_lasts() -> None:
    state = new_game(deck=deck(DEAL)).play(Play("H7")).play(Play("S7"))
    text = ruling(state, "stunsa")
    assert "A and B have already drawn after playing." in text
    assert "A leads again, to B." in text


def test_a_stunsa_with_a_turned_up_card_says_that_player_did_not_draw() -> None:
    state = new_game(deck=deck(DEAL)).play(Play("H7")).play(TurnUp())  # B turns up ♣7
    text = ruling(state, "stunsa")
    assert "A has already drawn after playing; B turned up the stock's top card, so B does " \
        "not draw." in text  # fmt: skip
    assert "B and" not in text and "have already drawn" not in text


def test_a_stunsa_with_the_stock_empty_says_nobody_draws() -> None:
    state = phase_one_position(hands=["H7 C2", "S7 D4", "D3"], collected=[rest(
        "H7 C2 S7 D4 D3 DA"), [], []], trump_card="DA", trump_owner=Seat.C)  # fmt: skip
    state = state.play(Play("H7")).play(Play("S7"))
    text = ruling(state, "stunsa")
    assert "Nobody draws: the stock is empty." in text
    assert "drawn" not in text


def test_the_last_stock_card_is_drawn_and_the_next_player_finds_the_stock_empty() -> None:
    state = phase_one_position(
        hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"],
        stock="DA",
        collected=[rest("H7 H9 HA S7 S9 C2 D3 D4 D5 DA"), [], []],
    )
    state = state.play(Play("H7")).play(Play("S7"))
    text = ruling(state, "stunsa")
    assert "A has already drawn after playing; B does not draw: the stock is empty." in text


def test_the_replay_leader_leads_the_replay_not_again() -> None:
    """Everyone plays: A leads, B and C tie. B did not lead, so B leads the replay."""
    state = phase_one_position(Rules(phase_one="all"), hands=["H7 H8 H6", "S9 C2 S4", "D9 C3 D5"],
                               collected=[rest("H7 H8 H6 S9 C2 S4 D9 C3 D5 DA"), [], []],
                               trump_card="DA", trump_owner=Seat.A)  # fmt: skip
    state = state.play(Play("H7")).play(Play("S9")).play(Play("D9"))
    text = ruling(state, "stunsa")
    assert "B and C both played a 9" in text
    assert "B leads the replay, to C." in text and "again" not in text
    state = state.play(Play("C2")).play(Play("C3"))
    assert "C wins the trick" in ruling(state, "trick")
    assert "C leads next." in ruling(state, "trick")


def test_the_same_leader_leads_again() -> None:
    state = new_game(deck=deck(DEAL)).play(Play("H9")).play(Play("S7"))
    assert ruling(state, "trick").endswith("A leads again, to B.")
    state = state.play(Play("H7")).play(Play("S9"))
    assert ruling(state, "trick").endswith("B leads next, to C.")


def test_a_tied_player_without_cards_is_skipped_and_the_ruling_says_so() -> None:
    rules = Rules(phase_one="all", phase_one_end="skip_empty")
    state = phase_one_position(rules, hands=["HA", "C2 C3", "SA D4"],
                               collected=[rest("HA C2 C3 SA D4 DA"), [], []], trump_card="DA",
                               trump_owner=Seat.B)  # fmt: skip
    state = state.play(Play("HA")).play(Play("C2")).play(Play("SA"))
    text = ruling(state, "stunsa")
    assert "A and C both played an ace" in text
    assert "A has no cards, so B leads the replay, to C." in text


def test_a_trick_names_the_players_skipped_with_agreement() -> None:
    rules = Rules(players=4, phase_one_end="skip_empty")
    state = phase_one_position(rules, hands=["", "C8 C2", "ST C3", ""], leader=Seat.C,
                               collected=[rest("C8 C2 ST C3 DA"), [], [], []], trump_card="DA",
                               trump_owner=Seat.B)  # fmt: skip
    assert state.round_players == (Seat.C, Seat.B)
    state = state.play(Play("ST")).play(Play("C8"))
    assert ruling(state, "trick").endswith(
        "C leads again, to B (D and A have no cards and the stock cannot be turned up, so they "
        "are skipped)."
    )
    assert "C's ♠10 is higher than B's ♣8" in ruling(state, "trick")


def test_everyone_beaten_is_listed_with_and() -> None:
    rules = Rules(phase_one="all")
    state = new_game(rules, deck=deck(DEAL)).play(Play("HA")).play(Play("S9")).play(Play("D3"))
    assert "A's ♥A is higher than B's ♠9 and C's ♦3:" in ruling(state, "trick")


def test_the_trump_card_shown_to_all_lies_face_up() -> None:
    def drawn(visibility: str) -> str:
        state = phase_one_position(
            Rules(trump_visibility=visibility),  # type: ignore[arg-type]
            hands=["H7 H9 HA", "S7 S9 C2", "D3 D4 D5"], stock="DA",
            collected=[rest("H7 H9 HA S7 S9 C2 D3 D4 D5 DA"), [], []],
        )  # fmt: skip
        return ruling(state.play(Play("H7")), "trump_card")

    shown = drawn("all")
    assert "face up beside A for everyone to see" in shown and "♦A" in shown
    assert "face down" not in shown
    hidden = drawn("hidden")
    assert "face down beside A (nobody may look at it)" in hidden and "♦A" not in hidden
    assert "face down beside A (only A may look at it)" in drawn("owner")


# Phase 2 ---------------------------------------------------------------------------------------


def two(rules: Rules | None = None, **given: Any) -> Any:
    hands = given.pop("hands")
    trick = given.get("trick", ())
    on_trick = " ".join(cards for _, cards in trick)
    return phase_two_position(rules, hands=hands, trumps="S", discard=rest(*hands, on_trick),
                              **given)  # fmt: skip


def test_the_lead_passes_over_players_without_cards_with_agreement() -> None:
    four = two(Rules(players=4), hands=["D2", "C9 D4", "", ""], trick=[(Seat.A, "C5")],
               turn=Seat.B, out_order=[Seat.C, Seat.D])  # fmt: skip
    text = ruling(four.play(PickUp()), "trick_emptied")
    assert "the lead passes to B's left, C and D, who have no cards, so on to A." in text
    three = two(hands=["D2", "C9 D4", ""], trick=[(Seat.A, "C5")], turn=Seat.B)
    text = ruling(three.play(PickUp()), "trick_emptied")
    assert "the lead passes to B's left, C, who has no cards, so on to A." in text


def test_a_completed_trick_names_every_player_passed_over() -> None:
    state = two(Rules(players=4), hands=["H7 D2", "H9", "", "C3 C4"],
                trick=[(Seat.D, "H4"), (Seat.A, "H5")], turn=Seat.B, trick_size=3)  # fmt: skip
    state = state.play(Play("H9"))
    text = ruling(state, "trick_complete")
    assert "B played the last card but has no cards left, and C has none either, so the lead " \
        "passes on to D." in text  # fmt: skip
    assert state.current_player is Seat.D


def test_a_pick_up_mid_trick_names_the_skipped_player() -> None:
    state = two(Rules(players=4), hands=["H7 D2", "H9 D3", "C5 C6", ""],
                trick=[(Seat.A, "H5"), (Seat.B, "H6")], turn=Seat.C, trick_size=3)  # fmt: skip
    text = ruling(state.play(PickUp()), "pick_up")
    assert "D has no cards, so A must now beat ♥5, the card on top (A's own card)" in text


def sequences() -> Any:
    return two(Rules(sequences=True), hands=["H7 H8 D2", "H9 HT HJ S2 C5", "HK D6"])


def test_a_picked_up_run_is_called_a_run() -> None:
    state = sequences().play(Play("H7", "H8"))
    text = ruling(state.play(PickUp()), "trick_emptied")
    assert "B picks up A's run ♥7 ♥8, the last play of the trick" in text
    state = state.play(Play("H9")).play(PickUp())
    text = ruling(state, "pick_up")
    assert "C picks up B's ♥9 instead of beating it." in text
    assert "A must now beat ♥8, the top card of the run ♥7 ♥8 (A's own run), or pick the run " \
        "up." in text  # fmt: skip
    assert state.prompt().startswith(
        "A to beat ♥8, the top card of the run ♥7 ♥8 or pick the run up"
    )
    why = state.why_illegal(Play("D2"))
    assert why is not None and why.explanation.endswith("A must pick up the run ♥7 ♥8.")


def test_the_run_a_player_picks_up_mid_trick_is_called_a_run() -> None:
    state = sequences().play(Play("H8")).play(Play("H9", "HT", "HJ"))
    text = ruling(state.play(PickUp()), "pick_up")
    assert "C picks up B's run ♥9 ♥10 ♥J instead of beating it." in text


def test_the_cards_that_could_beat_include_runs() -> None:
    state = sequences().play(Play("H7"))
    why = state.why_illegal(Play("C5"))
    assert why is not None and why.code == "does_not_beat"
    assert why.explanation.endswith(
        "B can beat with ♠2 ♥J ♥10 ♥9 or the runs ♥9 ♥10, ♥9 ♥10 ♥J and ♥10 ♥J, or pick up ♥7."
    )
    plain = two(hands=["H7 H8 D2", "H9 HT HJ S2 C5", "HK D6"]).play(Play("H7"))
    why = plain.why_illegal(Play("C5"))
    assert why is not None
    assert why.explanation.endswith("B can beat with ♠2 ♥J ♥10 ♥9 or pick up ♥7.")


def test_the_bot_picks_up_a_run_in_words() -> None:
    state = two(Rules(sequences=True), hands=["H7 H8 D2", "C5 D3", "HK D6"]).play(Play("H7", "H8"))
    assert HeuristicBot().explain(state) == (
        "Nothing in your hand beats ♥8, the top card of the run ♥7 ♥8: you must pick the run up."
    )
