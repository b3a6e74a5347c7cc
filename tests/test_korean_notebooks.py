"""The Korean notebooks: each is its English notebook plus its catalog, complete and unchanged.

``make ko-notebooks`` (tools/notebook_catalogs.py) extracts the English notebooks' texts into
notebooks/locale/ko/LC_MESSAGES/*.po and builds notebooks/ko/*.ipynb from the two. These tests
rebuild every Korean notebook in memory and compare, so an English notebook edited without
``make ko-notebooks``, a catalog left incomplete, or a translation that lost a link or changed
the code fails here.
"""

from __future__ import annotations

import doctest
import json
import posixpath
import re
from pathlib import Path
from typing import Any

import pytest

from tests.loading import load

ROOT = Path(__file__).resolve().parents[1]


tool = load(ROOT / "tools" / "notebook_catalogs.py")
NOTEBOOKS = tool.NOTEBOOKS


@pytest.fixture(scope="module")
def sources() -> dict[str, Any]:
    return dict(tool.read_sources())


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Any]:
    for path in NOTEBOOKS:
        assert tool.catalog_path(path).exists(), f"{path} has no catalog: run make ko-notebooks"
    return dict(tool.read_catalogs())


def _without_language_setup(source: str) -> str:
    lines = source.split("\n")
    setup = {"import cardlib", tool.LANGUAGE_SETUP}
    return "\n".join(line for line in lines if line not in setup)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_committed_korean_notebook_is_its_source_and_catalog(
    path: str, sources: dict[str, Any], catalogs: dict[str, Any]
) -> None:
    built = tool.korean_notebook(path, sources, catalogs)
    file = tool.built_path(path)
    assert file.exists(), f"notebooks/ko/{path} is missing: run make ko-notebooks"
    committed = tool.read_notebook(file)
    assert tool.cell_sources(committed) == tool.cell_sources(built), (
        f"notebooks/ko/{path} differs from notebooks/{path} + its catalog: run make ko-notebooks"
    )


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_catalog_holds_every_message_of_its_notebook_translated(
    path: str, sources: dict[str, Any], catalogs: dict[str, Any]
) -> None:
    catalog = catalogs[path]
    wanted = [message.id for message in tool.template(path, sources[path]) if message.id]
    held = [message.id for message in catalog if message.id]
    missing = [text for text in wanted if text not in catalog]
    assert not missing, f"{len(missing)} messages of {path} missing; first: {missing[0]!r}"
    assert set(held) == set(wanted), f"{path}: the catalog holds messages the notebook lost"
    untranslated = [message.id for message in catalog if message.id and not message.string]
    assert not untranslated, f"{path}: {len(untranslated)} untranslated; first: {untranslated[0]!r}"
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert not fuzzy, f"{path}: fuzzy translations: {fuzzy[0]!r}"
    assert not catalog.obsolete, f"{path}: old translations left over: run make ko-notebooks"


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_translations_keep_links_code_math_and_cards(
    path: str, sources: dict[str, Any], catalogs: dict[str, Any]
) -> None:
    code_cells = {text.text for text in tool.texts(sources[path]) if text.code}
    found = []
    for message in catalogs[path]:
        if message.id and message.string:
            code = message.id in code_cells
            for problem in tool.problems(message.id, message.string, code=code):
                found.append(f"{problem}\n    in {message.id[:70]!r}")
    assert not found, f"{path}:\n" + "\n".join(found)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_every_code_cell_of_the_korean_notebook_runs_the_english_code(
    path: str, sources: dict[str, Any]
) -> None:
    english = [tool.source_of(c) for c in sources[path]["cells"] if c["cell_type"] == "code"]
    committed = tool.read_notebook(tool.built_path(path))
    korean = [tool.source_of(c) for c in committed["cells"] if c["cell_type"] == "code"]
    assert len(korean) == len(english)
    assert tool.LANGUAGE_SETUP in korean[0]
    for number, (mine, theirs) in enumerate(zip(korean, english, strict=True), start=1):
        shape = tool.code_shape(_without_language_setup(mine))
        assert shape == tool.code_shape(theirs), f"{path}, code cell {number} changed its code"


