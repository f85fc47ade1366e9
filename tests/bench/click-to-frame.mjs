// Click-to-frame, as a player on a cheap phone feels it: with Chromium's CPU throttled 4×
// at 390×844, the time from the tap to the painted frame that shows what it did, for 40
// actions of each game played on screen (two deals of 20): moves of the board games (Espionage: its moves,
// the submits and curtains between them untimed; the deckbuilder: Pawn-card moves, the
// card chosen and the turns ended between them untimed) and Usurp's draws, places and
// takes. Printed by `cargo xtask ci`; a measurement, not a timed test (it fails only if an
// action cannot be played).
//
// It then plays each game alone against the computer and prints how long the computer's
// decisions take, and the longest task while it plays.
//
// The clock starts at the click event's timestamp (the finger lifted: a tap is pressed,
// held 60 ms and lifted, as a finger does). It stops once the frame that shows the change
// is drawn: the first animation frame after the change sets a timer of no delay, which
// runs once that frame's style, layout and paint are done. That frame's callback is asked
// for at the click, before the page's handlers, so the timer is set before the page's own
// for after its frame, and runs first.
// The time to that animation frame callback alone is printed beside it.
//
// Each timed tap is paired with a tap of the painted floor's probe just before it, and each
// game's row ends with the median of the differences: what the tap costs beyond the least
// frame that shows anything, without the machine's drift (BENCH_PAIRED=0 leaves it out).
//
// BENCH_GAMES=usurp,espionage measures only those games; BENCH_TRACE=1 also prints where
// the frames' time went (a performance trace of every timed tap; BENCH_TRACE_DETAIL=1: each
// event of it, and the function that forced a layout); BENCH_REDUCED=1 plays as a player
// who asks for less motion (no slides); BENCH_THROTTLE=1 runs unthrottled (a trace's marks
// then fall where the work is); BENCH_PROFILE=1 prints a sampling profile of the
// timed taps (self time by function, summed over them: Playwright's own work around each
// tap included; BENCH_PROFILE=total: with what each function called; BENCH_PROFILE_TOP=N
// lines).
import { serve, launch, openPage, appReady, settled, dealOnScreen, dealEspionageAtRandom, PHONE } from '../browser/harness.mjs';

const MOVES = 20;
// Each game is dealt and measured twice, the rounds one after the other over all the games
// (a round: the floor, then 20 taps of each game): 40 taps a game. A frame's time is mostly
// the wait for the next frame (0–16.7 ms, where the tap falls), so 20 taps' median moved
// ±2–3 ms from run to run; and a slow minute of the machine falls on every game alike.
const ROUNDS = 2;
// BENCH_THROTTLE=1 runs unthrottled: the marks of a trace then fall where the work is (a
// throttled page is paused in slices, which stalls a mark at random by a few ms).
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);

