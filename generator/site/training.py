"""The course pages: each module a lesson a trainer can run (objectives, timed topics with teaching,
worked examples and key points), its questions from easy to hard (a short set for the session, the
rest as practice, filtered by topic and level on a phone), a final test, and a handout of a chosen
set for paper.

Each question is a scenario of a chart, walked through its chart at build time: the answer shows
the facts as answered and the whole ruling the walk reaches (now, next, at the end of play). Its
options are the ruling and real mis-rulings, each explaining with its paragraph why it is right or
wrong, shown in an order fixed by the scenario (not by which is right).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable

from jinja2 import Environment

from generator.corpus.corpus import Corpus
from generator.flowcharts.boxnotes import hand_off
from generator.flowcharts.ruling import Item as RulingItem
from generator.flowcharts.ruling import ruling_of, steps_of
from generator.flowcharts.walk import START, WalkError, box_of, choices, first_box, follow, not_met
from generator.index import citations
from generator.sources.model import Chart, ChartLayout, IRREGULARITY, Lesson, Module, Question, Scenario
from generator.text.inline import Renderer
from generator.index.urls import (CHARTS, TRAINING, chart_beside_law, index_file, page_file, ref_url, relative, root_from,
                                  training_url, walk_url)

# Every course page sits as deep as a module's lesson (training/<module>/).
PREFIX = root_from(training_url("module"))
LEVELS = {1: "easy", 2: "medium", 3: "hard"}


@dataclass(frozen=True)
class Option:
    """One answer offered: its words, whether it is the ruling, and why."""

    text: str
    correct: bool
    why: str
    refs: tuple[dict[str, str], ...]


@dataclass(frozen=True)
class CourseItem:
    """One question of a module, as the course shows it."""

    key: str  # "law-27: 1♦ over 1♥": how lessons name it
    anchor: str
    chart: Chart
    scenario: Scenario
    question: Question
    options: tuple[Option, ...]
    steps: tuple[dict[str, str], ...]  # each question met and the answer the facts give
    ruling: dict[str, list[dict[str, Any]]]  # the Ruling card: now, next, later
    continues: tuple[dict[str, str], ...]  # where the ruling goes on in another chart
    walk: str
    refs: tuple[dict[str, str], ...] = field(default=())

    @property
    def level(self) -> int:
        return self.question.level

    @property
    def topic(self) -> str:
        return self.question.topic or ""

    @property
    def answer(self) -> str:
        """The question's own right answer, written for its story: the ruling the answer key
        prints (the chart's Ruling card is general to every story ending at its box; a trainer's
        dry run found the key, when it printed that, describing the opposite case)."""
        return next(o.text for o in self.options if o.correct)


def _refs(values: list[str], law: int) -> tuple[dict[str, str], ...]:
    found = [r for r in (citations.parse_ref(v, law) for v in values) if r is not None]
    return tuple({"label": r.label(), "url": ref_url(r)} for r in found)


def _ruling_parts(items: list[RulingItem]) -> list[dict[str, Any]]:
    return [{"text": i.text, "refs": [{"label": r.label(), "url": ref_url(r)} for r in i.refs],
             "statement": i.statement} for i in items]


def _order(scenario: Scenario, options: list[Option]) -> tuple[Option, ...]:
    """The options in an order fixed by the scenario's title: the same on every build, and the
    ruling's place not told by its place."""
    def key(o: Option) -> str:
        return hashlib.sha256(f"{scenario.title}\n{o.text}".encode("utf-8")).hexdigest()
    return tuple(sorted(options, key=key))


def _walked(chart: Chart, scenario: Scenario) -> tuple[list[str], set[str]]:
    """The boxes the scenario's walk passes (a condition found not to hold ends with its not-met
    step), and the boxes whose answers were carried from a fact established earlier."""
    start = scenario.case or first_box(chart)
    found = follow(chart, start, scenario.facts, complete=True)
    route = list(found.route)
    last = chart.by_id[route[-1]]
    if choices(chart, last):
        route.append(not_met(last.id))
    return ([START] if first_box(chart) == START else []) + route, found.carried


