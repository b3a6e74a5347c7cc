"""``python -m cardlib odds``: exact probability tables at the command line.

python -m cardlib odds skat "CJ HJ CA CT C9 SA ST H7 D8 D7"
python -m cardlib odds split --game C --seen "CJ HJ CA CT C9 SA ST H7 D8 D7"
python -m cardlib odds split 5 --sizes 13 13
python -m cardlib odds tables
"""

from __future__ import annotations

import argparse

from cardlib.cli import arguments
from cardlib.display.width import ljust, rjust
from cardlib.i18n import N_, Msg, _

HELP = N_(
    "exact odds: skat outlook, trump splits, every split table, stunsa chances, what-if hands"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``odds`` sub-commands."""
    questions = parser.add_subparsers(dest="question", required=True)
    skat = questions.add_parser("skat", help=_("what the skat may hold, seen from a 10-card hand"))
    skat.add_argument("hand", help=_("10 cards, e.g. 'CJ HJ CA CT C9 SA ST H7 D8 D7'"))
    skat.add_argument("--game", default="C", help=_("game for the matadors (C S H D G), default C"))
    split = questions.add_parser("split", help=_("how the outstanding trumps (or any cards) split"))
    split.add_argument("outstanding", nargs="?", type=arguments.whole(0),
                       help=_("number of outstanding cards"))  # fmt: skip
    split.add_argument("--sizes", nargs="+", type=arguments.whole(0),
                       help=_("vacant places of each holder"))  # fmt: skip
    split.add_argument("--seen", help=_("the cards you have seen: 10 (Hand) or 12 (hand and skat)"))
    split.add_argument("--game", default="C", help=_("the game whose trumps count (C S H D G)"))
    split.add_argument(
        "--coin", action="store_true", help=_("add the coin approximation to compare")
    )
    questions.add_parser("tables", help=_("every trump split table, 0 to 11 out, after and before"))
    stunsa = questions.add_parser(
        "stunsa", help=_("Skitgubbe: the answering player's bounce chances")
    )
    stunsa.add_argument("hand", nargs="?", default="", help=_("the answering player's cards"))
    stunsa.add_argument("--seen", default="", help=_("cards seen played so far"))
    stunsa.add_argument("--led", default=None, help=_("the led card, if it is on the table"))
    hand = questions.add_parser(
        "hand", help=_("what if: value, bid, skat outlook and splits of a hand")
    )
    hand.add_argument("hand", help=_("10 cards"))
    hand.add_argument("--game", default=None, help=_("C S H D G (default: the longest trump suit)"))
    hand.add_argument("--compare", default=None, help=_("a second hand to compare side by side"))


PACK = 52
"""The most cards a pack of any game cardlib knows holds: places beyond it hold nothing."""


def _check_places(sizes: list[int]) -> None:
    """Refuse holders with more places between them than any pack has cards."""
    from cardlib.errors import CardlibError

    if sum(sizes) > PACK:
        raise CardlibError(
            Msg("--sizes {sizes}: {places} places in all, more than the {cards} cards of a full "
                "pack", sizes=" ".join(map(str, sizes)), places=sum(sizes), cards=PACK)
        )  # fmt: skip


def _split_text(exact: object, coin: object | None) -> str:
    from cardlib.probability import patterns

    table = patterns(exact)  # type: ignore[arg-type]
    split = _("split")
    if coin is None:
        return table.table(split)
    approximation = patterns(coin)  # type: ignore[arg-type]
    exact, coin = _("exact"), _("coin (wrong)")
    lines = [str(table.title), f"  {ljust(split, 8)} {rjust(exact, 16)} {rjust(coin, 16)}"]
    for key in sorted(set(table) | set(approximation)):
        e, c = table.get(key, 0), approximation.get(key, 0)
        lines.append(
            f"  {'-'.join(map(str, key)):<8} {float(e) * 100:15.2f}% {float(c) * 100:15.2f}%"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the table asked for; returns 0."""
    from cardlib.errors import CardlibError
    from cardlib.probability import (
        bounce_chance,
        coin_split,
        compare_reports,
        hand_report,
        skat_finding_table,
        skat_outlook,
        split_distribution,
        trump_split,
    )

    if args.question == "skat":
        outlook = skat_outlook(args.hand)
        print(outlook)
        print()
        print(outlook.jacks.table(_("jacks")))
        print()
        print(outlook.points.table(_("points")))
        print()
        print(outlook.matadors(args.game).table(_("matadors")))
        change = outlook.matadors_change(args.game)
        print("  " + str(Msg("the skat changes the matadors with chance {chance}", chance=change)))
        print()
        print(skat_finding_table())
    elif args.question == "split":
        if args.seen is not None:
            exact = trump_split(args.seen, args.game)
            coin = trump_split(args.seen, args.game, model="coin") if args.coin else None
        elif args.outstanding is not None and args.sizes:
            _check_places(args.sizes)
            exact = split_distribution(args.outstanding, args.sizes)
            coin = coin_split(args.outstanding, args.sizes) if args.coin else None
        else:
            raise CardlibError(
                Msg("odds split: give --seen CARDS, or OUTSTANDING and --sizes A B ...")
            )
        print(_split_text(exact, coin))
    elif args.question == "stunsa":
        print(bounce_chance(args.hand, args.seen, args.led))
    elif args.question == "hand":
        report = hand_report(args.hand, args.game)
        if args.compare is None:
            print(report)
        else:
            print(compare_reports(report, hand_report(args.compare, report.game)))
    else:
        for sizes, name in (
            ((10, 10), N_("after the skat")),
            ((10, 10, 2), N_("Hand, skat unknown")),
        ):
            for out in range(12):
                print(f"[{_(name)}] " + _split_text(split_distribution(out, sizes), None))
                print()
    return 0
