"""The DOT of one part of a chart cut for paper: only its boxes, with markers where arrows leave and enter.

The whole chart's DOT is worked out once, recorded (`recording`), and replayed into a graph that
keeps only one part's boxes: an arrow that leaves the part ends at a "continues in C → …" marker
quoting the box it leads to, an arrow that comes in starts at a "from B" marker.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

import graphviz
from graphviz.quoting import quote

from generator.site.drawings import SVG_PREFIX
from generator.index.urls import box_url
from generator.flowcharts.dot import PRINT_LAYOUT, DotLayout, chart_dot, wrap_label
from generator.flowcharts.style import HAND_OFF_ATTRS
from generator.index.urls import ref_url
from generator.sources.model import Chart

# How many words of a box a continuation marker quotes.
QUOTED_WORDS = 7
STUB_ATTRS: dict[str, str] = {**HAND_OFF_ATTRS, "fontcolor": "#1f4e8c", "style": "filled,bold"}
def owner(name: str) -> str:
    """The box a DOT node belongs to: itself, or the box an editor's note or hand-off hangs from."""
    return name.split(".")[1] if "." in name else name


def quoted(text: str) -> str:
    """The first words of a box, to name it on a marker."""
    words = text.split()
    return " ".join(words[:QUOTED_WORDS]) + (" …" if len(words) > QUOTED_WORDS else "")


def _subset_graph(keep: frozenset[str], piece_of: Mapping[str, str], words: Mapping[str, str],
                  stack_markers: bool) -> Callable[..., graphviz.Digraph]:
    """A Digraph class that draws only the boxes in `keep`: an arrow leaving them ends at a marker,
    an arrow coming in starts at one; what ties other boxes' places (ranks, invisible edges) is dropped.
    `stack_markers`: a box's markers are tied one below the next (drawn downwards, they would
    stand in a row; drawn across, they stand in a column anyway, and a tie would push each one
    further right)."""
    made: set[str] = set()
    last_stub: dict[str, str] = {}

    class Subset(graphviz.Digraph):  # type: ignore[misc]  # graphviz is untyped
        def node(self, name: str, label: str | None = None, _attributes: Any = None, **attrs: str) -> None:
            if owner(name) in keep:
                super().node(name, label, _attributes=_attributes, **attrs)

        def edge(self, tail_name: str, head_name: str, label: str | None = None, _attributes: Any = None,
                 **attrs: str) -> None:
            tail_in, head_in = owner(tail_name) in keep, owner(head_name) in keep
            if tail_in and head_in:
                super().edge(tail_name, head_name, label, _attributes=_attributes, **attrs)
                return
            if attrs.get("style") in ("invis", "dotted") or not (tail_in or head_in):
                return
            if tail_in:  # leaves this piece: one marker for each box it leads to
                stub = f"to.{head_name}"
                text = f"continues in {piece_of[owner(head_name)]} → “{quoted(words[owner(head_name)])}”"
                edge = (tail_name, stub)
            else:  # one marker for each piece that leads in
                stub = f"from.{piece_of[owner(tail_name)]}"
                text = f"from {piece_of[owner(tail_name)]}"
                edge = (stub, head_name)
            if stub not in made:
                made.add(stub)
                super().node(stub, label=wrap_label(text, PRINT_LAYOUT.wrap), **STUB_ATTRS)
                if tail_in and stack_markers:
                    # A box's markers stand one below the other, not in a row that widens the page.
                    if tail_name in last_stub:
                        super().edge(last_stub[tail_name], stub, style="invis")
                    last_stub[tail_name] = stub
            super().edge(*edge, label, _attributes=_attributes, **attrs)

    return Subset


def _layout(across: bool) -> DotLayout:
    if not across:
        return PRINT_LAYOUT
    return replace(PRINT_LAYOUT, graph_attrs={**PRINT_LAYOUT.graph_attrs, "rankdir": "LR"})


def print_dot(chart: Chart, charts: dict[str, Chart], pieces: Mapping[str, str] | None = None,
              here: str = "", stack: Iterable[tuple[str, str]] = (), across: bool = False) -> str:
    """The chart's DOT for paper, with the site's links (the handbook maps them into the book);
    of the boxes of piece `here` only, when `pieces` (box id → letter) is given, with the
    runs it joined stacked by invisible arrows (`stack`) rather than set side by side; `across`
    lays it out left to right (a box with a fan of labelled arrows, too wide drawn downwards)."""
    if pieces is None:
        return chart_dot(chart, lambda ref: SVG_PREFIX + ref_url(ref), charts,
                         lambda chart_id, box: SVG_PREFIX + box_url(chart_id, box), _layout(across))
    keep = frozenset(b for b, letter in pieces.items() if letter == here)
    return subset_source(recording(chart, charts, across), keep, pieces, {n.id: n.text for n in chart.nodes}, stack)


class Recorded(graphviz.Digraph):  # type: ignore[misc]  # graphviz is untyped
    """A Digraph that only records what it is told: a chart's DOT is worked out once (wrapping,
    citations, styles) and then replayed into each trial part's subset."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.made_with = {k: kwargs.get(k) for k in ("name", "comment", "graph_attr", "node_attr", "edge_attr")}
        self.calls: list[tuple[str, Any, dict[str, Any]]] = []

    def node(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append(("node", args, kwargs))

    def edge(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append(("edge", args, kwargs))

    def attr(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append(("attr", args, kwargs))

    def subgraph(self, graph: Any = None, **kwargs: Any) -> Any:
        if graph is None:
            return super().subgraph(**kwargs)
        self.calls.append(("subgraph", graph, {}))
        return None


def _replay(calls: list[tuple[str, Any, dict[str, Any]]], into: graphviz.Digraph, beside: bool) -> None:
    for op, args, kwargs in calls:
        if op == "subgraph":
            with into.subgraph(**args.made_with) as sub:
                _replay(args.calls, sub, beside)
        elif not (beside and _ties_cases(op, kwargs)):
            getattr(into, op)(*args, **kwargs)


def _ties_cases(op: str, attrs: Mapping[str, str]) -> bool:
    """Whether a recorded call is one of the invisible arrows that stack one Case below another."""
    return op == "edge" and attrs.get("style") == "invis" and attrs.get("weight") == "0"


def recording(chart: Chart, charts: dict[str, Chart], across: bool = False) -> Recorded:
    made: list[Recorded] = []

    def graph(**kwargs: Any) -> Recorded:
        made.append(Recorded(**kwargs))
        return made[-1]

    chart_dot(chart, lambda ref: SVG_PREFIX + ref_url(ref), charts,
              lambda chart_id, box: SVG_PREFIX + box_url(chart_id, box), replace(_layout(across), graph=graph))
    return made[0]


def subset_source(recorded: Recorded, keep: frozenset[str], piece_of: Mapping[str, str],
                   words: Mapping[str, str], stack: Iterable[tuple[str, str]], beside: bool = False) -> str:
    """The DOT of one part: the recorded chart replayed into a graph that keeps only its boxes;
    `beside` leaves its Cases side by side rather than one below the other."""
    across = (recorded.made_with.get("graph_attr") or {}).get("rankdir") == "LR"
    graph = _subset_graph(keep, piece_of, words, not across)(**recorded.made_with)
    _replay(recorded.calls, graph, beside)
    source: str = graph.source
    ties = "".join(f"\t{quote(a)} -> {quote(b)} [style=invis weight=0]\n" for a, b in sorted(stack)
                   if a in keep and b in keep)
    return source[:source.rindex("}")] + ties + "}\n" if ties else source
