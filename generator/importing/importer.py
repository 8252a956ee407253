"""Import Laws from the official WBF text layout (one file, or a folder of them) into law-NN.yaml files."""
from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.importing.common import DUPLICATE, FILE, MISSING, ImportProblem
from generator.importing.emit import dump_law
from generator.importing.layout import read_layout
from generator.importing.sourcefiles import SUFFIX, natural_key, text_files
from generator.importing.structure import LawReader, law_dict

# The content model's wordings (sources/model.py), which this stage may not import: a test keeps
# the two lists the same.
DRAFT = "draft"  # a new edition imported to compare with the Laws in force, before it is published
WORDINGS = ("book-2017", "wbf-2017", "wbf-2017-gender-neutral", "wbf-1997", DRAFT)
# Wordings printed in the 1997 layout: titles on every level, run into the text (importing/runon.py).
TITLED_WORDINGS = frozenset({"wbf-1997"})
_MARKER = re.compile(r"\[\^(\d+)\]")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=s)'(?=[\s.,;:)])")  # dummy's, opponents'
_OPENING_QUOTE = re.compile(r'(?:(?<=^)|(?<=[\s(]))"')


class UnusableSource(Exception):
    """The source cannot be imported at all (missing, unreadable, or holds no Laws)."""


@dataclass
class ImportResult:
    """The Laws read from one source, as plain dicts, and every line that needs a look."""

    source: Path
    laws: list[dict[str, Any]] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)  # the text files read: the source, or its folder's

    def counts(self) -> dict[str, int]:
        """How many of each level were imported."""
        tally = {"laws": len(self.laws), "sections": 0, "paragraphs": 0, "items": 0,
                 "subitems": 0, "footnotes": 0, "problems": len(self.problems)}
        notes: set[int] = set()
        for law in self.laws:
            tally["sections"] += len(law.get("sections", []))
            notes.update(n["id"] for n in law.get("footnotes", []))
            for holder in [law, *law.get("sections", [])]:
                for par in holder.get("paragraphs", []):
                    tally["paragraphs"] += 1
                    for item in par.get("items", []):
                        tally["items"] += 1
                        tally["subitems"] += len(item.get("items", []))
        tally["footnotes"] = len(notes)
        return tally


def import_laws(source: Path, *, first: int, last: int, wording: str, begin: int = 1) -> ImportResult:
    """Read Laws `first`..`last` from `source`, a text file or a folder of them (its `*.txt` files,
    see sourcefiles.py); raises UnusableSource if nothing can be read.

    `begin`: the line where the Laws begin in a single file; what comes before it (an article about
    them) is not read.
    """
    if wording not in WORDINGS:
        raise UnusableSource(f"unknown wording '{wording}' (one of: {', '.join(WORDINGS)})")
    if not 1 <= first <= last <= 93:
        raise UnusableSource(f"no Laws {first}–{last}: the Laws are numbered 1–93")
    if source.is_dir():
        if begin != 1:
            raise UnusableSource(f"{source}: --begin is a line of one file: import that file on its own")
        return _import_folder(source, first=first, last=last, wording=wording)
    try:
        raw = _lines(source)
    except (OSError, UnicodeDecodeError) as exc:
        raise UnusableSource(f"{source}: cannot read: {exc}") from exc
    if begin > len(raw) or begin < 1:
        raise UnusableSource(f"{source}: --begin {begin} is not a line of it ({len(raw)} lines)")
    raw = [""] * (begin - 1) + raw[begin - 1:]  # blanked, so that line numbers stay the source's
    read = _read_file(source, raw, first=first, last=last, wording=wording)
    if not read.headings:
        raise UnusableSource(f"{source}: no 'LAW N – TITLE' heading found")
    if not read.laws:
        raise UnusableSource(f"{source}: none of Laws {first}–{last} found")
    result = ImportResult(source, [read.laws[n] for n in sorted(read.laws)], read.problems, [source])
    for number in range(first, last + 1):
        if number not in read.laws:
            result.problems.append(ImportProblem(source, len(raw), MISSING, f"Law {number} not found"))
    return result


