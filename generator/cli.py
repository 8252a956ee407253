"""The command line: check the sources, build the site, import a new edition's text."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .errors import SourceErrors
from .site import BuildFailed


def main(argv: list[str] | None = None) -> int:
    """Run one command; only here do problems become exit codes."""
    argv = sys.argv[1:] if argv is None else argv
    # `import` and `handbook` have options and --help of their own: hand them the rest as it is.
    lead = argv[:2] if argv[:1] == ["--root"] else []
    command, rest = (argv[len(lead)], argv[len(lead) + 1:]) if len(argv) > len(lead) else ("", [])
    if command == "import":
        from . import importer

        return importer.main(rest)
    if command == "handbook":
        from .handbook.__main__ import main as handbook_main

        return handbook_main(lead + rest)
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project folder (default: here)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="validate every source file and report problems as path:line: message")
    build = sub.add_parser("build", help="validate, then build the site into site/")
    build.add_argument("--strict", action=argparse.BooleanOptionalAction, default=True,
                       help="treat MkDocs warnings as errors (default: on)")
    build.add_argument("--handbook", action=argparse.BooleanOptionalAction, default=True,
                       help="also write the printable handbook, site/handbook.pdf (default: on)")
    draw = sub.add_parser("chart", help="draw one chart to a file, to look at it while editing")
    draw.add_argument("chart_id", help="the chart's file name without .yaml, e.g. law-14")
    draw.add_argument("-o", "--output", type=Path, required=True, help="file to write: .svg, .png or .dot")
    sub.add_parser("import", help="import Law text in the official layout into laws/*.yaml (see import --help)")
    sub.add_parser("handbook", help="write the printable handbook PDF (see handbook --help)")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()

    try:
        if args.command == "check":
            return _check(root)
        if args.command == "chart":
            return _draw(root, args.chart_id, args.output)
        return _build(root, strict=args.strict, handbook=args.handbook)
    except BuildFailed as exc:
        print(exc, file=sys.stderr)
        return 1
    except SourceErrors as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s) found; nothing was written.", file=sys.stderr)
        return 1


def _check(root: Path) -> int:
    from .loading import load_corpus

    start = time.perf_counter()
    corpus = load_corpus(root, cached=True)
    took = time.perf_counter() - start
    print(f"ok: {len(corpus.laws)} laws, {len(corpus.charts)} charts checked in {took:.2f} s")
    return 0


def _build(root: Path, *, strict: bool, handbook: bool) -> int:
    from .site import build_site

    start = time.perf_counter()
    site_dir = build_site(root, strict=strict, handbook=handbook)
    took = time.perf_counter() - start
    print(f"built {site_dir} in {took:.1f} s")
    print(f"open {site_dir / 'index.html'} in a browser, or serve it: python -m http.server -d {site_dir} 8000")
    return 0


def _draw(root: Path, chart_id: str, output: Path) -> int:
    from .chartpages import SVG_PREFIX
    from .flowcharts.dot import chart_dot
    from .flowcharts.render import render_to
    from .inline import ref_url
    from .loading import load_corpus

    corpus = load_corpus(root)
    if chart_id not in corpus.charts or corpus.charts[chart_id].layout != "flow":
        print(f"no flow chart '{chart_id}' (flow charts: {', '.join(sorted(corpus.charts))})", file=sys.stderr)
        return 1
    source = chart_dot(corpus.charts[chart_id], lambda ref: SVG_PREFIX + ref_url(ref))
    render_to(source, output)
    print(f"wrote {output}")
    return 0
