"""The DOT of one part of a chart cut for paper: only its boxes, with markers where arrows leave and enter.

The whole chart's DOT is worked out once, recorded (`recording`) and written out line by line; a part is
the lines of its own boxes: an arrow that leaves the part ends at a "continues in C → …" marker
quoting the box it leads to, an arrow that comes in starts at a "from B" marker.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import graphviz
from graphviz.quoting import attr_list, quote, quote_edge

from generator.index.urls import book_chart, book_place
from generator.flowcharts.dot import PRINT_LAYOUT, DotLayout, chart_dot, wrap_label
from generator.flowcharts.style import HAND_OFF_ATTRS
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


def _layout(across: bool) -> DotLayout:
    if not across:
        return PRINT_LAYOUT
    return replace(PRINT_LAYOUT, graph_attrs={**PRINT_LAYOUT.graph_attrs, "rankdir": "LR"})


def _to_chart(chart_id: str, box: str) -> str:
    """A hand-off's link in the book: to the chart's first page (its box is named on the arrow)."""
    return book_chart(chart_id)


def print_dot(chart: Chart, charts: dict[str, Chart], pieces: Mapping[str, str] | None = None,
              here: str = "", stack: Iterable[tuple[str, str]] = (), across: bool = False) -> str:
    """The chart's DOT for paper, its links into the book (a paragraph's level, a chart's page);
    of the boxes of piece `here` only, when `pieces` (box id → letter) is given, with the
    runs it joined stacked by invisible arrows (`stack`) rather than set side by side; `across`
    lays it out left to right (a box with a fan of labelled arrows, too wide drawn downwards)."""
    if pieces is None:
        return chart_dot(chart, book_place, charts, _to_chart, _layout(across))
    keep = frozenset(b for b, letter in pieces.items() if letter == here)
    return subset_source(recording(chart, charts, across), keep, pieces, {n.id: n.text for n in chart.nodes}, stack)


@dataclass(frozen=True)
class _Line:
    """One recorded call as DOT: its line as graphviz writes it, and what a part's subset asks of it."""

    op: str  # node, edge, attr or subgraph
    line: str = ""
    tail: str = ""  # a node's name, an arrow's tail
    head: str = ""
    attrs: str = ""  # an arrow's attribute list, for the marker that replaces one of its ends
    faint: bool = False  # an invisible or dotted arrow: it only places boxes
    ties_cases: bool = False
    sub: _Lines | None = None


@dataclass(frozen=True)
class _Lines:
    """A recorded graph as DOT lines: its head (name, attributes) and its calls; the tail is "}"."""

    head: list[str]
    calls: list[_Line]


