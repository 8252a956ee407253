"""With no signal: the site kept on the phone by its service worker, every page and the search
working offline once stored, and a new build replacing the stored copy."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def store_everything(page: Any, base_url: str) -> None:
    page.goto(base_url)
    keep = page.locator(".offline-keep")
    expect(keep).to_be_visible(timeout=20000)
    expect(page.locator(".offline-state")).to_contain_text("MB")
    keep.click()
    expect(page.locator(".offline-state")).to_contain_text("Stored for offline use", timeout=180000)


def test_every_kind_of_page_and_the_search_work_offline_once_stored(browser: Any, base_url: str, real_site: Path) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    page = context.new_page()
    store_everything(page, base_url)
    listing = json.loads((real_site / "offline.json").read_text(encoding="utf-8"))
    assert re.search(listing["build"], page.locator(".offline-state").text_content())
    context.set_offline(True)
    # Pages never visited before: a Law, a chart, a step-through, the situations, a course module.
    for path, text in (("laws/law-64/", "Procedure after Establishment"), ("charts/law-27/", "Insufficient Bid"),
                       ("walk/law-50/", "Step through"), ("situations/", "Situations"), ("training/revokes/", "Revoke")):
        page.goto(base_url + path)
        expect(page.locator("article")).to_contain_text(re.compile(text, re.I))
    page.goto(base_url + "laws/law-16/")
    found = page.evaluate("window.lawSearch.query('lead out of turn').then(rs => rs.map(r => r.url))")
    assert found and "/laws/law-5" in found[0]
    assert page.evaluate("window.lawSearch.query('12C1(c)').then(rs => rs[0].url)").endswith("#12C1c")
    context.close()


def test_a_page_not_stored_says_so_offline(browser: Any, base_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(base_url)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now controlled by the worker
    context.set_offline(True)
    page.goto(base_url + "laws/law-77/")
    expect(page.locator("body")).to_contain_text("not stored on this device")
    context.close()


def test_the_worker_and_its_list_name_the_build(real_site: Path) -> None:
    listing = json.loads((real_site / "offline.json").read_text(encoding="utf-8"))
    worker = (real_site / "sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{listing["build"]}"' in worker
    paths = {p for p, _ in listing["files"]}
    assert "laws/law-50/index.html" in paths and "walk/law-50/index.html" in paths
    assert any(p.startswith("search/pagefind/") for p in paths)
    assert not any(p.endswith((".pdf", ".map")) for p in paths)
    assert listing["bytes"] == sum(size for _, size in listing["files"])
