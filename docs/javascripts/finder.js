// The home page's "What happened at the table?": type-ahead over the situations the charts and
// Laws declare (embedded in the page as #finder-data). Every word typed must begin a word of the
// situation or of its chart's title, so "lead out" finds "Lead out of turn" at once.
(function () {
  "use strict";
  var MAX = 12;

  function words(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9♠♥♦♣]+/).filter(Boolean);
  }

  function matches(entry, query) {
    var have = words(entry.text + " " + entry.where);
    return query.every(function (q) { return have.some(function (w) { return w.indexOf(q) === 0; }); });
  }

  function start() {
    var input = document.getElementById("finder-input");
    var list = document.getElementById("finder-results");
    var source = document.getElementById("finder-data");
    if (!input || !list || !source) return;
    var data = JSON.parse(source.textContent);

    function show() {
      var query = words(input.value);
      list.innerHTML = "";
      if (!query.length) return;
      var found = data.filter(function (entry) { return matches(entry, query); });
      // Situations whose own words match come before those found by their chart's title.
      found.sort(function (a, b) {
        var am = words(a.text).some(function (w) { return w.indexOf(query[0]) === 0; }) ? 0 : 1;
        var bm = words(b.text).some(function (w) { return w.indexOf(query[0]) === 0; }) ? 0 : 1;
        return am - bm || a.text.localeCompare(b.text);
      });
      found.slice(0, MAX).forEach(function (entry) {
        var item = document.createElement("li");
        var main = document.createElement("a");
        main.href = entry.url;
        main.className = "finder-hit";
        main.textContent = entry.text;
        var where = document.createElement("span");
        where.className = "finder-where";
        where.textContent = entry.where;
        main.appendChild(where);
        item.appendChild(main);
        if (entry.walk) {
          var walk = document.createElement("a");
          walk.href = entry.walk;
          walk.className = "finder-walk";
          walk.textContent = "Step through";
          item.appendChild(walk);
        }
        list.appendChild(item);
      });
      if (!found.length) {
        var none = document.createElement("li");
        none.className = "finder-none";
        none.textContent = "No situation matches; try other words, or the search at the top.";
        list.appendChild(none);
      }
    }

    input.addEventListener("input", show);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        var first = list.querySelector("a.finder-hit");
        if (first) { event.preventDefault(); location.href = first.href; }
      }
    });
    show();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
