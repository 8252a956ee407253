"""The offline copy: the list of every file a Director's phone keeps (offline.json) and the service
worker that keeps it (sw.js), named by the digest of the build's content."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parents[2] / "site_templates" / "offline" / "sw.js"
EDITION = "Laws of Duplicate Bridge 2017"
# Not kept: the printed books (large, and offered for download apart), the files for search
# engines (their dates change daily), and the worker and its list themselves.
LEFT_OUT_SUFFIXES = (".pdf", ".map")  # source maps are for a developer's debugger
# Material's own search, switched off for the site's (docs/javascripts/search.js), ships anyway.
LEFT_OUT_FOLDERS = ("assets/javascripts/lunr/", "assets/javascripts/workers/")
LEFT_OUT_NAMES = frozenset({"sitemap.xml", "sitemap.xml.gz", "sw.js", "offline.json"})


def kept_files(site_dir: Path) -> list[tuple[str, int]]:
    """Every file of the site the offline copy holds, as (path from the root, bytes), in order."""
    out = []
    for path in sorted(site_dir.rglob("*")):
        rel = path.relative_to(site_dir).as_posix()
        if (path.is_file() and path.name not in LEFT_OUT_NAMES and not rel.endswith(LEFT_OUT_SUFFIXES)
                and not rel.startswith(LEFT_OUT_FOLDERS)):
            out.append((rel, path.stat().st_size))
    return out


def write_offline(site_dir: Path, template: Path = TEMPLATE) -> dict[str, int | str]:
    """Write offline.json and sw.js into the built site; returns the build's digest and size."""
    files = kept_files(site_dir)
    digest = hashlib.sha256()
    for rel, _size in files:
        digest.update(rel.encode() + b"\0" + (site_dir / rel).read_bytes() + b"\0")
    build = digest.hexdigest()[:12]
    total = sum(size for _rel, size in files)
    listing = {"build": build, "edition": EDITION, "bytes": total, "files": files}
    (site_dir / "offline.json").write_text(json.dumps(listing, separators=(",", ":")), encoding="utf-8")
    worker = (template.read_text(encoding="utf-8").replace("__BUILD__", build).replace("__BYTES__", str(total))
              .replace("__FILES__", str(len(files))).replace("__EDITION__", json.dumps(EDITION)[1:-1]))
    (site_dir / "sw.js").write_text(worker, encoding="utf-8")
    return {"build": build, "files": len(files), "bytes": total}
