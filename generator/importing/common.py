"""What the importer's stages share: source lines, problems, the book's parts, text clean-up."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# The book's eleven parts with the Laws each holds (the contents pages of the book).
PARTS: tuple[tuple[str, int, int], ...] = (
    ("Preliminaries", 1, 5),
    ("Preparation and Progression", 6, 8),
    ("General Laws Governing Irregularities", 9, 16),
    ("The Auction", 17, 40),
    ("The Play", 41, 71),
    ("Proprieties", 72, 76),
    ("The Score", 77, 79),
    ("Tournament Sponsorship", 80, 80),
    ("Tournament Director", 81, 87),
    ("Penalties", 88, 91),
    ("Appeals", 92, 93),
)

# Problem kinds, so that callers (and tests) can tell the reasons apart.
ORPHAN = "orphan"  # a line before the first LAW heading
SEQUENCE = "sequence"  # a heading, number or letter out of order
FOOTNOTE = "footnote"  # a suspected footnote or marker that could not be matched
UNTITLED = "untitled"  # a lettered clause with no title, kept in the text as printed
MISSING = "missing"  # a Law of the requested range that the source lacks
HEADING = "heading"  # a chapter, part or section heading of the Code, between Laws: left out
FILE = "file"  # a file of a source folder not read: not a .txt file, unreadable, or with no Law in it
DUPLICATE = "duplicate"  # a Law a source folder holds twice: the first file's is kept

_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class SourceLine:
    """One line of law text with its line number in the source."""

    number: int
    text: str


@dataclass(frozen=True)
class ImportProblem:
    """A line the importer could not place (or placed only by a rule worth checking)."""

    path: Path
    line: int
    kind: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def part_of(law: int) -> str:
    """The book's part holding Law `law`."""
    for name, first, last in PARTS:
        if first <= law <= last:
            return name
    raise ValueError(f"there is no Law {law}")


def clean(text: str) -> str:
    """PDF text to our text: ASCII hyphens for U+2010, single spaces, no edge spaces."""
    return _SPACES.sub(" ", text.translate(_HYPHENS)).strip()


def join_wrapped(before: str, after: str) -> str:
    """Join a wrapped line to the text before it, closing a line-end hyphen up."""
    if not before:
        return after
    # "self-" + "inflicted": the hyphen belongs to the word, only the line break goes.
    if before.endswith("-") and before[-2:-1].isalpha() and after[:1].islower():
        return before + after
    return f"{before} {after}"
