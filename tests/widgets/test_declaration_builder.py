"""DeclarationBuilder without a browser: the switches follow the announcement rules, the panel
the counts of the solved deals, and a Null below the bid is refused as the rules refuse it."""

from __future__ import annotations

import pytest

from cardlib.errors import CardlibError
from cardlib.i18n import language
from cardlib.skat import Declaration, GameType
from cardlib.skat.solver.declarations import declaration_odds
from cardlib.skat.widgets.declaration import declaration_lines, with_flag
from cardlib.widgets import DeclarationBuilder

HAND = "CJ SJ HJ CA CT CK SA ST HA H7"


@pytest.fixture(scope="module")
def odds():
    return declaration_odds(HAND, samples=4, rng=2, games=(GameType.GRAND, GameType.NULL))


def test_the_toggles_pull_in_what_an_announcement_needs(odds) -> None:
    builder = DeclarationBuilder(odds, bid=24)
    builder.toggles["ouvert"].value = True  # a click: Ouvert is Hand, Schneider, Schwarz too
    assert builder.declaration == Declaration.ouvert_game(GameType.GRAND)
    assert all(toggle.value for toggle in builder.toggles.values())
    builder.toggles["schneider"].value = False  # and without Schneider, no Schwarz or Ouvert
    assert builder.declaration == Declaration(GameType.GRAND, hand=True)
    assert [t.value for t in builder.toggles.values()] == [True, False, False, False]


def test_null_has_no_schneider_and_keeps_hand_and_ouvert_apart(odds) -> None:
    builder = DeclarationBuilder(odds, bid=18)
    builder.game.value = GameType.NULL
    assert builder.toggles["schneider"].disabled and builder.toggles["schwarz"].disabled
    builder.toggles["ouvert"].value = True
    assert builder.declaration == Declaration(GameType.NULL, ouvert=True)
    assert with_flag(builder.declaration, "schwarz", True) == builder.declaration


def test_the_panel_says_the_counts_of_the_solved_deals(odds) -> None:
    builder = DeclarationBuilder(odds, bid=24)
    builder.switch("schneider", True)
    declaration = Declaration(GameType.GRAND, hand=True, schneider=True)
    wins = odds.wins(declaration)
    assert f"It wins in {wins} of 4 sampled deals" in builder.panel.value
    assert "It needs: 90 card points (Schneider announced)." in builder.panel.value
    assert builder.snapshot().text == "\n".join(declaration_lines(odds, declaration, 24))
    assert (
        repr(builder)
        == f"DeclarationBuilder(Grand Hand Schneider, bid 24: wins in {wins} of 4 deals)"
    )


def test_a_null_below_the_bid_cannot_be_declared(odds) -> None:
    # the seed rules: a Null whose fixed value is below the bid cannot be declared (Null 23 < 30)
    lines = declaration_lines(odds, Declaration(GameType.NULL), 30)
    assert lines[-1] == "A Null worth 23 cannot be declared at a bid of 30: the rules refuse it."


def test_the_panel_speaks_the_language_chosen(odds) -> None:
    builder = DeclarationBuilder(odds, bid=24)
    with language("ko"):
        builder.language.value = "ko"
        assert "It needs" not in builder.panel.value
    builder.language.value = "en"


def test_odds_for_another_game_are_refused(odds) -> None:
    with pytest.raises(CardlibError, match="not among the solved games"):
        DeclarationBuilder(odds, game=GameType.CLUBS)
