"""Problems found in the sources, reported as `path:line: message`."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """One problem at one place in a source file."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class SourceErrors(Exception):
    """Raised once all sources are read, carrying every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class Problems:
    """Collects problems while reading so that one run reports all of them."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root
        self.items: list[Problem] = []

    def add(self, path: Path | str, line: int, message: str) -> None:
        self.items.append(Problem(self.display(path), max(line, 1), message))

    def display(self, path: Path | str) -> str:
        """Paths relative to the project root read better in an editor's error list."""
        p = Path(path)
        if self.root is not None:
            # Where the file is named, not where a link points: the editor knows it by that name.
            for mine, root in ((Path(os.path.abspath(p)), Path(os.path.abspath(self.root))),
                               (p.resolve(), self.root.resolve())):
                try:
                    return mine.relative_to(root).as_posix()
                except ValueError:
                    continue
        return p.as_posix()

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise SourceErrors(self.items)
