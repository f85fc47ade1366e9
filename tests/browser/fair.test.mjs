// Espionage refereed by the two phones (issue 42): Ann's phone sets the terms and invites
// Bo's, marked as a game the phones referee; each phone holds only its own army, the board
// is drawn from both phones' random shares, every move goes over a real data channel, and
// a reload of either phone, then a new invitation, plays on from where it stood.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, answerQuestions, appReady, screenshot, settled, espionagePictures as pictures, quietMove, espionageSetUp as setUp, throttle, fairClock, printFairCost, modifiedPhone, PHONE } from './harness.mjs';

const env = useServerAndBrowser();

/** The host invites Bo's seat and the phone opens the invitation and answers it. */
async function link(host, phone) {
  const row = host.locator('.phone-seat[data-seat="1"]');
  await row.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  const invitation = await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  await phone.goto(`${env.server.url}#/link/${invitation}`);
  await appReady(phone);
  await phone.locator('.on-phone[data-fair="guest"][data-link="answered"]').waitFor({ timeout: 15_000 });
  await host.locator('#reply-1').fill(await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator('.phone-seat[data-seat="1"][data-state="connected"]').waitFor({ timeout: 15_000 });
  await phone.locator('.on-phone[data-link="connected"]').waitFor({ timeout: 15_000 });
}

test("Ann and Bo play Espionage refereed by their two phones: neither holds the other's army, and a reload plays on", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  for (const page of [host, phone]) answerQuestions(page);

  // The game card offers it; the terms: the names, and Ann plays South.
  await host.goto(env.server.url);
  await appReady(host);
  await host.locator('.game-card[data-game="espionage"] [data-action="fair"]').click();
  await host.locator('#fair-mine').fill('Ann');
  await host.locator('#fair-theirs').fill('Bo');
  await screenshot(host, 'fair-host-terms');
  await host.locator('[data-action="start"]').click();
  await host.locator('.play.fair [role="status"]', { hasText: "Waiting for Bo's phone" }).waitFor();

  await link(host, phone);
  await screenshot(phone, 'fair-phone-linked');
  // Both phones dealt the same board from both shares: the same volcanoes on each.
  await host.getByRole('button', { name: 'Shuffle all' }).waitFor({ timeout: 15_000 });
  await phone.locator('.espionage-turn[data-watching="set-up"]').waitFor({ timeout: 15_000 });
  await setUp(host);
  await phone.getByRole('button', { name: 'Shuffle all' }).waitFor({ timeout: 15_000 });
  await setUp(phone);

  // Ann's turn on her phone; Bo's says so.
  await host.locator('.espionage-turn[data-seat="0"] .board').waitFor({ timeout: 15_000 });
  const volcanoes = async (page) => page.locator('.board .sq.blocked').evaluateAll((els) => els.map((e) => e.dataset.square).sort().join(','));
  assert.equal(await volcanoes(host), await volcanoes(phone), 'one board on both phones');
  assert.ok((await volcanoes(host)).length > 0, 'the board has its volcanoes');
  await phone.locator('.espionage-turn[data-seat="1"] .next-up', { hasText: 'Ann is thinking' }).waitFor();
  // Both phones as cheap phones (4× CPU) for Ann's turn: what the protocol costs each.
  for (const page of [host, phone]) {
    await fairClock(page);
    await throttle(page, 4);
  }
  await quietMove(host);
  await quietMove(host);
  await settled(host);
  await host.getByRole('button', { name: 'Submit turn' }).click();

  // Bo's turn on his phone, from his own half of the game.
  await phone.locator('.espionage-turn[data-seat="1"] .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await settled(host);
  printFairCost('Espionage', 1, [await fairClock(host), await fairClock(phone)]);
  for (const page of [host, phone]) await throttle(page, 1);
  assert.equal(await pictures(phone, 's'), 0, "nothing of Ann's army on Bo's phone");
  assert.equal(await pictures(host, 'n'), 0, "nothing of Bo's army on Ann's phone");
  assert.ok(await pictures(phone, 'n') > 0 && await pictures(host, 's') > 0, 'each its own army, face up');
  await screenshot(phone, 'fair-phone-turn');
  // The rules open beside the game on both phones, at the page that says how this is played.
  for (const page of [host, phone]) {
    const rules = page.locator('a.rules-link', { hasText: 'Espionage rules' });
    assert.equal(await rules.getAttribute('target'), '_blank', 'the rules open without dropping the link');
  }
  // Nothing is taken back in a game the phones referee.
  assert.equal(await phone.getByRole('button', { name: 'Take back' }).count(), 0, 'no take-back offered');
  await quietMove(phone);

  // Ann's phone reloads: its half of the game is kept; it invites Bo's phone again, which
  // takes its own half up again from its storage, and the game goes on from Bo's move.
  // (From then on its clock is one the test can move on, below; it runs as time does until
  // then. Not before: the protocol's cost printed above is timed by the real clock.)
  await host.clock.install();
  await host.reload();
  await appReady(host);
  await host.locator('.espionage-turn[data-seat="0"]').waitFor({ timeout: 15_000 });
  await link(host, phone);
  await phone.locator('.espionage-turn[data-seat="1"] .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  await quietMove(phone);
  await settled(phone);
  await phone.getByRole('button', { name: 'Submit turn' }).click();
  await host.locator('.espionage-turn[data-seat="0"] .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  assert.equal(await pictures(host, 'n'), 0, "still nothing of Bo's army on Ann's phone");
  await screenshot(host, 'fair-host-after-reload');

  // What Ann's phone keeps holds no rank of Bo's: only its own half (checked natively,
  // byte for byte, by `fair_session_tests`); here, that it keeps one at all.
  const kept = await host.evaluate(() => localStorage.getItem('intrigue.fair.espionage.host'));
  assert.match(kept, /^[0-9a-f]+$/);
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);

  // Bo's phone is gone (closed, say, to stall) after Ann's first move. Her second move waits
  // for Bo's phone to say what its spies see; the wait is said, and after a minute Ann may
  // end the game.
  await quietMove(host);
  await settled(host);
  await phone.close();
  await quietMove(host);
  await settled(host);
  const waiting = host.locator('.waiting[data-waiting="1"]');
  await waiting.filter({ hasText: "Waiting for Bo's phone to answer" }).waitFor({ timeout: 15_000 });
  assert.equal(await host.locator('[data-action="not-answering"]').count(), 0, 'no end offered before the minute');
  await screenshot(host, 'fair-host-waiting');
  await host.clock.fastForward(61_000);
  await host.locator('[data-action="not-answering"]').click({ timeout: 15_000 });
  await host.locator('.broke', { hasText: "Bo's phone broke the rules: it did not answer. The game goes to Ann." }).waitFor();
  assert.equal(await waiting.count(), 0, 'the wait is over once the game is');
  assert.equal(await host.getByRole('button', { name: 'Submit turn' }).count(), 0, 'nothing more to play');
  assert.equal(await host.locator('.phone-seat').count(), 0, "no invitation of Bo's phone, nor its failed link, once the game is over");
  assert.equal(await host.locator('.broke').evaluate((e) => e.getBoundingClientRect().top < 200), true, 'the verdict heads the screen');
  await screenshot(host, 'fair-host-not-answering');
  // Reloaded, Ann's phone still names Bo: the clock's verdict is kept with the game.
  await host.reload();
  await appReady(host);
  await host.locator('.broke', { hasText: "Bo's phone broke the rules: it did not answer. The game goes to Ann." }).waitFor({ timeout: 15_000 });
  assert.equal(await host.getByRole('button', { name: 'Submit turn' }).count(), 0, 'still nothing to play after a reload');
  assert.equal(await host.locator('.waiting[data-waiting="1"]').count(), 0, 'and nobody is waited for');
  assert.equal(await host.locator('.phone-seat').count(), 0, 'nor invited');
  assert.deepEqual(host.problems, []);
});

test("a phone that shows its army changed at the end is named on the other phone, and loses the game it had won", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  // Bo's phone, modified: once `window.cheat` is set, the army it shows at the end (a
  // relay frame saying a reveal: `Relay`, `Say`, `Reveal`) has its last byte changed on the
  // way out — a piece's salt, as a phone would that opens a piece as something it was not.
  await modifiedPhone(phone, { starts: [1, 1, 8], min: 41, change: 'flip' });
  for (const page of [host, phone]) answerQuestions(page);
  await host.goto(`${env.server.url}#/fair/espionage`);
  await appReady(host);
  await host.locator('#fair-mine').fill('Ann');
  await host.locator('#fair-theirs').fill('Bo');
  await host.locator('[data-action="start"]').click();
  await link(host, phone);
  await host.getByRole('button', { name: 'Shuffle all' }).waitFor({ timeout: 15_000 });
  await setUp(host);
  await phone.getByRole('button', { name: 'Shuffle all' }).waitFor({ timeout: 15_000 });
  await setUp(phone);
  await host.locator('.espionage-turn[data-seat="0"] .board').waitFor({ timeout: 15_000 });

  // Ann resigns: the game is Bo's, once both armies are shown and checked. Bo's phone
  // changes a piece of his as it shows it; Ann's phone finds it out and names him, and the
  // game goes to her.
  await phone.evaluate(() => { window.cheat = true; });
  await host.getByRole('button', { name: 'Resign' }).click();
  const named = host.locator('.broke[data-broke="1"]');
  await named.waitFor({ timeout: 15_000 });
  assert.equal(await named.locator('p').textContent(), "Bo's phone broke the rules: it opened a piece as something it was not. The game goes to Ann.");
  assert.equal(await phone.evaluate(() => window.cheat), false, 'the army was changed on its way');
  // The board's end (Ann resigned) gives way to the verdict: the banner says who won.
  assert.equal(await host.locator('.banner.over').textContent(), 'Ann wins!');
  await screenshot(host, 'fair-espionage-named');
  // Kept so: after a reload, Ann's phone still names Bo.
  await host.reload();
  await appReady(host);
  await host.locator('.broke[data-broke="1"]', { hasText: 'The game goes to Ann.' }).waitFor({ timeout: 15_000 });
  assert.deepEqual(host.problems, []);
});
