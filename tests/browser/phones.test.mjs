// Play on phones (issue 22): the device that holds an Espionage game invites Bo's phone
// (a QR code of a link; its letters here), the phone opens the link and shows its answer,
// the host reads it, and a WebRTC data channel joins the two pages over loopback with no
// server. Then each player plays from their own screen: Ann on the host, Bo on the phone,
// from the views the host sends it. Neither page ever holds the other army's ranks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useServerAndBrowser, openPage, answerQuestions, nextQuestion, appReady, screenshot, settled, tap, launch, dealFromForm, openPlay, dealOnTable, atRound, hold, release, sameHand, playCards, buyDearest, espionagePictures as pictures, quietMove, espionageSetUp as setUp, SCREENSHOTS, PHONE, LAPTOP } from './harness.mjs';

const env = useServerAndBrowser();

test("Bo plays Espionage from his own phone: linked by the invitation and its answer, each move over a data channel, nothing of Ann's army on it", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  for (const page of [host, phone]) answerQuestions(page);
  // A message cut short on its way, once asked (the test's stand-in for a damaged one).
  await phone.addInitScript(() => {
    // The bytes of every message the phone receives, for the figure printed below.
    window.__received = [];
    const open = RTCPeerConnection.prototype.createDataChannel;
    RTCPeerConnection.prototype.createDataChannel = function (...args) {
      const channel = open.apply(this, args);
      channel.addEventListener('message', (e) => window.__received.push(e.data.byteLength));
      return channel;
    };
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
      if (window.__tamper && ArrayBuffer.isView(data)) {
        window.__tamper = false;
        return send.call(this, data.subarray(0, data.length - 1));
      }
      return send.call(this, data);
    };
  });
  await host.goto(`${env.server.url}#/deal/espionage`);
  await appReady(host);
  for (const [i, name] of ['Ann', 'Bo'].entries()) await host.locator('.names input').nth(i).fill(name);
  await host.getByRole('button', { name: 'Deal', exact: true }).click();
  await host.locator('.play.espionage .curtain').waitFor();

  // The host invites Bo's phone.
  const started = Date.now();
  const bo = host.locator('.phone-seat[data-seat="1"]');
  await bo.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  // Ann keeps this device: her seat cannot be sent away too.
  assert.equal(await host.locator('.phone-seat[data-seat="0"] [data-action="invite"]').isDisabled(), true);
  // With Bo on his phone, the host is Ann's: no curtain, her set-up at once.
  await host.getByRole('button', { name: 'Shuffle all' }).waitFor();
  assert.equal(await host.locator('.curtain').count(), 0, 'no curtain on a device one player holds');
  const invitation = await bo.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  const link = await bo.locator('.qr').getAttribute('data-link');
  assert.ok(link.endsWith(`#/link/${invitation}`), `the QR code opens the invitation: ${link}`);
  await screenshot(host, 'phones-host-invites');

  // The phone opens the link (as its camera would) and shows its answer.
  await phone.goto(`${env.server.url}#/link/${invitation}`);
  await appReady(phone);
  await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  const reply = await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain');
  assert.ok(reply.length <= 170, `the answer has ${reply.length} characters`);
  await screenshot(phone, 'phones-phone-answers');

  // A wrong answer is refused in words, and changes nothing.
  await host.locator('#reply-1').fill(`${reply.slice(0, -3)}AAA`);
  await host.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator('.phone-seat[data-seat="1"] .form-error').waitFor();
  assert.match(await host.locator('.phone-seat[data-seat="1"] .form-error').textContent(), /could not be read/);

  // The host reads the phone's code from a photo of its screen (the camera's frames are
  // read the same way).
  const photo = await phone.locator('.link-answer .qr').screenshot();
  await host.locator('.phone-seat[data-seat="1"] input[data-action="photo"]').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: photo });
  await host.locator('.phone-seat[data-seat="1"][data-state="connected"]').waitFor({ timeout: 15_000 });
  // Bo waits while Ann sets up.
  await phone.locator('.on-phone[data-link="connected"] .espionage-turn[data-watching="set-up"]').waitFor({ timeout: 15_000 });
  console.log(`# linked: ${Date.now() - started} ms from "invite" to Bo's phone showing the game (loopback, test clock)`);

  await setUp(host);
  await phone.getByRole('button', { name: 'Shuffle all' }).waitFor();
  await screenshot(phone, 'phones-phone-sets-up');
  await setUp(phone);

  // Ann's turn on the host; Bo's phone says so and waits.
  await host.locator('.espionage-turn[data-seat="0"] .board').waitFor();
  await phone.locator('.espionage-turn[data-seat="1"] .next-up.thinking', { hasText: 'Ann is thinking' }).waitFor();
  await quietMove(host);
  await quietMove(host);
  await settled(host);
  await host.getByRole('button', { name: 'Submit turn' }).click();

  // Bo's turn, on his phone, from the view it was sent.
  await phone.locator('.espionage-turn[data-seat="1"] .banner', { hasText: 'Your turn' }).waitFor();
  await phone.locator('.their-turn li').first().waitFor();
  assert.equal(await pictures(phone, 's'), 0, "no picture of Ann's pieces on Bo's phone");
  assert.ok(await pictures(phone, 'n') > 0, 'his own army, face up');
  // A move taken back from the phone: the host's referee takes it back.
  const [from, to] = await quietMove(phone);
  await phone.locator(`.board .piece[data-square="${to}"]`).waitFor();
  await phone.getByRole('button', { name: 'Take back' }).click();
  await phone.locator(`.board .piece[data-square="${from}"]`).waitFor();
  assert.equal(await phone.locator(`.board .piece[data-square="${to}"]`).count(), 0, 'the piece went back');
  const status = phone.locator('.espionage-turn .next-up');
  await phone.locator('.espionage-turn .next-up', { hasText: 'Move 1 of 2' }).waitFor();

  // A damaged message is refused by the host, said on the phone, and changes nothing.
  await phone.evaluate(() => { window.__tamper = true; });
  await quietMove(phone);
  await phone.locator('.espionage-turn .form-error', { hasText: 'could not read' }).waitFor();
  await settled(phone);
  assert.match(await status.textContent(), /Move 1 of 2/);
  await quietMove(phone);
  await phone.locator('.espionage-turn .next-up', { hasText: 'Move 2 of 2' }).waitFor();

  // Bo's browser is killed mid-turn: the host says so and invites his phone again; the
  // phone comes back to the turn where it was.
  await phone.reload();
  await host.locator('.phone-seat[data-seat="1"][data-state="dropped"]').waitFor({ timeout: 15_000 });
  // The reloaded phone does not answer its old invitation again: it asks for a new one.
  await phone.locator('.on-phone[data-link="used"]').waitFor({ timeout: 15_000 });
  assert.equal(await phone.locator('.on-phone h1').textContent(), 'Ask for a new invitation');
  assert.equal(await phone.locator('.link-code').count(), 0, 'no answer to the old invitation');
  const rejoined = Date.now();
  await bo.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  const again = await bo.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  assert.notEqual(again, invitation, 'a new invitation');
  // The camera opens the new link in a page of its own (not the old page's hash changed).
  await phone.goto('about:blank');
  await phone.goto(`${env.server.url}#/link/${again}`);
  await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  await host.locator('#reply-1').fill(await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await host.getByRole('button', { name: 'Link the phone' }).click();
  await phone.locator('.espionage-turn .next-up', { hasText: 'Move 2 of 2' }).waitFor({ timeout: 15_000 });
  console.log(`# rejoined: ${Date.now() - rejoined} ms from "invite again" to the phone back at its turn`);
  // A seat linked again is told on every screen of the game, with its time: the host's
  // and the phone's (whoever held the page linked saw Bo's army).
  const relinked = /^Bo's seat was linked to a page again at \d\d:\d\d: whoever holds that page sees what Bo sees\.$/;
  for (const page of [host, phone]) {
    await page.locator('.relinks li[data-seat="1"]').waitFor({ timeout: 10_000 });
    assert.match(await page.locator('.relinks li[data-seat="1"]').textContent(), relinked);
    assert.equal(await page.locator('.relinks li').count(), 1, 'one link again, said once');
  }
  await quietMove(phone);
  await settled(phone);
  await screenshot(phone, 'phones-phone-plays');
  await phone.getByRole('button', { name: 'Submit turn' }).click();

  const sizes = (await phone.evaluate(() => window.__received)).sort((a, b) => a - b);
  console.log(`# bytes per message to Bo's phone (an update after each action: his view, his legal moves, the news): median ${sizes[sizes.length >> 1]}, largest ${sizes.at(-1)}, ${sizes.length} messages since it came back`);

  // Ann's turn again, on the host, with Bo's turn told; nothing of Bo's army there.
  await host.locator('.espionage-turn[data-seat="0"] .banner', { hasText: 'Your turn' }).waitFor();
  await host.locator('.their-turn li').first().waitFor();
  assert.equal(await pictures(host, 'n'), 0, "no picture of Bo's pieces on Ann's screen");
  await screenshot(host, 'phones-host-plays');
  // The host saved every action, Bo's included: a reload finds the game at Ann's turn.
  await host.reload();
  await appReady(host);
  // Still Ann's device after the reload (no curtain), Bo's phone to be invited again.
  // Ann's second turn: "turn 2", as she counts her turns.
  await host.locator('.espionage-turn[data-seat="0"] .kicker', { hasText: 'turn 2' }).waitFor();
  assert.equal(await host.locator('.curtain').count(), 0);
  await host.locator('.phone-seat[data-seat="1"][data-state="dropped"]').waitFor();
  // The link went with the reload: the phone says so.
  await phone.locator('.on-phone[data-link="dropped"]').waitFor({ timeout: 15_000 });
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

/**
 * A camera's video of a picture (a PNG), as Chromium's fake camera plays it: one grey
 * frame of 640×480, the picture in its middle (YUV 4:2:0, the colour planes flat).
 */
async function cameraVideo(browser, png) {
  const page = await browser.newPage();
  const luma = await page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const [w, h] = [640, 480];
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    const side = h * 0.9;
    g.drawImage(image, (w - side) / 2, (h - side) / 2, side, side);
    const d = g.getImageData(0, 0, w, h).data;
    let out = '';
    for (let i = 0; i < w * h; i++) out += String.fromCharCode(Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]));
    return btoa(out);
  }, png.toString('base64'));
  await page.close();
  const y = Buffer.from(luma, 'base64');
  const chroma = Buffer.alloc(y.length / 4, 128);
  return Buffer.concat([Buffer.from('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\nFRAME\n'), y, chroma, chroma]);
}

