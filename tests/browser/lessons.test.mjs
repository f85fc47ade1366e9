// The guided first games (issue 41, "Learn to play"): every game card that offers one is
// played to its end by following the lesson's own marks, in English and Spanish, on a
// phone and a laptop; a step whose mark is missing from the page fails the test. axe
// looks at every step. The steps, taps and words of each are counted, and the time a
// newcomer would take is printed and held under five minutes. Wrong moves are explained
// and not played; a lesson left is resumed at its step; the game saved on the device is
// left as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, axeViolations, screenshot, settled, englishWords, PHONE, LAPTOP,
} from './harness.mjs';

const env = useServerAndBrowser();

/** The computer's pace in these tests (ms): its replies still come one after another. */
const PACE = 150;

/** A newcomer's pace: reading the coach's words at 200 a minute, and three seconds to
 * find and make each tap; the computer's own pace (900 ms) for each of its actions. */
const WORDS_A_MINUTE = 200;
const SECONDS_A_TAP = 3;
const COMPUTER_SECONDS = 0.9;
const MOST_MINUTES = 5;

/** A page in `lang` at `viewport`, at the test's pace, on the home screen. */
async function home(viewport, lang) {
  const { context, page } = await openPage(env.browser, env.server.origin, viewport);
  await page.addInitScript(([ms, lang]) => {
    localStorage.setItem('intrigue.test.pace-ms', String(ms));
    localStorage.setItem('intrigue.lang', lang);
  }, [PACE, lang]);
  await page.goto(env.server.url);
  await appReady(page);
  return { context, page };
}

/** The games whose home card offers a guided first game. */
async function guidedGames(page) {
  return page.locator('.game-card:has([data-action="learn"])').evaluateAll((cards) => cards.map((c) => c.dataset.game));
}

/** The coach's state: its step, whether it is done, its marks (selectors, in order). */
async function coach(page) {
  return page.locator('.coach').evaluate((c) => ({
    step: c.dataset.step,
    done: c.dataset.done === 'true',
    marks: c.dataset.marks ? c.dataset.marks.split('|') : [],
    at: Number(c.dataset.at),
    // What there is to read: what happened, and what to do (not the coach's buttons).
    words: [...c.querySelectorAll('.coach-then, .coach-say')].map((e) => e.innerText).join(' ').split(/\s+/).filter(Boolean).length,
  }));
}

/** Wait until the coach moves on from `before` (a new step, its end, or a computer's
 * reply begun). */
async function movedOn(page, before) {
  await page.waitForFunction(([step, marks]) => {
    const c = document.querySelector('.coach');
    return c && (c.dataset.done === 'true' || c.dataset.step !== step || c.dataset.marks !== marks);
  }, [before.step, before.marks.join('|')], { timeout: 15000 });
  await settled(page);
}

/**
 * Play the lesson on screen to its end by tapping what each step marks, in order: each
 * mark must be on the page and marked (`data-guide`, its place in the order) and
 * described by the step's words for screen readers. Returns what it counted.
 */
