// The pieces' pictures as the app ships them: each SVG here drawn by Chromium into a WebP of
// 160×160 under public/ (same folder name). A board paints a bitmap at once; an SVG picture
// is laid out and painted again for every element that shows it, which cost a move's frame
// several milliseconds on a slow phone. Run after changing a picture:
//   node art/raster.mjs
// and commit both. The SVGs are the sources; `cargo xtask tidy` checks each has its WebP.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = 160;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const folder of ['chess', 'pieces', 'espionage']) {
    mkdirSync(join(root, 'public', folder), { recursive: true });
    for (const file of readdirSync(join(here, folder)).filter((f) => f.endsWith('.svg')).sort()) {
      const svg = readFileSync(join(here, folder, file)).toString('base64');
      const url = await page.evaluate(async ([svg, size]) => {
        const image = new Image(size, size);
        image.src = `data:image/svg+xml;base64,${svg}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        canvas.getContext('2d').drawImage(image, 0, 0, size, size);
        return canvas.toDataURL('image/webp', 0.9);
      }, [svg, SIZE]);
      const webp = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
      const name = file.replace(/\.svg$/, '.webp');
      writeFileSync(join(root, 'public', folder, name), webp);
      console.log(`public/${folder}/${name}  ${webp.length} bytes`);
    }
  }
} finally {
  await browser.close();
}
