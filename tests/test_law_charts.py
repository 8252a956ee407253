"""Every one of the 93 Laws stands beside a chart that decides it, or says why it needs none; the
list (on the charts' index page) names the charts beside each Law and those that apply it."""
from __future__ import annotations

from typing import Any

from support import edit
from generator.corpus.lawcharts import law_charts


def test_each_of_the_93_laws_has_a_chart_beside_it_or_a_reason(real_corpus: Any) -> None:
    listed = law_charts(real_corpus)
    assert [lc.law for lc in listed] == list(range(1, 94))
    for lc in listed:
        assert lc.beside or (lc.no_chart and len(lc.no_chart.split()) >= 6), f"Law {lc.law}"
        assert not (lc.beside and lc.no_chart), f"Law {lc.law}"
    # Laws the Director rules under at the table all have a chart beside them: the laws without one
    # are the definitions of the game's equipment and movement, scoring tables and the like.
    assert {lc.law for lc in listed if not lc.beside} <= {1, 2, 3, 4, 5, 8, 77, 78, 88, 89}


def test_a_law_without_a_chart_is_applied_through_others_where_it_decides(real_corpus: Any) -> None:
    by_law = {lc.law: lc for lc in law_charts(real_corpus)}
    assert by_law[77].applied_by, "the score of a deal is applied by the charts of the score"
    assert "laws-10-12" in by_law[86].applied_by or "laws-10-12" in by_law[12].beside


def test_a_law_without_a_chart_or_a_reason_is_reported(project: Any) -> None:
    from generator.corpus.loading import read_corpus

    edit(project / "flowcharts" / "fixture.yaml", "laws: [1, 2]", "laws: [2]")
    _corpus, problems = read_corpus(project)
    assert any("Law 1 has no chart beside it" in str(p) and "law-01.yaml:" in str(p) for p in problems.items), problems.items
