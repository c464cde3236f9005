// What the terminal benches that drive one page share (ctrlc.mjs, profile.mjs): `akira serve` on a folder with its
// URL, Debian's Chromium, and Akira's page with its first terminal focused.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

// AKIRA_ROOT: another checkout's build (e.g. the commit before a change), measured with these scripts.
export const root = process.env.AKIRA_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs `akira serve <folder> --port 0` (`nodeArgs` before the script, e.g. --cpu-prof; `env` over process.env and
 * a data folder of its own, `akira-<label>-data-…`) and answers once it printed its URL.
 */
export async function serveAkira(folder, { label, nodeArgs = [], env = {} }) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'bin/akira.cjs'), 'serve', folder, '--port', '0'], {
    env: { ...process.env, AKIRA_DATA_DIR: mkdtempSync(join(tmpdir(), `akira-${label}-data-`)), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((ok) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /at (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]);
    });
  });
  return { url, child };
}

export const launchChromium = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] });

/** Opens Akira at `url` in `page`, clicks its first terminal and lets the shell start for `settleMs`; answers the terminal. */
export async function openTerminal(page, url, settleMs) {
  await page.goto(url);
  const term = page.getByTestId('terminal').first();
  await term.click();
  await page.waitForTimeout(settleMs);
  return term;
}
