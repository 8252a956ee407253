"""A flow chart re-laid out for paper, and cut into page-sized pieces between its Cases and branches.

A chart is drawn again with the print layout (`PRINT_LAYOUT`). If that drawing fits the page
with its lettering at the paper's floor, it is one piece. Otherwise its boxes are taken in
reading order (each Case after the one before, a branch after the box it leaves from) and cut
into runs, whole Cases together where they fit; each run is drawn on its own, so Graphviz lays
it out for its page, and an arrow that leaves a run ends at a marker naming the box it
continues at and the piece that holds it.
"""
from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import graphviz
from graphviz.quoting import quote

from ..boxnotes import hand_off
from ..cachedir import keep, kept_text
from ..chartpages import SVG_PREFIX, box_url
from ..flowcharts.dot import PRINT_LAYOUT, DotLayout, chart_dot, wrap_label
from ..flowcharts.render import Job, dot_binary, render_all
from ..flowcharts.style import HAND_OFF_ATTRS
from ..inline import ref_url
from ..model import Chart, Kind
from .paper import PT_PER_MM

# A piece's estimated area (its boxes with their spacing) may fill this share of the page:
# arrows, ranks and uneven rows take the rest.
FILL = 0.42
# Rounds of drawing the pieces and cutting again those that still do not fit.
MAX_ROUNDS = 4
# The boxes' lettering as Graphviz draws it (style.py): the scale of a print is its size over this.
DRAWN_PT = 12.0
# How many words of a box a continuation marker quotes.
QUOTED_WORDS = 7
STUB_ATTRS: dict[str, str] = {**HAND_OFF_ATTRS, "fontcolor": "#1f4e8c", "style": "filled,bold"}

_SIZE_RE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)pt"\s+height="([\d.]+)pt"')
_NODE_RE = re.compile(r'<g\b[^>]*\bclass="node"[^>]*>\s*<title>(.*?)</title>(.*?)</g>', re.S)
_POINTS_RE = re.compile(r'\b(?:points|d)="([^"]+)"')
_PAIR_RE = re.compile(r"(-?[\d.]+)[ ,](-?[\d.]+)")
_ELLIPSE_RE = re.compile(r'<ellipse\b[^>]*?rx="([\d.]+)" ry="([\d.]+)"')


@dataclass(frozen=True)
class Piece:
    """One page's share of a chart: its boxes, its drawing, and where its arrows lead off."""

    letter: str  # A, B, C … in the chart's order
    boxes: tuple[str, ...]
    svg: str
    leaves_to: tuple[tuple[str, str], ...] = ()  # (box id, letter of the piece holding it)
    comes_from: tuple[str, ...] = ()  # letters of the pieces whose arrows lead in


def svg_size(svg: str) -> tuple[float, float]:
    """Width and height of a Graphviz SVG, pt."""
    m = _SIZE_RE.search(svg)
    if m is None:
        raise ValueError("the SVG has no size in points")
    return float(m.group(1)), float(m.group(2))


def owner(name: str) -> str:
    """The box a DOT node belongs to: itself, or the box an editor's note or hand-off hangs from."""
    return name.split(".")[1] if "." in name else name


def quoted(text: str) -> str:
    """The first words of a box, to name it on a marker."""
    words = text.split()
    return " ".join(words[:QUOTED_WORDS]) + (" …" if len(words) > QUOTED_WORDS else "")


def _subset_graph(keep: frozenset[str], piece_of: Mapping[str, str], words: Mapping[str, str]) -> Callable[..., graphviz.Digraph]:
    """A Digraph class that draws only the boxes in `keep`: an arrow leaving them ends at a marker,
    an arrow coming in starts at one; what ties other boxes' places (ranks, invisible edges) is dropped."""
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
                if tail_in:
                    # A box's markers stand one below the other, not in a row that widens the page.
                    if tail_name in last_stub:
                        super().edge(last_stub[tail_name], stub, style="invis")
                    last_stub[tail_name] = stub
            super().edge(*edge, label, _attributes=_attributes, **attrs)

    return Subset


