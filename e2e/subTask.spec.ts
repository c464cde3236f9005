import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { reply } from '../src/testing/openaiTestServer';
import { callApi, serveWithModel, type ServedWithModel } from './support/agentServe';
import { shootAtSizes } from './support/screenSizes';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 25, sub-tasks: the model hands part of its work to a child session with new_task. The child appears under its
// parent in the session list, indented and tagged, while it waits for the user to approve its change; once it ends,
// the parent goes on with the child's summary. Screenshots at 1400×860 and 1100×700, dark/English and light/Chinese.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const shots = shootAtSizes;

const api = (page: Page, method: string, data: Record<string, unknown>) => callApi(page, app!, method, data);

const PARENT = 'Handle an empty name in the greeting';
const CHILD = 'Add a test for the empty name';

async function run(page: Page, testInfo: TestInfo, ui: { theme: 'dark' | 'light'; language: 'en' | 'zh-CN' }, name: string) {
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui } });
  app.model.enqueue(
    plan([{ id: 'p1', description: 'Cover the empty name', expectedResult: 'a test covers it' }]),
    reply.toolCall('new_task', { task: CHILD }),
    // The child: its own plan and a change the user approves.
    plan([{ id: 'c1', description: 'Write the empty-name test', expectedResult: 'empty-name.test.txt exists' }]),
    reply.toolCall('write_file', { path: 'empty-name.test.txt', content: 'greet("") says hello\n' }),
    reply.toolCall('update_todo', { id: 'c1', status: 'done', result: 'the test is written' }),
    verdict('c1'),
    verdict('task'),
    // The parent again, with the child's summary as new_task's result.
    (req) => {
      const tools = (req.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool');
      expect(String(tools.at(-1)?.content)).toContain('completed. Its summary');
      return reply.toolCall('update_todo', { id: 'p1', status: 'done', result: 'delegated to a sub-task' });
    },
    verdict('p1'),
    verdict('task'),
  );
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill(PARENT);
  await page.getByTestId('start-submit').click();

  const parentRow = page.getByTestId('session-row').filter({ hasText: PARENT });
  const childRow = page.getByTestId('session-row').filter({ hasText: CHILD });
  await expect(childRow).toHaveAttribute('data-status', 'waiting_approval');
  await expect(parentRow).toHaveAttribute('data-status', 'running');
  const parentId = await parentRow.getAttribute('data-session-id');
  await expect(childRow).toHaveAttribute('data-parent-id', parentId!);
  await expect(childRow).toHaveAttribute('data-depth', '1');
  await expect(childRow.getByTestId('session-row-subtask')).toHaveText(ui.language === 'en' ? 'sub-task' : '子任务');
  // Under its parent: the next row, and indented.
  const rows = page.getByTestId('session-row');
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')));
  const childId = await childRow.getAttribute('data-session-id');
  expect(ids.indexOf(childId)).toBe(ids.indexOf(parentId) + 1);
  const [px, cx] = [(await parentRow.boundingBox())!.x, (await childRow.boundingBox())!.x];
  expect(cx).toBeGreaterThan(px);

  await childRow.click();
  await shots(page, testInfo, `${name}-waiting`);
  // The child's change is approved in the child (its own approvals).
  const child = await api(page, 'agent.get', { sessionId: childId });
  expect(child.parentId).toBe(parentId);
  await api(page, 'agent.approve', { sessionId: childId, changeId: child.approvals[0].changeId });
  await expect(childRow).toHaveAttribute('data-status', 'completed');
  await expect(parentRow).toHaveAttribute('data-status', 'completed');
  app.model.assertDone();
  await parentRow.click();
  // The parent's activity has a card for the sub-task: its task, how it ended, and a way to open it.
  const card = page.getByTestId('card-subtask');
  await expect(card).toContainText(CHILD);
  await expect(card.getByTestId('subtask-status')).toHaveText(ui.language === 'en' ? 'Completed' : '已完成');
  await shots(page, testInfo, `${name}-done`);
  await card.getByTestId('open-subtask').click();
  await expect(childRow).toHaveAttribute('aria-current', /true|page/);
}

test('a sub-task shows under its parent, waits for approval, and its summary goes back to the parent (dark, English)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await run(page, testInfo, { theme: 'dark', language: 'en' }, 'subtask-en-dark');
});

test('a sub-task under its parent, light theme, Chinese', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await run(page, testInfo, { theme: 'light', language: 'zh-CN' }, 'subtask-zh-light');
});
