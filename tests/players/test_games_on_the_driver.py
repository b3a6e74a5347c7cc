"""Both games' sampling players on the shared driver decide as they did before it: the same moves
with the same numbers and words, seeded and without a time budget, on one worker or two.

The expected values in ``data/main_before_driver.json`` are main's output before the move to the
shared driver (commit 770454d, recorded once by playing these deals with the sampling players):
every decision of the positions named there, its move, kind, words and tallies. The
Schieberamsch deal recorded there ("deal 7") is no longer compared: since the seat's view keeps
the cards it passed on (tests/skat/players/test_sampling_decisions.py), its player decides
otherwise, on purpose. In the bidding and at the skat (``GAME_KINDS``) only the move and its kind
are compared: the games now race (``cardlib.skat.players.sampling_race``), so a game whose interval
falls below the threshold is solved in fewer deals and a clear bid ends early, on purpose; the
moves stay main's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardlib import skitgubbe as sg
from cardlib.players import Pool
from cardlib.skat import Deal, Rules, SamplingBot, new_deal, new_game

MAIN = json.loads((Path(__file__).parent / "data" / "main_before_driver.json").read_text("utf-8"))
STRONG = Deal("CJ SJ HJ DJ CA CT CK SA ST HA", "CQ SK SQ HK HQ HT DA DT D9 C7",
              "C8 C9 S7 S8 S9 H7 H8 H9 D7 DK", "D8 DQ")  # fmt: skip
SKAT_DEALS = {  # name: (seed, rules, samples, decisions, deal)
    "deal 1": (1, None, 4, 40, None),
    "deal 4": (4, Rules(ramsch="always"), 4, 12, None),
    "deal 2": (2, Rules(kontra=True), 6, 20, STRONG),
}  # fmt: skip
GAME_KINDS = {"bid", "skat", "discard", "declare"}
GUBBE_GAMES = {"3 players game 2": (3, 2, 6, 40), "2 players game 5": (2, 5, 4, 30)}


def skat_decisions(name: str, pool: Pool | None) -> Iterator[dict[str, Any]]:
    seed, rules, samples, limit, deal = SKAT_DEALS[name]
    bots = [SamplingBot(samples=samples, rng=seed + i, budget=None, pool=pool) for i in range(3)]
    state = new_game(deal or new_deal(seed), rules)
    for number in range(limit):
        if state.is_over:
            return
        explanation = bots[int(state.current_player)].explain(state)  # type: ignore[arg-type]
        yield {"position": f"{name} move {number}", "move": repr(explanation.move),
               "kind": explanation.kind, "text": str(explanation), "deals": explanation.deals,
               "planned": explanation.planned, "stopped": explanation.stopped,
               "candidates": [repr(c) for c in explanation.candidates]}  # fmt: skip
        state = state.play(explanation.move)


def gubbe_decisions(name: str, pool: Pool | None) -> Iterator[dict[str, Any]]:
    players, seed, samples, limit = GUBBE_GAMES[name]
    bot = sg.SamplingBot(samples=samples, rng=seed, pool=pool)
    state = sg.new_game(sg.Rules(players=players), rng=seed)
    for number in range(limit):
        if state.is_over:
            return
        report = bot.explain(state)
        yield {"position": f"{name} move {number}", "move": repr(report.choice),
               "kind": report.reason, "text": str(report), "worlds": report.worlds,
               "tie": report.tie, "usual": repr(report.usual),
               "odds": [[repr(o.move), o.skitgubbe, o.games, o.cards_left, o.places]
                        for o in report.odds]}  # fmt: skip
        state = state.play(report.choice)


def expected(game: str, name: str) -> list[dict[str, Any]]:
    return [e for e in MAIN[game] if e["position"].rsplit(" move ", 1)[0] == name]


def compared(decisions: Iterator[dict[str, Any]] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions as compared: in the bidding and at the skat, the move and its kind only."""
    keep = ("position", "move", "kind")
    return [{k: d[k] for k in keep} if d["kind"] in GAME_KINDS else d for d in decisions]


@pytest.mark.parametrize("name", list(SKAT_DEALS))
def test_skat_decisions_are_mains(name: str) -> None:
    assert compared(skat_decisions(name, None)) == compared(expected("skat", name))


@pytest.mark.parametrize("name", list(GUBBE_GAMES))
def test_skitgubbe_decisions_are_mains(name: str) -> None:
    assert list(gubbe_decisions(name, None)) == expected("skitgubbe", name)


def test_two_workers_decide_as_one_in_both_games() -> None:
    """One pool of two processes shared by every bot of both games, across all their decisions."""
    with Pool(2) as pool:
        assert compared(skat_decisions("deal 2", pool)) == compared(expected("skat", "deal 2"))
        assert list(gubbe_decisions("2 players game 5", pool)) == expected(
            "skitgubbe", "2 players game 5"
        )
    assert pool.closed
