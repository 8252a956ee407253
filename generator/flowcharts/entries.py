"""Where a step-through starts for a place in the Laws: the flow chart whose boxes apply it most,
opened at the one Case that holds them (a Director who found Law 50D1 wants the penalty-card
questions, not the choice of Case). Used by the search, whose Law results offer the walk."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from generator.flowcharts.walk import START, box_refs, cases, first_box, reachable
from generator.index.citations import Ref
from generator.sources.model import Chart, ChartLayout
from generator.index.urls import walk_url


@dataclass(frozen=True)
class Entry:
    chart: str
    case: str | None  # the Case box to open at, when the chart starts with a choice of Cases

    def address(self) -> str:
        """The step-through's address, relative to the site's root."""
        return walk_url(self.chart, [START, self.case] if self.case else None)


class Entries:
    """The walk entry of each place, from the flow charts of a corpus."""

    def __init__(self, charts: Mapping[str, Chart]) -> None:
        self.charts = [c for _, c in sorted(charts.items()) if c.layout is ChartLayout.FLOW]

    @cached_property
    def _applying(self) -> dict[str, dict[Ref, set[str]]]:
        """Per chart: each place to the boxes that apply it or a place within it."""
        out: dict[str, dict[Ref, set[str]]] = {}
        for chart in self.charts:
            by_place = out[chart.id] = {}
            for node in chart.nodes:
                for ref in box_refs(chart, node):
                    for place in ref.ancestors():
                        by_place.setdefault(place, set()).add(node.id)
        return out

    @cached_property
    def _case_boxes(self) -> dict[str, dict[str, set[str]]]:
        """Per chart that starts with a choice of Cases: the boxes each Case reaches."""
        out: dict[str, dict[str, set[str]]] = {}
        for chart in self.charts:
            if first_box(chart) == START:
                out[chart.id] = {c.id: reachable(chart, [c.id]) for c in cases(chart)}
        return out

    def of(self, place: Ref) -> Entry | None:
        """The entry for a place: None when no flow chart is drawn for its Law."""
        best: tuple[int, str] | None = None
        for chart in self.charts:
            if place.law not in chart.laws:
                continue
            boxes = self._applying[chart.id].get(place, set())
            if best is None or len(boxes) > best[0]:
                best = (len(boxes), chart.id)
        if best is None:
            return None
        chart_id = best[1]
        boxes = self._applying[chart_id].get(place, set())
        holding = [case for case, reached in self._case_boxes.get(chart_id, {}).items() if boxes and boxes <= reached]
        return Entry(chart_id, holding[0] if len(holding) == 1 else None)
