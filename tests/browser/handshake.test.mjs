// The connection codes of issue 22 against real browsers: two Chromium pages (as a host and
// a phone would) open a WebRTC data channel over loopback with nothing between them but the
// squeezed codes — the host's offer and the phone's answer, each shrunk to a QR-sized code
// by the core (`--example handshake`) and written back into a whole session description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { useServerAndBrowser, openPage, appReady, ROOT } from './harness.mjs';

const env = useServerAndBrowser();

function handshake(args, input) {
  return execFileSync('cargo', ['run', '--quiet', '-p', 'intrigue-core', '--example', 'handshake', '--', ...args], { cwd: ROOT, encoding: 'utf8', input });
}

/** In a page: a peer with one negotiated data channel; its description once gathered. */
async function peer(page, remote) {
  return page.evaluate(async (remote) => {
    const pc = new RTCPeerConnection();
    window.__pc = pc;
    window.__channel = pc.createDataChannel('intrigue', { negotiated: true, id: 0 });
    window.__received = new Promise((resolve) => { window.__channel.onmessage = (e) => resolve(e.data); });
    window.__open = new Promise((resolve) => { window.__channel.onopen = () => resolve(true); });
    if (remote) {
      await pc.setRemoteDescription({ type: 'offer', sdp: remote });
      await pc.setLocalDescription(await pc.createAnswer());
    } else {
      await pc.setLocalDescription(await pc.createOffer());
    }
    await new Promise((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    });
    return pc.localDescription.sdp;
  }, remote);
}

test('two browsers connect with nothing between them but the two short codes', async () => {
  const host = await (await env.browser.newContext()).newPage();
  const phone = await (await env.browser.newContext()).newPage();
  await host.goto('about:blank');
  await phone.goto('about:blank');

  const offer = await peer(host);
  const offerCode = handshake(['squeeze', 'offer'], offer).trim();
  assert.ok(offerCode.length <= 160, `the offer's code has ${offerCode.length} characters`);
  const answer = await peer(phone, handshake(['expand', offerCode]));
  const answerCode = handshake(['squeeze', 'answer'], answer).trim();
  assert.ok(answerCode.length <= 160, `the answer's code has ${answerCode.length} characters`);
  await host.evaluate((sdp) => window.__pc.setRemoteDescription({ type: 'answer', sdp }), handshake(['expand', answerCode]));

  const opened = (page) => page.evaluate(() => Promise.race([window.__open, new Promise((r) => setTimeout(() => r(false), 10_000))]));
  assert.equal(await opened(host), true, 'the host\'s channel opened');
  assert.equal(await opened(phone), true, 'the phone\'s channel opened');
  await phone.evaluate(() => window.__channel.send('hello from seat 1'));
  assert.equal(await host.evaluate(() => window.__received), 'hello from seat 1');
  await host.context().close();
  await phone.context().close();
});

test("the app's own direct link: two pages of the lab connect by their codes alone and say hello", async () => {
  const { page: host } = await openPage(env.browser, env.server.origin);
  const { page: phone } = await openPage(env.browser, env.server.origin);
  for (const page of [host, phone]) {
    await page.goto(`${env.server.url}#/lab`);
    await appReady(page);
  }
  const code = (page) => page.locator('.lab-link-code').textContent();
  await host.locator('[data-action="offer"]').click();
  await host.locator('.lab-link-state[data-state="waiting for the answer"]').waitFor({ timeout: 15_000 });
  const offer = await code(host);
  assert.ok(offer.length <= 160, `the offer's code has ${offer.length} characters`);
  await phone.getByLabel("The other page's code").fill(offer);
  await phone.locator('[data-action="answer"]').click();
  await phone.locator('.lab-link-state[data-state^="answered"]').waitFor({ timeout: 15_000 });
  await host.getByLabel("The other page's code").fill(await code(phone));
  await host.locator('[data-action="complete"]').click();
  for (const page of [host, phone]) await page.locator('.lab-link-state[data-state="connected"]').waitFor({ timeout: 15_000 });
  await phone.locator('[data-action="hello"]').click();
  await host.locator('.lab-link-heard li', { hasText: 'hello' }).waitFor();
  await host.locator('[data-action="hello"]').click();
  await phone.locator('.lab-link-heard li', { hasText: 'hello' }).waitFor();
  // A damaged code is said to be one, and nothing breaks.
  await phone.getByLabel("The other page's code").fill(offer.slice(0, -4));
  await phone.locator('[data-action="answer"]').click();
  await phone.locator('.lab-link-state', { hasText: 'cannot be read' }).waitFor();
  assert.deepEqual(host.problems, []);
  assert.deepEqual(phone.problems, []);
});
