// Usurp with every seat on a phone (issue 42): the table's device sets the terms, shows the
// town squares and relays; Ann's and Bo's phones each play their seat and give a share of
// every draw over real data channels. Every screen shows one game and one check; a phone
// reloaded, and then the table, play on from where they stood; a phone modified to change
// its shares after sealing them is named on every screen; a phone gone silent during a
// draw, or gone on its player's turn, is waited for, said on the screens, and after a
// minute the table may end the game, every phone told why (the table's clock moved on by
// the test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, answerQuestions, appReady, screenshot, settled, throttle, fairClock, printFairCost, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

/** The table invites `seat`'s phone and the phone opens the invitation and answers it. */
async function link(table, phone, seat) {
  const row = table.locator(`.phone-seat[data-seat="${seat}"]`);
  await row.locator('[data-action="invite"]').click();
  await table.locator(`.phone-seat[data-seat="${seat}"][data-state="invited"]`).waitFor({ timeout: 15_000 });
  const invitation = await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  await phone.goto(`${env.server.url}#/link/${invitation}`);
  await appReady(phone);
  await phone.locator('.on-phone[data-fair="phone"][data-link="answered"]').waitFor({ timeout: 15_000 });
  await table.locator(`#reply-${seat}`).fill(await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await table.locator(`.phone-seat[data-seat="${seat}"][data-state="connected"]`).waitFor({ timeout: 15_000 });
  await phone.locator('.on-phone[data-link="connected"]').waitFor({ timeout: 15_000 });
}

const banner = (page) => page.locator('.play-head .banner');
const deck = async (page) => Number(await page.locator('.deck strong').textContent());
const check = (page) => page.locator('.game-check').getAttribute('data-check');

/** The same game on every screen: the same check, the same town squares, the same deck. */
async function oneGame(pages, what) {
  for (const page of pages) await settled(page);
  const checks = await Promise.all(pages.map(check));
  assert.ok(checks.every((c) => c && c === checks[0]), `${what}: one check on every screen (${checks})`);
  const squares = await Promise.all(pages.map((p) => p.locator('.town-square').evaluateAll((els) => els.map((e) => [...e.querySelectorAll('.mini-card')].map((c) => c.dataset.card).join('+')).join(' | '))));
  assert.ok(squares.every((s) => s === squares[0]), `${what}: the same town squares (${squares.join(' / ')})`);
  const decks = await Promise.all(pages.map(deck));
  assert.ok(decks.every((d) => d === decks[0]), `${what}: the same deck (${decks})`);
}

/** The phone whose turn it is plays it: a card drawn and placed on the first square with room. */
async function playTurn(table, phones, names) {
  const turn = await banner(table).textContent();
  const seat = names.findIndex((n) => turn.startsWith(n));
  assert.ok(seat >= 0, `the table's banner names the player to act: ${turn}`);
  const phone = phones[seat];
  await banner(phone).filter({ hasText: /^Your turn/ }).waitFor({ timeout: 15_000 });
  const other = phones[1 - seat];
  await banner(other).filter({ hasText: `${names[seat]}'s turn` }).waitFor({ timeout: 15_000 });
  const before = await deck(table);
  await phone.getByRole('button', { name: 'Draw a card' }).click();
  // The card is drawn once both phones gave their share: the table shows it too.
  await banner(phone).filter({ hasText: /^Your turn: place the / }).waitFor({ timeout: 15_000 });
  const card = (await banner(phone).textContent()).replace('Your turn: place ', '');
  await banner(table).filter({ hasText: `${names[seat]}: place ${card}` }).waitFor({ timeout: 15_000 });
  assert.equal(await deck(table), before - 1, 'one card less in the deck');
  await phone.locator('.town-square [data-action="place"]').first().click();
  await banner(table).filter({ hasText: `${names[1 - seat]}'s turn` }).waitFor({ timeout: 15_000 });
  return seat;
}

/**
 * A table of two: the terms filled in on the table's laptop, and the two phones' pages.
 * `clock`: the table's clock is one the test can move on (`table.clock.fastForward`); it
 * runs as time does until then.
 */
async function newTable({ clock = false } = {}) {
  const { page: table } = await openPage(env.browser, env.server.origin, LAPTOP);
  const { page: ann } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: bo } = await openPage(env.browser, env.server.origin, PHONE);
  for (const page of [table, ann, bo]) answerQuestions(page);
  if (clock) await table.clock.install();
  await table.goto(env.server.url);
  await appReady(table);
  await table.locator('.game-card[data-game="usurp"] [data-action="fair"]').click();
  await table.locator('#fair-players').selectOption('2');
  await table.locator('#fair-name-0').fill('Ann');
  await table.locator('#fair-name-1').fill('Bo');
  return { table, ann, bo };
}

