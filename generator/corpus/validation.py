"""Checks across files: citations resolve, footnotes match, charts are well-formed graphs."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from generator.index import citations
from generator.corpus.chartrules import check_rulings
from generator.corpus.completeness import check_completeness
from generator.corpus.coursecheck import check_course
from generator.corpus.places import check_citation, check_citations, field_lead, nearest, resolve
from generator.index.citations import Mention, Ref
from generator.corpus.corpus import Corpus
from generator.sources.errors import Problems
from generator.index.lawtree import children, places, texts
from generator.sources.model import Block, Chart, ChartLayout, ChartTable, ENTRY_KINDS, Kind, Law, Node, OTHERWISE, Scenario, Vocabulary
from generator.flowcharts.routecoverage import route_coverage
from generator.flowcharts.walk import START, UnusedFacts, WalkError, cases, closure, first_box, follow, walk
from generator.index.prose import Passage, chart_note_passages, lesson_passages
from generator.index.xref import FOOTNOTE_RE, Index, chart_texts
from generator.flowcharts.style import PRINT_WRAP_WIDTH
from generator.sources.sourcekeys import COURSE, alignment_key, front_key, lesson_key


def check_corpus(corpus: Corpus, problems: Problems) -> None:
    """Record every cross-file problem of the corpus in `problems`."""
    index = corpus.index
    for law in corpus.laws.values():
        _check_law(corpus, law, index, corpus.law_path(law.law), problems)
    for year, laws in corpus.editions.items():
        _check_edition(corpus, year, laws, problems)
    for chart in corpus.charts.values():
        _check_chart(chart, corpus, index, problems)
    if corpus.definitions is not None:
        path = corpus.paths[front_key("definitions")]
        names = Counter(d.term.casefold() for d in corpus.definitions.terms)
        for d in corpus.definitions.terms:
            if names[d.term.casefold()] > 1:
                problems.add(path, d.line("term"), f"term '{d.term}' is defined more than once")
            for other in d.see:
                if other.casefold() not in names:
                    problems.add(path, d.line("see"), f"'{d.term}' refers to '{other}', which is not a defined term")
            _check_text_citations(corpus, d.text, None, index, path, d.line("text"), problems)
    if corpus.course is not None:
        path = corpus.paths[COURSE]
        for module in corpus.course.modules:
            for chart_id in module.charts:
                if chart_id not in corpus.charts and chart_id not in corpus.unreadable_charts:
                    problems.add(path, module.line("charts"), f"module '{module.id}' names chart '{chart_id}', which does not exist")
    check_course(corpus, problems)
    for module_id, lesson in corpus.lessons.items():
        _check_passages(corpus, lesson_passages(lesson), index, corpus.paths[lesson_key(module_id)], problems)
    if corpus.vocabulary is not None:
        _check_vocabulary(corpus, corpus.vocabulary, index, corpus.paths[front_key("vocabulary")], problems)
    for name in ("preface", "introduction"):
        front = getattr(corpus, name)
        if front is not None:
            _check_text_citations(corpus, front.text, None, index, corpus.paths[front_key(name)], front.line("text"), problems)


def _check_vocabulary(corpus: Corpus, vocabulary: Vocabulary, index: Index, path: Path, problems: Problems) -> None:
    seen: dict[tuple[str, ...], int] = {}
    for group in vocabulary.groups:
        words = [w.casefold().split() for w in group.words]
        for word, parts in zip(group.words, words):
            if not parts or not any(ch.isalnum() for ch in word):
                problems.add(path, group.line("words"), f"'{word}' holds no letter or digit: a search cannot type it")
        repeated = sorted({w for w, n in Counter(" ".join(p) for p in words).items() if n > 1})
        if repeated:
            problems.add(path, group.line("words"), f"'{repeated[0]}' is twice in one group")
        key = tuple(sorted(" ".join(p) for p in words))
        if key in seen:
            problems.add(path, group.line("words"), f"the same words as the group at line {seen[key]}")
        seen.setdefault(key, group.line("words"))
        check_citations(corpus, group.paragraphs, None, problems, path, group.line("paragraphs"), "paragraphs")


def _check_text_citations(corpus: Corpus, text: str, law: int | None, index: Index, path: Path, line: int, problems: Problems) -> None:
    _check_mentions(corpus, citations.find(text, law), index, path, line, problems)
    _check_malformed(text, law, path, line, problems)


def _check_malformed(text: str, law: int | None, path: Path, line: int, problems: Problems) -> None:
    for token in citations.malformed(text, law):
        problems.add(path, line, f"'{token}' looks like a citation but is not one the Laws have (like 'Law 12C1(b)'): a typing slip?")


def _check_passages(corpus: Corpus, passages: Iterable[Passage], index: Index, path: Path, problems: Problems) -> None:
    """A lesson's or a chart note's citations, each named with the part it stands in: several
    parts share a line (the objectives, the key points)."""
    for passage in passages:
        for mention in passage.mentions():
            for ref in mention.refs:
                resolve(corpus, ref, None, problems, path, passage.line, f"{passage.part}: ", index=index)
        _check_malformed(passage.text, None, path, passage.line, problems)


def _check_mentions(corpus: Corpus, mentions: Iterable[Mention], index: Index, path: Path, line: int, problems: Problems) -> None:
    for mention in mentions:
        for ref in mention.refs:
            resolve(corpus, ref, None, problems, path, line, index=index)


def _check_edition(corpus: Corpus, year: int, laws: dict[int, Law], problems: Problems) -> None:
    """An earlier edition's Laws: each edition's places are its own, so its citations resolve
    against its own Laws (only those the sources hold: the rest of that edition is not here)."""
    index = corpus.edition_indexes[year]
    for law in laws.values():
        path = corpus.law_path(law.law, year)
        _check_law(corpus, law, index, path, problems,
                   missing=lambda ref: ref.law in laws and not index.exists(ref), edition=year)
        for key in ("beside", "situations"):
            if getattr(law, key):
                problems.add(path, law.line(key), f"'{key}:' belongs to the current text, not to an earlier edition")
    _check_overrides(corpus, year, problems)


def _check_overrides(corpus: Corpus, year: int, problems: Problems) -> None:
    """Each override's places exist in their editions, and none is claimed twice."""
    found = corpus.alignments.get(year)
    if found is None:
        return
    path = corpus.paths[alignment_key(year)]
    old_index = corpus.edition_indexes[year]
    seen: dict[tuple[str, Ref], int] = {}
    for override in found.overrides:
        for side, values, index, edition in (("old", override.old, old_index, year),
                                             ("new", override.new, corpus.index, None)):
            for value in values:
                line = override.line(side)
                ref = resolve(corpus, value, None, problems, path, line, field_lead(side), index=index,
                              where=f"the {edition} Laws" if edition else "the current Laws",
                              missing=lambda r, index=index: not index.exists(r))
                if ref is None:
                    continue
                if (side, ref) in seen:
                    problems.add(path, line, f"{side}: Law {ref.canonical()} is already matched at line {seen[side, ref]}")
                seen.setdefault((side, ref), line)
        laws = {r.law for r in (citations.parse_ref(v) for v in [*override.old, *override.new]) if r is not None}
        if len(laws) > 1:
            problems.add(path, override.line(), "an override matches places of one Law (moves between Laws are not matched)")


