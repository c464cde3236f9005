import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { initRepoWithCommit } from '../src/testing/gitCli';
import { writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// Folders in the browser face (issue 13): `akira serve <home>/projects/alpha` with HOME=<home>; the Open Folder
// dialog browses the home and the served folder only, opens a sibling in place (the tree and the title follow), says
// clearly why /etc cannot be opened; Close Folder shows the Welcome screen and its recent folders; the favicon.

let served: Served;
let home: string;
let projects: string;
let outside: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'akira-folders-home-')));
  projects = join(home, 'projects');
  writeFiles(join(projects, 'alpha'), {
    'README.md': '# alpha\n',
    'src/alpha.ts': 'export const alpha = 1;\n',
    '.akira/settings.json': '{}\n',
    '.akira/cookies/123-abc-1': '',
  });
  initRepoWithCommit(join(projects, 'alpha'));
  writeFiles(join(projects, 'beta'), { 'beta.txt': 'the sibling project\n', 'lib/beta.ts': 'export {};\n' });
  initRepoWithCommit(join(projects, 'beta'));
  mkdirSync(join(projects, 'gamma'));
  mkdirSync(join(projects, '.cache'));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'akira-folders-outside-')));
  symlinkSync(outside, join(projects, 'escape'));
  served = await serve(join(projects, 'alpha'), { HOME: home });
});
test.afterAll(async () => {
  await served?.stop();
});

