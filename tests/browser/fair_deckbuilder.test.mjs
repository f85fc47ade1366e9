// The Chess deckbuilder refereed by the two phones (issue 42): Ann's phone sets the terms
// and invites Bo's; each holds only its own deck, every card drawn is picked with a share
// from both, every action goes over a real data channel. Each hand on screen is its own
// phone's, card by card; a reload of either phone plays on; a phone modified to change its
// shares after sealing them is named on the other's screen; a resignation ends the game
// with both decks shown and checked; a phone whose shares never arrive is named after a
// minute (the host's clock moved on by the test) and told at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, answerQuestions, appReady, screenshot, settled, buyDearest, throttle, fairClock, printFairCost, modifiedPhone, PHONE } from './harness.mjs';

const env = useServerAndBrowser();

/** The host invites the other seat (`seat`) and the phone opens the invitation and answers it. */
async function link(host, phone, seat = 1) {
  const row = host.locator(`.phone-seat[data-seat="${seat}"]`);
  await row.locator('[data-action="invite"]').click();
  await host.locator(`.phone-seat[data-seat="${seat}"][data-state="invited"]`).waitFor({ timeout: 15_000 });
  const invitation = await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  await phone.goto(`${env.server.url}#/link/${invitation}`);
  await appReady(phone);
  await phone.locator('.on-phone[data-fair="guest"][data-link="answered"]').waitFor({ timeout: 15_000 });
  await host.locator(`#reply-${seat}`).fill(await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator(`.phone-seat[data-seat="${seat}"][data-state="connected"]`).waitFor({ timeout: 15_000 });
  await phone.locator('.on-phone[data-link="connected"]').waitFor({ timeout: 15_000 });
}

const hand = async (page) => (await page.locator('.hand .card .card-name').allTextContents()).sort();
const STARTING = ['Copper', 'Copper', 'Copper', 'Pawn', 'Pawn'];

/** Each card of `cards` is one of `deck` (as many times at most). */
function drawnFrom(cards, deck, what) {
  const left = [...deck];
  for (const card of cards) {
    const at = left.indexOf(card);
    assert.ok(at >= 0, `${what}: ${card} is not in the deck ${deck.join(', ')} (hand ${cards.join(', ')})`);
    left.splice(at, 1);
  }
}

/**
 * The seat to move on `page` plays its turn: the first playable card on its first piece's
 * first square, then buys the dearest card it can, and ends the turn. The card it bought
 * (its name, as the supply's button names it), if any.
 */
async function playTurn(page) {
  await page.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  const card = page.locator('.hand .card.playable').first();
  if (await card.count()) {
    await card.click();
    await settled(page);
    const from = page.locator('.board .sq.movable').first();
    if (await from.count()) {
      await from.click();
      await settled(page);
      const to = page.locator('.board .sq.dest').first();
      if (await to.count()) {
        await to.click();
        await settled(page);
      }
    }
  }
  const buying = page.getByRole('button', { name: 'Go to buying' });
  await buying.or(page.locator('[data-buy]').first()).first().waitFor({ timeout: 15_000 }).catch(() => {});
  if (await buying.count() && !(await buying.isDisabled())) await buying.click();
  await settled(page);
  const offers = await page.locator('[data-buy]').evaluateAll((els) => els.map((e) => [e.dataset.buy, e.textContent]));
  const cost = (text) => Number(text.split('·').at(-1));
  const bought = offers.length ? offers.reduce((a, b) => (cost(b[1]) > cost(a[1]) ? b : a))[0] : null;
  await buyDearest(page);
  await page.getByRole('button', { name: 'End turn' }).click();
  return bought;
}

test("Ann and Bo play the deckbuilder refereed by their two phones: each hand only on its own phone, a reload plays on, a changed share is named", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  // Bo's phone, modified: once `window.cheat` is set, its next share of a draw (a relay
  // frame saying a link: `Say`, then `Link`) has its last byte changed on the way out, as
  // a phone would that steers its draws after sealing its chain.
  await modifiedPhone(phone, { starts: [1, 3], min: 36, max: 40, change: 'flip' });
  for (const page of [host, phone]) answerQuestions(page);

  // The game card offers it; the terms: the names, and Ann plays White.
  await host.goto(env.server.url);
  await appReady(host);
  await host.locator('.game-card[data-game="chess-deckbuilder"] [data-action="fair"]').click();
  await host.locator('#fair-mine').fill('Ann');
  await host.locator('#fair-theirs').fill('Bo');
  await screenshot(host, 'fair-deckbuilder-terms');
  await host.locator('[data-action="start"]').click();
  await host.locator('.play.fair [role="status"]', { hasText: "Waiting for Bo's phone" }).waitFor();
  await link(host, phone);

  // Both phones are in: each shows its own first hand, the starting deck, and the other's
  // hand as a count; Ann (White) moves first.
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await phone.locator('.deckbuilder-turn .next-up', { hasText: 'Ann is thinking' }).waitFor({ timeout: 15_000 });
  // Each phone shows its own hand only, card by card: both first hands are the starting deck.
  assert.deepEqual(await hand(host), STARTING, "Ann's first hand is the starting deck");
  assert.deepEqual(await hand(phone), STARTING, "Bo's own first hand on his phone");
  await screenshot(host, 'fair-deckbuilder-host-turn');
  // The rules open beside the game without dropping the link; nothing is taken back.
  for (const page of [host, phone]) {
    assert.equal(await page.locator('a.rules-link', { hasText: 'Chess Deckbuilder rules' }).getAttribute('target'), '_blank');
  }
  assert.equal(await host.getByRole('button', { name: /Undo|Take back/ }).count(), 0, 'no take-back');

  // Both phones as cheap phones (4× CPU) for a round: what the protocol costs each a turn.
  for (const page of [host, phone]) {
    await fairClock(page);
    await throttle(page, 4);
  }
  const annBought = await playTurn(host);
  await phone.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await host.locator('.deckbuilder-turn .next-up', { hasText: 'Bo is thinking' }).waitFor({ timeout: 15_000 });
  assert.deepEqual(await hand(phone), STARTING, "Bo's first hand is the starting deck");
  await screenshot(phone, 'fair-deckbuilder-guest-turn');
  await playTurn(phone);
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await settled(host);
  printFairCost('the deckbuilder', 2, [await fairClock(host), await fairClock(phone)]);
  for (const page of [host, phone]) await throttle(page, 1);

  // Ann's second hand: five cards drawn, with both phones' shares, from her own deck: the
  // starting deck and the card she bought.
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  const annHand = await hand(host);
  assert.equal(annHand.length, 5, "Ann's second hand");
  drawnFrom(annHand, annBought ? [...STARTING, annBought] : STARTING, "Ann's second hand");

  // Ann's phone reloads: its half of the game is kept; it invites Bo's phone again, and the
  // game goes on from where it stood, her hand as it was.
  await host.reload();
  await appReady(host);
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  assert.deepEqual(await hand(host), annHand, 'the same hand after a reload');
  await link(host, phone);
  await playTurn(host);
  await phone.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);

  // Bo's phone is modified to change its share of a draw after sealing its chain (to steer
  // his draws). At the end of his turn his new hand is drawn: his share does not follow
  // his chain, and Ann's phone names him; the game goes to her. (His own, modified, app
  // says what it likes.)
  await phone.evaluate(() => { window.cheat = true; });
  await playTurn(phone);
  const verdict = "Bo's phone broke the rules: its share of a draw was not the one it had sealed at the start. The game goes to Ann.";
  await host.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
  await host.locator('.play.deckbuilder[data-over="true"]').waitFor();
  assert.equal(await host.getByRole('button', { name: 'End turn' }).count(), 0, 'nothing more to play');
  assert.equal(await phone.evaluate(() => window.cheat), false, 'the share was changed on its way');
  assert.equal(await host.locator('.phone-seat').count(), 0, 'no invitation once the game is over');
  await screenshot(host, 'fair-deckbuilder-named');
  await host.reload();
  await appReady(host);
  await host.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
  assert.deepEqual(host.problems, []);
});

