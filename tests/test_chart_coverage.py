"""Every chart cites every operative paragraph of the Laws it serves, or says why not."""
from __future__ import annotations

import functools

import pytest

from support import ROOT
from generator.index.coverage import chart_coverage
from generator.corpus.loading import load_corpus

CHART_IDS = sorted(p.stem for p in (ROOT / "flowcharts").glob("*.yaml"))  # named by files: no corpus read at import


@functools.cache
def corpus():
    return load_corpus(ROOT)


@pytest.mark.parametrize("chart_id", CHART_IDS)
def test_chart_covers_its_laws(chart_id: str) -> None:
    chart = corpus().charts[chart_id]
    coverage = chart_coverage(chart, corpus().laws)
    missing = [ref.canonical() for ref in coverage.missing]
    assert missing == [], (
        f"{chart_id}: {len(missing)} of {len(coverage.units)} operative paragraphs are neither cited "
        f"nor listed under omits: with a reason: {', '.join(missing)}")


AUDIT = ROOT / "docs" / "audit"
# Each part, in one of its names: a book chart's record says what was changed, a drawn chart's what
# was chosen; the second Director's pass is a second review or the whole-ruling audit.
AUDIT_PARTS = (("## Paragraph by paragraph",), ("## Changes made", "## Choices made"), ("## Situations walked",),
               ("## Second review", "## Whole-ruling audit"))


@pytest.mark.parametrize("chart_id", CHART_IDS)
def test_every_chart_has_its_audit_record(chart_id: str) -> None:
    """How each chart was checked against its Law, and by a second Director, is kept with it."""
    record = AUDIT / f"{chart_id}.md"
    assert record.exists(), f"docs/audit/{chart_id}.md is missing"
    text = record.read_text(encoding="utf-8")
    assert text.startswith("---\nsearch:\n  exclude: true"), "kept out of the search, below the Laws it checks"
    assert f"\n# Audit: {corpus().charts[chart_id].title} ({chart_id})\n" in text
    missing = [names[0] for names in AUDIT_PARTS if not any(f"\n{name}" in text for name in names)]
    assert missing == [], f"{chart_id}: the record lacks {missing}"
    assert f"({chart_id}.md)" in (AUDIT / "index.md").read_text(encoding="utf-8"), "listed in the audit index"
