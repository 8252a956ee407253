"""The ruling a walk reaches, as the Director gives it: what he rules now, what happens next, and
what he judges at the end of play, each with its paragraphs; and the facts as answered.

The step-through's script groups a walk's boxes the same way from the phases the build gives each
box (`box_phase`), so the Ruling card on the site and `python -m generator walk` agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.flowcharts.walk import NOT_MET, START, box_of, box_refs, choices, first_box, not_applied_refs, qualifiers
from generator.index import citations
from generator.index.citations import Ref
from generator.sources.model import IRREGULARITY, Chart, Kind, Node, Phase

# The section a statement on the route falls in is the one the walk is in when it passes it.
NOTE = "note"


def box_phase(node: Node) -> str | None:
    """Where a box stands in the ruling: now, next, later, a note (a statement), or nowhere (a
    question or condition asked now, a law reference)."""
    if node.phase is not None:
        return node.phase.value
    if node.kind in (Kind.ACTION, Kind.OPTIONS, Kind.REPETITION):
        return Phase.NOW.value
    if node.kind is Kind.STATEMENT:
        return NOTE
    return None


@dataclass(frozen=True)
class Step:
    """One box a walk passed, in its chart, with the answer given there (if it asked one)."""

    chart: Chart
    box: str  # a box id, START, or a condition's not-met step
    answer: str | None = None  # the label of the way taken, where the box asked
    carried: bool = False  # answered by a fact the walk had already established

    @property
    def node(self) -> Node | None:
        return self.chart.by_id.get(box_of(self.box))


@dataclass(frozen=True)
class Item:
    """One part of the ruling."""

    chart: str
    box: str
    text: str
    refs: tuple[Ref, ...]
    kind: str  # the legend kind of its box, or "later" for a judgement a box announces
    statement: bool = False  # a statement on the route: it qualifies, it never heads the ruling
    basis: tuple[Ref, ...] = ()
    not_applied: tuple[Ref, ...] = ()


@dataclass
class Ruling:
    """The ruling reached so far, in the order the Director gives it."""

    now: list[Item] = field(default_factory=list)
    next: list[Item] = field(default_factory=list)
    later: list[Item] = field(default_factory=list)
    facts: list[tuple[str, str, bool, tuple[Ref, ...]]] = field(default_factory=list)  # (question, answer, carried, its paragraphs)
    not_met: list[str] = field(default_factory=list)  # conditions found not to hold
    hand_offs: list[tuple[str, str | None]] = field(default_factory=list)  # (chart, box) the ruling goes on in

    def headline(self) -> Item | None:
        """What leads the card: the first rectification, else what happens next, else the first
        judgement left to the end of play; never a note or a condition."""
        for section in (self.now, self.next, self.later):
            for item in section:
                if not item.statement:
                    return item
        return None


def _refs(chart: Chart, values: list[str]) -> tuple[Ref, ...]:
    return tuple(r for r in (citations.parse_ref(v, chart.laws[0]) for v in values) if r is not None)


def begins(chart: Chart, box: str) -> bool:
    """Whether a walk entering `chart` at `box` starts one of its rulings: its first box or a Case."""
    node = chart.by_id.get(box)
    return box in (START, first_box(chart)) or (node is not None and node.kind is Kind.CASE)


def ruling_of(steps: list[Step]) -> Ruling:
    """Group the boxes a walk passed into the Ruling card's sections."""
    out = Ruling()
    judged_later = tested_later = False
    chart = None
    notes: dict[str, list[Node]] = {}
    shown: set[tuple[str, str]] = set()  # a box or statement is shown once, however often a walk passes it
    for i, step in enumerate(steps):
        node = step.node
        if step.chart is not chart:
            # A hand-off: the next chart rules now again, unless the walk handed over after a
            # question judged at the end of play into the middle of a chart (an adjusted score
            # assessed in Laws 10-12): a chart entered at its beginning or at a Case is a ruling
            # of its own, given when it applies (the irregularity's own rectification).
            chart, judged_later = step.chart, tested_later and not begins(step.chart, step.box)
            notes = qualifiers(chart)
        if node is None:
            continue
        if step.box.endswith(NOT_MET):
            out.not_met.append(" ".join(node.text.split()))
            continue
        if step.answer is not None:
            out.facts.append((" ".join(node.text.split()), step.answer, step.carried, tuple(box_refs(step.chart, node))))
        section = out.later if judged_later or node.phase is Phase.LATER else out.now
        for note in notes.get(node.id, []):  # a statement beside the flow qualifies this box: it is part of the ruling
            if (chart.id, note.id) not in shown:
                shown.add((chart.id, note.id))
                section.append(_item(chart, note))
        if (chart.id, node.id) in shown:
            continue
        shown.add((chart.id, node.id))
        phase = box_phase(node)
        if node.phase is Phase.LATER:
            judged_later = True
            if node.kind in (Kind.QUESTION, Kind.CONDITION):
                tested_later = True
                out.later.append(_item(step.chart, node, kind="test"))
                continue
        if phase is None:
            continue
        item = _item(step.chart, node)
        section = Phase.LATER.value if judged_later else (phase if phase != NOTE else Phase.NOW.value)
        if phase == NOTE and judged_later:
            section = Phase.LATER.value
        elif phase == NOTE and out.next and not out.now:
            section = Phase.NEXT.value
        {Phase.NOW.value: out.now, Phase.NEXT.value: out.next, Phase.LATER.value: out.later}[section].append(item)
        if node.later is not None:
            out.later.append(Item(step.chart.id, node.id, " ".join(node.later.text.split()),
                                  _refs(step.chart, node.later.cites), "later", basis=_refs(step.chart, node.basis)))
        if i == len(steps) - 1:
            out.hand_offs += [(c.chart, c.at) for c in node.continues]
    # An earlier chart's end box may hand over twice: the way not yet followed is still offered.
    out.hand_offs += [h for h in _unfollowed(steps) if h not in out.hand_offs]
    return out