test('a resignation ends a deckbuilder game on two phones: both decks are shown and checked, and both phones say who won', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  for (const page of [host, phone]) answerQuestions(page);
  await host.goto(`${env.server.url}#/fair/chess-deckbuilder`);
  await appReady(host);
  await host.locator('#fair-mine').fill('Ann');
  await host.locator('#fair-theirs').fill('Bo');
  // Ann plays Black this time: Bo, on the other phone, moves first.
  await host.getByLabel('Black').check();
  await host.locator('[data-action="start"]').click();
  await link(host, phone, 0);
  await playTurn(phone);
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await host.getByRole('button', { name: 'Resign' }).click();
  for (const page of [host, phone]) {
    await page.locator('.play.deckbuilder[data-over="true"] .banner.over', { hasText: 'Ann resigned: Bo wins!' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.broke').count(), 0, 'both decks checked: nobody broke the rules');
  }
  // Both phones showed their whole deck: the game is over on both, and each kept it so.
  await phone.reload();
  await appReady(phone);
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
});

test("a phone whose shares never arrive is named after a minute and told at once, saying it had answered", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  // Bo's phone, stalled: once `window.stall` is set, every share of a draw it sends is
  // kept back — a link that loses them, or an app modified to hold up a draw.
  await modifiedPhone(phone, { starts: [1, 3], min: 36, max: 40, flag: 'stall', change: 'drop' });
  for (const page of [host, phone]) answerQuestions(page);
  await host.clock.install();
  await host.goto(`${env.server.url}#/fair/chess-deckbuilder`);
  await appReady(host);
  await host.locator('#fair-mine').fill('Ann');
  await host.locator('#fair-theirs').fill('Bo');
  await host.locator('[data-action="start"]').click();
  await link(host, phone);

  // Ann ends her turn: her next hand waits on Bo's share, which his phone gives at once and
  // which never arrives. Ann's phone says the wait, and after a minute she may end the game.
  await phone.evaluate(() => { window.stall = true; });
  await playTurn(host);
  const waiting = host.locator('.waiting[data-waiting="1"]', { hasText: "Waiting for Bo's phone to answer" });
  await host.clock.fastForward(6_000);
  await waiting.waitFor({ timeout: 15_000 });
  assert.ok(await phone.evaluate(() => window.dropped) > 0, "Bo's phone gave its share, kept back");
  await host.clock.fastForward(61_000);
  await host.getByRole('button', { name: "End the game: Bo's phone does not answer" }).click({ timeout: 15_000 });
  const verdict = "Bo's phone broke the rules: it did not answer. The game goes to Ann.";
  // Both screens name Bo: his phone, still linked, is told at once, and says that it had
  // answered (the link lost its answer, or kept it back: no phone can tell which).
  for (const page of [host, phone]) {
    await page.locator('.broke[data-broke="1"]', { hasText: verdict }).waitFor({ timeout: 15_000 });
  }
  await phone.locator('.form-error', { hasText: "This phone had answered, but its answer never came back from Ann's phone" }).waitFor();
  for (const page of [host, phone]) assert.match(await page.locator('.banner.over').textContent(), /^(Ann wins!|You win!)$/);
  await screenshot(phone, 'fair-deckbuilder-told');
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
});
