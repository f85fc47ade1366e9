// The rule-free board and hand (issue 9 item 5), in the component lab (#/lab): pieces
// with an id, an owner and a face; the board from either side; the tray; the hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, settled, tap, drag, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

async function openLab(viewport) {
  const { context, page } = await openPage(env.browser, env.server.origin, viewport);
  await page.goto(`${env.server.url}#/lab`);
  await appReady(page);
  await page.locator('.board .sq').first().waitFor();
  return { context, page };
}

/** The squares in the order the page draws them (top-left first). */
const drawnSquares = (page) => page.locator('.board .sq').evaluateAll((els) => els.map((e) => e.dataset.square));

test('the board draws owners and faces, never what a face-down piece is, and turns around', async () => {
  const { context, page } = await openLab(PHONE);
  assert.equal(await page.locator('.board .sq').count(), 100);
  const drawn = await drawnSquares(page);
  assert.equal(drawn[0], 'a10', 'seen from the first side, a10 is top left');
  assert.equal(drawn[99], 'j1');
  // Face down: the back only, no picture, a label that says no more than the back.
  const down = page.locator('.piece.down');
  assert.equal(await down.count(), 2);
  assert.equal(await down.locator('img').count(), 0);
  for (const label of await down.evaluateAll((els) => els.map((e) => e.dataset.piece))) {
    assert.equal(label, "Opponent's piece");
  }
  assert.equal(await page.locator('.piece.shown img').count(), 1, 'an unmasked piece is drawn face up');
  assert.equal(await page.locator('.board .piece.owner-0').count(), 3);
  assert.equal(await page.locator('.board .piece.owner-1').count(), 3);
  assert.equal(await page.locator('.piece[data-piece-id="2"]').getAttribute('data-piece'), 'Your knight');
  assert.match(await page.locator('.sq[data-square="e5"]').getAttribute('class'), /blocked/);
  await screenshot(page, 'lab-board-phone');

  await page.getByRole('button', { name: 'Turn the board' }).click();
  await page.waitForFunction(() => document.querySelector('.board .sq').dataset.square === 'j1');
  const turned = await drawnSquares(page);
  assert.equal(turned[0], 'j1', 'seen from the other side, j1 is top left');
  assert.equal(turned[99], 'a10');
  assert.deepEqual([...turned].reverse(), drawn);
  // Coordinates follow the viewer's edges.
  assert.equal(await page.locator('.sq[data-square="j1"] .coord.rank').textContent(), '1');
  assert.equal(await page.locator('.sq[data-square="j10"] .coord.file').textContent(), 'j');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the board emits what was chosen: a tap-tap move, a drag, a tray piece placed; a piece keeps its id', async () => {
  const { context, page } = await openLab(PHONE);
  await tap(page, 'b1');
  assert.match(await page.locator('.sq[data-square="b1"]').getAttribute('class'), /selected/);
  assert.match(await page.locator('.sq[data-square="b2"]').getAttribute('class'), /dest/);
  assert.doesNotMatch(await page.locator('.sq[data-square="a1"]').getAttribute('class'), /dest/, 'an occupied square is not offered');
  await tap(page, 'b2');
  assert.equal(await page.locator('.lab-said').textContent(), 'Moved b1 to b2');
  assert.equal(await page.locator('.piece[data-square="b2"]').getAttribute('data-piece-id'), '2', 'the knight kept its id');
  assert.equal(await page.locator('.piece[data-square="b1"]').count(), 0);

  await drag(page, 'c2', 'c3');
  assert.equal(await page.locator('.lab-said').textContent(), 'Moved c2 to c3');

  // A square that is not a destination is refused without a word.
  await tap(page, 'a1');
  await tap(page, 'a5');
  assert.equal(await page.locator('.lab-said').textContent(), 'Moved c2 to c3');
  await tap(page, 'a1');

  // The tray: choose a piece, see where it may go, place it.
  const tray = page.getByRole('listbox', { name: 'Pieces to place' });
  assert.equal(await tray.getByRole('option').count(), 2);
  await tray.getByRole('option', { name: 'Your queen' }).click();
  assert.equal(await tray.getByRole('option', { name: 'Your queen' }).getAttribute('aria-selected'), 'true');
  assert.match(await page.locator('.sq[data-square="d3"]').getAttribute('class'), /dest/);
  assert.doesNotMatch(await page.locator('.sq[data-square="d4"]').getAttribute('class'), /dest/);
  await tap(page, 'd3');
  assert.equal(await page.locator('.lab-said').textContent(), 'Placed Your queen on d3');
  assert.equal(await page.locator('.piece[data-square="d3"]').getAttribute('data-piece-id'), '22');
  assert.equal(await tray.getByRole('option').count(), 1);
  await screenshot(page, 'lab-tray-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the hand marks the playable cards, chooses only those, and fans out on a phone', async () => {
  for (const [viewport, name] of [[PHONE, 'phone'], [LAPTOP, 'laptop']]) {
    const { context, page } = await openLab(viewport);
    const hand = page.getByRole('listbox', { name: 'Lab hand' });
    const cards = hand.getByRole('option');
    assert.equal(await cards.count(), 5);
    assert.equal(await hand.locator('.card.playable').count(), 3);
    await hand.locator('[data-card-id="3"]').click({ force: true });
    assert.equal(await page.locator('.lab-chosen').textContent(), 'No card chosen.', 'a card that cannot be played now is not chosen');
    await hand.locator('[data-card-id="4"]').click();
    assert.equal(await page.locator('.lab-chosen').textContent(), 'Chosen: Queen');
    assert.equal(await hand.locator('[data-card-id="4"]').getAttribute('aria-selected'), 'true');
    await hand.locator('[data-card-id="4"]').click();
    assert.equal(await page.locator('.lab-chosen').textContent(), 'No card chosen.');
    const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width })));
    const overlapping = boxes.slice(1).some((b, i) => b.x < boxes[i].x + boxes[i].w - 1);
    assert.equal(overlapping, viewport === PHONE, `the hand is ${viewport === PHONE ? '' : 'not '}fanned at ${name} size`);
    const sameRow = boxes.every((b) => Math.abs(b.y - boxes[0].y) < 30);
    assert.ok(sameRow, 'one row of cards');
    await hand.locator('[data-card-id="1"]').click();
    await screenshot(page, `lab-hand-${name}`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test('a move shows in the tap\'s own frame, before the game plays it; a move the game refuses goes back', async () => {
  const { context, page } = await openLab(PHONE);
  // What the tap's frame shows: read in the first animation frame after the click.
  const framed = (to) => page.evaluate((to) => new Promise((resolve) => {
    document.addEventListener('click', () => requestAnimationFrame(() => resolve({
      piece: document.querySelector(`.piece[data-square="${to}"]`)?.dataset.pieceId ?? null,
      said: document.querySelector('.lab-said').textContent,
    })), { capture: true, once: true });
  }), to);
  await tap(page, 'b1');
  let frame = framed('b2');
  await tap(page, 'b2');
  assert.deepEqual(await frame, { piece: '2', said: 'Nothing chosen yet.' }, 'the knight is drawn on b2 before the game hears of it');
  assert.equal(await page.locator('.lab-said').textContent(), 'Moved b1 to b2');
  assert.equal(await page.locator('.piece[data-square="b2"]').getAttribute('data-piece-id'), '2');

  await page.locator('[data-action="refuse"]').check();
  await tap(page, 'b2');
  frame = framed('b3');
  await tap(page, 'b3');
  assert.deepEqual(await frame, { piece: '2', said: 'Moved b1 to b2' });
  await settled(page);
  assert.equal(await page.locator('.lab-said').textContent(), 'Refused b2 to b3');
  assert.equal(await page.locator('.piece[data-square="b3"]').count(), 0, 'the refused move is undrawn');
  assert.equal(await page.locator('.piece[data-square="b2"]').getAttribute('data-piece-id'), '2', 'the knight is back');
  assert.doesNotMatch(await page.locator('.sq[data-square="b3"]').getAttribute('class'), /last/);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("the black king's cross stands out on a light square, as the rest of the king does", async () => {
  const { context, page } = await openLab(PHONE);
  // The picture the board paints, on the light squares' colour, read pixel by pixel where
  // the cross stands (its upright and its bar) and in the king's body.
  const luma = await page.evaluate(async (base) => {
    const image = new Image(160, 160);
    image.src = `${base}chess/bk.webp`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 160;
    const g = canvas.getContext('2d');
    g.fillStyle = getComputedStyle(document.querySelector('.board .sq.light')).backgroundColor;
    g.fillRect(0, 0, 160, 160);
    g.drawImage(image, 0, 0, 160, 160);
    const at = (x, y) => {
      const [r, gr, b] = g.getImageData(x, y, 1, 1).data;
      return Math.round(0.2126 * r + 0.7152 * gr + 0.0722 * b);
    };
    return { upright: at(80, 30), bar: at(74, 21), body: at(80, 112), square: at(2, 2) };
  }, new URL('.', page.url()).href);
  assert.ok(luma.square > 190, `a light square is light (${luma.square})`);
  assert.ok(luma.body < 80, `the king's body is dark (${luma.body})`);
  assert.ok(luma.upright < 80, `the cross's upright is dark, not the square's colour (${luma.upright})`);
  assert.ok(luma.bar < 80, `the cross's bar is dark (${luma.bar})`);
  await context.close();
});
