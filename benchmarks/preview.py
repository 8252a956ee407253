"""Edit-to-visible in the live preview: save a chart's box text, poll the served page for the new words.

    python benchmarks/preview.py [--edits 5] [--edit chart|law] [--busy] [--project DIR]

Starts `python -m generator serve` on a copy of the project (the project's own site/ and .cache/
are left alone; --project reuses a copy made before, its kept work warm), waits for the first
build, then edits a box of the Law 27 chart (or, --edit law, a paragraph of Law 27) several times,
each time timing from the save to the page served with the new words (each edit made once the preview is idle: after an edit's
own pages it checks every source and remakes every page, which takes seconds). Prints the first build's time, each edit's, their median
beside the target (0.5 s), and the load average (the machine's load slows every figure).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import copy_project  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# What is edited and the page polled: a chart's box (its first question), or a paragraph of a Law.
EDITS = {
    "chart": ("flowcharts/law-27.yaml", "charts/law-27/", "Was the insufficient bid made in rotation"),
    "law": ("laws/law-27.yaml", "laws/law-27/", "Any insufficient bid may be accepted"),
}
TARGET = 0.5  # seconds from the save to the page served with the edit


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode("utf-8")


def start(project: Path) -> tuple[subprocess.Popen[str], str, float]:
    """The preview's process, its address, and the first build's time as it says it."""
    process = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(project), "serve", "--port", "0"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert process.stdout is not None
    for line in process.stdout:
        found = re.match(r"serving (\S+) \(first build ([\d.]+) s\)", line)
        if found:
            return process, found.group(1), float(found.group(2))
        print(f"  serve: {line.rstrip()}")
    raise SystemExit(f"the preview stopped before serving (exit {process.wait()})")


def edit_to_visible(project: Path, url: str, n: int, kind: str = "chart", timeout: float = 120.0) -> float:
    """Seconds from saving the source with a new word to that word in the served page."""
    source, page, words = EDITS[kind]
    path = project / source
    text = path.read_text(encoding="utf-8")
    marker = f"previewmark{n}x{os.getpid()}"
    edited = re.sub(re.escape(words) + r"( previewmark\w+)?", f"{words} {marker}", text, count=1)
    assert edited != text, f"{words!r} not in {path}"
    saved = time.perf_counter()
    path.write_text(edited, encoding="utf-8")
    while marker not in fetch(url + page):
        if time.perf_counter() - saved > timeout:
            raise SystemExit(f"edit {n} not visible after {timeout:.0f} s")
        time.sleep(0.01)
    return time.perf_counter() - saved


def idle(url: str) -> None:
    """Wait until the preview has done all its work (the watcher looks every 0.1 s)."""
    calm = 0
    while calm < 3:
        time.sleep(0.2)
        calm = 0 if json.loads(fetch(url + "__preview/status"))["busy"] else calm + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=5, help="edits to time (default 5)")
    parser.add_argument("--edit", choices=sorted(EDITS), default="chart", help=(
        "what to edit: a box of the Law 27 chart (default) or a paragraph of Law 27"))
    parser.add_argument("--busy", action="store_true", help=(
        "edit a second after the last edit was seen, while its full check still runs (default: wait until idle)"))
    parser.add_argument("--project", type=Path, help="a copy of the project made before (else a fresh one)")
    args = parser.parse_args()
    work = None
    if args.project:
        project = args.project.resolve()
    else:
        work = tempfile.TemporaryDirectory(prefix="preview-bench-")
        project = copy_project(Path(work.name) / "project")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    process, url, first = start(project)
    try:
        fetch(url + EDITS[args.edit][1])
        idle(url)
        edit_to_visible(project, url, 0, args.edit)  # the first edit warms what a session's first edit warms
        times = []
        for n in range(1, args.edits + 1):
            if args.busy:
                time.sleep(1.0)  # an editor saving again while the full check of the last save runs
            else:
                idle(url)  # the full check that follows each edit is over
            times.append(edit_to_visible(project, url, n, args.edit))
            print(f"  edit {n}: {times[-1]:.2f} s")
    finally:
        process.terminate()
        process.wait(30)
        if work is not None:
            work.cleanup()
    median = statistics.median(times)
    print(f"first build: {first:.1f} s")
    when = "a second after the last, its full check under way" if args.busy else "each once the preview was idle"
    what = "a chart box's words" if args.edit == "chart" else "a Law's paragraph"
    print(f"edit-to-visible ({what}, {len(times)} edits, {when}): median {median:.2f} s, "
          f"min {min(times):.2f} s, max {max(times):.2f} s; target {TARGET} s: {'met' if median <= TARGET else 'NOT met'}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
