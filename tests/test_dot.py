"""The DOT text of a fixture chart, exactly; and the style table behind it."""
from __future__ import annotations

from pathlib import Path

from generator.flowcharts.dot import chart_dot, wrap_label
from generator.flowcharts.style import STYLES
from generator.text.inline import ref_url
from generator.corpus.loading import load_corpus
from generator.sources.model import Kind

FIXTURES = Path(__file__).parent / "fixtures"


def test_fixture_chart_dot_is_exact() -> None:
    corpus = load_corpus(FIXTURES / "corpus")
    dot = chart_dot(corpus.charts["fixture"], lambda ref: "../../" + ref_url(ref), corpus.charts,
                    lambda chart_id, box: f"../../charts/{chart_id}/#{chart_id}-{box}")
    assert dot == (FIXTURES / "fixture-chart.dot").read_text(encoding="utf-8")


def test_every_legend_kind_is_drawn_distinctly() -> None:
    looks = {(s.attrs.get("shape"), s.attrs.get("style"), s.attrs.get("fillcolor")) for s in STYLES.values()}
    assert set(STYLES) == set(Kind)
    assert len(looks) == len(Kind)


def test_fixture_chart_uses_every_kind() -> None:
    corpus = load_corpus(FIXTURES / "corpus")
    assert {n.kind for n in corpus.charts["fixture"].nodes} == set(Kind)


def test_labels_are_escaped_for_dot() -> None:
    assert wrap_label('a "quoted" back\\slash') == 'a "quoted" back\\\\slash'
    assert wrap_label("one two three four five six seven eight", 12) == "one two\\nthree four\\nfive six\\nseven eight"
