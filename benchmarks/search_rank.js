// Rank queries with the site's own search logic (docs/javascripts/search-logic.js) over a built
// index, without a browser: node benchmarks/search_rank.js SITE_DIR < queries.json > results.json
// (queries: a JSON list of strings; results: {query: [site path, …]}, best first). Used by
// benchmarks/search_eval.py and the search tests.
"use strict";
const fs = require("fs");
const path = require("path");
const L = require(path.join(__dirname, "..", "docs", "javascripts", "search-logic.js"));

const site = process.argv[2];
// An optional JSON of TUNE values to try (the benchmark's tuning runs on its own query set).
if (process.argv[3]) {
  const tune = JSON.parse(process.argv[3]);
  for (const [k, v] of Object.entries(tune)) {
    if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(L.TUNE[k], v);
    else L.TUNE[k] = v;
  }
}
const index = JSON.parse(fs.readFileSync(path.join(site, "search", "index.json"), "utf8"));
// Every run of terms at once (the browser fetches those a query needs).
index.tp.forEach((_, k) => L.addTerms(index, k, JSON.parse(fs.readFileSync(path.join(site, "search", "terms", k + ".json"), "utf8"))));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const out = {};
const times = [];
for (const q of queries) {
  const start = process.hrtime.bigint();
  const found = L.search(index, q);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  out[q] = found.results.map((r) => L.describe(index, r).url);
}
process.stdout.write(JSON.stringify({ results: out, ms: times }));
