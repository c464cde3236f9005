import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * Issue 13: a hunk discarded from the Changes view is undone from the Timeline (not from the discard's notice): the
 * checkpoint Akira takes before the discard is listed there, and restoring it puts the hunk back on disk.
 */

let served: Served;

test.afterEach(async () => {
  await served?.stop();
});

const lines = Array.from({ length: 30 }, (_, i) => `export const line${i + 1} = ${i + 1};\n`).join('');
const firstChange = lines.replace('export const line2 = 2;\n', 'export const line2 = 2000;\n');
const edited = firstChange.replace('export const line28 = 28;\n', 'export const line28 = 2800;\n');
const secondOnly = lines.replace('export const line28 = 28;\n', 'export const line28 = 2800;\n');

test('discard one hunk in the Changes view, then undo it by restoring its checkpoint from the Timeline', async ({ page }) => {
  const repo = makeFixtureRepo({ 'src/long.ts': lines });
  const read = () => readFileSync(join(repo, 'src/long.ts'), 'utf8');
  writeFileSync(join(repo, 'src/long.ts'), edited);
  served = await serve(repo);
  await page.goto(served.url);

  // Discard the first of the file's two hunks: it asks, then only that hunk is gone from disk.
  await page.getByTestId('view-changes').click();
  await page.getByTestId('changes-group-changes').locator('[data-testid="change-row"][data-path="src/long.ts"]').click();
  const hunks = page.getByTestId('git-hunk');
  await expect(hunks).toHaveCount(2);
  await expect(hunks.nth(0)).toContainText('line 2');
  await hunks.nth(0).getByTestId('hunk-discard').click();
  const discard = page.getByTestId('discard-dialog');
  await expect(discard).toContainText('Discard this change in src/long.ts?');
  await discard.getByTestId('discard-confirm').click();
  await expect(page.getByTestId('discard-toast')).toContainText('Discarded a change in src/long.ts');
  await expect(hunks).toHaveCount(1);
  expect(read()).toBe(secondOnly);

  // The Timeline lists the checkpoint taken just before; restoring it changes src/long.ts only.
  await page.getByTestId('view-timeline').click();
  const before = page.getByTestId('checkpoint-row').filter({ hasText: 'Before discarding a hunk of src/long.ts' });
  await expect(before).toHaveCount(1);
  await before.hover();
  await before.getByTestId('checkpoint-restore').click();
  const restore = page.getByTestId('restore-dialog');
  await expect(restore.getByTestId('restore-file')).toHaveCount(1);
  await expect(restore.locator('[data-testid="restore-file"][data-path="src/long.ts"]')).toHaveAttribute('data-action', 'modify');
  await restore.getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('Restored');

  // Both hunks are on disk again, and in the Changes view.
  expect(read()).toBe(edited);
  await page.getByTestId('view-changes').click();
  await expect(hunks).toHaveCount(2);
});
