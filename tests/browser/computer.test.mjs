// Computer players in the games played at a table or passed around one device: whole games
// of Usurp, A City of Spies and Carousel Chess with the computer in some seats, from the
// New Deal form and from "Play alone". The tests shorten the computer's pace (a key only
// tests set), so a whole game plays in seconds; the person's moves are clicked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, settled, hold, release, dealOnTable, PHONE, LAPTOP, SCREENSHOTS,
} from './harness.mjs';

const env = useServerAndBrowser();

/** A page whose computer plays at once (and asks every question with "yes"). */
async function quickPage(viewport = PHONE, pace = 0) {
  const opened = await openPage(env.browser, env.server.origin, viewport);
  await opened.page.addInitScript((ms) => localStorage.setItem('intrigue.test.pace-ms', String(ms)), pace);
  answerQuestions(opened.page);
  // DIAG_THROTTLE=3 runs the page at 3× CPU, to see where long tasks fall on a machine
  // slower than this one (the tests then also print those at other times).
  if (process.env.DIAG_THROTTLE) {
    const cdp = await opened.context.newCDPSession(opened.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.DIAG_THROTTLE) });
  }
  return opened;
}

/** Every long task of the page from its next load on: when it began, and how long it ran. */
async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask' });
  });
}

/**
 * The computer's decisions since the timeline was last cleared (their lengths, ms), the
 * longest task that ran while one was being thought (from its first slice to its choice,
 * the "bot-decision" measure) and the longest at other times: a person's taps and what
 * they draw, a screenshot, the computer's action played and drawn. The first is what
 * slicing promises; the click-to-frame benchmark measures the others at 4× CPU.
 */
async function thinkingTasks(page) {
  return page.evaluate(() => {
    const windows = performance.getEntriesByName('bot-decision').map((e) => [e.startTime, e.startTime + e.duration]);
    const during = (t) => windows.some(([from, to]) => t.start < to && t.start + t.duration > from);
    const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.duration));
    const inside = window.__long.filter(during);
    return {
      decisions: windows.map(([from, to]) => to - from),
      thinking: longest(inside),
      other: longest(window.__long.filter((t) => !during(t))),
      // Where the long tasks of thinking fell: from its decision's start, ms.
      // And the others, from the nearest decision's end (its action played a moment
      // after): ms.
      apart: window.__long.filter((t) => !during(t) && t.duration > 50).map((t) => {
        const gaps = windows.map(([, to]) => t.start - to);
        const gap = gaps.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a), Infinity);
        return `${t.duration.toFixed(0)} ms at ${gap.toFixed(0)} from an end`;
      }),
      at: inside.map((t) => {
        const [from, to] = windows.find(([a, b]) => t.start < b && t.start + t.duration > a);
        return `${t.duration.toFixed(0)} ms at ${(t.start - from).toFixed(0)} of ${(to - from).toFixed(0)}`;
      }),
    };
  });
}

/** Any one legal move on the board, by taps: a movable piece, then one of its squares. */
async function anyMove(page) {
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  if (!movable.length) return false;
  const from = movable[Math.floor(Math.random() * movable.length)];
  await page.locator(`.board .sq[data-square="${from}"]`).click();
  // Its squares are drawn with the tap's frame.
  await page.locator('.board .sq.dest').first().waitFor({ timeout: 2_000 }).catch(() => {});
  // Captures first: the game ends sooner.
  const dests = await page.locator('.board .sq.dest').evaluateAll((els) => els.map((e) => [e.dataset.square, e.classList.contains('capture')]));
  if (!dests.length) return false;
  const [to] = dests.find(([, capture]) => capture) ?? dests[Math.floor(Math.random() * dests.length)];
  await page.locator(`.board .sq[data-square="${to}"]`).click();
  return true;
}

/** While the computer thinks (said in the banner, once the board is drawn), no piece can be moved. */
async function noMoveWhileThinking(page) {
  await settled(page);
  const banner = await page.locator('.play-head h1').textContent();
  if (!/is thinking/.test(banner)) return;
  const movable = await page.locator('.board .sq.movable').count();
  const still = await page.locator('.play-head h1').textContent();
  if (still === banner) assert.equal(movable, 0, `no piece to move while: ${banner}`);
}

/** The person's Usurp turn: draw and place while a town square holds fewer than two cards, else take one. */
async function usurpTurn(page) {
  const draw = page.getByRole('button', { name: 'Draw a card' });
  const sizes = await page.locator('.town-square .cards').evaluateAll((els) => els.map((e) => e.querySelectorAll('.mini-card').length));
  if ((await draw.count()) && !(await draw.isDisabled()) && sizes.some((n) => n < 2)) {
    await draw.click();
    await page.locator('.town-square [data-action="place"]').first().click();
  } else {
    await page.locator('.town-square [data-action="take"]').first().click();
  }
  await settled(page);
}

