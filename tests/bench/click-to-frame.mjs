// Click-to-frame, as a player on a cheap phone feels it: with Chromium's CPU throttled 4×
// at 390×844, the time from the click on a destination square to the frame that shows the
// moved piece, for 20 moves of each board game played on screen (Espionage: its moves, the
// submits and curtains between them untimed; the deckbuilder: Pawn-card moves, the card
// chosen and the turns ended between them untimed). Printed by `cargo xtask ci`; a
// measurement, not a timed test (it fails only if a move cannot be played).
//
// It then plays each game alone against the computer and prints how long the computer's
// decisions take, and the longest task while it plays.
//
// The clock starts at the click event's timestamp (the finger lifted: a tap is pressed,
// held 60 ms and lifted, as a finger does) and stops in the first animation frame after
// the piece is on its new square (a requestAnimationFrame callback runs just before that
// frame is painted).
import { serve, launch, openPage, appReady, settled, PHONE } from '../browser/harness.mjs';

const MOVES = 20;
const THROTTLE = 4;

async function dealOnScreen(page, url, game) {
  await page.goto(url);
  await appReady(page);
  await page.locator(`.game-card[data-game="${game}"]`).getByRole('link', { name: 'Play', exact: true }).click();
  await page.locator(`input[name=game][value="${game}"]`).check();
  const value = page.locator('.stepper-value');
  while (Number(await value.textContent()) > 3) await page.getByLabel('One player fewer').click();
  await page.getByLabel(/On this screen/).check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.handout[data-seat="0"]').waitFor();
  await page.goto(`${url}#/play`);
  await page.locator('.play').waitFor();
}

