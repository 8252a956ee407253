"""Measure the build: cold, after one chart edit, against a plain MkDocs floor; print figures and ratios.

Run from the project root: `python benchmarks/bench.py`. Builds happen in temporary copies, so the
project's own site/ and .cache/ are left alone.
"""
from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("laws", "flowcharts", "front", "training", "docs", "site_templates", "mkdocs.yml")


def copy_project(dest: Path) -> Path:
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name)
        else:
            shutil.copy(src, dest / name)
    hooks = Path("generator", "publish", "mkdocs_hooks.py")  # the MkDocs adapter mkdocs.yml names
    (dest / hooks).parent.mkdir(parents=True)
    shutil.copy(ROOT / hooks, dest / hooks)
    return dest


def mkdocs_build(project: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-P", "-m", "mkdocs", "build", "--quiet", "-f", str(project / "mkdocs.yml")],
                   cwd=project, check=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    return time.perf_counter() - start


def export_plain(project: Path, dest: Path) -> Path:
    """The same pages as ready Markdown with inline SVG, and a config without the generator."""
    sys.path.insert(0, str(ROOT))
    from generator.site.generate import generate_pages
    from generator.corpus.loading import load_corpus
    from generator.site.pages import nav

    corpus = load_corpus(project)
    shutil.copytree(project / "docs", dest / "docs")
    for src_uri, content in generate_pages(corpus).items():
        path = dest / "docs" / src_uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    shutil.copytree(project / "site_templates", dest / "site_templates")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("hooks:\n  - generator/publish/mkdocs_hooks.py\n", "")
    (dest / "mkdocs.yml").write_text(config + "\nnav: " + _nav_yaml(nav(corpus)), encoding="utf-8")
    return dest


def _nav_yaml(items: list) -> str:
    import json

    return json.dumps(items, ensure_ascii=False) + "\n"  # JSON is YAML


def interleaved(runs: int, actions: dict[str, Callable[[], float]]) -> dict[str, list[float]]:
    """Each action `runs` times, taking turns, so that a busy spell on the machine hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(runs):
        for name, action in actions.items():
            times[name].append(action())
    return times


# What a PDF build may find kept from an earlier one (see pdfs()).
PDF_STATES = {
    "cold": "nothing kept (a fresh checkout)",
    "edited": "the charts' drawings and cuts kept, not the layout (a Law's text edited)",
    "unchanged": "everything kept (built again as it was)",
}


def forget(project: Path, state: str) -> None:
    """Remove from `.cache` what a build in `state` would not find there."""
    cache = project / ".cache"
    if state == "cold":
        shutil.rmtree(cache, ignore_errors=True)
    elif state == "edited":
        for path in (cache / "handbook").glob("*.json"):
            if not path.name.startswith("last-"):  # the last book's layout and page numbers: a guess, checked
                path.unlink()


def pdf_build(project: Path, command: list[str], output: Path, state: str) -> float:
    """One PDF (`command`: handbook's arguments) from its sources, with `.cache` as in `state`."""
    forget(project, state)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "handbook", *command,
                    "-o", str(output)], check=True, capture_output=True)
    return time.perf_counter() - start


def both_build(project: Path, folder: Path, state: str) -> float:
    """Both PDFs as `python -m generator build` makes them (the cards beside the handbook)."""
    forget(project, state)
    code = ("import sys; from pathlib import Path; from generator.corpus.loading import load_corpus; "
            "from generator.publish.safebuild import _write_pdfs; "
            "_write_pdfs(load_corpus(Path(sys.argv[1])), Path(sys.argv[2]))")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, str(project), str(folder)], check=True, capture_output=True,
                   cwd=ROOT)  # the project's own code (the copy holds only the sources)
    return time.perf_counter() - start


