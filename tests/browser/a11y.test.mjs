// Accessibility (WCAG 2.2 AA): axe-core finds no violation on any screen, at phone and
// laptop size — the home and rules pages, the new deal, the hand-out, the table (running
// and revealed), a peek, a phone's private view hidden and shown, both games in play and
// at their end, errors, and the component lab; light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, settled, screenshot, hold, release, dealOnTable, dealFromForm, openPlay, foolsMate,
  axeViolations, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

async function clean(page, screen, found) {
  for (const line of await axeViolations(page)) found.push(`${screen}: ${line}`);
}

for (const [viewport, size, scheme] of [[PHONE, 'phone', 'light'], [LAPTOP, 'laptop', 'light'], [PHONE, 'phone', 'dark']]) {
  test(`no axe violation on any screen (${size}, ${scheme})`, async () => {
    const { context, page } = await openPage(env.browser, env.server.origin, viewport, { colorScheme: scheme });
    answerQuestions(page);
    const found = [];
    await page.goto(env.server.url);
    await appReady(page);
    await clean(page, 'home', found);
    await page.goto(`${env.server.url}#/rules/espionage`);
    await page.locator('.rules-text[data-loaded]').waitFor();
    await clean(page, 'rules', found);
    await page.goto(`${env.server.url}#/nowhere`);
    await clean(page, 'unknown address', found);
    await page.goto(`${env.server.url}#/seat/NOT-A-CODE`);
    await clean(page, 'bad link', found);
    await page.goto(`${env.server.url}#/join`);
    await clean(page, 'join', found);
    await page.goto(`${env.server.url}#/lab`);
    await page.locator('.board').waitFor();
    await clean(page, 'lab', found);

    // A City of Spies on the table.
    await page.goto(`${env.server.url}#/deal/city-of-spies`);
    await page.locator('.stepper-value').waitFor();
    await clean(page, 'new deal', found);
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await page.locator('.handout[data-seat="0"]').waitFor();
    await clean(page, 'hand-out', found);
    const deal = await dealOnTable(page);
    await page.goto(`${env.server.url}#/play`);
    await page.locator('.play.city').waitFor();
    await clean(page, 'city set-up', found);
    await page.getByRole('button', { name: 'Start round 1' }).click();
    await page.locator('.play.city[data-phase="turn"]').waitFor();
    await clean(page, 'city turn', found);
    await page.goto(`${env.server.url}#/table`);
    await page.locator('.table-screen').waitFor();
    await clean(page, 'table', found);
    await page.goto(`${env.server.url}#/table/peek/1`);
    await page.locator('.peek[data-seat="0"]').waitFor();
    await clean(page, 'peek', found);
    await page.getByRole('button', { name: /^I am / }).click();
    await page.locator('.hold').waitFor();
    await clean(page, 'peek, ready to hold', found);
    await page.goto(`${env.server.url}#/table`);
    await page.getByRole('button', { name: 'Game over: reveal everything' }).click();
    await page.locator('table.reveal').waitFor();
    await clean(page, 'table revealed', found);

    // A phone's private view, hidden and shown.
    const phone = await openPage(env.browser, env.server.origin, viewport, { colorScheme: scheme });
    await phone.page.goto(`${env.server.url}#/seat/${deal.seats[0].link}`);
    await appReady(phone.page);
    await phone.page.locator('.hold').waitFor({ timeout: 5000 }).catch(async () => {
      throw new Error(`no hold area on the phone: ${await phone.page.locator('main').innerText()}`);
    });
    await clean(phone.page, 'phone hidden', found);
    await hold(phone.page);
    await clean(phone.page, 'phone shown', found);
    await release(phone.page);
    await phone.context.close();

    // Carousel Chess, played to its end.
    await dealFromForm(page, env.server.url, 'carousel-chess', 3);
    await openPlay(page, env.server.url);
    await clean(page, 'carousel', found);
    await foolsMate(page);
    await page.locator('.banner', { hasText: 'Checkmate!' }).waitFor();
    await clean(page, 'carousel over', found);

    // Espionage: the curtain, a set-up, a turn, the end.
    await page.goto(`${env.server.url}#/deal/espionage`);
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await page.locator('.curtain').waitFor();
    await clean(page, 'espionage curtain', found);
    await page.getByRole('button', { name: /show my army/ }).click();
    await page.locator('.espionage-setup').waitFor();
    await clean(page, 'espionage set-up', found);
    await page.getByRole('button', { name: 'Shuffle all' }).click();
    await page.getByRole('button', { name: 'Ready' }).click();
    await page.getByRole('button', { name: /show my army/ }).click();
    await page.getByRole('button', { name: 'Shuffle all' }).click();
    await page.getByRole('button', { name: 'Ready' }).click();
    await page.getByRole('button', { name: /show my army/ }).click();
    await page.locator('.espionage-turn').waitFor();
    await clean(page, 'espionage turn', found);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.espionage-end').waitFor();
    await clean(page, 'espionage over', found);

    // Usurp: a card drawn, a square taken.
    await page.goto(`${env.server.url}#/deal/usurp`);
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await page.locator('.play.usurp').waitFor();
    await page.getByRole('button', { name: 'Draw a card' }).click();
    await clean(page, 'usurp drawn', found);
    await page.locator('.town-square [data-action="place"]').first().click();
    await page.locator('.town-square [data-action="take"]').first().click();
    await clean(page, 'usurp taken', found);

    // The Chess deckbuilder: the curtain, a card chosen, the buy phase, the end.
    await page.goto(`${env.server.url}#/deal/chess-deckbuilder`);
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await page.locator('.curtain').waitFor();
    await clean(page, 'deckbuilder curtain', found);
    await page.getByRole('button', { name: /show my hand/ }).click();
    await page.locator('.deckbuilder-turn').waitFor();
    await page.locator('.hand .card.playable').first().click();
    await clean(page, 'deckbuilder card chosen', found);
    await page.getByRole('button', { name: 'Go to buying' }).click();
    await page.locator('[data-buy]').first().waitFor();
    await clean(page, 'deckbuilder buying', found);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.deckbuilder-end').waitFor();
    await clean(page, 'deckbuilder over', found);

    assert.deepEqual(found, []);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('text at 200% on a phone: no screen scrolls sideways, no word is cut in two, and every town square and legend line fits', async () => {
  const screens = [
    ['home', '#/', '.game-card'],
    ['new deal', '#/deal/city-of-spies', '.names input'],
    ['join', '#/join', '#seat-code'],
    ['Usurp alone', '#/alone/usurp', '.town-square'],
    ['Espionage set-up alone', '#/alone/espionage', '.espionage-setup .board'],
    ['deckbuilder alone', '#/alone/chess-deckbuilder', '.deckbuilder-turn .hand'],
    ['A City of Spies alone', '#/alone/city-of-spies', '.play.city .board'],
    ['Carousel Chess alone', '#/alone/carousel-chess', '.play.carousel .board'],
  ];
  const problems = [];
  for (const [name, hash, ready] of screens) {
    const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
    answerQuestions(page);
    await page.goto(`${env.server.url}#/`);
    await appReady(page);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${env.server.url}${hash}`);
    await page.locator(ready).first().waitFor();
    // The browser's text size at 200%: every rem twice as large.
    await page.evaluate(() => { document.documentElement.style.fontSize = '200%'; });
    await settled(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width) problems.push(`${name}: ${width} px wide`);
    const outside = await page.evaluate(() => [...document.querySelectorAll('.town-square, .legend-list li, .topbar .brand, .language-switch, fieldset, .names input')]
      .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 1)
      .map((e) => e.className || e.tagName));
    if (outside.length) problems.push(`${name}: past the edge: ${outside.join(', ')}`);
    // The brand is one word on one line.
    if (await page.locator('.topbar .brand span').evaluate((e) => e.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(e).fontSize))) {
      problems.push(`${name}: "Intrigue" broken over lines`);
    }
    await context.close();
  }
  assert.deepEqual(problems, []);
});

test('a phone on its side (844×390): whose turn it is, the board and (in the deckbuilder) the hand are on the screen together', async () => {
  const LANDSCAPE = { width: 844, height: 390 };
  const problems = [];
  for (const [name, hash, parts] of [
    ['deckbuilder', '#/alone/chess-deckbuilder', ['.deckbuilder-turn .banner', '.deckbuilder-turn .board', '.deckbuilder-turn .hand']],
    ['Espionage set-up', '#/alone/espionage', ['.espionage-setup .banner', '.espionage-setup .board', '[data-action="ready"]']],
  ]) {
    const { context, page } = await openPage(env.browser, env.server.origin, LANDSCAPE);
    answerQuestions(page);
    await page.goto(`${env.server.url}#/`);
    await appReady(page);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${env.server.url}${hash}`);
    await page.locator(parts[1]).waitFor();
    await settled(page);
    // Scrolled to the board's top, as a player holds a phone on its side to play.
    await page.locator(parts[1]).evaluate((e) => e.scrollIntoView({ block: 'start' }));
    for (const part of parts) {
      const seen = await page.locator(part).first().evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= -1 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth;
      });
      if (!seen) problems.push(`${name}: ${part} is not on the screen with the rest`);
    }
    await screenshot(page, `${name.replace(/ /g, '-').toLowerCase()}-landscape`);
    await context.close();
  }
  assert.deepEqual(problems, []);
});
