"""A flow chart re-laid out for paper, and cut into page-sized pieces that pair on spreads.

A chart is drawn again with the print layout (`PRINT_LAYOUT`). If that drawing fits the page
with its lettering at the paper's floor, it is one piece. Otherwise its boxes are taken in
reading order (each Case after the one before, a branch after the box it leaves from) and cut
spread by spread (pieces A|B face each other, then C|D …): the left-hand page grown while its
Graphviz drawing still fits, the spread ended where the fewest arrows leave it (a Case's start
best) without leaving much of its right-hand page empty, then cut between its two pages. Each
piece is drawn on its own (see `partdot`), so Graphviz lays it out for its page, and an arrow
that leaves a piece ends at a marker naming the box it continues at and the piece that holds it.
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

from generator.flowcharts import svg as svgread
from generator.flowcharts.boxnotes import hand_off
from generator.sources.cachedir import keep, kept_text, work_key
from generator.flowcharts.dot import PRINT_LAYOUT
from generator.flowcharts.render import Job, dot_binary, draw_svg, render_all
from generator.sources.model import Chart, ChartLayout, Kind
from generator.handbook.paper import PT_PER_MM
from generator.handbook.partdot import Recorded, owner, print_dot, quoted, recording, subset_source
from generator.handbook.workers import map_on_two

__all__ = ["DRAWN_PT", "Piece", "Room", "cut_chart", "print_dot", "print_pieces", "quoted", "reading_order",
           "room_for"]

# The boxes' lettering as Graphviz draws it (style.py): the scale of a print is its size over this.
DRAWN_PT = 12.0



@dataclass(frozen=True)
class Piece:
    """One page's share of a chart: its boxes, its drawing, and where its arrows lead off."""

    letter: str  # A, B, C … in the chart's order
    boxes: tuple[str, ...]
    svg: str
    leaves_to: tuple[tuple[str, str], ...] = ()  # (box id, letter of the piece holding it)
    comes_from: tuple[str, ...] = ()  # letters of the pieces whose arrows lead in


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
    runs = [r for r in runs if r]
    if free and runs and runs[0][0] != free[0]:  # (also when the chart's first box is a free statement)
        runs[0] = free + [b for b in runs[0] if b not in free]
    return runs


def box_areas(svg: str, gap_pt: tuple[float, float]) -> dict[str, float]:
    """Each box's area with its share of the spacing (pt²), read from a drawing of the whole chart;
    an editor's note or hand-off counts for its box."""
    out: dict[str, float] = {}
    for title, markup in svgread.nodes(svg):
        name = owner(title.replace("&#45;", "-"))
        xs = [x for x, _ in svgread.points(markup)]
        ys = [y for _, y in svgread.points(markup)]
        w = max(xs) - min(xs) if xs else 0.0
        h = max(ys) - min(ys) if ys else 0.0
        for _cx, _cy, rx, ry in svgread.ellipses(markup):
            w, h = max(w, 2 * rx), max(h, 2 * ry)
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
        w, h = svgread.size_pt(svg)
        return min(self.width / w, self.height / h)


def room_for(box_mm: tuple[float, float], floor_pt: float, drawn_pt: float = DRAWN_PT) -> Room:
    """How much of a drawing (pt as drawn, lettering `drawn_pt`) a page holds at `floor_pt` lettering."""
    scale = floor_pt / drawn_pt
    return Room(box_mm[0] * PT_PER_MM / scale, box_mm[1] * PT_PER_MM / scale)


