import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';

// The desktop app, driven through Playwright's Electron support. It needs the Electron runtime,
// which build machines do not download (see README); there the spec is skipped with the reason.

const root = resolve(__dirname, '..');
// Finds the binary without `require('electron')`, which would start a download when it is missing.
const { findElectronBinary } = require(join(root, 'bin', 'electronBinary.cjs')) as {
  findElectronBinary(): { path: string | null; reason: string | null };
};
const electronBinary = findElectronBinary();

let app: ElectronApplication | undefined;
let dataDir = '';

test.afterEach(async () => {
  await app?.close();
  app = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the desktop app opens the folder it is given: title and file tree', async () => {
  if (!electronBinary.path) console.log(`desktop.spec: skipped: Electron binary not installed: ${electronBinary.reason}`);
  test.skip(!electronBinary.path, `Electron binary not installed: ${electronBinary.reason}`);

  const repo = makeFixtureRepo();
  dataDir = mkdtempSync(join(tmpdir(), 'akira-desktop-data-'));
  app = await electron.launch({
    executablePath: electronBinary.path!,
    args: [root, repo],
    env: { ...process.env, AKIRA_DATA_DIR: dataDir },
  });
  const page = await app.firstWindow();

  const windowTitle = () => app!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle());
  await expect.poll(windowTitle).toBe(`${basename(repo)} — Akira`);
  await expect(page.locator('[data-testid="tree-row"][data-path="README.md"]')).toBeVisible();
  await expect(page.locator('[data-testid="tree-row"][data-path="src"]')).toBeVisible();
  await expect(page.locator('[data-testid="tree-row"][data-path=".git"]')).toHaveCount(0);

  // The renderer sees only the bridge: no Node, and names outside the contract are refused.
  const probe = await page.evaluate(async () => ({
    hasRequire: typeof (globalThis as { require?: unknown }).require !== 'undefined',
    hasProcess: typeof (globalThis as { process?: unknown }).process !== 'undefined',
    bridge: Object.keys(window.akira ?? {}).sort(),
    unknown: await window.akira!.invoke('fs.readEverything', {}),
    described: await window.akira!.invoke('app.describe', {}),
  }));
  expect(probe.hasRequire).toBe(false);
  expect(probe.hasProcess).toBe(false);
  expect(probe.bridge).toEqual(['eventNames', 'invoke', 'subscribe']);
  expect(probe.unknown).toMatchObject({ error: { code: 'unknown_command' } });
  expect(probe.described).toMatchObject({ result: { face: 'desktop', workspace: { root: repo } } });

  // The window never navigates away from the app.
  const url = page.url();
  await page.evaluate(() => {
    location.href = 'file:///';
  });
  await expect.poll(() => page.url()).toBe(url);
});
