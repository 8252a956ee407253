"""Write a flow chart as Graphviz DOT source, styled from the one style table."""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Callable

import graphviz

from generator.index import citations
from generator.flowcharts.boxnotes import ADDED_LABEL, CORRECTED_LABEL, correction_label, hand_off, later_words
from generator.index.citations import Ref
from generator.sources.model import OTHERWISE, Chart, Kind, Node
from generator.flowcharts.style import (
    EDGE_ATTRS,
    EDITOR_NOTE_ATTRS,
    GRAPH_ATTRS,
    HAND_OFF_ATTRS,
    NO_EDGE,
    NOTE_EDGE,
    PRINT_EDGE_ATTRS,
    PRINT_GRAPH_ATTRS,
    PRINT_NOTE_ATTRS,
    PRINT_WRAP_WIDTH,
    REPETITION_FRAME,
    WRAP_WIDTH,
    YES_EDGE,
    node_attrs,
)

LinkFor = Callable[[Ref], str]
ChartUrl = Callable[[str, str], str]  # (chart id, box id) -> href of that box in the chart's words


@dataclass(frozen=True)
class DotLayout:
    """How tightly a chart is laid out: the site's defaults, or `PRINT_LAYOUT` for paper.

    `graph` makes the Digraph; the handbook passes one that keeps only some boxes (a page's share).
    """

    graph_attrs: Mapping[str, str] = field(default_factory=dict)
    edge_attrs: Mapping[str, str] = field(default_factory=dict)
    note_attrs: Mapping[str, str] = field(default_factory=dict)
    wrap: int = WRAP_WIDTH
    graph: Callable[..., graphviz.Digraph] = graphviz.Digraph


SITE_LAYOUT = DotLayout()
PRINT_LAYOUT = DotLayout(PRINT_GRAPH_ATTRS, PRINT_EDGE_ATTRS, PRINT_NOTE_ATTRS, PRINT_WRAP_WIDTH)


def editor_note_id(node_id: str) -> str:
    """DOT name of a box's editor's note: a dot cannot occur in a box id, so it cannot clash."""
    return f"ed.{node_id}"


def hand_off_id(node_id: str, k: int = 0) -> str:
    """DOT name of a box's k-th hand-off."""
    return f"go.{node_id}" + (f".{k}" if k else "")


def wrap_label(text: str, width: int = WRAP_WIDTH) -> str:
    """Break text into short centred lines; each line escaped so DOT reads it literally."""
    lines = textwrap.wrap(" ".join(text.split()), width=width, break_long_words=False) or [""]
    return "\\n".join(graphviz.escape(line) for line in lines)


def node_link(node: Node, context_law: int) -> Ref | None:
    """The place a box links to: the first citation in its text."""
    found = citations.find(node.text, context_law)
    return found[0].ref if found else None


def chart_dot(chart: Chart, link_for: LinkFor, charts: Mapping[str, Chart] | None = None,
              chart_url: ChartUrl | None = None, layout: DotLayout = SITE_LAYOUT) -> str:
    """The DOT source of a flow chart; `link_for` turns a place into the href of its paragraph.

    `charts` (every chart, by id) names the boxes a hand-off continues at, and `chart_url` links to them.
    """
    dot = layout.graph(name=chart.id.replace("-", "_"), graph_attr={**GRAPH_ATTRS, **layout.graph_attrs},
                       edge_attr={**EDGE_ATTRS, **layout.edge_attrs})
    framed = {member for n in chart.nodes for member in n.body}
    by_id = chart.by_id
    for node in chart.nodes:
        if node.kind is Kind.REPETITION:
            with dot.subgraph(name=f"cluster_{node.id}", graph_attr={**REPETITION_FRAME, "label": ""}) as frame:
                _add_node(frame, node, chart, link_for, layout.wrap)
                for member in node.body:
                    if member in by_id:
                        _add_node(frame, by_id[member], chart, link_for, layout.wrap)
        elif node.id not in framed:
            _add_node(dot, node, chart, link_for, layout.wrap)
    for node in chart.nodes:
        for target, label in node.links():
            dot.edge(node.id, target, **_edge_attrs(node, by_id.get(target), label))
        if node.kind is Kind.REPETITION and node.body:
            dot.edge(node.id, node.body[0])
    _side_law_refs(dot, chart)
    _stack_cases(dot, chart)
    _qualifying_notes(dot, chart)
    _column_of_notes(dot, chart)
    _attachments(dot, chart, charts or {}, chart_url, layout)
    return dot.source


def _add_node(graph: graphviz.Digraph, node: Node, chart: Chart, link_for: LinkFor, wrap: int) -> None:
    attrs = node_attrs(node.kind)
    ref = node_link(node, chart.laws[0])
    if ref is not None:
        attrs.update({"URL": link_for(ref), "target": "_top", "tooltip": f"Go to {ref.label()}"})
    label = wrap_label(node.text, wrap)
    later = later_words(node)
    if later is not None:
        label += "\\n" + wrap_label(later, wrap)
    if node.added is not None:
        label += "\\n" + wrap_label(ADDED_LABEL, wrap)
    if node.book_text is not None:
        label += "\\n" + wrap_label(CORRECTED_LABEL, wrap)
    graph.node(node.id, label=label, **attrs)


