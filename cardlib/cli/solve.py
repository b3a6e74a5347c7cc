"""``python -m cardlib solve``: perfect play (double dummy) for a Skat deal or end position.

python -m cardlib solve "FH cards | MH cards | RH cards | skat" --game clubs --declarer FH
python -m cardlib solve "SA HA | ST HT | S7 H7" --game grand --declarer MH --leader RH
python -m cardlib solve "FH | MH | RH | skat" --game grand --threshold 61
"""

from __future__ import annotations

import argparse

from cardlib.cli import arguments
from cardlib.i18n import N_, Msg, _

HELP = N_("perfect play for a deal: the declarer's points and the best first cards")
_SEATS = {"FH": 0, "MH": 1, "RH": 2, "0": 0, "1": 1, "2": 2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``solve``."""
    # Translators: FH, MH, RH, clubs ... null are what the user types; the positions and the
    # games as your language names them are read too, so you may name those instead.
    parser.add_argument("deal", help=_("'FH cards | MH cards | RH cards' and optionally '| skat'"))
    parser.add_argument("--game", required=True,
                        help=_("clubs spades hearts diamonds grand null"))  # fmt: skip
    parser.add_argument("--declarer", default="FH", help=_("FH, MH or RH (default FH)"))
    parser.add_argument("--leader", default="FH",
                        help=_("who leads the first trick (default FH)"))  # fmt: skip
    parser.add_argument(
        "--threshold", type=arguments.whole(1, 120),
        help=_("only ask whether the declarer reaches this many points"),
    )  # fmt: skip


def _seat(text: str, what: str) -> int:
    from cardlib.errors import CardlibError
    from cardlib.i18n import LANGUAGES, language
    from cardlib.skat.engine.rules import position_term

    seats = dict(_SEATS)
    for lang in LANGUAGES:  # the positions as each language names them (선봉, VH, ...) too
        with language(lang):
            seats.update({str(position_term(seat)).upper(): seat for seat in range(3)})
    seat = seats.get(text.strip().upper())
    if seat is None:
        raise CardlibError(
            Msg("--{what} {text}: expected FH, MH or RH", what=what, text=repr(text))
        )
    return seat


def report(deal: str, game_name: str, declarer_name: str = "FH", leader_name: str = "FH",
           threshold: int | None = None) -> str:  # fmt: skip
    """The text ``solve`` prints.

    >>> print(report("SA HA | ST HT | S7 H7", "grand", "FH"))
    Grand, declarer FH, FH leads: FH ♠A ♥A | MH ♠10 ♥10 | RH ♠7 ♥7
    perfect play: the declarer ends with 42 card points (lost)
    FH's cards under perfect play:
      ♠A: declarer ends with 42 (best)
      ♥A: declarer ends with 42 (best)
    """
    from cardlib.errors import CardlibError
    from cardlib.skat import GameType, best_moves, play_position, solve
    from cardlib.skat.engine.facts import WIN_POINTS
    from cardlib.skat.engine.names import game_name as named
    from cardlib.skat.engine.rules import position_term

    parts = deal.split("|")
    if len(parts) not in (3, 4):
        raise CardlibError(
            Msg("{deal} is not a deal: expected 'FH | MH | RH' or 'FH | MH | RH | skat'",
                deal=repr(deal))
        )  # fmt: skip
    game = GameType.parse(game_name)
    declarer, leader = _seat(declarer_name, "declarer"), _seat(leader_name, "leader")
    skat = parts[3] if len(parts) == 4 else ()
    state = play_position(parts[:3], game, declarer, leader=leader, skat=skat)
    who = [str(position_term(position)) for position in range(3)]
    shown = " | ".join(
        f"{who[p]} {' '.join(c.symbol for c in h)}" for p, h in enumerate(state.hands)
    )
    if len(parts) == 4 and not game.is_null:
        skat_cards = " ".join(c.symbol for c in state.context.skat)
        shown += " | " + str(Msg("skat {cards}", cards=skat_cards))
    lines = [
        str(Msg("{game}, declarer {declarer}, {leader} leads: {deal}", game=named(game),
                declarer=who[declarer], leader=who[leader], deal=shown))
    ]  # fmt: skip
    if threshold is not None:
        if game.is_null:
            raise CardlibError(Msg("--threshold asks for card points: a null game has none"))
        reached = solve(state, threshold)
        question = (Msg("does the declarer reach {points}? yes", points=threshold) if reached
                    else Msg("does the declarer reach {points}? no", points=threshold))  # fmt: skip
        lines.append(str(question))
        return "\n".join(lines)
    value = solve(state)
    if game.is_null:
        lines.append(
            _("perfect play: the declarer takes no trick (won)")
            if value
            else _("perfect play: the declarer cannot avoid a trick (lost)")
        )
    else:
        verdict = (
            Msg("perfect play: the declarer ends with {points} card points (won)", points=value)
            if value >= WIN_POINTS
            else Msg("perfect play: the declarer ends with {points} card points (lost)",
                     points=value)
        )  # fmt: skip
        lines.append(str(verdict))
    lines.append(str(Msg("{who}'s cards under perfect play:", who=who[leader])))
    lines += [f"  {move}" for move in best_moves(state)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Solve the deal and print the value and the first cards; returns 0."""
    print(report(args.deal, args.game, args.declarer, args.leader, args.threshold))
    return 0
