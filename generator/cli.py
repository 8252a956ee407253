"""The command line: check the sources, build the site, import a new edition's text."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from typing import TYPE_CHECKING

from generator.sources.errors import SourceErrors
from generator.publish.safebuild import BuildFailed
from generator.handbook.fonts import MissingFont
from generator.sources.model import ChartLayout
from generator.sources.sourcekeys import chart_key

if TYPE_CHECKING:
    from generator.corpus.corpus import Corpus


def main(argv: list[str] | None = None) -> int:
    """Run one command; only here do problems become exit codes."""
    argv = sys.argv[1:] if argv is None else argv
    # `import` and `handbook` have options and --help of their own: hand them the rest as it is.
    lead = argv[:2] if argv[:1] == ["--root"] else []
    command, rest = (argv[len(lead)], argv[len(lead) + 1:]) if len(argv) > len(lead) else ("", [])
    if command == "import":
        from generator.importing import importer

        return importer.main(rest)
    if command == "handbook":
        from generator.handbook.__main__ import main as handbook_main

        return handbook_main(lead + rest)
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project folder (default: here)")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate every source file and report problems as path:line: message")
    check.add_argument("--chart", metavar="ID", help=(
        "report on one chart only: its problems (even while other files have some), each scenario's "
        "walk, and which end boxes and paragraphs its scenarios leave out"))
    check.add_argument("--parents", action="store_true", help=(
        "list every box that cites a section or paragraph which has sub-paragraphs, to review: a box "
        "cites the sub-rule it states"))
    build = sub.add_parser("build", help="validate, then build the site into site/")
    build.add_argument("--strict", action=argparse.BooleanOptionalAction, default=True,
                       help="treat MkDocs warnings as errors (default: on)")
    build.add_argument("--handbook", action=argparse.BooleanOptionalAction, default=True,
                       help="also write the printable handbook and the chart cards, site/handbook.pdf and site/chart-cards.pdf (default: on)")
    serve = sub.add_parser("serve", help=(
        "serve a live preview on 127.0.0.1: a saved source file re-renders only the pages it changes and "
        "reloads the browser; a problem in the sources is shown in the page as path:line: message"))
    serve.add_argument("--port", type=int, default=8000, help="port to serve on (default: 8000; 0: any free one)")
    draw = sub.add_parser("chart", help="draw one chart to a file, to look at it while editing")
    draw.add_argument("chart_id", help="the chart's file name without .yaml, e.g. law-14")
    draw.add_argument("-o", "--output", type=Path, required=True, help="file to write: .svg, .png or .dot")
    every = sub.add_parser("walks", help="print every route through a chart: the answers, and the ruling each gives")
    every.add_argument("chart_id", help="the chart's file name without .yaml, e.g. law-14")
    step = sub.add_parser("walk", help=(
        "step through charts in the terminal: CHART box=answer … [@NEXT-CHART box=answer …]; prints the "
        "next question, or the Ruling card (now, next, at the end of play)"))
    step.add_argument("tokens", nargs="+", metavar="CHART|box=answer|@chart")
    sub.add_parser("import", help=(
        "import Law text in the official layout, one file or a folder of them, into law-NN.yaml files: "
        "a new edition into a draft folder of its own (see import --help)"))
    impact = sub.add_parser("impact", help=(
        "compare two editions paragraph by paragraph and list every chart box, beside-quote, situation, "
        "scenario and course module citing a paragraph amended, moved or removed; exit 1 if one cites a removed paragraph"))
    impact.add_argument("old", help="the earlier edition: a year in laws/ (1997, 2017) or a folder of law-NN.yaml")
    impact.add_argument("new", help="the later edition: a year, or a folder holding an imported draft")
    impact.add_argument("--summary", action="store_true", help="print the summary line only")
    sub.add_parser("handbook", help="write the printable handbook PDF (see handbook --help)")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()

    try:
        if args.command == "check":
            if args.parents:
                return _parents(root, args.chart)
            return _check_chart(root, args.chart) if args.chart else _check(root)
        if args.command == "chart":
            return _draw(root, args.chart_id, args.output)
        if args.command == "walks":
            return _walks(root, args.chart_id)
        if args.command == "walk":
            return _walk(root, args.tokens)
        if args.command == "serve":
            from generator.publish.previewserver import serve as serve_preview

            return serve_preview(root, args.port)
        if args.command == "impact":
            return _impact(root, args.old, args.new, summary_only=args.summary)
        return _build(root, strict=args.strict, handbook=args.handbook)
    except (BuildFailed, MissingFont) as exc:
        print(exc, file=sys.stderr)
        return 1
    except SourceErrors as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s) found; nothing was written.", file=sys.stderr)
        return 1


def _check(root: Path) -> int:
    from generator.corpus.loading import load_corpus

    start = time.perf_counter()
    corpus = load_corpus(root, cached=True)
    took = time.perf_counter() - start
    print(f"ok: {len(corpus.laws)} laws, {len(corpus.charts)} charts checked in {took:.2f} s")
    _report_routes(corpus)
    return 0


def _check_chart(root: Path, chart_id: str) -> int:
    """One chart's problems and routes, for the editor working on it."""
    from generator.corpus.loading import read_corpus
    from generator.flowcharts.routecoverage import route_coverage
    from generator.flowcharts.walk import WalkError, walk

    corpus, problems = read_corpus(root, cached=True)
    path = corpus.paths.get(chart_key(chart_id)) or root / "flowcharts" / f"{chart_id}.yaml"
    shown = problems.display(path)
    own = [p for p in problems.items if p.path == shown]
    for problem in sorted(own):
        print(problem)
    chart = corpus.charts.get(chart_id)
    if chart is None:
        print(f"{shown}: the chart could not be read" if path.exists() else f"no chart '{chart_id}'")
        return 1
    if chart.layout is ChartLayout.FLOW and not own:
        for scenario in chart.scenarios:
            try:
                print(f"scenario '{scenario.title}': {' -> '.join(walk(chart, scenario))}")
            except WalkError as exc:
                print(f"scenario '{scenario.title}': {exc}")
        cov = route_coverage(chart)
        print(f"branches: {len(cov.branches) - len(cov.missing_branches)} of {len(cov.branches)} taken by a scenario"
              + (f"; not yet: {', '.join(f'{a.box} -> {a.label}' for a in cov.missing_branches)}" if cov.missing_branches else ""))
        print(f"end boxes: {len(cov.ends) - len(cov.missing_ends)} of {len(cov.ends)} are a scenario's ruling"
              + (f"; not yet: {', '.join(cov.missing_ends)}" if cov.missing_ends else ""))
        print(f"route paragraphs: {len(cov.paragraphs) - len(cov.missing_paragraphs)} of {len(cov.paragraphs)} decisive"
              + (f"; not yet: {', '.join(r.canonical() for r in cov.missing_paragraphs)}" if cov.missing_paragraphs else ""))
    from generator.index.coverage import chart_coverage

    left = chart_coverage(chart, corpus.laws).missing
    print(f"paragraphs of the Laws served: {'all cited or omitted' if not left else 'neither cited nor under omits: ' + ', '.join(r.canonical() for r in left)}")
    others = len(problems.items) - len(own)
    if others:
        print(f"({others} problem(s) in other files not shown)")
    return 1 if own else 0


