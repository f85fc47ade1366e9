// What the browser's own frame costs for one change to a board, whatever the app does
// around it: on Espionage's first turn (the fullest board, 390×844, CPU throttled 4×), one
// piece's spot is changed in each of several ways, with no handler, game or save in the
// way, and a performance trace of that frame sums the browser's main-thread work by kind
// (style, layout, pre-paint, paint, layerize, commit), averaged over N changes. Not run by CI: a
// measurement to read before chasing a board move's last milliseconds.
//
//   node tests/bench/frame-costs.mjs        (after `cargo xtask dist`; N=20 changes a kind)
//
// The kinds: `nothing` (an attribute of the page's body that no style reads: the frame's
// cost when nothing is drawn), `attribute` (an attribute of a piece that no style reads),
// `slide` (the spot placed on another square, as a move does: a transform, with the
// board's slide), `slide-lifted` (the same for a spot already on a layer of its own, as a
// tapped move's is), `jump-lifted` (the same without a slide, as for a player who asks for
// less motion), `left` (the spot moved by its `left` instead of its transform: laid out).
import { serve, launch, openPage, dealEspionageAtRandom, PHONE } from '../browser/harness.mjs';

const N = Number(process.env.N ?? 20);
const KINDS = ['nothing', 'attribute', 'slide', 'slide-lifted', 'jump-lifted', 'left'];

const server = await serve();
const browser = await launch();
try {
  const { context, page } = await openPage(browser, server.origin, PHONE);
  await dealEspionageAtRandom(page, server.url);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  console.log(`The browser's frame for one change to Espionage's board, ms at 4× (mean of ${N}):`);
  for (const kind of KINDS) {
    const sums = new Map();
    for (let i = 0; i < N; i++) {
      // The spot to change: one of the army shown, set up as the kind asks, settled.
      await page.evaluate((kind) => {
        const spots = [...document.querySelectorAll('.board .piece-spot')];
        const spot = spots[spots.length - 12];
        window.__spot = spot;
        window.__home ??= spot.style.transform;
        spot.classList.toggle('lifted', kind.endsWith('lifted'));
        spot.classList.toggle('still', kind.startsWith('jump') || kind === 'left');
      }, kind);
      await page.waitForTimeout(250);
      await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
      await page.evaluate(([kind, i]) => new Promise((resolve) => {
        const spot = window.__spot;
        performance.mark('frame-costs');
        if (kind === 'nothing') document.body.dataset.frameCosts = String(i);
        else if (kind === 'attribute') spot.firstElementChild.dataset.frameCosts = String(i);
        else if (kind === 'left') spot.style.left = i % 2 ? '0px' : '30px';
        else spot.style.transform = i % 2 ? window.__home : 'translate(0%, 0%)';
        // The frame's work is done when a timer set in its animation frame runs.
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }), [kind, i]);
      const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      const mark = events.find((e) => e.name === 'frame-costs');
      for (const e of events) {
        if (e.ph !== 'X' || e.pid !== mark.pid || e.ts < mark.ts) continue;
        if (['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'].includes(e.name)) {
          sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000 / N);
        }
      }
    }
    const total = [...sums.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${kind.padEnd(13)} ${total.toFixed(2).padStart(5)}   ${[...sums].map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
