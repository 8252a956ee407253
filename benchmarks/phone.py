"""What a phone carries: the first view of each kind of page, and keeping the whole site offline.

    python benchmarks/phone.py [--site site] [--throttle 400/400]

Served by a host that compresses text as real hosts do, viewed in Chromium at 390 x 844 with
nothing cached. The first views are counted with the offline worker blocked (what the network
carries for the page itself); keeping the site offline is timed from the press of "Keep for
offline use" to "Stored", its bytes counted as the host sends them (compressed where it would).
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search_eval import COMPRESSED, browser, first_view_weight, serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 150 * 1024  # a Law page's first view, compressed
WEAK_LAW = "laws/law-27/"  # the page the weak-link figures are taken on
WEAK_QUERY = "insufficient bid"
WEAK_TARGET = 3.0  # seconds, for the text and again for the first search's results


def kb(n: float) -> str:
    return f"{n / 1024:.0f} KB"


def sent_bytes(site: Path, rel: str) -> int:
    path = site / rel
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if path.suffix in COMPRESSED else len(data)


def keep_offline(b: object, base: str) -> float:
    """Seconds from the press of "Keep for offline use" to the page saying the copy is whole."""
    ctx = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,  # type: ignore[attr-defined]
                        service_workers="allow")
    page = ctx.new_page()
    page.goto(base)
    keep = page.locator(".offline-keep")
    keep.wait_for(state="visible", timeout=30000)
    start = time.perf_counter()
    keep.click()
    page.locator(".offline-state", has_text="Stored for offline use").wait_for(timeout=600000)
    took = time.perf_counter() - start
    ctx.close()
    return took


def weak_link(b: object, base: str, kbps: int, rtt_ms: int) -> tuple[float, float, float, float]:
    """On a throttled link, nothing cached: seconds to a Law page's text on screen (its largest
    contentful paint, as the browser counts it; its first contentful paint; when the script saw
    the heading), then from the first key of a search to its results shown."""
    ctx = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,  # type: ignore[attr-defined]
                        service_workers="block")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": rtt_ms,
             "downloadThroughput": kbps * 1000 / 8, "uploadThroughput": kbps * 1000 / 8})
    start = time.perf_counter()
    page.goto(base + WEAK_LAW, wait_until="commit", timeout=120000)
    page.locator("article h1").first.wait_for(state="visible", timeout=120000)
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0", timeout=120000)
    seen = time.perf_counter() - start
    page.wait_for_load_state("load", timeout=120000)
    # The browser's own clock, from the start of the navigation: the first paint of any text, and
    # the paint of the largest block of it (the Law's text on a Law page).
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000
    text = page.evaluate("""new Promise(done => new PerformanceObserver(list => {
        const all = list.getEntries(); done(all[all.length - 1].startTime);
    }).observe({type: 'largest-contentful-paint', buffered: true}))""") / 1000
    page.locator(".site-search-button").click()
    typed = time.perf_counter()
    page.locator(".site-search-input").type(WEAK_QUERY, delay=30)
    page.locator("#site-search-results a.sr-link").first.wait_for(state="visible", timeout=120000)
    search = time.perf_counter() - typed
    ctx.close()
    return text, paint, seen, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--throttle", metavar="KBPS/MS", help=(
        "also time a Law page's first visit and first search on a link of KBPS kbit/s and MS ms round trips "
        "(the weak-link target: 400/400)"))
    parser.add_argument("--weak-only", action="store_true", help="with --throttle: only the weak-link figures")
    args = parser.parse_args()
    site = args.site.resolve()
    if args.throttle:
        kbps, rtt = (int(x) for x in args.throttle.split("/"))
        with browser() as b, serve(site) as base:
            runs = [weak_link(b, base, kbps, rtt) for _ in range(3)]
        text, paint, seen, search = (statistics.median(r[i] for r in runs) for i in range(4))
        print(f"on a weak link ({kbps} kbps, {rtt} ms round trips; median of {len(runs)} first visits, nothing cached):")
        print(f"  /{WEAK_LAW} text on screen (largest contentful paint) {text:.1f} s (first contentful paint "
              f"{paint:.1f} s; the script saw the heading after {seen:.1f} s); "
              f"target {WEAK_TARGET:.0f} s: {'met' if text <= WEAK_TARGET else 'NOT met'}")
        print(f"  first search '{WEAK_QUERY}': results {search:.1f} s after the first key; "
              f"target {WEAK_TARGET:.0f} s: {'met' if search <= WEAK_TARGET else 'NOT met'}")
        if args.weak_only:
            return
    laws = sorted(site.glob("laws/*/index.html"), key=lambda p: p.stat().st_size)
    sample = laws[-5:] + laws[:: max(1, len(laws) // 10)]
    listing = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    with browser() as b, serve(site) as base:
        views = {p.parent.name: first_view_weight(b, base, f"laws/{p.parent.name}/") for p in sample}
        others = {path: first_view_weight(b, base, path) for path in ("", "walk/law-27/", "charts/law-27/", "situations/")}
        took = keep_offline(b, base)
    worst = max(views, key=views.get)
    print(f"first view of a Law page on a phone, compressed ({len(views)} pages: the 5 largest and a spread):")
    print(f"  largest {worst} {kb(views[worst])}, median {kb(statistics.median(views.values()))}; "
          f"budget {kb(BUDGET)}: {'met' if views[worst] <= BUDGET else 'NOT met'} "
          f"(largest / budget {views[worst] / BUDGET:.2f})")
    for path, size in others.items():
        print(f"  /{path or ''}: {kb(size)}")
    sent = sum(sent_bytes(site, rel) for rel, _ in listing["files"])
    print(f"keep for offline use: {len(listing['files'])} files, {listing['bytes'] / 1048576:.1f} MB stored, "
          f"{sent / 1048576:.1f} MB sent by a compressing host, in {took:.1f} s "
          f"({sent / 1048576 / took:.1f} MB/s over the loopback; the phone's own link sets the real time)")


if __name__ == "__main__":
    main()
