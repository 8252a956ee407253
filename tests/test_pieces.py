"""Charts cut for paper: every box in one part, every part fits its page at the floor, markers at the cuts."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.cachedir import cache_dir
from generator.handbook.pieces import cut_chart, print_dot, reading_order, room_for, svg_size
from generator.handbook.paper import PAPERS
from generator.loading import Corpus, load_corpus
from generator.model import Kind

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(ROOT)


def test_room_is_the_page_at_the_floor() -> None:
    room = room_for((164.0, 222.0), 7.0)
    # 164 mm at 7 pt for 12 pt lettering: 164 mm × 12/7 = 281 mm = 797 pt of the drawing.
    assert round(room.width) == 797 and round(room.height) == 1079


def test_reading_order_puts_each_case_in_its_own_run(corpus: Corpus) -> None:
    chart = corpus.charts["laws-44-45a"]
    runs = reading_order(chart)
    boxes = [b for run in runs for b in run]
    assert sorted(boxes) == sorted(n.id for n in chart.nodes)  # every box once
    cases = [n.id for n in chart.nodes if n.kind is Kind.CASE]
    assert [run[0] for run in runs if chart.by_id[run[0]].kind is Kind.CASE] == cases


def test_a_part_draws_markers_where_arrows_leave_and_enter(corpus: Corpus) -> None:
    chart = corpus.charts["law-27"]
    boxes = [n.id for n in chart.nodes]
    first, rest = boxes[:3], boxes[3:]
    pieces = {**{b: "A" for b in first}, **{b: "B" for b in rest}}
    dot_a = print_dot(chart, corpus.charts, pieces, "A")
    dot_b = print_dot(chart, corpus.charts, pieces, "B")
    assert "continues in B →" in dot_a and "from A" not in dot_a
    assert "from A" in dot_b and "continues in B" not in dot_b
    for b in rest:
        assert f"\t{b} [" not in dot_a
    # The whole chart for paper has no markers.
    assert "continues in" not in print_dot(chart, corpus.charts)


def test_a_chart_that_fits_its_page_whole_stays_whole(corpus: Corpus) -> None:
    chart = corpus.charts["law-52"]
    pieces = cut_chart(chart, corpus.charts, room_for((400.0, 400.0), 7.0), cache_dir(ROOT, "svg"))
    assert len(pieces) == 1 and pieces[0].leaves_to == () and pieces[0].comes_from == ()
    assert "continues in" not in pieces[0].svg


@pytest.mark.parametrize("chart_id", ["law-27", "laws-44-45a"])
def test_every_box_is_in_one_part_and_every_part_fits_at_7_pt(corpus: Corpus, chart_id: str) -> None:
    paper = PAPERS["A4"]
    room = room_for(paper.chart_box, paper.chart_floor_pt)
    chart = corpus.charts[chart_id]
    pieces = cut_chart(chart, corpus.charts, room, cache_dir(ROOT, "svg"))
    held = [b for p in pieces for b in p.boxes]
    assert sorted(held) == sorted(n.id for n in chart.nodes)
    for p in pieces:
        w, h = svg_size(p.svg)
        assert w <= room.width and h <= room.height, (chart_id, p.letter, w, h)
    assert [p.letter for p in pieces] == [chr(65 + i) for i in range(len(pieces))]
    assert len(pieces) > 1
    letters = {p.letter for p in pieces}
    assert all(to in letters for p in pieces for _, to in p.leaves_to)
    assert all(any(p.letter in q.comes_from for q in pieces) for p in pieces if p.leaves_to)