test('Usurp from the New Deal form: two computer seats at two levels play their turns; the file names them; a whole game ends', async () => {
  const { page } = await quickPage(PHONE, 300);
  await page.goto(`${env.server.url}#/deal/usurp`);
  await appReady(page);
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  await page.locator('.names input').nth(0).fill('Ann');
  await page.locator('select.seat-player[data-seat="1"]').selectOption('normal');
  await page.locator('select.seat-player[data-seat="2"]').selectOption('easy');
  assert.equal(await page.locator('.names input').nth(1).getAttribute('placeholder'), 'Computer');
  // Nobody playing: refused, with a reason.
  await page.locator('select.seat-player[data-seat="0"]').selectOption('easy');
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.form-error', { hasText: 'At least one seat must be a person' }).waitFor();
  await page.locator('select.seat-player[data-seat="0"]').selectOption('person');
  await screenshot(page, 'deal-with-computers-phone');
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play.usurp').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person normal easy');

  const banner = page.locator('.play-head .banner');
  const over = page.locator('.play.usurp[data-over="true"]');
  let sawThinking = false;
  let exported = false;
  for (let step = 0; step < 600 && !(await over.count()); step++) {
    const text = await banner.textContent();
    if (!text.startsWith('Ann')) {
      // The computer's turn: said, and nothing to tap for it.
      if (/^Computer [12] is thinking…$/.test(text)) {
        sawThinking = true;
        assert.equal(await page.locator('.town-square [data-action]').count(), 0, 'no button plays for the computer');
        if (!exported) await screenshot(page, 'usurp-computer-thinking-phone');
      }
      await page.waitForFunction((before) => document.querySelector('.play-head .banner')?.textContent !== before, text);
      continue;
    }
    if (!exported && step > 6) {
      // A file of the game names the computer's seats, and plays on with them.
      exported = true;
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="export"]').click()]);
      const file = await readFile(await download.path(), 'utf8');
      assert.match(file.trimEnd().split('\n').at(-1), /^computers person normal easy$/);
      await page.evaluate(() => localStorage.setItem('intrigue.game.computers', 'person person person'));
      await page.goto(env.server.url);
      await appReady(page);
      // A line of computers this app does not know: refused, nothing replaced.
      const damaged = file.replace(/computers person normal easy/, 'computers person grandmaster easy');
      await page.locator('input[type=file]').setInputFiles({ name: 'usurp.txt', mimeType: 'text/plain', buffer: Buffer.from(damaged) });
      await page.locator('.form-error', { hasText: 'its line of computer players cannot be read' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person person person');
      await page.locator('input[type=file]').setInputFiles({ name: 'usurp.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
      await page.locator('.play.usurp').waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person normal easy', 'the import brings the computer back');
      continue;
    }
    await usurpTurn(page);
  }
  assert.ok(await over.count(), 'the game ended');
  assert.ok(sawThinking, 'the computer was seen thinking');
  assert.ok(exported, 'the game was exported mid-way');
  const story = await page.locator('.usurp-players').innerText();
  assert.match(story, /Computer 1/);
  assert.match(story, /Computer 2/);
  await screenshot(page, 'usurp-computer-over-phone');
  assert.deepEqual(page.problems, []);
});

test('Usurp at Hard: offered where the game has it, it thinks in slices (no task over 50 ms), "Move now" has it move, and a whole game ends', async () => {
  // A short pace: Hard decides in tens of milliseconds here, and "Move now" is offered
  // while a computer's turn lasts.
  const { page } = await quickPage(PHONE, 250);
  // Every task of the page from here on, by its length.
  await watchLongTasks(page);
  const levels = async () => {
    await page.locator('select.seat-player[data-seat="1"] option').first().waitFor({ state: 'attached' });
    return page.locator('select.seat-player[data-seat="1"] option').allTextContents();
  };
  await page.goto(`${env.server.url}#/deal/carousel-chess`);
  await appReady(page);
  assert.deepEqual(await levels(), ['Person', 'Computer: easy', 'Computer: normal', 'Computer: hard'], 'Carousel Chess has Hard too');
  await page.goto(`${env.server.url}#/deal/espionage`);
  await appReady(page);
  assert.deepEqual(await levels(), ['Person', 'Computer: easy', 'Computer: normal', 'Computer: hard']);
  await page.goto(`${env.server.url}#/deal/usurp`);
  await appReady(page);
  assert.deepEqual(await levels(), ['Person', 'Computer: easy', 'Computer: normal', 'Computer: hard']);
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  await page.locator('.names input').nth(0).fill('Ann');
  await page.locator('select.seat-player[data-seat="1"]').selectOption('hard');
  await page.locator('select.seat-player[data-seat="2"]').selectOption('normal');
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play.usurp').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person hard normal');
  // The game's part is loaded and drawn: the tasks that count begin now.
  await settled(page);
  await page.evaluate(() => { window.__long = []; performance.clearMeasures('bot-decision'); });

  const banner = page.locator('.play-head .banner');
  const over = page.locator('.play.usurp[data-over="true"]');
  let hurried = false;
  for (let step = 0; step < 600 && !(await over.count()); step++) {
    const text = await banner.textContent();
    if (!text.startsWith('Ann')) {
      const hurry = page.locator('[data-action="hurry"]');
      if (!hurried && text === 'Computer 1 is thinking…' && await hurry.isVisible()) {
        // At this test's pace the bar is still inert from the turn passing (half a
        // second): the button is pressed as the page's own handler hears it.
        await hurry.dispatchEvent('click');
        hurried = true;
      }
      await page.waitForFunction((before) => document.querySelector('.play-head .banner')?.textContent !== before, text, { timeout: 30_000 });
      continue;
    }
    await usurpTurn(page);
  }
  assert.ok(await over.count(), 'the game ended');
  assert.ok(hurried, '"Move now" was offered while Hard thought');
  const { decisions, thinking, other, at } = await thinkingTasks(page);
  if (at.length) console.log(`long tasks while it thought: ${at.join('; ')}`);
  if (process.env.DIAG_THROTTLE) console.log(`long tasks at other times: ${(await thinkingTasks(page)).apart.join('; ')}`);
  console.log(`Usurp at Hard and Normal: ${decisions.length} decisions, the longest ${Math.max(...decisions).toFixed(0)} ms; the longest task while it thought ${thinking.toFixed(0)} ms, at other times ${other.toFixed(0)} ms`);
  assert.ok(decisions.length > 20, `${decisions.length} decisions measured`);
  assert.ok(thinking <= 50, `no task over 50 ms while the computer thought (the longest: ${thinking} ms)`);
  await screenshot(page, 'usurp-hard-over-phone');
  assert.deepEqual(page.problems, []);
});

test('Espionage at Hard from "Play alone": the level is chosen on the home screen and remembered, Hard thinks in slices (no task over 50 ms), and "Move now" has it play its turn at once', async () => {
  // A slow pace: the computer's turn would take seconds unless told to move now.
  const { page } = await quickPage(PHONE, 1500);
  await watchLongTasks(page);
  await page.goto(env.server.url);
  await appReady(page);
  const level = (name) => page.locator(`.alone-level button[data-level="${name}"]`);
  const pressed = async () => page.locator('.alone-level button[aria-pressed="true"]').allTextContents();
  assert.deepEqual(await page.locator('.alone-level button').allTextContents(), ['Easy', 'Normal', 'Hard']);
  assert.deepEqual(await pressed(), ['Normal'], 'Normal until one is chosen');
  assert.match(await page.locator('.alone-level .hint').textContent(), /^Normal plays what looks best now/);
  await level('hard').click();
  assert.deepEqual(await pressed(), ['Hard']);
  const hint = await page.locator('.alone-level .hint').textContent();
  assert.equal(hint, 'Hard thinks ahead over what it cannot see, up to a second or two a move on a slow phone.', 'every game has Hard: none is named as playing Normal');
  await page.reload();
  await appReady(page);
  assert.deepEqual(await pressed(), ['Hard'], 'remembered on the device');
  // The control itself, below the top of the home screen.
  await page.locator('.alone-level').screenshot({ path: `${SCREENSHOTS}/home-alone-level-phone.png` });
  await page.locator('.game-card[data-game="espionage"] [data-action="play-alone"]').click();
  await page.getByRole('button', { name: 'Shuffle all' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Ready' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person hard');
  await settled(page);
  await page.evaluate(() => { window.__long = []; performance.clearMeasures('bot-decision'); });

  const banner = page.locator('.espionage-turn h1');
  const submit = page.getByRole('button', { name: 'Submit turn' });
  const hurry = page.locator('[data-action="hurry"]');
  let hurried = null;
  let turns = 0;
  for (let step = 0; step < 400 && turns < 4 && !(await page.locator('.espionage-end').count()); step++) {
    const text = (await banner.textContent({ timeout: 30_000 }).catch(() => '')) ?? '';
    if (!text.startsWith('Your turn')) {
      if (hurried === null && await hurry.isVisible()) {
        assert.equal(await hurry.textContent(), 'Move now');
        assert.equal(text, "Computer's turn");
        assert.equal(await page.locator('.espionage-turn .next-up').textContent(), 'Computer is thinking…');
        await screenshot(page, 'espionage-hard-thinking-phone');
        const asked = Date.now();
        await hurry.click();
        await page.waitForFunction(() => document.querySelector('.espionage-turn h1')?.textContent.startsWith('Your turn') || document.querySelector('.espionage-end'), null, { timeout: 10_000 });
        hurried = Date.now() - asked;
        continue;
      }
      await page.waitForFunction((before) => document.querySelector('.espionage-end') || document.querySelector('.espionage-turn h1')?.textContent !== before, text, { timeout: 30_000 });
      continue;
    }
    assert.equal(await hurry.isVisible(), false, 'nothing to hurry on your turn');
    await settled(page);
    if (await anyMove(page)) {
      await settled(page);
      if (!(await submit.isEnabled())) await anyMove(page);
      await settled(page);
    }
    if (await submit.isEnabled().catch(() => false)) {
      await submit.click();
      turns++;
    }
    await settled(page);
  }
  assert.ok(turns >= 3 || await page.locator('.espionage-end').count(), `${turns} of your turns played`);
  // Paced, the computer's turn (two moves and the submission) takes 4.5 s: told to move
  // now, its moves come at once.
  assert.ok(hurried !== null && hurried < 2500, `"Move now" had the computer play its turn (in ${hurried} ms)`);
  const { decisions, thinking, other, at } = await thinkingTasks(page);
  if (at.length) console.log(`long tasks while it thought: ${at.join('; ')}`);
  if (process.env.DIAG_THROTTLE) console.log(`long tasks at other times: ${(await thinkingTasks(page)).apart.join('; ')}`);
  console.log(`Espionage at Hard: ${decisions.length} decisions, the longest ${Math.max(...decisions).toFixed(0)} ms; the longest task while it thought ${thinking.toFixed(0)} ms, at other times ${other.toFixed(0)} ms`);
  assert.ok(decisions.length >= 6, `${decisions.length} decisions measured`);
  assert.ok(thinking <= 50, `no task over 50 ms while the computer thought (the longest: ${thinking} ms)`);
  assert.deepEqual(page.problems, []);
});

test('A City of Spies alone at the table: straight to the game with your own secrets there (no peek, no log), the computer plays three seats, and the reveal shows theirs', async () => {
  const { page } = await quickPage(LAPTOP, 120);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="city-of-spies"] [data-action="play-alone"]').click();
  // No hand-out to get through: the game, and your own secrets on this screen, held to see.
  await page.locator('.play.city .own-secrets .hold').waitFor();
  assert.equal(await page.locator('.handout').count(), 0);
  const deal = await dealOnTable(page);
  assert.equal(await page.locator('.secrets').count(), 0, 'nothing secret in the page before the hold');
  await hold(page);
  const mine = page.locator('.hold-window .secrets[data-seat="0"]');
  assert.equal(await mine.locator('.team-name').textContent(), deal.seats[0].team);
  assert.equal(await mine.locator('[data-role="life-piece"] .piece-name').textContent(), deal.seats[0].rounds[0].life);
  assert.equal(await mine.locator('[data-role="target-piece"] .piece-name').textContent(), deal.seats[0].rounds[0].target);
  await screenshot(page, 'city-alone-secrets-laptop');
  await release(page);
  assert.doesNotMatch(await page.evaluate(() => localStorage.getItem('intrigue.table.log') ?? ''), /peek/, 'no peek logged: nobody else is at the table');
  // A computer's seat has no code, even asked for by its address.
  await page.goto(`${env.server.url}#/table/handout/2`);
  await page.locator('.handout[data-handing="computer"]').waitFor();
  assert.equal(await page.locator('.handout .code-card, .handout canvas, .handout svg').count(), 0, 'no code for the computer');
  await page.goto(`${env.server.url}#/table/peek`);
  assert.deepEqual(await page.locator('.peek .actions a').allTextContents(), ['You'], 'nobody peeks at the computer; the one person is "You"');
  await page.goto(`${env.server.url}#/table`);
  assert.equal(await page.locator('.seat-list li[data-computer="true"]').count(), 3);
  await page.goto(`${env.server.url}#/play`);

  const city = page.locator('.play.city');
  await city.waitFor();
  await screenshot(page, 'city-setup-laptop');
  // On a laptop the whole set-up is in view at once: the choice, the board, "Start round".
  for (const part of ['.setup .choice', '.setup .board', '.setup [class~="answer-bar"] button']) {
    const box = await page.locator(part).boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 800, `${part} in view (${Math.round(box.y)}–${Math.round(box.y + box.height)})`);
  }
  assert.ok((await page.locator('.setup .board').boundingBox()).width >= 400, 'the board as large as in play');
  // The standard layout puts numbered pieces on the first rank, where the files are
  // written: no piece's number covers a square's coordinate.
  await page.getByLabel('Standard layout').check();
  await settled(page);
  // The pieces slide to their squares: measured once they stand still.
  await page.waitForTimeout(600);
  const covered = await page.evaluate(() => {
    const boxes = (selector) => [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect());
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const badges = boxes('.play.city .board .piece .badge');
    const coords = boxes('.play.city .board .coord');
    return { badges: badges.length, covered: badges.filter((b) => coords.some((c) => overlap(b, c))).length };
  });
  assert.ok(covered.badges >= 4, `numbered pieces on the board (${covered.badges})`);
  assert.equal(covered.covered, 0, 'no number covers a coordinate');
  await page.getByLabel(/^Random/).check();
  await settled(page);
  let moves = 0;
  let turns = 0;
  for (let step = 0; step < 3000; step++) {
    const phase = await city.getAttribute('data-phase');
    if (phase === 'over') break;
    const banner = await page.locator('.play-head h1').textContent();
    if (phase === 'set-up') {
      await page.getByRole('button', { name: /^Start round/ }).click();
    } else if (banner === 'Your capture: claim or not?') {
      await page.getByRole('button', { name: Math.random() < 0.5 ? 'Claim it' : 'No claim' }).click();
    } else if (banner === 'Your turn: move any piece') {
      turns++;
      const pass = page.getByRole('button', { name: /No move possible/ });
      if (await pass.count()) await pass.click();
      else if (await anyMove(page)) moves++;
    } else {
      // The computer's turn: nothing on the board moves for it.
      await noMoveWhileThinking(page);
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner);
      continue;
    }
    await settled(page);
  }
  assert.equal(await city.getAttribute('data-phase'), 'over', 'the game ended');
  assert.ok(moves > 0, `the person moved (${turns} turns of theirs seen)`);
  // Everyone's secrets, the computer's with the person's.
  assert.equal(await page.locator('table.reveal tbody tr').count(), 4);
  await screenshot(page, 'city-computer-over-laptop');
  assert.deepEqual(page.problems, []);
});

