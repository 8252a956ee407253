"""Shared helpers and fixtures: the project root, a copy of the fixture corpus, built sites."""
from __future__ import annotations

import fcntl
import io
import json
import os
import pickle
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOOKS = Path("generator", "publish", "mkdocs_hooks.py")  # the MkDocs adapter, named by mkdocs.yml
FIXTURE = ROOT / "tests" / "fixtures" / "corpus"
COURSE = ROOT / "tests" / "fixtures" / "course"  # a course on the fixture charts, added where a test needs it
SHARED = ROOT.parent / "shared"
# Boxes drawn below the chart-card floor even alone on a card's part: a choice among the nine
# examples of Law 74C, and among those of Law 90B, each a labelled way on, is taller than a card
# at the floor (the handbook's page holds them). Read by the cut's tests and the cards' tests.
BELOW_THE_CARD_FLOOR: dict[str, set[str]] = {"laws-72-74": {"q_which"}, "laws-90-91": {"q_listed"}}

sys.path.insert(0, str(ROOT / "tests"))

needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared (reference sources) is absent")


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a source file with `new`; `old` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def make_project(dest: Path, sources: Path = FIXTURE) -> Path:
    """A project folder with the fixture sources and this project's templates and config."""
    shutil.copytree(sources, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".cache", "site"))
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


# The umask the fixture site is built under: the commonest one, known to the test of the site's
# modes whatever the umask of the session that runs it.
BUILD_UMASK = 0o022


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture corpus built end to end with MkDocs (once per test session), under BUILD_UMASK."""
    from generator.publish.safebuild import build_site

    root = make_project(tmp_path_factory.mktemp("fixture") / "project")
    shutil.copytree(COURSE, root, dirs_exist_ok=True)  # with a course: a module, its lesson and questions
    before = os.umask(BUILD_UMASK)
    try:
        return build_site(root, handbook=False).site
    finally:
        os.umask(before)


# Sources of the real project, copied for a build of its own: nothing is written in the working tree.
REAL_SOURCES = ("laws", "flowcharts", "front", "training", "docs", "site_templates")


def copy_real_project(dest: Path, *, warm: bool = True) -> Path:
    """The real project's sources in `dest`; with the developer's kept work copied in when `warm`
    (read, never written: the copy's builds keep their own)."""
    for name in REAL_SOURCES:
        shutil.copytree(ROOT / name, dest / name)
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    (dest / HOOKS).parent.mkdir(parents=True)
    shutil.copy(ROOT / HOOKS, dest / HOOKS)
    cache = ROOT / ".cache"
    if warm and cache.is_dir():
        # Linked, not copied (hundreds of MB): a build replaces a kept entry by renaming a new file
        # into place and never writes into one, so the copy's builds cannot change the original.
        shutil.copytree(cache, dest / ".cache", copy_function=link_or_copy)
    return dest


def link_or_copy(source: str, dest: str) -> None:
    try:
        os.link(source, dest)
    except OSError:  # another file system, or links not allowed
        shutil.copy2(source, dest)


EMPTY_FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><cachedir>{cache}</cachedir></fontconfig>
"""


@contextmanager
def no_system_fonts(folder: Path) -> Iterator[Path]:
    """A fontconfig that knows no font folder, as on a bare machine: the build must bring its own."""
    conf = folder / "fonts.conf"
    conf.write_text(EMPTY_FONTCONFIG.format(cache=folder / "cache"), encoding="utf-8")
    before = os.environ.get("FONTCONFIG_FILE")
    os.environ["FONTCONFIG_FILE"] = str(conf)
    try:
        yield conf
    finally:
        if before is None:
            os.environ.pop("FONTCONFIG_FILE", None)
        else:
            os.environ["FONTCONFIG_FILE"] = before


@pytest.fixture(scope="session")
def real_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the real project, shared by the session's tests (the developer's site/ and .cache untouched)."""
    return copy_real_project(tmp_path_factory.mktemp("real") / "project")


@pytest.fixture(scope="session")
def real_corpus(real_project: Path) -> Any:
    """The real project's corpus, read once for the session."""
    from generator.corpus.loading import load_corpus

    return load_corpus(real_project, cached=True)


@pytest.fixture(scope="session")
def real_build(real_project: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The real project built once for the test run, site and both PDFs, with no system font (one
    build for all of pytest-xdist's processes: see `once_per_run`)."""
    from generator.publish.safebuild import build_site

    def build() -> Any:
        with no_system_fonts(tmp_path_factory.mktemp("fontconfig")):
            return build_site(real_project)

    return once_per_run(tmp_path_factory, "real-build", build)


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[], Any]) -> Any:
    """`make()` once for the whole test run. When pytest-xdist runs the tests in several processes,
    the first to ask makes it under a lock in the run's shared temporary folder and leaves it there
    pickled; the others wait for the lock and read it (what it names, a built site, is shared too)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return make()
    shared = tmp_path_factory.getbasetemp().parent
    made = shared / f"{name}.pickle"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process ends
        if made.exists():
            return pickle.loads(made.read_bytes())
        value = make()
        made.write_bytes(pickle.dumps(value))
        return value


@pytest.fixture(scope="session")
def real_site(request: pytest.FixtureRequest) -> Path:
    """The session's build of the real project; or, for a quick loop on pages and scripts alone,
    a site already built from the working tree, named by BUILT_SITE (never in CI)."""
    built = os.environ.get("BUILT_SITE")
    if built:
        return Path(built).resolve()
    return request.getfixturevalue("real_build").site


def stored_records(site: Path) -> list[dict]:
    """The search's records as the browser reads them: each {meta: {kind, u, title, laws, walk}, text}."""
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
    out = []
    for n, (kind, url, title, laws, walk) in enumerate(index["r"]):
        shard = json.loads((site / "search" / "text" / f"{n // index['shard']}.json").read_text(encoding="utf-8"))
        out.append({"meta": {"kind": index["kinds"][kind], "u": url, "title": title, "laws": laws, "walk": walk or None},
                    "text": shard[n % index["shard"]]})
    return out


@dataclass(frozen=True)
class Ran:
    """What a command printed and returned, as a subprocess's result would say."""

    returncode: int
    stdout: str
    stderr: str


def run_generator(*args: str) -> Ran:
    """`python -m generator ARGS` in this process: the same entry point and exit code, without a
    second of interpreter start-up and imports per call (the broken-source tests make dozens).
    An exception that escapes is a test error, as a traceback on stderr would be."""
    from generator import cli
    from generator.sources import cachedir

    out, err = io.StringIO(), io.StringIO()
    cachedir._said.clear()  # what a fresh process would say once, it says again
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = cli.main(list(args))
        except SystemExit as exc:  # argparse's errors and --help
            code = exc.code if isinstance(exc.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())
