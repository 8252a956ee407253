// The site's offline copy. This worker is written by each build with the build's digest, so a
// new build is a new worker: it stores the new copy whole before it takes over, then deletes the
// old one; a Director offline never meets half of one copy and half of another.
"use strict";

const BUILD = "__BUILD__";
// What the copy holds, so that a page can offer it without fetching the list of its files.
const SIZE = {bytes: __BYTES__, files: __FILES__, edition: "__EDITION__"};
const CACHE = "bridge-laws-" + BUILD;
const DONE = "__stored-whole__";  // kept last in a cache once every file of the list is in it
const LIST = new URL("offline.json", self.registration.scope).href;

async function list() {
  const response = await fetch(LIST, {cache: "no-store"});
  if (!response.ok) throw new Error("offline.json: " + response.status);
  return response.json();
}

async function tell(message) {
  for (const client of await self.clients.matchAll({includeUncontrolled: true})) client.postMessage(message);
}

// Store every file of the list, a few at a time, telling the pages how far it has got.
async function storeAll() {
  const files = (await list()).files;
  const cache = await caches.open(CACHE);
  let done = 0;
  let bytes = 0;
  const queue = files.slice();
  async function worker() {
    while (queue.length) {
      const [path, size] = queue.shift();
      const url = new URL(path, self.registration.scope).href;
      if (!(await cache.match(url))) {
        const response = await fetch(url, {cache: "no-cache"});
        if (!response.ok) throw new Error(path + ": " + response.status);
        await cache.put(url, response);
      }
      done += 1;
      bytes += size;
      if (done % 25 === 0 || done === files.length) tell({type: "progress", done: done, total: files.length, bytes: bytes});
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  await cache.put(DONE, new Response(JSON.stringify({build: BUILD, files: files.length, bytes: bytes})));
  tell({type: "stored", build: BUILD, files: files.length, bytes: bytes, edition: SIZE.edition});
}

async function storedWhole(name) {
  const cache = await caches.open(name);
  return Boolean(await cache.match(DONE));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((k) => k.startsWith("bridge-laws-") && k !== CACHE);
    const kept = (await Promise.all(older.map(storedWhole))).some(Boolean);
    if (kept) await storeAll();  // renew the copy the Director asked for, before taking over
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("bridge-laws-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const kind = event.data && event.data.type;
  if (kind === "keep") {
    event.waitUntil(storeAll().catch((error) => tell({type: "failed", reason: String(error.message || error)})));
  } else if (kind === "status") {
    event.waitUntil((async () => {
      const done = await caches.match(DONE, {cacheName: CACHE});
      event.source.postMessage({type: "status", build: BUILD, size: SIZE, stored: done ? await done.json() : null});
    })());
  }
});

// Whether this worker may keep what it fetches: not once a newer build's worker has replaced
// its cache (this one still serves the pages it controlled until the newer one claims them).
async function mine() {
  const reg = self.registration;
  if (reg.installing || reg.waiting || (self.serviceWorker && self.serviceWorker.state !== "activated")) return false;
  const ours = (await caches.keys()).filter((k) => k.startsWith("bridge-laws-"));
  return ours.length === 0 || ours.includes(CACHE);
}

// Pages, charts, scripts and the search index from the copy when it has them, else from the
// network (and what the network gives is kept, so a page once read stays readable offline).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.url === LIST || request.url.endsWith("/sw.js")) return;  // always the network's: they name the build
  event.respondWith((async () => {
    const url = new URL(request.url);
    url.hash = "";
    url.search = "";  // ?h=… and the like do not change the page
    const key = url.href.endsWith("/") ? url.href + "index.html" : url.href;
    // Matched by name: caches.open would bring back a cache a newer worker has just deleted.
    const hit = (await caches.match(key, {cacheName: CACHE})) || (await caches.match(url.href, {cacheName: CACHE}));
    if (hit) return hit;
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic" && !url.pathname.endsWith(".pdf") && (await mine())) {
        (await caches.open(CACHE)).put(key, response.clone());
      }
      return response;
    } catch (error) {
      if (request.mode === "navigate") {
        return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
          "<title>Not stored for offline use</title><p style='font:1.1rem sans-serif;padding:1rem'>This page was not " +
          "stored on this device, and there is no connection. Use <b>Keep for offline use</b> at the foot of any page " +
          "while connected, and every page will be here.</p>", {status: 503, headers: {"Content-Type": "text/html"}});
      }
      throw error;
    }
  })());
});