test('Carousel Chess alone at the table: your team on the screen for you, the computer plays two seats from their own views to the end', async () => {
  const { page } = await quickPage(PHONE, 120);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="carousel-chess"] [data-action="play-alone"]').click();
  // Straight to the game: your own team is yours to see here, held (no hand-out, no peek).
  const carousel = page.locator('.play.carousel');
  await carousel.waitFor();
  assert.equal(await page.locator('.handout').count(), 0);
  const deal = await dealOnTable(page);
  await hold(page);
  assert.equal(await page.locator('.hold-window .secrets[data-seat="0"] .team-name').textContent(), deal.seats[0].team);
  await release(page);
  assert.equal(await page.locator('.own-secrets .secrets').count(), 0, 'hidden again once let go');
  let moves = 0;
  for (let step = 0; step < 3000 && (await carousel.getAttribute('data-over')) !== 'true'; step++) {
    const banner = await page.locator('.play-head h1').textContent();
    if (banner.startsWith('Your move')) {
      if (await anyMove(page)) moves++;
      const queen = page.getByRole('button', { name: 'Queen' });
      if (await queen.count()) await queen.click();
      await settled(page);
    } else {
      await noMoveWhileThinking(page);
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner);
    }
  }
  assert.equal(await carousel.getAttribute('data-over'), 'true', 'the game ended');
  assert.ok(moves > 0, 'the person moved');
  // The teams revealed, the computer's with the person's.
  assert.equal(await page.locator('.scoreboard td.reveal-team').count(), 3);
  // No word of the scoreboard is broken inside on a phone ("Poi/nts", "Compu/ter 1").
  const broken = await page.locator('.scoreboard th, .scoreboard td:not(.captured)').evaluateAll((cells) => cells
    .filter((cell) => [...cell.childNodes].some((node) => {
      if (node.nodeType !== Node.TEXT_NODE) return false;
      const words = node.textContent.trim().split(/\s+/).filter(Boolean).length;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return lines > words;
    }))
    .map((cell) => cell.textContent));
  assert.deepEqual(broken, []);
  await screenshot(page, 'carousel-computer-over-phone');
  assert.deepEqual(page.problems, []);
});

