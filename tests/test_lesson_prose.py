"""Numbers that a lesson's prose states, held to the outputs its cells compute (nbval keeps the
stored outputs equal to a fresh run, so prose and code cannot drift apart)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
OUTPUT = {
    "en": (
        r"bid up to (\d+); pass when the bidding reaches (\d+)",
        r"^(.+?)\s+worth\s+(\d+)",
        "♠ Hand",
    ),
    "ko": (r"(\d+)까지 부르고, 경매가 (\d+)에 이르면 패스", r"^(.+?)\s+점수\s+(\d+)", "♠ 핸드"),
}
"""How lesson 11's cells print the limit and the pass, and each declaration's worth."""
WORDS = {"en": {7: "Seven", 11: "eleven"}, "ko": {7: "일곱", 11: "11"}}
"""How the lessons write the small numbers they state."""


def cells(path: Path) -> list[tuple[str, str]]:
    """Each cell's source and the text of its outputs."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        outputs = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get(
            "text/plain", "")) for o in cell.get("outputs", []))  # fmt: skip
        found.append(("".join(cell["source"]), outputs))
    return found


def output_of(notebook: list[tuple[str, str]], code: str) -> str:
    """The output of the one cell whose source contains ``code``."""
    [out] = [output for source, output in notebook if code in source]
    return out


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_lesson_11_states_the_limit_the_pass_and_the_covering_games_its_cells_compute(
    lang: str,
) -> None:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    notebook = cells(folder / "skat" / "11_bidding_strategy.ipynb")
    prose = "\n".join(
        source for source, output in notebook if not output and "import" not in source
    )
    said_stop, said_worth, spades_hand = OUTPUT[lang]
    stop = re.search(said_stop, output_of(notebook, "stop = max("))
    assert stop is not None
    limit, passes = stop.groups()
    if lang == "en":
        assert (
            f"bids up to {limit}, the value of the spades Hand game, and passes at {passes}"
            in prose
        )
    else:
        assert f"{limit}까지 부르고 {passes}에서 패스합니다" in prose
    worths = dict(re.findall(said_worth, output_of(notebook, "def declarations("), re.M))
    more = WORDS[lang][int(worths[spades_hand]) - int(worths["♠"])]
    covering = WORDS[lang][len(output_of(notebook, "covering = [").strip().split(", "))]
    if lang == "en":
        assert f"declared Hand, covers {more} more than after picking up" in prose
        assert f"{covering} declarations cover 59" in prose
    else:
        assert f"핸드로\n선언하면 스카트를 집어 들 때보다 {more}을 더 감당합니다" in prose
        assert f"59를 감당하는 선언은 {covering} 개입니다" in prose


def test_the_strategy_lesson_states_the_differences_and_counts_its_cells_compute() -> None:
    notebook = cells(NOTEBOOKS / "skitgubbe" / "05_strategy.ipynb")
    prose = " ".join(" ".join(source for source, output in notebook if not output).split())
    printed = "\n".join(output for _, output in notebook)
    found = {
        name: (float(value), float(low), float(high))
        for name, value, low, high in re.findall(
            r"^(.+?): (-?[\d.]+) \(95% CI (-?[\d.]+) to (-?[\d.]+);", printed, re.M
        )
    }

    def signed(x: float) -> str:
        return f"{x:+.2f}".replace("-", "−") if round(x, 2) else "0.00"

    value, low, high = found["highest first"]
    assert f"loses {value:.2f} more games per deal (interval {low:.2f} to {high:.2f})" in prose
    assert f"playing at random ({found['random play'][0]:.2f})" in prose
    value, low, high = found["lowest, even trumps"]
    assert f"costs {value:.2f} (interval {low:.2f} to {high:.2f})" in prose
    value, low, high = found["always beat"]
    assert f"({signed(value).lstrip('+')}, interval {signed(low)} to {signed(high)})" in prose
    assert all(low <= 0 <= high for name, (_, low, high) in found.items() if name in (
        "phase 1 at random", "take everything", "take nothing", "always stunsa", "never stunsa"
    )), "the lesson says every phase-1 interval contains 0"  # fmt: skip
    trumps = dict(re.findall(r"^\s*(.+?): ([\d.]+) trumps at phase 2", printed, re.M))
    said = (
        f"({trumps['take everything']} trumps for *take everything*, "
        f"{trumps['take nothing']} for *take nothing*, against {trumps['heuristic']})"
    )
    assert said in prose
    moves = r"(♠J|♦3|♠5|turning up)[^,;.]*? in (\d+) of 40"
    counts = {move: int(n) for move, n in re.findall(moves, printed)}
    assert (f"♠J, the skitgubbe in {counts['♠J']} of its 40 games, against {counts['♦3']} for ♦3 "
            f"and {counts['♠5']} for ♠5 or turning up") in prose  # fmt: skip
    assert counts["♠5"] == counts["turning up"]


