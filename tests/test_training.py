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


def test_the_course_check_refuses_a_worked_example_asked_again_and_a_lesson_too_short(tmp_path) -> None:
    """A trainer's dry run: six of a session's fifteen questions were its worked examples again, and
    a lesson of topics adding up to 54 minutes with 15 questions was billed as 60 minutes."""
    import shutil

    import pytest

    from generator.sources.errors import SourceErrors
    from support import COURSE, edit, make_project

    root = make_project(tmp_path / "project")
    shutil.copytree(COURSE, root, dirs_exist_ok=True)
    load_corpus(root)  # the fixture course as it is: valid
    lesson = root / "training/lessons/fixture.yaml"
    edit(lesson, 'session: ["fixture: The card was exposed"]', 'session: ["fixture: The card was never exposed"]')
    edit(lesson, 'walk: "fixture: The card was never exposed"', 'walk: "fixture: The card was exposed"')
    edit(lesson, 'final: ["fixture: Offered the option"]', 'final: ["fixture: The card was exposed"]')
    edit(lesson, "minutes: 20", "minutes: 29")
    (root / "training/questions/fixture.yaml").write_text(
        (root / "training/questions/fixture.yaml").read_text(encoding="utf-8") + (
            "  - scenario: The card was never exposed\n    level: 1\n    topic: Exposed cards\n"
            "    answer: No penalty card\n    why: It fell face down (Law 1A1).\n    refs: [1A1]\n    wrong:\n"
            "      - text: The card becomes a penalty card\n        why: It was not exposed.\n        refs: [1A1]\n"
            "      - text: Declarer may require the card to be played\n        why: Not exposed.\n        refs: [1A2]\n"),
        encoding="utf-8")
    with pytest.raises(SourceErrors) as caught:
        load_corpus(root)
    found = [str(p) for p in caught.value.problems]
    assert any("the final test asks 'fixture: The card was exposed', the story of a worked example" in p for p in found), found
    assert any("the topics take 29 minutes and the session's 1 question about 2 more, more than the lesson's 30" in p
               for p in found), found
    assert len(found) == 2, found
