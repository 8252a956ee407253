"""The site's search files: a Pagefind index of the search records and the citation table.

Pagefind (its binary comes from PyPI with the `pagefind[bin]` package) writes a chunked index that
the browser fetches piece by piece, only once someone searches. The records are handed over as
small HTML documents, so that titles weigh more than text and each carries its kind as a filter.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import subprocess
import tempfile
import zipfile
from html import escape
from pathlib import Path

from generator.sources.cachedir import cache_dir, keep, kept
from generator.corpus.corpus import Corpus
from generator.site.searchrecords import KINDS, Record, SearchRecords, best_bets, citation_table

FOLDER = "search"  # under the site root: search/pagefind/…, search/citations.json
# Weights of a record's parts (Pagefind's scale; plain text is 1).
TITLE_WEIGHT = 6
HEADING_WEIGHT = 2
ABOUT_WEIGHT = 5  # the vocabulary's words for what a record rules on
KEYWORD_WEIGHT = 1
SNIPPET_CHARS = 600  # enough text around a match for a two-line snippet


def record_html(record: Record) -> str:
    """One record as the document Pagefind reads; every text escaped."""
    meta = {"title": record.title, "u": record.url, "kind": record.kind, "laws": " ".join(map(str, record.laws)),
            "s": record.text[:SNIPPET_CHARS]}
    if record.walk:
        meta["walk"] = record.walk
    metas = "".join(f'<meta data-pagefind-meta="{k}:{escape(v)}">' for k, v in meta.items() if v)
    parts = [f'<h1 data-pagefind-weight="{TITLE_WEIGHT}">{escape(record.title)}</h1>']
    if record.heading:
        parts.append(f'<p data-pagefind-weight="{HEADING_WEIGHT}">{escape(record.heading)}</p>')
    if record.text:
        parts.append(f"<p>{escape(record.text)}</p>")
    if record.about:
        parts.append(f'<p data-pagefind-weight="{ABOUT_WEIGHT}">{escape(" · ".join(record.about))}</p>')
    if record.keywords:
        parts.append(f'<p data-pagefind-weight="{KEYWORD_WEIGHT}">{escape(" · ".join(record.keywords))}</p>')
    return (f'<!doctype html><html lang="en"><head>{metas}</head>'
            f'<body><main data-pagefind-body data-pagefind-filter="{record.kind}:1">{"".join(parts)}</main></body></html>')


class SearchIndexer:
    """The search files of one build. Pagefind is started as soon as the records are known and
    runs while MkDocs renders the pages (on the machine's other core); `finish` collects it.

    The index is kept in the project's cache under the digest of everything it is made from, so
    a rebuild that changes nothing the search holds only copies it.
    """

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.records = SearchRecords(corpus).records
        docs = [record_html(r) for r in self.records]
        digest = hashlib.sha256(json.dumps([_pagefind_version(), docs]).encode()).hexdigest()[:32]
        self.entry = cache_dir(corpus.root, "search")
        self.entry.mkdir(parents=True, exist_ok=True)
        self.kept = self.entry / f"{digest}.zip"
        packed = kept(self.kept)
        self.files = _unpack(packed) if packed is not None else None
        self.run: subprocess.Popen[str] | None = None
        self.tmp: tempfile.TemporaryDirectory[str] | None = None
        if self.files is None:
            self._start(docs)

    def _start(self, docs: list[str]) -> None:
        """Each record written as a page of a throw-away site, indexed by the binary in one run
        (its Python service takes a round trip per record, forty times slower)."""
        from pagefind_bin import get_executable

        self.tmp = tempfile.TemporaryDirectory(prefix="bridge-laws-search-")
        pages = Path(self.tmp.name) / "records"
        pages.mkdir()
        for n, html in enumerate(docs):
            (pages / f"{n:05d}.html").write_text(html, encoding="utf-8")
        self.run = subprocess.Popen([str(get_executable()), "--site", str(pages), "--output-path",
                                     str(Path(self.tmp.name) / "pagefind"), "--force-language", "en", "--silent"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def finish(self, site_dir: Path) -> dict[str, int]:
        """Wait for the index, write it and the citation table into `site_dir`; their figures."""
        files = self.files if self.files is not None else self._collect()
        out = site_dir / FOLDER
        for rel, data in files.items():
            target = out / "pagefind" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        vocabulary = self.corpus.vocabulary
        table = json.dumps({"cites": citation_table(self.corpus), "bets": best_bets(self.corpus),
                            "ignore": [w.casefold() for w in vocabulary.ignored] if vocabulary else []},
                           ensure_ascii=False, separators=(",", ":"))
        (out / "citations.json").write_text(table, encoding="utf-8")
        return {"records": len(self.records), "files": len(files), "bytes": sum(map(len, files.values())) + len(table.encode())}

    def _collect(self) -> dict[str, bytes]:
        assert self.run is not None and self.tmp is not None
        try:
            _out, err = self.run.communicate()
            if self.run.returncode != 0:
                raise RuntimeError(f"the search index could not be made (pagefind: {err.strip() or 'exit ' + str(self.run.returncode)})")
            made = Path(self.tmp.name) / "pagefind"
            files = _reproducible({str(p.relative_to(made)): p.read_bytes() for p in sorted(made.rglob("*"))
                                   if p.is_file() and not p.name.startswith(_UNUSED)})
        finally:
            self.tmp.cleanup()
        for old in self.entry.glob("*.zip"):
            old.unlink(missing_ok=True)
        keep(self.kept, _pack(files))
        return files

    def cancel(self) -> None:
        """The build failed: stop Pagefind and leave nothing behind."""
        if self.run is not None and self.run.poll() is None:
            self.run.kill()
            self.run.wait()
        if self.tmp is not None:
            self.tmp.cleanup()


# Pagefind's files that the site's own search script never loads (its ready-made UIs).
_UNUSED = ("pagefind-ui.", "pagefind-modular-ui.", "pagefind-component-ui.", "pagefind-highlight.", "wasm.unknown.")


def _reproducible(files: dict[str, bytes]) -> dict[str, bytes]:
    """The same index for the same records, build after build.

    Pagefind lists the filters (one per kind of record) in its metadata file in the order of a
    hash map, which changes from run to run, and names that file and the entry after it. Here the
    list is put in the order of KINDS and the file named from its content. Should a later Pagefind
    lay the file out otherwise, it is left as it is (tests/test_determinism.py would say so).
    """
    metas = [name for name in files if name.startswith("pagefind.") and name.endswith(".pf_meta")]
    if len(metas) != 1 or "pagefind-entry.json" not in files:
        return files
    old = metas[0]
    meta = gzip.decompress(files[old])
    found = []
    for kind in KINDS:
        m = re.search(re.escape(b"\x82" + bytes([0x60 + len(kind)]) + kind.encode()) + rb"\x6aen_[0-9a-f]{7}", meta)
        if m is None:
            return files
        found.append(m)
    start, end = min(m.start() for m in found), max(m.end() for m in found)
    if end - start != sum(m.end() - m.start() for m in found) or meta[start - 1] != 0x80 + len(found):
        return files
    meta = meta[:start] + b"".join(m.group(0) for m in found) + meta[end:]
    digest = "en_" + hashlib.sha256(meta).hexdigest()[:10]
    out = {name: data for name, data in files.items() if name != old}
    out[f"pagefind.{digest}.pf_meta"] = gzip.compress(meta, mtime=0)
    entry = json.loads(files["pagefind-entry.json"])
    entry["languages"]["en"]["hash"] = digest
    out["pagefind-entry.json"] = json.dumps(entry, separators=(",", ":")).encode()
    return out


def _pagefind_version() -> str:
    from importlib.metadata import version

    return version("pagefind")


def _pack(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for name in sorted(files):
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name])
    return buffer.getvalue()


def _unpack(data: bytes) -> dict[str, bytes] | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return {name: z.read(name) for name in z.namelist() if ".." not in name and not name.startswith("/")}
    except (zipfile.BadZipFile, OSError, ValueError):
        return None