def _import_folder(folder: Path, *, first: int, last: int, wording: str) -> ImportResult:
    """Every `*.txt` file of `folder` read on its own, each problem at its own file's line."""
    try:
        files, problems = text_files(folder)
    except OSError as exc:
        raise UnusableSource(f"{folder}: cannot read the folder: {exc.strerror or exc}") from exc
    if not files:
        raise UnusableSource(f"{folder}: no *{SUFFIX} file in it")
    laws: dict[int, dict[str, Any]] = {}
    read_from: dict[int, str] = {}
    for path in files:
        try:
            read = _read_file(path, _lines(path), first=first, last=last, wording=wording)
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(ImportProblem(path, 1, FILE, f"not read: {exc}"))
            continue
        if not read.headings:
            problems.append(ImportProblem(path, 1, FILE, "not read: no 'LAW N – TITLE' heading in it"))
            continue
        problems.extend(read.problems)
        for number in sorted(read.laws):
            where = f"{path.name}:{read.lines[number]}"
            if number in laws:
                problems.append(ImportProblem(path, read.lines[number], DUPLICATE, (
                    f"Law {number} again: the one read from {read_from[number]} is kept, this one left out")))
                continue
            laws[number] = read.laws[number]
            read_from[number] = where
    if not laws:
        raise UnusableSource(f"{folder}: none of Laws {first}–{last} found in its {len(files)} *{SUFFIX} file(s)")
    problems.sort(key=lambda p: (natural_key(p.path.name), p.line))
    result = ImportResult(folder, [laws[n] for n in sorted(laws)], problems, files)
    for number in range(first, last + 1):
        if number not in laws:
            result.problems.append(ImportProblem(folder, 1, MISSING, (
                f"Law {number} not found in any of its {len(files)} *{SUFFIX} file(s)")))
    return result


@dataclass
class _FileRead:
    """What one text file gave: the Laws of the range, where each begins, and the lines to check."""

    headings: int  # Laws found at all, in the range or not
    laws: dict[int, dict[str, Any]]
    lines: dict[int, int]  # Law -> the line of its heading
    problems: list[ImportProblem]


def _lines(path: Path) -> list[str]:
    """A text file's lines (OSError or UnicodeDecodeError if it cannot be read as UTF-8)."""
    return path.read_text(encoding="utf-8").splitlines()


def _read_file(path: Path, raw: list[str], *, first: int, last: int, wording: str) -> _FileRead:
    """The Laws `first`..`last` that one file's lines hold, with the problems outside or inside them."""
    titled = wording in TITLED_WORDINGS
    layout = read_layout(raw, path, keep_unknown_markers=not titled)
    reader = LawReader(path, titled=titled)
    reader.read(layout.lines)
    laws: dict[int, dict[str, Any]] = {}
    for number in sorted(n for n in reader.laws if first <= n <= last):
        law = law_dict(reader.laws[number], wording)
        if titled:
            law = _typographic(law)
        cited = sorted({int(n) for text in _strings(law) for n in _MARKER.findall(text)})
        if cited:
            law["footnotes"] = [{"id": n, "text": layout.footnotes[n]} for n in cited]
        laws[number] = law
    owners = [(p, _law_at(reader, p.line)) for p in layout.problems]
    found = [p for p, law in owners if law is None or first <= law <= last]
    problems = sorted(found + reader.problems_for(first, last), key=lambda p: p.line)
    return _FileRead(len(reader.laws), laws, {n: reader.laws[n].line for n in laws}, problems)


