// Lighthouse's mobile performance figures for the home screen, served gzipped as GitHub
// Pages serves it, with Debian's Chromium: the median of three runs of the performance
// category (Lighthouse's own simulated mobile: a mid-range phone on a slow 4G network).
// Printed by `cargo xtask ci` beside the size budget; a measurement, not a test. Targets
// (issue 24): largest contentful paint ≤ 1.5 s, performance ≥ 98, layout shift 0.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { serve } from '../browser/harness.mjs';

const RUNS = 3;

const server = await serve(undefined, { gzip: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
  ],
});
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(server.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    runs.push({
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
    });
  }
} finally {
  await chrome.kill();
  await server.close();
}

const median = (key) => {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};
const all = (key, f) => runs.map((r) => f(r[key])).join(', ');
console.log(`Lighthouse, mobile, the home screen served gzipped (median of ${RUNS} runs; targets: largest paint ≤ 1.5 s, performance ≥ 98, layout shift 0):`);
console.log(`  performance ${median('score')}   (runs: ${all('score', String)})`);
console.log(`  first contentful paint ${(median('fcp') / 1000).toFixed(2)} s   largest contentful paint ${(median('lcp') / 1000).toFixed(2)} s   (runs: ${all('lcp', (v) => (v / 1000).toFixed(2))})`);
console.log(`  layout shift ${median('cls').toFixed(3)}   total blocking time ${median('tbt').toFixed(0)} ms`);
