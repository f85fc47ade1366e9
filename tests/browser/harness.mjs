// Shared by the browser tests: a static server that serves a build under a sub-path as
// GitHub Pages does, Debian's Chromium driven by playwright-core, and screenshots.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { mkdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = resolve(process.env.INTRIGUE_DIST || join(ROOT, 'dist'));
export const BASE = process.env.INTRIGUE_PUBLIC_URL || '/intrigue/';
export const SCREENSHOTS = join(ROOT, 'target', 'screenshots');

export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 640 };
export const LAPTOP = { width: 1280, height: 800 };

// The content types GitHub Pages sends for these files.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/**
 * Serve `root` under BASE on 127.0.0.1; `setRoot` swaps the deploy, `offline` drops every
 * request. With `gzip`, what the browser accepts gzipped is sent gzipped, as GitHub Pages
 * does (the Lighthouse measurement).
 */
export async function serve(root = DIST, { gzip = false } = {}) {
  const state = { root, offline: false, requests: [] };
  const server = createServer(async (req, res) => {
    if (state.offline) {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url, 'http://127.0.0.1');
    state.requests.push(url.pathname);
    if (!url.pathname.startsWith(BASE)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    let path = decodeURIComponent(url.pathname.slice(BASE.length));
    if (path === '' || path.endsWith('/')) path += 'index.html';
    const file = normalize(join(state.root, path));
    if (!file.startsWith(state.root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      let body = await readFile(file);
      const headers = {
        'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
        'Cache-Control': 'max-age=600',
      };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && extname(file) !== '.png') {
        body = gzipSync(body, { level: 9 });
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + BASE,
    requests: state.requests,
    setRoot(dir) { state.root = resolve(dir); },
    set offline(value) { state.offline = value; },
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}

export async function launch(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * A page that fails the test on any console error, CSP violation, uncaught exception or
 * request to another origin. `problems` collects them; check it with `assertClean`.
 */
export async function openPage(browser, origin, viewport = PHONE, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.requestsSeen = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => page.problems.push(`uncaught: ${error.message}`));
  // The app asks in its own dialog, in the page's language: the browser's own is a defect.
  page.on('dialog', (dialog) => {
    page.problems.push(`the browser's own dialog: ${dialog.message()}`);
    return dialog.dismiss();
  });
  await watchQuestions(context);
  context.on('request', (request) => {
    page.requestsSeen.push(request.url());
    if (!request.url().startsWith(origin + '/')) {
      page.problems.push(`request to another origin: ${request.url()}`);
    }
  });
  return { context, page };
}

/**
 * The app's own questions (`dialog.ask`), answered in every page of `context` as a player
 * would, by a click on their buttons: by `answerQuestions(page, …)`'s choice, "Cancel"
 * when none was made. `page.asked` lists every question's words.
 */
async function watchQuestions(context) {
  await context.exposeBinding('__intrigueAsked', ({ page }, question) => {
    (page.asked ??= []).push(question);
    const waiting = page.questionWaiters?.shift();
    if (waiting) {
      waiting.resolve(question);
      return waiting.yes;
    }
    if (page.questionAnswer === null) return 'by hand';
    return page.questionAnswer ? Boolean(page.questionAnswer(question)) : false;
  });
  const watch = () => {
    let answering = false;
    let answered = false;
    const look = async () => {
      const dialog = document.querySelector('dialog.ask[open]');
      if (!dialog) {
        answered = false;
        return;
      }
      if (answering || answered) return;
      answering = true;
      const question = dialog.querySelector('.ask-question')?.textContent ?? '';
      const yes = await window.__intrigueAsked(question);
      if (yes === 'by hand') {
        answering = false;
        answered = true;
        return;
      }
      dialog.querySelector(yes ? '[data-answer=yes]' : '[data-answer=no]')?.click();
      answered = true;
      answering = false;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  };
  await context.addInitScript(watch);
}

/** Answer the app's questions on `page`: `answer(question)` says yes or no (yes to all when
 * omitted); `null` leaves them open, for the test to answer by hand. */
export function answerQuestions(page, answer = () => true) {
  page.questionAnswer = answer;
}

/** The next question the app asks on `page` (a promise of its words), answered `yes` or not. */
export function nextQuestion(page, yes = true) {
  return new Promise((resolve) => (page.questionWaiters ??= []).push({ resolve, yes }));
}

/** Wait until the Leptos app has rendered its shell. */
export async function appReady(page) {
  // The app's own top bar: index.html's first screen has one too ([data-first]).
  await page.waitForSelector('header.topbar:not([data-first])', { timeout: 20000 });
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // What a player sees on arriving at the screen: its top, once every piece has stopped
  // sliding (a picture taken mid-slide shows a piece between two squares).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime < Infinity).map((a) => a.finished.catch(() => null))));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Wait until a service worker controls the page. */
export async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

/** Poll `check` (run in the page) until it returns true; Playwright's waitForFunction does not await promises. */
export async function eventually(page, check, arg, { timeout = 20000, what = 'condition' } = {}) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    last = await page.evaluate(check, arg);
    if (last === true) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
}

/** Wait in the test (not the page) until `check()` is true: a dialog answered, a request
 * seen. Polls; fails after `timeout` ms naming `what`. */
export async function until(check, what, timeout = 10000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Press and hold the secret area (a real pointer press, as a thumb would). */
export async function hold(page) {
  // The pad sits under the place where the secret will show: bring both into view.
  await page.locator('.hold').evaluate((pad) => pad.scrollIntoView({ block: 'end' }));
  const box = await page.locator('.hold').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.locator('.hold-window .secrets').waitFor();
}

export async function release(page) {
  await page.mouse.up();
  await page.locator('.hold-window .secrets').waitFor({ state: 'detached' });
}

function dealExample(args) {
  const out = execFileSync('cargo', ['run', '--quiet', '-p', 'intrigue-core', '--features', 'tools', '--example', 'deal', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out);
}

/** A fresh table of `game` for `players` from `seed` (`deal table`): its save and codes. */
export function newTableDeal(seed, game, players) {
  return dealExample(['table', String(seed), game, String(players)]);
}

/** What the table knows (`deal table --saved`): every seat's code and secrets, rounds 1 to `rounds`. */
export function tableDeal(save, rounds = 9) {
  return dealExample(['table', '--saved', save, '--rounds', String(rounds)]);
}

/** What the table device `page` dealt, read from its own save. */
export async function dealOnTable(page, rounds = 9) {
  const save = await page.evaluate(() => localStorage.getItem('intrigue.table'));
  if (!save) throw new Error('this page holds no table');
  return tableDeal(save, rounds);
}

/** What a phone knows from one code or link (`deal seat`). */
export function seatDeal(code) {
  return dealExample(['seat', code]);
}

/** The cards in `seat`'s hand of the Chess Deckbuilder game `save` holds, by name, in the order of its view (`deal hand`). */
export function seatHand(save, seat) {
  return dealExample(['hand', save, String(seat)]).hand;
}

/** Every seat of a `deal table` answer with its cards of `round` as `life` and `target`. */
export function atRound(deal, round) {
  return deal.seats.map((s) => ({
    ...s,
    life: s.rounds?.[round - 1]?.life,
    target: s.rounds?.[round - 1]?.target,
  }));
}

/**
 * Serve the build and launch Chromium for the tests of one file; `env.server` and
 * `env.browser` are ready inside the tests.
 */
export function useServerAndBrowser() {
  const env = {};
  before(async () => {
    env.server = await serve();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * Wait until the screen has caught up with the last action. A tap's work comes in up to
 * three frames: the board draws a move at the tap and the game plays it after that frame
 * (`TapShows` in src/components/board/model.rs); the parts around the board (banner,
 * scores, lists) and the squares' names follow a frame later (`after_paint` in
 * src/games/mod.rs, the board's `Later`).
 */
export async function settled(page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame++) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  });
}

/** Whether the element is wholly on screen where the page is now (no scrolling needed). */
export function onScreen(locator) {
  return locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}

/**
 * Deal `game` from the New Deal form for `players` (names optional, in seat order); waits
 * for the hand-out of the first seat.
 */
export async function dealFromForm(page, base, game, players, names = []) {
  await page.goto(`${base}#/deal/${game}`);
  await appReady(page);
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > players) await page.getByLabel('One player fewer').click();
  while (Number(await value.textContent()) < players) await page.getByLabel('One player more').click();
  for (const [i, name] of names.entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
}

/** Deal `game` from the New Deal form for a game played on this device alone (no hand-out):
 * `players`, named in seat order; waits for its play screen. */
export async function dealOnScreen(page, base, game, players, names = []) {
  await page.goto(`${base}#/deal/${game}`);
  await appReady(page);
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) < players) await page.getByLabel('One player more').click();
  while (Number(await value.textContent()) > players) await page.getByLabel('One player fewer').click();
  for (const [i, name] of names.entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play').waitFor();
}

/** Espionage for two on this screen, both armies set up at random, the first turn's board shown. */
export async function dealEspionageAtRandom(page, base) {
  await page.goto(`${base}#/deal/espionage`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  for (let seat = 0; seat < 2; seat++) {
    await page.getByRole('button', { name: /show my army/ }).click();
    await page.getByRole('button', { name: 'Shuffle all' }).click();
    await page.getByRole('button', { name: 'Ready' }).click();
  }
  await page.getByRole('button', { name: /show my army/ }).click();
  await page.locator('.espionage-turn').waitFor();
}

/** Open the game this device plays on screen, drawn and settled. */
export async function openPlay(page, base) {
  await page.goto(`${base}#/play`);
  await page.locator('.play').waitFor();
  await settled(page);
}

/** Fool's mate, by taps: White's f3 and g4, Black's e5 and Qh4#. */
export async function foolsMate(page) {
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
    await tap(page, from);
    await tap(page, to);
  }
}

/** Tap a square of the board. */
export async function tap(page, square) {
  await page.locator(`.board .sq[data-square="${square}"]`).click();
  await settled(page);
}

/** Drag the piece on `from` to `to`, as a finger would. */
export async function drag(page, from, to) {
  // A finger presses what it sees: bring the board's middle into view, clear of the
  // sticky top bar.
  await page.locator('.board').evaluate((board) => board.scrollIntoView({ block: 'center' }));
  const a = await page.locator(`.board .sq[data-square="${from}"]`).boundingBox();
  const b = await page.locator(`.board .sq[data-square="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await settled(page);
}

/**
 * Words on screen that are English and not Spanish (a screen in Spanish must have none):
 * the visible text of the page, names and the app's name aside. Words both languages
 * write alike ("no", "final", "mate", "has") are never counted.
 */
const ENGLISH_ONLY = new Set(`the and of to your you with this that these those is are was were on for from
  play plays played game games table seat seats phone phones rules player players round rounds
  turn move moves card cards deal dealt join open back all code what who when will it its be
  have not by or an in at out up here there their them they we our my his her which draw take
  black white wins won check piece pieces board new next show hide hold tap reload loading
  export import install please yes done start end ready help settings than then into only
  each every other again one two three first last while until before after`.split(/\s+/));

export async function englishWords(page, allowed = []) {
  const text = await page.evaluate(() => document.body.innerText);
  const allow = new Set(['intrigue', ...allowed.map((w) => w.toLowerCase())]);
  // Words as written: codes and abbreviations in capitals ("Q7AN-…", "PGN") are not English.
  const words = (text.match(/[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+/g) ?? [])
    .filter((w) => w.length < 2 || w !== w.toUpperCase())
    .map((w) => w.toLowerCase());
  return [...new Set(words.filter((w) => ENGLISH_ONLY.has(w) && !allow.has(w)))];
}

const AXE_RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource = null;

/** axe-core's WCAG 2.2 AA violations on the page as it is now, one line each. */
export async function axeViolations(page) {
  await settled(page);
  axeSource ??= readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) allows it.
  await page.evaluate(`${axeSource};0`);
  const result = await page.evaluate((rules) => axe.run(document, { runOnly: rules }), AXE_RULES);
  return result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The hand on `page` is `seat`'s hand in the game `savePage` holds, card by card and in
 * order: the names on the cards, not only how many there are.
 */
export async function sameHand(page, savePage, seat, when) {
  await settled(page);
  const save = await savePage.evaluate(() => localStorage.getItem('intrigue.game'));
  assert.ok(save, 'a saved game');
  assert.deepEqual(await page.locator('.hand .card .card-name').allTextContents(), seatHand(save, seat), `the hand on screen is the seat's own (${when})`);
}

/**
 * Play the cards of the hand on `page` one by one while one moves a piece (the first marked
 * piece to its first square), checking the hand on screen after each against `seat`'s.
 */
export async function playCards(page, savePage, seat, when) {
  for (let played = 0; played < 4; played++) {
    const card = page.locator('.hand .card.playable').first();
    if (!(await card.count())) return;
    const name = await card.locator('.card-name').textContent();
    await card.click();
    await settled(page);
    const from = page.locator('.board .sq.movable').first();
    if (!(await from.count())) return;
    await from.click();
    await settled(page);
    const to = page.locator('.board .sq.dest').first();
    if (!(await to.count())) return;
    await to.click();
    await settled(page);
    const promotion = page.getByRole('dialog', { name: 'Promotion' });
    if (await promotion.count()) {
      await promotion.getByRole('button').first().click();
      await settled(page);
    }
    await sameHand(page, savePage, seat, `${when}, after playing ${name}`);
  }
}

/** Buy the dearest card on offer, if any, so that the decks change from turn to turn. */
export async function buyDearest(page) {
  const offers = await page.locator('[data-buy]').allTextContents();
  if (!offers.length) return;
  const cost = (text) => Number(text.split('·').at(-1));
  const dearest = offers.reduce((a, b) => (cost(b) > cost(a) ? b : a));
  await page.locator('[data-buy]', { hasText: dearest }).first().click();
  await settled(page);
}

/** The pictures of an Espionage army in a page: South's are `s-…`, North's `n-…`. */
export const espionagePictures = (page, army) => page.locator(`img[src*="espionage/${army}-"]`).count();

/** One quiet Espionage move (no attack) by taps; returns [from, to]. */
export async function quietMove(page) {
  await settled(page);
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  for (const from of movable) {
    await tap(page, from);
    const dests = await page.locator('.board .sq.dest:not(.capture)').evaluateAll((els) => els.map((e) => e.dataset.square));
    if (dests.length) {
      await tap(page, dests[0]);
      return [from, dests[0]];
    }
    await tap(page, from);
  }
  throw new Error('no quiet move');
}

/** An Espionage set-up at random, sent. */
export async function espionageSetUp(page) {
  await page.getByRole('button', { name: 'Shuffle all' }).click();
  await page.getByRole('button', { name: 'Ready' }).click();
}

/** Chromium's CPU slowed `rate` times on `page` (1: as fast as it is), as a cheap phone. */
export async function throttle(page, rate) {
  page.cdp ??= await page.context().newCDPSession(page);
  await page.cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * The time each page spent on a game the phones referee since `fairClock` was last read:
 * the app's "fair-protocol" measures (a frame heard, or an action said, kept and sent),
 * summed and the longest, cleared for the next reading.
 */
export async function fairClock(page) {
  return page.evaluate(() => {
    const times = performance.getEntriesByName('fair-protocol').map((e) => e.duration);
    performance.clearMeasures('fair-protocol');
    return { frames: times.length, total: times.reduce((a, b) => a + b, 0), longest: Math.max(0, ...times) };
  });
}

/** One line for CI: what a game the phones referee cost each phone a turn at 4× CPU. */
export function printFairCost(game, turns, clocks) {
  const total = clocks.reduce((a, c) => a + c.total, 0) / clocks.length;
  const frames = clocks.reduce((a, c) => a + c.frames, 0) / clocks.length;
  const longest = Math.max(...clocks.map((c) => c.longest));
  console.log(`fair play at 4× CPU, ${game}: a phone spends ${(total / turns).toFixed(1)} ms a turn on the protocol (${(frames / turns).toFixed(1)} frames heard or said a turn; the longest ${longest.toFixed(1)} ms), over ${turns} turns`);
}

/**
 * `page`'s phone, modified on the wire: once `window[flag]` is set, a frame it sends over a
 * data channel that begins with the bytes `starts` and is `min`–`max` bytes long is, by
 * `change`, sent with its last byte changed (`'flip'`, once: `window[flag]` is cleared) or
 * not sent at all (`'drop'`, each such frame while the flag is set, counted in
 * `window.dropped`) — as a modified app, or a link that loses words, would.
 */
export async function modifiedPhone(page, { starts, min = 0, max = 1e9, flag = 'cheat', change }) {
  await page.addInitScript(({ starts, min, max, flag, change }) => {
    const send = RTCDataChannel.prototype.send;
    window.dropped = 0;
    RTCDataChannel.prototype.send = function (data) {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
      const matches = window[flag] && bytes && bytes.length >= min && bytes.length <= max && starts.every((b, i) => bytes[i] === b);
      if (!matches) return send.call(this, data);
      if (change === 'drop') {
        window.dropped += 1;
        return undefined;
      }
      window[flag] = false;
      const changed = new Uint8Array(bytes);
      changed[changed.length - 1] ^= 1;
      return send.call(this, changed);
    };
  }, { starts, min, max, flag, change });
}
