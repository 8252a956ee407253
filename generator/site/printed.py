"""What the pages say of the printed copies a build makes beside the site."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PrintedCopies:
    """The PDFs a build writes beside the site, and the page each chart starts on in them (a value
    the build hands from the PDFs it has made to the pages it makes next)."""

    handbook: str | None = None  # site paths of the PDFs
    cards: str | None = None
    handbook_pages: Mapping[str, int] = field(default_factory=dict)  # chart id → page
    card_pages: Mapping[str, int] = field(default_factory=dict)

    def of(self, chart_id: str) -> dict[str, Any]:
        """What a chart's page says of its printed copies: the handbook page, its card."""
        return {"handbook": self.handbook, "cards": self.cards, "page": self.handbook_pages.get(chart_id),
                "card": self.card_pages.get(chart_id)}
