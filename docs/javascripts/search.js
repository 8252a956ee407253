// The site's one search: the header's search on every page and the home page's "What happened at
// the table?" box use this engine and show the same results. Nothing is fetched until someone
// searches: then the index (search/index.json), the runs of terms holding the postings of the
// query's words (search/terms/<k>.json), and for the results shown the shards of their words
// (search/text/<n>.json). What the query says and how the records rank is search-logic.js.
(function () {
  "use strict";

  var KIND_NAMES = {situation: "Situation", chart: "Chart", definition: "Definition", course: "Course", page: "Page"};
  var S = null;  // search-logic.js, once loaded
  var root = window.Site.root;
  var engine = null;
  var fetched = {};  // by path: the promise of a search file's JSON

  // The search's logic, loaded with the index on first use: a page that is only read never fetches it.
  function logic() {
    if (window.SearchLogic) return Promise.resolve(window.SearchLogic);
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = new URL("javascripts/search-logic.js", root).href;
      tag.onload = function () { resolve(window.SearchLogic); };
      tag.onerror = function () { tag.remove(); reject(new Error("search logic")); };
      document.head.appendChild(tag);
    });
  }

  // One of the search's files, fetched once; one that failed (offline, say) is asked for again
  // next time.
  function json(path) {
    if (!fetched[path]) {
      fetched[path] = fetch(new URL(path, root)).then(function (r) {
        if (!r.ok) throw new Error(path + ": " + r.status);
        return r.json();
      });
      fetched[path].catch(function () { delete fetched[path]; });
    }
    return fetched[path];
  }

  function load() {
    if (!engine) {
      engine = Promise.all([logic(), json("search/index.json")]).then(function (parts) { S = parts[0]; return parts[1]; });
      engine.catch(function () { engine = null; });  // offline before the first search: try again next time
    }
    return engine;
  }

  // The words of record n (its text shard), "" where they cannot be had.
  function shard(index, n) {
    var k = Math.floor(n / index.shard);
    return json("search/text/" + k + ".json").then(function (list) { return list[n - k * index.shard] || ""; },
                                                   function () { return ""; });
  }

  // Run k of the terms' postings, joined to the index.
  function run(index, k) {
    return json("search/terms/" + k + ".json").then(function (terms) { S.addTerms(index, k, terms); });
  }

  // The engine's answer, once the runs of terms the query needs are here (each is fetched once).
  function answer(index, text) {
    var found = S.search(index, text);
    if (!found.needs) return Promise.resolve(found);
    return Promise.all(found.needs.map(function (k) { return run(index, k); })).then(function () { return answer(index, text); });
  }

  // Ranked results for `text`, best first: [{kind, title, url, walk, laws, snippet}], where a
  // snippet is a note ready to show, or `words`, the promise of the words around the query's
  // (their shard is fetched while the titles are already shown: on a weak link, a round trip less).
  function query(text) {
    return load().then(function (index) {
      return answer(index, text).then(function (found) {
        var shown = found.results.slice(0, 14).map(function (r) { return S.describe(index, r); });
        var terms = found.query.terms;
        var list = shown.map(function (d) {
          var kind = d.citation ? "citation" : d.kind;
          var r = {kind: kind, title: d.title, url: new URL(d.url, root).href, walk: d.walk ? new URL(d.walk, root).href : null,
                   laws: d.laws, snippet: d.note || ""};
          if (!(d.note || d.n === null || d.citation)) {
            r.words = shard(index, d.n).then(function (text_) { return snippet(text_, terms); });
          }
          return r;
        });
        if (found.query.fixed.length) list.fixed = found.query.fixed;
        return list;
      });
    });
  }

  // About a dozen words around the first word that matches, as [text, matched] pieces.
  function snippet(text, terms) {
    var parts = text.split(/(\s+)/);
    function hit(w) {
      var t = S.terms(w);
      return t.length > 0 && t.some(function (x) { return terms.indexOf(S.stem(x)) >= 0; });
    }
    var first = parts.findIndex(hit);
    var from = Math.max(0, first < 0 ? 0 : first - 8);
    var piece = parts.slice(from, from + 26);
    var out = piece.map(function (w) { return [w, hit(w)]; });
    if (from > 0) out.unshift(["… ", false]);
    if (from + 26 < parts.length) out.push([" …", false]);
    return out;
  }

  // A snippet's words, the query's marked.
  function fill(snip, pieces) {
    pieces.forEach(function (p) {
      if (p[1]) { var mark = document.createElement("mark"); mark.textContent = p[0]; snip.appendChild(mark); }
      else snip.appendChild(document.createTextNode(p[0]));
    });
  }

  function render(list, results, text) {
    list.textContent = "";
    list.dataset.query = text;  // which query these results answer (a test waits for its own)
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
      if (r.snippet || r.words) {
        var snip = document.createElement("span");
        snip.className = "sr-snippet";
        snip.textContent = r.snippet;
        if (r.words) r.words.then(fill.bind(null, snip));
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
    // Which query's snippets are all in (a test measures the list once they are).
    Promise.all(results.map(function (r) { return r.words; })).then(function () {
      if (list.dataset.query === text) list.dataset.snippets = text;
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
        var count = results.length === 1 ? "1 result" : results.length ? results.length + " results" : "No results";
        var fixed = (results.fixed || []).map(function (f) { return "“" + f[0] + "” read as “" + f[1] + "”"; }).join(", ");
        if (status) status.textContent = count + (fixed ? " · " + fixed : "");
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
    button.setAttribute("aria-label", "Search");  // its visible label is hidden on a phone
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

  window.lawSearch = {query: query, load: load};
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