def _check_law(corpus: Corpus, law: Law, index: Index, path: Path, problems: Problems, *,
               missing: Callable[[Ref], bool] | None = None, edition: int | None = None) -> None:
    where = "the Laws" if edition is None else f"the {edition} Laws"
    blocks = {p.ref: p.block for p in places(law)}
    for block in blocks.values():
        _check_order(block, path, problems)
        for key, text in texts(block):
            _check_malformed(text, law.law, path, block.line(key), problems)
    for place, key, _text, mention in index.mentions[law.law]:
        block = blocks[place]
        for ref in mention.refs:
            resolve(corpus, ref, None, problems, path, block.line(key), f"{place.label()} ", index=index,
                    where=where, missing=missing)
    if edition is not None:
        _check_footnotes(law, path, problems)
        return
    check_citations(corpus, law.beside, law.law, problems, path, law.line("beside"), "beside")
    _check_footnotes(law, path, problems)
    beside = corpus.charts_for(law.law)
    if beside and law.no_chart is not None:
        problems.add(path, law.line("no_chart"), f"Law {law.law} has a chart ({beside[0].id}): no_chart: says why a Law has none")
    # A chart file that failed to load may be the one beside it: then say nothing more.
    if not beside and law.no_chart is None and corpus.charts and not corpus.unreadable_charts:
        problems.add(path, law.line(), (f"Law {law.law} has no chart beside it: draw one, or say under no_chart: "
                                        "why a Director needs none (e.g. it defines equipment, or another chart applies it)"))
    if law.situations and corpus.charts_for(law.law):
        chart = corpus.charts_for(law.law)[0]
        problems.add(path, law.line("situations"), (
            f"Law {law.law} has a chart ({chart.id}): its situations belong in the chart's file, "
            "so that the finder leads to the chart"))


