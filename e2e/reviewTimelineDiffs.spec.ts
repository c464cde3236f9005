import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FrameClient } from '../src/testing/wsClient';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * Issue 27, defects 12 and 19: a new file's diff is all additions (no deleted empty line "1 −", no empty added line
 * after its final newline), and the Inline / Side-by-side button follows what Monaco draws in a narrow pane.
 */

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

test('a new file in the Timeline is its four lines, all added, and nothing deleted', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  served = await serve(repo, { AKIRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'akira-data-')) });
  const ws = await FrameClient.connect(`${served.origin.replace('http', 'ws')}/ws?token=${served.token}`, { origin: served.origin });
  expect((await ws.request('checkpoints.create', { label: 'before' })).error).toBeUndefined();
  writeFileSync(join(repo, 'notes.txt'), 'one\ntwo\nthree\nfour\n');
  expect((await ws.request('checkpoints.create', { label: 'after' })).error).toBeUndefined();
  await ws.close();

  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(served.url);
  await page.getByTestId('view-timeline').click();
  await page.getByTestId('checkpoint-row').filter({ hasText: 'after' }).click();
  await page.locator('[data-testid="checkpoint-file"][data-path="notes.txt"]').click();
  const viewer = page.locator('[data-testid="diff-viewer"][data-path="notes.txt"]');
  await expect(viewer.locator('.editor.modified .view-line').filter({ hasText: 'four' })).toHaveCount(1);
  await expect(viewer).toHaveAttribute('data-one-side', 'added');
  await expect(viewer.locator('.diff-line-added')).toHaveCount(4);
  await expect(viewer.locator('.line-delete, .char-delete, .line-insert')).toHaveCount(0);
  await expect(viewer.locator('.editor.modified .line-numbers')).toHaveText(['1', '2', '3', '4']);
  await page.screenshot({ path: testInfo.outputPath('timeline-new-file-1400.png') });
});

test('in a narrow pane the diff is inline and the layout button says so', async ({ page }, testInfo) => {
  const repo = makeFixtureRepo();
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\nA changed line.\n');
  served = await serve(repo);
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto(served.url);
  await page.getByTestId('view-changes').click();
  await page.locator('[data-testid="change-row"][data-path="README.md"]').dblclick();
  await expect(page.getByTestId('diff-viewer')).toContainText('A changed line');
  // Monaco went inline by itself (the pane is under its 900 px breakpoint): the button does not offer "Inline".
  await expect(page.locator('.monaco-diff-editor.side-by-side')).toHaveCount(0);
  const toggle = page.getByTestId('diff-layout-toggle');
  await expect(toggle).toHaveAttribute('data-layout', 'narrow');
  await expect(toggle).toHaveText('Side by side');
  await expect(toggle).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('changes-narrow-900.png') });
  // Wide enough, it is side by side and the button offers Inline.
  await page.setViewportSize({ width: 1400, height: 860 });
  await expect(page.locator('.monaco-diff-editor.side-by-side')).toHaveCount(1);
  await expect(toggle).toHaveText('Inline');
  await toggle.click();
  await expect(page.locator('.monaco-diff-editor.side-by-side')).toHaveCount(0);
  await expect(toggle).toHaveText('Side by side');
  await expect(toggle).toBeEnabled();
});