def test_only_the_korean_path_has_korean_notebooks_and_catalogs() -> None:
    built = {str(p.relative_to(tool.BUILD_DIR)) for p in tool.BUILD_DIR.rglob("*.ipynb")}
    catalogs = {str(p.relative_to(tool.CATALOG_DIR)) for p in tool.CATALOG_DIR.rglob("*.po")}
    assert built == set(NOTEBOOKS)
    assert catalogs == {str(Path(path).with_suffix(".po")) for path in NOTEBOOKS}


def _english_notebooks() -> set[str]:
    found = set()
    for file in tool.NOTEBOOKS_DIR.rglob("*.ipynb"):
        path = file.relative_to(tool.NOTEBOOKS_DIR)
        if (
            path.parts[0] not in (tool.LANGUAGE, "locale")
            and ".ipynb_checkpoints" not in path.parts
        ):
            found.add(path.as_posix())
    return found


def test_every_english_notebook_has_a_korean_counterpart() -> None:
    english = _english_notebooks()
    assert len(english) >= 20 and "apps/play_skat.ipynb" in english
    missing = sorted(path for path in english if not tool.built_path(path).exists())
    assert not missing, f"no Korean version in notebooks/ko/: {missing}"
    assert set(NOTEBOOKS) == english


MARKED = "(영어"
"""What follows a link that leaves the Korean path (unless its own text says 영어, English)."""


def _links_out(path: str) -> list[str]:
    here = posixpath.dirname(f"notebooks/{tool.LANGUAGE}/{path}")
    found = []
    for cell in tool.read_notebook(tool.built_path(path))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = tool.source_of(cell)
        for text, target, end in tool.links(source):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            file = posixpath.normpath(posixpath.join(here, re.split(r"[?#]", target)[0]))
            if file.startswith("apps/") or "/apps/" in file:
                assert f"lang={tool.LANGUAGE}" in target, (
                    f"{path}: {target} opens the app in English"
                )
            inside = file.startswith(f"notebooks/{tool.LANGUAGE}/") or tool.KOREAN_PAGE.search(file)
            assert inside or (ROOT / file).exists(), f"{path}: {target} leads nowhere"
            marked = "영어" in text or source[end:].lstrip().startswith(MARKED)
            if not inside and not marked:
                found.append(f"{target} ({file})")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_no_link_leaves_the_korean_path_unmarked(path: str) -> None:
    unmarked = _links_out(path)
    assert not unmarked, f"{path}: links to English pages without {MARKED}…): {unmarked}"


def test_the_korean_start_notebook_links_the_korean_readme_and_rules() -> None:
    text = "\n".join(
        tool.source_of(c) for c in tool.read_notebook(tool.built_path(NOTEBOOKS[0]))["cells"]
    )
    for page in ("../README.ko.md", "../docs/rules/ko/skat.md", "../docs/rules/ko/skitgubbe.md"):
        assert f"](../{page})" in text, page
        assert (ROOT / page[3:]).exists(), page


@pytest.mark.parametrize("path", [path for path in NOTEBOOKS if path.startswith("apps/")])
def test_a_korean_app_opens_its_table_in_korean(path: str) -> None:
    cells = tool.read_notebook(tool.built_path(path))["cells"]
    code = next(cell for cell in cells if cell["cell_type"] == "code")
    source = tool.source_of(code)
    assert source.index(tool.LANGUAGE_SETUP) < source.index("PlayTable.from_link(")
    shown = "".join("".join(out.get("data", {}).get("text/plain", "")) for out in code["outputs"])
    assert "내 자리" in shown, f"{path}: the stored table is not in Korean: {shown!r}"


WORDING = {
    "트릭을 모두 침": "끝까지 진행",
    "당신은 선봉으로 플레이합니다": "내 자리: 선봉",
    "눌 오픈": "오픈 눌",
    "단순한 플레이어": "초보 (휴리스틱)",
    "플레이가 3번 모이면": "카드가 세 번 놓이면",
    "클레임": "남은 트릭 선언",
}
"""Wordings a Korean reader asked to replace (the project's decision), and their replacements."""


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_catalog_keeps_the_wordings_a_korean_reader_asked_for(
    path: str, catalogs: dict[str, Any], sources: dict[str, Any]
) -> None:
    code_cells = {text.text for text in tool.texts(sources[path]) if text.code}
    for message in catalogs[path]:
        if not message.id:
            continue
        korean = str(message.string)
        for old, new in WORDING.items():
            assert old not in korean, f"{path}: {old!r} (write {new!r}) in {korean[:60]!r}"
        if message.id not in code_cells:
            assert ";" not in tool.without_markup(korean), (
                f"{path}: a semicolon where Korean writes a comma or a period"
            )


