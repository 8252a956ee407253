"""The step-through shows every box of the route, the ruling so far at every step, and carries a
walk from one chart into the next."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.sources.model import Chart, Kind, Scenario
from generator.flowcharts.walk import START, choices, first_box, follow, walk

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
_SNAPSHOT: dict[str, Any] = {}


@pytest.fixture(autouse=True)
def _the_corpus_the_site_was_built_from(real_corpus: Any) -> None:
    _SNAPSHOT["corpus"] = real_corpus


def corpus() -> Any:
    """The corpus of the copy the site was built from (sources edited during a run do not count)."""
    return _SNAPSHOT["corpus"]
RULING_KINDS = {Kind.ACTION, Kind.OPTIONS, Kind.STATEMENT, Kind.REPETITION}


def clicks(chart: Chart, scenario: Scenario) -> tuple[list[str], list[str]]:
    """The buttons a Director presses to walk a scenario, and the ids of the boxes it passes."""
    route = walk(chart, scenario)
    carried = follow(chart, route[0], scenario.facts, complete=True).carried  # answered by a fact: not asked
    labels = [chart.by_id[route[0]].text] if first_box(chart) == START else []
    for here, nxt in zip(route, route[1:]):
        ways = choices(chart, chart.by_id[here])
        if len(ways) > 1 and here not in carried:
            labels.append(next(w.label for w in ways if w.to == nxt))
    if choices(chart, chart.by_id[route[-1]]):  # the walk ends where a condition does not hold
        labels.append("No")
    return labels, route


def flat(text: str) -> str:
    return " ".join(text.split())


def press(page: Any, labels: list[str]) -> None:
    for label in labels:
        page.locator(".walk-choice", has_text=re.compile("^" + re.escape(flat(label)) + "$")).first.click()


def longest_route() -> tuple[Chart, Scenario]:
    """The scenario that passes the most boxes of the ruling before its end: the hardest to show whole."""
    best = None
    for chart in corpus().charts.values():
        if chart.layout != "flow":
            continue
        for scenario in chart.scenarios:
            passed = [b for b in walk(chart, scenario)[:-1] if chart.by_id[b].kind in RULING_KINDS]
            if best is None or len(passed) > best[0]:
                best = (len(passed), chart, scenario)
    assert best is not None
    return best[1], best[2]


def test_every_box_passed_is_in_the_ruling(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.set_viewport_size(PHONE)
    chart, scenario = longest_route()
    labels, route = clicks(chart, scenario)
    page.goto(base_url + f"walk/{chart.id}/")
    press(page, labels)
    ruling = page.locator(".walk-ruling-card li .walk-item-text")
    shown = [flat(t) for t in ruling.all_inner_texts()]
    for box in route:
        node = chart.by_id[box]
        if node.kind in RULING_KINDS:
            assert flat(node.text) in shown, (chart.id, box)
    expect(page.locator(".walk-ruling-card details[open]").first).to_be_visible()  # paragraphs quoted at the end
    assert console_errors == []


def test_the_ruling_so_far_is_shown_before_the_walk_ends(page: Any, base_url: str) -> None:
    """A walk that passes an action and then asks again shows that action while it asks."""
    page.set_viewport_size(PHONE)
    for chart in corpus().charts.values():
        for scenario in chart.scenarios if chart.layout == "flow" else []:
            labels, route = clicks(chart, scenario)
            for n, box in enumerate(route[:-1]):
                node = chart.by_id[box]
                later = [b for b in route[n + 1:-1] if len(choices(chart, chart.by_id[b])) > 1]
                if node.kind is Kind.ACTION and later:
                    asked = sum(1 for b in route[:route.index(later[0])] if len(choices(chart, chart.by_id[b])) > 1)
                    page.goto(base_url + f"walk/{chart.id}/")
                    press(page, labels[:asked + (1 if first_box(chart) == START else 0)])
                    expect(page.locator(".walk-choice").first).to_be_visible()
                    expect(page.locator(".walk-ruling-card")).to_contain_text(flat(node.text))
                    return
    pytest.fail("no scenario passes an action before another question")


def test_a_hand_off_carries_the_route_into_the_next_chart(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.set_viewport_size(PHONE)
    found = [(c, s) for c in corpus().charts.values() if c.layout == "flow" for s in c.scenarios
             if c.by_id[walk(c, s)[-1]].continues]
    assert found, "some scenario ends at a hand-off"
    chart, scenario = found[0]
    labels, route = clicks(chart, scenario)
    handed = chart.by_id[route[-1]].continues[0]
    target = corpus().charts[handed.chart]
    page.goto(base_url + f"walk/{chart.id}/")
    press(page, labels)
    go = page.locator(".walk-continue-link", has_text=target.title).first
    expect(go).to_be_visible()
    go.click()
    expect(page).to_have_url(re.compile(rf"/walk/{handed.chart}/#@{chart.id}/"))
    entry = target.by_id[handed.at]
    if len(choices(target, entry)) > 1:
        expect(page.locator("#walk-current")).to_have_text(flat(entry.text))
        the_question_is_in_view(page)
    # The earlier chart's ruling stays on screen, marked with its chart.
    earlier = [chart.by_id[b] for b in route if chart.by_id[b].kind in RULING_KINDS]
    ruling = page.locator(".walk-ruling-card")
    for node in earlier:
        expect(ruling).to_contain_text(flat(node.text))
    expect(ruling).to_contain_text(chart.title)
    # Back from the first question of the new chart returns into the chart that handed over.
    page.locator(".walk-back").click()
    expect(page).to_have_url(re.compile(rf"/walk/{chart.id}/#"))
    assert console_errors == []


def test_answering_keeps_the_focus_and_the_buttons_in_view(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    chart, scenario = longest_route()
    labels, _route = clicks(chart, scenario)
    page.goto(base_url + f"walk/{chart.id}/")
    for label in labels[:-1]:
        page.locator(".walk-choice", has_text=re.compile("^" + re.escape(flat(label)) + "$")).first.focus()
        page.keyboard.press("Enter")
        # The focus moves to the next question, or, where the ruling of now is complete (a question
        # judged at the end of play is left), to the Ruling card: wait for either, then see which.
        page.wait_for_function("document.activeElement && (document.activeElement.id === 'walk-current'"
                               " || document.activeElement.classList.contains('walk-ruling-card'))")
        if page.locator(".walk-ruling-card.walk-final").count():
            expect(page.locator(".walk-ruling-card")).to_be_focused()
            continue
        expect(page.locator("#walk-current")).to_be_focused()
        box = page.locator(".walk-choice").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], label
        assert page.locator(".walk-trail-box > ol.walk-trail > li").count() <= 2  # older answers fold away


def no_chain(chart: Chart, start: str) -> list[str]:
    """The Yes/No questions after `start` while the answer is No (as the page's walk-logic finds
    them, for charts without carried facts): a Law's exceptions asked in a row."""
    def yes_no(node_id: str) -> list[str] | None:
        node = chart.by_id.get(node_id)
        ways = choices(chart, node) if node is not None else []
        return [w.to for w in ways] if [w.label for w in ways] == ["Yes", "No"] else None

    out: list[str] = []
    facts = {chart.by_id[start].fact}
    ways = yes_no(start)
    while ways is not None and len(out) < 6:
        nxt = chart.by_id.get(ways[1])
        if nxt is None or yes_no(nxt.id) is None or nxt.phase != chart.by_id[start].phase or nxt.id in out:
            break
        if nxt.fact is not None and nxt.fact in facts:
            break
        facts.add(nxt.fact)
        out.append(nxt.id)
        ways = yes_no(nxt.id)
    return out


