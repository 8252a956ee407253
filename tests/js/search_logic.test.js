// The search's reading of a query, on a small index of its own: citations, numbers said in words,
// bids and boards read as what they are, typos put right (also a typo some writer left in the
// site's own words), and ignored words dropped. Run by tests/test_js.py (node --test).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const L = require("../../docs/javascripts/search-logic.js");

// Postings are "gap:count" in base 36; a term with n postings is held by n records.
function held(n) { return Array.from({ length: n }, () => "1").join(","); }
// An index as the browser has it once a query's runs of terms are fetched: here one run of all
// the terms (`t`: term -> postings), with each term's count (`tc`) and the runs' first terms (`tp`).
function withTerms(index, t) {
  const terms = Object.keys(t).sort();
  const out = Object.assign({}, index, { tc: {}, tp: [terms[0]] });
  terms.forEach((term) => { out.tc[term] = t[term] ? t[term].split(",").length : 0; });
  L.addTerms(out, 0, t);
  return out;
}
const index = withTerms({ i: ["the", "a", "my"] }, {
  insufficient: held(30), insufficent: held(1), bid: held(50), correct: held(12),
  dummy: held(40), dumy: held(2), revok: held(25), claim: held(20), lead: held(30),
  card: held(60), trick: held(20), twelfth: held(3), play: held(45), tray: held(1), trap: held(15),
});

test("a word missing from the index is put right to its nearest, commonest term", () => {
  const u = L.understand("revokd clame", index);
  assert.deepEqual(u.terms, ["revok", "claim"]);
  assert.deepEqual(u.fixed, [["revokd", "revok"], ["clame", "claim"]]);
});

test("a rare word beside a far commoner neighbour is read as that neighbour, and kept too", () => {
  const u = L.understand("insufficent bid", index);
  assert.deepEqual(u.terms, ["insufficent", "insufficient", "bid"]);
  assert.deepEqual(u.fixed, [["insufficent", "insufficient"]]);
});

test("a rare word whose neighbour is not far commoner stays as it is", () => {
  const u = L.understand("tray", index);
  assert.deepEqual(u.terms, ["tray", "trap"]);  // 15 against 1: commoner by more than ten
  const few = withTerms({ i: index.i }, Object.assign({}, index.t, { trap: held(5) }));
  assert.deepEqual(L.understand("tray", few).terms, ["tray"]);
});

test("short words are never corrected and ignored words are dropped", () => {
  const u = L.understand("the led", index);
  assert.deepEqual(u.terms, []);
  assert.deepEqual(u.fixed, []);
});

test("bids, boards, seats and trick numbers are read as what they are", () => {
  const u = L.understand("Board 7: N bid 1NT then 2♠, trick 12 lead", index);
  assert.deepEqual(u.terms, ["bid", "twelfth", "trick", "lead"]);
});

test("a Law named inside the words is kept apart from them", () => {
  const u = L.understand("law 25 insufficient", index);
  assert.deepEqual(u.laws, [25]);
  assert.deepEqual(u.terms, ["insufficient"]);
});

test("a Law said in words is a citation", () => {
  const cites = { "64": 1, "64a": 2, "10-12": 3, "10": 4 };
  assert.deepEqual(L.citation("law sixty four", cites).entry, 1);
  assert.equal(L.citation("64 A", cites).entry, 2);
  assert.equal(L.citation("Laws 10 to 12", cites).entry, 3);
  assert.equal(L.citation("14 cards", cites), null);
});

test("a hand's count of cards is read as too many or too few", () => {
  assert.match(L.reading("South has 14 cards").text, /too many/);
  assert.match(L.reading("dummy had only twelve cards").text, /missing card/);
  assert.doesNotMatch(L.reading("trick 12 was led").text, /missing/);
  assert.doesNotMatch(L.reading("he put 2 cards on trick 4").text, /number of cards/);  // cards played, not a hand
});

// A thousand records of one length: `postings(list)` holds each listed record once.
function ranked(titles, postingsOf) {
  const r = Array.from({ length: 1000 }, (_, n) => [0, "u" + n, titles[n] || "Filler " + n, [100 + n]]);
  const t = {};
  for (const [term, list] of Object.entries(postingsOf)) {
    t[term] = list.map((n, k) => (n - (k ? list[k - 1] : 0)).toString(36)).join(",");
  }
  return withTerms({ i: [], r: r, kinds: ["situation"], n: r.map(() => 10), avg: 10, c: {}, b: {} }, t);
}
const range = (a, b) => Array.from({ length: b - a }, (_, k) => a + k);

