import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { alphaBetaSession } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

/**
 * Issue 14: the Timeline (with a session's checkpoints and a restore), the Changes view, Search and the Open Folder
 * dialog in Chinese (`ui.language` zh-CN in the global settings), shot at 1400×860 and 1100×700 to look for words
 * cut short or spilling over.
 */

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

async function shots(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize({ width: 1400, height: 860 });
}

test('the Timeline, Changes, Search and Open Folder in Chinese', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const repo = makeFixtureRepo();
  app = await serveWithModel(repo, {
    globalSettings: { ui: { language: 'zh-CN' }, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } },
  });
  app.model.enqueue(...alphaBetaSession());
  await page.goto(app.served.url);

  // The Timeline: a checkpoint by hand, a session's checkpoints, a restore and its banner, a checkpoint's detail.
  await page.getByTestId('view-timeline').click();
  await expect(page.getByTestId('checkpoint-create')).toHaveText('立即创建检查点');
  await page.getByTestId('checkpoint-label').fill('手动保存');
  await page.getByTestId('checkpoint-create').click();
  await expect(page.getByTestId('checkpoint-row').filter({ hasText: '手动保存' })).toHaveCount(1);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Write alpha.txt and beta.txt');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await page.getByTestId('view-timeline').click();
  const t1 = page.locator('[data-testid="checkpoint-row"][data-origin="agent"]').filter({ hasText: 'TODO t1：alpha.txt' });
  await expect(t1).toHaveCount(1);
  await expect(page.getByTestId('agent-group').first()).toContainText('会话：Write alpha.txt and beta.txt');
  await t1.hover();
  await t1.getByTestId('checkpoint-restore').click();
  await expect(page.getByTestId('restore-dialog')).toContainText('恢复智能体检查点');
  await shots(page, testInfo, 'zh-timeline-restore-dialog');
  await page.getByTestId('restore-confirm').click();
  await expect(page.getByTestId('restore-toast')).toContainText('已将工作区恢复到');
  await expect(page.getByTestId('checkpoint-row').filter({ hasText: '恢复 TODO t1：alpha.txt 之前' })).toHaveCount(1);
  await t1.click();
  await expect(page.getByTestId('checkpoint-detail')).toContainText('比较对象');
  await shots(page, testInfo, 'zh-timeline');

  // Changes: a modified and a new file, one diff open, the discard question.
  writeFileSync(join(repo, 'README.md'), '# Demo project\n\n中文说明。\n');
  writeFileSync(join(repo, 'notes.txt'), 'new\n');
  await page.getByTestId('view-changes').click();
  await expect(page.getByTestId('changes-group-changes')).toContainText('更改');
  await page.locator('[data-testid="change-row"][data-path="README.md"]').click();
  await expect(page.getByTestId('git-hunks')).toContainText('处未暂存的更改');
  await shots(page, testInfo, 'zh-changes');
  await page.getByTestId('hunk-discard').first().click();
  await expect(page.getByTestId('discard-dialog')).toContainText('要丢弃 README.md 中的这处更改吗？');
  await shots(page, testInfo, 'zh-changes-discard');
  await page.getByTestId('discard-cancel').click();

  // Search.
  await page.getByTestId('view-search').click();
  await page.getByTestId('search-query').fill('greet');
  await expect(page.getByTestId('search-status')).toContainText('个结果');
  await shots(page, testInfo, 'zh-search');

  // The Open Folder dialog (its unsaved and running notes need none here).
  await page.keyboard.press('Control+O');
  await expect(page.getByTestId('open-folder-dialog')).toContainText('打开文件夹');
  await shots(page, testInfo, 'zh-open-folder');
});