def _attachments(dot: graphviz.Digraph, chart: Chart, charts: Mapping[str, Chart], chart_url: ChartUrl | None,
                 layout: DotLayout) -> None:
    """An editor's note beside its box; a hand-off below its end box, leading to the other chart."""
    framed = {member for n in chart.nodes for member in n.body}
    for node in chart.nodes:
        side = correction_label(node, chart.laws[0])
        if side is not None:
            note = editor_note_id(node.id)
            dot.node(note, label=wrap_label(side, layout.wrap),
                     **{**EDITOR_NOTE_ATTRS, **layout.note_attrs})
            dot.edge(node.id, note, **NOTE_EDGE)
            if node.id not in framed:
                with dot.subgraph() as same:
                    same.attr(rank="same")
                    same.node(node.id)
                    same.node(note)
        for k, cont in enumerate(node.continues):
            handed = hand_off(cont, charts)
            attrs = dict(HAND_OFF_ATTRS)
            if chart_url is not None and handed.at:  # the irregularity's own chart is chosen, not linked
                attrs.update({"URL": chart_url(handed.chart, handed.at), "target": "_top",
                              "tooltip": f"Go to {handed.title}"})
            dot.node(hand_off_id(node.id, k), label=wrap_label("→ " + handed.label, layout.wrap), **attrs)
            dot.edge(node.id, hand_off_id(node.id, k))


def _edge_attrs(source: Node, target: Node | None, label: str | None) -> dict[str, str]:
    if label == "Yes" and source.kind is Kind.QUESTION:
        return {"label": " Yes ", **YES_EDGE}
    if label == "No" and source.kind is Kind.QUESTION:
        return {"label": " No ", **NO_EDGE}
    if label == OTHERWISE and source.kind is Kind.CONDITION:
        return {"label": " Otherwise ", **NO_EDGE, "style": "dashed"}
    attrs: dict[str, str] = {}
    if label:
        attrs["label"] = wrap_label(label, 20)
    if target is not None and target.kind is Kind.LAW_REF and not target.links():
        # A law reference annotates the box it hangs from, as in the book: no arrowhead.
        attrs.update({"arrowhead": "none", "style": "dashed"})
    return attrs


def _side_law_refs(dot: graphviz.Digraph, chart: Chart) -> None:
    """Keep a box's own law reference level with it, so the flow reads straight down."""
    by_id = chart.by_id
    framed = {member for n in chart.nodes for member in n.body}
    for node in chart.nodes:
        refs = [t for t, _ in node.links() if t in by_id and by_id[t].kind is Kind.LAW_REF and not by_id[t].links()]
        if len(refs) == 1 and node.id not in framed and refs[0] not in framed:
            incoming = sum(1 for n in chart.nodes for t, _ in n.links() if t == refs[0])
            if incoming == 1:
                with dot.subgraph() as same:
                    same.attr(rank="same")
                    same.node(node.id)
                    same.node(refs[0])


def _stack_cases(dot: graphviz.Digraph, chart: Chart) -> None:
    """Draw each Case below the previous one, as the book does, so a chart stays phone-narrow.

    Invisible edges run from the last boxes of one case's flow to the next case's box.
    """
    out = {n.id: [t for t, _ in n.links()] + list(n.body) for n in chart.nodes}
    refs = {n.id for n in chart.nodes if n.kind is Kind.LAW_REF}
    cases = [n.id for n in chart.nodes if n.kind is Kind.CASE]
    for first, second in zip(cases, cases[1:]):
        later = _reach(second, out)
        flow = _reach(first, out) - later
        # A law reference sits beside its box: tying it down would drag it across its neighbours.
        ends = [n for n in flow - refs if not [t for t in out[n] if t in flow and t not in refs]]
        for end in sorted(ends):
            dot.edge(end, second, style="invis", weight="0")


def _reach(start: str, out: dict[str, list[str]]) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        n = stack.pop()
        if n not in seen and n in out:
            seen.add(n)
            stack.extend(out[n])
    return seen


def _qualifying_notes(dot: graphviz.Digraph, chart: Chart) -> None:
    """A statement stands level with the first box it qualifies, joined to each by a dotted line."""
    framed = {member for n in chart.nodes for member in n.body}
    placed: set[str] = set()
    for node in chart.nodes:
        for n, target in enumerate(node.qualifies):
            dot.edge(node.id, target, **NOTE_EDGE)
            if n == 0 and target not in framed and node.id not in framed and target not in placed:
                placed.add(target)  # one note level with a box: more would widen the chart's row
                with dot.subgraph() as same:
                    same.attr(rank="same")
                    same.node(target)
                    same.node(node.id)


def _column_of_notes(dot: graphviz.Digraph, chart: Chart) -> None:
    """Stack free-standing statements in one column, not a row that widens the whole chart."""
    linked = {t for n in chart.nodes for t, _ in n.links()} | {n.id for n in chart.nodes if n.links()}
    free = [n.id for n in chart.nodes if n.kind is Kind.STATEMENT and n.id not in linked and not n.qualifies]
    for upper, lower in zip(free, free[1:]):
        dot.edge(upper, lower, style="invis")