test('Carousel Chess and A City of Spies at Hard from "Play alone": Hard thinks in slices (no task over 50 ms) with "Move now" beside, which has it play at once', async () => {
  // A slow pace: each computer turn would take a while unless told to move now.
  const { page } = await quickPage(PHONE, 1200);
  await watchLongTasks(page);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.alone-level button[data-level="hard"]').click();
  const hurry = page.locator('[data-action="hurry"]');

  // Carousel Chess: the person's plies, and "Move now" pressed once while Hard thinks.
  await page.locator('.game-card[data-game="carousel-chess"] [data-action="play-alone"]').click();
  const carousel = page.locator('.play.carousel');
  await carousel.waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person hard hard');
  await settled(page);
  await page.evaluate(() => { window.__long = []; performance.clearMeasures('bot-decision'); });
  let hurried = 0;
  for (let step = 0; step < 60 && (await page.evaluate(() => performance.getEntriesByName('bot-decision').length)) < 6; step++) {
    const banner = await page.locator('.play-head h1').textContent();
    if (banner.startsWith('Your move')) {
      await anyMove(page);
      const queen = page.getByRole('button', { name: 'Queen' });
      if (await queen.count()) await queen.click();
      await settled(page);
    } else if (/is thinking/.test(banner) && !hurried && await hurry.isVisible()) {
      assert.equal(await hurry.textContent(), 'Move now');
      await screenshot(page, 'carousel-hard-thinking-phone');
      await hurry.click();
      hurried++;
      // At once, not after the pace: the banner moves on within a moment.
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner, { timeout: 1_000 });
    } else {
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner, { timeout: 30_000 });
    }
  }
  assert.equal(hurried, 1, '"Move now" was offered while Hard thought, and pressed');
  await screenshot(page, 'carousel-hard-phone');
  let { decisions, thinking, other, at } = await thinkingTasks(page);
  if (at.length) console.log(`long tasks while it thought: ${at.join('; ')}`);
  if (process.env.DIAG_THROTTLE) console.log(`long tasks at other times: ${(await thinkingTasks(page)).apart.join('; ')}`);
  console.log(`Carousel Chess at Hard: ${decisions.length} decisions, the longest ${Math.max(...decisions).toFixed(0)} ms; the longest task while it thought ${thinking.toFixed(0)} ms, at other times ${other.toFixed(0)} ms`);
  assert.ok(thinking <= 50, `Carousel Chess: no task over 50 ms while Hard thought (the longest: ${thinking} ms)`);

  // A City of Spies: the same, through set-ups, claims and knock-outs.
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="city-of-spies"] [data-action="play-alone"]').click();
  const city = page.locator('.play.city');
  await city.waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person hard hard hard');
  await settled(page);
  await page.evaluate(() => { window.__long = []; performance.clearMeasures('bot-decision'); });
  hurried = 0;
  for (let step = 0; step < 200 && (await page.evaluate(() => performance.getEntriesByName('bot-decision').length)) < 9; step++) {
    const phase = await city.getAttribute('data-phase');
    if (phase === 'over') break;
    const banner = await page.locator('.play-head h1').textContent();
    if (phase === 'set-up') {
      await page.getByRole('button', { name: /^Start round/ }).click();
    } else if (banner === 'Your capture: claim or not?') {
      await page.getByRole('button', { name: 'No claim' }).click();
    } else if (banner === 'Your turn: move any piece') {
      const pass = page.getByRole('button', { name: /No move possible/ });
      if (await pass.count()) await pass.click();
      else await anyMove(page);
    } else if (/is thinking/.test(banner) && !hurried && await hurry.isVisible()) {
      await hurry.click();
      hurried++;
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner, { timeout: 1_000 });
      continue;
    } else {
      await page.waitForFunction((before) => document.querySelector('.play-head h1')?.textContent !== before, banner, { timeout: 30_000 });
      continue;
    }
    await settled(page);
  }
  assert.equal(hurried, 1, '"Move now" was offered while Hard thought, and pressed');
  await screenshot(page, 'city-hard-phone');
  ({ decisions, thinking, other, at } = await thinkingTasks(page));
  if (at.length) console.log(`long tasks while it thought: ${at.join('; ')}`);
  if (process.env.DIAG_THROTTLE) console.log(`long tasks at other times: ${(await thinkingTasks(page)).apart.join('; ')}`);
  console.log(`A City of Spies at Hard: ${decisions.length} decisions, the longest ${Math.max(...decisions).toFixed(0)} ms; the longest task while it thought ${thinking.toFixed(0)} ms, at other times ${other.toFixed(0)} ms`);
  assert.ok(thinking <= 50, `A City of Spies: no task over 50 ms while Hard thought (the longest: ${thinking} ms)`);
  assert.deepEqual(page.problems, []);
});

