// Course pages: choosing a ruling says whether it is right and opens the answer (the chart's
// questions, the facts' answers and the Law). Handouts: the Print button.
(function () {
  "use strict";

  function start() {
    document.querySelectorAll("[data-quiz]").forEach(function (quiz) {
      var feedback = quiz.querySelector(".quiz-feedback");
      var answer = quiz.querySelector(".quiz-answer");
      quiz.querySelectorAll(".quiz-choice").forEach(function (button) {
        button.addEventListener("click", function () {
          var right = button.getAttribute("data-correct") === "yes";
          quiz.querySelectorAll(".quiz-choice").forEach(function (b) { b.classList.remove("quiz-picked"); });
          button.classList.add("quiz-picked", right ? "quiz-right" : "quiz-wrong");
          feedback.textContent = right ? "Right." : "Not this one: see the answer below.";
          answer.setAttribute("open", "");
        });
      });
    });
    document.querySelectorAll(".handout-print").forEach(function (button) {
      button.addEventListener("click", function () { window.print(); });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
