"""What the site draws: every flow chart's and legend example's DOT, with the links its pages use.

The handbook draws the same charts again for paper (`handbook/partdot.py`) with these links, and
maps them to its own (`handbook/charts.py`).
"""
from __future__ import annotations

import graphviz

from generator.flowcharts.boxnotes import hand_off
from generator.flowcharts.dot import chart_dot, wrap_label
from generator.flowcharts.render import Job
from generator.flowcharts.style import EDGE_ATTRS, GRAPH_ATTRS, NO_EDGE, STYLES, YES_EDGE, node_attrs
from generator.corpus.corpus import Corpus
from generator.index.urls import box_url, chart_url, depth, law_url, ref_url, root_from, walk_url
from generator.sources.model import Chart, ChartLayout, Kind
from generator.sources.sourcekeys import chart_key

# Charts are inlined on pages equally deep (laws/law-14/, charts/law-14/, walk/law-14/), so links
# in the SVG lead back to the root the same way from every page that shows them.
assert depth(law_url(1)) == depth(chart_url("c")) == depth(walk_url("c"))
SVG_PREFIX = root_from(chart_url("c"))


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