def _check_order(block: Block, path: Path, problems: Problems) -> None:
    """Ids under one level are unique: a repeated `B.` or `2.` is a typing slip."""
    seen: set[object] = set()
    for child in children(block):
        cid = getattr(child, "id")
        if cid in seen:
            problems.add(path, child.line("id"), f"'{cid}' appears twice at this level")
        seen.add(cid)


def _check_footnotes(law: Law, path: Path, problems: Problems) -> None:
    defined = {n.id for n in law.footnotes}
    marked: set[int] = set()
    for place in places(law):
        for key in ("title", "text", "after"):
            text = getattr(place.block, key, None)
            for m in FOOTNOTE_RE.finditer(text or ""):
                n = int(m.group(1))
                marked.add(n)
                if n not in defined:
                    problems.add(path, place.block.line(key), f"footnote marker [^{n}] has no footnote {n}")
    for note in law.footnotes:
        if note.id not in marked:
            problems.add(path, note.line("id"), f"footnote {note.id} is not marked anywhere in the text")


def _check_chart(chart: Chart, corpus: Corpus, index: Index, problems: Problems) -> None:
    path = corpus.chart_path(chart.id)
    before = len(problems.items)
    for number in chart.laws:
        if number not in corpus.laws and number not in corpus.unreadable_laws:
            problems.add(path, chart.line("laws"), f"chart serves Law {number}, which is not in the Laws")
    nodes = {}
    for node in chart.nodes:
        if node.id in nodes:
            problems.add(path, node.line("id"), f"node id '{node.id}' is used twice")
        nodes[node.id] = node
    for node in chart.nodes:
        _check_node_shape(node, path, problems)
        _check_options(chart, node, path, problems)
        for target, _label in node.links():
            if target not in nodes:
                key = {"Yes": "yes", "No": "no", OTHERWISE: "otherwise"}.get(_label or "", "next")
                problems.add(path, node.line(key), f"node '{node.id}' links to '{target}', which is not a node of this chart{nearest(target, nodes)}")
        for target in node.body:
            if target not in nodes:
                problems.add(path, node.line("body"), f"repetition '{node.id}' frames '{target}', which is not a node of this chart")
    context = chart.laws[0]
    for node_id, key, text in chart_texts(chart):
        _check_malformed(text, context, path, nodes[node_id].line(key) if node_id in nodes else chart.line("table"), problems)
    for node_id, key, mention in index.chart_mentions.get(chart.id, []):
        line = nodes[node_id].line(key) if node_id in nodes else chart.line("table")
        _check_mentions(corpus, [mention], index, path, line, problems)
    _check_passages(corpus, chart_note_passages(chart), index, path, problems)
    for node in chart.nodes:
        for key, values in (("cites", node.cites), ("not_applied", node.not_applied), ("basis", node.basis)):
            check_citations(corpus, values, context, problems, path, node.line(key), key)
        if node.later is not None:
            check_citations(corpus, node.later.cites, context, problems, path, node.later.line("cites"), "later: cites")
        if node.kind is Kind.LAW_REF and not citations.find(node.text, context):
            problems.add(path, node.line("text"), f"law_ref '{node.id}' holds no citation (write it as 'Law 52')")
    for group in chart.table.groups if chart.table is not None else []:
        check_citations(corpus, group.cites, context, problems, path, group.line("cites"))
    for omission in chart.omits:
        ref = check_citation(corpus, omission.ref, context, problems, path, omission.line("ref"), "omits")
        if ref is not None and ref.law not in chart.laws:
            problems.add(path, omission.line("ref"), f"omits: {ref.label()} is not in a Law this chart serves")
    # Every rule runs whatever else is wrong, so that one run reports every problem; only the
    # walks (the graph's, the scenarios', the situations') wait for a graph whose arrows all land.
    check_rulings(chart, corpus, path, problems)
    check_completeness(chart, corpus, path, problems)
    whole = all(t in nodes for n in chart.nodes for t, _ in n.links()) and all(m in nodes for n in chart.nodes for m in n.body)
    if chart.layout is ChartLayout.FLOW:
        _check_graph(chart, path, problems)
    if whole:
        _check_scenarios(chart, nodes, path, problems)
        _check_situations(chart, path, problems)
    if whole and chart.layout is ChartLayout.FLOW and chart.table is None and len(problems.items) == before:
        _check_route_coverage(chart, path, problems)  # on a chart with no other problem: else it is noise


