import { expect, test, type Page } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Follow-ups (issue 25): after a session completes, its message box stays open for a follow-up; sending one runs the
// same session again as round 2: the board folds round 1 above round 2's columns, the activity shows where round 2
// starts with its task, and the session list says "round 2". Screenshots at 1400×860 and 1100×700, in dark English
// and light Chinese.

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

const cases = [
  { name: 'dark-en', ui: { language: 'en', theme: 'dark' }, placeholder: 'Ask a follow-up', followUp: 'Follow up', round1: 'Round 1', round2: 'Round 2', roundCard: 'Follow-up · round 2', rowRound: 'round 2' },
  { name: 'light-zh', ui: { language: 'zh-CN', theme: 'light' }, placeholder: '继续追问', followUp: '追问', round1: '第 1 轮', round2: '第 2 轮', roundCard: '追问 · 第 2 轮', rowRound: '第 2 轮' },
] as const;

for (const c of cases) {
  test(`a follow-up after completion runs round 2 on the same board (${c.name})`, async ({ page }, testInfo) => {
    app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui: c.ui, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } } });
    app.model.enqueue(
      plan([{ id: 't1', description: 'Create greet.txt saying hello world', expectedResult: 'greet.txt contains "hello world"' }]),
      reply.toolCall('write_file', { path: 'greet.txt', content: 'hello world\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'greet.txt says hello world' }),
      verdict('t1'),
      verdict('task'),
    );
    await page.goto(app.served.url);
    await page.getByTestId('view-agent').click();
    await page.getByTestId('start-task').fill('Write a greeting file');
    await page.getByTestId('start-submit').click();
    const row = page.getByTestId('session-row').first();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });

    // The box stays open after completion and offers a follow-up.
    const box = page.getByTestId('message-input');
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', new RegExp(c.placeholder));
    await expect(page.getByTestId('message-send')).toHaveText(c.followUp);
    await shots(page, `followup-box-${c.name}`, (n) => testInfo.outputPath(n));

    app.model.enqueue(
      (req) => {
        const sent = JSON.stringify(req.body.messages);
        expect(sent).toContain('Create greet.txt saying hello world');
        return plan([{ id: 't1', description: 'Add a second line to greet.txt', expectedResult: 'greet.txt has two lines' }]);
      },
      reply.toolCall('write_file', { path: 'greet.txt', content: 'hello world\nand goodbye\n' }),
      reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'greet.txt has a second line' }),
      verdict('t1'),
      verdict('task'),
    );
    await box.fill('Now add a goodbye line');
    await page.getByTestId('message-send').click();
    await expect(page.getByTestId('board-round-current')).toContainText(c.round2, { timeout: 20_000 });
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(page.getByTestId('session-row-round').first()).toHaveText(c.rowRound);

    // The board: round 1 folded above, round 2's TODO in the columns.
    const first = page.getByTestId('board-round-1');
    await expect(first).toContainText(c.round1);
    await expect(first).toContainText('Write a greeting file');
    await expect(page.getByTestId('board-round-current')).toContainText('Now add a goodbye line');
    await expect(page.getByTestId('column-done').getByTestId('todo-card')).toHaveCount(1);
    await expect(page.getByTestId('column-done').getByTestId('todo-card')).toContainText('Add a second line to greet.txt');
    await first.locator('summary').click();
    await expect(first).toContainText('Create greet.txt saying hello world');
    await expect(first).toContainText('greet.txt says hello world');
    // The activity shows where round 2 starts, with its task.
    await expect(page.getByText(c.roundCard)).toBeVisible();
    await expect(page.getByTestId('activity-round-task')).toHaveText('Now add a goodbye line');
    await shots(page, `followup-round2-${c.name}`, (n) => testInfo.outputPath(n));
    app.model.assertDone();
  });
}
