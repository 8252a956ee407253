"""Every chart cites every operative paragraph of the Laws it serves, or says why not."""
from __future__ import annotations

import pytest

from support import ROOT
from generator.coverage import chart_coverage
from generator.loading import load_corpus

CORPUS = load_corpus(ROOT)


@pytest.mark.parametrize("chart_id", sorted(CORPUS.charts))
def test_chart_covers_its_laws(chart_id: str) -> None:
    chart = CORPUS.charts[chart_id]
    coverage = chart_coverage(chart, CORPUS.laws)
    missing = [ref.canonical() for ref in coverage.missing]
    assert missing == [], (
        f"{chart_id}: {len(missing)} of {len(coverage.units)} operative paragraphs are neither cited "
        f"nor listed under omits: with a reason: {', '.join(missing)}")