def write_laws(result: ImportResult, out_dir: Path) -> list[Path]:
    """Write each Law to `out_dir/law-NN.yaml` (replacing any file there); the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for law in result.laws:
        path = out_dir / f"law-{law['law']:02d}.yaml"
        path.write_text(dump_law(law), encoding="utf-8")
        written.append(path)
    return written


def _strings(value: Any) -> Iterator[str]:
    """Every string in a Law, in reading order."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _typographic(value: Any) -> Any:
    """The book's apostrophe (’) and quotes (“ ”) for the typewriter ones ("dummy's", "high")."""
    if isinstance(value, str):
        return _OPENING_QUOTE.sub("“", _APOSTROPHE.sub("’", value)).replace('"', "”")
    if isinstance(value, dict):
        return {k: _typographic(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typographic(v) for v in value]
    return value


def _law_at(reader: LawReader, line: int) -> int | None:
    """The Law whose text holds source line `line` (None before the first heading)."""
    starts = sorted((node.line, number) for number, node in reader.laws.items())
    found = None
    for start, number in starts:
        if start <= line:
            found = number
    return found


def main(argv: list[str] | None = None) -> int:
    """`python -m generator import SOURCE --first 27 --last 71 --wording draft --out drafts/NAME`."""
    parser = argparse.ArgumentParser(
        prog="python -m generator import",
        description="Import Laws from the official WBF text layout into law-NN.yaml files.")
    parser.add_argument("source", type=Path, help=(
        f"text of the Laws in the WBF layout: one file, or a folder whose *{SUFFIX} files are read "
        "in natural order (law-2 before law-10)"))
    parser.add_argument("--out", type=Path, help=(
        "folder to write to (required unless --dry-run): a draft folder of its own for a new edition (drafts/NAME); "
        "laws, or laws/YEAR, only to re-import the sources' own text"))
    parser.add_argument("--first", type=int, default=1, help="first Law to import")
    parser.add_argument("--last", type=int, default=93, help="last Law to import")
    parser.add_argument("--wording", choices=WORDINGS, required=True, help=(
        f"where the words come from; '{DRAFT}' for a new edition not yet in the sources"))
    parser.add_argument("--begin", type=int, default=1, metavar="LINE",
                        help=("the line where the Laws begin in a single file (what comes before, such as "
                              "an article, is not read)"))
    parser.add_argument("--force", action="store_true",
                        help="replace existing files (they may hold hand corrections)")
    parser.add_argument("--dry-run", action="store_true", help="report only; write nothing (no --out needed)")
    args = parser.parse_args(argv)
    if args.out is None and not args.dry_run:
        print(no_out_message(args.source, args.first, args.last), file=sys.stderr)
        return 2
    try:
        result = import_laws(args.source, first=args.first, last=args.last, wording=args.wording,
                             begin=args.begin)
    except UnusableSource as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for problem in result.problems:
        print(problem, file=sys.stderr)
    counts = result.counts()
    summary = ", ".join(f"{v} {k}" for k, v in counts.items() if k != "problems")
    if args.begin > 1:
        summary += f" (lines 1–{args.begin - 1} not read: --begin {args.begin})"
    if len(result.files) > 1 or result.source.is_dir():
        summary += f" from {len(result.files)} *{SUFFIX} file(s)"
    if args.dry_run:
        print(f"read {summary}; {counts['problems']} lines to check")
        return 0
    existing = [p for law in result.laws if (p := args.out / f"law-{law['law']:02d}.yaml").exists()]
    if existing and not args.force:
        # Imported files get corrected by hand: never overwrite them by accident.
        names = existing[0].name if len(existing) == 1 else f"{existing[0].name} … {existing[-1].name}"
        print(f"error: {len(existing)} of the files exist in {args.out} ({names}); "
              "use --force to replace them", file=sys.stderr)
        return 1
    written = write_laws(result, args.out)
    print(f"wrote {len(written)} file(s) to {args.out}: {summary}; "
          f"{counts['problems']} lines to check")
    return 0


def no_out_message(source: Path, first: int, last: int) -> str:
    """Why nothing was written without --out, and the command that imports into a draft folder."""
    # laws/ is what the site, the charts and the course cite: a new edition's text written over it
    # (--force) would change the Laws in force before anyone has looked at what the edition changes.
    found = source.resolve()
    name = found.name if found.is_dir() else found.stem
    suggested = ["python -m generator import", shlex.quote(str(source))]
    if first != 1:
        suggested.append(f"--first {first}")
    if last != 93:
        suggested.append(f"--last {last}")
    suggested.append(f"--wording {DRAFT} --out {shlex.quote(f'drafts/{name}')}")
    return "\n".join([
        "error: no --out given, and the importer never writes into laws/ unasked: it holds the Laws in force.",
        "Import a new edition into a draft folder of its own, then compare it with the Laws in force "
        "(python -m generator impact, see docs/editing.md):",
        "  " + " ".join(suggested),
        "To re-import the sources' own text, name their folder (--out laws, or --out laws/YEAR for an "
        "earlier edition); existing files are kept unless --force.",
    ])


if __name__ == "__main__":
    sys.exit(main())
