// The Chess deckbuilder on one device: White stacks two Pawn cards and buys a card, the
// curtain passes the device, Black sees a summary of White's turn. A hand is only ever in
// the page for its owner: never under the curtain, never the other player's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, settled, tap, onScreen, sameHand, playCards, buyDearest, PHONE, LAPTOP, SCREENSHOTS,
} from './harness.mjs';
import { join } from 'node:path';

const env = useServerAndBrowser();

const CARD_NAMES = /Copper|Silver|Treasure/;

/** The curtain is up for `name`: no hand, no card, no treasure in the page. */
async function curtainHides(page, name) {
  await page.locator('.curtain h1', { hasText: `Pass the device to ${name}` }).waitFor();
  assert.equal(await page.locator('.hand, .card, .supply, .board').count(), 0, 'no hand, card or board under the curtain');
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), CARD_NAMES, 'no card in the page');
  assert.doesNotMatch(await page.content(), CARD_NAMES, 'no card in the DOM either');
}

async function lift(page, name) {
  await page.getByRole('button', { name: `I am ${name}: show my hand` }).click();
  await settled(page);
}

/** The names of the cards in the hand on screen. */
const handCards = (page) => page.locator('.hand .card .card-name').allTextContents();

/** Choose a card of the hand by name. */
async function choose(page, name) {
  await page.locator('.hand .card.playable', { has: page.locator('.card-name', { hasText: name }) }).first().click();
  await settled(page);
}

/** A phone whose game on this device is `save`, its curtain lifted for `name` (the player to act). */
async function openSaved(save, name) {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(`${env.server.url}#/`);
  await appReady(page);
  await page.evaluate((text) => localStorage.setItem('intrigue.game', text), save);
  await page.goto(`${env.server.url}#/play`);
  await page.locator('.play.deckbuilder').waitFor();
  await curtainHides(page, name);
  await lift(page, name);
  return { context, page };
}