/** Espionage for two on this screen, both armies set up at random, the first turn's board shown. */
async function dealEspionage(page, url) {
  await page.goto(`${url}#/deal/espionage`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  for (let seat = 0; seat < 2; seat++) {
    await page.getByRole('button', { name: /show my army/ }).click();
    await page.getByRole('button', { name: 'Shuffle all' }).click();
    await page.getByRole('button', { name: 'Ready' }).click();
  }
  await page.getByRole('button', { name: /show my army/ }).click();
  await page.locator('.espionage-turn').waitFor();
}

/** Espionage: once both moves are made, submit the turn and lift the curtain (not timed). */
async function nextTurn(page) {
  await settled(page);
  const submit = page.getByRole('button', { name: 'Submit turn' });
  if (await submit.isDisabled()) return;
  await submit.click();
  await page.getByRole('button', { name: /show my army/ }).click();
  await page.locator('.espionage-turn').waitFor();
}

/** The Chess deckbuilder for two on this screen, Ann's hand shown. */
async function dealDeckbuilder(page, url) {
  await page.goto(`${url}#/deal/chess-deckbuilder`);
  await appReady(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.getByRole('button', { name: /show my hand/ }).click();
  await page.locator('.deckbuilder-turn').waitFor();
}

/** The deckbuilder: choose a Pawn card, ending turns (untimed) until a hand holds one. */
async function choosePawnCard(page) {
  const pawn = page.locator('.hand .card.playable', { has: page.locator('.card-name', { hasText: 'Pawn' }) });
  for (let turn = 0; turn < 20 && !(await pawn.count()); turn++) {
    const buying = page.getByRole('button', { name: 'Go to buying' });
    if (await buying.count()) await buying.click();
    await page.getByRole('button', { name: 'End turn' }).click();
    await page.getByRole('button', { name: /show my hand/ }).click();
    await page.locator('.deckbuilder-turn').waitFor();
  }
  await pawn.first().click();
}

/** A quiet move: a movable piece and an empty destination off the last ranks (no claim, no promotion). */
async function pickMove(page) {
  // The last move's frame is measured; what the board draws after it (which pieces can
  // move now) is waited for, untimed.
  await settled(page);
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  for (const from of movable) {
    await page.locator(`.board .sq[data-square="${from}"]`).click();
    const dests = await page.locator('.board .sq.dest:not(.capture)').evaluateAll((els) => els.map((e) => e.dataset.square));
    const to = dests.find((sq) => !sq.endsWith('1') && !sq.endsWith('8'));
    if (to) return { from, to };
    await page.locator(`.board .sq[data-square="${from}"]`).click();
  }
  throw new Error('no quiet move to measure');
}

async function measure(page, to) {
  await page.evaluate((square) => {
    window.__frame = new Promise((resolve) => {
      let start = null;
      document.addEventListener('click', (event) => { start = event.timeStamp; }, { capture: true, once: true });
      const arrived = () => document.querySelector(`.board .sq[data-square="${square}"] .piece`) !== null;
      const observer = new MutationObserver(() => {
        if (start !== null && arrived()) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  }, to);
  await tap(page, page.locator(`.board .sq[data-square="${to}"]`));
  return page.evaluate(() => window.__frame);
}

/**
 * A tap as a finger makes it: pressed, held a moment (60 ms), lifted, at the element's
 * centre (found first, untimed) — the input events alone. The clock starts at the click,
 * which is the lift: what the press does (the square's pressed look) happens while the
 * finger is still down, as it does for a player. (A locator's click would press and lift
 * in one instant, so the press's work was timed too, and Playwright's own checks ran in the
 * page while the clock ran.)
 */
async function tap(page, locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 60 });
}

/**
 * The floor under these figures: the same clock for a click whose handler changes one
 * attribute and nothing else (a probe the benchmark adds to the page). What a move costs
 * is its figure less this one; the rest is the browser's input and frame timing.
 */
async function probeFloor(page) {
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.id = 'ctf-probe';
    probe.textContent = 'probe';
    Object.assign(probe.style, { position: 'fixed', left: '0', top: '0', width: '40px', height: '40px', zIndex: '99' });
    document.body.append(probe);
  });
  const times = [];
  for (let i = 0; i < MOVES; i++) {
    const frame = page.evaluate(() => new Promise((resolve) => {
      const probe = document.getElementById('ctf-probe');
      probe.addEventListener('click', (event) => {
        probe.dataset.clicked = String(event.timeStamp);
        requestAnimationFrame(() => resolve(performance.now() - event.timeStamp));
      }, { once: true });
    }));
    await tap(page, page.locator('#ctf-probe'));
    times.push(await frame);
  }
  await page.evaluate(() => document.getElementById('ctf-probe').remove());
  return times;
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
  return { median, worst: sorted[sorted.length - 1] };
}

/** Each game's banner, and what it says when it is the person's turn ("Player" alone). */
const BANNER = {
  espionage: ['.espionage-turn h1', '^Your turn'],
  'chess-deckbuilder': ['.deckbuilder-turn h1', '^Your turn'],
  'city-of-spies': ['.play-head h1', '^(Player:|Set up)'],
  'carousel-chess': ['.play-head h1', '^Player moves'],
  usurp: ['.play-head h1', '^Player'],
};

/** Wait until the banner says it is (`yours`) or is not the person's turn. */
async function turnOf(page, game, yours) {
  await page.waitForFunction(([selector, pattern, yours]) => {
    const text = document.querySelector(selector)?.textContent ?? '';
    return text !== '' && new RegExp(pattern).test(text) === yours;
  }, [...BANNER[game], yours], { timeout: 60_000 });
}

/** Start `game` alone against the computer (Normal) from its home card: your turn shown. */
async function playAlone(page, url, game) {
  await page.goto(url);
  await appReady(page);
  await page.locator(`.game-card[data-game="${game}"] [data-action="play-alone"]`).click();
  if (game === 'espionage') {
    await page.getByRole('button', { name: 'Shuffle all' }).click();
    await page.getByRole('button', { name: 'Ready' }).click();
  }
  if (game === 'city-of-spies' || game === 'carousel-chess') {
    await page.getByRole('link', { name: 'Done' }).click();
  }
  await turnOf(page, game, true);
}

/** Your turn against the computer, untimed: one action of the person's (Espionage: a turn of two moves). */
async function yourMove(page, game) {
  await settled(page);
  if (game === 'espionage') {
    for (let m = 0; m < 2; m++) {
      const { to } = await pickMove(page);
      await page.locator(`.board .sq[data-square="${to}"]`).click();
      await settled(page);
      if (!(await page.getByRole('button', { name: 'Submit turn' }).isDisabled())) break;
    }
    await page.getByRole('button', { name: 'Submit turn' }).click();
  } else if (game === 'chess-deckbuilder') {
    const buying = page.getByRole('button', { name: 'Go to buying' });
    if (await buying.count() && !(await buying.isDisabled())) await buying.click();
    await settled(page);
    await page.getByRole('button', { name: 'End turn' }).click();
  } else if (game === 'usurp') {
    const draw = page.getByRole('button', { name: 'Draw a card' });
    if (await draw.count() && !(await draw.isDisabled())) {
      await draw.click();
      await page.locator('.town-square [data-action="place"]').first().click();
    } else {
      await page.locator('.town-square [data-action="take"]').first().click();
    }
  } else {
    for (const [name, exact] of [[/^Start round/, false], ['No claim', true], [/No move possible/, false]]) {
      const button = page.getByRole('button', { name, exact });
      if (await button.count()) return button.click();
    }
    const { to } = await pickMove(page);
    await page.locator(`.board .sq[data-square="${to}"]`).click();
  }
}

/**
 * The computer's decisions as a player on a cheap phone waits for them: each one's time
 * (the app's "bot-decision" measures), and the longest task of the page while it plays
 * (a long-task observer: a task over 50 ms freezes the page).
 */
async function computerTurns(browser, url, game, wanted) {
  const { context, page } = await openPage(browser, new URL(url).origin, PHONE);
  await playAlone(page, url, game);
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask' });
    performance.clearMeasures('bot-decision');
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // The person acts whenever it is their turn (after a set-up or a pass, twice running),
  // until the computer has made enough decisions.
  const yours = () => page.evaluate(([selector, pattern]) => new RegExp(pattern).test(document.querySelector(selector)?.textContent ?? ''), BANNER[game]);
  const decided = () => page.evaluate(() => performance.getEntriesByName('bot-decision').length);
  for (let i = 0; i < 100 && (await decided()) < wanted; i++) {
    if (await yours()) {
      await yourMove(page, game);
      await settled(page);
    } else {
      // The person's turn, or enough decisions (a City player knocked out watches the
      // computer play the rest of the round).
      await page.waitForFunction(([selector, pattern, wanted]) => new RegExp(pattern).test(document.querySelector(selector)?.textContent ?? '')
        || performance.getEntriesByName('bot-decision').length >= wanted, [...BANNER[game], wanted], { timeout: 60_000 });
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { measures, long } = await page.evaluate(() => ({
    measures: performance.getEntriesByName('bot-decision').map((e) => [e.startTime, e.duration]),
    long: window.__long,
  }));
  const decisions = measures.map(([, duration]) => duration);
  // The computer's own tasks: those its decisions ran in (deciding, then playing and
  // drawing its action); the person's own taps are timed by click-to-frame.
  const thinking = long.filter(([start, duration]) => measures.some(([at]) => at >= start && at <= start + duration));
  if (page.problems.length) throw new Error(`${game} alone: ${page.problems.join('; ')}`);
  await context.close();
  if (!decisions.length) throw new Error(`${game} alone: the computer made no decision`);
  return {
    ...summary(decisions),
    count: decisions.length,
    longest: Math.max(0, ...thinking.map(([, d]) => d)),
    longestAny: Math.max(0, ...long.map(([, d]) => d)),
  };
}

const server = await serve();
const browser = await launch();
const results = [];
const computer = [];
try {
  for (const [game, title] of [['city-of-spies', 'A City of Spies'], ['carousel-chess', 'Carousel Chess'], ['espionage', 'Espionage'], ['chess-deckbuilder', 'Deckbuilder']]) {
    const { context, page } = await openPage(browser, server.origin, PHONE);
    if (game === 'espionage') {
      await dealEspionage(page, server.url);
    } else if (game === 'chess-deckbuilder') {
      await dealDeckbuilder(page, server.url);
    } else {
      await dealOnScreen(page, server.url, game);
    }
    if (game === 'city-of-spies') {
      await page.getByRole('button', { name: 'Start round 1' }).click();
      await page.locator('.play.city[data-phase="turn"]').waitFor();
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (!results.length) results.push({ title: 'Floor (a probe)', ...summary(await probeFloor(page)) });
    const times = [];
    for (let i = 0; i < MOVES; i++) {
      if (game === 'chess-deckbuilder') await choosePawnCard(page);
      const { to } = await pickMove(page);
      times.push(await measure(page, to));
      if (game === 'espionage') await nextTurn(page);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (page.problems.length) throw new Error(`${title}: ${page.problems.join('; ')}`);
    results.push({ title, ...summary(times) });
    await context.close();
  }
  for (const [game, title] of [['city-of-spies', 'A City of Spies'], ['carousel-chess', 'Carousel Chess'], ['espionage', 'Espionage'], ['usurp', 'Usurp'], ['chess-deckbuilder', 'Deckbuilder']]) {
    computer.push({ title, ...(await computerTurns(browser, server.url, game, 6)) });
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`Click-to-frame, ${MOVES} moves each, CPU throttled ${THROTTLE}× at ${PHONE.width}×${PHONE.height} (target: median ≤ 16 ms):`);
const floor = results[0].median;
for (const r of results) {
  const over = r === results[0] ? '' : `   (${(r.median - floor).toFixed(1)} ms over the floor)`;
  console.log(`  ${r.title.padEnd(16)} median ${r.median.toFixed(1).padStart(6)} ms   worst ${r.worst.toFixed(1).padStart(6)} ms${over}`);
}
console.log(`The computer at Normal, alone against it, CPU throttled ${THROTTLE}× at ${PHONE.width}×${PHONE.height} (target: decision median ≤ 1000 ms; no task of its turns over 50 ms):`);
for (const r of computer) {
  console.log(`  ${r.title.padEnd(16)} decision median ${r.median.toFixed(1).padStart(6)} ms   worst ${r.worst.toFixed(1).padStart(6)} ms   (${r.count} decisions)   longest task of its turns ${r.longest.toFixed(0)} ms   (of the whole game ${r.longestAny.toFixed(0)} ms)`);
}
