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

// Chart "t" ends at a box that hands over twice: to "s" (the revoke) and to "u" (the penalty
// card); "s" ends at a box of its own hand-off, `sOnward`. Each page as the build writes it, the
// charts a walk passed before it carried.
function twice(sOnward) {
  const boxes = {
    t: { t1: box("action", [], { phase: "now", text: "A revoke, and a penalty card",
                                 continues: [{ chart: "s", at: "s1", label: "Continue in S" }, { chart: "u", at: "u1", label: "Continue in U" }] }) },
    s: {
      s1: box("question", yesNo("s_end", "s_end"), { text: "Established?" }),
      s_end: box("action", [], { phase: "now", text: "The trick stands", continues: sOnward }),
    },
    u: { u1: box("action", [], { phase: "now", text: "The penalty card stays on the table" }) },
  };
  const page = (id, before) => ({
    id: id, title: id.toUpperCase(), start: Object.keys(boxes[id])[0], boxes: boxes[id], handedFrom: before,
    carried: Object.fromEntries(before.map((c) => [c, { title: c.toUpperCase(), start: Object.keys(boxes[c])[0], boxes: boxes[c] }])),
  });
  return { s: page("s", ["t"]), u: page("u", ["s", "t"]) };
}

test("after one of an end box's two hand-offs is walked, the card still offers the other", () => {
  const { s } = twice([{ chart: "v", at: "v1", label: "Continue in V" }]);
  const card = L.ruling(L.steps(s, L.state(s, "#@t/t1/@s/s1/s_end")));
  assert.deepEqual(card.handOffs.map((h) => h.chart), ["v", "u"]);  // the end box's own first
  const words = L.plainText(s, L.steps(s, L.state(s, "#@t/t1/@s/s1/s_end")), card, "");
  assert.match(words, /Goes on in: Continue in V\nGoes on in: Continue in U/);
});

test("a hand-off offered both by the end box and by an earlier one is offered once", () => {
  const { s } = twice([{ chart: "u", at: "u1", label: "Continue in U" }]);
  const card = L.ruling(L.steps(s, L.state(s, "#@t/t1/@s/s1/s_end")));
  assert.deepEqual(card.handOffs.map((h) => h.chart), ["u"]);
});

test("the address of a walk that follows an earlier box's second hand-off restores it", () => {
  const { u } = twice([]);
  const st = L.state(u, "#@t/t1/@s/s1/s_end/@u/u1");
  assert.equal(st.stale, false);
  assert.deepEqual(st.carried.map((p) => p.chart), ["t", "s"]);
  assert.deepEqual(st.route, ["u1"]);
  const card = L.ruling(L.steps(u, st));
  assert.deepEqual(card.now.map((it) => it.box.text), ["A revoke, and a penalty card", "The trick stands", "The penalty card stays on the table"]);
  assert.deepEqual(card.handOffs, []);  // both followed
  assert.equal(L.state(u, "#@t/t1/@s/s1/s_end/@u/elsewhere").stale, true);
});

test("a walk into a chart an end box names follows that hand-off, not the irregularity's own chart", () => {
  const named = { chart: "x", at: "x3" };
  const general = { chart: "irregularity", general: true };
  assert.equal(L.taken([general, named], "x"), named);
  assert.equal(L.taken([general, named], "y"), general);
  assert.equal(L.taken([named], "y"), null);
  assert.deepEqual(L.unfollowed([{ from: { continues: [named, general] }, to: "x" }]), [general]);
  assert.deepEqual(L.unfollowed([{ from: { continues: [named, general] }, to: "y" }]), [named]);
});

test("the charts a hash carries a route from are read from its parts, each once, if they hand over here", () => {
  const data = { id: "u", handedFrom: ["s", "t"] };
  assert.deepEqual(L.carriedCharts(data, "#@t/t1/@s/s1/s_end/@u/u1"), ["t", "s"]);
  assert.deepEqual(L.carriedCharts(data, "#@t/t1/@t/t2/@x/x1/@u/u1"), ["t"]);  // x never hands over to u
  assert.deepEqual(L.carriedCharts(data, "#u1/u2"), []);
  assert.deepEqual(L.carriedCharts(data, "#%40s/s1/%40u/u1"), ["s"]);  // as the address bar may encode it
});

test("a step's address: its chart's page, each chart's part opened by @ once the route crosses charts, a tapped start by at:", () => {
  const data = { id: "u", walkUrl: "../../walk/" };
  const here = [{ chart: "u", id: "u1" }, { chart: "u", id: "u2" }];
  assert.equal(L.hrefAt(data, { carried: [], from: null }, here, 1), "#u1/u2");
  assert.equal(L.hrefAt(data, { carried: [], from: "u1" }, here, 1), "#at:u1/u2");
  const crossed = [{ chart: "t", id: "t1" }, { chart: "t", id: "t_end" }, { chart: "u", id: "u3" }];
  const st = { carried: [{ from: null }], from: null };
  assert.equal(L.hrefAt(data, st, crossed, 2), "#@t/t1/t_end/@u/u3");
  assert.equal(L.hrefAt(data, st, crossed, 0), "../../walk/t/#@t/t1");  // a step of the earlier chart: on its page
  assert.equal(L.hashOnward(st, crossed, { chart: "v", at: "v2" }), "#@t/t1/t_end/@u/u3/@v/v2");
});
