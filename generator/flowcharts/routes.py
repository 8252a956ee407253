"""Every route through a chart, as the step-through shows it: the answers given and the ruling.

For a reviewing Director (and the laws editor): reading each route whole is how a chart is
checked against its Law, one situation at a time.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.flowcharts.boxnotes import correction_words, later_words
from generator.sources.model import Chart, Kind
from generator.flowcharts.walk import (NOT_MET, START, WalkError, box_of, box_refs, cases, choices, first_box, not_met,
                                      qualifiers, walk)

# The boxes a walk passes that are part of the ruling (a question's answer is in the trail).
RULING_KINDS = frozenset({Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT, Kind.REPETITION, Kind.CONDITION})


@dataclass(frozen=True)
class Route:
    """One way through a chart: each step a box and the answer that left it (None at the end)."""

    steps: tuple[tuple[str, str | None], ...]

    @property
    def end(self) -> str:
        return self.steps[-1][0]

    def boxes(self) -> tuple[str, ...]:
        return tuple(box for box, _ in self.steps)


def scenarios_by_route(chart: Chart) -> dict[tuple[str, ...], list[str]]:
    """The titles of the scenarios that take each route, keyed by the route's boxes (a route that
    ends where a condition does not hold ends with that condition's not-met step)."""
    out: dict[tuple[str, ...], list[str]] = {}
    for scenario in chart.scenarios:
        try:
            route = walk(chart, scenario)
        except WalkError:
            continue
        if len(choices(chart, chart.by_id[route[-1]])) > 1:
            route = [*route, not_met(route[-1])]
        out.setdefault(tuple(route), []).append(scenario.title)
    return out


def routes(chart: Chart, limit: int = 500) -> Iterator[Route]:
    """Every route from each start to an end (or a condition that does not hold), depth first."""
    starts = [c.id for c in cases(chart)] if first_box(chart) == START else [first_box(chart)]
    count = 0
    stack: list[tuple[tuple[str, str | None], ...]] = [((s, None),) for s in reversed(starts)]
    while stack and count < limit:
        path = stack.pop()
        here = path[-1][0]
        node = chart.by_id.get(here)
        ways = choices(chart, node) if node is not None else []
        if not ways:
            count += 1
            yield Route(path)
            continue
        seen = {box for box, _ in path}
        for way in reversed(ways):
            if way.to in seen:
                continue  # a loop: the graph check reports it
            label = way.label if len(ways) > 1 else None
            stack.append(path[:-1] + ((here, label), (way.to, None)))


def describe(chart: Chart, route: Route) -> list[str]:
    """The route in words: the answers, then every box of the ruling with its paragraphs."""
    notes = qualifiers(chart)
    lines: list[str] = []
    ruling: list[str] = []
    for box, answer in route.steps:
        if box.endswith(NOT_MET):
            ruling.append(f"  - no action under: {_words(chart.by_id[box_of(box)].text)}")
            continue
        node = chart.by_id[box]
        refs = ", ".join(r.canonical() for r in box_refs(chart, node))
        said = f"{box}: {_words(node.text)}" + (f" [{refs}]" if refs else "")
        if node.kind is Kind.CASE:
            lines.append(f"  case {said}")
        elif answer is not None:
            shown = {"Yes": "holds", "No": "does not hold"}.get(answer, answer) if node.kind is Kind.CONDITION else answer
            lines.append(f"  {said} -> {shown}")
        if node.kind in RULING_KINDS and not (node.kind is Kind.CONDITION and answer == "No"):
            ruling.append(f"  - {node.kind.value} {said}")
        for note in notes.get(box, []):
            ruling.append(f"      (read with {note.id}: {_words(note.text)})")
        if node.editor_note is not None:
            ruling.append(f"      ({correction_words(node, chart.laws[0])})")
        if node.later is not None:
            ruling.append(f"      {later_words(node)}")
        for cont in node.continues:
            ruling.append(f"  => continues in {cont.chart} at {cont.at}")
    return ["answers:", *lines, "ruling:", *ruling]


def _words(text: str) -> str:
    return " ".join(text.split())

