import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

/**
 * A diagnostics checker the workspace's settings name (issue 26, item 4) in Settings → Diagnostics checkers against the
 * real `akira serve`: it waits for approval and does not run (context.diagnostics over the HTTP API skips it, its marker
 * file never appears); Approve shows the exact command with Cancel focused; once approved it runs; Withdraw stops it.
 * In English and Chinese, at 1400×860 and 1100×700.
 */

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

async function shots(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.getByTestId('checkers-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize({ width: 1400, height: 860 });
}

async function workspaceWithChecker(language: 'en' | 'zh-CN') {
  const repo = makeFixtureRepo();
  const marker = join(mkdtempSync(join(tmpdir(), 'akira-marker-')), 'ran');
  writeFiles(repo, {
    'check.js': `require('fs').appendFileSync(${JSON.stringify(marker)}, 'ran\\n'); console.log('src/index.ts:1:1: warning: from the project checker');\n`,
    '.akira/settings.json': JSON.stringify({ diagnostics: { checkers: [{ id: 'lint', command: 'node check.js', format: 'gcc' }] } }),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'akira-e2e-data-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ ui: { language } }));
  served = await serve(repo, { AKIRA_DATA_DIR: dataDir, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', AKIRA_MODEL: '' });
  return { marker, served };
}

async function diagnostics(page: Page, s: Served): Promise<{ checkers: { id: string; status: string }[] }> {
  const answer = await page.request.post(`${s.origin}/api/context.diagnostics`, { headers: { Authorization: `Bearer ${s.token}` }, data: {} });
  expect(answer.status()).toBe(200);
  return (await answer.json()).result;
}

test('a workspace checker waits for approval in Settings, runs once approved, stops when withdrawn', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { marker, served: s } = await workspaceWithChecker('en');
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(s.url);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('checkers-section');
  await section.scrollIntoViewIfNeeded();
  const checker = section.locator('[data-testid="checker"][data-id="lint"]');
  await expect(checker).toHaveAttribute('data-approved', 'false');
  await expect(checker).toContainText('node check.js');
  expect((await diagnostics(page, s)).checkers).toEqual([expect.objectContaining({ id: 'lint', status: 'skipped' })]);
  expect(existsSync(marker)).toBe(false);
  await shots(page, testInfo, 'checkers-awaiting');

  await checker.getByTestId('checker-approve').click();
  const dialog = page.getByTestId('checker-approve-dialog');
  await expect(dialog.getByTestId('checker-approve-command')).toHaveText('node check.js');
  await expect(page.getByTestId('checker-approve-cancel')).toBeFocused();
  await shots(page, testInfo, 'checkers-approve-dialog');
  await page.getByTestId('checker-approve-confirm').click();
  await expect(checker).toHaveAttribute('data-approved', 'true');
  expect((await diagnostics(page, s)).checkers).toEqual([expect.objectContaining({ id: 'lint', status: 'ok' })]);
  expect(existsSync(marker)).toBe(true);
  await shots(page, testInfo, 'checkers-approved');

  await checker.getByTestId('checker-withdraw').click();
  await expect(checker).toHaveAttribute('data-approved', 'false');
  expect((await diagnostics(page, s)).checkers).toEqual([expect.objectContaining({ id: 'lint', status: 'skipped' })]);
});

test('the checker awaiting approval, in Chinese', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { served: s } = await workspaceWithChecker('zh-CN');
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(s.url);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('checkers-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('[data-testid="checker"][data-id="lint"]').getByTestId('checker-state')).not.toHaveText(/approval/i);
  await shots(page, testInfo, 'zh-checkers-awaiting');
  await section.getByTestId('checker-approve').click();
  await shots(page, testInfo, 'zh-checkers-approve-dialog');
});