async function dealOnTable(page, url, game) {
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
  await settled(page);
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

/**
 * The clock's stop, added to the page: called in the animation frame that shows the
 * change, it sets a timer, which runs once that frame's style, layout and paint are
 * done; it resolves with the time from `start` to then, and (as `raf`) to the
 * animation frame callback itself.
 */
async function installClock(page) {
  await page.evaluate((marks) => {
    // Marks for a trace's window (BENCH_TRACE) only: a mark in the click's handler cost the
    // tap about 0.3 ms at 4× (the clock's listener took 0.4–0.8 ms with it, 0.1–0.5
    // without, means of 20 taps), which the floor's probe never paid.
    window.__ctfMark = marks ? (name) => performance.mark(name) : () => {};
    window.__painted = (start, resolve) => {
      const raf = performance.now() - start;
      // A timer of no delay, set here, in the first animation frame callback: it runs
      // once the frame's work is done, and before the timers the page sets in the same
      // frame for after it (see the app's `after_frame`), which run in the order they
      // were set. (A posted message, used before, was sometimes run after those timers,
      // which then counted as the frame's.)
      setTimeout(() => {
        const frame = performance.now() - start;
        // Where a trace's window ends (see `where`).
        window.__ctfMark('ctf-painted');
        resolve({ frame, raf });
      }, 0);
    };
    // The clock for the next tap, set before it: defined once here, so no tap's time
    // counts compiling the clock's own functions.
    window.__armClock = (until) => {
      window.__frame = new Promise((resolve) => {
        let start = null;
        let stopping = false;
        const banner = until.banner && document.querySelector(until.banner)?.textContent;
        // Watching only where the change shows: a watch over the whole page would make
        // every change of the page's a record, and the tap's time would count them. And
        // looking only there: a search of the whole page for the piece took a millisecond
        // of the frame at 4×, counted as the move's.
        const watched = until.square ? document.querySelector('.board') : document.querySelector(until.banner);
        const piece = `.piece[data-square="${until.square}"]`;
        const shown = until.square
          ? () => watched.querySelector(piece) !== null
          : () => document.querySelector(until.banner)?.textContent !== banner;
        // The frame that shows the change stops the clock. Asked for at the click, before
        // the page's own handlers run, so this clock's callback comes first in that frame
        // and its timer is the first one set in it: what the page sets for after its frame
        // (see the board's `Later`) is not counted as the frame. A change that is not shown
        // by then is watched for from then on (a watch set before the click would run in
        // the tap's own task, after the page's handlers, and count as the tap's: measured,
        // 0.06–0.07 ms a tap unthrottled, 0.7–1.0 ms at 4× in a trace, which the floor's probe
        // never paid).
        let watching = false;
        const stop = () => {
          if (stopping) return;
          if (!shown()) {
            if (!watching) {
              watching = true;
              // (A piece that moves keeps its element: its square is an attribute.)
              observer.observe(watched, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-square'] });
            }
            return;
          }
          stopping = true;
          observer.disconnect();
          window.__painted(start, resolve);
        };
        document.addEventListener('click', (event) => {
          start = event.timeStamp;
          window.__ctfMark('ctf-click');
          requestAnimationFrame(stop);
        }, { capture: true, once: true });
        // A change that comes later than the click's frame: the first frame after it.
        const observer = new MutationObserver(() => {
          if (!stopping && shown()) requestAnimationFrame(stop);
        });
      });
    };
  }, TRACE);
}

/** A move's tap on its destination square; the clock stops when a piece is there. */
async function measure(page, to) {
  return measureTap(page, page.locator(`.board .sq[data-square="${to}"]`), { square: to });
}

/**
 * The time from a tap on `target` to the painted frame that shows what it did: a piece on
 * `until.square`, or (`until.banner`) the banner saying something else than it said. And
 * (`over`) that time less the painted floor's, tapped on the same page just before it: the
 * machine this runs on drifts by 2–5 ms from one run to the next (the floors' own medians
 * moved from 6.2 to 9.5 ms between two runs an hour apart, and from 9.0 to 13.2 for the
 * painted one), and a difference taken a second apart leaves that drift out: what the
 * game's tap costs beyond the least frame that shows anything.
 */
async function measureTap(page, target, until) {
  if (process.env.BENCH_PAIRED === '0') return measureTapAlone(page, target, until);
  const [floor] = await probeFloor(page, true, 1);
  const time = await measureTapAlone(page, target, until);
  return { ...time, over: time.frame - floor.frame };
}

/** The same time, with no floor tapped before it. */
async function measureTapAlone(page, target, until) {
  await page.evaluate((until) => window.__armClock(until), until);
  if (process.env.BENCH_PROFILE) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await tap(page, target);
    const time = await arrival(page);
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas;
    const nameOf = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    // BENCH_PROFILE=total: the time in each function and what it called.
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples.forEach((id, i) => {
      if (process.env.BENCH_PROFILE !== 'total') {
        const name = nameOf(byId.get(id));
        selfTime.set(name, (selfTime.get(name) ?? 0) + dt[i] / 1000);
        return;
      }
      const seen = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const name = nameOf(byId.get(at));
        if (seen.has(name)) continue;
        seen.add(name);
        selfTime.set(name, (selfTime.get(name) ?? 0) + dt[i] / 1000);
      }
    });
    await cdp.detach();
    return time;
  }
  if (!TRACE) {
    await tap(page, target);
    return arrival(page);
  }
  await page.context().browser().startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack'] });
  await tap(page, target);
  const time = await arrival(page);
  where(JSON.parse((await page.context().browser().stopTracing()).toString()), time.frame);
  return time;
}

/** The measured frame, or an error when the tap showed nothing in 10 s. */
async function arrival(page) {
  return page.evaluate(() => Promise.race([
    window.__frame,
    new Promise((_, reject) => setTimeout(() => {
      // What was on screen, so a failed run says where it stopped.
      const head = document.querySelector('.play-head')?.textContent ?? '';
      reject(new Error(`the tap showed nothing in 10 s (${location.hash}; the head says "${head}")`));
    }, 10_000)),
  ]));
}