def test_the_english_start_notebook_links_to_the_korean_path(sources: dict[str, Any]) -> None:
    text = "\n".join(tool.source_of(cell) for cell in sources["00_start_here.ipynb"]["cells"])
    assert "](ko/00_start_here.ipynb)" in text


def test_blocks_join_back_into_every_markdown_cell() -> None:
    for file in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in tool.read_notebook(file)["cells"]:
            source = tool.source_of(cell)
            if cell["cell_type"] == "markdown":
                assert "".join(tool.split_markdown(source)) == source, file


def test_a_fenced_block_is_not_split_at_its_blank_lines() -> None:
    text = "Before.\n\n```\na\n\nb\n```\n\n$$\nx\n\ny\n$$\nAfter."
    assert tool.blocks(text) == ["Before.", "```\na\n\nb\n```", "$$\nx\n\ny\n$$\nAfter."]


def test_a_code_cell_that_does_not_parse_is_named() -> None:
    broken = _notebook(("markdown", "# Title"), ("code", "print('x'"))
    with pytest.raises(SyntaxError, match=r"notebooks/skat/x.ipynb, cell 2"):
        tool.template("skat/x.ipynb", broken)


def test_the_tools_examples_hold() -> None:
    result = doctest.testmod(tool, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


# The pipeline on a small notebook of its own: extraction, changes, building.


def _notebook(*cells: tuple[str, str]) -> dict[str, Any]:
    made = []
    for number, (kind, source) in enumerate(cells):
        cell: dict[str, Any] = {"cell_type": kind, "id": str(number), "metadata": {}}
        if kind == "code":
            cell |= {"execution_count": 3, "outputs": [{"output_type": "stream", "text": "x"}]}
        made.append(cell | {"source": source})
    return {"cells": made, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


LESSON = _notebook(
    ("markdown", "# A lesson\n\nSee [the start](../00_start_here.ipynb#Three-tracks) first."),
    ("code", "from cardlib import Hand\n\nhand = Hand('CJ SJ')"),
    ("code", 'print("Cards:", hand)  # the hand'),
    ("markdown", "## Next\n\nOn to [Ramsch](05_ramsch.ipynb) and [part two](#Next)."),
    ("markdown", "---"),
)
LESSON_PARAGRAPH = "See [the start](../00_start_here.ipynb#Three-tracks) first."
LESSON_NEXT = "On to [Ramsch](05_ramsch.ipynb) and [part two](#Next)."
START = _notebook(
    ("markdown", "# Start\n\n## Three tracks\n\nIn [Korean](ko/00_start_here.ipynb).")
)
PATHS = ("00_start_here.ipynb", "skat/01_lesson.ipynb")


def _translated(path: str, notebook: dict[str, Any], words: dict[str, str]) -> Any:
    catalog = tool.updated(None, tool.template(path, notebook))
    for message in catalog:
        if message.id in words:
            message.string = words[message.id]
    return catalog


def _round_trip(catalog: Any) -> Any:
    from io import BytesIO

    from babel.messages.pofile import read_po

    return read_po(BytesIO(tool.catalog_text(catalog).encode("utf-8")), locale="ko")


def test_a_changed_english_text_comes_back_untranslated_with_its_old_translation_beside_it() -> (
    None
):
    path = PATHS[1]
    old = _round_trip(_translated(path, LESSON, {"# A lesson": "# 수업"}))
    assert old["# A lesson"].string == "# 수업"
    changed = json.loads(json.dumps(LESSON))
    changed["cells"][0]["source"] = changed["cells"][0]["source"].replace("A lesson", "One lesson")
    catalog = tool.updated(old, tool.template(path, changed))
    message = catalog["# One lesson"]
    assert not message.string and not message.fuzzy
    assert message.previous_id == ["# A lesson"]
    assert '#| msgid "# A lesson"' in tool.catalog_text(catalog)
    assert not catalog[LESSON_PARAGRAPH].previous_id
    catalog = _round_trip(catalog)
    assert [m.string for m in catalog.obsolete.values()] == ["# 수업"]
    assert "# A lesson" not in catalog
    catalog["# One lesson"].string = "# 한 수업"
    catalog[LESSON_PARAGRAPH].string = "먼저 [시작](../00_start_here.ipynb#Three-tracks)을 보세요."
    catalog["## Next"].string = "## 다음"
    catalog[LESSON_NEXT].string = "[Ramsch](05_ramsch.ipynb)와 [2부](#Next)로 갑니다."
    catalog['print("Cards:", hand)  # the hand'].string = 'print("카드:", hand)  # 손패'
    again = _round_trip(tool.updated(catalog, tool.template(path, changed)))
    assert again["# One lesson"].string == "# 한 수업" and not again["# One lesson"].previous_id
    assert not again.obsolete


def test_a_built_notebook_has_the_translations_korean_links_the_language_and_no_outputs() -> None:
    sources = {PATHS[0]: START, PATHS[1]: LESSON}
    catalogs = {
        PATHS[0]: _translated(PATHS[0], START, {"## Three tracks": "## 세 가지 코스"}),
        PATHS[1]: _translated(
            PATHS[1],
            LESSON,
            {
                "## Next": "## 다음",
                "# A lesson": "# 수업",
                'print("Cards:", hand)  # the hand': 'print("카드:", hand)  # 손패',
            },
        ),
    }
    built = tool.korean_notebook(PATHS[1], sources, catalogs)
    sources_of = [tool.source_of(cell) for cell in built["cells"]]
    assert sources_of[0] == "# 수업\n\nSee [the start](../00_start_here.ipynb#세-가지-코스) first."
    assert sources_of[1].split("\n") == [
        "import cardlib",
        "from cardlib import Hand",
        "",
        'cardlib.set_language("ko")',
        "",
        "hand = Hand('CJ SJ')",
    ]
    assert sources_of[2] == 'print("카드:", hand)  # 손패'
    assert (
        sources_of[3]
        == "## 다음\n\nOn to [Ramsch](../../skat/05_ramsch.ipynb) and [part two](#다음)."
    )
    assert all(cell.get("outputs", []) == [] for cell in built["cells"])
    start = tool.korean_notebook(PATHS[0], sources, catalogs)
    assert "[Korean](../00_start_here.ipynb)" in tool.source_of(start["cells"][0])


@pytest.mark.parametrize(
    ("english", "korean", "lost"),
    [
        ("See [it](a.ipynb).", "[그것](b.ipynb)을 보세요.", "links, code"),
        ("Type `HA`.", "`HK`를 입력하세요.", "links, code"),
        ("♥J wins.", "♥Q가 이깁니다.", "cards"),
        ("## Heading", "### 제목", "heading level"),
        ("| a |\n|---|\n| b |", "| 가 |\n|---|", "rows"),
    ],
)
def test_a_translation_that_loses_what_it_must_keep_is_caught(
    english: str, korean: str, lost: str
) -> None:
    found = tool.problems(english, korean, code=False)
    assert found and lost in found[0]


@pytest.mark.parametrize(
    ("english", "korean"),
    [
        ('print("Right:", total)', 'print("정답:", totl)'),
        ('print("Right:", total)', 'print("정답:", total, hand)'),
        ('print(f"Right: {total}")', 'print(f"정답: {total + 1}")'),
        ('print("Right:", total == "first")', 'print("정답:", total == "처음")'),
        ('Hand("CJ SJ")  # two jacks', 'Hand("CJ HJ")  # 잭 두 장'),
    ],
)
def test_a_code_translation_that_changes_the_code_is_caught(english: str, korean: str) -> None:
    assert tool.problems(english, korean, code=True)


def test_a_code_translation_may_reorder_fields_and_translate_texts_and_comments() -> None:
    english = 'print(f"{count} of the {len(skats)} skats")  # count them\nx = "FH MH".split()'
    korean = 'print(f"스카트 {len(skats)}개 중 {count}개")  # 세어 봅니다\nx = "선봉 중견".split()'
    assert tool.problems(english, korean, code=True) == []
    lost_marker = tool.problems("x  # NBVAL_IGNORE_OUTPUT", "x  # 무시", code=True)
    assert lost_marker and "marker" in lost_marker[0]
