"""A play table's running score sheet: every finished deal, what it counted for each seat under
each of the game's scorings (``adapter.scorings()``), the running totals, and whether the learner
won it; kept across new deals until the learner clears it.

>>> from cardlib.games import DealScore, game, game_names
>>> board = ScoreBoard(game(game_names()[0]), seat=0)  # a game with two scorings
>>> board.add(30, DealScore(won=True, scores=((0, -48, 0), (40, -98, 40))))
>>> board.add(31, DealScore(won=None, scores=((0, 0, 0), (0, 0, 0))))
>>> board.totals
((0, -48, 0), (40, -98, 40))
>>> print(board.verdict())
Deal 31: nobody won or lost. Over 2 deals you won 1 and lost 0.
>>> board.clear()
>>> board.totals, board.html.value
(((0, 0, 0), (0, 0, 0)), '')
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlib.games import AnyGame, DealScore
from cardlib.i18n import Msg, Plural, _

__all__ = ["ScoreBoard"]

_CELL = 'style="padding:1px 8px;text-align:{align};{more}"'


class ScoreBoard:
    """The deals finished at a table for ``seat``, newest last; ``box`` shows them with a button
    that clears the sheet (``clear_button``)."""

    def __init__(self, adapter: AnyGame, seat: int) -> None:
        self.adapter, self.seat = adapter, seat
        self.deals: list[tuple[int, DealScore]] = []
        self.html = widgets.HTML()
        self.clear_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(lambda _click: self.clear())
        self.box = widgets.VBox([self.html, self.clear_button])
        self.draw()

    def add(self, seed: int, score: DealScore) -> None:
        """One more finished deal, dealt from ``seed``."""
        self.deals.append((seed, score))
        self.draw()

    def clear(self) -> None:
        """Start a new sheet."""
        self.deals = []
        self.draw()

    @property
    def totals(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's running total under each scoring."""
        seats = len(self.deals[0][1].scores[0]) if self.deals else 3
        return tuple(
            tuple(sum(score.scores[k][s] for _, score in self.deals) for s in range(seats))
            for k in range(len(self.adapter.scorings()))
        )

    def verdict(self) -> str:
        """The last deal's outcome for the learner and the tally of the sheet, in words."""
        seed, last = self.deals[-1]
        said = {
            True: Msg("Deal {seed}: you won.", seed=seed),
            False: Msg("Deal {seed}: you lost.", seed=seed),
            None: Msg("Deal {seed}: nobody won or lost.", seed=seed),
        }[last.won]
        won = sum(score.won is True for _, score in self.deals)
        lost = sum(score.won is False for _, score in self.deals)
        tally = Plural("Over {n} deal you won {won} and lost {lost}.",
                       "Over {n} deals you won {won} and lost {lost}.", len(self.deals),
                       won=won, lost=lost)  # fmt: skip
        return f"{said} {tally}"

    def draw(self) -> None:
        """The sheet in the current language (nothing before the first finished deal)."""
        self.clear_button.description = _("clear the score sheet")
        self.clear_button.layout.display = "" if self.deals else "none"
        if not self.deals:
            self.html.value = ""
            return
        seats = len(self.deals[0][1].scores[0])
        names = [self.adapter.seat_name(s) for s in range(seats)]
        names[self.seat] = str(Msg("{you} (you)", you=names[self.seat]))
        scorings = [str(name) for name in self.adapter.scorings()]

        def cell(
            text: object, *, head: bool = False, left: bool = False, rule: bool = False
        ) -> str:
            tag = "th" if head else "td"
            more = "border-left:1px solid #9aa0a6;" if rule else ""
            style = _CELL.format(align="left" if left else "right", more=more)
            return f"<{tag} {style}>{escape(str(text), quote=False)}</{tag}>"

        groups = "".join(
            f'<th colspan="{seats}" style="padding:1px 8px;border-left:1px solid #9aa0a6">'
            f"{escape(name, quote=False)}</th>"
            for name in scorings
        )
        heads = "".join(
            cell(name, head=True, rule=s == 0) for _ in scorings for s, name in enumerate(names)
        )
        lines = [
            f"<tr><th></th><th></th><th></th>{groups}</tr>",
            "<tr>" + cell("#", head=True) + cell(_("deal"), head=True, left=True)
            + cell(_("you"), head=True, left=True) + heads + "</tr>",
        ]  # fmt: skip
        running = [[0] * seats for _ in scorings]
        outcome = {True: _("won"), False: _("lost"), None: "–"}
        for number, (seed, score) in enumerate(self.deals, start=1):
            row = cell(number) + cell(seed, left=True) + cell(outcome[score.won], left=True)
            for k, changes in enumerate(score.scores):
                for s, change in enumerate(changes):
                    running[k][s] += change
                    row += cell(f"{running[k][s]} ({change:+d})" if change else running[k][s],
                                rule=s == 0)  # fmt: skip
            lines.append(f"<tr>{row}</tr>")
        title = escape(_("Score sheet"), quote=False)
        verdict = escape(self.verdict(), quote=False)
        self.html.value = (
            f'<div class="cardlib-score-sheet" style="overflow-x:auto;max-width:100%">'
            f"<b>{title}</b> · {verdict}"
            f'<table style="border-collapse:collapse;font-size:90%">{"".join(lines)}</table></div>'
        )
