// The course on a phone and on paper. A question's options each say why they are right or wrong
// when picked, and the whole answer opens. Answers are kept on this device (localStorage: never
// sent anywhere), so the practice can show the questions not yet answered right, one at a time,
// filtered by topic and level, with Next. A final test is scored when asked. A handout prints a
// chosen set on A4 or A5, with or without its answer key.
(function () {
  "use strict";

  var STORE = "bridge-laws-course";

  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { return {}; }
  }

  function save(data) {
    try { localStorage.setItem(STORE, JSON.stringify(data)); } catch (e) { /* private mode: kept for this page only */ }
  }

  function remember(key, right) {
    var data = load();
    var was = data[key] || { tries: 0, right: false };
    data[key] = { tries: was.tries + 1, right: was.right || right, last: right };
    save(data);
  }

  // A question: picking an option shows its reason; outside a test, the answer opens too.
  function wireQuiz(quiz, inTest) {
    var feedback = quiz.querySelector(".quiz-feedback");
    var answer = quiz.querySelector(".quiz-answer");
    quiz.querySelectorAll(".quiz-choice").forEach(function (button) {
      button.addEventListener("click", function () {
        var right = button.getAttribute("data-correct") === "yes";
        quiz.querySelectorAll(".quiz-choice").forEach(function (b) {
          b.classList.remove("quiz-picked", "quiz-right", "quiz-wrong");
          b.setAttribute("aria-pressed", "false");
        });
        button.classList.add("quiz-picked");
        button.setAttribute("aria-pressed", "true");
        quiz.setAttribute("data-picked", right ? "right" : "wrong");
        if (inTest) { feedback.textContent = "Answer noted."; return; }
        reveal(quiz, button);
        remember(quiz.getAttribute("data-key"), right);
        feedback.textContent = right ? "Right: that is the ruling." : "Not this one: see why under it, and the whole ruling below.";
        if (answer) answer.setAttribute("open", "");
        document.dispatchEvent(new CustomEvent("course-answered"));
      });
    });
  }

  function reveal(quiz, picked) {
    quiz.querySelectorAll(".quiz-choice").forEach(function (b) {
      var right = b.getAttribute("data-correct") === "yes";
      if (b === picked || right) b.classList.add(right ? "quiz-right" : "quiz-wrong");
      var why = b.parentNode.querySelector(".quiz-why");
      if (why && (b === picked || right)) why.hidden = false;
    });
  }

  // Practice: one question at a time, filtered, with Previous and Next.
  function wirePractice(box) {
    var controls = box.querySelector(".practice-controls");
    var quizzes = Array.prototype.slice.call(box.querySelectorAll("[data-quiz]"));
    if (!controls || !quizzes.length) return;
    controls.hidden = false;
    var topic = controls.querySelector('[data-filter="topic"]');
    var level = controls.querySelector('[data-filter="level"]');
    var open = controls.querySelector('[data-filter="unanswered"]');
    var progress = controls.querySelector(".practice-progress");
    var at = 0;
    function shown() {
      var data = load();
      return quizzes.filter(function (q) {
        if (topic.value && q.getAttribute("data-topic") !== topic.value) return false;
        if (level.value && q.getAttribute("data-level") !== level.value) return false;
        if (open.checked && (data[q.getAttribute("data-key")] || {}).right) return false;
        return true;
      });
    }
    function show() {
      var list = shown();
      var data = load();
      var done = quizzes.filter(function (q) { return (data[q.getAttribute("data-key")] || {}).right; }).length;
      if (at >= list.length) at = Math.max(0, list.length - 1);
      quizzes.forEach(function (q) { q.hidden = true; });
      if (list.length) list[at].hidden = false;
      progress.textContent = (list.length ? "Question " + (at + 1) + " of " + list.length : "No question left with these filters") +
        " · " + done + " of " + quizzes.length + " answered right on this device";
    }
    controls.querySelectorAll("[data-step]").forEach(function (b) {
      b.addEventListener("click", function () {
        var list = shown();
        at = Math.min(Math.max(0, at + Number(b.getAttribute("data-step"))), Math.max(0, list.length - 1));
        show();
        if (list[at]) list[at].scrollIntoView({ block: "start" });
      });
    });
    [topic, level, open].forEach(function (c) { c.addEventListener("change", function () { at = 0; show(); }); });
    document.addEventListener("course-answered", show);
    show();
  }

  // A final test: the answers and the score once asked.
  function wireTest(box) {
    var quizzes = Array.prototype.slice.call(box.querySelectorAll("[data-quiz]"));
    var button = box.querySelector("[data-score]");
    var line = box.querySelector(".test-score");
    if (!button) return;
    button.addEventListener("click", function () {
      var right = 0;
      quizzes.forEach(function (q) {
        var picked = q.querySelector(".quiz-picked");
        var ok = q.getAttribute("data-picked") === "right";
        if (ok) right += 1;
        reveal(q, picked);
        var answer = q.querySelector(".quiz-answer");  // hidden in a test until it is scored (and in its print)
        if (answer) { answer.hidden = false; answer.setAttribute("open", ""); }
        q.querySelector(".quiz-feedback").textContent = picked ? (ok ? "Right." : "Not the ruling.") : "Not answered.";
        if (picked) remember(q.getAttribute("data-key"), ok);
      });
      line.textContent = "Score: " + right + " of " + quizzes.length + " (" + Math.round(100 * right / quizzes.length) + " %)";
    });
  }

  // A handout: the chosen set, level and number of questions, on A4 or A5, with or without the key.
  function wireHandout(form) {
    var items = Array.prototype.slice.call(document.querySelectorAll(".handout-item"));
    var rows = Array.prototype.slice.call(document.querySelectorAll(".handout-key-table tbody tr"));
    var key = document.querySelector("[data-handout-key]");
    var page = document.createElement("style");
    document.head.appendChild(page);
    function apply() {
      var set = form.elements.set.value, level = form.elements.level.value;
      var count = Math.max(1, Number(form.elements.count.value) || 1);
      var keep = {};
      var n = 0;
      items.forEach(function (item) {
        var ok = (set === "all" || item.getAttribute("data-set") === set) &&
                 (!level || item.getAttribute("data-level") === level) && n < count;
        item.hidden = !ok;
        if (ok) { n += 1; keep[item.getAttribute("data-key")] = n; }
      });
      rows.forEach(function (row) {
        var k = keep[row.getAttribute("data-key")];
        row.hidden = !k;
        if (k) row.querySelector(".handout-key-number").textContent = String(k);
      });
      key.hidden = !form.elements.key.checked;
      page.textContent = "@page { size: " + form.elements.paper.value + "; margin: 14mm; }";
      document.documentElement.setAttribute("data-paper", form.elements.paper.value);
    }
    // A new set or level prints the whole of it: the count follows (a count left from another set
    // silently dropped questions), and can then be lowered by hand.
    function fit(event) {
      var name = event.target && event.target.name;
      if (name === "set" || name === "level") {
        var set = form.elements.set.value, level = form.elements.level.value;
        form.elements.count.value = String(Math.max(1, items.filter(function (item) {
          return (set === "all" || item.getAttribute("data-set") === set) && (!level || item.getAttribute("data-level") === level);
        }).length));
      }
      apply();
    }
    form.addEventListener("change", fit);
    form.addEventListener("input", apply);
    form.querySelector(".handout-print").addEventListener("click", function () { window.print(); });
    apply();
  }

  // The course's index: how far this device has come in each module.
  function wireIndex() {
    var data = load();
    document.querySelectorAll(".training-progress[data-charts]").forEach(function (span) {
      var charts = span.getAttribute("data-charts").split(" ");
      var right = Object.keys(data).filter(function (k) { return data[k].right && charts.indexOf(k.split(": ")[0]) >= 0; }).length;
      span.textContent = right ? right + " answered right on this device" : "";
    });
  }

  function start() {
    var tested = {};
    document.querySelectorAll("[data-test-set] [data-quiz]").forEach(function (q) { tested[q.id] = true; wireQuiz(q, true); });
    document.querySelectorAll("[data-quiz]").forEach(function (q) { if (!tested[q.id]) wireQuiz(q, false); });
    document.querySelectorAll("[data-practice]").forEach(wirePractice);
    document.querySelectorAll("[data-test-set]").forEach(wireTest);
    document.querySelectorAll("form[data-handout]").forEach(wireHandout);
    wireIndex();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