async function followTheMarks(page, { axe = false, name }) {
  const counted = { steps: 0, taps: 0, replies: 0, words: 0 };
  for (let guard = 0; guard < 400; guard++) {
    const now = await coach(page);
    if (now.done) {
      counted.words += now.words;
      // Every action the person did not make was the computer's.
      counted.replies = now.at - counted.steps;
      return counted;
    }
    if (now.marks.length === 0) {
      // The computer's reply, on its way.
      await page.waitForTimeout(50);
      continue;
    }
    counted.steps += 1;
    counted.words += now.words;
    // The first mark in sight, not under the coach (it scrolls it into view within a
    // moment of the step): what the player sees before they tap, and what axe reads.
    await page.waitForFunction((selector) => {
      const mark = document.querySelector(`${selector}[data-guide="1"]`);
      if (!mark) return false;
      const r = mark.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (mark === hit || mark.contains(hit));
    }, now.marks[0], { timeout: 5000 }).catch(async () => {
      await screenshot(page, `${name}-step-${now.step}-mark-unseen`);
      throw new Error(`${name}: step ${now.step}'s first mark (${now.marks[0]}) is not in sight`);
    });
    if (axe) assert.deepEqual(await axeViolations(page), [], `${name}: axe at step ${now.step}`);
    if (counted.steps === 1) await screenshot(page, `${name}-step-1`);
    // Each mark in turn, found marked on the page (a mark may appear only after the tap
    // before it: the pieces beside the board once the King card is chosen), then tapped:
    // what is marked, as a hand may hold two Knight cards.
    for (const [i, selector] of now.marks.entries()) {
      const marked = page.locator(`${selector}[data-guide="${i + 1}"]`);
      await marked.waitFor({ timeout: 5000 }).catch(() => {
        throw new Error(`${name}: step ${now.step}'s mark ${i + 1} (${selector}) is not on the page`);
      });
      assert.match(await marked.getAttribute('aria-describedby'), /\bcoach-say\b/, `${name}: step ${now.step}: the mark is described by the step's words`);
      await marked.click();
      await settled(page);
      counted.taps += 1;
    }
    await movedOn(page, now);
  }
  throw new Error(`${name}: the lesson never ended`);
}

/** Minutes a newcomer would take over what was counted. */
function minutes({ taps, replies, words }) {
  return words / WORDS_A_MINUTE + (taps * SECONDS_A_TAP + replies * COMPUTER_SECONDS) / 60;
}

for (const [lang, viewport, where] of [['en', PHONE, 'phone'], ['es', PHONE, 'phone'], ['en', LAPTOP, 'laptop'], ['es', LAPTOP, 'laptop']]) {
  test(`every guided game is played to its end by following its marks (${lang}, ${where})`, async () => {
    const { context, page } = await home(viewport, lang);
    const games = await guidedGames(page);
    assert.ok(games.length >= 1, 'a game card offers "Learn to play"');
    const savedBefore = await page.evaluate(() => [localStorage.getItem('intrigue.game'), localStorage.getItem('intrigue.history')]);
    for (const game of games) {
      const name = `lesson-${game}-${lang}-${where}`;
      await page.goto(`${env.server.url}#/`);
      await appReady(page);
      const learn = page.locator(`.game-card[data-game="${game}"] [data-action="learn"]`);
      assert.equal(await learn.getAttribute('data-lesson'), 'new');
      assert.equal((await learn.textContent()).trim(), lang === 'es' ? 'Aprender a jugar' : 'Learn to play');
      await learn.click();
      await page.locator('.coach').waitFor();
      await settled(page);
      const kicker = (await page.locator('#coach-title').textContent()).trim();
      assert.match(kicker, lang === 'es' ? /^Aprende .+ · paso 1 de \d+$/ : /^Learn .+ · step 1 of \d+$/);
      if (lang === 'es') assert.deepEqual(await englishWords(page, ['Bo', 'Cy', 'Di']), [], `${name}: no English on a Spanish lesson`);
      const counted = await followTheMarks(page, { axe: where === 'phone', name });
      await screenshot(page, `${name}-end`);
      assert.match((await page.locator('#coach-title').textContent()).trim(), lang === 'es' ? /aprendido$/ : /learnt$/);
      if (where === 'phone') assert.deepEqual(await axeViolations(page), [], `${name}: axe at the end`);
      // The end offers a real game against the computer.
      const real = page.locator('.coach [data-action="real-game"]');
      assert.equal(await real.getAttribute('href'), `#/alone/${game}`);
      const took = minutes(counted);
      console.log(`${name}: ${counted.steps} steps, ${counted.taps} taps, ${counted.replies} computer replies, ${counted.words} words: about ${took.toFixed(1)} min at a newcomer's pace`);
      assert.ok(took <= MOST_MINUTES, `${name}: ${took.toFixed(1)} min, more than ${MOST_MINUTES}`);
      // The home card says it was learnt.
      await page.goto(`${env.server.url}#/`);
      await appReady(page);
      assert.equal(await page.locator(`.game-card[data-game="${game}"] [data-action="learn"]`).getAttribute('data-lesson'), 'finished');
    }
    // Nothing of the device's own game or history was touched.
    assert.deepEqual(await page.evaluate(() => [localStorage.getItem('intrigue.game'), localStorage.getItem('intrigue.history')]), savedBefore);
    assert.deepEqual(page.problems, []);
    await context.close();
  });
}

