"""Chart figures, chart pages, the charts index and the legend page."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import graphviz
from jinja2 import Environment
from markupsafe import Markup

from generator.index import citations
from generator.flowcharts.boxnotes import added_words, box_words, cell_note_words, correction_label, correction_words, hand_off, later_words, provenance
from generator.flowcharts.dot import chart_dot, editor_note_id, hand_off_id, wrap_label
from generator.flowcharts.render import Job, inline_svg, named_svg, readable_svg
from generator.flowcharts.style import (
    EDGE_ATTRS,
    GRAPH_ATTRS,
    NO_EDGE,
    STYLES,
    YES_EDGE,
    node_attrs,
)
from generator.text.inline import Renderer
from generator.sources.sourcekeys import chart_key
from generator.index.urls import CHARTS, box_url, chart_url, depth, law_url, ref_url, relative, walk_url
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout, Kind
from generator.text.templates import display_title
from generator.flowcharts.walk import cases, not_applied_refs, qualifiers, short, stands_on
from generator.corpus.lawcharts import law_charts

# Charts are inlined on pages equally deep (laws/law-14/, charts/law-14/, walk/law-14/), so links
# in the SVG lead back to the root the same way from every page that shows them.
assert depth(law_url(1)) == depth(chart_url("c")) == depth(walk_url("c"))
SVG_PREFIX = relative(chart_url("c"), "")


@dataclass(frozen=True)
class PrintedCopies:
    """The PDFs a build writes beside the site, and the page each chart starts on in them (a value
    the build hands from the PDFs it has made to the pages it makes next)."""

    handbook: str | None = None  # site paths of the PDFs
    cards: str | None = None
    handbook_pages: Mapping[str, int] = field(default_factory=dict)  # chart id → page
    card_pages: Mapping[str, int] = field(default_factory=dict)

    def of(self, chart_id: str) -> dict[str, Any]:
        """What a chart's page says of its printed copies: the handbook page, its card."""
        return {"handbook": self.handbook, "cards": self.cards, "page": self.handbook_pages.get(chart_id),
                "card": self.card_pages.get(chart_id)}


def site_dot(chart: Chart, charts: dict[str, Chart]) -> str:
    """A chart's DOT with the links the site's pages (two levels down) use."""
    return chart_dot(chart, lambda ref: SVG_PREFIX + ref_url(ref), charts,
                     lambda chart_id, box: SVG_PREFIX + box_url(chart_id, box))


def dot_sources(corpus: Corpus) -> dict[str, Job]:
    """Every flow chart and legend example to draw, keyed for the renderer.

    A chart's fingerprint is its validated content (and the words of the boxes its hand-offs
    name), so its DOT is written only when one of them changed.
    """
    def chart_job(chart: Chart) -> Job:
        named = [hand_off(c, corpus.charts).label for n in chart.nodes for c in n.continues]
        return Job(f"{SVG_PREFIX}\n{chart.model_dump_json()}\n{named}", lambda: site_dot(chart, corpus.charts))

    out = {chart_key(c.id): chart_job(c) for c in corpus.charts.values() if c.layout is ChartLayout.FLOW}
    for kind, style in STYLES.items():
        source = _single_box(kind, style.example)
        out[f"legend:{kind.value}"] = Job(source, lambda s=source: s)
    arrows = _arrows_example()
    out["legend:arrows"] = Job(arrows, lambda: arrows)
    return out


def _single_box(kind: Kind, text: str) -> str:
    graph = graphviz.Digraph("legend", graph_attr=GRAPH_ATTRS)
    graph.node("n", label=wrap_label(text), **node_attrs(kind))
    return graph.source


def _arrows_example() -> str:
    graph = graphviz.Digraph("arrows", graph_attr={**GRAPH_ATTRS, "rankdir": "LR"}, edge_attr=EDGE_ATTRS)
    graph.node("q", label="Question ?", **node_attrs(Kind.QUESTION))
    graph.node("y", label="Action", **node_attrs(Kind.ACTION))
    graph.node("n", label="Action", **node_attrs(Kind.ACTION))
    graph.node("r", label="Law 52", **node_attrs(Kind.LAW_REF))
    graph.edge("q", "y", label=" Yes ", **YES_EDGE)
    graph.edge("q", "n", label=" No ", **NO_EDGE)
    graph.edge("y", "r", arrowhead="none", style="dashed")
    return graph.source


