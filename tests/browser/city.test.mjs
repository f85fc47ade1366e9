// A City of Spies played on the table: a whole round by clicking and dragging, with a
// capture and a claim, checked against what the core dealt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, dealOnTable, atRound, tap, drag, settled, onScreen, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

const FILE_A = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];
const BUILDING = ['c4', 'c5', 'd3', 'd6', 'e3', 'e6', 'f4', 'f5'];

/** Piece label → square, read off the board. */
async function pieces(page) {
  return page.locator('.board .piece').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.piece, el.dataset.square])));
}



async function banner(page) {
  return (await page.locator('.banner').textContent()).trim();
}

async function scores(page) {
  return [
    Number(await page.locator('.score[data-team="white"] strong').textContent()),
    Number(await page.locator('.score[data-team="black"] strong').textContent()),
  ];
}

test('three players play a whole round by clicking: captures, knock-outs, a claim, the round won', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await page.goto(env.server.url);
  await appReady(page);
  const card = page.locator('.game-card[data-game="city-of-spies"]');
  assert.equal(await card.locator('.how-played').textContent(), "A table and everyone's phones");
  await card.getByRole('link', { name: 'Play', exact: true }).click();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  for (const [i, name] of ['Ann', 'Bo', 'Cy'].entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  const dealt = await dealOnTable(page);
  const deal = { seats: atRound(dealt, 1), round_words: dealt.round_words };
  await page.getByRole('link', { name: 'Next seat →' }).click();
  await page.getByRole('link', { name: 'Next seat →' }).click();
  await page.getByRole('link', { name: 'Done' }).click();
  await page.locator('.play.city[data-phase="set-up"]').waitFor();
  assert.equal(await banner(page), 'Set up the pieces for round 1');

  // Arrange freely: Rook 1 on a1, two players' Life-Pieces on a5 and a8, file a clear.
  const seats = deal.seats.filter((s) => s.life !== 'Rook 1');
  const [x, y] = seats;
  const z = deal.seats.find((s) => s !== x && s !== y);
  await page.getByLabel(/Arrange them yourselves/).check();
  const plan = { 'Rook 1': 'a1', [x.life]: 'a5', [y.life]: 'a8' };
  let at = await pieces(page);
  const free = () => {
    const taken = new Set(Object.values(at));
    return ['h2', 'h3', 'g2', 'g3', 'h7', 'g7', 'f7', 'f2', 'h4', 'g4', 'b3', 'c2', 'b6', 'c7', 'h5', 'g5']
      .find((sq) => !taken.has(sq) && !BUILDING.includes(sq) && !FILE_A.includes(sq));
  };
  for (const [label, square] of Object.entries(at)) {
    if (FILE_A.includes(square) || Object.values(plan).includes(square) || square === 'b1') {
      if (plan[label] === square) continue;
      const to = free();
      await tap(page, square);
      await tap(page, to);
      at = await pieces(page);
    }
  }
  for (const [label, square] of Object.entries(plan)) {
    if (at[label] === square) continue;
    await tap(page, at[label]);
    await tap(page, square);
    at = await pieces(page);
  }
  assert.equal(at['Rook 1'], 'a1');
  assert.equal(at[x.life], 'a5');
  assert.equal(at[y.life], 'a8');
  // A reload in the middle of arranging keeps the arrangement.
  await page.reload();
  await page.locator('.play.city[data-phase="set-up"]').waitFor();
  assert.equal(await page.getByLabel(/Arrange them yourselves/).isChecked(), true);
  assert.deepEqual(await pieces(page), at, 'the arrangement survived the reload');
  await page.getByRole('button', { name: 'Start round 1' }).click();
  await settled(page);
  await page.locator('.play.city[data-phase="turn"]').waitFor();
  assert.equal(await page.locator('.order .order-row').count(), 3);
  assert.equal(await page.locator('.order .die').count() >= 3, true, 'every player rolled');
  assert.equal(await page.locator('.order .team-chip').count(), 0, 'no team is shown');
  await screenshot(page, 'city-turn-laptop');

  // Turn 1: drag Rook 1 onto x's Life-Piece. Whoever moves, x is out.
  const first = (await banner(page)).split(':')[0];
  const firstSeat = deal.seats.find((s) => s.name === first);
  await drag(page, 'a1', 'a5');
  await page.locator('.play.city[data-phase="claim"]').waitFor();
  assert.equal(await page.locator('.claim-question').textContent(), 'Claim the captured piece as your Target?');
  // What the table says happened: the headline (the newest) and the log before it.
  const log = async () => [
    await page.locator('.headline').innerText(),
    ...(await page.locator('.log li').allInnerTexts()),
  ].join('\n');
  // Newest first, so not numbered: the newest line is not "1.".
  assert.equal(await page.locator('.play-side .log').evaluate((e) => e.tagName), 'UL');
  assert.match(await log(), new RegExp(`Rook 1 captured ${x.life} on a5`));
  assert.match(await log(), new RegExp(`${x.name} is out!`));
  assert.ok(await onScreen(page.getByRole('button', { name: 'Claim it' })), 'the claim is asked where the table can see it');
  await page.getByRole('button', { name: 'Claim it' }).click();
  await settled(page);
  const expected = [0, 0];
  const team = (s) => (s.team === 'White' ? 0 : 1);
  if (firstSeat.target === x.life) {
    expected[team(firstSeat)] += 1;
    assert.match(await log(), new RegExp(`${first} claimed ${x.life} as their Target: ${first} is ${firstSeat.team}`));
  } else {
    assert.match(await log(), new RegExp(`${first}'s claim was refused`));
  }
  assert.deepEqual(await scores(page), expected);
  await page.locator('.play.city[data-phase="turn"]').waitFor();
  assert.equal(await page.locator(`.order-row.out[data-seat="${x.seat}"]`).count(), 1);

  // Turn 2: tap Rook 1, tap y's Life-Piece. Only z is left: the round goes to z's team.
  await page.setViewportSize(PHONE);
  await screenshot(page, 'city-turn-phone');
  await page.setViewportSize(LAPTOP);
  await tap(page, 'a5');
  assert.ok(await page.locator('.board .sq[data-square="a8"].dest.capture').count(), 'the capture is shown');
  await tap(page, 'a8');
  await page.getByRole('button', { name: 'No claim' }).click();
  await settled(page);
  await page.locator('.play.city[data-phase="set-up"]').waitFor();
  expected[team(z)] += 2;
  assert.deepEqual(await scores(page), expected);
  assert.match(await log(), new RegExp(`${z.name} is the last one in: ${z.name} is ${z.team}, and ${z.team} scores 2 for round 1`));
  assert.equal(await banner(page), 'Set up the pieces for round 2');
  assert.equal(await page.locator('.order-row.out').count(), 0, 'a new round: nobody is out of it yet');
  // Round 2 has its own check word, the one the phones show for round 2.
  assert.equal(await page.locator('.round-word').textContent(), deal.round_words[1]);
  assert.match(await page.locator('.headline').textContent(), new RegExp(`${z.name} is the last one in`), 'the headline says what matters');
  await screenshot(page, 'city-round-won-laptop');

  // Round 2 on the standard layout; a quiet move, undone; the game survives a reload.
  await page.getByLabel('Standard layout').check();
  await page.getByRole('button', { name: 'Start round 2' }).click();
  await settled(page);
  await page.locator('.play.city[data-phase="turn"]').waitFor();
  assert.match(await log(), /Round 2 begins: step every phone to round 2/);
  // The round's word stands once on screen (under the banner), and is read aloud with the news.
  const word = deal.round_words[1];
  const shown = await page.evaluate((w) => [...document.querySelectorAll('.play.city *')]
    .filter((e) => e.children.length === 0 && !e.closest('.visually-hidden') && e.textContent.includes(w)).length, word);
  assert.equal(shown, 1, 'the round word is said once on screen');
  assert.match(await page.locator('[data-live="game"]').textContent(), new RegExp(`every phone must say “${word}”`));
  const headline = await page.locator('.headline').textContent();
  assert.ok(!(await page.locator('.log li').allTextContents()).includes(headline), 'the headline is not repeated in the log');
  const mover = await banner(page);
  const undo = page.getByRole('button', { name: 'Undo last move' });
  assert.equal(await undo.isDisabled(), true);
  await tap(page, 'a1');
  await tap(page, 'a3');
  assert.equal((await pieces(page))['Rook 1'], 'a3');
  assert.equal(await undo.isDisabled(), false);
  await undo.click();
  await settled(page);
  assert.equal((await pieces(page))['Rook 1'], 'a1');
  assert.equal(await banner(page), mover, 'the same player moves again');
  await page.reload();
  await page.locator('.play.city[data-phase="turn"]').waitFor();
  assert.equal(await banner(page), mover);
  assert.deepEqual(await scores(page), expected);
  assert.equal(await page.locator('.board .piece').count(), 11);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('what the table must answer now is on screen without scrolling, at 1280×800, 1024×768 and 390×844', async () => {
  for (const viewport of [LAPTOP, { width: 1024, height: 768 }, PHONE]) {
    const { context, page } = await openPage(env.browser, env.server.origin, viewport);
    await page.goto(`${env.server.url}#/deal/city-of-spies`);
    await appReady(page);
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await page.locator('.handout[data-seat="0"]').waitFor();
    const size = `${viewport.width}×${viewport.height}`;
    assert.ok(await onScreen(page.getByRole('link', { name: 'Next seat →' })), `hand-out, ${size}`);
    await page.goto(`${env.server.url}#/play`);
    await page.locator('.play.city').waitFor();
    assert.ok(await onScreen(page.getByRole('button', { name: 'Start round 1' })), `set-up, ${size}`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});
