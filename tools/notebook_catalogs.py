"""The Korean notebooks, built from the English ones through gettext catalogs.

Each English notebook of the Korean path has a catalog,
``notebooks/locale/ko/LC_MESSAGES/<path>.po``, and a built Korean notebook,
``notebooks/ko/<path>.ipynb``. The English notebook is the source: the catalog holds its texts and
their translations, and the Korean notebook is made from the two, so they cannot drift apart.

- A markdown cell gives one message per block (a paragraph, a list, a table, a heading).
- A code cell with comments or with texts a reader sees (printed words, plot labels) is one
  message: the whole cell, translated with its code left as it is. Other code cells are copied.

``python tools/notebook_catalogs.py`` (``make ko-notebooks``) first extracts the messages into the
catalogs, keeping every translation whose English is unchanged; a changed message comes back
untranslated, with its old English and translation beside it for the translator (never matched
silently). Then it builds the Korean notebooks: translations in, links pointed at the Korean
notebooks (and at a Korean rules page or ``?lang=ko`` for an app), ``cardlib.set_language("ko")``
after the first imports, no outputs (``make ko-notebooks`` then runs each rebuilt notebook and
stores its outputs, as every notebook is stored). A message not yet translated stays English in
the built notebook.

>>> blocks("## Words\\n\\nOne paragraph.\\n\\n| a | b |\\n|---|---|")
['## Words', 'One paragraph.', '| a | b |\\n|---|---|']
"""

from __future__ import annotations

import ast
import copy
import difflib
import io
import json
import posixpath
import re
import sys
import tokenize
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS_DIR = ROOT / "notebooks"
LANGUAGE = "ko"
CATALOG_DIR = NOTEBOOKS_DIR / "locale" / LANGUAGE / "LC_MESSAGES"
BUILD_DIR = NOTEBOOKS_DIR / LANGUAGE

NOTEBOOKS: tuple[str, ...] = (
    "00_start_here.ipynb",
    "skat/01_cards_trumps_following.ipynb",
    "skat/02_bidding.ipynb",
    "skat/03_a_deal_step_by_step.ipynb",
    "skat/04_game_value_and_scoring.ipynb",
    "skat/05_ramsch.ipynb",
    "skat/06_real_games.ipynb",
    "skat/07_whats_in_the_skat.ipynb",
    "skat/08_trump_distribution.ipynb",
    "skat/09_what_if.ipynb",
    "skat/10_perfect_play.ipynb",
    "skat/11_bidding_strategy.ipynb",
    "skat/12_card_play_and_defence.ipynb",
    "skat/13_what_the_play_reveals.ipynb",
    "skat/14_null_safety.ipynb",
    "skat/15_the_sampling_player.ipynb",
    "skat/16_kontra_and_re.ipynb",
    "skat/17_skat_at_four.ipynb",
    "skat/18_first_deal_as_declarer.ipynb",
    "skat/19_first_deal_as_defender.ipynb",
    "skat/20_what_the_bidding_reveals.ipynb",
    "skitgubbe/01_phase_one_and_stunsa.ipynb",
    "skitgubbe/02_phase_two_beating.ipynb",
    "skitgubbe/03_chance_and_simulation.ipynb",
    "skitgubbe/04_is_it_chance.ipynb",
    "skitgubbe/05_strategy.ipynb",
    "apps/play_skat.ipynb",
    "apps/play_skitgubbe.ipynb",
)
"""The English notebooks that have a Korean version, relative to ``notebooks/``."""

APPS = "apps/"
"""The apps' folder (relative to ``notebooks/``): a link to an app asks for the language."""
RULES = "../docs/rules"
"""The rules pages' folder, relative to ``notebooks/``."""
KOREAN_DOCS: tuple[str, ...] = ("skat.md", "skat-scoring.md", "skitgubbe.md")
"""The rules pages with a Korean version, ``docs/rules/ko/<page>``."""

LANGUAGE_SETUP = f'cardlib.set_language("{LANGUAGE}")'
CODE_NOTE = "Code cell: translate comments and shown texts; keep the code."
PREVIOUS_LIKENESS = 0.6
"""How alike an old English text must be to a new one to be shown as its previous msgid."""
HEADER = """\
Korean translation of the cardlib notebook notebooks/{path}.
The English notebook is the source: `make ko-notebooks` (tools/notebook_catalogs.py) extracts its
texts into this catalog and builds notebooks/ko/{path} from the two.
A location path:N is the N-th cell of the English notebook."""

