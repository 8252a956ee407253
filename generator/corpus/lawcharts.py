"""Every Law with the charts that apply it: those printed beside it, and those whose boxes apply
it on their routes (a hand-off or a citation); a Law with neither says why it needs none. The
editor's list (on the charts' index page), held by the build: a Law with no chart beside it and no
reason is a problem of its file."""
from __future__ import annotations

from dataclasses import dataclass

from generator.corpus.corpus import Corpus
from generator.flowcharts.walk import box_refs


@dataclass(frozen=True)
class LawCharts:
    law: int
    title: str
    beside: tuple[str, ...]  # charts printed beside the Law
    applied_by: tuple[str, ...]  # other charts whose boxes apply one of its places
    no_chart: str | None  # why the Law has none beside it


def law_charts(corpus: Corpus) -> list[LawCharts]:
    applying: dict[int, set[str]] = {}
    for chart in corpus.charts.values():
        for node in chart.nodes:
            for ref in box_refs(chart, node):
                applying.setdefault(ref.law, set()).add(chart.id)
    out = []
    for number, law in sorted(corpus.laws.items()):
        beside = tuple(c.id for c in corpus.charts_for(number))
        others = tuple(sorted(applying.get(number, set()) - set(beside)))
        out.append(LawCharts(number, law.title, beside, others, law.no_chart))
    return out
