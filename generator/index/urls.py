"""Where each thing lives on the site: the one place that builds an address.

Addresses are relative to the site's root ("laws/law-27/#27B1"); a page finds the root with
`to_root`, by how many folders below it the page is served ("laws/law-27/" is two).
"""
from __future__ import annotations

from generator.index.citations import Ref

CHARTS = "charts/"  # every chart, by part of the Laws: where "the irregularity's own Law" leads


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
    return f"walk/{chart_id}/" + (f"#{'/'.join(route)}" if route else "")


def to_root(depth: int) -> str:
    """The relative way from a page `depth` folders below the root back up to it."""
    return "../" * depth