test("the table's camera reads the phone's code: asked for with a reason, the frames read in the page, the camera stopped once read", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'intrigue-camera-'));
  const video = join(dir, 'code.y4m');
  writeFileSync(video, Buffer.alloc(0));
  const cameraBrowser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  try {
    const { page: host } = await openPage(cameraBrowser, env.server.origin, LAPTOP);
    const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
    await host.goto(`${env.server.url}#/deal/espionage`);
    await appReady(host);
    await host.getByRole('button', { name: 'Deal', exact: true }).click();
    const seat = host.locator('.phone-seat[data-seat="1"]');
    await seat.locator('[data-action="invite"]').click();
    await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
    const invitation = await seat.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
    await phone.goto(`${env.server.url}#/link/${invitation}`);
    await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
    writeFileSync(video, await cameraVideo(env.browser, await phone.locator('.link-answer .qr').screenshot()));
    assert.match(await seat.locator('.scan-code').textContent(), /nothing is recorded or sent/);
    await seat.locator('[data-action="scan"]').click();
    await host.locator('.phone-seat[data-seat="1"][data-state="connected"]').waitFor({ timeout: 20_000 });
    await phone.locator('.on-phone[data-link="connected"]').waitFor({ timeout: 15_000 });
    assert.equal(await host.locator('.scanner video').count(), 0, 'the camera is stopped once the code is read');
    await screenshot(host, 'phones-host-linked-laptop');
    for (const page of [host, phone]) assert.deepEqual(page.problems, []);
    await phone.context().close();
  } finally {
    await cameraBrowser.close();
  }
});

