"""`python -m generator serve`: the preview on 127.0.0.1, refreshed when a source file is saved.

A polling watcher (no dependency, any file system) looks at the sources' sizes and times ten
times a second. A saved Law or chart file has its own pages rendered at once, then every
source is checked and every changed page rendered, in a thread of its own so that the next save
is not kept waiting; a front-matter or training file has the latter only (preview.py); a template, a docs/ page or mkdocs.yml builds the whole site again. Every HTML
page is served with a small script that waits on /__preview/wait for the next version and then
reloads, and, while the sources have a problem, with the problems at its top as
`path:line: message`. The offline worker is not served: it would keep the pages it saw.
"""
from __future__ import annotations

import http.server
import json
import os
import re
import signal
import sys
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from markupsafe import Markup, escape

from generator.publish.adapter import WATCHED
from generator.publish.preview import PreviewSite, Refreshed

POLL = 0.1  # seconds between two looks at the sources
WAIT = 25.0  # seconds a page's wait for a new version lasts before it asks again
SOURCES = ("laws", "flowcharts", "front", "training")  # refreshed page by page
# Anything else watched builds everything again: the theme's templates, the hand-written pages.
WHOLE = tuple(f for f in WATCHED if f not in SOURCES) + ("docs", "mkdocs.yml")
_BODY = re.compile(rb"<body[^>]*>")
_RELOAD = """<script>(function () {
  var version = %d;
  function wait() {
    fetch("/__preview/wait?v=" + version, {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (d) { if (d.version !== version) location.reload(); else wait(); })
      .catch(function () { setTimeout(wait, 1000); });
  }
  wait();
})();</script>"""