def test_a_row_of_exceptions_is_answered_no_in_one_tap_and_each_answer_is_kept(page: Any, base_url: str,
                                                                                console_errors: list[str]) -> None:
    found = [(chart, node.id, chain) for chart in corpus().charts.values() if chart.layout == "flow"
             for node in chart.nodes if node.kind is Kind.QUESTION and len(chain := no_chain(chart, node.id)) >= 3]
    assert found, "no chart asks three exceptions in a row"
    chart, start, chain = found[0]
    page.set_viewport_size(PHONE)
    page.goto(base_url + f"walk/{chart.id}/#at:{start}")
    items = page.locator(".walk-chain-list > li")
    expect(items).to_have_count(len(chain))
    assert [items.nth(i).get_attribute("data-box") for i in range(len(chain))] == chain
    page.locator(".walk-chain-none").click()
    expect(page).to_have_url(re.compile("/".join(re.escape(b) for b in chain)))
    trail = page.locator(".walk-trail li")
    assert trail.count() == len(chain) + 1  # every question of the row is on the record, answered No
    answers = page.locator(".walk-trail .walk-answer").all_text_contents()
    assert answers == ["No"] * (len(chain) + 1)
    # Yes at one of the row: the ones before it answered No, that one Yes.
    page.goto(base_url + f"walk/{chart.id}/#at:{start}")
    page.locator(".walk-chain-list > li").nth(1).locator(".walk-chain-yes").click()
    expect(page.locator(".walk-trail .walk-answer")).to_have_text(["No", "No", "Yes"])
    assert console_errors == []


# A revoke in rectification of Law 57 (the defender, able to play the card declarer required,
# played another) ends at a box that hands over twice: to the revoke chart, and to Law 50 for the
# major penalty card. Walked as the terminal walk takes it: `python -m generator walk` + these.
TWICE = ["law-57", "start=c1", "q_lead=no", "q_loot=no", "q_both=no", "q_dummy=no", "k_60c=no", "k_57c3=no",
         "a_select=o2", "q_comply=yes", "q_before=no", "q_defied=yes",
         "@laws-61-63", "q_both=no", "q_43b3=no", "q_played=yes", "q_twelfth=no"]