test("one telling word outweighs two common ones in how much of the query a record covers", () => {
  const idx = ranked({ 1: "Spectator reacts", 2: "Card dropped face up" },
                     { kibitzer: [1], fac: [2, ...range(10, 110)], dur: [2, ...range(200, 300)] });
  const first = (tune) => {
    const saved = L.TUNE.telling;
    L.TUNE.telling = tune;
    try { return L.describe(idx, L.search(idx, "kibitzer face during").results[0]).title; }
    finally { L.TUNE.telling = saved; }
  };
  assert.equal(first(0), "Card dropped face up");  // counted word by word, the two common words win
  assert.equal(first(L.TUNE.telling), "Spectator reacts");
});

test("a story about a defender does not lead with declarer's situation", () => {
  const idx = ranked({ 1: "Declarer drops a card face up", 2: "Defender drops a card face up" },
                     { declarer: [1, ...range(10, 60)], defender: [2, ...range(60, 110)], drop: [1, 2, 3],
                       fac: [1, 2, ...range(200, 300)], card: [1, ...range(300, 500)] });
  idx.n[1] = 2;  // declarer's record is short and holds "card": on the words alone it comes first
  idx.n[2] = 20;
  const first = (otherSide) => {
    const saved = L.TUNE.otherSide;
    L.TUNE.otherSide = otherSide;
    try { return L.describe(idx, L.search(idx, "defender dropped his card face up").results[0]).title; }
    finally { L.TUNE.otherSide = saved; }
  };
  assert.equal(first(1), "Declarer drops a card face up");
  assert.equal(first(L.TUNE.otherSide), "Defender drops a card face up");
});

test("a story's bids say when one was insufficient or above seven, and a contract is not a bid", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.match(said("I opened 1S, LHO 2H and my partner bid 2D"), /^insufficient bid /);
  assert.match(said("RHO bid 1D over my 1H"), /^insufficient bid /);  // "A over B": B came first
  assert.match(said("2NT over their 3C"), /^insufficient bid /);
  assert.match(said("over our 7NT LHO bid 8 clubs"), /^bid of more than seven /);
  assert.doesNotMatch(said("1NT 2H was a transfer"), /insufficient/);
  assert.doesNotMatch(said("bid 7NT instead of 6NT"), /insufficient/);
  assert.doesNotMatch(said("4S by N after a 1S opening"), /insufficient/);
});

test("TD is the Director, not a card; a card named by rank and suit is a card", () => {
  assert.match(L.reading("can dummy call the TD").text, /\bTD\b/);
  assert.match(L.reading("led the QH").text, / card /);
});

test("a story that says whose turn it was tells a call (or lead) out of turn", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.match(said("pard passed when it was actually my turn"), /^out of rotation /);
  assert.match(said("N opened 1H then W bid 2S before E had called"), /^out of rotation /);
  assert.doesNotMatch(said("N opened 1H then W bid 2S before E had called"), /before|called/);
  assert.match(said("north was dealer but east opened 1H first"), /^out of rotation /);
  assert.doesNotMatch(said("N dealer, N opened 1H, E bid 1S"), /out of/);
  assert.match(said("west faced the D5 but it was easts lead"), /^out of turn /);
  assert.doesNotMatch(said("told it was his lead but it wasn't"), /out of/);
});

test("in a story of the play, 8H is a card; AC beside a ruling is the appeals committee", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.doesNotMatch(said("penalty card 8H on the table, hearts led and he followed with the 3H"), /bid|insufficient/);
  assert.match(said("I bid 3H over 3S"), /insufficient/);
  assert.match(said("AC overturned the TD's ruling"), /\bAC\b/);
  assert.match(said("led the AC"), /\bcard$/);
});

