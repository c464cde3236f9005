import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gitCli } from '../src/testing/gitCli';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * Issue 14, "toasts never auto-dismiss": a success notice goes by itself after a few seconds, but not while the
 * pointer is over it; the restore banner (which offers Undo) goes by itself too, later. Both are live regions
 * (role status). Errors staying until closed is toastStore.test.ts's.
 */

let served: Served;

test.afterEach(async () => {
  await served?.stop();
});

test('notices go by themselves, and wait while hovered', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  gitCli(repo, 'config', 'user.name', 'Akira E2E');
  gitCli(repo, 'config', 'user.email', 'e2e@akira.invalid');
  served = await serve(repo);
  await page.goto(served.url);
  await page.getByTestId('view-changes').click();

  // A commit's notice: hovered for longer than its time, it stays; left alone, it goes.
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\nEdited.\n');
  const readme = page.locator('[data-testid="change-row"][data-path="README.md"]');
  await readme.hover();
  await readme.getByTestId('change-stage').click();
  await page.getByTestId('commit-message').fill('Edit the README');
  // Ctrl+Enter commits once the staged file is in the view's git status (before, the box says why it waits).
  await expect(page.getByTestId('commit-button')).toBeEnabled();
  await page.getByTestId('commit-message').press('Control+Enter');
  const commit = page.getByTestId('commit-toast');
  await expect(commit).toContainText('Edit the README');
  await expect(commit).toHaveAttribute('role', 'status');
  await commit.hover();
  await page.waitForTimeout(12_000);
  await expect(commit).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(commit).toHaveCount(0, { timeout: 12_000 });

  // The restore banner (it offers Undo) goes by itself too.
  writeFileSync(join(repo, 'src/index.ts'), 'export const changed = true;\n');
  await page.getByTestId('view-timeline').click();
  await page.getByTestId('checkpoint-create').click();
  await expect(page.getByTestId('checkpoint-create-note')).toContainText('taken');
  const newest = page.getByTestId('checkpoint-row').first();
  writeFileSync(join(repo, 'src/index.ts'), 'export const changedAgain = true;\n');
  await newest.hover();
  await newest.getByTestId('checkpoint-restore').click();
  await page.getByTestId('restore-confirm').click();
  const banner = page.getByTestId('restore-toast');
  await expect(banner).toContainText('Restored');
  await expect(banner).toHaveAttribute('role', 'status');
  await page.mouse.move(5, 5);
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
});
