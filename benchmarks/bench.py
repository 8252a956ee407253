"""Measure the build: cold, after one chart edit, against a plain MkDocs floor; print figures and ratios.

Run from the project root: `python benchmarks/bench.py`. Builds happen in temporary copies, so the
project's own site/ and .cache/ are left alone.
"""
from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
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
    (dest / "generator").mkdir()
    shutil.copy(ROOT / "generator" / "mkdocs_hooks.py", dest / "generator" / "mkdocs_hooks.py")
    return dest


def mkdocs_build(project: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(project / "mkdocs.yml")],
                   cwd=project, check=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    return time.perf_counter() - start


def export_plain(project: Path, dest: Path) -> Path:
    """The same pages as ready Markdown with inline SVG, and a config without the generator."""
    sys.path.insert(0, str(ROOT))
    from generator.generate import generate_pages
    from generator.loading import load_corpus
    from generator.pages import nav

    corpus = load_corpus(project)
    shutil.copytree(project / "docs", dest / "docs")
    for src_uri, content in generate_pages(corpus).items():
        path = dest / "docs" / src_uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    shutil.copytree(project / "site_templates", dest / "site_templates")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("hooks:\n  - generator/mkdocs_hooks.py\n", "")
    (dest / "mkdocs.yml").write_text(config + "\nnav: " + _nav_yaml(nav(corpus)), encoding="utf-8")
    return dest


def _nav_yaml(items: list) -> str:
    import json

    return json.dumps(items, ensure_ascii=False) + "\n"  # JSON is YAML


def best_of(runs: int, action) -> float:
    """The fastest of a few runs: the machine's other work only ever adds time."""
    return min(action() for _ in range(runs))


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        project = copy_project(tmp_path / "project")

        def cold() -> float:
            shutil.rmtree(project / ".cache", ignore_errors=True)
            return mkdocs_build(project)

        cold_time = best_of(runs, cold)
        warm_time = best_of(runs, lambda: mkdocs_build(project))
        chart = project / "flowcharts" / "law-14.yaml"  # a flow chart: its drawing must be redone
        edits = iter(range(1000))

        def one_chart() -> float:
            # A new word in one box changes that chart's DOT, so only it is drawn again.
            text = chart.read_text(encoding="utf-8")
            chart.write_text(text.replace("text: ", f"text: (edit {next(edits)}) ", 1), encoding="utf-8")
            return mkdocs_build(project)

        one_chart_time = best_of(runs, one_chart)
        plain = export_plain(project, tmp_path / "plain")

        def plain_cold() -> float:
            shutil.rmtree(plain / "site", ignore_errors=True)
            return mkdocs_build(plain)

        floor_cold = best_of(runs, plain_cold)
        floor_warm = best_of(runs, lambda: mkdocs_build(plain))
        def handbook() -> float:
            shutil.rmtree(project / ".cache" / "handbook", ignore_errors=True)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "handbook",
                            "-o", str(tmp_path / "handbook.pdf")], check=True, capture_output=True)
            return time.perf_counter() - start

        handbook_time = best_of(runs, handbook)
        site = project / "site"
        biggest = max(site.glob("laws/*/index.html"), key=lambda p: p.stat().st_size)
        index = site / "search" / "search_index.json"
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"best of {runs} runs each")
        print(f"cold full build (empty SVG cache)   {cold_time:6.2f} s")
        print(f"rebuild, nothing changed            {warm_time:6.2f} s")
        print(f"rebuild after editing one chart     {one_chart_time:6.2f} s")
        print(f"floor: plain mkdocs, cold           {floor_cold:6.2f} s")
        print(f"floor: plain mkdocs, rebuild        {floor_warm:6.2f} s")
        print(f"ratio cold / floor                  {cold_time / floor_cold:6.2f}  (target <= 1.5)")
        print(f"ratio one-chart / floor rebuild     {one_chart_time / floor_warm:6.2f}  (target <= 1.1)")
        print(f"largest law page                    {biggest.stat().st_size / 1024:6.1f} KB  "
              f"({biggest.parent.name}; target < 150 KB)")
        print(f"search index                        {index.stat().st_size / 1024 / 1024:6.2f} MB  (target < 1.5 MB)")
        print(f"handbook PDF (A4), no layout cache  {handbook_time:6.2f} s  (target < 30 s)")
        print(f"peak memory of a build              {peak:6.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