def _unfollowed(steps: list[Step]) -> list[tuple[str, str | None]]:
    """Hand-offs of the end boxes a walk passed before its last chart, not followed since."""
    pending: list[tuple[str, str | None]] = []
    for here, then in zip(steps, steps[1:]):
        if then.chart is here.chart or here.node is None:
            continue
        pending += [(c.chart, c.at) for c in here.node.continues]
        followed = taken(pending[::-1], then.chart.id)  # the latest end box's first
        if followed is not None:
            pending.remove(followed)
    return pending


def taken(offered: list[tuple[str, str | None]], chart_id: str) -> tuple[str, str | None] | None:
    """The hand-off among `offered` (in order) that a walk going on in `chart_id` follows: the one
    naming that chart, else a general chart's hand-off to the irregularity's own chart. Named
    first, so that a box handing over to a chart and to the irregularity's keeps the second open
    when the walk goes on in the first."""
    return (next((h for h in offered if h[0] == chart_id), None)
            or next((h for h in offered if h[0] == IRREGULARITY), None))


def _item(chart: Chart, node: Node, kind: str | None = None) -> Item:
    return Item(chart.id, node.id, " ".join(node.text.split()), tuple(box_refs(chart, node)), kind or node.kind.value,
                statement=node.kind is Kind.STATEMENT, basis=_refs(chart, node.basis),
                not_applied=tuple(not_applied_refs(chart, node)))


def steps_of(chart: Chart, route: list[str], carried: set[str] = frozenset()) -> list[Step]:  # type: ignore[assignment]
    """A chart's part of a walk as steps, each decision with the answer that led on."""
    out: list[Step] = []
    for here, nxt in zip(route, [*route[1:], None]):
        if here == START:
            continue
        node = chart.by_id.get(box_of(here))
        answer = None
        if node is not None and nxt is not None and not here.endswith(NOT_MET):
            ways = choices(chart, node)
            if len(ways) > 1:
                answer = next((w.label for w in ways if w.to == nxt), None)
        out.append(Step(chart, here, answer, here in carried))
    return out
