"""Page furniture and footnotes: split the PDF text into law lines and footnote texts."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.importing.common import FOOTNOTE, ImportProblem, SourceLine, clean, join_wrapped

HEADER_RE = re.compile(r"^\d{4} LAWS OF DUPLICATE BRIDGE$", re.IGNORECASE)
PAGE_NUMBER_RE = re.compile(r"^(?:\d{1,3}(?:\s*\|\s*Page)?|Page\s+\d{1,3})$", re.IGNORECASE)
LAW_HEADING_RE = re.compile(r"^LAW\s+\d{1,2}\s*[-\u2013\u2014]")
# A footnote's text never goes on into a heading or a numbered line: if a page header is
# missing, these still end it.
NOTE_END_RE = re.compile(r"^(?:LAW\s+\d{1,2}\s*[-\u2013\u2014]|[A-Z]\.\s|\d{1,2}\.\s|\([a-z]{1,4}\)\s)")
FOOTNOTE_RE = re.compile(r"^(\d{1,3})\s+(\S.*)$")
# A footnote number is glued to the word it follows: "legal8 bid", "down9.", "indicated18)".
MARKER_RE = re.compile(r"(?<=[a-z’”)])(\d{1,2})(?=[\s.,;:)’”]|$)")
_HOLD = re.compile(r"\x00(\d+)\x00")  # a marker awaiting its footnote text


@dataclass
class Layout:
    """The source with its page furniture removed and its footnotes set apart."""

    lines: list[SourceLine]  # law text with markers written `[^N]`
    footnotes: dict[int, str]  # footnote number -> text
    footnote_lines: dict[int, int]  # footnote number -> source line of its text
    problems: list[ImportProblem] = field(default_factory=list)


def is_furniture(text: str) -> bool:
    """A running page header or a page number."""
    return bool(HEADER_RE.match(text) or PAGE_NUMBER_RE.match(text))


def read_layout(raw_lines: list[str], path: Path, *, keep_unknown_markers: bool = True) -> Layout:
    """Drop headers and page numbers, collect footnotes, and mark where they are cited.

    `keep_unknown_markers`: a suspected marker whose footnote never comes stays as printed; a
    source known to lack its footnotes (the 1997 text) drops it instead. Either way it is reported.
    """
    texts = [clean(line) for line in raw_lines]
    body: list[SourceLine] = []
    notes: dict[int, str] = {}
    note_lines: dict[int, int] = {}
    problems: list[ImportProblem] = []
    pending: set[int] = set()  # markers seen whose footnote text has not come yet
    current: int | None = None  # the footnote whose text is being read
    in_laws = False  # markers are looked for only once the Laws begin

    def hold(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if n not in notes:
            pending.add(n)
        return f"\x00{n}\x00"

    for number, text in enumerate(texts, 1):
        if not text or is_furniture(text):
            current = None  # footnotes end at the page foot
            continue
        start = FOOTNOTE_RE.match(text)
        if start and int(start.group(1)) in pending:
            current = int(start.group(1))
            pending.discard(current)
            notes[current] = start.group(2)
            note_lines[current] = number
            continue
        if current is not None and not NOTE_END_RE.match(text):
            notes[current] = join_wrapped(notes[current], text)
            continue
        current = None
        if LAW_HEADING_RE.match(text):
            in_laws = True
        elif in_laws and start and _looks_like_note(start, texts, number, notes):
            problems.append(ImportProblem(path, number, FOOTNOTE, (
                f"looks like the text of footnote {start.group(1)} but no marker "
                f"{start.group(1)} precedes it; kept as law text")))
        if in_laws:
            text = MARKER_RE.sub(hold, text)
        body.append(SourceLine(number, text))

    lines = [SourceLine(s.number, _release(s, notes, path, problems, keep_unknown_markers)) for s in body]
    return Layout(lines, notes, note_lines, problems)


def _looks_like_note(start: re.Match[str], texts: list[str], number: int, notes: dict[int, str]) -> bool:
    """A numbered line at the page foot, or carrying the next footnote number, with a capital."""
    if not start.group(2)[:1].isupper():
        return False
    following = next((t for t in texts[number:] if t), "")
    next_number = max(notes, default=0) + 1
    return bool(HEADER_RE.match(following)) or (bool(notes) and int(start.group(1)) == next_number)


def _release(line: SourceLine, notes: dict[int, str], path: Path, problems: list[ImportProblem],
             keep: bool) -> str:
    """Write held markers as `[^N]`, or put the digits back (or drop them) when footnote N never came."""

    def put(m: re.Match[str]) -> str:
        n = int(m.group(1))
        if n in notes:
            return f"[^{n}]"
        problems.append(ImportProblem(path, line.number, FOOTNOTE, (
            f"suspected footnote marker {n} (no footnote {n} found at a page foot); "
            + ("left as printed" if keep else "dropped: the source lacks the footnotes' text"))))
        return str(n) if keep else ""

    return _HOLD.sub(put, line.text)
