import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

let served: Served;
let repo: string;

test.beforeAll(async () => {
  repo = makeFixtureRepo();
  served = await serve(repo);
});
test.afterAll(async () => {
  await served?.stop();
});

test('the served UI shows the tree, a live terminal and git diffs', async ({ page }, testInfo) => {
  await page.goto(served.url);

  // The file tree shows the workspace, hides .git and gitignored build output.
  const tree = page.getByTestId('tree-row');
  await expect(page.locator('[data-testid="tree-row"][data-path="src"]')).toBeVisible();
  await expect(page.locator('[data-testid="tree-row"][data-path="README.md"]')).toBeVisible();
  await expect(page.locator('[data-testid="tree-row"][data-path=".git"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="tree-row"][data-path="dist"]')).toHaveCount(0);
  expect(await tree.count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('status-connection')).toContainText('Connected');
  await expect(page.getByTestId('status-branch')).toContainText('main');

  // Clicking a file opens it read-only in Monaco.
  await page.locator('[data-testid="tree-row"][data-path="README.md"]').click();
  await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('Demo project');

  // The terminal is a real shell.
  const terminal = page.getByTestId('terminal').first();
  await terminal.click();
  await page.keyboard.type('echo akira-$((6*7))');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('akira-42');

  // A change made on disk appears in Changes with a Monaco diff against HEAD.
  writeFileSync(join(repo, 'src/index.ts'), 'export function greet(name: string): string {\n  return `Hi there, ${name}!`;\n}\n');
  writeFileSync(join(repo, 'notes.txt'), 'untracked notes\n');
  await page.getByTestId('view-changes').click();
  const changed = page.locator('[data-testid="change-row"][data-path="src/index.ts"]');
  await expect(changed).toBeVisible();
  await expect(page.locator('[data-testid="change-row"][data-path="notes.txt"]')).toBeVisible();
  await changed.click();
  const diff = page.getByTestId('diff-viewer');
  await expect(diff.locator('.editor.original .view-lines')).toContainText('Hello, ${name}');
  await expect(diff.locator('.editor.modified .view-lines')).toContainText('Hi there, ${name}!');

  // The new file shows up in the tree without a reload.
  await page.getByTestId('view-files').click();
  const notes = page.locator('[data-testid="tree-row"][data-path="notes.txt"]');
  await expect(notes).toBeVisible();
  // Git decorations: the untracked file is marked, the folder holding a change too, and the badge counts both.
  await expect(notes.getByTestId('tree-git')).toHaveText('U');
  await expect(page.locator('[data-testid="tree-row"][data-path="src"]')).toHaveClass(/git-folder/);
  await expect(page.getByTestId('changes-badge')).toHaveText('2');

  await page.screenshot({ path: testInfo.outputPath('akira-window.png'), fullPage: true });
  await testInfo.attach('akira-window', { path: testInfo.outputPath('akira-window.png'), contentType: 'image/png' });
});

test('requests without the token are refused', async ({ request }) => {
  const response = await request.get(`${served.origin}/`);
  expect(response.status()).toBe(401);
});

test('the token leaves the address bar and history; a reload still shows the app (cookie)', async ({ page }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('status-connection')).toContainText('Connected');
  expect(await page.evaluate(() => location.search)).toBe('');
  expect(page.url()).not.toContain(served.token);

  await page.reload();
  await expect(page.locator('[data-testid="tree-row"][data-path="README.md"]')).toBeVisible();
  await expect(page.getByTestId('status-connection')).toContainText('Connected');
  expect(page.url()).not.toContain(served.token);
});