test("a typo is put right by the edits its stem allows, and seldom on its first letter", () => {
  const index = withTerms({ i: [] }, { touch: "1", such: "1,2,3,4,5,6", pitch: "1,2", pass: "1,2,3", speak: "1,2" });
  assert.deepEqual(L.understand("tuched", index).terms, ["touch"]);
  assert.deepEqual(L.understand("hitch", index).terms, []);
  assert.deepEqual(L.understand("pased", index).terms, ["pass"]);
  assert.deepEqual(L.understand("swearing", index).terms, []);
});

test("the same bid named twice is one bid; a lead when another had won the last trick is out of turn", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.doesNotMatch(said("2H pass pass pass, is 2H the contract"), /insufficient/);
  assert.match(said("RHO bid 1D over my 1D"), /insufficient/);
  assert.match(said("trick 7 E led a spade when W had won the last trick"), /^out of turn /);
  assert.match(said("he led when dummy was on lead"), /^out of turn /);
});

test("a story of a bid ranks a record about a pass lower (and the reverse)", () => {
  const idx = withTerms({ r: [[0, "a", "Player passes before the dealer", [30], 0], [0, "b", "Opening bid by the wrong player", [31], 0]],
                          kinds: ["situation"], n: [6, 6], avg: 6, i: [], c: {}, b: {} },
                        { dealer: "0,1", wrong: "0,1", bid: "0,1", pass: "0" });
  const first = (q) => L.describe(idx, L.search(idx, q).results[0]).title;
  assert.equal(first("dealer wrong bid"), "Opening bid by the wrong player");
  assert.equal(first("dealer wrong pass"), "Player passes before the dealer");
});

test("a story at a later trick is not one of the opening lead", () => {
  const idx = withTerms({ r: [[0, "a", "Declarer refuses the opening lead out of turn", [54], 0], [0, "b", "Declarer refuses a defender's lead out of turn", [56], 0]],
                          kinds: ["situation"], n: [6, 6], avg: 6, i: [], c: {}, b: {} },
                        { declarer: "0,1", refus: "0,1", lead: "0,1", out: "0,1", turn: "0,1", open: "0" });
  const first = (q) => L.describe(idx, L.search(idx, q).results[0]).title;
  assert.equal(L.understand("lead out of turn at trick 6", idx).later, true);
  assert.equal(first("declarer refuses lead out of turn at trick 6"), "Declarer refuses a defender's lead out of turn");
});

test("which suit a story names is not a word of it", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.equal(said("declarer wants a heart"), "declarer wants a");
  assert.match(said("3 hearts over my 3 spades"), /insufficient bid/);
});

test("a query whose runs of terms are not fetched asks for them, and ranks once they are", () => {
  const whole = ranked({ 1: "Revoke established", 2: "Claim contested" }, { revok: [1], claim: [2] });
  // The same index as the browser first has it: the terms counted, their postings in two runs.
  const first = Object.assign({}, whole, { t: undefined, _runs: undefined, _post: undefined, tp: ["claim", "revok"] });
  const asked = L.search(first, "revoke");
  assert.deepEqual(asked.needs, [1]);
  assert.deepEqual(asked.results, []);
  L.addTerms(first, 1, { revok: whole.t.revok });
  assert.equal(L.search(first, "revoke").needs, undefined);
  assert.equal(L.describe(first, L.search(first, "revoke").results[0]).title, "Revoke established");
  assert.equal(L.runOf(first, "aaa"), 0);  // before the first run's first term: the first run
  assert.equal(L.runOf(first, "zzz"), 1);
});

test("a question's have to is must, its can is may; a lead out of turn played to is accepted", () => {
  const said = (q) => L.reading(q).text.replace(/\s+/g, " ").trim();
  assert.match(said("do I have to trump"), /\bmust trump\b/);
  assert.match(said("can declarer take it back"), /^may declarer/);
  assert.match(said("am i allowed to write it down"), /\bmay write\b/);
  assert.match(said("W led out of turn and declarer played from dummy"), /\baccept\b/);
  assert.match(said("LOOT, then I followed"), /\baccept\b/);
  assert.doesNotMatch(said("W led out of turn, what now"), /\baccept\b/);
  assert.doesNotMatch(said("declarer played from dummy"), /\baccept\b/);
  assert.match(said("defender revoked then conceded the rest"), /\bestablished\b/);
  assert.doesNotMatch(said("defender revoked, noticed at once"), /\bestablished\b/);
});