/**
 * Usurp's next action, timed: draw a card while a town square has room for it and fewer
 * than two cards, place a drawn card on the first square with room, else take the first
 * square that may be taken.
 */
async function usurpAction(page) {
  await settled(page);
  // A stray tap is not an action: the buttons take taps a moment after they change.
  await page.waitForFunction(() => !document.querySelector('.usurp .arming'));
  // The whole head: a take that ends a round may leave the banner's words as they were
  // ("Ann's turn" again) while the round's number changes above it.
  const until = { banner: '.play-head' };
  const place = page.locator('.town-square [data-action="place"]');
  if (await place.count()) return measureTap(page, place.first(), until);
  const draw = page.getByRole('button', { name: 'Draw a card' });
  const sizes = await page.locator('.town-square .cards').evaluateAll((els) => els.map((e) => e.querySelectorAll('.mini-card').length));
  if ((await draw.count()) && !(await draw.isDisabled()) && sizes.some((n) => n < 2)) return measureTap(page, draw, until);
  return measureTap(page, page.locator('.town-square [data-action="take"]').first(), until);
}

// BENCH_TRACE=1: where each measured frame's time goes, from a performance trace of each
// move: the renderer's main-thread work from the click to the painted frame, summed by kind
// over the moves (an event's time includes the events inside it).
const TRACE = process.env.BENCH_TRACE === '1';
const spent = new Map();
const selfTime = new Map();
function where(trace, frame) {
  const events = trace.traceEvents ?? trace;
  const click = events.find((e) => e.name === 'ctf-click');
  if (!click) return;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === click.pid);
  // The clock's own stop ends the window: the click's mark comes some milliseconds after the
  // time the clock starts from (the event's time stamp, when the finger lifted), so a window
  // of the measured length from the mark ran past the frame, into the work the page does
  // after it (counted as the frame's before).
  const end = events.find((e) => e.name === 'ctf-painted' && e.ts > click.ts)?.ts ?? click.ts + frame * 1000;
  // The page's script between the click and its frame's animation callbacks (the tap's
  // handlers and the effects they wake): the part of the time the tap's own code costs.
  const onMain = (e) => e.pid === click.pid && e.tid === main?.tid && e.ph === 'X';
  const frameAt = events.find((e) => onMain(e) && e.name === 'FireAnimationFrame' && e.ts >= click.ts)?.ts ?? end;
  const before = events.filter((e) => onMain(e) && e.name === 'FunctionCall' && e.ts >= click.ts && e.ts < frameAt);
  spent.set('(script before its frame)', (spent.get('(script before its frame)') ?? 0) + before.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0));
  if (process.env.BENCH_TRACE_DETAIL === 'all') {
    for (const e of events) if (e.pid === click.pid && String(e.cat).includes('user_timing') && e.ts >= click.ts && e.ts < end) console.log(((e.ts - click.ts) / 1000).toFixed(2), 'mark', e.name);
  }
  for (const e of events) {
    // Only what ran inside the window: the page's own work for after the frame starts as
    // the clock stops, and is not the frame's.
    if (e.pid !== click.pid || e.tid !== main?.tid || e.ph !== 'X' || e.ts < click.ts || e.ts + (e.dur ?? 0) > end) continue;
    spent.set(e.name, (spent.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    if (process.env.BENCH_TRACE_DETAIL === 'all' && e.ts < frameAt) {
      console.log(((e.ts - click.ts) / 1000).toFixed(2), e.name, ((e.dur ?? 0) / 1000).toFixed(2), JSON.stringify(e.args?.data ?? e.args).slice(0, 200));
    } else if (process.env.BENCH_TRACE_DETAIL && ['Paint', 'PaintImage', 'TimerFire', 'FunctionCall', 'Layout', 'UpdateLayoutTree', 'PrePaint', 'Layerize', 'Commit', 'UpdateLayer', 'FireAnimationFrame'].includes(e.name)) {
      console.log(((e.ts - click.ts) / 1000).toFixed(1), e.name, ((e.dur ?? 0) / 1000).toFixed(2), JSON.stringify(e.args?.data ?? e.args).slice(0, 300));
      // A layout forced by script says which function asked for it.
      const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      if (stack) console.log('    forced by', stack.slice(0, 6).map((f) => f.functionName || '(anon)').join(' < '));
    }
  }
  spent.set('(moves)', (spent.get('(moves)') ?? 0) + 1);
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
  // The mouse clicks where the box is on screen: a button below the fold (a town square's,
  // once the squares have grown) or under the sticky deck bar would not get the click.
  const hidden = await locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return !e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  if (hidden) {
    await locator.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await settled(page);
  }
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 60 });
}

