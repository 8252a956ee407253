"""The one style table: how each legend kind is drawn, and what the book's legend says of it."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.sources.model import Kind

FONT = "Arial"

# Attributes every chart starts from; a kind's own attributes are merged over these.
GRAPH_ATTRS: dict[str, str] = {
    "rankdir": "TB",
    "nodesep": "0.35",
    "ranksep": "0.45",
    "fontname": FONT,
    "bgcolor": "transparent",
}
NODE_ATTRS: dict[str, str] = {"fontname": FONT, "fontsize": "12", "margin": "0.14,0.07", "penwidth": "1.2"}
EDGE_ATTRS: dict[str, str] = {"fontname": FONT, "fontsize": "11", "arrowsize": "0.7", "color": "#444444"}
YES_EDGE: dict[str, str] = {"color": "#1b7f3b", "fontcolor": "#1b7f3b", "penwidth": "1.4"}
NO_EDGE: dict[str, str] = {"color": "#b3261e", "fontcolor": "#b3261e", "penwidth": "1.4"}
REPETITION_FRAME: dict[str, str] = {"style": "dashed,rounded", "color": "#7a5c00", "penwidth": "1.6"}
# What is attached to a box besides the legend's kinds: a dotted line to the boxes a statement
# qualifies, an editor's note (where a book chart departs from the 2017 text), a hand-off.
NOTE_EDGE: dict[str, str] = {"style": "dotted", "arrowhead": "none", "color": "#5f6368", "penwidth": "1.2"}
EDITOR_NOTE_ATTRS: dict[str, str] = {
    "fontname": FONT, "fontsize": "11", "margin": "0.10,0.05", "shape": "note", "style": "filled,dashed",
    "fillcolor": "#fff4e5", "color": "#a04e00", "fontcolor": "#5c2c00", "penwidth": "1.2",
}
HAND_OFF_ATTRS: dict[str, str] = {
    "fontname": FONT, "fontsize": "12", "margin": "0.24,0.07", "shape": "cds", "style": "filled",
    "fillcolor": "#ffffff", "color": "#1f4e8c", "fontcolor": "#0b57d0", "penwidth": "1.4",
}
WRAP_WIDTH = 30  # characters per line inside a box: keeps charts narrow enough for a phone

# Print (the handbook and the chart cards): a page is wider than a phone but its lettering is
# scaled down with the whole drawing, so boxes are packed closer, lines wrapped a little
# shorter, and the arrows' words set as large as the boxes' (the smallest type sets the scale).
PRINT_GRAPH_ATTRS: dict[str, str] = {"nodesep": "0.18", "ranksep": "0.25"}
PRINT_EDGE_ATTRS: dict[str, str] = {"fontsize": "12"}
PRINT_NOTE_ATTRS: dict[str, str] = {"fontsize": "12"}
PRINT_WRAP_WIDTH = 22


@dataclass(frozen=True)
class KindStyle:
    """How one kind of box looks, and the legend's words for it."""

    name: str  # as printed in the legend
    description: str  # the legend's description (book p.14)
    example: str  # the legend's example box
    attrs: dict[str, str] = field(default_factory=dict)
    css_class: str = ""


STYLES: dict[Kind, KindStyle] = {
    Kind.QUESTION: KindStyle(
        "Question",
        "The question that the Director should ask players to ascertain the facts, to assist him in "
        "his giving the correct ruling. This will be accompanied by a ‘Yes’ or ‘No’.",
        "Has declarer already played from both hands ?",
        {"shape": "hexagon", "style": "filled", "fillcolor": "#fff2b3", "color": "#8a6d00"},
    ),
    Kind.CONDITION: KindStyle(
        "Condition",
        "A situation required before an action can occur. If the condition is false there is no action.",
        "If an opponent has played to a withdrawn card",
        {"shape": "box", "style": "filled,dashed", "fillcolor": "#e6f4ea", "color": "#2e7d32"},
    ),
    Kind.ACTION: KindStyle(
        "Action",
        "The action undertaken by a player or Director, according to the Laws.",
        "Offender can make any legal call at his turn to call",
        {"shape": "box", "style": "filled", "fillcolor": "#dbe9fb", "color": "#1f4e8c"},
    ),
    Kind.REPETITION: KindStyle(
        "Repetition",
        "Application of a sequence of actions, and conditions, effective as long as a condition is true",
        "For as long as penalty card is exposed",
        {"shape": "box", "style": "filled,bold", "fillcolor": "#fbeed5", "color": "#7a5c00", "peripheries": "2"},
    ),
    Kind.OPTIONS: KindStyle(
        "Options",
        "Choices the Director shall offer to players, explaining the consequences. These are "
        "accompanied by the relevant explanations.",
        "Option 2 Play His Highest Card Of The Suit Led",
        {"shape": "box", "style": "filled,rounded", "fillcolor": "#fde3cf", "color": "#b3541e"},
    ),
    Kind.CASE: KindStyle(
        "Case",
        "Definition of different situations arising within a Law",
        "Case 1 Lead Out Of Turn",
        {"shape": "folder", "style": "filled", "fillcolor": "#e4dcf2", "color": "#5b3f8c"},
    ),
    Kind.LAW_REF: KindStyle(
        "Law Reference",
        "Reference to the appropriate Law applicable to the action or condition",
        "Law 52",
        {"shape": "ellipse", "style": "filled", "fillcolor": "#ffffff", "color": "#1f4e8c", "fontcolor": "#0b57d0", "margin": "0.06,0.03"},
    ),
    Kind.STATEMENT: KindStyle(
        "Law Statement",
        "A statement qualifying, or further explaining, a particular aspect of the Law.",
        "This Law also applies when a Pass out of rotation is artificial, or is made after an "
        "artificial call by partner",
        {"shape": "note", "style": "filled", "fillcolor": "#f1f3f4", "color": "#5f6368"},
    ),
}


def node_attrs(kind: Kind, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """Defaults, then the kind's style, then any per-chart overrides: later wins."""
    return {**NODE_ATTRS, **STYLES[kind].attrs, **(overrides or {})}