Notebook = dict[str, Any]

_HEADING = re.compile(r"^ {0,3}(#{1,6})\s")
_FENCE = re.compile(r"^ {0,3}(```|~~~|\$\$)")
_LINK = re.compile(r"(!?\[[^\]]*\])\(([^()\s]+)\)")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_MATH_TEXT = re.compile(r"\\text\{[^{}]*\}")
r"""The words of a formula (``\text{RH has no spade}``): translated, the rest of it kept."""
_CARD = re.compile(r"[♣♠♥♦](?:10|[2-9JQKA])")
_TEXT = re.compile(r"[^\W\d_]{2}")
_CARD_NOTATION = re.compile(r"(?:\s*(?:[CSHD♣♠♥♦](?:10|[2-9TJQKA]))[\s,.]*)+", re.IGNORECASE)
_UNDERSCORED = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")
_SENTENCE = re.compile(r"[^\W\d_]{2}[^\w\s]*\s+\S")
"""Words with a space after them: a text a cell compares the engine's words with (translated)."""
KOREAN_PAGE = re.compile(r"(?:^|/)(?:docs/rules/ko/[\w-]+\.md|README\.ko\.md)(?:#|$)")
_KEPT_COMMENT = re.compile(r"#\s*(NBVAL_\w+|noqa\b|type:)")


# Markdown: blocks, the words in them, and the parts a translation must keep.


def split_markdown(text: str) -> list[str]:
    """The blocks of a markdown text with what lies between them: gap, block, gap, …, block, gap.

    A block is a paragraph, a list, a table, a fenced code or math block, or a heading (a heading
    is a block of its own even without a blank line after it). Joining the parts gives the text.

    >>> split_markdown("# Title\\nText\\n\\n- one\\n- two\\n")
    ['', '# Title', '\\n', 'Text', '\\n\\n', '- one\\n- two', '\\n']
    """
    lines = text.split("\n")
    spans: list[tuple[int, int]] = []
    start: int | None = None
    fence = ""
    for index, line in enumerate(lines):
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence) or (fence == "$$" and stripped.endswith("$$")):
                fence = ""
            continue
        if not stripped:
            if start is not None:
                spans.append((start, index))
                start = None
            continue
        heading = _HEADING.match(line)
        if heading and start is not None:
            spans.append((start, index))
            start = None
        if start is None:
            start = index
        opened = _FENCE.match(line)
        if opened and not (
            opened.group(1) == "$$" and len(stripped) > 2 and stripped.endswith("$$")
        ):
            fence = opened.group(1)
        if heading:
            spans.append((start, index + 1))
            start = None
    if start is not None:
        spans.append((start, len(lines)))
    if not spans:
        return [text]
    parts = ["".join(line + "\n" for line in lines[: spans[0][0]])]
    for number, (begin, end) in enumerate(spans):
        parts.append("\n".join(lines[begin:end]))
        if number + 1 < len(spans):
            parts.append("\n" + "".join(line + "\n" for line in lines[end : spans[number + 1][0]]))
    last = spans[-1][1]
    parts.append("" if last == len(lines) else "\n" + "\n".join(lines[last:]))
    return parts


def blocks(text: str) -> list[str]:
    """The blocks of a markdown text (see :func:`split_markdown`)."""
    return split_markdown(text)[1::2]


def without_markup(block: str) -> str:
    """A markdown block without its code, math, tags and cards; each link as its text.

    >>> without_markup("See [the rules](a.md) and `CJ`; $k$ ♥10.").split()
    ['See', '[the', 'rules]', 'and', ';', '.']
    """
    for pattern in (_CODE_SPAN, _MATH, _TAG, _CARD):
        block = pattern.sub(" ", block)
    return _LINK.sub(lambda link: link.group(1), block)


def links(markdown: str) -> Iterator[tuple[str, str, int]]:
    """Each link of a markdown text: its text, its target and where the link ends.

    >>> list(links("A [b](c.md#d) e."))
    [('b', 'c.md#d', 13)]
    """
    for link in _LINK.finditer(markdown):
        yield link.group(1)[1:-1].lstrip("[").rstrip("]"), link.group(2), link.end()


