// English and Spanish: the language a phone asks for, the switch on every screen, the
// choice remembered, and screens in Spanish with no English word left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, settled, englishWords, axeViolations, dealFromForm, dealOnTable,
  PHONE, LAPTOP } from './harness.mjs';

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

  // The core's reasons are English: a Spanish page says what happened in its own words.
  const noCoreEnglish = async (what) => {
    const text = await page.evaluate(() => document.body.innerText);
    assert.deepEqual(await englishWords(page), [], `${what}: ${text}`);
    assert.doesNotMatch(text, /\b(the|could|not|message|read|action|damaged|invitation|offer)\b/i, what);
  };
  // The component lab, for developers, speaks Spanish too.
  await page.goto(env.server.url + '#/lab');
  await page.locator('.lab h1').waitFor();
  assert.equal(await page.locator('.lab h1').innerText(), 'Laboratorio de componentes');
  await noCoreEnglish('the component lab');
  await page.goto(env.server.url + '#/link/NOT-AN-INVITATION');
  await page.locator('.problem h1').waitFor();
  await noCoreEnglish('an unreadable invitation');
  // A save cut by one character goes on from what was kept, and says so.
  await page.evaluate(() => localStorage.setItem('intrigue.game', 'usu2|000000000000004d:10.8.6.6.6.30|Ann,Bo,Cy|D P1 D P2'));
  await page.goto(env.server.url + '#/play');
  await page.locator('.play.usurp').waitFor();
  assert.match(await page.locator('.notice').innerText(), /sigue desde la acción \d+/);
  await noCoreEnglish('a save cut short');
  // A save that cannot be read at all is set aside, and the reason is not the core's English.
  await page.evaluate(() => localStorage.setItem('intrigue.game', 'usu2|zz'));
  await page.goto(env.server.url + '#/nowhere');
  await page.goto(env.server.url + '#/play');
  await page.locator('.problem h1, .notice').first().waitFor();
  await noCoreEnglish('a save set aside');
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** Every Spanish screen `page` shows now: no English word, no axe violation. */
async function spanishOnly(page, screen, found, allowed = []) {
  await settled(page);
  const english = await englishWords(page, allowed);
  if (english.length) found.push(`${screen}: English left: ${english.join(', ')}`);
  for (const line of await axeViolations(page)) found.push(`${screen}: ${line}`);
}

