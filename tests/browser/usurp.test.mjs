// Usurp on one device: three players click a whole game to its end; the final scores on
// screen are the core's best scores of what each player took (`--example usurp`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  useServerAndBrowser, openPage, appReady, screenshot, settled, onScreen, dealOnScreen, ROOT, PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();

/** The core's best score of a collection written as letters. */
function coreScore(letters) {
  const out = execFileSync('cargo', ['run', '--quiet', '-p', 'intrigue-core', '--example', 'usurp', '--', 'score', letters], { cwd: ROOT, encoding: 'utf8' });
  return Number(out.trim().split('\n').at(-1));
}

const LETTER = { Castle: 'C', King: 'K', Queen: 'Q', Bishop: 'B', Knight: 'N', Pawn: 'P' };
/** The picture of each card: the chess piece's file (chess/w?.webp). */
const PICTURE = { Castle: 'r', King: 'k', Queen: 'q', Bishop: 'b', Knight: 'n', Pawn: 'p' };

test('three players play Usurp to the end; the scores on screen are the core\'s', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  const names = ['Ann', 'Bo', 'Cy'];
  await dealOnScreen(page, env.server.url, 'usurp', 3, names);
  await page.locator('.play.usurp').waitFor();
  assert.equal(await page.locator('.town-square').count(), 3, 'a town square per player');
  assert.equal(await page.locator('.deck strong').textContent(), '63', '66 cards less the three castles dealt');

  const taken = names.map(() => 'C');
  const banner = page.locator('.play-head .banner');
  let undone = false;
  for (let step = 0; step < 400 && !(await page.locator('.play.usurp[data-over="true"]').count()); step++) {
    const text = await banner.textContent();
    const seat = names.findIndex((n) => text.startsWith(n));
    assert.ok(seat >= 0, `the banner names the player: ${text}`);
    const draw = page.getByRole('button', { name: 'Draw a card' });
    const sizes = await page.locator('.town-square .cards').evaluateAll((els) => els.map((e) => e.querySelectorAll('.mini-card').length));
    if ((await draw.count()) && !(await draw.isDisabled()) && sizes.some((n) => n < 2)) {
      await draw.click();
      await settled(page);
      assert.match(await banner.textContent(), new RegExp(`^${names[seat]}: place the `));
      const place = page.locator('.town-square [data-action="place"]').first();
      if (step === 0) await screenshot(page, 'usurp-drawn-phone');
      await place.click();
      await settled(page);
      if (!undone) {
        // A misplaced card: undo puts it back in the player's hand.
        undone = true;
        await page.getByRole('button', { name: 'Undo last move' }).click();
        await settled(page);
        assert.match(await banner.textContent(), new RegExp(`^${names[seat]}: place the `));
        await page.locator('.town-square [data-action="place"]').first().click();
        await settled(page);
      }
      continue;
    }
    // Take the fullest square; the button says what it adds, before it is taken.
    const take = page.locator('.town-square').filter({ has: page.locator('[data-action="take"]') });
    assert.ok((await take.count()) > 0, 'a take is possible');
    const square = take.first();
    assert.match(await square.locator('[data-action="take"]').textContent(), /^Take these \(([+−]1 point|[+−±]\d+ points)\)$/);
    assert.doesNotMatch(await square.locator('[data-action="take"]').textContent(), /\(±?[+−]?1 points/);
    const cards = await square.locator('.mini-card').evaluateAll((els) => els.map((e) => e.dataset.card));
    // Each card shows its own piece's picture (the style sheet's, by the card's name).
    const pictures = await square.locator('.mini-card .mini-picture').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundImage));
    assert.deepEqual(pictures.map((p) => p.match(/chess\/w(.)\.webp/)?.[1]), cards.map((c) => PICTURE[c]), 'each card its picture');
    taken[seat] += cards.map((c) => LETTER[c]).join('');
    await square.locator('[data-action="take"]').click();
    await settled(page);
  }
  await page.locator('.play.usurp[data-over="true"]').waitFor();
  assert.match(await banner.textContent(), /wins!|share the win!/);
  const expected = taken.map(coreScore);
  for (const [seat, name] of names.entries()) {
    const shown = await page.locator(`.usurp-player[data-seat="${seat}"] .score`).textContent();
    // One minus sign everywhere (U+2212), and "1 point".
    const points = Math.abs(expected[seat]) === 1 ? 'point' : 'points';
    assert.equal(shown, `${String(expected[seat]).replace('-', '−')} ${points}`, `${name}: ${taken[seat]}`);
  }
  const top = Math.max(...expected);
  for (const [seat] of names.entries()) {
    const wins = (await page.locator(`.usurp-player[data-seat="${seat}"] .player-status`).allTextContents()).includes('wins');
    assert.equal(wins, expected[seat] === top);
  }
  await page.getByRole('button', { name: 'Play again' }).waitFor();
  await screenshot(page, 'usurp-end-phone');
  await page.setViewportSize(LAPTOP);
  await screenshot(page, 'usurp-end-laptop');
  // Play again on the game's own screen: a new game for the same players, at once.
  await page.getByRole('button', { name: 'Play again' }).click();
  await page.locator('.play.usurp[data-over="false"]').waitFor();
  assert.equal(await page.locator('.deck strong').textContent(), '63');
  assert.equal(await page.locator('.usurp-player').count(), 3);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the town squares and the draw fit a laptop screen', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await page.goto(`${env.server.url}#/deal/usurp`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play.usurp').waitFor();
  await page.getByRole('button', { name: 'Draw a card' }).click();
  await settled(page);
  assert.equal(await onScreen(page.locator('.town-square [data-action="place"]').first()), true, 'where to place it is in view');
  await screenshot(page, 'usurp-laptop');
  // A reload keeps the card in hand, and the deck as it was.
  const banner = await page.locator('.play-head .banner').textContent();
  const deck = await page.locator('.deck strong').textContent();
  await page.reload();
  await page.locator('.play.usurp').waitFor();
  assert.equal(await page.locator('.play-head .banner').textContent(), banner);
  assert.equal(await page.locator('.deck strong').textContent(), deck);
  assert.equal(await page.getByRole('button', { name: 'Undo last move' }).isDisabled(), true, 'a draw cannot be taken back');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a tap is saved once its frame is drawn: a page left at once keeps it, and a full device says so', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealOnScreen(page, env.server.url, 'usurp', 3, ['Ann', 'Bo', 'Cy']);
  await page.getByRole('button', { name: 'Draw a card' }).click();
  await settled(page);
  await page.locator('.town-squares:not(.arming) .town-square[data-square="0"] [data-action="place"]').waitFor();
  const first = (await page.locator('.play-head .banner').textContent()).split(':')[0];
  // The tap, then the page left (as a phone's browser does when the app is switched or
  // closed) in the same task, before any frame: the save is written then, not lost.
  const saves = await page.evaluate(() => {
    const before = localStorage.getItem('intrigue.game');
    document.querySelector('.town-square[data-square="0"] [data-action="place"]').click();
    const tapped = localStorage.getItem('intrigue.game');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return { before, tapped, left: localStorage.getItem('intrigue.game') };
  });
  assert.equal(saves.tapped, saves.before, 'the save waits for the frame that shows the tap');
  assert.notEqual(saves.left, saves.before, 'a page left writes it at once');
  await page.reload();
  await page.locator('.play.usurp').waitFor();
  await settled(page);
  assert.equal(await page.locator('.town-square[data-square="0"] .mini-card').count(), 1, 'the card placed is still there');
  const next = await page.locator('.play-head .banner').textContent();
  assert.match(next, /^(Ann|Bo|Cy)'s turn$/);
  assert.ok(!next.startsWith(first), `the turn passed on from ${first}`);
  // Storage refuses the next save: the screen says so (a frame after the tap).
  await page.evaluate(() => {
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await page.locator('.deck-bar:not(.arming) [data-action="draw"]').click();
  await page.getByRole('alert').filter({ hasText: "storage is full" }).waitFor();
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("a tap's own frame shows the banner and the town square it changed; taps before that frame play nothing", async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealOnScreen(page, env.server.url, 'usurp', 3, ['Ann', 'Bo', 'Cy']);
  const banner = page.locator('.play-head .banner');
  await page.locator('.deck-bar:not(.arming) [data-action="draw"]').click();
  await page.locator('.town-squares:not(.arming) .town-square[data-square="0"] [data-action="place"]').click();
  await settled(page);
  // The next player takes square 1 (one card); then in the same task, before any frame
  // (as taps queued on a slow phone), the draw button still on screen: the player after
  // them could draw, but it draws nothing. In the frame after the take, the banner names
  // the player after them and square 1 is empty.
  await page.locator('.deck-bar:not(.arming) [data-action="draw"]').waitFor();
  const taker = (await banner.textContent()).replace("'s turn", '');
  const seen = await page.evaluate(() => new Promise((resolve) => {
    const deck = document.querySelector('.deck strong').textContent;
    document.querySelector('.town-square[data-square="0"] [data-action="take"]').click();
    document.querySelector('[data-action="draw"]').click();
    requestAnimationFrame(() => resolve({
      banner: document.querySelector('.play-head .banner').textContent,
      cards: document.querySelectorAll('.town-square[data-square="0"] .cards .mini-card').length,
      count: document.querySelector('.town-square[data-square="0"] .square-name').textContent,
      deck,
    }));
  }));
  assert.match(seen.banner, /^(Ann|Bo|Cy)'s turn$/, "the next player is named in the tap's frame, with no card drawn");
  assert.ok(!seen.banner.startsWith(taker), `the turn passed on from ${taker}`);
  assert.equal(seen.cards, 0, "the square taken is empty in the tap's frame");
  assert.match(seen.count, /· 0\/4$/);
  await settled(page);
  assert.equal(await banner.textContent(), seen.banner, 'nothing was drawn for the next player');
  assert.equal(await page.locator('.deck strong').textContent(), seen.deck, 'the deck is as it was');
  assert.match(await page.locator('.just-now').textContent(), new RegExp(`${taker} took town square 1: 1 card \\(\\w+\\)`));
  assert.deepEqual(page.problems, []);
  await context.close();
});
