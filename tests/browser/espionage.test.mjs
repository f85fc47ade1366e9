// Espionage on one device: two players set up at random and play through the privacy
// curtain until a combat; while the curtain is up the page holds no rank; each player sees
// "?" for the other's masked pieces, and after the curtain a summary of the other's turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, settled, tap, onScreen, PHONE,
} from './harness.mjs';

const env = useServerAndBrowser();

const RANKS = /Corporal|Lieutenant|Captain|Colonel|General|Spy|Minesweeper|Mine\b|Headquarters/;

/** Nothing of either army is in the page (the curtain is up). */
async function curtainHides(page, name) {
  await page.locator('.curtain h1', { hasText: `Pass the device to ${name}` }).waitFor();
  assert.equal(await page.locator('[data-piece], .board, .tray').count(), 0, 'no piece, board or tray under the curtain');
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), RANKS, 'no rank in the page');
  assert.doesNotMatch(await page.content(), RANKS, 'no rank in the DOM either');
}

async function lift(page, name) {
  await page.getByRole('button', { name: `I am ${name}: show my army` }).click();
  await settled(page);
}

/** The rank number of a square's name ("e10" → 10). */
const rank = (square) => Number(square.slice(1));

/**
 * One move for `seat` (0 South, 1 North): the most advanced piece that can move, an attack
 * if it has one, else forward, else anywhere. Returns whether it attacked.
 */
async function advance(page, seat) {
  const movable = await page.locator('.board .sq.movable').evaluateAll((els) => els.map((e) => e.dataset.square));
  const ahead = (sq) => (seat === 0 ? rank(sq) : -rank(sq));
  movable.sort((a, b) => ahead(b) - ahead(a));
  for (const from of movable) {
    await tap(page, from);
    const attacks = await page.locator('.board .sq.dest.capture').evaluateAll((els) => els.map((e) => e.dataset.square));
    const dests = await page.locator('.board .sq.dest').evaluateAll((els) => els.map((e) => e.dataset.square));
    const forward = dests.filter((d) => ahead(d) > ahead(from));
    const to = attacks[0] ?? forward[0] ?? (from === movable.at(-1) ? dests[0] : undefined);
    if (to) {
      await tap(page, to);
      return attacks.length > 0;
    }
    await tap(page, from); // let go, try the next piece
  }
  throw new Error('no piece could move');
}

