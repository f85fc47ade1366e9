// The table deals secrets and hands them to phones by QR link or typed code; the phone
// shows exactly its own seat's secrets, only while held, offline too; bad links explain
// themselves; the table never shows a secret before the reveal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, hold, release, coreDeal, PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();

const accept = (page) => page.on('dialog', (dialog) => dialog.accept());

/** On the table: deal a game through the new-deal screen; returns at the first hand-out. */
async function dealTable(page, { game = 'city-of-spies', players = 5, names = [] } = {}) {
  await page.goto(env.server.url);
  await appReady(page);
  await page.getByRole('link', { name: 'Deal for a real board' }).click();
  await page.locator(`input[name=game][value="${game}"]`).check();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) < players) await page.getByLabel('One player more').click();
  while (Number(await value.textContent()) > players) await page.getByLabel('One player fewer').click();
  for (const [i, name] of names.entries()) await page.locator('.names input').nth(i).fill(name);
  // These tests are about dealing for a real board; playing on screen is city.test.mjs.
  if (game === 'city-of-spies') await page.getByLabel(/On our own board/).check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
}

/** The hand-out of one seat (0-based): its link, typed code and table words. */
async function handout(page, seat) {
  await page.goto(`${env.server.url}#/table/handout/${seat + 1}`);
  await page.locator(`.handout[data-seat="${seat}"]`).waitFor();
  return {
    link: await page.locator('.qr').getAttribute('data-link'),
    code: (await page.locator('.typed-code').textContent()).trim(),
    words: await page.locator('.handout .fingerprint').textContent(),
    svg: await page.locator('.qr svg').count(),
  };
}

/** Everything on screen that would give a seat's secrets away. */
function secretWords(deal) {
  const words = new Set();
  for (const s of deal.seats) {
    words.add(s.team);
    if (s.life) words.add(s.life);
    if (s.target) words.add(s.target);
  }
  return [...words];
}

async function assertNoSecrets(page, deal, where) {
  const text = await page.locator('main').innerText();
  for (const secret of secretWords(deal)) {
    assert.ok(!text.includes(secret), `${where} shows “${secret}”:\n${text}`);
  }
}

