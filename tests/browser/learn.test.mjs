// Learning by playing (issue 41): a tap on a piece that cannot act says why, on the board
// and to screen readers, in the player's language (a tap that plays says nothing); and
// against the computer, "What can I do?" marks what can act and says what each does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, answerQuestions, appReady, axeViolations, screenshot, settled, tap, dealFromForm, dealOnScreen, dealEspionageAtRandom, openPlay, PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();

/** The reason the board says now ('' when none), and that it is a status for screen readers. */
async function said(page) {
  const region = page.locator('.board-refusal');
  assert.equal(await region.getAttribute('role'), 'status', 'said to screen readers');
  return (await region.textContent()).trim();
}

/** Tap `square` and read what the board says. */
async function tapAndHear(page, square) {
  await tap(page, square);
  return said(page);
}

/** A page that plays `game` alone against the computer from its home card, at the
 * computer's `pace` (ms). */
async function alone(game, pace, viewport = PHONE) {
  const { context, page } = await openPage(env.browser, env.server.origin, viewport);
  await page.addInitScript((ms) => localStorage.setItem('intrigue.test.pace-ms', String(ms)), pace);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator(`.game-card[data-game="${game}"] [data-action="play-alone"]`).click();
  return { context, page };
}

/** The square of the first piece the board names `label`. */
async function squareOf(page, label) {
  return page.locator(`.piece[data-piece="${label}"]`).first().getAttribute('data-square');
}

test('Carousel Chess: a piece of the colour not to move, a piece boxed in, and a check each say why', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(page, env.server.url, 'carousel-chess', 3, ['Ann', 'Bo', 'Cy']);
  await openPlay(page, env.server.url);
  assert.equal(await said(page), '', 'nothing said before a tap');
  assert.equal(await tapAndHear(page, 'e7'), 'White moves now: tap a white piece.');
  await screenshot(page, 'refusal-carousel-phone');
  assert.deepEqual(await axeViolations(page), [], 'axe finds nothing with a reason shown');
  // The reason stands over the board's foot, inside the board, clear of the squares' taps.
  const board = await page.locator('.board').boundingBox();
  const box = await page.locator('[data-refusal]').boundingBox();
  assert.ok(box.y >= board.y && box.y + box.height <= board.y + board.height + 1, 'over the board');
  assert.ok(box.y > board.y + board.height / 2, 'at its foot');
  assert.equal(await tapAndHear(page, 'a1'), 'This piece has no move now.');
  // A piece that can move is chosen, and the reason is gone.
  assert.equal(await tapAndHear(page, 'e2'), '');
  assert.match(await page.locator('.sq[data-square="e2"]').getAttribute('class'), /selected/);
  // 1. e4 d5 2. Bb5+ (the pawn on e2 is chosen already): Black's rook cannot get the
  // king out of check.
  await tap(page, 'e4');
  for (const [from, to] of [['d7', 'd5'], ['f1', 'b5']]) {
    await tap(page, from);
    await tap(page, to);
  }
  assert.equal(await tapAndHear(page, 'a8'), 'The king is in check, and this piece cannot get it out.');
  // A tap on an empty square lets the reason go.
  assert.equal(await tapAndHear(page, 'e5'), '');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('Espionage: a mine, the other army, a piece moved already and both moves made each say why, in Spanish too', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealEspionageAtRandom(page, env.server.url);
  const mine = await squareOf(page, 'Your Mine');
  assert.equal(await tapAndHear(page, mine), 'A mine never moves.');
  const theirs = await page.locator('.piece[data-piece$="hidden piece"]').first().getAttribute('data-square');
  assert.equal(await tapAndHear(page, theirs), `The piece on ${theirs} is not yours.`);
  await screenshot(page, 'refusal-espionage-phone');
  // A move, then the moved piece again.
  const from = await page.locator('.sq.movable').first().getAttribute('data-square');
  await tap(page, from);
  const to = await page.locator('.sq.dest').first().getAttribute('data-square');
  await tap(page, to);
  assert.equal(await tapAndHear(page, to), 'This piece has already moved this turn: move another one.');
  assert.deepEqual(page.problems, []);
  await context.close();

  // The same in Spanish.
  const es = await openPage(env.browser, env.server.origin, PHONE, { locale: 'es-ES' });
  await es.page.addInitScript(() => localStorage.setItem('intrigue.lang', 'es'));
  await es.page.goto(`${env.server.url}#/deal/espionage`);
  await appReady(es.page);
  await es.page.getByRole('button', { name: 'Repartir', exact: true }).click();
  for (let seat = 0; seat < 2; seat++) {
    await es.page.getByRole('button', { name: /muéstrame mi ejército/ }).click();
    await es.page.getByRole('button', { name: 'Barajar todo' }).click();
    await es.page.getByRole('button', { name: 'Listo' }).click();
  }
  await es.page.getByRole('button', { name: /muéstrame mi ejército/ }).click();
  await es.page.locator('.espionage-turn').waitFor();
  assert.equal(await tapAndHear(es.page, await squareOf(es.page, 'Tu mina')), 'La mina nunca se mueve.');
  assert.deepEqual(es.page.problems, []);
  await es.context.close();
});

