"""The live preview (`python -m generator serve`) on the fixture project: an edit is served, a
broken file shows its `path:line: message` in the page (escaped), and the fix clears it."""
from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from support import edit, make_project

from generator.publish.previewserver import Preview

CHART = "charts/fixture/"


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[Preview]:
    root = make_project(tmp_path / "project")
    lines: list[str] = []
    running = Preview(root, port=0, say=lines.append)
    done = running.start()
    assert not done.problems and done.whole
    watcher = threading.Thread(target=running.run, daemon=True)
    watcher.start()
    try:
        yield running
    finally:
        running.stop()
        watcher.join(5)


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def served_when(url: str, wanted: str, timeout: float = 60.0) -> str:
    """The page once it holds `wanted` (the watcher refreshes in its own thread)."""
    end = time.monotonic() + timeout
    while True:
        page = fetch(url)
        if wanted in page:
            return page
        assert time.monotonic() < end, f"{wanted!r} never appeared in {url}"
        time.sleep(0.05)


def test_edit_problem_and_fix_are_served(preview: Preview) -> None:
    chart = preview.root / "flowcharts" / "fixture.yaml"
    page = fetch(preview.url + CHART)
    assert "The card becomes a penalty card" in page
    assert "/__preview/wait" in page  # the reload script
    assert "/__preview/" not in fetch(preview.url + "javascripts/search.js")  # scripts are served as they are
    with pytest.raises(urllib.error.HTTPError):  # the offline worker would keep the pages it saw
        fetch(preview.url + "sw.js")

    edit(chart, "The card becomes a penalty card", "The card becomes a major penalty card")
    served_when(preview.url + CHART, "major penalty card")
    index = fetch(preview.url)
    assert "preview-problems" not in index

    # A broken file: its problem at the top of every page, escaped, the last good page under it.
    edit(chart, "    kind: action\n", "    kind: <b>action\n")
    page = served_when(preview.url + CHART, "preview-problems")
    assert "flowcharts/fixture.yaml:" in page
    assert "&lt;b&gt;action" in page and "<b>action" not in page
    assert "major penalty card" in page
    assert "preview-problems" in fetch(preview.url + "laws/law-01/")

    edit(chart, "    kind: <b>action\n", "    kind: action\n")
    edit(chart, "major penalty card", "minor penalty card")
    page = served_when(preview.url + CHART, "minor penalty card")
    assert "preview-problems" not in fetch(preview.url + CHART)


def test_wait_returns_at_a_new_version(preview: Preview) -> None:
    seen = preview.site.version
    got: list[int] = []
    waiter = threading.Thread(target=lambda: got.append(preview.wait(seen)))
    waiter.start()
    edit(preview.root / "laws" / "law-01.yaml", "law: 1", "law: 1 ")  # same model, same pages
    edit(preview.root / "flowcharts" / "fixture.yaml", "Is it so ?", "Is it really so ?")
    waiter.join(60)
    assert got and got[0] > seen


def test_quick_pages_are_the_full_refresh_pages(tmp_path: Path) -> None:
    """The pages of one edited chart, made from that file alone, are those the full refresh makes:
    it finds them unchanged (and only the other pages that show the chart left to render)."""
    from generator.publish.preview import PreviewSite

    site = PreviewSite(make_project(tmp_path / "project"))
    try:
        site.build()
        chart = site.root / "flowcharts" / "fixture.yaml"
        edit(chart, "The card becomes a penalty card", "The card becomes a major penalty card")
        quick = site.quick(chart)
        assert quick is not None and {"charts/fixture.md", "walk/fixture.md", "laws/law-01.md"} <= set(quick.pages)
        assert "major penalty card" in (site.folder / "charts" / "fixture" / "index.html").read_text(encoding="utf-8")
        full = site.refresh()
        assert not full.problems and not set(quick.pages) & set(full.pages)
        edit(chart, "    kind: action\n", "    kind: <b>action\n")
        assert site.quick(chart) is None  # a file with a problem: the full refresh reports it
    finally:
        site.close()


def test_a_port_in_use_is_said(tmp_path: Path) -> None:
    import socket

    from support import run_generator

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = run_generator("--root", str(tmp_path), "serve", "--port", str(port))
    assert ran.returncode == 1 and f"cannot serve on 127.0.0.1:{port}" in ran.stderr and "--port" in ran.stderr