def has_words(block: str) -> bool:
    r"""Whether a markdown block has words to translate, besides code, math, tags and links: its
    text, or the words of a formula.

    >>> has_words("Deal 7: the skat."), has_words("---"), has_words("</details>"), has_words("`CJ`")
    (True, False, False, False)
    >>> has_words("$$P(A \\mid B)$$"), has_words("$$P(\\text{split})$$")
    (False, True)
    """
    formulas = (formula.group(0) for formula in _MATH.finditer(_CODE_SPAN.sub(" ", block)))
    return bool(_TEXT.search(without_markup(block))) or any(
        _TEXT.search(words.group(0)[6:-1]) for formula in formulas
        for words in _MATH_TEXT.finditer(formula)
    )  # fmt: skip


def kept_parts(block: str) -> Counter[str]:
    r"""What a translation of a markdown block must keep: link targets, code, math (all but the
    words of its ``\text{}``), tags, cards.

    >>> sorted(kept_parts("Play [♥J](a.ipynb#x) or `HJ`, $k$ times, <b>now</b>."))
    ['$k$', '</b>', '<b>', '`HJ`', 'a.ipynb#x', '♥J']
    >>> kept_parts("$P(\\text{split})$") == kept_parts("$P(\\text{분배})$")
    True
    """
    parts: Counter[str] = Counter(link.group(2) for link in _LINK.finditer(block))
    for pattern in (_CODE_SPAN, _TAG):
        parts.update(match.group(0) for match in pattern.finditer(block))
    parts.update(_MATH_TEXT.sub(r"\\text{}", m.group(0)) for m in _MATH.finditer(block))
    parts.update(_CARD.findall(_CODE_SPAN.sub(" ", block)))
    return parts


def heading_anchor(heading: str) -> str:
    """The anchor Jupyter gives a heading: its text as shown, spaces turned into hyphens.

    >>> heading_anchor("## Skat in **five** minutes"), heading_anchor("## [Null](x.md): `GameType`")
    ('Skat-in-five-minutes', 'Null:-GameType')
    """
    text = _HEADING.sub("", heading).strip().rstrip("#").strip()
    text = _LINK.sub(lambda link: link.group(1)[1:-1], text)
    for mark in ("**", "__", "*", "`"):
        text = text.replace(mark, "")
    return text.replace(" ", "-")


# Code: does a cell have texts a reader sees, and is a translation the same code?


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _is_data(node: ast.Constant, parent: ast.AST | None, grandparent: ast.AST | None) -> bool:
    """A constant the code works with rather than shows: cards, codes compared or looked up,
    format specs (``:<9``). A sentence an engine text must start or end with is not data: it is
    in the language of the notebook."""
    value = node.value
    if not isinstance(value, str):
        return True
    if _CARD_NOTATION.fullmatch(value) or _UNDERSCORED.fullmatch(value):
        return True
    if isinstance(parent, ast.Compare | ast.Subscript):
        return True
    if isinstance(grandparent, ast.FormattedValue) and grandparent.format_spec is parent:
        return True
    if not (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute)):
        return False
    if parent.func.attr in {"startswith", "endswith"}:
        return not _SENTENCE.search(value)
    return parent.func.attr in {"count", "index", "get", "split"}


def _data(tree: ast.AST) -> set[int]:
    """The ids of the constants in ``tree`` that are data, not texts a reader sees."""
    parents = _parents(tree)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            parent = parents.get(id(node))
            grandparent = parents.get(id(parent)) if parent is not None else None
            if _is_data(node, parent, grandparent):
                found.add(id(node))
    return found


