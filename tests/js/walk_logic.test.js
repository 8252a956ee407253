// The step-through's logic on a small chart of its own: routes read from the address, facts
// carried through a hand-off, and the Ruling card's sections. Run by tests/test_js.py (node --test).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const L = require("../../docs/javascripts/walk-logic.js");

function box(kind, choices, extra) {
  return Object.assign({ kind: kind, kindName: kind, html: kind, text: kind, refs: [], choices: choices || [] }, extra || {});
}
const yesNo = (yes, no) => [{ label: "Yes", to: yes }, { label: "No", to: no }];

// A chart that asks whether two penalty cards are on the table, then hands over to "b".
const a = {
  id: "a", title: "Chart A", start: "q1", carried: {}, handedFrom: [],
  boxes: {
    q1: box("question", yesNo("act", "q2"), { fact: "two_cards", text: "Two penalty cards?" }),
    q2: box("question", yesNo("end_later", "act"), { phase: "later", text: "Damaged at the end of play?" }),
    act: box("action", [{ label: "", to: "next_box" }], { phase: "now", text: "The card is a penalty card" }),
    next_box: box("action", [], { phase: "next", text: "Play continues", continues: [{ chart: "b", at: "qb", label: "Continue in B" }] }),
    end_later: box("action", [], { phase: "now", text: "Adjusted score", basis: ["Law 12C1(b)"] }),
  },
};
const b = {
  id: "b", title: "Chart B", start: "qb", carried: { a: { title: "Chart A", start: "q1", boxes: a.boxes } }, handedFrom: ["a"],
  boxes: {
    qb: box("question", yesNo("yes_end", "no_end"), { fact: "two_cards", text: "Two penalty cards?" }),
    yes_end: box("action", [], { phase: "now", text: "Law 51 applies" }),
    no_end: box("action", [], { phase: "now", text: "Law 50 applies" }),
  },
};

test("a route read from the address passes single ways on", () => {
  const st = L.state(a, "#q1/act");
  assert.equal(st.stale, false);
  assert.deepEqual(st.route, ["q1", "act", "next_box"]);
});

test("an address the chart no longer has starts at the top", () => {
  const st = L.state(a, "#q1/nowhere");
  assert.equal(st.stale, true);
  assert.deepEqual(st.route, ["q1"]);
});

test("a fact established before a hand-off answers the same question after it", () => {
  const st = L.state(b, "#@a/q1/act/next_box/@b/qb");
  assert.equal(st.stale, false);
  assert.deepEqual(st.route, ["qb", "yes_end"]);  // carried, not asked
  const all = L.steps(b, st);
  const carried = all.filter((s) => s.carried);
  assert.equal(carried.length, 1);
  assert.equal(carried[0].id, "qb");
  assert.equal(all[carried[0].establishedAt].id, "q1");  // "change" leads to where it was answered
});

test("the Ruling card groups what was passed: now, next, and what is judged at the end of play", () => {
  const done = L.ruling(L.steps(a, L.state(a, "#q1/act")));
  assert.deepEqual(done.now.map((it) => it.box.text), ["The card is a penalty card"]);
  assert.deepEqual(done.next.map((it) => it.box.text), ["Play continues"]);
  assert.equal(done.headline.box.text, "The card is a penalty card");
  const later = L.ruling(L.steps(a, L.state(a, "#q1/q2")));
  assert.deepEqual(later.later.map((it) => it.box.text), ["Damaged at the end of play?"]);
  assert.equal(later.later[0].test, true);
  const st = L.state(a, "#q1/q2");
  assert.equal(L.atEnd(L.steps(a, st).pop()), true);  // the ruling of now is complete at a later judgement
});

test("after a judgement at the end of play, what follows is in the end-of-play section", () => {
  const card = L.ruling(L.steps(a, L.state(a, "#q1/q2/end_later")));
  assert.deepEqual(card.later.map((it) => it.box.text), ["Damaged at the end of play?", "Adjusted score"]);
  assert.equal(card.now.length, 0);
});

