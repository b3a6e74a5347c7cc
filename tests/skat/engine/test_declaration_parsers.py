"""One reading of ISS declarations: ``Declaration.parse_iss``, ``parse_move`` and the ISS reader.

Every game letter with every ordering of every subset of the flags ``O H S Z`` (390 strings) must
give the same declaration through all three, and that declaration must be what the seed rules say:
Schwarz announced counts as Schneider announced, and an Ouvert suit or grand game is played Hand
with Schneider and Schwarz announced. Null keeps its flags, and a Null with S or Z is refused by
all of them: Null has no Schneider or Schwarz levels.
"""

from __future__ import annotations

from itertools import permutations, product

import pytest

from cardlib import data
from cardlib.errors import CardlibError, RecordError
from cardlib.skat.engine.facts import Declaration, GameType
from cardlib.skat.engine.moves import Declare, parse_move
from cardlib.skat.iss import parse_declaration, read

TEXTS = [
    game + "".join(flags)
    for game in "GCSHDN"
    for size in range(5)
    for flags in permutations("OHSZ", size)
]
NULL_ANNOUNCED = "cannot be announced in a Null"
SAMPLES = data.path("iss/sample-records.sgf").read_text().splitlines()
CHZ_RECORD = next(line for line in SAMPLES if "ID[26496]" in line)  # "0 CHZ", a Hand game


def expected(text: str) -> tuple[GameType, bool, bool, bool, bool] | None:
    """The flags the rules give, worked out independently of cardlib's parser (``None``: no
    such game, a Null with Schneider or Schwarz announced)."""
    game, flags = GameType(text[0]), set(text[1:])
    ouvert = "O" in flags
    if game is GameType.NULL:
        if flags & {"S", "Z"}:
            return None
        return (game, "H" in flags, False, False, ouvert)
    schwarz = "Z" in flags or ouvert
    return (game, "H" in flags or ouvert, "S" in flags or schwarz, schwarz, ouvert)


def fields(declaration: Declaration) -> tuple[GameType, bool, bool, bool, bool]:
    d = declaration
    return (d.game, d.hand, d.schneider, d.schwarz, d.ouvert)


def test_every_declaration_string_is_enumerated() -> None:
    assert len(TEXTS) == len(set(TEXTS)) == 6 * 65
    assert {"CHZ", "CO", "GOHSZ", "NOH", "NHO", "DZ", "N"} <= set(TEXTS)


@pytest.mark.parametrize("text", TEXTS)
def test_all_parsers_agree(text: str) -> None:
    if expected(text) is None:
        for parse in (Declaration.parse_iss, parse_declaration, parse_move):
            with pytest.raises(CardlibError, match=NULL_ANNOUNCED):
                parse(text)
        with pytest.raises(RecordError, match=NULL_ANNOUNCED):
            read(CHZ_RECORD.replace(" 0 CHZ ", f" 0 {text} "))
        return
    declaration = Declaration.parse_iss(text)
    assert fields(declaration) == expected(text)
    assert parse_declaration(text) == declaration
    move = parse_move(text)
    assert isinstance(move, Declare) and move.declaration == declaration
    record = read(CHZ_RECORD.replace(" 0 CHZ ", f" 0 {text} "))
    assert record.declaration == declaration


@pytest.mark.parametrize("text", [text for text in TEXTS if expected(text) is not None])
def test_writing_and_reading_round_trip(text: str) -> None:
    declaration = Declaration.parse_iss(text)
    assert Declaration.parse_iss(declaration.to_iss()) == declaration
    assert parse_move(declaration.to_iss()) == Declare(declaration)
    assert parse_move(str(Declare(declaration))) == Declare(declaration)  # "declare ♣ Hand …"
    assert parse_move(" ".join(str(declaration).split())) == Declare(declaration)


def test_chz_is_clubs_hand_schneider_schwarz_everywhere() -> None:
    clubs = Declaration(GameType.CLUBS, hand=True, schneider=True, schwarz=True)
    assert Declaration.parse_iss("CHZ") == parse_declaration("CHZ") == clubs
    assert parse_move("CHZ") == Declare(clubs) == Declare("C", hand=True, schwarz=True)
    assert read(CHZ_RECORD).declaration == clubs and clubs.problem() is None


FLAGS = list(product((False, True), repeat=4))


@pytest.mark.parametrize("game", list(GameType))
@pytest.mark.parametrize(("hand", "schneider", "schwarz", "ouvert"), FLAGS)
def test_constructor_fills_in_what_the_parser_implies(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> None:
    letters = "".join(
        f for f, on in zip("HSZO", (hand, schneider, schwarz, ouvert), strict=True) if on
    )
    if expected(game.value + letters) is None:
        with pytest.raises(CardlibError, match=NULL_ANNOUNCED):
            Declaration(game, hand, schneider, schwarz, ouvert)
        return
    made = Declaration(game, hand, schneider, schwarz, ouvert)
    assert made == Declaration.parse_iss(game.value + letters)
    assert fields(made) == expected(game.value + letters)
    problem = made.problem() or ""
    assert "declare both" not in problem and "must be declared" not in problem
    if game is not GameType.NULL and schwarz and not schneider:
        assert made.schneider  # never refused for the Schneider the rules imply
        assert problem in ("", "Schneider and Schwarz can be announced only in a Hand game")


def test_refusals_name_the_rule_not_a_missing_flag() -> None:
    assert Declaration(GameType.CLUBS, hand=True, schwarz=True).problem() is None
    assert Declaration(GameType.SPADES, ouvert=True).problem() is None
    no_hand = Declaration(GameType.CLUBS, schwarz=True)
    assert no_hand.problem() == "Schneider and Schwarz can be announced only in a Hand game"
    assert Declaration(GameType.GRAND, schneider=True).problem() == (
        "Schneider can be announced only in a Hand game"
    )
    null = Declaration(GameType.NULL, hand=True, ouvert=True)
    assert not null.schneider and not null.schwarz  # Null keeps its flags as given
    assert null.problem() is None