/** A table of two begun, both phones linked (the table's clock one the test moves on). */
async function linkedTable() {
  const { table, ann, bo } = await newTable({ clock: true });
  await table.locator('[data-action="start"]').click();
  await link(table, ann, 0);
  await link(table, bo, 1);
  await table.locator('.town-square').first().waitFor({ timeout: 15_000 });
  return { table, ann, bo, names: ['Ann', 'Bo'], phones: [ann, bo] };
}

test('Ann and Bo play Usurp on their phones, the table showing the town squares: one game on every screen, through reloads; a phone that changes its shares is named', async () => {
  const { table, ann, bo } = await newTable();
  const names = ['Ann', 'Bo'];
  const phones = [ann, bo];
  assert.equal(await table.locator('#fair-name-2').count(), 0, 'a name for each of the two players, no more');
  await screenshot(table, 'fair-usurp-terms');
  await table.locator('[data-action="start"]').click();
  await table.locator('.play.fair [role="status"]', { hasText: 'Still to join: Ann and Bo.' }).waitFor();

  await link(table, ann, 0);
  await table.locator('.play.fair [role="status"]', { hasText: 'Still to join: Bo.' }).waitFor({ timeout: 15_000 });
  await ann.locator('.play.fair [role="status"]', { hasText: 'Still to join: Bo.' }).waitFor({ timeout: 15_000 });
  await link(table, bo, 1);

  // Every phone is in: who starts is drawn from both phones' shares, and the town squares
  // are on the table's screen; each phone shows the game as its seat sees it.
  await table.locator('.town-square').first().waitFor({ timeout: 15_000 });
  assert.equal(await table.locator('.town-square').count(), 2, 'a town square per player');
  assert.equal(await deck(table), 64, '66 cards less the two castles dealt');
  await oneGame([table, ann, bo], 'dealt');
  assert.equal(await table.getByRole('button', { name: 'Draw a card' }).count(), 0, 'the table plays no seat');
  assert.match(await table.locator('.deck-bar, .play.usurp').first().textContent(), /plays on their phone/);
  // The rules open beside the game without dropping the link; nothing is taken back.
  for (const page of phones) {
    assert.equal(await page.locator('a.rules-link', { hasText: 'Usurp rules' }).getAttribute('target'), '_blank');
    assert.equal(await page.getByRole('button', { name: /Undo|Take back/ }).count(), 0, 'no take-back');
  }

  // Every device as a cheap phone (4× CPU) for two turns: what the protocol costs each.
  for (const page of [table, ann, bo]) {
    await fairClock(page);
    await throttle(page, 4);
  }
  const first = await playTurn(table, phones, names);
  await playTurn(table, phones, names);
  for (const page of [table, ann, bo]) await settled(page);
  printFairCost('Usurp (two phones and the table)', 2, [await fairClock(table), await fairClock(ann), await fairClock(bo)]);
  for (const page of [table, ann, bo]) await throttle(page, 1);
  await oneGame([table, ann, bo], 'after two turns');
  await screenshot(table, 'fair-usurp-table');
  await screenshot(phones[first], 'fair-usurp-phone-turn');
  await playTurn(table, phones, names);
  await oneGame([table, ann, bo], 'after three turns');

  // Bo's phone reloads: it keeps its seat and its chain; the table invites it again, and
  // the game goes on from where it stood.
  const beforeReload = await check(table);
  await bo.reload();
  await appReady(bo);
  await table.locator('.phone-seat[data-seat="1"][data-state="dropped"]').waitFor({ timeout: 15_000 });
  await link(table, bo, 1);
  await oneGame([table, ann, bo], 'after Bo reloaded');
  assert.equal(await check(bo), beforeReload, 'nothing was lost or played twice');
  await playTurn(table, phones, names);
  await oneGame([table, ann, bo], 'a turn after Bo reloaded');

  // The table reloads: it keeps the game (the terms and everything said: nothing secret),
  // invites both phones again, and the game goes on.
  const kept = await table.evaluate(() => localStorage.getItem('intrigue.fair.usurp.table'));
  assert.match(kept, /^[0-9a-f]+$/);
  await table.reload();
  await appReady(table);
  await table.locator('.town-square').first().waitFor({ timeout: 15_000 });
  await link(table, ann, 0);
  await link(table, bo, 1);
  await oneGame([table, ann, bo], 'after the table reloaded');
  await playTurn(table, phones, names);
  await oneGame([table, ann, bo], 'a turn after the table reloaded');
  for (const page of [table, ann, bo]) assert.deepEqual(page.problems, []);

  // Bo's phone is modified to change its shares after sealing them (to steer the cards it
  // draws): its chain's secret is changed in its storage. Its next share does not follow
  // the chain it sealed, and every screen names Bo; the game goes to Ann.
  const seeded = await bo.evaluate(() => localStorage.getItem('intrigue.fair.usurp.phone'));
  const other = (seeded[0] === '0' ? '1' : '0') + seeded.slice(1);
  await bo.evaluate((text) => localStorage.setItem('intrigue.fair.usurp.phone', text), other);
  await bo.reload();
  await appReady(bo);
  await table.locator('.phone-seat[data-seat="1"][data-state="dropped"]').waitFor({ timeout: 15_000 });
  await link(table, bo, 1);
  const drawer = (await banner(table).textContent()).startsWith('Ann') ? ann : bo;
  await drawer.getByRole('button', { name: 'Draw a card' }).click();
  const verdict = "Bo's phone broke the rules: its share of a draw was not the one it had sealed at the start. The game goes to Ann.";
  for (const page of [table, ann, bo]) {
    await page.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
    await banner(page).filter({ hasText: /^(Ann wins!|You win!)$/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Draw a card' }).count(), 0, 'nothing more to play');
  }
  assert.equal(await table.locator('.phone-seat').count(), 0, 'no invitation once the game is over');
  await screenshot(table, 'fair-usurp-named');
  // Reloaded, the table still names Bo.
  await table.reload();
  await appReady(table);
  await table.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
  for (const page of [table, ann, bo]) assert.deepEqual(page.problems, []);
});

test("a phone gone silent during a draw is waited for, said on the table and on the other phone; after a minute the table ends the game, and the other phone is told why", async () => {
  const { table, ann, bo, names, phones } = await linkedTable();
  await playTurn(table, phones, names);

  // Bo's phone is gone (closed, say, to stall a draw it would not like). Ann draws: the card
  // waits for Bo's share, and the wait is said on the table and on Ann's phone.
  const turn = await banner(table).textContent();
  if (turn.startsWith('Bo')) {
    // Bo's turn: played first, so that Ann draws next.
    await playTurn(table, phones, names);
  }
  await bo.close();
  await ann.getByRole('button', { name: 'Draw a card' }).click();
  for (const page of [table, ann]) {
    await page.locator('.waiting[data-waiting="1"]', { hasText: "Waiting for Bo's phone to answer" }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('[data-action="not-answering"]').count(), 0, 'no end offered before the minute');
  }
  assert.equal(await ann.getByRole('button', { name: 'Draw a card' }).count(), 0, 'nothing is drawn twice while the shares come');
  await screenshot(ann, 'fair-usurp-waiting');

  // A minute on, on the table's clock: the table may end the game. Ann's phone is told
  // why, and names Bo as the table does; nothing is drawn for Bo.
  await table.clock.fastForward(61_000);
  await table.getByRole('button', { name: "End the game: Bo's phone does not answer" }).click({ timeout: 15_000 });
  const verdict = "Bo's phone broke the rules: it did not answer for a minute when the game needed it. The game goes to Ann.";
  for (const page of [table, ann]) {
    await page.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.waiting').count(), 0, 'nobody is waited for once the game is over');
    assert.equal(await page.getByRole('button', { name: 'Draw a card' }).count(), 0, 'nothing more to play');
  }
  for (const page of [table, ann]) await banner(page).filter({ hasText: /^(Ann wins!|You win!)$/ }).waitFor();
  assert.equal(await check(ann), await check(table), 'one check on both screens: nothing said for Bo');
  await screenshot(ann, 'fair-usurp-told');
  for (const page of [table, ann]) assert.deepEqual(page.problems, []);
});

test("a phone gone on its player's turn: the table waits a minute, then may end the game, and the other phone is told", async () => {
  const { table, ann, bo, names, phones } = await linkedTable();
  if ((await banner(table).textContent()).startsWith('Ann')) await playTurn(table, phones, names);
  await banner(table).filter({ hasText: "Bo's turn" }).waitFor({ timeout: 15_000 });

  // Bo's phone goes on Bo's turn. A player thinking is never timed; a phone whose link is
  // down on its turn is, on the table.
  await bo.close();
  await table.locator('.phone-seat[data-seat="1"][data-state="dropped"]').waitFor({ timeout: 15_000 });
  const waiting = table.locator('.waiting[data-waiting="1"]', { hasText: "It is their turn, and their phone is not linked" });
  await table.clock.fastForward(6_000);
  await waiting.waitFor({ timeout: 15_000 });
  assert.equal(await table.locator('[data-action="not-answering"]').count(), 0, 'no end offered before the minute');
  assert.equal(await ann.locator('.waiting').count(), 0, "Ann's phone does not time Bo's turn: it cannot see Bo's link");
  await table.clock.fastForward(61_000);
  await table.getByRole('button', { name: "End the game: Bo's phone is gone" }).click({ timeout: 15_000 });
  const verdict = "Bo's phone broke the rules: it did not answer for a minute when the game needed it. The game goes to Ann.";
  for (const page of [table, ann]) {
    await page.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
  }
  assert.equal(await table.locator('.phone-seat').count(), 0, 'no invitation once the game is over');
  await screenshot(table, 'fair-usurp-gone');
  for (const page of [table, ann]) assert.deepEqual(page.problems, []);
});