test('the deckbuilder: the card that moves a piece comes first, and a card moves only its own kind', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealOnScreen(page, env.server.url, 'chess-deckbuilder', 2, ['Ann', 'Bo']);
  await page.getByRole('button', { name: 'I am Ann: show my hand' }).click();
  await settled(page);
  assert.equal(await tapAndHear(page, 'e7'), "This piece is Bo's.");
  const hand = await page.locator('.hand .card-name').allTextContents();
  assert.ok(hand.includes('Pawn'), `a Pawn card in ${hand}`);
  assert.equal(await tapAndHear(page, 'e2'), 'Tap your Pawn card first: it moves this piece.');
  await page.locator('.hand .card', { hasText: 'Pawn' }).first().click();
  await settled(page);
  assert.equal(await tapAndHear(page, 'g1'), 'The Pawn card moves only a pawn.');
  await screenshot(page, 'refusal-deckbuilder-phone');
  assert.equal(await tapAndHear(page, 'e2'), '', 'the Pawn card moves it');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('alone against the computer: while it thinks, a tap on a piece says whose turn it is', async () => {
  const { context, page } = await alone('carousel-chess', 5000);
  await page.locator('.play.carousel .board').waitFor();
  await settled(page);
  const banner = page.locator('.play-head h1');
  await page.waitForFunction(() => /is thinking|Your move/.test(document.querySelector('.play-head h1')?.textContent ?? ''));
  if (/Your move/.test(await banner.textContent())) {
    const from = await page.locator('.board .sq.movable').first().getAttribute('data-square');
    await tap(page, from);
    await tap(page, await page.locator('.board .sq.dest').first().getAttribute('data-square'));
  }
  await page.locator('.play-head h1', { hasText: 'is thinking' }).waitFor();
  const who = (await banner.textContent()).split(' is thinking')[0];
  assert.equal(await page.locator('.board .sq.movable').count(), 0, 'nothing to move for the computer');
  assert.equal(await tapAndHear(page, 'e2'), `It is ${who}'s turn.`);
  await screenshot(page, 'refusal-their-turn-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('"What can I do?" against the computer marks what can move and says where; asked hints are logged and told at the end', async () => {
  const { context, page } = await alone('espionage', 0);
  await page.getByRole('button', { name: 'Shuffle all' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Ready' }).click();
  await page.locator('.espionage-turn h1', { hasText: 'Your turn' }).waitFor({ timeout: 30_000 });
  await settled(page);
  const ask = page.locator('[data-action="hint"]');
  assert.equal(await ask.textContent(), 'What can I do?');
  assert.equal(await ask.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('.hint-list').count(), 0, 'nothing said before it is asked');
  await ask.click();
  await settled(page);
  assert.equal(await ask.getAttribute('aria-expanded'), 'true');
  const lines = await page.locator('.hint-list li').allTextContents();
  assert.ok(lines.length >= 2, `${lines.length} lines`);
  // Each line a piece of the player's that can move, its square and where it may go.
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  for (const line of lines.filter((l) => !l.startsWith('…'))) {
    const m = line.match(/^Your (Corporal|Lieutenant|Captain|Colonel|General|Spy|Minesweeper)( \(\d\))? on ([a-z]\d+): to ([a-z]\d+)((, [a-z]\d+)* or [a-z]\d+)?\.$/);
    assert.ok(m, `a piece and its squares: ${line}`);
    assert.ok(movable.includes(m[3]), `${m[3]} can move`);
    assert.equal(await page.locator(`.piece[data-square="${m[3]}"]`).getAttribute('data-piece'), `Your ${m[1]}${m[2] ?? ''}`);
  }
  assert.ok(await page.evaluate(() => document.body.classList.contains('hinting')), 'what can act is marked');
  const outline = await page.locator('.board .sq.movable').first().evaluate((e) => getComputedStyle(e).outlineWidth);
  assert.equal(outline, '4px');
  await screenshot(page, 'hint-espionage-phone');
  assert.deepEqual(await axeViolations(page), [], 'axe finds nothing with the hint shown');
  assert.match(await page.evaluate(() => localStorage.getItem('intrigue.game.log')), /^\d+ hint$/m, 'the hint is logged');
  // A move puts the hint away.
  const from = movable[0];
  await tap(page, from);
  await tap(page, await page.locator('.board .sq.dest').first().getAttribute('data-square'));
  assert.equal(await page.locator('.hint-list').count(), 0);
  assert.ok(!(await page.evaluate(() => document.body.classList.contains('hinting'))));
  // Told with the end.
  answerQuestions(page);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('.espionage-end').waitFor();
  assert.equal(await page.locator('[data-hints-used]').textContent(), 'You asked “What can I do?” once in this game.');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('Usurp against the computer: the hint says to draw, or which square to take and what it adds', async () => {
  const { context, page } = await alone('usurp', 0);
  await page.locator('.play-head h1', { hasText: 'Your turn' }).waitFor({ timeout: 30_000 });
  await settled(page);
  await page.locator('[data-action="hint"]').click();
  const lines = await page.locator('.hint-list li').allTextContents();
  assert.equal(lines[0], 'Draw a card, then place it on a town square with room.');
  for (const line of lines.slice(1)) assert.match(line, /^Take town square \d \([+-]\d+ points to your castles\), and sit out the rest of the round\.$/);
  await screenshot(page, 'hint-usurp-phone');
  await page.getByRole('button', { name: 'Draw a card' }).click();
  await settled(page);
  await page.locator('[data-action="hint"]').click();
  assert.match((await page.locator('.hint-list li').allTextContents())[0], /^Place the (Castle|King|Queen|Bishop|Knight|Pawn) on town square (\d, )*(\d or )?\d\.$/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('on a laptop the hint stands beside the board, in view with the pieces it marks', async () => {
  const { context, page } = await alone('carousel-chess', 0, LAPTOP);
  await page.locator('[data-action="hint"]:visible').waitFor({ timeout: 30_000 });
  await page.locator('[data-action="hint"]').click();
  await settled(page);
  const board = await page.locator('.board').boundingBox();
  const first = await page.locator('.hint-list li').first().boundingBox();
  assert.ok(first.x > board.x + board.width, 'beside the board');
  assert.ok(first.y + first.height <= 800, 'in view');
  assert.match(await page.locator('.hint-list li').first().textContent(), /^(White|Black) (pawn|knight) on [a-h][1-8]: to [a-h][1-8]( or [a-h][1-8])?\.$/);
  await screenshot(page, 'hint-carousel-laptop');
  assert.deepEqual(page.problems, []);
  await context.close();
});
