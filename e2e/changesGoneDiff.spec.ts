import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * Issue 14, "the Changes view keeps a diff of a deleted file": a diff opened from the Changes view closes once its
 * file has left the changes (an untracked file deleted on disk, a file discarded); a tracked file deleted on disk
 * stays listed, and its diff shows the deletion rather than the edits it had.
 */

let served: Served;

test.afterEach(async () => {
  await served?.stop();
});

const row = (page: Page, path: string) => page.locator(`[data-testid="change-row"][data-path="${path}"]`);
const diffTab = (page: Page, path: string) => page.locator(`[data-testid="editor-tab"][data-tab-id="diff:${path}"]`);

test('a diff of a file deleted on disk or discarded does not stay on screen', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  writeFileSync(join(repo, 'notes.txt'), 'a new note\nline two\n');
  writeFileSync(join(repo, 'src/util/math.ts'), 'export const add = (a: number, b: number) => a + b + 0;\n');
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\nEdited before it was deleted.\n');
  served = await serve(repo);
  await page.goto(served.url);
  await page.getByTestId('view-changes').click();

  // An untracked file's diff, then the file is deleted on disk: the diff goes.
  await row(page, 'notes.txt').dblclick();
  await expect(page.getByTestId('diff-viewer')).toContainText('a new note');
  await expect(diffTab(page, 'notes.txt')).toHaveCount(1);
  rmSync(join(repo, 'notes.txt'));
  await expect(row(page, 'notes.txt')).toHaveCount(0);
  await expect(diffTab(page, 'notes.txt')).toHaveCount(0);
  await expect(page.locator('[data-testid="diff-viewer"][data-path="notes.txt"]')).toHaveCount(0);

  // A modified file's diff, then it is discarded from its row: the diff goes.
  await row(page, 'src/util/math.ts').dblclick();
  await expect(page.getByTestId('git-hunk')).toHaveCount(1);
  await row(page, 'src/util/math.ts').hover();
  await row(page, 'src/util/math.ts').getByTestId('change-discard').click();
  await page.getByTestId('discard-confirm').click();
  await expect(row(page, 'src/util/math.ts')).toHaveCount(0);
  await expect(diffTab(page, 'src/util/math.ts')).toHaveCount(0);
  await expect(page.locator('[data-testid="diff-viewer"][data-path="src/util/math.ts"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('changes-diff-gone.png') });

  // A tracked file's diff, then it is deleted on disk: still a change, and its diff is the deletion.
  await row(page, 'README.md').dblclick();
  await expect(page.getByTestId('diff-viewer')).toContainText('Edited before it was deleted');
  rmSync(join(repo, 'README.md'));
  await expect(row(page, 'README.md')).toHaveAttribute('data-status', 'deleted');
  await expect(diffTab(page, 'README.md')).toHaveCount(1);
  await expect(page.getByTestId('diff-viewer')).not.toContainText('Edited before it was deleted');
  await expect(page.getByTestId('git-hunk')).toHaveCount(1);
  await expect(page.getByTestId('git-hunk')).toContainText('−3');
});
