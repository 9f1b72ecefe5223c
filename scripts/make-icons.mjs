// Renders the PNG app icons from the SVG sources in public/icons with Chromium (playwright-core),
// so the icons need no image library. Run after editing an SVG: `node scripts/make-icons.mjs`.
// The PNGs are committed; the build only copies them.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const DIR = 'public/icons';
const OUTPUTS = [
  // "any" icons keep the rounded corners transparent.
  { src: 'icon.svg', out: 'icon-192.png', size: 192, transparent: true },
  { src: 'icon.svg', out: 'icon-512.png', size: 512, transparent: true },
  // Maskable icons are full bleed with the artwork inside the 80% safe zone.
  { src: 'icon-maskable.svg', out: 'icon-maskable-192.png', size: 192, transparent: false },
  { src: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512, transparent: false },
  // iOS rounds the corners itself and shows transparency as black, so it gets the full-bleed art.
  { src: 'icon-maskable.svg', out: 'apple-touch-icon.png', size: 180, transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { src, out, size, transparent } of OUTPUTS) {
    const svg = readFileSync(`${DIR}/${src}`, 'utf8');
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(`${DIR}/${out}`, png);
    console.log(`${DIR}/${out} (${size}×${size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
