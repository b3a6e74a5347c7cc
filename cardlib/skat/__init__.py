"""Skat: bid, take the skat, declare, play ten tricks; 61 card points win the game.

Every public name of the game lives here; the engine, scoring, solver and players behind it load
on first use, so ``import cardlib.skat`` stays fast.

>>> from cardlib.skat import HeuristicBot, new_deal, new_game
>>> state = new_game(new_deal(7))
>>> state.current_player, [move.symbol for move in state.legal_moves()[:3]]
(Position.MH, ['pass', '18', '20'])
>>> bot = HeuristicBot(rng=7)
>>> while not state.is_over:
...     state = state.play(bot.choose(state))
>>> print(state.result)
MH made ♠ (bid 18): 99:21 card points, 9:1 tricks; all tricks played
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardlib.calls import guard, guard_names
from cardlib.skat.engine.bidding import new_game
from cardlib.skat.engine.deal import Deal, new_deal
from cardlib.skat.engine.doubling import Doubling
from cardlib.skat.engine.events import Event, Trick
from cardlib.skat.engine.facts import (
    BID_VALUES,
    CARD_POINTS,
    JACKS,
    Declaration,
    GameType,
    card_points,
    next_bid,
    sort_hand,
    trumps,
)
from cardlib.skat.engine.moves import (
    Bid,
    Declare,
    Discard,
    Hold,
    Kontra,
    Move,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Re,
    parse_move,
)
from cardlib.skat.engine.phases import Phase
from cardlib.skat.engine.positions import play_position
from cardlib.skat.engine.result import Result
from cardlib.skat.engine.rules import FH, MH, RH, Position, Rules
from cardlib.skat.engine.states import SkatState
from cardlib.skat.scoring.ramsch import RamschResult, RamschRules, settle_ramsch
from cardlib.skat.scoring.settlement import Settlement, matadors, settle
from cardlib.skat.scoring.sheet import ScoreSheet
from cardlib.skat.scoring.value import GameValue, value

if TYPE_CHECKING:
    from cardlib.skat import iss
    from cardlib.skat.players.analysis import analyse
    from cardlib.skat.players.bot_games import bot_game
    from cardlib.skat.players.bots import HeuristicBot, RandomBot
    from cardlib.skat.players.inference import InferenceBot
    from cardlib.skat.players.sampling import SamplingBot
    from cardlib.skat.solver.declarations import DeclarationOdds, declaration_odds
    from cardlib.skat.solver.postmortem import PostMortem, post_mortem
    from cardlib.skat.solver.solve import (
        best_moves,
        perfect_line,
        solve,
        solve_null,
        solve_position,
        solve_schwarz,
    )
    from cardlib.skat.solver.winchance import sample_deals, win_chance, win_chances

State = SkatState
"""The type of every Skat state (each phase has its own class; all share this protocol)."""

_LAZY = {
    "iss": "cardlib.skat.iss",
    "analyse": "cardlib.skat.players.analysis",
    "bot_game": "cardlib.skat.players.bot_games",
    "HeuristicBot": "cardlib.skat.players.bots",
    "RandomBot": "cardlib.skat.players.bots",
    "InferenceBot": "cardlib.skat.players.inference",
    "SamplingBot": "cardlib.skat.players.sampling",
    "DeclarationOdds": "cardlib.skat.solver.declarations",
    "declaration_odds": "cardlib.skat.solver.declarations",
    "PostMortem": "cardlib.skat.solver.postmortem",
    "post_mortem": "cardlib.skat.solver.postmortem",
    "best_moves": "cardlib.skat.solver.solve",
    "perfect_line": "cardlib.skat.solver.solve",
    "solve": "cardlib.skat.solver.solve",
    "solve_position": "cardlib.skat.solver.solve",
    "solve_null": "cardlib.skat.solver.solve",
    "solve_schwarz": "cardlib.skat.solver.solve",
    "sample_deals": "cardlib.skat.solver.winchance",
    "win_chance": "cardlib.skat.solver.winchance",
    "win_chances": "cardlib.skat.solver.winchance",
}

__all__ = [
    "BID_VALUES",
    "CARD_POINTS",
    "FH",
    "JACKS",
    "MH",
    "RH",
    "Bid",
    "Deal",
    "Declaration",
    "DeclarationOdds",
    "Declare",
    "Discard",
    "Doubling",
    "Event",
    "GameType",
    "GameValue",
    "HeuristicBot",
    "Hold",
    "InferenceBot",
    "Kontra",
    "Move",
    "Pass",
    "Phase",
    "PickUpSkat",
    "Play",
    "Position",
    "PostMortem",
    "Push",
    "RamschResult",
    "RamschRules",
    "RandomBot",
    "Re",
    "Result",
    "Rules",
    "SamplingBot",
    "ScoreSheet",
    "Settlement",
    "SkatState",
    "State",
    "Trick",
    "analyse",
    "best_moves",
    "bot_game",
    "card_points",
    "declaration_odds",
    "iss",
    "matadors",
    "new_deal",
    "new_game",
    "next_bid",
    "parse_move",
    "perfect_line",
    "play_position",
    "post_mortem",
    "sample_deals",
    "settle",
    "settle_ramsch",
    "solve",
    "solve_null",
    "solve_position",
    "solve_schwarz",
    "sort_hand",
    "trumps",
    "value",
    "win_chance",
    "win_chances",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlib.skat' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded if name == "iss" else guard(getattr(loaded, name), __name__, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


guard_names(globals(), __all__)
