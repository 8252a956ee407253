// The chart viewer, for fingers and for the desk.
//
// Beside its Law a chart is fitted to the width on a phone (laws.css), with an Enlarge button on
// it; on a wide screen it keeps a readable floor and scrolls sideways, opened on its start box.
// Enlarged, the chart fills the screen: it opens fitted to the width with the start box in view,
// zooms by pinch, wheel, the + and − buttons or keys, pans by dragging or the arrow keys, and
// closes by Close, Esc or the browser's Back. A box tapped there is named at the foot of the
// screen with "Step through from here" and the paragraph it applies. No library, no network.
(function () {
  "use strict";

  var STEP = 1.5;      // one press of + or −
  var MAX_SCALE = 3;   // three times the drawn size: a box's words fill a phone's width
  var TAP_SLOP = 10;   // px a finger may move and still tap
  var PHONE = window.matchMedia("(max-width: 44.9375em)");

  var viewer = null;   // the dialog, built on first use
  var view = null;     // what is shown: {svg, width, height, scale, x, y, walk, start}
  var pushed = false;  // whether opening added a history entry that closing must take back

  var el = window.Site.el;

  // ---- the drawing's size and boxes ----

  function drawnSize(svg) {
    var box = svg.viewBox && svg.viewBox.baseVal;
    if (box && box.width) return { width: box.width * 4 / 3, height: box.height * 4 / 3 };  // pt to px
    var r = svg.getBoundingClientRect();
    return { width: r.width, height: r.height };
  }

  // Box ids are letters, digits and _ (the content model's rule): safe in a selector as they are.
  function boxNamed(svg, id) {
    return id ? svg.querySelector('[data-box="' + id + '"]') : null;
  }

  function startBox(svg, starts) {
    var ids = (starts || "").split(" ").filter(Boolean);
    for (var i = 0; i < ids.length; i++) {
      var found = boxNamed(svg, ids[i]);
      if (found) return found;
    }
    return null;
  }

  function boxWords(node) {
    var title = node.querySelector("title");
    return title ? title.textContent : "";
  }

  function boxLink(node) {
    var a = node.querySelector("a");
    if (!a) return null;
    var href = a.getAttribute("href") || a.getAttributeNS("http://www.w3.org/1999/xlink", "href");
    var name = (a.getAttribute("xlink:title") || a.getAttributeNS("http://www.w3.org/1999/xlink", "title") || "").replace(/^Go to /, "");
    return href ? { href: href, name: name || "the paragraph" } : null;
  }

  // ---- the full-screen view ----

  function build() {
    viewer = el("dialog", { class: "chart-viewer", "aria-labelledby": "chart-viewer-title" });
    var bar = el("div", { class: "viewer-bar" });
    var title = el("h2", { class: "viewer-title", id: "chart-viewer-title" });
    var tools = el("div", { class: "viewer-tools", role: "group", "aria-label": "Zoom" });
    [["viewer-out", "−", "Zoom out"], ["viewer-in", "+", "Zoom in"], ["viewer-fit", "Fit", "Fit to the screen"],
     ["viewer-actual", "1:1", "Drawn size"], ["viewer-close", "Close", "Close the chart"]].forEach(function (b) {
      var button = el("button", { type: "button", class: b[0], "aria-label": b[2], title: b[2], text: b[1] });
      tools.appendChild(button);
    });
    bar.appendChild(title);
    bar.appendChild(tools);
    var stage = el("div", { class: "viewer-stage", tabindex: "0", role: "region",
      "aria-label": "The chart: drag to move, pinch or use + and − to zoom, tap a box to step through from it" });
    var layer = el("div", { class: "viewer-layer" });
    stage.appendChild(layer);
    var sheet = el("div", { class: "viewer-sheet", role: "status", "aria-live": "polite", hidden: "" });
    viewer.appendChild(bar);
    viewer.appendChild(stage);
    viewer.appendChild(sheet);
    document.body.appendChild(viewer);

    tools.querySelector(".viewer-in").addEventListener("click", function () { zoomAt(STEP, centre()); });
    tools.querySelector(".viewer-out").addEventListener("click", function () { zoomAt(1 / STEP, centre()); });
    tools.querySelector(".viewer-fit").addEventListener("click", function () { fit(); });
    tools.querySelector(".viewer-actual").addEventListener("click", function () { zoomAt(1 / view.scale, centre()); });
    tools.querySelector(".viewer-close").addEventListener("click", close);
    viewer.addEventListener("cancel", function (event) { event.preventDefault(); close(); });
    viewer.addEventListener("close", function () { if (view) forget(); });
    stage.addEventListener("keydown", keys);
    stage.addEventListener("wheel", wheel, { passive: false });
    touches(stage);
    // Links inside the drawing are offered on the sheet instead: a tap, or Enter on a box's
    // link, selects the box.
    layer.addEventListener("click", function (event) {
      event.preventDefault();
      if (event.detail === 0 && event.target.closest) select(event.target.closest("[data-box]"));
    }, true);
    // The sheet's links leave the viewer: the page they open takes the viewer's history entry.
    sheet.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[href]") : null;
      if (!link) return;
      event.preventDefault();
      var href = link.href;
      var replace = pushed;
      pushed = false;
      viewer.close();
      if (replace) location.replace(href);
      else location.assign(href);
    });
    window.addEventListener("popstate", function () {
      if (viewer.open) { pushed = false; close(); }
    });
    window.addEventListener("resize", function () { if (viewer.open) place(); });
  }

  function stage() { return viewer.querySelector(".viewer-stage"); }

  function centre() {
    var r = stage().getBoundingClientRect();
    return { x: r.width / 2, y: r.height / 2 };
  }

  function place() {
    view.scale = Math.min(Math.max(view.scale, minScale()), MAX_SCALE);
    var r = stage().getBoundingClientRect();
    var w = view.width * view.scale, h = view.height * view.scale;
    // Keep some of the drawing on screen whatever the pan: the view is never blank.
    var keep = 60;
    view.x = w <= r.width ? (r.width - w) / 2 : Math.min(keep, Math.max(r.width - w - keep, view.x));
    view.y = h <= r.height ? Math.max(0, Math.min(view.y, r.height - h)) : Math.min(keep, Math.max(r.height - h - keep, view.y));
    viewer.querySelector(".viewer-layer").style.transform =
      "translate(" + view.x + "px," + view.y + "px) scale(" + view.scale + ")";
    viewer.setAttribute("data-scale", view.scale.toFixed(3));
  }

  function minScale() {
    var r = stage().getBoundingClientRect();
    return Math.min(1, (r.width - 16) / view.width, (r.height - 16) / view.height) * 0.9;
  }

  function zoomAt(factor, at) {
    var next = Math.min(Math.max(view.scale * factor, minScale()), MAX_SCALE);
    view.x = at.x - (at.x - view.x) * next / view.scale;
    view.y = at.y - (at.y - view.y) * next / view.scale;
    view.scale = next;
    place();
  }

  // Fitted to the width (no larger than drawn), the top of the chart at the top, and its start
  // box brought into view should the drawing put it elsewhere.
  function fit() {
    var r = stage().getBoundingClientRect();
    view.scale = Math.min(1, (r.width - 16) / view.width);
    view.x = 8;
    view.y = 8;
    place();
    var start = startBox(view.svg, view.start);
    if (start) bringIntoView(start);
  }

  function bringIntoView(node, centred) {
    var r = stage().getBoundingClientRect();
    var b = node.getBoundingClientRect();
    var inside = b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom;
    if (inside && !centred) return;
    view.x += (r.left + r.width / 2) - (b.left + b.width / 2);
    view.y += centred ? (r.top + r.height / 2) - (b.top + b.height / 2) : Math.max(0, r.top + 8 - b.top) - Math.max(0, b.bottom - r.bottom + 8);
    place();
  }

  function keys(event) {
    var pan = 80;
    var k = event.key;
    if (k === "+" || k === "=") zoomAt(STEP, centre());
    else if (k === "-" || k === "_") zoomAt(1 / STEP, centre());
    else if (k === "0") fit();
    else if (k === "ArrowLeft") { view.x += pan; place(); }
    else if (k === "ArrowRight") { view.x -= pan; place(); }
    else if (k === "ArrowUp") { view.y += pan; place(); }
    else if (k === "ArrowDown") { view.y -= pan; place(); }
    else return;
    event.preventDefault();
  }

  function wheel(event) {
    event.preventDefault();
    var r = stage().getBoundingClientRect();
    if (event.ctrlKey || !event.shiftKey) {
      zoomAt(Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), { x: event.clientX - r.left, y: event.clientY - r.top });
    } else {
      view.x -= event.deltaY;
      place();
    }
  }

  // One finger (or the mouse) pans; two pinch, about the point between them; a short touch
  // that hardly moved is a tap, which selects the box under it.
  function touches(area) {
    var down = {};
    var gesture = null;
    function points() { return Object.keys(down).map(function (k) { return down[k]; }); }
    function begin() {
      var p = points();
      var r = area.getBoundingClientRect();
      gesture = { x: view.x, y: view.y, scale: view.scale, moved: gesture ? gesture.moved : false, at: Date.now() };
      if (p.length >= 2) {
        gesture.dist = Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
        gesture.mid = { x: (p[0].x + p[1].x) / 2 - r.left, y: (p[0].y + p[1].y) / 2 - r.top };
        gesture.moved = true;
      } else if (p.length === 1) {
        gesture.from = { x: p[0].x, y: p[0].y };
      }
    }
    area.addEventListener("pointerdown", function (event) {
      if (event.button > 0) return;
      down[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (Object.keys(down).length === 1) gesture = null;
      area.setPointerCapture(event.pointerId);
      begin();
    });
    area.addEventListener("pointermove", function (event) {
      if (!down[event.pointerId] || !gesture) return;
      down[event.pointerId] = { x: event.clientX, y: event.clientY };
      var p = points();
      var r = area.getBoundingClientRect();
      if (p.length >= 2 && gesture.dist) {
        var dist = Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
        var mid = { x: (p[0].x + p[1].x) / 2 - r.left, y: (p[0].y + p[1].y) / 2 - r.top };
        var next = Math.min(Math.max(gesture.scale * dist / gesture.dist, minScale()), MAX_SCALE);
        view.scale = next;
        view.x = mid.x - (gesture.mid.x - gesture.x) * next / gesture.scale;
        view.y = mid.y - (gesture.mid.y - gesture.y) * next / gesture.scale;
        place();
      } else if (p.length === 1 && gesture.from) {
        var dx = p[0].x - gesture.from.x, dy = p[0].y - gesture.from.y;
        if (Math.abs(dx) + Math.abs(dy) > TAP_SLOP) gesture.moved = true;
        if (gesture.moved) { view.x = gesture.x + dx; view.y = gesture.y + dy; place(); }
      }
    });
    function end(event) {
      if (!down[event.pointerId]) return;
      var wasTap = gesture && !gesture.moved && Object.keys(down).length === 1 && Date.now() - gesture.at < 800;
      delete down[event.pointerId];
      if (wasTap && event.type === "pointerup") {
        area.releasePointerCapture(event.pointerId);
        var hit = document.elementFromPoint(event.clientX, event.clientY);
        var box = hit && hit.closest ? hit.closest("[data-box]") : null;
        select(box);
      }
      if (Object.keys(down).length) begin();
    }
    area.addEventListener("pointerup", end);
    area.addEventListener("pointercancel", end);
  }

  function select(node) {
    var sheet = viewer.querySelector(".viewer-sheet");
    Array.prototype.forEach.call(view.svg.querySelectorAll(".viewer-picked"), function (n) { n.classList.remove("viewer-picked"); });
    if (!node || !view.svg.contains(node)) { sheet.hidden = true; sheet.textContent = ""; return; }
    node.classList.add("viewer-picked");
    sheet.textContent = "";
    sheet.appendChild(el("p", { class: "viewer-box-words", text: boxWords(node) }));
    var actions = el("p", { class: "viewer-actions" });
    if (view.walk) {
      actions.appendChild(el("a", { class: "md-button md-button--primary viewer-walk",
        href: view.walk + "#at:" + encodeURIComponent(node.getAttribute("data-box")), text: "Step through from here" }));
    }
    var link = boxLink(node);
    if (link) actions.appendChild(el("a", { class: "md-button viewer-law", href: link.href, text: "Read " + link.name }));
    if (actions.childNodes.length) sheet.appendChild(actions);
    sheet.hidden = false;
  }

  function forget() {
    viewer.querySelector(".viewer-layer").textContent = "";
    var back = view.back;
    view = null;
    if (back && back.focus) back.focus({ preventScroll: true });
  }

  function close() {
    if (!viewer || !viewer.open) return;
    viewer.close();
    if (pushed) { pushed = false; history.back(); }
  }

  // Open `source` (an <svg> on the page) enlarged. options: title, walk (the step-through's URL),
  // start (box ids, the first found is brought into view), focus (a box id to centre, with the
  // marks the caller put on the drawing), back (what gets the focus on closing).
  function open(source, options) {
    if (!viewer) build();
    options = options || {};
    var svg = source.cloneNode(true);
    // One copy of each id on the page: the clone is named by the dialog instead.
    [svg].concat(Array.prototype.slice.call(svg.querySelectorAll("[id]"))).forEach(function (n) { n.removeAttribute("id"); });
    svg.removeAttribute("aria-labelledby");
    svg.setAttribute("aria-label", options.title || "Chart");
    svg.removeAttribute("style");
    var size = drawnSize(source);
    svg.setAttribute("width", size.width);
    svg.setAttribute("height", size.height);
    var layer = viewer.querySelector(".viewer-layer");
    layer.textContent = "";
    layer.appendChild(svg);
    view = { svg: svg, width: size.width, height: size.height, scale: 1, x: 0, y: 0,
             walk: options.walk || null, start: options.start || "", back: options.back || document.activeElement };
    viewer.querySelector(".viewer-title").textContent = options.title || "";
    viewer.querySelector(".viewer-sheet").hidden = true;
    if (!viewer.open) {
      viewer.showModal();
      if (!(history.state && history.state.chartViewer)) {
        history.pushState({ chartViewer: true }, "");
        pushed = true;
      }
    }
    fit();
    var focus = options.focus ? boxNamed(svg, options.focus) : null;
    if (focus) {
      zoomAt(Math.max(1, 0.75 / view.scale), centre());
      bringIntoView(focus, true);
    }
    stage().focus({ preventScroll: true });
  }

  // ---- the chart on its page ----

  function figureTitle(frame) {
    var fig = frame.closest("figure");
    var t = fig && fig.querySelector(".chart-title");
    return t ? t.textContent : "Chart";
  }

  function enhance(frame) {
    var svg = frame.querySelector("svg");
    if (!svg || frame.getAttribute("data-viewer")) return;
    frame.setAttribute("data-viewer", "ready");
    var title = figureTitle(frame);
    function show(focusFrom) {
      open(svg, { title: title, walk: frame.getAttribute("data-walk"), start: frame.getAttribute("data-start"), back: focusFrom });
    }
    var button = el("button", { type: "button", class: "chart-enlarge", "aria-label": "Enlarge the chart " + title, text: "Enlarge" });
    button.addEventListener("click", function () { show(button); });
    frame.parentNode.insertBefore(el("div", { class: "chart-frame" }), frame);
    var holder = frame.previousSibling;
    holder.appendChild(frame);
    holder.appendChild(button);
    var fig = frame.closest("figure");
    var full = fig && fig.querySelector(".chart-full");
    if (full) full.addEventListener("click", function (event) { event.preventDefault(); show(full); });
    // Fitted on a phone, the boxes are too small to hit: a tap on the chart enlarges it.
    frame.addEventListener("click", function (event) {
      if (!PHONE.matches) return;
      event.preventDefault();
      show(button);
    });
    // Scrolled sideways on a wide screen: open on the start box, not the left edge.
    var start = startBox(svg, frame.getAttribute("data-start"));
    if (start && frame.scrollWidth > frame.clientWidth + 1) {
      var f = frame.getBoundingClientRect(), b = start.getBoundingClientRect();
      frame.scrollLeft += (b.left + b.width / 2) - (f.left + f.width / 2);
    }
  }

  function enhanceAll() {
    Array.prototype.forEach.call(document.querySelectorAll(".chart-svg"), enhance);
  }

  window.chartViewer = { open: open, close: close };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhanceAll);
  else enhanceAll();
})();
