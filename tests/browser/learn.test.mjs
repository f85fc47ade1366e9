// Learning by playing (issue 41): a tap on a piece that cannot act says why, on the board
// and to screen readers, in the player's language; a tap that plays says nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, settled, tap, dealFromForm, dealOnScreen, dealEspionageAtRandom, openPlay, PHONE,
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
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.addInitScript(() => localStorage.setItem('intrigue.test.pace-ms', '5000'));
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="carousel-chess"] [data-action="play-alone"]').click();
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
