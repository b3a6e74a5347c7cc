"""The words of every Skitgubbe event: one function per kind, from its fields to its ruling.

``EXPLAIN[code](*fields)`` is the explanation and the rule applied; the events
(:mod:`cardlib.skitgubbe.events`) call it only when someone reads the ruling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlib.cards import Card, Suit
from cardlib.i18n import Msg, Plural, Term, joined
from cardlib.skitgubbe.wording import (
    SEMICOLON,
    SEQUENCES,
    Cards,
    Joined,
    Sentences,
    beat_reason,
    clauses,
    name,
    ordinal,
    owned,
    rank_words,
    rule,
    rules,
    seats,
)

__all__ = ["EXPLAIN", "Explained"]

Explained = tuple[Msg, Msg]


def _play(seat: int, card: Card, how: str, drew: bool, left: int) -> Explained:
    who = name(seat)
    if drew:
        if how == "lead":
            # Translators: {who} is a seat letter (A to D), {card} a card symbol (♥10);
            # {n} cards are left in the stock.
            text: Msg = Plural(
                "{who} leads {card} and draws from the stock ({n} left).",
                "{who} leads {card} and draws from the stock ({n} left).",
                left, who=who, card=card,
            )  # fmt: skip
        elif how == "answer":
            text = Plural(
                "{who} answers with {card} and draws from the stock ({n} left).",
                "{who} answers with {card} and draws from the stock ({n} left).",
                left, who=who, card=card,
            )  # fmt: skip
        else:
            text = Plural(
                "{who} plays {card} and draws from the stock ({n} left).",
                "{who} plays {card} and draws from the stock ({n} left).",
                left, who=who, card=card,
            )  # fmt: skip
    elif left == 0:
        if how == "lead":
            text = Msg(
                "{who} leads {card}; the stock is empty, so there is nothing to draw.",
                who=who, card=card,
            )  # fmt: skip
        elif how == "answer":
            text = Msg(
                "{who} answers with {card}; the stock is empty, so there is nothing to draw.",
                who=who, card=card,
            )  # fmt: skip
        else:
            text = Msg(
                "{who} plays {card}; the stock is empty, so there is nothing to draw.",
                who=who, card=card,
            )  # fmt: skip
    elif how == "lead":
        text = Msg("{who} leads {card}.", who=who, card=card)
    elif how == "answer":
        text = Msg("{who} answers with {card}.", who=who, card=card)
    else:
        text = Msg("{who} plays {card}.", who=who, card=card)
    return text, rules(1, 1, 2)


def _turn_up(seat: int, card: Card, how: str, left: int) -> Explained:
    text = Plural(
        "{who} turns up the stock's top card, {card}, and plays it instead of a hand card. It "
        "never enters the hand, so {who} does not draw ({n} left in the stock).",
        "{who} turns up the stock's top card, {card}, and plays it instead of a hand card. It "
        "never enters the hand, so {who} does not draw ({n} left in the stock).",
        left, who=name(seat), card=card,
    )  # fmt: skip
    return text, rule(1, 5)


def _trump_card(seat: int, card: Card | None, visibility: str) -> Explained:
    who = name(seat)
    if visibility == "all":
        assert card is not None  # everyone sees it
        text = Msg(
            "{who} draws the last card of the stock, {card}. It does not go into the hand: it "
            "lies face up beside {who} for everyone to see until phase 1 ends, and its suit, "
            "{suit}, will be trumps in phase 2. {who} plays on with one card fewer.",
            who=who, card=card, suit=card.suit.symbol,
        )  # fmt: skip
    elif visibility == "hidden":
        text = Msg(
            "{who} draws the last card of the stock. It does not go into the hand: it lies face "
            "down beside {who} (nobody may look at it) until phase 1 ends, and its suit will be "
            "trumps in phase 2. {who} plays on with one card fewer.",
            who=who,
        )
    else:
        text = Msg(
            "{who} draws the last card of the stock. It does not go into the hand: it lies face "
            "down beside {who} (only {who} may look at it) until phase 1 ends, and its suit will "
            "be trumps in phase 2. {who} plays on with one card fewer.",
            who=who,
        )
    return text, rule(1, 6)


def _lead_on(leader: int, again: bool, follower: int | None, skipped: tuple[int, ...]) -> Msg:
    """Who leads the next trick of phase 1, to whom, and who was passed over."""
    who = name(leader)
    if skipped:
        # Translators: said in brackets after who leads next.
        why = Plural(
            "{skipped} has no cards and the stock cannot be turned up, so {skipped} is skipped",
            "{skipped} have no cards and the stock cannot be turned up, so they are skipped",
            len(skipped), skipped=joined(seats(skipped)),
        )  # fmt: skip
        if follower is None:
            if again:
                return Msg("{who} leads again ({why}).", who=who, why=why)
            return Msg("{who} leads next ({why}).", who=who, why=why)
        to = name(follower)
        if again:
            return Msg("{who} leads again, to {to} ({why}).", who=who, to=to, why=why)
        return Msg("{who} leads next, to {to} ({why}).", who=who, to=to, why=why)
    if follower is None:
        if again:
            return Msg("{who} leads again.", who=who)
        return Msg("{who} leads next.", who=who)
    if again:
        return Msg("{who} leads again, to {to}.", who=who, to=name(follower))
    return Msg("{who} leads next, to {to}.", who=who, to=name(follower))


def _trick(
    winner: int, card: Card, others: tuple[tuple[int, Card], ...], taken: int,
    leader: int | None, follower: int | None, round_leader: int, skipped: tuple[int, ...],
) -> Explained:  # fmt: skip
    """``leader`` is ``None`` when phase 1 ends with this trick; ``skipped``: players passed
    over because they cannot play."""
    # Translators: a card and the seat that played it: "B's ♥9".
    beaten = [Msg("{who}'s {card}", who=name(seat), card=other) for seat, other in others]
    won = Plural(
        "{who}'s {card} is higher than {beaten}: {who} wins the trick and puts {n} card face "
        "down on {who}'s collected pile for phase 2.",
        "{who}'s {card} is higher than {beaten}: {who} wins the trick and puts {n} cards face "
        "down on {who}'s collected pile for phase 2.",
        taken, who=name(winner), card=card, beaten=joined(beaten),
    )  # fmt: skip
    if leader is None:
        return won, rule(1, 3)
    return Sentences(won, _lead_on(leader, leader == round_leader, follower, skipped)), rule(1, 3)


def _draws(draws: tuple[tuple[int, str], ...]) -> Msg | str:
    """Who drew after playing to a round, who turned up instead, and who found the stock empty."""
    drew = [seat for seat, how in draws if how == "drew"]
    turned = [seat for seat, how in draws if how == "turned"]
    empty = [seat for seat, how in draws if how == "empty"]
    if empty and len(empty) == len(draws):
        return Msg("Nobody draws: the stock is empty.")
    parts: list[Msg] = []
    if drew:
        parts.append(
            # Translators: {who} names one or more seats ("A and B"); the form agrees with how many.
            Plural(
                "{who} has already drawn after playing",
                "{who} have already drawn after playing",
                len(drew),
                who=joined(seats(drew)),
            )
        )
    if turned:
        parts.append(
            Plural(
                "{who} turned up the stock's top card, so {who} does not draw",
                "{who} turned up cards from the stock, so they do not draw",
                len(turned),
                who=joined(seats(turned)),
            )
        )
    if empty:
        parts.append(
            Plural(
                "{who} does not draw: the stock is empty",
                "{who} do not draw: the stock is empty",
                len(empty),
                who=joined(seats(empty)),
            )
        )
    return clauses(parts) if parts else ""


def _stunsa(
    tied: tuple[int, ...], rank: int, count: int, on_table: int, leader: int | None,
    others: tuple[int, ...], round_leader: int, draws: tuple[tuple[int, str], ...],
) -> Explained:  # fmt: skip
    """``draws``: each play of the round as ``(seat, "drew" | "turned" | "empty")``;
    ``leader`` is ``None`` when phase 1 ends before the replay."""
    if count == 1:
        # Translators: equal ranks bounce: a stunsa (the word of the Skitgubbe rules).
        kind: Msg = Term("stunsa", "stunsa")
    elif count == 2:
        kind = Term("stunsa", "double stunsa")
    else:
        kind = Msg("stunsa number {n} in a row", n=count)
    who, what = joined(seats(tied)), rank_words(rank)
    if len(tied) == 2:
        # Translators: {rank} is a card of that rank with its article ("a queen"); {kind} is
        # "stunsa", "double stunsa" or "stunsa number 3 in a row".
        bounce = Msg(
            "{who} both played {rank}: {kind}, the cards bounce and stay on the table.",
            who=who, rank=what, kind=kind,
        )  # fmt: skip
    else:
        bounce = Msg(
            "{who} all played {rank}: {kind}, the cards bounce and stay on the table.",
            who=who, rank=what, kind=kind,
        )  # fmt: skip
    if leader is None:
        return Sentences(bounce, _draws(draws), Msg("A replay is due.")), rule(1, 4)
    missing = [seat for seat in tied if seat != leader and seat not in others]
    again = leader == round_leader
    lead, to = name(leader), joined(seats(others))
    if missing:
        if again:
            replay: Msg = Plural(
                "{missing} has no cards, so {who} leads again, to {to}.",
                "{missing} have no cards, so {who} leads again, to {to}.",
                len(missing), missing=joined(seats(missing)), who=lead, to=to,
            )  # fmt: skip
        else:
            replay = Plural(
                "{missing} has no cards, so {who} leads the replay, to {to}.",
                "{missing} have no cards, so {who} leads the replay, to {to}.",
                len(missing), missing=joined(seats(missing)), who=lead, to=to,
            )  # fmt: skip
    elif again:
        replay = Msg("{who} leads again, to {to}.", who=lead, to=to)
    else:
        replay = Msg("{who} leads the replay, to {to}.", who=lead, to=to)
    stake = Plural(
        "Whoever wins the replay takes every card on the table ({n} so far).",
        "Whoever wins the replay takes every card on the table ({n} so far).",
        on_table,
    )
    return Sentences(bounce, _draws(draws), replay, stake), rule(1, 4)


def _phase_one_end(
    seat: int | None, role: str, returned: tuple[tuple[int, tuple[Card, ...]], ...]
) -> Explained:
    if seat is None:
        end = Msg("Fewer than two players hold cards, so no trick can be completed: phase 1 ends.")
    elif role == "lead":
        end = Msg("{who} is due to lead but has no card: phase 1 ends.", who=name(seat))
    elif role == "answer":
        end = Msg("{who} is due to answer but has no card: phase 1 ends.", who=name(seat))
    else:
        end = Msg("{who} is due to play but has no card: phase 1 ends.", who=name(seat))
    if not returned:
        return end, rules(1, 7, 8)
    back = [
        Msg("{who} takes back {cards}", who=name(owner), cards=Cards(cards))
        for owner, cards in returned
    ]
    # Translators: the unfinished trick's cards go back to the players who played them.
    back_text = Msg("The unfinished trick goes back: {back}.", back=Joined(back, SEMICOLON))
    return Sentences(end, back_text), rules(1, 7, 8)


def _trumps(owner: int, card: Card) -> Explained:
    text = Msg(
        "Phase 2: everyone takes up their collected pile and any cards left in hand. {who} adds "
        "the trump card, {card}, to the hand: {suit} are trumps, and {who} leads.",
        who=name(owner), card=card, suit=card.suit.symbol,
    )  # fmt: skip
    return text, rule(2, 1)


def _out(seat: int, position: int, at_start: bool) -> Explained:
    if at_start:
        text = Msg(
            "{who} starts phase 2 without cards and is out, safe from losing ({place} out).",
            who=name(seat), place=ordinal(position),
        )  # fmt: skip
    else:
        text = Msg(
            "{who} has no cards left and is out, safe from losing ({place} out).",
            who=name(seat), place=ordinal(position),
        )  # fmt: skip
    return text, rule(2, 5)


def _loser(seat: int) -> Explained:
    text = Msg("Only {who} still holds cards: {who} is the skitgubbe and loses.", who=name(seat))
    return text, rule(2, 6)


def _lead(seat: int, cards: tuple[Card, ...], size: int) -> Explained:
    if len(cards) > 1:
        text = Plural(
            "{who} leads the run {cards}; this trick is complete after {n} play.",
            "{who} leads the run {cards}; this trick is complete after {n} plays.",
            size, who=name(seat), cards=Cards(cards),
        )  # fmt: skip
    else:
        text = Plural(
            "{who} leads {card}; this trick is complete after {n} play.",
            "{who} leads {card}; this trick is complete after {n} plays.",
            size, who=name(seat), card=cards[0],
        )  # fmt: skip
    return text, rule(2, 2)


def _beat(seat: int, cards: tuple[Card, ...], top: Card, trumps: Suit) -> Explained:
    low = cards[0]
    if len(cards) > 1:
        text = Msg(
            "{who} beats {top} with the run {cards}: its lowest card {low} beats it ({reason}), "
            "and {high} is now on top.",
            who=name(seat), top=top, cards=Cards(cards), low=low,
            reason=beat_reason(low, top, trumps), high=cards[-1],
        )  # fmt: skip
        return text, SEQUENCES
    text = Msg(
        "{who} beats {top} with {card}: {reason}.",
        who=name(seat), top=top, card=low, reason=beat_reason(low, top, trumps),
    )  # fmt: skip
    return text, rule(2, 2)


def _must_beat(nxt: int, top_owner: int, top: tuple[Card, ...], skipped: tuple[int, ...]) -> Msg:
    """Who must now beat the play on top of the trick, whose play it is, and who was skipped."""
    args: dict[str, Any] = {"next": name(nxt), "card": top[-1]}
    own = top_owner == nxt
    if not own:
        args["owner"] = name(top_owner)
    if len(top) > 1:
        args["cards"] = Cards(top)
    if skipped:
        args["skipped"] = joined(seats(skipped))
        n = len(skipped)
        if len(top) > 1:
            if own:
                return Plural(
                    "{skipped} has no cards, so {next} must now beat {card}, the top card of the "
                    "run {cards} ({next}'s own run), or pick the run up.",
                    "{skipped} have no cards, so {next} must now beat {card}, the top card of the "
                    "run {cards} ({next}'s own run), or pick the run up.",
                    n, **args,
                )  # fmt: skip
            return Plural(
                "{skipped} has no cards, so {next} must now beat {card}, the top card of the run "
                "{cards} (played by {owner}), or pick the run up.",
                "{skipped} have no cards, so {next} must now beat {card}, the top card of the run "
                "{cards} (played by {owner}), or pick the run up.",
                n, **args,
            )  # fmt: skip
        if own:
            return Plural(
                "{skipped} has no cards, so {next} must now beat {card}, the card on top "
                "({next}'s own card), or pick it up.",
                "{skipped} have no cards, so {next} must now beat {card}, the card on top "
                "({next}'s own card), or pick it up.",
                n, **args,
            )  # fmt: skip
        return Plural(
            "{skipped} has no cards, so {next} must now beat {card}, the card on top (played by "
            "{owner}), or pick it up.",
            "{skipped} have no cards, so {next} must now beat {card}, the card on top (played by "
            "{owner}), or pick it up.",
            n, **args,
        )  # fmt: skip
    if len(top) > 1:
        if own:
            return Msg(
                "{next} must now beat {card}, the top card of the run {cards} ({next}'s own "
                "run), or pick the run up.",
                **args,
            )
        return Msg(
            "{next} must now beat {card}, the top card of the run {cards} (played by {owner}), "
            "or pick the run up.",
            **args,
        )
    if own:
        return Msg(
            "{next} must now beat {card}, the card on top ({next}'s own card), or pick it up.",
            **args,
        )
    return Msg(
        "{next} must now beat {card}, the card on top (played by {owner}), or pick it up.", **args
    )


def _pick_up(
    seat: int, owner: int, cards: tuple[Card, ...], top_owner: int, top: tuple[Card, ...],
    nxt: int, skipped: tuple[int, ...],
) -> Explained:  # fmt: skip
    """``top``: the play now on top of the trick; ``skipped``: players passed over without cards."""
    picked = Msg(
        "{who} picks up {what} instead of beating it.",
        who=name(seat), what=owned(seat, owner, cards),
    )  # fmt: skip
    return Sentences(picked, _must_beat(nxt, top_owner, top, skipped)), rule(2, 3)


def _next_trick(size: int) -> Msg:
    return Plural("The next trick needs {n} play.", "The next trick needs {n} plays.", size)


def _trick_done(
    seat: int, plays: int, leader: int, size: int, skipped: tuple[int, ...]
) -> Explained:
    """``skipped``: the player of the last card and any further players passed over, when the
    last player has just gone out."""
    done = Plural(
        "The trick has its {n} play: its cards go to the discard pile.",
        "The trick has its {n} plays: its cards go to the discard pile.",
        plays,
    )
    who = name(seat)
    if not skipped:
        lead = Msg("{who} played the last (highest) card and leads next.", who=who)
    elif len(skipped) == 1:
        lead = Msg(
            "{who} played the last card but has no cards left, so the lead passes on to "
            "{leader}.",
            who=who, leader=name(leader),
        )  # fmt: skip
    else:
        others = skipped[1:]
        lead = Plural(
            "{who} played the last card but has no cards left, and {others} has none either, so "
            "the lead passes on to {leader}.",
            "{who} played the last card but has no cards left, and {others} have none either, so "
            "the lead passes on to {leader}.",
            len(others), who=who, others=joined(seats(others)), leader=name(leader),
        )  # fmt: skip
    return Sentences(done, lead, _next_trick(size)), rule(2, "4a")


def _trick_emptied(
    seat: int, owner: int, cards: tuple[Card, ...], leader: int, skipped: tuple[int, ...],
    size: int,
) -> Explained:  # fmt: skip
    what = owned(seat, owner, cards)
    who = name(seat)
    if skipped:
        args = {"who": who, "what": what, "skipped": joined(seats(skipped)), "leader": name(leader)}
        if len(cards) > 1:
            emptied: Msg = Plural(
                "{who} picks up {what}, the last play of the trick: the trick is emptied, so the "
                "lead passes to {who}'s left, {skipped}, who has no cards, so on to {leader}.",
                "{who} picks up {what}, the last play of the trick: the trick is emptied, so the "
                "lead passes to {who}'s left, {skipped}, who have no cards, so on to {leader}.",
                len(skipped), **args,
            )  # fmt: skip
        else:
            emptied = Plural(
                "{who} picks up {what}, the last card of the trick: the trick is emptied, so the "
                "lead passes to {who}'s left, {skipped}, who has no cards, so on to {leader}.",
                "{who} picks up {what}, the last card of the trick: the trick is emptied, so the "
                "lead passes to {who}'s left, {skipped}, who have no cards, so on to {leader}.",
                len(skipped), **args,
            )  # fmt: skip
    elif len(cards) > 1:
        emptied = Msg(
            "{who} picks up {what}, the last play of the trick: the trick is emptied, so the "
            "lead passes to {who}'s left, {leader}.",
            who=who, what=what, leader=name(leader),
        )  # fmt: skip
    else:
        emptied = Msg(
            "{who} picks up {what}, the last card of the trick: the trick is emptied, so the "
            "lead passes to {who}'s left, {leader}.",
            who=who, what=what, leader=name(leader),
        )  # fmt: skip
    return Sentences(emptied, _next_trick(size)), rule(2, "4b")


EXPLAIN: dict[str, Callable[..., Explained]] = {
    "play": _play,
    "turn_up": _turn_up,
    "trump_card": _trump_card,
    "trick": _trick,
    "stunsa": _stunsa,
    "phase_one_end": _phase_one_end,
    "trumps": _trumps,
    "out": _out,
    "loser": _loser,
    "lead": _lead,
    "beat": _beat,
    "pick_up": _pick_up,
    "trick_complete": _trick_done,
    "trick_emptied": _trick_emptied,
}