def pdfs(runs: int) -> int:
    """`bench.py --pdfs N`: the handbook, the chart cards, and both as the build makes them,
    from a cold cache, after an edit of a Law's text, and unchanged; N times each, in turns."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        project = copy_project(tmp_path / "project")
        load = os.getloadavg()[0]
        print(f"best of {runs} runs each, taken in turns (median in brackets); load average before: {load:.2f}")
        for state, meaning in PDF_STATES.items():
            if state != "cold":
                both_build(project, tmp_path, "cold")  # fill the caches once
            times = interleaved(runs, {
                "handbook": lambda: pdf_build(project, [], tmp_path / "handbook.pdf", state),
                "cards": lambda: pdf_build(project, ["--cards"], tmp_path / "chart-cards.pdf", state),
                "both": lambda: both_build(project, tmp_path, state)})
            print(f"{state}: {meaning}")
            for label, name in (("  handbook PDF (A4)", "handbook"), ("  chart cards PDF (A4 landscape)", "cards"),
                                ("  both, as the build makes them", "both")):
                target = "  (target < 45 s)" if name == "both" else ""
                print(f"{label:36}{min(times[name]):6.2f} s  ({statistics.median(times[name]):.2f}){target}")
    return 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--pdfs":
        return pdfs(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        project = copy_project(tmp_path / "project")
        mkdocs_build(project)  # fills the caches the export reads
        plain = export_plain(project, tmp_path / "plain")
        chart = project / "flowcharts" / "law-14.yaml"  # a flow chart: its drawing must be redone
        edits = iter(range(1000))

        def cold() -> float:
            # From nothing, as the floor's cold build: no caches and no previous site to clear away.
            shutil.rmtree(project / ".cache", ignore_errors=True)
            shutil.rmtree(project / "site", ignore_errors=True)
            return mkdocs_build(project)

        def plain_cold() -> float:
            shutil.rmtree(plain / "site", ignore_errors=True)
            return mkdocs_build(plain)

        def one_chart() -> float:
            # A new word in one box changes that chart's DOT, so only it is drawn again.
            text = chart.read_text(encoding="utf-8")
            chart.write_text(text.replace("text: ", f"text: (edit {next(edits)}) ", 1), encoding="utf-8")
            return mkdocs_build(project)

        # The fastest of the runs: the machine's other work only ever adds time.
        times = interleaved(runs, {"cold": cold, "floor cold": plain_cold})
        times |= interleaved(runs, {"warm": lambda: mkdocs_build(project), "one chart": one_chart,
                                    "floor rebuild": lambda: mkdocs_build(plain)})
        best = {name: min(values) for name, values in times.items()}
        middle = {name: statistics.median(values) for name, values in times.items()}

        handbook_time = min(pdf_build(project, [], tmp_path / "handbook.pdf", "edited") for _ in range(runs))
        cards_time = min(pdf_build(project, ["--cards"], tmp_path / "chart-cards.pdf", "edited") for _ in range(runs))
        site = project / "site"
        biggest = max(site.glob("laws/*/index.html"), key=lambda p: p.stat().st_size)
        index = sum(p.stat().st_size for p in (site / "search").rglob("*") if p.is_file())
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"best of {runs} runs each, taken in turns (median in brackets)")
        rows = [("cold full build (empty caches)", "cold"), ("rebuild, nothing changed", "warm"),
                ("rebuild after editing one chart", "one chart"), ("floor: plain mkdocs, cold", "floor cold"),
                ("floor: plain mkdocs, rebuild", "floor rebuild")]
        for label, name in rows:
            print(f"{label:36}{best[name]:6.2f} s  ({middle[name]:.2f})")
        for label, num, den, target in (("cold / floor", "cold", "floor cold", 1.5),
                                        ("one-chart / floor rebuild", "one chart", "floor rebuild", 1.1),
                                        ("nothing changed / floor rebuild", "warm", "floor rebuild", 1.05)):
            print(f"ratio {label:32}{best[num] / best[den]:6.2f}  ({middle[num] / middle[den]:.2f}; target <= {target})")
        print(f"largest law page                    {biggest.stat().st_size / 1024:6.1f} KB  "
              f"({biggest.parent.name}; target < 150 KB)")
        print(f"search files (fetched piece by piece when searching; benchmarks/search_eval.py measures a search)"
              f"\n                                    {index / 1024 / 1024:6.2f} MB")
        print(f"handbook PDF (A4), no layout cache  {handbook_time:6.2f} s")
        print(f"chart cards PDF (A4 landscape)      {cards_time:6.2f} s  (both at once: bench.py --pdfs)")
        print(f"peak memory of a build              {peak:6.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