def course_item(corpus: Corpus, chart: Chart, question: Question, number: int) -> CourseItem | None:
    scenario = next((s for s in chart.scenarios if s.title == question.scenario), None)
    if scenario is None:
        return None  # reported by the checks
    law = chart.laws[0]
    correct = Option(" ".join(question.answer.split()), True, question.why, _refs(question.refs, law))
    wrong = [Option(" ".join(w.text.split()), False, w.why, _refs(w.refs, law)) for w in question.wrong]
    steps: list[dict[str, str]] = []
    ruling: dict[str, list[dict[str, Any]]] = {"now": [], "next": [], "later": []}
    continues: list[dict[str, str]] = []
    walk = chart_beside_law(law, chart.id)
    if chart.layout is ChartLayout.FLOW:
        try:
            route, carried = _walked(chart, scenario)
        except WalkError:
            return None  # reported by the checks
        walked = steps_of(chart, [b for b in route if b != START], carried)
        steps = [{"box": " ".join(s.node.text.split()), "answer": s.answer or ""} for s in walked
                 if s.answer is not None and s.node is not None]
        card = ruling_of(walked)
        ruling = {"now": _ruling_parts(card.now), "next": _ruling_parts(card.next), "later": _ruling_parts(card.later)}
        end = chart.by_id[box_of(route[-1])]
        continues = [{"label": h.label, "url": _continue_url(h.chart)} for h in (hand_off(c, corpus.charts) for c in end.continues)]
        walk = walk_url(chart.id, route)
    elif scenario.table is not None:
        steps = [{"box": chart.table.columns[0] if chart.table else "", "answer": scenario.table.group},
                 {"box": chart.table.columns[1] if chart.table else "", "answer": scenario.table.row}]
    return CourseItem(f"{chart.id}: {scenario.title}", f"{chart.id}-{number}", chart, scenario, question,
                      _order(scenario, [correct, *wrong]), tuple(steps), ruling, tuple(continues), walk,
                      _refs(question.refs, law))


def _continue_url(chart_id: str) -> str:
    """Where a hand-off leads: its chart's step-through, or, for "the irregularity's own Law" (no
    one chart), the list of every chart by part of the Laws."""
    return CHARTS if chart_id == IRREGULARITY else walk_url(chart_id)


def course_items(corpus: Corpus, module: Module) -> list[CourseItem]:
    """The module's questions, from easy to hard (in the order of its charts within a level)."""
    out: list[CourseItem] = []
    for rank, chart_id in enumerate(module.charts):
        chart = corpus.charts.get(chart_id)
        found = corpus.questions.get(chart_id)
        if chart is None or found is None:
            continue
        titles = [s.title for s in chart.scenarios]
        for question in found.questions:
            number = titles.index(question.scenario) + 1 if question.scenario in titles else 0
            item = course_item(corpus, chart, question, number)
            if item is not None:
                out.append(item)
    order = {c: k for k, c in enumerate(module.charts)}
    return sorted(out, key=lambda i: (i.level, order[i.chart.id], i.anchor))


@dataclass(frozen=True)
class ModuleView:
    """A module as its pages show it: the lesson, and its questions split into sets."""

    module: Module
    lesson: Lesson | None
    items: list[CourseItem]
    session: list[CourseItem]
    final: list[CourseItem]
    practice: list[CourseItem]

    @property
    def minutes(self) -> int | None:
        return self.lesson.minutes if self.lesson else None


def module_view(corpus: Corpus, module: Module) -> ModuleView:
    items = course_items(corpus, module)
    by_key = {i.key: i for i in items}
    lesson = corpus.lessons.get(module.id)
    session = [by_key[k] for k in (lesson.session if lesson else []) if k in by_key]
    final = [by_key[k] for k in (lesson.final if lesson else []) if k in by_key]
    taken = {i.key for i in session + final}
    return ModuleView(module, lesson, items, session, final, [i for i in items if i.key not in taken])


Cached = Callable[[list[str], Callable[[], str]], str]


def module_links(module: Module, page: str) -> dict[str, str]:
    """A module's lesson, final test and handout, as the page served at `page` links them."""
    return {"lesson": relative(page, training_url(module.id)), "test": relative(page, training_url(f"{module.id}-test")),
            "handout": relative(page, training_url(f"{module.id}-handout"))}


def module_pages(env: Environment, corpus: Corpus, cached: Cached | None = None,
                 inputs: Callable[[Module], list[str]] | None = None) -> dict[str, str]:
    """training/index.md, and per module its lesson page, its final test and its handout.

    With `cached` (and the `inputs` each module's pages are made from), a module whose sources did
    not change is read back instead of walked again.
    """
    if corpus.course is None:
        return {}
    r = Renderer(PREFIX, corpus.index, None)
    pages: dict[str, str] = {}
    summary: list[dict[str, Any]] = []
    for module in corpus.course.modules:
        made: dict[str, ModuleView] = {}

        def view(module: Module = module) -> ModuleView:
            if "v" not in made:
                made["v"] = module_view(corpus, module)
            return made["v"]

        lesson = corpus.lessons.get(module.id)
        count = sum(len(corpus.questions[c].questions) for c in module.charts if c in corpus.questions)
        summary.append({"module": module, "count": count, "minutes": lesson.minutes if lesson else None,
                        "objectives": lesson.objectives if lesson else [], "links": module_links(module, TRAINING)})
        for template, name in (("training_module.md.j2", module.id), ("training_test.md.j2", f"{module.id}-test"),
                               ("training_handout.md.j2", f"{module.id}-handout")):
            def make(template: str = template, module: Module = module, name: str = name) -> str:
                return env.get_template(template).render(view=view(module), module=module, prefix=PREFIX, r=r,
                                                         levels=LEVELS, links=module_links(module, training_url(name)))

            key = [template, *(inputs(module) if inputs else [])]
            pages[page_file(training_url(name))] = cached(key, make) if cached else make()
    pages[index_file(TRAINING)] = env.get_template("training_index.md.j2").render(modules=summary)
    return pages
