import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { gitCli } from '../src/testing/gitCli';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * Git in the Changes view (issue 13) against `akira serve` in a temp repository: stage a file and commit it from
 * the commit box (Ctrl+Enter), discard a hunk of a file's diff and undo it from the notice, stage a hunk, and switch
 * branches from the status bar (refused in words while a local change is in the way, then done).
 */

let served: Served;
let repo: string;

test.afterEach(async () => {
  await served?.stop();
});

const lines = Array.from({ length: 30 }, (_, i) => `export const line${i + 1} = ${i + 1};\n`).join('');
const firstChange = 'export const line2 = 2000;\n';
const secondChange = 'export const line28 = 2800;\n';
const edited = lines.replace('export const line2 = 2;\n', firstChange).replace('export const line28 = 28;\n', secondChange);

const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const git = (...args: string[]) => gitCli(repo, ...args).trim();
const changeRow = (page: Page, path: string, group: 'staged' | 'changes' | 'untracked') =>
  page.getByTestId(`changes-group-${group}`).locator(`[data-testid="change-row"][data-path="${path}"]`);

async function shots(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize(size);
}

test('stage and commit a file, discard a hunk and undo it, stage a hunk, switch branch from the status bar', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  repo = makeFixtureRepo();
  writeFiles(repo, { 'src/long.ts': lines });
  gitCli(repo, 'add', 'src/long.ts');
  gitCli(repo, 'commit', '-q', '-m', 'long file');
  // The served app runs with a HOME of its own: the repository says who commits.
  gitCli(repo, 'config', 'user.name', 'Akira E2E');
  gitCli(repo, 'config', 'user.email', 'e2e@akira.invalid');
  // A branch that changes src/index.ts.
  gitCli(repo, 'checkout', '-q', '-b', 'feature');
  writeFiles(repo, { 'src/index.ts': 'export const greet = (name: string) => `Hey ${name}`;\n' });
  gitCli(repo, 'commit', '-q', '-am', 'feature greeting');
  gitCli(repo, 'checkout', '-q', 'main');

  served = await serve(repo);
  await page.goto(served.url);
  await expect(page.getByTestId('status-branch')).toContainText('main');
  await page.getByTestId('view-changes').click();
  await expect(page.getByTestId('changes-clean')).toBeVisible();

  // --- Stage a file and commit it.
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\nA fixture for Akira tests, edited.\n');
  writeFileSync(join(repo, 'src/long.ts'), edited);
  const readme = changeRow(page, 'README.md', 'changes');
  await expect(readme).toBeVisible();
  await expect(page.getByTestId('commit-button')).toBeDisabled();
  await expect(page.getByTestId('commit-reason')).toContainText('Nothing is staged');
  // The row's actions are reachable from the keyboard: Tab from the row goes to Discard, then Stage.
  await readme.locator('.change-open').focus();
  await page.keyboard.press('Tab');
  await expect(readme.getByTestId('change-discard')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(readme.getByTestId('change-stage')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(changeRow(page, 'README.md', 'staged')).toBeVisible();
  expect(git('diff', '--cached', '--name-only')).toBe('README.md');

  await page.getByTestId('commit-message').fill('Edit the README');
  await expect(page.getByTestId('commit-button')).toBeEnabled();
  await shots(page, testInfo, 'git-commit-box');
  await page.getByTestId('commit-message').press('Control+Enter');
  await expect(page.getByTestId('commit-toast')).toContainText('Edit the README');
  await expect(changeRow(page, 'README.md', 'staged')).toHaveCount(0);
  await expect(page.getByTestId('commit-message')).toHaveValue('');
  expect(git('log', '-1', '--format=%s')).toBe('Edit the README');
  expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('README.md');

  // --- A file's diff lists its hunks; discard one (asks, names the file, says a checkpoint is taken), then undo.
  await changeRow(page, 'src/long.ts', 'changes').click();
  const hunks = page.getByTestId('git-hunk');
  await expect(hunks).toHaveCount(2);
  await expect(hunks.nth(0)).toContainText('line 2');
  await expect(hunks.nth(1)).toContainText('line 28');
  await hunks.nth(0).getByTestId('hunk-discard').click();
  const dialog = page.getByTestId('discard-dialog');
  await expect(dialog).toContainText('Discard this change in src/long.ts?');
  await expect(dialog).toContainText('A checkpoint is taken first');
  await expect(dialog).toContainText('2000');
  await shots(page, testInfo, 'git-discard-hunk-dialog');
  await dialog.getByTestId('discard-confirm').click();
  const notice = page.getByTestId('discard-toast');
  await expect(notice).toContainText('Discarded a change in src/long.ts');
  await expect(hunks).toHaveCount(1);
  expect(read('src/long.ts')).toBe(lines.replace('export const line28 = 28;\n', secondChange));
  await shots(page, testInfo, 'git-discard-undo-toast');
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('discard-undone-toast')).toContainText('src/long.ts is back');
  expect(read('src/long.ts')).toBe(edited);
  await expect(hunks).toHaveCount(2);

  // --- Stage one hunk: it moves to the staged hunks, and only it is in the index.
  await hunks.nth(1).getByTestId('hunk-stage').click();
  await expect(page.locator('[data-testid="git-hunk"][data-kind="staged"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="git-hunk"][data-kind="unstaged"]')).toHaveCount(1);
  expect(git('diff', '--cached')).toContain('+export const line28 = 2800;');
  expect(git('diff', '--cached')).not.toContain('2000');
  await expect(changeRow(page, 'src/long.ts', 'staged')).toBeVisible();
  await expect(changeRow(page, 'src/long.ts', 'changes')).toBeVisible();
  await shots(page, testInfo, 'git-hunks-staged');

  // --- Switch branch from the status bar: refused while a local change would be overwritten, in words.
  writeFileSync(join(repo, 'src/index.ts'), 'export const local = true;\n');
  await expect(changeRow(page, 'src/index.ts', 'changes')).toBeVisible();
  await page.getByTestId('status-branch').click();
  const menu = page.getByTestId('branch-menu');
  await expect(menu.locator('[data-testid="branch-item"][data-branch="main"]')).toHaveAttribute('aria-checked', 'true');
  await menu.locator('[data-testid="branch-item"][data-branch="feature"]').click();
  await expect(page.getByTestId('branch-error')).toContainText('would overwrite your local changes to src/index.ts');
  await shots(page, testInfo, 'git-branch-refused');
  expect(git('branch', '--show-current')).toBe('main');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // Discard that file (asks first), then switch.
  const index = changeRow(page, 'src/index.ts', 'changes');
  await index.hover();
  await index.getByTestId('change-discard').click();
  await expect(dialog).toContainText('Discard the changes to src/index.ts?');
  await dialog.getByTestId('discard-confirm').click();
  await expect(changeRow(page, 'src/index.ts', 'changes')).toHaveCount(0);
  expect(read('src/index.ts')).toContain('Hello');

  await page.getByTestId('status-branch').click();
  await menu.locator('[data-testid="branch-item"][data-branch="feature"]').click();
  await expect(page.getByTestId('branch-toast')).toContainText('Switched to feature');
  await expect(page.getByTestId('status-branch')).toContainText('feature');
  expect(git('branch', '--show-current')).toBe('feature');
  expect(read('src/index.ts')).toContain('Hey');
  // The staged and unstaged hunks of src/long.ts came along.
  await expect(changeRow(page, 'src/long.ts', 'staged')).toBeVisible();
  await page.getByTestId('status-branch').click();
  await expect(menu.locator('[data-testid="branch-item"][data-branch="feature"]')).toHaveAttribute('aria-checked', 'true');
  await shots(page, testInfo, 'git-branch-menu');
});
