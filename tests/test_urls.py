"""The site's addresses come from one module: each kind of page, and the way from one page to another."""
from __future__ import annotations

from generator.index.citations import Ref
from generator.index.urls import (CHARTS, changes_url, chart_beside_law, chart_url, depth, index_file, law_url,
                                  overview_url, page_file, ref_url, relative, root_from, training_url, walk_url,
                                  wording_url)


def test_pages_and_anchors() -> None:
    assert law_url(7) == "laws/law-07/"
    assert ref_url(Ref(12, "C", 1, "c")) == "laws/law-12/#12C1c"
    assert chart_url("law-14") == "charts/law-14/"
    assert chart_beside_law(14, "law-14") == "laws/law-14/#chart-law-14"
    assert walk_url("law-14", ["start", "q1:yes"]) == "walk/law-14/#start/q1:yes"
    assert wording_url(1997, 45) == "editions/1997/law-45/"
    assert changes_url(1997, 45) == "editions/1997-2017/law-45/"
    assert overview_url(1997) == "editions/1997-2017/"


def test_relative_climbs_back_to_the_root() -> None:
    assert depth("") == 0 and depth("definitions/") == 1 and depth(law_url(7)) == 2
    assert depth(wording_url(1997, 45) + "#45A") == 3  # an anchor is not a folder
    assert relative("", law_url(7)) == "laws/law-07/"
    assert relative(chart_url("law-14"), ref_url(Ref(27, "B"))) == "../../laws/law-27/#27B"
    assert root_from(wording_url(1997, 45)) == relative(wording_url(1997, 45), "") == "../../../"
    assert root_from(training_url("law-16")) == "../../"


def test_relative_takes_the_shortest_way() -> None:
    assert relative(training_url("law-16"), training_url("law-16-test")) == "../law-16-test/"
    assert relative("training/", training_url("law-16")) == "law-16/"
    assert relative(CHARTS, chart_url("law-14")) == "law-14/"
    assert relative(CHARTS, law_url(14)) == "../laws/law-14/"
    assert relative(law_url(27), ref_url(Ref(27, "B"))) == "#27B"


def test_page_files() -> None:
    assert page_file(law_url(7)) == "laws/law-07.md"
    assert page_file("definitions/") == "definitions.md"
    assert index_file(CHARTS) == "charts/index.md"
    assert index_file(overview_url(1997)) == "editions/1997-2017/index.md"
