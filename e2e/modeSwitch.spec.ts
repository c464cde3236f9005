import { expect, test, type Page } from '@playwright/test';
import { reply, type RecordedRequest, type ReplyScript } from '../src/testing/openaiTestServer';
import { callApi, serveWithModel, type ServedWithModel } from './support/agentServe';
import { shootAtSizes } from './support/screenSizes';
import { plan, verdict } from './support/agentScripts';
import { makeFixtureRepo } from './support/fixtureRepo';

// Issue 25, modes during a session: the session header's mode switch (agent.setMode) while the plan waits for
// approval; the next model call has the new mode's prompt. Then the model asks with switch_mode and the user approves it
// on the activity's card. Screenshots at 1400×860 and 1100×700, dark/English and light/Chinese.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const system = (r: RecordedRequest) => String(r.body.messages[0].content);

const shots = shootAtSizes;

const api = (page: Page, method: string, data: Record<string, unknown>) => callApi(page, app!, method, data);

async function startWaitingForPlan(page: Page, ui: { theme: 'dark' | 'light'; language: 'en' | 'zh-CN' }, script: ReplyScript[]) {
  app = await serveWithModel(makeFixtureRepo(), { globalSettings: { ui, agent: { policy: { requirePlanApproval: true } } } });
  app.model.enqueue(...script);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill('Find why the greeting test fails and fix it');
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'awaiting_plan_approval');
  const select = page.getByTestId('session-header').getByTestId('session-mode');
  await expect(select).toHaveValue('code-dev');
  const sessionId = (await api(page, 'agent.list', {})).sessions[0].sessionId as string;
  return { select, sessionId };
}

test('switch a session’s mode from its header, then approve the switch the model asks for (dark, English)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const todo = [{ id: 't1', description: 'Reproduce the failing greeting test', expectedResult: 'the failure is shown' }];
  const { select, sessionId } = await startWaitingForPlan(page, { theme: 'dark', language: 'en' }, [
    plan(todo),
    (req) => {
      expect(system(req)).toContain('bug-fix mode');
      return reply.toolCall('switch_mode', { mode: 'learn', reason: 'Explain the greeting module before changing it' });
    },
    (req) => {
      expect(system(req)).toContain('learn mode');
      return reply.toolCall('update_todo', { id: 't1', status: 'done', result: 'explained' });
    },
    verdict('t1'),
    verdict('task'),
  ]);
  await expect(select.locator('option')).toHaveCount(5);
  await shots(page, testInfo, 'mode-header-en-dark');

  await select.selectOption('bug-fix');
  await expect(select).toHaveValue('bug-fix');
  expect((await api(page, 'agent.get', { sessionId })).mode).toBe('bug-fix');
  const events = (await api(page, 'agent.events', { sessionId })).events as { type: string; from?: string; to?: string; by?: string }[];
  expect(events.filter((e) => e.type === 'mode_changed')).toEqual([expect.objectContaining({ from: 'code-dev', to: 'bug-fix', by: 'user' })]);
  await shots(page, testInfo, 'mode-switched-en-dark');

  await api(page, 'agent.approvePlan', { sessionId, approved: true });
  const card = page.locator('.session-activity').getByTestId('approval-approve');
  await expect(card).toBeVisible();
  await expect(page.locator('.session-activity')).toContainText('bug-fix → learn');
  await shots(page, testInfo, 'mode-asked-en-dark');
  await card.click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'completed');
  app!.model.assertDone();
  const changes = ((await api(page, 'agent.events', { sessionId })).events as { type: string; to?: string; by?: string }[]).filter((e) => e.type === 'mode_changed');
  expect(changes.map((e) => [e.to, e.by])).toEqual([
    ['bug-fix', 'user'],
    ['learn', 'model'],
  ]);
  await expect(page.getByTestId('session-meta')).toContainText('Learn');
});

test('the header’s mode switch in light theme, Chinese', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { select, sessionId } = await startWaitingForPlan(page, { theme: 'light', language: 'zh-CN' }, [plan([{ id: 't1', description: '复现失败的测试', expectedResult: '看到失败' }])]);
  await expect(select.locator('option')).toHaveCount(5);
  await select.selectOption('bug-fix');
  await expect(select).toHaveValue('bug-fix');
  expect((await api(page, 'agent.get', { sessionId })).mode).toBe('bug-fix');
  await shots(page, testInfo, 'mode-switched-zh-light');
});
