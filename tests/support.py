"""Shared helpers and fixtures: the project root, a copy of the fixture corpus, built sites."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOOKS = Path("generator", "publish", "mkdocs_hooks.py")  # the MkDocs adapter, named by mkdocs.yml
FIXTURE = ROOT / "tests" / "fixtures" / "corpus"
SHARED = ROOT.parent / "shared"

sys.path.insert(0, str(ROOT / "tests"))

needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared (reference sources) is absent")


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a source file with `new`; `old` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def make_project(dest: Path, sources: Path = FIXTURE) -> Path:
    """A project folder with the fixture sources and this project's templates and config."""
    shutil.copytree(sources, dest, dirs_exist_ok=True)
    for name in ("mkdocs.yml", "docs", "site_templates"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, dirs_exist_ok=True)
        else:
            shutil.copy(src, dest / name)
    (dest / HOOKS).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / HOOKS, dest / HOOKS)
    return dest


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "project")


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture corpus built end to end with MkDocs (once per test session)."""
    from generator.publish.safebuild import build_site

    root = make_project(tmp_path_factory.mktemp("fixture") / "project")
    return build_site(root, handbook=False).site


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project built into a temporary copy (so the developer's site/ is untouched)."""
    from generator.publish.safebuild import build_site

    root = tmp_path_factory.mktemp("real") / "project"
    for name in ("laws", "flowcharts", "front", "training", "docs", "site_templates"):
        shutil.copytree(ROOT / name, root / name)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    (root / HOOKS).parent.mkdir(parents=True)
    shutil.copy(ROOT / HOOKS, root / HOOKS)
    cache = ROOT / ".cache"
    if cache.is_dir():
        shutil.copytree(cache, root / ".cache")
    return build_site(root).site


def stored_records(site: Path) -> list[dict]:
    """The search's records as the browser reads them: each {meta: {kind, u, title, laws, walk}, text}."""
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
    out = []
    for n, (kind, url, title, laws, walk) in enumerate(index["r"]):
        shard = json.loads((site / "search" / "text" / f"{n // index['shard']}.json").read_text(encoding="utf-8"))
        out.append({"meta": {"kind": index["kinds"][kind], "u": url, "title": title, "laws": laws, "walk": walk or None},
                    "text": shard[n % index["shard"]]})
    return out
