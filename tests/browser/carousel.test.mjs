// Carousel Chess on the table: three players play Fool's mate; the carousel of players,
// the check, the reveal and the final scores are checked against the core's deal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, dealOnTable, dealFromForm, openPlay, foolsMate, tap, drag, settled,
  PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();



test("three players: Fool's mate, the reveal and the final scores", async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await page.goto(env.server.url);
  await appReady(page);
  const card = page.locator('.game-card[data-game="carousel-chess"]');
  assert.equal(await card.locator('.how-played').textContent(), "A table and everyone's phones");
  await card.getByRole('link', { name: 'Play', exact: true }).click();
  await page.locator('input[name=game][value="carousel-chess"]').check();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  for (const [i, name] of ['Ann', 'Bo', 'Cy'].entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  const deal = await dealOnTable(page);
  assert.equal(deal.game, 'carousel-chess');
  await page.getByRole('link', { name: 'Next seat →' }).click();
  await page.getByRole('link', { name: 'Next seat →' }).click();
  await page.getByRole('link', { name: 'Done' }).click();
  await page.locator('.play.carousel').waitFor();

  const banner = () => page.locator('.banner').textContent();
  const plies = [['f2', 'f3', 'White'], ['e7', 'e5', 'Black'], ['g2', 'g4', 'White'], ['d8', 'h4', 'Black']];
  const players = [];
  for (const [i, [from, to, colour]] of plies.entries()) {
    const [name, side] = (await banner()).split(' moves for ');
    assert.equal(side, colour, `ply ${i + 1} is ${colour}'s`);
    if (i > 0) {
      // The carousel: the next player round the table.
      const prev = deal.seats.findIndex((s) => s.name === players[i - 1]);
      assert.equal(name, deal.seats[(prev + 1) % 3].name);
    }
    players.push(name);
    assert.equal(await page.locator('.play-head .kicker').textContent(), `Carousel Chess · move ${(i >> 1) + 1}`);
    const prevSeat = deal.seats.findIndex((s) => s.name === name);
    assert.equal(await page.locator('.next-up').textContent(), `Then ${deal.seats[(prevSeat + 1) % 3].name}`);
    if (i === 2) await screenshot(page, 'carousel-laptop');
    if (i % 2 === 0) {
      await tap(page, from);
      await tap(page, to);
    } else {
      await drag(page, from, to);
    }
    if (i === 2) {
      // A misclick at the table: undo gives the ply back to the same player.
      await page.getByRole('button', { name: 'Undo last move' }).click();
      await settled(page);
      assert.equal(await banner(), `${name} moves for White`);
      assert.equal(await page.locator('.moves li').count(), 2);
      await tap(page, from);
      await tap(page, to);
    }
  }
  await page.locator('.banner', { hasText: 'Checkmate!' }).waitFor({ timeout: 3000 });
  assert.match(await banner(), new RegExp(`Checkmate! ${players[3]} mated for Black`));
  assert.equal(await page.locator('.board .sq.check[data-square="e1"]').count(), 1, 'the mated king is marked');
  const moves = await page.locator('.moves li').allInnerTexts();
  // Counted as chess counts them, in the list and in the header alike.
  assert.deepEqual(moves.map((m) => m.replace(/\s+/g, ' ')), ['1. f3 ' + players[0], '1… e5 ' + players[1], '2. g4 ' + players[2], '2… Qh4# ' + players[3]]);
  assert.equal(await page.locator('.play-head .kicker').textContent(), 'Carousel Chess · over after move 2');
  // The reveal: every team, and the scores by the rules.
  const rows = page.locator('.scoreboard tbody tr');
  const mater = deal.seats.findIndex((s) => s.name === players[3]);
  for (let seat = 0; seat < 3; seat++) {
    const cells = await rows.nth(seat).locator('td').allInnerTexts();
    const expected = (seat === mater ? 10 : 0) + (deal.seats[seat].team === 'Black' ? 5 : 0);
    assert.equal(cells[3], deal.seats[seat].team, `${deal.seats[seat].name}'s team is revealed`);
    assert.equal(Number(cells[2]), expected, `${deal.seats[seat].name} scores ${expected}`);
  }
  // The reveal code for the phones is the core's, with the winners the table saw: a phone
  // checks the deal and says who won, naming them as the table does.
  const revealed = (await page.locator('.reveal-code .typed-code').textContent()).trim();
  assert.ok(revealed.replace(/-/g, '').length > deal.reveal.replace(/-/g, '').length, 'the winners ride in the code');
  const winnersShown = await page.locator('.scoreboard tbody tr:has(.winner-badge) td:first-child').evaluateAll((cells) => cells.map((c) => c.firstChild.textContent.trim()));
  assert.ok(winnersShown.length >= 1, 'the scoreboard names a winner');
  const phone = await openPage(env.browser, env.server.origin, PHONE);
  await phone.page.goto(`${env.server.url}#/seat/${deal.seats[1].link}`);
  await phone.page.locator('.private-view[data-seat="1"]').waitFor();
  await phone.page.goto(await page.locator('.reveal-code .qr').getAttribute('data-link'));
  await phone.page.locator('.phone-reveal .verified').waitFor();
  const both = winnersShown.length === 1 ? winnersShown[0] : `${winnersShown.slice(0, -1).join(', ')} and ${winnersShown.at(-1)}`;
  assert.equal(await phone.page.locator('.phone-reveal .reveal-result').textContent(), `As the table's game ended: ${both} won.`);
  assert.deepEqual(await phone.page.locator('table.reveal tr.winner .reveal-name').evaluateAll((cells) => cells.map((c) => c.firstChild.textContent)), winnersShown);
  assert.deepEqual(await phone.page.locator('table.reveal .reveal-team').allTextContents(), deal.seats.map((s) => s.team));
  await screenshot(phone.page, 'carousel-reveal-winner-phone');
  assert.deepEqual(phone.page.problems, []);
  await phone.context.close();
  await page.locator('.pgn summary').click();
  await page.locator('.pgn pre', { hasText: '[Event' }).waitFor();
  const pgnText = await page.locator('.pgn pre').textContent();
  assert.match(pgnText, /\[Result "0-1"\]/);
  assert.match(pgnText, /\[BlackTeam "/);
  assert.match(pgnText, new RegExp(`2\\. g4 \\{${players[2]}\\} Qh4# \\{${players[3]}\\} 0-1`));
  await screenshot(page, 'carousel-mate-laptop');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'carousel-mate-phone');
  // The teams have been shown: the mate cannot be taken back; the table offers a rematch.
  assert.equal(await page.getByRole('button', { name: 'Undo last move' }).count(), 0);
  await page.reload();
  await page.locator('.play.carousel').waitFor();
  assert.equal(await page.locator('.moves li').count(), 4, 'the game survives a reload');
  assert.match(await banner(), /Checkmate!/);

  // Play again: the same game, names and house rules, a new seed; the hand-out follows.
  await page.getByRole('button', { name: 'Play again' }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  const again = await dealOnTable(page);
  assert.equal(again.game, 'carousel-chess');
  assert.deepEqual(again.seats.map((s) => s.name), ['Ann', 'Bo', 'Cy']);
  assert.notEqual(again.seed, deal.seed, 'a new seed');
  assert.notEqual(again.table_id, deal.table_id);
  const fresh = await page.evaluate(() => localStorage.getItem('intrigue.game'));
  assert.match(fresh, /^cc1\|[^|]+\|-\|$/, 'a new game with no moves and the same house rules');
  await page.goto(`${env.server.url}#/table`);
  await page.locator('.table-screen').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Hand out the secrets' }).count(), 1, 'the new table is running');
  // The game played to the end is in the history, with its final scores and winner.
  await page.goto(env.server.url);
  await appReady(page);
  const earlier = page.locator('.history li');
  assert.equal(await earlier.count(), 1);
  const scores = deal.seats.map((s, seat) => `${s.name} ${(seat === mater ? 10 : 0) + (s.team === 'Black' ? 5 : 0)}`);
  const top = Math.max(...deal.seats.map((s, seat) => (seat === mater ? 10 : 0) + (s.team === 'Black' ? 5 : 0)));
  const winners = deal.seats.filter((s, seat) => (seat === mater ? 10 : 0) + (s.team === 'Black' ? 5 : 0) === top).map((s) => s.name);
  const won = winners.length === 1 ? `${winners[0]} won` : `${winners.slice(0, -1).join(', ')} and ${winners.at(-1)} shared the win`;
  assert.equal(
    (await earlier.first().innerText()).replace(/ · \d+\/\d+ \d\d:\d\d$/, ''),
    `Carousel Chess · ${scores.join(', ')} · ${won} · played to the end`,
  );
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a pawn reaching the last rank asks what it becomes; capture and promotion both score', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await page.goto(`${env.server.url}#/deal`);
  await page.locator('input[name=game][value="carousel-chess"]').check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  await page.goto(`${env.server.url}#/play`);
  await page.locator('.play.carousel').waitFor();
  const line = [['a2', 'a4'], ['b7', 'b5'], ['a4', 'b5'], ['a7', 'a6'], ['b5', 'a6'], ['c8', 'b7'], ['a6', 'b7'], ['b8', 'c6']];
  for (const [from, to] of line) {
    await tap(page, from);
    await tap(page, to);
  }
  const promoter = (await page.locator('.banner').textContent()).split(' moves for ')[0];
  const before = await page.locator('.scoreboard tbody tr').evaluateAll((rows) =>
    Object.fromEntries(rows.map((r) => [r.cells[0].firstChild.textContent.trim(), Number(r.cells[2].innerText)])));
  await tap(page, 'b7');
  await tap(page, 'a8');
  const chooser = page.getByRole('dialog', { name: 'Promotion' });
  await chooser.waitFor();
  assert.equal(await page.locator('.moves li').count(), 8, 'nothing is played before the choice');
  await screenshot(page, 'carousel-promotion-phone');
  await chooser.getByRole('button', { name: 'Knight' }).click();
  await settled(page);
  assert.equal(await page.locator('.board .piece[data-square="a8"]').getAttribute('data-piece'), 'White knight');
  assert.match(await page.locator('.moves li').last().innerText(), /bxa8=N/);
  const row = page.locator('.scoreboard tbody tr', { hasText: promoter });
  assert.equal(Number(await row.locator('.points').textContent()), before[promoter] + 5 + 1, 'the rook 5, the promotion 1');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a save cut short keeps every move that still reads, and says what was lost', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="carousel-chess"]').getByRole('link', { name: 'Play', exact: true }).click();
  await page.locator('input[name=game][value="carousel-chess"]').check();
  await page.getByLabel(/On this screen/).check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  await page.goto(`${env.server.url}#/play`);
  await page.locator('.play.carousel').waitFor();
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) {
    await tap(page, from);
    await tap(page, to);
  }
  assert.equal(await page.locator('.moves li').count(), 3);
  // The save loses its last character (a full disk, a crash mid-write): the last move no
  // longer reads; the two before it are kept and the table says so.
  const save = await page.evaluate(() => localStorage.getItem('intrigue.game'));
  await page.evaluate((cut) => localStorage.setItem('intrigue.game', cut), save.slice(0, -1));
  await page.reload();
  await page.locator('.play.carousel').waitFor();
  assert.match(await page.locator('.notice').first().textContent(), /could not be read: it goes on from action 2/);
  assert.deepEqual((await page.locator('.moves .san').allTextContents()), ['e4', 'e5']);
  const aside = await page.evaluate(() => localStorage.getItem('intrigue.game.damaged'));
  assert.equal(aside, save.slice(0, -1), 'the damaged save is kept aside');
  // The recovered game plays on, and the note is not repeated.
  await tap(page, 'g1');
  await tap(page, 'f3');
  assert.equal(await page.locator('.moves li').count(), 3);
  await page.reload();
  await page.locator('.play.carousel').waitFor();
  assert.equal(await page.locator('.notice').count(), 0);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('two tabs of one table: the tab that is out of date says so and cannot overwrite the other', async () => {
  const { context, page: a } = await openPage(env.browser, env.server.origin, LAPTOP);
  await a.goto(env.server.url);
  await appReady(a);
  await a.locator('.game-card[data-game="carousel-chess"]').getByRole('link', { name: 'Play', exact: true }).click();
  await a.getByRole('button', { name: 'Deal', exact: true }).click();
  await a.locator('.handout[data-seat="0"]').waitFor();
  await a.goto(`${env.server.url}#/play`);
  await a.locator('.play.carousel').waitFor();
  // A second tab of the same browser: same storage.
  const b = await context.newPage();
  b.problems = [];
  b.on('pageerror', (error) => b.problems.push(error.message));
  await b.goto(`${env.server.url}#/play`);
  await b.locator('.play.carousel').waitFor();
  await tap(a, 'e2');
  await tap(a, 'e4');
  const saved = await a.evaluate(() => localStorage.getItem('intrigue.game'));
  await b.locator('.stale').waitFor();
  assert.match(await b.locator('.stale').textContent(), /changed in another tab/);
  // Tab B still shows the old position; its move is refused and nothing is overwritten.
  await tap(b, 'd2');
  await tap(b, 'd4');
  assert.equal(await b.locator('.stale').count(), 1, 'the banner still says why');
  assert.equal(await b.locator('.moves li').count(), 0);
  assert.equal(await b.evaluate(() => localStorage.getItem('intrigue.game')), saved);
  // Nor can it export the game (its file holds every seat's team) where no log would say so.
  answerQuestions(b);
  let downloads = 0;
  b.on('download', () => { downloads += 1; });
  const logsBefore = await b.evaluate(() => [localStorage.getItem('intrigue.game.log'), localStorage.getItem('intrigue.table.log')]);
  await b.getByRole('button', { name: 'Export this game' }).click();
  await b.locator('.form-error', { hasText: /^Not exported: This game was changed in another tab/ }).waitFor();
  await b.waitForTimeout(500);
  assert.equal(downloads, 0, 'no file was made');
  assert.deepEqual(await b.evaluate(() => [localStorage.getItem('intrigue.game.log'), localStorage.getItem('intrigue.table.log')]), logsBefore);
  assert.equal(await b.locator('[data-exported]').count(), 0, 'no export is told, since none was made');
  await screenshot(b, 'stale-tab-laptop');
  await b.getByRole('button', { name: 'Reload this tab' }).click();
  await b.locator('.play.carousel .moves li').waitFor();
  assert.deepEqual(await b.locator('.moves .san').allTextContents(), ['e4']);
  assert.equal(await b.locator('.stale').count(), 0);
  assert.deepEqual(b.problems, []);
  assert.deepEqual(a.problems, []);
  await context.close();
});

test('at an even table the seat sitting out the lap is named, and never moves in it', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(page, env.server.url, 'carousel-chess', 4);
  await openPlay(page, env.server.url);
  // One lap of a 4-seat table is 3 plies.
  const out = [];
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) {
    const next = await page.locator('.next-up').textContent();
    const sitting = next.match(/· (.+) sits out this lap$/);
    assert.ok(sitting, `"${next}" names the seat out`);
    out.push(sitting[1]);
    const mover = (await page.locator('.banner').textContent()).split(' moves for ')[0];
    assert.notEqual(mover, sitting[1], 'the seat out does not move');
    const row = page.locator('.scoreboard tbody tr.sitting-out');
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /sits out this lap/);
    await tap(page, from);
    await tap(page, to);
  }
  assert.equal(new Set(out).size, 1, 'one seat sits out the whole lap');
  // "to move" stands on one line, on a phone too.
  assert.equal(await page.locator('.scoreboard .now-badge').count(), 1, 'the seat to move is marked');
  for (const badge of await page.locator('.scoreboard .now-badge').all()) {
    assert.equal(await badge.evaluate((e) => e.getClientRects().length), 1, `"${await badge.textContent()}" on one line`);
    assert.ok(await badge.evaluate((e) => e.getBoundingClientRect().height < 24), `"${await badge.textContent()}" one line high`);
  }
  await screenshot(page, 'carousel-even-table-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the screen stays awake while a game is on, and is let go at its end', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  // A stand-in for the Screen Wake Lock API that records what the app asks of it.
  await page.addInitScript(() => {
    window.locks = [];
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async (type) => {
          const lock = { type, released: false, release: async () => { lock.released = true; } };
          window.locks.push(lock);
          return lock;
        },
      },
    });
  });
  const held = () => page.evaluate(() => window.locks.filter((l) => !l.released).map((l) => l.type));
  await dealFromForm(page, env.server.url, 'carousel-chess', 3);
  assert.deepEqual(await held(), [], 'not on the hand-out');
  await openPlay(page, env.server.url);
  assert.deepEqual(await held(), ['screen'], 'awake during the game');
  await foolsMate(page);
  await page.locator('.banner', { hasText: 'Checkmate!' }).waitFor();
  assert.deepEqual(await held(), [], 'let go at the end');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a full device says so at once; the game is exported to a file and imported back', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  // A device whose storage fills up when told to.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (window.full) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await page.goto(`${env.server.url}#/deal/carousel-chess`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  const table = await page.evaluate(() => localStorage.getItem('intrigue.table'));
  await page.goto(`${env.server.url}#/play`);
  await page.locator('.play.carousel').waitFor();
  await tap(page, 'e2');
  await tap(page, 'e4');
  await page.evaluate(() => { window.full = true; });
  await tap(page, 'e7');
  await tap(page, 'e5');
  // The move is played, and the table is told at once that it is not saved.
  assert.equal(await page.locator('.moves li').count(), 2);
  assert.match(await page.locator('.play .form-error').textContent(), /storage is full.*not saved.*Export this game/);

  // Mid-game, the file holds every team: the export says so first, and goes ahead (it is
  // the only way to keep this game), saying it could not be logged on a full device.
  const question = nextQuestion(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export this game' }).click(),
  ]);
  assert.match(await question, /still being played.*holds every player's secret team/);
  assert.match(await page.locator('.play .form-error', { hasText: 'could not be written' }).textContent(), /tell every player/);
  assert.match(download.suggestedFilename(), /^intrigue-carousel-chess-\d{4}-\d\d-\d\d\.txt$/);
  const file = readFileSync(await download.path(), 'utf8');
  assert.match(file, /^cc1\|[^|]+\|-\|e2e4 e7e5$/, 'the file holds both moves, the unsaved one too');

  // On a fresh device (or after clearing this one), the file brings the game back.
  await page.evaluate(() => { window.full = false; localStorage.clear(); });
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.locator('.play.carousel').waitFor();
  await settled(page);
  assert.equal(await page.locator('.moves li').count(), 2);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.table')), table, 'the table came back with it');

  // Not a game: refused, nothing changed.
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.locator('.table-tools .form-error').waitFor();
  assert.match(await page.locator('.table-tools .form-error').textContent(), /not a game exported by Intrigue/);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.table')), table);
  // A game whose last move is damaged: refused whole, before anything is asked or replaced.
  const game = await page.evaluate(() => localStorage.getItem('intrigue.game'));
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(`${file} e9e9`) });
  await page.locator('.table-tools .form-error').waitFor();
  assert.match(await page.locator('.table-tools .form-error').textContent(), /^This game file is damaged \(.+\): nothing was imported\.$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.table')), table);
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game')), game);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('the keyboard alone plays a move, and a screen reader hears it', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, LAPTOP);
  await dealFromForm(page, env.server.url, 'carousel-chess', 3, ['Ann', 'Bo', 'Cy']);
  await openPlay(page, env.server.url);
  const mover = (await page.locator('.banner').textContent()).split(' moves for ')[0];
  // Only one square is in the tab order: the top-left one, a8.
  assert.equal(await page.locator('.board [tabindex="0"]').count(), 1);
  await page.locator('.board [tabindex="0"]').focus();
  const focused = () => page.evaluate(() => document.activeElement.dataset.square);
  assert.equal(await focused(), 'a8');
  // To e2: four files right, six ranks down.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'e2');
  assert.equal(await page.locator('.board [tabindex="0"]').getAttribute('data-square'), 'e2', 'the tab stop follows');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^e2, White pawn, can move$/);
  await page.keyboard.press('Enter');
  assert.match(await page.locator('.sq[data-square="e2"]').getAttribute('class'), /selected/);
  // Escape lets go; Space picks up again.
  await page.keyboard.press('Escape');
  assert.doesNotMatch(await page.locator('.sq[data-square="e2"]').getAttribute('class'), /selected/);
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'e4');
  await page.keyboard.press('Enter');
  await settled(page);
  assert.equal(await page.locator('.piece[data-square="e4"]').getAttribute('data-piece'), 'White pawn');
  assert.equal(await page.locator('[data-live="game"]').textContent(), `${mover} played e4 for White.`);
  assert.equal(await page.locator('[data-live="game"]').getAttribute('aria-live'), 'polite');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('sounds and vibration: off by default, switched on and remembered; a tick, a knock, a tune', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  // What the device was asked to play and buzz.
  await page.addInitScript(() => {
    window.buzzes = [];
    window.notes = [];
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value(pattern) { window.buzzes.push(Array.from([].concat(pattern))); return true; },
    });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.notes.push(Math.round(this.frequency.value));
      return start.apply(this, args);
    };
  });
  const heard = () => page.evaluate(() => {
    const said = { buzzes: window.buzzes, notes: window.notes };
    window.buzzes = [];
    window.notes = [];
    return said;
  });
  await dealFromForm(page, env.server.url, 'carousel-chess', 3);
  await openPlay(page, env.server.url);
  await tap(page, 'e2');
  await tap(page, 'e4');
  assert.deepEqual(await heard(), { buzzes: [], notes: [] }, 'off by default');
  const sound = page.getByLabel('Sounds for turns, captures and the end');
  const buzz = page.getByLabel('Vibrate (on phones that can)');
  assert.equal(await sound.isChecked(), false);
  await sound.check();
  await buzz.check();
  await settled(page);
  assert.deepEqual(await heard(), { buzzes: [[30]], notes: [880] }, 'a sample of what was switched on');
  // Remembered across a reload.
  await page.reload();
  await page.locator('.play.carousel').waitFor();
  assert.equal(await sound.isChecked(), true);
  assert.equal(await buzz.isChecked(), true);
  await tap(page, 'd7');
  await tap(page, 'd5');
  assert.deepEqual(await heard(), { buzzes: [[30]], notes: [880] }, 'the turn passes: a tick');
  await tap(page, 'e4');
  await tap(page, 'd5');
  assert.deepEqual(await heard(), { buzzes: [[60, 40, 60]], notes: [330, 220] }, 'a capture: a knock');
  // Back to the start, and Fool's mate: the end's tune.
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Undo last move' }).click();
    await settled(page);
  }
  await heard();
  await foolsMate(page);
  const end = await heard();
  assert.deepEqual(end.buzzes.at(-1), [100, 60, 100, 60, 200]);
  assert.deepEqual(end.notes.slice(-4), [523, 659, 784, 1047]);
  // Off again: silence.
  await sound.uncheck();
  await buzz.uncheck();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.cues')), '');
  await screenshot(page, 'carousel-cues-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('colour is never the only signal: the last move, the piece picked up, its moves and check are drawn and named', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(page, env.server.url, 'carousel-chess', 3);
  await openPlay(page, env.server.url);
  const square = (name) => page.locator(`.board .sq[data-square="${name}"]`);
  const label = (name) => square(name).getAttribute('aria-label');
  const mark = (name, pseudo, property) =>
    square(name).evaluate((el, [p, prop]) => getComputedStyle(el, p)[prop], [pseudo, property]);
  await tap(page, 'e2');
  await tap(page, 'e4');
  for (const name of ['e2', 'e4']) {
    assert.match(await label(name), /, last move$/);
    assert.equal(await mark(name, '::before', 'borderTopStyle'), 'dashed', `${name}: framed, not only tinted`);
  }
  assert.equal(await mark('d2', '::before', 'borderTopStyle'), 'none');
  for (const [from, to] of [['f7', 'f6'], ['d2', 'd4'], ['g7', 'g5']]) {
    await tap(page, from);
    await tap(page, to);
  }
  // Picked up: outlined; where it may go: a dot, a ring where it captures.
  await tap(page, 'c1');
  assert.match(await label('c1'), /, picked up$/);
  assert.equal(await mark('c1', '', 'outlineStyle'), 'solid');
  assert.match(await label('e3'), /, can move here$/);
  assert.equal(await mark('e3', '::after', 'borderRadius'), '50%', 'a dot');
  assert.match(await label('g5'), /Black pawn, last move, can capture$/);
  assert.equal(await mark('g5', '::after', 'borderTopStyle'), 'solid', 'a ring');
  assert.doesNotMatch(await label('c3'), /can/);
  assert.match(await label('b1'), /^b1, White knight, can move$/, 'a piece that may move says so');
  await page.keyboard.press('Escape');
  await settled(page);
  await tap(page, 'd1');
  await tap(page, 'h5');
  // Check (and mate): the king's square carries a "!" and says so.
  assert.match(await label('e8'), /^e8, Black king, in check$/);
  assert.equal(await mark('e8', '::before', 'content'), '"!"');
  await screenshot(page, 'carousel-signals-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});
