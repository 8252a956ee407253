"""Score the site's search on the Directors' query set (tests/search_queries.yaml), and compare it
with Material for MkDocs' own search tuned; print the figures, the bytes a first search fetches
from a compressing server, and how long results take.

Run from the project root after `python -m generator build`:

    python benchmarks/search_eval.py            # the site as built (site/)
    python benchmarks/search_eval.py --material # also build and score Material's search, tuned
    python benchmarks/search_eval.py --misses   # list the queries whose first result is wrong

Needs Debian's chromium and Playwright (the test extras).
"""
from __future__ import annotations

import argparse
import json
import gzip
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.corpus.loading import load_corpus  # noqa: E402
from generator.tools.searcheval import Judge, Query, Scored, load_queries  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
COMPRESSED = (".html", ".js", ".css", ".json", ".svg", ".xml", ".txt")
# Material's search tuned for the Laws: split on what separates the parts of a citation too, so that
# 12C1(c) is found by 12C1 c, and Law pages weigh more than the notes and course.
MATERIAL_TUNED = """
plugins:
  - search:
      separator: '[\\s\\-,:!=\\[\\]()"/]+|(?!\\b)(?=[A-Z][a-z])|\\.(?!\\d)|&[lg]t;'
"""


# Material's per-page boost, set from the page's path: Laws up, notes, course and audit pages down.
MATERIAL_BOOST = """
def on_page_markdown(markdown, page, config, files):
    path = page.file.src_uri
    boost = 3 if path.startswith("laws/") else 0.5 if path.startswith(("notes/", "training/", "audit/", "editing")) else 1
    page.meta.setdefault("search", {})
    if isinstance(page.meta["search"], dict):
        page.meta["search"].setdefault("boost", boost)
    return markdown
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    """A static host that compresses text as real hosts do (Pagefind's own files come compressed)."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix in COMPRESSED and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(path.read_bytes(), 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return _Body(body)
        return super().send_head()


class _Body:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, *_: Any) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


@contextmanager
def serve(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def our_results(page: Any, base: str, queries: list[Query], tune: dict[str, Any] | None = None) -> tuple[dict[str, list[str]], list[float]]:
    """Each query through the site's search (the same call the header and the home box make)."""
    page.goto(base)
    page.wait_for_function("window.lawSearch")
    page.evaluate("window.lawSearch.load()")
    if tune:
        page.evaluate("t => window.lawSearch.tune(t.weights, t.ranking)", tune)
    out, times = {}, []
    for query in queries:
        start = time.perf_counter()
        found = page.evaluate("q => window.lawSearch.query(q).then(rs => rs.map(r => r.url))", query.q)
        times.append(time.perf_counter() - start)
        out[query.q] = [u.replace(base, "") for u in found]
    return out, times


def material_results(page: Any, base: str, queries: list[Query]) -> dict[str, list[str]]:
    """Each query typed into Material's header search, its result links read back."""
    page.goto(base)
    page.wait_for_load_state("networkidle")
    out = {}
    for query in queries:
        page.evaluate("() => { const c = document.getElementById('__search'); if (!c.checked) c.click(); }")
        box = page.locator("input.md-search__input")
        box.focus()
        meta = "document.querySelector('.md-search-result__meta').textContent"
        # Clear with key strokes (Material reads those, not a filled value) and wait for the empty
        # state, so that the previous query's results are never read as this one's.
        box.press("Control+a")
        box.press("Backspace")
        try:
            page.wait_for_function(f"/Type to start/.test({meta})", timeout=3000)
        except Exception:  # noqa: BLE001 - read back below all the same
            pass
        box.press_sequentially(query.q, delay=5)
        try:
            page.wait_for_function(f"!/Type to start/.test({meta})", timeout=5000)
        except Exception:  # noqa: BLE001 - a query of no searchable words leaves it so
            pass
        hrefs: list[str] = []
        for _ in range(30):
            now = page.eval_on_selector_all(".md-search-result__item > a, .md-search-result__link",
                                            "els => els.map(e => e.getAttribute('href'))")
            if now == hrefs and (now or page.locator(".md-search-result__meta").text_content().startswith("No")):
                break
            hrefs = now
            page.wait_for_timeout(120)
        seen: list[str] = []
        for h in hrefs:
            parts, root = urlsplit(h or ""), urlsplit(base).path
            path = parts.path[len(root):] if parts.path.startswith(root) else parts.path
            h = path.lstrip("./") + ("#" + parts.fragment if parts.fragment else "")
            if h not in seen:
                seen.append(h)
        out[query.q] = seen
    return out


def _phone_page(b: Any) -> tuple[Any, Any, dict[str, int]]:
    """A phone-sized page, nothing cached and the offline worker blocked (what the network
    carries, not what a stored copy answers), with the compressed bytes of each response."""
    ctx = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers="block")
    page = ctx.new_page()
    sizes: dict[str, int] = {}
    client = ctx.new_cdp_session(page)
    client.send("Network.enable")
    client.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])))
    return ctx, page, sizes


