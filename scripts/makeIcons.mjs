#!/usr/bin/env node
// Akira's icons from resources/icon.svg, without the network: Debian's chromium (as the e2e tests use it, through
// Playwright) draws the SVG at each size.
//
//   node scripts/makeIcons.mjs        (AKIRA_CHROMIUM=/path/to/chromium to use another browser)
//
// Writes resources/icons/icon-<16…512>.png (the desktop window's icon, packagers' sizes), resources/icon.ico
// (16–256, Windows) and the web favicons src/renderer/public/favicon.svg and favicon.ico (16, 32, 48), which the
// build copies next to index.html: `akira serve` answers /favicon.ico and the page links favicon.svg.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svgFile = join(root, 'resources', 'icon.svg');
const svg = readFileSync(svgFile, 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

/** An .ico holding PNG images (Windows Vista and later, every browser): a 6-byte header, 16 bytes per image, the PNGs. */
function icoOf(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({ executablePath: process.env.AKIRA_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const pngs = new Map();
  mkdirSync(join(root, 'resources', 'icons'), { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    const data = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    pngs.set(size, data);
    writeFileSync(join(root, 'resources', 'icons', `icon-${size}.png`), data);
  }
  const pick = (sizes) => sizes.map((size) => ({ size, data: pngs.get(size) }));
  writeFileSync(join(root, 'resources', 'icon.ico'), icoOf(pick([16, 24, 32, 48, 64, 128, 256])));
  const pub = join(root, 'src', 'renderer', 'public');
  mkdirSync(pub, { recursive: true });
  writeFileSync(join(pub, 'favicon.ico'), icoOf(pick([16, 32, 48])));
  copyFileSync(svgFile, join(pub, 'favicon.svg'));
  console.log(`icons: resources/icons/icon-{${SIZES.join(',')}}.png, resources/icon.ico, src/renderer/public/favicon.{ico,svg}`);
} finally {
  await browser.close();
}