def _check_situations(chart: Chart, path: Path, problems: Problems) -> None:
    """A situation's entry box and answers lead into its chart: each answer is one the walk asks."""
    for situation in chart.situations:
        if situation.at is None and not situation.facts:
            continue
        where = situation.line()
        if chart.layout is not ChartLayout.FLOW:
            problems.add(path, where, f"situation '{situation.text}': at: and facts: are for a flow chart's walk")
            continue
        if situation.at is not None and situation.at not in chart.by_id:
            problems.add(path, situation.line("at"), f"situation '{situation.text}': at: '{situation.at}' is not a box of this chart")
            continue
        bad = [box for box in situation.facts if box not in chart.by_id]
        for box in bad:
            problems.add(path, situation.fact_line(box), f"situation '{situation.text}': '{box}' is not a box of this chart")
        if bad:
            continue
        start = situation.at or (cases(chart)[0].id if first_box(chart) != START else None)
        if start is None:
            problems.add(path, where, f"situation '{situation.text}': the chart has several Cases: say which with at:")
            continue
        try:
            found = follow(chart, start, situation.facts)
        except WalkError as exc:
            problems.add(path, where, f"situation '{situation.text}': {exc}")
            continue
        for box in sorted(set(situation.facts) - found.used):
            problems.add(path, situation.fact_line(box), (
                f"situation '{situation.text}': the walk never asks '{box}' (it is not on the way from "
                f"'{start}' with these answers, or its answer is carried)"))


# The longest word a box may hold: the drawing wraps lines of words, and a word longer than a
# printed line would make the whole chart as wide as it.
LONGEST_WORD = PRINT_WRAP_WIDTH + 8