test('five seats of A City of Spies: seat 3\'s phone shows exactly its secrets, held, and keeps them offline', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(table.page);
  await dealTable(table.page, { players: 5, names: ['Ann', 'Bo', 'Cleo', 'Dev', 'Eve'] });
  const seat3 = await handout(table.page, 2);
  assert.equal(seat3.svg, 1, 'a QR code is drawn');
  assert.match(seat3.link, new RegExp(`^${env.server.url}#/seat/[0-9A-Z]+$`));
  assert.match(seat3.code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}-[0-9A-Z]{2}$/);
  console.log(`link length: ${seat3.link.length} characters (${seat3.link.length - env.server.url.length} after the app address)`);
  const deal = coreDeal(seat3.link.split('#/seat/')[1], 1);
  assert.equal(deal.seat, 2);
  assert.equal(seat3.words, deal.words);
  assert.equal(await table.page.locator('.handout-name').textContent(), 'Cleo');
  await screenshot(table.page, 'handout-laptop');
  await assertNoSecrets(table.page, deal, 'the hand-out screen');
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.locator('.table-screen').waitFor();
  assert.equal(await table.page.locator('.table-screen .fingerprint').textContent(), deal.words);
  assert.equal(await table.page.locator('.seat-list li').count(), 5);
  await assertNoSecrets(table.page, deal, 'the table screen');
  await screenshot(table.page, 'table-laptop');

  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(seat3.link);
  await phone.page.locator('.private-view').waitFor();
  assert.equal(await phone.page.locator('.private-name').textContent(), 'Cleo');
  assert.equal(await phone.page.locator('.private-view .fingerprint').textContent(), deal.words);
  assert.equal(await phone.page.locator('.secrets').count(), 0, 'hidden until held');
  await screenshot(phone.page, 'private-hidden-phone');

  const mine = deal.seats[2];
  const theirs = deal.seats[1];
  const check = async (expected) => {
    await hold(phone.page);
    assert.equal(await phone.page.locator('.team-name').textContent(), expected.team);
    assert.equal(await phone.page.locator('[data-role="life-piece"] .piece-name').textContent(), expected.life);
    assert.equal(await phone.page.locator('[data-role="target-piece"] .piece-name').textContent(), expected.target);
  };
  await check(mine);
  assert.notEqual(mine.life, theirs.life, 'seat 2 has other cards');
  await screenshot(phone.page, 'private-revealed-phone');
  await release(phone.page);

  // Round 2: new cards, from the seed and the round alone.
  await phone.page.getByLabel('Next round').click();
  assert.equal(await phone.page.locator('.round-number').textContent(), '2');
  await check(coreDeal(seat3.link.split('#/seat/')[1], 2).seats[2]);
  await release(phone.page);

  // Offline, after a reload: still there, still round 2.
  await phone.context.setOffline(true);
  env.server.offline = true;
  try {
    await phone.page.reload();
    await phone.page.locator('.private-view').waitFor();
    assert.equal(await phone.page.locator('.round-number').textContent(), '2');
    await check(coreDeal(seat3.link.split('#/seat/')[1], 2).seats[2]);
    await release(phone.page);
    // Opened from the home screen (as an installed app starts), the seat is remembered.
    await phone.page.goto(env.server.url);
    await phone.page.locator('[data-resume="seat"]').waitFor();
    assert.match(await phone.page.locator('[data-resume="seat"]').innerText(), /Cleo/);
    await phone.page.getByRole('link', { name: 'Open my seat' }).click();
    await phone.page.locator('.private-view[data-seat="2"]').waitFor();
  } finally {
    env.server.offline = false;
    await phone.context.setOffline(false);
  }
  assert.deepEqual(phone.page.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  assert.deepEqual(table.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('a tampered or truncated link shows a clear error, never a crash', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { players: 4 });
  const { link } = await handout(table.page, 1);
  const token = link.split('#/seat/')[1];
  const flip = (c) => (c === 'A' ? 'B' : 'A');
  const tampered = token.slice(0, 10) + flip(token[10]) + token.slice(11);
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  for (const [bad, says] of [
    [tampered, /does not check out/],
    [token.slice(0, 12), /too short|does not check out/],
    [token + 'U!', /never appears in an Intrigue code/],
  ]) {
    await phone.page.goto(`${env.server.url}#/seat/${bad}`);
    await phone.page.locator('.problem').waitFor();
    assert.equal(await phone.page.locator('.problem h1').textContent(), 'This seat link does not work');
    assert.match(await phone.page.locator('.problem-message').textContent(), says);
  }
  await screenshot(phone.page, 'bad-link-phone');
  await phone.page.getByRole('link', { name: 'Type a code' }).click();
  await phone.page.locator('#seat-code').waitFor();
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('Carousel Chess with 4 players: each phone shows its own team', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { game: 'carousel-chess', players: 4 });
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  let deal;
  for (let seat = 0; seat < 4; seat++) {
    const { link } = await handout(table.page, seat);
    deal ??= coreDeal(link.split('#/seat/')[1]);
    await phone.page.goto(link);
    await phone.page.locator(`.private-view[data-seat="${seat}"]`).waitFor();
    assert.equal(await phone.page.locator('.private-name').textContent(), `Seat ${seat + 1}`);
    assert.equal(await phone.page.locator('.round-bar').count(), 0, 'Carousel has no rounds of cards');
    await hold(phone.page);
    assert.equal(await phone.page.locator('.team-name').textContent(), deal.seats[seat].team);
    if (seat === 0) await screenshot(phone.page, 'private-carousel-phone');
    await release(phone.page);
  }
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.locator('.table-screen').waitFor();
  await assertNoSecrets(table.page, deal, 'the Carousel table screen');
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('a typed code opens the seat; a mistyped one is refused with the reason', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { players: 3, names: ['Ann', 'Bo', 'Cy'] });
  const { code, link } = await handout(table.page, 1);
  const deal = coreDeal(code);
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(env.server.url);
  await appReady(phone.page);
  await phone.page.getByRole('link', { name: 'Join with a code' }).click();
  const typo = code.slice(0, 5) + (code[5] === '7' ? '8' : '7') + code.slice(6);
  await phone.page.fill('#seat-code', typo);
  await phone.page.getByRole('button', { name: 'Open my seat' }).click();
  assert.match(await phone.page.locator('.form-error').textContent(), /does not check out/);
  // Lower case, spaces instead of dashes: still fine.
  await phone.page.fill('#seat-code', code.toLowerCase().replaceAll('-', ' '));
  await phone.page.getByRole('button', { name: 'Open my seat' }).click();
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  // A typed code carries no names: the seat is numbered.
  assert.equal(await phone.page.locator('.private-name').textContent(), 'Seat 2');
  assert.equal(await phone.page.locator('.private-view .fingerprint').textContent(), deal.words);
  await hold(phone.page);
  assert.equal(await phone.page.locator('[data-role="life-piece"] .piece-name').textContent(), deal.seats[1].life);
  await release(phone.page);
  assert.ok(link.length > code.length);
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('peek on the table: only the chosen player, press and hold, then back', async () => {
  const table = await openPage(env.browser, env.server.origin, PHONE);
  await dealTable(table.page, { players: 3, names: ['Ann', 'Bo', 'Cy'] });
  const { link } = await handout(table.page, 0);
  const deal = coreDeal(link.split('#/seat/')[1]);
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.getByRole('link', { name: 'Peek for a player without a phone' }).click();
  await table.page.getByRole('link', { name: 'Bo' }).click();
  assert.equal(await table.page.locator('.peek h1').textContent(), 'Only Bo looks now');
  assert.equal(await table.page.locator('.secrets').count(), 0);
  await table.page.getByRole('button', { name: 'I am Bo' }).click();
  await hold(table.page);
  assert.equal(await table.page.locator('.team-name').textContent(), deal.seats[1].team);
  assert.equal(await table.page.locator('[data-role="target-piece"] .piece-name').textContent(), deal.seats[1].target);
  await screenshot(table.page, 'peek-phone');
  await release(table.page);
  await table.page.getByRole('link', { name: 'Done: back to the table' }).click();
  await table.page.locator('.table-screen').waitFor();
  await assertNoSecrets(table.page, deal, 'the table after a peek');
  assert.deepEqual(table.page.problems, []);
  await table.context.close();
});

test('reveal everything: on the table after round 2, and on a phone only after confirming', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(table.page);
  await dealTable(table.page, { players: 4, names: ['Ann', 'Bo', 'Cy', 'Di'] });
  const { link } = await handout(table.page, 3);
  const token = link.split('#/seat/')[1];
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.getByRole('button', { name: 'Start round 2' }).click();
  assert.equal(await table.page.locator('.round-number').textContent(), '2');
  await table.page.getByRole('button', { name: 'Game over: reveal everything' }).click();
  const rows = table.page.locator('table.reveal tbody tr');
  assert.equal(await rows.count(), 4);
  const round1 = coreDeal(token, 1);
  const round2 = coreDeal(token, 2);
  for (let seat = 0; seat < 4; seat++) {
    const cells = await rows.nth(seat).locator('td').allTextContents();
    assert.deepEqual(cells, [
      round1.seats[seat].name,
      round1.seats[seat].team,
      `${round1.seats[seat].life} / ${round1.seats[seat].target}`,
      `${round2.seats[seat].life} / ${round2.seats[seat].target}`,
    ]);
  }
  assert.equal(await table.page.getByRole('button', { name: /Start round/ }).isVisible(), false, 'no new round after the game is over');
  await screenshot(table.page, 'reveal-laptop');
  // The reveal survives a reload.
  await table.page.reload();
  await table.page.locator('table.reveal').waitFor();

  const phone = await openPage(env.browser, env.server.origin, PHONE);
  let asked = 0;
  phone.page.on('dialog', (dialog) => { asked += 1; asked === 1 ? dialog.dismiss() : dialog.accept(); });
  await phone.page.goto(link);
  await phone.page.locator('.private-view').waitFor();
  await phone.page.getByRole('button', { name: 'Game over: reveal everything' }).click();
  assert.equal(await phone.page.locator('table.reveal').count(), 0, 'dismissed: nothing shown');
  await phone.page.getByRole('button', { name: 'Game over: reveal everything' }).click();
  await phone.page.locator('table.reveal').waitFor();
  const teams = await phone.page.locator('table.reveal .reveal-team').allTextContents();
  assert.deepEqual(teams, round1.seats.map((s) => s.team));
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('a damaged save is reported and set aside; the app carries on', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await page.evaluate(() => {
    localStorage.setItem('intrigue.table', 'NOT-A-REAL-TABLE');
    localStorage.setItem('intrigue.seat', '0413100000000000003G6GBEDR144VR4B9QW7AT1ETGEK');
    localStorage.setItem('intrigue.game', 'csp1|0413100000000000003G6GBEDR144VR4B9QW7AT1ETGEJ|R|a1a2');
  });
  await page.reload();
  await appReady(page);
  const notices = await page.locator('.table-tools .notice').allTextContents();
  assert.equal(notices.length, 3);
  assert.match(notices.join(' '), /game saved on this device was damaged/);
  assert.match(notices.join(' '), /table saved on this device was damaged and has been set aside/);
  assert.match(notices.join(' '), /seat saved on this device was damaged/);
  assert.equal(await page.locator('.game-card').count(), 5);
  const aside = await page.evaluate(() => [localStorage.getItem('intrigue.table'), localStorage.getItem('intrigue.table.damaged')]);
  assert.deepEqual(aside, [null, 'NOT-A-REAL-TABLE']);
  await page.reload();
  await appReady(page);
  assert.equal(await page.locator('.table-tools .notice').count(), 0, 'reported once');
  assert.deepEqual(page.problems, []);
  await context.close();
});
