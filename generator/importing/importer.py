"""Import Laws from the official WBF text layout into `laws/law-NN.yaml` files."""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.importing.common import MISSING, ImportProblem
from generator.importing.emit import dump_law
from generator.importing.layout import read_layout
from generator.importing.structure import LawReader, law_dict

WORDINGS = ("book-2017", "wbf-2017", "wbf-2017-gender-neutral", "wbf-1997")
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
    """Read Laws `first`..`last` from `source`; raises UnusableSource if it cannot be read.

    `begin`: the line where the Laws begin; what comes before it (an article about them) is not read.
    """
    if wording not in WORDINGS:
        raise UnusableSource(f"unknown wording '{wording}' (one of: {', '.join(WORDINGS)})")
    if not 1 <= first <= last <= 93:
        raise UnusableSource(f"no Laws {first}–{last}: the Laws are numbered 1–93")
    try:
        raw = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UnusableSource(f"{source}: cannot read: {exc}") from exc
    if begin > len(raw) or begin < 1:
        raise UnusableSource(f"{source}: --begin {begin} is not a line of it ({len(raw)} lines)")
    raw = [""] * (begin - 1) + raw[begin - 1:]  # blanked, so that line numbers stay the source's
    titled = wording in TITLED_WORDINGS
    layout = read_layout(raw, source, keep_unknown_markers=not titled)
    reader = LawReader(source, titled=titled)
    reader.read(layout.lines)
    if not reader.laws:
        raise UnusableSource(f"{source}: no 'LAW N – TITLE' heading found")
    result = ImportResult(source)
    wanted = [n for n in sorted(reader.laws) if first <= n <= last]
    if not wanted:
        raise UnusableSource(f"{source}: none of Laws {first}–{last} found")
    for number in wanted:
        law = law_dict(reader.laws[number], wording)
        if titled:
            law = _typographic(law)
        cited = sorted({int(n) for text in _strings(law) for n in _MARKER.findall(text)})
        if cited:
            law["footnotes"] = [{"id": n, "text": layout.footnotes[n]} for n in cited]
        result.laws.append(law)
    owners = [(p, _law_at(reader, p.line)) for p in layout.problems]
    found = [p for p, law in owners if law is None or first <= law <= last]
    result.problems = sorted(found + reader.problems_for(first, last), key=lambda p: p.line)
    for number in range(first, last + 1):
        if number not in reader.laws:
            result.problems.append(ImportProblem(source, len(raw), MISSING, f"Law {number} not found"))
    return result


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
    """`python -m generator.importing.importer SOURCE --out laws --first 27 --last 71 --wording wbf-2017`."""
    parser = argparse.ArgumentParser(
        prog="python -m generator.importing.importer",
        description="Import Laws from the official WBF text layout into laws/law-NN.yaml.")
    parser.add_argument("source", type=Path, help="text of the Laws in the WBF layout")
    parser.add_argument("--out", type=Path, default=Path("laws"), help="folder to write to")
    parser.add_argument("--first", type=int, default=1, help="first Law to import")
    parser.add_argument("--last", type=int, default=93, help="last Law to import")
    parser.add_argument("--wording", choices=WORDINGS, required=True)
    parser.add_argument("--begin", type=int, default=1, metavar="LINE",
                        help="the line where the Laws begin (what comes before, such as an article, is not read)")
    parser.add_argument("--force", action="store_true",
                        help="replace existing files (they may hold hand corrections)")
    parser.add_argument("--dry-run", action="store_true", help="report only; write nothing")
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
