"""Walking a chart as the Director does: one box at a time, each answer choosing the next box.

The same rules drive the build-time check of the training scenarios, the route coverage, the
list of every route (`routes.py`) and the step-through pages (whose script follows the choices
made here), so a chart walks the same way in all of them.
"""
from __future__ import annotations

from dataclasses import dataclass

from generator.index import citations
from generator.index.citations import Ref
from generator.sources.model import ENTRY_KINDS, OTHERWISE, Chart, Kind, Node, Scenario

START = "start"  # the choice of Case at the top of a chart that has several
NOT_MET = "~no"  # suffix of the step where a condition is found not to hold: the walk ends there


def not_met(node_id: str) -> str:
    return node_id + NOT_MET


def box_of(step: str) -> str:
    """The box a step of a route stands at (a not-met step at its condition's box)."""
    return step.removesuffix(NOT_MET)


@dataclass(frozen=True)
class Choice:
    """One way on from a box: its button label and the box it leads to."""

    label: str
    to: str


def law_refs(chart: Chart, node: Node) -> list[Node]:
    """The law reference boxes that hang off a box."""
    by_id = chart.by_id
    return [by_id[t] for t, _ in node.links() if t in by_id and by_id[t].kind is Kind.LAW_REF]


def box_refs(chart: Chart, node: Node) -> list[Ref]:
    """The places a box applies: citations in its text and its law references, and its cites."""
    context = chart.laws[0]
    found: list[Ref] = []
    for source in [node, *law_refs(chart, node)]:
        found += [m.ref for m in citations.find(source.text, context)]
    found += [r for r in (citations.parse_ref(v, context) for v in node.cites) if r is not None]
    # What the box says does not apply is never listed as applying (it is shown as not applied).
    excluded = {r for r in (citations.parse_ref(v, context) for v in node.not_applied) if r is not None}
    return [r for r in dict.fromkeys(found) if r not in excluded]


def not_applied_refs(chart: Chart, node: Node) -> list[Ref]:
    """The places a box says do not apply."""
    return [r for r in (citations.parse_ref(v, chart.laws[0]) for v in node.not_applied) if r is not None]


def choices(chart: Chart, node: Node) -> list[Choice]:
    """Where the Director can go from a box (law references are read with it, not walked to)."""
    by_id = chart.by_id
    if node.kind is Kind.QUESTION:
        if node.yes == node.no:  # both answers lead on to the same box: there is nothing to ask
            return [Choice("Either way", node.yes or "")]
        return [Choice("Yes", node.yes or ""), Choice("No", node.no or "")]
    out = []
    for target, label in [*node.links(), *((m, None) for m in node.body[:1])]:
        box = by_id.get(target)
        if box is None or box.kind is Kind.LAW_REF or label == OTHERWISE:
            continue
        out.append(Choice(label or box.text, target))
    if node.kind is Kind.CONDITION and len(out) == 1:
        # The legend: "if the condition is false there is no action" - so the Director is asked;
        # without an action under it, the walk goes on where the chart says, or ends.
        return [Choice("Yes", out[0].to), Choice("No", node.otherwise or not_met(node.id))]
    return out


def asks_if_holds(chart: Chart, node: Node) -> bool:
    """A condition the walk asks about with Yes and No (rather than a choice among its arrows)."""
    return node.kind is Kind.CONDITION and [c.label for c in choices(chart, node)] == ["Yes", "No"]


def stands_on(node: Node) -> bool:
    """Whether a step-through can stand on the box: every box but a reference to another Law."""
    return node.kind is not Kind.LAW_REF


def cases(chart: Chart) -> list[Node]:
    """The boxes a walk may start from: no arrow leads to them, and they are not side notes.

    Usually the Case boxes; a chart that first asks its questions and then branches into Cases
    has its first question as its only start.
    """
    targets = {t for n in chart.nodes for t, _ in n.links()} | {m for n in chart.nodes for m in n.body}
    return [n for n in chart.nodes if n.id not in targets and n.kind is not Kind.LAW_REF
            and not (n.kind in ENTRY_KINDS - {Kind.CASE} and not n.links())]


def first_box(chart: Chart) -> str:
    """Where a walk starts: the choice among several starts, or the one start."""
    starts = cases(chart)
    if len(starts) > 1:
        return START
    return starts[0].id if starts else chart.nodes[0].id


def reachable(chart: Chart, begin: list[str] | None = None) -> set[str]:
    """Boxes a walk can reach from where it may start (or from `begin`), law references aside."""
    if begin is None:
        begin = [c.id for c in cases(chart)] if first_box(chart) == START else [first_box(chart)]
    return closure([b for b in begin if b in chart.by_id],
                   {n.id: [c.to for c in choices(chart, n) if c.to in chart.by_id] for n in chart.nodes})


def closure(starts: list[str], edges: dict[str, list[str]]) -> set[str]:
    """Every box reached from `starts` along `edges` (the one graph search of the package)."""
    seen: set[str] = set()
    stack = list(starts)
    while stack:
        here = stack.pop()
        if here not in seen:
            seen.add(here)
            stack.extend(edges.get(here, []))
    return seen


