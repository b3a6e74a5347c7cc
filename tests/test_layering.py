"""The package's layers, read from its source: no import circle, a foundation that knows no game,
no private name imported from another module, and widgets and a command line that name no game.

Every module under ``cardlib/`` is parsed with :mod:`ast`; every import counts, also those inside
functions and ``TYPE_CHECKING`` blocks, relative ones resolved. Importing ``a.b.c`` imports the
packages ``a.b`` and ``a`` as well (Python runs their ``__init__`` first), except the packages the
importing module itself lies in, which are being imported already.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardlib"

FOUNDATION = (
    "cardlib.cards",
    "cardlib.errors",
    "cardlib.i18n",
    "cardlib.rulings",
    "cardlib.display",
    "cardlib.protocol",
    "cardlib.estimates",
    "cardlib.parallel",
    "cardlib.randomness",
    "cardlib.fonts",
    "cardlib.limits",
)
"""The modules (and packages, with everything in them) below every game."""
GAMES = ("cardlib.skat", "cardlib.skitgubbe")
"""The games' packages; any package that defines a state class, or that ``cardlib/games.py``
names, is one too (:func:`game_packages`)."""
GAME_WORDS = re.compile(r"is_skat|skitgubbe|skat", re.IGNORECASE)


@dataclass(frozen=True)
class Import:
    """One import statement's target, as a module of ``cardlib`` or another package."""

    source: str
    target: str
    line: int
    names: tuple[str, ...] = ()
    submodules_only: bool = False
    """``from a import b, c`` where ``a.b`` and ``a.c`` are modules: ``a`` is only their package."""

    def where(self) -> str:
        return f"{path_of(self.source)}:{self.line}"