test('"Move now" pressed after the computer has chosen plays its move at once, not when its pace runs out', async () => {
  // A pace far longer than the test waits: Normal chooses at once, then waits it out.
  const { page } = await quickPage(PHONE, 60_000);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.alone-level button[data-level="normal"]').click();
  await page.locator('.game-card[data-game="carousel-chess"] [data-action="play-alone"]').click();
  await page.locator('.play.carousel').waitFor();
  await settled(page);
  const banner = page.locator('.play-head h1');
  const hurry = page.locator('[data-action="hurry"]');
  if ((await banner.textContent()).startsWith('Your move')) {
    await anyMove(page);
    await settled(page);
  }
  await hurry.waitFor({ state: 'visible' });
  const thinking = await banner.textContent();
  assert.match(thinking, /^Computer \d is thinking/);
  // Its choice is made (a decision measured), and it waits for the pace.
  await page.waitForFunction(() => performance.getEntriesByName('bot-decision').length > 0);
  await hurry.click();
  // The two computers play their plies one after the other, at once, and it is your move.
  await page.waitForFunction(() => document.querySelector('.play-head h1')?.textContent.startsWith('Your move'), null, { timeout: 3_000 });
  assert.equal(await hurry.isVisible(), false, 'nothing to hurry on your turn');
  assert.ok(await page.locator('.board .sq.last').count() >= 2, 'the last ply is shown on the board, from and to');
  assert.deepEqual(page.problems, []);
});

