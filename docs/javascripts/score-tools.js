/* Score tools: a contract's score (Law 77), IMPs (Law 78B) and a weighted adjusted score
   (Law 12C1(c)).

   Every figure comes from the JSON that the page embeds in <script id="score-data">, which the
   build makes from the same tables the Law pages print (generator/tools/scoring.py, as_data()). This
   file repeats the arithmetic of generator/tools/scoring.py, function for function:
     scoreParts / contractScore  <->  ScoringTables.score_parts / contract_score
     imps                        <->  ScoringTables.imps
     weightedScore               <->  ScoringTables.weighted_score
   Keep the two in step: tests/test_scoring.py checks the Python against worked examples.
   Plain JavaScript, no framework, no network. It runs on every page and does nothing on pages
   without the data. */
(function () {
  "use strict";

  var DOUBLINGS = ["", "X", "XX"];
  var DOUBLING_NAMES = { "": "undoubled", "X": "doubled", "XX": "redoubled" };
  var STRAIN_NAMES = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades", "NT": "no-trump" };
  var ORDINALS = ["", "first", "second", "third", "fourth", "fifth", "sixth"];

  /* ---- The arithmetic (same as generator/tools/scoring.py) ---- */

  // The score line by line, as Law 77 builds it; negative amounts go to the defenders.
  function scoreParts(data, level, strain, doubled, vulnerable, tricks) {
    if (!(level >= 1 && level <= data.tricks - data.book) || !(tricks >= 0 && tricks <= data.tricks) ||
        DOUBLINGS.indexOf(doubled) < 0 || !(strain in data.firstTrick)) {
      throw new Error("no such contract or result");
    }
    var v = vulnerable ? 1 : 0;  // every pair of figures is [not vulnerable, vulnerable]
    var needed = data.book + level;
    var parts = [];
    if (tricks < needed) {
      var down = needed - tricks;
      var under = data.undertricks;
      parts.push(["First undertrick", -under.first[doubled][v]]);
      if (down > 1) {
        parts.push([(down - 1) + " additional undertrick" + (down > 2 ? "s" : ""),
                    -under.additional[doubled][v] * (down - 1)]);
      }
      var extra = down - data.bonusFrom + 1;
      if (extra > 0 && under.bonus[doubled][v]) {
        parts.push(["Bonus for undertricks from the " + ORDINALS[data.bonusFrom], -under.bonus[doubled][v] * extra]);
      }
      return parts;
    }
    var trickScore = data.firstTrick[strain][doubled] + data.moreTricks[strain][doubled] * (level - 1);
    parts.push(["Trick score", trickScore]);
    var over = tricks - needed;
    if (over) {
      var each = data.overtricks[doubled];
      // "Trick Value" (null): an undoubled overtrick is worth what a further odd trick is worth.
      var value = each === null ? data.moreTricks[strain][""] : each[v];
      parts.push([over + " overtrick" + (over > 1 ? "s" : ""), value * over]);
    }
    var slamLevels = Object.keys(data.slams).map(Number);
    if (data.slams[String(level)]) {
      parts.push([level === Math.max.apply(null, slamLevels) ? "Grand slam" : "Small slam", data.slams[String(level)][v]]);
    }
    if (trickScore >= data.gameThreshold) {
      parts.push([vulnerable ? "Game, vulnerable" : "Game, not vulnerable", data.game[v]]);
    } else {
      parts.push(["Partscore", data.partscore]);
    }
    if (data.insult[doubled]) {
      parts.push([doubled === "XX" ? "Making a redoubled contract" : "Making a doubled contract", data.insult[doubled]]);
    }
    return parts;
  }

  // The score for declarer's side: positive when made, negative when defeated.
  function contractScore(data, level, strain, doubled, vulnerable, tricks) {
    return scoreParts(data, level, strain, doubled, vulnerable, tricks)
      .reduce(function (sum, part) { return sum + part[1]; }, 0);
  }

  // Law 78B: a point difference in IMPs, keeping its sign. Each range runs up to its own top, so
  // a difference in a gap between ranges (only possible for a score that is not a multiple of
  // 10) goes with the range above it: 15 -> 1, 425 -> 10. The Python reads it the same way.
  function imps(data, difference) {
    var size = Math.abs(difference);
    for (var i = 0; i < data.imps.length; i++) {
      var range = data.imps[i];  // [low, high or null for "and above", IMPs]
      if (range[1] === null || size <= range[1]) {
        return difference < 0 ? -range[2] : range[2];
      }
    }
    throw new Error("the last range of the scale is open-ended");
  }

  // Law 12C1(c): {points, imps}; imps is null without a comparison score. Weights are fractions
  // summing to 1 or percentages summing to 100. Each result is turned into IMPs against the
  // other table, then the IMPs are weighted, as is the practice.
  function weightedScore(data, results, compareWith) {
    if (!results.length) throw new Error("a weighted score needs at least one result");
    var total = 0;
    var negative = false;
    results.forEach(function (r) { total += r[1]; negative = negative || r[1] < 0; });
    if (negative || !(Math.abs(total - 1) <= 1e-6 || Math.abs(total - 100) <= 1e-4)) {
      throw new Error("Weights must be fractions summing to 1 or percentages summing to 100, not " + round2(total) + ".");
    }
    var points = results.reduce(function (s, r) { return s + r[0] * r[1]; }, 0) / total;
    if (compareWith === null) return { points: points, imps: null };
    var weighted = results.reduce(function (s, r) { return s + imps(data, r[0] - compareWith) * r[1]; }, 0) / total;
    return { points: points, imps: weighted };
  }

  /* ---- The page ---- */

  function round2(x) {
    return Math.round(x * 100) / 100;
  }

  function signed(x) {
    var r = round2(x);
    return r > 0 ? "+" + r : r < 0 ? "\u2212" + Math.abs(r) : "0";
  }

  function readNumber(text) {
    var t = String(text).trim().replace(/\u2212/g, "-").replace(/%$/, "").trim();
    if (t === "" || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
    return Number(t);
  }

  function checked(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function say(region, lines) {
    region.textContent = "";
    lines.forEach(function (line, n) {
      var p = document.createElement(n === 0 ? "p" : "div");
      p.className = n === 0 ? "st-answer" : "st-line";
      p.textContent = line;
      region.appendChild(p);
    });
  }

  function rangeText(data, difference) {
    var size = Math.abs(difference);
    for (var i = 0; i < data.imps.length; i++) {
      var r = data.imps[i];
      if (r[1] === null || size <= r[1]) return r[1] === null ? r[0] + "+" : r[0] + "\u2013" + r[1];
    }
    return "";
  }

  function scoreTool(data, root, addResult) {
    var form = root.querySelector("#st-score");
    var out = root.querySelector("#st-score-result");
    var add = root.querySelector("#st-score-add");
    if (!form || !out) return;
    // The page lists the strains; one the tables do not hold cannot be scored, so hide it.
    form.querySelectorAll('input[name="strain"]').forEach(function (input) {
      if (data.strains.indexOf(input.value) < 0) input.closest("label").hidden = true;
    });
    var last = null;
    function update() {
      var level = Number(form.elements.level.value);
      var strain = checked(form, "strain");
      var doubled = checked(form, "doubled") || "";
      var vulnerable = form.elements.vulnerable.checked;
      var tricks = Number(form.elements.tricks.value);
      var contract = level + strain + doubled;
      var parts = scoreParts(data, level, strain, doubled, vulnerable, tricks);
      var total = contractScore(data, level, strain, doubled, vulnerable, tricks);
      var made = tricks - data.book - level;
      var outcome = made < 0 ? "down " + -made : made === 0 ? "made exactly" : "made with " + made + " overtrick" + (made > 1 ? "s" : "");
      var lines = [contract + " (" + STRAIN_NAMES[strain] + ", " + DOUBLING_NAMES[doubled] + "), " +
                   (vulnerable ? "vulnerable" : "not vulnerable") + ", " + tricks + " tricks: " + outcome +
                   ". Score " + signed(total) + " for declarer\u2019s side" +
                   (total < 0 ? " (" + signed(-total) + " for the defenders)." : ".")];
      parts.forEach(function (p) { lines.push(p[0] + ": " + signed(p[1])); });
      say(out, lines);
      last = total;
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); update(); });
    if (add) add.addEventListener("click", function () { if (last !== null) addResult(last); });
    update();
  }

  function impTool(data, root) {
    var form = root.querySelector("#st-imps");
    var out = root.querySelector("#st-imps-result");
    if (!form || !out) return;
    function update() {
      var diff = readNumber(form.elements.difference.value);
      if (diff === null) { say(out, ["Enter the difference in points (negative if it is a loss)."]); return; }
      var n = imps(data, diff);
      say(out, [signed(diff) + " points: " + signed(n) + " IMP" + (Math.abs(n) === 1 ? "" : "s") +
                " (range " + rangeText(data, diff) + " of Law 78B)."]);
    }
    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); update(); });
    update();
  }

  function weightedTool(data, root) {
    var form = root.querySelector("#st-weighted");
    var rows = root.querySelector("#st-rows");
    var out = root.querySelector("#st-weighted-result");
    var addButton = root.querySelector("#st-add-row");
    if (!form || !rows || !out) return null;
    var count = 0;

    function field(labelText, id, type, mode, value) {
      var wrap = document.createElement("div");
      wrap.className = "st-field";
      var label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = labelText;
      var input = document.createElement("input");
      input.id = id;
      input.type = type;
      if (mode) input.inputMode = mode;
      if (type === "number") input.step = "10";
      input.value = value;
      wrap.appendChild(label);
      wrap.appendChild(input);
      return wrap;
    }

    function addRow(score, weight) {
      count += 1;
      var row = document.createElement("div");
      row.className = "st-row";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", "Result " + count);
      row.appendChild(field("Result " + count + ": score", "st-result-" + count, "number", "", score));
      row.appendChild(field("Weight (% or fraction)", "st-weight-" + count, "text", "decimal", weight));
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "st-button st-remove";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", "Remove result " + count);
      remove.addEventListener("click", function () { row.remove(); update(); });
      row.appendChild(remove);
      rows.appendChild(row);
      return row;
    }

    function update() {
      var results = [];
      var bad = false;
      rows.querySelectorAll(".st-row").forEach(function (row) {
        var inputs = row.querySelectorAll("input");
        var score = readNumber(inputs[0].value);
        var weight = readNumber(inputs[1].value);
        if (score === null && weight === null) return;  // an empty row is left out
        if (score === null || weight === null) { bad = true; return; }
        results.push([score, weight]);
      });
      var compare = readNumber(form.elements.compare.value);
      if (bad || !results.length) {
        say(out, ["Enter a score and a weight for each result."]);
        return;
      }
      var answer;
      try {
        answer = weightedScore(data, results, compare);
      } catch (err) {
        say(out, [err.message]);
        return;
      }
      var lines = ["Weighted score: " + signed(answer.points) + " points."];
      if (answer.imps !== null) {
        lines[0] += " Against " + signed(compare) + ": " + signed(answer.imps) + " IMPs.";
        results.forEach(function (r) {
          lines.push(signed(r[0]) + " (weight " + r[1] + "): " + signed(imps(data, r[0] - compare)) + " IMPs");
        });
      }
      say(out, lines);
    }

    form.addEventListener("input", update);
    form.addEventListener("submit", function (e) { e.preventDefault(); update(); });
    if (addButton) addButton.addEventListener("click", function () {
      addRow("", "").querySelector("input").focus();
      update();
    });
    addRow("", "");
    addRow("", "");
    update();
    return function (score) {
      // The calculator's score fills the first empty row, or a new one.
      var empty = Array.prototype.find.call(rows.querySelectorAll(".st-row"), function (row) {
        return row.querySelector("input").value === "";
      });
      var row = empty || addRow("", "");
      var inputs = row.querySelectorAll("input");
      inputs[0].value = String(score);
      update();
      inputs[1].focus();  // the weight is what the Director types next
    };
  }

  function init() {
    var source = document.getElementById("score-data");
    if (!source || source.getAttribute("data-ready")) return;
    source.setAttribute("data-ready", "1");
    var root = document;  // the three tools sit in separate blocks between the page's headings
    var data = JSON.parse(source.textContent);
    var addResult = weightedTool(data, root) || function () {};
    scoreTool(data, root, addResult);
    impTool(data, root);
    // For checking in the browser's console: the same functions with the page's data.
    window.bridgeScoreTools = {
      contractScore: contractScore.bind(null, data),
      scoreParts: scoreParts.bind(null, data),
      imps: imps.bind(null, data),
      weightedScore: weightedScore.bind(null, data)
    };
  }

  // Material's document$ announces every page, also with instant loading; else the DOM event.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
