"""How far the training scenarios cover the charts' routes: every way out of every box that asks
(each answer of a question or condition, each option, each Case) is taken by a scenario, every end
box is the ruling of one, and every paragraph a route decides or applies is decisive in one."""
from __future__ import annotations

from dataclasses import dataclass

from generator.index.citations import Ref
from generator.sources.model import Chart, ChartLayout, Kind
from generator.flowcharts.walk import START, WalkError, box_refs, cases, choices, end_boxes, first_box, not_met, reachable, walk

# Boxes whose paragraphs decide the route or the ruling (a statement only explains).
DECIDING = frozenset({Kind.QUESTION, Kind.CONDITION, Kind.ACTION, Kind.OPTIONS, Kind.CASE, Kind.REPETITION})


def unit(ref: Ref) -> Ref:
    """The paragraph a place belongs to: items and sub-items count for their paragraph."""
    return Ref(ref.law, ref.section, ref.paragraph)


@dataclass(frozen=True)
class Arrow:
    """One way out of a box that asks: its answer (or option, or Case) and where it leads."""

    box: str  # a box id, or START for the choice of Case
    to: str
    label: str


def arrows(chart: Chart) -> list[Arrow]:
    """Every way out of every box a walk can reach that offers more than one."""
    walkable = reachable(chart)
    out = [Arrow(START, c.id, c.text) for c in cases(chart)] if first_box(chart) == START else []
    for node in chart.nodes:
        ways = choices(chart, node) if node.id in walkable else []
        if len(ways) > 1:
            out += [Arrow(node.id, w.to, w.label) for w in ways]
    return out


def taken(chart: Chart, route: list[str]) -> set[tuple[str, str]]:
    """The ways a walk's route takes, the choice of Case and a condition found not to hold included."""
    pairs = set(zip(route, route[1:]))
    if first_box(chart) == START:
        pairs.add((START, route[0]))
    last = chart.by_id[route[-1]]
    if len(choices(chart, last)) > 1:  # the walk stopped where a condition does not hold
        pairs.add((last.id, not_met(last.id)))
    return pairs


@dataclass(frozen=True)
class RouteCoverage:
    """One flow chart's ways out of its deciding boxes, end boxes and route paragraphs, and those
    its scenarios take, reach and make decisive."""

    chart: str
    ends: tuple[str, ...]
    ended: frozenset[str]
    paragraphs: tuple[Ref, ...]
    decisive: frozenset[Ref]
    branches: tuple[Arrow, ...] = ()
    taken: frozenset[tuple[str, str]] = frozenset()

    @property
    def missing_branches(self) -> list[Arrow]:
        return [a for a in self.branches if (a.box, a.to) not in self.taken]

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
    went: set[tuple[str, str]] = set()
    for scenario in chart.scenarios:
        try:
            route = walk(chart, scenario)
        except WalkError:
            continue
        ended.add(route[-1])
        decisive.update(_paragraphs(chart, route))
        went |= taken(chart, route)
    on_routes = [n.id for n in chart.nodes if n.id in walkable]
    return RouteCoverage(chart.id, tuple(end_boxes(chart)), frozenset(ended),
                         tuple(sorted(_paragraphs(chart, on_routes), key=Ref.reading_order)), frozenset(decisive),
                         tuple(arrows(chart)), frozenset(went))


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

    @property
    def branches(self) -> tuple[int, int]:
        return (sum(len(c.branches) - len(c.missing_branches) for c in self.charts),
                sum(len(c.branches) for c in self.charts))

    def summary(self, scenarios: int) -> str:
        (b, bn), (e, en), (p, pn) = self.branches, self.ends, self.paragraphs
        return (f"routes: {scenarios} scenarios take {b} of {bn} branches ({_pct(b, bn)}), end at {e} of {en} "
                f"end boxes ({_pct(e, en)}) and make {p} of {pn} route paragraphs decisive ({_pct(p, pn)})")


def _pct(part: int, whole: int) -> str:
    """Rounded down, so that 100 % means every one."""
    return f"{(1000 * part // whole) / 10:g} %" if whole else "100 %"


def totals(charts: list[Chart]) -> Totals:
    return Totals([route_coverage(c) for c in charts if c.layout is ChartLayout.FLOW])