class ChartPages:
    """Renders charts for the pages that show them."""

    def __init__(self, corpus: Corpus, env: Environment, svgs: dict[str, str],
                 printed: PrintedCopies | None = None) -> None:
        self.corpus = corpus
        self.printed = printed or PrintedCopies()
        self.env = env
        self.svgs = svgs
        self.index = corpus.index
        self._figures: dict[tuple[str, bool], Markup] = {}
        self._readable: dict[str, str] = {}

    def svg(self, chart: Chart, suffix: str) -> Markup:
        if chart.id not in self._readable:  # the same drawing goes on the Law's page and its own
            labels = {n.id: box_words(n) for n in chart.nodes}
            for n in chart.nodes:
                side = correction_label(n, chart.laws[0])
                if side is not None:
                    labels[editor_note_id(n.id)] = side
                for k, cont in enumerate(n.continues):
                    labels[hand_off_id(n.id, k)] = hand_off(cont, self.corpus.charts).label
            boxes = {n.id for n in chart.nodes if stands_on(n)}  # where a walk may start or stand
            self._readable[chart.id] = readable_svg(self.svgs[chart_key(chart.id)], labels, boxes)
        description = f"Flowchart for {', '.join(f'Law {n}' for n in chart.laws)}. The chart in words follows it."
        return Markup(named_svg(self._readable[chart.id], title=chart.title, description=description,
                                svg_id=f"svg-{chart.id}{suffix}"))

    def figure(self, chart: Chart, *, full: bool) -> Markup:
        """A chart as shown on pages two levels down; made once, however many Laws it serves."""
        key = (chart.id, full)
        if key not in self._figures:
            # Defined terms are linked in the Law's text, not again inside the chart.
            r = Renderer(SVG_PREFIX, self.index, None)
            svg = self.svg(chart, "-full" if full else "") if chart.layout is ChartLayout.FLOW else Markup("")
            law = chart.laws[0]
            table_notes = [[r.text(cell_note_words(n, law), law) for n in g.editor_notes]
                           for g in (chart.table.groups if chart.table is not None else [])]
            # A printed line that departs from the 2017 text is shown corrected, in its place.
            table_fixes = [{" ".join(n.about.split()): n.corrected for n in g.editor_notes if n.corrected}
                           for g in (chart.table.groups if chart.table is not None else [])]
            html = self.env.get_template("chart_figure.html.j2").render(
                chart=chart, r=r, law=law, full=full, svg=svg, steps=self.steps(chart, r),
                starts=[n.id for n in cases(chart)],
                provenance=provenance(chart), table_notes=table_notes, table_fixes=table_fixes)
            self._figures[key] = Markup(html.strip())
        return self._figures[key]

    def steps(self, chart: Chart, r: Renderer) -> list[dict[str, Any]]:
        """The chart in words: each box a numbered step with where its arrows lead."""
        number = {n.id: i for i, n in enumerate(chart.nodes, 1)}
        text = {n.id: n.text for n in chart.nodes}
        notes = qualifiers(chart)
        out = []
        for node in chart.nodes:
            links = list(node.links()) + [(m, "Inside the frame") for m in node.body[:1]]
            cites = []
            for value in node.cites:
                ref = citations.parse_ref(value, chart.laws[0])
                if ref is not None:
                    cites.append({"label": ref.label(), "url": ref_url(ref)})
            not_applied = [{"label": ref.label(), "url": ref_url(ref)} for ref in not_applied_refs(chart, node)]
            handed = [hand_off(c, self.corpus.charts) for c in node.continues]
            out.append({
                "id": node.id,
                "kind": node.kind.value,
                "kind_name": STYLES[node.kind].name,
                "html": r.text(node.text, chart.laws[0]),
                "branches": [{"label": label, "target": t, "number": number[t], "summary": short(text[t])}
                             for t, label in links],
                "qualifies": [{"target": t, "number": number[t], "summary": short(text[t])}
                              for t in node.qualifies if t in number],
                "read_with": [{"target": q.id, "number": number[q.id], "summary": short(q.text)}
                              for q in notes.get(node.id, [])],
                "cites": cites,
                "editor": r.text(correction_words(node, chart.laws[0]) or "", chart.laws[0])
                if node.editor_note is not None else None,
                "later": r.text(later_words(node) or "", chart.laws[0]) if node.later is not None else None,
                "corrected": node.book_text is not None,
                "not_applied": not_applied,
                "added": added_words(node, chart) if node.added is not None else None,
                "continues": [{"label": h.label, "url": box_url(h.chart, h.at) if h.at else CHARTS} for h in handed],
            })
        return out

    def chart_page(self, chart: Chart, r: Renderer) -> str:
        laws = [{"number": n, "title": display_title(self.corpus.laws[n].title), "url": law_url(n)} for n in chart.laws]
        return self.env.get_template("chart_page.md.j2").render(
            chart=chart, r=r, laws=laws, figure=self.figure(chart, full=True), provenance=provenance(chart),
            printed=self.printed.of(chart.id))

    def index_page(self) -> str:
        rows = [{"id": c.id, "title": c.title, "page": c.page, "provenance": provenance(c),
                 "laws": [{"number": n, "url": law_url(n)} for n in c.laws], "printed": self.printed.of(c.id)}
                for c in sorted(self.corpus.charts.values(), key=lambda c: (min(c.laws), c.page or 999))]
        laws = [{"number": lc.law, "title": display_title(lc.title), "url": law_url(lc.law),
                 "beside": [self._link(c) for c in lc.beside], "applied_by": [self._link(c) for c in lc.applied_by],
                 "no_chart": lc.no_chart} for lc in law_charts(self.corpus)]
        return self.env.get_template("charts_index.md.j2").render(rows=rows, printed=self.printed, laws=laws,
                                                                  prefix=relative(CHARTS, ""))

    def _link(self, chart_id: str) -> dict[str, str]:
        return {"id": chart_id, "title": self.corpus.charts[chart_id].title}

    def legend(self) -> str:
        rows = []
        for kind, style in STYLES.items():
            svg = inline_svg(self.svgs[f"legend:{kind.value}"], title=f"{style.name} box",
                             description=f"Example: {style.example}", labels={"n": style.example},
                             svg_id=f"legend-{kind.value}")
            rows.append({"kind": kind.value, "name": style.name, "description": style.description,
                         "example": style.example, "svg": Markup(svg)})
        arrows = inline_svg(self.svgs["legend:arrows"], title="Arrows",
                            description="A question with a Yes and a No arrow, and an action with its Law reference.",
                            labels={}, svg_id="legend-arrows")
        return self.env.get_template("legend.md.j2").render(rows=rows, arrows_svg=Markup(arrows))

