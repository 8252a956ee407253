// At the table with no signal: the site kept on the phone. The footer of every page offers "Keep
// for offline use" (not started by itself, and never on a connection that asks to save data),
// shows the progress and the size, says when the copy is whole and which build it is, and offers
// a reload when a newer build has been stored. The work is done by the build's sw.js.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  var root = window.Site.root;
  var box = null;

  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function panel() {
    if (box) return box;
    var footer = document.querySelector(".md-footer-meta__inner") || document.body;
    box = document.createElement("div");
    box.className = "offline-box";
    box.innerHTML = '<span class="offline-state" role="status" aria-live="polite"></span> ' +
      '<button type="button" class="offline-keep md-button" hidden>Keep for offline use</button>' +
      '<button type="button" class="offline-reload md-button" hidden>Reload</button>';
    footer.appendChild(box);
    box.querySelector(".offline-keep").addEventListener("click", keep);
    box.querySelector(".offline-reload").addEventListener("click", function () { location.reload(); });
    return box;
  }

  function say(text, keepButton, reloadButton) {
    var b = panel();
    b.querySelector(".offline-state").textContent = text;
    b.querySelector(".offline-keep").hidden = !keepButton;
    b.querySelector(".offline-reload").hidden = !reloadButton;
  }

  var started = 0;
  function keep() {
    navigator.serviceWorker.ready.then(function (reg) {
      started = Date.now();
      say("Storing the site for offline use…", false, false);
      reg.active.postMessage({type: "keep"});
    });
  }

  // The worker knows its build's size: the page offers the copy without fetching its list of files.
  function offer(m) {
    var saving = navigator.connection && navigator.connection.saveData;
    var size = m.size || {};
    say("This is build " + m.build + " of the " + (size.edition || "Laws") + ". " +
        (saving ? "Data saver is on: nothing stored yet. " : "Not stored on this device. ") +
        "The whole site (every Law, chart, step-through and the search) is " + mb(size.bytes || 0) + ".", true, false);
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var m = event.data || {};
    if (m.type === "progress") {
      say("Storing for offline use: " + m.done + " of " + m.total + " files (" + mb(m.bytes) + ")…", false, false);
    } else if (m.type === "stored") {
      var took = started ? " in " + Math.round((Date.now() - started) / 1000) + " s" : "";
      say("Stored for offline use" + took + ": " + m.files + " files, " + mb(m.bytes) + ", build " + m.build + " of the " + (m.edition || "Laws") + ".", false, false);
    } else if (m.type === "status") {
      if (m.stored) say("Stored for offline use: build " + m.build + " of the " + ((m.size || {}).edition || "Laws") + " (" + mb(m.stored.bytes) + ").", false, false);
      else offer(m);
    } else if (m.type === "failed") {
      say("Storing stopped (" + m.reason + "). Try again when the connection is better.", true, false);
    }
  });

  var hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // A newer build's worker took over, its copy already stored whole: the page may be older.
    if (hadController) say("This site has been updated, and the offline copy with it.", false, true);
    hadController = true;
  });

  navigator.serviceWorker.register(new URL("sw.js", root).href, {scope: root.href}).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    if (reg.active) reg.active.postMessage({type: "status"});
  }).catch(function () { /* no worker: the site still works online */ });
})();
