"""Read every source file, check it against the content model, and gather the corpus."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, ValidationError

from generator.sources.cachedir import cache_dir, keep, kept, work_key
from generator.corpus.corpus import Corpus
from generator.sources.errors import Problems
from generator.sources.model import (
    CURRENT_EDITION,
    EDITION_OF,
    Alignment,
    Chart,
    Course,
    Definitions,
    FrontText,
    Kind,
    Law,
    Lesson,
    QuestionSet,
    Vocabulary,
)
from generator.sources.modelcache import ModelCache
from generator.corpus.validation import check_corpus
from generator.index.xref import build_index
from generator.sources.yamlsource import line_at, read_source, read_yaml
from generator.sources.sourcekeys import COURSE, alignment_key, chart_key, front_key, law_key, lesson_key, questions_key

M = TypeVar("M", bound=BaseModel)

LAW_FILE_RE = re.compile(r"^law-(\d{2})\.yaml$")


def load_corpus(root: Path, *, cached: bool = False) -> Corpus:
    """Read and validate the whole project; raises SourceErrors listing every problem.

    `cached`: keep the validated files in the project's cache folder, so that the next run reads
    again only the files that changed (the checks across files always run).
    """
    corpus, problems = read_corpus(root, cached=cached)
    problems.raise_if_any()
    return corpus


def read_corpus(root: Path, *, cached: bool = False) -> tuple[Corpus, Problems]:
    """Everything that could be read, and every problem found: for reports on one file among others' errors."""
    problems = Problems(root)
    cache = ModelCache(cache_dir(root, "models.pickle")) if cached else None

    def read(path: Path, model: type[M]) -> M | None:
        return _read_model(path, model, problems, cache)

    paths: dict[str, Path] = {}
    laws: dict[int, Law] = {}
    unreadable: set[int] = set()
    files = source_files(root, problems)
    if not (root / "laws").is_dir():
        unreadable.update(range(1, 94))  # said once above; every citation of a Law would repeat it
    # Well-named files first, so that a stray copy is the one reported as the duplicate.
    for path in sorted(files["laws"], key=lambda p: (LAW_FILE_RE.match(p.name) is None, p.name)):
        law = read(path, Law)
        named = LAW_FILE_RE.match(path.name)
        if law is None:
            # Its own problems are reported; citations of it would only repeat them.
            if named:
                unreadable.add(int(named.group(1)))
            continue
        if named and int(named.group(1)) != law.law:
            # The name says one Law and the number another: one message, not one per citation.
            problems.add(path, law.line("law"), (
                f"holds law: {law.law}, but the file's name says Law {int(named.group(1))}: "
                "make the number and the name agree"))
            unreadable.add(int(named.group(1)))
            continue
        if named is None:
            problems.add(path, law.line("law"), f"file for Law {law.law} must be named law-{law.law:02d}.yaml")
        if law.law in laws:
            first = problems.display(paths[law_key(law.law)])
            problems.add(path, law.line("law"), f"Law {law.law} is already defined in {first}")
            continue
        laws[law.law] = law
        paths[law_key(law.law)] = path

    charts: dict[str, Chart] = {}
    unreadable_charts: set[str] = set()
    for path in sorted(files["flowcharts"]):
        chart = read(path, Chart)
        if chart is None:
            unreadable_charts.add(path.stem)  # its own problems are reported; hand-offs to it would repeat them
        else:
            chart = chart.model_copy(update={"id": path.stem})
            charts[chart.id] = chart
            paths[chart_key(chart.id)] = path

    front: dict[str, Any] = {}
    for name, model in (("preface", FrontText), ("introduction", FrontText), ("definitions", Definitions),
                        ("vocabulary", Vocabulary)):
        path = root / "front" / f"{name}.yaml"
        if path in files["front"]:
            front[name] = read(path, model)
            paths[front_key(name)] = path

    course_path = root / "training" / "modules.yaml"
    if course_path in files["training"]:
        front["course"] = read(course_path, Course)
        paths[COURSE] = course_path
    lessons: dict[str, Lesson] = {}
    for path in sorted(files["lessons"]):
        lesson = read(path, Lesson)
        if lesson is not None:
            lessons[path.stem] = lesson
            paths[lesson_key(path.stem)] = path
    questions: dict[str, QuestionSet] = {}
    for path in sorted(files["questions"]):
        found = read(path, QuestionSet)
        if found is not None:
            questions[path.stem] = found
            paths[questions_key(path.stem)] = path

    editions: dict[int, dict[int, Law]] = {}
    alignments: dict[int, Alignment] = {}
    for year, edition_files in sorted(files["editions"].items()):
        editions[year] = _read_edition(year, edition_files, read, paths, problems)
        overrides = root / "laws" / str(year) / ALIGNMENT_FILE
        if overrides in edition_files:
            found = read(overrides, Alignment)
            if found is not None:
                alignments[year] = found
                paths[alignment_key(year)] = overrides
    for law in laws.values():
        year = EDITION_OF.get(law.wording)
        if year != CURRENT_EDITION:
            problems.add(paths[law_key(law.law)], law.line("wording"), f"wording '{law.wording.value}' " + (
                f"is of the {year} edition: laws/ holds the {CURRENT_EDITION} text; put it in laws/{year}/"
                if year else DRAFT_ELSEWHERE))

    corpus = Corpus(root=root, laws=laws, charts=charts, paths=paths, unreadable_laws=frozenset(unreadable),
                    unreadable_charts=frozenset(unreadable_charts),
                    index=build_index(laws, charts), editions=editions,
                    edition_indexes={year: build_index(found, {}) for year, found in editions.items()},
                    alignments=alignments, lessons=lessons, questions=questions, **front)
    if cache is not None:
        cache.save()
    # A build records that the checks across files found nothing in exactly these sources (and
    # this package's code): a rebuild with nothing changed need not run them again (they were a
    # second of it). Any change, or any problem, runs them.
    passed = None
    if cache is not None and not problems:
        passed = cache_dir(root, "checks") / f"{work_key('checks', corpus.sources_digest)}.passed"
        if kept(passed) is not None:
            return corpus, problems
    check_corpus(corpus, problems)
    if passed is not None and not problems:
        passed.parent.mkdir(parents=True, exist_ok=True)
        keep(passed, "")
    return corpus, problems


