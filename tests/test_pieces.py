"""Charts cut for paper: every box in one part, every part fits its page at the floor, no two parts
of a spread that would fit one page, markers at the cuts."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.sources.cachedir import cache_dir
from generator.handbook.cards import card_paper
from generator.flowcharts.svg import size_pt as svg_size
from generator.handbook.pieces import Piece, Room, cut_chart, print_dot, print_pieces, reading_order, room_for
from generator.handbook.paper import PAPERS
from generator.flowcharts.render import Job, render_all
from generator.corpus.loading import Corpus
from generator.sources.model import Kind

from support import BELOW_THE_CARD_FLOOR  # noqa: E402

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("test_pieces")]  # every chart of the real project drawn and cut, twice

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def corpus(real_corpus: Corpus) -> Corpus:
    return real_corpus  # a copy of the project: the caches these tests fill are the copy's


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
    pieces = cut_chart(chart, corpus.charts, room_for((400.0, 400.0), 7.0), cache_dir(corpus.root, "svg"))
    assert len(pieces) == 1 and pieces[0].leaves_to == () and pieces[0].comes_from == ()
    assert "continues in" not in pieces[0].svg


@pytest.mark.parametrize("chart_id", ["law-27", "laws-44-45a"])
def test_every_box_is_in_one_part_and_every_part_fits_at_7_pt(corpus: Corpus, chart_id: str) -> None:
    paper = PAPERS["A4"]
    room = room_for(paper.chart_box, paper.chart_floor_pt)
    chart = corpus.charts[chart_id]
    pieces = cut_chart(chart, corpus.charts, room, cache_dir(corpus.root, "svg"))
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


ROOMS = {"handbook": room_for(PAPERS["A4"].chart_box, PAPERS["A4"].chart_floor_pt),
         "cards": room_for(card_paper("A4").chart_box, card_paper("A4").chart_floor_pt)}
# The boxes too large to print at the floor even alone on a page: none in the handbook (a fan of
# labelled arrows is drawn across: Laws 42-43's a_own, Law 60's a_kept); two choices on the cards.
TOO_LARGE: dict[str, dict[str, set[str]]] = {"handbook": {}, "cards": BELOW_THE_CARD_FLOOR}


@pytest.fixture(scope="module", params=sorted(ROOMS))
def cut(request: pytest.FixtureRequest, corpus: Corpus) -> tuple[str, Room, dict[str, list[Piece]]]:
    room = ROOMS[request.param]
    return request.param, room, print_pieces(corpus.charts, room, cache_dir(corpus.root, "svg"), cache_dir(corpus.root, "pieces"))


def test_every_box_is_in_exactly_one_part(corpus: Corpus, cut: tuple[str, Room, dict[str, list[Piece]]]) -> None:
    _, _, pieces = cut
    assert set(pieces) == {c.id for c in corpus.charts.values() if c.layout == "flow"}
    for chart_id, parts in pieces.items():
        held = [b for p in parts for b in p.boxes]
        assert sorted(held) == sorted(n.id for n in corpus.charts[chart_id].nodes), chart_id


def test_every_part_fits_at_the_floor_but_a_box_too_large_alone(cut: tuple[str, Room, dict[str, list[Piece]]]) -> None:
    name, room, pieces = cut
    under = {(c, b) for c, parts in pieces.items() for p in parts if room.scale(p.svg) < 1.0 for b in p.boxes}
    assert all(len(p.boxes) == 1 for parts in pieces.values() for p in parts if room.scale(p.svg) < 1.0)
    assert under == {(c, b) for c, boxes in TOO_LARGE[name].items() for b in boxes}


def _drawn_together(chart_id: str, corpus: Corpus, parts: list[Piece], i: int) -> str:
    """Parts i and i + 1 drawn as one, with the other parts' letters for its markers."""
    letter = {b: p.letter for p in parts for b in p.boxes}
    letter.update({b: parts[i].letter for b in parts[i + 1].boxes})
    source = print_dot(corpus.charts[chart_id], corpus.charts, letter, parts[i].letter)
    return render_all({"x": Job(f"print\n{source}", lambda: source)}, cache_dir(corpus.root, "svg"))["x"]


