"""Checks of the course: each question is about a real scenario, offers at least three different
rulings, and its correct one is the ruling the scenario's walk reaches; each lesson's sets name
questions of its own module, never a story its worked examples have already solved, and its
minutes hold its topics and its session's questions."""
from __future__ import annotations

from pathlib import Path

from generator.corpus.corpus import Corpus
from generator.corpus.places import check_citations
from generator.corpus.places import nearest as _nearest
from generator.flowcharts.walk import WalkError, box_refs, walk
from generator.index import citations
from generator.index.citations import Ref
from generator.sources.errors import Problems
from generator.sources.model import Chart, Question, Scenario
from generator.sources.sourcekeys import lesson_key, questions_key

MIN_OPTIONS = 3
# A module with enough questions has a session's set of 10-15 and a final test of at least 8.
SESSION_MIN = 10
FINAL_MIN = 8
# A session question read, answered and discussed in class takes about this long (a trainer's dry
# run: a lesson of topics adding up to 54 minutes and 15 questions did not fit in 60).
QUESTION_MINUTES = 2


def check_course(corpus: Corpus, problems: Problems) -> None:
    """Record every problem of the course's questions and lessons at its line."""
    for chart_id, found in corpus.questions.items():
        _check_questions(corpus, chart_id, found.questions, corpus.paths[questions_key(chart_id)], problems)
    modules = {m.id: m for m in corpus.course.modules} if corpus.course else {}
    for module_id, lesson in corpus.lessons.items():
        path = corpus.paths[lesson_key(module_id)]
        module = modules.get(module_id)
        if module is None:
            problems.add(path, lesson.line(), f"no module '{module_id}' in training/modules.yaml{_nearest(module_id, modules)}: "
                                              "a lesson's file is named by its module's id")
            continue
        topics = {t.title for t in lesson.topics}
        for key in ("session", "final"):
            for ref in getattr(lesson, key):
                _check_item_ref(corpus, ref, module.charts, path, lesson.line(key), problems)
        asked = sum(len(corpus.questions[c].questions) for c in module.charts if c in corpus.questions)
        if asked >= SESSION_MIN + FINAL_MIN and len(lesson.session) < SESSION_MIN:
            problems.add(path, lesson.line("session"), f"the session's set has {len(lesson.session)} questions: "
                                                       f"give it {SESSION_MIN}-15, easy to hard")
        if asked >= SESSION_MIN + FINAL_MIN and len(lesson.final) < FINAL_MIN:
            problems.add(path, lesson.line("final"), f"the final test has {len(lesson.final)} questions: give it at least {FINAL_MIN}")
        both = sorted(set(lesson.session) & set(lesson.final))
        if both:
            problems.add(path, lesson.line("final"), f"the final test repeats the session's '{both[0]}': test with other questions")
        # A worked example's story asked again is a question the lesson has already answered.
        solved = {e.walk for t in lesson.topics for e in t.examples if e.walk is not None}
        for key, name in (("session", "the session's set"), ("final", "the final test")):
            for ref in getattr(lesson, key):
                if ref in solved:
                    problems.add(path, lesson.line(key), f"{name} asks '{ref}', the story of a worked example: "
                                                         "ask a question the lesson has not already solved")
        total = sum(t.minutes for t in lesson.topics)
        asking = QUESTION_MINUTES * len(lesson.session)
        if total + asking > lesson.minutes:
            problems.add(path, lesson.line("minutes"), (
                f"the topics take {total} minutes and the session's {len(lesson.session)} "
                f"question{'' if len(lesson.session) == 1 else 's'} about {asking} more, more than the lesson's "
                f"{lesson.minutes}: give it more minutes or fewer questions"))
        for topic in lesson.topics:
            for chart_id in topic.charts:
                if chart_id not in module.charts:
                    problems.add(path, topic.line("charts"), f"topic '{topic.title}' names chart '{chart_id}', which is not in module '{module_id}'")
            for example in topic.examples:
                _check_refs(corpus, example.refs, path, example.line("refs"), problems)
                if example.walk is not None:
                    _check_item_ref(corpus, example.walk, module.charts, path, example.line("walk"), problems, scenario_only=True)
        for chart_id in module.charts:
            for question in corpus.questions.get(chart_id, _NONE).questions:
                if question.topic is not None and question.topic not in topics:
                    qpath = corpus.paths[questions_key(chart_id)]
                    problems.add(qpath, question.line("topic"), (
                        f"'{question.scenario}': topic '{question.topic}' is not a topic of lesson '{module_id}'"
                        f"{_nearest(question.topic, topics)}"))


