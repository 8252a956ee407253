"""Measure how the flow charts are cut for paper: parts, how full their pages are, arrows between
parts (and how many cross a leaf of the handbook), the smallest lettering, and the cutting time.

Run from the project root: `python benchmarks/cuts.py` (`--per-chart` lists each chart's parts).
The cold cut uses empty temporary cache folders, so the project's own .cache/ is left alone; the
warm cut runs again on those folders (every cut comes from the cut cache).
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.handbook.cards import card_paper  # noqa: E402
from generator.handbook.paper import paper_named  # noqa: E402
from generator.handbook.pieces import DRAWN_PT, Piece, Room, print_pieces, room_for, svg_size  # noqa: E402
from generator.corpus.loading import load_corpus  # noqa: E402
from generator.sources.model import Chart  # noqa: E402


def page_share(svg: str, room: Room, floor_pt: float) -> float:
    """The share of the page the drawing fills as printed (never enlarged past its drawn size)."""
    w, h = svg_size(svg)
    scale = min(room.scale(svg) * floor_pt / DRAWN_PT, 1.0)  # printed size over drawn size
    page = room.width * room.height * (floor_pt / DRAWN_PT) ** 2
    return w * h * scale * scale / page


def arrows_between(chart: Chart, pieces: list[Piece]) -> list[tuple[int, int]]:
    """(index of the part an arrow leaves, index of the part it leads to), for arrows between parts."""
    where = {box: i for i, p in enumerate(pieces) for box in p.boxes}
    return [(where[n.id], where[t]) for n in chart.nodes for t, _ in n.links()
            if t in where and where[t] != where[n.id]]


def report(name: str, cut: dict[str, list[Piece]], charts: dict[str, Chart], room: Room, floor_pt: float,
           spreads: bool, per_chart: bool) -> None:
    parts = sum(len(p) for p in cut.values())
    shares = [page_share(p.svg, room, floor_pt) for ps in cut.values() for p in ps]
    arrows = [a for cid, ps in cut.items() for a in arrows_between(charts[cid], ps)]
    crossing = [a for a in arrows if a[0] // 2 != a[1] // 2]
    markers = [(i, j) for ps in cut.values() for i, p in enumerate(ps) for _, to in p.leaves_to
               for j in [next(k for k, q in enumerate(ps) if q.letter == to)]]
    scales = [(room.scale(p.svg), cid, p.letter, len(p.boxes)) for cid, ps in cut.items() for p in ps]
    smallest = min(scales)
    small = sum(1 for ps in cut.values() if len(ps) > 1 for p in ps if len(p.boxes) <= 2)
    print(f"{name}: {len(cut)} charts, {parts} parts")
    print(f"  parts per chart: mean {parts / len(cut):.2f}, most {max(len(p) for p in cut.values())}")
    print(f"  page filled by a part's drawing: mean {statistics.mean(shares):.2f}, "
          f"median {statistics.median(shares):.2f}, least {min(shares):.2f}")
    print(f"  parts of one or two boxes (in charts cut in parts): {small}")
    print(f"  arrows between parts: {len(arrows)}"
          + (f", crossing a leaf (parts on different spreads): {len(crossing)}" if spreads else ""))
    print(f"  'continues in' markers (one per box led to, per part): {len(markers)}"
          + (f", leading across a leaf: {sum(1 for i, j in markers if i // 2 != j // 2)}" if spreads else ""))
    print(f"  smallest lettering scale (1 = the floor): {smallest[0]:.3f} ({smallest[1]} {smallest[2]}, "
          f"{smallest[3]} box{'es' if smallest[3] > 1 else ''})")
    under = [s for s in scales if s[0] < 1.0]
    if under:
        print(f"  parts under the floor: {len(under)}: " + ", ".join(f"{c} {l} ({n} boxes, {s:.3f})" for s, c, l, n in under))
    if per_chart:
        for cid, ps in cut.items():
            a = arrows_between(charts[cid], ps)
            print(f"    {cid:14} {len(ps):2} parts  boxes {[len(p.boxes) for p in ps]}  "
                  f"fill {[round(page_share(p.svg, room, floor_pt), 2) for p in ps]}  arrows {len(a)}"
                  + (f" crossing {sum(1 for i, j in a if i // 2 != j // 2)}" if spreads else ""))


def main() -> int:
    per_chart = "--per-chart" in sys.argv
    corpus = load_corpus(ROOT)
    book, cards = paper_named("A4"), card_paper("A4")
    rooms = [("handbook (A4, 7 pt)", room_for(book.chart_box, book.chart_floor_pt), book.chart_floor_pt, True),
             ("chart cards (A4 landscape, 9 pt)", room_for(cards.chart_box, cards.chart_floor_pt),
              cards.chart_floor_pt, False)]
    with tempfile.TemporaryDirectory(prefix="cuts-bench-") as tmp:
        svg_cache, cut_cache = Path(tmp) / "svg", Path(tmp) / "pieces"
        cuts, cold, warm = [], [], []
        for _, room, _, _ in rooms:
            start = time.perf_counter()
            cuts.append(print_pieces(corpus.charts, room, svg_cache, cut_cache))
            cold.append(time.perf_counter() - start)
        for _, room, _, _ in rooms:
            start = time.perf_counter()
            print_pieces(corpus.charts, room, svg_cache, cut_cache)
            warm.append(time.perf_counter() - start)
    for (name, room, floor, spreads), cut in zip(rooms, cuts):
        report(name, cut, corpus.charts, room, floor, spreads, per_chart)
    print(f"cold cut (empty caches), handbook then cards: {cold[0]:.1f} s + {cold[1]:.1f} s = {sum(cold):.1f} s")
    print(f"warm cut (from the cut cache): {warm[0]:.2f} s + {warm[1]:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