/**
 * The floor under these figures: the same clock for a click whose handler changes one
 * attribute and nothing else (a probe the benchmark adds to the page). What a move costs
 * is its figure less this one; the rest is the browser's input and frame timing.
 * `painted`: the probe's click changes its words instead, on the page's own layer (placed
 * in the page, not fixed over it): the least a frame that shows a change costs here (its
 * style, layout, paint and the compositor's commit). `count` taps, the probe taken away
 * after them.
 */
async function probeFloor(page, painted = false, count = MOVES) {
  await page.evaluate((painted) => {
    const probe = document.createElement('div');
    probe.id = 'ctf-probe';
    probe.textContent = 'probe';
    const where = painted ? { position: 'absolute', top: `${window.scrollY + 300}px` } : { position: 'fixed', top: '0' };
    Object.assign(probe.style, { left: '0', width: '40px', height: '40px', zIndex: '99', background: '#fff', ...where });
    document.body.append(probe);
  }, painted);
  const times = [];
  for (let i = 0; i < count; i++) {
    const frame = page.evaluate(([painted, i]) => new Promise((resolve) => {
      const probe = document.getElementById('ctf-probe');
      probe.addEventListener('click', (event) => {
        if (painted) probe.textContent = String(i);
        else probe.dataset.clicked = String(event.timeStamp);
        requestAnimationFrame(() => window.__painted(event.timeStamp, resolve));
      }, { once: true });
    }), [painted, i]);
    await tap(page, page.locator('#ctf-probe'));
    times.push(await frame);
  }
  await page.evaluate(() => document.getElementById('ctf-probe').remove());
  return times;
}

/** A row of the table: the figures to the painted frame, and to its animation frame callback. */
function timed(title, times) {
  const paired = times.every((t) => t.over !== undefined) ? summary(times.map((t) => t.over)) : null;
  return { title, ...summary(times.map((t) => t.frame)), raf: summary(times.map((t) => t.raf)), paired };
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
  return { median, worst: sorted[sorted.length - 1] };
}

