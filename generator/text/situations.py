"""What happened at the table: the situations charts and Laws declare, for the search and the A–Z."""
from __future__ import annotations

from dataclasses import dataclass

from generator.index.urls import chart_beside_law, law_url, walk_url
from generator.corpus.corpus import Corpus
from generator.flowcharts.walk import START, WalkError, cases, first_box, follow
from generator.sources.model import Chart, ChartLayout
from generator.sources.model import Situation as Source
from generator.text.templates import display_title


@dataclass(frozen=True, order=True)
class Situation:
    """One situation and where it leads: a chart beside its Law, or a Law."""

    sort_key: str
    text: str
    law: int
    where: str  # "Law 27: Insufficient Bid" as a reader sees it
    url: str  # site path of the chart on its Law's page, or of the Law
    walk: str | None  # site path of the step-through at the situation's own place, for a flow chart
    phrasings: tuple[str, ...] = ()
    chart: str | None = None  # the chart that rules on it, where one does


def walk_route(chart: Chart, situation: Source) -> list[str]:
    """The boxes a situation's walk has passed when its step-through opens: from its own entry
    box (a Case, or the top), through the answers it already gives, to the first question it
    leaves open. An inner entry box is written `at:box`, as a walk started from a tapped box."""
    top = first_box(chart)
    start = situation.at or (cases(chart)[0].id if top != START else None)
    if start is None:
        return [START]
    found = follow(chart, start, situation.facts)
    lead = [START] if top == START and chart.by_id[start] in cases(chart) else []
    if not lead and start != top:
        return [f"at:{start}", *found.route[1:]]
    return [*lead, *found.route]


def situation_walk(chart: Chart, situation: Source) -> str:
    """The site path of a situation's step-through, at its own place."""
    try:
        route = walk_route(chart, situation)
    except (WalkError, KeyError):
        route = []  # reported by the checks; the walk then opens at the top
    return walk_url(chart.id, route)


def situations(corpus: Corpus) -> list[Situation]:
    """Every declared situation, A to Z."""
    found: list[Situation] = []
    for chart in corpus.charts.values():
        law = chart.laws[0]
        for s in chart.situations:
            walk = situation_walk(chart, s) if chart.layout is ChartLayout.FLOW else None
            found.append(Situation(s.text.casefold(), s.text, law, chart.title, chart_beside_law(law, chart.id), walk,
                                   tuple(s.phrasings), chart.id))
    for law in corpus.laws.values():
        for s in law.situations:
            where = f"Law {law.law}: {display_title(law.title)}"
            found.append(Situation(s.text.casefold(), s.text, law.law, where, law_url(law.law), None, tuple(s.phrasings)))
    return sorted(found)