test('Carousel Chess lesson: a wrong move is explained and not played, a lesson left resumes at its step, and Start again begins it anew', async () => {
  const { context, page } = await home(PHONE, 'en');
  await page.locator('.game-card[data-game="carousel-chess"] [data-action="learn"]').click();
  await page.locator('.coach').waitFor();
  await settled(page);
  // The rules page's own "Learn to play" leads here too.
  // Step 1 wants e2–e4; d2–d4 is legal, and explained instead of played.
  await page.locator('.board .sq[data-square="d2"]').click();
  await page.locator('.board .sq[data-square="d4"]').click();
  await settled(page);
  const wrong = page.locator('.coach-wrong');
  await wrong.waitFor();
  assert.equal(await wrong.getAttribute('role'), 'alert');
  assert.match(await wrong.textContent(), /tap e2, then e4/);
  assert.equal(await page.locator('.piece[data-square="d2"]').count(), 1, 'the pawn is still on d2');
  assert.equal((await coach(page)).step, '1');
  await screenshot(page, 'lesson-carousel-wrong-phone');
  // The right move, and the computer's two replies: step 2.
  await page.locator('.board .sq[data-square="e2"]').click();
  await page.locator('.board .sq[data-square="e4"]').click();
  await page.waitForFunction(() => document.querySelector('.coach')?.dataset.step === '2' && document.querySelector('.coach').dataset.marks !== '');
  const said = await page.locator('.coach-then').innerText();
  assert.match(said, /You opened for White/);
  assert.match(said, /Bo moved next, for Black/);
  assert.match(said, /Cy moved for White/);
  // Left, then opened again from the home card: at step 2, the board as it was.
  await page.goto(`${env.server.url}#/`);
  await appReady(page);
  const learn = page.locator('.game-card[data-game="carousel-chess"] [data-action="learn"]');
  assert.equal((await learn.textContent()).trim(), 'Resume the lesson at step 2');
  // The rules page offers the same.
  await page.goto(`${env.server.url}#/rules/carousel-chess`);
  await appReady(page);
  const fromRules = page.locator('.rules [data-action="learn"]');
  assert.equal((await fromRules.textContent()).trim(), 'Resume the lesson at step 2');
  await fromRules.click();
  await page.locator('.coach[data-step="2"]').waitFor();
  await settled(page);
  assert.equal(await page.locator('.piece[data-square="e4"]').count(), 1, 'the pawn on e4 again');
  assert.deepEqual((await coach(page)).marks, ['.board .sq[data-square="b8"]', '.board .sq[data-square="c6"]']);
  // Start again: step 1, the first position.
  await page.locator('.coach [data-action="restart"]').click();
  await page.locator('.coach[data-step="1"]').waitFor();
  await settled(page);
  assert.equal(await page.locator('.piece[data-square="e2"]').count(), 1, 'the pawn back on e2');
  assert.equal(await page.locator('.piece[data-square="e4"]').count(), 0);
  // No hint, no phones, no export in a lesson: the coach marks what to tap.
  assert.equal(await page.locator('[data-action="hint"]:visible').count(), 0);
  assert.equal(await page.locator('.play-on-phones').count(), 0);
  assert.deepEqual(page.problems, []);
  await context.close();
});