test('Espionage from the form, the computer South at Normal: it sets up and moves first, you play North to the end', async () => {
  const { page } = await quickPage(PHONE);
  await page.goto(`${env.server.url}#/deal/espionage`);
  await appReady(page);
  await page.locator('.names input').nth(1).fill('Bo');
  await page.locator('select.seat-player[data-seat="0"]').selectOption('normal');
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  // The computer's army first, then yours: no curtain between.
  await page.getByRole('button', { name: 'Shuffle all' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Ready' }).click();
  // The keyboard's focus follows the game to the board (not dropped to the page).
  const focusOnBoard = () => page.waitForFunction(() => document.activeElement?.matches('.board .sq[tabindex="0"]'), null, { timeout: 5_000 });
  await focusOnBoard();
  const end = page.locator('.espionage-end');
  const submit = page.getByRole('button', { name: 'Submit turn' });
  let turns = 0;
  for (let step = 0; step < 2000 && !(await end.count()); step++) {
    assert.equal(await page.locator('.curtain').count(), 0, 'no curtain against the computer');
    const banner = (await page.locator('.espionage-turn h1').textContent({ timeout: 20_000 }).catch(() => '')) ?? '';
    if (!banner.startsWith('Your turn')) {
      await page.waitForFunction((before) => document.querySelector('.espionage-end') || document.querySelector('.espionage-turn h1')?.textContent !== before, banner);
      continue;
    }
    await settled(page);
    // A move may end the game (a flag taken): the end screen then takes the place of the
    // turn's buttons, between one look at them and the next. A button gone is not pressed.
    const ready = () => submit.isEnabled({ timeout: 2_000 }).catch(() => false);
    if (await anyMove(page)) {
      await settled(page);
      if (!(await end.count()) && !(await ready())) await anyMove(page);
      await settled(page);
    }
    if (!(await end.count()) && (await ready()) && (await submit.click({ timeout: 5_000 }).then(() => true, () => false))) {
      turns++;
      if (turns === 1) await focusOnBoard();
    }
    await settled(page);
  }
  assert.ok(await end.count(), `the game ended (after ${turns} of your turns)`);
  await screenshot(page, 'espionage-computer-over-phone');
  assert.deepEqual(page.problems, []);
});

/**
 * The deckbuilder alone from the home screen at `level`, played to its end by a person who
 * plays a card at random each turn (as the computer's ladder measures against); `onTheirs`
 * is called while the computer plays. The end's title, and how many of your turns it took.
 */
async function deckbuilderAgainstRandom(page, level, onTheirs = async () => {}) {
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator(`.alone-level button[data-level="${level}"]`).click();
  await page.locator('.game-card[data-game="chess-deckbuilder"] [data-action="play-alone"]').click();
  const end = page.locator('.deckbuilder-end');
  const yourTurn = page.locator('.deckbuilder-turn h1', { hasText: 'Your turn' });
  let turns = 0;
  for (; turns < 300 && !(await end.count()); turns++) {
    await Promise.race([yourTurn.waitFor({ timeout: 30_000 }), end.waitFor({ timeout: 30_000 })]);
    if (await end.count()) break;
    await settled(page);
    // In check, a move without a card may be all there is: any move.
    if (!(await page.getByRole('button', { name: 'End turn' }).count()) && !(await page.getByRole('button', { name: 'Go to buying' }).count())) {
      await anyMove(page);
      continue;
    }
    // A card played at random, and one of its moves at random.
    const playable = page.locator('.hand .card.playable');
    const cards = await playable.count();
    if (cards) {
      await playable.nth(Math.floor(Math.random() * cards)).click();
      await settled(page);
      await anyMove(page);
      await settled(page);
    }
    if (await end.count()) break;
    const buying = page.getByRole('button', { name: 'Go to buying' });
    if (await buying.count() && !(await buying.isDisabled())) await buying.click();
    await settled(page);
    const endTurn = page.getByRole('button', { name: 'End turn' });
    if (await endTurn.count() && !(await endTurn.isDisabled())) {
      const kicker = await page.locator('.deckbuilder-turn .kicker').textContent();
      await endTurn.click();
      await onTheirs();
      // The computer's turn, then yours again (or the end): the turn's number moves on.
      await page.waitForFunction((before) => document.querySelector('.deckbuilder-end') || document.querySelector('.deckbuilder-turn .kicker')?.textContent !== before, kicker);
    } else {
      await anyMove(page);
    }
    await settled(page);
  }
  if (!(await end.count())) await screenshot(page, `deckbuilder-${level}-unfinished-phone`);
  assert.ok(await end.count(), `the game ended (after ${turns} of your turns)`);
  return { ending: await page.locator('.deckbuilder-end h1').textContent(), turns };
}

test('the deckbuilder alone to the end: the computer at Normal beats a player who plays a card at random each turn', async () => {
  const { page } = await quickPage(PHONE);
  const { ending } = await deckbuilderAgainstRandom(page, 'normal');
  // The computer wins; now and then a random player is stalemated into a draw, but never
  // does it lose.
  assert.match(ending, /Computer|draw/, ending);
  assert.doesNotMatch(ending, /you win/i, ending);
  await screenshot(page, 'deckbuilder-computer-over-phone');
  assert.deepEqual(page.problems, []);
});

test('the deckbuilder alone at Hard: it weighs its moves in slices (no task over 50 ms), says it is thinking with "Move now" beside, and wins', async () => {
  const { page } = await quickPage(PHONE, 200);
  await watchLongTasks(page);
  let offered = 0;
  const { ending } = await deckbuilderAgainstRandom(page, 'hard', async () => {
    // The game's part is loaded by the first of the computer's turns: its tasks count.
    if (!offered) await page.evaluate(() => { window.__long = []; });
    const hurry = page.locator('[data-action="hurry"]');
    if (await hurry.isVisible()) {
      assert.equal(await hurry.textContent(), 'Move now');
      offered++;
    }
  });
  assert.equal(await page.evaluate(() => localStorage.getItem('intrigue.game.computers')), 'person hard');
  assert.match(ending, /Computer|draw/, ending);
  assert.ok(offered > 0, '"Move now" offered while the computer played');
  const { decisions, thinking, other, at } = await thinkingTasks(page);
  if (at.length) console.log(`long tasks while it thought: ${at.join('; ')}`);
  if (process.env.DIAG_THROTTLE) console.log(`long tasks at other times: ${(await thinkingTasks(page)).apart.join('; ')}`);
  console.log(`The deckbuilder at Hard: ${decisions.length} decisions, the longest ${Math.max(...decisions).toFixed(0)} ms; the longest task while it thought ${thinking.toFixed(0)} ms, at other times ${other.toFixed(0)} ms`);
  assert.ok(thinking <= 50, `no task over 50 ms while the computer thought (the longest: ${thinking} ms)`);
  assert.deepEqual(page.problems, []);
});

test('Usurp alone: "Move now" has the computers play their turns quickly, until yours comes back', async () => {
  // The computer at a pace a person can follow: 1.2 s an action.
  const { page } = await quickPage(PHONE, 1200);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="usurp"] [data-action="play-alone"]').click();
  await page.locator('.play.usurp').waitFor();
  const hurry = page.locator('[data-action="hurry"]');
  // Your turn (the computer may play first: its turns go by at their pace).
  await page.locator('[data-action="draw"]').waitFor({ state: 'visible', timeout: 20_000 });
  await settled(page);
  assert.equal(await hurry.isVisible(), false, 'nothing to hurry on your turn');
  // Your turn (a town square taken, sitting out the round, or a card placed), then the
  // computers'.
  const take = page.locator('.town-square [data-action="take"]');
  if (await take.count()) {
    await take.first().click();
  } else {
    await page.getByRole('button', { name: 'Draw a card' }).click();
    await settled(page);
    await page.locator('.town-square [data-action="place"]').first().click();
  }
  await hurry.waitFor({ state: 'visible' });
  assert.equal(await hurry.textContent(), 'Move now');
  const clicked = await page.evaluate(() => performance.now());
  await hurry.click();
  // The computers' decisions from then on (each a "bot-decision" measure of the page's
  // timeline), until your turn comes back: paced they stand 1.2 s apart, hurried well under.
  await hurry.waitFor({ state: 'hidden', timeout: 20_000 });
  const decided = await page.evaluate((t) => performance.getEntriesByName('bot-decision').map((e) => e.startTime).filter((at) => at > t), clicked);
  assert.ok(decided.length >= 2, `the computers played on (${decided.length} decisions)`);
  const gaps = decided.slice(1).map((at, i) => at - decided[i]);
  assert.ok(Math.max(...gaps) < 600, `hurried decisions stand ${gaps.map(Math.round).join(', ')} ms apart`);
  assert.deepEqual(page.problems, []);
});