const row = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);
const entry = (page: Page, name: string) => page.locator(`[data-testid="folder-entry"][data-path="${join(projects, name)}"]`);

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test('the Open Folder dialog browses to a sibling folder and opens it in place; .akira/ is greyed, its cookies hidden', async ({ page }, testInfo) => {
  await page.goto(served.url);
  await expect(row(page, 'README.md')).toBeVisible();
  await expect(page).toHaveTitle('alpha — Akira');

  // Akira's own folder: greyed; the watcher's cookies never shown.
  await expect(row(page, '.akira')).toHaveClass(/tree-bookkeeping/);
  await row(page, '.akira').click();
  await expect(row(page, '.akira/settings.json')).toBeVisible();
  await expect(row(page, '.akira/settings.json')).toHaveClass(/tree-bookkeeping/);
  await expect(row(page, '.akira/cookies')).toHaveCount(0);
  await expect(row(page, 'src')).not.toHaveClass(/tree-bookkeeping/);

  // The folder name in the status bar opens the dialog, in the served folder's parent (inside the home).
  await page.getByTestId('status-folder').click();
  const dialog = page.getByTestId('open-folder-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('folder-path')).toHaveValue(projects);
  await expect(dialog.getByTestId('folder-crumb')).toHaveText(['Home', 'projects']);
  // Folders only; the link leading out of the home is not listed; dot-folders last; repositories marked.
  await expect(dialog.getByTestId('folder-entry')).toHaveText(['alphagit', 'betagit', 'gamma', '.cache']);
  // The path box has the focus (issue 27: typing never opens a folder); the list is a Tab stop of its own.
  await expect(dialog.getByTestId('folder-path')).toBeFocused();
  await shot(page, testInfo, 'open-folder-dialog');
  await dialog.getByRole('listbox').focus();

  // Keyboard: ↓ ↓ selects beta, Enter goes in, Backspace comes back up with beta selected.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'beta')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('folder-crumb')).toHaveText(['Home', 'projects', 'beta']);
  await expect(dialog.getByTestId('folder-entry')).toHaveText(['lib']);
  await page.keyboard.press('Backspace');
  await expect(dialog.getByTestId('folder-crumb')).toHaveText(['Home', 'projects']);
  await expect(entry(page, 'beta')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('folder-open')).toHaveText('Open “beta”');

  // The mouse: a double click goes in, Open opens the folder shown.
  await entry(page, 'beta').dblclick();
  await expect(dialog.getByTestId('folder-path')).toHaveValue(join(projects, 'beta'));
  await dialog.getByTestId('folder-open').click();
  await expect(dialog).toHaveCount(0);

  // The workbench now shows beta: its tree, the status bar, the title.
  await expect(row(page, 'beta.txt')).toBeVisible();
  await expect(row(page, 'README.md')).toHaveCount(0);
  await expect(page.getByTestId('status-folder')).toHaveText('beta');
  await expect(page).toHaveTitle('beta — Akira');
  await expect(page.getByTestId('status-branch')).toContainText('main');
  await shot(page, testInfo, 'beta-opened');
});

test('a folder outside the home and the served folder is refused in words', async ({ page }, testInfo) => {
  await page.goto(served.url);
  await expect(page).toHaveTitle('beta — Akira');
  await page.keyboard.press('Control+o');
  const dialog = page.getByTestId('open-folder-dialog');
  await expect(dialog).toBeVisible();

  const path = dialog.getByTestId('folder-path');
  await path.fill('/etc');
  await path.press('Enter');
  const error = dialog.getByTestId('folder-error');
  await expect(error).toContainText('/etc is outside the folders this Akira may open');
  await expect(error).toContainText(home);
  // The folder shown stays; a link leading out is refused too, saying where it leads.
  await expect(dialog.getByTestId('folder-crumb').last()).toHaveText('projects');
  await path.fill(join(projects, 'escape'));
  await path.press('Enter');
  await expect(error).toContainText(`is a link that leads to ${outside}`);
  await path.fill(`${projects}/../../..`);
  await path.press('Enter');
  await expect(error).toContainText('is outside the folders this Akira may open');
  await page.setViewportSize({ width: 1100, height: 700 });
  await shot(page, testInfo, 'forbidden-1100x700');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveTitle('beta — Akira');
});

test('Close Folder shows the Welcome screen with the recent folders, each opened with one click', async ({ page }, testInfo) => {
  await page.goto(served.url);
  await page.getByTestId('status-folder').click();
  await page.getByTestId('folder-close-workspace').click();
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toBeVisible();
  await expect(page).toHaveTitle('Akira');
  await expect(page.getByTestId('status-folder')).toHaveText('No folder open');
  await expect(welcome).not.toContainText('File → Open Folder');
  await expect(page.getByTestId('status-branch')).toHaveCount(0); // nothing of the closed folder stays
  const recent = page.getByTestId('welcome-recent').getByRole('button');
  await expect(recent).toHaveText(['beta', 'alpha']);
  await shot(page, testInfo, 'welcome');
  await page.setViewportSize({ width: 1100, height: 700 });
  await shot(page, testInfo, 'welcome-1100x700');

  await recent.filter({ hasText: 'alpha' }).click();
  await expect(row(page, 'README.md')).toBeVisible();
  await expect(page).toHaveTitle('alpha — Akira');

  // Unsaved edits are named before the folder closes (its tabs close with it).
  await row(page, 'README.md').click();
  await page.getByTestId('file-viewer').locator('.view-lines').click();
  await page.keyboard.type('unsaved ');
  await page.getByTestId('status-folder').click();
  await expect(page.getByTestId('folder-unsaved')).toHaveText('1 file has unsaved edits that opening or closing a folder would lose: save first (Ctrl+S).');
  await shot(page, testInfo, 'unsaved-warning-1100x700');
  // And back to the Welcome screen's Open Folder… button: the dialog opens there too.
  await page.getByTestId('folder-close-workspace').click();
  await page.getByTestId('welcome-open-folder').click();
  await expect(page.getByTestId('open-folder-dialog')).toBeVisible();
  await expect(page.getByTestId('folder-crumb')).toHaveText(['Home']);
  await expect(page.getByTestId('folder-entry')).toHaveText(['projects']);
  await page.getByTestId('folder-entry').dblclick();
  await entry(page, 'gamma').click();
  await page.getByTestId('folder-open').click();
  await expect(page).toHaveTitle('gamma — Akira');
  await expect(page.getByTestId('file-tree')).toContainText('This folder is empty.');
});

test('/favicon.ico and the linked SVG icon are served', async ({ page }) => {
  await page.goto(served.url);
  const ico = await page.request.get(`${served.origin}/favicon.ico`);
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  const svgHref = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  const svg = await page.request.get(new URL(svgHref!, `${served.origin}/`).href);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
});
