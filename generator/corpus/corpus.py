"""The corpus: every source read and validated, the one thing every later stage is made from."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.index.citations import Ref
from generator.sources.model import CURRENT_EDITION, Alignment, Chart, Course, Definitions, FrontText, Law, Lesson, QuestionSet, Vocabulary
from generator.index.xref import Index
from generator.sources.sourcekeys import chart_key, law_key


@dataclass(frozen=True)
class Corpus:
    """Everything the site and the handbook are made from, validated."""

    root: Path
    laws: dict[int, Law]
    charts: dict[str, Chart]
    preface: FrontText | None = None
    introduction: FrontText | None = None
    definitions: Definitions | None = None
    course: Course | None = None
    vocabulary: Vocabulary | None = None
    paths: dict[str, Path] = field(default_factory=dict)  # by source key (sources/sourcekeys.py): "law:14", "chart:law-14"
    unreadable_laws: frozenset[int] = frozenset()  # named by files that failed to load
    unreadable_charts: frozenset[str] = frozenset()  # ids of chart files that failed to load
    index: Index = field(default_factory=Index)  # the places that exist and who cites whom
    # Earlier editions (laws/<year>/): their Laws, each edition's own index of places, and the
    # corrections to the automatic match of their paragraphs with the current text.
    editions: dict[int, dict[int, Law]] = field(default_factory=dict)
    edition_indexes: dict[int, Index] = field(default_factory=dict)
    alignments: dict[int, Alignment] = field(default_factory=dict)
    # The course beyond its modules: each module's lesson, and the questions on each chart.
    lessons: dict[str, Lesson] = field(default_factory=dict)
    questions: dict[str, QuestionSet] = field(default_factory=dict)

    @cached_property
    def sources_digest(self) -> str:
        """One digest of every source read (its key, its place in the project and its bytes),
        read once: what work kept for exactly these sources is named by (the checks' verdict,
        the search's files). A file unreadable now gives a digest no earlier build could have."""
        h = hashlib.sha256()
        for key, path in sorted(self.paths.items()):
            try:
                place = str(path.relative_to(self.root))
            except ValueError:
                place = str(path)
            try:
                data = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                data = "unreadable"
            h.update(f"{key}\n{place}\n{data}\n".encode())
        return h.hexdigest()

    def missing(self, ref: Ref, index: Index) -> bool:
        """A cited place that does not exist (not merely in a file that failed to load)."""
        return not index.exists(ref) and ref.law not in self.unreadable_laws

    def law_path(self, number: int, edition: int = CURRENT_EDITION) -> Path:
        return self.paths[law_key(number, None if edition == CURRENT_EDITION else edition)]

    def chart_path(self, chart_id: str) -> Path:
        return self.paths[chart_key(chart_id)]

    def charts_for(self, number: int) -> list[Chart]:
        """The charts printed beside Law `number`, in the book's page order."""
        found = [c for c in self.charts.values() if number in c.laws]
        return sorted(found, key=lambda c: (c.page or 999, c.id))
