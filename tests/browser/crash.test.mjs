// A Rust panic shows a readable crash screen with "Reload" and "Copy details".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useServerAndBrowser, openPage, appReady, screenshot, PHONE } from './harness.mjs';

const env = useServerAndBrowser();

test('a panic shows the crash screen; details can be copied and reload recovers', async () => {
  const { context, page } = await openPage(env.browser, env.server.origin, PHONE, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // The component lab's button panics on purpose (the app exports no way to crash it).
  await page.goto(`${env.server.url}#/lab`);
  await appReady(page);
  assert.equal(await page.locator('#crash-screen').count(), 0);
  assert.equal(await page.evaluate(() => typeof window.intrigue?.simulate_crash), 'undefined', 'no crash export');
  // The address after the '#' (a seat's code on a phone) must never reach the details: the
  // address is made a seat's link without leaving the lab (no hashchange is sent).
  const token = '0813100000000000003G6GBEDR144VR4B9QW7AT1ETGEK';
  await page.evaluate((t) => history.replaceState(null, '', `#/seat/${t}`), token);
  await page.getByRole('button', { name: 'Crash the app' }).click();
  const screen = page.locator('#crash-screen');
  await screen.waitFor();
  assert.equal(await screen.locator('h1').textContent(), 'Something went wrong');
  const details = await screen.locator('pre').textContent();
  assert.match(details, /simulated crash \(the component lab\)/);
  assert.ok(!details.includes(token) && !details.includes('#/seat'), `the crash screen shows the address after '#':\n${details}`);
  assert.match(details, new RegExp(`Page: ${env.server.url.replaceAll('/', '\\/')}\\n`));
  await screenshot(page, 'crash-phone');
  await screen.getByRole('button', { name: 'Copy details' }).click();
  await screen.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /simulated crash/);
  assert.ok(!copied.includes(token), 'the copied details hold the seat code');
  await screen.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await appReady(page);
  assert.equal(await page.locator('#crash-screen').count(), 0);
  // Back on the same address: the (deliberately damaged) seat link explains itself.
  await page.locator('.problem').waitFor();
  // The panic is logged to the console on purpose; nothing else may be.
  assert.deepEqual(page.problems.filter((p) => !/simulated crash|unreachable/.test(p)), []);
  await context.close();
});