test('two players set up, pass the device through the curtain and fight; nothing leaks', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(`${env.server.url}#/deal/espionage`);
  await appReady(page);
  for (const [i, name] of ['Ann', 'Bo'].entries()) await page.locator('.names input').nth(i).fill(name);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.locator('.play.espionage').waitFor();

  // Set-up, each behind the curtain.
  await curtainHides(page, 'Ann');
  await screenshot(page, 'espionage-curtain-phone');
  await lift(page, 'Ann');
  const ready = page.getByRole('button', { name: 'Ready' });
  assert.equal(await ready.isDisabled(), true, 'nothing placed yet');
  // The set-up's rows are framed: the 30 squares of three rows of a 10-wide board.
  assert.equal(await page.locator('.board .sq.zone').count(), 30);
  assert.equal(await page.locator('.board .sq.zone[data-square="a4"]').count(), 0);
  // A volcano is said to be a volcano, and drawn unlike the city's building.
  const volcano = page.locator('.board .sq.blocked').first();
  assert.match(await volcano.getAttribute('aria-label'), /^[a-j]\d+, volcano$/);
  assert.match(await volcano.evaluate((e) => getComputedStyle(e).backgroundImage), /radial-gradient/);
  // A piece chosen, then a square outside the rows: it stays chosen, and the board says why.
  const general = page.locator('.tray-piece[aria-label^="General"]');
  await general.click();
  await tap(page, 'e5');
  assert.equal(await page.locator('.board-told').textContent(), 'e5 is not a square for this piece: tap one of the marked squares.');
  assert.equal(await general.getAttribute('aria-selected'), 'true');
  await tap(page, 'f1');
  assert.equal(await page.locator('.piece[data-square="f1"]').getAttribute('data-piece'), 'Your General (5)');
  assert.equal(await page.locator('.board-told').textContent(), 'Placed on f1.');
  assert.equal(await page.locator('.tray-piece[aria-label^="General"]').getAttribute('aria-label'), 'General (5): 1 to place');
  // By hand: a tray piece onto a square of the zone.
  await page.locator('.tray-piece[aria-label^="Headquarters"]').click();
  await tap(page, 'e1');
  assert.equal(await page.locator('.piece[data-square="e1"]').getAttribute('data-piece'), 'Your Headquarters');
  assert.equal(await page.locator('.placed').textContent(), '2 of 30 placed');
  // Or dragged there, as a finger would.
  const mine = await page.locator('.tray-piece[aria-label^="Mine:"]').boundingBox();
  const d1 = await page.locator('.sq[data-square="d1"]').boundingBox();
  await page.mouse.move(mine.x + mine.width / 2, mine.y + mine.height / 2);
  await page.mouse.down();
  await page.mouse.move(mine.x + mine.width / 2 + 10, mine.y, { steps: 3 });
  await page.mouse.move(d1.x + d1.width / 2, d1.y + d1.height / 2, { steps: 8 });
  await page.mouse.up();
  await settled(page);
  assert.equal(await page.locator('.piece[data-square="d1"]').getAttribute('data-piece'), 'Your Mine');
  assert.equal(await page.locator('.placed').textContent(), '3 of 30 placed');
  assert.equal(await page.locator('.tray-piece[aria-label^="Mine:"]').getAttribute('aria-label'), 'Mine: 3 to place');
  // The rest at random: the two placed by hand stay where they are.
  await page.getByRole('button', { name: 'Fill the rest at random' }).click();
  await settled(page);
  assert.equal(await page.locator('.placed').textContent(), '30 of 30 placed');
  assert.equal(await page.locator('.tray').count(), 0, 'the tray is empty');
  assert.equal(await page.locator('.piece[data-square="e1"]').getAttribute('data-piece'), 'Your Headquarters');
  assert.equal(await page.locator('.piece[data-square="d1"]').getAttribute('data-piece'), 'Your Mine');
  assert.equal(await page.locator('.piece[data-square="f1"]').getAttribute('data-piece'), 'Your General (5)');
  // Every piece is named in the legend, and a tapped piece is named under the board.
  assert.deepEqual(await page.locator('.legend li').evaluateAll((els) => els.map((e) => e.dataset.kind)),
    ['Corporal', 'Lieutenant', 'Captain', 'Colonel', 'General', 'Spy', 'Minesweeper', 'Mine', 'Headquarters']);
  await tap(page, 'e1');
  assert.equal(await page.locator('.board-told').textContent(), 'e1: Your Headquarters');
  await tap(page, 'e1');
  await screenshot(page, 'espionage-setup-phone');
  assert.equal(await onScreen(ready), true, 'Ready is in view');
  // Saved on this device by name, for the next game.
  await page.locator('#set-up-name').fill('Fortress');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Load “Fortress”' }).waitFor();
  await ready.click();
  await curtainHides(page, 'Bo');
  await lift(page, 'Bo');
  // Bo sets up without seeing anything of Ann's army: not even the saved set-up she plays.
  assert.equal(await page.locator('.board .piece').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Load “Fortress”' }).count(), 0, "Ann's set-up in play is not offered to Bo");
  await page.getByRole('button', { name: 'Shuffle all' }).click();
  await settled(page);
  assert.equal(await page.locator('.placed').textContent(), '30 of 30 placed');
  // At random, the headquarters stands in the nearest row (North's is row 10), covered.
  const hq = await page.locator('.board .piece[data-piece="Your Headquarters"]').getAttribute('data-square');
  assert.match(hq, /^[a-j]10$/, `North's headquarters in its nearest row (${hq})`);
  assert.equal(await page.locator(`.board .piece[data-square="${hq[0]}9"]`).count(), 1, 'a piece stands in front of it');
  await page.getByRole('button', { name: 'Ready' }).click();

  // Play: Ann's turn. Her army shows its ranks; Bo's shows "?".
  await curtainHides(page, 'Ann');
  await lift(page, 'Ann');
  assert.equal(await page.locator('.board .piece.owner-0:not(.down)').count(), 30);
  const hidden = page.locator('.board .piece.down.owner-1');
  assert.equal(await hidden.count(), 30);
  assert.equal(await hidden.first().getAttribute('data-piece'), "Bo's hidden piece");
  assert.equal(await hidden.first().locator('.back').textContent(), '?');
  assert.equal(await page.locator('.board .piece.owner-1 img').count(), 0, 'no picture of a masked piece');
  // Ann's side is at the bottom.
  const a1 = await page.locator('.sq[data-square="a1"]').boundingBox();
  const a10 = await page.locator('.sq[data-square="a10"]').boundingBox();
  assert.ok(a1.y > a10.y);
  await screenshot(page, 'espionage-board-phone');

  // The header counts turns; the coordinates stand above the pieces.
  assert.equal(await page.locator('.espionage-turn .kicker').textContent(), 'Espionage · turn 1');
  // (The pieces' layer stands at 1 above the squares, the coordinates at 2 above it: a
  // square is no stacking context of its own, so its coordinate stands in the board's.)
  assert.equal(await page.locator('.sq[data-square="a1"] .coord.rank').evaluate((c) => getComputedStyle(c).zIndex), '2');
  assert.equal(await page.locator('.piece[data-square="a1"]').evaluate((p) => getComputedStyle(p.closest('.pieces')).zIndex), '1');
  assert.doesNotMatch(await page.locator('.sq[data-square="a1"]').evaluate((q) => getComputedStyle(q).contain), /paint|layout|strict|content/);
  // A move, taken back, made again; a reload keeps the staged move.
  const status = page.locator('[data-status="turn"]');
  assert.match(await status.textContent(), /^Move 1 of 2/);
  await advance(page, 0);
  assert.match(await status.textContent(), /^Move 2 of 2/);
  await page.getByRole('button', { name: 'Take back' }).click();
  await settled(page);
  assert.match(await status.textContent(), /^Move 1 of 2/);
  await advance(page, 0);
  await page.reload();
  await page.locator('.play.espionage').waitFor();
  await curtainHides(page, 'Ann');
  await lift(page, 'Ann');
  assert.match(await status.textContent(), /^Move 2 of 2/, 'the staged move survived the reload');
  assert.equal(await page.getByRole('button', { name: 'Submit turn' }).isDisabled(), true);
  await advance(page, 0);
  await page.getByRole('button', { name: 'Submit turn' }).click();

  // Turns until a combat; after each curtain the other player reads what happened.
  const names = ['Ann', 'Bo'];
  let seat = 1;
  let fought = false;
  for (let turn = 0; turn < 24 && !fought; turn++) {
    await curtainHides(page, names[seat]);
    await lift(page, names[seat]);
    const story = await page.locator('.story li').allInnerTexts();
    assert.ok(story.length >= 1, `${names[seat]} reads ${names[1 - seat]}'s turn`);
    assert.ok(await page.locator('.board .sq.last').count() >= 2, 'and sees it on the board');
    for (let move = 0; move < 2; move++) {
      if (await page.locator('[data-status="turn"]', { hasText: 'submit' }).count()) break;
      if (await advance(page, seat)) {
        fought = true;
        // Both pieces are now known to both players.
        assert.ok(await page.locator('.board .piece.shown').count() >= 1);
        break;
      }
    }
    // A second move when the turn needs one; it may itself be a combat that ends the game
    // (an army is set up at random, so a Headquarters can stand in the front row).
    const over = async () => (await page.locator('.play.espionage[data-over="true"]').count()) > 0;
    const submit = page.getByRole('button', { name: 'Submit turn' });
    if (!(await over()) && (await submit.isDisabled()) && (await advance(page, seat))) fought = true;
    if (await over()) break;
    await submit.click();
    await settled(page);
    if (await over()) break; // the next player could not move
    seat = 1 - seat;
  }
  assert.ok(fought, 'the armies met');
  if (!(await page.locator('.play.espionage[data-over="true"]').count())) {
    // The other player learns of the combat, with both ranks.
    await curtainHides(page, names[seat]);
    await lift(page, names[seat]);
    const story = (await page.locator('.story li').allInnerTexts()).join(' ');
    assert.match(story, new RegExp(`${names[1 - seat]}'s (${RANKS.source})[^ ]*( \\(\\d\\))? from [a-j]\\d+ attacked your (${RANKS.source})`));
    await screenshot(page, 'espionage-after-combat-phone');
    // Resign: the game ends and both armies are shown.
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.play.espionage[data-over="true"]').waitFor();
  }
  assert.match(await page.locator('.espionage-end .banner').textContent(), /wins!|draw/);
  assert.equal(await page.locator('.board .piece.down').count(), 0, 'at the end everything is shown');
  await page.getByRole('button', { name: 'Play again' }).waitFor();
  await screenshot(page, 'espionage-end-phone');
  assert.deepEqual(page.problems, []);
  await context.close();
});