def snapshot(root: Path, names: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """Every file under the named folders (or the named file): its time and size; hidden ones left out."""
    found: dict[str, tuple[int, int]] = {}
    for name in names:
        top = root / name
        if top.is_file():
            st = top.stat()
            found[str(top)] = (st.st_mtime_ns, st.st_size)
            continue
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for file in files:
                if file.startswith(".") or file.endswith("~"):
                    continue  # an editor's swap and backup files
                path = os.path.join(folder, file)
                try:
                    st = os.stat(path)
                except OSError:
                    continue  # removed between the listing and the look
                found[path] = (st.st_mtime_ns, st.st_size)
    return found


def problems_html(problems: list[str]) -> Markup:
    """The sources' problems at a page's top, each `path:line: message`, escaped."""
    lines = Markup("\n").join(escape(p) for p in problems)
    return Markup(
        '<div id="preview-problems" role="alert" style="position:sticky;top:0;z-index:10;background:#fdecea;'
        'color:#611a15;border-bottom:2px solid #b71c1c;padding:.6rem 1rem;font:14px/1.4 monospace">'
        "<strong>{count} problem(s) in the sources: the pages are as they were before it came.</strong>"
        '<pre style="margin:.4rem 0 0;white-space:pre-wrap">{lines}</pre></div>'
    ).format(count=len(problems), lines=lines)


class Preview:
    """The preview's site, its HTTP server and its watcher; `run()` until stopped."""

    def __init__(self, root: Path, port: int = 8000, say: Callable[[str], None] | None = None) -> None:
        self.root = root
        self.site = PreviewSite(root)
        self.say = say or (lambda line: print(line, flush=True))
        self.changed = threading.Condition()
        self.stopped = threading.Event()
        self._working = 0  # refreshes under way in the watcher's thread
        self._full: threading.Thread | None = None  # the full refresh's thread, while it runs
        self._full_lock = threading.Lock()
        self._again = False  # the full refresh is to run (again)
        handler = partial(_Handler, preview=self)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.server.daemon_threads = True

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def start(self) -> Refreshed:
        """Build the whole site once and start serving it (in a thread of its own)."""
        try:
            done = self.site.build()
        except Exception as exc:  # served as a problem; the next save builds again
            done = Refreshed(problems=[f"the build failed: {type(exc).__name__}: {exc}"])
            self.site.problems = done.problems
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return done

    @property
    def busy(self) -> bool:
        """At work now: the watcher on a save's own pages, or the full refresh in its thread."""
        return self._working > 0 or self._full is not None

    def run(self) -> None:
        """Watch the sources and refresh the site until `stop()`."""
        sources, whole = snapshot(self.root, SOURCES), snapshot(self.root, WHOLE)
        while not self.stopped.wait(POLL):
            now_sources, now_whole = snapshot(self.root, SOURCES), snapshot(self.root, WHOLE)
            if now_whole != whole or (self.site.folder is None and now_sources != sources):
                self._report(self.site.build)
            elif now_sources != sources:
                edited = [Path(p) for p in now_sources.keys() | sources.keys() if now_sources.get(p) != sources.get(p)]
                if len(edited) == 1:
                    self._report(lambda: self.site.quick(edited[0]))
                self._refresh_all()
            sources, whole = now_sources, now_whole

    def _refresh_all(self) -> None:
        """Check every source and make every page again, in a thread of its own: the watcher stays
        free to serve the next save's own pages at once. Asked again while it runs, it runs again."""
        with self._full_lock:
            self._again = True
            if self._full is None:
                self._full = threading.Thread(target=self._full_refreshes, daemon=True)
                self._full.start()

    def _full_refreshes(self) -> None:
        while not self.stopped.is_set():
            with self._full_lock:
                if not self._again:
                    self._full = None
                    return
                self._again = False
            if not self._report(self.site.refresh, counted=False):
                with self._full_lock:
                    self._again = True  # made from the sources before a quick edit: made again

    def stop(self) -> None:
        self.stopped.set()
        with self.changed:
            self.changed.notify_all()
        self.server.shutdown()
        self.server.server_close()
        full = self._full
        if full is not None:
            full.join(60)
        self.site.close()

    def _report(self, work: Callable[[], Refreshed | None], counted: bool = True) -> bool:
        """Do the work, wake the waiting pages, say what was done; False when there was nothing to do.
        `counted`: the work makes the preview busy (the full refresh's thread does so by being)."""
        self._working += counted
        try:
            done = work()
            if done is None:
                return False
        except Exception as exc:  # a build that fails is shown like a problem; the preview goes on
            done = Refreshed(problems=[f"the build failed: {type(exc).__name__}: {exc}"])
            self.site.problems = done.problems
            self.site.version += 1
        finally:
            self._working -= counted
        with self.changed:
            self.changed.notify_all()
        if done.problems:
            self.say(f"{len(done.problems)} problem(s); the pages are as they were before it came:")
            for problem in done.problems:
                self.say(f"  {problem}")
        elif done.whole:
            self.say(f"built every page ({len(done.pages)}) in {done.seconds:.2f} s")
        else:
            self.say(f"{len(done.pages)} page(s) rendered again in {done.seconds:.2f} s"
                     + (f": {', '.join(done.pages[:4])}{' …' if len(done.pages) > 4 else ''}" if done.pages else ""))
        return True

    def wait(self, seen: int) -> int:
        """The version, once it differs from `seen` (or after WAIT seconds)."""
        with self.changed:
            self.changed.wait_for(lambda: self.site.version != seen or self.stopped.is_set(), timeout=WAIT)
        return self.site.version


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The preview's folder, each HTML page with the reload script and the problems, if any."""

    def __init__(self, *args: Any, preview: Preview, **kwargs: Any) -> None:
        self.preview = preview
        super().__init__(*args, directory=str(preview.site.folder or preview.root), **kwargs)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def do_GET(self) -> None:  # noqa: N802
        parts = urlsplit(self.path)
        if parts.path == "/__preview/wait":
            seen = int((parse_qs(parts.query).get("v") or ["-1"])[0] or -1)
            self._send(json.dumps({"version": self.preview.wait(seen)}).encode(), "application/json")
            return
        if parts.path == "/__preview/status":  # for scripts that wait until the preview is idle
            site = self.preview.site
            state = {"version": site.version, "busy": self.preview.busy, "problems": site.problems}
            self._send(json.dumps(state).encode(), "application/json")
            return
        if self.preview.site.folder is None:  # nothing built yet: the problems alone
            self._send(self._page(b"<!doctype html><meta charset=utf-8><title>Preview</title><body></body>"),
                       "text/html; charset=utf-8")
            return
        if parts.path.endswith("/sw.js"):
            self.send_error(404, "no offline copy in the preview")
            return
        path = Path(self.translate_path(self.path))
        if path.is_dir() and parts.path.endswith("/"):
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            self._send(self._page(path.read_bytes()), "text/html; charset=utf-8")
            return
        super().do_GET()

    def _page(self, html: bytes) -> bytes:
        site = self.preview.site
        top = problems_html(site.problems).encode() if site.problems else b""
        found = _BODY.search(html)
        at = found.end() if found else 0
        html = html[:at] + top + html[at:]
        script = (_RELOAD % site.version).encode()
        end = html.rfind(b"</body>")
        return html[:end] + script + html[end:] if end >= 0 else html + script

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def serve(root: Path, port: int) -> int:
    """The command: build, serve, watch; Ctrl-C stops it."""
    try:
        preview = Preview(root, port)
    except OSError as exc:
        print(f"cannot serve on 127.0.0.1:{port} ({exc.strerror or exc}): choose another with --port", file=sys.stderr)
        return 1
    # Stopped by a signal as by Ctrl-C: the preview's folder is removed either way.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    done = preview.start()
    if done.problems:
        print(f"{len(done.problems)} problem(s) in the sources; fix them and the site will be built:", file=sys.stderr)
        for problem in done.problems:
            print(f"  {problem}", file=sys.stderr)
    print(f"serving {preview.url} (first build {done.seconds:.1f} s); watching the sources, Ctrl-C to stop", flush=True)
    try:
        preview.run()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        preview.stop()
    return 0
