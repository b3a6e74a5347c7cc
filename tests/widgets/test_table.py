"""PlayTable without a browser: clicks on card buttons, rulings for refused cards, bots, results."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.skat import Bid, Declare, Pass, PickUpSkat, Play
from cardlib.widgets import PlayTable


class Passer:
    """Passes whenever it may, else makes the first legal move."""

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        return Pass() if Pass() in moves else moves[0]

    def explain(self, state: Any) -> str:
        return "passes"


def button(table: PlayTable, words: str) -> Any:
    found = [b for b in table.move_box.children if getattr(b, "description", None) == words]
    assert found, [getattr(b, "description", None) for b in table.move_box.children]
    return found[0]


def card_button(table: PlayTable, card: str) -> Any:
    symbol = Card.parse(card).symbol
    return next(b for b in table.hand_box.children[1:] if b.description == symbol)


def skat_declarer_table() -> PlayTable:
    """FH bids 18 against two passers, picks up, discards and declares clubs."""
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    assert [b.description for b in table.move_box.children] == ["pass", "say 18"]
    button(table, "say 18").click()
    assert table.state.phase == "skat" and table.state.declarer == 0
    button(table, "pick up the skat").click()
    hand = table.state.hands[0]
    card_button(table, str(hand[-1])).click()
    card_button(table, str(hand[-2])).click()
    assert table.selected == [hand[-1], hand[-2]]
    away = sorted((hand[-1], hand[-2]))
    # the button names the two cards by their symbols, not by their codes
    button(table, f"discard {away[0].symbol} {away[1].symbol}").click()
    button(table, "declare ♣").click()
    assert table.state.phase == "play"
    return table


def test_skat_bidding_discarding_and_declaring_through_buttons() -> None:
    table = skat_declarer_table()
    assert table.state.declaration.game.name == "CLUBS"
    assert len(table.state.hands[0]) == 10
    assert "FH declares" in " ".join(table.news) or table.news


def test_buttons_offer_only_legal_moves() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    offered = {b.description for b in table.move_box.children if hasattr(b, "description")}
    legal = {m.symbol for m in table.state.legal_moves()}
    assert offered - {"", "declare"} <= legal
    assert set(table.choice.options) and all(
        table.state.is_legal(move) for _, move in table.choice.options
    )


def test_clicking_an_illegal_card_shows_the_ruling_and_changes_nothing() -> None:
    table = skat_declarer_table()
    rng = random.Random(3)
    refused = None
    while not table.state.is_over and refused is None:
        state = table.state
        legal = {m.card for m in state.legal_moves()}
        illegal = [c for c in state.hands[0] if c not in legal]
        if illegal:
            refused = illegal[0]
            before = table.state
            assert card_button(table, str(refused)).layout.border.startswith("1px")
            card_button(table, str(refused)).click()
            assert table.state is before
            ruling = before.why_illegal(Play(refused))
            assert ruling is not None and ruling.explanation in table.message.value.replace(
                "&#x27;", "'"
            )
            assert "Not allowed" in table.message.value
        else:
            table.play(Play(rng.choice(sorted(legal))))
    assert refused is not None, "no deal position refused a card"


def test_playing_to_the_end_shows_the_settlement_lines() -> None:
    table = skat_declarer_table()
    rng = random.Random(5)
    while not table.state.is_over:
        table.play(rng.choice(table.state.legal_moves()))
    settlement = table.state.settlement
    assert settlement is not None
    for line in settlement.lines:
        assert line.split(":")[0] in table.result.value
    assert table.hint_button.disabled
    assert repr(table) == "PlayTable(Skat, deal 7, you are FH: over)"


def test_hint_names_the_bots_choice_and_why() -> None:
    table = PlayTable("skitgubbe", seed=7)
    from cardlib.skitgubbe import HeuristicBot

    text = table.show_hint()
    assert text == HeuristicBot(7).explain(table.state)
    assert text in table.hint.value.replace("&#x27;", "'")


def test_a_skat_hint_comes_from_what_the_learner_may_know() -> None:
    from cardlib.skat import HeuristicBot

    table = PlayTable("skat", seed=7, seat=1)
    while not table.state.is_over:
        if table.state.current_player == 1:
            text = table.show_hint()
            assert text == HeuristicBot(7).explain(table.state.view(1))
        table.play(HeuristicBot(1).choose(table.state))


def test_skitgubbe_card_click_plays_and_bots_answer() -> None:
    table = PlayTable("skitgubbe", seed=1)
    start = table.state
    legal = [m.card for m in start.legal_moves() if hasattr(m, "card")]
    card_button(table, str(legal[0])).click()
    assert table.state is not start
    assert table.state.history()[len(start.history())].last_move.card == legal[0]
    assert table.news and legal[0].symbol in table.news[0]
    assert table.state.is_over or int(table.state.current_player) == 0


def test_skitgubbe_to_the_end_names_the_loser() -> None:
    table = PlayTable("skitgubbe", seed=3)
    rng = random.Random(3)
    while not table.state.is_over:
        table.play(rng.choice(table.state.legal_moves()))
    assert "is the skitgubbe" in table.result.value
    assert "loses" in table.result.value
    assert "is the skitgubbe" in "\n".join(table.snapshot().events)


def test_new_deal_uses_and_shows_the_seed() -> None:
    table = PlayTable("skitgubbe", seed=4)
    assert "deal 4" in table.header.value and table.seed_box.value == 5
    table.new_button.click()
    assert table.seed == 5 and "deal 5" in table.header.value
    again = PlayTable("skitgubbe", seed=5)
    assert again.state.hands == table.state.hands


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(CardlibError, match="'poker'"):
        PlayTable("poker")
    with pytest.raises(CardlibError, match="seats 0-2"):
        PlayTable("skat", seat=3, seed=1)


def test_hand_declarations_with_announcements_sit_in_the_dropdown() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    words = [b.description for b in table.move_box.children if hasattr(b, "description")]
    assert "pick up the skat" in words and "declare ♣ Hand" in words
    choices = [label for label, _ in table.choice.options]
    assert "♣ Hand Schneider" in choices
    table.choice.value = dict(table.choice.options)["♣ Hand Schneider"]
    table.choice_button.click()
    assert table.state.declaration == Declare("C", hand=True, schneider=True).declaration
    assert PickUpSkat() not in table.state.legal_moves()


def test_cards_are_played_by_card_buttons_not_move_buttons() -> None:
    table = skat_declarer_table()
    words = [getattr(b, "description", "") for b in table.move_box.children]
    assert words == []
    legal = {m.card for m in table.state.legal_moves()}
    borders = {b.description: b.layout.border for b in table.hand_box.children[1:]}
    assert {symbol for symbol, border in borders.items() if border.startswith("2px")} == {
        card.symbol for card in legal
    }


def test_a_deal_all_three_pass_ends_passed_in() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    button(table, "pass").click()
    assert table.state.is_over and table.move_box.children == ()
    assert "Passed in: all three passed." in table.result.value


def test_the_four_colour_deck_recolours_the_cards() -> None:
    table = PlayTable("skitgubbe", seed=2)  # A holds ♠Q ♠6 ♦2

    def colours() -> dict[str, str]:
        return {b.description: b.style.text_color for b in table.hand_box.children[1:]}

    assert colours() == {"♠Q": "#111111", "♠6": "#111111", "♦2": "#c8102e"}
    table.colours.value = True
    assert colours() == {"♠Q": "#111111", "♠6": "#111111", "♦2": "#0b57d0"}


def test_the_skat_stays_face_down_for_the_defenders_until_the_end() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    assert "Skat: face-down card, face-down card" in table.table.value
    declarer = skat_declarer_table()  # FH declares: FH sees the two cards laid away
    assert "Skat: face-down card" not in declarer.table.value

    class Bidder(Passer):
        def choose(self, state: Any) -> Any:
            moves = state.legal_moves()
            return Bid(18) if Bid(18) in moves else super().choose(state)

    defender = PlayTable("skat", bots={1: Bidder(), 2: Passer()}, seed=7)
    button(defender, "pass").click()
    assert defender.state.declarer == 1 and defender.state.phase == "play"
    assert "Skat: face-down card, face-down card" in defender.table.value
    rng = random.Random(1)
    while not defender.state.is_over:
        defender.play(rng.choice(defender.state.legal_moves()))
    assert "Skat: face-down card" not in defender.table.value


def test_discarding_a_card_not_held_is_refused_with_the_engines_words() -> None:
    table = PlayTable("skat", bots={1: Passer(), 2: Passer()}, seed=7)
    table.play(Bid(18))
    table.play(PickUpSkat())
    outside = next(c for c in table.state.deal.mh if c not in table.state.hands[0])
    assert table.play_card(outside) is False
    assert "is not among FH's 12 cards" in table.message.value
    assert table.selected == []


def test_skitgubbe_runs_and_pick_up_are_move_buttons() -> None:
    from cardlib.skitgubbe import PickUp, Rules

    table = PlayTable("skitgubbe", seed=11, rules=Rules(players=3, sequences=True))
    rng = random.Random(11)
    seen: set[str] = set()
    while not table.state.is_over and not {"run", "pick"} <= seen:
        moves = table.state.legal_moves()
        words = {getattr(b, "description", "") for b in table.move_box.children}
        runs = [m for m in moves if len(getattr(m, "cards", ())) > 1]
        if runs:
            seen.add("run")
            assert "play " + runs[0].symbol in words
        if PickUp() in moves:
            seen.add("pick")
            assert "pick up the top card" in words
        table.play(rng.choice(moves))
    assert seen == {"run", "pick"}
