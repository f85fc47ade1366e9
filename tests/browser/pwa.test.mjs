// The installable, offline app: manifest, service worker, offline reload, updates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  useServerAndBrowser, openPage, appReady, controlled, eventually, screenshot, DIST, BASE, ROOT, PHONE } from './harness.mjs';

const env = useServerAndBrowser();

/** The build id that `cargo xtask precache` wrote into a build's sw.js. */
function buildId(dir) {
  const match = readFileSync(join(dir, 'sw.js'), 'utf8').match(/const BUILD = "([0-9a-f]{16})"/);
  assert.ok(match, 'sw.js carries a generated build id');
  return match[1];
}

function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the manifest is served as a manifest and describes an installable app under any path', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  const href = await page.locator('link[rel=manifest]').evaluate((link) => link.href);
  assert.equal(href, `${env.server.url}manifest.webmanifest`);
  const response = await page.request.get(href);
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'], /^application\/manifest\+json/);
  const manifest = await response.json();
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.short_name, 'Intrigue');
  assert.ok(manifest.name.startsWith('Intrigue'));
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  // Relative start URL and scope resolve to wherever the app is deployed.
  assert.equal(new URL(manifest.start_url, href).href, env.server.url);
  assert.equal(new URL(manifest.scope, href).href, env.server.url);
  const wanted = [['192x192', 'any'], ['512x512', 'any'], ['192x192', 'maskable'], ['512x512', 'maskable']];
  for (const [sizes, purpose] of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    assert.ok(icon, `an icon ${sizes} ${purpose}`);
    const image = await page.request.get(new URL(icon.src, href).href);
    assert.equal(image.status(), 200);
    assert.equal(image.headers()['content-type'], 'image/png');
    assert.deepEqual(pngSize(await image.body()).map(String), sizes.split('x'));
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the service worker is JavaScript, controls the deploy path and precaches the exact build', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await controlled(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, env.server.url);
  const worker = await page.request.get(`${env.server.url}sw.js`);
  assert.match(worker.headers()['content-type'], /^text\/javascript/);
  // The precache holds the page and every built file.
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys[0]);
    return { keys, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  assert.deepEqual(cached.keys, [`intrigue-${buildId(DIST)}`]);
  assert.ok(cached.urls.includes(BASE), 'the page itself');
  for (const ext of ['.wasm', '.js', '.css', '.webmanifest', '.png']) {
    assert.ok(cached.urls.some((u) => u.endsWith(ext)), `a ${ext} file is precached`);
  }
  assert.ok(!cached.urls.some((u) => u.endsWith('/sw.js')), 'the worker is not in its own cache');
  // Every lazily loaded part of the app is precached, so a table works offline too.
  const parts = readdirSync(join(DIST, 'app'))
    .flatMap((folder) => readdirSync(join(DIST, 'app', folder)).map((f) => `${BASE}app/${folder}/${f}`))
    .filter((u) => /\/(split|chunk)_[^/]*\.wasm$/.test(u));
  assert.ok(parts.length >= 3, 'the table side and each game are their own parts');
  for (const part of parts) assert.ok(cached.urls.includes(part), `${part} is precached`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('after one visit the app loads and works with the network off', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await controlled(page);
  await context.setOffline(true);
  env.server.offline = true;
  try {
    await page.reload();
    await appReady(page);
    assert.equal(await page.locator('.game-card').count(), 5);
    await page.locator('.game-card[data-game="usurp"]').getByRole('link', { name: 'Rules' }).click();
    await page.waitForSelector('article.rules[data-game="usurp"] .rules-text[data-loaded]');
    assert.match(await page.locator('.rules-text').textContent(), /town square/);
    await screenshot(page, 'offline-rules-phone');
    // The table's screens and a game load their parts from the precache.
    await page.goto(`${env.server.url}#/deal/carousel-chess`);
    await page.locator('input[name=game][value="carousel-chess"]').waitFor();
    await page.getByRole('button', { name: 'Deal' }).click();
    await page.waitForURL(/#\/table\/handout\//);
    await page.locator('.qr').first().waitFor();
    await page.goto(`${env.server.url}#/play`);
    await page.locator('.board').waitFor();
  } finally {
    env.server.offline = false;
    await context.setOffline(false);
  }
  // Being offline makes network errors, but the app itself must log none.
  assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  await context.close();
});

test('a new deploy is picked up on reload and the old cache is deleted', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await controlled(page);
  const oldKey = `intrigue-${buildId(DIST)}`;
  assert.deepEqual(await page.evaluate(() => caches.keys()), [oldKey]);

  // The next deploy: the same build with a change, and its service worker regenerated
  // by the same step Trunk runs after every build.
  const next = join(ROOT, 'target', 'dist-next');
  rmSync(next, { recursive: true, force: true });
  cpSync(DIST, next, { recursive: true });
  const index = readFileSync(join(next, 'index.html'), 'utf8');
  // Before the title (the release page is minified: it has no <head> tag to hook on).
  const changed = index.replace('<title>', '<meta name="intrigue-deploy" content="next"><title>');
  assert.notEqual(changed, index, 'the page was changed');
  writeFileSync(join(next, 'index.html'), changed);
  execFileSync('cargo', ['xtask', 'precache', next], { cwd: ROOT, stdio: 'inherit' });
  const newKey = `intrigue-${buildId(next)}`;
  assert.notEqual(newKey, oldKey);

  env.server.setRoot(next);
  try {
    await page.reload();
    await appReady(page);
    assert.equal(await page.locator('meta[name=intrigue-deploy]').getAttribute('content'), 'next');
    await eventually(
      page,
      async (key) => JSON.stringify(await caches.keys()) === JSON.stringify([key]),
      newKey,
      { what: 'only the new cache to remain' },
    );
    // And the new deploy now works offline too.
    await context.setOffline(true);
    env.server.offline = true;
    await page.reload();
    await appReady(page);
    assert.equal(await page.locator('meta[name=intrigue-deploy]').getAttribute('content'), 'next');
  } finally {
    env.server.offline = false;
    await context.setOffline(false);
    env.server.setRoot(DIST);
  }
  assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  await context.close();
});