def _check_node_shape(n: Node, path: Path, problems: Problems) -> None:
    long_words = [w for w in n.text.split() if len(w) > LONGEST_WORD]
    if long_words:
        word = long_words[0]
        problems.add(path, n.line("text"), (
            f"'{n.id}' holds a word of {len(word)} characters (“{word[:24]}…”): a box wraps its words at "
            f"spaces, so the chart would be drawn as wide as that word; break it"))
    if n.id == START:
        problems.add(path, n.line("id"), (f"'{START}' is the step-through's choice of Case in every walk's address: "
                                          "give the box another id"))
    if n.kind is Kind.QUESTION:
        if n.yes is None or n.no is None:
            missing = " and ".join(k for k in ("yes", "no") if getattr(n, k) is None)
            problems.add(path, n.line(), f"question '{n.id}' needs both a yes and a no branch (missing: {missing})")
        if n.next:
            problems.add(path, n.line("next"), f"question '{n.id}' branches by yes/no, not next")
    elif n.yes is not None or n.no is not None:
        problems.add(path, n.line("yes" if n.yes is not None else "no"), f"only a question has yes/no branches; '{n.id}' is a {n.kind.value}")
    if n.otherwise is not None:
        ways = [t for t, label in n.links() if label != OTHERWISE]
        if n.kind is not Kind.CONDITION:
            problems.add(path, n.line("otherwise"), f"only a condition has otherwise:; '{n.id}' is {_a(n.kind)} box")
        elif len(ways) != 1:
            problems.add(path, n.line("otherwise"), (
                f"condition '{n.id}' has otherwise: and {len(ways)} arrows on: a condition that goes on "
                "when it does not hold has one arrow for when it does"))
    if n.kind is Kind.REPETITION and not n.body:
        problems.add(path, n.line(), f"repetition '{n.id}' needs a body: the boxes inside its frame")
    if n.kind is not Kind.REPETITION and n.body:
        problems.add(path, n.line("body"), f"only a repetition has a body; '{n.id}' is a {n.kind.value}")


def _check_options(chart: Chart, node: Node, path: Path, problems: Problems) -> None:
    """A box that offers options (arrows to Option boxes) offers two or more: one option is no choice."""
    offered = [link.to for link in node.next if link.to in chart.by_id and chart.by_id[link.to].kind is Kind.OPTIONS]
    if len(offered) == 1 and len(node.next) == 1 and node.kind not in (Kind.OPTIONS, Kind.CONDITION):
        problems.add(path, node.line("next"), (
            f"'{node.id}' offers one option only ('{offered[0]}'): an option is a choice among two or more; "
            "add the others, or make it an action"))


def _check_graph(chart: Chart, path: Path, problems: Problems) -> None:
    """Every box is reached, and every box can reach an end (no loop without a way out)."""
    # Arrows to boxes that do not exist are reported on their own: the graph is read without them.
    ids = {n.id for n in chart.nodes}
    out: dict[str, list[str]] = {n.id: [t for t in [t for t, _ in n.links()] + list(n.body) if t in ids] for n in chart.nodes}
    starts = [chart.nodes[0].id] + [n.id for n in chart.nodes if n.kind in ENTRY_KINDS]
    reached = closure(starts, out)
    for node in chart.nodes:
        if node.id not in reached:
            problems.add(path, node.line(), f"node '{node.id}' is not reached from the chart's first box, a case or a statement")
    ends = {n for n, targets in out.items() if not targets}
    back: dict[str, list[str]] = {n: [] for n in out}
    for src, targets in out.items():
        for t in targets:
            back[t].append(src)
    can_end = closure(list(ends), back)
    stuck = [n.id for n in chart.nodes if n.id not in can_end]
    if stuck:
        # Blame the boxes of the loop itself, not every box that leads into it.
        loop = _cycle(stuck[0], {n: [t for t in out[n] if t not in can_end] for n in stuck})
        first = chart.by_id[loop[0]]
        if len(loop) == 1:
            message = f"node '{first.id}' is caught in a loop with no way out"
        else:
            message = f"boxes {', '.join(repr(b) for b in loop)} lead round in a loop with no way out ({' -> '.join([*loop, loop[0]])})"
        problems.add(path, first.line(), message)


def _cycle(start: str, edges: dict[str, list[str]]) -> list[str]:
    """A loop among boxes that cannot reach an end, found by following them from `start`."""
    path: list[str] = []
    here = start
    while here not in path:
        path.append(here)
        here = edges[here][0]  # every such box has a way on that also cannot end
    return path[path.index(here):]