def _read_edition(year: int, files: list[Path], read: Any, paths: dict[str, Path], problems: Problems) -> dict[int, Law]:
    """The Laws of one earlier edition (laws/<year>/law-NN.yaml), each checked to be of that edition."""
    laws: dict[int, Law] = {}
    for path in sorted(files):
        named = LAW_FILE_RE.match(path.name)
        if named is None:
            continue  # the alignment file, read by the caller
        law = read(path, Law)
        if law is None:
            continue
        if int(named.group(1)) != law.law:
            problems.add(path, law.line("law"), (
                f"holds law: {law.law}, but the file's name says Law {int(named.group(1))}: "
                "make the number and the name agree"))
            continue
        its = EDITION_OF.get(law.wording)
        if its != year:
            problems.add(path, law.line("wording"), (
                f"wording '{law.wording.value}' {f'is of the {its} edition' if its else 'marks a draft'}, "
                f"but this folder holds the {year} edition"))
            continue
        laws[law.law] = law
        paths[law_key(law.law, year)] = path
    return laws


# A draft of a new edition (wording: draft) is compared with the text in force, never part of it.
DRAFT_ELSEWHERE = (f"marks a draft of a new edition: laws/ holds the {CURRENT_EDITION} text in force; keep "
                   "the draft in a folder of its own (drafts/NAME) and compare it with "
                   f"`python -m generator impact {CURRENT_EDITION} drafts/NAME`")