/** South's whole turn: two moves (one when no other piece can move), then submitted. */
async function southTurn(page) {
  const submit = page.getByRole('button', { name: 'Submit turn' });
  await settled(page);
  await advance(page, 0);
  await settled(page);
  if (await submit.isDisabled()) await advance(page, 0);
  await settled(page);
  await submit.click();
}

test('alone against the computer: one tap to play, no curtain, its turns played and told; a reload and Play again keep it', async () => {
  const { page } = await openPage(env.browser, env.server.origin, PHONE);
  answerQuestions(page);
  await page.goto(env.server.url);
  await appReady(page);
  await page.locator('.game-card[data-game="espionage"] [data-action="play-alone"]').click();
  // Your army first; no curtain ever comes down.
  await page.getByRole('button', { name: 'Shuffle all' }).click();
  await page.getByRole('button', { name: 'Ready' }).click();
  // The computer sets up on its own, then it is your turn.
  const yourTurn = page.locator('.espionage-turn h1', { hasText: 'Your turn' });
  await yourTurn.waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('.curtain').count(), 0, 'no curtain against the computer');
  assert.equal(await page.evaluate(() => location.hash), '#/play', 'the deal address is replaced by the game');

  for (let turn = 0; turn < 2; turn++) {
    await southTurn(page);
    // Its turn, watched on your screen: "Thinking…", nothing of its army shown.
    await page.locator('.espionage-turn h1', { hasText: "Computer's turn" }).waitFor();
    await page.locator('.next-up.thinking', { hasText: 'Computer is thinking…' }).waitFor();
    if (turn === 0) await screenshot(page, 'espionage-alone-thinking-phone');
    assert.equal(await page.locator('.curtain').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Take back' }).isDisabled(), true, 'nothing to take back while it thinks');
    // Then your turn again, with its turn told.
    await yourTurn.waitFor({ timeout: 10_000 });
    const told = await page.locator('.their-turn').innerText();
    assert.match(told, /Computer's last turn/);
    assert.match(told, /Computer (moved|attacked)/);
  }
  await screenshot(page, 'espionage-alone-phone');

  // A reload mid-game keeps the computer: it still plays its seat.
  await page.reload();
  await appReady(page);
  await yourTurn.waitFor();
  assert.equal(await page.locator('.curtain').count(), 0, 'still no curtain after a reload');
  await southTurn(page);
  await page.locator('.next-up.thinking').waitFor();
  await yourTurn.waitFor({ timeout: 10_000 });

  // Resign: the game is over; Play again deals against the computer again. The one person
  // is "you", asked and told.
  answerQuestions(page, (question) => {
    if (question !== 'Resign this game?') page.problems.push(`asked: ${question}`);
    return true;
  });
  assert.equal(await page.locator('.espionage-turn .board').getAttribute('aria-label'), 'Espionage board, your side');
  await page.locator('[data-action="resign"]').click();
  await page.locator('.espionage-end').waitFor();
  assert.match(await page.locator('.espionage-end').innerText(), /You resigned: Computer wins!/);
  await page.locator('[data-action="play-again"]').click();
  await page.getByRole('button', { name: 'Shuffle all' }).click();
  await page.getByRole('button', { name: 'Ready' }).click();
  await yourTurn.waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('.curtain').count(), 0, 'Play again keeps the computer');
  assert.deepEqual(page.problems, []);
});
