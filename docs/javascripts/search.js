// The site's one search: the header's search on every page and the home page's "What happened at
// the table?" box use this engine and show the same results. Nothing is fetched until someone
// searches. A typed citation (50D1, Law 12C1(c), L27B2, 50 d 1, Laws 10-12) goes first, to its
// paragraph; then the situations, the Law paragraphs, the charts, and the rest (Pagefind's index,
// built with the site, searched one kind at a time so that a notes page never outranks a Law).
(function () {
  "use strict";

  // The kinds of record (the generator's searchrecords.KINDS), with how many of each are weighed.
  var TIERS = [["situation", 8], ["law", 12], ["chart", 3], ["definition", 2], ["course", 1], ["page", 1]];
  var KIND_NAMES = {situation: "Situation", chart: "Chart", definition: "Definition", course: "Course", page: "Page"};
  var script = document.currentScript;
  var root = new URL("../", script ? script.src : location.href);  // this script is in <root>/javascripts/
  var engine = null;

  function load() {
    if (!engine) {
      engine = Promise.all([
        import(new URL("search/pagefind/pagefind.js", root).href),
        fetch(new URL("search/citations.json", root)).then(function (r) { return r.json(); })
      ]).then(function (parts) {
        var pf = parts[0];
        pf.options({excerptLength: 0});
        return pf.init().then(function () { return {pf: pf, data: parts[1]}; });
      });
      engine.catch(function () { engine = null; });  // offline before the first search: try again next time
    }
    return engine;
  }

  // The same reduction as the generator's searchrecords.citation_key.
  function citationKey(text) {
    var key = text.toLowerCase().trim();
    key = key.replace(/^(?:laws?|l|rule|§)\.?\s*(?=\d)/, "");
    key = key.replace(/(\d)\s*(?:-|–|to)\s*(?=\d)/g, "$1-");
    return key.replace(/[^a-z0-9-]/g, "");
  }

  // The same reduction as the generator's searchrecords.phrase_key.
  function phraseKey(text) {
    return text.toLowerCase().replace(/’/g, "'").split(/\s+/).filter(Boolean).join(" ");
  }

  // A place as typed: an optional "Law", "L.", "rule" or "§", the Law's number, then its section,
  // paragraph and items with any spaces, dots or brackets between (50D1a, 50 d 1 (a), L.75 D 2).
  var PLACE = /^(?:laws?|l|rule|§)?\.?\s*(\d{1,2})(?!\d)((?:[\s.]*[a-h](?![a-z]))?(?:[\s.]*\d{1,2})?(?:[\s.]*\(?\s*[a-z]\s*\)(?:[\s.]*\(?\s*[ivx]+\s*\))?|[\s.]*[a-z](?![a-z])(?:[\s.]*\(?\s*[ivx]+\s*\)?)?)?)\s*(.*)$/i;
  var NAMED = /^(?:laws?|l|rule|§)\.?\s*\d/i;

  // A typed citation: the place itself, or the nearest enclosing one the Laws have, with a word
  // on it; a range or list of Laws (10-12, 13 and 14) leads to its chart or its first Law.
  function citation(text, cites) {
    var m = PLACE.exec(text.trim());
    if (!m) return null;
    var law = m[1], rest = m[3];
    var range = /^(?:-|–|to)\s*(\d{1,2})\s*$/i.exec(rest);
    if (range) {
      var chart = cites[law + "-" + range[1]];
      return cites[law] ? {entry: chart || cites[law], rest: "", exact: true} : null;
    }
    if (/^(?:and|&|,|\/|or)\s*\d/i.test(rest)) rest = "";  // "laws 13 and 14": the first Law, then its neighbours by search
    // Words after a bare number are a phrase ("14 cards"), not a citation, unless "Law" was typed.
    if (rest && !NAMED.test(text.trim())) return null;
    if (!cites[law]) return null;
    var key = citationKey(law + m[2]);
    if (cites[key]) return {entry: cites[key], rest: rest, exact: true};
    for (var n = key.length - 1; n >= law.length; n--) {
      if (cites[key.slice(0, n)]) return {entry: cites[key.slice(0, n)], rest: rest, exact: false, typed: text.trim().slice(0, text.trim().length - rest.length).trim()};
    }
    return null;
  }

  function words(text, ignored) {
    return text.toLowerCase().split(/[^a-z0-9'’+-]+/).filter(function (w) { return w && ignored.indexOf(w) < 0; });
  }

  // Each kind's results for the words typed. Pagefind wants every known word in a record; when
  // the words together find nothing of a kind, each word is searched alone and a record scores
  // the sum of its words' scores times the share of the words it holds: a partial match.
  function searchKind(pf, terms, kind) {
    var filters = {filters: {}};
    filters.filters[kind] = "1";  // each kind is a filter of its own (one value), which keeps the index reproducible
    return pf.search(terms.join(" "), filters).then(function (found) {
      var results = found ? found.results : [];
      if (results.length || terms.length < 2) return results.map(function (r) { return {r: r, full: true, score: r.score}; });
      return Promise.all(terms.map(function (t) { return pf.search(t, filters); })).then(function (all) {
        var sum = {};
        all.forEach(function (f) {
          (f ? f.results : []).forEach(function (r) {
            var had = sum[r.id] || (sum[r.id] = {r: r, full: false, score: 0, words: 0});
            had.score += r.score;
            had.words += 1;
          });
        });
        return Object.keys(sum).map(function (id) {
          var x = sum[id];
          x.score *= x.words / terms.length;
          return x;
        });
      });
    });
  }

  // Which Law the words are about decides the order: each Law scores its best three matches
  // (situations of its charts and its own paragraphs, a partial match counting less), and its
  // results come in its turn, best first. Charts follow; then definitions, the course and pages.
  var GROUP = {situation: 0, law: 0, chart: 1, definition: 2, course: 2, page: 2};
  var WEIGHT = {situation: 0.6, law: 1, chart: 1, definition: 1, course: 1, page: 1, partial: 0.3, second: 0.5};
  var SHOWN = {laws: 8, charts: 2, rest: 2, perLaw: 3};
  function ranked(found) {
    var perLaw = {};
    found.forEach(function (c) {
      c.s = c.score * WEIGHT[c.kind] * (c.full ? 1 : WEIGHT.partial);
      if (GROUP[c.kind] === 0) c.laws.forEach(function (law) { (perLaw[law] = perLaw[law] || []).push(c.s); });
    });
    var lawScore = {};
    Object.keys(perLaw).forEach(function (law) {
      var xs = perLaw[law].sort(function (a, b) { return b - a; });
      lawScore[law] = xs[0] + WEIGHT.second * (xs[1] || 0) + WEIGHT.second * WEIGHT.second * (xs[2] || 0);
    });
    found.forEach(function (c) {
      c.lawScore = GROUP[c.kind] === 0 ? Math.max.apply(null, c.laws.map(function (l) { return lawScore[l] || 0; }).concat([0])) : 0;
    });
    found.sort(function (a, b) {
      return GROUP[a.kind] - GROUP[b.kind] || b.lawScore - a.lawScore || b.s - a.s;
    });
    // A short list: the best of the Laws and situations, then always room for charts and the rest.
    // At most three paragraphs of one Law, so that its situations and the next Law are in view.
    var room = {0: SHOWN.laws, 1: SHOWN.charts, 2: SHOWN.rest};
    var paragraphs = {};
    return found.filter(function (c) {
      if (c.kind === "law") {
        var law = c.laws[0];
        paragraphs[law] = (paragraphs[law] || 0) + 1;
        if (paragraphs[law] > SHOWN.perLaw) return false;
      }
      return room[GROUP[c.kind]]-- > 0;
    });
  }

  // Ranked results for `text`: [{kind, title, url, walk, snippet, laws}], best first.
  function query(text) {
    return load().then(function (e) {
      var cite = citation(text, e.data.cites);
      var out = [];
      if (cite) {
        var entry = cite.entry;
        out.push({kind: "citation", title: entry[1] + " · " + entry[2], url: new URL(entry[0], root).href,
                  snippet: cite.exact ? "" : "No " + (cite.typed || text.trim()) + " in the Laws: the nearest place that exists", laws: []});
      }
      // One of the vocabulary's words on its own (LA, BIT, claim) leads first where it is ruled.
      var bet = !cite && e.data.bets[phraseKey(text)];
      if (bet) out.push({kind: "law", title: bet[1] + " · " + bet[2], url: new URL(bet[0], root).href, snippet: "", laws: []});
      var terms = words(cite ? cite.rest : text, e.data.ignore);
      if (!terms.length) return out;
      return Promise.all(TIERS.map(function (tier) { return searchKind(e.pf, terms, tier[0]); })).then(function (lists) {
        var picked = [];
        lists.forEach(function (list, k) {
          list.sort(function (a, b) { return b.score - a.score; });
          list.slice(0, TIERS[k][1]).forEach(function (x) { picked.push(x); });
        });
        return Promise.all(picked.map(function (x) {
          return x.r.data().then(function (d) {
            var m = d.meta;
            return {kind: m.kind, title: m.title, url: new URL(m.u, root).href, walk: m.walk ? new URL(m.walk, root).href : null,
                    snippet: snippet(m.s || "", terms), laws: (m.laws || "").split(" ").filter(Boolean).map(Number),
                    score: x.score, full: x.full};
          });
        }));
      }).then(function (found) {
        ranked(found).forEach(function (r) { if (!bet || r.url !== out[0].url) out.push(r); });
        return out;
      });
    });
  }

  // About a dozen words around the first word that matches, as [text, matched] pieces.
  function snippet(text, terms) {
    var parts = text.split(/(\s+)/);
    var stems = terms.map(function (t) { return t.replace(/['’]s$/, "").slice(0, Math.max(3, Math.min(t.length, 5))); });
    function hit(w) {
      var lw = w.toLowerCase().replace(/^[^a-z0-9]+/, "");
      return lw.length > 1 && stems.some(function (s) { return lw.indexOf(s) === 0; });
    }
    var first = parts.findIndex(hit);
    var from = Math.max(0, first < 0 ? 0 : first - 8);
    var piece = parts.slice(from, from + 26);
    var out = piece.map(function (w) { return [w, hit(w)]; });
    if (from > 0) out.unshift(["… ", false]);
    if (from + 26 < parts.length) out.push([" …", false]);
    return out;
  }

  function render(list, results, text) {
    list.textContent = "";
    results.forEach(function (r, n) {
      var item = document.createElement("li");
      item.className = "sr-item sr-" + r.kind;
      var link = document.createElement("a");
      link.className = "sr-link";
      link.href = r.url;
      link.id = list.id + "-" + n;
      // A Law's title says "Law 50D1" itself; other kinds are named by a small label.
      if (r.kind !== "law") {
        var kind = document.createElement("span");
        kind.className = "sr-kind";
        kind.textContent = r.kind === "citation" ? "Go to" : KIND_NAMES[r.kind] || r.kind;
        link.appendChild(kind);
      }
      var title = document.createElement("span");
      title.className = "sr-title";
      title.textContent = r.title;
      link.appendChild(title);
      if (r.snippet && r.snippet.length) {
        var snip = document.createElement("span");
        snip.className = "sr-snippet";
        if (typeof r.snippet === "string") snip.textContent = r.snippet;
        else r.snippet.forEach(function (p) {
          if (p[1]) { var mark = document.createElement("mark"); mark.textContent = p[0]; snip.appendChild(mark); }
          else snip.appendChild(document.createTextNode(p[0]));
        });
        link.appendChild(snip);
      }
      item.appendChild(link);
      if (r.walk) {
        var walk = document.createElement("a");
        walk.className = "sr-walk";
        walk.href = r.walk;
        walk.textContent = "Step through";
        item.appendChild(walk);
      }
      list.appendChild(item);
    });
    if (!results.length && text.trim()) {
      var none = document.createElement("li");
      none.className = "sr-none";
      none.textContent = "Nothing found for “" + text.trim() + "”: try other words, a Law number (e.g. 50D), or the situations A–Z.";
      list.appendChild(none);
    }
  }

  // Wire an input to a result list: results as one types, arrows to move, Enter to open.
  function attach(input, list, status) {
    var asked = 0;
    var timer = null;
    function run() {
      var text = input.value;
      var mine = ++asked;
      if (!text.trim()) { list.textContent = ""; if (status) status.textContent = ""; return; }
      if (status) status.textContent = "Searching…";
      query(text).then(function (results) {
        if (mine !== asked) return;  // a later keystroke has its own answer coming
        render(list, results, text);
        if (status) status.textContent = results.length === 1 ? "1 result" : results.length ? results.length + " results" : "No results";
        input.dispatchEvent(new CustomEvent("search-results", {bubbles: true, detail: results}));
      }, function () {
        if (mine !== asked) return;
        list.textContent = "";
        if (status) status.textContent = "The search could not be loaded (offline?). Try again when connected.";
      });
    }
    input.addEventListener("focus", function () { load(); }, {once: true});
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
    input.addEventListener("keydown", function (event) {
      var first = list.querySelector("a.sr-link");
      if (event.key === "Enter" && first) { event.preventDefault(); location.href = first.href; }
      else if (event.key === "ArrowDown" && first) { event.preventDefault(); first.focus(); }
    });
    list.addEventListener("keydown", function (event) {
      var links = Array.prototype.slice.call(list.querySelectorAll("a.sr-link"));
      var at = links.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && at >= 0) { event.preventDefault(); (links[at + 1] || links[at]).focus(); }
      else if (event.key === "ArrowUp" && at >= 0) { event.preventDefault(); (at ? links[at - 1] : input).focus(); }
    });
    if (input.value.trim()) run();
  }

  // The header's search: a button beside the site's name that opens a dialog.
  function headerSearch() {
    var bar = document.querySelector(".md-header__inner");
    if (!bar || document.getElementById("site-search")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "site-search-button md-header__button";
    button.setAttribute("aria-haspopup", "dialog");
    button.setAttribute("aria-keyshortcuts", "/");
    button.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24"><path fill="currentColor" d="M9.5 3A6.5 6.5 0 0 1 16 9.5c0 1.61-.59 3.09-1.56 4.23l.27.27h.79l5 5-1.5 1.5-5-5v-.79l-.27-.27A6.52 6.52 0 0 1 9.5 16 6.5 6.5 0 0 1 3 9.5 6.5 6.5 0 0 1 9.5 3m0 2C7 5 5 7 5 9.5S7 14 9.5 14 14 12 14 9.5 12 5 9.5 5"/></svg><span class="site-search-label">Search</span>';
    var dialog = document.createElement("dialog");
    dialog.id = "site-search";
    dialog.className = "site-search";
    dialog.setAttribute("aria-label", "Search the Laws, situations and charts");
    dialog.innerHTML = '<form method="dialog" class="site-search-bar" role="search">' +
      '<input class="site-search-input" type="search" autocomplete="off" spellcheck="false" enterkeyhint="go" ' +
      'placeholder="What happened, or a Law: lead out of turn, 50D" aria-label="Search" aria-controls="site-search-results">' +
      '<button class="site-search-close" value="close" aria-label="Close the search">✕</button></form>' +
      '<p class="site-search-status" role="status" aria-live="polite"></p>' +
      '<ul id="site-search-results" class="sr-list"></ul>';
    document.body.appendChild(dialog);
    var input = dialog.querySelector("input");
    attach(input, dialog.querySelector(".sr-list"), dialog.querySelector(".site-search-status"));
    function open() {
      if (!dialog.open) dialog.showModal();
      input.focus();
      input.select();
      load();
    }
    button.addEventListener("click", open);
    var place = bar.querySelector(".md-header__source") || null;
    bar.insertBefore(button, place);
    dialog.addEventListener("click", function (event) { if (event.target === dialog) dialog.close(); });
    document.addEventListener("keydown", function (event) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName) || document.activeElement.isContentEditable;
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey) { event.preventDefault(); open(); }
    });
  }

  function start() {
    headerSearch();
    var home = document.getElementById("finder-input");
    if (home) attach(home, document.getElementById("finder-results"), document.getElementById("finder-status"));
  }

  // For the benchmark's tuning runs: other weights and Pagefind ranking options, without a rebuild.
  function tune(weights, ranking) {
    Object.keys(weights || {}).forEach(function (k) { WEIGHT[k] = weights[k]; });
    return load().then(function (e) { if (ranking) e.pf.options({ranking: ranking}); });
  }

  window.lawSearch = {query: query, load: load, citationKey: citationKey, tune: tune};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