# The earlier editions a wording names: laws/<year>/ holds each of them.
EARLIER_EDITIONS = frozenset(year for year in EDITION_OF.values() if year != CURRENT_EDITION)
ALIGNMENT_FILE = "alignment.yaml"
CHART_FILE_RE = re.compile(r"^[a-z][a-z0-9-]*\.yaml$")


def read_draft(folder: Path) -> tuple[dict[int, Law], Alignment | None, Problems]:
    """An imported draft's Laws (any folder of law-NN.yaml, e.g. the next edition's import) and
    its alignment.yaml, for comparing with the current text; every problem reported."""
    problems = Problems(folder)
    laws: dict[int, Law] = {}
    alignment = None
    if not folder.is_dir():
        problems.add(folder, 1, "no such folder: it should hold the draft's law-NN.yaml files")
        return laws, alignment, problems
    for path in sorted(folder.iterdir()):
        if LAW_FILE_RE.match(path.name):
            law = _read_model(path, Law, problems, None)
            if law is not None:
                laws[law.law] = law
        elif path.name == ALIGNMENT_FILE:
            alignment = _read_model(path, Alignment, problems, None)
    return laws, alignment, problems
# What each source folder holds; anything else in it is reported, so nothing is silently left out.
FOLDERS: dict[str, tuple[bool, str]] = {
    "laws": (True, "the Laws, one laws/law-NN.yaml each"),
    "flowcharts": (True, "the charts, one flowcharts/<chart id>.yaml each"),
    "front": (False, "front/preface.yaml, introduction.yaml, definitions.yaml and vocabulary.yaml"),
    "training": (False, "training/modules.yaml, training/lessons/<module>.yaml and training/questions/<chart>.yaml"),
}
# The course's folders inside training/: the lesson of each module, and the questions on each chart.
COURSE_FOLDERS = ("lessons", "questions")
FRONT_FILES = frozenset({"preface.yaml", "introduction.yaml", "definitions.yaml", "vocabulary.yaml"})


def source_files(root: Path, problems: Problems) -> dict[str, list[Path]]:
    """The files of each source folder that will be read; every other entry is reported.

    Hidden entries (an editor's swap files, .DS_Store) are passed over.
    """
    out: dict[str, Any] = {name: [] for name in (*FOLDERS, *COURSE_FOLDERS)}
    out["editions"] = {}
    for name, (required, holds) in FOLDERS.items():
        folder = root / name
        if not folder.is_dir():
            if required or folder.exists():
                problems.add(folder, 1, f"no such folder: it should hold {holds} (is this the project folder?)")
            continue
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            problems.add(folder, 1, f"cannot be read: {exc.strerror or exc}")
            continue
        for entry in entries:
            path = folder / entry.name
            if entry.name.startswith("."):
                continue
            if name == "laws" and entry.is_dir(follow_symlinks=False) and entry.name.isdigit():
                if int(entry.name) in EARLIER_EDITIONS:
                    out["editions"][int(entry.name)] = _edition_files(path, problems)
                else:
                    known = ", ".join(str(y) for y in sorted(EARLIER_EDITIONS))
                    problems.add(path, 1, f"not read: no edition {entry.name} is known (earlier editions: {known})")
                continue
            if name == "training" and entry.name in COURSE_FOLDERS and entry.is_dir(follow_symlinks=False):
                out[entry.name] = _course_files(path, problems)
                continue
            why = _not_read(name, entry.name)
            if why:
                problems.add(path, 1, why)
            else:
                out[name].append(path)
    return out


def _edition_files(folder: Path, problems: Problems) -> list[Path]:
    """An earlier edition's folder: its law-NN.yaml files and alignment.yaml; anything else is reported."""
    return _folder_files(folder, problems, lambda e: bool(LAW_FILE_RE.match(e.name)) or e.name == ALIGNMENT_FILE,
                         f"laws/{folder.name}/ holds only law-NN.yaml files and {ALIGNMENT_FILE}")