def module_name(path: Path, root: Path) -> str:
    """``cardlib/skat/engine/facts.py`` -> ``cardlib.skat.engine.facts``; a package: its folder.

    >>> module_name(Path("/r/cardlib/skat/__init__.py"), Path("/r"))
    'cardlib.skat'
    """
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def scan(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by name."""
    return {module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}


@cache
def modules() -> Mapping[str, Path]:
    return scan(ROOT, "cardlib")


def path_of(module: str) -> str:
    return str(modules()[module].relative_to(ROOT)) if module in modules() else module


@cache
def tree_of(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> tuple[Import, ...]:
    """Every import in the module, wherever it stands, relative ones resolved.

    ``from a.b import c`` imports ``a.b`` and, when ``a.b.c`` is a module, that module too.
    """
    return read_imports(name, path, frozenset(known))


@cache
def read_imports(name: str, path: Path, known: frozenset[str]) -> tuple[Import, ...]:
    return tuple(walk_imports(name, path, known))


def statements(node: ast.AST) -> Iterator[ast.stmt]:
    """Every statement in ``node``, nested ones too (imports and classes are statements, so
    expressions need not be walked)."""
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        for child in getattr(node, field, ()):
            if isinstance(child, ast.stmt):
                yield child
            yield from statements(child)


def walk_imports(name: str, path: Path, known: frozenset[str]) -> Iterator[Import]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in statements(tree_of(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = tuple(alias.name for alias in node.names)
            submodules = [n for n in names if f"{target}.{n}" in known]
            yield Import(name, target, node.lineno, names, len(submodules) == len(names))
            for submodule in submodules:
                yield Import(name, f"{target}.{submodule}", node.lineno)


def enclosing(module: str) -> list[str]:
    """The packages ``module`` lies in, innermost first: ``a.b.c`` -> ``['a.b', 'a']``."""
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def dependencies(known: Mapping[str, Path]) -> dict[str, dict[str, Import]]:
    """For each module, the modules of ``known`` it imports (and the import that does it)."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in known}
    for name, path in known.items():
        own = {name, *enclosing(name)}
        for found in imports_of(name, path, known):
            for target in [found.target, *enclosing(found.target)]:
                implied = target != found.target or found.submodules_only
                if target in known and target != name and not (implied and target in own):
                    graph[name].setdefault(target, found)
    return graph


def circles(graph: Mapping[str, Mapping[str, Import]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(component: list[str], graph: Mapping[str, Mapping[str, Import]]) -> str:
    members = set(component)
    lines = [f"{len(component)} modules: " + ", ".join(path_of(m) for m in component)]
    for source in component:
        for target, found in sorted(graph[source].items()):
            if target in members:
                lines.append(f"    {found.where()} imports {target}")
    return "\n".join(lines)


def within(module: str, packages: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def game_packages(known: Mapping[str, Path]) -> set[str]:
    """Skat, Skitgubbe, every ``cardlib`` subpackage that defines a state class (one deriving from
    ``StateBase``) and every ``cardlib`` package that ``cardlib/games.py`` names in a string."""
    games = set(GAMES)
    for name, path in known.items():
        for node in statements(tree_of(path)):
            if isinstance(node, ast.ClassDef) and any(
                (isinstance(b, ast.Name) and b.id == "StateBase")
                or (isinstance(b, ast.Attribute) and b.attr == "StateBase")
                for b in node.bases
            ):
                games.add(".".join(name.split(".")[:2]))
    registry = known.get("cardlib.games")
    if registry is not None:
        for node in ast.walk(tree_of(registry)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                match = re.fullmatch(r"(cardlib\.[a-z_]\w*)(\.\w+)*(:\w+)?", node.value)
                if match:
                    games.add(match.group(1))
    return {game for game in games if not within(game, FOUNDATION) and game != "cardlib"}


def private_imports(known: Mapping[str, Path]) -> list[str]:
    """``from m import _x`` (not gettext's ``_``, nor a ``__dunder__``) from another module, and
    any import of a private module (``a._b``) from outside the package it lies in."""
    found = set()
    for name, path in known.items():
        home = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for item in imports_of(name, path, known):
            for imported in item.names:
                if not private(imported) or imported == "_":
                    continue
                if f"{item.target}.{imported}" in known and item.target == home:
                    continue  # a private module of the importer's own package
                found.add(f"{item.where()} imports {imported} from {item.target}")
            parts = item.target.split(".")
            for depth, part in enumerate(parts):
                if private(part) and not within(home, (".".join(parts[:depth]),)):
                    found.add(f"{item.where()} imports the private module {item.target}")
                    break
    return sorted(found)


def private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


def game_words(path: Path, root: Path = ROOT) -> list[str]:
    """Where ``path`` names a game, line by line, in its code or its strings (not its comments)."""
    lines: dict[int, list[str]] = {}
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for token in tokens:
        if token.type != tokenize.COMMENT:
            words = [repr(match.group()) for match in GAME_WORDS.finditer(token.string)]
            lines.setdefault(token.start[0], []).extend(words)
    where = path.relative_to(root)
    return [f"{where}:{line}: {', '.join(words)}" for line, words in lines.items() if words]


def game_free_files() -> list[Path]:
    widgets = sorted((PACKAGE / "widgets").rglob("*.py"))
    return [*widgets, PACKAGE / "cli" / "__init__.py"]


# -- the rules ------------------------------------------------------------------------------------


@cache
def cardlib_games() -> frozenset[str]:
    return frozenset(game_packages(modules()))


@cache
def cardlib_graph() -> Mapping[str, Mapping[str, Import]]:
    return dependencies(modules())


def test_no_import_circle_anywhere() -> None:
    graph = cardlib_graph()
    found = circles(graph)
    assert not found, f"{len(found)} import circles:\n" + "\n".join(
        describe(component, graph) for component in found
    )


def test_the_foundation_is_in_no_import_circle() -> None:
    graph = cardlib_graph()
    found = [c for c in circles(graph) if any(within(m, FOUNDATION) for m in c)]
    assert not found, "\n".join(describe(component, graph) for component in found)


def test_the_foundation_imports_no_game() -> None:
    known = modules()
    games = cardlib_games()
    assert set(GAMES) <= games
    foundation = [name for name in known if within(name, FOUNDATION)]
    assert {"cardlib.cards", "cardlib.display", "cardlib.protocol"} <= set(foundation)
    wrong = [
        f"{found.where()} imports {target}"
        for name in foundation
        for found in imports_of(name, known[name], known)
        for target in [found.target, *enclosing(found.target)]
        if within(target, games)
    ]
    assert not wrong, "the foundation imports a game:\n" + "\n".join(sorted(set(wrong)))


def test_no_private_name_is_imported_from_another_module() -> None:
    found = private_imports(modules())
    assert not found, f"{len(found)} private imports:\n" + "\n".join(found)


def test_the_foundation_imports_no_private_name() -> None:
    found = [
        line
        for line in private_imports(modules())
        if any(line.startswith(path_of(m) + ":") for m in modules() if within(m, FOUNDATION))
    ]
    assert not found, "\n".join(found)


def test_the_widgets_and_the_command_line_name_no_game() -> None:
    found = [line for path in game_free_files() for line in game_words(path)]
    assert not found, f"{len(found)} places name a game:\n" + "\n".join(found)


# -- the reader itself ----------------------------------------------------------------------------


def write(root: Path, files: Mapping[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return scan(root, "pkg")


def test_the_reader_finds_every_kind_of_import(tmp_path: Path) -> None:
    known = write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg import low\n",
            "pkg/low.py": "def later():\n    from .game.rules import points\n",
            "pkg/game/__init__.py": "",
            "pkg/game/rules.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from ..low import later\n"
                "from . import helpers\nfrom pkg.game.helpers import _hidden, _\n"
            ),
            "pkg/game/helpers.py": "import pkg.low\n",
        },
    )
    graph = dependencies(known)
    assert set(graph["pkg"]) == {"pkg.low"}
    assert set(graph["pkg.low"]) == {"pkg.game", "pkg.game.rules"}  # the package comes too
    assert set(graph["pkg.game.rules"]) == {"pkg.low", "pkg.game.helpers"}
    assert set(graph["pkg.game.helpers"]) == {"pkg.low"}  # not its own package, pkg.game
    assert circles(graph) == [["pkg.game.helpers", "pkg.game.rules", "pkg.low"]]
    component = describe(["pkg.game.helpers", "pkg.game.rules", "pkg.low"], graph)
    assert component.startswith("3 modules: pkg.game.helpers, pkg.game.rules, pkg.low")
    hidden = [i for i in imports_of("pkg.game.rules", known["pkg.game.rules"], known) if i.names]
    assert ("_hidden", "_") in {i.names for i in hidden}
    assert private_imports(known) == ["pkg.game.rules:5 imports _hidden from pkg.game.helpers"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x = 1  # skat\n", []),
        ('title = "Skat"\n', ["'Skat'"]),
        ("if game.is_skat:\n    pass\n", ["'is_skat'"]),
        ('"""A Skitgubbe table."""\n', ["'Skitgubbe'"]),
    ],
)
def test_game_words_are_found_in_code_and_strings_not_comments(
    tmp_path: Path, text: str, expected: list[str]
) -> None:
    path = tmp_path / "widget.py"
    path.write_text(text, encoding="utf-8")
    found = game_words(path, tmp_path)
    assert found == ([f"widget.py:1: {', '.join(expected)}"] if expected else [])
