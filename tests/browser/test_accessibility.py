"""axe-core finds no serious or critical violation on the pages a Director uses most."""
from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.browser


def serious(page: Any) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("path", ["", "laws/law-14/", "laws/law-09/", "definitions/", "charts/law-24/", "tools/score/",
                                  "walk/law-24/#q_exposed/q_led/c1/q_many", "training/revokes/", "situations/"])
def test_no_serious_violations(page: Any, base_url: str, path: str) -> None:
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    assert serious(page) == []


@pytest.mark.parametrize("path", ["", "laws/law-27/", "walk/law-24/#q_exposed/q_led/c1/q_many", "training/revokes/"])
def test_no_serious_violations_in_the_dark_scheme(browser: Any, base_url: str, path: str) -> None:
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    assert serious(page) == []
    context.close()


def test_each_chart_has_a_name_a_description_and_words(page: Any, base_url: str) -> None:
    page.goto(base_url + "laws/law-14/")
    svg = page.locator("#chart-law-14 svg").first
    assert svg.get_attribute("role") == "img"
    labelled = svg.get_attribute("aria-labelledby").split()
    assert page.locator(f'[id="{labelled[0]}"]').text_content() == "Law 14: Missing Card (Total Cards < 52)"
    assert "chart in words" in page.locator(f'[id="{labelled[1]}"]').text_content()
    steps = page.locator("#chart-law-14 ol.chart-steps > li")
    assert steps.count() > 10