# A mid-range phone runs scripts about four times slower than this machine's Chromium (Lighthouse's
# mobile profile uses the same factor).
PHONE_CPU_SLOWDOWN = 4


def phone_times(b: Any, base: str, queries: list[Query]) -> list[float]:
    """Seconds from a query to its results on a phone-sized page with the processor slowed down,
    the index already loaded (as after the first search)."""
    ctx, page, _ = _phone_page(b)
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    _, times = our_results(page, base, queries)
    ctx.close()
    return times


def _latency(label: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"results after a key stroke, {label}: median {statistics.median(ms):.0f} ms, 95th percentile "
            f"{ms[int(len(ms) * .95)]:.0f} ms, slowest {ms[-1]:.0f} ms (target: median <= 100 ms)")


def first_view_weight(b: Any, base: str, path: str) -> int:
    """Bytes transferred (compressed) by the first view of a page on a phone."""
    ctx, page, sizes = _phone_page(b)
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    ctx.close()
    return sum(sizes.values())


def first_search_weight(b: Any, base: str, query: str) -> tuple[int, int, float]:
    """Bytes transferred (compressed) by a Law page's first view, then by its first search; and the
    time from typing to results, in a phone-sized page."""
    ctx, page, sizes = _phone_page(b)
    page.goto(base + "laws/law-50/")
    page.wait_for_load_state("networkidle")
    before = sum(sizes.values())
    sizes.clear()
    start = time.perf_counter()
    page.evaluate("q => window.lawSearch.query(q)", query)
    took = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    ctx.close()
    return before, sum(sizes.values()), took


def build_material(work: Path) -> Path:
    """The same site with Material's search in place of ours, tuned (separator, Law pages boosted)."""
    for name in ("laws", "flowcharts", "front", "training", "docs", "site_templates", "generator", "mkdocs.yml"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, work / name)
    config = (work / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("plugins: []\n", MATERIAL_TUNED.lstrip("\n"))
    config = config.replace("  - javascripts/search.js\n", "")
    config = config.replace("  features:\n", "  features:\n    - search.suggest\n    - search.highlight\n")
    config = config.replace("hooks:\n", "hooks:\n  - material_boost.py\n")
    (work / "mkdocs.yml").write_text(config, encoding="utf-8")
    (work / "material_boost.py").write_text(MATERIAL_BOOST, encoding="utf-8")
    subprocess.run([sys.executable, "-P", "-m", "mkdocs", "build", "--quiet"], cwd=work, check=True,
                   env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"})
    return work / "site"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--queries", type=Path, default=ROOT / "tests" / "search_queries.yaml",
                        help="the query set (tests/search_queries_heldout.yaml: written apart, never tuned on)")
    parser.add_argument("--material", action="store_true", help="also build and score Material's search, tuned")
    parser.add_argument("--misses", action="store_true", help="list the queries whose first result is wrong")
    parser.add_argument("--tune", action="append", default=[], metavar="JSON",
                        help='score again with other weights, e.g. \'{"weights": {"situation": 0.8}, "ranking": {"termSimilarity": 3}}\'')
    args = parser.parse_args()
    args.queries = args.queries.resolve()
    queries = load_queries(args.queries)
    judge = Judge(load_corpus(ROOT))
    scored: list[Scored] = []
    with browser() as b:
        with serve(args.site) as base:
            page = b.new_page()
            results, times = our_results(page, base, queries)
            scored.append(judge.score("this site (its own index and ranking)", queries, results))
            for tune in args.tune:
                tuned, _ = our_results(b.new_page(), base, queries, json.loads(tune))
                scored.append(judge.score(f"tuned {tune}", queries, tuned))
            slowed = phone_times(b, base, queries)
            page_bytes, search_bytes, first_took = first_search_weight(b, base, "lead out of turn")
            largest = sorted(args.site.glob("laws/*/index.html"), key=lambda p: p.stat().st_size)[-3:]
            views = {p.parent.name: first_view_weight(b, base, f"laws/{p.parent.name}/") for p in largest}
        if args.material:
            with tempfile.TemporaryDirectory() as tmp:
                site = build_material(Path(tmp))
                with serve(site) as base:
                    scored.append(judge.score("Material search, tuned", queries, material_results(b.new_page(), base, queries)))
    print(f"{len(queries)} queries from {args.queries}")
    for s in scored:
        print(s.line())
        print("    right Law first, by kind of query:", s.kinds_line())
        if args.misses:
            for q, got in s.misses:
                print(f"    miss: {q!r} -> {got}")
    print(_latency("this machine", times))
    print(_latency(f"a phone (390 x 844, processor {PHONE_CPU_SLOWDOWN}x slower)", slowed))
    print(f"first view of a Law page (Law 50, phone): {page_bytes / 1024:.0f} KB transferred, of which search: 0")
    print("first view of the three largest Law pages: " + ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in views.items())
          + " (target <= 150 KB)")
    print(f"first search on that page: {search_bytes / 1024:.0f} KB transferred compressed (target <= 150 KB), "
          f"results in {first_took * 1000:.0f} ms")


if __name__ == "__main__":
    main()
