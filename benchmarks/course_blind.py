"""How far a reader gets through the course who never reads the stories: each blind strategy's share
of right answers, by module and in all. A fair course leaves every strategy near chance (goal: no
strategy above 35 %).

    python benchmarks/course_blind.py

Strategies: the option whose words are used least often among the options of that chart's questions
(an answer written once, against distractors reused); the longest option; the shortest; an option
naming the Law in the chart's title; the first option shown; and picking at random (the expected
share, 1 / number of options).
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.corpus.loading import load_corpus  # noqa: E402
from generator.site.training import CourseItem, course_items  # noqa: E402

GOAL = 0.35


def _words(text: str) -> str:
    return " ".join(text.casefold().split())


def strategies(items: list[CourseItem]) -> dict[str, float]:
    """Each strategy's number of right picks over these items (fractions for ties and chance)."""
    used: dict[str, Counter[str]] = {}
    for item in items:
        used.setdefault(item.chart.id, Counter()).update(_words(o.text) for o in item.options)
    found = {name: 0.0 for name in ("least used", "longest", "shortest", "Law in the title", "first shown", "chance")}

    def pick(item: CourseItem, scores: list[float], name: str) -> None:
        best = max(scores)
        tied = [o for o, s in zip(item.options, scores) if s == best]
        found[name] += sum(o.correct for o in tied) / len(tied)

    for item in items:
        options = item.options
        pick(item, [-used[item.chart.id][_words(o.text)] for o in options], "least used")
        pick(item, [len(o.text) for o in options], "longest")
        pick(item, [-len(o.text) for o in options], "shortest")
        laws = {str(n) for n in item.chart.laws}
        pick(item, [float(bool(laws & set(re.findall(r"\b(\d{1,2})[A-H]?", o.text)))) for o in options], "Law in the title")
        found["first shown"] += float(options[0].correct)
        found["chance"] += 1 / len(options)
    return found


def main() -> int:
    corpus = load_corpus(ROOT, cached=True)
    if corpus.course is None:
        print("no course")
        return 1
    every: list[CourseItem] = []
    names = ("least used", "longest", "shortest", "Law in the title", "first shown", "chance")
    print(f"{'module':<20} {'questions':>9}  " + "  ".join(f"{n:>16}" for n in names))
    for module in corpus.course.modules:
        items = course_items(corpus, module)
        every += items
        if not items:
            continue
        found = strategies(items)
        print(f"{module.id:<20} {len(items):>9}  " + "  ".join(f"{100 * found[n] / len(items):>15.1f}%" for n in names))
    if not every:
        print("no questions yet")
        return 1
    found = strategies(every)
    print(f"{'all':<20} {len(every):>9}  " + "  ".join(f"{100 * found[n] / len(every):>15.1f}%" for n in names))
    worst = max((found[n] / len(every), n) for n in names if n != "chance")
    print(f"best blind strategy: {worst[1]}, {100 * worst[0]:.1f} % (goal: at most {100 * GOAL:.0f} %)")
    return 0 if worst[0] <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