def letters(count: int) -> list[str]:
    """The parts' names: A … Z, then AA, AB … (a first cut of a large chart may have many)."""
    def name(i: int) -> str:
        return chr(ord("A") + i) if i < 26 else name(i // 26 - 1) + chr(ord("A") + i % 26)

    return [name(i) for i in range(count)]


def cut_chart(chart: Chart, charts: dict[str, Chart], room: Room, svg_cache: Path,
              lone_first: bool = False) -> list[Piece]:
    """The chart in as few page-sized pieces as the drawing allows (one when it fits whole),
    cut spread by spread so that the fewest arrows cross a leaf; `lone_first`: its first piece
    stands alone on a right-hand page (facing its Law's text), the spreads come after it."""
    whole = _draw({"whole": print_dot(chart, charts)}, svg_cache)["whole"]
    if room.fits(whole):
        return [Piece("A", tuple(n.id for n in chart.nodes), whole)]
    return _Cutter(chart, charts, room, whole).cut(lone_first)


# A cut inside a Case counts as this share of an arrow: Cases are kept whole first.
INSIDE_CASE = 0.5
# Ending a spread early, at a better cut, leaves part of its right-hand page empty: leaving all
# of what that page could hold empty counts as much as this many arrows crossing the leaf.
EMPTY_PAGE = 4.0
# A part of this many boxes or fewer counts as TINY_COST arrows more where a spread is split: a
# page should not hold a box or two that could have gone with the rest of their branch.
TINY = 2
TINY_COST = 3.0
# How many splits of a spread into its two pages are tried by drawing, the best placed first.
SPLIT_TRIES = 3
# A part that misses its page by less than this share may fit with one box more (see `grow`).
NEARLY = 0.9
# Rounds of cutting again where a part drawn with its final letters no longer fits.
MAX_ROUNDS = 8
# A box with this many labelled arrows out is a fan: drawn downwards its targets stand in a row
# wider than a page, drawn across they stand in a column beside their labels.
FAN = 4


class _Cutter:
    """Cuts one chart's reading order into parts that pair on spreads, drawing each trial part.

    A cut is a list of positions in the reading order, [0, …, n]: part p holds the boxes from
    cuts[p] up to cuts[p + 1]. Parts 2k and 2k + 1 face each other on a spread (after a lone first
    part: 2k + 1 and 2k + 2).
    """

    def __init__(self, chart: Chart, charts: dict[str, Chart], room: Room, whole: str) -> None:
        self.chart, self.room = chart, room
        runs = reading_order(chart)
        self.seq = [b for run in runs for b in run]
        self.n = len(self.seq)
        at = {b: i for i, b in enumerate(self.seq)}
        self.case_starts = {0, *itertools.accumulate(len(run) for run in runs)}
        self.arrows = [(at[n.id], at[t]) for n in chart.nodes for t in [t for t, _ in n.links()] + list(n.body)
                       if t in at and at[t] != at[n.id]]
        gap = (float(PRINT_LAYOUT.graph_attrs.get("nodesep", "0.25")) * 72,
               float(PRINT_LAYOUT.graph_attrs.get("ranksep", "0.3")) * 72)
        areas = box_areas(whole, gap)
        self.before = [0.0, *itertools.accumulate(max(areas.get(b, 0.0), 1.0) for b in self.seq)]
        # How much estimated area a page holds, learnt again from every drawing.
        self.capacity = self.area(0, self.n) * room.scale(whole) ** 1.5
        self.words = {n.id: n.text for n in chart.nodes}
        self.fans = {at[n.id] for n in chart.nodes if n.id in at and len(n.next) >= FAN}
        self.adjacent: dict[str, set[str]] = {n.id: set() for n in chart.nodes}
        for n in chart.nodes:
            for t in [t for t, _ in n.links()] + list(n.body) + list(n.qualifies):
                if t in self.adjacent:
                    self.adjacent[n.id].add(t)
                    self.adjacent[t].add(n.id)
        self.charts = charts
        self.recorded: dict[bool, Recorded] = {}
        self.scales: dict[tuple[int, int], float] = {}
        self.refused: set[tuple[int, int]] = set()
        self.drawn: dict[str, str] = {}

    def area(self, a: int, e: int) -> float:
        return self.before[e] - self.before[a]

    def between(self, a: int, m: int, e: int) -> int:
        """Arrows between the boxes a…m-1 and m…e-1 (either way)."""
        return sum(1 for i, j in self.arrows if (a <= i < m <= j < e) or (a <= j < m <= i < e))

    # Drawing

    def source(self, cuts: list[int], p: int, way: str = "down") -> str:
        across = way == "across"
        if across not in self.recorded:
            self.recorded[across] = recording(self.chart, self.charts, across)
        names = letters(len(cuts) - 1)
        piece_of = {self.seq[i]: names[q] for q in range(len(cuts) - 1) for i in range(cuts[q], cuts[q + 1])}
        a, e = cuts[p], cuts[p + 1]
        stack = self.stack_ties(a, e) if way == "stacked" else []
        return subset_source(self.recorded[across], frozenset(self.seq[a:e]), piece_of, self.words, stack,
                              beside=way == "beside")

    def draw(self, source: str) -> str:
        # A trial part is drawn, not kept on disk: the cut is kept whole (`print_pieces`), and
        # writing thousands of trials took a tenth of a cold cut.
        if source not in self.drawn:
            self.drawn[source] = draw_svg(source)
        return self.drawn[source]

    def drawing(self, cuts: list[int], p: int, final: bool = False) -> str:
        """Part p drawn downwards; where that is too wide, its separate runs stacked one below the
        other; too tall, its Cases side by side; where it still does not fit, a single box, a part
        with a fan (or, at the end, any part) turned across."""
        svg = self.draw(self.source(cuts, p))
        if self.room.fits(svg):
            return svg
        a, e = cuts[p], cuts[p + 1]
        w, h = svgread.size_pt(svg)
        if w / h > self.room.width / self.room.height:
            if self.stack_ties(a, e):
                svg = max(svg, self.draw(self.source(cuts, p, "stacked")), key=self.room.scale)
        elif len(self.case_starts.intersection(range(a + 1, e))) > 0:
            svg = max(svg, self.draw(self.source(cuts, p, "beside")), key=self.room.scale)
        if not self.room.fits(svg) and (final or e - a == 1 or self.fans.intersection(range(a, e))):
            svg = max(svg, self.draw(self.source(cuts, p, "across")), key=self.room.scale)
        return svg

    def stack_ties(self, a: int, e: int) -> list[tuple[str, str]]:
        """Invisible arrows from the ends of each separate run of boxes a…e-1 to the start of the next."""
        inside = set(self.seq[a:e])
        group: dict[str, int] = {}
        runs: list[list[str]] = []
        for box in self.seq[a:e]:  # a run: the boxes joined by arrows inside the part
            joined = {group[t] for t in self.adjacent[box] if t in group}
            if not joined:
                group[box] = len(runs)
                runs.append([box])
                continue
            first = min(joined)
            for other in sorted(joined - {first}, reverse=True):
                for b in runs[other]:
                    group[b] = first
                runs[first] += runs[other]
                runs[other] = []
            group[box] = first
            runs[first].append(box)
        runs = [r for r in runs if r]
        by_id = self.chart.by_id
        ties = []
        for upper, lower in zip(runs, runs[1:]):
            ends = [b for b in upper if by_id[b].kind is not Kind.LAW_REF
                    and not any(t in inside for t, _ in by_id[b].links())]
            ties += [(end, lower[0]) for end in ends]
        return ties

    # Cutting

    def fits(self, head: list[int], e: int) -> bool:
        """Whether the boxes from head[-1] up to e fit a page, drawn as the part after those of `head`."""
        a = head[-1]
        if (a, e) in self.refused:
            return False
        if (a, e) not in self.scales:
            trial = head + [e] + ([self.n] if e < self.n else [])
            scale = self.room.scale(self.drawing(trial, len(head) - 1))
            self.scales[(a, e)] = scale
            self.capacity = self.area(a, e) * scale ** 1.5
        return self.scales[(a, e)] >= 1.0

    def grow(self, head: list[int]) -> int:
        """The furthest end of a page that starts at head[-1] and still fits (one box at least)."""
        a = head[-1]
        lo, hi = a, self.n + 1  # the longest known to fit, the shortest known not to
        while hi - lo > 1:
            e = max(k for k in range(lo + 1, hi) if k == lo + 1 or self.area(a, k) <= self.capacity)
            if self.fits(head, e):
                lo = e
            else:
                hi = e
            if hi - lo > 1 or hi > self.n:
                continue
            # More boxes can fit where fewer did not: the arrows between them no longer end at markers.
            if lo == a:
                more = [e for e in sorted({a + 2, a + 4, a + 8, self.n}) if hi < e <= self.n]
            else:
                more = [hi + 1] if self.scales.get((a, hi), 0.0) >= NEARLY and hi < self.n else []
            fitting = next((e for e in more if self.fits(head, e)), None)
            if fitting is not None:
                lo, hi = fitting, self.n + 1
        return max(lo, a + 1)

    def end_cost(self, a: int, k: int, most: int, room: float) -> float:
        """What ending a page run (from a) at k costs: the arrows leaving it, a Case cut into, and
        the share left empty of the `room` its last page could hold up to `most`."""
        return (self.between(a, k, self.n) + (0 if k in self.case_starts else INSIDE_CASE)
                + EMPTY_PAGE * self.area(k, most) / room)

    def plan(self, lone_first: bool = False) -> list[int]:
        """Spread by spread: the left page as full as it goes, then the spread's end where the fewest
        arrows leave it (a Case's start best), then the cut between its two pages. A lone first page
        is ended the way a spread is."""
        cuts = [0]
        if lone_first:
            most = self.grow(cuts)
            room = self.area(0, most)
            cuts.append(min(range(1, most + 1), key=lambda k: (
                self.end_cost(0, k, most, room) + (TINY_COST if k <= TINY < most else 0), -k)))
        while cuts[-1] < self.n:
            a = cuts[-1]
            left = self.grow(cuts)
            if left == self.n:
                cuts.append(left)
                break
            most = self.grow(cuts + [left])
            room = self.area(left, most)
            end = min(range(left + 1, most + 1), key=lambda k: (self.end_cost(a, k, most, room), -k))
            m, end = self.split(cuts, left, end, most)
            if end == most:  # a right-hand page that starts earlier may yet hold more
                end = max(end, self.grow(cuts + [m]))
            cuts += [m, end]
        return cuts

    def split(self, head: list[int], left: int, end: int, most: int) -> tuple[int, int]:
        """Where a spread of the boxes head[-1]…end-1 is cut into its two pages: at the fewest arrows
        between them, no page of a box or two, that the drawings allow; else after the fullest left page."""
        a = head[-1]

        def cost(m: int) -> float:
            return (self.between(a, m, end) + (0 if m in self.case_starts else INSIDE_CASE)
                    + (TINY_COST if m - a <= TINY or end - m <= TINY else 0))

        # A left page refused once (drawn with its neighbours' letters it did not fit) is not tried again.
        plausible = [m for m in range(a + 1, left + 1) if (a, m) not in self.refused
                     and (m == left or self.area(m, end) <= self.capacity)] or [a + 1]
        for m in sorted(plausible, key=lambda m: (cost(m), -m))[:SPLIT_TRIES]:
            if self.fits(head + [m], end):  # the left page is a start of one that fits
                return m, end
        return (left, end) if self.fits(head + [left], end) else (left, most)

    def cut(self, lone_first: bool = False) -> list[Piece]:
        for _ in range(MAX_ROUNDS):
            cuts = self.plan(lone_first)
            svgs = [self.drawing(cuts, p, final=True) for p in range(len(cuts) - 1)]
            bad = {(cuts[p], cuts[p + 1]) for p, svg in enumerate(svgs)
                   if not self.room.fits(svg) and cuts[p + 1] - cuts[p] > 1}
            if not bad:
                break
            self.refused |= bad
        cuts, svgs = self.join_tiny(cuts, svgs)
        return _pieces(self.chart, [self.seq[cuts[p]:cuts[p + 1]] for p in range(len(cuts) - 1)], svgs)

    def join_tiny(self, cuts: list[int], svgs: list[str]) -> tuple[list[int], list[str]]:
        """Two parts that fit one page together, drawn with the final letters, are joined: a part of
        a box or two with a neighbour, or the two pages of a spread (the greedy cut by spreads can
        leave either), so long as every part still fits."""
        def joinable(j: int) -> bool:
            tiny = cuts[j + 1] - cuts[j] <= TINY or cuts[j + 2] - cuts[j + 1] <= TINY
            return tiny or j % 2 == 0

        while len(cuts) > 2:
            for j in range(len(cuts) - 2):
                if not joinable(j):
                    continue
                joined = cuts[:j + 1] + cuts[j + 2:]
                if not self.room.fits(self.drawing(joined, j, final=True)):
                    continue
                drawn = [self.drawing(joined, q, final=True) for q in range(len(joined) - 1)]
                if all(self.room.fits(d) for d in drawn):
                    cuts, svgs = joined, drawn
                    break
            else:
                break
        return cuts, svgs


def _assignment(groups: list[list[str]]) -> dict[str, str]:
    return {box: letter for letter, group in zip(letters(len(groups)), groups) for box in group}


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


def print_pieces(charts: dict[str, Chart], room: Room, svg_cache: Path, cut_cache: Path | None,
                 lone_first: frozenset[str] | None = None) -> dict[str, list[Piece]]:
    """Every flow chart cut for a page of `room` (or those of `lone_first` only, each cut with a
    lone first page); a chart cut before for the same content comes from `cut_cache`, and the
    others are cut on two cores at once when there are two."""
    flows = [c for c in sorted(charts.values(), key=lambda c: c.id) if c.layout is ChartLayout.FLOW
             and (lone_first is None or c.id in lone_first)]
    lone = lone_first is not None
    keys = {c.id: _cut_key(c, charts, room, lone) for c in flows}
    out: dict[str, list[Piece]] = {}
    for chart in flows:
        found = _recall(cut_cache, keys[chart.id])
        if found is not None:
            out[chart.id] = found
    # The largest first, so that the two workers finish together rather than one waiting on the last.
    todo = sorted((c for c in flows if c.id not in out), key=lambda c: -len(c.nodes))
    done = map_on_two(cut_chart, [(c, charts, room, svg_cache, lone) for c in todo])
    for chart, pieces in zip(todo, done):
        out[chart.id] = pieces
        _remember(cut_cache, keys[chart.id], pieces)
    return {c.id: out[c.id] for c in flows}


def _cut_key(chart: Chart, charts: dict[str, Chart], room: Room, lone_first: bool) -> str:
    named = [hand_off(c, charts).label for n in chart.nodes for c in n.continues]
    return work_key("pieces", str(dot_binary()), str(room), str(lone_first), chart.model_dump_json(), str(named))


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
