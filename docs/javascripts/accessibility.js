// Material's search panel is a role="dialog" without a name; screen readers announce it as
// an unnamed dialog. Name it after its own input's label. (The panel only works with scripts,
// so fixing it from a script loses nothing.)
(function () {
  function nameSearchDialog() {
    var dialog = document.querySelector(".md-search[role='dialog']");
    var input = document.querySelector(".md-search__input");
    if (dialog && !dialog.hasAttribute("aria-label")) {
      dialog.setAttribute("aria-label", (input && input.getAttribute("aria-label")) || "Search");
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", nameSearchDialog);
  } else {
    nameSearchDialog();
  }
})();
