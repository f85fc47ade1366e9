// The app shell: home screen, rules pages, unknown links, phone and laptop layouts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, settled, SCREENSHOTS, PHONE, SMALL_PHONE, LAPTOP } from './harness.mjs';

const GAMES = [
  ['city-of-spies', 'A City of Spies', '3–6 players'],
  ['carousel-chess', 'Carousel Chess', '3–9 players'],
  ['espionage', 'Espionage', '2 players'],
  ['usurp', 'Usurp', '2–5 players'],
  ['chess-deckbuilder', 'Chess Deckbuilder', '2 players'],
];

const env = useServerAndBrowser();

test('the home screen lists all five games with player counts, each one playable', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  const cards = page.locator('.game-card');
  assert.equal(await cards.count(), 5);
  for (const [slug, title, players] of GAMES) {
    const card = page.locator(`.game-card[data-game="${slug}"]`);
    assert.equal(await card.locator('h2').textContent(), title);
    assert.equal(await card.locator('.players').textContent(), players);
    assert.ok((await card.locator('.pitch').textContent()).length > 40, `${slug} has a pitch`);
    // How it is played, instead of a badge on every card.
    const table = ['city-of-spies', 'carousel-chess'].includes(slug);
    assert.equal(await card.locator('.status').count(), 0, 'no "Ready to play" badge');
    assert.equal(await card.locator('.how-played').textContent(), table ? "A table and everyone's phones" : 'One shared device');
    assert.equal(await card.getByRole('link', { name: 'Rules' }).getAttribute('href'), `#/rules/${slug}`);
    assert.equal(await card.getByRole('link', { name: 'Play', exact: true }).count(), 1);
    // Every game plays against the computer.
    assert.equal(await card.getByRole('link', { name: 'Play alone' }).getAttribute('href'), `#/alone/${slug}`);
  }
  assert.equal(await page.title(), 'Intrigue');
  await screenshot(page, 'home-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the home screen at laptop size', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await page.goto(env.server.url);
  await appReady(page);
  // Three columns of cards side by side.
  const boxes = await page.locator('.game-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
  assert.equal(boxes[0], boxes[1]);
  assert.equal(boxes[1], boxes[2]);
  await screenshot(page, 'home-laptop');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('every screen fits a 360×640 phone without sideways scrolling', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, SMALL_PHONE);
  for (const hash of ['', ...GAMES.map(([slug]) => `#/rules/${slug}`), '#/nowhere', '#/deal', '#/join', '#/table', '#/seat', '#/seat/BAD']) {
    await page.goto(env.server.url + hash);
    await appReady(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${hash || 'home'} overflows by ${overflow}px`);
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a rules page opens from its card, shows the rules and the rulings, and leads back home', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="city-of-spies"]').getByRole('link', { name: 'Rules' }).click();
  await page.waitForSelector('article.rules[data-game="city-of-spies"] .rules-text[data-loaded]');
  assert.equal(new URL(page.url()).hash, '#/rules/city-of-spies');
  assert.equal(await page.locator('article.rules h1').textContent(), 'A City of Spies');
  assert.equal(await page.title(), 'A City of Spies rules · Intrigue');
  const text = await page.locator('.rules-text').textContent();
  // The building squares and a ruling the app adds (the neutral claim prompt).
  assert.match(text, /c4, c5, d3, d6, e3, e6, f4 and f5/);
  assert.match(text, /After every capture/);
  assert.ok(await page.locator('.rules-text .ruling').count() >= 5);
  assert.equal(await page.locator('.notice').count(), 0, 'City of Spies is playable');
  await screenshot(page, 'rules-phone');
  await page.click('a.back');
  await page.waitForSelector('.game-list');
  assert.equal(await page.locator('.game-card').count(), 5);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('every rules page opens with the game in one screen on a phone, in English and Spanish: its goal, a turn, how it ends, what is secret', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  const parts = {
    en: ['In one screen', ['Goal', 'A turn', 'How it ends', 'What is secret']],
    es: ['En una pantalla', ['Objetivo', 'Un turno', 'Cómo termina', 'Qué es secreto']],
  };
  for (const [lang, [title, terms]] of Object.entries(parts)) {
    for (const [slug] of GAMES) {
      await page.goto(`${env.server.url}?lang=${lang}#/rules/${slug}`);
      await page.waitForSelector(`article.rules[data-game="${slug}"] .rules-text[data-loaded]`);
      const summary = page.locator('.rules-text .summary');
      assert.equal(await summary.getByRole('heading').textContent(), title, `${lang} ${slug}`);
      assert.deepEqual(await summary.locator('dt').allTextContents(), terms, `${lang} ${slug}`);
      const said = await summary.locator('dd').allTextContents();
      assert.ok(said.every((text) => text.trim().length > 10), `${lang} ${slug}: every part is said`);
      // Read without scrolling: the whole summary is on the phone's first screen.
      const box = await summary.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `${lang} ${slug}: the summary ends at ${Math.round(box.y + box.height)} px of ${PHONE.height}`);
      if (slug === 'espionage') await screenshot(page, `rules-summary-${lang}-phone`);
    }
  }
  assert.match(await page.locator('.rules-text .summary dd').first().textContent(), /Dar jaque mate/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('every game has a rules page with the app\'s rulings', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  for (const [slug, title] of GAMES) {
    await page.goto(`${env.server.url}#/rules/${slug}`);
    await page.waitForSelector(`article.rules[data-game="${slug}"] .rules-text[data-loaded]`);
    assert.equal(await page.locator('article.rules h1').textContent(), title);
    assert.ok(await page.locator('.rules-text h2').count() >= 3, `${slug} has sections`);
    assert.ok(await page.locator('.rules-text .ruling').count() >= 2, `${slug} shows rulings`);
    // A game's rules lead straight to a game, at the top and at the end.
    const play = page.getByRole('link', { name: `Play ${title}` });
    assert.equal(await play.count(), 2, `${slug}: Play links`);
    assert.equal(await play.first().getAttribute('href'), `#/deal/${slug}`);
    if (['city-of-spies', 'carousel-chess'].includes(slug)) {
      // A diagram of the starting position, its pieces' pictures loaded, described in words.
      const diagram = page.locator('.rules-text .diagram-board');
      assert.equal(await diagram.locator('.d-sq').count(), 64);
      assert.match(await diagram.getAttribute('aria-label'), / (on )?[a-h][1-8]\b/);
      await diagram.scrollIntoViewIfNeeded();
      const pictures = await diagram.locator('img').evaluateAll((imgs) => imgs.map((i) => i.complete && i.naturalWidth > 0));
      assert.ok(pictures.length >= 11 && pictures.every(Boolean), `${slug}: every piece is drawn`);
      // Its squares named as on a chessboard: the ranks up the a-file, the files along rank 1.
      const named = await diagram.evaluate((board) => {
        const said = (square, part) => getComputedStyle(board.querySelector(`[data-square="${square}"]`), part).content.replaceAll('"', '');
        return ['8', '7', '6', '5', '4', '3', '2', '1'].map((r) => said(`a${r}`, '::before')).join('')
          + ' ' + [...'abcdefgh'].map((f) => said(`${f}1`, '::after')).join('')
          + ' ' + said('c4', '::before') + said('c4', '::after');
      });
      assert.equal(named, '87654321 abcdefgh nonenone', `${slug}: the diagram names its ranks and files, and nothing inside`);
      await page.locator('.rules-text .diagram').screenshot({ path: `${SCREENSHOTS}/rules-diagram-${slug}-phone.png` });
    }
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('an unknown address says so and offers the way home', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(`${env.server.url}#/rules/chess`);
  await page.waitForSelector('.problem');
  assert.match(await page.locator('.problem').textContent(), /#\/rules\/chess/);
  await page.click('.problem a.button');
  await page.waitForSelector('.game-list');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('loading makes no request to another origin', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await page.goto(`${env.server.url}#/rules/espionage`);
  await page.waitForSelector('article.rules .rules-text[data-loaded]');
  await page.waitForLoadState('networkidle');
  assert.ok(page.requestsSeen.length >= 4, `saw ${page.requestsSeen.length} requests`);
  const foreign = page.requestsSeen.filter((url) => !url.startsWith(env.server.origin + '/'));
  assert.deepEqual(foreign, []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a game card\'s Play opens the new deal with that game, on this screen; "Deal for a real board" chooses the real board', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  for (const [slug] of GAMES.slice(0, 2)) {
    await page.goto(env.server.url);
    await appReady(page);
    await page.locator(`.game-card[data-game="${slug}"]`).getByRole('link', { name: 'Play', exact: true }).click();
    await page.locator('.form-screen').waitFor();
    assert.equal(await page.locator(`input[name=game][value="${slug}"]`).isChecked(), true, `${slug} is chosen`);
    assert.equal(await page.getByLabel(/On this screen/).isChecked(), true);
  }
  await page.goto(env.server.url);
  await appReady(page);
  await page.getByRole('link', { name: 'Deal for a real board' }).click();
  await page.locator('.form-screen').waitFor();
  assert.equal(await page.getByLabel(/On our own board/).isChecked(), true);
  assert.equal(new URL(page.url()).hash, '#/deal/board');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('text at 200% loses nothing: no sideways scrolling, every control still there', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  // As a browser's text size setting does: the root font size, doubled (through the CSSOM,
  // which the page's CSP allows).
  const big = () => page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const [hash, control] of [['#/', 'Join with a code'], ['#/rules/city-of-spies', 'Play A City of Spies'], ['#/deal/carousel-chess', 'Deal']]) {
    await page.goto(`${env.server.url}${hash}`);
    await appReady(page);
    // The screen is drawn (the deal form is its own lazily loaded part) before it grows.
    const found = page.getByRole(control === 'Deal' ? 'button' : 'link', { name: control, exact: true }).or(page.getByRole('button', { name: control, exact: true }));
    await found.first().waitFor();
    await big();
    await settled(page);
    assert.equal(await wide(), 0, `${hash} scrolls sideways at 200% text`);
    assert.ok(await found.first().isVisible(), `${hash}: "${control}" is there`);
  }
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  await page.goto(`${env.server.url}#/play`);
  await page.locator('.play.carousel').waitFor();
  await big();
  await settled(page);
  assert.equal(await wide(), 0, 'a game scrolls sideways at 200% text');
  assert.equal(await page.locator('.board .sq').count(), 64);
  await screenshot(page, 'text-200-laptop');
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** Collects layout shifts and largest-paint candidates from the page's first moment. */
async function watchPaints(context) {
  await context.addInitScript(() => {
    window.__shifts = [];
    window.__largest = [];
    // When the app drew its own top bar: the moment it took over from the first screen.
    window.__mounted = null;
    new MutationObserver(() => {
      if (window.__mounted === null && document.querySelector('header.topbar:not([data-first])')) window.__mounted = performance.now();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value))).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => window.__largest.push(...list.getEntries().map((e) => ({ at: e.startTime, what: e.element?.textContent?.slice(0, 40) ?? null })))).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

test('the first paint is the home screen\'s, before the app has loaded, and nothing moves when the app takes over', async () => {
  // The app's code never arrives: what the page shows is index.html's alone.
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await context.route(/_bg\.wasm$/, () => {});
  await page.goto(env.server.url, { waitUntil: 'domcontentloaded' });
  await page.locator('main[data-first] .hero').waitFor();
  const first = await page.evaluate(() => ({
    // What shows (innerText): the first screen holds both languages, one of them hidden.
    title: document.querySelector('.hero h1').innerText,
    lede: document.querySelector('.hero .lede').innerText,
    brand: document.querySelector('.topbar .brand').textContent.trim(),
    box: document.querySelector('.hero .lede').getBoundingClientRect().toJSON(),
    loading: document.getElementById('boot-status').innerText,
  }));
  assert.equal(first.brand, 'Intrigue');
  assert.equal(first.loading, 'Loading Intrigue…');
  await screenshot(page, 'first-paint-phone');
  await context.close();

  // The app's own home: the same words in the same place, and no shift on the way.
  // Its code is held back for two seconds, as on a slow network: the first paint must not
  // wait for it. (Without the hold, a quiet local server can hand the code over before the
  // browser's first paint, and then there is no race to judge.)
  const loaded = await openPage(env.browser, env.server.origin, PHONE);
  await watchPaints(loaded.context);
  await loaded.context.route(/_bg\.wasm$/, async (route) => {
    await new Promise((done) => setTimeout(done, 2000));
    await route.continue();
  });
  await loaded.page.goto(env.server.url);
  await appReady(loaded.page);
  await loaded.page.locator('.game-card').first().waitFor();
  await settled(loaded.page);
  const app = await loaded.page.evaluate(() => ({
    title: document.querySelector('.hero h1').innerText,
    lede: document.querySelector('.hero .lede').innerText,
    box: document.querySelector('.hero .lede').getBoundingClientRect().toJSON(),
    left: document.querySelectorAll('[data-first]').length,
    shifts: window.__shifts,
    largest: window.__largest,
    wasm: performance.getEntriesByType('resource').find((r) => /_bg\.wasm$/.test(r.name))?.responseEnd,
    mounted: window.__mounted,
  }));
  assert.equal(app.title, first.title, 'the first screen says what the home screen says');
  assert.equal(app.lede, first.lede);
  assert.deepEqual(app.box, first.box, 'the opening text is where the first screen drew it');
  assert.equal(app.left, 0, 'the first screen is gone');
  assert.deepEqual(app.shifts, [], 'no layout shift');
  // The largest paint is the first screen's opening text, painted before the app's code
  // arrived and so before the app took over.
  assert.ok(app.largest.length > 0 && app.mounted > 0, JSON.stringify(app));
  console.log(`# largest paint at ${Math.round(app.largest.at(-1).at)} ms; the app's code arrived at ${Math.round(app.wasm)} ms and took over at ${Math.round(app.mounted)} ms`);
  assert.ok(app.largest.at(-1).at < app.wasm && app.largest.at(-1).at < app.mounted, `largest paint at ${app.largest.at(-1).at} ms, the app took over at ${app.mounted} ms: ${JSON.stringify(app.largest)}`);
  assert.ok(first.lede.startsWith(app.largest.at(-1).what ?? '-'), `the largest paint is the opening text: ${JSON.stringify(app.largest)}`);
  assert.deepEqual(loaded.page.problems, []);
  await loaded.context.close();
});

test('a deep link does not show home\'s text while the app loads', async () => {
  const { context } = await openPage(env.browser, env.server.origin, PHONE);
  await context.route(/_bg\.wasm$/, () => {});
  // A fresh page for each address: a change of hash alone would not load the page again.
  const open = async (hash) => {
    const page = await context.newPage();
    await page.goto(`${env.server.url}${hash}`, { waitUntil: 'domcontentloaded' });
    await page.locator('main[data-first]').waitFor();
    return page;
  };
  for (const hash of ['#/rules/espionage', '#/play', '#/seat/abc']) {
    const page = await open(hash);
    const seen = await page.evaluate(() => ({
      hero: getComputedStyle(document.querySelector('main[data-first] .hero')).visibility,
      loading: getComputedStyle(document.getElementById('boot-status')).visibility,
    }));
    assert.deepEqual(seen, { hero: 'hidden', loading: 'visible' }, hash);
    await page.close();
  }
  // Home itself, with or without its hash, shows it.
  for (const hash of ['', '#', '#/']) {
    const page = await open(hash);
    const hero = await page.evaluate(() => getComputedStyle(document.querySelector('main[data-first] .hero')).visibility);
    assert.equal(hero, 'visible', `home at "${hash}"`);
    await page.close();
  }
  await context.close();
});