def print_dot(chart: Chart, charts: dict[str, Chart], pieces: Mapping[str, str] | None = None,
              here: str = "", stack: Iterable[tuple[str, str]] = (), across: bool = False) -> str:
    """The chart's DOT for paper, with the site's links (the handbook maps them into the book);
    of the boxes of piece `here` only, when `pieces` (box id → letter) is given, with the
    runs it joined stacked by invisible arrows (`stack`) rather than set side by side; `across`
    lays it out left to right (a box with a fan of labelled arrows, too wide drawn downwards)."""
    layout: DotLayout = PRINT_LAYOUT
    if across:
        layout = replace(layout, graph_attrs={**layout.graph_attrs, "rankdir": "LR"})
    keep: frozenset[str] = frozenset()
    if pieces is not None:
        keep = frozenset(b for b, letter in pieces.items() if letter == here)
        words = {n.id: n.text for n in chart.nodes}
        layout = replace(layout, graph=_subset_graph(keep, pieces, words))
    source = chart_dot(chart, lambda ref: SVG_PREFIX + ref_url(ref), charts,
                       lambda chart_id, box: SVG_PREFIX + box_url(chart_id, box), layout)
    ties = "".join(f"\t{quote(a)} -> {quote(b)} [style=invis weight=0]\n" for a, b in sorted(stack)
                   if a in keep and b in keep)
    return source[:source.rindex("}")] + ties + "}\n" if ties else source


def reading_order(chart: Chart) -> list[list[str]]:
    """The boxes in reading order, in runs that each start a Case (the first run may start the chart).

    A branch follows the box it leaves from; a statement goes with the first box it qualifies;
    free-standing statements open the chart.
    """
    by_id = chart.by_id
    seen: set[str] = set()
    order: list[str] = []
    qualifiers: dict[str, list[str]] = {}
    for n in chart.nodes:
        if n.qualifies and not n.links():
            qualifiers.setdefault(n.qualifies[0], []).append(n.id)

    def visit(start: str) -> None:
        stack = [start]
        while stack:
            box = stack.pop()
            if box in seen or box not in by_id:
                continue
            seen.add(box)
            order.append(box)
            for q in qualifiers.get(box, []):
                if q not in seen:
                    seen.add(q)
                    order.append(q)
            node = by_id[box]
            stack.extend(reversed([t for t, _ in node.links()] + list(node.body)))

    free = [n.id for n in chart.nodes if n.kind is Kind.STATEMENT and not n.links() and not n.qualifies]
    for box in free:
        visit(box)
    starts = [chart.nodes[0].id] + [n.id for n in chart.nodes if n.kind is Kind.CASE]
    runs: list[list[str]] = []
    for start in dict.fromkeys(starts):
        before = len(order)
        visit(start)
        if len(order) > before:
            if by_id[start].kind is Kind.CASE or not runs:
                runs.append(order[before:])
            else:
                runs[-1].extend(order[before:])
        elif not runs:
            runs.append([])
    for n in chart.nodes:  # anything not reached (the validation makes this rare): at the end
        if n.id not in seen:
            before = len(order)
            visit(n.id)
            runs[-1].extend(order[before:])
    if free and runs and runs[0] and runs[0][0] != free[0]:
        runs[0] = free + [b for b in runs[0] if b not in free]
    return [r for r in runs if r]


def box_areas(svg: str, gap_pt: tuple[float, float]) -> dict[str, float]:
    """Each box's area with its share of the spacing (pt²), read from a drawing of the whole chart;
    an editor's note or hand-off counts for its box."""
    out: dict[str, float] = {}
    for m in _NODE_RE.finditer(svg):
        name = owner(m.group(1).replace("&#45;", "-"))
        xs: list[float] = []
        ys: list[float] = []
        for shape in _POINTS_RE.finditer(m.group(2)):
            for x, y in _PAIR_RE.findall(shape.group(1)):
                xs.append(float(x))
                ys.append(float(y))
        w = max(xs) - min(xs) if xs else 0.0
        h = max(ys) - min(ys) if ys else 0.0
        for rx, ry in _ELLIPSE_RE.findall(m.group(2)):
            w, h = max(w, 2 * float(rx)), max(h, 2 * float(ry))
        out[name] = out.get(name, 0.0) + (w + gap_pt[0]) * (h + gap_pt[1])
    return out


@dataclass(frozen=True)
class Room:
    """The drawing area of one page, in the chart's own points, at the lettering's floor."""

    width: float
    height: float

    def fits(self, svg: str) -> bool:
        return self.scale(svg) >= 1.0

    def scale(self, svg: str) -> float:
        """How much larger than the floor the drawing prints (1: at the floor)."""
        w, h = svg_size(svg)
        return min(self.width / w, self.height / h)


def room_for(box_mm: tuple[float, float], floor_pt: float, drawn_pt: float = DRAWN_PT) -> Room:
    """How much of a drawing (pt as drawn, lettering `drawn_pt`) a page holds at `floor_pt` lettering."""
    scale = floor_pt / drawn_pt
    return Room(box_mm[0] * PT_PER_MM / scale, box_mm[1] * PT_PER_MM / scale)


