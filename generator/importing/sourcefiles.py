"""Which files of a folder the importer reads: its `*.txt` files, in natural order.

A new edition may come as one text file per Law, per part or per page range; natural order
(`law-2.txt` before `law-10.txt`) keeps the Laws in the order they are printed whatever the
numbers are padded to. Everything else in the folder is named, so nothing is left out in silence.
"""
from __future__ import annotations

import re
from pathlib import Path

from generator.importing.common import FILE, ImportProblem

SUFFIX = ".txt"
_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> list[str | int]:
    """`law-10.txt` after `law-9.txt`: runs of digits compare as numbers, the rest case-blind."""
    # re.split with a group alternates text and digits, so like is always compared with like.
    return [int(part) if n % 2 else part.casefold() for n, part in enumerate(_DIGITS.split(name))]


def text_files(folder: Path) -> tuple[list[Path], list[ImportProblem]]:
    """The folder's `*.txt` files in natural order, and a problem for each other entry not read.

    Hidden entries (an editor's swap files, .DS_Store) are passed over without a word.
    """
    read: list[Path] = []
    skipped: list[ImportProblem] = []
    for path in sorted(folder.iterdir(), key=lambda p: natural_key(p.name)):
        if path.name.startswith("."):
            continue
        if path.is_dir():
            skipped.append(ImportProblem(path, 1, FILE, "not read: a folder (the importer reads the "
                                                        f"*{SUFFIX} files of the folder it is given, not below)"))
        elif path.suffix.lower() != SUFFIX:
            skipped.append(ImportProblem(path, 1, FILE, f"not read: only *{SUFFIX} files of a folder are read"))
        else:
            read.append(path)
    return read, skipped
