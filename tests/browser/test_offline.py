"""With no signal: the site kept on the phone by its service worker, every page and the search
working offline once stored, and a new build replacing the stored copy."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from support import link_or_copy

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


def test_a_first_visit_never_fetches_the_list_of_files(browser: Any, base_url: str) -> None:
    """offline.json (every file of the site) is fetched only to store the copy: a page learns the
    copy's size from the worker, so a first visit on a weak link does not carry the list."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    page = context.new_page()
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page.goto(base_url + "laws/law-27/")
    expect(page.locator(".offline-state")).to_contain_text("MB", timeout=20000)  # the size, from the worker
    page.reload()
    expect(page.locator(".offline-state")).to_contain_text("MB", timeout=20000)
    assert asked and not [url for url in asked if url.endswith("offline.json")]
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
    assert "search/index.json" in paths and any(p.startswith("search/text/") for p in paths)
    assert any(p.startswith("search/terms/") for p in paths)
    assert not any(p.endswith((".pdf", ".map")) for p in paths)
    assert listing["bytes"] == sum(size for _, size in listing["files"])


def test_a_new_build_replaces_the_stored_copy(browser: Any, real_site: Path, tmp_path: Path) -> None:
    """Two builds: the phone keeps the first, the second is published, the stored copy becomes the
    second whole (its own cache, the first's deleted), the page says so and offers a reload."""
    import functools
    import http.server
    import shutil
    import threading

    from generator.publish.safebuild import build_site

    project = tmp_path / "project"
    # The kept work linked, not copied (as support.copy_real_project does): the second build is then
    # a warm one, and a build never writes into a kept entry.
    shutil.copytree(real_site.parent, project, symlinks=True, ignore=shutil.ignore_patterns(".cache"))
    if (real_site.parent / ".cache").is_dir():
        shutil.copytree(real_site.parent / ".cache", project / ".cache", copy_function=link_or_copy)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(project / "site"))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        context = browser.new_context(viewport=PHONE, service_workers="allow")
        page = context.new_page()
        store_everything(page, base)
        first = json.loads((project / "site" / "offline.json").read_text(encoding="utf-8"))["build"]
        assert page.evaluate("caches.keys()") == [f"bridge-laws-{first}"]

        home = project / "site_templates" / "fragments" / "home.md.j2"
        home.write_text(home.read_text(encoding="utf-8") + "\nThe second build's home page.\n", encoding="utf-8")
        build_site(project, handbook=False)
        second = json.loads((project / "site" / "offline.json").read_text(encoding="utf-8"))["build"]
        assert second != first

        page.reload()  # the page registers the worker again: the browser finds the new one
        expect(page.locator(".offline-state")).to_contain_text("updated", timeout=180000)
        reload = page.locator(".offline-reload")
        expect(reload).to_be_visible()
        # The first build's cache is deleted (and stays so while the old page's requests finish).
        page.wait_for_function(f"caches.keys().then(k => k.join() === 'bridge-laws-{second}')", timeout=30000)
        reload.click()
        page.wait_for_timeout(1000)
        assert page.evaluate("caches.keys()") == [f"bridge-laws-{second}"]
        context.set_offline(True)
        page.goto(base)
        expect(page.locator("article")).to_contain_text("The second build's home page.")
        page.goto(base + "laws/law-75/")
        expect(page.locator("article")).to_contain_text(re.compile("Mistaken Explanation or Mistaken Call", re.I))
        context.close()
    finally:
        server.shutdown()
