// Step-through of a Director's flowchart: one box at a time, from the data the build embeds in the
// page (#walk-data). The state is the list of boxes walked so far, kept in the URL's hash
// (#start/c1/q_called/a_accept), so every state can be shared, bookmarked and reached with the
// browser's Back button. No network and no framework: the page works once loaded.
(function () {
  "use strict";

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

  function hrefFor(route) { return "#" + route.join("/"); }

  // The route in the hash, cut back to its longest valid beginning: a mistyped or stale link
  // still lands somewhere sensible.
  function routeFromHash(data) {
    var wanted = decodeURIComponent(location.hash.replace(/^#/, "")).split("/").filter(Boolean);
    var route = [data.start];
    if (wanted[0] === data.start) wanted.shift();
    for (var i = 0; i < wanted.length; i++) {
      var here = data.boxes[route[route.length - 1]];
      var ok = here.choices.some(function (c) { return c.to === wanted[i]; });
      if (!ok) break;
      route.push(wanted[i]);
    }
    return follow(data, route);
  }

  // A box with a single way on is not a question: go straight on to the next one.
  function follow(data, route) {
    var seen = {};
    while (true) {
      var last = route[route.length - 1];
      var box = data.boxes[last];
      if (!box || box.choices.length !== 1 || seen[last]) return route;
      seen[last] = true;
      route = route.concat([box.choices[0].to]);
    }
  }

  function quoteBlock(data, label, open) {
    var q = data.quotes[label];
    if (!q) return null;
    var summary = el("summary", {}, [el("a", { href: q.url, text: label }),
      q.title ? document.createTextNode(" – " + q.title) : null]);
    var details = el("details", { class: "walk-quote" }, [summary, el("div", { html: q.html })]);
    if (open) details.setAttribute("open", "");
    return details;
  }

  function refLinks(data, box) {
    if (!box.refs.length) return null;
    var p = el("p", { class: "walk-refs" }, [document.createTextNode("Applies ")]);
    box.refs.forEach(function (label, i) {
      var q = data.quotes[label];
      if (i) p.appendChild(document.createTextNode(", "));
      p.appendChild(q ? el("a", { href: q.url, text: label }) : document.createTextNode(label));
    });
    return p;
  }

  function render(data, root) {
    var route = routeFromHash(data);
    var here = data.boxes[route[route.length - 1]];
    root.innerHTML = "";

    // The path taken, as breadcrumbs: each leads back to that step.
    var trail = el("ol", { class: "walk-trail", "aria-label": "The path so far" });
    route.slice(0, -1).forEach(function (id, i) {
      var box = data.boxes[id];
      if (box.choices.length < 2) return;
      var next = route[i + 1];
      var answer = box.choices.filter(function (c) { return c.to === next; })[0];
      trail.appendChild(el("li", {}, [el("a", { href: hrefFor(route.slice(0, i + 1)), text: box.text }),
        el("span", { class: "walk-answer", text: answer ? answer.label : "" })]));
    });
    if (trail.children.length) root.appendChild(trail);

    var card = el("section", { class: "walk-box kind-" + here.kind, "aria-labelledby": "walk-current" }, [
      el("p", { class: "walk-kind", text: here.kindName }),
      el("h2", { class: "walk-text", id: "walk-current", tabindex: "-1", html: here.html }),
      refLinks(data, here)
    ]);
    root.appendChild(card);

    if (here.choices.length) {
      var buttons = el("div", { class: "walk-choices", role: "group", "aria-label": "Answer" });
      here.choices.forEach(function (choice) {
        buttons.appendChild(el("a", { class: "md-button walk-choice" + (choice.label === "Yes" || choice.label === "No" ? " walk-" + choice.label.toLowerCase() : ""),
          href: hrefFor(route.concat([choice.to])), text: choice.label }));
      });
      card.appendChild(buttons);
    } else {
      // The end: the actions met on the way, each with the paragraphs it applies, quoted.
      var ruling = el("section", { class: "walk-ruling", "aria-label": "Ruling" }, [el("h2", { text: "Ruling" })]);
      var list = el("ol", {});
      route.forEach(function (id) {
        var box = data.boxes[id];
        if (["action", "options", "condition"].indexOf(box.kind) < 0 && id !== route[route.length - 1]) return;
        var item = el("li", { class: "kind-" + box.kind }, [el("p", { html: box.html })]);
        box.refs.forEach(function (label) { item.appendChild(quoteBlock(data, label, id === route[route.length - 1])); });
        list.appendChild(item);
      });
      ruling.appendChild(list);
      root.appendChild(ruling);
    }

    var nav = el("p", { class: "walk-nav" }, [
      route.length > 1 ? el("a", { class: "md-button walk-back", href: hrefFor(backRoute(data, route)), text: "Back" }) : null,
      el("a", { class: "md-button walk-restart", href: "#" + data.start, text: "Restart" }),
      el("a", { class: "md-button walk-chart", href: data.chartUrl, text: "Whole chart" })
    ]);
    root.appendChild(nav);
    if (data.notes.length) {
      root.appendChild(el("details", { class: "walk-notes" }, [el("summary", { text: "Also on this chart" }),
        el("ul", {}, data.notes.map(function (html) { return el("li", { html: html }); }))]));
    }
    var heading = document.getElementById("walk-current");
    if (heading && document.activeElement && document.activeElement.classList.contains("walk-choice")) heading.focus();
  }

  // Back to the last question answered (boxes passed straight through are not steps).
  function backRoute(data, route) {
    for (var i = route.length - 2; i >= 0; i--) {
      if (data.boxes[route[i]].choices.length > 1) return route.slice(0, i + 1);
    }
    return [data.start];
  }

  function start() {
    var source = document.getElementById("walk-data");
    var root = document.querySelector("[data-walk]");
    if (!source || !root) return;
    var data = JSON.parse(source.textContent);
    render(data, root);
    window.addEventListener("hashchange", function () { render(data, root); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
