"""`python -m generator.handbook --paper A5 -o site/handbook.pdf`: build the printable handbook
(or, with `--cards`, the chart cards: `--cards --paper A3 -o site/chart-cards.pdf`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.sources.errors import SourceErrors
from generator.handbook.build import make_cards, make_handbook
from generator.handbook.cards import CARD_PAPERS
from generator.handbook.paper import PAPERS


def main(argv: list[str] | None = None) -> int:
    """Build the PDF; only here do problems become exit codes."""
    parser = argparse.ArgumentParser(prog="python -m generator.handbook", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project folder (default: here)")
    parser.add_argument("--cards", action="store_true",
                        help="write the chart cards (A4 or A3 landscape) instead of the handbook")
    parser.add_argument("--paper", default="A4", type=str.upper, choices=sorted(set(PAPERS) | set(CARD_PAPERS)),
                        help="page size (default: A4): A4 or A5 for the handbook, A4 or A3 for the cards")
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="the PDF to write (default: site/handbook.pdf, or site/chart-cards.pdf)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    choices = CARD_PAPERS if args.cards else PAPERS
    if args.paper not in choices:
        parser.error(f"--paper {args.paper}: choose from {', '.join(choices)}"
                     f"{' for the cards' if args.cards else ' for the handbook'}")
    root: Path = args.root.resolve()
    output: Path = args.output or root / "site" / ("chart-cards.pdf" if args.cards else "handbook.pdf")
    try:
        built = (make_cards if args.cards else make_handbook)(root, output, paper=args.paper)
    except SourceErrors as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"{len(exc.problems)} problem(s) found; nothing was written.", file=sys.stderr)
        return 1
    for warning in built.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"wrote {built.path}: {built.pages} pages ({args.paper}) in {built.seconds:.1f} s, "
          f"{built.passes} layout pass(es)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