def _check_scenarios(chart: Chart, nodes: dict[str, Node], path: Path, problems: Problems) -> None:
    """Walk every training scenario through its chart: its facts must lead to its ruling."""
    titles: set[str] = set()
    for scenario in chart.scenarios:
        name = f"scenario '{scenario.title}'"
        if scenario.title in titles:
            problems.add(path, scenario.line("title"), f"{name} is the title of another scenario of this chart: the course names a scenario by its title")
        titles.add(scenario.title)
        if chart.table is not None:
            _check_table_scenario(chart.table, scenario, name, path, problems)
            continue
        if scenario.table is not None:
            problems.add(path, scenario.line("table"), f"{name}: table: is for a decision table; this chart is a flow")
            continue
        bad_facts = [box for box in scenario.facts if box not in nodes]
        for box in bad_facts:
            problems.add(path, scenario.fact_line(box), f"{name}: '{box}' is not a box of this chart")
        if scenario.ruling not in nodes:
            problems.add(path, scenario.line("ruling"), f"{name}: the ruling '{scenario.ruling}' is not a box of this chart")
        if bad_facts or scenario.ruling not in nodes:
            continue
        try:
            route = walk(chart, scenario)
        except UnusedFacts as exc:
            for box in exc.boxes:
                problems.add(path, scenario.fact_line(box), f"{name}: the walk never asks '{box}' (it is not on the way these facts lead, or its answer is carried)")
            continue
        except WalkError as exc:
            problems.add(path, scenario.line(), f"{name}: {exc}")
            continue
        if route[-1] != scenario.ruling:
            end = nodes[route[-1]]
            problems.add(path, scenario.line("ruling"),
                         f"{name}: the facts lead to '{end.id}' ({' '.join(end.text.split())[:60]}), "
                         f"not to the ruling '{scenario.ruling}'")


def _check_route_coverage(chart: Chart, path: Path, problems: Problems) -> None:
    """Every way out of every box, every end box and every paragraph a route applies is some
    scenario's: a branch no scenario takes is a branch no test, lesson or review ever walked."""
    cov = route_coverage(chart)
    for arrow in cov.missing_branches:
        line = chart.by_id[arrow.box].line() if arrow.box in chart.by_id else chart.line("nodes")
        problems.add(path, line, f"the way '{arrow.label}' out of '{arrow.box}' is taken by no scenario: add one whose facts take it")
    for end in cov.missing_ends:
        problems.add(path, chart.by_id[end].line(), f"end box '{end}' is the ruling of no scenario: add one that ends there")
    for ref in cov.missing_paragraphs:
        problems.add(path, chart.line("scenarios"), f"{ref.label()} is on a route but decisive in no scenario: add one that ends where it decides")


def _check_table_scenario(table: ChartTable, scenario: Scenario, name: str, path: Path, problems: Problems) -> None:
    """A table scenario names a cell: the line must stand in the row, in the column given as ruling."""
    fact = scenario.table
    if fact is None:
        problems.add(path, scenario.line(), f"{name}: a decision table's scenario needs table: {{group, row, action}}")
        return
    group = next((g for g in table.groups if g.label == fact.group), None)
    if group is None:
        problems.add(path, fact.line("group"), f"{name}: no row group '{fact.group}' in the table")
        return
    row = next((r for r in group.rows if r[0] == fact.row), None)
    if row is None:
        problems.add(path, fact.line("row"), f"{name}: no row '{fact.row}' in '{fact.group}'")
        return
    if scenario.ruling not in table.columns[2:]:
        problems.add(path, scenario.line("ruling"), f"{name}: the ruling must be one of the columns {table.columns[2:]}")
        return
    cell = row[table.columns.index(scenario.ruling) - 1]
    lines = [cell] if isinstance(cell, str) else cell
    if fact.action not in lines:
        problems.add(path, fact.line("action"), f"{name}: '{fact.action}' is not in the '{scenario.ruling}' cell of that row")


def _a(kind: Kind) -> str:
    """`a question`, `an action`: the kind with its article, for messages."""
    return ("an " if kind.value[0] in "aeiou" else "a ") + kind.value
