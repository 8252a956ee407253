"""What a phone carries: the first view of each kind of page, and keeping the whole site offline.

    python benchmarks/phone.py [--site site]

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    site = args.site.resolve()
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
