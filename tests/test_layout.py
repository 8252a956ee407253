"""The package's folders show its pipeline: read from the source with `ast`, every stage imports
only itself and the stages before it, and no module imports itself round through others."""
from __future__ import annotations

import ast
from pathlib import Path

from support import ROOT

PACKAGE = ROOT / "generator"
# The stages in the order the data flows: each may import only itself and those before it.
STAGES = ("sources", "index", "editions", "flowcharts", "corpus", "text", "tools", "site", "handbook", "publish")
# The importer turns a printed edition's text into YAML sources: it needs nothing else of the package.
APART = ("importing",)
TOP = frozenset({"__init__", "__main__", "cli"})  # the command line runs every stage


def module_of(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    return {module_of(p, root): p for p in sorted((root / "generator").rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that `name` imports, anywhere in it (in functions and type checks too)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in known else target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in known and m != name}


def stage(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else ("" if len(parts) == 1 else parts[1])


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    found = modules(root)
    known = set(found)
    return {name: imports(name, path, known) for name, path in found.items()}


def backward(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a later stage (or across the importer's boundary)."""
    wrong = []
    for name, deps in sorted(edges.items()):
        if name.count(".") <= 1:
            continue  # generator, generator.cli, generator.__main__: the top runs every stage
        here = stage(name)
        for dep in sorted(deps):
            there = stage(dep)
            if here in APART or there in APART:
                ok = here == there
            else:
                ok = there in STAGES and STAGES.index(there) <= STAGES.index(here)
            if not ok:
                wrong.append(f"{name} ({here}) imports {dep} ({there or 'the top'})")
    return wrong


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(edges[name]):
            if state.get(dep) == 1:
                found.append(path[path.index(dep):] + [dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    return found


def test_only_the_command_line_stays_at_the_top() -> None:
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top <= TOP, f"modules outside a stage: {sorted(top - TOP)}"
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(STAGES) | set(APART)


def test_every_stage_imports_only_earlier_stages() -> None:
    assert backward(graph()) == []


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


def test_the_checks_catch_a_backward_import_and_a_cycle(tmp_path: Path) -> None:
    files = {
        "generator/__init__.py": "",
        "generator/sources/__init__.py": "",
        "generator/sources/model.py": "from ..site.pages import page\n",
        "generator/site/__init__.py": "",
        "generator/site/pages.py": "def f():\n    from generator.sources import model\n",
        "generator/importing/__init__.py": "",
        "generator/importing/pdf.py": "from ..sources.model import x\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    edges = graph(tmp_path)
    assert backward(edges) == [
        "generator.importing.pdf (importing) imports generator.sources.model (sources)",
        "generator.sources.model (sources) imports generator.site.pages (site)",
    ]
    assert cycles(edges) == [["generator.sources.model", "generator.site.pages", "generator.sources.model"]]