test('every game in Spanish, from its new deal to its end: no English word, no axe violation', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-ES' });
  await context.addInitScript(() => localStorage.setItem('intrigue.test.pace-ms', '60'));
  answerQuestions(page);
  const found = [];
  for (const slug of ['city-of-spies', 'carousel-chess', 'espionage', 'usurp', 'chess-deckbuilder']) {
    await page.goto(`${env.server.url}#/rules/${slug}`);
    await page.locator('.rules-text[data-loaded]').waitFor();
    await spanishOnly(page, `rules of ${slug}`, found);
    await page.goto(`${env.server.url}#/deal/${slug}`);
    await page.locator('.stepper-value').waitFor();
    await spanishOnly(page, `new deal of ${slug}`, found);
  }

  // Usurp against the computer: a draw and a place, its turns, the castles.
  await page.goto(`${env.server.url}#/alone/usurp`);
  await page.locator('.play.usurp').waitFor();
  await page.waitForFunction(() => !document.querySelector('.usurp .arming') && document.querySelector('[data-action="draw"]'));
  await spanishOnly(page, 'Usurp, your turn', found);
  await page.getByRole('button', { name: 'Robar una carta' }).click();
  await page.locator('.town-square [data-action="place"]').first().waitFor();
  await spanishOnly(page, 'Usurp, a card drawn', found);
  await page.locator('.town-square [data-action="place"]').first().click();
  await page.locator('.story li').first().waitFor();
  await spanishOnly(page, 'Usurp, a card placed', found);
  // The computer is "el Ordenador" in a Spanish sentence, never a bare "Ordenador".
  await page.locator('.story li', { hasText: /^El Ordenador( \d)? (robó|puso|se llevó)/ }).first().waitFor();
  for (const line of await page.locator('.story li').allTextContents()) assert.doesNotMatch(line, /^Ordenador|de Ordenador/, line);
  await screenshot(page, 'usurp-es-phone');

  // Espionage: the set-up, the first turn, and the end after resigning.
  await page.goto(`${env.server.url}#/alone/espionage`);
  await page.locator('[data-action="fill"]').waitFor();
  await spanishOnly(page, 'Espionage set-up', found);
  await page.locator('[data-action="fill"]').click();
  await page.locator('[data-action="ready"]').click();
  await page.locator('.espionage-turn [data-action="submit"]').waitFor({ timeout: 20000 });
  await page.locator('[data-action="resign"]').waitFor();
  await spanishOnly(page, 'Espionage turn', found);
  await screenshot(page, 'espionage-es-phone');
  await page.locator('[data-action="resign"]').click();
  await page.locator('.espionage-end').waitFor();
  await spanishOnly(page, 'Espionage over', found);

  // The deckbuilder: a turn with its hand and supply, and its end.
  await page.goto(`${env.server.url}#/alone/chess-deckbuilder`);
  await page.locator('.deckbuilder-turn [data-action="resign"]').waitFor();
  await spanishOnly(page, 'deckbuilder turn', found);
  // Said as Spanish says it: "quedan 20", not "20 quedan".
  assert.equal(await page.locator('.pile[data-card="Silver"] .pile-left').textContent(), 'quedan 20');
  await page.locator('.deckbuilder-turn:not(.arming)').waitFor();
  await page.locator('.hand .card.playable').first().click({ timeout: 5000 }).catch(async (e) => {
    await screenshot(page, 'deckbuilder-es-failed');
    throw e;
  });
  await spanishOnly(page, 'deckbuilder, a card chosen', found);
  // What a screen reader hears of a square is Spanish too.
  const movable = await page.locator('.board .sq.movable').first().getAttribute('aria-label');
  assert.match(movable, /, se puede mover$/, movable);
  assert.doesNotMatch(movable, /can move|picked up|last move/);
  await screenshot(page, 'deckbuilder-es-phone');
  await page.locator('[data-action="resign"]').click();
  await page.locator('.play[data-over="true"]').waitFor();
  await spanishOnly(page, 'deckbuilder over', found);

  // The table games: the hand-out, the play screen, the table and its reveal.
  for (const slug of ['carousel-chess', 'city-of-spies']) {
    // Alone with the computer: straight to the game; the hand-out is still there to open.
    await page.goto(`${env.server.url}#/alone/${slug}`);
    await page.locator('.play').waitFor();
    await page.goto(`${env.server.url}#/table/handout/1`);
    await page.locator('.handout[data-seat="0"]').waitFor();
    await spanishOnly(page, `${slug} hand-out`, found);
    await page.goto(`${env.server.url}#/play`);
    await page.locator('.play').waitFor();
    const start = page.getByRole('button', { name: /^Empezar la ronda/ });
    if (await start.count()) {
      await spanishOnly(page, `${slug} set-up`, found);
      await start.click();
      await page.locator('.play.city[data-phase="turn"]').waitFor();
    }
    await spanishOnly(page, `${slug} play`, found);
    await screenshot(page, `${slug}-es-phone`);
    await page.goto(`${env.server.url}#/table/peek`);
    await page.locator('.peek').waitFor();
    await spanishOnly(page, `${slug} peek`, found);
    await page.goto(`${env.server.url}#/table`);
    await page.locator('.table-screen').waitFor();
    await spanishOnly(page, `${slug} table`, found);
    await page.getByRole('button', { name: 'Fin de la partida: revelarlo todo' }).click();
    await page.locator('table.reveal').waitFor();
    await spanishOnly(page, `${slug} revealed`, found);
  }
  assert.deepEqual(found, []);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a table in English and a phone in Spanish show the same table words and round words (the Spanish with the English beside them)', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP, { locale: 'en-GB' });
  answerQuestions(table.page);
  await dealFromForm(table.page, env.server.url, 'city-of-spies', 4);
  const deal = await dealOnTable(table.page);
  const tableWords = await table.page.locator('.handout .fingerprint').textContent();
  assert.equal(tableWords, deal.words, 'the table shows the core\'s words');
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.locator('.table-screen .round-word').waitFor();
  const tableRound = await table.page.locator('.round-word').textContent();
  assert.equal(tableRound, deal.round_words[0]);

  const phone = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-MX' });
  await phone.page.goto(`${env.server.url}#/seat/${deal.seats[1].link}`);
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  // The same words by their place in the list: the Spanish shown, the English beside it
  // and in data-words, and never the same Spanish word for two English ones.
  const words = phone.page.locator('.private-view .fingerprint');
  assert.equal(await words.getAttribute('data-words'), tableWords);
  const spanish = (await words.textContent()).split(' ');
  assert.equal(spanish.length, 3);
  assert.notDeepEqual(spanish, tableWords.split(' '), 'the words are said in Spanish');
  assert.equal(await phone.page.locator('.table-words .words-en').textContent(), ` (${tableWords})`);
  assert.equal(await phone.page.locator('.round-word').getAttribute('data-words'), tableRound);
  assert.ok((await phone.page.locator('.round-word-line').innerText()).includes(`(${tableRound})`));
  // The codes are the same in both languages: the phone holds the seat the table dealt.
  // An unnamed seat ("Seat 2" in the core's records) is said in the phone's language.
  assert.equal(deal.seats[1].name, 'Seat 2');
  assert.equal(await phone.page.locator('.private-name').textContent(), 'Asiento 2');
  assert.equal(await phone.page.locator('.private-view').getAttribute('data-seat'), '1');
  await screenshot(phone.page, 'seat-es-phone');
  assert.deepEqual(table.page.problems, []);
  assert.deepEqual(phone.page.problems, []);
  await table.context.close();
  await phone.context.close();
});

