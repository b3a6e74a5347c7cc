"""The heuristic player's hints say what its move does, by the rules (rules/skitgubbe.md)."""

from __future__ import annotations

from cardlib import FULL_DECK, Card, Seat
from cardlib.i18n import language
from cardlib.skitgubbe import HeuristicBot, Play, Rules, phase_one_position


def answering(hand: str, lead: str, **rules: object) -> object:
    """Phase 1 at a table of three: A has led ``lead`` to B, who holds ``hand``; the rest of the
    pack is the stock (cardlib's own set-up: only B's hand and the lead matter to the hint)."""
    held = {Card.parse(card) for card in f"{hand} {lead} CA CK CQ HA HK HQ".split()}
    stock = [card for card in FULL_DECK if card not in held]
    return phase_one_position(
        Rules(players=3, **rules),  # type: ignore[arg-type]
        hands=["CA CK CQ", hand, "HA HK HQ"], stock=stock, table=[(0, lead)], leader=0, turn=1,
    )  # fmt: skip


def test_a_cheapest_card_of_the_led_rank_bounces_and_the_hint_says_so() -> None:
    # Deal 4 of the strategy lesson: A leads ♥3, B holds ♠J ♠5 ♦3. Nothing is lower than a three,
    # so the heuristic player answers with its cheapest card, ♦3: equal ranks, a stunsa (rule 1.4),
    # not a card that beats ♥3.
    state = answering("SJ S5 D3", "H3")
    bot = HeuristicBot(1)
    assert bot.choose(state) == Play("D3")
    after = state.play(Play("D3"))
    assert "stunsa" in [event.code for event in after.events]  # the engine: it bounces
    with language("en"):
        hint = bot.explain(state)
    assert "beats ♥3" not in hint.replace("does not beat ♥3", "")
    assert "♦3" in hint and "stunsa" in hint and "stay on the table" in hint


def test_when_every_card_is_higher_the_cheapest_wins_as_the_hint_says() -> None:
    state = answering("SJ S5 D4", "H3")
    assert HeuristicBot(1).choose(state) == Play("D4")
    after = state.play(Play("D4"))
    assert "trick" in [event.code for event in after.events] and after.current_player is Seat.B
    with language("en"):
        assert HeuristicBot(1).explain(state) == (
            "Play ♦4: every card of yours beats ♥3, so win it with the cheapest."
        )


def test_every_language_words_the_bounce() -> None:
    state = answering("SJ S5 D3", "H3")
    hints = {}
    for lang in ("en", "ko", "de", "ru"):
        with language(lang):
            hints[lang] = HeuristicBot(1).explain(state)
    assert len(set(hints.values())) == 4, hints
    assert all("♦3" in hint and "♥3" in hint for hint in hints.values())


def test_a_card_of_the_led_rank_kept_back_is_not_said_to_beat() -> None:
    # cardlib's own position: the stock is gone and B, who drew the trump card ♦2 and may look at
    # it (trump_visibility="owner"), ranks its trump ♦5 above ♠7 and ♠9. It wins ♥5 with ♠7, its
    # cheapest card; ♦5 would have tied ♥5, so "every card of yours beats ♥5" would be untrue.
    hands = ["CA CK CQ", "D5 S7 S9", "HA HK HQ"]
    held = {Card.parse(card) for card in " ".join([*hands, "H5 D2"]).split()}
    state = phase_one_position(
        Rules(players=3, trump_visibility="owner"), hands=hands,
        collected=[[card for card in FULL_DECK if card not in held], [], []],
        trump_card="D2", trump_owner=1, table=[(0, "H5")], leader=0, turn=1,
    )  # fmt: skip
    bot = HeuristicBot(1)
    assert bot.choose(state) == Play("S7")
    with language("en"):
        hint = bot.explain(state)
    assert "every card" not in hint and "♠7" in hint and "♥5" in hint
