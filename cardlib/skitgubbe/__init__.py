"""Skitgubbe: collect cards in phase 1, get rid of them in phase 2; the last to hold cards loses.

>>> from cardlib.skitgubbe import Rules, new_game, HeuristicBot
>>> state = new_game(Rules(players=3), rng=1)
>>> bot = HeuristicBot(rng=1)
>>> while not state.is_over:
...     state = state.play(bot.choose(state))
>>> print(state.result)
B is the skitgubbe; out: A first, then C
"""

from cardlib.calls import guard_names
from cardlib.skitgubbe.bots import HeuristicBot, RandomBot
from cardlib.skitgubbe.events import (
    Beaten,
    Event,
    Led,
    Lost,
    PhaseOneEnded,
    PickedUp,
    Played,
    Stunsa,
    TrickComplete,
    TrickEmptied,
    TrickWon,
    TrumpCardDrawn,
    TrumpsTaken,
    TurnedUp,
    WentOut,
)
from cardlib.skitgubbe.game import new_game, phase_one_position, phase_two_position
from cardlib.skitgubbe.moves import Move, PickUp, Play, TurnUp, parse_move
from cardlib.skitgubbe.phase_one import PhaseOne
from cardlib.skitgubbe.phase_two import PhaseTwo, beaters, runs
from cardlib.skitgubbe.phases import Phase
from cardlib.skitgubbe.record import replay
from cardlib.skitgubbe.result import Result
from cardlib.skitgubbe.rules import Rules
from cardlib.skitgubbe.sampling import SamplingBot
from cardlib.skitgubbe.state import State
from cardlib.skitgubbe.views import SeenPlay, StateView

__all__ = [
    "Beaten",
    "Event",
    "HeuristicBot",
    "Led",
    "Lost",
    "Move",
    "Phase",
    "PhaseOne",
    "PhaseOneEnded",
    "PhaseTwo",
    "PickUp",
    "PickedUp",
    "Play",
    "Played",
    "RandomBot",
    "Result",
    "Rules",
    "SamplingBot",
    "SeenPlay",
    "State",
    "StateView",
    "Stunsa",
    "TrickComplete",
    "TrickEmptied",
    "TrickWon",
    "TrumpCardDrawn",
    "TrumpsTaken",
    "TurnUp",
    "TurnedUp",
    "WentOut",
    "beaters",
    "new_game",
    "parse_move",
    "phase_one_position",
    "phase_two_position",
    "replay",
    "runs",
]

guard_names(globals(), __all__)
