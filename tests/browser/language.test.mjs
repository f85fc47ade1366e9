// English and Spanish: the language a phone asks for, the switch on every screen, the
// choice remembered, and screens in Spanish with no English word left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, appReady, screenshot, settled, englishWords, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

const HERO_ES = 'Juegos de información oculta para la noche de juegos';
const HERO_EN = 'Hidden-information games for game night';

test('a phone set to Spanish gets the app in Spanish from its first paint: home, title, manifest, no English word', async () => {
  // Before the app's code arrives: index.html's first screen, in Spanish.
  const first = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-AR' });
  await first.context.route(/_bg\.wasm$/, () => {});
  await first.page.goto(env.server.url, { waitUntil: 'domcontentloaded' });
  await first.page.locator('main[data-first] .hero').waitFor();
  const painted = await first.page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.querySelector('.hero h1').innerText,
    lede: document.querySelector('.hero .lede').innerText,
    box: document.querySelector('.hero .lede').getBoundingClientRect().toJSON(),
    loading: document.getElementById('boot-status').innerText,
    manifest: document.querySelector('link[rel="manifest"]').getAttribute('href'),
    switchText: [...document.querySelectorAll('.language-switch')].filter((b) => b.getClientRects().length).map((b) => b.innerText).join(''),
  }));
  assert.equal(painted.lang, 'es');
  assert.equal(painted.title, HERO_ES);
  assert.equal(painted.loading, 'Cargando Intrigue…');
  assert.equal(painted.manifest, 'manifest.es.webmanifest');
  assert.equal(painted.switchText, 'English', 'the switch offers the other language');
  assert.deepEqual(await englishWords(first.page), []);
  await first.context.close();

  // The app: the same words in the same place, all in Spanish.
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-AR' });
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card').first().waitFor();
  await settled(page);
  assert.equal(await page.locator('.hero h1').innerText(), painted.title);
  assert.equal(await page.locator('.hero .lede').innerText(), painted.lede);
  assert.deepEqual(await page.locator('.hero .lede').evaluate((e) => e.getBoundingClientRect().toJSON()), painted.box);
  assert.equal(await page.locator('.game-card[data-game="espionage"] h2').innerText(), 'Espionaje');
  assert.equal(await page.locator('.game-card[data-game="espionage"] .players').innerText(), '2 jugadores');
  assert.equal(await page.getByRole('link', { name: 'Jugar solo' }).count(), 5);
  assert.equal(await page.getByRole('button', { name: /English/ }).count(), 1);
  assert.equal(await page.title(), 'Intrigue');
  const manifest = await (await page.request.get(env.server.url + 'manifest.es.webmanifest')).json();
  assert.equal(manifest.lang, 'es');
  assert.match(manifest.description, /juegos/);
  assert.deepEqual(await englishWords(page), [], 'no English word on the home screen');
  await screenshot(page, 'home-es-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the switch reloads the page in the other language, where it was, and this device remembers it; a language we do not speak gets English', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE, { locale: 'fr-FR' });
  await page.goto(env.server.url + '#/rules/usurp');
  await appReady(page);
  assert.equal(await page.locator('h1').innerText(), 'Usurp');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /Español/ }).click()]);
  await appReady(page);
  assert.equal(await page.evaluate(() => location.hash), '#/rules/usurp', 'the same screen');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.locator('h1').innerText(), 'Usurpar');
  assert.equal(await page.title(), 'Reglas de Usurpar · Intrigue');
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.lang')), 'es');

  // Remembered: a new visit, without the address's ?lang, is in Spanish.
  const other = await context.newPage();
  await other.goto(env.server.url);
  await appReady(other);
  assert.equal(await other.locator('.hero h1').innerText(), HERO_ES);
  assert.deepEqual(await englishWords(other), []);
  await Promise.all([other.waitForNavigation(), other.getByRole('button', { name: /English/ }).click()]);
  await appReady(other);
  assert.equal(await other.locator('.hero h1').innerText(), HERO_EN);
  assert.equal(await other.evaluate(() => localStorage.getItem('intrigue.lang')), 'en');
  assert.deepEqual(page.problems, []);
  await context.close();

  // A device whose storage is switched off still switches, for this visit.
  const blocked = await openPage(env.browser, env.server.origin, PHONE, { locale: 'en-US' });
  await blocked.context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  await blocked.page.goto(env.server.url);
  await appReady(blocked.page);
  await Promise.all([blocked.page.waitForNavigation(), blocked.page.getByRole('button', { name: /Español/ }).click()]);
  await appReady(blocked.page);
  assert.equal(await blocked.page.locator('.hero h1').innerText(), HERO_ES);
  await blocked.context.close();
});

test('Spanish screens outside the games: join with a refused code, an unknown address, a damaged seat link', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP, { locale: 'es-ES' });
  await page.goto(env.server.url + '#/join');
  await appReady(page);
  await page.locator('#seat-code').waitFor();
  assert.equal(await page.locator('h1').innerText(), 'Unirse a una mesa');
  await page.locator('#seat-code').fill('ABCD-EFGH');
  await page.getByRole('button', { name: 'Abrir' }).click();
  const refused = await page.locator('.form-error').innerText();
  assert.match(refused, /código/);
  assert.deepEqual(await englishWords(page), [], refused);
  await screenshot(page, 'join-es-laptop');

  await page.goto(env.server.url + '#/nowhere');
  await page.locator('.problem h1').waitFor();
  assert.equal(await page.locator('.problem h1').innerText(), 'Esta página no existe');
  assert.deepEqual(await englishWords(page), []);

  await page.goto(env.server.url + '#/seat/BAD');
  await page.locator('.problem h1').waitFor();
  assert.deepEqual(await englishWords(page), [], await page.locator('.problem').innerText());
  assert.deepEqual(page.problems, []);
  await context.close();
});