def _split_evenly(run: list[str], areas: Mapping[str, float], parts: int) -> list[list[str]]:
    """`run` cut into `parts` consecutive pieces of about equal area."""
    total = sum(areas.get(b, 0.0) for b in run) or 1.0
    out: list[list[str]] = [[]]
    acc = 0.0
    for box in run:
        if acc >= total * len(out) / parts and len(out) < parts and out[-1]:
            out.append([])
        out[-1].append(box)
        acc += areas.get(box, 0.0)
    return out


def plan_runs(runs: list[list[str]], areas: Mapping[str, float], capacity: float) -> list[list[str]]:
    """Whole Cases together while their estimated area fits a page; a Case too large cut evenly."""
    def area(boxes: list[str]) -> float:
        return sum(areas.get(b, 0.0) for b in boxes)

    pieces: list[list[str]] = []
    current: list[str] = []
    for run in runs:
        if current and area(current + run) <= capacity:
            current += run
            continue
        if current:
            pieces.append(current)
        if area(run) <= capacity:
            current = run
        else:
            parts = _split_evenly(run, areas, math.ceil(area(run) / capacity))
            pieces += parts[:-1]
            current = parts[-1]
    if current:
        pieces.append(current)
    return pieces


def letters(count: int) -> list[str]:
    """The parts' names: A … Z, then AA, AB … (a first cut of a large chart may have many)."""
    def name(i: int) -> str:
        return chr(ord("A") + i) if i < 26 else name(i // 26 - 1) + chr(ord("A") + i % 26)

    return [name(i) for i in range(count)]


def cut_chart(chart: Chart, charts: dict[str, Chart], room: Room, svg_cache: Path) -> list[Piece]:
    """The chart in as few page-sized pieces as the drawing allows (one when it fits whole)."""
    whole = _draw({"whole": print_dot(chart, charts)}, svg_cache)["whole"]
    if room.fits(whole):
        return [Piece("A", tuple(n.id for n in chart.nodes), whole)]
    gap = (float(PRINT_LAYOUT.graph_attrs.get("nodesep", "0.25")) * 72, float(PRINT_LAYOUT.graph_attrs.get("ranksep", "0.3")) * 72)
    areas = box_areas(whole, gap)
    runs = reading_order(chart)
    groups = plan_runs(runs, areas, room.width * room.height * FILL)
    svgs = _draw_groups(chart, charts, groups, svg_cache)
    for _ in range(MAX_ROUNDS):
        if all(room.fits(svg) or len(g) == 1 for g, svg in zip(groups, svgs)):
            break
        groups = [part for g, svg in zip(groups, svgs)
                  for part in ([g] if room.fits(svg) or len(g) == 1 else _split_evenly(g, areas, 2))]
        svgs = _draw_groups(chart, charts, groups, svg_cache)
    groups, stack = _merge(chart, charts, groups, room, svg_cache)
    svgs = _draw_groups(chart, charts, groups, svg_cache, stack)
    for _ in range(MAX_ROUNDS):  # a part that the joins after it changed may no longer fit
        if all(room.fits(svg) or len(g) == 1 for g, svg in zip(groups, svgs)):
            break
        groups = [part for g, svg in zip(groups, svgs)
                  for part in ([g] if room.fits(svg) or len(g) == 1 else _split_evenly(g, areas, 2))]
        svgs = _draw_groups(chart, charts, groups, svg_cache, stack)
    piece_of = _assignment(groups)
    for i, letter in enumerate(letters(len(groups))):
        if not room.fits(svgs[i]):
            turned = _draw({letter: print_dot(chart, charts, piece_of, letter, stack, across=True)}, svg_cache)[letter]
            if room.scale(turned) > room.scale(svgs[i]):
                svgs[i] = turned
    return _pieces(chart, groups, svgs)


def _merge(chart: Chart, charts: dict[str, Chart], groups: list[list[str]], room: Room,
           svg_cache: Path) -> tuple[list[list[str]], set[tuple[str, str]]]:
    """Join neighbouring pieces wherever the two drawn together, the second below the first,
    still fit a page (the estimate errs on the safe side, and a cut piece is laid out better on
    its own); and the invisible arrows that stack them."""
    stack: set[tuple[str, str]] = set()
    i = 0
    while i + 1 < len(groups):
        upper, lower = groups[i], groups[i + 1]
        inside = set(upper)
        ends = [b for b in upper if not any(t in inside for t, _ in chart.by_id[b].links())]
        ties = stack | {(end, lower[0]) for end in ends}
        trial = groups[:i] + [upper + lower] + groups[i + 2:]
        piece_of = _assignment(trial)
        letter = letters(len(trial))[i]
        drawn = _draw({letter: print_dot(chart, charts, piece_of, letter, ties)}, svg_cache)[letter]
        if room.fits(drawn):
            groups, stack = trial, ties
        else:
            i += 1
    return groups, stack


def _assignment(groups: list[list[str]]) -> dict[str, str]:
    return {box: letter for letter, group in zip(letters(len(groups)), groups) for box in group}


def _draw_groups(chart: Chart, charts: dict[str, Chart], groups: list[list[str]], svg_cache: Path,
                 stack: Iterable[tuple[str, str]] = ()) -> list[str]:
    piece_of = _assignment(groups)
    ties = list(stack)
    sources = {letter: print_dot(chart, charts, piece_of, letter, ties) for letter in letters(len(groups))}
    drawn = _draw(sources, svg_cache)
    return [drawn[letter] for letter in letters(len(groups))]


def _pieces(chart: Chart, groups: list[list[str]], svgs: list[str]) -> list[Piece]:
    piece_of = _assignment(groups)
    out = []
    for letter, group, svg in zip(letters(len(groups)), groups, svgs):
        keep = set(group)
        leaves = {(t, piece_of[t]) for b in group for t, _ in chart.by_id[b].links() if t not in keep and t in piece_of}
        comes = {piece_of[n.id] for n in chart.nodes if n.id not in keep and n.id in piece_of
                 for t, _ in n.links() if t in keep}
        out.append(Piece(letter, tuple(group), svg, tuple(sorted(leaves)), tuple(sorted(comes))))
    return out


def _draw(sources: dict[str, str], svg_cache: Path) -> dict[str, str]:
    """Draw DOT sources (cached by their text, in parallel)."""
    return render_all({k: Job(f"print\n{s}", lambda s=s: s) for k, s in sources.items()}, svg_cache)


# The cutting code: a change to it (or to the drawing code) must cut every chart again.
_CODE = hashlib.sha256(b"".join(p.read_bytes() for p in [Path(__file__), *sorted(
    (Path(__file__).parent.parent / "flowcharts").glob("*.py"))])).hexdigest()


def print_pieces(charts: dict[str, Chart], room: Room, svg_cache: Path, cut_cache: Path | None,
                 ) -> dict[str, list[Piece]]:
    """Every flow chart cut for a page of `room`; a chart cut before for the same content comes
    from `cut_cache`, and the others are cut on two cores at once when there are two."""
    flows = [c for c in sorted(charts.values(), key=lambda c: c.id) if c.layout == "flow"]
    keys = {c.id: _cut_key(c, charts, room) for c in flows}
    out: dict[str, list[Piece]] = {}
    for chart in flows:
        found = _recall(cut_cache, keys[chart.id])
        if found is not None:
            out[chart.id] = found
    todo = [c for c in flows if c.id not in out]
    if len(todo) > 1 and (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods():
        with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
            done = list(pool.map(cut_chart, todo, [charts] * len(todo), [room] * len(todo),
                                 [svg_cache] * len(todo)))
    else:
        done = [cut_chart(c, charts, room, svg_cache) for c in todo]
    for chart, pieces in zip(todo, done):
        out[chart.id] = pieces
        _remember(cut_cache, keys[chart.id], pieces)
    return {c.id: out[c.id] for c in flows}


def _cut_key(chart: Chart, charts: dict[str, Chart], room: Room) -> str:
    named = [hand_off(c, charts).label for n in chart.nodes for c in n.continues]
    text = f"{_CODE}\n{dot_binary()}\n{room}\n{chart.model_dump_json()}\n{named}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def _recall(cut_cache: Path | None, key: str) -> list[Piece] | None:
    if cut_cache is None:
        return None
    try:
        data = json.loads(kept_text(cut_cache / f"cut-{key}.json") or "")
        return [Piece(p["letter"], tuple(p["boxes"]), p["svg"], tuple((a, b) for a, b in p["leaves_to"]),
                      tuple(p["comes_from"])) for p in data]
    except (ValueError, KeyError, TypeError):
        return None


def _remember(cut_cache: Path | None, key: str, pieces: list[Piece]) -> None:
    if cut_cache is None:
        return
    cut_cache.mkdir(parents=True, exist_ok=True)
    keep(cut_cache / f"cut-{key}.json", json.dumps([
        {"letter": p.letter, "boxes": p.boxes, "svg": p.svg, "leaves_to": p.leaves_to,
         "comes_from": p.comes_from} for p in pieces]))
