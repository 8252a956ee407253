// Defined terms in the Laws' text: a tap, a hover or keyboard focus opens a small popover with the
// definition and a link to it in full; a second tap, or Enter, follows the link. (The generator
// writes the definition into the link's title; it is moved here so that no plain tooltip shows.)
(function () {
  "use strict";
  var pop = null;
  var shownFor = null;
  var pressed = null;  // the term a finger or mouse is pressing, and whether its definition was open
  var shownAtPress = false;

  function popover() {
    if (pop) return pop;
    pop = document.createElement("div");
    pop.id = "term-popover";
    pop.className = "term-pop";
    pop.setAttribute("role", "tooltip");
    pop.hidden = true;
    pop.innerHTML = '<p class="term-pop-text"></p><a class="term-pop-link"></a>';
    document.body.appendChild(pop);
    pop.addEventListener("mousedown", function (event) { event.preventDefault(); });  // keep the term focused
    return pop;
  }

  function show(term) {
    var p = popover();
    p.querySelector(".term-pop-text").textContent = term.getAttribute("data-definition");
    var link = p.querySelector(".term-pop-link");
    link.href = term.href;
    link.textContent = "Full definition of “" + term.textContent.trim() + "” →";
    p.hidden = false;
    var box = term.getBoundingClientRect();
    var width = Math.min(320, document.documentElement.clientWidth - 16);
    p.style.width = width + "px";
    var left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    p.style.left = left + "px";
    p.style.top = box.bottom + window.scrollY + 6 + "px";
    if (shownFor && shownFor !== term) shownFor.removeAttribute("aria-describedby");
    term.setAttribute("aria-describedby", "term-popover");
    shownFor = term;
  }

  function hide() {
    if (pop) pop.hidden = true;
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
  }

  function start() {
    var terms = document.querySelectorAll("a.term[title]");
    Array.prototype.forEach.call(terms, function (term) {
      term.setAttribute("data-definition", term.getAttribute("title"));
      term.removeAttribute("title");
      // A tap first shows the definition (a second tap follows the link); a mouse shows it on
      // hover, and the keyboard on focus, so their click or Enter follows the link at once.
      term.addEventListener("pointerdown", function () { pressed = term; shownAtPress = shownFor === term; });
      term.addEventListener("pointerenter", function (event) { if (event.pointerType === "mouse") show(term); });
      term.addEventListener("focus", function () { if (pressed !== term) show(term); });
      term.addEventListener("click", function (event) {
        var tapped = pressed === term;
        pressed = null;
        if (tapped && !shownAtPress) { event.preventDefault(); show(term); }
      });
      // Hidden a moment after the term loses focus, unless the pointer is on the popover or the
      // term has the focus again by then (a blur's late timer must not hide it shown anew).
      term.addEventListener("blur", function () {
        setTimeout(function () { if (shownFor === term && document.activeElement !== term && !pop.matches(":hover")) hide(); }, 150);
      });
    });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
    document.addEventListener("click", function (event) {
      if (shownFor && !event.target.closest("a.term, #term-popover")) hide();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
