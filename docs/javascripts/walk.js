// Step-through of a Director's flowchart, from the data the build embeds in the page (#walk-data).
//
// The state is the list of boxes walked so far, in the URL's hash (#start/c1/q_called/a_accept),
// so every state can be shared, bookmarked and reached with the browser's Back button. A walk that
// came from another chart's hand-off carries that chart's route first, each chart's part opened
// by @ and its id: #@law-14/start/c2/q2_found/a2_restore/k_exposed/a_penalty/@law-50/c2. A walk
// started from a box tapped in the chart opens with at: and that box (#at:q_lowest/a_b1a).
//
// A shared link outlives edits to the chart as long as its route is still in it; where it is not,
// the page says so and the walk starts at the top (a route cut short would be a different ruling).
//
// Every box the walk passes is shown: the answers given (the trail), the box to answer now, and
// "the ruling so far": every action, option, statement and condition reached, with the
// paragraphs it applies. No network and no framework: the page works once loaded.
(function () {
  "use strict";

  var TRAIL_SHOWN = 2; // answers shown before "earlier answers" folds the rest away on a phone
  var RULING_KINDS = ["action", "options", "statement", "condition", "repetition", "not_met"];
  var wantFocus = false;
  var AT = "at:"; // opens the route of a walk started from a box tapped in the chart

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "html") node.innerHTML = attrs[key]; // only ever HTML the build made and escaped
      else if (key === "text") node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function text(words) { return document.createTextNode(words); }

  // ---- the state: charts' parts of the route, read from the hash and checked step by step ----

  function boxesOf(data, chart) { return chart === data.id ? data.boxes : data.carried[chart].boxes; }

  function allowed(boxes, from, to) {
    var here = boxes[from];
    return !!here && here.choices.some(function (c) { return c.to === to; });
  }

  // A box with a single way on is not a question: the walk goes on through it (and shows it).
  function follow(boxes, route) {
    var seen = {};
    while (true) {
      var last = route[route.length - 1];
      var box = boxes[last];
      if (!box || box.choices.length !== 1 || seen[last]) return route;
      seen[last] = true;
      route = route.concat([box.choices[0].to]);
    }
  }

  // The route `wanted` from `first`, and whether the chart still has all of it.
  function checked(boxes, first, wanted) {
    var route = [first];
    if (wanted[0] === first) wanted = wanted.slice(1);
    for (var i = 0; i < wanted.length; i++) {
      if (!allowed(boxes, route[route.length - 1], wanted[i])) return { route: follow(boxes, route), whole: false };
      route.push(wanted[i]);
    }
    return { route: follow(boxes, route), whole: true };
  }

  function parseHash(data) {
    var tokens = decodeURIComponent(location.hash.replace(/^#/, "")).split("/").filter(Boolean);
    var parts = [];
    var current = { chart: data.id, ids: [] };
    tokens.forEach(function (t) {
      if (t.charAt(0) === "@") {
        if (current.ids.length || parts.length || current.chart !== data.id) parts.push(current);
        current = { chart: t.slice(1), ids: [] };
      } else current.ids.push(t);
    });
    parts.push(current);
    var local = parts.pop();
    if (local.chart !== data.id) { parts.push(local); local = { chart: data.id, ids: [] }; }
    var carried = carriedParts(data, parts);
    return { carried: carried, local: local.ids, whole: carried.length === parts.length };
  }

  // The earlier charts' parts, kept only while each ends where it hands over to the next.
  function carriedParts(data, parts) {
    var out = [];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      if (!data.carried[part.chart]) return [];
      var boxes = data.carried[part.chart].boxes;
      var first = i === 0 ? data.carried[part.chart].start : out[i - 1].handOff.at;
      var ids = part.ids;
      if (i === 0 && ids.length && ids[0].indexOf(AT) === 0) {  // the walk began at a tapped box there
        first = ids[0].slice(AT.length);
        ids = ids.slice(1);
        if (!boxes[first]) return [];
      }
      var found = checked(boxes, first, ids);
      if (!found.whole) return [];
      var route = found.route;
      var end = boxes[route[route.length - 1]];
      var next = i + 1 < parts.length ? parts[i + 1].chart : data.id;
      var handOff = (end.continues || []).filter(function (c) { return c.chart === next; })[0];
      if (!handOff) return [];
      out.push({ chart: part.chart, route: route, handOff: handOff, from: ids !== part.ids });
    }
    return out;
  }

  function state(data) {
    var parsed = parseHash(data);
    var top = { carried: [], route: follow(data.boxes, [data.start]), from: null, stale: true };
    if (!parsed.whole) return top;
    var carried = parsed.carried;
    var first = carried.length ? carried[carried.length - 1].handOff.at : data.start;
    var wanted = parsed.local;
    var from = null;
    if (!carried.length && wanted.length && wanted[0].indexOf(AT) === 0) {
      from = wanted[0].slice(AT.length);
      if (!data.boxes[from]) return top;
      first = from;
      wanted = wanted.slice(1);
      if (from === data.start) from = null;
    }
    var found = checked(data.boxes, first, wanted);
    if (!found.whole) return top;
    return { carried: carried, route: found.route, from: from, stale: false };
  }

  // ---- what was passed: every box of every chart's part, in order ----

  function steps(data, st) {
    var out = [];
    st.carried.forEach(function (part) {
      var boxes = boxesOf(data, part.chart);
      part.route.forEach(function (id, i) {
        out.push({ chart: part.chart, title: data.carried[part.chart].title, id: id, box: boxes[id],
                   next: part.route[i + 1] });
      });
    });
    st.route.forEach(function (id, i) {
      out.push({ chart: data.id, title: data.title, id: id, box: data.boxes[id], next: st.route[i + 1] });
    });
    return out;
  }

  function isDecision(step) { return step.box.choices.length > 1 && step.next !== undefined; }

  function answerOf(step) {
    var picked = step.box.choices.filter(function (c) { return c.to === step.next; })[0];
    return picked ? picked.label : "";
  }

  // A condition is part of the ruling once it is found to hold (a "No" ends the walk with not_met).
  function inRuling(step) {
    if (RULING_KINDS.indexOf(step.box.kind) < 0) return false;
    if (step.box.kind === "condition") return step.next !== undefined && answerOf(step) !== "No";
    return true;
  }

  // ---- drawing ----

  function quoteBlock(data, label, open) {
    var q = data.quotes[label];
    if (!q || !q.html) return null;
    // No link inside the summary (a control within a control): the link to the place follows the words.
    var summary = el("summary", { text: label + (q.title ? " – " + q.title : "") });
    var details = el("details", { class: "walk-quote" }, [summary, el("div", { html: q.html }),
      el("p", { class: "walk-quote-link" }, [el("a", { href: q.url, text: "Read " + label + " on its page" })])]);
    if (open) details.setAttribute("open", "");
    return details;
  }

  function refLinks(data, refs, lead) {
    if (!refs || !refs.length) return null;
    var p = el("p", { class: "walk-refs" }, [text(lead)]);
    refs.forEach(function (label, i) {
      var q = data.quotes[label];
      if (i) p.appendChild(text(", "));
      p.appendChild(q ? el("a", { href: q.url, text: label }) : text(label));
    });
    return p;
  }

  // What is attached to a box: the statements that qualify it, an editor's note, an addition.
  function attachments(data, box, open) {
    var out = [];
    (box.notes || []).forEach(function (note) {
      var div = el("div", { class: "walk-note" }, [el("p", {}, [el("strong", { text: "Law statement: " }), el("span", { html: note.html })]),
        refLinks(data, note.refs, "From ")]);
      note.refs.forEach(function (label) {
        var quoted = quoteBlock(data, label, false);
        if (quoted) div.appendChild(quoted);
      });
      out.push(div);
    });
    if (box.editor) out.push(el("p", { class: "walk-editor", html: box.editor }));
    if (box.added) out.push(el("p", { class: "walk-added", text: box.added }));
    return out;
  }

  function rulingItem(data, step, options) {
    var box = step.box;
    var kind = box.kind === "condition" ? "Condition met" : box.kind === "options" ? "Option chosen" : box.kindName;
    var item = el("li", { class: "kind-" + box.kind + (options.fresh ? " walk-new" : "") }, [
      el("p", { class: "walk-item-kind" }, [text(kind), step.chart !== options.here ? text(" · " + step.title) : null,
        options.fresh ? el("span", { class: "walk-new-mark", text: "new" }) : null]),
      el("p", { class: "walk-item-text", html: box.html }),
      refLinks(data, box.refs, "Applies ")
    ]);
    attachments(data, box, false).forEach(function (a) { item.appendChild(a); });
    box.refs.forEach(function (label) {
      if (options.quoted[label]) return; // quoted once, at the first step that applies it
      var quoted = quoteBlock(data, label, options.open);
      if (!quoted) return;
      options.quoted[label] = true;
      item.appendChild(quoted);
    });
    return item;
  }

  function trail(data, all, hrefAt) {
    var decisions = all.map(function (s, i) { return { step: s, index: i }; }).filter(function (d) { return isDecision(d.step); });
    if (!decisions.length) return null;
    function row(d) {
      var s = d.step;
      return el("li", {}, [el("a", { href: hrefAt(d.index), text: s.box.text }),
        el("span", { class: "walk-answer", text: answerOf(s) })]);
    }
    var box = el("nav", { class: "walk-trail-box", "aria-label": "Answers so far" });
    var hidden = decisions.slice(0, Math.max(0, decisions.length - TRAIL_SHOWN));
    if (hidden.length) {
      box.appendChild(el("details", { class: "walk-earlier" }, [
        el("summary", { text: hidden.length === 1 ? "1 earlier answer" : hidden.length + " earlier answers" }),
        el("ol", { class: "walk-trail" }, hidden.map(row))]));
    }
    box.appendChild(el("ol", { class: "walk-trail", start: String(hidden.length + 1) }, decisions.slice(hidden.length).map(row)));
    return box;
  }

  function render(data, root) {
    var st = state(data);
    var all = steps(data, st);
    var last = all[all.length - 1];
    var here = last.box;
    var atEnd = here.choices.length === 0;

    // Whether the walk began at a box tapped in the chart (its first box is then written at:box).
    var startedAt = st.carried.length ? st.carried[0].from : Boolean(st.from);

    // The words of the route up to (and including) step i of `all`, each chart's part opened by
    // @ and its id when `marked` (a route that crosses charts), the first box by at: if tapped.
    function routeWords(i, marked) {
      var words = [];
      var chart = null;
      for (var k = 0; k <= i; k++) {
        if (marked && all[k].chart !== chart) words.push("@" + all[k].chart);
        chart = all[k].chart;
        words.push(startedAt && k === 0 ? AT + all[k].id : all[k].id);
      }
      return words;
    }

    // The link to the walk up to (and including) step i (on the page of the chart that step is in).
    function hrefAt(i) {
      var hash = "#" + routeWords(i, st.carried.length > 0).join("/");
      return all[i].chart === data.id ? hash : data.walkUrl + all[i].chart + "/" + hash;
    }

    root.innerHTML = "";
    if (st.stale) {
      root.appendChild(el("p", { class: "walk-notice", role: "status",
        text: "The route in this link is not in the chart as it stands (the link is mistyped, or the chart has been changed since it was made), so the walk starts at the top." }));
      history.replaceState(history.state, "", hrefAt(all.length - 1));
    } else if (startedAt) {
      root.appendChild(el("p", { class: "walk-notice" }, [
        text("Started from a box of the chart: the questions before it were not asked. "),
        el("a", { href: "#" + data.start, text: "Start from the top" })]));
    }
    var t = trail(data, all, hrefAt);
    if (t) root.appendChild(t);

    // Steps passed since the last answer are "new" in the ruling so far.
    var lastDecision = -1;
    all.forEach(function (s, i) { if (isDecision(s)) lastDecision = i; });

    var card = el("section", { class: "walk-box kind-" + here.kind, "aria-labelledby": "walk-current" }, [
      el("p", { class: "walk-kind", text: atEnd ? (here.kind === "not_met" ? "Condition not met" : "Ruling reached · " + here.kindName) : here.kindName }),
      el("h2", { class: "walk-text", id: "walk-current", tabindex: "-1", html: here.html }),
      refLinks(data, here.refs, atEnd ? "Applies " : "Decided by ")
    ]);
    root.appendChild(card);
    var map = walkMap(data, all);
    if (map) root.appendChild(map);

    // The answers first, right under the question, so that they stay in view on a phone; what
    // qualifies the question (its statements, the paragraph it decides) follows them.
    if (!atEnd) {
      var buttons = el("div", { class: "walk-choices", role: "group", "aria-label": "Answer" });
      here.choices.forEach(function (choice) {
        var yn = choice.label === "Yes" || choice.label === "No" ? " walk-" + choice.label.toLowerCase() : "";
        buttons.appendChild(el("a", { class: "md-button walk-choice" + yn, href: hrefWith(all, choice.to), text: choice.label }));
      });
      card.appendChild(buttons);
    } else if (here.continues) {
      // Where a ruling goes on in more than one chart, each is offered; Back returns here for the next.
      if (here.continues.length > 1) card.appendChild(el("p", { class: "walk-continue-lead", text: "The ruling goes on in each of these:" }));
      here.continues.forEach(function (handOff) {
        card.appendChild(el("p", { class: "walk-continue" }, [el("a", {
          class: "md-button md-button--primary walk-continue-link", href: handOff.url + hashOnward(handOff),
          text: handOff.label })]));
      });
    }
    attachments(data, here, false).forEach(function (a) { card.appendChild(a); });
    if (!atEnd) here.refs.forEach(function (label) {
      var quoted = quoteBlock(data, label, false);
      if (quoted) card.appendChild(quoted);
    });

    var ruled = all.filter(inRuling);
    var section = el("section", { class: "walk-ruling" + (atEnd ? " walk-final" : ""), "aria-labelledby": "walk-ruling-head" }, [
      el("h2", { id: "walk-ruling-head", text: atEnd ? (here.continues ? "The ruling so far (it goes on in the next chart)" : "Ruling") : "The ruling so far" })]);
    if (!ruled.length) {
      section.appendChild(el("p", { class: "walk-empty", text: "Nothing applies yet: answer the question above." }));
    } else {
      var list = el("ol", {});
      var quoted = {};
      all.forEach(function (s, i) {
        if (!inRuling(s)) return;
        list.appendChild(rulingItem(data, s, { here: data.id, fresh: !atEnd && i > lastDecision, open: atEnd, quoted: quoted }));
      });
      section.appendChild(list);
    }
    root.appendChild(section);

    var back = backHref(all, hrefAt);
    var nav = el("p", { class: "walk-nav" }, [
      back ? el("a", { class: "md-button walk-back", href: back, text: "Back" }) : null,
      el("a", { class: "md-button walk-restart", href: "#" + data.start, text: "Restart" }),
      el("a", { class: "md-button walk-chart", href: data.chartUrl, text: "Whole chart" })
    ]);
    root.appendChild(nav);
    if (data.notes.length) {
      root.appendChild(el("details", { class: "walk-notes" }, [el("summary", { text: "Also on this chart" }),
        el("ul", {}, data.notes.map(function (html) { return el("li", { html: html }); }))]));
    }
    if (wantFocus) {
      wantFocus = false;
      var heading = document.getElementById("walk-current");
      if (heading) {
        heading.focus({ preventScroll: true });
        card.scrollIntoView({ block: "start" });
      }
    }

    function hrefWith(steps, to) {
      return hrefAt(steps.length - 1) + "/" + to;
    }

    function hashOnward(handOff) {
      return "#" + routeWords(all.length - 1, true).concat(["@" + handOff.chart, handOff.at]).join("/");
    }
  }

  // ---- the map: the chart small, this chart's part of the route marked on it ----

  function walkMap(data, all) {
    var source = document.getElementById("walk-map");
    var drawing = source && source.content ? source.content.querySelector("svg") : null;
    if (!drawing) return null;
    var svg = drawing.cloneNode(true);
    svg.classList.add("walk-marked");
    var ids = all.filter(function (s) { return s.chart === data.id; }).map(function (s) { return s.id; });
    function box(id) { return svg.querySelector('[data-box="' + id + '"]'); }  // ids of the route: checked boxes
    var here = null;
    ids.forEach(function (id, i) {
      var node = box(id.replace(/~no$/, ""));
      if (node) { node.classList.add("map-passed"); here = node; }
      if (i) {
        var edge = svg.querySelector('[data-from="' + ids[i - 1] + '"][data-to="' + id + '"]');
        if (edge) edge.classList.add("map-passed");
      }
    });
    if (here) { here.classList.remove("map-passed"); here.classList.add("map-here"); }
    else {
      // At the choice of Case (drawn as no box of its own): the Cases to choose from are outlined.
      all[all.length - 1].box.choices.forEach(function (c) {
        var node = box(c.to);
        if (node) { node.classList.add("map-here"); here = here || node; }
      });
    }
    var open = el("button", { type: "button", class: "walk-map-open", text: "Enlarge" });
    var view = el("div", { class: "walk-map-view", "aria-hidden": "true" }, [svg]);
    var figure = el("figure", { class: "walk-map" }, [
      el("figcaption", {}, [el("span", { text: here ? "Where the walk is in the chart (the box of now is outlined)" : "The chart" }), open]),
      view]);
    svg.removeAttribute("style");
    var hereId = here ? here.getAttribute("data-box") : null;
    function enlarge() {
      if (!window.chartViewer) return;
      window.chartViewer.open(svg, { title: data.title, walk: location.pathname, focus: hereId,
        start: data.start, back: open });
    }
    open.addEventListener("click", enlarge);
    view.addEventListener("click", enlarge);
    // Once shown: the box of now in the middle of the map's window.
    requestAnimationFrame(function () {
      if (!here || !view.isConnected) return;
      var v = view.getBoundingClientRect(), b = here.getBoundingClientRect(), s = svg.getBoundingClientRect();
      var shift = Math.max(0, Math.min(s.height - v.height, (b.top + b.height / 2) - s.top - v.height / 2));
      svg.style.top = -shift + "px";
    });
    return figure;
  }

  // Back to the last question answered (boxes passed straight through are not steps), in this
  // chart or in the one that handed over; none before the first question.
  function backHref(all, hrefAt) {
    for (var i = all.length - 2; i >= 0; i--) {
      if (all[i].box.choices.length > 1) return hrefAt(i);
    }
    return null;
  }

  // The charts a hash carries a route from, loaded (once each) by a <script> of their own: a page
  // does not hold the words of every chart that may hand over to it. The render waits for them;
  // one that cannot be loaded is dropped from the route, and the walk starts in this chart.
  var WALKS = "bridgeLawsWalks";
  var loading = {};

  function carriedIds(data) {
    var ids = [];
    decodeURIComponent(location.hash.replace(/^#/, "")).split("/").forEach(function (t) {
      var id = t.charAt(0) === "@" ? t.slice(1) : null;
      if (id && id !== data.id && ids.indexOf(id) < 0 && data.handedFrom.indexOf(id) >= 0) ids.push(id);
    });
    return ids;
  }

  function withCarried(data, done) {
    var ids = carriedIds(data);
    var waiting = ids.length;
    if (!waiting) { done(); return; }
    ids.forEach(function (id) {
      function ready() {
        var found = (window[WALKS] || {})[id];
        if (found) {
          data.carried[id] = found;
          Object.keys(found.links).forEach(function (label) {
            if (!data.quotes[label]) data.quotes[label] = { url: found.links[label], title: "", html: "" };
          });
        }
        if (--waiting === 0) done();
      }
      if ((window[WALKS] || {})[id] || loading[id] === "failed") { ready(); return; }
      var script = loading[id] || document.createElement("script");
      script.addEventListener("load", ready);
      script.addEventListener("error", function () { loading[id] = "failed"; ready(); });
      if (!loading[id]) {
        loading[id] = script;
        script.src = data.walkUrl + id + "/data.js";
        document.head.appendChild(script);
      }
    });
  }

  function start() {
    var source = document.getElementById("walk-data");
    var root = document.querySelector("[data-walk]");
    if (!source || !root) return;
    var data = JSON.parse(source.textContent);
    data.carried = {};
    function show() { withCarried(data, function () { render(data, root); }); }
    show();
    root.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest(".walk-choice, .walk-back, .walk-restart, .walk-trail a");
      if (link) wantFocus = true;
    });
    window.addEventListener("hashchange", show);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
