// The search's logic, apart from the page: what a query says (a citation, or words once bids,
// board and trick numbers, seats and cards are read as what they are, and typos are put right
// against the site's own words), and how the records rank (a BM25 score over the parts of each
// record, which need not hold every word, gathered by Law). Pure functions of the index the build
// writes (search/index.json): node tests them (tests/js/), the page calls them (search.js).
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.SearchLogic = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // ---- words: the same cutting and stemming as the generator's site/searchwords.py ----

  function terms(text) {
    var flat = String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    flat = flat.replace(/[’'‘]/g, "");
    return flat.split(/[^a-z0-9]+/).filter(Boolean);
  }

  function undouble(w) { return w.replace(/([bdgmnprt])\1$/, "$1"); }

  function stem(word) {
    var w = word;
    if (w.length <= 3 || /^\d+$/.test(w)) return w;
    if (/ies$/.test(w) && w.length > 4) w = w.slice(0, -3) + "y";
    else if (/sses$/.test(w)) w = w.slice(0, -2);
    else if (/(ches|shes|xes|zes)$/.test(w) && w.length > 4) w = w.slice(0, -2);
    else if (/s$/.test(w) && !/(ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
    if (/ied$/.test(w) && w.length > 4) w = w.slice(0, -3) + "y";
    else if (/ed$/.test(w) && w.length > 4) w = undouble(w.slice(0, -2));
    else if (/ing$/.test(w) && w.length > 5) w = undouble(w.slice(0, -3));
    if (/e$/.test(w) && !/ee$/.test(w) && w.length > 3) w = w.slice(0, -1);
    return w;
  }

  // ---- citations: the same reduction as the generator's searchrecords.citation_key ----

  function citationKey(text) {
    var key = text.toLowerCase().trim();
    key = key.replace(/^(?:laws?|l|rule|§)\.?\s*(?=\d)/, "");
    key = key.replace(/(\d)\s*(?:-|–|to)\s*(?=\d)/g, "$1-");
    return key.replace(/[^a-z0-9-]/g, "");
  }

  function phraseKey(text) {
    return text.toLowerCase().replace(/’/g, "'").split(/\s+/).filter(Boolean).join(" ");
  }

  var UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
               "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
  var TENS = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

  // "sixty four" → "64", "twenty-seven" → "27", "seven" → "7": Laws said in words.
  function numbersInWords(text) {
    return text.replace(/\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(one|two|three|four|five|six|seven|eight|nine))?\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b/gi,
      function (all, tens, unit, alone) {
        if (tens) return String(TENS[tens.toLowerCase()] + (unit ? UNITS.indexOf(unit.toLowerCase()) : 0));
        return String(UNITS.indexOf(alone.toLowerCase()));
      });
  }

  // A place as typed: an optional "Law", "L.", "rule" or "§", the Law's number, then its section,
  // paragraph and items with any spaces, dots or brackets between (50D1a, 50 d 1 (a), L.75 D 2).
  var PLACE = /^(?:laws?|l|rule|§)?\.?\s*(\d{1,2})(?!\d)((?:[\s.]*[a-h](?![a-z]))?(?:[\s.]*\d{1,2})?(?:[\s.]*\(?\s*[a-z]\s*\)(?:[\s.]*\(?\s*[ivx]+\s*\))?|[\s.]*[a-z](?![a-z])(?:[\s.]*\(?\s*[ivx]+\s*\)?)?)?)\s*(.*)$/i;
  var NAMED = /^(?:laws?|l|rule|§)\.?\s*\d/i;

  // A typed citation: the place itself, or the nearest enclosing one the Laws have; a range or a
  // list of Laws (10-12, 13 and 14) leads to its chart or its first Law.
  function citation(text, cites) {
    var said = text.trim();
    if (/^(?:laws?|rule)\s+[a-z]/i.test(said)) said = numbersInWords(said);
    else if (/^(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/i.test(said)) said = numbersInWords(said);
    var m = PLACE.exec(said);
    if (!m) return null;
    var law = m[1], rest = m[3];
    var range = /^(?:-|–|to)\s*(\d{1,2})\s*$/i.exec(rest);
    if (range) {
      var chart = cites[law + "-" + range[1]];
      return cites[law] !== undefined ? { entry: chart || cites[law], rest: "", exact: true } : null;
    }
    if (/^(?:and|&|,|\/|or)\s*\d/i.test(rest)) rest = "";
    // Words after a bare number are a phrase ("14 cards"), not a citation, unless "Law" was typed.
    if (rest && !NAMED.test(said)) return null;
    if (cites[law] === undefined) return null;
    var key = citationKey(law + m[2]);
    if (cites[key] !== undefined) return { entry: cites[key], rest: rest, exact: true };
    for (var n = key.length - 1; n >= law.length; n--) {
      if (cites[key.slice(0, n)] !== undefined) {
        return { entry: cites[key.slice(0, n)], rest: rest, exact: false, typed: said.slice(0, said.length - rest.length).trim() };
      }
    }
    return null;
  }

  // ---- what the words of a story are: bids, boards, tricks, seats and cards ----

  var SUIT = "(?:nt|n|c|d|h|s|clubs?|diamonds?|hearts?|spades?|no[\\s-]?trumps?)";
  var BID = new RegExp("\\b[1-7]\\s?" + SUIT + "(?:xx|x|=|[+-]\\d{1,2})?(?![a-z0-9])", "gi");
  var ORDINAL = { 12: "twelfth", 13: "thirteenth", 1: "first" };

  // The story's words as the search should read them: a bid or contract is "bid", a board number
  // goes, a trick's number becomes its ordinal where the Laws care (the twelfth and thirteenth
  // tricks, the first), a seat goes, a card is "card". Citations inside the words are kept apart.
  function reading(text) {
    var laws = [], later = false;
    var t = " " + text.replace(/♠/g, "s").replace(/♥/g, "h").replace(/♦/g, "d").replace(/♣/g, "c") + " ";
    t = t.replace(/\b(?:laws?|l|rule)\s*\.?\s*(\d{1,2})(?:[a-h]\d{0,2}(?:\(?[a-z]\)?)?)?(?![0-9])/gi, function (all, law) {
      laws.push(Number(law));
      return " ";
    });
    t = t.replace(/\b(?:bd|brd|boards?|b)\s*#?\s*\d{1,3}\b/gi, " ");
    // A hand's count of cards says what is wrong with it: 14 cards are too many, 12 too few.
    // (Two or three cards are cards played or shown, not a hand's count.)
    t = t.replace(/\b(1[0-9]|eleven|twelve|fourteen|fifteen)\s+cards?\b/gi, function (all, n) {
      var count = /^\d+$/.test(n) ? Number(n) : { eleven: 11, twelve: 12, fourteen: 14, fifteen: 15 }[n.toLowerCase()];
      return count > 13 ? " incorrect number of cards too many " : count < 13 ? " incorrect number of cards missing card " : " thirteen cards ";
    });
    t = t.replace(/\btrick\s*(?:no\.?|number|#)?\s*(\d{1,2})\b|\b(\d{1,2})(?:st|nd|rd|th)\s+trick\b/gi, function (all, a, b) {
      var n = Number(a || b);
      if (n > 1) later = true;
      return " " + (ORDINAL[n] ? ORDINAL[n] + " " : "") + "trick ";
    });
    // A card played, led or shown is a card, not a bid ("followed with the 3H", "penalty card
    // 8H"); so is an eight or nine of a suit that nobody bid.
    t = t.replace(/\b((?:play|played|plays|led|lead|leads|follow|followed|follows|discarded|discards|ruffed|trumped|dropped|faced|exposed|showed|penalty\s+card|penalty\s+cards)(?:\s+(?:with|on))?(?:\s+(?:the|a|his|her|my|an))?\s+)[2-9]\s?[cdhs](?![a-z0-9])/gi, "$1 card ");
    t = t.replace(/(^\s*|[^\w\s]\s*|\b(?!(?:bid|bids|opened|over|of)\b)[a-z]+\s+)[89]\s?[cdhs](?![a-z0-9])/gi, "$1 card ");
    // A question's "have to" is the Laws' "must" ("do I have to trump", "does he need to show it").
    t = t.replace(/\b(?:have|has|had|need|needs|got)\s+to\b/gi, " must ");
    t = t.replace(/\b(?:allowed|permitted)\s+to\b|^\s*can\b/gi, " may ");
    var turn = turnWords(t);
    t = turn.told + auctionWords(turn.text) + playedTo(turn.told + turn.text) + revokeThen(turn.text) + turn.text.replace(BID, " bid ");
    // "TD" is the Director, not the ten of diamonds (which players write 10D or DT); "AC" beside
    // an appeal or a ruling is the appeals committee, not the ace of clubs; "DQ'd" is disqualified.
    var committee = /\b(?:appeal\w*|ruling|ruled|overturn\w*|committee|td|director)\b/i.test(t) ? "|AC\\b" : "";
    t = t.replace(new RegExp("\\b(?!TD\\b" + committee + ")(?:[AKQJT2-9][SHDC]|[SHDC][AKQJT2-9]|[shdc][akqjt](?=\\s))\\b(?!['’]?d\\b|ed\\b)", "g"), " card ");
    t = t.replace(/\b(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\s+of\s+(?:spades|hearts|diamonds|clubs|trumps?)\b/gi, " card ");
    // Which suit a story names says nothing about the Law ("declarer wants a heart"); a bid's or
    // a card's suit was read above.
    t = t.replace(/\b(?:spades?|hearts?|diamonds?|clubs?)\b/gi, " ");
    t = t.replace(/(^|\s)xx(?=\s)/gi, "$1redouble").replace(/(^|\s)x(?=\s)/gi, "$1double");
    t = t.replace(/\b(?:n|e|s|w|ns|ew|n\/s|e\/w|nsew|north|south|east|west)\b/gi, " ");
    t = t.replace(/\b\d+\b/g, " ");
    return { text: t, laws: laws, later: later };
  }

  // A story that says whose turn it was tells a call or lead out of turn in its own words: "it
  // was my turn", "when it was LHO's lead", "it was south to call", "before north had even
  // opened", "not his turn", "S is dealer but W opened". A call out of turn is what the Laws
  // call one out of rotation.
  var CALLS = /\b(?:bid|bids|bidding|bidder|opened|opener|opens|auction|pass|passed|passes|overcall\w*|alert\w*|doubled?|redoubled?|x|xx|explain\w*|explanation|[1-7]\s?nt)\b/i;
  var PLAYS = /\b(?:led|lead|leads|leading|trick|tricks|follow\w*|played|plays|play|penalty|discard\w*|ruff\w*|trumped|revok\w*|dummy|declarer|defender|defending)\b/i;
  var SEAT = "(north|south|east|west|n|e|s|w)";
  var WHOSE = "(?:my|his|her|their|your|our|partner'?s?|pard'?s?|[lr]ho'?s?|dummy'?s?|declarer'?s?|dealer'?s?|" + SEAT + "'?s?)";
  var TOLD = [
    new RegExp("\\bit\\s+(?:was|is)\\s+(?:actually\\s+|really\\s+|still\\s+)?" + WHOSE + "\\s+(turn|call|bid|go|lead)\\b", "i"),
    new RegExp("\\bit\\s+(?:was|is)\\s+" + SEAT + "\\s+to\\s+(call|bid|lead|play)\\b", "i"),
    /\bout\s+of\s+(order)\b/i,
    new RegExp("\\b(?:when|but|while|after)\\s+(?:the\\s+)?(?:dummy|declarer|partner|pard|[lr]ho|" + SEAT + ")\\s+(?:had\\s+|has\\s+)?(?:won\\s+(?:the\\s+)?(?:last|previous|that)\\s+trick|(?:was|is)\\s+on\\s+(lead))\\b", "i"),
    new RegExp("\\bbefore\\s+(?:the\\s+)?(?:dealer|partner|pard|[lr]ho|" + SEAT + ")\\s+(?:had\\s+|has\\s+)?(?:even\\s+)?(called|bid|opened|passed|said\\s+a\\s+word|made\\s+a\\s+call|had\\s+a\\s+chance|led)\\b", "i")
  ];
  var DEALER = [new RegExp("\\b" + SEAT + "\\s+(?:is\\s+|was\\s+)?(?:the\\s+)?(?:dealer|dealing|deals|to\\s+deal)\\b", "i"),
                new RegExp("\\bdealer\\s+(?:is\\s+|was\\s+)?" + SEAT + "\\b", "i")];
  var FIRST_CALL = new RegExp("(\\bbefore\\s+)?\\b" + SEAT + "\\s+(?:\\w+\\s+){0,2}?(?:opened|opens|bid|bids|passed|passes|doubled|called|put|said\\s+(?:pass|double|no\\s+bid|[1-7]))\\b", "gi");

  // The words that told it are read as that and nothing else ("before", "dealer" and "called"
  // are not the story's own words then); what someone was told or thought is not what happened.
  function turnWords(text) {
    var said = text.replace(/[’‘]/g, "'"), word = null;
    for (var k = 0; k < TOLD.length && word === null; k++) {
      var m = TOLD[k].exec(said);
      if (m && m[m.length - 1] === undefined) m[m.length - 1] = "lead";
      if (m && !/\b(?:told|said|says|thought|thinks|think|believed)\s+(?:\w+\s+)?$/i.test(said.slice(0, m.index))) {
        word = m[m.length - 1].toLowerCase();
        said = said.slice(0, m.index) + " " + said.slice(m.index + m[0].length);
      }
    }
    if (word === null) {
      var dealer = null;
      DEALER.forEach(function (re) { var d = re.exec(said); if (d && dealer === null) dealer = { seat: d[1][0].toLowerCase(), start: d.index, end: d.index + d[0].length }; });
      if (dealer) {
        FIRST_CALL.lastIndex = 0;
        var c;
        while ((c = FIRST_CALL.exec(said)) !== null) {
          if (c.index < dealer.end - 1 && c.index + c[0].length > dealer.end - 1) continue;
          if (c[1]) continue;
          if (c[2][0].toLowerCase() !== dealer.seat) {
            word = "call";
            said = said.slice(0, dealer.start) + " " + said.slice(dealer.end);
          }
          break;
        }
      }
    }
    if (word === null) {
      // "OOT" is "out of turn"; of a call, the Laws say "out of rotation".
      said = said.replace(/\boot\b/gi, " out of turn ");
      if (/\bout\s+of\s+turn\b/i.test(said) && CALLS.test(said) && !/\b(?:led|lead|leads|leading|trick|played|play)\b/i.test(said)) return { told: " rotation ", text: said };
      return { told: "", text: said };
    }
    var lead = /^(?:lead|led|play)$/.test(word) || (!CALLS.test(said) && PLAYS.test(said));
    return { told: lead ? " out of turn " : " out of rotation ", text: said };
  }

  // A lead out of turn that the next hand then played or followed to has been accepted (Law
  // 53A): "W led out of turn and declarer played from dummy", "LOOT, then I followed".
  var LED_OOT = /\b(?:led|lead|leads|leading)\s+(?:\w+\s+){0,2}?out\s+of\s+turn\b|\bloot\b|^\s*out of turn\b|\bwrong\s+(?:defender|hand|player)\s+led\b/i;
  function playedTo(text) {
    var m = LED_OOT.exec(text);
    if (!m) return "";
    var after = text.slice(m.index + m[0].length);
    return /\b(?:played|play|plays|followed|follows|follow|ruffed|discarded|pitched)\b/i.test(after) ? " accept " : "";
  }

  // A revoke that its side then followed with a claim or a concession, or a play to the next
  // trick, is established (Law 63A): "defender revoked then claimed the rest".
  function revokeThen(text) {
    var m = /\brevok\w*|\brenege?d?\b|\bdidn'?t\s+follow\b/i.exec(text);
    if (!m) return "";
    var after = text.slice(m.index + m[0].length);
    return /\b(?:claim\w*|conced\w*|led\s+to\s+the\s+next|played\s+to\s+the\s+next|next\s+trick)\b/i.test(after) ? " established " : "";
  }

  // What a story's bids say about the auction: a bid no higher than the one before it is
  // insufficient ("1D over my 1H", "1S 2H and partner bid 2D"), one above seven is inadmissible.
  // "A over B" tells B first; "A instead of B" compares nothing.
  var STRAINS = "cdhsn";
  var ANY_BID = /\b([1-9])\s?(nt|n|c|d|h|s|clubs?|diamonds?|hearts?|spades?|no[\s-]?trumps?)(?![a-z0-9])/gi;

  function auctionWords(text) {
    var bids = [], m;
    ANY_BID.lastIndex = 0;
    while ((m = ANY_BID.exec(text)) !== null) {
      // A contract ("4S by N", "3NTx", "6S=", "4H making") is the auction's end, not one of its bids.
      if (/^\s*(?:x|=|[+-]\d|by\b|mak|made|down|doubled|redoubled)/i.test(text.slice(m.index + m[0].length))) continue;
      bids.push({ rank: Number(m[1]) * 5 + STRAINS.indexOf(m[2][0].toLowerCase()), level: Number(m[1]),
                  start: m.index, end: m.index + m[0].length });
    }
    var out = "";
    if (bids.some(function (b) { return b.level > 7; })) out += " bid of more than seven ";
    for (var k = 1; k < bids.length; k++) {
      var between = text.slice(bids[k - 1].end, bids[k].start).toLowerCase();
      if (/\b(?:instead|not|meant|or|and then changed|changed)\b/.test(between)) continue;
      var later = /\bover\b/.test(between) ? bids[k - 1] : bids[k];
      var earlier = later === bids[k] ? bids[k - 1] : bids[k];
      // The same bid named twice ("2H pass pass pass, is 2H the contract") is one bid, unless
      // one was made over the other.
      if (later.rank === earlier.rank && !/\bover\b/.test(between)) continue;
      if (later.rank <= earlier.rank) return out + " insufficient bid ";
    }
    return out;
  }

  // ---- typos: put right against the index's own terms ----

  function distance(a, b, limit) {
    // Optimal string alignment (a transposition counts one); stops early past `limit`.
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = null, prev = [], cur;
    for (var j = 0; j <= b.length; j++) prev[j] = j;
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  var RARE = 4, COMMONER = 10;

  function allowed(word) { return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0; }

  // The index's term nearest to an unknown word: the fewest edits, then one that starts as the
  // word does (a typo seldom falls on the first letter), then the commonest. The edits allowed
  // go by the length of the form compared (the word, or its stem: "swearing" is "swear", not
  // two edits from "speak"; a stem is allowed one at least: "pased" is "pas"); a short word whose first letter differs is
  // another word ("hitch" is not "pitch"), not a typo.
  function correct(word, index, self) {
    var limit = allowed(word);
    if (!limit) return null;
    var root = stem(word), rootLimit = Math.min(limit, Math.max(1, allowed(root)));
    var best = null, bestD = limit + 1, bestSame = false, bestN = -1;
    var list = index._terms || (index._terms = Object.keys(index.tc));
    for (var k = 0; k < list.length; k++) {
      var term = list[k];
      if (term === self || Math.abs(term.length - word.length) > limit + 1) continue;
      var d = distance(word, term, limit);
      if (d > limit) d = limit + 1;
      var dr = distance(root, term, rootLimit);
      if (dr <= rootLimit && dr < d) d = dr;
      if (d > limit) continue;
      var same = term[0] === word[0];
      if (!same && word.length < 6) continue;
      var n = count(index, term);
      if (d < bestD || (d === bestD && (same && !bestSame || same === bestSame && n > bestN))) {
        best = term; bestD = d; bestSame = same; bestN = n;
      }
    }
    return best;
  }

  // ---- the index ----

  // How many records hold a term (the index says so for every term; typos are put right by it).
  function count(index, term) { return index.tc[term] || 0; }

  // The run of terms (search/terms/<k>.json) that holds a term's postings: the last whose first
  // term is not after it.
  function runOf(index, term) {
    var lo = 0, hi = index.tp.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (index.tp[mid] <= term) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  // Run k of terms fetched: its postings join the index's.
  function addTerms(index, k, run) {
    index.t = index.t || {};
    (index._runs || (index._runs = {}))[k] = true;
    Object.keys(run).forEach(function (term) { index.t[term] = run[term]; });
  }

  // The runs a query's terms need that have not been fetched yet.
  function needed(index, query) {
    var runs = [];
    query.terms.forEach(function (term) {
      var k = runOf(index, term);
      if (!(index._runs && index._runs[k]) && runs.indexOf(k) < 0) runs.push(k);
    });
    return runs;
  }

  function postings(index, term) {
    var cache = index._post || (index._post = {});
    if (cache[term]) return cache[term];
    var raw = index.t && index.t[term];
    if (raw === undefined) return [];  // not in the runs fetched
    var out = [];
    if (raw) {
      var at = 0;
      raw.split(",").forEach(function (p) {
        var parts = p.split(":");
        at += parseInt(parts[0], 36);
        out.push([at, parts.length > 1 ? parseInt(parts[1], 36) : 1]);
      });
    }
    cache[term] = out;
    return out;
  }

  // What a query asks: its terms (stemmed, typos put right, ignored words dropped) and the Laws it names.
  function understand(text, index) {
    var read = reading(text);
    var ignored = index._ignored || (index._ignored = new Set(index.i));
    var out = [], fixed = [];
    terms(read.text).forEach(function (word) {
      if (ignored.has(word)) return;
      var term = stem(word);
      var known = count(index, term) > 0;
      // A word the index holds only a few times may itself be a typo that some writer made
      // (the situations keep TDs' own spelling): a far commoner neighbour is what was meant.
      var rare = known && count(index, term) <= RARE;
      if (!known || rare) {
        var near = correct(word, index, term);
        if (near && rare && count(index, near) < COMMONER * count(index, term)) near = null;
        if (!near && !known) return;
        if (near) {
          fixed.push([word, near]);
          // a rare word stays asked too: it may be right after all
          if (rare && out.indexOf(term) < 0) out.push(term);
          term = near;
        }
      }
      if (out.indexOf(term) < 0) out.push(term);
    });
    return { terms: out, laws: read.laws, fixed: fixed, later: !!read.later };
  }

  // ---- ranking ----

  var TUNE = {
    k1: 3.0, b: 0.5, cover: 1.5, telling: 0.5, otherSide: 0.6,
    kind: { situation: 0.8, law: 1, chart: 0.5, definition: 0.6, course: 0.3, page: 0.2 },
    second: 0.5, named: 1.6, situationFirst: 0.5, close: 0.6,
    shown: { laws: 8, perLaw: 3, situations: 2, charts: 2, rest: 2, later: { perLaw: 2, situations: 1 } }
  };

  function score(index, query) {
    var records = index.r.length;
    var scores = {}, matched = {}, total = 0;
    // How much of the query a record covers is weighed by how telling each word is: one rare
    // word ("kibitzer") says more than three common ones ("face", "during", "bidding").
    query.terms.forEach(function (term) {
      var list = postings(index, term);
      if (!list.length) return;
      var idf = Math.log(1 + (records - list.length + 0.5) / (list.length + 0.5));
      var weight = Math.pow(idf, TUNE.telling);
      total += weight;
      list.forEach(function (p) {
        var n = p[0], tf = p[1];
        var norm = 1 - TUNE.b + TUNE.b * index.n[n] / index.avg;
        scores[n] = (scores[n] || 0) + idf * tf * (TUNE.k1 + 1) / (tf + TUNE.k1 * norm);
        matched[n] = (matched[n] || 0) + weight;
      });
    });
    total = total || 1;
    var asked = sides(query.terms);
    var out = [];
    Object.keys(scores).forEach(function (key) {
      var n = Number(key);
      var rec = index.r[n];
      var kind = index.kinds[rec[0]];
      var s = scores[n] * Math.pow(matched[n] / total, TUNE.cover) * (TUNE.kind[kind] || 1);
      var named = terms(rec[2]).map(stem);
      // A story at trick 5 is not one of the opening lead.
      var opening = query.later && named.indexOf("open") >= 0 && named.indexOf("lead") >= 0 ? 1 : 0;
      s *= Math.pow(TUNE.otherSide, conflicts(asked, sides(named)) + opening);
      out.push({ n: n, kind: kind, laws: rec[3], score: s });
    });
    return out;
  }

  // Who acted, and when: a story about a defender is not one about declarer, and an opening bid
  // is not an opening lead, though most of their words are shared. Each dimension maps the
  // (stemmed) words that name a value of it.
  var SIDES = [
    { declarer: "declarer", declar: "declarer", defender: "defender", defend: "defender",
      defence: "defender", defenc: "defender", defense: "defender", dummy: "dummy" },
    { bid: "auction", auction: "auction", redoubl: "auction",
      lead: "play", led: "play", trick: "play", ruff: "play", revok: "play", trump: "play" },
    // which call: a story of a bid is not one of a pass ("east opened 1H first" is not "player
    // passes before the dealer")
    { pass: "pass", poot: "pass", bid: "bid", ib: "bid", boot: "bid", doubl: "double", redoubl: "redouble" }
  ];

  function sides(words) {
    return SIDES.map(function (named) {
      var out = [];
      words.forEach(function (w) { var v = named[w]; if (v && out.indexOf(v) < 0) out.push(v); });
      return out;
    });
  }

  // How many dimensions a record's title names only values the query does not.
  function conflicts(asked, named) {
    var n = 0;
    asked.forEach(function (values, k) {
      if (values.length && named[k].length && named[k].every(function (v) { return values.indexOf(v) < 0; })) n++;
    });
    return n;
  }

  // Which Law the words are about decides the order: each Law scores its best matches (its
  // paragraphs and the situations of its charts), a Law named in the query counting more; a
  // situation that fits comes before the paragraphs of its Law. Charts follow, then the rest.
  function rank(index, scored, query) {
    var byLaw = {};
    scored.forEach(function (c) {
      if (c.kind !== "law" && c.kind !== "situation") return;
      c.laws.forEach(function (law) { (byLaw[law] = byLaw[law] || []).push(c); });
    });
    var lawScore = {};
    Object.keys(byLaw).forEach(function (law) {
      var xs = byLaw[law].map(function (c) { return c.score; }).sort(function (a, b) { return b - a; });
      lawScore[law] = xs[0] + TUNE.second * (xs[1] || 0) + TUNE.second * TUNE.second * (xs[2] || 0);
      if (query.laws.indexOf(Number(law)) >= 0) lawScore[law] *= TUNE.named;
    });
    var laws = Object.keys(lawScore).sort(function (a, b) { return lawScore[b] - lawScore[a] || a - b; });
    var out = [], seen = {};
    // The likeliest Law shows more of its records; each later one fewer, so that a phone's first
    // screenful reaches the Law a story's consequence is in (a revoke's trick transfer after the
    // three Laws that establish it).
    var groups = laws.slice(0, TUNE.shown.laws).map(function (law, k) {
      var own = byLaw[law].filter(function (c) { return !seen[c.n]; }).sort(function (a, b) { return b.score - a.score; });
      if (!own.length) return [];
      var best = own[0].score;
      var room = k ? TUNE.shown.later : TUNE.shown;
      var situations = own.filter(function (c) { return c.kind === "situation" && c.score >= TUNE.situationFirst * best; })
        .slice(0, room.situations);
      var paragraphs = own.filter(function (c) { return c.kind === "law"; }).slice(0, room.perLaw);
      var group = situations.concat(paragraphs).filter(function (c) { return !seen[c.n]; });
      group.forEach(function (c) { seen[c.n] = true; });
      return group;
    }).filter(function (g) { return g.length; });
    // The first three results show each Law that is nearly as likely as the first its best record;
    // then each Law's records in turn.
    var lead = groups.slice(1, 3).filter(function (g, k) {
      return lawScore[g[0].laws[0]] !== undefined && lawScoreOf(g) >= TUNE.close * lawScoreOf(groups[0]);
    });
    function lawScoreOf(g) { return Math.max.apply(null, g[0].laws.map(function (l) { return lawScore[l] || 0; })); }
    if (groups.length) out.push(groups[0][0]);
    lead.forEach(function (g) { out.push(g[0]); });
    groups.forEach(function (g) {
      g.forEach(function (c) { if (out.indexOf(c) < 0) out.push(c); });
    });
    ["chart", "definition", "course", "page"].forEach(function (kind) {
      var room = kind === "chart" ? TUNE.shown.charts : TUNE.shown.rest;
      scored.filter(function (c) { return c.kind === kind; }).sort(function (a, b) { return b.score - a.score; })
        .slice(0, room).forEach(function (c) { out.push(c); });
    });
    return out;
  }

  // The results for a query, best first: a typed citation first (to its paragraph), one of the
  // vocabulary's words on its own where it is ruled, then the ranked records. Where runs of terms
  // the query needs are not here yet, `needs` lists them and there are no results: fetch them
  // (addTerms) and ask again.
  function search(index, text) {
    var out = [];
    var cite = citation(text, index.c);
    if (cite) out.push({ cite: cite });
    var bet = !cite && index.b[phraseKey(text)];
    if (bet !== undefined && bet !== false) out.push({ bet: bet });
    var query = understand(cite ? cite.rest : text, index);
    var needs = needed(index, query);
    if (needs.length) return { results: [], query: query, needs: needs };
    if (!query.terms.length) return { results: out, query: query };
    var ranked = rank(index, score(index, query), query);
    var first = out.length ? entryRecord(out[0].cite ? out[0].cite.entry : out[0].bet) : null;
    ranked.forEach(function (c) { if (c.n !== first) out.push(c); });
    return { results: out, query: query };
  }

  function entryRecord(entry) { return typeof entry === "number" ? entry : null; }

  // A place with no record of its own, as the index holds it (searchrecords.Destination.row):
  // [address, label, title].
  function placeOf(row) {
    return { n: null, kind: "law", url: row[0], title: row[1] + " · " + row[2], laws: [], walk: null };
  }

  // A result as the page shows it: its kind, title, address and Laws (a citation's entry is a
  // record's number, or [address, label, title] where the place has no record of its own).
  function describe(index, r) {
    function rec(n) {
      var x = index.r[n];
      return { n: n, kind: index.kinds[x[0]], url: x[1], title: x[2], laws: x[3], walk: x[4] || null };
    }
    if (r.cite || r.bet !== undefined) {
      var entry = r.cite ? r.cite.entry : r.bet;
      var found = typeof entry === "number" ? rec(entry) : placeOf(entry);
      found.citation = !!r.cite;
      found.note = r.cite && !r.cite.exact ? "No " + (r.cite.typed || "such place") + " in the Laws: the nearest place that exists" : "";
      return found;
    }
    return rec(r.n);
  }

  return { terms: terms, stem: stem, citationKey: citationKey, phraseKey: phraseKey, citation: citation, reading: reading,
           distance: distance, correct: correct, postings: postings, understand: understand, score: score, rank: rank,
           count: count, runOf: runOf, addTerms: addTerms,
           search: search, describe: describe, TUNE: TUNE, numbersInWords: numbersInWords };
});