/** Link `seat`'s phone to the host by its invitation's letters and the phone's typed answer. */
async function linkByLetters(host, phone, seat) {
  const row = host.locator(`.phone-seat[data-seat="${seat}"]`);
  await row.locator('[data-action="invite"]').click();
  await host.locator(`.phone-seat[data-seat="${seat}"][data-state="invited"]`).waitFor({ timeout: 15_000 });
  const invitation = await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain');
  await phone.goto(`${env.server.url}#/link/${invitation}`);
  await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  await host.locator(`#reply-${seat}`).fill(await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator(`.phone-seat[data-seat="${seat}"][data-state="connected"]`).waitFor({ timeout: 15_000 });
  await phone.locator('.on-phone[data-link="connected"]').waitFor({ timeout: 15_000 });
}

test('the Chess deckbuilder on two phones: Bo plays Black from his, his hand only there, his turn told on the host', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await host.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(host);
  for (const [i, name] of ['Ann', 'Bo'].entries()) await host.locator('.names input').nth(i).fill(name);
  await host.getByRole('button', { name: 'Deal', exact: true }).click();
  await host.locator('.play.deckbuilder .curtain').waitFor();
  await linkByLetters(host, phone, 1);

  // Four rounds of turns: Ann's on the host, no curtain, Bo watching on his phone; then
  // Bo's on his phone, his own hand, dealt on the host and sent to him alone. Every hand
  // shown is the seat's own, card by card, after every card played.
  for (let round = 1; round <= 4; round++) {
    await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
    assert.equal(await host.locator('.curtain').count(), 0);
    await phone.locator('.deckbuilder-turn .next-up', { hasText: 'Ann is thinking' }).waitFor();
    await sameHand(host, host, 0, `Ann's turn ${round}`);
    await playCards(host, host, 0, `Ann's turn ${round}`);
    const annBuys = host.getByRole('button', { name: 'Go to buying' });
    if (await annBuys.count() && !(await annBuys.isDisabled())) await annBuys.click();
    await settled(host);
    await buyDearest(host);
    await host.getByRole('button', { name: 'End turn' }).click();

    await phone.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
    await host.locator('.deckbuilder-turn .next-up', { hasText: 'Bo is thinking' }).waitFor();
    await sameHand(phone, host, 1, `Bo's turn ${round}, on his phone`);
    if (round === 1) await screenshot(phone, 'phones-deckbuilder-phone');
    await playCards(phone, host, 1, `Bo's turn ${round}, on his phone`);
    const buying = phone.getByRole('button', { name: 'Go to buying' });
    if (await buying.count() && !(await buying.isDisabled())) await buying.click();
    await settled(phone);
    await buyDearest(phone);
    await phone.getByRole('button', { name: 'End turn' }).click();
    await host.locator('.deckbuilder-turn .next-up', { hasText: 'Bo is thinking' }).waitFor({ state: 'detached' });
  }
  await host.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor();
  await phone.locator('.deckbuilder-turn .next-up', { hasText: 'Ann is thinking' }).waitFor();
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

test("Usurp with Bo and Cy on their phones (three pages): the table's device shows the town squares to all, each phone plays its own turns only", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, LAPTOP);
  const { page: bo } = await openPage(env.browser, env.server.origin, PHONE);
  const { page: cy } = await openPage(env.browser, env.server.origin, PHONE);
  await host.goto(`${env.server.url}#/deal/usurp`);
  await appReady(host);
  const value = host.locator('.stepper-value');
  while (Number(await value.textContent()) < 3) await host.getByLabel('One player more').click();
  while (Number(await value.textContent()) > 3) await host.getByLabel('One player fewer').click();
  for (const [i, name] of ['Ann', 'Bo', 'Cy'].entries()) await host.locator('.names input').nth(i).fill(name);
  await host.getByRole('button', { name: 'Deal', exact: true }).click();
  await host.locator('.play.usurp').waitFor();
  const started = Date.now();
  await linkByLetters(host, bo, 1);
  await linkByLetters(host, cy, 2);
  console.log(`# two phones joined ${Date.now() - started} ms after the first invitation (loopback; the test types each code at once)`);
  // Every seat may go to a phone: this device shows the table.
  assert.equal(await host.locator('.phone-seat[data-seat="0"] [data-action="invite"]').isDisabled(), false);

  const phones = { Bo: bo, Cy: cy };
  const armed = (page) => page.waitForFunction(() => !document.querySelector('.usurp .arming'));
  const banner = (page) => page.locator('.play-head .banner').textContent();
  const played = { Ann: 0, Bo: 0, Cy: 0 };
  for (let turn = 0; turn < 4; turn++) {
    await settled(host);
    const name = (await banner(host)).split("'")[0];
    const mine = phones[name];
    // Every phone but the mover's shows the turn, with nothing to tap.
    for (const [other, page] of Object.entries(phones)) {
      if (other === name) continue;
      await page.locator('.deck-bar .thinking', { hasText: `${name} is playing their turn` }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Draw a card' }).count(), 0, `no draw on ${other}'s phone in ${name}'s turn`);
    }
    if (mine) {
      // The table's device waits for the mover's phone.
      await mine.locator('.play-head .banner', { hasText: 'Your turn' }).waitFor();
      await host.locator('.deck-bar .thinking', { hasText: `${name} plays on their phone` }).waitFor();
      assert.equal(await host.getByRole('button', { name: 'Draw a card' }).count(), 0, `no draw for ${name} on the table`);
      assert.equal(await host.locator('.town-square [data-action="take"]').count(), 0, `no take for ${name} on the table`);
    }
    const actor = mine ?? host;
    await armed(actor);
    await actor.getByRole('button', { name: 'Draw a card' }).click();
    await armed(actor);
    await actor.locator('.town-square [data-action="place"]').first().click();
    await host.locator('.story.just-now li', { hasText: `${name} placed` }).waitFor();
    if (mine && played[name] === 0) await screenshot(host, 'phones-usurp-table-waits');
    played[name] += 1;
    await host.waitForFunction((n) => document.querySelectorAll('.town-square .mini-card').length === n, turn + 1);
  }
  assert.ok(played.Bo >= 1 && played.Cy >= 1, `each phone played: ${JSON.stringify(played)}`);
  for (const page of [bo, cy]) assert.equal(await page.locator('.town-square .mini-card').count(), 4, 'every phone sees the four cards placed');
  await screenshot(bo, 'phones-usurp-phone');
  for (const page of [host, bo, cy]) assert.deepEqual(page.problems, []);
  for (const page of [host, bo, cy]) await page.context().close();
});

/**
 * A linked phone's own secrets: hidden until the player holds the pad, then its seat's
 * (`expected`: its team, and in A City of Spies its cards of the round), gone again when
 * the pad is let go; the table's page holds none.
 */
async function ownSecretsShown(host, phone, seat, expected) {
  await phone.locator('.phone-secrets .hold').waitFor();
  assert.equal(await phone.locator('.secrets').count(), 0, 'nothing secret in the page before the hold');
  await hold(phone);
  const secrets = phone.locator(`.hold-window .secrets[data-seat="${seat}"]`);
  assert.equal(await secrets.locator('.team-name').textContent(), expected.team);
  if (expected.life) {
    assert.equal(await secrets.locator('[data-role="life-piece"] .piece-name').textContent(), expected.life);
    assert.equal(await secrets.locator('[data-role="target-piece"] .piece-name').textContent(), expected.target);
  }
  // What the player sees while holding: the secrets over the pad.
  await phone.screenshot({ path: join(SCREENSHOTS, `phones-${expected.life ? 'city' : 'carousel'}-phone-secrets.png`) });
  await release(phone);
  assert.equal(await phone.locator('.secrets').count(), 0, 'nothing secret in the page once let go');
  assert.equal(await host.locator('.secrets, .phone-secrets').count(), 0, "the table's page shows no seat's secrets");
}

test('Carousel Chess with Bo on his phone: he moves from it on his turn (the table can still move for him), and only on his turn', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, LAPTOP);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(host, env.server.url, 'carousel-chess', 3, ['Ann', 'Bo', 'Cy']);
  await openPlay(host, env.server.url);
  await linkByLetters(host, phone, 1);
  // His team is on his phone, behind the pad, as his seat's code would show it.
  const deal = await dealOnTable(host);
  await ownSecretsShown(host, phone, 1, { team: deal.seats[1].team });
  const banner = (page) => page.locator('.play-head .banner').textContent();
  let bo = 0;
  for (let ply = 0; ply < 4; ply++) {
    await settled(host);
    const mover = (await banner(host)).split(' moves for ')[0];
    if (mover === 'Bo') {
      bo += 1;
      await phone.locator('.play-head .banner', { hasText: 'Your move for' }).waitFor();
      // The table may still move for Bo: its board offers his moves too.
      assert.ok((await host.locator('.board .sq.movable').count()) > 0, 'the table can move for Bo');
      await quietMove(phone);
    } else {
      await phone.locator('.play-head .banner', { hasText: `${mover} moves for` }).waitFor();
      await settled(phone);
      assert.equal(await phone.locator('.board .sq.movable').count(), 0, `nothing to move on Bo's phone in ${mover}'s turn`);
      await quietMove(host);
    }
    await host.locator('.moves li').nth(ply).waitFor();
    await phone.locator('.moves li').nth(ply).waitFor();
  }
  assert.ok(bo >= 1, 'Bo moved from his phone');
  await screenshot(phone, 'phones-carousel-phone');
  // A link that could not be logged is not made: with the host's storage full, Cy's phone
  // gets nothing of her seat, and the host says why.
  const { page: cy } = await openPage(env.browser, env.server.origin, PHONE);
  await host.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'intrigue.table.shown') throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  const row = host.locator('.phone-seat[data-seat="2"]');
  await row.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="2"][data-state="invited"]').waitFor({ timeout: 15_000 });
  await cy.goto(`${env.server.url}#/link/${await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain')}`);
  await cy.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  await host.locator('#reply-2').fill(await cy.locator('.link-code[data-code="reply"]').getAttribute('data-plain'));
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator('.phone-seat[data-seat="2"][data-state="failed"]').waitFor({ timeout: 15_000 });
  assert.match(await row.locator('.form-error').innerText(), /storage/i);
  await cy.waitForTimeout(500);
  assert.equal(await cy.locator('.play, .secrets, .phone-secrets').count(), 0, "nothing of Cy's seat reached her phone");
  await cy.context().close();
  // Bo's code was never shown by the hand-out: the link was the hand-out, and is not logged.
  await host.goto(`${env.server.url}#/table`);
  await host.locator('.table-seats, .seat-list').first().waitFor();
  assert.equal(await host.locator('.table-log').count(), 0, 'a first showing of his secrets is not logged');
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

