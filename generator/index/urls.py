"""Where each thing lives on the site: the one place that builds an address.

Addresses are relative to the site's root ("laws/law-27/#27B1"); a page served at one of them
links another with `relative` (the shortest way), or puts `root_from` before an address (its way
back up to the root, by the folders it is served below it: "laws/law-27/" is two). The files
MkDocs reads are named from the same addresses by `page_file` and `index_file`.
"""
from __future__ import annotations

from generator.index.citations import Ref
from generator.sources.model import CURRENT_EDITION

CHARTS = "charts/"  # every chart, by part of the Laws: where "the irregularity's own Law" leads
DEFINITIONS = "definitions/"  # the defined terms
LEGEND = "how-to-read-the-flowcharts/"  # the legend of the charts' boxes
SITUATIONS = "situations/"  # what happened at the table, A to Z
SCORE_TOOLS = "tools/score/"  # the scoring tools worked from Laws 77 and 78
WALK = "walk/"  # each flow chart's step-through, one folder each
TRAINING = "training/"  # the course: its index, and each module's lesson, final test and handout


def law_url(law: int) -> str:
    """A Law's page."""
    return f"laws/law-{law:02d}/"


def ref_url(ref: Ref) -> str:
    """A place in the Laws, with its anchor below the Law's own level."""
    if ref.section is None and ref.paragraph is None:
        return law_url(ref.law)
    return f"{law_url(ref.law)}#{ref.anchor()}"


def chart_url(chart_id: str) -> str:
    """A chart's own page (the drawing and the chart in words)."""
    return f"{CHARTS}{chart_id}/"


def box_url(chart_id: str, box_id: str) -> str:
    """One box of a chart, in the chart in words on the chart's own page."""
    return f"{chart_url(chart_id)}#{chart_id}-{box_id}"


def chart_beside_law(law: int, chart_id: str) -> str:
    """A chart where it stands beside its Law, on the Law's page."""
    return f"{law_url(law)}#chart-{chart_id}"


def walk_url(chart_id: str, route: list[str] | None = None) -> str:
    """A chart's step-through, optionally at a state (the boxes and answers walked so far)."""
    return f"{WALK}{chart_id}/" + (f"#{'/'.join(route)}" if route else "")


def training_url(page: str) -> str:
    """A page of the course: a module's lesson ("law-16"), its final test ("law-16-test"), its handout."""
    return f"{TRAINING}{page}/"


def wording_url(year: int, law: int) -> str:
    """An earlier edition's wording of a Law, on its own."""
    return f"editions/{year}/law-{law:02d}/"


def overview_url(year: int) -> str:
    """How much each Law changed since an earlier edition."""
    return f"editions/{year}-{CURRENT_EDITION}/"


def changes_url(year: int, law: int) -> str:
    """A Law's changes since an earlier edition, provision by provision."""
    return f"{overview_url(year)}law-{law:02d}/"


def definition_url(anchor: str) -> str:
    """A defined term, on the page of the definitions."""
    return f"{DEFINITIONS}#{anchor}"


# In the printed handbook a link is to an id of the one document: a place's level, a term's
# definition, a chart's first page.

def book_place(ref: Ref) -> str:
    """The handbook's link to a place: `#p-12C1b`, the id its level carries there."""
    return f"#p-{ref.anchor()}"


def book_term(anchor: str) -> str:
    """The handbook's link to a defined term's definition."""
    return f"#def-{anchor}"


def book_chart(chart_id: str) -> str:
    """The handbook's link to a chart's first page."""
    return f"#chart-{chart_id}"


def to_root(depth: int) -> str:
    """The relative way from a page `depth` folders below the root back up to it."""
    return "../" * depth


def depth(page: str) -> int:
    """How many folders below the root a page is served: "laws/law-27/" is two, the home page none."""
    return page.partition("#")[0].count("/")


def root_from(page: str) -> str:
    """The relative way from the page served at `page` back up to the root ("../../")."""
    return to_root(depth(page))


def relative(from_page: str, to: str) -> str:
    """The address `to` (from the root) as the page served at `from_page` links it, by the shortest
    way, as MkDocs' `get_relative_url`: from "training/law-16/", "training/law-16-test/" is
    "../law-16-test/" and "laws/law-77/" is "../../laws/law-77/"."""
    here = from_page.partition("#")[0].split("/")[:-1]  # the folders the page is served in
    path, mark, anchor = to.partition("#")
    there = path.split("/")
    shared = 0
    while shared < min(len(here), len(there) - 1) and here[shared] == there[shared]:
        shared += 1
    return to_root(len(here) - shared) + "/".join(there[shared:]) + mark + anchor


def page_file(page: str) -> str:
    """The file MkDocs serves at a page's address: "laws/law-27/" is read from "laws/law-27.md"."""
    return page.removesuffix("/") + ".md"


def index_file(folder: str) -> str:
    """The file MkDocs serves at a folder's own address: "charts/" is read from "charts/index.md"."""
    return f"{folder}index.md"