class Recorded(graphviz.Digraph):  # type: ignore[misc]  # graphviz is untyped
    """A Digraph that only records what it is told: a chart's DOT is worked out once (wrapping,
    citations, styles), written out line by line once (`compiled`), and each trial part's DOT is
    then a choice among those lines (`subset_source`): graphviz's own quoting for every trial was
    a third of the time spent cutting charts for paper."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.made_with = {k: kwargs.get(k) for k in ("name", "comment", "graph_attr", "node_attr", "edge_attr")}
        self.calls: list[tuple[str, Any, dict[str, Any]]] = []
        self._lines: _Lines | None = None

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

    def compiled(self, as_subgraph: bool = False) -> _Lines:
        if self._lines is None:
            head = list(graphviz.Digraph(**self.made_with).__iter__(subgraph=as_subgraph))[:-1]
            self._lines = _Lines(head, [_line(op, args, kwargs) for op, args, kwargs in self.calls])
        return self._lines


def _line(op: str, args: Any, kwargs: dict[str, Any]) -> _Line:
    if op == "subgraph":
        return _Line(op, sub=args.compiled(as_subgraph=True))
    plain = graphviz.Digraph()
    getattr(plain, op)(*args, **kwargs)
    (line,) = plain.body
    if op == "node":
        return _Line(op, line, tail=args[0])
    if op != "edge":
        return _Line(op, line)
    tail, head = args[0], args[1]
    return _Line(op, line, tail, head, attrs=line[len(_edge_line(tail, head, "")) - 1:-1],
                 faint=kwargs.get("style") in ("invis", "dotted"), ties_cases=_ties_cases(op, kwargs))


def _ties_cases(op: str, attrs: Mapping[str, str]) -> bool:
    """Whether a recorded call is one of the invisible arrows that stack one Case below another."""
    return op == "edge" and attrs.get("style") == "invis" and attrs.get("weight") == "0"


def recording(chart: Chart, charts: dict[str, Chart], across: bool = False) -> Recorded:
    made: list[Recorded] = []

    def graph(**kwargs: Any) -> Recorded:
        made.append(Recorded(**kwargs))
        return made[-1]

    chart_dot(chart, book_place, charts, _to_chart, replace(_layout(across), graph=graph))
    return made[0]


def subset_source(recorded: Recorded, keep: frozenset[str], piece_of: Mapping[str, str],
                   words: Mapping[str, str], stack: Iterable[tuple[str, str]], beside: bool = False) -> str:
    """The DOT of one part: the recorded chart's lines that concern only its boxes, an arrow that
    leaves them ending at a marker and one that comes in starting at one; what ties other boxes'
    places (ranks, invisible arrows) is dropped. `beside` leaves its Cases side by side rather
    than one below the other. Drawn downwards, a box's markers are tied one below the next (they
    would stand in a row; drawn across they stand in a column anyway, and a tie would push each
    one further right)."""
    stack_markers = (recorded.made_with.get("graph_attr") or {}).get("rankdir") != "LR"
    made: set[str] = set()
    last_stub: dict[str, str] = {}

    def body(calls: list[_Line]) -> list[str]:
        out: list[str] = []
        for c in calls:
            if c.sub is not None:
                out += ["\t" + line for line in [*c.sub.head, *body(c.sub.calls), "}\n"]]
            elif c.op == "node":
                if owner(c.tail) in keep:
                    out.append(c.line)
            elif c.op != "edge":
                out.append(c.line)
            elif not (beside and c.ties_cases):
                out += edge(c)
        return out

    def edge(c: _Line) -> list[str]:
        tail_in, head_in = owner(c.tail) in keep, owner(c.head) in keep
        if tail_in and head_in:
            return [c.line]
        if c.faint or not (tail_in or head_in):
            return []
        out = []
        if tail_in:  # leaves this piece: one marker for each box it leads to
            stub = f"to.{c.head}"
            text = f"continues in {piece_of[owner(c.head)]} → “{quoted(words[owner(c.head)])}”"
            ends = (c.tail, stub)
        else:  # one marker for each piece that leads in
            stub = f"from.{piece_of[owner(c.tail)]}"
            text = f"from {piece_of[owner(c.tail)]}"
            ends = (stub, c.head)
        if stub not in made:
            made.add(stub)
            out.append(_node_line(stub, wrap_label(text, PRINT_LAYOUT.wrap), STUB_ATTRS))
            if tail_in and stack_markers:  # a box's markers one below the other, not in a row
                if c.tail in last_stub:
                    out.append(_edge_line(last_stub[c.tail], stub, _INVISIBLE))
                last_stub[c.tail] = stub
        out.append(_edge_line(*ends, c.attrs))
        return out

    lines = [*recorded.compiled().head, *body(recorded.compiled().calls)]
    lines += [f"\t{quote(a)} -> {quote(b)} [style=invis weight=0]\n" for a, b in sorted(stack)
              if a in keep and b in keep]
    return "".join(lines) + "}\n"


_INVISIBLE = " [style=invis]"


def _node_line(name: str, label: str, attrs: Mapping[str, str]) -> str:
    return f"\t{quote(name)}{attr_list(label, kwargs=attrs)}\n"


def _edge_line(tail: str, head: str, attrs: str) -> str:
    return f"\t{quote_edge(tail)} -> {quote_edge(head)}{attrs}\n"
