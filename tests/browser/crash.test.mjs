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
  await page.goto(env.server.url);
  await appReady(page);
  assert.equal(await page.locator('#crash-screen').count(), 0);
  await page.evaluate(() => {
    try { window.intrigue.simulate_crash(); } catch (_) { /* the wasm trap after the panic */ }
  });
  const screen = page.locator('#crash-screen');
  await screen.waitFor();
  assert.equal(await screen.locator('h1').textContent(), 'Something went wrong');
  assert.match(await screen.locator('pre').textContent(), /simulated crash \(browser test\)/);
  await screenshot(page, 'crash-phone');
  await screen.getByRole('button', { name: 'Copy details' }).click();
  await screen.getByRole('button', { name: 'Copied' }).waitFor();
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /simulated crash/);
  await screen.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await appReady(page);
  assert.equal(await page.locator('#crash-screen').count(), 0);
  assert.equal(await page.locator('.game-card').count(), 5);
  // The panic is logged to the console on purpose; nothing else may be.
  assert.deepEqual(page.problems.filter((p) => !/simulated crash|unreachable/.test(p)), []);
  await context.close();
});