def test_no_two_parts_of_a_spread_would_fit_one_page(corpus: Corpus, cut: tuple[str, Room, dict[str, list[Piece]]]) -> None:
    _, room, pieces = cut
    joinable = [(c, parts[i].letter, parts[i + 1].letter) for c, parts in pieces.items()
                for i in range(0, len(parts) - 1, 2) if room.fits(_drawn_together(c, corpus, parts, i))]
    assert joinable == []


def test_a_part_of_a_box_or_two_could_not_join_either_neighbour(corpus: Corpus,
                                                               cut: tuple[str, Room, dict[str, list[Piece]]]) -> None:
    _, room, pieces = cut
    joinable = [(c, parts[i].letter) for c, parts in pieces.items() for i, p in enumerate(parts) if len(p.boxes) <= 2
                for j in (i - 1, i) if 0 <= j < len(parts) - 1
                and room.fits(_drawn_together(c, corpus, parts, j))]
    assert joinable == []


def test_the_parts_hold_as_many_boxes_as_the_cut_by_spreads_gave(cut: tuple[str, Room, dict[str, list[Piece]]]) -> None:
    """The cut by spreads packs a page well: 7.9 boxes a handbook page and 4.6 a card part with the
    charts of 7 December 2026 (2448 boxes; the charts have grown by a half since the cut was made,
    so parts a chart is no measure). A cut that wastes pages falls below these floors."""
    name, _, pieces = cut
    boxes = sum(len(p.boxes) for parts in pieces.values() for p in parts)
    assert boxes / sum(len(parts) for parts in pieces.values()) >= {"handbook": 7.5, "cards": 4.3}[name]


# Charts whose first box, read alone, would have made a lone first page of one box.
LONE_FIRST = ("law-24", "law-51", "laws-69-71")


def test_a_lone_first_part_holds_more_than_a_box_or_two_and_every_part_fits(corpus: Corpus) -> None:
    """Cut for a book where part A stands alone facing its Law: every box once, every part at
    the floor, and part A a real page's share, not the one box nearest the start."""
    room = ROOMS["handbook"]
    lone = print_pieces(corpus.charts, room, cache_dir(corpus.root, "svg"), cache_dir(corpus.root, "pieces"), frozenset(LONE_FIRST))
    assert set(lone) == set(LONE_FIRST)
    for chart_id, parts in lone.items():
        held = [b for p in parts for b in p.boxes]
        assert sorted(held) == sorted(n.id for n in corpus.charts[chart_id].nodes), chart_id
        assert len(parts) > 1 and len(parts[0].boxes) > 2, (chart_id, [len(p.boxes) for p in parts])
        assert all(room.fits(p.svg) for p in parts), chart_id


def test_a_fan_of_labelled_arrows_is_drawn_across_with_its_boxes(corpus: Corpus) -> None:
    """Laws 42-43's "the Director rules on the irregularity under the Law that governs it", eight
    ways on: drawn downwards, its targets stood in a row only 5.9 pt allowed; across, they stand
    in a column, and the question and every answer's outcome share one page at 7 pt."""
    room = ROOMS["handbook"]
    chart = corpus.charts["laws-42-43"]
    pieces = cut_chart(chart, corpus.charts, room, cache_dir(corpus.root, "svg"))
    fan = next(p for p in pieces if "a_own" in p.boxes)
    ways = {link.to for link in chart.by_id["a_own"].next}
    assert len(ways & set(fan.boxes)) >= len(ways) - 2  # nearly all its outcomes on its page
    assert room.fits(fan.svg)
    width, height = svg_size(fan.svg)
    assert height > width  # its targets one below the other
