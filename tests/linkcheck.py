"""Check a built site: every internal href and #anchor leads to a page and an id that exist."""
from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif (tag == "a" and name in ("href", "xlink:href")) or (tag == "link" and name == "href"):
                self.links.append(value)


@dataclass(frozen=True)
class Broken:
    page: str
    href: str
    reason: str


def scan(site: Path) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """Ids and links of every HTML page, keyed by its path in the site."""
    ids: dict[str, set[str]] = {}
    links: dict[str, list[str]] = {}
    for path in site.rglob("*.html"):
        rel = path.relative_to(site).as_posix()
        parser = _Collector()
        parser.feed(path.read_text(encoding="utf-8"))
        ids[rel] = parser.ids
        links[rel] = parser.links
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
