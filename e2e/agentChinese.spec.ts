import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { greetSession } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// The session view in Chinese (issue 14, ui.language zh-CN): the header, the sessions list, the status bar item and
// the activity's cards (plan edited before approval, text, tools, changes, the reviewer's verdicts, the terminal
// card, the end) speak Chinese; screenshots at 1400×860 and 1100×700 are kept for looking at truncation.

let app: ServedWithModel | null = null;

test.afterEach(async () => {
  await app?.stop();
  app = null;
});

async function shots(page: Page, name: string, outputPath: (name: string) => string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: outputPath(`${name}-1400x860.png`) });
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.screenshot({ path: outputPath(`${name}-1100x700.png`) });
  await page.setViewportSize(size);
}

test('a session in Chinese: header, list, status bar and activity cards', async ({ page }, testInfo) => {
  app = await serveWithModel(makeFixtureRepo(), {
    globalSettings: { ui: { language: 'zh-CN' }, agent: { mode: 'autonomous', policy: { requirePlanApproval: true, autoApprove: { write: true, command: true } } } },
  });
  app.model.enqueue(...greetSession());
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await expect(page.getByTestId('start-submit')).toHaveText('启动会话');
  await page.getByTestId('start-task').fill('向世界问好：创建 greet.txt 并显示问候语');
  await page.getByTestId('start-submit').click();

  const approval = page.getByTestId('plan-approval');
  await expect(approval.getByTestId('plan-row')).toHaveCount(2);
  const activity = page.getByTestId('activity');
  await expect(activity.getByTestId('card-plan')).toContainText('计划：2 个 TODO');
  await expect(activity.getByTestId('card-plan')).toContainText('在看板上等待你的批准');
  await approval.getByTestId('plan-expected').nth(1).fill('cat greet.txt prints hello world');
  await shots(page, 'zh-plan', (n) => testInfo.outputPath(n));
  await approval.getByTestId('plan-approve').click();

  await expect(page.getByTestId('session-status')).toHaveText('已完成');
  await expect(activity.getByTestId('card-end-completed')).toContainText('会话已完成');
  await expect(activity.getByTestId('terminal-exit')).toHaveText('退出码 0');
  await shots(page, 'zh-session-end', (n) => testInfo.outputPath(n));
  // The top of the stream (windowed: cards far from the viewport are not in the page).
  await activity.evaluate((el) => (el.scrollTop = 0));
  await expect(activity.getByTestId('card-plan')).toContainText('批准前已编辑');
  await expect(activity.getByTestId('card-plan-decision').first()).toContainText('计划已批准');
  await expect(activity.getByTestId('card-verification').filter({ hasText: '已拒绝' })).toContainText('置信度 85%');
  await expect(page.getByTestId('session-row-status').first()).toHaveText('已完成');
  // the built-in mode by its Chinese name, in the list and the header (sessions carry only its id)
  await expect(page.getByTestId('session-row-mode').first()).toHaveText('自主');
  await expect(page.getByTestId('session-header')).toContainText('· 自主 ·');
  await expect(page.getByTestId('status-agent')).toContainText('已完成');
  await expect(page.getByTestId('session-progress')).toHaveAttribute('title', '已完成 2/2 个 TODO');
  await shots(page, 'zh-session-start', (n) => testInfo.outputPath(n));

  // The status bar menu.
  await page.getByTestId('status-agent').click();
  await expect(page.getByTestId('status-menu-view')).toHaveText('查看日志');
  await shots(page, 'zh-status-menu', (n) => testInfo.outputPath(n));
});

test('in Chinese: the busy-folder question, a worktree session’s panel and a queued session’s panel', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: { language: 'zh-CN' }, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
  app.model.enqueue(reply.hang(), reply.hang()); // the first two sessions plan until the end of the test
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const start = async (task: string) => {
    await page.getByTestId('start-task').fill(task);
    await page.getByTestId('start-submit').click();
  };
  await start('整理 README');
  await expect(page.getByTestId('session-status')).toHaveText('规划中');

  // Another one in this folder: the question, in Chinese; it runs in a worktree.
  await start('添加更新日志');
  const dialog = page.getByTestId('busy-dialog');
  await expect(dialog).toContainText('此文件夹中有另一个会话正在运行');
  await expect(dialog.getByTestId('busy-what')).toHaveText('如果 添加更新日志现在启动，两个会话都会处理同样的文件。应该怎么做？');
  await shots(page, 'zh-busy-dialog', (n) => testInfo.outputPath(n));
  await dialog.getByTestId('busy-worktree').click();
  const panel = page.getByTestId('worktree-panel');
  await expect(panel.getByTestId('worktree-blocked')).toHaveText('合并和丢弃：会话正在运行：请等待它结束，或先暂停或停止它。');
  await expect(panel.getByTestId('worktree-diff-toggle')).toHaveText('与基准对比差异');
  await expect(page.getByTestId('session-row').filter({ hasText: '添加更新日志' }).getByTestId('session-tree')).toContainText('工作树 akira/');
  await shots(page, 'zh-worktree-panel', (n) => testInfo.outputPath(n));

  // A third one: queued behind the first (Enter queues it).
  await start('检查许可证');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  const queue = page.getByTestId('queue-panel');
  await expect(queue.getByTestId('queue-panel-title')).toHaveText('排队中 · 第 1 位（共 1 个） — 此会话正在等待');
  await expect(queue.getByTestId('queue-move-up')).toHaveText('↑ 上移');
  await shots(page, 'zh-queue-panel', (n) => testInfo.outputPath(n));
});