test('White stacks two Pawn cards and buys; Black\'s hand is never in the page during White\'s turn', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(page);
  for (const [i, name] of ['Ann', 'Bo'].entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play.deckbuilder').waitFor();
  await curtainHides(page, 'Ann');
  await screenshot(page, 'deckbuilder-curtain-phone');
  await lift(page, 'Ann');

  // Ann's hand alone: three Copper and two Pawn cards.
  assert.equal(await page.locator('.hand').count(), 1);
  assert.equal(await page.locator('.hand').getAttribute('aria-label'), "Ann's hand");
  assert.deepEqual((await handCards(page)).sort(), ['Copper', 'Copper', 'Copper', 'Pawn', 'Pawn']);
  assert.equal(await page.locator('[data-status="counts"]').textContent(), 'Turn 1 · Actions 1 · Buys 1 · Treasure 3');
  assert.equal(await page.locator('.hand .card.playable').count(), 2, 'the two Pawn cards may be played');
  assert.equal(await page.locator('.board .sq.movable').count(), 0, 'no card chosen: nothing to move');

  // The first Pawn card: only pawns can move, and they are marked for the eye too.
  const status = page.locator('[data-status="turn"]');
  assert.equal(await status.textContent(), 'Action phase: tap a card to see what it can move.');
  await choose(page, 'Pawn');
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.deepEqual(movable.sort(), ['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2']);
  assert.equal(await status.textContent(), 'Pawn card: tap a marked piece, then where it goes.');
  const ring = (sq) => page.locator(`.board .sq[data-square="${sq}"]`).evaluate((e) => getComputedStyle(e).outlineStyle);
  assert.equal(await ring('e2'), 'solid', 'a pawn the card may move is ringed');
  assert.equal(await ring('g1'), 'none', 'a knight is not');
  const named = (sq) => page.locator(`.board .sq[data-square="${sq}"]`).getAttribute('aria-label');
  assert.equal(await named('e2'), 'e2, White pawn, can move', 'and said so');
  assert.equal(await named('g1'), 'g1, White knight');
  await screenshot(page, 'deckbuilder-card-chosen-phone');
  await tap(page, 'e2');
  await tap(page, 'e4');
  assert.equal(await page.locator('.board .piece[data-square="e4"]').getAttribute('data-piece'), 'White pawn');
  assert.equal(await page.locator('[data-status="counts"]').textContent(), 'Turn 1 · Actions 1 · Buys 1 · Treasure 3', 'the Pawn gave an action back');

  // Stacked: the second Pawn card, then take it back and play it again.
  await choose(page, 'Pawn');
  await tap(page, 'd2');
  await tap(page, 'd4');
  await page.getByRole('button', { name: 'Take back' }).click();
  await settled(page);
  assert.equal(await page.locator('.board .piece[data-square="d2"]').getAttribute('data-piece'), 'White pawn', 'taken back');
  await choose(page, 'Pawn');
  await tap(page, 'd2');
  await tap(page, 'd4');
  assert.equal(await page.locator('.hand .card.playable').count(), 0, 'no action card left');

  // Buying: a Silver for 3.
  await page.getByRole('button', { name: 'Go to buying' }).click();
  await settled(page);
  assert.match(await page.locator('[data-status="turn"]').textContent(), /Buy phase: 1 buy, each a card costing up to 3/);
  const offered = await page.locator('[data-buy]').evaluateAll((els) => els.map((e) => e.dataset.buy));
  assert.deepEqual(offered, ['Pawn', 'Rook', 'Knight', 'Copper', 'Silver'], 'what 3 treasure buys (a Bishop costs 4)');
  await page.locator('[data-buy="Silver"]').click();
  await settled(page);
  assert.match(await page.locator('.pile[data-card="Silver"] .pile-left').textContent(), /^19 left$/);
  assert.equal(await page.locator('[data-buy]').count(), 0, 'one buy only');
  assert.equal(await onScreen(page.getByRole('button', { name: 'End turn' })), true);
  await screenshot(page, 'deckbuilder-buy-phone');
  assert.equal(await page.locator('.hand').count(), 1, 'only Ann\'s hand, all through her turn');
  assert.equal(await page.locator('[aria-label="Bo\'s hand"]').count(), 0);
  await page.getByRole('button', { name: 'End turn' }).click();
  await settled(page);

  // The curtain, then Bo: his own hand, and what Ann did.
  await curtainHides(page, 'Bo');
  await lift(page, 'Bo');
  assert.equal(await page.locator('.hand').getAttribute('aria-label'), "Bo's hand");
  // Bo's first turn is his turn 1 (not the game's second).
  assert.match(await page.locator('[data-status="counts"]').textContent(), /^Turn 1 · Actions 1 · /);
  assert.equal(await page.locator('.deckbuilder-turn .kicker').textContent(), 'Chess Deckbuilder · turn 1');
  assert.deepEqual((await handCards(page)).sort(), ['Copper', 'Copper', 'Copper', 'Pawn', 'Pawn']);
  const story = await page.locator('.their-turn .story li').allTextContents();
  assert.deepEqual(story, [
    'Ann played a Pawn card: e4.',
    'Ann played a Pawn card: d4.',
    'Ann bought a Silver.',
    'Ann shuffled their discard pile into a new deck.',
    'Ann drew 5 cards.',
  ]);
  assert.match(await page.locator('.decks [data-piles="0"]').textContent(), /5 in hand, 1 in the deck, 0 discarded/);
  assert.equal(await page.locator('.board .sq.last').count() >= 2, true, 'Ann\'s last move is marked');
  // Folded to one line above the board: its first sentence and how many more; the board
  // and the hand both in view on a phone.
  const fold = page.locator('.their-turn summary');
  assert.equal(await fold.locator('h2').textContent(), "Ann's last turn");
  assert.equal(await fold.locator('.story-first').textContent(), 'Ann played a Pawn card: e4. (+4 more)');
  assert.ok((await page.locator('.their-turn').boundingBox()).height < 40, 'one line high');
  assert.ok(await onScreen(page.locator('.board')), 'the board in view');
  assert.ok(await onScreen(page.locator('.hand')), 'and the hand');
  await screenshot(page, 'deckbuilder-summary-phone');
  // A tap shows the rest.
  await fold.click();
  assert.deepEqual(await page.locator('.their-turn .story li').allInnerTexts(), story);
  await fold.click();

  // A reload in the middle of Bo's turn: the curtain again, then the turn as it was.
  await choose(page, 'Pawn');
  await tap(page, 'e7');
  await tap(page, 'e5');
  await page.reload();
  await page.locator('.play.deckbuilder').waitFor();
  await curtainHides(page, 'Bo');
  await lift(page, 'Bo');
  assert.equal(await page.locator('.board .piece[data-square="e5"]').getAttribute('data-piece'), 'Black pawn');
  assert.equal(await page.locator('.hand .card.playable').count(), 1, 'one Pawn card left');
  await page.setViewportSize(LAPTOP);
  await settled(page);
  await screenshot(page, 'deckbuilder-laptop');

  // Resigning ends the game; the board stays, Play again is offered.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('.play.deckbuilder[data-over="true"]').waitFor();
  assert.equal(await page.locator('.banner.over').textContent(), 'Bo resigned: Ann wins!');
  await page.getByRole('button', { name: 'Play again' }).waitFor();
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A saved game in which Ann's knight has just checked Bo, whose hand holds no card that
// gets him out (found by random play in the core; the record replays it).
const ESCAPE = 'cdb1|0000000000000002:10.10.10.10.10.10.30.20|Ann,Bo|Pd2d4 Pa2a3 / +P . Pb7b6 Pf7f6 / +R . Pb2b3 Pe2e4 Pd4d5 / . Pc7c6 / +C . Pg2g4 Pc2c3 / +N . Pc6d5 / +P . Ph2h4 Pe4d5 / . Pb6b5 Pa7a5 Ra8a6 +S . Pb3b4 Pc3c4 Pf2f4 Ng1f3 / +P . Pd7d6 Pb5c4 / . Nf3e5 Pf4f5 Pb4b5 Pg4g5 Pb5a6 / . Pe7e6 R +N . Pd5e6 Pg5g6 Pa3a4 / . Ph7h5 Pd6e5 Rh8h7 +C . Nb1c3 Pg6h7 Ph7g8r / +C . Pg7g5 Pg5h4 Nb8c6 / +S . Pe6e7 Nc3a2 Pa6a7 / +N . Pe5e4 R . Pa7a8b Pe7f8n / +C . Nc6e7 / +N . Na2c3 Nf8h7 +S .';

test('in check with no card that helps: a move without a card ends the turn and keeps the hand', async () => {
  const { context, page } = await openSaved(ESCAPE, 'Bo');
  assert.match(await page.locator('[data-status="turn"]').textContent(), /no card in your hand can get you out/);
  assert.match((await page.locator('.their-turn .story').textContent()), /Check: your king is attacked\./);
  assert.equal(await page.locator('.board .sq.check').count(), 1, 'the king in check is marked');
  assert.equal(await page.locator('.hand .card.playable').count(), 0, 'no card can be played');
  const hand = (await handCards(page)).sort();
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.deepEqual(movable.sort(), ['e7', 'e8'], 'the king, or the knight that takes the checker');
  await tap(page, movable[0]);
  const to = await page.locator('.board .sq.dest').first().getAttribute('data-square');
  await screenshot(page, 'deckbuilder-escape-phone');
  await tap(page, to);
  // Ann's turn; she is told, and Bo kept his hand (nothing was drawn).
  await curtainHides(page, 'Ann');
  await lift(page, 'Ann');
  const story = await page.locator('.their-turn .story li').allTextContents();
  assert.equal(story.length, 1);
  assert.match(story[0], /^Bo had no card to get out of check: moved .+ without a card, and kept their hand\.$/);
  assert.match(await page.locator('.decks [data-piles="1"]').textContent(), new RegExp(`^Bo: ${hand.length} in hand`));
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('.play.deckbuilder[data-over="true"]').waitFor();
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A saved game in which Ann's hand holds a King card, a Bishop card and a Copper, and she has lost a
// rook (found by random play in the core; the record replays it).
const KING_AND_BISHOP = 'cdb1|0000000000000064:10.10.10.10.10.10.30.20|Ann,Bo|Pd2d3 Ph2h4 / +R . Pa7a6 Ph7h5 / . Pd3d4 Pd4d5 Rh1h2 +N . Pb7b5 Pg7g5 / . P Ph4g5 Rh2h3 +R . Pa6a5 Pa5a4 / +R . Pd5d6 Rh3h4 +C . Pf7f6 Rh8h7 . Rh4a4 +B . Ra8a4 +S . Pg5g6 Pg6g7 Bc1d2 . Ra4h4 +B . R +K . Pf6f5 Bc8a6 +K . Pg7f8q +C . Ke8f8 +S .';

test('the King card brings back a lost piece in place of a pawn; the Bishop card trades a card up', async () => {
  const { context, page } = await openSaved(KING_AND_BISHOP, 'Ann');
  assert.match(await page.locator('.decks [data-piles="0"]').textContent(), /pieces lost: .*rook/);

  // The King: the lost rook waits beside the board; tap it, then the pawn it replaces.
  await choose(page, 'King');
  assert.match(await page.locator('.card-said').textContent(), /tap it beside the board, then the pawn it replaces/);
  assert.equal(
    await page.locator('[data-status="turn"]').textContent(),
    (await page.locator('.board .sq.movable').count())
      ? 'King card: tap a marked piece, then where it goes.'
      : 'No piece can move with the King card now: play it another way, or choose another card.',
  );
  // The tray is brought into view above the bar held at the bottom of the phone's screen.
  const clear = await page.evaluate(() => {
    const tray = document.querySelector('.tray').getBoundingClientRect();
    const bar = document.querySelector('.deck-bar').getBoundingClientRect();
    return tray.bottom <= bar.top && tray.top >= 0;
  });
  assert.equal(clear, true, 'the lost pieces are in view');
  await page.getByRole('option', { name: 'Lost white rook' }).click();
  await settled(page);
  const pawns = await page.locator('.board .sq.dest').evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.ok(pawns.length > 0);
  for (const sq of pawns) {
    assert.equal(await page.locator(`.board .piece[data-square="${sq}"]`).getAttribute('data-piece'), 'White pawn', sq);
  }
  const square = pawns[0];
  await screenshot(page, 'deckbuilder-revival-phone');
  await tap(page, square);
  assert.equal(await page.locator(`.board .piece[data-square="${square}"]`).getAttribute('data-piece'), 'White rook');
  assert.doesNotMatch(await page.locator('.decks [data-piles="0"]').textContent(), /pieces lost: .*rook/);
  // Nothing was drawn: it may be taken back.
  await page.getByRole('button', { name: 'Take back' }).click();
  await settled(page);
  assert.equal(await page.locator(`.board .piece[data-square="${square}"]`).getAttribute('data-piece'), 'White pawn');

  // The Bishop: trash the Copper, gain a card costing 3.
  await choose(page, 'Bishop');
  const trades = await page.locator('.card-uses [data-play^="B"]').allTextContents();
  assert.ok(trades.includes('Trash Copper → gain Silver'), trades.join(', '));
  assert.ok(!trades.some((t) => /gain (Bishop|King|Queen)$/.test(t) && t.startsWith('Trash Copper')), 'exactly 1 more');
  const silver = await page.locator('.pile[data-card="Silver"] .pile-left').textContent();
  await page.getByRole('button', { name: 'Trash Copper → gain Silver' }).click();
  await settled(page);
  assert.equal(await page.locator('.decks p', { hasText: 'Trash:' }).textContent(), 'Trash: Copper');
  assert.equal(await page.locator('.pile[data-card="Silver"] .pile-left').textContent(), `${Number.parseInt(silver, 10) - 1} left`);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a game exported as a file comes back on another device, behind the curtain of the player to act', async () => {
  const { context, page } = await openSaved(KING_AND_BISHOP, 'Ann');
  const hand = (await handCards(page)).sort();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export this game' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^intrigue-chess-deckbuilder-\d{4}-\d\d-\d\d\.txt$/);
  const file = readFileSync(await download.path(), 'utf8');
  // The whole record, in today's format (the saved one was written before the end mark).
  assert.equal(file, `${KING_AND_BISHOP.replace('cdb1|', 'cdb2|')};`, 'the file is the whole record');

  await page.evaluate(() => localStorage.clear());
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.locator('.play.deckbuilder').waitFor();
  await curtainHides(page, 'Ann');
  await lift(page, 'Ann');
  assert.match(await page.locator('.decks [data-piles="0"]').textContent(), /pieces lost: .*rook/);
  assert.deepEqual((await handCards(page)).sort(), hand, 'the same hand');
  assert.ok(hand.includes('King') && hand.includes('Bishop'));

  // A file cut short, or damaged at its end, is refused whole before anything is asked or
  // replaced: the game on this device stays as it was.
  for (const bad of [file.slice(0, 40), `${file} Pz9z9`]) {
    await page.goto(env.server.url);
    await appReady(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
    await page.locator('.table-tools .form-error').waitFor();
    assert.match(await page.locator('.table-tools .form-error').textContent(), /^This game file is damaged \(.+\): nothing was imported\.$/);
    assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game')), file);
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('on a short phone (360×640) the whole board and the bar with a chosen card fit on the screen together', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, { width: 360, height: 640 });
  await page.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await lift(page, 'Seat 1');
  await choose(page, 'Pawn');
  await page.evaluate(() => document.querySelector('.board').scrollIntoView({ block: 'start' }));
  await settled(page);
  const { board, bar, corners } = await page.evaluate(() => {
    const box = document.querySelector('.board').getBoundingClientRect();
    // What a finger meets just inside the board's four corners: the board, nothing over it.
    const at = (x, y) => document.elementFromPoint(x, y)?.closest('.board') !== null;
    return {
      board: box.toJSON(),
      bar: document.querySelector('.deck-bar').getBoundingClientRect().toJSON(),
      corners: [at(box.left + 4, box.top + 4), at(box.right - 4, box.top + 4), at(box.left + 4, box.bottom - 4), at(box.right - 4, box.bottom - 4)],
    };
  });
  assert.deepEqual(corners, [true, true, true, true], 'nothing covers the board');
  assert.ok(board.top > -1, `the board's top is on screen (${board.top})`);
  assert.ok(board.bottom <= bar.top, `the board (to ${board.bottom}) ends above the bar (from ${bar.top})`);
  assert.ok(bar.bottom <= 640, 'the bar is on screen');
  assert.equal(await onScreen(page.getByRole('button', { name: 'Go to buying' })), true);
  // Shot as scrolled (the harness's screenshot shows a screen's top).
  await page.screenshot({ path: join(SCREENSHOTS, 'deckbuilder-short-phone.png') });
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the short supply house rule halves every pile, and Play again keeps it', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(page);
  await page.getByLabel('A short supply: half of every pile').check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await lift(page, 'Seat 1');
  const left = async () => page.locator('.pile .pile-left').allTextContents();
  assert.deepEqual(await left(), ['5 left', '5 left', '5 left', '5 left', '5 left', '5 left', '15 left', '10 left']);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Play again' }).click();
  await lift(page, 'Seat 1');
  assert.deepEqual(await left(), ['5 left', '5 left', '5 left', '5 left', '5 left', '5 left', '15 left', '10 left']);
  // The game played to the end is in the history: who won, and no points (it keeps none).
  await page.goto(env.server.url);
  await appReady(page);
  assert.equal(
    (await page.locator('.history li').first().innerText()).replace(/ · \d+\/\d+ \d\d:\d\d$/, ''),
    'Chess Deckbuilder · Seat 1, Seat 2 · Seat 2 won · played to the end',
  );
  assert.deepEqual(page.problems, []);
  await context.close();
});

// A saved game in which Bo's first card of the turn can promote a pawn with mate (found by
// random play in the core).
const MATE = 'cdb1|000000000000001e:10.10.10.10.10.10.30.20|Ann,Bo|Pa2a4 P / +R . Pd7d6 Pa7a5 / +N . Pg2g4 Pc2c4 R . Pg7g6 Pd6d5 Nb8d7 / +P . Ph2h3 Pd2d3 Rh1h2 +R . Ph7h5 Ng8f6 Pc7c6 Ph5h4 / . Pc4d5 Ra1a2 +P . Pc6c5 Nf6h7 Pc5c4 / +C . R . Pe7e6 Pf7f5 Nd7b6 Pe6e5 / +C . Pb2b4 Ra2d2 +P . Nh7g5 Pe5e4 / +R . Pg4f5 Rh2g2 +P . Pa5b4 Pg6f5 / . Pd3c4 Rg2h2 +C . Rh8h5 +P . Pd5d6 Pd6d7 . Nb6d7 Ra8a4 +S . Rd2a2 +P . Pb7b6 Pb4b3 Pb3b2 / +P . Pc4c5 Pf2f4 / +S . Nd7f6 Pe4e3 Rh5h7 +Q . Ra2a3 . Pb6c5 Pb2c1n Pc5c4 Pc4c3 / . Rh2h1 . Nf6g8 Pc3c2 P / +P . Pf4g5 Pg5g6 / +P .';

test('a first card that promotes with mate ends the game at once; the last turn is told', async () => {
  const { context, page } = await openSaved(MATE, 'Bo');
  await choose(page, 'Pawn');
  await tap(page, 'c2');
  await tap(page, 'd1');
  // A promotion asks which piece.
  await page.getByRole('dialog', { name: 'Promotion' }).waitFor();
  await page.getByRole('dialog', { name: 'Promotion' }).getByRole('button', { name: 'queen' }).click();
  await page.locator('.play.deckbuilder[data-over="true"]').waitFor();
  assert.equal(await page.locator('.banner.over').textContent(), 'Checkmate: Bo wins!');
  assert.deepEqual(await page.locator('.deckbuilder-end .story li').allTextContents(), ['Bo played a Pawn card: cxd1=Q#.']);
  assert.equal(await page.locator('.board .piece[data-square="d1"]').getAttribute('data-piece'), 'Black queen');
  assert.equal(await page.getByRole('button', { name: 'Go to buying' }).count(), 0, 'no buy phase after mate');
  await screenshot(page, 'deckbuilder-mate-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('alone against the computer: one tap to play, no curtain, its turns played and told; the hand is the seat\'s own at every turn', async () => {
  const { page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="chess-deckbuilder"] [data-action="play-alone"]').click();
  const yourTurn = page.locator('.deckbuilder-turn h1', { hasText: 'Your turn' });
  await yourTurn.waitFor();
  assert.equal(await page.locator('.curtain').count(), 0, 'no curtain against the computer');
  const seat = Number(await page.locator('.deckbuilder-turn').getAttribute('data-seat'));
  for (let turn = 0; turn < 5; turn++) {
    await settled(page);
    // Each turn's hand is new: the same screen, never the last turn's cards.
    await sameHand(page, page, seat, `turn ${turn + 1}`);
    await playCards(page, page, seat, `turn ${turn + 1}`);
    const buying = page.getByRole('button', { name: 'Go to buying' });
    if (await buying.count() && !(await buying.isDisabled())) await buying.click();
    await settled(page);
    await buyDearest(page);
    await page.getByRole('button', { name: 'End turn' }).click();
    await page.locator('.deckbuilder-turn h1', { hasText: "Computer's turn" }).waitFor();
    await page.locator('.next-up.thinking', { hasText: 'Computer is thinking…' }).waitFor();
    if (turn === 0) await screenshot(page, 'deckbuilder-alone-thinking-phone');
    assert.equal(await page.locator('.curtain').count(), 0);
    await yourTurn.waitFor({ timeout: 30_000 });
    assert.match(await page.locator('.their-turn').innerText(), /Computer's last turn/);
  }
  await screenshot(page, 'deckbuilder-alone-phone');
  // The one person is "you": the hand and the board say so, and so does the end.
  assert.equal(await page.locator('.deckbuilder-turn .hand').getAttribute('aria-label'), 'Your hand');
  assert.equal(await page.locator('.deckbuilder-turn .board').getAttribute('aria-label'), 'Chess board, your side');
  await page.locator('[data-action="resign"]').click();
  await page.locator('.deckbuilder-end').waitFor();
  assert.equal(await page.locator('.banner.over').textContent(), 'You resigned: Computer wins!');

  // Finished: the home screen says so, with its result, and another game starts without a
  // question (a finished game is not "in progress").
  await page.goto(`${env.server.url}#/`);
  await appReady(page);
  const resume = page.locator('[data-resume="game"]');
  assert.equal(await resume.getAttribute('data-finished'), 'true');
  assert.equal(await resume.locator('h2').textContent(), 'Finished game: Chess Deckbuilder');
  assert.match(await resume.locator('.result').textContent(), /^You( \d+)?, Computer( \d+)? · Computer won$/);
  assert.equal(await resume.locator('a').textContent(), 'See how it ended');
  const asked = (page.asked ?? []).length;
  await page.locator('.game-card[data-game="chess-deckbuilder"] [data-action="play-alone"]').click();
  await yourTurn.waitFor();
  assert.equal((page.asked ?? []).length, asked, 'no question before replacing a finished game');
  await page.goto(`${env.server.url}#/`);
  await appReady(page);
  assert.equal(await page.locator('[data-resume="game"]').getAttribute('data-finished'), 'false');
  assert.equal(await page.locator('[data-resume="game"] h2').textContent(), 'Game in progress: Chess Deckbuilder');
  assert.match(await page.locator('.history li').first().innerText(), /^Chess Deckbuilder · You( \d+)?, Computer( \d+)? · Computer won · played to the end/);
  assert.deepEqual(page.problems, []);
});