def _course_files(folder: Path, problems: Problems) -> list[Path]:
    """training/lessons/ or training/questions/: one <id>.yaml each; anything else is reported."""
    return _folder_files(folder, problems,
                         lambda e: bool(CHART_FILE_RE.match(e.name)) and e.is_file(follow_symlinks=False),
                         f"training/{folder.name}/ holds only <id>.yaml files (a module's or a chart's id, "
                         "lower-case letters, digits and hyphens)")


def _folder_files(folder: Path, problems: Problems, wanted: Callable[[os.DirEntry[str]], bool], holds: str) -> list[Path]:
    """The files of a folder that `wanted` keeps, by name; each other one (but hidden ones) is
    reported as not read, with what the folder `holds`."""
    found: list[Path] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        problems.add(folder, 1, f"cannot be read: {exc.strerror or exc}")
        return found
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if wanted(entry):
            found.append(folder / entry.name)
        else:
            problems.add(folder / entry.name, 1, f"not read: {holds}")
    return found


def _not_read(folder: str, name: str) -> str | None:
    """Why a file in a source folder would not be read, or None when it is a source."""
    stem, dot, ext = name.rpartition(".")
    if folder == "front":
        return None if name in FRONT_FILES else f"not read: {folder}/ holds only {', '.join(sorted(FRONT_FILES))}"
    if folder == "training":
        return None if name == "modules.yaml" else (
            "not read: training/ holds modules.yaml and the folders lessons/ and questions/")
    if ext in ("yml", "YAML", "Yaml") and dot:
        return f"not read: sources end in .yaml (rename it {stem}.yaml)"
    if not (dot and ext == "yaml"):
        return f"not read: {folder}/ holds only .yaml source files (move or remove it)"
    if folder == "flowcharts" and not CHART_FILE_RE.match(name):
        return ("not read: a chart's file name is its id, in lower-case letters, digits and hyphens "
                "(e.g. law-14.yaml): rename it")
    return None


def _read_model(path: Path, model: type[M], problems: Problems, cache: ModelCache | None) -> M | None:
    raw = read_source(path, problems)  # first: what is not a sane file is never opened further
    if raw is None:
        return None
    if cache is None:
        return _validate(path, raw, model, problems)
    key = cache.key(raw, model)
    kept = cache.get(key)
    if kept is not None:
        return kept
    before = len(problems.items)
    found = _validate(path, raw, model, problems)
    if found is not None and len(problems.items) == before:
        cache.put(key, found)
    return found


def _validate(path: Path, raw: bytes, model: type[M], problems: Problems) -> M | None:
    data = read_yaml(path, problems, raw)
    if data is None:
        return None
    if not isinstance(data, dict):
        problems.add(path, 1, f"expected a mapping of keys at the top of the file, found a {type(data).__name__}")
        return None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            problems.add(path, line_at(data, loc), _message(err, loc))
        return None


def _message(err: Any, loc: tuple[Any, ...]) -> str:
    """Say what is wrong in the editor's terms rather than pydantic's."""
    where = ".".join(str(p) for p in loc if isinstance(p, int) or not _is_type_name(p))
    key = str(loc[-1]) if loc else ""
    kind = err["type"]
    if kind == "extra_forbidden":
        return f"unknown key '{key}'" + (f" in {where.rsplit('.', 1)[0]}" if "." in where else "")
    if kind == "missing":
        return f"missing key '{key}'" + (f" in {where.rsplit('.', 1)[0]}" if "." in where else "")
    if key == "kind" and kind == "enum":
        kinds = ", ".join(k.value for k in Kind)
        return f"unknown node kind '{err['input']}' (the legend's kinds are: {kinds})"
    msg = err["msg"].replace("Value error, ", "")
    return f"{where}: {msg}" if where else msg


def _is_type_name(part: Any) -> bool:
    """Pydantic puts union member names like 'list[Table]' into error locations."""
    return isinstance(part, str) and (part[:1].isupper() or "[" in part or part in {"str", "int", "list"})