test("a phone's winning move goes through the table's one door: the game's end reveals the table and logs it, as a tap there would", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, LAPTOP);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(host, env.server.url, 'carousel-chess', 3, ['Ann', 'Bo', 'Cy']);
  await openPlay(host, env.server.url);
  const deal = await dealOnTable(host);
  // Whoever moves first plays the fourth ply too (three players round the table): their
  // phone plays Fool's mate's first and last plies.
  const first = (await host.locator('.play-head .banner').textContent()).split(' moves for ')[0];
  const seat = deal.seats.findIndex((s) => s.name === first);
  await linkByLetters(host, phone, seat);
  const plies = [[phone, 'f2', 'f3'], [host, 'e7', 'e5'], [host, 'g2', 'g4'], [phone, 'd8', 'h4']];
  for (const [i, [page, from, to]] of plies.entries()) {
    if (page === phone) await phone.locator('.play-head .banner', { hasText: 'Your move for' }).waitFor();
    await settled(page);
    await tap(page, from);
    await tap(page, to);
    await host.locator('.moves li').nth(i).waitFor();
  }
  await host.locator('.banner', { hasText: 'Checkmate!' }).waitFor();
  await phone.locator('.banner', { hasText: 'Checkmate!' }).waitFor();
  // The table's save is revealed, and its log says when.
  await host.goto(`${env.server.url}#/table`);
  await host.locator('table.reveal').waitFor();
  assert.match(await host.locator('.table-log').innerText(), /Everyone's secrets were revealed, \d\d:\d\d/);
  assert.equal(await host.getByRole('button', { name: 'Game over: reveal everything' }).count(), 0);
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

test('A City of Spies with Bo on his phone: the table sets up, Bo moves from his phone on his turn and only then', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, LAPTOP);
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await dealFromForm(host, env.server.url, 'city-of-spies', 3, ['Ann', 'Bo', 'Cy']);
  // Bo's code is handed out on the table first: his secrets then going to a linked phone
  // as well is public, as a peek is.
  await host.goto(`${env.server.url}#/table/handout/2`);
  await host.locator('.handout[data-seat="1"]').waitFor();
  await openPlay(host, env.server.url);
  await host.locator('.play.city[data-phase="set-up"]').waitFor();
  await linkByLetters(host, phone, 1);
  // The set-up is the table's: the phone waits for it.
  await phone.locator('.play.city[data-phase="set-up"] .thinking', { hasText: 'The table sets up' }).waitFor();
  await host.getByRole('button', { name: 'Start round 1' }).click();
  await phone.locator('.play.city[data-phase="turn"]').waitFor();
  // His team and his cards of round 1 are on his phone, behind the pad.
  const dealt = atRound(await dealOnTable(host), 1)[1];
  await ownSecretsShown(host, phone, 1, dealt);
  const banner = (page) => page.locator('.play-head .banner').textContent();
  let bo = 0;
  for (let turn = 0; turn < 4; turn++) {
    await settled(host);
    await host.locator('.play.city[data-phase="turn"]').waitFor();
    const mover = (await banner(host)).split(':')[0];
    const saved = await host.evaluate(() => localStorage.getItem('intrigue.game'));
    if (mover === 'Bo') {
      bo += 1;
      await phone.locator('.play-head .banner', { hasText: 'Your turn' }).waitFor();
      await quietMove(phone);
    } else {
      await phone.locator('.play-head .banner', { hasText: `${mover}:` }).waitFor();
      await settled(phone);
      assert.equal(await phone.locator('.board .sq.movable').count(), 0, `nothing to move on Bo's phone in ${mover}'s turn`);
      await quietMove(host);
    }
    // The move is played and saved on the table's device (a mover may move twice in a
    // row, across a new cycle: the banner alone does not tell).
    await host.waitForFunction((was) => localStorage.getItem('intrigue.game') !== was, saved);
  }
  assert.ok(bo >= 1, 'Bo moved from his phone');
  await screenshot(phone, 'phones-city-phone');
  await host.goto(`${env.server.url}#/table`);
  assert.match(await host.locator('.table-log').innerText(), /A phone was linked to play Bo's seat \(it shows Bo's secrets\), \d\d:\d\d/);
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

