// Ctrl+C during an endless flood, alone (issue 16): Akira's page and the bare reference in the same Chromium,
// alternating, N times each (default 5); ms from the key to the last change of the screen's text.
//   node bench/terminal/ctrlc.mjs [N]   (needs a build and Debian chromium)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openTerminal, serveAkira } from './akiraPage.mjs';
import { startBareServer } from './bareServer.mjs';
import { ctrlC } from './scenario.mjs';

// AKIRA_ROOT: another checkout's build (e.g. the commit before a change; akiraPage.mjs).
const n = Number(process.argv[2] ?? 5);
const folder = mkdtempSync(join(tmpdir(), 'akira-ctrlc-ws-'));
writeFileSync(join(folder, 'README.md'), '# bench\n');
const { url, child } = await serveAkira(folder, { label: 'ctrlc', env: { HOME: mkdtempSync(join(tmpdir(), 'akira-ctrlc-home-')) } });
const bare = await startBareServer({ cwd: folder });
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
  const term = await openTerminal(page, url, 1000);
  const box = await term.boundingBox();
  const barePage = await (await browser.newContext({ viewport: { width: 1400, height: 860 } })).newPage();
  await barePage.goto(`${bare.url}?renderer=dom&w=${Math.floor(box.width)}&h=${Math.floor(box.height)}`);
  await barePage.locator('#t[data-ready="true"]').waitFor();
  await barePage.locator('#t').click();
  const akiraMs = [];
  const bareMs = [];
  for (let i = 0; i < n; i++) {
    akiraMs.push(await ctrlC(page, { rows: '[data-testid="terminal"] .xterm-rows' }));
    bareMs.push(await ctrlC(barePage, { rows: '#t .xterm-rows' }));
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(JSON.stringify({ akiraMs, bareMs, akiraMedian: med(akiraMs), bareMedian: med(bareMs) }));
} finally {
  await browser.close();
  await bare.close();
  child.kill('SIGTERM');
}
