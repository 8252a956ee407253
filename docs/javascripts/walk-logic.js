// The step-through's logic, apart from the page: reading a route from its address, following it
// with the facts the walk has established, and grouping what it passed into the Ruling card. Pure
// functions of the build's walk data (no DOM), so that node can test them (tests/js/).
//
// The route is the list of boxes walked, in the address's hash (#start/c1/q_called/a_accept); a
// walk handed over from other charts carries their routes first, each opened by @ and the chart's
// id (#@law-14/start/c2/…/@law-50/c2); a walk started from a box tapped in the chart opens with
// at: and that box. A box whose fact the walk has already established is answered by it (shown
// as "already established"); a box with a single way on is passed through.
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.WalkLogic = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var AT = "at:";

  function boxesOf(data, chart) { return chart === data.id ? data.boxes : data.carried[chart].boxes; }

  function allowed(boxes, from, to) {
    var here = boxes[from];
    return !!here && here.choices.some(function (c) { return c.to === to; });
  }

  function answerLabel(box, next) {
    var picked = box.choices.filter(function (c) { return c.to === next; })[0];
    return picked ? picked.label : "";
  }

  // The facts a list of [box, next] pairs establishes: a Case's, and each answered question's.
  function factsOf(pairs, facts) {
    var out = Object.assign({}, facts || {});
    pairs.forEach(function (p) {
      var box = p[0];
      if (!box) return;
      Object.keys(box.establishes || {}).forEach(function (k) { out[k] = box.establishes[k]; });
      if (box.fact && p[1] !== undefined && box.choices.length > 1) {
        var label = answerLabel(box, p[1]).toLowerCase();
        if (label === "yes" || label === "no") out[box.fact] = label;
      }
    });
    return out;
  }

  function pairsOf(boxes, route) {
    return route.map(function (id, i) { return [boxes[id], route[i + 1]]; });
  }

  // The way a box's known fact takes, if the walk has established it.
  function knownWay(box, facts) {
    if (!box || !box.fact || !(box.fact in facts)) return null;
    var want = facts[box.fact];
    var way = box.choices.filter(function (c) { return c.label.toLowerCase() === want; })[0];
    return way ? way.to : null;
  }

  // Walk on through boxes with a single way on, and through questions whose fact is known.
  function follow(boxes, route, facts) {
    var seen = {};
    var known = factsOf(pairsOf(boxes, route.slice(0, -1)), facts);
    while (true) {
      var last = route[route.length - 1];
      var box = boxes[last];
      if (!box || seen[last]) return route;
      seen[last] = true;
      Object.keys(box.establishes || {}).forEach(function (k) { known[k] = box.establishes[k]; });
      var next = box.choices.length === 1 ? box.choices[0].to : knownWay(box, known);
      if (!next) return route;
      route = route.concat([next]);
    }
  }

  // The route `wanted` from `first`, and whether the chart still has all of it.
  function checked(boxes, first, wanted, facts) {
    var route = [first];
    if (wanted[0] === first) wanted = wanted.slice(1);
    for (var i = 0; i < wanted.length; i++) {
      if (!allowed(boxes, route[route.length - 1], wanted[i])) return { route: follow(boxes, route, facts), whole: false };
      route.push(wanted[i]);
    }
    return { route: follow(boxes, route, facts), whole: true };
  }

  function parts(data, hash) {
    var tokens = decodeURIComponent(hash.replace(/^#/, "")).split("/").filter(Boolean);
    var out = [];
    var current = { chart: data.id, ids: [] };
    tokens.forEach(function (t) {
      if (t.charAt(0) === "@") {
        if (current.ids.length || out.length || current.chart !== data.id) out.push(current);
        current = { chart: t.slice(1), ids: [] };
      } else current.ids.push(t);
    });
    out.push(current);
    return out;
  }

  // Whether the walk began at a box tapped in the chart (its first box is then written at:box).
  function startedAt(st) { return st.carried.length ? st.carried[0].from : Boolean(st.from); }

  // The words of the route up to (and including) step i of `all`, each chart's part opened by @
  // and its id when `marked` (a route that crosses charts), the first box by at: if tapped.
  function routeWords(st, all, i, marked) {
    var words = [];
    var chart = null;
    for (var k = 0; k <= i; k++) {
      if (marked && all[k].chart !== chart) words.push("@" + all[k].chart);
      chart = all[k].chart;
      words.push(startedAt(st) && k === 0 ? AT + all[k].id : all[k].id);
    }
    return words;
  }

  // The address of the walk up to (and including) step i: a hash on this chart's page, or the
  // page of the chart that step is in.
  function hrefAt(data, st, all, i) {
    var hash = "#" + routeWords(st, all, i, st.carried.length > 0).join("/");
    return all[i].chart === data.id ? hash : data.walkUrl + all[i].chart + "/" + hash;
  }

  // The hash that carries the whole walk on into a hand-off's chart, at its box.
  function hashOnward(st, all, handOff) {
    return "#" + routeWords(st, all, all.length - 1, true).concat(["@" + handOff.chart, handOff.at]).join("/");
  }

  // The other charts a hash carries a route from, in order, each once: those that can hand over
  // to this one (the page loads their words before it shows the walk).
  function carriedCharts(data, hash) {
    var out = [];
    parts(data, hash).forEach(function (part) {
      if (part.chart !== data.id && out.indexOf(part.chart) < 0 && data.handedFrom.indexOf(part.chart) >= 0) out.push(part.chart);
    });
    return out;
  }

  // The hand-off among `offered` (in order) that a walk going on in `chart` follows: the one naming
  // that chart, else a general chart's hand-off to the irregularity's own chart (`general`, as the
  // build marks it). As ruling.py's `taken`, so that the site and the terminal walk offer the same
  // ways on.
  function taken(offered, chart) {
    function first(fits) { return offered.filter(fits)[0] || null; }
    return first(function (c) { return c.chart === chart && !c.general; }) || first(function (c) { return !!c.general; });
  }

  // The hand-offs of the end boxes a walk left before its last chart, not followed since (an end
  // box may hand over twice: a revoke's trick and its penalty card). `crossings` gives, at each
  // change of chart, the box the walk left and the chart it went on in. As ruling.py's _unfollowed.
  function unfollowed(crossings) {
    var pending = [];
    crossings.forEach(function (c) {
      pending = pending.concat(c.from.continues || []);
      var followed = taken(pending.slice().reverse(), c.to);  // the latest end box's first
      if (followed) pending.splice(pending.indexOf(followed), 1);
    });
    return pending;
  }

  // The changes of chart in a walk's steps, as `unfollowed` reads them.
  function crossingsOf(all) {
    var out = [];
    all.forEach(function (s, i) {
      var then = all[i + 1];
      if (then && then.chart !== s.chart && s.box) out.push({ from: s.box, to: then.chart });
    });
    return out;
  }

  // Where a walk that has crossed `crossings` and ends at `end` goes on in `next`: the end box's
  // hand-off or an earlier one not yet followed; a general chart's hand-off to the irregularity's
  // own chart starts at that chart's top.
  function handOffTo(end, crossings, next, nextStart) {
    var found = taken((end.continues || []).concat(unfollowed(crossings)), next);
    return found && found.general ? { chart: next, at: nextStart } : found;
  }

  // The earlier charts' parts, kept only while each ends where the walk so far hands over to the next.
  function carriedParts(data, list) {
    var out = [];
    var facts = {};
    var crossings = [];
    for (var i = 0; i < list.length; i++) {
      var part = list[i];
      if (!data.carried[part.chart]) return [];
      var boxes = data.carried[part.chart].boxes;
      var first = i === 0 ? data.carried[part.chart].start : out[i - 1].handOff.at;
      var ids = part.ids;
      if (i === 0 && ids.length && ids[0].indexOf(AT) === 0) {
        first = ids[0].slice(AT.length);
        ids = ids.slice(1);
        if (!boxes[first]) return [];
      }
      var found = checked(boxes, first, ids, facts);
      if (!found.whole) return [];
      var route = found.route;
      var end = boxes[route[route.length - 1]];
      var next = i + 1 < list.length ? list[i + 1].chart : data.id;
      var nextStart = next === data.id ? data.start : (data.carried[next] || {}).start;
      var handOff = handOffTo(end, crossings, next, nextStart);
      if (!handOff) return [];
      crossings.push({ from: end, to: next });
      facts = factsOf(pairsOf(boxes, route), facts);
      out.push({ chart: part.chart, route: route, handOff: handOff, from: ids !== part.ids, facts: facts });
    }
    return out;
  }

  // The walk's state from its address: the carried charts' parts, this chart's route, whether it
  // began at a tapped box, and whether the address was stale (the chart has changed since).
  function state(data, hash) {
    var list = parts(data, hash);
    var local = list.pop();
    if (local.chart !== data.id) { list.push(local); local = { chart: data.id, ids: [] }; }
    var carried = carriedParts(data, list);
    var top = { carried: [], route: follow(data.boxes, [data.start], {}), from: null, stale: true };
    if (carried.length !== list.length) return top;
    var facts = carried.length ? carried[carried.length - 1].facts : {};
    var first = carried.length ? carried[carried.length - 1].handOff.at : data.start;
    var wanted = local.ids;
    var from = null;
    if (!carried.length && wanted.length && wanted[0].indexOf(AT) === 0) {
      from = wanted[0].slice(AT.length);
      if (!data.boxes[from]) return top;
      first = from;
      wanted = wanted.slice(1);
      if (from === data.start) from = null;
    }
    var found = checked(data.boxes, first, wanted, facts);
    if (!found.whole) return top;
    return { carried: carried, route: found.route, from: from, stale: false };
  }

  // Every box passed, in order, each with its chart, the way taken from it, and whether its
  // answer was carried from a fact established earlier (and the step that established it).
  function steps(data, st) {
    var out = [];
    var facts = {};
    var whereEstablished = {};
    function add(chart, title, boxes, route) {
      route.forEach(function (id, i) {
        var box = boxes[id];
        var next = route[i + 1];
        var carried = false;
        if (box && box.fact && box.fact in facts && next !== undefined && box.choices.length > 1 &&
            knownWay(box, facts) === next) carried = true;
        var step = { chart: chart, title: title, id: id, box: box, next: next, carried: carried,
                     establishedAt: carried ? whereEstablished[box.fact] : null };
        out.push(step);
        if (!box) return;
        Object.keys(box.establishes || {}).forEach(function (k) {
          facts[k] = box.establishes[k];
          if (!(k in whereEstablished)) whereEstablished[k] = out.length - 1;
        });
        if (box.fact && next !== undefined && box.choices.length > 1 && !carried) {
          var label = answerLabel(box, next).toLowerCase();
          if (label === "yes" || label === "no") {
            facts[box.fact] = label;
            whereEstablished[box.fact] = out.length - 1;
          }
        }
      });
    }
    st.carried.forEach(function (part) {
      add(part.chart, data.carried[part.chart].title, boxesOf(data, part.chart), part.route);
    });
    add(data.id, data.title, data.boxes, st.route);
    return out;
  }

  // ---- the questions that follow while the answer is No ----

  var LONGEST_CHAIN = 6;

  function yesNo(box) {
    return !!box && box.choices.length === 2 && box.choices[0].label === "Yes" && box.choices[1].label === "No";
  }

  // The facts the walk has established by its last step (carried in, and answered on the way).
  function factsAt(data, st) {
    var carried = st.carried.length ? st.carried[st.carried.length - 1].facts : {};
    return factsOf(pairsOf(data.boxes, st.route), carried);
  }

  // The questions that come after box `id` while each answer is No: a Law's exceptions, asked one
  // after another. Shown with the question of now, so that "none of them" is one tap and any one
  // that holds is one tap. The chain stops at anything but a plain Yes/No question, at one whose
  // answer is carried (or asked twice), and at one judged at another time than the first.
  function noChain(boxes, id, facts) {
    var first = boxes[id];
    var out = { ids: [], exit: null };
    if (!yesNo(first) || (first.fact && first.fact in facts)) return out;
    var asked = {};
    if (first.fact) asked[first.fact] = true;
    var next = first.choices[1].to;
    while (out.ids.length < LONGEST_CHAIN) {
      var box = boxes[next];
      if (!yesNo(box) || next === id || out.ids.indexOf(next) >= 0 || (box.phase || null) !== (first.phase || null)) break;
      if (box.fact && (box.fact in facts || asked[box.fact])) break;
      if (box.fact) asked[box.fact] = true;
      out.ids.push(next);
      next = box.choices[1].to;
    }
    out.exit = next;
    return out;
  }

  function isDecision(step) { return !!step.box && step.box.choices.length > 1 && step.next !== undefined; }

  function answerOf(step) { return step.box ? answerLabel(step.box, step.next) : ""; }

  // Whether the walk stands at its end: no question left, or a question judged at the end of play
  // (the ruling of now is then complete; answering it is for when play has ended).
  function atEnd(step) {
    return !step.box || step.box.choices.length === 0 || (step.box.phase === "later" && step.next === undefined);
  }

  // The Ruling card's sections from the steps: what is ruled now, what happens next, what is
  // judged at the end of play; and the conditions found not to hold.
  function ruling(all) {
    var out = { now: [], next: [], later: [], notMet: [], headline: null, handOffs: [] };
    var judgedLater = false, testedLater = false;
    var chart = null;
    var shown = {};  // a box or statement is shown once, however often a walk passes it
    all.forEach(function (s, i) {
      var box = s.box;
      // A hand-off: the next chart rules now again, unless the walk handed over after a question
      // judged at the end of play into the middle of a chart (an adjusted score assessed in Laws
      // 10-12 is then assessed too).
      // Entered at its first box or at a Case, a chart starts a ruling of its own, given now.
      if (s.chart !== chart) { chart = s.chart; judgedLater = testedLater && !(box && (box.begins || box.kind === "start")); }
      if (!box) return;
      if (box.kind === "not_met") { out.notMet.push({ step: s, condition: i ? all[i - 1].box : null }); return; }
      // A statement beside the flow that qualifies this box is part of the ruling, where the walk is.
      (box.notes || []).forEach(function (note) {
        var key = s.chart + ":" + (note.id || note.html);
        if (shown[key]) return;
        shown[key] = true;
        var section = judgedLater || box.phase === "later" ? "later" : "now";
        out[section].push({ step: s, box: { kind: "statement", kindName: "Law statement", html: note.html, text: note.text || "",
                                            refs: note.refs || [], choices: [] }, statement: true });
      });
      var own = s.chart + ":" + s.id;
      if (shown[own]) return;
      shown[own] = true;
      if (box.phase === "later") {
        judgedLater = true;
        if (box.kind === "question" || box.kind === "condition") {
          testedLater = true;
          out.later.push({ step: s, box: box, test: true });
          return;
        }
      }
      var phase = box.phase;
      if (!phase) return;
      var section = judgedLater ? "later" : phase === "note" ? (out.next.length && !out.now.length ? "next" : "now") : phase;
      out[section].push({ step: s, box: box, statement: phase === "note" });
      if (box.later) out.later.push({ step: s, box: box, laterOf: true });
      if (i === all.length - 1) out.handOffs = box.continues || [];
    });
    // An earlier chart's end box may hand over twice: the way not yet followed is still offered.
    unfollowed(crossingsOf(all)).forEach(function (h) {
      var offered = out.handOffs.some(function (o) { return o.chart === h.chart && (o.at || null) === (h.at || null); });
      if (!offered) out.handOffs = out.handOffs.concat([h]);
    });
    ["now", "next", "later"].some(function (k) {
      out.headline = out[k].filter(function (it) { return !it.statement; })[0] || null;
      return !!out.headline;
    });
    return out;
  }

  function flat(text) { return String(text || "").replace(/\s+/g, " ").trim(); }

  // The Ruling card as plain text, to copy into a report or a message.
  function plainText(data, all, card, url) {
    var lines = ["Ruling: " + data.title];
    function refs(labels) { return labels && labels.length ? " (" + labels.join(", ") + ")" : ""; }
    function item(it) {
      if (it.laterOf) return "- " + flat(it.box.later.text) + refs(it.box.later.refs);
      var words = "- " + (it.test ? "Judge: " : "") + flat(it.box.text) + refs(it.box.refs);
      if (it.box.basis) words += "; basis: " + it.box.basis.join(", ");
      if (it.box.notApplied) words += "; not applied: " + it.box.notApplied.join(", ");
      return words;
    }
    [["Now", card.now], ["What happens next", card.next], ["At the end of play", card.later]].forEach(function (sec) {
      if (!sec[1].length) return;
      lines.push(sec[0] + ":");
      sec[1].forEach(function (it) { lines.push(item(it)); });
    });
    if (card.notMet.length) lines.push("Not met: " + card.notMet.map(function (n) { return flat(n.condition ? n.condition.text : ""); }).join("; "));
    card.handOffs.forEach(function (h) {  // the rest of the ruling, as the terminal walk prints it
      lines.push("Goes on in: " + (h.general ? "the chart of the irregularity's own Law" : flat(h.label)));
    });
    var facts = all.filter(isDecision);
    if (facts.length) {
      lines.push("Facts:");
      facts.forEach(function (s) { lines.push("- " + flat(s.box.text) + " " + answerOf(s)); });
    }
    if (url) lines.push(url);
    return lines.join("\n");
  }

  return { AT: AT, state: state, carriedCharts: carriedCharts, startedAt: startedAt, hrefAt: hrefAt, hashOnward: hashOnward, steps: steps, follow: follow,
           noChain: noChain, factsAt: factsAt, yesNo: yesNo,
           factsOf: factsOf, isDecision: isDecision, answerOf: answerOf, atEnd: atEnd, ruling: ruling,
           plainText: plainText, parts: parts, taken: taken, unfollowed: unfollowed };
});