SCORE = {
    "en": (r"^(.+?)\s+agrees in\s+(\d+) of\s+(\d+)\s+\(a card at random:\s+([\d.]+)\)", (1, 2)),
    "ko": (r"^(.+?)\s+(\d+)개 중\s+(\d+)개 일치\s+\(아무 카드나:\s+([\d.]+)\)", (2, 1)),
}
"""How lesson 19's ``report`` prints a rule's score: the rule, then where agree and named are."""
LESSON_19 = {
    "en": {
        "LEAD_RULES": (
            "the short way / long way rule in {1[0]} of {1[1]} deals, the longest suit in {2[0]}, "
            "the shortest in {3[0]}, against about {1[2]:.0f} for a card at random. An ace agrees "
            "in {0[0]} of the {0[1]} deals where forehand holds one. Leading a trump is worse "
            "than chance: {4[0]} of {4[1]}."
        ),
        "SMEAR_RULES": "agrees in {0[0]} of {0[1]} positions, twice as often",
        "SMEAR_RULES ": "When the declarer still plays after you, it agrees in {1[0]} of {1[1]}:",
        "GRAND_RULES": (
            '"Cash an ace" agrees in {0[0]} of the {0[1]} positions where the leader holds one, '
            "against {0[2]:.1f} by chance. The suit rules do no better than chance here ({1[0]} "
            "and {2[0]} of {1[1]}, chance {1[2]:.1f})"
        ),
        "NULL_RULES": (
            "Both rules agree in {0[0]} of {0[1]}, the same as a card at random ({0[2]:.1f})"
        ),
    },
    "ko": {
        "LEAD_RULES": (
            "짧은 길 / 긴 길 요령은 {1[1]}판 중 {1[0]}판, 가장 긴 무늬는 {2[0]}판, "
            "가장 짧은 무늬는 {3[0]}판으로, 아무 카드나 낼 때의 약 {1[2]:.0f}판보다 많습니다. "
            "에이스는 선봉이 에이스를 든 {0[1]}판 중 {0[0]}판에서 일치합니다. "
            "으뜸패를 내는 것은 우연보다 못합니다. "
            "{4[1]}판 중 {4[0]}판입니다."
        ),
        "SMEAR_RULES": "{0[1]}국면 중 {0[0]}국면에서 일치해, 아무 카드나 낼 때보다 두 배",
        "SMEAR_RULES ": "선언자가 여러분 다음에 낼 때는 {1[1]}국면 중 {1[0]}국면입니다.",
        "GRAND_RULES": (
            '"에이스를 챙겨라"는 선이 에이스를 든 {0[1]}국면 중 {0[0]}국면에서 일치합니다(우연이면 '
            "{0[2]:.1f}). 무늬 요령은 여기서 우연보다 낫지 않습니다({1[1]}국면 중 {1[0]}와 {2[0]}, "
            "우연이면 {1[2]:.1f})."
        ),
        "NULL_RULES": (
            "두 요령 모두 {0[1]}국면 중 {0[0]}국면에서 일치해, 아무 카드나 낼 때({0[2]:.1f})와"
        ),
    },
}
"""Lesson 19's sentences that state each rule's score, filled from the scores its cells print."""
COUNTS_19 = {
    "en": (
        "The defenders have {ours} and need {need} more. The unseen {unseen} points",
        "The skat holds {skat} points, and the declarer ends with {final}: the {need} points",
        "The declarer ends with {best} instead of {rule}: the ace led first costs {cost} points.",
        "{seeds} deals built by `bot_game`",
    ),
    "ko": (
        "수비측은 {ours}점이 있고 {need}점이 더 필요합니다. 보이지 않는 {unseen}점은",
        "스카트에는 {skat}점이 있고 선언자는 {final}점으로 끝납니다. 수비측에 필요한 {need}점은",
        "선언자는 {rule}점이 아니라 {best}점으로 끝납니다. 에이스를 먼저 내면 {cost}점을 잃습니다.",
        "`bot_game`으로 만든 {seeds}판",
    ),
}
"""Lesson 19's sentences that state the count, the ace's cost and the deals solved."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_lesson_19_states_the_scores_and_counts_its_cells_compute(lang: str) -> None:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    notebook = cells(folder / "skat" / "19_first_deal_as_defender.ipynb")
    prose = " ".join(" ".join(source.split()) for source, output in notebook if not output)
    said, (agree, named) = SCORE[lang]
    for key, sentence in LESSON_19[lang].items():
        lines = re.findall(said, output_of(notebook, f"report({key.strip()}, "), re.M)
        scores = [(int(g[agree]), int(g[named]), float(g[3])) for g in lines]
        assert " ".join(sentence.format(*scores).split()) in prose
    numbers = [int(n) for n in re.findall(r"\d+", output_of(notebook, "unseen = 120 - "))]
    ours, _, _, unseen, need = numbers
    skat, final = (int(n) for n in re.findall(r"\d+", output_of(notebook, "final = solve(")))
    endings = [
        int(re.findall(r"(\d+) : \d+\)?\s*$", output_of(notebook, code).strip())[0])
        for code in ("line(grand_fail, ace(grand_fail))", "line(grand_fail, grand_best[0])")
    ]
    seeds = json.loads((NOTEBOOKS.parent / "cardlib/data/defence/opening_leads.json").read_text())
    facts = {"ours": ours, "need": need, "unseen": unseen, "skat": skat, "final": final,
             "rule": endings[0], "best": endings[1], "cost": endings[0] - endings[1],
             "seeds": seeds["seeds"]}  # fmt: skip
    assert need == 60 - ours
    for sentence in COUNTS_19[lang]:
        assert sentence.format(**facts) in prose


BOUNCES = {
    "en": (
        r"(\d+) of (\d+) against (\d+)/(\d+)",
        "their first trick bounced {k} times, where the exact chance {p} expects {e}.",
    ),
    "ko": (
        r"(\d+)번 중 (\d+)번, 기준 확률 (\d+)/(\d+)",
        "첫 트릭이 {k}번 튕겼고, 정확한 확률 {p}이라면 기댓값은 {e}번입니다.",
    ),
}
"""Lesson Skitgubbe 4's sentence that states the bounces seen and the count the chance expects."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_binomial_lesson_states_the_bounces_and_the_expected_count_its_cell_computes(
    lang: str,
) -> None:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    notebook = cells(folder / "skitgubbe" / "04_is_it_chance.ipynb")
    prose = " ".join(" ".join(source.split()) for source, output in notebook if not output)
    printed, sentence = BOUNCES[lang]
    said = re.search(printed, output_of(notebook, "first.successes, first.n"))
    assert said is not None
    k, n, top, bottom = (int(g) for g in said.groups())
    if lang == "ko":
        n, k = k, n
    expected = Fraction(n * top, bottom)
    assert sentence.format(k=k, p=f"{top}/{bottom}", e=f"{float(expected):.1f}") in prose


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_lesson_20_states_the_chances_its_cells_and_the_engine_compute(lang: str) -> None:
    from cardlib.probability import bidding_posterior
    from cardlib.skat.players.evidence import Said

    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    notebook = cells(folder / "skat" / "20_what_the_bidding_reveals.ipynb")
    prose = " ".join(" ".join(source.split()) for source, output in notebook if not output)
    table = output_of(notebook, 'answer = bidding_posterior(said, "jacks")')
    rows = {int(k): row for k, *row in re.findall(
        r"^\s+(\d)\s+\d+/\d+\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", table, re.M)}  # fmt: skip
    stated = [f"{rows[2][0]}%", f"{rows[2][2]}%", f"{rows[0][0]}%", f"{rows[0][2]}%",
              rows[2][1], rows[3][1], rows[0][1], rows[4][1]]  # fmt: skip
    said = dict(
        re.findall(r"(?:limit|한도) +(\d+): .*= ([\d.]+)", output_of(notebook, "for limit in"))
    )
    stated += [said["24"], said["0"]]
    chance = re.search(r"= ([\d.]+)$", output_of(notebook, "chance = sum("), re.M)
    assert chance is not None
    kept = re.search(r"(\d+) of 1000|1000명 중 (\d+)명", output_of(notebook, "kept = [hand"))
    assert kept is not None
    stated += [chance.group(1)]
    said_it = kept.group(1) or kept.group(2)
    assert f"{said_it} of the 1,000" in prose or f"1,000명 가운데 {said_it}명" in prose
    stated += re.findall(r"[\d.]+%", output_of(notebook, "def weighed("))
    picture = output_of(notebook, "stepper.snapshot(declared)").splitlines()
    declarer = next(line for line in picture if line.startswith(("MH (", "중견 (")))
    stated += list(re.findall(r"(\d+\.\d) → (\d+\.\d)", declarer)[1])  # MH's trumps
    stated += [re.findall(r"\d+\.\d", picture[-2])[-1], *re.findall(r"±\d+", picture[-1])]
    for number in stated:
        assert number in prose, number
    passed = bidding_posterior("passed at once").posterior.prob(lambda k: k >= 2)
    anyone = bidding_posterior("passed at once").prior.prob(lambda k: k >= 2)
    limits = bidding_posterior(Said(1, 24, 27), "limit")
    solutions = " ".join(" ".join(s.split()) for s, _ in notebook if s.startswith("<details>"))
    for number in (passed, anyone, limits.posterior[24], limits.posterior[0], limits.prior[0]):
        assert f"{float(number):.1%}" in solutions, number
    assert max(limits.posterior, key=limits.posterior.__getitem__) == 24
    assert f"({Said(1, 24, 27).probability(0):.4f})" in solutions
