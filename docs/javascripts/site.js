// What the site's scripts share, loaded first on every page (mkdocs.yml): where the site's root
// is, and one way to make an element. Each page's own scripts come after it.
(function () {
  "use strict";

  var script = document.currentScript;

  // An element with attributes; `text` sets its words, `html` its markup (only ever HTML the
  // build made and escaped), `children` are appended in order (nulls skipped).
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "html") node.innerHTML = attrs[key];
      else if (key === "text") node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  window.Site = {
    root: new URL("../", script ? script.src : location.href),  // this script is in <root>/javascripts/
    el: el,
  };
})();
