"""The course pages: each module's scenarios as a self-check quiz, and a printable handout."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from jinja2 import Environment

from generator.index import citations
from generator.text.inline import Renderer, law_url, ref_url
from generator.corpus.corpus import Corpus
from generator.flowcharts.boxnotes import hand_off
from generator.flowcharts.style import STYLES
from generator.sources.model import Chart, Kind, Module, Scenario
from generator.flowcharts.walk import NOT_MET, START, box_refs, choices, first_box, not_met, reachable, walk
from generator.site.walkpages import walk_url

# Course pages sit at training/<module>/: two levels below the root.
PREFIX = "../../"
# Boxes a route passes that are part of the ruling, besides the box it ends at.
APPLIED = frozenset({Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT})


@dataclass(frozen=True)
class Quiz:
    """One scenario as the course shows it."""

    number: int
    anchor: str
    chart: Chart
    scenario: Scenario
    steps: list[dict[str, str]]  # each question met and the answer the facts give
    ruling: str
    refs: list[dict[str, str]]
    applied: list[dict[str, Any]]  # what else the route applies before its end, each with its paragraphs
    continues: str | None  # where the ruling goes on in another chart
    walk: str
    candidates: list[str]  # the ruling and other ends of the same chart, to choose from


def quizzes(corpus: Corpus, module: Module) -> list[Quiz]:
    """The module's scenarios in its charts' order, each walked through its chart."""
    out: list[Quiz] = []
    for chart_id in module.charts:
        chart = corpus.charts[chart_id]
        if chart.table is not None:
            out.extend(_table_quizzes(chart, len(out)))
            continue
        by_id = chart.by_id
        walkable = reachable(chart)
        ends = [n.id for n in chart.nodes if n.id in walkable
                and (not choices(chart, n) or any(c.to.endswith(NOT_MET) for c in choices(chart, n)))]
        for k, scenario in enumerate(chart.scenarios, 1):
            route = walk(chart, scenario)
            steps = []
            for here, nxt in zip(route, route[1:]):
                ways = choices(chart, by_id[here])
                if len(ways) > 1:
                    picked = next(w.label for w in ways if w.to == nxt)
                    steps.append({"box": by_id[here].text, "answer": picked})
            shown = list(route)
            if choices(chart, by_id[route[-1]]):  # the walk stopped at a condition that does not hold
                steps.append({"box": by_id[route[-1]].text, "answer": "No"})
                shown.append(not_met(route[-1]))
            ruling = by_id[route[-1]]
            applied = [{"text": by_id[b].text, "kind": STYLES[by_id[b].kind].name,
                        "refs": [{"label": r.label(), "url": ref_url(r)} for r in box_refs(chart, by_id[b])]}
                       for b in route[:-1] if by_id[b].kind in APPLIED]
            others = [e for e in ends if e != ruling.id][:2]
            candidates = sorted([ruling.id, *others], key=lambda i: by_id[i].text.casefold())
            out.append(Quiz(
                number=len(out) + 1, anchor=f"{chart.id}-{k}", chart=chart, scenario=scenario, steps=steps,
                ruling=ruling.text,
                refs=[{"label": r.label(), "url": ref_url(r)} for r in box_refs(chart, ruling)],
                applied=applied,
                continues=" and ".join(hand_off(c, corpus.charts).label for c in ruling.continues) or None,
                walk=walk_url(chart, [START, *shown] if first_box(chart) == START else shown),
                candidates=[by_id[c].text for c in candidates],
            ))
    return out


def _table_quizzes(chart: Chart, before: int) -> list[Quiz]:
    """A decision table's scenarios: who, when, doing what, and which column the table puts it in."""
    assert chart.table is not None
    out = []
    for k, scenario in enumerate(chart.scenarios, 1):
        fact = scenario.table
        assert fact is not None  # validation requires it for a table chart
        group = next(g for g in chart.table.groups if g.label == fact.group)
        refs = [r for r in (citations.parse_ref(v, chart.laws[0]) for v in group.cites) if r is not None]
        out.append(Quiz(
            number=before + len(out) + 1, anchor=f"{chart.id}-{k}", chart=chart, scenario=scenario,
            steps=[{"box": chart.table.columns[0], "answer": fact.group},
                   {"box": chart.table.columns[1], "answer": fact.row},
                   {"box": "Doing", "answer": fact.action}],
            ruling=f"{scenario.ruling}: {fact.action}",
            refs=[{"label": r.label(), "url": ref_url(r)} for r in refs],
            applied=[], continues=None,
            walk=f"{law_url(chart.laws[0])}#chart-{chart.id}",
            candidates=[f"{column}: {fact.action}" for column in chart.table.columns[2:]],
        ))
    return out


Cached = Callable[[list[str], Callable[[], str]], str]


def module_pages(env: Environment, corpus: Corpus, cached: Cached | None = None,
                 inputs: Callable[[Module], list[str]] | None = None) -> dict[str, str]:
    """training/index.md, and a quiz page and a handout page per module.

    With `cached` (and the `inputs` each module's pages are made from), a module whose charts did
    not change is read back instead of walked again.
    """
    if corpus.course is None:
        return {}
    r = Renderer(PREFIX, None, None)
    pages: dict[str, str] = {}
    summary: list[dict[str, Any]] = []
    for module in corpus.course.modules:
        summary.append({"module": module, "count": sum(len(corpus.charts[c].scenarios) for c in module.charts)})
        made: dict[str, list[Quiz]] = {}

        def items(module: Module = module) -> list[Quiz]:
            if "q" not in made:
                made["q"] = quizzes(corpus, module)
            return made["q"]

        for template, name in (("training_module.md.j2", module.id), ("training_handout.md.j2", f"{module.id}-handout")):
            def make(template: str = template, module: Module = module) -> str:
                return env.get_template(template).render(module=module, quizzes=items(module), prefix=PREFIX, r=r)

            key = [template, *(inputs(module) if inputs else [])]
            pages[f"training/{name}.md"] = cached(key, make) if cached else make()
    pages["training/index.md"] = env.get_template("training_index.md.j2").render(modules=summary)
    return pages
