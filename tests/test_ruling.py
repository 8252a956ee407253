"""The Ruling card's sections as the terminal walk and the handbook read them (flowcharts/ruling.py;
the page's walk-logic.js does the same and is tested under node): what is ruled now, what happens
next, what is judged at the end of play, across a hand-off."""
from __future__ import annotations

from typing import Any

from generator.flowcharts.ruling import ruling_of, steps_of
from generator.sources.model import Chart


def chart(id_: str, nodes: list[dict[str, Any]]) -> Chart:
    made = Chart.model_validate({"title": id_.upper(), "laws": [16], "origin": "drawn", "nodes": nodes})
    return made.model_copy(update={"id": id_})  # as the loader names a chart by its file


ADJUST = chart("p", [
    {"id": "q", "kind": "question", "text": "Was the non-offending side damaged?", "phase": "later",
     "yes": "adj", "no": "fine"},
    {"id": "adj", "kind": "action", "text": "The score is adjusted",
     "continues": [{"chart": "r", "at": "assess"}]},
    {"id": "fine", "kind": "action", "text": "The score stands"},
])
ASSESS = chart("r", [
    {"id": "start_here", "kind": "question", "text": "Is a penalty card on the table?", "yes": "assess", "no": "assess2"},
    {"id": "assess", "kind": "action", "text": "The adjusted score is assessed"},
    {"id": "assess2", "kind": "action", "text": "Play goes on", "phase": "next"},
])
PENALTY = chart("s", [
    {"id": "s1", "kind": "action", "text": "The card is a major penalty card",
     "continues": [{"chart": "r", "at": "assess2"}]},
])


def test_what_follows_a_question_judged_at_the_end_of_play_is_judged_then():
    card = ruling_of(steps_of(ADJUST, ["q", "adj"]))
    assert [i.text for i in card.later] == ["Was the non-offending side damaged?", "The score is adjusted"]
    assert card.now == [] and card.hand_offs == [("r", "assess")]


def test_a_chart_handed_to_after_such_a_question_is_judged_at_the_end_of_play_too():
    card = ruling_of(steps_of(ADJUST, ["q", "adj"]) + steps_of(ASSESS, ["assess"]))
    assert [i.text for i in card.later][-1] == "The adjusted score is assessed"
    assert card.now == []


def test_a_chart_handed_to_at_the_table_rules_now_again():
    card = ruling_of(steps_of(PENALTY, ["s1"]) + steps_of(ASSESS, ["assess2"]))
    assert [i.text for i in card.now] == ["The card is a major penalty card"]
    assert [i.text for i in card.next] == ["Play goes on"]
    assert card.later == []


def test_a_chart_entered_at_its_beginning_after_such_a_question_rules_now():
    """Laws 10-12 judge at the end of play whether a side gained, then hand over to the
    irregularity's own chart: its rectification is ruled at the table, not after play."""
    card = ruling_of(steps_of(ADJUST, ["q", "adj"]) + steps_of(ASSESS, ["start_here", "assess2"]))
    assert [i.text for i in card.next] == ["Play goes on"]
    assert [i.text for i in card.later] == ["Was the non-offending side damaged?", "The score is adjusted"]


TWICE = chart("t", [
    {"id": "t1", "kind": "action", "text": "The card is a penalty card, and the revoke is ruled on",
     "continues": [{"chart": "s", "at": "s1"}, {"chart": "r", "at": "assess2"}]},
])


def test_a_box_that_hands_over_twice_still_offers_the_way_not_yet_followed():
    """After the first of two hand-offs is walked, the card still offers the second (terminal
    walk and Ruling card alike): a revoke's penalty card, then its trick."""
    card = ruling_of(steps_of(TWICE, ["t1"]) + steps_of(PENALTY, ["s1"]))
    assert card.hand_offs == [("r", "assess2")]  # s1's own hand-off, the same chart: offered once


def test_the_terminal_walk_follows_the_second_hand_off_of_an_earlier_box() -> None:
    from types import SimpleNamespace

    from generator.tools.walkthrough import walk_charts

    both = chart("t", [{"id": "t1", "kind": "action", "text": "Both", "continues": [
        {"chart": "s", "at": "s1"}, {"chart": "u", "at": "u1"}]}])
    trick = chart("u", [{"id": "u1", "kind": "action", "text": "One trick is transferred"}])
    corpus = SimpleNamespace(charts={c.id: c for c in (both, PENALTY, ASSESS, trick)})
    walked = walk_charts(corpus, [("t", {}), ("s", {}), ("u", {})])  # type: ignore[arg-type]
    assert walked.error is None
    assert [s.box for s in walked.steps] == ["t1", "s1", "u1"]


def test_a_walk_into_a_chart_named_beside_the_irregularitys_own_keeps_that_one_open():
    """Law 9's dummy who drew attention: Laws 42-43 for his breach, and the irregularity's own
    chart; walked into the first, the card offers the second, not the chart just walked."""
    both = chart("g", [{"id": "g1", "kind": "action", "text": "Dummy is liable to penalty; the irregularity is rectified",
                        "continues": [{"chart": "s", "at": "s1"}, {"chart": "irregularity"}]}])
    card = ruling_of(steps_of(both, ["g1"]) + steps_of(PENALTY, ["s1"]))
    assert card.hand_offs == [("r", "assess2"), ("irregularity", None)]


def test_the_terminal_walk_goes_in_where_the_named_hand_off_says_though_the_irregularitys_comes_first() -> None:
    from types import SimpleNamespace

    from generator.tools.walkthrough import walk_charts

    spectator = chart("v", [{"id": "v1", "kind": "action", "text": "The spectator drew attention", "continues": [
        {"chart": "irregularity"}, {"chart": "r", "at": "assess2"}]}])
    corpus = SimpleNamespace(charts={c.id: c for c in (spectator, ASSESS)})
    walked = walk_charts(corpus, [("v", {}), ("r", {})])  # type: ignore[arg-type]
    assert walked.error is None
    assert [s.box for s in walked.steps] == ["v1", "assess2"]  # not asked from the top of r
