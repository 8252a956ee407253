"""Prose outside the Laws and the charts' boxes that cites the Laws: a lesson's text and a chart's
notes. This one list of passages serves the check (each citation names a place that exists) and
the impact report (each passage is listed under a citation the next edition touches).

Only places written after "Law" count (`Law 29C`, `Laws 27B2, B3`): this prose speaks of several
Laws, and of earlier editions, so a bare `B4` has no Law it surely belongs to. The lesson pages
link the lesson's text the same way (no context Law).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.index import citations
from generator.index.citations import Mention
from generator.sources.model import Chart, Lesson


@dataclass(frozen=True)
class Passage:
    """One run of prose, where it stands (the part, the line of its key) and its words."""

    part: str  # "objectives", "topic “…”: teach", "example “…”: reasoning", "notes" …
    line: int
    text: str

    def mentions(self) -> list[Mention]:
        return citations.find(self.text, None)


def lesson_passages(lesson: Lesson) -> Iterator[Passage]:
    """Every text of a lesson a trainer reads out or shows, the worked examples' stories included."""
    for text in lesson.objectives:
        yield Passage("objectives", lesson.line("objectives"), text)
    for topic in lesson.topics:
        yield Passage(f"topic “{topic.title}”: teach", topic.line("teach"), topic.teach)
        for example in topic.examples:
            for key in ("story", "reasoning", "ruling"):
                yield Passage(f"example “{example.title}”: {key}", example.line(key), getattr(example, key))
        for point in topic.key_points:
            yield Passage(f"topic “{topic.title}”: key points", topic.line("key_points"), point)


def chart_note_passages(chart: Chart) -> Iterator[Passage]:
    """A chart's notes: how it was reconstructed or drawn, and what its audits found."""
    if chart.notes:
        yield Passage("notes", chart.line("notes"), chart.notes)
