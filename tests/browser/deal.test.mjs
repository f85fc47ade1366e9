// The table deals and hands each phone its own seat's code by QR link or typed code. A
// phone shows exactly its own secrets, only while held, offline too; it can show anyone
// else's only after checking the table's reveal code. The table never shows a seed, another
// seat's code or a secret before the reveal. Every phone is checked against the core's
// `deal table` (what the table knows) and `deal seat` (what a code holds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, hold, release, dealOnTable, seatDeal, atRound,
  newTableDeal, until, PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();

const accept = (page) => answerQuestions(page);

/** On the table: deal a game for a real board through the new-deal screen; returns at the first hand-out. */
async function dealTable(page, { game = 'city-of-spies', players = 5, names = [] } = {}) {
  await page.goto(env.server.url);
  await appReady(page);
  await page.getByRole('link', { name: 'Deal for a real board' }).click();
  await page.locator(`input[name=game][value="${game}"]`).check();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) < players) await page.getByLabel('One player more').click();
  while (Number(await value.textContent()) > players) await page.getByLabel('One player fewer').click();
  for (const [i, name] of names.entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByLabel(/On our own board/).check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
}

/** The hand-out of one seat (0-based): its link, typed code, table words, QR size. */
async function handout(page, seat, path = 'handout') {
  await page.goto(`${env.server.url}#/table/${path}/${seat + 1}`);
  await page.locator(`.handout[data-seat="${seat}"]`).waitFor();
  const link = await page.locator('.qr').getAttribute('data-link');
  return {
    link,
    token: link.split('#/seat/')[1],
    code: (await page.locator('.typed-code').textContent()).trim(),
    words: await page.locator('.handout .fingerprint').textContent(),
    modules: Number(await page.locator('.qr').getAttribute('data-modules')),
  };
}

/** Every word on screen that would give a seat's secret away (teams, cards of any round). */
function secretWords(deal) {
  const words = new Set();
  for (const s of deal.seats) {
    words.add(s.team);
    for (const r of s.rounds ?? []) {
      words.add(r.life);
      words.add(r.target);
    }
  }
  return [...words];
}

/**
 * (e) A table screen before the reveal: no seed (hexadecimal or decimal), no table save,
 * no reveal code, no code of a seat other than `shown`, and no secret in the text.
 */
async function assertTableHidesSecrets(page, deal, where, shown = null) {
  const html = await page.content();
  const text = await page.locator('main').innerText();
  const forbidden = [
    deal.seed, BigInt(`0x${deal.seed}`).toString(), deal.save, deal.reveal, deal.reveal.replaceAll('-', ''),
  ];
  for (const s of deal.seats) {
    if (s.seat !== shown) forbidden.push(s.code, s.link);
  }
  for (const item of forbidden) assert.ok(!html.includes(item), `${where} holds “${item}” in its page`);
  for (const secret of secretWords(deal)) {
    assert.ok(!text.includes(secret), `${where} shows “${secret}”:\n${text}`);
  }
}

/** Hold the phone's secret area and read what it shows. */
async function heldSecrets(page) {
  await hold(page);
  const read = async (selector) => ((await page.locator(selector).count()) ? page.locator(selector).textContent() : undefined);
  const seen = {
    team: await read('.team-name'),
    life: await read('[data-role="life-piece"] .piece-name'),
    target: await read('[data-role="target-piece"] .piece-name'),
  };
  await release(page);
  return seen;
}