class _Empty:
    questions: list[Question] = []


_NONE = _Empty()


def _check_questions(corpus: Corpus, chart_id: str, questions: list[Question], path: Path, problems: Problems) -> None:
    chart = corpus.charts.get(chart_id)
    if chart is None:
        problems.add(path, 1, f"no chart '{chart_id}'{_nearest(chart_id, corpus.charts)}: a question file is named by its chart")
        return
    scenarios = {s.title: s for s in chart.scenarios}
    seen: set[str] = set()
    for question in questions:
        where = question.line("scenario")
        if question.scenario in seen:
            problems.add(path, where, f"'{question.scenario}' is asked twice: one question a scenario")
        seen.add(question.scenario)
        scenario = scenarios.get(question.scenario)
        if scenario is None:
            problems.add(path, where, f"no scenario '{question.scenario}' in {chart_id}{_nearest(question.scenario, scenarios)}")
            continue
        options = [question.answer, *(w.text for w in question.wrong)]
        flat = [" ".join(o.split()).casefold() for o in options]
        if len(set(flat)) < len(flat):
            problems.add(path, question.line("wrong"), f"'{question.scenario}': two options have the same words")
        if len(options) < MIN_OPTIONS:
            problems.add(path, question.line("wrong"), f"'{question.scenario}': at least {MIN_OPTIONS} options")
        _check_refs(corpus, question.refs, path, question.line("refs"), problems, context=chart.laws[0])
        for wrong in question.wrong:
            _check_refs(corpus, wrong.refs, path, wrong.line("refs"), problems, context=chart.laws[0])
        applied = _applied(chart, scenario)
        given = [r for r in (citations.parse_ref(v, chart.laws[0]) for v in question.refs) if r is not None]
        if applied and given and not any(_related(r, a) for r in given for a in applied):
            shown = ", ".join(sorted({a.canonical() for a in applied}, key=lambda v: v)[:8])
            problems.add(path, question.line("refs"), (
                f"'{question.scenario}': the answer cites {', '.join(r.canonical() for r in given)}, but the scenario's "
                f"walk applies none of them (it applies {shown}): the correct option must be the walked ruling"))


def _applied(chart: Chart, scenario: Scenario) -> set[Ref]:
    """The places a scenario's walk applies (for a decision table, its group's)."""
    if chart.table is not None:
        group = next((g for g in chart.table.groups if scenario.table and g.label == scenario.table.group), None)
        return {r for r in (citations.parse_ref(v, chart.laws[0]) for v in (group.cites if group else [])) if r is not None}
    try:
        route = walk(chart, scenario)
    except WalkError:
        return set()  # reported with the chart
    return {r for b in route for r in box_refs(chart, chart.by_id[b])}


def _related(a: Ref, b: Ref) -> bool:
    return a == b or a in b.ancestors() or b in a.ancestors()


def _check_refs(corpus: Corpus, values: list[str], path: Path, line: int, problems: Problems, context: int | None = None) -> None:
    check_citations(corpus, values, context, problems, path, line, "refs")


def _check_item_ref(corpus: Corpus, value: str, charts: list[str], path: Path, line: int, problems: Problems,
                    *, scenario_only: bool = False) -> None:
    chart_id, _, title = value.partition(": ")
    if chart_id not in charts:
        problems.add(path, line, f"'{value}': chart '{chart_id}' is not in this module{_nearest(chart_id, charts)}")
        return
    chart = corpus.charts.get(chart_id)
    if chart is None:
        return  # reported with the module
    if title not in {s.title for s in chart.scenarios}:
        problems.add(path, line, f"'{value}': no scenario '{title}' in {chart_id}{_nearest(title, [s.title for s in chart.scenarios])}")
    elif not scenario_only and title not in {q.scenario for q in corpus.questions.get(chart_id, _NONE).questions}:
        problems.add(path, line, f"'{value}' has no question in training/questions/{chart_id}.yaml: write one")