def end_boxes(chart: Chart) -> list[str]:
    """The boxes where a walk stops with nothing more to ask: each one a ruling (or a hand-off)."""
    walkable = reachable(chart)
    return [n.id for n in chart.nodes if n.id in walkable and not choices(chart, n)]


def qualifiers(chart: Chart) -> dict[str, list[Node]]:
    """For each box, the statements beside the flow that qualify it, in the chart's order."""
    out: dict[str, list[Node]] = {}
    for node in chart.nodes:
        for target in node.qualifies:
            out.setdefault(target, []).append(node)
    return out


class WalkError(Exception):
    """The facts of a scenario do not lead through the chart."""


class UnusedFacts(WalkError):
    """Facts a walk never asks (each is reported at its own line)."""

    def __init__(self, boxes: list[str]) -> None:
        super().__init__(f"facts that the walk never asks: {', '.join(boxes)}")
        self.boxes = boxes


def walk(chart: Chart, scenario: Scenario) -> list[str]:
    """The boxes a scenario's facts lead through, first to last."""
    here = first_box(chart)
    if here == START:
        if scenario.case is None:
            names = ", ".join(f"'{c.id}'" for c in cases(chart))
            raise WalkError(f"the chart has several cases: say which with case: ({names})")
        here = scenario.case
    elif scenario.case is not None and scenario.case != here:
        raise WalkError(f"the chart starts at '{here}' only: give the facts from there instead of case:")
    if here not in chart.by_id:
        raise WalkError(f"case: '{here}' is not a box of this chart")
    found = follow(chart, here, scenario.facts, complete=True)
    unused = sorted(set(scenario.facts) - found.used)
    if unused:
        raise UnusedFacts(unused)
    return found.route


@dataclass
class Followed:
    """Where a walk got to from its first box with the answers given: the route, the facts it
    established on the way, and the boxes whose answers came from the facts given."""

    route: list[str]
    known: dict[str, str]  # fact key → "yes"/"no"
    used: set[str]  # boxes answered by the answers given
    carried: set[str]  # boxes answered by a fact established earlier in the walk
    open: bool  # stopped at a question the answers did not answer


def follow(chart: Chart, start: str, answers: dict[str, str], *, known: dict[str, str] | None = None,
           complete: bool = False) -> Followed:
    """Walk on from the box `start`, answering each question from `answers` (by box id)
    or from a fact established earlier (`known`, carried in from a chart that handed over, and
    what this walk establishes), until an end box or, unless `complete`, a question left open.

    A question whose fact is known is not asked again: its answer is carried. A condition asked
    as "does it hold?" holds unless the answers say it does not (stories are told with it true)
    when `complete`; otherwise it is left open like a question.
    """
    by_id = chart.by_id
    path: list[str] = []
    here = start
    facts = dict(known or {})
    used: set[str] = set()
    carried: set[str] = set()
    while True:
        if here in path:
            raise WalkError(f"the facts lead round in a loop at '{here}'")
        path.append(here)
        node = by_id[here]
        facts.update({k: v.value for k, v in node.establishes.items()})
        ways = choices(chart, node)
        if not ways:
            return Followed(path, facts, used, carried, False)
        if len(ways) == 1:
            here = ways[0].to
            continue
        yes_no = node.kind is Kind.QUESTION or asks_if_holds(chart, node)
        answer = answers.get(here)
        if node.fact is not None and node.fact in facts:
            if answer is not None and answer.lower() != facts[node.fact]:
                raise WalkError(f"'{here}' asks '{node.fact}', which the walk has already established as "
                                f"'{facts[node.fact]}': the answer '{answer}' contradicts it")
            if answer is not None:
                raise WalkError(f"'{here}' asks '{node.fact}', which the walk has already established: "
                                "remove the answer (it is carried, not asked)")
            answer = facts[node.fact]
            carried.add(here)
        elif answer is not None:
            used.add(here)
        elif complete and asks_if_holds(chart, node):
            answer = "yes"
        if answer is None:
            if complete:
                raise WalkError(f"the facts do not answer '{here}' ({short(node.text)})")
            return Followed(path, facts, used, carried, True)
        picked = [w for w in ways if (w.label.lower() == answer.lower() if yes_no else w.to == answer)]
        if not picked:
            allowed = "yes or no" if yes_no else ", ".join(w.to for w in ways)
            raise WalkError(f"the answer '{answer}' to '{here}' is not one of: {allowed}")
        if node.fact is not None and yes_no:
            facts[node.fact] = answer.lower()
        if picked[0].to == not_met(here):
            return Followed(path, facts, used, carried, False)  # no action under it: the walk ends
        here = picked[0].to


def short(text: str, limit: int = 60) -> str:
    """A box's words on one line, cut at a word before `limit` characters (for messages and summaries)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rsplit(" ", 1)[0] + " …"
