"""`python -m generator walk`: a step-through in the terminal, for reviewing charts as a Director.

    python -m generator walk law-27 q_rotation=yes q_unintended=no q_must_pass=no q_lho_called=no
    python -m generator walk law-27 ... a_offer=o2 q_replaced=no @law-26 q_comparable=no

Each `box=answer` answers a box (yes/no, or the id of the box chosen where several arrows leave
it, a Case among the Cases with `start=c2`); `@chart` goes on in the chart an end box handed over
to, carrying the facts established. It prints the answers, then either the next question with its
answers' keys, or the Ruling card: what is ruled now, what happens next, what is judged at the end
of play, each with its paragraphs, as the step-through shows it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.corpus.corpus import Corpus
from generator.flowcharts.boxnotes import hand_off
from generator.flowcharts.ruling import Item, Ruling, Step, ruling_of, taken
from generator.flowcharts.walk import START, WalkError, asks_if_holds, box_refs, cases, choices, first_box, follow, not_met
from generator.sources.model import Chart, ChartLayout, Continuation, IRREGULARITY, Kind


@dataclass
class Walked:
    """Where a terminal walk got to."""

    steps: list[Step] = field(default_factory=list)
    open_chart: Chart | None = None
    open_box: str | None = None  # the box waiting for an answer
    error: str | None = None


def parse(tokens: list[str]) -> list[tuple[str, dict[str, str]]]:
    """`chart a=b c=d @other e=f` → [(chart, {a: b, c: d}), (other, {e: f})]."""
    parts: list[tuple[str, dict[str, str]]] = []
    for token in tokens:
        if token.startswith("@") or not parts:
            parts.append((token.lstrip("@"), {}))
            continue
        box, sep, answer = token.partition("=")
        if not sep:
            raise WalkError(f"'{token}' is not box=answer (or @chart to go on in another chart)")
        parts[-1][1][box] = answer
    return parts


def walk_charts(corpus: Corpus, parts: list[tuple[str, dict[str, str]]]) -> Walked:
    out = Walked()
    known: dict[str, str] = {}
    for n, (chart_id, answers) in enumerate(parts):
        chart = corpus.charts.get(chart_id)
        if chart is None or chart.layout is not ChartLayout.FLOW:
            out.error = f"no flow chart '{chart_id}'"
            return out
        if n == 0:
            start = first_box(chart)
        else:
            # The walk goes on where the Ruling card so far says it goes on: the box it ended at,
            # or an earlier end box's other hand-off not yet followed (ruling.py decides both).
            handed = taken(ruling_of(out.steps).hand_offs, chart_id)
            if handed is None:
                out.error = f"the walk does not hand over to '{chart_id}' here"
                return out
            start = handed[1] or first_box(chart)
        if start == START:
            pick = answers.pop("start", None)
            if pick is None:
                out.open_chart, out.open_box = chart, START
                return out
            if pick not in {c.id for c in cases(chart)}:
                out.error = f"start={pick}: the Cases are {', '.join(c.id for c in cases(chart))}"
                return out
            out.steps.append(Step(chart, START, next(c.text for c in cases(chart) if c.id == pick)))
            start = pick
        try:
            found = follow(chart, start, answers, known=known)
        except WalkError as exc:
            out.error = str(exc)
            return out
        unused = sorted(set(answers) - found.used)
        if unused:
            out.error = f"answers the walk never asks in {chart_id}: {', '.join(unused)}"
            return out
        known = found.known
        route = found.route
        for here, nxt in zip(route, [*route[1:], None]):
            node = chart.by_id[here]
            ways = choices(chart, node)
            answer = next((w.label for w in ways if w.to == nxt), None) if len(ways) > 1 and nxt else None
            out.steps.append(Step(chart, here, answer, here in found.carried))
        last = chart.by_id[route[-1]]
        if found.open:
            out.open_chart, out.open_box = chart, last.id
            return out
        if choices(chart, last):  # a condition found not to hold
            out.steps[-1] = Step(chart, last.id, "No", last.id in found.carried)
            out.steps.append(Step(chart, not_met(last.id)))
    return out


def describe(corpus: Corpus, walked: Walked) -> list[str]:
    lines: list[str] = []
    for step in walked.steps:
        if step.answer is not None and step.node is not None:
            how = " (already established)" if step.carried else ""
            refs = ", ".join(r.label() for r in box_refs(step.chart, step.node))
            lines.append(f"  [{step.chart.id}] {_flat(step.node.text)} -> {step.answer}{how}" + (f" ({refs})" if refs else ""))
    if walked.error:
        return [*lines, f"error: {walked.error}"]
    if walked.open_box is not None and walked.open_chart is not None:
        chart = walked.open_chart
        if walked.open_box == START:
            lines.append(f"\nWhich Case is it? ({chart.id})")
            lines += [f"  start={c.id}: {_flat(c.text)}" for c in cases(chart)]
        else:
            node = chart.by_id[walked.open_box]
            lines.append(f"\nQUESTION ({chart.id}, {node.id}): {_flat(node.text)}")
            for way in choices(chart, node):
                key = way.label.lower() if node.kind is Kind.QUESTION or asks_if_holds(chart, node) else way.to
                lines.append(f"  {node.id}={key}: {_flat(way.label)}")
        lines.append("")
    lines += card(corpus, ruling_of(walked.steps), final=walked.open_box is None)
    return lines


def card(corpus: Corpus, ruling: Ruling, *, final: bool) -> list[str]:
    """The Ruling card as plain text (the same words the step-through's Copy gives)."""
    lines = ["RULING" if final else "RULING SO FAR"]
    head = ruling.headline()
    if head is None:
        lines.append("  " + ("No rectification: " + "; ".join(ruling.not_met) if ruling.not_met else "Nothing is ruled yet."))
    for title, items in (("Now", ruling.now), ("What happens next", ruling.next), ("At the end of play", ruling.later)):
        if items:
            lines.append(f"{title}:")
            lines += [_item(i) for i in items]
    if ruling.not_met:
        lines.append("Not met: " + "; ".join(ruling.not_met))
    for chart_id, at in ruling.hand_offs:
        if chart_id == IRREGULARITY:
            lines.append("Goes on in: the chart of the irregularity's own Law (@chart)")
            continue
        target = corpus.charts.get(chart_id)
        lines.append(f"Goes on in: {hand_off_label(corpus, chart_id, at)} (@{chart_id})" if target else f"Goes on in: {chart_id}")
    return lines


def hand_off_label(corpus: Corpus, chart_id: str, at: str | None) -> str:
    return hand_off(Continuation(chart=chart_id, at=at), corpus.charts).label


def _item(item: Item) -> str:
    refs = ", ".join(r.label() for r in item.refs)
    extra = ""
    if item.basis:
        extra += f" [basis: {', '.join(r.label() for r in item.basis)}]"
    if item.not_applied:
        extra += f" [not applied: {', '.join(r.label() for r in item.not_applied)}]"
    mark = "  - (statement) " if item.statement else "  - (to judge) " if item.kind == "test" else "  - "
    return f"{mark}{item.text}" + (f" ({refs})" if refs else "") + extra


def _flat(text: str) -> str:
    return " ".join(text.split())
