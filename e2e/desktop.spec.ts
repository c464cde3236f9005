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

/** Skips where no Electron binary is installed (printing why); otherwise starts the app on a fresh fixture repo. */
async function launchOnRepo(): Promise<{ desktop: ElectronApplication; repo: string }> {
  if (!electronBinary.path) console.log(`desktop.spec: skipped: Electron binary not installed: ${electronBinary.reason}`);
  test.skip(!electronBinary.path, `Electron binary not installed: ${electronBinary.reason}`);
  const repo = makeFixtureRepo();
  dataDir = mkdtempSync(join(tmpdir(), 'akira-desktop-data-'));
  app = await electron.launch({
    executablePath: electronBinary.path!,
    args: [root, repo],
    env: { ...process.env, AKIRA_DATA_DIR: dataDir },
  });
  return { desktop: app, repo };
}

const windowTitle = (electronApp: ElectronApplication) => electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle());

test('the desktop app opens the folder it is given: title and file tree', async () => {
  const { desktop, repo } = await launchOnRepo();
  const page = await desktop.firstWindow();

  await expect.poll(() => windowTitle(desktop)).toBe(`${basename(repo)} — Akira`);
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

test('the application menu: File → Open Folder… (Ctrl/⌘+O), Open Recent with the folder, Close Folder; the items work', async () => {
  const { desktop, repo } = await launchOnRepo();
  await desktop.firstWindow();
  await expect.poll(() => windowTitle(desktop)).toBe(`${basename(repo)} — Akira`);

  // The real menu Electron shows, read in the main process.
  const fileMenu = () =>
    desktop.evaluate(({ Menu }) =>
      Menu.getApplicationMenu()
        ?.items.find((item) => item.label === 'File')
        ?.submenu?.items.map((item) => ({
          label: item.label,
          accelerator: item.accelerator ?? null,
          enabled: item.enabled,
          submenu: item.submenu?.items.map((sub) => ({ label: sub.label, enabled: sub.enabled })) ?? null,
        })),
    );
  // The menu is rebuilt once the folder is open: it is then the recent folder and can be closed.
  await expect.poll(async () => (await fileMenu())?.find((i) => i.label === 'Close Folder')?.enabled).toBe(true);
  const items = (await fileMenu())!;
  expect(items.find((i) => i.label === 'Open Folder…')).toMatchObject({ accelerator: 'CmdOrCtrl+O', enabled: true });
  expect(items.find((i) => i.label === 'Open Recent')?.submenu).toEqual([{ label: repo, enabled: true }]);

  /** Clicks File → `label` (→ `sub`) in the main process, as a person choosing it does. */
  const choose = (label: string, sub?: string) =>
    desktop.evaluate(({ Menu }, [label, sub]) => {
      let item = Menu.getApplicationMenu()?.items.find((i) => i.label === 'File')?.submenu?.items.find((i) => i.label === label);
      if (sub) item = item?.submenu?.items.find((i) => i.label === sub);
      if (!item) throw new Error(`no File menu item ${label}${sub ? ` → ${sub}` : ''}`);
      item.click();
    }, [label, sub] as const);

  // Close Folder: back to the Welcome screen (title "Akira"), and the menu has nothing to close.
  await choose('Close Folder');
  await expect.poll(() => windowTitle(desktop)).toBe('Akira');
  await expect.poll(async () => (await fileMenu())?.find((i) => i.label === 'Close Folder')?.enabled).toBe(false);

  // Open Recent → the folder: open again.
  await choose('Open Recent', repo);
  await expect.poll(() => windowTitle(desktop)).toBe(`${basename(repo)} — Akira`);
  await expect.poll(async () => (await fileMenu())?.find((i) => i.label === 'Close Folder')?.enabled).toBe(true);
});
