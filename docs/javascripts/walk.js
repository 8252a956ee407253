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
  var wantFocus = false;

  var el = window.Site.el;

  function text(words) { return document.createTextNode(words); }

  var L = window.WalkLogic;  // the walk's logic, apart from the page (walk-logic.js)
  var cardFirst = false;  // "Ruling so far" pressed: the card leads until the next answer
  var record = {};  // the ruling record's fields as typed (event, board …): this page only, never sent

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

  // One part of the Ruling card: the box's words, the paragraphs it applies (quoted once, at the
  // first part that applies them), its basis and what it says does not apply.
  function rulingItem(data, it, options) {
    var box = it.box;
    var words = it.laterOf ? box.later.html : box.html;
    var refs = it.laterOf ? box.later.refs : box.refs;
    // An action needs no label in the card: it is what the card is made of.
    var kind = it.test ? "To judge" : it.laterOf ? "Then" : it.statement ? "Law statement" :
      box.kind === "options" ? "Option chosen" : box.kind === "action" ? "" : box.kindName;
    var item = el("li", { class: "kind-" + box.kind + (it.statement ? " walk-item-note" : "") + (options.fresh ? " walk-new" : "") }, [
      kind || it.step.chart !== options.here || options.fresh ? el("p", { class: "walk-item-kind" }, [text(kind),
        it.step.chart !== options.here ? text((kind ? " · " : "") + it.step.title) : null,
        options.fresh ? el("span", { class: "walk-new-mark", text: "new" }) : null]) : null,
      el("p", { class: "walk-item-text", html: words }),
      refLinks(data, refs, "Applies "),
      it.laterOf ? null : refLinks(data, box.basis, "Basis: "),
      it.laterOf ? null : refLinks(data, box.notApplied, "Not applied: ")
    ]);
    // A box's statements are parts of the card of their own (walk-logic's ruling), not repeated here.
    if (!it.laterOf) attachments(data, Object.assign({}, box, { notes: [] }), false).forEach(function (a) { item.appendChild(a); });
    refs.concat(it.laterOf ? [] : box.basis || []).forEach(function (label) {
      if (options.quoted[label]) return;  // quoted once, at the first part that applies it
      var quoted = quoteBlock(data, label, options.open || it.test || it.laterOf);
      if (!quoted) return;
      options.quoted[label] = true;
      item.appendChild(quoted);
    });
    return item;
  }

  // The answers given, each a link back to its question; an answer carried from a fact
  // established earlier says so, and links to where it was established, to change it there.
  function trail(data, all, hrefAt, open) {
    var decisions = all.map(function (s, i) { return { step: s, index: i }; }).filter(function (d) { return L.isDecision(d.step); });
    if (!decisions.length) return null;
    function row(d) {
      var s = d.step;
      var items = [el("a", { href: hrefAt(d.index), text: s.box.text }), el("span", { class: "walk-answer", text: L.answerOf(s) })];
      if (open && s.box.refs && s.box.refs.length) {  // the paragraph each finding rests on, in the card's facts
        var decided = refLinks(data, s.box.refs, " ");
        if (decided) items.push(el("span", { class: "walk-fact-refs" }, Array.prototype.slice.call(decided.childNodes)));
      }
      if (s.carried) {
        items.push(el("span", { class: "walk-carried" }, [text(" already established"),
          s.establishedAt !== null ? text(" · ") : null,
          s.establishedAt !== null ? el("a", { href: hrefAt(s.establishedAt), text: "change" }) : null]));
      }
      return el("li", {}, items);
    }
    var box = el("nav", { class: "walk-trail-box", "aria-label": "The facts as answered" });
    var hidden = open ? [] : decisions.slice(0, Math.max(0, decisions.length - TRAIL_SHOWN));
    if (open) box.appendChild(el("h3", { class: "walk-facts-head", text: "The facts as answered" }));
    if (hidden.length) {
      box.appendChild(el("details", { class: "walk-earlier" }, [
        el("summary", { text: hidden.length === 1 ? "1 earlier answer" : hidden.length + " earlier answers" }),
        el("ol", { class: "walk-trail" }, hidden.map(row))]));
    }
    box.appendChild(el("ol", { class: "walk-trail", start: String(hidden.length + 1) }, decisions.slice(hidden.length).map(row)));
    return box;
  }

  // The Ruling card: the ruling reached (headline first), what happens next, what is judged at the
  // end of play, where it goes on; and the ways to copy, share and print it.
  function rulingCard(data, all, card, options) {
    var head = card.headline;
    var final = options.final;
    var section = el("section", { class: "walk-ruling-card" + (final ? " walk-final" : ""), id: "walk-ruling",
                                  "aria-labelledby": "walk-ruling-head", tabindex: "-1" }, [
      el("p", { class: "walk-kind", id: "walk-ruling-head",
                text: final ? (card.handOffs.length ? "Ruling so far: it goes on in another chart" : "Ruling") : "Ruling so far" })]);
    if (head) {
      // The ruling's first part leads the card in large type (it is not repeated below).
    } else if (card.notMet.length) {
      section.appendChild(el("p", { class: "walk-headline", text: "No rectification under this chart: the condition does not hold." }));
    } else {
      section.appendChild(el("p", { class: "walk-empty", text: "Nothing is ruled yet: answer the question." }));
    }
    var quoted = {};
    [["Now", card.now, "now"], ["What happens next", card.next, "next"], ["At the end of play", card.later, "later"]].forEach(function (sec) {
      if (!sec[1].length) return;
      section.appendChild(el("h3", { class: "walk-section walk-section-" + sec[2], text: sec[0] }));
      section.appendChild(el("ol", { class: "walk-items" }, sec[1].map(function (it) {
        var i = all.indexOf(it.step);
        var item = rulingItem(data, it, { here: data.id, fresh: !final && i > options.lastDecision, open: final, quoted: quoted });
        if (it === head) item.classList.add("walk-lead");
        return item;
      })));
    });
    if (card.notMet.length) {
      section.appendChild(el("p", { class: "walk-not-met" }, [el("strong", { text: "Not met: " }),
        text(card.notMet.map(function (n) { return n.condition ? n.condition.text : ""; }).join("; "))]));
    }
    if (final) card.handOffs.forEach(function (handOff) { section.appendChild(continueLinks(data, handOff, options.hashOnward)); });
    (options.overlaps || []).forEach(function (o) {
      section.appendChild(el("p", { class: "walk-overlap" }, [text("The situation may also fit "),
        el("a", { href: "#start/" + o.id, text: o.text }), text(": walk it too for the whole ruling.")]));
    });
    if (final) section.appendChild(cardTools(data, all, card));
    return section;
  }

  // A hand-off's way on: a button to the next chart, or, from a general chart, the charts of the
  // irregularities to choose from, by part of the Laws.
  function continueLinks(data, handOff, hashOnward) {
    if (!handOff.general) {
      return el("p", { class: "walk-continue" }, [el("a", {
        class: "md-button md-button--primary walk-continue-link", href: handOff.url + hashOnward(handOff), text: handOff.label })]);
    }
    var byPart = {};
    var order = [];
    handOff.choices.forEach(function (c) {
      if (!byPart[c.part]) { byPart[c.part] = []; order.push(c.part); }
      byPart[c.part].push(c);
    });
    return el("details", { class: "walk-pick", open: "" }, [el("summary", { text: handOff.label })].concat(order.map(function (part) {
      return el("div", {}, [el("p", { class: "walk-pick-part", text: part }), el("ul", {}, byPart[part].map(function (c) {
        return el("li", {}, [el("a", { href: c.url + hashOnward(c), text: c.title })]);
      }))]);
    })));
  }

  // Copy as text, share as a link (the address holds the walk), print a one-page ruling record.
  function cardTools(data, all, card) {
    var status = el("span", { class: "walk-tool-status", role: "status" });
    function say(words) { status.textContent = words; }
    var copy = el("button", { type: "button", class: "md-button walk-tool", text: "Copy ruling" });
    copy.addEventListener("click", function () {
      copyText(L.plainText(data, all, card, location.href)).then(function () { say("Copied."); }, function () { say("Select the text to copy it."); });
    });
    var share = el("button", { type: "button", class: "md-button walk-tool", text: "Share link" });
    share.addEventListener("click", function () {
      if (navigator.share) navigator.share({ title: "Ruling: " + data.title, url: location.href }).catch(function () {});
      else copyText(location.href).then(function () { say("Link copied."); }, function () { say(location.href); });
    });
    var print = el("button", { type: "button", class: "md-button walk-tool", text: "Print ruling record" });
    print.addEventListener("click", function () { openRecord(data, all, card); });
    return el("div", { class: "walk-tools" }, [copy, share, print, status]);
  }

  function copyText(words) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(words);
    return new Promise(function (resolve, reject) {
      var area = el("textarea", { class: "walk-copy-area", "aria-hidden": "true" });
      area.value = words;
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      (done ? resolve : reject)();
    });
  }

  // The ruling record: the Director's own fields (kept in this page only), the facts as answered,
  // the ruling, and the Laws it applies quoted in full; printed on its own.
  function openRecord(data, all, card) {
    var old = document.getElementById("walk-record");
    if (old) old.remove();
    var fields = [["event", "Event"], ["date", "Date"], ["board", "Board"], ["table", "Table"], ["director", "Director"], ["notes", "Notes"]];
    if (!record.date) record.date = new Date().toISOString().slice(0, 10);
    var form = el("div", { class: "walk-record-fields" }, fields.map(function (f) {
      var input = el(f[0] === "notes" ? "textarea" : "input", { id: "record-" + f[0], name: f[0] });
      input.value = record[f[0]] || "";
      input.addEventListener("input", function () { record[f[0]] = input.value; });
      return el("p", {}, [el("label", { for: "record-" + f[0], text: f[1] }), input]);
    }));
    var facts = el("ol", {}, all.filter(L.isDecision).map(function (s) {
      return el("li", {}, [text(s.box.text + " "), el("strong", { text: L.answerOf(s) })]);
    }));
    var ruled = el("div", {});
    var quoted = {};
    [["Now", card.now], ["What happens next", card.next], ["At the end of play", card.later]].forEach(function (sec) {
      if (!sec[1].length) return;
      ruled.appendChild(el("h3", { text: sec[0] }));
      ruled.appendChild(el("ol", {}, sec[1].map(function (it) {
        return rulingItem(data, it, { here: data.id, fresh: false, open: true, quoted: quoted });
      })));
    });
    var doPrint = el("button", { type: "button", class: "md-button md-button--primary walk-tool", text: "Print" });
    doPrint.addEventListener("click", function () {
      document.body.classList.add("walk-printing");
      window.print();
    });
    var close = el("button", { type: "button", class: "md-button walk-tool", text: "Close" });
    var section = el("section", { class: "walk-record", id: "walk-record", "aria-label": "Ruling record" }, [
      el("h2", { text: "Ruling record · " + data.title }), form,
      el("h3", { text: "The facts as answered" }), facts, ruled,
      el("p", { class: "walk-record-source", text: "From the step-through at " + location.href + ". The fields are kept in this page only and are never sent anywhere." }),
      el("p", { class: "walk-tools" }, [doPrint, close])]);
    close.addEventListener("click", function () { section.remove(); });
    document.querySelector("[data-walk]").appendChild(section);
    section.scrollIntoView({ block: "start" });
    var first = section.querySelector("input");
    if (first) first.focus({ preventScroll: true });
  }

  window.addEventListener("afterprint", function () { document.body.classList.remove("walk-printing"); });

  // The questions after this one while the answer is No, each with its own Yes, and one button
  // for No to all: the usual case, none of a Law's exceptions, in one tap.
  function chainList(view) {
    var data = view.data, hrefAt = view.hrefAt, all = view.all;
    var chain = L.noChain(data.boxes, view.last.id, L.factsAt(data, view.st));
    if (!chain.ids.length) return null;
    var base = hrefAt(all.length - 1);
    var list = el("ol", { class: "walk-chain-list", start: "2" }, chain.ids.map(function (id, k) {
      var box = data.boxes[id];
      var yes = base + "/" + chain.ids.slice(0, k + 1).join("/") + "/" + box.choices[0].to;
      var notes = attachments(data, box, false);
      return el("li", { "data-box": id }, [
        el("div", { class: "walk-chain-q" }, [
          el("span", { class: "walk-chain-text", html: box.html }),
          refLinks(data, box.refs, "Decided by "),
          notes.length ? el("details", { class: "walk-chain-notes" }, [el("summary", { text: "What it means" })].concat(notes)) : null]),
        el("a", { class: "md-button walk-chain-yes", href: yes, text: "Yes",
                  "aria-label": "Yes: " + box.text })]);
    }));
    var none = el("a", { class: "md-button walk-chain-none", href: base + "/" + chain.ids.concat([chain.exit]).join("/"),
                         text: "No to all " + (chain.ids.length + 1) });
    return el("div", { class: "walk-chain", role: "group", "aria-label": "The questions that follow if the answer is No" }, [
      el("p", { class: "walk-chain-head", text: "If the answer is No, these are asked next; Yes at the first that holds:" }),
      list, none]);
  }

  // The question of now, its answers right under it so that they stay in view on a phone; what
  // qualifies it (its statements, the paragraph it decides) follows them.
  function questionCard(view) {
    var data = view.data, here = view.here, laterQuestion = view.laterQuestion, hrefAt = view.hrefAt, all = view.all;
    var q = el("section", { class: "walk-box kind-" + here.kind, "aria-labelledby": "walk-current" }, [
      el("p", { class: "walk-kind", text: laterQuestion ? "When play has ended · " + here.kindName : here.kindName }),
      el("h2", { class: "walk-text", id: "walk-current", tabindex: "-1", html: here.html }),
      refLinks(data, here.refs, "Decided by ")
    ]);
    var buttons = el("div", { class: "walk-choices", role: "group", "aria-label": "Answer" });
    here.choices.forEach(function (choice) {
      var yn = choice.label === "Yes" || choice.label === "No" ? " walk-" + choice.label.toLowerCase() : "";
      buttons.appendChild(el("a", { class: "md-button walk-choice" + yn, href: hrefAt(all.length - 1) + "/" + choice.to, text: choice.label }));
    });
    q.appendChild(buttons);
    var chain = laterQuestion ? null : chainList(view);
    if (chain) q.appendChild(chain);
    if (here.kind === "start") {
      here.choices.forEach(function (choice) {
        var caseBox = data.boxes[choice.to];
        if (caseBox && caseBox.overlaps) {
          q.appendChild(el("p", { class: "walk-overlap-hint", text: choice.label + " may also fit " +
            caseBox.overlaps.map(function (o) { return o.text; }).join(", ") + "." }));
        }
      });
    }
    if (!laterQuestion) {
      var toCard = el("a", { class: "walk-to-card", href: "#walk-ruling", text: "Ruling so far" });
      toCard.addEventListener("click", function (event) { event.preventDefault(); view.again(); });
      q.appendChild(el("p", { class: "walk-to-card-line" }, [toCard]));
    }
    attachments(data, here, false).forEach(function (a) { q.appendChild(a); });
    here.refs.forEach(function (label) {
      var quoted = quoteBlock(data, label, false);
      if (quoted) q.appendChild(quoted);
    });
    return q;
  }

  function render(data, root) {
    var st = L.state(data, location.hash);
    var all = L.steps(data, st);
    var last = all[all.length - 1];
    var here = last.box;
    var atEnd = L.atEnd(last);
    var laterQuestion = atEnd && here.choices.length > 0;  // judged at the end of play: asked below the card

    var startedAt = L.startedAt(st);
    function hrefAt(i) { return L.hrefAt(data, st, all, i); }
    function hashOnward(handOff) { return L.hashOnward(st, all, handOff); }

    root.innerHTML = "";
    var stale = null;
    if (st.stale) {
      stale = root.appendChild(el("p", { class: "walk-notice", role: "status",
        text: "The route in this link is not in the chart as it stands (the link is mistyped, or the chart has been changed since it was made), so the walk starts at the top." }));
      history.replaceState(history.state, "", hrefAt(all.length - 1));
    } else if (startedAt) {
      root.appendChild(el("p", { class: "walk-notice" }, [
        text("Started from a box of the chart: the questions before it were not asked. "),
        el("a", { href: "#" + data.start, text: "Start from the top" })]));
    }

    // Steps passed since the last answer are "new" in the ruling so far.
    var lastDecision = -1;
    all.forEach(function (s, i) { if (L.isDecision(s)) lastDecision = i; });
    var card = L.ruling(all);
    var overlaps = [];
    all.forEach(function (s) { if (s.chart === data.id && s.box && s.box.overlaps) overlaps = overlaps.concat(s.box.overlaps); });
    var cardEl = rulingCard(data, all, card, { final: atEnd, lastDecision: lastDecision, hashOnward: hashOnward,
                                               overlaps: atEnd ? overlaps : [] });

    var view = { data: data, st: st, all: all, last: last, here: here, laterQuestion: laterQuestion, hrefAt: hrefAt,
                 again: function () { cardFirst = true; render(data, root); } };

    if (atEnd || cardFirst) {
      root.appendChild(cardEl);  // the ruling first, at the top of the screen
      var facts = trail(data, all, hrefAt, true);
      if (facts) root.appendChild(facts);
      if (!atEnd || laterQuestion) root.appendChild(questionCard(view));
    } else {
      var t = trail(data, all, hrefAt, false);
      if (t) root.appendChild(t);
      root.appendChild(questionCard(view));
      root.appendChild(cardEl);
    }
    var shownFirst = cardFirst;
    cardFirst = false;
    var map = walkMap(data, all);
    if (map) root.appendChild(map);

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
    if (wantFocus || shownFirst) {
      wantFocus = false;
      var target = atEnd || shownFirst ? cardEl : document.getElementById("walk-current");
      if (target) {
        target.focus({ preventScroll: true });
        (stale || target).scrollIntoView({ block: "start" });  // a link gone stale says so first, the question under it
      }
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
      var node = box(id);  // a condition's "not met" step has no box: the walk stays at the condition
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

  function withCarried(data, done) {
    var ids = L.carriedCharts(data, location.hash);
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
    // Opened at a walk under way (a hand-off's button, a shared link, a box tapped in the chart),
    // the page shows its question, or its Ruling card, first, as after an answer: on a phone the
    // title and the answers carried over would push it off the screen.
    wantFocus = location.hash.length > 1;
    function show() { withCarried(data, function () { render(data, root); }); }
    show();
    root.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest(".walk-choice, .walk-chain a.md-button, .walk-back, .walk-restart, .walk-trail a");
      if (link) wantFocus = true;
    });
    window.addEventListener("hashchange", show);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