def _texts(tree: ast.AST) -> Iterator[str]:
    data = _data(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in data:
            yield str(node.value)


def _comments(source: str) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [token.string for token in tokens if token.type == tokenize.COMMENT]


def _parse(source: str, where: str) -> ast.Module:
    try:
        return ast.parse(source)
    except SyntaxError as error:
        raise SyntaxError(f"{where}: the code does not parse: {error}") from None


def has_texts(source: str) -> bool:
    """Whether a code cell has comments or texts a reader sees (and so is a message).

    >>> has_texts('print("MH may play:", *cards)'), has_texts('Hand("CJ SJ")')
    (True, False)
    >>> has_texts('state.phase == "play"'), has_texts("x = 1  # the first card")
    (False, True)
    >>> has_texts('code.startswith("turn_up")'), has_texts('hint.startswith("Pass: 59 would")')
    (False, True)
    """
    tree = _parse(source, "a code cell")
    return bool(_comments(source)) or any(_TEXT.search(text) for text in _texts(tree))


class _Shape(ast.NodeTransformer):
    """A tree with the shown texts blanked out and each f-string's fields sorted."""

    def __init__(self, tree: ast.AST) -> None:
        self.data = _data(tree)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return node if id(node) in self.data else ast.Constant(value="")

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        fields = [
            self.visit(value) for value in node.values if isinstance(value, ast.FormattedValue)
        ]
        return ast.JoinedStr(values=sorted(fields, key=ast.dump))

    def visit_FormattedValue(self, node: ast.FormattedValue) -> ast.AST:
        spec = node.format_spec
        shown = ast.dump(spec) if spec is not None else ""
        return ast.FormattedValue(self.visit(node.value), node.conversion, ast.Constant(shown))


def code_shape(source: str) -> str:
    """The code of a cell with comments, shown texts and the order of f-string fields left out.

    >>> code_shape('print(f"{n} of {m}")  # count') == code_shape('print(f"{m}개 중 {n}개")')
    True
    >>> code_shape('Hand("CJ")') == code_shape('Hand("SJ")')
    False
    >>> code_shape('print(f"{n:<9} cards")') == code_shape('print(f"{n:<12}장")')
    False
    """
    tree = _parse(source, "a code cell")
    return ast.dump(_Shape(tree).visit(tree))


def problems(english: str, korean: str, *, code: bool) -> list[str]:
    """What a translation lost or changed that it must keep (empty when it is sound).

    A translation may add a link to a page only the Korean reader has (the Korean rules pages,
    ``README.ko.md``).

    >>> problems("See [notebook 2](02.ipynb).", "[2번 노트북](03.ipynb)을 보세요.", code=False)
    ['links, code, math, tags or cards differ: missing 02.ipynb; added 03.ipynb']
    >>> problems("Rules.", "규칙([한국어](../docs/rules/ko/skat.md)).", code=False)
    []
    >>> problems('print("Right:", total)', 'print("정답:", totl)', code=True)
    ['the code differs from the English (only comments and shown texts may change)']
    """
    if code:
        found = []
        if code_shape(english) != code_shape(korean):
            found.append(
                "the code differs from the English (only comments and shown texts may change)"
            )
        markers = [c for c in _comments(english) if _KEPT_COMMENT.match(c)]
        if markers != [c for c in _comments(korean) if _KEPT_COMMENT.match(c)]:
            found.append(f"the marker comments differ: {markers}")
        return found
    found = []
    kept, translated = kept_parts(english), kept_parts(korean)
    for part in translated - kept:
        if KOREAN_PAGE.search(part):
            translated[part] = kept[part]
    if kept != translated:
        missing = " ".join(sorted((kept - translated).elements()))
        added = " ".join(sorted((translated - kept).elements()))
        found.append(f"links, code, math, tags or cards differ: missing {missing}; added {added}")
    if _level(english) != _level(korean):
        found.append("the heading level differs")
    if english.lstrip().startswith("|") and english.count("\n") != korean.count("\n"):
        found.append("the table has a different number of rows")
    return found


def _level(block: str) -> str:
    heading = _HEADING.match(block)
    return heading.group(1) if heading else ""


# Messages and catalogs.


@dataclass(frozen=True)
class Text:
    """One message of a notebook: a markdown block or a whole code cell, and where it is."""

    text: str
    cell: int
    code: bool


def source_of(cell: Mapping[str, Any]) -> str:
    """A cell's source as one string (notebook files store it as a list of lines)."""
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def texts(notebook: Notebook, name: str = "the notebook") -> list[Text]:
    """The messages of a notebook, in order (cells counted from 1)."""
    found: list[Text] = []
    for number, cell in enumerate(notebook["cells"], start=1):
        source = source_of(cell)
        if cell["cell_type"] == "markdown":
            found += [Text(block, number, False) for block in blocks(source) if has_words(block)]
        elif cell["cell_type"] == "code" and _has_texts_in(source, f"{name}, cell {number}"):
            found.append(Text(source, number, True))
    return found


def _has_texts_in(source: str, where: str) -> bool:
    try:
        return has_texts(source)
    except SyntaxError as error:
        raise SyntaxError(f"{where}: {error.msg}") from None


def new_catalog(path: str) -> Catalog:
    """An empty Korean catalog for the English notebook ``path``, with its header."""
    return Catalog(
        locale=LANGUAGE,
        domain=Path(path).stem,
        header_comment="\n".join(
            f"# {line}".rstrip() for line in HEADER.format(path=path).split("\n")
        ),
        project="cardlib",
        version="notebooks",
        copyright_holder="cardlib authors",
        msgid_bugs_address="",
        last_translator="cardlib authors",
        language_team=LANGUAGE,
        fuzzy=False,
    )


def template(path: str, notebook: Notebook) -> Catalog:
    """The messages of the English notebook ``path`` as a catalog without translations."""
    catalog = new_catalog(path)
    for text in texts(notebook, f"notebooks/{path}"):
        location = (f"notebooks/{path}", text.cell)
        if text.text in catalog:
            catalog[text.text].locations.append(location)
        else:
            comments = [CODE_NOTE] if text.code else []
            catalog.add(text.text, locations=[location], auto_comments=comments)
    return catalog


def updated(catalog: Catalog | None, source: Catalog) -> Catalog:
    """``catalog`` carried over to the messages of ``source``, never matching a text silently.

    A message whose English is unchanged keeps its translation. A changed one comes back
    untranslated (not fuzzy); while any message waits for a translation, the old translations
    stay at the end of the catalog as obsolete entries, and a waiting message names the old
    English it most resembles as its previous msgid (``#|``), so the translator can reuse it.
    """
    result = copy.deepcopy(catalog if catalog is not None else source)
    result.update(
        source, no_fuzzy_matching=True, update_header_comment=True, update_creation_date=False
    )
    result.project, result.version = source.project, source.version
    waiting = []
    for message in result:
        if message.id:
            message.flags -= {"python-format", "python-brace-format"}
            message.auto_comments = list(source[message.id].auto_comments)
            message.previous_id = []
            if not message.string:
                waiting.append(message)
    old = {key: message for key, message in result.obsolete.items() if message.string}
    result.obsolete = old if waiting else {}
    pairs = [
        (_likeness(was.id, message.id), key, message)
        for key, was in old.items()
        for message in waiting
    ]
    taken: set[Any] = set()
    for likeness, key, message in sorted(pairs, key=lambda pair: -pair[0]):
        if likeness >= PREVIOUS_LIKENESS and key not in taken and not message.previous_id:
            message.previous_id = [str(old[key].id)]
            taken.add(key)
    for message in result.obsolete.values():
        message.flags -= {"python-format", "python-brace-format"}
    return result


def _likeness(a: object, b: object) -> float:
    return difflib.SequenceMatcher(None, str(a), str(b)).ratio()


def catalog_text(catalog: Catalog) -> str:
    """A catalog as its .po file reads: lines unwrapped, previous msgids shown."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, include_previous=True)
    return buffer.getvalue().decode("utf-8")


def read_catalog(path: Path) -> Catalog:
    """The Korean catalog stored at ``path``."""
    with path.open("rb") as file:
        return read_po(file, locale=LANGUAGE)


def translation(catalog: Catalog, text: str) -> str | None:
    """The translation of ``text`` in ``catalog``, or ``None`` when it has none (or a fuzzy one)."""
    message: Message | None = catalog.get(text)
    if message is None or not message.string or message.fuzzy:
        return None
    return str(message.string)


# Building the Korean notebooks.


def _korean_anchors(notebook: Notebook, catalog: Catalog) -> dict[str, str]:
    anchors = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for block in blocks(source_of(cell)):
                if _HEADING.match(block):
                    korean = translation(catalog, block) or block
                    anchors[heading_anchor(block)] = heading_anchor(korean)
    return anchors


def _target(target: str, path: str, anchors: Mapping[str, Mapping[str, str]]) -> str:
    """Where a link of the English notebook ``path`` points from its Korean version.

    A notebook with a Korean version is linked as that one, with its Korean heading; a rules page
    with a Korean version (:data:`KOREAN_DOCS`) as its Korean page (which keeps the English
    anchors); an app with ``?lang=ko``, so that its table opens in Korean.

    >>> anchors = {"00_start_here.ipynb": {}, "skat/02_bidding.ipynb": {"Bids": "경매"}}
    >>> _target("02_bidding.ipynb#Bids", "skat/01.ipynb", anchors)
    '02_bidding.ipynb#경매'
    >>> _target("05_ramsch.ipynb", "skat/01.ipynb", anchors)
    '../../skat/05_ramsch.ipynb'
    >>> _target("../../docs/rules/skat.md#play", "skat/01.ipynb", anchors)
    '../../../docs/rules/ko/skat.md#play'
    >>> _target("../../docs/rules/terms.md#skat", "skat/01.ipynb", anchors)
    '../../../docs/rules/terms.md#skat'
    >>> _target("apps/play_skat.ipynb", "00_start_here.ipynb", anchors)
    '../apps/play_skat.ipynb?lang=ko'
    """
    if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
        return target
    file, hash_, anchor = target.partition("#")
    file, ask, query = file.partition("?")
    here = posixpath.dirname(path)
    if not file:
        return target if ask else "#" + anchors[path].get(anchor, anchor)
    resolved = posixpath.normpath(posixpath.join(here, file))
    if resolved.startswith(APPS):
        query = "&".join(part for part in (query, f"lang={LANGUAGE}") if part)
    suffix = ("?" + query if query else "") + hash_
    if resolved in anchors:
        return file + suffix + anchors[resolved].get(anchor, anchor)
    prefix = LANGUAGE + "/"
    if resolved.startswith(prefix) and resolved[len(prefix) :] in anchors:
        resolved = resolved[len(prefix) :]
    page = posixpath.relpath(resolved, RULES)
    if posixpath.dirname(resolved) == RULES and page in KOREAN_DOCS:
        resolved = posixpath.join(RULES, LANGUAGE, page)
    return posixpath.relpath(resolved, posixpath.join(LANGUAGE, here)) + suffix + anchor


def _with_links(markdown: str, path: str, anchors: Mapping[str, Mapping[str, str]]) -> str:
    def relink(link: re.Match[str]) -> str:
        return f"{link.group(1)}({_target(link.group(2), path, anchors)})"

    return _LINK.sub(relink, markdown)


def _with_language(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cells with the engine set to Korean right after the first code cell's imports.

    >>> imports = "from io import BytesIO\\n\\nfrom cardlib import Hand\\n"
    >>> cells = [{"cell_type": "code", "source": imports + "x = 1"}]
    >>> print(_with_language(cells)[0]["source"])
    from io import BytesIO
    <BLANKLINE>
    import cardlib
    from cardlib import Hand
    <BLANKLINE>
    cardlib.set_language("ko")
    <BLANKLINE>
    x = 1
    """
    first = next((i for i, cell in enumerate(cells) if cell["cell_type"] == "code"), None)
    if first is None:
        return cells
    source = source_of(cells[first])
    imports: list[ast.Import | ast.ImportFrom] = []
    for statement in _parse(source, "the first code cell").body:
        if not isinstance(statement, ast.Import | ast.ImportFrom):
            break
        imports.append(statement)
    if not imports:
        setup: dict[str, Any] = {"cell_type": "code", "id": f"{LANGUAGE}-language"}
        setup |= {"execution_count": None, "metadata": {}, "outputs": []}
        setup["source"] = f"import cardlib\n\n{LANGUAGE_SETUP}"
        return [*cells[:first], setup, *cells[first:]]
    lines = source.split("\n")
    end = imports[-1].end_lineno or len(lines)
    head, rest = lines[:end], lines[end:]
    if not any(isinstance(s, ast.Import) and s.names[0].name == "cardlib" for s in imports):
        at = next((s.lineno - 1 for s in imports if _is_cardlib(s)), end)
        head = [*head[:at], "import cardlib", *head[at:]]
    while rest and not rest[0].strip():
        rest = rest[1:]
    lines = [*head, "", LANGUAGE_SETUP, *([""] if rest else []), *rest]
    return [*cells[:first], {**cells[first], "source": "\n".join(lines)}, *cells[first + 1 :]]


def _is_cardlib(statement: ast.Import | ast.ImportFrom) -> bool:
    names = [statement.module or ""] if isinstance(statement, ast.ImportFrom) else []
    return any(name.split(".")[0] == "cardlib" for name in names)


def korean_notebook(
    path: str, sources: Mapping[str, Notebook], catalogs: Mapping[str, Catalog]
) -> Notebook:
    """The Korean version of the English notebook ``path``, from its source and its catalog.

    Untranslated messages stay English; links to notebooks with a Korean version point to it.
    """
    anchors = {name: _korean_anchors(sources[name], catalogs[name]) for name in sources}
    catalog = catalogs[path]
    cells = []
    for cell in sources[path]["cells"]:
        source = source_of(cell)
        if cell["cell_type"] == "markdown":
            parts = split_markdown(source)
            for index in range(1, len(parts), 2):
                if has_words(parts[index]):
                    parts[index] = translation(catalog, parts[index]) or parts[index]
            source = _with_links("".join(parts), path, anchors)
        elif cell["cell_type"] == "code" and has_texts(source):
            source = translation(catalog, source) or source
        built = {**copy.deepcopy(cell), "source": source}
        if built["cell_type"] == "code":
            built["outputs"] = []
            built["execution_count"] = None
        cells.append(built)
    notebook = {**copy.deepcopy(sources[path]), "cells": _with_language(cells)}
    return notebook


def notebook_text(notebook: Notebook) -> str:
    """A notebook as Jupyter writes it (nbformat's JSON layout, sources as lists of lines)."""
    stored = copy.deepcopy(notebook)
    for cell in stored["cells"]:
        cell["source"] = source_of(cell).splitlines(keepends=True)
    return json.dumps(stored, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def read_notebook(path: Path) -> Notebook:
    """The notebook stored at ``path``, as JSON."""
    with path.open(encoding="utf-8") as file:
        notebook: Notebook = json.load(file)
    return notebook


def catalog_path(path: str) -> Path:
    """Where the catalog of the English notebook ``path`` lies."""
    return CATALOG_DIR / Path(path).with_suffix(".po")


def built_path(path: str) -> Path:
    """Where the Korean version of the English notebook ``path`` lies."""
    return BUILD_DIR / path


def read_sources() -> dict[str, Notebook]:
    """The English notebooks of the Korean path, by their paths."""
    return {path: read_notebook(NOTEBOOKS_DIR / path) for path in NOTEBOOKS}


def read_catalogs() -> dict[str, Catalog]:
    """Every catalog of the Korean path (an empty one where none was written yet)."""
    return {
        path: read_catalog(catalog_path(path)) if catalog_path(path).exists() else new_catalog(path)
        for path in NOTEBOOKS
    }


def _write(file: Path, text: str) -> bool:
    if file.exists() and file.read_text(encoding="utf-8") == text:
        return False
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    return True


def update_catalogs(sources: Mapping[str, Notebook]) -> dict[str, Catalog]:
    """Extract every source notebook's messages into its catalog; report what needs translating."""
    catalogs = {}
    for path, notebook in sources.items():
        file = catalog_path(path)
        old = read_catalog(file) if file.exists() else None
        catalog = updated(old, template(path, notebook))
        written = _write(file, catalog_text(catalog))
        todo = sum(1 for message in catalog if message.id and not message.string)
        total = sum(1 for message in catalog if message.id)
        state = f"{todo} of {total} untranslated" if todo else f"all {total} translated"
        print(f"{file.relative_to(ROOT)}: {state}{'' if written else ' (unchanged)'}")
        catalogs[path] = catalog
    return catalogs


def build_notebooks(sources: Mapping[str, Notebook], catalogs: Mapping[str, Catalog]) -> None:
    """Write each Korean notebook whose cells changed (an unchanged one keeps its outputs)."""
    for path in sources:
        notebook = korean_notebook(path, sources, catalogs)
        file = built_path(path)
        if file.exists() and cell_sources(read_notebook(file)) == cell_sources(notebook):
            print(f"{file.relative_to(ROOT)}: up to date")
            continue
        _write(file, notebook_text(notebook))
        print(f"{file.relative_to(ROOT)}: built")


def cell_sources(notebook: Notebook) -> list[tuple[str, str]]:
    """Each cell's type and source: what a built notebook is compared by (outputs aside)."""
    return [(cell["cell_type"], source_of(cell)) for cell in notebook["cells"]]


def main(argv: list[str]) -> int:
    """``update`` the catalogs, ``build`` the notebooks, or both (no argument)."""
    steps = argv or ["update", "build"]
    if any(step not in ("update", "build") for step in steps):
        print(
            f"usage: {Path(__file__).name} [update] [build]; got {' '.join(argv)}", file=sys.stderr
        )
        return 2
    sources = read_sources()
    catalogs = update_catalogs(sources) if "update" in steps else read_catalogs()
    if "build" in steps:
        build_notebooks(sources, catalogs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