test('questions are the app\'s own, in the page\'s language: Cancel and Escape change nothing, the named button acts', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-ES' });
  answerQuestions(page, null);
  await page.goto(`${env.server.url}#/alone/espionage`);
  await page.locator('[data-action="fill"]').click();
  await page.locator('[data-action="ready"]').click();
  await page.locator('.espionage-turn [data-action="submit"]').waitFor({ timeout: 20000 });
  const question = page.locator('dialog.ask[open]');
  // Cancel: the game goes on.
  await page.locator('[data-action="resign"]').click();
  await question.waitFor();
  assert.equal(await question.locator('.ask-question').textContent(), '¿Abandonas esta partida?');
  assert.deepEqual(await question.getByRole('button').allTextContents(), ['Cancelar', 'Abandonar']);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.answer), 'yes', 'the focus is on the question\'s own button');
  // The page behind cannot be used while it is asked (the dialog is modal).
  assert.equal(await page.evaluate(() => document.querySelector('dialog.ask').matches(':modal')), true);
  await screenshot(page, 'question-es-phone');
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await question.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.espionage-end').count(), 0);
  // Escape: the same.
  await page.locator('[data-action="resign"]').click();
  await question.waitFor();
  await page.keyboard.press('Escape');
  await question.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.espionage-end').count(), 0);
  // The named button: resigned.
  await page.locator('[data-action="resign"]').click();
  await question.getByRole('button', { name: 'Abandonar' }).click();
  await page.locator('.espionage-end').waitFor();
  // A new game alone while this one is finished asks nothing; over one in progress it asks,
  // and "Cancelar" goes home with the game kept.
  await page.goto(`${env.server.url}#/alone/usurp`);
  await page.locator('.play.usurp').waitFor();
  const usurp = await page.evaluate(() => localStorage.getItem('intrigue.game'));
  await page.goto(`${env.server.url}#/alone/espionage`);
  await question.waitFor();
  assert.match(await question.locator('.ask-question').textContent(), /^Hay una partida en curso en este dispositivo\. ¿Terminarla y repartir una nueva\?$/);
  assert.deepEqual(await question.getByRole('button').allTextContents(), ['Cancelar', 'Terminarla y repartir']);
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await page.locator('.game-card').first().waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game')), usurp, 'the game in progress is kept');
  assert.equal(page.asked.length, 4, 'every question was seen, none answered for the test');
  assert.deepEqual(page.problems, []);
  await context.close();
});