def _walks(root: Path, chart_id: str) -> int:
    """Every route of one chart in words, for reviewing it against its Law."""
    from generator.corpus.loading import read_corpus
    from generator.flowcharts.routes import describe, routes, scenarios_by_route

    corpus, _problems = read_corpus(root)
    chart = corpus.charts.get(chart_id)
    if chart is None or chart.layout is not ChartLayout.FLOW:
        print(f"no flow chart '{chart_id}' could be read", file=sys.stderr)
        return 1
    taking = scenarios_by_route(chart)
    bare = 0
    for n, route in enumerate(routes(chart), 1):
        names = taking.get(route.boxes(), [])
        bare += not names
        print(f"route {n} (ends at {route.end}):")
        print("\n".join(describe(chart, route)))
        print("scenarios: " + ("; ".join(f"'{t}'" for t in names) if names else "none takes this route"))
        print()
    print(f"{n - bare} of {n} routes taken by a scenario")
    return 0


def _parents(root: Path, chart_id: str | None) -> int:
    """Every box citing a place that has sub-paragraphs: the review list of the sub-rule check."""
    from generator.corpus.completeness import parent_citations
    from generator.corpus.loading import load_corpus

    corpus = load_corpus(root, cached=True)
    count = 0
    for chart in corpus.charts.values():
        if chart_id and chart.id != chart_id:
            continue
        path = corpus.chart_path(chart.id).relative_to(corpus.root).as_posix()
        for node, ref, kids in parent_citations(chart, corpus):
            count += 1
            shown = ", ".join(k.canonical() for k in kids[:6]) + (" …" if len(kids) > 6 else "")
            print(f"{path}:{node.line()}: '{node.id}' cites {ref.label()}, which has {shown}: "
                  f"“{' '.join(node.text.split())[:90]}”")
    print(f"{count} citation(s) of a place with sub-paragraphs")
    return 0


