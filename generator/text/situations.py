"""What happened at the table: the situations charts and Laws declare, for the search and the A–Z."""
from __future__ import annotations

from dataclasses import dataclass

from generator.text.inline import law_url
from generator.corpus.corpus import Corpus
from generator.text.templates import display_title


@dataclass(frozen=True, order=True)
class Situation:
    """One situation and where it leads: a chart beside its Law, or a Law."""

    sort_key: str
    text: str
    law: int
    where: str  # "Law 27: Insufficient Bid" as a reader sees it
    url: str  # site path of the chart on its Law's page, or of the Law
    walk: str | None  # site path of the step-through, for a flow chart


def situations(corpus: Corpus) -> list[Situation]:
    """Every declared situation, A to Z."""
    found: list[Situation] = []
    for chart in corpus.charts.values():
        law = chart.laws[0]
        walk = f"walk/{chart.id}/" if chart.layout == "flow" else None
        for text in chart.situations:
            found.append(Situation(text.casefold(), text, law, chart.title, f"{law_url(law)}#chart-{chart.id}", walk))
    for law in corpus.laws.values():
        for text in law.situations:
            where = f"Law {law.law}: {display_title(law.title)}"
            found.append(Situation(text.casefold(), text, law.law, where, law_url(law.law), None))
    return sorted(found)
