"""How far the training scenarios cover the charts' routes: every end box is the ruling of a
scenario, and every paragraph a route decides or applies is decisive in a scenario."""
from __future__ import annotations

from dataclasses import dataclass

from generator.index.citations import Ref
from generator.sources.model import Chart, Kind
from generator.flowcharts.walk import WalkError, box_refs, end_boxes, reachable, walk

# Boxes whose paragraphs decide the route or the ruling (a statement only explains).
DECIDING = frozenset({Kind.QUESTION, Kind.CONDITION, Kind.ACTION, Kind.OPTIONS, Kind.CASE, Kind.REPETITION})


def unit(ref: Ref) -> Ref:
    """The paragraph a place belongs to: items and sub-items count for their paragraph."""
    return Ref(ref.law, ref.section, ref.paragraph)


@dataclass(frozen=True)
class RouteCoverage:
    """One flow chart's end boxes and route paragraphs, and those its scenarios reach."""

    chart: str
    ends: tuple[str, ...]
    ended: frozenset[str]
    paragraphs: tuple[Ref, ...]
    decisive: frozenset[Ref]

    @property
    def missing_ends(self) -> list[str]:
        return [e for e in self.ends if e not in self.ended]

    @property
    def missing_paragraphs(self) -> list[Ref]:
        return [p for p in self.paragraphs if p not in self.decisive]


def _paragraphs(chart: Chart, boxes: list[str]) -> list[Ref]:
    by_id = chart.by_id
    found = [unit(r) for b in boxes if by_id[b].kind in DECIDING for r in box_refs(chart, by_id[b])]
    return list(dict.fromkeys(found))


def route_coverage(chart: Chart) -> RouteCoverage:
    """A flow chart's coverage by its scenarios (those that do not walk are reported elsewhere)."""
    walkable = reachable(chart)
    ended: set[str] = set()
    decisive: set[Ref] = set()
    for scenario in chart.scenarios:
        try:
            route = walk(chart, scenario)
        except WalkError:
            continue
        ended.add(route[-1])
        decisive.update(_paragraphs(chart, route))
    on_routes = [n.id for n in chart.nodes if n.id in walkable]
    return RouteCoverage(chart.id, tuple(end_boxes(chart)), frozenset(ended),
                         tuple(sorted(_paragraphs(chart, on_routes), key=Ref.reading_order)), frozenset(decisive))


@dataclass(frozen=True)
class Totals:
    """Coverage summed over every flow chart."""

    charts: list[RouteCoverage]

    @property
    def ends(self) -> tuple[int, int]:
        return sum(len(c.ends) - len(c.missing_ends) for c in self.charts), sum(len(c.ends) for c in self.charts)

    @property
    def paragraphs(self) -> tuple[int, int]:
        return (sum(len(c.paragraphs) - len(c.missing_paragraphs) for c in self.charts),
                sum(len(c.paragraphs) for c in self.charts))

    def summary(self, scenarios: int) -> str:
        (e, en), (p, pn) = self.ends, self.paragraphs
        return (f"routes: {scenarios} scenarios end at {e} of {en} end boxes ({_pct(e, en)}) and make "
                f"{p} of {pn} route paragraphs decisive ({_pct(p, pn)})")


def _pct(part: int, whole: int) -> str:
    """Rounded down, so that 100 % means every one."""
    return f"{(1000 * part // whole) / 10:g} %" if whole else "100 %"


def totals(charts: list[Chart]) -> Totals:
    return Totals([route_coverage(c) for c in charts if c.layout == "flow"])