test('A City of Spies table of 5: every phone holds exactly its own seat; round words agree; the table shows no secret', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(table.page);
  const names = ['Ann', 'Bo', 'Cleo', 'Dev', 'Eve'];
  await dealTable(table.page, { players: 5, names });
  const deal = await dealOnTable(table.page, 9);
  assert.equal(deal.players, 5);
  const phone = await openPage(env.browser, env.server.origin, PHONE);

  for (let seat = 0; seat < 5; seat++) {
    const h = await handout(table.page, seat);
    const expected = deal.seats[seat];
    assert.equal(h.code, expected.code, 'the typed code is the core\'s');
    assert.equal(h.token, expected.link, 'the QR link is the core\'s');
    assert.equal(h.words, deal.words);
    assert.ok(h.code.replaceAll('-', '').length <= 40, h.code);
    assert.match(h.code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){8}-[0-9A-Z]{3}$/);
    assert.ok(h.modules <= 41, `QR code of ${h.modules} modules (version 6 at most)`);
    assert.equal(await table.page.locator('.handout-name').textContent(), names[seat]);
    await assertTableHidesSecrets(table.page, deal, `seat ${seat + 1}'s hand-out`, seat);
    if (seat === 2) {
      console.log(`link: ${h.link.length} characters, QR ${h.modules}×${h.modules} modules; typed code ${h.code.length} characters`);
      // On the laptop's first screen, the table words stand clear of the bar at the bottom.
      await table.page.evaluate(() => window.scrollTo(0, 0));
      const words = await table.page.locator('.handout .fingerprint').boundingBox();
      const bar = await table.page.locator('.handout .answer-bar').boundingBox();
      assert.ok(words.y + words.height <= bar.y, `the table words (to ${Math.round(words.y + words.height)} px) stand above the bar (from ${Math.round(bar.y)} px)`);
      await screenshot(table.page, 'handout-laptop');
    }
    // What the code holds: this seat and nothing else.
    const held = seatDeal(h.link);
    assert.deepEqual(
      { kind: held.kind, seat: held.seat, name: held.name, team: held.team, rounds: held.rounds, words: held.words },
      { kind: 'seat', seat, name: names[seat], team: expected.team, rounds: expected.rounds, words: deal.words },
    );
    assert.deepEqual(held.round_words, deal.round_words);

    // The phone shows exactly that.
    await phone.page.goto(h.link);
    await phone.page.locator(`.private-view[data-seat="${seat}"]`).waitFor();
    assert.equal(await phone.page.locator('.private-name').textContent(), names[seat]);
    assert.equal(await phone.page.locator('.private-view .fingerprint').textContent(), deal.words);
    assert.equal(await phone.page.locator('.secrets').count(), 0, 'hidden until held');
    const round1 = atRound(deal, 1)[seat];
    assert.deepEqual(await heldSecrets(phone.page), { team: round1.team, life: round1.life, target: round1.target });
    // Nothing of another seat anywhere in the phone's page or storage.
    const stored = await phone.page.evaluate(() => JSON.stringify(localStorage));
    for (const other of deal.seats.filter((s) => s.seat !== seat)) {
      assert.ok(!stored.includes(other.link) && !stored.includes(other.code.replaceAll('-', '')), 'another seat stored');
    }
    assert.ok(!stored.includes(deal.save) && !(await phone.page.content()).includes(deal.save));
  }

  // (d) The round word: the table and Cleo's phone say the same word, round 1 and round 2.
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.locator('.table-screen').waitFor();
  assert.equal(await table.page.locator('.round-word').textContent(), deal.round_words[0]);
  await assertTableHidesSecrets(table.page, deal, 'the table screen');
  await screenshot(table.page, 'table-laptop');
  const cleo = deal.seats[2].link;
  await phone.page.goto(`${env.server.url}#/seat/${cleo}`);
  await phone.page.locator('.private-view[data-seat="2"]').waitFor();
  assert.equal(await phone.page.locator('.round-word').textContent(), deal.round_words[0]);
  await screenshot(phone.page, 'private-hidden-phone');
  await table.page.getByRole('button', { name: 'Start round 2' }).click();
  // The app asks first (its own dialog, answered by a click a moment later).
  await table.page.locator('.round-number', { hasText: /^2$/ }).waitFor();
  assert.equal(await table.page.locator('.round-number').textContent(), '2');
  assert.equal(await table.page.locator('.round-word').textContent(), deal.round_words[1]);
  assert.notEqual(deal.round_words[0], deal.round_words[1]);
  await phone.page.getByLabel('Next round').click();
  assert.equal(await phone.page.locator('.round-number').textContent(), '2');
  assert.equal(await phone.page.locator('.round-word').textContent(), deal.round_words[1]);
  const round2 = atRound(deal, 2)[2];
  await hold(phone.page);
  assert.equal(await phone.page.locator('[data-role="life-piece"] .piece-name').textContent(), round2.life);
  await screenshot(phone.page, 'private-revealed-phone');
  await release(phone.page);

  // Offline, after a reload: still there, still round 2.
  await phone.context.setOffline(true);
  env.server.offline = true;
  try {
    await phone.page.reload();
    await phone.page.locator('.private-view').waitFor();
    assert.equal(await phone.page.locator('.round-number').textContent(), '2');
    assert.deepEqual(await heldSecrets(phone.page), { team: round2.team, life: round2.life, target: round2.target });
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

test('Carousel Chess table of 4: every phone shows its own team, as the core dealt it', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { game: 'carousel-chess', players: 4 });
  const deal = await dealOnTable(table.page);
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  for (let seat = 0; seat < 4; seat++) {
    const h = await handout(table.page, seat);
    assert.equal(h.code, deal.seats[seat].code);
    assert.equal(h.token, deal.seats[seat].link);
    await assertTableHidesSecrets(table.page, deal, `Carousel seat ${seat + 1}'s hand-out`, seat);
    const held = seatDeal(h.code);
    assert.deepEqual([held.kind, held.seat, held.team, held.rounds], ['seat', seat, deal.seats[seat].team, undefined]);
    await phone.page.goto(h.link);
    await phone.page.locator(`.private-view[data-seat="${seat}"]`).waitFor();
    assert.equal(await phone.page.locator('.private-name').textContent(), `Seat ${seat + 1}`);
    assert.equal(await phone.page.locator('.round-bar').count(), 0, 'Carousel has no rounds of cards');
    assert.equal((await heldSecrets(phone.page)).team, deal.seats[seat].team);
    if (seat === 0) {
      await hold(phone.page);
      await screenshot(phone.page, 'private-carousel-phone');
      await release(phone.page);
    }
  }
  await table.page.goto(`${env.server.url}#/table`);
  await table.page.locator('.table-screen').waitFor();
  await assertTableHidesSecrets(table.page, deal, 'the Carousel table screen');
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('the reveal: a phone shows nobody else\'s secrets without the table\'s reveal code, refuses another table\'s, verifies its own', async () => {
  const tableA = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(tableA.page);
  await dealTable(tableA.page, { players: 4, names: ['Ann', 'Bo', 'Cy', 'Di'] });
  const deal = await dealOnTable(tableA.page, 2);
  const tableB = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(tableB.page);
  await dealTable(tableB.page, { players: 4 });
  const other = await dealOnTable(tableB.page, 1);

  // (b) The phone holds Di's seat; before the reveal it has no way to show anyone else.
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(`${env.server.url}#/seat/${deal.seats[3].link}`);
  await phone.page.locator('.private-view[data-seat="3"]').waitFor();
  assert.equal(await phone.page.locator('table.reveal').count(), 0);
  assert.equal(await phone.page.getByRole('button', { name: /reveal everything/i }).count(), 0, 'no reveal without the table');
  await phone.page.locator('.reveal-entry summary').click();
  await phone.page.fill('#reveal-code', deal.seats[3].code);
  await phone.page.getByRole('button', { name: 'Check the reveal' }).click();
  assert.match(await phone.page.locator('.reveal-entry .form-error').textContent(), /not a reveal code/);
  assert.equal(await phone.page.locator('table.reveal').count(), 0);

  // The table ends the game after round 2 and shows its reveal code.
  await tableA.page.goto(`${env.server.url}#/table`);
  await tableA.page.getByRole('button', { name: 'Start round 2' }).click();
  await tableA.page.getByRole('button', { name: 'Game over: reveal everything' }).click();
  await tableA.page.locator('table.reveal').waitFor();
  const rows = tableA.page.locator('table.reveal tbody tr');
  assert.equal(await rows.count(), 4);
  // Over: the table no longer offers what a running game needs, and offers a rematch.
  for (const name of ['Hand out the secrets', 'Peek for a player without a phone']) {
    assert.equal(await tableA.page.getByRole('link', { name }).count(), 0, `no "${name}" after the end`);
  }
  assert.equal(await tableA.page.getByRole('button', { name: 'Game over: reveal everything' }).count(), 0);
  assert.equal(await tableA.page.getByRole('button', { name: 'Start round 3' }).count(), 0);
  assert.equal(await tableA.page.getByRole('button', { name: 'Play again' }).count(), 1);
  const r1 = atRound(deal, 1);
  const r2 = atRound(deal, 2);
  for (let seat = 0; seat < 4; seat++) {
    assert.deepEqual(await rows.nth(seat).locator('th, td').allTextContents(), [
      r1[seat].name, r1[seat].team, `${r1[seat].life} / ${r1[seat].target}`, `${r2[seat].life} / ${r2[seat].target}`,
    ]);
  }
  const revealTyped = (await tableA.page.locator('.reveal-code .typed-code').textContent()).trim();
  assert.equal(revealTyped, deal.reveal, 'the reveal code is the core\'s (rounds 1–2)');
  const revealLink = await tableA.page.locator('.reveal-code .qr').getAttribute('data-link');
  assert.equal(await tableA.page.getByRole('button', { name: /Start round/ }).isVisible(), false, 'no new round after the game is over');
  await screenshot(tableA.page, 'reveal-laptop');
  await tableA.page.reload();
  await tableA.page.locator('table.reveal').waitFor();
  assert.match(await tableA.page.locator('.table-log').innerText(), /Everyone's secrets were revealed, \d\d:\d\d/);

  // (c) Another table's reveal is refused, typed or scanned.
  await tableB.page.goto(`${env.server.url}#/table`);
  await tableB.page.getByRole('button', { name: 'Game over: reveal everything' }).click();
  const otherTyped = (await tableB.page.locator('.reveal-code .typed-code').textContent()).trim();
  assert.equal(otherTyped, other.reveal);
  await phone.page.fill('#reveal-code', otherTyped);
  await phone.page.getByRole('button', { name: 'Check the reveal' }).click();
  assert.match(await phone.page.locator('.reveal-entry .form-error').textContent(), /belongs to another table/);
  assert.equal(await phone.page.locator('table.reveal').count(), 0);
  const otherLink = await tableB.page.locator('.reveal-code .qr').getAttribute('data-link');
  await phone.page.goto(otherLink);
  await phone.page.locator('.problem').waitFor();
  assert.equal(await phone.page.locator('.problem h1').textContent(), 'This reveal does not belong to your table');
  assert.match(await phone.page.locator('.problem-message').textContent(), new RegExp(`table words ${other.words}`));
  await screenshot(phone.page, 'reveal-refused-phone');
  await phone.page.getByRole('link', { name: 'Back to my seat' }).click();
  await phone.page.locator('.private-view[data-seat="3"]').waitFor();
  assert.equal(await phone.page.locator('table.reveal').count(), 0);

  // The table's own reveal, scanned: every seat, marked verified, kept after a reload.
  await phone.page.goto(revealLink);
  await phone.page.locator('.phone-reveal .verified').waitFor();
  assert.deepEqual(await phone.page.locator('table.reveal .reveal-team').allTextContents(), r1.map((s) => s.team));
  assert.equal(await phone.page.locator('table.reveal thead th').count(), 4, 'player, team, two rounds');
  // Wider than the phone: a line says so, and each row's name stays in view while the
  // rounds scroll under it.
  assert.equal(await phone.page.locator('.phone-reveal .scroll-hint').isVisible(), true);
  assert.match(await phone.page.locator('.phone-reveal .scroll-hint').textContent(), /swipe it sideways/);
  const nameCell = phone.page.locator('table.reveal tbody tr').first().locator('.reveal-name');
  const before = await nameCell.boundingBox();
  await phone.page.locator('.phone-reveal .reveal-scroll').evaluate((e) => { e.scrollLeft = e.scrollWidth; });
  assert.equal(Math.round((await nameCell.boundingBox()).x), Math.round(before.x), 'the name stays put');
  assert.equal(await phone.page.evaluate(() => location.hash), '#/seat');
  // The game is over: everyone's secrets come first, above the hold pad, within the phone's width.
  const revealTop = (await phone.page.locator('.phone-reveal').boundingBox()).y;
  assert.ok(revealTop < (await phone.page.locator('.hold').boundingBox()).y, 'the reveal is above the hold pad');
  assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
  await screenshot(phone.page, 'reveal-verified-phone');
  await phone.page.reload();
  await phone.page.locator('.phone-reveal .verified').waitFor();

  // Typed on a second phone (Ann's), the same reveal checks out too.
  const ann = await openPage(env.browser, env.server.origin, PHONE);
  await ann.page.goto(`${env.server.url}#/seat/${deal.seats[0].link}`);
  await ann.page.locator('.reveal-entry summary').click();
  await ann.page.fill('#reveal-code', revealTyped.toLowerCase());
  await ann.page.getByRole('button', { name: 'Check the reveal' }).click();
  await ann.page.locator('.phone-reveal .verified').waitFor();
  assert.deepEqual(await ann.page.locator('table.reveal .reveal-team').allTextContents(), r1.map((s) => s.team));

  for (const p of [phone, ann, tableA, tableB]) assert.deepEqual(p.page.problems, []);
  for (const p of [phone, ann, tableA, tableB]) await p.context.close();
});

test('a game past round 9: the table hands out the next rounds, and only the right phone takes them', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  accept(table.page);
  await dealTable(table.page, { players: 3, names: ['Ann', 'Bo', 'Cy'] });
  const deal = await dealOnTable(table.page, 10);
  await table.page.goto(`${env.server.url}#/table`);
  assert.equal(await table.page.locator('.rounds-handout').count(), 0, 'nothing to hand out in round 1');
  for (let round = 2; round <= 9; round++) {
    await table.page.getByRole('button', { name: `Start round ${round}` }).click();
    await table.page.locator('.round-number', { hasText: String(round) }).waitFor();
  }
  await table.page.getByRole('link', { name: 'Hand out rounds 10–18' }).click();
  await table.page.locator('.handout[data-handing="rounds"][data-seat="0"]').waitFor();
  const bo = await handout(table.page, 1, 'rounds/10');
  assert.equal(await table.page.locator('.handout .kicker').textContent(), 'Rounds 10–18 · seat 2 of 3');
  await assertTableHidesSecrets(table.page, deal, 'the rounds hand-out');
  const held = seatDeal(bo.code);
  assert.deepEqual([held.kind, held.seat, held.first], ['rounds', 1, 10]);
  assert.deepEqual(held.rounds[0], deal.seats[1].rounds[9]);
  await screenshot(table.page, 'rounds-handout-laptop');
  const cy = await handout(table.page, 2, 'rounds/10');

  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(`${env.server.url}#/seat/${deal.seats[1].link}`);
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  for (let round = 2; round <= 9; round++) await phone.page.getByLabel('Next round').click();
  assert.equal(await phone.page.locator('.round-number').textContent(), '9');
  assert.equal(await phone.page.getByLabel('Next round').isDisabled(), true, 'the phone holds rounds 1–9');
  assert.match(await phone.page.locator('.hint').textContent(), /holds rounds 1 to 9/);
  // Cy's rounds are refused on Bo's phone.
  await phone.page.goto(cy.link);
  assert.equal(await phone.page.locator('.problem h1').textContent(), 'This code does not fit your seat');
  assert.match(await phone.page.locator('.problem-message').textContent(), /seat 3/);
  // Bo's are added, typed.
  await phone.page.goto(`${env.server.url}#/join`);
  await phone.page.fill('#seat-code', bo.code);
  await phone.page.getByRole('button', { name: 'Open' }).click();
  await phone.page.locator('.notice.added').waitFor();
  assert.match(await phone.page.locator('.notice.added').textContent(), /rounds 10 to 18/);
  await phone.page.getByLabel('Next round').click();
  assert.equal(await phone.page.locator('.round-number').textContent(), '10');
  assert.equal(await phone.page.locator('.round-word').textContent(), deal.round_words[9]);
  const round10 = atRound(deal, 10)[1];
  assert.deepEqual(await heldSecrets(phone.page), { team: round10.team, life: round10.life, target: round10.target });
  await phone.page.reload();
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  assert.equal(await phone.page.locator('.round-number').textContent(), '10', 'kept after a reload');
  assert.deepEqual(phone.page.problems, []);
  assert.deepEqual(table.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('a tampered, truncated, foreign or old link shows a clear error, never a crash', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { players: 4 });
  const { token } = await handout(table.page, 1);
  const flip = (c) => (c === 'A' ? 'B' : 'A');
  const tampered = token.slice(0, 10) + flip(token[10]) + token.slice(11);
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  for (const [bad, says] of [
    [tampered, /does not check out/],
    [token.slice(0, 12), /too short|does not check out/],
    [token + 'U!', /never appears in an Intrigue code/],
    [token.slice(0, 5) + '%20' + token.slice(5), /encoded character/],
    // A seat link of the previous version, which carried the whole table's seed.
    ['0413100000000000003G6GBEDR144VR4B9QW7AT1ETGEJ', /made by an older Intrigue: ask the table for a new code/],
  ]) {
    await phone.page.goto(`${env.server.url}#/seat/${bad}`);
    await phone.page.locator('.problem').waitFor();
    assert.equal(await phone.page.locator('.problem h1').textContent(), 'This code does not work');
    assert.match(await phone.page.locator('.problem-message').textContent(), says);
  }
  await screenshot(phone.page, 'bad-link-phone');
  await phone.page.getByRole('link', { name: 'Type a code' }).click();
  await phone.page.locator('#seat-code').waitFor();
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('a typed code opens the seat; a mistyped one is refused with the reason', async () => {
  const table = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealTable(table.page, { players: 3, names: ['Ann', 'Bo', 'Cy'] });
  const { code, link } = await handout(table.page, 1);
  const deal = await dealOnTable(table.page);
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(env.server.url);
  await appReady(phone.page);
  await phone.page.getByRole('link', { name: 'Join with a code' }).click();
  const typo = code.slice(0, 5) + (code[5] === '7' ? '8' : '7') + code.slice(6);
  await phone.page.fill('#seat-code', typo);
  await phone.page.getByRole('button', { name: 'Open' }).click();
  assert.match(await phone.page.locator('.form-error').textContent(), /does not check out/);
  // Lower case, spaces instead of dashes: still fine.
  await phone.page.fill('#seat-code', code.toLowerCase().replaceAll('-', ' '));
  await phone.page.getByRole('button', { name: 'Open' }).click();
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  // A typed code carries no names: the seat is numbered.
  assert.equal(await phone.page.locator('.private-name').textContent(), 'Seat 2');
  assert.equal(await phone.page.locator('.private-view .fingerprint').textContent(), deal.words);
  assert.equal((await heldSecrets(phone.page)).life, deal.seats[1].rounds[0].life);
  assert.ok(link.length > code.length);
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await table.context.close();
});

test('peek on the table: only the chosen player, press and hold, and the table\'s log says so', async () => {
  const table = await openPage(env.browser, env.server.origin, PHONE);
  await dealTable(table.page, { players: 3, names: ['Ann', 'Bo', 'Cy'] });
  const deal = await dealOnTable(table.page);
  await table.page.goto(`${env.server.url}#/table`);
  assert.equal(await table.page.locator('.table-log').count(), 0, 'nothing logged yet');
  await table.page.getByRole('link', { name: 'Peek for a player without a phone' }).click();
  await assertTableHidesSecrets(table.page, deal, 'the peek chooser');
  await table.page.getByRole('link', { name: 'Bo' }).click();
  await table.page.locator('.peek[data-seat="1"]').waitFor();
  assert.equal(await table.page.locator('.peek h1').textContent(), 'Only Bo looks now');
  await assertTableHidesSecrets(table.page, deal, 'the peek before it is held');
  await table.page.getByRole('button', { name: 'I am Bo' }).click();
  await hold(table.page);
  // The secret shows above the pad, not under the thumb holding it.
  const shown = await table.page.locator('.hold-window .secrets').boundingBox();
  const pad = await table.page.locator('.hold').boundingBox();
  assert.ok(shown.y + shown.height <= pad.y, 'the secrets are above the hold pad');
  assert.equal(await table.page.locator('.team-name').textContent(), deal.seats[1].team);
  assert.equal(await table.page.locator('[data-role="target-piece"] .piece-name').textContent(), deal.seats[1].rounds[0].target);
  await screenshot(table.page, 'peek-phone');
  await release(table.page);
  await table.page.getByRole('link', { name: 'Done: back to the table' }).click();
  await table.page.locator('.table-screen').waitFor();
  await assertTableHidesSecrets(table.page, deal, 'the table after a peek');
  assert.match(await table.page.locator('.table-log').innerText(), /Bo's secrets were looked at on the table, \d\d:\d\d/);
  await screenshot(table.page, 'table-log-phone');
  assert.deepEqual(table.page.problems, []);
  await table.context.close();
});

test('a damaged save is reported and set aside; the app carries on', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  await page.evaluate(() => {
    localStorage.setItem('intrigue.table', 'NOT-A-REAL-TABLE');
    localStorage.setItem('intrigue.seat', '0813100000000000003G6GBEDR144VR4B9QW7AT1ETGEK');
    localStorage.setItem('intrigue.game', 'csp1|08S3100000000000003G6GBEDR144VR4B9QW7ARTZY1HA|R|a1a2');
  });
  await page.reload();
  await appReady(page);
  const notices = await page.locator('.table-tools .notice').allTextContents();
  assert.equal(notices.length, 2);
  assert.match(notices.join(' '), /table saved on this device was damaged and has been set aside/);
  assert.match(notices.join(' '), /seat saved on this device was damaged/);
  assert.equal(await page.locator('.game-card').count(), 5);
  // The home screen reads only which game is saved; the game's own screen replays it and
  // finds the damage.
  await page.locator('[data-resume=game] a').click();
  await page.locator('.problem').waitFor();
  assert.match(await page.locator('.problem').innerText(), /game saved on this device was damaged and has been set aside/);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game')), null);
  await page.goto(env.server.url);
  const aside = await page.evaluate(() => [localStorage.getItem('intrigue.table'), localStorage.getItem('intrigue.table.damaged')]);
  assert.deepEqual(aside, [null, 'NOT-A-REAL-TABLE']);
  await page.reload();
  await appReady(page);
  assert.equal(await page.locator('.table-tools .notice').count(), 0, 'reported once');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a game saved beside another table than its own is refused with the reason', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(`${env.server.url}#/deal/city-of-spies`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  const game = await page.evaluate(() => localStorage.getItem('intrigue.game'));
  assert.match(game, /^csp1\|/);
  // Another table's save, as a second tab or an old copy might leave it.
  const other = newTableDeal(12345, 'city-of-spies', 5);
  await page.evaluate((save) => localStorage.setItem('intrigue.table', save), other.save);
  await page.goto(env.server.url);
  await appReady(page);
  const notice = await page.locator('.table-tools .notice').allTextContents();
  assert.equal(notice.length, 1);
  assert.match(notice[0], /The game saved on this device was dealt by another table \(table words [a-z ]+\) than the one on this device \(table words [a-z ]+\), so peeks and phones would not match it: it has been set aside\./);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game')), null);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.damaged')), game);
  assert.equal(await page.locator('[data-resume=table] h2').textContent(), 'Table in progress: A City of Spies');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a 4 MB damaged save is set aside whole, even with no room for a second copy', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(env.server.url);
  await appReady(page);
  const big = await page.evaluate(() => {
    const text = 'zz9|' + 'x'.repeat(4_000_000);
    localStorage.setItem('intrigue.game', text);
    return text.length;
  });
  await page.reload();
  await appReady(page);
  const notices = await page.locator('.table-tools .notice').allTextContents();
  assert.equal(notices.length, 1);
  assert.match(notices[0], /^The game saved on this device was damaged and has been set aside \(it names no game this app knows\)\.$/);
  const kept = await page.evaluate(() => [localStorage.getItem('intrigue.game'), localStorage.getItem('intrigue.game.damaged')?.length]);
  assert.deepEqual(kept, [null, big], 'renamed, not copied beside itself');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('dealing over a running table asks first, naming it; the replaced table goes to the history', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  const questions = [];
  let answer = false;
  answerQuestions(page, (question) => {
    questions.push(question);
    return answer;
  });
  await page.goto(`${env.server.url}#/deal/board`);
  await appReady(page);
  await page.locator('input[name=game][value="city-of-spies"]').check();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  for (const [i, name] of ['Ann', 'Bo', 'Cy'].entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  assert.deepEqual(questions, [], 'nothing to replace the first time');
  const first = await page.evaluate(() => localStorage.getItem('intrigue.table'));
  await page.goto(`${env.server.url}#/table`);
  answer = true;
  await page.getByRole('button', { name: 'Start round 2' }).click();
  await page.locator('.round-number', { hasText: '2' }).waitFor();

  // A second deal: the question names the running table; "Cancel" keeps it.
  answer = false;
  await page.goto(`${env.server.url}#/deal/carousel-chess`);
  const asked = questions.length;
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await until(() => questions.length > asked, 'the question before a new deal');
  assert.equal(questions.at(-1), 'A City of Spies with Ann, Bo and Cy, round 2, is in progress on this device. End it and deal a new game?');
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.table')), first, 'cancelled: the table is kept');
  assert.match(page.url(), /#\/deal\/carousel-chess$/);

  answer = true;
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  assert.notEqual(await page.evaluate(() => localStorage.getItem('intrigue.table')), first);
  await page.goto(env.server.url);
  await appReady(page);
  const earlier = page.locator('.history li');
  assert.equal(await earlier.count(), 1);
  assert.match(await earlier.first().innerText(), /^A City of Spies · Ann, Bo, Cy · round 2 · ended early · \d+\/\d+ \d\d:\d\d$/);
  await screenshot(page, 'home-history-laptop');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('names of twenty wide characters wrap: the hand-out and the seat page are no wider than the phone', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  accept(page);
  const long = 'Ｗ'.repeat(20);
  await dealTable(page, { players: 3, names: [long, 'Bo', 'Cy'] });
  const h = await handout(page, 0);
  assert.equal(await page.locator('.handout-name').textContent(), long, 'the whole name, wrapped');
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(await width() <= PHONE.width, `the hand-out is ${await width()} px wide on a ${PHONE.width} px phone`);
  await screenshot(page, 'handout-long-name-phone');
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(`${env.server.url}#/seat/${h.token}`);
  await phone.page.locator('.private-view[data-seat="0"]').waitFor();
  assert.equal(await phone.page.locator('.private-name').textContent(), long);
  const seatWidth = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(seatWidth <= PHONE.width, `the seat page is ${seatWidth} px wide on a ${PHONE.width} px phone`);
  await screenshot(phone.page, 'seat-long-name-phone');
  await phone.context.close();
  await context.close();
});
