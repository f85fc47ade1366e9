// Intrigue's service worker: the app works offline after one visit.
//
// This file is a template. After every build, `cargo xtask precache` writes the build id
// and the exact list of built files into the copy that ships. A new deploy therefore has
// a new sw.js; the browser installs it, it precaches the new files, takes over and deletes
// every older cache.
//
// Strategy: the page itself (a navigation) is network-first, so a table that is online
// always gets the newest deploy on reload; everything else is served from the precache.
// With no network, the cached page and files are used.
'use strict';

const BUILD = "__INTRIGUE_BUILD__";
const FILES = ["__INTRIGUE_FILES__"];
const CACHE = 'intrigue-' + BUILD;
const NETWORK_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'reload' skips the HTTP cache, so the precache holds exactly this deploy's files.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else {
    event.respondWith(file(request));
  }
});

self.addEventListener('message', (event) => {
  if (event.data === 'build') event.source.postMessage({ build: BUILD });
});

async function page(request) {
  try {
    // Revalidate: GitHub Pages lets browsers keep a page for 10 minutes, which would hide
    // a new deploy; 'no-cache' asks the server (a cheap 304 when nothing changed).
    const response = await withTimeout(fetch(new Request(request, { cache: 'no-cache' })), NETWORK_TIMEOUT_MS);
    if (response.ok) return response;
  } catch (_) {
    // Offline or too slow: fall back to the precached page below.
  }
  const cache = await caches.open(CACHE);
  return (await cache.match('./')) || new Response(
    'Intrigue is offline and this page was never loaded here before.',
    { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
}

async function file(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  return hit || fetch(request);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); },
    );
  });
}