test("the plain text gives the sections, the facts and the link", () => {
  const st = L.state(a, "#q1/act");
  const all = L.steps(a, st);
  const words = L.plainText(a, all, L.ruling(all), "http://x/walk/a/#q1/act");
  assert.match(words, /^Ruling: Chart A/);
  assert.match(words, /Now:\n- The card is a penalty card/);
  assert.match(words, /What happens next:\n- Play continues/);
  assert.match(words, /Facts:\n- Two penalty cards\? Yes/);
  assert.match(words, /http:\/\/x\/walk\/a\/#q1\/act$/);
});

// A Law's exceptions asked one after another: q1, then e1 and e2 while the answer is No.
const exceptions = {
  q1: box("question", yesNo("x1", "e1"), { fact: "f1" }),
  e1: box("question", yesNo("x2", "e2"), { fact: "f2" }),
  e2: box("condition", yesNo("x3", "act"), {}),
  act: box("action", [{ label: "", to: "later_q" }], {}),
  later_q: box("question", yesNo("x4", "x5"), { phase: "later" }),
  x1: box("action", []), x2: box("action", []), x3: box("action", []), x4: box("action", []), x5: box("action", []),
};

test("the questions after one while the answer is No come with it, up to the first that is not a question", () => {
  assert.deepEqual(L.noChain(exceptions, "q1", {}), { ids: ["e1", "e2"], exit: "act" });
  assert.deepEqual(L.noChain(exceptions, "e1", {}), { ids: ["e2"], exit: "act" });
  assert.deepEqual(L.noChain(exceptions, "act", {}), { ids: [], exit: null });
});

test("a question whose answer is already established ends the chain, and none follows a carried one", () => {
  assert.deepEqual(L.noChain(exceptions, "q1", { f2: "no" }), { ids: [], exit: "e1" });
  assert.deepEqual(L.noChain(exceptions, "q1", { f1: "no" }), { ids: [], exit: null });
});

test("a question judged at the end of play is not asked with those of now", () => {
  const chain = Object.assign({}, exceptions, { e2: box("question", yesNo("x3", "later_q"), {}) });
  assert.deepEqual(L.noChain(chain, "q1", {}), { ids: ["e1", "e2"], exit: "later_q" });
});

// Chart "p" asks a question judged at the end of play, then hands over to chart "r" at `at`,
// whose one box is `handed`; the card after walking into it.
function afterLaterQuestion(question, at, handed) {
  const first = {
    id: "p", title: "P", start: "q", carried: {}, handedFrom: [],
    boxes: {
      q: box("question", yesNo("adj", "fine"), { phase: "later", text: question }),
      adj: box("action", [], { phase: "now", text: "Adjust", continues: [{ chart: "r", at: at, label: "Go on" }] }),
      fine: box("action", [], { phase: "now", text: "Score stands" }),
    },
  };
  const second = {
    id: "r", title: "R", start: at, carried: { p: { title: "P", start: "q", boxes: first.boxes } }, handedFrom: ["p"],
    boxes: { [at]: handed },
  };
  return L.ruling(L.steps(second, L.state(second, "#@p/q/adj/@r/" + at)));
}

test("a chart handed to after a question judged at the end of play is judged then too", () => {
  const card = afterLaterQuestion("Damaged?", "assess", box("action", [], { phase: "now", text: "Weighted score assessed" }));
  assert.deepEqual(card.now.map((it) => it.box.text), []);
  assert.deepEqual(card.later.map((it) => it.box.text), ["Damaged?", "Adjust", "Weighted score assessed"]);
});

test("a chart entered at its beginning after such a question rules now again", () => {
  const card = afterLaterQuestion("Gained through the irregularity?", "start_r",
    box("action", [], { phase: "now", text: "The call is cancelled", begins: true }));
  assert.deepEqual(card.now.map((it) => it.box.text), ["The call is cancelled"]);
  assert.deepEqual(card.later.map((it) => it.box.text), ["Gained through the irregularity?", "Adjust"]);
});
