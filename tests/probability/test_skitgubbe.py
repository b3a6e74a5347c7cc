"""Skitgubbe stunsa chances against enumeration of every lead and stock card."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from cardlib.cards import FULL_DECK, SKAT_DECK, Card, parse_cards
from cardlib.errors import CardlibError
from cardlib.probability import P, bounce_chance, stunsa_chance


def test_two_random_cards_bounce_with_one_in_seventeen() -> None:
    assert stunsa_chance() == Fraction(1, 17) == Fraction(3, 51)
    assert P(lambda pair: pair[0].rank == pair[1].rank, permutations(FULL_DECK, 2)) == Fraction(
        1, 17
    )
    assert bounce_chance().turn_up == Fraction(1, 17)
    assert stunsa_chance(SKAT_DECK) == Fraction(3, 31)
    assert stunsa_chance(FULL_DECK[10:]) == P(
        lambda pair: pair[0].rank == pair[1].rank, permutations(FULL_DECK[10:], 2)
    )


@pytest.mark.parametrize("seed", range(5))
def test_unknown_lead_by_enumeration(seed: int) -> None:
    generator = random.Random(seed)
    cards = generator.sample(FULL_DECK, 3 + 12)
    hand, seen = cards[:3], cards[3:]
    unseen = [card for card in FULL_DECK if card not in cards]
    chance = bounce_chance(hand, seen)
    assert chance.unseen == len(unseen) == 37
    assert chance.from_hand == P(lambda lead: any(c.rank == lead.rank for c in hand), unseen)
    assert chance.turn_up == P(lambda pair: pair[0].rank == pair[1].rank, permutations(unseen, 2))
    answers = [(lead, answer) for lead in unseen for answer in hand]
    assert chance.random_answer == P(lambda la: la[0].rank == la[1].rank, answers)


def test_known_lead() -> None:
    chance = bounce_chance("H9 S9 DK", seen="C9 CA", led="D9")
    assert chance.from_hand == 1
    assert chance.random_answer == Fraction(2, 3)
    assert chance.turn_up == 0  # all four nines accounted for
    none = bounce_chance("HA SK D2", led="C7")
    assert none.from_hand == 0 and none.random_answer == 0
    assert none.turn_up == Fraction(3, 48)
    assert "♣7 led" in str(none) and "48 cards unseen" in str(none)


def test_two_player_pack_with_removed_cards_counts_them_as_unseen() -> None:
    # Cards removed unseen are simply unseen: the same numbers as the full pack.
    assert bounce_chance("HA", led="SA").turn_up == Fraction(2, 50)


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: bounce_chance("HA HA"), "HA is given twice"),
        (lambda: bounce_chance("HA", seen="SK HA"), "HA is given twice"),
        (lambda: bounce_chance("HA", led="HA"), "HA is given twice"),
        (lambda: bounce_chance("HX"), "'HX'"),
        (lambda: bounce_chance("HA", pack=SKAT_DECK, led="H2"), "H2"),
        (lambda: bounce_chance(FULL_DECK[:51], led=FULL_DECK[51]), "no unseen card"),
        (lambda: stunsa_chance([Card.parse("HA")]), "1 cards"),
    ],
)
def test_bad_questions(call: object, quoted: str) -> None:
    with pytest.raises(CardlibError) as error:
        call()  # type: ignore[operator]
    assert quoted in str(error.value)


def test_parse_cards_input_is_accepted() -> None:
    assert (
        bounce_chance(parse_cards("HA S9"), "CA").from_hand
        == bounce_chance("HA S9", "CA").from_hand
    )


# Positions and whole games --------------------------------------------------------------------

from cardlib.probability import bounce_chance_in, game_stats, simulate_games  # noqa: E402
from cardlib.skitgubbe import HeuristicBot, RandomBot, Rules, new_game  # noqa: E402


def test_bounce_chance_in_a_position_uses_what_the_answerer_has_seen() -> None:
    state = new_game(Rules(players=3), rng=11)
    for _ in range(12):  # a few tricks into phase 1
        state = state.play(RandomBot(rng=len(state.history())).choose(state))
    answerer = state.round_players[1]
    chance = bounce_chance_in(state)
    hand = state.hand(answerer)
    led = None if state.current_player == state.leader else state.trick[-1]
    known = state.seen_by(answerer) - set(hand) - {led}
    assert chance == bounce_chance(hand, known, led) or chance.turn_up_allowed is False
    assert chance.unseen == 52 - len(set(hand) | known | ({led} if led else set()))


def test_bounce_chance_in_refuses_other_positions() -> None:
    state = new_game(Rules(players=3, phase_one="all"), rng=1)
    with pytest.raises(CardlibError, match="phase_one='all'"):
        bounce_chance_in(state)
    state = new_game(Rules(players=2), rng=2)
    bot = HeuristicBot(rng=2)
    while state.phase == 1:
        state = state.play(bot.choose(state))
    with pytest.raises(CardlibError, match="phase 2"):
        bounce_chance_in(state)


def test_game_stats_count_what_happened() -> None:
    state = new_game(Rules(players=3), rng=4)
    bots = [RandomBot(rng=seat) for seat in range(3)]
    stats = game_stats(state, [bot.choose for bot in bots])
    final = state
    replayed = [RandomBot(rng=seat) for seat in range(3)]
    stunsas = 0
    while not final.is_over:
        final = final.play(replayed[final.current_player].choose(final))
        stunsas += sum(event.code == "stunsa" for event in final.events)
    assert stats.stunsas == stunsas
    assert stats.loser == final.loser
    assert sum(stats.trumps_at_phase_two) == 13  # every trump is in someone's hand
    assert stats.moves == len(final.history()) - 1


def test_simulation_repeats_and_covers_the_exact_first_trick_chance() -> None:
    first = simulate_games(RandomBot, Rules(players=2), 150, rng=3, progress=False)
    assert first == simulate_games(RandomBot, Rules(players=2), 150, rng=3, progress=False)
    assert first.completed == 150 and not first.interrupted
    # With random play the first trick is two random cards: exactly 1/17.
    assert first["first trick bounces"].covers(Fraction(1, 17))
    assert sum(first[f"loser is {seat}"].value for seat in "AB") == 1
    assert sum(first[f"trumps at phase 2, {seat}"].value for seat in "AB") == 13
    assert first["stunsas per game"].method == "Student t"
    other = simulate_games(RandomBot, Rules(players=2), 20, rng=4, progress=False)
    assert other != first


def test_simulation_can_be_interrupted() -> None:
    class Impatient(RandomBot):
        moves = 0

        def choose(self, state):  # type: ignore[no-untyped-def]
            Impatient.moves += 1
            if Impatient.moves > 400:
                raise KeyboardInterrupt
            return super().choose(state)

    result = simulate_games(Impatient, Rules(players=2), 50, rng=1, progress=False)
    assert result.interrupted and 0 < result.completed < 50
    assert all(estimate.n == result.completed for estimate in result.estimates)
    assert f"INTERRUPTED, partial estimates from {result.completed} of 50" in str(result)


def test_simulation_refuses_a_wrong_table() -> None:
    with pytest.raises(CardlibError, match="2 bots for a table of 3"):
        simulate_games([RandomBot, RandomBot], Rules(players=3), 5, progress=False)
    with pytest.raises(CardlibError, match="no choose"):
        simulate_games(lambda rng: object(), Rules(players=2), 5, progress=False)


def test_bounce_chance_shows_as_text_and_html() -> None:
    chance = bounce_chance("HA S9 D4")
    assert repr(chance) == str(chance) and "Fraction" not in repr(chance)
    html = chance._repr_html_()
    assert 'nowrap">answering with ♥A ♠9 ♦4, the lead still unknown, 49 cards unseen' in html
    assert ">9/49<" in html and ">18.37%<" in html and html.count("<tr>") == 4
