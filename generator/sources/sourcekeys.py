"""The name each source file goes by in the corpus (`Corpus.paths`, and the page cache's inputs).

"law:14" a Law in force, "law:1997:45" an earlier edition's, "chart:law-14", "front:preface",
"course", "lesson:auction", "questions:law-14", "alignment:1997".
"""
from __future__ import annotations

COURSE = "course"


def law_key(number: int, edition: int | None = None) -> str:
    """A Law's file: the text in force, or an earlier edition's (`edition`, its year)."""
    return f"law:{number}" if edition is None else f"law:{edition}:{number}"


def chart_key(chart_id: str) -> str:
    return f"chart:{chart_id}"


def front_key(name: str) -> str:
    """Front matter: "preface", "introduction", "definitions", "vocabulary"."""
    return f"front:{name}"


def lesson_key(module_id: str) -> str:
    return f"lesson:{module_id}"


def questions_key(chart_id: str) -> str:
    return f"questions:{chart_id}"


def alignment_key(year: int) -> str:
    """The overrides of how an earlier edition's provisions match the current ones."""
    return f"alignment:{year}"
