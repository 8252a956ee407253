"""Situations and scenarios: enough of them, every chart covered, every scenario on a course page."""
from __future__ import annotations

import functools

from support import ROOT
from generator.corpus.loading import load_corpus
from generator.text.situations import situations
from generator.flowcharts.walk import walk

@functools.cache
def corpus():
    """Read when a test first asks (not at import: a bad source fails the tests, not the collection)."""
    return load_corpus(ROOT)


def flow_charts():
    return [c for c in corpus().charts.values() if c.layout == "flow"]


def test_at_least_80_situations_and_every_chart_has_some() -> None:
    found = situations(corpus())
    assert len(found) >= 80
    assert [c.id for c in corpus().charts.values() if not c.situations] == []
    texts = [s.text.casefold() for s in found]
    assert len(set(texts)) == len(texts), "a situation leads to one place"


def test_the_finder_knows_the_situations_a_director_names() -> None:
    texts = " | ".join(s.text.casefold() for s in situations(corpus()))
    for words in ("insufficient bid", "lead out of turn", "revoke", "claim", "exposed card", "wrong board",
                  "missing card", "hesitation"):
        assert words in texts, words


def test_every_chart_has_two_scenarios_and_flow_charts_walk_to_different_rulings() -> None:
    short = [c.id for c in corpus().charts.values() if len(c.scenarios) < 2]
    assert short == []
    for chart in flow_charts():
        ends = {walk(chart, s)[-1] for s in chart.scenarios}
        assert len(ends) >= 2, chart.id


def test_every_chart_with_scenarios_is_in_a_course_module() -> None:
    assert corpus().course is not None
    in_modules = [c for m in corpus().course.modules for c in m.charts]
    assert sorted(corpus().charts) == sorted(set(in_modules))
    assert len(in_modules) == len(set(in_modules)), "each chart in one module"


def test_scenarios_end_at_every_end_box_and_make_every_route_paragraph_decisive() -> None:
    from generator.flowcharts.routecoverage import totals

    found = totals(flow_charts())
    gaps = {c.chart: (c.missing_ends, [r.canonical() for r in c.missing_paragraphs])
            for c in found.charts if c.missing_ends or c.missing_paragraphs}
    assert gaps == {}
    assert found.ends[0] == found.ends[1] and found.paragraphs[0] == found.paragraphs[1]