def _walk(root: Path, tokens: list[str]) -> int:
    """A step-through in the terminal (see generator/tools/walkthrough.py)."""
    from generator.corpus.loading import load_corpus
    from generator.flowcharts.walk import WalkError
    from generator.tools.walkthrough import describe, parse, walk_charts

    corpus = load_corpus(root, cached=True)
    try:
        walked = walk_charts(corpus, parse(tokens))
    except WalkError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(describe(corpus, walked)))
    return 1 if walked.error else 0


def _impact(root: Path, old: str, new: str, *, summary_only: bool) -> int:
    """The laws editor's work list between two editions (see generator/tools/impact.py)."""
    from generator.tools.impact import compare, format_report
    from generator.corpus.loading import load_corpus, read_draft
    from generator.sources.model import CURRENT_EDITION

    corpus = load_corpus(root, cached=True)
    if old == str(CURRENT_EDITION) and new == str(CURRENT_EDITION):
        print("compare two different editions", file=sys.stderr)
        return 2
    sides = []
    for name in (old, new):
        if name == str(CURRENT_EDITION):
            sides.append((corpus.laws, None))
        elif name.isdigit() and int(name) in corpus.editions:
            sides.append((corpus.editions[int(name)], corpus.alignments.get(int(name))))
        else:
            laws, alignment, problems = read_draft(Path(name))
            if problems:
                for problem in problems.items:
                    print(problem, file=sys.stderr)
                return 1
            sides.append((laws, alignment))
    if str(CURRENT_EDITION) not in (old, new):
        print(f"one side must be the current text ({CURRENT_EDITION}): the sources cite it", file=sys.stderr)
        return 2
    overrides = sides[0][1] or sides[1][1]
    report = compare(corpus, sides[0][0], sides[1][0], overrides, old_name=old, new_name=new,
                     current_is_old=old == str(CURRENT_EDITION))
    print("\n".join([report.summary()] if summary_only else format_report(report)))
    return 1 if report.removed_cited else 0


def _report_routes(corpus: Corpus) -> None:
    """How much of the charts' routes the scenarios walk (a gap is a problem of the check itself)."""
    from generator.flowcharts.routecoverage import totals

    found = totals(list(corpus.charts.values()))
    print(found.summary(sum(len(c.scenarios) for c in corpus.charts.values())))


def _build(root: Path, *, strict: bool, handbook: bool) -> int:
    from generator.publish.safebuild import build_site

    start = time.perf_counter()
    report = build_site(root, strict=strict, handbook=handbook)
    took = time.perf_counter() - start
    print(f"built {report.site} in {took:.1f} s")
    _report_routes(report.corpus)
    print(f"open {report.site / 'index.html'} in a browser, or serve it: python -m http.server -d {report.site} 8000")
    return 0


def _draw(root: Path, chart_id: str, output: Path) -> int:
    from generator.site.drawings import site_dot
    from generator.flowcharts.render import render_to
    from generator.corpus.loading import read_corpus

    # Drawn even while other files have problems: the editor is looking at this one.
    corpus, problems = read_corpus(root)
    own = [p for p in problems.items if p.path == problems.display(root / "flowcharts" / f"{chart_id}.yaml")]
    for problem in own:
        print(problem, file=sys.stderr)
    if chart_id not in corpus.charts or corpus.charts[chart_id].layout is not ChartLayout.FLOW:
        print(f"no flow chart '{chart_id}' (flow charts: {', '.join(sorted(corpus.charts))})", file=sys.stderr)
        return 1
    source = site_dot(corpus.charts[chart_id], corpus.charts)
    render_to(source, output)
    print(f"wrote {output}")
    return 0
