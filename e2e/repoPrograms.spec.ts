import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { armRepo } from '../src/testing/hostileRepo';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serveWithModelEachTest } from './support/agentServe';

/**
 * A repository whose own git configuration names programs (issue 26): the Changes view says Akira runs none of them,
 * lists them on "Review…", and runs them once trusted (a stage then goes through the repository's filter and its
 * hook); "Stop trusting" turns them off again. In English (dark) and Chinese (light), at 1400×860 and 1100×700.
 */

const serveForTest = serveWithModelEachTest();

async function shots(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize({ width: 1400, height: 860 });
}

async function armedRepo() {
  const repo = makeFixtureRepo();
  const armed = await armRepo(repo, mkdtempSync(join(tmpdir(), 'akira-probe-')));
  // Same size, new content: git has to read the file (through the clean filter) to see it changed.
  writeFileSync(join(repo, 'README.md'), readFileSync(join(repo, 'README.md'), 'utf8').toUpperCase());
  return { repo, armed };
}

test('the Changes view keeps a repository’s programs off, lists them, and runs them once trusted', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { repo, armed } = await armedRepo();
  const app = await serveForTest(repo, { globalSettings: { ui: { theme: 'dark' } } });
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-changes').click();
  const notice = page.getByTestId('repo-programs');
  await expect(notice).toContainText('Akira runs none of them');
  await expect(notice).toHaveAttribute('data-trusted', 'false');
  await expect(page.locator('[data-testid="change-row"][data-path="README.md"]')).toBeVisible();
  await shots(page, testInfo, 'repo-programs-off');

  await page.getByTestId('repo-programs-review').click();
  const dialog = page.getByTestId('repo-programs-dialog');
  await expect(dialog).toContainText('filter.probe.clean');
  await expect(dialog).toContainText('pre-commit');
  await expect(page.getByTestId('repo-programs-keep-off')).toBeFocused();
  await shots(page, testInfo, 'repo-programs-dialog');
  // Kept off: still nothing ran, staging included.
  await page.getByTestId('repo-programs-keep-off').click();
  const row = page.getByTestId('changes-group-changes').locator('[data-path="README.md"]');
  await row.hover();
  await row.getByTestId('change-stage').click();
  await expect(page.getByTestId('changes-group-staged').locator('[data-path="README.md"]')).toBeVisible();
  expect(await armed.ran()).toEqual([]);

  await page.getByTestId('repo-programs-review').click();
  await page.getByTestId('repo-programs-trust').click();
  await expect(notice).toHaveAttribute('data-trusted', 'true');
  await expect(notice).toContainText('(trusted)');
  // Trusted: unstaging and staging again go through the repository's filter and hooks.
  const stagedRow = page.getByTestId('changes-group-staged').locator('[data-path="README.md"]');
  await stagedRow.hover();
  await stagedRow.getByTestId('change-unstage').click();
  const changedRow = page.getByTestId('changes-group-changes').locator('[data-path="README.md"]');
  await changedRow.hover();
  await changedRow.getByTestId('change-stage').click();
  await expect.poll(() => armed.ran()).toEqual(expect.arrayContaining(['hook:post-index-change']));
  await shots(page, testInfo, 'repo-programs-trusted');

  await page.getByTestId('repo-programs-review').click();
  await page.getByTestId('repo-programs-untrust').click();
  await expect(notice).toHaveAttribute('data-trusted', 'false');
});

test('in Chinese and the light theme', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { repo } = await armedRepo();
  const app = await serveForTest(repo, { globalSettings: { ui: { language: 'zh-CN', theme: 'light' } } });
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-changes').click();
  await expect(page.getByTestId('repo-programs')).toContainText('Akira 不会运行它们');
  await shots(page, testInfo, 'zh-light-repo-programs-off');
  await page.getByTestId('repo-programs-review').click();
  await expect(page.getByTestId('repo-programs-dialog')).toContainText('这个仓库的 Git 程序');
  await shots(page, testInfo, 'zh-light-repo-programs-dialog');
});