const GROUPS_OF_FOUR = /^([0-9A-Z]{4}-)+[0-9A-Z]{1,4}$/;

test('a phone without a camera links by letters alone: the invitation typed into "Join with a code", its answer typed on the host, both in groups of four; a code typed where it does not belong is said for what it is', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  const { context: phoneContext, page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await host.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(host);
  for (const [i, name] of ['Ann', 'Bo'].entries()) await host.locator('.names input').nth(i).fill(name);
  await host.getByRole('button', { name: 'Deal', exact: true }).click();
  await host.locator('.play.deckbuilder .curtain').waitFor();
  const row = host.locator('.phone-seat[data-seat="1"]');
  await row.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  await row.locator('.link-letters summary').click();
  const shown = (await row.locator('.link-code[data-code="invitation"]').textContent()).trim();
  assert.match(shown, GROUPS_OF_FOUR, 'the invitation in groups of four');
  assert.equal(shown.replaceAll('-', ''), await row.locator('.link-code[data-code="invitation"]').getAttribute('data-plain'));
  assert.match(await row.locator('.link-letters').innerText(), /choose “Join with a code” and type these letters/);
  await row.locator('.link-code[data-code="invitation"]').scrollIntoViewIfNeeded();
  await screenshot(host, 'phones-invitation-letters-phone');

  // The invitation typed back into the host's own box: said to be the invitation.
  await host.locator('#reply-1').fill(shown);
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await row.locator('.form-error', { hasText: /^This is the invitation itself, not the phone's answer/ }).waitFor();

  // On the phone, "Join with a code", the invitation typed as it is shown.
  await phone.goto(`${env.server.url}#/`);
  await appReady(phone);
  await phone.getByRole('link', { name: 'Join with a code' }).click();
  await phone.locator('#seat-code').fill(shown.toLowerCase());
  await phone.getByRole('button', { name: 'Open' }).click();
  await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  const answer = (await phone.locator('.link-code[data-code="reply"]').textContent()).trim();
  assert.match(answer, GROUPS_OF_FOUR, 'the answer in groups of four');
  await screenshot(phone, 'phones-answer-letters-phone');

  // The answer typed into a phone's "Join with a code" (another tab): said to be an answer.
  const wrongPlace = await phoneContext.newPage();
  await wrongPlace.goto(`${env.server.url}#/join`);
  await appReady(wrongPlace);
  await wrongPlace.locator('#seat-code').fill(answer);
  await wrongPlace.getByRole('button', { name: 'Open' }).click();
  await wrongPlace.locator('.form-error', { hasText: /^This is a phone's answer to an invitation, not a code for this screen/ }).waitFor();
  await wrongPlace.close();

  // The answer typed on the host, dashes and all: linked, Bo's seat on his phone.
  await host.locator('#reply-1').fill(answer);
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator('.phone-seat[data-seat="1"][data-state="connected"]').waitFor({ timeout: 15_000 });
  await phone.locator('.on-phone[data-link="connected"] .deckbuilder-turn').waitFor({ timeout: 15_000 });

  // Ann ends her turn; then another tab of the host's device writes to its storage, and the
  // host's page is out of date: Bo's action is not played, and his phone is told why.
  await host.getByRole('button', { name: 'Go to buying' }).click();
  await host.getByRole('button', { name: 'End turn' }).click();
  await phone.locator('.deckbuilder-turn .banner', { hasText: 'Your turn' }).waitFor({ timeout: 15_000 });
  const second = await host.context().newPage();
  await second.goto(`${env.server.url}#/rules/usurp`);
  await second.evaluate(() => localStorage.setItem('intrigue.sound', 'off'));
  await host.locator('.stale').waitFor();
  await phone.getByRole('button', { name: 'Go to buying' }).click();
  await phone.locator('.form-error', { hasText: /^The game's device has an out-of-date page/ }).waitFor({ timeout: 10_000 });
  await settled(phone);
  assert.equal(await phone.getByRole('button', { name: 'Go to buying' }).count(), 1, 'nothing was played: still the action phase');
  await second.close();
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});

test('an invitation pasted whole (its link) into "Join with a code" opens it; an answer to an earlier invitation is told apart; a link not made in time says so and offers another', async () => {
  const { page: host } = await openPage(env.browser, env.server.origin, PHONE);
  await host.addInitScript(() => localStorage.setItem('intrigue.test.link-ms', '3000'));
  const { page: phone } = await openPage(env.browser, env.server.origin, PHONE);
  await host.goto(`${env.server.url}#/deal/chess-deckbuilder`);
  await appReady(host);
  await host.getByRole('button', { name: 'Deal', exact: true }).click();
  await host.locator('.play.deckbuilder .curtain').waitFor();
  const row = host.locator('.phone-seat[data-seat="1"]');
  await row.locator('[data-action="invite"]').click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  const link = await row.locator('.qr').getAttribute('data-link');
  await phone.goto(`${env.server.url}#/join`);
  await appReady(phone);
  await phone.locator('#seat-code').fill(link);
  await phone.getByRole('button', { name: 'Open' }).click();
  await phone.locator('.on-phone[data-link="answered"]').waitFor({ timeout: 15_000 });
  const old = await phone.locator('.link-code[data-code="reply"]').getAttribute('data-plain');

  // The phone's page is closed before its answer is typed: the answer reaches nobody, and
  // after a few seconds the host says so, with a new invitation offered.
  await phone.goto('about:blank');
  await host.locator('#reply-1').fill(old);
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await host.locator('.phone-seat[data-seat="1"][data-state="failed"]').waitFor({ timeout: 10_000 });
  assert.match(await row.locator('.form-error').textContent(), /did not link within 3 seconds of its answer/);
  await screenshot(host, 'phones-link-timed-out-phone');

  // Try again: a new invitation. The old answer typed again is an earlier invitation's.
  await row.getByRole('button', { name: 'Try again' }).click();
  await host.locator('.phone-seat[data-seat="1"][data-state="invited"]').waitFor({ timeout: 15_000 });
  await host.locator('#reply-1').fill(old);
  await row.getByRole('button', { name: 'Link the phone' }).click();
  await row.locator('.form-error', { hasText: /^That code answers an earlier invitation of this seat/ }).waitFor();
  assert.equal(await host.locator('.phone-seat[data-seat="1"]').getAttribute('data-state'), 'invited', 'still waiting for the right answer');
  for (const page of [host, phone]) assert.deepEqual(page.problems, []);
  for (const page of [host, phone]) await page.context().close();
});
