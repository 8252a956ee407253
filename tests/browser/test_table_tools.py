"""For the Director at the table: the step-through and the course, in a phone-sized browser (the search: test_search.py)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.flowcharts.walk import START, first_box, walk

pytestmark = pytest.mark.browser
PHONE = {"width": 375, "height": 667}


def scenario_clicks(corpus: Any, chart_id: str) -> tuple[list[str], str]:
    """The button labels a Director presses to walk the chart's first scenario, and its ruling's words."""
    chart = corpus.charts[chart_id]
    scenario = chart.scenarios[0]
    route = walk(chart, scenario)
    by_id = {n.id: n for n in chart.nodes}
    from generator.flowcharts.walk import choices

    labels = []
    if first_box(chart) == START:
        labels.append(by_id[route[0]].text)
    for here, nxt in zip(route, route[1:]):
        ways = choices(chart, by_id[here])
        if len(ways) > 1:
            labels.append(next(w.label for w in ways if w.to == nxt))
    return labels, " ".join(by_id[route[-1]].text.split())


def test_walk_a_chart_by_clicks_to_its_ruling(page: Any, base_url: str, console_errors: list[str], real_corpus: Any) -> None:
    page.set_viewport_size(PHONE)
    clicks, ruling = scenario_clicks(real_corpus, "law-27")
    page.goto(base_url + "walk/law-27/")
    for label in clicks:
        page.locator(".walk-choice", has_text=label).first.click()
    card = page.locator(".walk-ruling-card.walk-final")
    expect(card).to_be_visible()
    expect(card).to_contain_text(ruling)  # the ruling reached, on the card that ends the walk
    expect(card.locator("details[open]").first).to_be_visible()  # the paragraph, quoted
    assert console_errors == []


def test_back_and_a_state_url(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "walk/law-27/")
    first = page.locator("#walk-current").inner_text()
    page.locator(".walk-choice").first.click()
    expect(page.locator("#walk-current")).not_to_have_text(first)  # the walk redraws on the hash change
    state = page.url
    second = page.locator("#walk-current").inner_text()
    page.locator(".walk-back").click()
    expect(page.locator("#walk-current")).to_have_text(first)
    page.goto("about:blank")
    page.goto(state)  # a shared or bookmarked state opens where it was
    expect(page.locator("#walk-current")).to_have_text(second)
    page.go_back()
    expect(page).to_have_url("about:blank")


def test_phone_layout_and_tap_targets(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    for path in ("", "walk/law-27/", "training/auction/"):
        page.goto(base_url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        for selector in (".walk-choice", ".walk-nav .md-button", ".finder-input", ".sr-link", ".quiz-choice"):
            for box in [b.bounding_box() for b in page.locator(selector).all()]:
                if box is not None and box["width"] > 0:
                    assert box["height"] >= 44 and box["width"] >= 44, (path, selector, box)


def test_course_quiz_reveals_the_path(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "training/auction/")
    quiz = page.locator("[data-quiz]").first
    quiz.locator('.quiz-choice[data-correct="yes"]').click()
    expect(quiz.locator(".quiz-feedback")).to_have_text(re.compile(r"^Right\b"))
    expect(quiz.locator(".quiz-answer")).to_have_attribute("open", "")
    expect(quiz.locator(".quiz-ruling a").first).to_have_attribute("href", re.compile(r"laws/law-\d\d/"))
    assert console_errors == []


def test_walk_works_offline_once_loaded(page: Any, base_url: str, context: Any) -> None:
    page.goto(base_url + "walk/law-27/")
    context.set_offline(True)
    page.locator(".walk-choice").first.click()
    expect(page.locator("#walk-current")).not_to_be_empty()
    context.set_offline(False)


def test_a_defined_term_opens_its_definition_on_tap_and_on_focus(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    console_errors: list[str] = []
    page.on("pageerror", lambda exc: console_errors.append(str(exc)))
    page.goto(base_url + "laws/law-50/")
    term = page.locator("article a.term", has_text="penalty card").first
    assert term.get_attribute("title") is None, "no plain tooltip"
    term.tap()
    pop = page.locator("#term-popover")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("A card subject to disposition under Law 50.")
    expect(page).to_have_url(re.compile(r"/laws/law-50/$"))  # the first tap stays on the page
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    page.evaluate("document.activeElement.blur()")
    term.focus()  # as the keyboard reaches it
    expect(pop).to_be_visible()
    assert term.get_attribute("aria-describedby") == "term-popover"
    pop.locator("a.term-pop-link").click()
    expect(page).to_have_url(re.compile(r"/definitions/#penalty-card$"))
    assert console_errors == []
    context.close()
