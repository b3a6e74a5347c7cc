"""Playing a seat at the terminal shows only what that seat may know until the deal is over.

Whole seeded deals are played through ``play_seat`` as each seat: the other seats are the
heuristic players (or players who bid eagerly and declare Hand or Null Ouvert Hand), the learner's
answers are a player's choices, with a ``hint`` asked at every turn. Every line written before the
deal ends may name only cards the seat's views have shown it so far (``state.view(seat)`` at each
step). The skat as dealt and the cards laid away are also checked by name, and shown at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardlib.cards import Card
from cardlib.cli import skat as cli
from cardlib.skat import (
    Bid,
    Declare,
    HeuristicBot,
    Hold,
    Move,
    Pass,
    Rules,
    SkatState,
    new_deal,
    new_game,
)
from cardlib.skat.scoring.ramsch import RamschRules

BOT = HeuristicBot(1)
Policy = Callable[[SkatState], Move]


def heuristic(state: SkatState) -> Move:
    return BOT.choose(state)


def eager(declare: Callable[[list[Move]], Move | None]) -> Policy:
    """Holds and bids up to 24, then declares with ``declare`` (else as the heuristic player)."""

    def choose(state: SkatState) -> Move:
        legal = state.legal_moves()
        if state.phase == "bidding":
            bids = [move for move in legal if isinstance(move, Bid) and move.value <= 24]
            return Hold() if Hold() in legal else bids[0] if bids else Pass()
        if state.phase == "skat":
            chosen = declare(legal)
            if chosen is not None:
                return chosen
        return BOT.choose(state)

    return choose


def suit_hand(legal: list[Move]) -> Move | None:
    hand = [m for m in legal if isinstance(m, Declare) and m.declaration.hand]
    return next((m for m in hand if not (m.declaration.schneider or m.declaration.ouvert)), None)


def null_ouvert(legal: list[Move]) -> Move | None:
    move = Declare("N", hand=True, ouvert=True)
    return move if move in legal else suit_hand(legal)


@dataclass
class Terminal:
    """Plays ``play_seat`` for ``seat``: answers its prompts with ``mine`` and moves the other
    seats with ``theirs``, following the state after every move, and checks every line written."""

    state: SkatState
    seat: int
    mine: Policy
    theirs: Policy
    known: Any
    lines: list[str] = field(default_factory=list)
    leaks: list[tuple[str, set[Card]]] = field(default_factory=list)
    over_at: int | None = None
    asked: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.known.see(self.state)

    def advance(self, move: Move) -> Move:
        self.state = self.state.play(move)
        self.known.see(self.state)
        if self.state.is_over and self.over_at is None:
            self.over_at = len(self.lines)
        return move

    # the other seats
    def choose(self, state: SkatState) -> Move:
        assert state.moves() == self.state.moves()
        self.state = state
        return self.advance(self.theirs(state))

    def explain(self, state: SkatState) -> str:
        return BOT.explain(state)

    # the learner at the terminal
    def read(self, prompt: str) -> str:
        self.lines.append(prompt)
        if id(self.state) not in self.asked:
            self.asked.add(id(self.state))
            return "hint"
        return self.advance(self.mine(self.state)).to_iss()

    def write(self, text: str) -> None:
        self.lines.append(text)
        if not self.state.is_over:
            unknown = self.known.unknown_in(text.replace(cli.MOVES_HELP, ""))
            if unknown:
                self.leaks.append((text, unknown))

    def play(self) -> SkatState:
        assert cli.play_seat(self.state, self.seat, self.read, self.write, bot=self) == 0
        return self.state


RAMSCH = Rules(ramsch="always", ramsch_rules=RamschRules(schieberamsch=True))
CASES = [
    *[("heuristic", seed, Rules(), heuristic, heuristic) for seed in range(1, 16)],
    *[("learner plays Hand", seed, Rules(), eager(suit_hand), heuristic) for seed in range(1, 9)],
    *[("against Hand", seed, Rules(), heuristic, eager(suit_hand)) for seed in range(1, 7)],
    *[("against Null Ouvert", s, Rules(), heuristic, eager(null_ouvert)) for s in range(1, 7)],
    *[("Kontra", seed, Rules(kontra=True), heuristic, heuristic) for seed in range(1, 5)],
    *[("Schieberamsch", seed, RAMSCH, heuristic, heuristic) for seed in range(1, 9)],
]


@pytest.mark.parametrize("seat", [0, 1, 2], ids=["FH", "MH", "RH"])
@pytest.mark.parametrize(
    ("kind", "seed", "rules", "mine", "theirs"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES]
)
def test_a_seat_sees_no_card_it_may_not_know_before_the_end(
    kind: str, seed: int, rules: Rules, mine: Policy, theirs: Policy, seat: int, knowledge: Any,
    named: Any,
) -> None:  # fmt: skip
    deal = new_deal(seed)
    terminal = Terminal(new_game(deal, rules), seat, mine, theirs, knowledge(seat))
    final = terminal.play()
    assert final.is_over and terminal.over_at is not None
    assert terminal.leaks == []
    before = "\n".join(terminal.lines[: terminal.over_at])
    after = "\n".join(terminal.lines[terminal.over_at :])
    played = {card for trick in final.tricks for card in trick.cards}
    if final.declarer is not None and final.declarer != seat:
        # a defender never hears of the skat or the cards laid away, unless they are played
        hidden = (set(deal.skat) | set(final.skat or ())) - played
        assert not named(before) & hidden
        if final.declaration is not None and final.declaration.ouvert:
            assert named(before) & set(final.dealt_hand(final.declarer)), "the open hand is shown"
    if final.declarer is not None or kind == "Schieberamsch":
        assert f"Skat: {' '.join(card.symbol for card in deal.skat)}" in after
    if final.declarer is not None and final.skat != deal.skat:
        assert final.skat is not None
        assert f"Laid away: {' '.join(card.symbol for card in final.skat)}" in after


def test_the_cases_cover_declarers_defenders_hand_ouvert_and_ramsch() -> None:
    """The deals above are not all alike: each kind gives the seats both roles."""
    roles: dict[str, set[str]] = {}
    for kind, seed, rules, mine, theirs in CASES:
        for seat in (0, 1, 2):
            state = new_game(new_deal(seed), rules)
            while not state.is_over:
                policy = mine if state.current_player == seat else theirs
                state = state.play(policy(state))
            declaration = state.declaration
            role = "passed in" if state.result is not None and state.result.passed_in else (
                "ramsch" if declaration is None
                else ("declarer" if state.declarer == seat else "defender")
                + (" hand" if declaration.hand else "") + (" ouvert" if declaration.ouvert else "")
            )  # fmt: skip
            roles.setdefault(kind, set()).add(role)
    assert {"declarer", "defender"} <= roles["heuristic"]
    assert "declarer hand" in roles["learner plays Hand"]
    assert "defender hand" in roles["against Hand"]
    assert "defender hand ouvert" in roles["against Null Ouvert"]
    assert roles["Schieberamsch"] == {"ramsch"}


def answering(*answers: str) -> Callable[[str], str]:
    feed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def test_the_learners_deal_forehand_passes_and_hears_no_skat_card() -> None:
    """Seed 1 as FH, passing at once: MH picks up ♥A ♦7 and lays ♠Q ♦10 away, face down."""
    out: list[str] = []
    cli.play_seat(new_game(new_deal(1)), 0, answering("p", "hand"), out.append)
    text = "\n".join(out)
    assert "MH: MH picks up the skat and will lay two cards away, face down." in text
    assert "MH: MH lays two cards away, face down; they are shown after the game." in text
    assert not {"♥A", "♦7", "♠Q", "♦10"} & set(text.replace(",", " ").split())
    assert text.count("Card points 0:0 (declarer:defenders, as you count them)") == 2
    assert "13 points" not in text


def test_the_declarer_sees_the_skat_and_what_it_laid_away() -> None:
    out: list[str] = []
    answers = answering("18", "y", "s", "SQ DT", "C")
    cli.play_seat(new_game(new_deal(1)), 1, answers, out.append)
    text = "\n".join(out)
    assert "MH: MH picks up the skat (♥A ♦7) and will lay two cards away." in text
    assert "MH: MH lays ♠Q ♦10 away (13 points;" in text
    assert "Skat: ♥A ♦7\nLaid away: ♠Q ♦10\nBid: 20\nGame: ♣ by MH" in text
    assert "Card points 13:0 (declarer:defenders, as you count them)" in text


def test_a_hand_declarer_counts_no_skat_points_and_sees_the_skat_at_the_end() -> None:
    out: list[str] = []
    bot = HeuristicBot(1)
    state = new_game(new_deal(1)).play(Bid(18)).play(Pass()).play(Pass())
    moves = ["CH"]
    final = state.play(Declare("C", hand=True))
    while not final.is_over:
        move = bot.choose(final)
        if final.current_player == 1:
            moves.append(move.to_iss())
        final = final.play(move)
    cli.play_seat(state, 1, answering(*moves), out.append, bot=HeuristicBot(1))
    text = "\n".join(out)
    assert "Card points 0:0 (declarer:defenders, as you count them)" in text
    assert text.count("♥A") == 1 and text.count("♦7") == 1  # the skat, shown once, at the end
    assert f"\nSkat: ♥A ♦7\n{final.result}\nSettlement:" in text
    assert "Laid away" not in text
