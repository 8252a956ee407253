"""The site as a Director uses it: search, chart links, layout by screen width, dark scheme."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def search(page: Any, base_url: str, query: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url)
    page.locator(".site-search-button").click()
    field = page.locator("#site-search input")
    field.press_sequentially(query, delay=15)
    # The results of the whole query, not of a prefix still shown while the last key's are made.
    expect(page.locator("#site-search-results")).to_have_attribute("data-query", query, timeout=20000)
    expect(page.locator("#site-search-results a.sr-link").first).to_be_visible(timeout=20000)


def test_search_finds_a_law_by_its_title(page: Any, base_url: str, console_errors: list[str]) -> None:
    search(page, base_url, "Insufficient Bid")
    page.locator("#site-search-results a.sr-link").first.click()
    expect(page).to_have_url(re.compile(r"/laws/law-27/"))
    assert console_errors == []


def test_search_finds_a_phrase_printed_only_in_a_chart(page: Any, base_url: str, console_errors: list[str]) -> None:
    # "Can the missing card be found" is a question of the Law 14 chart, not words of the Law.
    # Its situations, which walk that chart, come first; the chart's own record is further down.
    search(page, base_url, "missing card be found")
    page.locator("#site-search-results a.sr-link").first.click()
    expect(page).to_have_url(re.compile(r"/(charts|walk)/law-14/"))
    assert console_errors == []


def test_chart_law_reference_brings_its_paragraph_into_view(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "laws/law-24/")
    page.locator("#chart-law-24 svg a", has_text="Law 72C").first.click()
    expect(page).to_have_url(re.compile(r"/laws/law-72/#72C$"))
    expect(page.locator('[id="72C"]')).to_be_in_viewport()
    assert console_errors == []


def test_text_and_chart_side_by_side_on_a_wide_screen(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "laws/law-14/")
    text = page.locator('h2[id="14A"]').bounding_box()
    chart = page.locator("aside.law-charts").bounding_box()
    assert chart["x"] >= text["x"] + text["width"], "the chart stands right of the text"
    assert chart["y"] < text["y"] + 400, "and level with it"
    # Scroll within the text (not past its end, where the column and its sticky chart end too).
    page.mouse.wheel(0, 800)
    page.wait_for_function("() => window.scrollY > 0")
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > 300
    assert page.locator("aside.law-charts").bounding_box()["y"] >= 0, "the chart stays in view as the text scrolls"


def test_text_and_chart_stacked_on_a_phone(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(base_url + "laws/law-14/")
    text = page.locator('h2[id="14A"]').bounding_box()
    chart = page.locator("aside.law-charts").bounding_box()
    assert chart["width"] <= 375 and text["width"] <= 375
    assert abs(chart["x"] - text["x"]) < 2 and text["y"] > chart["y"] + chart["height"] - 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "nothing wider than the phone"


def test_charts_stay_legible_in_the_dark_scheme(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(base_url + "laws/law-14/")
    scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme == "slate"
    panel = page.evaluate("getComputedStyle(document.querySelector('.chart-svg')).backgroundColor")
    assert panel == "rgb(255, 255, 255)", "the drawing keeps its light panel, so its dark text reads"
    assert console_errors == []


@pytest.mark.parametrize("path", ["", "definitions/", "how-to-read-the-flowcharts/", "charts/", "laws/law-09/",
                                  "laws/law-77/", "charts/laws-10-12/", "preface/"])
def test_no_console_errors(page: Any, base_url: str, console_errors: list[str], path: str) -> None:
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    assert console_errors == []