/** Each game's banner, and what it says when it is the person's turn ("You" alone). */
const BANNER = {
  espionage: ['.espionage-turn h1', '^Your turn'],
  'chess-deckbuilder': ['.deckbuilder-turn h1', '^Your turn'],
  'city-of-spies': ['.play-head h1', '^(Your (turn|capture)|Set up)'],
  'carousel-chess': ['.play-head h1', '^Your move'],
  usurp: ['.play-head h1', '^Your turn'],
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
  // A City of Spies and Carousel Chess alone open at the game itself (no hand-out).
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
async function computerTurns(browser, url, game, wanted, level = 'normal') {
  const { context, page } = await openPage(browser, new URL(url).origin, PHONE);
  await playAlone(page, url, game);
  if (level !== 'normal') {
    // The same game with the computer's seats at another level (as the New Deal form
    // saves them), taken up again.
    await page.evaluate((level) => {
      const seats = localStorage.getItem('intrigue.game.computers').split(' ');
      localStorage.setItem('intrigue.game.computers', seats.map((s) => (s === 'person' ? s : level)).join(' '));
    }, level);
    await page.reload();
    await appReady(page);
    await turnOf(page, game, true);
  }
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

/** Where `title`'s frames went (BENCH_TRACE), per tap; the sums then start again. */
function printWhere(title) {
  const moves = spent.get('(moves)') ?? 1;
  console.log(`Where the frames of ${title} went, per tap (main thread, ms, ${moves} taps):`);
  for (const [name, ms] of [...spent].filter(([n]) => n !== '(moves)').sort((a, b) => b[1] - a[1]).slice(0, 16)) {
    console.log(`  ${name.padEnd(28)} ${(ms / moves).toFixed(2)}`);
  }
  spent.clear();
}

// BENCH_GAMES=espionage,usurp measures those games alone (while working on them).
const only = process.env.BENCH_GAMES?.split(',');
const chosen = (games) => games.filter(([game]) => !only || only.includes(game));

const server = await serve();
const browser = await launch();
const taps = new Map();
const computer = [];
try {
  for (let round = 0; round < ROUNDS; round++) for (const [game, title] of chosen([['city-of-spies', 'A City of Spies'], ['carousel-chess', 'Carousel Chess'], ['espionage', 'Espionage'], ['chess-deckbuilder', 'Deckbuilder'], ['usurp', 'Usurp']])) {
    const { context, page } = await openPage(browser, server.origin, PHONE);
    if (game === 'espionage') {
      await dealEspionageAtRandom(page, server.url);
    } else if (game === 'chess-deckbuilder') {
      await dealDeckbuilder(page, server.url);
    } else if (game === 'usurp') {
      await dealOnScreen(page, server.url, 'usurp', 3);
    } else {
      await dealOnTable(page, server.url, game);
    }
    if (game === 'city-of-spies') {
      await page.getByRole('button', { name: 'Start round 1' }).click();
      await page.locator('.play.city[data-phase="turn"]').waitFor();
    }
    // BENCH_REDUCED=1: as for a player who asks for less motion (no slides).
    if (process.env.BENCH_REDUCED === '1') await page.emulateMedia({ reducedMotion: 'reduce' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await installClock(page);
    const floor = taps.get('Floor (a probe)') ?? [];
    if (floor.length < (round + 1) * MOVES) {
      taps.set('Floor (a probe)', [...floor, ...(await probeFloor(page))]);
      taps.set('Floor, painted', [...(taps.get('Floor, painted') ?? []), ...(await probeFloor(page, true))]);
    }
    const times = [];
    for (let i = 0; i < MOVES; i++) {
      if (game === 'usurp') {
        times.push(await usurpAction(page));
        continue;
      }
      if (game === 'chess-deckbuilder') await choosePawnCard(page);
      const { to } = await pickMove(page);
      times.push(await measure(page, to));
      if (game === 'espionage') await nextTurn(page);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (page.problems.length) throw new Error(`${title}: ${page.problems.join('; ')}`);
    taps.set(title, [...(taps.get(title) ?? []), ...times]);
    if (TRACE) printWhere(title);
    await context.close();
  }
  // BENCH_COMPUTER=0 leaves the computer's turns out (interleaved runs of the taps alone).
  const players = process.env.BENCH_COMPUTER === '0' ? [] : [['city-of-spies', 'A City of Spies'], ['carousel-chess', 'Carousel Chess'], ['espionage', 'Espionage'], ['usurp', 'Usurp'], ['chess-deckbuilder', 'Deckbuilder'], ['city-of-spies', 'A City of Spies at Hard', 'hard'], ['carousel-chess', 'Carousel Chess at Hard', 'hard'], ['usurp', 'Usurp at Hard', 'hard'], ['espionage', 'Espionage at Hard', 'hard', 16], ['chess-deckbuilder', 'Deckbuilder at Hard', 'hard', 16]];
  for (const [game, title, level, wanted = 6] of chosen(players)) {
    computer.push({ title, ...(await computerTurns(browser, server.url, game, wanted, level)) });
  }
} finally {
  await browser.close();
  await server.close();
}
const results = [...taps].map(([title, times]) => timed(title, times));
console.log(`Click-to-frame, ${ROUNDS * MOVES} taps each (${ROUNDS} rounds of ${MOVES}), CPU throttled ${THROTTLE}× at ${PHONE.width}×${PHONE.height} (target: median ≤ 16 ms, worst ≤ 50 ms, to the painted frame):`);
const floor = results[0].median;
for (const r of results) {
  const over = r === results[0] ? '' : `   (${(r.median - floor).toFixed(1)} ms over the floor)`;
  const paired = r.paired ? `   (over the painted floor tapped before each tap: median ${r.paired.median.toFixed(1)})` : '';
  console.log(`  ${r.title.padEnd(16)} median ${r.median.toFixed(1).padStart(6)} ms   worst ${r.worst.toFixed(1).padStart(6)} ms${over}   (to its animation frame: median ${r.raf.median.toFixed(1)}, worst ${r.raf.worst.toFixed(1)})${paired}`);
}
if (process.env.BENCH_PROFILE) {
  for (const [name, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 40))) console.log(`  ${ms.toFixed(1).padStart(7)} ${name}`);
}
console.log(`The computer at Normal and at Hard, alone against it, CPU throttled ${THROTTLE}× at ${PHONE.width}×${PHONE.height} (target: decision median ≤ 1000 ms, Hard's worst ≤ 2000 ms; no task of its turns over 50 ms):`);
for (const r of computer) {
  console.log(`  ${r.title.padEnd(16)} decision median ${r.median.toFixed(1).padStart(6)} ms   worst ${r.worst.toFixed(1).padStart(6)} ms   (${r.count} decisions)   longest task of its turns ${r.longest.toFixed(0)} ms   (of the whole game ${r.longestAny.toFixed(0)} ms)`);
}