def terminal_walk(tokens: list[str]) -> Any:
    from generator.tools.walkthrough import parse, walk_charts

    walked = walk_charts(corpus(), parse(tokens))
    assert walked.error is None and walked.open_box is None, (walked.error, walked.open_box)
    return walked


def answers_in(walked: Any, chart_id: str) -> list[str]:
    """The buttons pressed in one chart of a terminal walk: its answers not carried from a fact."""
    return [flat(s.answer) for s in walked.steps if s.chart.id == chart_id and s.answer is not None and not s.carried]


def the_question_is_in_view(page: Any) -> None:
    """The question of now and all its answers on a phone's first screen, below the page's header."""
    header = page.locator(".md-header").bounding_box()
    question = page.locator("#walk-current").bounding_box()
    assert header is not None and question is not None
    assert question["y"] >= header["y"] + header["height"], (question, header)
    for button in page.locator(".walk-box .walk-choice").all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (button.inner_text(), box)


def test_an_end_box_that_hands_over_twice_keeps_its_second_hand_off_to_the_end(page: Any, base_url: str,
                                                                            console_errors: list[str]) -> None:
    from generator.flowcharts.ruling import ruling_of
    from generator.tools.walkthrough import hand_off_label

    walked = terminal_walk(TWICE)
    first, second = walked.steps[0].chart, walked.steps[-1].chart
    ends = [[s.node for s in walked.steps if s.chart is c][-1] for c in (first, second)]
    (left,) = [c for c in ends[0].continues if c.chart != second.id]  # Law 50's, not followed
    page.set_viewport_size(PHONE)
    page.goto(base_url + f"walk/{first.id}/")
    press(page, answers_in(walked, first.id))
    page.locator(".walk-continue-link", has_text=second.title).click()
    expect(page).to_have_url(re.compile(rf"/walk/{second.id}/#@{first.id}/"))
    the_question_is_in_view(page)  # after a hand-off, the new question first, with its answers
    press(page, answers_in(walked, second.id))

    # The final card offers what the terminal walk's card offers: this chart's hand-offs, and Law 50.
    card = page.locator(".walk-ruling-card.walk-final")
    offered = [hand_off_label(corpus(), to, at) for to, at in ruling_of(walked.steps).hand_offs]
    assert offered[-1] == hand_off_label(corpus(), left.chart, left.at) == "Continue in Law 50: Disposition Of Penalty Card"
    expect(card.locator(".walk-continue-link")).to_have_text(offered)

    # Shared as a link, the walk across the hand-off comes back to the same card.
    shared = page.context.new_page()
    shared.set_viewport_size(PHONE)
    shared.goto(page.url)
    expect(shared.locator(".walk-ruling-card.walk-final .walk-continue-link")).to_have_text(offered)
    assert shared.locator(".walk-ruling-card").inner_text() == card.inner_text()
    expect(shared.locator(".walk-notice")).to_have_count(0)
    shared.close()

    # Law 50 taken up where the first chart handed over, with the whole walk carried.
    card.locator(".walk-continue-link", has_text=offered[-1]).click()
    expect(page).to_have_url(re.compile(rf"/walk/{left.chart}/#@{first.id}/.*/@{second.id}/.*/@{left.chart}/{left.at}$"))
    expect(page.locator("#walk-current")).to_have_text(flat(corpus().charts[left.chart].by_id[left.at].text))
    expect(page.locator(".walk-notice")).to_have_count(0)  # not a stale link started at the top
    the_question_is_in_view(page)
    for end in ends:  # the ruling so far holds both charts walked
        expect(page.locator(".walk-ruling-card")).to_contain_text(flat(end.text))
    assert console_errors == []


def test_the_map_marks_the_condition_a_walk_found_not_met(page: Any, base_url: str) -> None:
    """A walk that ends where a condition does not hold ends at that condition on the route's map
    (its "not met" step is no box of the drawing: the map stays at the condition)."""
    page.set_viewport_size(PHONE)
    found = [(c, s) for c in corpus().charts.values() if c.layout == "flow" for s in c.scenarios
             if choices(c, c.by_id[walk(c, s)[-1]]) and c.by_id[walk(c, s)[-1]].kind is Kind.CONDITION]
    assert found, "some scenario ends where a condition does not hold"
    chart, scenario = found[0]
    labels, route = clicks(chart, scenario)
    page.goto(base_url + f"walk/{chart.id}/")
    press(page, labels)
    expect(page.locator(".walk-ruling-card")).to_contain_text("not met", ignore_case=True)
    expect(page.locator(f'.walk-map .map-here[data-box="{route[-1]}"]')).to_have_count(1)
