"""Check a built site: every internal href and #anchor leads to a page and an id that exist."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.walk_json: str | None = None
        self._in_walk = False

    def handle_data(self, data: str) -> None:
        if self._in_walk:
            self.walk_json = (self.walk_json or "") + data

    def handle_endtag(self, tag: str) -> None:
        self._in_walk = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and ("id", "walk-data") in attrs:
            self._in_walk = True
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif (tag == "a" and name in ("href", "xlink:href")) or (tag == "link" and name == "href"):
                self.links.append(value)


# Pages whose #hash is a state of their script (the step-throughs), with the test of a state.
STATES: dict[str, Callable[[str], bool]] = {}


@dataclass(frozen=True)
class Broken:
    page: str
    href: str
    reason: str


def walk_states(walk_json: str) -> Callable[[str], bool]:
    """A step-through page's #hash is a walk (box ids joined by /): valid when each step is allowed."""
    data = json.loads(walk_json)

    def valid(state: str) -> bool:
        route = [p for p in state.split("/") if p]
        if route and route[0].startswith("at:"):  # a walk started at a box of the chart
            route[0] = route[0].removeprefix("at:")
            if route[0] not in data["boxes"]:
                return False
        elif not route or route[0] != data["start"]:
            return False
        return all(any(c["to"] == b for c in data["boxes"][a]["choices"]) for a, b in zip(route, route[1:]))

    return valid


def scan(site: Path) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """Ids and links of every HTML page, keyed by its path in the site."""
    global STATES
    ids: dict[str, set[str]] = {}
    links: dict[str, list[str]] = {}
    STATES = {}
    for path in site.rglob("*.html"):
        rel = path.relative_to(site).as_posix()
        parser = _Collector()
        parser.feed(path.read_text(encoding="utf-8"))
        ids[rel] = parser.ids
        links[rel] = parser.links
        if parser.walk_json:
            STATES[rel] = walk_states(parser.walk_json)
    return ids, links


def broken_links(site: Path) -> tuple[list[Broken], int]:
    """Every internal link that does not resolve, and how many internal links were checked."""
    ids, links = scan(site)
    broken: list[Broken] = []
    checked = 0
    for page, hrefs in links.items():
        base = "http://site/" + page
        for href in hrefs:
            if urlparse(href).scheme in ("http", "https", "mailto", "data", "javascript") and not href.startswith("http://site/"):
                continue
            checked += 1
            target, anchor = urldefrag(urljoin(base, href))
            path = unquote(urlparse(target).path).lstrip("/")
            if path == "" or path.endswith("/"):
                path += "index.html"
            file = site / path
            if not file.exists():
                broken.append(Broken(page, href, f"no file {path}"))
                continue
            if anchor and path in STATES and unquote(anchor) not in ids.get(path, set()):
                if not STATES[path](unquote(anchor)):
                    broken.append(Broken(page, href, f"'{anchor}' is not a walk of {path}"))
                continue
            if anchor and file.suffix == ".html" and unquote(anchor) not in ids.get(path, set()):
                broken.append(Broken(page, href, f"no id '{anchor}' in {path}"))
    return broken, checked


if __name__ == "__main__":
    import sys

    found, count = broken_links(Path(sys.argv[1] if len(sys.argv) > 1 else "site"))
    for b in found:
        print(f"{b.page}: {b.href} ({b.reason})")
    print(f"{count} internal links checked, {len(found)} broken")
    sys.exit(1 if found else 0)
